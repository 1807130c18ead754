// Trellis with the Standard Schema adapter and Zod 4 schemas: the same schemas as trellis-zod,
// validated through `~standard.validate` and documented through Standard JSON Schema. Unknown body
// properties (S5) are stripped by default: Zod's plain `z.object` drops undeclared keys, and core
// applies the adapter's `unknownProperties: "strip"` from the schema's JSON Schema as well, so
// `tracking` and each item's `internalCode` never reach the handler.
import { standardSchema } from "@trellis/adapter-standard-schema";
import { createApp } from "@trellis/core";
import { hostname, port, ready } from "./shared/listen.js";
import { zodApp } from "./shared/zod-app.js";

const app = createApp({ schema: standardSchema(), ...zodApp });

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-zod-standard");
