import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appDir, type Process, start, stop } from "./processes.js";

const deploymentGuide = join(appDir, "..", "..", "docs", "deployment.md");

/** The `nginx` block of docs/deployment.md marked as tested, with its ports replaced. */
export function guideNginxConfig(upstreams: readonly number[], listen: number): string {
  const guide = readFileSync(deploymentGuide, "utf8");
  const match = /<!-- nginx: tested -->\n```nginx\n([\s\S]*?)```/.exec(guide);
  if (!match) throw new Error("docs/deployment.md has no tested nginx block");
  let config = match[1] as string;
  const written = [...config.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((found) => found[1]);
  if (written.length !== upstreams.length) {
    throw new Error(
      `the guide lists ${written.length} upstreams, the test runs ${upstreams.length}`,
    );
  }
  written.forEach((port, index) => {
    config = config.replace(`127.0.0.1:${port} `, `127.0.0.1:${upstreams[index]} `);
  });
  return config.replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${listen};`);
}

/**
 * The guide's first step of a restart: the `server` line of `port` gets `down` (nginx sends it
 * nothing more); without `down`, the line as the guide writes it.
 */
export function markDown(config: string, port: number, down: boolean): string {
  const line = new RegExp(`server 127\\.0\\.0\\.1:${port} ([^;]*?)( down)?;`);
  if (!line.test(config)) throw new Error(`no server line for port ${port}`);
  return config.replace(
    line,
    (_, rest: string) => `server 127.0.0.1:${port} ${rest}${down ? " down" : ""};`,
  );
}

/** A whole nginx.conf around the guide's block, everything inside `folder`. */
function wholeConf(folder: string, http: string): string {
  // worker_shutdown_timeout as the guide advises: old workers of a reload let go of SSE and
  // WebSocket connections after 30 s (their clients resume elsewhere).
  return `worker_processes 1;
worker_shutdown_timeout 30s;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
${http}
}
`;
}

/** nginx running the guide's block in front of `upstreams`, as the test's own process. */
export interface RunningNginx {
  /** `http://127.0.0.1:<listen>` */
  readonly url: string;
  readonly process: Process;
  /** Marks the upstream on `port` down (or back up) and reloads; resolves once new workers run. */
  setDown(port: number, down: boolean): Promise<void>;
  /** What nginx wrote to its error log (upstream failures it retried, and worse). */
  errorLog(): string;
  stop(): Promise<void>;
}

const nginxArgs = (folder: string) => ["-p", folder, "-c", join(folder, "nginx.conf")];

/** The worker processes of the nginx master `pid`. */
function workers(pid: number): Set<string> {
  const listed = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout;
  return new Set(listed.split("\n").filter(Boolean));
}

/** Starts nginx (`daemon off`, so it is the test's child) with the guide's block, in `folder`. */
export function startNginx(
  folder: string,
  upstreams: readonly number[],
  listen: number,
): RunningNginx {
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(folder, name), { recursive: true });
  }
  let block = guideNginxConfig(upstreams, listen);
  const conf = join(folder, "nginx.conf");
  writeFileSync(conf, wholeConf(folder, block));
  const nginx = start("nginx", [...nginxArgs(folder), "-g", "daemon off;"]);
  const errorLog = join(folder, "error.log");
  return {
    url: `http://127.0.0.1:${listen}`,
    process: nginx,
    async setDown(port, down) {
      block = markDown(block, port, down);
      writeFileSync(conf, wholeConf(folder, block));
      const before = workers(nginx.child.pid as number);
      const reload = spawnSync("nginx", [...nginxArgs(folder), "-s", "reload"], {
        encoding: "utf8",
      });
      if (reload.status !== 0) throw new Error(`nginx -s reload failed: ${reload.stderr}`);
      // `-s reload` only signals the master: the new configuration serves once a new worker runs
      // (the old ones stop taking requests then, and finish those they have).
      while (![...workers(nginx.child.pid as number)].some((pid) => !before.has(pid))) {
        if (nginx.child.exitCode !== null) throw new Error(`nginx exited:\n${nginx.output()}`);
        await Bun.sleep(20);
      }
    },
    errorLog: () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8").trim() : ""),
    // SIGTERM (fast shutdown): a SIGKILLed master leaves its workers behind, holding the port.
    stop: () => stop(nginx),
  };
}

/** `nginx version: nginx/1.22.1` */
export const nginxVersion = (): string =>
  spawnSync("nginx", ["-v"], { encoding: "utf8" }).stderr.trim();
