// The three timed scenarios, identical for every target.
import { join } from "node:path";

/** One timed request shape. */
export interface Scenario {
  id: "S1" | "S2" | "S3";
  /** Column heading in the report. */
  title: string;
  /** Path and query wrk requests. */
  path: string;
  /** wrk Lua script (for the POST body), relative to bench/. */
  script?: string;
}

/** S1 path param, S2 validated POST body, S3 validated query. */
export const scenarios: readonly Scenario[] = [
  { id: "S1", title: "S1 GET /users/:id", path: "/users/42" },
  {
    id: "S2",
    title: "S2 POST /users",
    path: "/users",
    script: join("scenarios", "post-user.lua"),
  },
  { id: "S3", title: "S3 GET /users?page&limit", path: "/users?page=2&limit=10" },
];
