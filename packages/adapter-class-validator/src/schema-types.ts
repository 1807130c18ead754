// Teaches core's `Infer` the type of a class-validator model: an instance of the class.
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    classValidator: S extends abstract new (...args: any[]) => infer Instance ? Instance : never;
  }
}

export {};
