import { type FileLimits, fileJsonSchema } from "./file-json-schema.js";

// ArkType checks a file with `type.instanceOf(File).narrow(...)`; its JSON Schema converter
// cannot see into a narrow's function, so it hands both to the `fallback` option. `fileCheck`
// builds the narrow's function and remembers its limits, which `arktypeFileOptions` writes into
// the JSON Schema. Typed structurally: this package does not load ArkType.

/** The limits of each function `fileCheck` made. */
const limitsOf = new WeakMap<object, FileLimits>();

/** What `fileCheck` needs of ArkType's traversal context: saying what the value must be. */
interface MustBe {
  mustBe(expected: string): false;
}

const describe = (limits: FileLimits): string => {
  const parts: string[] = [];
  if (limits.mimeTypes && limits.mimeTypes.length > 0) parts.push(limits.mimeTypes.join(" or "));
  if (limits.minSize !== undefined) parts.push(`at least ${limits.minSize} bytes`);
  if (limits.maxSize !== undefined) parts.push(`at most ${limits.maxSize} bytes`);
  return parts.length > 0 ? `a file (${parts.join(", ")})` : "a file";
};

/**
 * A check for ArkType's `.narrow(...)` on a file: its size and media type within `limits`. With
 * `arktypeFileOptions` the document shows the limits.
 *
 * @example
 * ```ts
 * type.instanceOf(File).narrow(fileCheck({ maxSize: 1024, mimeTypes: ["image/png"] }));
 * ```
 */
export function fileCheck(limits: FileLimits): (file: Blob, context: MustBe) => boolean {
  const expected = describe(limits);
  const check = (file: Blob, context: MustBe): boolean => {
    const fits =
      (limits.maxSize === undefined || file.size <= limits.maxSize) &&
      (limits.minSize === undefined || file.size >= limits.minSize) &&
      (limits.mimeTypes === undefined ||
        limits.mimeTypes.length === 0 ||
        limits.mimeTypes.includes(file.type));
    return fits || context.mustBe(expected);
  };
  limitsOf.set(check, limits);
  return check;
}

interface ProtoContext {
  readonly base: object;
  readonly proto: unknown;
}

interface PredicateContext {
  readonly base: object;
  readonly predicate: unknown;
}

const isFileClass = (proto: unknown): boolean =>
  (typeof File === "function" && proto === File) || (typeof Blob === "function" && proto === Blob);

/**
 * Options for ArkType's JSON Schema converter (its `fallback`) that document `File`/`Blob`
 * instances as files, with the limits of a `fileCheck` narrow. Pass as the adapter's
 * `jsonSchemaOptions`; other classes and narrows keep the converter's default (left out).
 *
 * @example
 * ```ts
 * standardSchema({ jsonSchemaOptions: arktypeFileOptions });
 * ```
 */
export const arktypeFileOptions = {
  fallback: {
    proto: (context: ProtoContext): object =>
      isFileClass(context.proto) ? fileJsonSchema() : context.base,
    predicate: (context: PredicateContext): object => {
      const limits =
        typeof context.predicate === "function" ? limitsOf.get(context.predicate) : undefined;
      return limits === undefined ? context.base : { ...context.base, ...fileJsonSchema(limits) };
    },
  },
} as const;
