import { Database, type SQLiteError, type Statement } from "bun:sqlite";
import { Inject, Injectable } from "@trellis/core";
import type { CreateUserInput } from "./create-user-input.js";
import { DuplicateEmailError } from "./duplicate-email-error.js";
import type { User } from "./user.js";
import type { UserRepository } from "./user-repository.js";

const columns = "id, name, email";

// A row as SQLite returns it and as it is bound (strict mode: `{ id }` binds `$id`).
type UserRow = { id: string; name: string; email: string };

/**
 * Users stored in SQLite (`bun:sqlite`). Statements are prepared once, here, and reused by every
 * request. SQLite answers synchronously, so every method returns its value, not a promise.
 *
 * @example
 * const users = new SqliteUserRepository(openDatabase(":memory:"));
 * users.create({ name: "Ada", email: "ada@example.com" });
 */
@Injectable()
export class SqliteUserRepository implements UserRepository {
  private readonly selectPage: Statement<UserRow, [{ limit: number; offset: number }]>;
  private readonly selectById: Statement<UserRow, [{ id: string }]>;
  private readonly insert: Statement<UserRow, [UserRow]>;
  private readonly countAll: Statement<{ count: number }, []>;
  private readonly renameIfUnchanged: Statement<UserRow, [UserRow & { newName: string }]>;
  private readonly selectAll: Statement<UserRow, []>;
  private readonly insertAll: (inputs: readonly CreateUserInput[]) => User[];

  constructor(@Inject(Database) database: Database) {
    this.selectPage = database.prepare(
      `SELECT ${columns} FROM users ORDER BY position LIMIT $limit OFFSET $offset`,
    );
    this.selectById = database.prepare(`SELECT ${columns} FROM users WHERE id = $id`);
    this.insert = database.prepare(
      `INSERT INTO users (${columns}) VALUES ($id, $name, $email) RETURNING ${columns}`,
    );
    this.countAll = database.prepare("SELECT count(*) AS count FROM users");
    // One statement checks and writes: no other write can come between them.
    this.renameIfUnchanged = database.prepare(
      `UPDATE users SET name = $newName WHERE id = $id AND name = $name AND email = $email RETURNING ${columns}`,
    );
    this.selectAll = database.prepare(`SELECT ${columns} FROM users ORDER BY position`);
    // One transaction: a failure on any user rolls back the ones inserted before it.
    this.insertAll = database.transaction((inputs: readonly CreateUserInput[]) =>
      inputs.map((input) => this.insertOne(input)),
    );
  }

  /** One page of users, oldest first: `limit` users from the `page`-th page (from 1). */
  list({ page, limit }: { page: number; limit: number }): User[] {
    return this.selectPage.all({ limit, offset: (page - 1) * limit });
  }

  /** The user with this id, or undefined. */
  findById(id: string): User | undefined {
    return this.selectById.get({ id }) ?? undefined;
  }

  /** Stores a new user with a fresh id; throws `DuplicateEmailError` if the e-mail is taken. */
  create(input: CreateUserInput): User {
    return this.insertOne(input);
  }

  /** Stores several users, all or none; throws `DuplicateEmailError` naming the first clash. */
  createMany(inputs: readonly CreateUserInput[]): User[] {
    return this.insertAll(inputs);
  }

  /** Renames `user` if it is still stored as given; undefined when it changed or is gone. */
  rename(user: User, name: string): User | undefined {
    const { id, email } = user;
    return this.renameIfUnchanged.get({ id, name: user.name, email, newName: name }) ?? undefined;
  }

  /** Every user, oldest first, read row by row as the caller iterates. */
  all(): IterableIterator<User> {
    return this.selectAll.iterate();
  }

  /** How many users are stored. */
  count(): number {
    return this.countAll.get()?.count ?? 0;
  }

  private insertOne(input: CreateUserInput): User {
    const user = { id: crypto.randomUUID(), name: input.name, email: input.email };
    try {
      return this.insert.get(user) ?? user;
    } catch (error) {
      const { code, message } = error as SQLiteError;
      if (code === "SQLITE_CONSTRAINT_UNIQUE" && message.includes("users.email")) {
        throw new DuplicateEmailError(input.email);
      }
      throw error;
    }
  }
}
