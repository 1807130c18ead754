// `pnpm lint` step: no source file over 300 lines (tests and their support files excepted), so
// every file stays one idea a reader can hold. Prints each offender and exits 1.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const limit = 300;
const skipped = new Set(["node_modules", "dist", "test", "fixtures", ".turbo"]);
const isTest = (name) => /\.test(-d)?\.ts$/.test(name) || name.endsWith(".d.ts");

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name) && !entry.name.startsWith(".")) {
        yield* sources(join(dir, entry.name));
      }
    } else if (/\.(ts|mjs)$/.test(entry.name) && !isTest(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

const folders = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name, "src")))
  .concat(join(root, "bench"), join(root, "scripts"));
const tooLong = [];
for (const folder of folders) {
  let files;
  try {
    files = [...sources(folder)];
  } catch {
    continue; // a package without src/
  }
  for (const file of files) {
    const lines = readFileSync(file, "utf8").split("\n").length - 1;
    if (lines > limit) tooLong.push(`${relative(root, file)}: ${lines} lines`);
  }
}
if (tooLong.length > 0) {
  console.error(`Source files over ${limit} lines (split them by idea):\n${tooLong.join("\n")}`);
  process.exit(1);
}
console.log(`file lines: every source file is at most ${limit} lines`);
