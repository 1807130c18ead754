// A rolling restart of the documented deployment under load: wrk GETs and wrk POSTs with unique
// bodies through nginx, an SSE client and a WebSocket client following user events through nginx,
// and afterwards the database and the clients compared with what wrk was told.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import type { Deployment } from "./deployment.js";
import {
  type Delivery,
  delivery,
  type Follower,
  followSse,
  followWebSocket,
} from "./event-clients.js";
import { nginxVersion } from "./nginx.js";
import { type Restart, rollingRestart } from "./rolling-restart.js";
import { createdByWrk, createUsersScript, startWrk, type WrkSummary } from "./wrk.js";

export { guideNginxConfig } from "./nginx.js";

/** What the POST load left in the database, against what wrk was answered. */
export interface Stored {
  /** 201 answers wrk received. */
  readonly answered: number;
  /** Rows of this run in Postgres. */
  readonly stored: number;
  /** Answered 201 but not in the database. */
  readonly answeredNotStored: readonly string[];
  /** E-mail addresses stored more than once (the unique index should make this impossible). */
  readonly storedTwice: readonly string[];
  /** Stored without a 201 reaching wrk: requests still in flight when wrk was stopped. */
  readonly storedUnanswered: number;
  /** Non-201 answers wrk recorded (status and body). */
  readonly failures: readonly string[];
}

/** What a follower received, against the users stored. */
export interface FollowerResult extends Delivery {
  readonly kind: Follower["kind"];
  readonly connections: number;
  readonly gaps: number;
  readonly errors: readonly string[];
}

/** The outcome of one run. */
export interface ScaleOutResult {
  readonly nginx: string;
  readonly instances: number;
  readonly events: Deployment["events"];
  readonly get: WrkSummary;
  readonly post: WrkSummary;
  readonly connections: { readonly get: number; readonly post: number };
  readonly restarts: readonly Restart[];
  readonly stored: Stored;
  readonly followers: readonly FollowerResult[];
  /** What nginx wrote to its error log (upstream attempts it retried, and worse). */
  readonly nginxErrors: string;
}

export interface ScaleOutOptions {
  /** wrk connections for `GET /users?limit=10` and for `POST /users` (default 8 each). */
  readonly getConnections?: number;
  readonly postConnections?: number;
  /** Load before the first restart and after the last (default 1 000 ms). */
  readonly settleMs?: number;
  /** Take each instance out of nginx around its restart, as the guide does (default true). */
  readonly takeOut?: boolean;
  /**
   * wrk keeps its connections to nginx alive. Default false (a connection per request): each
   * nginx reload closes busy kept-alive client connections, which wrk counts as errors although
   * those requests never left nginx; the test counts what happens behind nginx, the bench both.
   */
  readonly clientKeepAlive?: boolean;
  /** Follow user events with an SSE and a WebSocket client (default true). */
  readonly follow?: boolean;
}

/** Runs the load, the rolling restart, then compares database, wrk and followers. */
export async function runScaleOut(
  deployment: Deployment,
  {
    getConnections = 8,
    postConnections = 8,
    settleMs = 1000,
    takeOut = true,
    follow = true,
    clientKeepAlive = false,
  }: ScaleOutOptions = {},
): Promise<ScaleOutResult> {
  const front = deployment.nginx.url;
  const run = crypto.randomUUID().slice(0, 8);
  const records = join(deployment.folder, `wrk-${run}`);
  mkdirSync(records);
  const followers = follow ? [followSse(front), followWebSocket(front)] : [];
  try {
    await Promise.all(followers.map((follower) => follower.opened));
    const headers = clientKeepAlive ? [] : ["Connection: close"];
    const getLoad = startWrk(`${front}/users?limit=10`, { connections: getConnections, headers });
    const postLoad = startWrk(`${front}/users`, {
      connections: postConnections,
      script: createUsersScript,
      args: [run, records],
      headers,
    });
    await Bun.sleep(settleMs);
    const restarts = await rollingRestart(deployment, { takeOut });
    await Bun.sleep(settleMs);
    const [get, post] = await Promise.all([getLoad.finish(), postLoad.finish()]);
    const stored = await storedUsers(deployment.postgres.url, run, records);
    const ids = stored.rows.map((row) => row.id);
    await untilDelivered(followers, ids);
    return {
      nginx: nginxVersion(),
      instances: deployment.ports.length,
      events: deployment.events,
      get,
      post,
      connections: { get: getConnections, post: postConnections },
      restarts,
      stored: stored.summary,
      followers: followers.map((follower) => {
        const record = follower.record();
        return {
          kind: follower.kind,
          connections: record.connections,
          gaps: record.gaps,
          errors: record.errors,
          ...delivery(record, ids),
        };
      }),
      nginxErrors: deployment.nginx.errorLog(),
    };
  } finally {
    for (const follower of followers) follower.close();
  }
}

/** The run's rows in Postgres, compared with the 201 answers wrk recorded. */
async function storedUsers(url: string, run: string, records: string) {
  const sql = new SQL(url);
  try {
    const rows: { id: string; email: string }[] = await sql`
      SELECT id, email FROM users WHERE email LIKE ${`wrk-${run}-%`} ORDER BY position`;
    const { created, failed } = createdByWrk(records);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
    const answered = new Set(created.map((each) => each.email));
    return {
      rows,
      summary: {
        answered: created.length,
        stored: rows.length,
        answeredNotStored: [...answered].filter((email) => !counts.has(email)),
        storedTwice: [...counts].filter(([, count]) => count > 1).map(([email]) => email),
        storedUnanswered: [...counts.keys()].filter((email) => !answered.has(email)).length,
        failures: failed,
      } satisfies Stored,
    };
  } finally {
    await sql.close({ timeout: 0 });
  }
}

/**
 * Waits until every follower has received every id, or until none has received anything new for
 * 15 s (then the comparison shows what is missing). Events arrive after the load has stopped.
 */
async function untilDelivered(followers: readonly Follower[], ids: readonly string[]) {
  const quietMs = 15_000;
  let lastCount = -1;
  let lastChange = performance.now();
  for (;;) {
    const counts = followers.map((follower) => delivery(follower.record(), ids).delivered);
    if (counts.every((count) => count === ids.length)) return;
    const total = counts.reduce((sum, count) => sum + count, 0);
    if (total !== lastCount) {
      lastCount = total;
      lastChange = performance.now();
    } else if (performance.now() - lastChange > quietMs) return;
    await Bun.sleep(100);
  }
}
