import type { ApiKeyRecord, ApiKeyStore } from "@trellis/auth";
import {
  PostgresConnection,
  type PostgresStore,
  type PostgresStoreOptions,
} from "./postgres-connection.js";

// One row per key: its digest (the unique lookup key), never the key. Times are epoch ms, as the
// contract gives them. Revoked and expired rows stay (for audits); `list` shows them.
const ddl = (table: string) => [
  `CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, hash text NOT NULL UNIQUE, subject text NOT NULL, scopes text NOT NULL, claims text, expires_at bigint, revoked_at bigint, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
  `CREATE INDEX IF NOT EXISTS ${table.slice(0, -1)}_subject" ON ${table} (subject)`,
];

interface Row {
  readonly id: string;
  readonly hash: string;
  readonly subject: string;
  readonly scopes: string;
  readonly claims: string | null;
  readonly expires_at: string | null;
  readonly revoked_at: string | null;
}

const columns = "id, hash, subject, scopes, claims, expires_at::text, revoked_at::text";

function recordOf(row: Row): ApiKeyRecord {
  return Object.freeze({
    id: row.id,
    hash: row.hash,
    subject: row.subject,
    scopes: JSON.parse(row.scopes) as string[],
    ...(row.claims === null ? {} : { claims: JSON.parse(row.claims) as Record<string, unknown> }),
    ...(row.expires_at === null ? {} : { expiresAt: Number(row.expires_at) }),
    ...(row.revoked_at === null ? {} : { revokedAt: Number(row.revoked_at) }),
  });
}

/** The options of `postgresApiKeyStore`. */
export interface PostgresApiKeyStoreOptions extends Omit<PostgresStoreOptions, "cleanup"> {
  /** The clock revocations are stamped with (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * API keys in Postgres, shared by every instance: `apiKey({ store: postgresApiKeyStore({ sql })
 * })`. Keys are kept as their SHA-256 digest (`hashApiKey`), unique, so `find` is one indexed
 * lookup; a subject may hold several keys (rotation) and a revoked key is refused by every
 * instance from its next request on, since nothing is cached.
 *
 * @example
 * const keys = postgresApiKeyStore({ sql });
 * const key = generateApiKey();
 * await keys.add({ id: "acme-2026", hash: hashApiKey(key), subject: "acme", scopes: ["orders:read"] });
 */
export function postgresApiKeyStore(
  options: PostgresApiKeyStoreOptions = {},
): ApiKeyStore & PostgresStore & { close(): Promise<void> } {
  const db = new PostgresConnection(options, "trellis_api_keys", "postgresApiKeyStore", ddl);
  const now = options.now ?? Date.now;
  const { table } = db;
  return {
    async find(hash) {
      const rows = await db.run<Row>(`SELECT ${columns} FROM ${table} WHERE hash = $1`, [hash]);
      return rows[0] === undefined ? undefined : recordOf(rows[0]);
    },
    async add(record) {
      // A record of an existing id replaces it (its hash included): adding is idempotent.
      await db.run(
        `INSERT INTO ${table} (id, hash, subject, scopes, claims, expires_at, revoked_at)
          VALUES ($1, $2, $3, $4, $5, $6::bigint, $7::bigint)
          ON CONFLICT (id) DO UPDATE SET hash = EXCLUDED.hash, subject = EXCLUDED.subject,
            scopes = EXCLUDED.scopes, claims = EXCLUDED.claims, expires_at = EXCLUDED.expires_at,
            revoked_at = EXCLUDED.revoked_at`,
        [
          record.id,
          record.hash,
          record.subject,
          JSON.stringify(record.scopes),
          record.claims === undefined ? null : JSON.stringify(record.claims),
          record.expiresAt ?? null,
          record.revokedAt ?? null,
        ],
      );
    },
    async revoke(id) {
      const rows = await db.run(
        `UPDATE ${table} SET revoked_at = COALESCE(revoked_at, $2::bigint) WHERE id = $1 RETURNING id`,
        [id, now()],
      );
      return rows.length > 0;
    },
    async list(subject) {
      const rows = await db.run<Row>(
        `SELECT ${columns} FROM ${table} WHERE subject = $1 ORDER BY created_at, id`,
        [subject],
      );
      return rows.map(recordOf);
    },
    ping: () => db.ping(),
    close: () => db.close(),
  };
}
