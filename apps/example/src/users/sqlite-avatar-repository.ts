import { Database, type Statement } from "bun:sqlite";
import { Inject, Injectable } from "@trellis/core";
import type { Avatar, AvatarRepository } from "./avatar-repository.js";

type AvatarRow = { avatar: Uint8Array | null; avatar_type: string | null };

/**
 * Avatars stored with their user, in the SQLite `users` table (a BLOB and its media type).
 *
 * @example
 * const avatars = new SqliteAvatarRepository(openDatabase(":memory:"));
 * avatars.save(userId, { bytes, type: "image/png" });
 */
@Injectable()
export class SqliteAvatarRepository implements AvatarRepository {
  private readonly update: Statement<unknown, [{ id: string; avatar: Uint8Array; type: string }]>;
  private readonly select: Statement<AvatarRow, [{ id: string }]>;

  constructor(@Inject(Database) database: Database) {
    this.update = database.prepare(
      "UPDATE users SET avatar = $avatar, avatar_type = $type WHERE id = $id",
    );
    this.select = database.prepare("SELECT avatar, avatar_type FROM users WHERE id = $id");
  }

  save(id: string, avatar: Avatar): boolean {
    return this.update.run({ id, avatar: avatar.bytes, type: avatar.type }).changes === 1;
  }

  find(id: string): Avatar | null | undefined {
    const row = this.select.get({ id });
    if (!row) return undefined;
    if (row.avatar === null || row.avatar_type === null) return null;
    return { bytes: row.avatar, type: row.avatar_type };
  }
}
