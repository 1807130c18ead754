import { configError } from "../errors/core-config-error.js";

/** What the operationId assignment needs to know about one operation. */
export interface OperationIdRequest {
  readonly controllerName: string;
  readonly handlerName: string;
  /** The HTTP method: a handler with several verbs gets one id per verb. */
  readonly method: string;
  /** The `@OperationId`, if any. */
  readonly explicit: string | undefined;
}

/** `OrderController` -> `Order`: what a controller's operations are about (also its default tag). */
export function controllerSubject(controllerName: string): string {
  const name = controllerName || "Controller";
  const subject = name.endsWith("Controller") ? name.slice(0, -"Controller".length) : name;
  return subject === "" ? name : subject;
}

const words = (text: string): string[] => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `get-all things` -> `getAllThings`: a JavaScript identifier made of the text's letters and digits. */
function camelCase(text: string): string {
  const [first = "", ...rest] = words(text);
  return first.charAt(0).toLowerCase() + first.slice(1) + rest.map(capitalized).join("");
}

// Handlers that return many of the subject: `list` in OrderController reads `listOrders`.
const collectionVerbs = new Set(["list", "search", "findAll", "getAll", "all", "query"]);

function plural(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/**
 * The default operationId of a handler: its name followed by the controller's subject
 * (`OrderController.get` -> `getOrder`, `.list` -> `listOrders`), or the handler's name alone when
 * it already names the subject (`UserController.createUsers` -> `createUsers`). Always a valid
 * identifier (letters and digits, starting with a letter).
 */
export function defaultOperationId(controllerName: string, handlerName: string): string {
  const subject = words(controllerSubject(controllerName)).map(capitalized).join("");
  let handler = camelCase(handlerName);
  if (handler === "" || /^[0-9]/.test(handler)) handler = `operation${capitalized(handler)}`;
  if (subject === "" || handler.toLowerCase().includes(subject.toLowerCase())) return handler;
  return handler + (collectionVerbs.has(handler) ? plural(subject) : subject);
}

/**
 * Assigns operationIds: explicit ones as given, generated ones from `defaultOperationId` (a
 * handler's second and later verbs add the method: `getUserHead`). Two operations with one id are
 * `DUPLICATE_OPERATION_ID`, naming both: ids are never suffixed behind the author's back, so
 * they stay stable as controllers are added.
 */
export function assignOperationIds(requests: readonly OperationIdRequest[]): string[] {
  const taken = new Map<string, OperationIdRequest>();
  const handlerIds = new Map<string, string>();
  return requests.map((request) => {
    let id = request.explicit;
    if (id === undefined) {
      const handlerKey = `${request.controllerName}\u0000${request.handlerName}`;
      const first = handlerIds.get(handlerKey);
      id =
        first === undefined
          ? defaultOperationId(request.controllerName, request.handlerName)
          : first + capitalized(request.method.toLowerCase());
      if (first === undefined) handlerIds.set(handlerKey, id);
    }
    const owner = taken.get(id);
    if (owner) {
      throw configError("DUPLICATE_OPERATION_ID", [
        `${request.controllerName}.${request.handlerName}`,
        `${owner.controllerName}.${owner.handlerName}`,
        id,
      ]);
    }
    taken.set(id, request);
    return id;
  });
}
