import { buildOperations } from "../operation/build-operations.js";
import type { Operation } from "../operation/operation.js";
import { SchemaCompiler } from "../schema/schema-compiler.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import type { DocumentOptions } from "./app-options.js";
import { checkDocumentOptions } from "./check-options.js";

/** The operations of an app and the schema state they were built with. */
export interface ReadOperations {
  readonly operations: readonly Operation[];
  readonly registry: SchemaRegistry;
  readonly compiler: SchemaCompiler;
}

const hasItems = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

/** Step 1 of `createApp` and `buildDocument`: options checked, controllers read into operations. */
export function readOperations(options: DocumentOptions, caller: string): ReadOperations {
  const defaultBodyLimit = checkDocumentOptions(options, caller);
  const registry = new SchemaRegistry();
  const compiler = new SchemaCompiler(options.schema);
  const operations = buildOperations(options.controllers, {
    adapter: options.schema,
    registry,
    compiler,
    defaultBodyLimit,
    // Read loosely: `guards` is a createApp option, but the same options given to buildDocument
    // must document the same 401/403 answers.
    globalGuards: hasItems((options as { guards?: unknown }).guards),
  });
  return { operations, registry, compiler };
}
