// The adapter conformance suite: every schema adapter runs it from its own `conformance.test.ts`.
export { corpus, leftOut } from "./corpus.js";
export { type CorpusCase, inputOf, type Path, withoutPaths } from "./corpus-case.js";
export { runDocumentConformance } from "./document-conformance.js";
export {
  type ConformanceFixtures,
  type DocumentFixtures,
  expectedComponents,
  type ShapeName,
} from "./fixtures.js";
export { type ConformanceOptions, runAdapterConformance, sharedCodes } from "./run-conformance.js";
