// Trellis + TypeBox with the defaults, request ids included: the same target as trellis-typebox,
// whose answers carry `X-Request-ID` (see shared/like-for-like.ts).
process.env.BENCH_REQUEST_IDS = "on";
await import("./trellis-typebox.js");
