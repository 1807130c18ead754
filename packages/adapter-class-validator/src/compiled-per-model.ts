/**
 * A reader that compiles one thing per model class, once. A model nested in itself (a tree) needs
 * its own compiled thing while that is being compiled: meanwhile it is given `forward(finished)`,
 * which, when it runs, calls the finished one (or answers for a class with none).
 */
export function compiledPerModel<T>(
  compile: (model: Function, compiledOf: (model: Function) => T | undefined) => T | undefined,
  forward: (finished: () => T | undefined) => T,
): (model: Function) => T | undefined {
  const compiled = new Map<Function, T | undefined>();
  const compiledOf = (model: Function): T | undefined => {
    if (compiled.has(model)) return compiled.get(model);
    compiled.set(
      model,
      forward(() => compiled.get(model)),
    );
    const built = compile(model, compiledOf);
    compiled.set(model, built);
    return built;
  };
  return compiledOf;
}
