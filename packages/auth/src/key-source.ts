import {
  createLocalJWKSet,
  errors,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWTHeaderParameters,
} from "jose";

/** How the issuer's signing keys are fetched and cached (see the README for why). */
export interface KeySourceSettings {
  /** Where the keys are; undefined: read `jwks_uri` from the issuer's discovery document. */
  readonly jwksUri: string | undefined;
  /** The issuer, whose `/.well-known/openid-configuration` names `jwks_uri`. */
  readonly issuer: string;
  /** Each fetch (discovery or JWKS) is abandoned after this many milliseconds. */
  readonly timeout: number;
  /** At most one fetch for unknown `kid`s in this many milliseconds. */
  readonly cooldown: number;
  /** Cached keys older than this are refreshed in the background (still served meanwhile). */
  readonly maxAge: number;
  /** While no key is cached, a failed fetch is retried at most once in this many milliseconds. */
  readonly retryInterval: number;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  readonly now: () => number;
}

/** Thrown when there is no key to verify with and none can be fetched: the answer is 503. */
export class KeysUnavailableError extends Error {
  override readonly name = "KeysUnavailableError";
  constructor(
    readonly retryAfterMs: number,
    options?: { cause?: unknown },
  ) {
    super("the issuer's signing keys cannot be fetched", options);
  }
}

type LocalSet = ReturnType<typeof createLocalJWKSet>;

/**
 * The issuer's signing keys, fetched once and cached. A `kid` the cache lacks causes one refetch,
 * and only if none ran within `cooldown` (so a flood of made-up kids costs one fetch); stale keys
 * are served while a background refresh runs, and kept when it fails. Key selection is jose's
 * `createLocalJWKSet` over the cached set: by the header's `kid` and `alg` only, never `jku`,
 * `x5u` or an embedded `jwk`.
 */
export class KeySource {
  private keys: LocalSet | undefined;
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private attemptedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<boolean> | undefined;
  private jwksUri: string | undefined;
  private lastError: unknown;

  constructor(private readonly settings: KeySourceSettings) {
    this.jwksUri = settings.jwksUri;
  }

  /** The key for a token's protected header, for `jwtVerify`. */
  readonly getKey = async (
    header: JWTHeaderParameters,
    token: FlattenedJWSInput,
  ): Promise<CryptoKey> => {
    const now = this.settings.now();
    if (this.keys === undefined) {
      if (now - this.attemptedAt < this.settings.retryInterval && this.pending === undefined) {
        throw new KeysUnavailableError(this.settings.retryInterval - (now - this.attemptedAt), {
          cause: this.lastError,
        });
      }
      await this.refresh();
      if (this.keys === undefined) {
        throw new KeysUnavailableError(this.settings.retryInterval, { cause: this.lastError });
      }
    } else if (now - this.fetchedAt > this.settings.maxAge) {
      void this.refresh(); // stale: served as is while the refresh runs
    }
    try {
      return (await (this.keys as LocalSet)(header, token)) as CryptoKey;
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // An unknown kid: maybe the issuer rotated. One refetch per cooldown, shared by every caller.
      if (this.pending === undefined && now - this.attemptedAt < this.settings.cooldown)
        throw error;
      await this.refresh();
      return (await (this.keys as LocalSet)(header, token)) as CryptoKey;
    }
  };

  /** Fetches the keys (one fetch at a time); resolves false when it failed, keeping the old ones. */
  private refresh(): Promise<boolean> {
    this.pending ??= this.load().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async load(): Promise<boolean> {
    this.attemptedAt = this.settings.now();
    try {
      this.jwksUri ??= await this.discover();
      const set = await this.getJson(this.jwksUri);
      if (!isKeySet(set)) throw new TypeError(`${this.jwksUri} is not a JSON Web Key Set`);
      this.keys = createLocalJWKSet(set);
      this.fetchedAt = this.settings.now();
      return true;
    } catch (error) {
      this.lastError = error;
      return false;
    }
  }

  /** `jwks_uri` from the issuer's OpenID discovery document, whose `issuer` must be ours. */
  private async discover(): Promise<string> {
    const base = this.settings.issuer.replace(/\/$/, "");
    const document = await this.getJson(`${base}/.well-known/openid-configuration`);
    const { issuer, jwks_uri } = (document ?? {}) as { issuer?: unknown; jwks_uri?: unknown };
    if (issuer !== this.settings.issuer) {
      throw new TypeError(`the discovery document names the issuer ${String(issuer)}`);
    }
    if (typeof jwks_uri !== "string" || !URL.canParse(jwks_uri)) {
      throw new TypeError("the discovery document has no jwks_uri");
    }
    return jwks_uri;
  }

  private async getJson(url: string): Promise<unknown> {
    const response = await this.settings.fetch(url, {
      headers: { accept: "application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(this.settings.timeout),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new TypeError(`${url} answered ${response.status}`);
    }
    return response.json();
  }
}

const isKeySet = (value: unknown): value is JSONWebKeySet =>
  value !== null &&
  typeof value === "object" &&
  Array.isArray((value as { keys?: unknown }).keys) &&
  (value as { keys: unknown[] }).keys.every((key) => key !== null && typeof key === "object");
