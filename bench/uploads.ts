// `pnpm bench:uploads`: a 1 GiB multipart upload to disk and to S3 (s3rver, started here), through
// a Trellis sink and through the hand-written baselines (a Bun.file / Bun.s3 writer fed from
// request.body, and request.formData()), each server its own process. Measures throughput, the
// server's peak RSS growth, and pings answered during the upload. Writes UPLOADS.md.
// Options: --size-mib N (default 1024), --modes a,b,c.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startS3 } from "@trellis/testing/engines";
import { freePort } from "./lib/ports.js";
import { rssMiB } from "./lib/proc.js";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
const sizeMiB = Number(option("size-mib") ?? 1024);
const modes = (option("modes") ?? "trellis-disk,raw-disk,formdata,trellis-s3,raw-s3").split(",");
const mebibyte = 1024 * 1024;
const boundary = "trellis-bench-upload";
const log = (message: string) => console.log(`[uploads] ${message}`);

interface Result {
  mode: string;
  status: number;
  seconds: number;
  mibPerSecond: number;
  rssGrowthMiB: number;
  pings: number;
  slowestPingMs: number;
}

/** The multipart body: one file part of `sizeMiB` MiB, made chunk by chunk as fetch pulls it. */
function body(): ReadableStream<Uint8Array> {
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(mebibyte).fill(0x62);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < sizeMiB) controller.enqueue(chunk.slice());
      else if (sent === sizeMiB) controller.enqueue(tail);
      else controller.close();
      sent++;
    },
  });
}

function startServer(
  mode: string,
  port: number,
  dir: string,
  s3: { endpoint: string; bucket: string },
) {
  const child = spawn(process.execPath, ["uploads/upload-server.ts"], {
    cwd: import.meta.dirname,
    env: {
      ...process.env,
      MODE: mode,
      PORT: String(port),
      DIR: dir,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (data: Buffer) => {
      if (data.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { child, ready };
}

async function measure(mode: string, s3: { endpoint: string; bucket: string }): Promise<Result> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "trellis-bench-uploads-"));
  const { child, ready } = startServer(mode, port, dir, s3);
  await ready;
  const pid = child.pid as number;
  const url = `http://127.0.0.1:${port}`;
  await fetch(`${url}/ping`); // warm the route once
  await Bun.sleep(300);
  const base = rssMiB(pid) ?? 0;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid) ?? 0);
  }, 20);
  let uploading = true;
  let pings = 0;
  let slowest = 0;
  const pinger = (async () => {
    while (uploading) {
      const started = performance.now();
      await fetch(`${url}/ping`);
      slowest = Math.max(slowest, performance.now() - started);
      pings++;
      await Bun.sleep(100);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${url}/upload`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: body(),
    duplex: "half",
  } as RequestInit);
  const answer = await response.text();
  const seconds = (performance.now() - started) / 1000;
  uploading = false;
  await pinger;
  clearInterval(sampler);
  if (response.status !== 200) log(`${mode}: ${response.status} ${answer.slice(0, 200)}`);
  (child as ChildProcess).kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  return {
    mode,
    status: response.status,
    seconds,
    mibPerSecond: sizeMiB / seconds,
    rssGrowthMiB: peak - base,
    pings,
    slowestPingMs: slowest,
  };
}

const s3 = await startS3("bench");
const results: Result[] = [];
try {
  for (const mode of modes) {
    log(`${mode}: ${sizeMiB} MiB ...`);
    const result = await measure(mode, s3);
    log(
      `${mode}: ${result.status} in ${result.seconds.toFixed(1)} s (${result.mibPerSecond.toFixed(0)} MiB/s), RSS +${result.rssGrowthMiB.toFixed(0)} MiB, ${result.pings} pings (slowest ${result.slowestPingMs.toFixed(0)} ms)`,
    );
    results.push(result);
    // s3rver keeps every object on disk: empty the bucket between runs.
    for (const key of s3.objects()) await new Bun.S3Client({ ...s3 }).file(key).delete();
  }
} finally {
  await s3.stop();
}

const byMode = new Map(results.map((result) => [result.mode, result]));
const ratio = (a: string, b: string) => {
  const x = byMode.get(a);
  const y = byMode.get(b);
  return x && y ? (x.mibPerSecond / y.mibPerSecond).toFixed(2) : "n/a";
};
const rows = results.map(
  (r) =>
    `| ${r.mode} | ${r.status} | ${r.seconds.toFixed(1)} | ${r.mibPerSecond.toFixed(0)} | ${r.rssGrowthMiB.toFixed(0)} | ${r.pings} | ${r.slowestPingMs.toFixed(0)} |`,
);
const markdown = `# Uploads: ${sizeMiB} MiB to disk and to S3

Run by \`pnpm bench:uploads\` on ${new Date().toISOString().slice(0, 10)} (Bun ${Bun.version}, ${process.platform}/${process.arch}).
Each target is its own server process; one ${sizeMiB} MiB file part is sent in a multipart body
(chunked, generated as it is sent) while a ping is sent every 100 ms. RSS growth is the server's
peak resident memory during the upload over its resident memory before it.

| target | status | seconds | MiB/s | server RSS growth (MiB) | pings answered | slowest ping (ms) |
| ------ | ------ | ------- | ----- | ----------------------- | -------------- | ----------------- |
${rows.join("\n")}

- Trellis disk sink / hand-written Bun.file writer: throughput ratio ${ratio("trellis-disk", "raw-disk")}
- Trellis S3 sink / hand-written Bun.s3 writer: throughput ratio ${ratio("trellis-s3", "raw-s3")}
- Trellis disk sink / \`request.formData()\`: throughput ratio ${ratio("trellis-disk", "formdata")}

Targets: \`trellis-disk\` and \`trellis-s3\` are a Trellis route with \`diskSink\` / \`s3Sink\`
(partSize 5 MiB, queueSize 2); \`raw-disk\` and \`raw-s3\` a hand-written \`Bun.serve\` handler that writes
\`request.body\` as it streams into a \`Bun.file(path).writer()\` / \`s3.file(key).writer()\` (no
multipart parsing, no flush: what the docs' examples show); \`formdata\` a \`Bun.serve\` handler with
\`request.formData()\` and \`Bun.write\`. S3 is s3rver (npm), a JavaScript server on this machine,
which bounds both S3 throughputs.
`;
writeFileSync(join(import.meta.dirname, "UPLOADS.md"), markdown);
log("wrote UPLOADS.md");
