import type { BodyContentType, HttpMethod, ParameterLocation } from "../http/vocabulary.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { FormPlan } from "../uploads/form-plan.js";
import type { DeprecationPolicy } from "./deprecation-policy.js";
import type { FeatureUse } from "./feature-use.js";
import type { OperationVersion } from "./versioning-options.js";

/** A named parameter (`@Query("page")`) or a whole location bound to an object schema (`@Query(Schema)`). */
export interface ParameterBinding {
  readonly kind: "parameter";
  /** Index of the handler argument that receives the value. */
  readonly index: number;
  readonly in: ParameterLocation;
  /** The parameter's name; undefined when the whole location is bound to one object schema. */
  readonly name: string | undefined;
  /** The adapter schema given to the decorator, if any. */
  readonly schema: unknown;
  /** Plain JSON Schema of the value (from the adapter, or from the reflected type of a named binding). */
  readonly jsonSchema: JsonSchema;
  /** For a named binding: whether the value must be present (path parameters always are). */
  readonly required: boolean;
}

/** The request body, validated against a schema. */
export interface BodyBinding {
  readonly kind: "body";
  readonly index: number;
  readonly schema: unknown;
  /** Plain JSON Schema of the body; undefined when the body is bound without a schema. */
  readonly jsonSchema: JsonSchema | undefined;
  readonly contentType: BodyContentType;
  readonly required: boolean;
  /** multipart/form-data declared with `uploads` or `multipart` limits: streamed by this plan. */
  readonly form?: FormPlan;
}

/**
 * The raw `Request` (`@Req()`), or a value a function of the request gives (`@RequestValue(read)`):
 * not an input the client sends, so neither documented nor validated.
 */
export interface RequestBinding {
  readonly kind: "request";
  readonly index: number;
  /** `@RequestValue(read)`: the handler receives `read(request)`; absent for `@Req()`. */
  readonly read?: (request: Request) => unknown;
}

/** One handler argument's source. */
export type Binding = ParameterBinding | BodyBinding | RequestBinding;

/** A response header declared in `@Returns` options. */
export interface ResponseHeaderSpec {
  readonly name: string;
  /** Plain JSON Schema of the header's value (`{ type: "string" }` unless declared). */
  readonly jsonSchema: JsonSchema;
  readonly description: string | undefined;
  readonly required: boolean;
}

/** A documented response (`@Returns`). */
export interface ResponseSpec {
  readonly status: number;
  /** The adapter schema of one item; undefined for a response without a body. */
  readonly schema: unknown;
  /** True when declared as `[Model]`: the body is an array of the schema. */
  readonly isArray: boolean;
  /** Plain JSON Schema of the whole body (already wrapped in an array when `isArray`). */
  readonly jsonSchema: JsonSchema | undefined;
  readonly description: string | undefined;
  /** Declared response headers, in written order. */
  readonly headers: readonly ResponseHeaderSpec[];
  /** An example body, when declared (`hasExample` tells it from an example of `undefined`). */
  readonly example?: unknown;
  readonly hasExample: boolean;
}

/** How an `@Sse` route streams its events. */
export interface SseSettings {
  /** Milliseconds between keep-alive comments; 0 sends none. */
  readonly keepAlive: number;
}

/** A security requirement: one scheme and its scopes. Several on one operation are alternatives. */
export interface SecurityRequirement {
  readonly scheme: string;
  readonly scopes: readonly string[];
}

/** Documentation metadata of one operation. */
export interface OperationDocs {
  readonly summary: string | undefined;
  readonly description: string | undefined;
  /** The explicit `@OperationId`, or a generated stable identifier (`createUser`, `listOrders`). */
  readonly operationId: string;
  readonly operationIdExplicit: boolean;
  /** Its tags: `@Tags` of class and method, or else the controller's tag (see `controllerTag`). */
  readonly tags: readonly string[];
  /** The controller's own tag and its class `@Description`, for the document's tag list. */
  readonly controllerTag: { readonly name: string; readonly description: string | undefined };
  readonly deprecated: boolean;
  /** Served, but absent from the document. */
  readonly hidden: boolean;
}

/**
 * One normalized operation: everything the router and the OpenAPI generator need, read once from
 * decorator metadata by `createApp`. Both consume this and nothing else, so what is served and
 * what is documented cannot drift.
 */
export interface Operation {
  /** The controller class. */
  readonly controller: abstract new (
    ...args: never[]
  ) => unknown;
  /** The handler's method name on the controller. */
  readonly handlerName: string;
  readonly method: HttpMethod;
  /** The Bun route path, with `:name` parameters (`/users/:id`). */
  readonly path: string;
  /** The path with parameter names blanked (`/users/:`): two routes of one shape collide. */
  readonly shape: string;
  /** The OpenAPI path template, with `{name}` parameters (`/users/{id}`). */
  readonly openapiPath: string;
  /** Path parameter names, in order of appearance. */
  readonly pathParams: readonly string[];
  /** Handler arguments by index. */
  readonly bindings: readonly Binding[];
  readonly responses: readonly ResponseSpec[];
  /**
   * The media types the handler answers with (`@Produces`), in order of preference; empty for
   * JSON. An `@Sse` route produces `text/event-stream`.
   */
  readonly produces: readonly string[];
  /** Set for an `@Sse` route: its body is a stream of events. */
  readonly sse: SseSettings | undefined;
  readonly docs: OperationDocs;
  /**
   * The requirements that apply, as alternatives: the method's `@Security`, else its class's, else
   * the root `openapi.security`; empty for a `@Public()` operation.
   */
  readonly security: readonly SecurityRequirement[];
  /** True for `@Public()` (method or class): documented as `security: []`. */
  readonly public: boolean;
  /** Maximum body size in bytes for this route. */
  readonly bodyLimit: number;
  /** Milliseconds the route may take before it is answered 503 (`@Timeout`); undefined: no limit. */
  readonly timeout: number | undefined;
  /** True when guards (global, class or method) run before the handler: documented as 401/403. */
  readonly guarded: boolean;
  /** `@Version` (the method's, else its class's); absent: version-neutral, in every version. */
  readonly version?: OperationVersion;
  /** `@Deprecated` (the method's, else its class's): its headers and document fragment. */
  readonly deprecation?: DeprecationPolicy;
  /** The route features it uses (`createApp({ plugins })`), in the app's order; absent: none. */
  readonly features?: readonly FeatureUse[];
}
