import "reflect-metadata";
import type { App, Logger } from "@trellis/core";
import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import { createExampleApp } from "../../support/example.js";
import { createArktypeProbeApp, createArktypeUsersApp } from "../apps/arktype-app.js";
import { createClassValidatorProbeApp } from "../apps/class-validator-probe-app.js";
import { createTypeboxProbeApp, createTypeboxUsersApp } from "../apps/typebox-app.js";
import { createValibotProbeApp, createValibotUsersApp } from "../apps/valibot-app.js";
import { createZodProbeApp, createZodUsersApp } from "../apps/zod-app.js";

/** The schema adapters Trellis ships. */
export type AdapterName = "class-validator" | "typebox" | "zod" | "valibot" | "standard-schema";

/** One users API under test, and the probe app (integer inputs, a path echo) of its adapter. */
export interface Target {
  readonly adapter: AdapterName;
  /** "the example (class-validator)", "typebox variant", ... */
  readonly label: string;
  /** The users API: the example itself, or the same API declared with another adapter. */
  createUsersApp(options: { logger: Logger; openapiVersion?: "3.0" | "3.1" }): App;
  /**
   * `/probe/numbers/:n`, `/probe/numbers?n=`, `POST /probe/numbers {n}` (answers the validated body)
   * and `/probe/echo/:value`, with the adapter's `unknownProperties` option when given.
   */
  createProbeApp(logger: Logger, unknownProperties?: UnknownPropertyPolicy): App;
}

/** Rate limit counters that count every request as a window's first. */
// A rate-limit store (its contract is @trellis/rate-limit's, which this kit cannot depend on: the
// feature packages depend on it) whose every count is the first.
const neverRefused = { hit: () => ({ count: 1, resetMs: 60_000 }) };

/** The example itself plus the same users API built with each of the other adapters. */
export const targets: readonly Target[] = [
  {
    adapter: "class-validator",
    label: "the example (class-validator)",
    // The example serves OpenAPI 3.0 only: its app takes no document options. These suites send
    // hundreds of hostile bodies to POST /users/bulk, far past its 20 a minute: its counters never
    // refuse here, so each body meets the checks under attack (the rate limit has its own tests).
    createUsersApp: ({ logger }) =>
      createExampleApp({ databasePath: ":memory:", logger, rateLimitStore: neverRefused }),
    createProbeApp: createClassValidatorProbeApp,
  },
  {
    adapter: "typebox",
    label: "typebox variant",
    createUsersApp: createTypeboxUsersApp,
    createProbeApp: createTypeboxProbeApp,
  },
  {
    adapter: "zod",
    label: "zod variant",
    createUsersApp: createZodUsersApp,
    createProbeApp: createZodProbeApp,
  },
  {
    adapter: "valibot",
    label: "valibot variant",
    createUsersApp: createValibotUsersApp,
    createProbeApp: createValibotProbeApp,
  },
  {
    adapter: "standard-schema",
    label: "arktype variant (standard-schema)",
    createUsersApp: createArktypeUsersApp,
    createProbeApp: createArktypeProbeApp,
  },
];
