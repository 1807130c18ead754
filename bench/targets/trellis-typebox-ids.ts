// Trellis + TypeBox with `requestId: true`: the same target as trellis-typebox, whose answers then
// all carry `X-Request-ID` (by default an id is made only for the answers that need one), so the
// judge shows what an id on every answer costs on its own row.
process.env.BENCH_REQUEST_IDS = "on";
await import("./trellis-typebox.js");
