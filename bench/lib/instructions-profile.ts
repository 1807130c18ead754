// Where a window's instructions went, read from one callgrind dump file (the main thread's): the
// self cost of each function and of each object (bun's native code, libc, and JIT-compiled
// JavaScript, which has no object file). bun ships with exported symbols only, so most native
// functions are addresses; the object split still says whether JavaScript or the runtime costs.

/** Self instructions of one function or object. */
export interface ProfileEntry {
  name: string;
  instructions: number;
}

/** A dump's self costs, largest first. */
export interface Profile {
  total: number;
  objects: ProfileEntry[];
  functions: ProfileEntry[];
}

// Callgrind compresses repeated names: "(12) name" defines id 12, a later "(12)" refers to it.
function named(table: Map<string, string>, value: string): string {
  const match = /^\((\d+)\)(?:\s+(.*))?$/.exec(value.trim());
  if (!match) return value.trim();
  if (match[2] !== undefined) table.set(match[1]!, match[2]);
  return table.get(match[1]!) ?? value.trim();
}

/** A short label for an object path: its file name, or "JIT code" for code with no object. */
export function objectLabel(path: string): string {
  if (path === "" || path === "???") return "JIT code (no object)";
  return path.slice(path.lastIndexOf("/") + 1);
}

const sorted = (costs: Map<string, number>): ProfileEntry[] =>
  [...costs]
    .map(([name, instructions]) => ({ name, instructions }))
    .sort((a, b) => b.instructions - a.instructions);

/** Parses a callgrind dump (one event, Ir) into self costs per object and per function. */
export function parseProfile(text: string): Profile {
  const objects = new Map<string, string>();
  const functions = new Map<string, string>();
  const byObject = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let object = "";
  let fn = "";
  let skipNext = false;
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("ob=")) object = objectLabel(named(objects, line.slice(3)));
    else if (line.startsWith("fn=")) fn = named(functions, line.slice(3));
    else if (line.startsWith("cob=")) named(objects, line.slice(4));
    else if (line.startsWith("cfn=")) named(functions, line.slice(4));
    else if (line.startsWith("calls=")) skipNext = true;
    else if (/^[0-9+*-]/.test(line)) {
      // The line after calls= is the call's inclusive cost, not this function's own.
      if (skipNext) {
        skipNext = false;
        continue;
      }
      const cost = Number(line.trim().split(/\s+/)[1] ?? 0);
      total += cost;
      byObject.set(object, (byObject.get(object) ?? 0) + cost);
      const key = `${fn} [${object}]`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + cost);
    }
  }
  return { total, objects: sorted(byObject), functions: sorted(byFunction) };
}
