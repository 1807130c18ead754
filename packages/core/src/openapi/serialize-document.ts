import { configError } from "../errors/core-config-error.js";
import type { OpenApiDocument } from "./openapi-options.js";

/** The text formats a document can be written in. */
export type DocumentFormat = "json" | "yaml";

interface BunYaml {
  readonly YAML?: { stringify(value: unknown, replacer?: null, space?: number): string };
}

/**
 * The document as JSON or YAML text (YAML through the Bun runtime's `Bun.YAML`).
 * @example
 * const yaml = serializeDocument(app.document, "yaml");
 */
export function serializeDocument(document: OpenApiDocument, format: DocumentFormat): string {
  const json = JSON.stringify(document, null, 2);
  if (format === "json") return `${json}\n`;
  const yaml = (globalThis as { Bun?: BunYaml }).Bun?.YAML;
  if (!yaml) {
    throw configError("YAML_UNAVAILABLE", []);
  }
  // Through JSON first: plain data only, and no shared objects for YAML to turn into anchors.
  const text = yaml.stringify(JSON.parse(json), null, 2);
  return text.endsWith("\n") ? text : `${text}\n`;
}
