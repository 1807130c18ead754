import { Inject, Injectable } from "@trellis/core";
import { SQL } from "bun";
import type { Avatar, AvatarRepository } from "./avatar-repository.js";

type AvatarRow = { avatar: Uint8Array | null; avatar_type: string | null };

/**
 * Avatars stored with their user, in the Postgres `users` table (a BYTEA and its media type).
 *
 * @example
 * const avatars = new PostgresAvatarRepository(new SQL(process.env.DATABASE_URL));
 * await avatars.save(userId, { bytes, type: "image/png" });
 */
@Injectable()
export class PostgresAvatarRepository implements AvatarRepository {
  constructor(@Inject(SQL) private readonly sql: SQL) {}

  async save(id: string, { bytes, type }: Avatar): Promise<boolean> {
    const updated = await this.sql`
      UPDATE users SET avatar = ${bytes}, avatar_type = ${type} WHERE id = ${id}`;
    return updated.count === 1;
  }

  async find(id: string): Promise<Avatar | null | undefined> {
    const [row]: AvatarRow[] = await this
      .sql`SELECT avatar, avatar_type FROM users WHERE id = ${id}`;
    if (!row) return undefined;
    if (row.avatar === null || row.avatar_type === null) return null;
    // Bun.sql hands a BYTEA over as a Buffer: the same bytes as a plain Uint8Array, as SQLite gives.
    const { buffer, byteOffset, byteLength } = row.avatar;
    return { bytes: new Uint8Array(buffer, byteOffset, byteLength), type: row.avatar_type };
  }
}
