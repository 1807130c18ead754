/** A plain JSON Schema object (draft 2020-12 vocabulary) as adapters emit it. */
export interface JsonSchema {
  [keyword: string]: unknown;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}
