// Public API of @trellis/upload-s3. Explicit named exports only.

export { type S3SinkOptions, s3Sink } from "./s3-sink.js";
