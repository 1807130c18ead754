import type {
  DocumentFragment,
  FragmentHeader,
  FragmentParameter,
  ToolFragment,
} from "@trellis/core/extend";
import type { ConditionalPlan } from "./conditional-policy.js";
import { conditionalProblemTypes } from "./conditional-problems.js";

// The documentation of `@Conditional` (RFC 9110 section 13): the validator headers, the
// precondition parameters and the answers they lead to. Made once: three shapes cover every route.

const etagSchema = { type: "string", pattern: '^(W/)?"[^"]*"$' } as const;

const etagOfRead: FragmentHeader = {
  description:
    "The entity-tag of this representation (RFC 9110 section 8.8.3). Send it back in If-None-Match to be answered 304 while it is current.",
  schema: etagSchema,
  example: '"2c1a4b9e7f30d8a5"',
};

const etagOfChange: FragmentHeader = {
  description:
    "The entity-tag of the resource after the change, when the operation sends one: send it in If-Match with the next change.",
  schema: etagSchema,
  example: '"8"',
};

const ifNoneMatch: FragmentParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description:
    'Entity-tags of representations the client has (or "*"): when one still matches (weak comparison), the answer is 304 Not Modified, with no body.',
  schema: { type: "string" },
  example: '"2c1a4b9e7f30d8a5"',
};

const ifMatch = (required: boolean): FragmentParameter => ({
  name: "If-Match",
  in: "header",
  required,
  description:
    'The ETag of the resource as last read (or "*" for any current version): the change is made only while it is still current (strong comparison), else the answer is 412 Precondition Failed.',
  schema: { type: "string" },
  example: '"7"',
});

// GET: `ETag` on success, `If-None-Match` and a 304 with no body.
const readDocument: DocumentFragment = {
  parameters: [ifNoneMatch],
  successHeaders: { ETag: etagOfRead },
  responses: [
    {
      status: 304,
      description:
        "Not Modified: the representation the client has (If-None-Match, If-Modified-Since) is current; no body.",
      headers: { ETag: etagOfRead },
    },
  ],
};

const failed = {
  status: 412,
  description:
    "Precondition Failed: the resource changed since the ETag sent in If-Match; read it again and retry.",
};

const required = {
  status: 428,
  description:
    "Precondition Required: this operation needs an If-Match header with the resource's ETag.",
};

// A change: `If-Match` (required with `requireIfMatch`), `ETag` on success, 412 and maybe 428.
const changeDocument = (requireIfMatch: boolean): DocumentFragment => ({
  parameters: [ifMatch(requireIfMatch)],
  successHeaders: { ETag: etagOfChange },
  responses: requireIfMatch ? [failed, required] : [failed],
  problemTypes: requireIfMatch
    ? [conditionalProblemTypes.failed, conditionalProblemTypes.required]
    : [conditionalProblemTypes.failed],
});

const changeDocuments = [changeDocument(false), changeDocument(true)] as const;

/** True for the methods whose answers carry the representation's ETag (and may be 304). */
export const isRead = (method: string): boolean => method === "GET" || method === "HEAD";

/**
 * What `@Conditional` adds to an operation object. A status the user documented keeps the user's
 * description and content; a header or parameter the user documented keeps the user's.
 */
export const conditionalDocument = (plan: ConditionalPlan, method: string): DocumentFragment =>
  isRead(method) ? readDocument : changeDocuments[plan.requireIfMatch ? 1 : 0];

const toolArguments = (requireIfMatch: boolean): ToolFragment => ({
  arguments: [
    {
      name: "If-Match",
      in: "header",
      required: requireIfMatch,
      description: "The ETag of the resource as last read: the write happens only if it is current",
      schema: { type: "string" },
    },
  ],
});

const tools = [toolArguments(false), toolArguments(true)] as const;

/** A conditional write's MCP tool takes the ETag its read answered with (the read tool shows it). */
export const conditionalTool = (plan: ConditionalPlan, method: string): ToolFragment | undefined =>
  isRead(method) ? undefined : tools[plan.requireIfMatch ? 1 : 0];
