// Fan-out latency across the instances of a deployment: an SSE and a WebSocket subscriber on each
// instance (straight to its port), users created one at a time through each instance in turn, and
// for each user the time until the last subscriber had it.
import type { Deployment } from "./deployment.js";
import { delivery, type Follower, followSse, followWebSocket } from "./event-clients.js";

/** Percentiles of a list of milliseconds. */
export interface Spread {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** What the probe measured. */
export interface FanOut {
  readonly subscribers: number;
  readonly users: number;
  /** Deliveries that arrived (users × subscribers when nothing is lost). */
  readonly delivered: number;
  readonly expected: number;
  /** From sending the POST to the last subscriber (an upper bound: includes the insert). */
  readonly fromSent: Spread;
  /** From the 201 reaching the client to the last subscriber (a lower bound: published before). */
  readonly fromAnswered: Spread;
}

/** Creates `users` users one after the other and times their fan-out to every subscriber. */
export async function measureFanOut(deployment: Deployment, users = 200): Promise<FanOut> {
  const bases = deployment.ports.map((port) => `http://127.0.0.1:${port}`);
  const followers: Follower[] = bases.flatMap((base) => [followSse(base), followWebSocket(base)]);
  try {
    await Promise.all(followers.map((follower) => follower.opened));
    const run = crypto.randomUUID().slice(0, 8);
    const sent = new Map<string, { sent: number; answered: number }>();
    for (let index = 0; index < users; index++) {
      const base = bases[index % bases.length] as string;
      const started = performance.now();
      const response = await fetch(`${base}/users`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Fan-out", email: `fan-${run}-${index}@example.com` }),
      });
      const answered = performance.now();
      if (response.status !== 201) throw new Error(`POST ${response.status}`);
      const { id } = (await response.json()) as { id: string };
      sent.set(id, { sent: started, answered });
    }
    const ids = [...sent.keys()];
    // Every subscriber has every user, or nothing new arrived for 10 s.
    let last = -1;
    let since = performance.now();
    for (;;) {
      const count = followers.reduce((sum, f) => sum + delivery(f.record(), ids).delivered, 0);
      if (count === ids.length * followers.length) break;
      if (count !== last) [last, since] = [count, performance.now()];
      else if (performance.now() - since > 10_000) break;
      await Bun.sleep(50);
    }
    const records = followers.map((follower) => follower.record());
    const fromSent: number[] = [];
    const fromAnswered: number[] = [];
    for (const [id, times] of sent) {
      const arrivals = records.map((record) => record.arrivals.get(id));
      if (arrivals.some((arrival) => arrival === undefined)) continue;
      const lastArrival = Math.max(...(arrivals as number[]));
      fromSent.push(lastArrival - times.sent);
      fromAnswered.push(lastArrival - times.answered);
    }
    return {
      subscribers: followers.length,
      users,
      delivered: records.reduce((sum, record) => sum + delivery(record, ids).delivered, 0),
      expected: users * followers.length,
      fromSent: spread(fromSent),
      fromAnswered: spread(fromAnswered),
    };
  } finally {
    for (const follower of followers) follower.close();
  }
}
