import type { DocumentOracle, OperationObject } from "./document-oracle.js";

// Secrets no response may carry, whatever its status (the hostile suite checks the same).
const leaks = [
  /\bat (?:\S+ )?\(?(?:\/|file:|node:)\S*:\d+/,
  /\/work\//,
  /node_modules/,
  /\.[cm]?[jt]s:\d/,
  /\b[A-Z][A-Za-z]*Error:/,
  /SQLITE/,
];

/**
 * Why a response breaks the document, or an empty list: its status must be documented for the
 * operation, its media type among the documented ones (no content when none is documented), and
 * its body valid for the documented schema (problem+json included).
 */
export function responseProblems(
  oracle: DocumentOracle,
  operation: OperationObject,
  status: number,
  contentType: string | null,
  body: string,
): string[] {
  const problems: string[] = [];
  const documented = operation.responses[String(status)] ?? operation.responses.default;
  if (!documented)
    return [`status ${status} is not documented (${Object.keys(operation.responses).join(", ")})`];
  for (const pattern of leaks) if (pattern.test(body)) problems.push(`the body leaks ${pattern}`);
  if (!documented.content) {
    if (body !== "") problems.push(`status ${status} documents no content but has a body`);
    return problems;
  }
  const essence = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const media = documented.content[essence];
  if (!media) return [...problems, `media type ${essence} is not documented for ${status}`];
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [...problems, `the ${status} body is not JSON`];
  }
  const { valid, errors } = oracle.check(media.schema, value);
  if (!valid) problems.push(`the ${status} body breaks its schema: ${errors}`);
  return problems;
}
