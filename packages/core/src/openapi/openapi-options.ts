/** The `openapi` option of `createApp` and `buildDocument`. */
export interface OpenApiOptions {
  /** The document's `info`. */
  readonly service?: {
    readonly name?: string;
    readonly version?: string;
    readonly description?: string;
  };
  /**
   * `"3.0"` (default, emits 3.0.3), `"3.1"` (3.1.1, JSON Schema 2020-12) or `"3.2"` (3.2.0: the
   * same dialect, and `itemSchema` for Server-Sent Events).
   */
  readonly version?: "3.0" | "3.1" | "3.2";
  /** As in OpenAPI: `[{ url, description? }]`. */
  readonly servers?: readonly { readonly url: string; readonly description?: string }[];
  /** As in OpenAPI `components.securitySchemes`. */
  readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** More of the document's `info`: `contact`, `license`, `termsOfService`, as in OpenAPI. */
  readonly info?: {
    readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
    /** `{ name, url? }`; `identifier` (an SPDX expression) is emitted in 3.1 only. */
    readonly license?: {
      readonly name: string;
      readonly url?: string;
      readonly identifier?: string;
    };
    readonly termsOfService?: string;
  };
  /** The document's `externalDocs`: `{ url, description? }`. */
  readonly externalDocs?: { readonly url: string; readonly description?: string };
  /**
   * Root security requirements, as in OpenAPI (`[{ bearer: [] }]`, alternatives, one scheme each):
   * they apply, documented and enforced, to every operation without its own `@Security` or
   * `@Public()`. `[]` documents every such operation as public.
   */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  /** Document-level tags, with descriptions. */
  readonly tags?: readonly { readonly name: string; readonly description?: string }[];
  /**
   * Tag untagged operations with their controller's name without `Controller` (`OrderController`
   * -> `Order`, described by the class's `@Description`). Default true; false leaves them untagged.
   */
  readonly controllerTags?: boolean;
  /**
   * What to do at startup about operations without a 2xx `@Returns` (documented with a `default`
   * response, or 204 for a handler declared `void`): `"warn"` (default) logs their names once,
   * `"error"` throws `UNDECLARED_SUCCESS_RESPONSE`, `"off"` says nothing.
   */
  readonly undeclaredResponses?: "warn" | "error" | "off";
  /** Also write the document to this path at startup (`.json`, `.yaml` or `.yml`). */
  readonly file?: string;
}

/** A generated OpenAPI document (3.0.3 or 3.1.x), as a plain JSON object. */
export type OpenApiDocument = Record<string, unknown> & {
  readonly openapi: string;
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly description?: string;
    readonly contact?: Readonly<Record<string, string>>;
    readonly license?: Readonly<Record<string, string>>;
    readonly termsOfService?: string;
  };
  readonly paths: Record<string, Record<string, unknown>>;
};
