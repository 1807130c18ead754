import "reflect-metadata";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classValidator, IsFile } from "@trellis/adapter-class-validator";
import {
  Body,
  BodyLimit,
  Controller,
  createApp,
  diskSink,
  Post,
  Route,
  type StoredFile,
} from "@trellis/core";
import { s3Sink } from "@trellis/upload-s3";
import { S3Client } from "bun";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

const gibibyte = 1024 * 1024 * 1024;
const reportsDir = mkdtempSync(join(tmpdir(), "reports-")); // your app's folder, e.g. "/var/reports"

// #region disk
class ReportUpload {
  @IsString() title!: string;

  @IsFile({ maxSize: 2 * gibibyte, mimeTypes: ["application/pdf", "text/csv"] })
  report!: StoredFile; // a File: name, type, size, stream(); and where it is stored
}

@Route("/reports")
class ReportController extends Controller {
  @Post()
  @BodyLimit(2 * gibibyte + 64 * 1024) // the whole form: the file and the fields around it
  store(
    @Body(ReportUpload, {
      contentType: "multipart/form-data",
      // Written to reportsDir under a random name while it arrives; kept after a success.
      uploads: { report: diskSink({ dir: reportsDir }) },
    })
    input: ReportUpload,
  ) {
    const { report } = input;
    return { title: input.title, path: report.path, name: report.name, size: report.size };
  }
}
// #endregion

// #region s3
const s3 = (endpoint: string) =>
  new S3Client({ endpoint, bucket: "uploads", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });

class VideoUpload {
  @IsFile({ maxSize: 5 * gibibyte })
  video!: StoredFile;
}

function videoController(client: S3Client) {
  @Route("/videos")
  class VideoController extends Controller {
    @Post()
    @BodyLimit(5 * gibibyte + 64 * 1024)
    store(
      @Body(VideoUpload, {
        contentType: "multipart/form-data",
        uploads: {
          // Parts of 8 MiB, two in flight: about 16 MiB of memory per upload, whatever its size.
          video: s3Sink({ client, key: () => `videos/${randomUUID()}`, partSize: 8 * 1024 * 1024 }),
        },
      })
      input: VideoUpload,
    ) {
      const { video } = input;
      return { key: video.key, etag: video.etag, size: video.size };
    }
  }
  return VideoController;
}
// #endregion

export function makeApp(endpoint: string) {
  return createApp({
    schema: classValidator(),
    controllers: [ReportController, videoController(s3(endpoint))],
    openapi: documented("uploads", "Large files streamed to disk and to S3."),
  });
}

/** A CSV report to disk, one over its limit, and a 12 MiB video to S3 at `endpoint`. */
export async function demo(endpoint: string) {
  const app = makeApp(endpoint);
  const post = (path: string, form: FormData) =>
    app.fetch(new Request(`http://localhost${path}`, { method: "POST", body: form }));
  const report = new FormData();
  report.set("title", "Q3");
  report.set("report", new File(["region,total\nnorth,7\n"], "q3.csv", { type: "text/csv" }));
  const video = new FormData();
  video.set(
    "video",
    new File([new Uint8Array(12 * 1024 * 1024)], "talk.mp4", { type: "video/mp4" }),
  );
  return {
    report: await post("/reports", report),
    video: await post("/videos", video),
    document: app.document,
    fetchVideo: (key: string) => s3(endpoint).file(key).bytes(),
  };
}
