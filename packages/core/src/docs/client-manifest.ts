import type { BodyContentType, HttpMethod, ParameterLocation } from "../http/vocabulary.js";
import type { Operation } from "../operation/operation.js";

/** Where one argument of a client call goes: a named value, a whole location, or the body. */
export type ClientArgument =
  | { readonly in: ParameterLocation; readonly name?: string }
  | { readonly in: "body"; readonly contentType: BodyContentType };

/** One documented operation as `@trellis/client` calls it. */
export interface ClientOperation {
  /** The controller's class name and the handler's method name: how a client call names it. */
  readonly controller: string;
  readonly handler: string;
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The document's path template (`/users/{id}`). */
  readonly path: string;
  /** The call's arguments in order: the handler's parameters without those bound by `@Req()`. */
  readonly args: readonly ClientArgument[];
}

/** What the docs serve beside the raw document for `@trellis/client`. */
export interface ClientManifest {
  readonly trellisClient: 1;
  readonly operations: readonly ClientOperation[];
}

/**
 * The client manifest of an app: for each operation the document shows (never a `@Hidden` one),
 * which handler it is and where each argument goes. It says nothing about schemas, guards or
 * `@Req()` parameters: locations and names are the document's own.
 */
export function clientManifest(operations: readonly Operation[]): ClientManifest {
  return {
    trellisClient: 1,
    operations: operations
      .filter((operation) => !operation.docs.hidden)
      .map((operation) => ({
        controller: operation.controller.name,
        handler: operation.handlerName,
        operationId: operation.docs.operationId,
        method: operation.method,
        path: operation.openapiPath,
        args: [...operation.bindings]
          .sort((a, b) => a.index - b.index)
          .flatMap((binding): ClientArgument[] => {
            if (binding.kind === "request") return [];
            if (binding.kind === "body") return [{ in: "body", contentType: binding.contentType }];
            return [
              binding.name === undefined
                ? { in: binding.in }
                : { in: binding.in, name: binding.name },
            ];
          }),
      })),
  };
}

/** The manifest's path: beside the raw document (`/docs/openapi.json` -> `/docs/client.json`). */
export function clientManifestPath(pluginPaths: readonly string[]): string | undefined {
  const spec = pluginPaths.find((path) => path.endsWith("/openapi.json"));
  return spec === undefined ? undefined : `${spec.slice(0, -"openapi.json".length)}client.json`;
}
