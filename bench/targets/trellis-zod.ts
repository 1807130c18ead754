// Trellis with the Zod adapter, every scenario written as a user writes it (in shared/zod-app.ts,
// which trellis-zod-standard serves too). Unknown body properties (S5) are stripped twice over by
// default: a plain `z.object` drops undeclared keys and the adapter's `unknownProperties: "strip"`
// says the same (`z.strictObject` would reject them), so `tracking` and each item's
// `internalCode` never reach the handler.
import { zod } from "@trellis/adapter-zod";
import { createApp } from "@trellis/core";
import { hostname, port, ready } from "./shared/listen.js";
import { zodApp } from "./shared/zod-app.js";

const app = createApp({ schema: zod(), ...zodApp });

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-zod");
