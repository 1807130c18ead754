// What a user's terminal shows when something throws, with the packages as published: pack:all packs
// core and an adapter, a fresh project outside the workspace installs the tarballs offline (npm
// `--offline`, the few third-party dependencies packed from the workspace's own copies), and runs
// apps under Bun. Bun prints the source lines around the frame that threw before an error, and
// does not apply a file's source map to its stack (oven-sh/bun#2125): so the modules must be
// readable themselves (one per source file, as tsc emits them, never a minified bundle), and their
// maps must lead to the shipped .ts sources.
import { spawn } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { within } from "../../src/within.js";
import { tsconfigs } from "./consumer-project.js";

const root = join(import.meta.dirname, "../../../..");
const minutes = (n: number) => n * 60_000;
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** Longer than any line tsc emits from our sources (under 400); Bun's excerpt of a bundle's line is about 1,000. */
const longestReadableLine = 600;

// ---------------------------------------------------------------------------------------------
// A user's shell: none of the workspace's paths (as in consumer.test.ts).

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const isBunShimFolder = (dir: string) =>
  existsSync(join(dir, "node")) && /^bun(\.exe)?$/.test(basename(realpathSync(join(dir, "node"))));
const cleanPath = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => dir && !/node_modules[\\/]\.bin|node-gyp-bin/.test(dir) && !isBunShimFolder(dir))
  .join(delimiter);
const userEnv: Record<string, string> = { PATH: cleanPath };
for (const [key, value] of Object.entries(process.env)) {
  if (value === undefined || key === "PATH") continue;
  if (/^(npm|pnpm)_/i.test(key)) continue;
  if (/^(NODE_PATH|NODE|NODE_ENV|INIT_CWD|PNPM_.*|VITEST.*|TURBO_.*)$/.test(key)) continue;
  userEnv[key] = value;
}

function which(name: string): string {
  const found = cleanPath
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find(isExecutable);
  if (found === undefined) throw new Error(`${name} is not on PATH (${cleanPath})`);
  return found;
}

// The real binary (pnpm's shim would start it as a child we could not signal).
const bun = realpathSync(join(root, "node_modules/bun/bin/bun.exe"));
const node = which("node");
const npm = which("npm");

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`, a safety net far above its usual time). */
function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  env = userEnv,
): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      stderr += `\n[killed after ${timeoutMs} ms]`;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

async function mustRun(...[command, args, cwd, timeoutMs, env]: Parameters<typeof run>) {
  const result = await run(command, args, cwd, timeoutMs, env);
  if (result.code !== 0) {
    throw new Error(
      `\`${basename(command)} ${args.join(" ")}\` exited with ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Starts `bun app.ts`, sends GET `path` once it listens, then stops it and returns the status and
 * everything the server printed on stderr (read to the end of the stream, after it exited).
 */
async function serveOnce(dir: string, path: string): Promise<{ status: number; stderr: string }> {
  const child = spawn(bun, ["app.ts"], {
    cwd: dir,
    env: userEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<void>((done) => child.on("close", () => done()));
  const safetyNet = setTimeout(() => child.kill("SIGKILL"), minutes(2));
  try {
    const port = await within(
      new Promise<number>((done, fail) => {
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
          const end = stdout.indexOf("\n");
          if (end >= 0) done((JSON.parse(stdout.slice(0, end)) as { port: number }).port);
        });
        child.on("exit", (code) => fail(new Error(`app.ts exited with ${code}:\n${stderr}`)));
      }),
      120,
      "app.ts listening",
    );
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      signal: AbortSignal.timeout(minutes(1)),
    });
    await answer.arrayBuffer();
    return { status: answer.status, stderr: await stopped().then(() => stderr) };
  } finally {
    await stopped();
    clearTimeout(safetyNet);
  }

  function stopped(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return closed;
  }
}

// ---------------------------------------------------------------------------------------------
// Stack frames and source maps

interface Frame {
  file: string;
  line: number;
  column: number;
}

/** Bun's frames: `at name (/path/file.js:12:34)` or `at /path/file.ts:5:1`. */
function framesOf(text: string): Frame[] {
  return [...text.matchAll(/^\s+at (?:.*? \()?(\/[^()]+?):(\d+):(\d+)\)?$/gm)].map((match) => ({
    file: match[1] as string,
    line: Number(match[2]),
    column: Number(match[3]),
  }));
}

const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Where a generated position (1-based line and column, as in a stack) came from. */
function originalPosition(map: SourceMap, line: number, column: number) {
  let source = 0;
  let sourceLine = 0;
  let found: { source: string; line: number } | undefined;
  map.mappings.split(";").forEach((segments, index) => {
    let generatedColumn = 0;
    for (const segment of segments.split(",")) {
      if (segment === "") continue;
      const [columnDelta = 0, sourceDelta, lineDelta = 0] = decodeVlq(segment);
      generatedColumn += columnDelta;
      if (sourceDelta === undefined) continue;
      source += sourceDelta;
      sourceLine += lineDelta;
      if (index === line - 1 && generatedColumn <= column - 1) {
        found = { source: map.sources[source] as string, line: sourceLine + 1 };
      }
    }
  });
  return found;
}

/**
 * What a frame in an installed Trellis package must be: a module of dist with its own source file
 * beside it in src/, a readable line, and a map from that line to a line of the shipped .ts file.
 */
function readableTrellisFrame(packageDir: string, frame: Frame) {
  const inPackage = relative(packageDir, frame.file);
  const lines = readFileSync(frame.file, "utf8").split("\n");
  const text = lines[frame.line - 1] ?? "";
  const map = readJson(`${frame.file}.map`) as SourceMap;
  const origin = originalPosition(map, frame.line, frame.column);
  const source = origin && resolve(dirname(frame.file), origin.source);
  const sourceLine = source && readFileSync(source, "utf8").split("\n")[(origin?.line ?? 0) - 1];
  return {
    inPackage,
    ownSource: existsSync(
      join(packageDir, inPackage.replace(/^dist\//, "src/").replace(/\.js$/, ".ts")),
    ),
    lineLength: text.length,
    /** The word the frame points at (a call's name), which its .ts line must hold too. */
    word: /^[\w$]+/.exec(text.slice(frame.column - 1))?.[0],
    source: source && relative(packageDir, source),
    sourceLine,
  };
}

// ---------------------------------------------------------------------------------------------
// The project

const packed = ["@trellis/core", "@trellis/adapter-standard-schema"];
const packageDirs = packed.map((name) => join(root, "packages", name.replace("@trellis/", "")));

const app = `import { standardSchema } from "@trellis/adapter-standard-schema";
import { Controller, createApp, Get, Route, UseGuards } from "@trellis/core";

function explodingGuard(): boolean {
  throw new Error("guard exploded");
}

const cycle: Record<string, unknown> = {};
cycle.self = cycle;

@Route("/items")
class ItemController extends Controller {
  @Get("/")
  @UseGuards(explodingGuard)
  list(): string[] {
    return [];
  }

  // JSON.stringify throws inside Trellis's serializer: Bun's excerpt is Trellis's own code.
  @Get("/cycle")
  cyclic(): unknown {
    return cycle;
  }
}

const app = createApp({
  schema: standardSchema(),
  controllers: [ItemController],
  openapi: { undeclaredResponses: "off" },
});
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, routes: app.routes, fetch: app.fetch });
console.log(JSON.stringify({ port: server.port }));
`;

const duplicateRoute = `import { standardSchema } from "@trellis/adapter-standard-schema";
import { Controller, createApp, Get, Route } from "@trellis/core";

@Route("/items")
class FirstController extends Controller {
  @Get("/")
  list(): string[] {
    return [];
  }
}

@Route("/items")
class SecondController extends Controller {
  @Get("/")
  all(): string[] {
    return [];
  }
}

createApp({ schema: standardSchema(), controllers: [FirstController, SecondController] });
`;

const keep = Boolean(process.env.TRELLIS_KEEP_CONSUMER);
const workDir = realpathSync(mkdtempSync(join(tmpdir(), "trellis-errors-")));
const packs = join(workDir, "packs");
const dir = join(workDir, "my-api");
const installed = (name: string) => join(dir, "node_modules", name);

/** The folder Node would load `name` from when required from `fromDir` (pnpm's layout included). */
function installedFolder(name: string, fromDir: string): string {
  for (let at = fromDir; ; at = dirname(at)) {
    const candidate = join(at, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(at) === at) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/** Packs the third-party packages the tarballs need, and theirs, from the workspace's copies. */
async function packDependencies(): Promise<Map<string, string>> {
  const tarballs = new Map<string, string>();
  const pending = packageDirs.flatMap((from) => {
    const manifest = readJson(join(from, "package.json"));
    return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
      .filter((name) => !name.startsWith("@trellis/"))
      .map((name) => ({ name, from }));
  });
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    if (tarballs.has(next.name)) continue;
    const folder = installedFolder(next.name, next.from);
    const [{ filename }] = JSON.parse(
      await mustRun(
        npm,
        ["pack", folder, "--ignore-scripts", "--pack-destination", packs, "--json"],
        workDir,
        minutes(2),
      ),
    );
    tarballs.set(next.name, join(packs, filename));
    const manifest = readJson(join(folder, "package.json"));
    for (const name of Object.keys(manifest.dependencies ?? {}))
      pending.push({ name, from: folder });
  }
  return tarballs;
}

afterAll(() => {
  if (keep) console.log(`project kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
});

beforeAll(async () => {
  const env = { ...userEnv };
  if (process.env.npm_execpath) env.npm_execpath = process.env.npm_execpath;
  const script = join(root, "scripts/pack-all.mjs");
  const printed = await mustRun(node, [script, "--out", packs, ...packed], root, minutes(4), env);
  const trellis = printed.split("\n").filter((line) => line.endsWith(".tgz"));
  expect(trellis).toHaveLength(packed.length);

  const dependencies: Record<string, string> = {};
  for (const [name, tarball] of await packDependencies()) dependencies[name] = `file:${tarball}`;
  for (const [index, name] of packed.entries()) dependencies[name] = `file:${trellis[index]}`;
  const manifest = { name: "my-api", private: true, type: "module", dependencies };
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(dir, "tsconfig.json"),
    `${JSON.stringify(tsconfigs["tsconfig.json"], null, 2)}\n`,
  );
  writeFileSync(join(dir, "app.ts"), app);
  writeFileSync(join(dir, "duplicate-route.ts"), duplicateRoute);
  await mustRun(
    npm,
    ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"],
    dir,
    minutes(4),
  );
}, minutes(10));

describe("the installed packages", () => {
  test.each(packed)("%s ships one readable module per source file, mapped to its .ts", (name) => {
    const packageDir = installed(name);
    const manifest = readJson(join(packageDir, "package.json"));
    expect(manifest.exports["."].default).toBe("./dist/index.js");
    const files = readdirSync(packageDir, { recursive: true, encoding: "utf8" });
    const modules = files.filter((file) => file.startsWith("dist/") && file.endsWith(".js"));
    expect(modules.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const module of modules) {
      const stem = module.slice("dist/".length, -".js".length);
      if (!files.includes(`src/${stem}.ts`)) problems.push(`${module}: no src/${stem}.ts`);
      const longest = Math.max(
        ...readFileSync(join(packageDir, module), "utf8")
          .split("\n")
          .map((line) => line.length),
      );
      if (longest > longestReadableLine)
        problems.push(`${module}: a line of ${longest} characters`);
      const map = readJson(join(packageDir, `${module}.map`)) as SourceMap;
      for (const source of map.sources) {
        if (!existsSync(resolve(packageDir, dirname(module), source)))
          problems.push(`${module}.map: ${source} is not shipped`);
      }
    }
    expect(problems).toEqual([]);
    // Tests, type tests and build info stay in the workspace.
    expect(files.filter((file) => /\.test(-d)?\.|tsbuildinfo|test-helpers/.test(file))).toEqual([]);
  });
});

describe("what the server prints", () => {
  test("a guard's throw: the log line starts with the message; the stack names the user's file and Trellis's modules by line", async () => {
    const { status, stderr } = await serveOnce(dir, "/items");
    expect(status).toBe(500);
    const at = stderr.indexOf("Unhandled error in ItemController.list");
    expect(at, stderr).toBeGreaterThanOrEqual(0);
    // The line starts with the message, and nothing before it was a code excerpt.
    expect(at === 0 || stderr[at - 1] === "\n", stderr).toBe(true);
    expect(stderr.slice(0, at)).not.toMatch(/^\s*\d+ \| /m);
    const entry = stderr.slice(at);
    expect(entry).toContain("guard exploded");
    expect(Math.max(...stderr.split("\n").map((line) => line.length)), stderr).toBeLessThanOrEqual(
      longestReadableLine,
    );
    // Bun's excerpt is the user's own throw.
    expect(entry).toMatch(/^\d+ \|\s+throw new Error\("guard exploded"\);$/m);

    const frames = framesOf(entry);
    expect(
      frames.some((frame) => frame.file === join(dir, "app.ts")),
      entry,
    ).toBe(true);
    const core = installed("@trellis/core");
    const trellisFrames = frames
      .filter((frame) => frame.file.startsWith(`${core}/`))
      .map((frame) => readableTrellisFrame(core, frame));
    expect(trellisFrames.length, entry).toBeGreaterThan(0);
    for (const frame of trellisFrames) {
      expect(frame.inPackage, entry).toMatch(/^dist\/.+\/.+\.js$/);
      expect(frame.ownSource, frame.inPackage).toBe(true);
      expect(frame.lineLength).toBeLessThanOrEqual(longestReadableLine);
      expect(frame.source, frame.inPackage).toMatch(/^src\/.+\.ts$/);
      expect(frame.sourceLine, `${frame.inPackage} -> ${frame.source}`).toBeTypeOf("string");
    }
    // The frame nearest the throw maps to the line of the .ts that makes the same call.
    const [nearest] = trellisFrames;
    expect(nearest?.word).toBeTruthy();
    expect(nearest?.sourceLine, `${nearest?.inPackage} -> ${nearest?.source}`).toContain(
      nearest?.word,
    );
  });

  test("a throw inside Trellis while answering: the excerpt before the error is readable code", async () => {
    const { status, stderr } = await serveOnce(dir, "/items/cycle");
    expect(status).toBe(500);
    const at = stderr.indexOf("Unhandled error in ItemController.cyclic");
    expect(at, stderr).toBeGreaterThanOrEqual(0);
    expect(at === 0 || stderr[at - 1] === "\n", stderr).toBe(true);
    expect(stderr.slice(0, at)).not.toMatch(/^\s*\d+ \| /m);
    expect(Math.max(...stderr.split("\n").map((line) => line.length)), stderr).toBeLessThanOrEqual(
      longestReadableLine,
    );
    const core = installed("@trellis/core");
    const frames = framesOf(stderr.slice(at)).filter((frame) => frame.file.startsWith(`${core}/`));
    expect(frames.length, stderr).toBeGreaterThan(0);
    for (const frame of frames) {
      const readable = readableTrellisFrame(core, frame);
      expect(readable.ownSource, readable.inPackage).toBe(true);
      expect(readable.source, readable.inPackage).toMatch(/^src\/.+\.ts$/);
    }
  });

  test("a startup error (a duplicate route) thrown uncaught: readable lines, then the code and message", async () => {
    const result = await run(bun, ["duplicate-route.ts"], dir, minutes(2));
    expect(result.code).not.toBe(0);
    const output = result.stderr;
    const at = output.indexOf("TrellisConfigError: [DUPLICATE_ROUTE]");
    expect(at, output).toBeGreaterThanOrEqual(0);
    expect(output.slice(at)).toContain("SecondController.all");
    // What Bun prints before the error: only the numbered lines around the throw and the caret.
    const excerpt = output
      .slice(0, at)
      .split("\n")
      .filter((line) => line.trim() !== "");
    for (const line of excerpt) expect(line).toMatch(/^\s*(\d+ \| .*|\^)$/);
    expect(Math.max(...output.split("\n").map((line) => line.length)), output).toBeLessThanOrEqual(
      longestReadableLine,
    );
    const core = installed("@trellis/core");
    const frames = framesOf(output.slice(at));
    expect(
      frames.some((frame) => frame.file === join(dir, "duplicate-route.ts")),
      output,
    ).toBe(true);
    const trellisFrames = frames.filter((frame) => frame.file.startsWith(`${core}/`));
    expect(trellisFrames.length, output).toBeGreaterThan(0);
    for (const frame of trellisFrames) {
      const readable = readableTrellisFrame(core, frame);
      expect(readable.ownSource, readable.inPackage).toBe(true);
      expect(readable.source, readable.inPackage).toMatch(/^src\/.+\.ts$/);
    }
  });
});
