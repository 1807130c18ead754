// Preloaded into every Bun process of a mutation run (scripts/mutation.mjs). Stryker's instrumenter
// loads @babel/core, which replaces Error.prepareStackTrace; under Bun that rewriter then throws
// "First argument must be an Error object" whenever a library calls Error.captureStackTrace on an
// object that only inherits from Error (vite's bundled follow-redirects does at import), so the
// vitest runner plugin never loads. Capturing such a stack without the rewriter keeps both working.
const capture = Error.captureStackTrace;
const isError = Error.isError ?? (() => false);

Error.captureStackTrace = function captureStackTrace(target, constructorOpt) {
  if (isError(target)) return capture.call(Error, target, constructorOpt);
  const rewriter = Error.prepareStackTrace;
  Error.prepareStackTrace = undefined;
  try {
    return capture.call(Error, target, constructorOpt);
  } finally {
    Error.prepareStackTrace = rewriter;
  }
};
