import { conformanceApp } from "./app.js";

// `bun src/main.ts`: the app on PORT (default 3001), for running the suite by hand.
const app = conformanceApp();
const server = Bun.serve({
  port: Number(process.env.PORT ?? 3001),
  routes: app.routes,
  fetch: app.fetch,
});
console.log(`conformance app: http://localhost:${server.port}/mcp`);
