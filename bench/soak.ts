// `pnpm soak`: the example users API under a fixed-time mix of valid and invalid requests (wrk),
// checking zero socket errors, zero unexpected statuses and bounded memory. Writes SOAK.md and the
// "## Soak" section of RESULTS.md; exits non-zero on failure. Options: see soak/options.ts.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { freePort } from "./lib/ports.js";
import { writeMarkdown } from "./lib/write-markdown.js";
import { type ExampleProcess, seedUsers, startExample } from "./soak/example-process.js";
import { judgeTally } from "./soak/expectations.js";
import { parseSoakArgs } from "./soak/options.js";
import {
  renderSoak,
  replaceSection,
  type SoakResult,
  soakHeadline,
  soakSection,
} from "./soak/report.js";
import { sampleRss } from "./soak/rss-sampler.js";
import { runMix } from "./soak/run-mix.js";

const log = (message: string) => console.log(`[soak] ${message}`);

function hasTool(name: string): boolean {
  try {
    execFileSync("which", [name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function wrkVersion(): string {
  try {
    return (
      /wrk (\S+)/.exec(
        execFileSync("wrk", ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
      )?.[1] ?? "unknown"
    );
  } catch (error) {
    // wrk -v exits 1 after printing its version.
    const output = String((error as { stdout?: string }).stdout ?? "");
    return /wrk (\S+)/.exec(output)?.[1] ?? "unknown";
  }
}

async function main(): Promise<number> {
  const options = parseSoakArgs(process.argv.slice(2));
  if (!hasTool("wrk")) {
    console.error("wrk is missing: apt-get update && apt-get install -y wrk");
    return 2;
  }
  // Two cores or more: the server on one, wrk on another, as the benchmark does.
  const pin = hasTool("taskset") && availableParallelism() >= 2;
  const [serverCpu, clientCpu] = pin ? ["0", "1"] : [undefined, undefined];
  const problems: string[] = [];

  log("starting the example on a temporary database");
  let server: ExampleProcess | undefined;
  try {
    server = await startExample(await freePort(), serverCpu);
    const ids = await seedUsers(server.url, 20);
    const rss = sampleRss(server.pid);
    const mixOptions = {
      url: server.url,
      connections: options.connections,
      ids,
      emailPool: options.emailPool,
      cpu: clientCpu,
    };

    log(`warm-up: ${options.warmupSeconds} s`);
    const warmupRun = await runMix({ ...mixOptions, seconds: options.warmupSeconds });
    const warmup = {
      verdict: judgeTally(warmupRun.tally, options.connections),
      summary: warmupRun.summary,
    };
    problems.push(...warmup.verdict.problems.map((problem) => `warm-up: ${problem}`));
    const afterWarmup = rss.stop();
    const measuredRss = sampleRss(server.pid);

    log(`measured run: ${options.durationSeconds} s, ${options.connections} connections`);
    const measured = await runMix({ ...mixOptions, seconds: options.durationSeconds });
    const verdict = judgeTally(measured.tally, options.connections);
    problems.push(...verdict.problems);
    const during = measuredRss.stop();

    const first = afterWarmup[0]?.mib ?? Number.NaN;
    const start = afterWarmup.at(-1)?.mib ?? Number.NaN;
    const end = during.at(-1)?.mib ?? Number.NaN;
    const growth = (end - start) / start;
    if (!(growth < options.maxRssGrowth)) {
      problems.push(
        `RSS grew ${(growth * 100).toFixed(1)}% (${start.toFixed(1)} → ${end.toFixed(1)} MiB), over the ${(options.maxRssGrowth * 100).toFixed(0)}% limit`,
      );
    }
    const offset = afterWarmup.at(-1)?.atSeconds ?? 0;
    // The measured sampler's first sample is the warm-up sampler's last one, taken again.
    const samples = [
      ...afterWarmup,
      ...during.slice(1).map((sample) => ({ ...sample, atSeconds: sample.atSeconds + offset })),
    ];

    let healthAfter: number | string;
    try {
      healthAfter = (
        await fetch(`${server.url}/health/ready`, { signal: AbortSignal.timeout(5_000) })
      ).status;
    } catch (error) {
      healthAfter = `no answer (${(error as Error).message})`;
    }
    if (healthAfter !== 200 || !server.alive())
      problems.push(`the server is not healthy after the run: ${healthAfter}`);

    const result: SoakResult = {
      date: new Date().toISOString(),
      options,
      versions: { bun: Bun.version, wrk: wrkVersion() },
      pinning: pin
        ? `server \`taskset -c ${serverCpu}\`, wrk \`taskset -c ${clientCpu}\`, 127.0.0.1`
        : "none (taskset missing or one CPU)",
      warmup,
      run: { verdict, summary: measured.summary, tally: measured.tally },
      rss: {
        atStart: first,
        afterWarmup: start,
        atEnd: end,
        peak: Math.max(...samples.map((sample) => sample.mib)),
        growth,
        samples,
      },
      databaseBytes: server.databaseBytes(),
      healthAfter,
      problems,
    };
    const reportPath = resolve(import.meta.dirname, options.out);
    writeMarkdown(reportPath, renderSoak(result));
    const resultsPath = resolve(import.meta.dirname, options.results);
    let results = "";
    try {
      results = readFileSync(resultsPath, "utf8");
    } catch {
      results = "# Trellis benchmark results\n";
    }
    writeMarkdown(resultsPath, replaceSection(results, soakSection(result, options.out)));
    log(soakHeadline(result).replaceAll("**", ""));
    for (const problem of problems) log(`problem: ${problem}`);
    log(`wrote ${reportPath} and the Soak section of ${resultsPath}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    const code = await server?.stop();
    if (server && code !== 0 && code !== null)
      log(`note: the example exited with ${code} on SIGTERM`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
