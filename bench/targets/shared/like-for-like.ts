// What every Trellis target passes to createApp so that it answers what raw Bun.serve and the
// peer frameworks answer: without an `X-Request-ID`. Request ids are on by default in Trellis
// (echoed on every answer), and none of the others sends one; in Bun an id costs two `Headers`
// objects per request (the request's, read for an incoming id, and the response's, to echo it).
// The `trellis-typebox-ids` target keeps the default, so the judge shows that cost on its own row.

/** `createApp` options of a like-for-like target (`BENCH_REQUEST_IDS=on`: the defaults). */
export const likeForLike: { requestId?: false } =
  process.env.BENCH_REQUEST_IDS === "on" ? {} : { requestId: false };
