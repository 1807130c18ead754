import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { conditionalDocument, conditionalTool, isRead } from "./conditional-document.js";
import {
  conditionalProblemTypes,
  PreconditionFailedException,
  preconditionFailed,
  preconditionRequired,
} from "./conditional-problems.js";
import { parseEntityTag } from "./entity-tag.js";

// What the document and the problems tell a client: each header and answer described, each
// example a value the server would send or accept, each problem type a section of the guide.
const strong = { etag: "strong", requireIfMatch: false } as const;
const requiring = { etag: "strong", requireIfMatch: true } as const;
const guide = readFileSync(
  resolve(import.meta.dirname, "../../../docs/conditional-requests.md"),
  "utf8",
);
const anchors = [...guide.matchAll(/^#+ (.+)$/gm)].map(([, title]) =>
  String(title)
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replaceAll(" ", "-"),
);

describe("the OpenAPI fragment of @Conditional", () => {
  it("documents GET and HEAD as reads: If-None-Match, ETag and a described 304", () => {
    for (const method of ["GET", "HEAD"]) {
      expect(isRead(method), method).toBe(true);
      const fragment = conditionalDocument(strong, method);
      expect(fragment.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
        ["If-None-Match", "header", false],
      ]);
      const [parameter] = fragment.parameters ?? [];
      expect(parameter?.schema).toEqual({ type: "string" });
      expect(parameter?.description).toMatch(/304/);
      expect(parseEntityTag(parameter?.example as string)).toBeDefined();
      const etag = fragment.successHeaders?.ETag;
      expect(etag?.description).toMatch(/If-None-Match/);
      expect(parseEntityTag(etag?.example as string)).toBeDefined();
      expect(fragment.responses?.map((r) => r.status)).toEqual([304]);
      expect(fragment.responses?.[0]?.description).toMatch(/^Not Modified/);
      expect(fragment.responses?.[0]?.headers?.ETag).toBe(etag);
    }
    for (const method of ["PUT", "PATCH", "DELETE", "POST"])
      expect(isRead(method), method).toBe(false);
  });

  it("documents a change: If-Match (required with requireIfMatch), ETag after it, 412 and 428", () => {
    const optional = conditionalDocument(strong, "PUT");
    const required = conditionalDocument(requiring, "PUT");
    for (const [fragment, needed] of [
      [optional, false],
      [required, true],
    ] as const) {
      const [parameter] = fragment.parameters ?? [];
      expect([parameter?.name, parameter?.in, parameter?.required]).toEqual([
        "If-Match",
        "header",
        needed,
      ]);
      expect(parameter?.schema).toEqual({ type: "string" });
      expect(parameter?.description).toMatch(/412/);
      expect(parseEntityTag(parameter?.example as string)).toBeDefined();
      const etag = fragment.successHeaders?.ETag;
      expect(etag?.description).toMatch(/If-Match/);
      expect(parseEntityTag(etag?.example as string)).toBeDefined();
      for (const response of fragment.responses ?? [])
        expect(response.description).toMatch(/^Precondition/);
    }
    expect(optional.responses?.map((r) => r.status)).toEqual([412]);
    expect(optional.problemTypes).toEqual([conditionalProblemTypes.failed]);
    expect(required.responses?.map((r) => r.status)).toEqual([412, 428]);
    expect(required.problemTypes).toEqual([
      conditionalProblemTypes.failed,
      conditionalProblemTypes.required,
    ]);
  });

  it("gives a write's MCP tool the If-Match argument, and a read's none", () => {
    expect(conditionalTool(strong, "GET")).toBeUndefined();
    expect(conditionalTool(strong, "HEAD")).toBeUndefined();
    for (const [plan, needed] of [
      [strong, false],
      [requiring, true],
    ] as const) {
      const [argument] = conditionalTool(plan, "PATCH")?.arguments ?? [];
      expect([argument?.name, argument?.in, argument?.required]).toEqual([
        "If-Match",
        "header",
        needed,
      ]);
      expect(argument?.schema).toEqual({ type: "string" });
      expect(argument?.description).toMatch(/ETag/);
    }
  });
});

describe("the conditional problems", () => {
  it("name a section of the guide as their type", () => {
    for (const type of Object.values(conditionalProblemTypes)) {
      const [page, anchor] = type.split("#");
      expect(page).toBe(
        "https://github.com/trellis-framework/trellis/blob/main/docs/conditional-requests.md",
      );
      expect(anchors).toContain(anchor);
    }
  });

  it("say what failed and what to do, with their titles", () => {
    const failed = preconditionFailed();
    expect(failed).toBeInstanceOf(PreconditionFailedException);
    expect(failed.name).toBe("PreconditionFailedException");
    expect([failed.status, failed.title, failed.type]).toEqual([
      412,
      "Precondition Failed",
      conditionalProblemTypes.failed,
    ]);
    expect(failed.detail).toMatch(/current ETag/);
    expect(new PreconditionFailedException("row changed").detail).toBe("row changed");
    const required = preconditionRequired();
    expect([required.status, required.title, required.type]).toEqual([
      428,
      "Precondition Required",
      conditionalProblemTypes.required,
    ]);
    expect(required.detail).toMatch(/If-Match header/);
  });
});
