import type { Awaitable } from "../database/awaitable.js";

/** A stored avatar: the image's bytes and media type. */
export interface Avatar {
  readonly bytes: Uint8Array;
  readonly type: string;
}

/**
 * Where avatars are kept, with their user: what `AvatarController` depends on, and its injection
 * token. `SqliteAvatarRepository` (a BLOB) and `PostgresAvatarRepository` (a BYTEA) behave the same.
 *
 * @example
 * createApp({ ..., providers: [{ provide: AvatarRepository, useClass: SqliteAvatarRepository }] });
 */
export abstract class AvatarRepository {
  /** Stores the avatar of a user, replacing any earlier one; false when no user has this id. */
  abstract save(id: string, avatar: Avatar): Awaitable<boolean>;

  /** The avatar of a user: undefined when no user has this id, null when the user has none. */
  abstract find(id: string): Awaitable<Avatar | null | undefined>;
}
