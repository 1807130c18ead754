import { configError } from "../errors/core-config-error.js";
import { ComponentCollector } from "../openapi/component-collector.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import type { ParameterBinding } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaTarget } from "../schema/schema-adapter.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { errorFrameSchema } from "../websocket/error-frame.js";
import type { SocketRoute } from "../websocket/socket-route.js";
import { asyncApiSecurityScheme, asyncApiServer } from "./asyncapi-security.js";

/** An AsyncAPI 3.0 document, as plain JSON data. */
export type AsyncApiDocument = Readonly<Record<string, unknown>>;

/** The component name of the error frame's schema. */
export const errorFrameName = "WebSocketErrorFrame";

const key = (text: string) => text.replace(/[^A-Za-z0-9_.-]/g, "_");

/** The query or header bindings of an upgrade as one object schema (ws channel binding). */
function bindingSchema(
  bindings: readonly ParameterBinding[],
  registry: SchemaRegistry,
  convert: (schema: JsonSchema) => JsonSchema,
): JsonSchema | undefined {
  if (bindings.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const binding of bindings) {
    if (binding.name !== undefined) {
      properties[binding.name] = convert(binding.jsonSchema);
      if (binding.required) required.push(binding.name);
      continue;
    }
    const resolved = registry.resolve(binding.jsonSchema);
    for (const [name, property] of objectProperties(binding.jsonSchema, registry)) {
      properties[name] = convert(property);
    }
    if (Array.isArray(resolved.required)) required.push(...(resolved.required as string[]));
  }
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** A channel parameter from a path binding's schema: AsyncAPI keeps only enum and description. */
function channelParameter(binding: ParameterBinding | undefined, registry: SchemaRegistry) {
  const schema = binding ? registry.resolve(binding.jsonSchema) : {};
  return {
    ...(Array.isArray(schema.enum) ? { enum: schema.enum.map(String) } : {}),
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
  };
}

/**
 * Builds the AsyncAPI 3.0 document of an app's WebSocket routes from the same model the runtime
 * serves: one channel per route (its address, path parameters, query and header bindings), a
 * `receive` operation per incoming message and a `send` operation per `@Sends` message and for
 * error frames, payload schemas that reference the same named models as the OpenAPI document
 * (`#/components/schemas/Name`), and the security schemes. An envelope's `data` is required
 * only where the socket refuses a message without it: its schema refuses a missing value
 * (`acceptsMissing`, the compiler's answer; without it, any schema is taken to refuse one).
 */
export function generateAsyncApi(input: {
  sockets: readonly SocketRoute[];
  registry: SchemaRegistry;
  options: OpenApiOptions | undefined;
  acceptsMissing?: (schema: unknown, target: SchemaTarget, where: string) => boolean;
}): AsyncApiDocument {
  const { sockets, registry, options } = input;
  const acceptsMissing = input.acceptsMissing ?? (() => false);
  const collector = new ComponentCollector(registry, "3.1");
  const schemes = options?.securitySchemes ?? {};
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const errorRef = { $ref: `#/components/schemas/${errorFrameName}` };

  for (const route of sockets) {
    const name = key(route.controller.name);
    const where = `${route.controller.name} (@WebSocketRoute)`;
    const convert = (schema: JsonSchema) => collector.convert(schema, where);
    const channelRef = { $ref: `#/channels/${name}` };
    const messages: Record<string, unknown> = {};
    const message = (id: string, payload: JsonSchema, extra: Record<string, unknown> = {}) => {
      messages[id] = { name: id, contentType: "application/json", payload, ...extra };
      return { $ref: `#/channels/${name}/messages/${id}` };
    };
    const security = route.upgrade.security.map(({ scheme, scopes }) => {
      const declared = schemes[scheme];
      if (declared === undefined) {
        throw configError("UNDECLARED_SECURITY_SCHEME", [where, scheme]);
      }
      return scopes.length === 0
        ? { $ref: `#/components/securitySchemes/${key(scheme)}` }
        : { ...asyncApiSecurityScheme(declared), scopes: [...scopes] };
    });
    const secured = security.length > 0 ? { security } : {};
    // What the socket reads of an envelope: a known `type`; `data`, checked by the message's
    // schema (any value, or none, without one); an `id` it echoes when a string or a number.
    const envelope = (
      type: string,
      spec: { schema: unknown; jsonSchema: JsonSchema | undefined },
      target: SchemaTarget,
      where: string,
    ): JsonSchema => {
      const data = spec.jsonSchema === undefined ? undefined : convert(spec.jsonSchema);
      const required = data !== undefined && !acceptsMissing(spec.schema, target, where);
      return {
        type: "object",
        required: required ? ["type", "data"] : ["type"],
        properties: {
          type: { const: type },
          ...(data === undefined ? {} : { data }),
          id: {
            description:
              "Echoed in an error frame about this message when it is a string or a number.",
          },
        },
      };
    };
    const plain = (spec: { jsonSchema: JsonSchema | undefined }): JsonSchema =>
      spec.jsonSchema === undefined ? {} : convert(spec.jsonSchema);

    for (const incoming of route.messages) {
      const id = `receive_${incoming.type ?? "message"}`;
      const at = `${route.controller.name}.${incoming.handlerName} (@OnMessage)`;
      const ref = message(
        id,
        incoming.type === undefined
          ? plain(incoming)
          : envelope(incoming.type, incoming, "body", at),
        {
          ...(incoming.summary === undefined ? {} : { summary: incoming.summary }),
          ...(incoming.description === undefined ? {} : { description: incoming.description }),
        },
      );
      operations[`${name}_${id}`] = {
        action: "receive",
        channel: channelRef,
        messages: [ref],
        ...(incoming.summary === undefined ? {} : { summary: incoming.summary }),
        ...secured,
      };
    }
    for (const outgoing of route.sends) {
      const id = `send_${outgoing.type ?? "message"}`;
      const ref = message(
        id,
        outgoing.type === undefined
          ? plain(outgoing)
          : envelope(outgoing.type, outgoing, "response", `${route.controller.name} (@Sends)`),
      );
      operations[`${name}_${id}`] = {
        action: "send",
        channel: channelRef,
        messages: [ref],
        ...secured,
      };
    }
    const errorRefOfChannel = message("error", errorRef, {
      summary: "The message could not be taken; the connection stays open.",
    });
    operations[`${name}_send_error`] = {
      action: "send",
      channel: channelRef,
      messages: [errorRefOfChannel],
      ...secured,
    };

    const parameters: Record<string, unknown> = {};
    const bound = route.upgrade.bindings.filter(
      (binding): binding is ParameterBinding => binding.kind === "parameter",
    );
    for (const param of route.upgrade.pathParams) {
      const binding = bound.find((item) => item.in === "path" && item.name === param);
      parameters[param] = channelParameter(binding, registry);
    }
    const query = bindingSchema(
      bound.filter((item) => item.in === "query"),
      registry,
      convert,
    );
    const headers = bindingSchema(
      bound.filter((item) => item.in === "header"),
      registry,
      convert,
    );
    channels[name] = {
      address: route.upgrade.openapiPath,
      messages,
      ...(route.description === undefined ? {} : { description: route.description }),
      ...(route.upgrade.pathParams.length > 0 ? { parameters } : {}),
      bindings: {
        ws: {
          method: "GET",
          ...(query === undefined ? {} : { query }),
          ...(headers === undefined ? {} : { headers }),
          bindingVersion: "0.1.0",
        },
      },
    };
  }

  const service = options?.service;
  const info: Record<string, unknown> = {
    title: service?.name || "API",
    version: service?.version || "1.0.0",
  };
  if (service?.description) info.description = service.description;
  const document: Record<string, unknown> = { asyncapi: "3.0.0", info };
  const servers: Record<string, unknown> = {};
  (options?.servers ?? []).forEach((server, index) => {
    const converted = asyncApiServer(server);
    if (converted !== undefined) servers[index === 0 ? "default" : `server${index}`] = converted;
  });
  if (Object.keys(servers).length > 0) document.servers = servers;
  document.defaultContentType = "application/json";
  document.channels = channels;
  document.operations = operations;
  const schemas: Record<string, unknown> = { ...collector.components() };
  if (sockets.length > 0) {
    if (Object.hasOwn(schemas, errorFrameName)) {
      throw configError("SCHEMA_NAME_COLLISION", [
        errorFrameName,
        "is reserved for Trellis's WebSocket error frames",
        "the model",
      ]);
    }
    schemas[errorFrameName] = errorFrameSchema;
  }
  const components: Record<string, unknown> = {};
  if (Object.keys(schemas).length > 0) components.schemas = schemas;
  if (Object.keys(schemes).length > 0) {
    components.securitySchemes = Object.fromEntries(
      Object.entries(schemes).map(([scheme, declared]) => [
        key(scheme),
        asyncApiSecurityScheme(declared),
      ]),
    );
  }
  if (Object.keys(components).length > 0) document.components = components;
  return document;
}
