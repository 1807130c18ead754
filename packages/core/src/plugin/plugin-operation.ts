import { routeShape } from "../http/route-shape.js";
import type { HttpMethod } from "../http/vocabulary.js";
import type { Operation, ResponseSpec } from "../operation/operation.js";
import type { AppPluginOperation, AppPluginResponse } from "./app-plugin.js";

const response = ({ status, description, schema, headers }: AppPluginResponse): ResponseSpec => ({
  status,
  schema: undefined,
  isArray: false,
  jsonSchema: schema,
  description,
  headers: Object.entries(headers ?? {}).map(([name, header]) => ({
    name,
    jsonSchema: header.schema,
    description: header.description,
    required: header.required === true,
  })),
  hasExample: false,
});

/**
 * The `Operation` of an app plugin's documented route: public (core runs no guard on it), no
 * inputs, its tag the first of `tags`. The document and the client manifest read it as any other.
 */
export function pluginOperation(
  method: HttpMethod,
  path: string,
  described: AppPluginOperation,
): Operation {
  const tags = [...(described.tags ?? [])];
  const tag = tags[0] ?? described.controller.name;
  return {
    controller: described.controller,
    handlerName: described.handler,
    method,
    path,
    shape: routeShape(path),
    openapiPath: path,
    pathParams: [],
    bindings: [],
    responses: described.responses.map(response),
    produces: [],
    sse: undefined,
    docs: {
      summary: described.summary,
      description: described.description,
      operationId: described.operationId,
      operationIdExplicit: true,
      tags,
      controllerTag: { name: tag, description: undefined },
      deprecated: false,
      hidden: false,
    },
    security: [],
    public: true,
    bodyLimit: 0,
    timeout: undefined,
    guarded: false,
  };
}
