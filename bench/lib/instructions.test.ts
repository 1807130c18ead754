import { describe, expect, it } from "vitest";
import { parseDumpHeader, sumThreads } from "./instructions-callgrind.js";
import { requestBytes, responseLength } from "./instructions-load.js";
import { parseProfile } from "./instructions-profile.js";
import { judgeScenarios } from "./instructions-scenarios.js";
import { countScenario, planFor, settled, spread } from "./instructions-windows.js";

describe("callgrind dumps", () => {
  it("reads the thread and the summary of a dump's header", () => {
    const header =
      "# callgrind format\nversion: 1\npart: 3\nthread: 2\n\nevents: Ir\nsummary: 12345\n";
    expect(parseDumpHeader(header)).toEqual({ thread: 2, instructions: 12345 });
    expect(() => parseDumpHeader("events: Ir\n")).toThrow(/not a callgrind dump/);
  });

  it("sums the threads and keeps thread 1 as the main thread", () => {
    const counts = sumThreads([
      { thread: 1, instructions: 100 },
      { thread: 2, instructions: 5 },
      { thread: 3, instructions: 0 },
    ]);
    expect(counts).toEqual({ main: 100, all: 105, byThread: { 1: 100, 2: 5, 3: 0 } });
    expect(() => sumThreads([{ thread: 2, instructions: 1 }])).toThrow(/thread 1/);
  });

  it("splits self costs per object and function, leaving out calls' inclusive costs", () => {
    const dump = [
      "events: Ir",
      "ob=(1) /usr/lib/libc.so.6",
      "fn=(1) memset",
      "0 40",
      "ob=(2) ???",
      "fn=(2) 0x1234",
      "0 10",
      "cob=(1)",
      "cfn=(1)",
      "calls=1 0",
      "0 40",
      "fn=(1)",
      "0 2",
    ].join("\n");
    const profile = parseProfile(dump);
    expect(profile.total).toBe(52);
    expect(profile.objects).toEqual([
      { name: "libc.so.6", instructions: 40 },
      { name: "JIT code (no object)", instructions: 12 },
    ]);
    expect(profile.functions[0]).toEqual({ name: "memset [libc.so.6]", instructions: 40 });
  });
});

describe("the load generator's framing", () => {
  it("writes a keep-alive HTTP/1.1 request with a byte-exact content-length", () => {
    const bytes = requestBytes(
      {
        method: "POST",
        path: "/users",
        headers: { "content-type": "application/json" },
        body: '{"a":"é"}',
      },
      "127.0.0.1:1",
    );
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("POST /users HTTP/1.1\r\nhost: 127.0.0.1:1\r\n")).toBe(true);
    expect(text).toContain("content-length: 10\r\n\r\n{");
  });

  it("finds the end of content-length and chunked responses, and waits for partial ones", () => {
    const fixed = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
    expect(responseLength(fixed)).toEqual({ length: fixed.length, status: 200 });
    expect(responseLength(fixed.slice(0, -1))).toBeUndefined();
    const chunked =
      "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
    expect(responseLength(`${chunked}HTTP/1.1`)).toEqual({ length: chunked.length, status: 201 });
    expect(responseLength("HTTP/1.1 204 No Content\r\nallow: GET\r\n\r\n")?.status).toBe(204);
  });
});

describe("the window rule", () => {
  const plan = planFor("S1", { warmup: 5, window: 10, maxWindows: 6 });

  it("gives S5 a shorter plan and lets the command line override any field", () => {
    expect(planFor("S5").window).toBeLessThan(planFor("S1").window);
    expect(planFor("S5", { window: 7 }).window).toBe(7);
  });

  it("settles when the last three windows agree within 2 %", () => {
    const w = (main: number) => ({ main, all: main });
    expect(spread([100, 102])).toBeCloseTo(0.02);
    expect(settled([w(150), w(120), w(101), w(100), w(102)], plan)).toBe(true);
    expect(settled([w(150), w(120), w(101)], plan)).toBe(false);
  });

  it("warms up, counts falling windows until three agree, and reports their median", async () => {
    const totals = [3000, 2000, 1010, 1000, 1005, 999];
    const sent: number[] = [];
    const count = await countScenario(plan, {
      send: async (n) => {
        sent.push(n);
      },
      zero: async () => {},
      dump: async () => {
        const main = totals.shift()!;
        return { main, all: main + 10, byThread: { 1: main } };
      },
    });
    expect(sent).toEqual([5, 10, 10, 10, 10, 10]);
    expect(count.windows.map((w) => w.main)).toEqual([300, 200, 101, 100, 100.5]);
    expect(count).toMatchObject({ stable: true, main: 101 - 0.5, all: 101.5 });
  });

  it("gives up after maxWindows and marks the row unstable", async () => {
    let next = 1000;
    const count = await countScenario(plan, {
      send: async () => {},
      zero: async () => {},
      dump: async () => {
        next *= 0.9;
        return { main: next, all: next, byThread: { 1: next } };
      },
    });
    expect(count.windows).toHaveLength(6);
    expect(count.stable).toBe(false);
  });
});

describe("the judge's scenarios", () => {
  it("reuses every timed scenario and adds the static row X", () => {
    const ids = judgeScenarios([]).map((scenario) => scenario.id);
    expect(ids).toEqual(["S1", "S1s", "S2", "S3", "S3s", "S4", "S5", "S6", "X"]);
    expect(() => judgeScenarios(["S9"])).toThrow(/Unknown/);
  });
});
