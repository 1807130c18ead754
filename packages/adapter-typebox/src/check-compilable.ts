import { Kind, type TSchema, TypeRegistry } from "@sinclair/typebox";
import { childrenOf } from "./schema-tree.js";

// The kinds TypeBox's compiler knows; any other kind compiles only when TypeRegistry has it.
const compilerKinds: ReadonlySet<string> = new Set([
  "Any",
  "Argument",
  "Array",
  "AsyncIterator",
  "BigInt",
  "Boolean",
  "Constructor",
  "Date",
  "Function",
  "Import",
  "Integer",
  "Intersect",
  "Iterator",
  "Literal",
  "Never",
  "Not",
  "Null",
  "Number",
  "Object",
  "Promise",
  "Record",
  "Ref",
  "RegExp",
  "String",
  "Symbol",
  "TemplateLiteral",
  "This",
  "Tuple",
  "Undefined",
  "Union",
  "Uint8Array",
  "Unknown",
  "Void",
]);

/**
 * Throws, at startup, what `TypeCompiler.Compile` would throw for this schema: a reference no
 * schema with that `$id` answers, or a kind neither the compiler nor TypeRegistry knows. It walks
 * the schema once instead of generating its code, so compiling can wait for the first request;
 * `ids` is asked only when there is a reference to resolve.
 */
export function checkCompilable(root: TSchema, ids: () => ReadonlyMap<string, TSchema>): void {
  const seen = new Set<TSchema>();
  const stack = [root];
  for (let schema = stack.pop(); schema; schema = stack.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    const kind = schema[Kind];
    if (typeof kind === "string" && !compilerKinds.has(kind) && !TypeRegistry.Has(kind)) {
      throw new Error(`Unknown type: TypeBox cannot compile the kind "${kind}".`);
    }
    if ((kind === "Ref" || kind === "Import") && !ids().has(schema.$ref as string)) {
      throw new Error(`Unable to dereference schema with $id '${String(schema.$ref)}'`);
    }
    for (const child of childrenOf(schema)) stack.push(child);
  }
}
