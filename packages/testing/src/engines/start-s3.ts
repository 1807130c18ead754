import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort, ServerProcess, waitUntil } from "./engine-process.js";

/** An S3-compatible server (s3rver) started by a test, with one bucket and a look into its store. */
export interface RunningS3 {
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The keys of the bucket's objects, read from the server's store. */
  objects(): string[];
  /** Multipart uploads begun and neither completed nor aborted, read from the server's store. */
  openUploads(): string[];
  /** Kills the server at once (no goodbye to clients), keeping its store. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same store. */
  up(): Promise<void>;
  /** Stops it for good and removes its store. */
  stop(): Promise<void>;
}

const objectSuffix = "._S3rver_object";

function listen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts s3rver (npm; the S3-compatible server found for tests: MinIO has no package here) as the
 * test's own process on a free port, its store in a new temporary folder. s3rver implements
 * CreateMultipartUpload, UploadPart and CompleteMultipartUpload but neither ListMultipartUploads
 * nor AbortMultipartUpload, so `openUploads` reads its store, where each begun upload is a folder
 * until it completes.
 */
export async function startS3(bucket = "uploads"): Promise<RunningS3> {
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve("s3rver/package.json")), "bin", "s3rver.js");
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "trellis-s3-"));
  const args = [
    cli,
    "-d",
    dir,
    "-a",
    "127.0.0.1",
    "-p",
    String(port),
    "--silent",
    "--configure-bucket",
    bucket,
  ];
  let server: ServerProcess | undefined;
  const up = async () => {
    if (server !== undefined) return;
    const started = new ServerProcess(process.execPath, args);
    server = started;
    await waitUntil("s3rver", started, () => listen(port));
  };
  await up();
  const bucketDir = join(dir, bucket);
  const uploadsDir = join(bucketDir, "._S3rver_uploads");
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    objects: () =>
      existsSync(bucketDir)
        ? readdirSync(bucketDir, { recursive: true, encoding: "utf8" })
            .filter((path) => path.endsWith(objectSuffix) && !path.startsWith("._S3rver_uploads"))
            .map((path) => path.slice(0, -objectSuffix.length))
        : [],
    openUploads: () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []),
    kill: async () => {
      await server?.stop("SIGKILL");
      server = undefined;
    },
    up,
    stop: async () => {
      await server?.stop("SIGTERM");
      server = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
