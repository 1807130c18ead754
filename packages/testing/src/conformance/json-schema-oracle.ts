import type { JsonSchema } from "@trellis/core/extend";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { SchemaRegistry } from "../core-internals.js";

// ajv-formats is CommonJS: imported from ESM, the plugin is the module's `default` property.
const addFormats = addFormatsModule.default;

/** A validating function compiled by the independent validator. */
export type OracleCheck = (input: unknown) => boolean;

/**
 * An independent JSON Schema validator (Ajv, draft 2020-12, with ajv-formats) that sees the
 * adapter's schema exactly as core would publish it: the registry's components sit beside the
 * schema, so every `#/components/schemas/Name` reference resolves.
 */
export function createOracle(registry: SchemaRegistry): (schema: JsonSchema) => OracleCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  return (schema) => {
    const document = { ...schema, components: { schemas: Object.fromEntries(registry.entries()) } };
    const validate = ajv.compile(document);
    return (input) => validate(input) === true;
  };
}
