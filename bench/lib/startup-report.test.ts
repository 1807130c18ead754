import { describe, expect, test } from "vitest";
import { createAppSection, importSection } from "./startup-report.js";
import { testRun } from "./test-run.js";

const run = testRun({
  createApp: [
    { adapter: "typebox", routes: 500, createAppMs: [20], importMs: [7], documentMs: [20] },
    { adapter: "typebox", routes: 1000, createAppMs: [70], importMs: [9], documentMs: [10] },
  ],
  elysiaBuild: [
    {
      routes: 500,
      buildMs: [10],
      buildCpuMs: [9],
      documentMs: [30],
      documentCpuMs: [29],
      importMs: [3],
    },
  ],
  imports: [
    { id: "elysia", label: "elysia", modules: ["elysia"], importMs: [20] },
    {
      id: "trellis-zod",
      label: "core + adapter-zod",
      modules: ["@trellis/core", "@trellis/adapter-zod"],
      importMs: [25],
    },
  ],
});

describe("createAppSection", () => {
  const section = createAppSection(run, ["typebox"], "charts/startup-routes.svg");

  test("Trellis and Elysia side by side, without / with the document, 1000 ÷ 500", () => {
    expect(section).toContain("| Trellis + typebox | 20.0 / 40.0 | 70.0 / 80.0 | 2.00× |");
    expect(section).toContain("| Elysia + @elysiajs/openapi | 10.0 / 40.0 | – | – |");
  });

  test("the ratios to Elysia at each size, and the chart below the table", () => {
    expect(section).toContain("| Trellis + typebox | 2.00 / 1.00 | – |");
    expect(section).toContain("![Startup time by route count");
    expect(section).toContain("(charts/startup-routes.svg)");
  });
});

describe("importSection", () => {
  test("median import time and its ratio to elysia's", () => {
    const section = importSection(run);
    expect(section).toContain(
      "| core + adapter-zod | `@trellis/core` + `@trellis/adapter-zod` | 25.0 | 1.25 |",
    );
    expect(section).not.toContain("![");
  });
});
