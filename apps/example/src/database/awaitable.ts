/** A value now (SQLite answers at once) or later (Postgres answers over the network): `await` it. */
export type Awaitable<T> = T | Promise<T>;
