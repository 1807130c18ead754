// An OpenID provider (panva's certified oidc-provider) run as a test's own process:
// `bun oidc-provider-server.mjs <config.json>`. The config names the port, the signing keys
// (private JWKs, the first signs), the clients and the resource servers (audience -> scopes).
// Besides the provider's own routes it answers /__control, for the test only: how many times the
// JWKS was fetched, and whether JWKS requests hang (a slow or dead key endpoint).
import { readFileSync } from "node:fs";
import Provider from "oidc-provider";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const issuer = `http://127.0.0.1:${config.port}`;

const provider = new Provider(issuer, {
  clients: config.clients,
  jwks: { keys: config.keys },
  features: {
    // The provider's own login and consent pages, for the authorization-code flow's clients only.
    devInteractions: { enabled: config.interactive === true },
    clientCredentials: { enabled: true },
    introspection: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => config.defaultResource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource) => {
        const server = config.resources[resource];
        if (server === undefined) throw new Provider.errors.InvalidTarget();
        return {
          scope: server.scope,
          audience: resource,
          accessTokenTTL: server.ttl ?? 300,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        };
      },
    },
  },
  scopes: config.scopes,
});

let jwksFetches = 0;
let hanging = false;
const stalled = new Set();

provider.use(async (ctx, next) => {
  if (ctx.path === "/__control") {
    if (ctx.method === "POST") {
      const wanted = ctx.query.hang === "true";
      hanging = wanted;
      if (!wanted) {
        for (const release of stalled) release();
        stalled.clear();
      }
    }
    ctx.body = { jwksFetches, hanging };
    return;
  }
  if (ctx.path === "/jwks") {
    jwksFetches++;
    if (hanging) await new Promise((release) => stalled.add(release));
  }
  await next();
});

provider.listen(config.port, "127.0.0.1", () => {
  process.stdout.write(`listening ${issuer}\n`);
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
