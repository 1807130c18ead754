import { describe, expect, test } from "vitest";
import { parseWrkOutput, unexpectedResponses } from "./wrk.js";

// Captured from wrk 4.1.0 (Debian) against targets/raw.ts.
const ok = `Running 1s test @ http://127.0.0.1:4999/users/1
  1 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   180.99us    0.99ms  15.11ms   98.73%
    Req/Sec    97.82k    10.63k  109.93k    81.82%
  Latency Distribution
     50%   68.00us
     75%  104.00us
     90%  121.00us
     99%    3.70ms
  106525 requests in 1.10s, 18.29MB read
Requests/sec:  96869.62
Transfer/sec:     16.63MB
`;

const rejected = `Running 1s test @ http://127.0.0.1:4999/users?page=0&limit=1
  1 threads and 8 connections
  Latency Distribution
     50%   79.00us
     99%  802.00us
  91916 requests in 1.10s, 18.15MB read
  Socket errors: connect 0, read 3, write 1, timeout 2
  Non-2xx or 3xx responses: 91916
Requests/sec:  83552.33
Transfer/sec:     16.49MB
`;

describe("parseWrkOutput", () => {
  test("reads requests, rate and latency percentiles in milliseconds", () => {
    expect(parseWrkOutput(ok)).toEqual({
      requests: 106525,
      requestsPerSecond: 96869.62,
      non2xx: 0,
      socketErrors: 0,
      latencyP50Ms: 0.068,
      latencyP99Ms: 3.7,
    });
  });

  test("counts non-2xx responses and sums socket errors", () => {
    const result = parseWrkOutput(rejected);
    expect(result.non2xx).toBe(91916);
    expect(result.socketErrors).toBe(6);
    expect(result.latencyP99Ms).toBeCloseTo(0.802, 6);
  });

  test("throws on output without a summary", () => {
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:4998 Connection refused")).toThrow(
      /unexpected wrk output/,
    );
  });
});

describe("unexpectedResponses", () => {
  test("a 2xx scenario expects no non-2xx answer", () => {
    expect(unexpectedResponses({ requests: 100, non2xx: 0 }, 200)).toBe(0);
    expect(unexpectedResponses({ requests: 100, non2xx: 3 }, 201)).toBe(3);
  });

  test("S6 expects every answer to be its 400", () => {
    expect(unexpectedResponses({ requests: 100, non2xx: 100 }, 400)).toBe(0);
    expect(unexpectedResponses({ requests: 100, non2xx: 97 }, 400)).toBe(3);
  });
});
