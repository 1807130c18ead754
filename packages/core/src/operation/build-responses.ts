import { configError } from "../errors/core-config-error.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";
import { adapterJsonSchema, type BindingContext } from "./build-bindings.js";
import type { ResponseSpec } from "./operation.js";
import { readResponseDetails } from "./response-options.js";

/** A method's `@Returns` declarations as responses: statuses checked, schemas converted once. */
export function buildResponses(
  context: BindingContext,
  method: MethodMetadata,
  where: string,
): ResponseSpec[] {
  const seen = new Set<number>();
  return method.returns.map((declared) => {
    const { status } = declared;
    if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) {
      throw configError("INVALID_STATUS", [
        where,
        `status ${String(status)} is not an integer from 100 to 599`,
      ]);
    }
    if (seen.has(status as number)) {
      throw configError("INVALID_STATUS", [where, `declares status ${status} twice`]);
    }
    seen.add(status as number);
    let { type, description } = declared;
    // `@Returns(204, "Deleted")`: a response without a body, described.
    if (typeof type === "string" && description === undefined) {
      description = type;
      type = undefined;
    }
    const at = `${where} (@Returns ${status})`;
    const details = readResponseDetails(context, description, at);
    if (type === undefined) {
      return {
        status: status as number,
        schema: undefined,
        isArray: false,
        jsonSchema: undefined,
        ...details,
      };
    }
    const isArray = Array.isArray(type);
    if (isArray && (type as unknown[]).length !== 1) {
      throw configError("UNSUPPORTED_SCHEMA", [
        at,
        "an array type must hold exactly one schema, as in [User]",
      ]);
    }
    const schema = isArray ? (type as unknown[])[0] : type;
    const item = adapterJsonSchema(context, schema, at);
    return {
      status: status as number,
      schema,
      isArray,
      jsonSchema: isArray ? { type: "array", items: item } : item,
      ...details,
    };
  });
}
