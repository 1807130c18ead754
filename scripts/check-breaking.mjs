// Fails when an API's generated OpenAPI document breaks clients of its committed one.
//   node scripts/check-breaking.mjs <committed.json> <generated.json>
// Exit 0: compatible (additions only); 1: breaking changes, one per line; 2: bad usage.
// If the break is intended, release it as a new API version, or commit the generated document.
import { readFileSync } from "node:fs";
import { findBreakingChanges } from "./openapi-diff/breaking-changes.mjs";

const [committed, generated] = process.argv.slice(2);
if (committed === undefined || generated === undefined) {
  console.error("usage: node scripts/check-breaking.mjs <committed.json> <generated.json>");
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, "utf8"));
const changes = findBreakingChanges(read(committed), read(generated));
if (changes.length === 0) {
  console.log(`${generated}: compatible with ${committed}`);
} else {
  console.error(`${generated}: ${changes.length} breaking change(s) against ${committed}:`);
  for (const change of changes) console.error(`  - ${change}`);
  process.exitCode = 1;
}
