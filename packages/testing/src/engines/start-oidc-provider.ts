import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { freePort, ServerProcess, waitUntil } from "./engine-process.js";

/** A signing key of the provider: its private key (for tokens a test forges) and its kid. */
export interface ProviderKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

/** What `startOidcProvider` is told: the resource servers (audience -> the scopes it knows). */
export interface OidcProviderOptions {
  /** Audience (resource indicator) -> the space-separated scopes the provider grants for it. */
  readonly resources: Readonly<Record<string, string>>;
  /** Access token lifetime in seconds (default 300). */
  readonly ttl?: number;
  /**
   * Public clients of the authorization-code flow with PKCE (Swagger UI, a single-page app): client
   * id -> its redirect URIs. They authenticate with no secret (PKCE is then required) and may call
   * the token endpoint cross-origin from their redirect URIs' origins. Turns on the provider's
   * development login and consent pages (any login, any password).
   */
  readonly publicClients?: Readonly<Record<string, readonly string[]>>;
}

/** An oidc-provider process started by a test. */
export interface RunningOidcProvider {
  /** The issuer (`http://127.0.0.1:<port>`), also where discovery is served. */
  readonly issuer: string;
  readonly jwksUri: string;
  /** The authorization endpoint (authorization-code flow, for `publicClients`). */
  readonly authorizationUrl: string;
  /** The token endpoint. */
  readonly tokenUrl: string;
  /** The client-credentials client every token is issued to. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** A JWT access token from the token endpoint (client credentials grant, RFC 8707 resource). */
  token(options: { readonly resource: string; readonly scope?: string }): Promise<string>;
  /** The key that signs now (the first of the JWKS). */
  signingKey(): ProviderKey;
  /** Every key the provider publishes, the signing one first. */
  keys(): readonly ProviderKey[];
  /** Key rotation: a new key signs from now on, the old ones stay published. Restarts the process. */
  rotate(): Promise<ProviderKey>;
  /** Stops publishing every key but the signing one. Restarts the process. */
  retireOldKeys(): Promise<void>;
  /** How many times the JWKS was fetched since the process (re)started. */
  jwksFetches(): Promise<number>;
  /** While on, JWKS requests get no answer (a hanging key endpoint); off releases them. */
  hangJwks(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function newKey(): Promise<ProviderKey & { readonly privateJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = crypto.randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return { kid, privateKey, publicJwk, privateJwk };
}

const script = join(import.meta.dirname, "oidc-provider-server.mjs");

/**
 * Starts panva's oidc-provider (a certified OpenID provider) as this test's own process on a free
 * port: discovery, JWKS and a token endpoint that issues RS256 JWT access tokens to one
 * client-credentials client for the given resources (and, with `publicClients`, to browser clients
 * through the authorization-code flow with PKCE). Key rotation restarts it on the same port
 * with the new key set, as a provider rotating its keys would publish them.
 *
 * @example
 * const idp = await startOidcProvider({ resources: { "https://orders.test": "orders:read" } });
 * try { const token = await idp.token({ resource: "https://orders.test" }); } finally { await idp.stop(); }
 */
export async function startOidcProvider(
  options: OidcProviderOptions,
): Promise<RunningOidcProvider> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "trellis-oidc-"));
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "trellis-tests";
  const clientSecret = `secret-${crypto.randomUUID()}`;
  const scopes = [...new Set(Object.values(options.resources).flatMap((s) => s.split(" ")))];
  let keys = [await newKey()];
  let server: ServerProcess | undefined;
  let generation = 0;

  const up = async () => {
    const file = join(dir, `config-${generation++}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        port,
        keys: keys.map((key) => key.privateJwk),
        defaultResource: Object.keys(options.resources)[0],
        resources: Object.fromEntries(
          Object.entries(options.resources).map(([audience, scope]) => [
            audience,
            { scope, ttl: options.ttl ?? 300 },
          ]),
        ),
        scopes,
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            grant_types: ["client_credentials"],
            redirect_uris: [],
            response_types: [],
            scope: scopes.join(" "),
          },
          ...Object.entries(options.publicClients ?? {}).map(([id, redirectUris]) => ({
            client_id: id,
            token_endpoint_auth_method: "none",
            grant_types: ["authorization_code"],
            response_types: ["code"],
            redirect_uris: [...redirectUris],
            scope: scopes.join(" "),
          })),
        ],
        interactive: options.publicClients !== undefined,
      }),
    );
    const started = new ServerProcess(process.execPath, [script, file]);
    server = started;
    await waitUntil("oidc-provider", started, async () => {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`);
      await response.body?.cancel();
      return response.ok;
    });
  };
  const down = async () => {
    await server?.stop("SIGTERM");
    server = undefined;
  };
  const control = async (query = "") => {
    const response = await fetch(`${issuer}/__control${query}`, {
      method: query === "" ? "GET" : "POST",
    });
    return (await response.json()) as { jwksFetches: number };
  };
  await up();

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    clientId,
    clientSecret,
    async token({ resource, scope }) {
      const body = new URLSearchParams({ grant_type: "client_credentials", resource });
      if (scope !== undefined) body.set("scope", scope);
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body,
      });
      const answer = (await response.json()) as { access_token?: string };
      if (!response.ok || answer.access_token === undefined) {
        throw new Error(`oidc-provider refused a token: ${JSON.stringify(answer)}`);
      }
      return answer.access_token;
    },
    signingKey: () => keys[0] as ProviderKey,
    keys: () => keys,
    async rotate() {
      const fresh = await newKey();
      keys = [fresh, ...keys];
      await down();
      await up();
      return fresh;
    },
    async retireOldKeys() {
      keys = keys.slice(0, 1);
      await down();
      await up();
    },
    jwksFetches: async () => (await control()).jwksFetches,
    async hangJwks(on) {
      await control(`?hang=${on}`);
    },
    async stop() {
      await down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
