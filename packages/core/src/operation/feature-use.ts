import type { JsonSchema } from "../schema/json-schema.js";

// What a route feature planned for one operation, as the operation carries it: plain data that the
// route compiler and the document generators read, so the served and the documented route agree.

/**
 * A header or query parameter a feature reads, as the document and MCP tools describe it. One the
 * user documented already (`@Header("If-Match")`) keeps the user's documentation.
 */
export interface FragmentParameter {
  readonly name: string;
  readonly in: "header" | "query" | "cookie";
  readonly required: boolean;
  readonly description: string;
  /** Plain JSON Schema of the value; core renders it in the document's dialect. */
  readonly schema: JsonSchema;
  readonly example?: unknown;
}

/** A response header a feature sends. */
export interface FragmentHeader {
  readonly description: string;
  readonly schema: JsonSchema;
  readonly example?: unknown;
}

/** An answer a feature may give instead of the handler's (a refusal: 409, 412, 429, ...). */
export interface FragmentResponse {
  readonly status: number;
  readonly description: string;
  /** Headers of this answer, merged into a status the user documented too. */
  readonly headers?: Readonly<Record<string, FragmentHeader>>;
  /**
   * When the user documented the same status: `"keep"` keeps the user's description (the default),
   * `"append"` adds this one after it (`"<user's>; or <this>"`).
   */
  readonly documented?: "keep" | "append";
}

/** What a feature adds to an operation's OpenAPI Operation Object. */
export interface DocumentFragment {
  readonly parameters?: readonly FragmentParameter[];
  /** Headers on every success answer (2xx, 3xx and `default`); one the user documented keeps theirs. */
  readonly successHeaders?: Readonly<Record<string, FragmentHeader>>;
  readonly responses?: readonly FragmentResponse[];
  /** The problem `type` URIs of the feature's refusals (listed by `docs/errors.md`-style pages). */
  readonly problemTypes?: readonly string[];
}

/** What a feature adds to the MCP tool of an operation: arguments carried as request headers. */
export interface ToolFragment {
  readonly arguments: readonly FragmentParameter[];
  /** True when the feature makes repeated calls safe (MCP's `idempotentHint`), as `@Idempotent` does. */
  readonly idempotent?: boolean;
}

/** One feature as one operation uses it: its name, its plan and what it documents. */
export interface FeatureUse {
  readonly feature: string;
  readonly plan: unknown;
  readonly document: DocumentFragment | undefined;
  readonly tool: ToolFragment | undefined;
  /** True when the plan reads client addresses: the app then remembers each request's server. */
  readonly connection: boolean;
}
