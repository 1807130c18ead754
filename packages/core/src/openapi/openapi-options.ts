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
  /** Document-level tags, with descriptions. */
  readonly tags?: readonly { readonly name: string; readonly description?: string }[];
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
  };
  readonly paths: Record<string, Record<string, unknown>>;
};
