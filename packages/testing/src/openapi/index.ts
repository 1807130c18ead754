// `@trellis/testing/openapi`: the document checks every package's tests run on the OpenAPI
// documents they produce (the official schemas and Spectral's `spectral:oas` ruleset).
export {
  assertValidDocument,
  assertValidDocuments,
  findDocumentProblems,
} from "./assert-valid-document.js";
