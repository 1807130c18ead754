// The packages as a user gets them: `pnpm pack:all`, then a fresh project outside the workspace
// installs the tarballs (once with `bun add`, once with `npm install` and `file:` dependencies),
// type-checks strictly with its own TypeScript, and runs one app per adapter as a real Bun
// process. publint and attw check every tarball. Nothing here may see the workspace: the project
// lives in the system's temp folder and every command runs with an environment cleaned of the
// workspace's paths (pnpm's NODE_PATH, node_modules/.bin, Bun's `node` shim).
import { type ChildProcess, spawn } from "node:child_process";
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
import { basename, delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from "vitest";
import { within } from "../../src/within.js";
import { type Adapter, adapters, appSource, clientSource, tsconfigs } from "./consumer-project.js";

const root = join(import.meta.dirname, "../../../..");
const minutes = (n: number) => n * 60_000;
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

// ---------------------------------------------------------------------------------------------
// The environment of a user's shell: no trace of this workspace or of the test runner.

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Bun puts a folder with `node` -> bun first on PATH (`bun --bun`): not a real Node. */
function isBunShimFolder(dir: string): boolean {
  const node = join(dir, "node");
  return existsSync(node) && /^bun(\.exe)?$/.test(basename(realpathSync(node)));
}

const cleanPath = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => dir && !/node_modules[\\/]\.bin|node-gyp-bin/.test(dir) && !isBunShimFolder(dir))
  .join(delimiter);

const userEnv: Record<string, string> = { PATH: cleanPath };
for (const [key, value] of Object.entries(process.env)) {
  if (value === undefined || key === "PATH") continue;
  const packageManagerVariable = /^(npm|pnpm)_/i.test(key);
  const registrySetting = /^npm_config_(registry|cafile|strict_ssl|https?_proxy|proxy|noproxy)$/i;
  if (packageManagerVariable && !registrySetting.test(key)) continue;
  if (/^(NODE_PATH|NODE|NODE_ENV|INIT_CWD|PNPM_.*|VITEST.*|TURBO_.*)$/.test(key)) continue;
  userEnv[key] = value;
}

function which(name: string): string {
  for (const dir of cleanPath.split(delimiter)) {
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  throw new Error(`${name} is not on PATH (${cleanPath})`);
}

// The real binaries: a shim would run the command as a child we could not kill, or set NODE_PATH.
const bun = realpathSync(join(root, "node_modules/bun/bin/bun.exe"));
const node = which("node");
const npm = which("npm");
const rootBin = (name: string, bin: string) =>
  join(
    root,
    "node_modules",
    name,
    readJson(join(root, "node_modules", name, "package.json")).bin[bin],
  );

// ---------------------------------------------------------------------------------------------
// Processes

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  env: Record<string, string> = userEnv,
): Promise<Result> {
  return new Promise((resolve, reject) => {
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
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function mustRun(...[command, args, cwd, timeoutMs, env]: Parameters<typeof run>) {
  const result = await run(command, args, cwd, timeoutMs, env);
  if (result.code !== 0) {
    throw new Error(
      `\`${basename(command)} ${args.join(" ")}\` in ${cwd} exited with ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

const running = new Set<ChildProcess>();

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const forced = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await within(exited, 30, "the consumer app exiting on SIGTERM, SIGKILL after 10 s");
    clearTimeout(forced);
  }
  running.delete(child);
}

interface RunningApp {
  url: string;
  loadedFrom: string[];
  stop(): Promise<void>;
}

/** Starts `bun <adapter>.ts` in the project and waits until it answers HTTP. */
async function startApp(dir: string, adapter: Adapter): Promise<RunningApp> {
  const child = spawn(bun, [`${adapter}.ts`], {
    cwd: dir, // Bun reads the decorator flags from the tsconfig.json of its working directory
    env: userEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  // Waits two minutes for the app to listen (a busy machine starts Bun slowly); a test that
  // fails, timed out or not, shows what the app printed.
  onTestFailed(() => console.error(`${adapter}.ts printed:\n${stdout}\nstderr:\n${stderr}`));
  try {
    const listening = new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        const end = stdout.indexOf("\n");
        if (end >= 0) resolve(stdout.slice(0, end));
      });
      child.on("exit", (code) => {
        reject(new Error(`${adapter}.ts exited with ${code} before listening`));
      });
    });
    const line = await within(listening, 120, `${adapter}.ts listening`);
    const ready = JSON.parse(line) as { port: number; loadedFrom: string[] };
    const url = `http://127.0.0.1:${ready.port}`;
    const answering = async () => {
      for (;;) {
        const answer = await fetch(`${url}/docs/openapi.json`).catch(() => undefined);
        if (answer?.ok) return;
        if (child.exitCode !== null) throw new Error(`${adapter}.ts exited before answering`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await within(answering(), 60, `${adapter}.ts serving its document`);
    const loadedFrom = ready.loadedFrom.map((entry) =>
      entry.startsWith("file:") ? fileURLToPath(entry) : entry,
    );
    return { url, loadedFrom, stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
  }
}

// ---------------------------------------------------------------------------------------------
// What is published, and what a user installs beside it

/** The workspace's non-private packages (the folders pack-all looks in). */
const published = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat(join(root, "bench"))
  .filter((dir) => existsSync(join(dir, "package.json")))
  .map((dir) => ({ dir, manifest: readJson(join(dir, "package.json")) }))
  .filter(({ manifest }) => !manifest.private);

/** The file `pnpm pack` writes for a package: `@trellis/core` 0.1.0 -> trellis-core-0.1.0.tgz. */
const tarballOf = (manifest: { name: string; version: string }) =>
  `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;

/** Every third-party peer of the published packages, at the version the workspace tests with. */
function thirdPartyDependencies(): Record<string, string> {
  const dependencies: Record<string, string> = {};
  for (const { manifest } of published) {
    for (const [name, range] of Object.entries<string>(manifest.peerDependencies ?? {})) {
      if (!name.startsWith("@trellis/"))
        dependencies[name] = manifest.devDependencies?.[name] ?? range;
    }
  }
  const classValidator = published.find(({ dir }) => dir.endsWith("adapter-class-validator"));
  dependencies["reflect-metadata"] = classValidator?.manifest.devDependencies["reflect-metadata"];
  return dependencies;
}

const rootManifest = readJson(join(root, "package.json"));
const devDependencies = {
  typescript: rootManifest.devDependencies.typescript,
  "@types/bun": rootManifest.devDependencies["@types/bun"],
};

// ---------------------------------------------------------------------------------------------

const keep = Boolean(process.env.TRELLIS_KEEP_CONSUMER);
const workDir = realpathSync(mkdtempSync(join(tmpdir(), "trellis-consumer-")));
const packs = join(workDir, "packs");
/** Package name -> its tarball's file name inside `packs`. */
const tarballs = new Map(published.map(({ manifest }) => [manifest.name, tarballOf(manifest)]));
/** What `pack-all` printed: one tarball path per line. */
let printed: string[] = [];

afterAll(async () => {
  await Promise.all([...running].map(stop));
  if (keep) console.log(`consumer projects kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
});

beforeAll(async () => {
  // `pnpm pack:all` itself (it builds first; quick when dist is current), with a real Node and pnpm.
  const env = { ...userEnv };
  if (process.env.npm_execpath) env.npm_execpath = process.env.npm_execpath;
  const script = join(root, "scripts/pack-all.mjs");
  const stdout = await mustRun(node, [script, "--out", packs], root, minutes(4), env);
  printed = stdout.split("\n").filter((line) => line.endsWith(".tgz"));
}, minutes(5));

test("pack:all packs exactly the published packages", () => {
  expect(printed.sort()).toEqual([...tarballs.values()].map((file) => join(packs, file)).sort());
  for (const file of printed) expect(existsSync(file)).toBe(true);
});

test(
  "publint (strict) and attw (ESM-only profile) find no problem in any tarball",
  async () => {
    const publint = rootBin("publint", "publint");
    const attw = rootBin("@arethetypeswrong/cli", "attw");
    const checks = [...tarballs.values()].map(async (file) => {
      const tarball = join(packs, file);
      const lint = await run(node, [publint, "run", "--strict", tarball], workDir, minutes(2));
      expect(lint.code, `publint ${file}\n${lint.stdout}\n${lint.stderr}`).toBe(0);
      // The packages are ESM only ("type": "module", no require condition): a CommonJS `require`
      // resolving to ESM (node10 / node16-from-CJS) is the design; everything else must be clean.
      const types = await run(
        node,
        [attw, tarball, "--profile", "esm-only", "--format", "json"],
        workDir,
        minutes(2),
      );
      const report = JSON.parse(types.stdout) as {
        problems?: Record<string, { kind: string; resolutionKind?: string }[]>;
      };
      const problems = Object.values(report.problems ?? {})
        .flat()
        .filter(
          ({ resolutionKind }) => resolutionKind !== "node10" && resolutionKind !== "node16-cjs",
        );
      expect(problems, `attw ${file}`).toEqual([]);
      expect(types.code, `attw ${file}\n${types.stderr}`).toBe(0);
    });
    await Promise.all(checks);
  },
  minutes(4),
);

const installers = [
  {
    name: "bun add",
    // The bundler configuration a `bun init` project has. The NodeNext one, which also checks
    // every shipped declaration file (skipLibCheck off), runs on the npm project: the tarballs'
    // .d.ts files are the same bytes in both, and checking them twice cost 40 s of every run.
    tsconfigs: ["tsconfig.json"],
    // As README.md says: the tarballs by path, then the libraries.
    async install(dir: string) {
      writeFileSync(
        join(dir, "package.json"),
        `${JSON.stringify({ name: "my-api", private: true, type: "module" }, null, 2)}\n`,
      );
      const libraries = Object.entries(thirdPartyDependencies()).map(([name, v]) => `${name}@${v}`);
      const files = [...tarballs.values()].map((file) => `../packs/${file}`);
      await mustRun(bun, ["add", ...files, ...libraries], dir, minutes(4));
      const tools = Object.entries(devDependencies).map(([name, v]) => `${name}@${v}`);
      await mustRun(bun, ["add", "--dev", ...tools], dir, minutes(4));
    },
  },
  {
    name: "npm install",
    tsconfigs: Object.keys(tsconfigs),
    // `file:` dependencies in package.json.
    async install(dir: string) {
      const dependencies = { ...thirdPartyDependencies() };
      for (const [name, file] of tarballs) dependencies[name] = `file:../packs/${file}`;
      const manifest = {
        name: "my-api",
        private: true,
        type: "module",
        dependencies,
        devDependencies,
      };
      writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      await mustRun(npm, ["install", "--no-audit", "--no-fund"], dir, minutes(5));
    },
  },
];

describe.each(installers)(
  "a fresh project outside the workspace, installed with $name",
  (installer) => {
    const dir = join(workDir, installer.name.replace(" ", "-"));

    beforeAll(async () => {
      mkdirSync(dir, { recursive: true });
      for (const [file, content] of Object.entries(tsconfigs)) {
        writeFileSync(join(dir, file), `${JSON.stringify(content, null, 2)}\n`);
      }
      for (const adapter of adapters) writeFileSync(join(dir, `${adapter}.ts`), appSource(adapter));
      writeFileSync(join(dir, "client.ts"), clientSource);
      await installer.install(dir);
    }, minutes(6));

    test("has the packed files, with workspace: ranges turned into versions", () => {
      for (const { dir: source, manifest } of published) {
        const installed = join(dir, "node_modules", manifest.name);
        const text = readFileSync(join(installed, "package.json"), "utf8");
        expect(text, manifest.name).not.toContain("workspace:");
        expect(JSON.parse(text).version).toBe(manifest.version);
        // The same build as this workspace's dist, not a stale copy from a cache.
        expect(readFileSync(join(installed, "dist/index.js"), "utf8")).toBe(
          readFileSync(join(source, "dist/index.js"), "utf8"),
        );
      }
    });

    test(
      `type-checks with strict tsc: ${installer.tsconfigs.join(", ")}`,
      async () => {
        const tsc = join(dir, "node_modules/typescript/bin/tsc");
        const results = await Promise.all(
          installer.tsconfigs.map((file) =>
            run(node, [tsc, "--noEmit", "-p", file], dir, minutes(10)),
          ),
        );
        // Each configuration compiles with no error; a failure shows tsc's own report.
        for (const [index, file] of installer.tsconfigs.entries()) {
          const result = results[index];
          expect(result?.code, `${file}\n${result?.stdout}\n${result?.stderr}`).toBe(0);
        }
      },
      minutes(11),
    );

    test.each(adapters)(
      "the %s app runs under Bun: validates, answers problem+json, serves docs",
      async (adapter) => {
        const app = await startApp(dir, adapter);
        try {
          // Loaded from the project's own node_modules, nothing from the workspace.
          for (const file of app.loadedFrom)
            expect(file.startsWith(join(dir, "node_modules"))).toBe(true);

          const one = await fetch(`${app.url}/items/42`);
          expect(one.status).toBe(200);
          expect(await one.json()).toEqual({ id: "42", name: "tea", quantity: 2 });

          const post = (body: unknown) =>
            fetch(`${app.url}/items`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
            });
          const created = await post({ name: "Ada", quantity: 3, admin: true });
          expect(created.status).toBe(201);
          expect(await created.json()).toEqual({ id: "new", name: "Ada", quantity: 3 }); // admin stripped

          const invalid = await post({ name: "", quantity: 0 });
          expect(invalid.status).toBe(400);
          expect(invalid.headers.get("content-type")).toContain("application/problem+json");
          const problem = (await invalid.json()) as {
            status: number;
            errors: { in: string; path: string }[];
          };
          expect(problem.status).toBe(400);
          expect(problem.errors.every((error) => error.in === "body")).toBe(true);
          expect(problem.errors.map((error) => error.path)).toEqual(
            expect.arrayContaining(["/name", "/quantity"]),
          );

          const ui = await fetch(`${app.url}/docs`);
          expect(ui.status).toBe(200);
          expect(ui.headers.get("content-type")).toContain("text/html");
          expect(await ui.text()).toContain("swagger-ui");

          const spec = await fetch(`${app.url}/docs/openapi.json`);
          expect(spec.status).toBe(200);
          const document = (await spec.json()) as {
            openapi: string;
            info: { title: string };
            paths: Record<string, Record<string, unknown>>;
          };
          expect(document.openapi).toMatch(/^3\./);
          expect(document.info.title).toBe(`items-${adapter}`);
          expect(Object.keys(document.paths["/items"] ?? {})).toContain("post");
          expect(Object.keys(document.paths["/items/{id}"] ?? {})).toContain("get");

          // @trellis/client from the tarball, typed by the app's controller, against the app.
          const called = await mustRun(bun, ["client.ts", adapter, app.url], dir, minutes(1));
          expect(JSON.parse(called)).toEqual({
            one: { id: "42", name: "tea", quantity: 2 },
            created: { id: "new", name: "Ada", quantity: 3 },
            status: 400,
          });
        } finally {
          await app.stop();
        }
      },
      minutes(4),
    );
  },
);
