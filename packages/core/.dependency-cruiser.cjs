// The floors of core, bottom up (see ARCHITECTURE.md). A module may import from its own floor
// or a lower one; an import that points up, or any cycle, fails `pnpm lint`.
const floors = [
  ["http", "pagination"],
  ["errors", "uploads"],
  ["pubsub"],
  ["controller"],
  ["metadata"],
  ["schema"],
  ["di"],
  ["operation", "feature"],
  ["openapi", "request"],
  ["pipeline"],
  ["observability", "versioning"],
  ["decorators"],
  ["route"],
  ["router"],
  ["websocket"],
  ["asyncapi"],
  ["docs", "plugin"],
  ["app"],
];

const folder = (names) => `^src/(${names.join("|")})/`;
const tests = "(\\.test\\.ts|\\.fixtures\\.ts|/test-helpers/)";

const upward = floors.slice(0, -1).map((own, index) => ({
  name: `no-upward-from-${own.join("-")}`,
  comment: `${own.join(", ")} may import only from its own floor or a lower one.`,
  severity: "error",
  from: { path: folder(own), pathNot: tests },
  to: { path: folder(floors.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: "no-circular",
      comment: "No module may reach itself through its imports.",
      severity: "error",
      from: { pathNot: tests },
      to: { circular: true },
    },
    {
      name: "every-folder-has-a-floor",
      comment:
        "A new folder must be placed on a floor in .dependency-cruiser.cjs and ARCHITECTURE.md.",
      severity: "error",
      from: { path: "^src/[^/]+/", pathNot: `${folder(floors.flat())}|${tests}` },
      to: {},
    },
    {
      name: "index-only-at-the-top",
      comment: "Only the public index imports the index-free floors; nothing imports the index.",
      severity: "error",
      from: {},
      to: { path: "^src/index\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: tests },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
