import { Database, type Statement } from "bun:sqlite";
import { Inject, Injectable } from "@trellis/core";

/** A stored avatar: the image's bytes and media type. */
export interface Avatar {
  readonly bytes: Uint8Array;
  readonly type: string;
}

type AvatarRow = { avatar: Uint8Array | null; avatar_type: string | null };

/**
 * Avatars stored with their user, in the `users` table (a BLOB and its media type).
 *
 * @example
 * const avatars = new AvatarRepository(openDatabase(":memory:"));
 * avatars.save(userId, { bytes, type: "image/png" });
 */
@Injectable()
export class AvatarRepository {
  private readonly update: Statement<unknown, [{ id: string; avatar: Uint8Array; type: string }]>;
  private readonly select: Statement<AvatarRow, [{ id: string }]>;

  constructor(@Inject(Database) database: Database) {
    this.update = database.prepare(
      "UPDATE users SET avatar = $avatar, avatar_type = $type WHERE id = $id",
    );
    this.select = database.prepare("SELECT avatar, avatar_type FROM users WHERE id = $id");
  }

  /** Stores the avatar of a user; false when no user has this id. */
  save(id: string, avatar: Avatar): boolean {
    return this.update.run({ id, avatar: avatar.bytes, type: avatar.type }).changes === 1;
  }

  /** The avatar of a user: undefined when no user has this id, null when the user has none. */
  find(id: string): Avatar | null | undefined {
    const row = this.select.get({ id });
    if (!row) return undefined;
    if (row.avatar === null || row.avatar_type === null) return null;
    return { bytes: row.avatar, type: row.avatar_type };
  }
}
