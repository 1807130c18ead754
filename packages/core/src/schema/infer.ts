/**
 * The static types of schemas, one entry per installed adapter. Core imports no validation
 * library: each adapter package augments this interface with an entry that maps a schema of its
 * library to that library's output type, and to `never` for anything else.
 *
 * @example
 * declare module "@trellis/core/extend" {
 *   interface SchemaTypes<S> {
 *     zod: S extends z.ZodType ? z.output<S> : never;
 *   }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: adapters add its members by declaration merging.
// biome-ignore lint/correctness/noUnusedVariables: adapters read S in their members.
export interface SchemaTypes<S> {}

type Registered<S> = SchemaTypes<S>[keyof SchemaTypes<S>];

/**
 * What `Infer` adds to the type of a schema that takes another type than it gives (a default, a
 * transform, a coercion): the type it takes. No value ever has this property; `@trellis/client`
 * reads it so that a call sends what the schema accepts (`{}` for `{ page: z.number().default(1) }`)
 * while the handler receives what the schema gives (`{ page: number }`).
 */
export interface SchemaInput<In> {
  readonly "~input"?: { readonly type: In };
}

/**
 * The input type a schema declares through Standard Schema (`~standard.types`: Zod 4, Valibot,
 * ArkType); other schemas (a class-validator class, TypeBox) take the type they give.
 */
type DeclaredInput<S, Output> = S extends { readonly "~standard": { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly input: infer In }
    ? In
    : Output
  : Output;

/** True when each of the two types is assignable to the other. */
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type WithInput<Output, In> = true extends SameType<Output, In> ? Output : Output & SchemaInput<In>;

/**
 * The static (output) type of a schema of any installed adapter: a class-validator class gives
 * its instance type, a TypeBox schema `Static<S>`, a Zod schema `z.output<S>`, a Valibot schema
 * `InferOutput<S>`; where the schema takes another type (a default, a transform), that input type
 * rides along as `SchemaInput<In>` for `@trellis/client`. A value no installed adapter claims gives
 * `unknown`. Without any adapter's types in the program, every schema gives an error type whose
 * only property names the fix (`undefined`, "no schema", still gives `unknown`).
 *
 * @example
 * const CreateOrder = z.object({ sku: z.string(), quantity: z.int() });
 * type CreateOrder = Infer<typeof CreateOrder>; // { sku: string; quantity: number }
 */
export type Infer<S> = [keyof SchemaTypes<S>] extends [never]
  ? [S] extends [undefined]
    ? unknown
    : // No adapter package is imported by any file of this tsconfig: an error that names the fix,
      // never a silent `unknown` that would switch off the checks of handlers against schemas.
      // Written out here (not named) so that the compiler's message shows the sentence.
      {
        readonly 'Infer: no adapter types are loaded; import your adapter package (e.g. "@trellis/adapter-zod") in this tsconfig': never;
      }
  : [Registered<S>] extends [never]
    ? unknown
    : WithInput<Registered<S>, DeclaredInput<S, Registered<S>>>;
