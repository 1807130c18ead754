import { describe, expect, test } from "vitest";
import { carrySoakSection, replaceSection } from "./report.js";

const section = "## Soak\n\nPASS: new figures.";

describe("replaceSection", () => {
  test("appends the section when the document has none", () => {
    expect(replaceSection("# Results\n\n## Goals\n\nrows\n", section)).toBe(
      "# Results\n\n## Goals\n\nrows\n\n## Soak\n\nPASS: new figures.\n",
    );
  });

  test("replaces only the Soak section, keeping what follows it", () => {
    const before = "# Results\n\n## Soak\n\nold figures\nmore\n\n## Versions\n\nbun 1.4.5\n";
    expect(replaceSection(before, section)).toBe(
      "# Results\n\n## Soak\n\nPASS: new figures.\n\n## Versions\n\nbun 1.4.5\n",
    );
  });

  test("replaces a Soak section at the end", () => {
    expect(replaceSection("# R\n\n## Soak\n\nold\n", section)).toBe(
      "# R\n\n## Soak\n\nPASS: new figures.\n",
    );
  });
});

describe("carrySoakSection", () => {
  test("keeps the previous Soak section when the benchmark rewrites the report", () => {
    const previous = "# Old\n\n## Goals\n\nold rows\n\n## Soak\n\nPASS: figures.\n";
    expect(carrySoakSection(previous, "# New\n\n## Goals\n\nnew rows\n")).toBe(
      "# New\n\n## Goals\n\nnew rows\n\n## Soak\n\nPASS: figures.\n",
    );
  });

  test("leaves a report alone when there was no Soak section", () => {
    expect(carrySoakSection("# Old\n", "# New\n")).toBe("# New\n");
  });
});
