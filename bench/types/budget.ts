// The type-check budget's rule and its measuring: a consumer's instantiations (deterministic for a
// given compiler) at 0, 60 and 200 routes, and whether growth from 60 to 200 is at most linear.
import { join } from "node:path";
import { baselineConsumer, honoConsumer, trellisConsumer } from "./generate-consumers.js";
import { type CheckFigures, typeCheck, writeConsumer } from "./type-check.js";

export type Framework = "trellis" | "hono";

/** The route counts of the issue, and 0 (the imports alone) as the fixed cost. */
export const ROUTE_COUNTS = [0, 60, 200] as const;

/** Slack on the per-route comparison: instantiation counts are exact, so this is small. */
export const LINEAR_SLACK = 0.05;

/**
 * At most linear: the instantiations each route adds between 60 and 200 routes are no more than
 * the average each of the first 60 added (above the 0-route fixed cost), plus the slack. Quadratic
 * growth (a type over all routes re-instantiated per route) fails this at once.
 */
export function perRouteGrowth(counts: { 0: number; 60: number; 200: number }): {
  first: number;
  next: number;
  linear: boolean;
} {
  const first = (counts[60] - counts[0]) / 60;
  const next = (counts[200] - counts[60]) / 140;
  return { first, next, linear: next <= first * (1 + LINEAR_SLACK) };
}

/** The consumer source of a framework at a route count. */
export function consumerSource(framework: Framework, routes: number): string {
  if (routes === 0) return baselineConsumer(framework);
  return framework === "trellis" ? trellisConsumer(routes) : honoConsumer(routes);
}

/** Writes and checks one consumer under `root` (one folder per framework and route count). */
export function measure(
  compiler: readonly string[],
  framework: Framework,
  routes: number,
  root: string,
): CheckFigures {
  const dir = join(root, `${framework}-${routes}`);
  writeConsumer(dir, consumerSource(framework, routes));
  return typeCheck(compiler, dir);
}
