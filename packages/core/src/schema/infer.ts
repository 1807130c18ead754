/**
 * The static types of schemas, one entry per installed adapter. Core imports no validation
 * library: each adapter package augments this interface with an entry that maps a schema of its
 * library to that library's output type, and to `never` for anything else.
 *
 * @example
 * declare module "@trellis/core" {
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
 * The static (output) type of a schema of any installed adapter: a class-validator class gives
 * its instance type, a TypeBox schema `Static<S>`, a Zod schema `z.output<S>`, a Valibot schema
 * `InferOutput<S>`. A value no installed adapter claims gives `unknown`.
 *
 * @example
 * const CreateOrder = z.object({ sku: z.string(), quantity: z.int() });
 * type CreateOrder = Infer<typeof CreateOrder>; // { sku: string; quantity: number }
 */
export type Infer<S> = [Registered<S>] extends [never] ? unknown : Registered<S>;
