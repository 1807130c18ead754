import { describe, expect, it } from "vitest";
import { decodeEventMeta, encodeEventMeta } from "./event-meta-text.js";

// The text the engine adapters (Redis, Postgres) store beside an event: what core's in-process
// pub/sub never writes, so its own suite reaches it only here.
describe("encodeEventMeta / decodeEventMeta", () => {
  it("writes nothing for no meta, or meta without a request id and a trace", () => {
    expect(encodeEventMeta(undefined)).toBe("");
    expect(encodeEventMeta({})).toBe("");
    expect(encodeEventMeta({ tracestate: "a=1" })).toBe("");
  });

  it("round-trips a request id, a trace context, or both", () => {
    for (const meta of [
      { requestId: "r-1" },
      { traceparent: "00-abc-def-01" },
      { requestId: "r-2", traceparent: "00-abc-def-01", tracestate: "vendor=1" },
    ]) {
      const text = encodeEventMeta(meta);
      expect(JSON.parse(text)).toEqual(meta);
      expect(decodeEventMeta(text)).toStrictEqual(meta);
    }
  });

  it("reads no meta from an event without any, or from text that is not ours", () => {
    for (const text of [null, undefined, "", "{nope", "null", "5", '"r-1"', "[]", "{}"]) {
      expect(decodeEventMeta(text), String(text)).toBeUndefined();
    }
    expect(decodeEventMeta('{"tracestate":"a=1"}')).toBeUndefined();
  });

  it("leaves out a field of the wrong type and keeps the others", () => {
    expect(decodeEventMeta('{"requestId":7,"traceparent":"00-x","tracestate":1}')).toStrictEqual({
      traceparent: "00-x",
    });
    expect(decodeEventMeta('{"requestId":"r","traceparent":[],"tracestate":"s"}')).toStrictEqual({
      requestId: "r",
      tracestate: "s",
    });
  });
});
