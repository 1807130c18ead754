import { Inject, Injectable } from "@trellis/core";
import { SQL } from "bun";
import type { CreateUserInput } from "./create-user-input.js";
import { DuplicateEmailError } from "./duplicate-email-error.js";
import type { User } from "./user.js";
import type { UserRepository } from "./user-repository.js";

// Postgres's code for a unique violation, and the index that keeps e-mails unique (migrations).
const uniqueViolation = "23505";
const emailIndex = "users_email_key";

// Bun.sql answers with an array that also carries `count` and `command`: hand out plain users.
const users = (rows: readonly User[]): User[] =>
  rows.map(({ id, name, email }) => ({ id, name, email }));

/**
 * Users stored in Postgres through `Bun.sql` (used when `DATABASE_URL` is set). The same table
 * shape and rules as the SQLite repository: ids are generated here, order is insertion order
 * (`position`), e-mails are unique ignoring ASCII case.
 *
 * @example
 * const users = new PostgresUserRepository(new SQL(process.env.DATABASE_URL));
 * await users.create({ name: "Ada", email: "ada@example.com" });
 */
@Injectable()
export class PostgresUserRepository implements UserRepository {
  constructor(@Inject(SQL) private readonly sql: SQL) {}

  async list({ page, limit }: { page: number; limit: number }): Promise<User[]> {
    const offset = (page - 1) * limit;
    return users(
      await this
        .sql`SELECT id, name, email FROM users ORDER BY position LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  async findById(id: string): Promise<User | undefined> {
    return users(await this.sql`SELECT id, name, email FROM users WHERE id = ${id}`)[0];
  }

  create(input: CreateUserInput): Promise<User> {
    return insertOne(this.sql, input);
  }

  createMany(inputs: readonly CreateUserInput[]): Promise<User[]> {
    // One transaction: a failure on any user rolls back the ones inserted before it.
    return this.sql.begin(async (transaction) => {
      const created: User[] = [];
      for (const input of inputs) created.push(await insertOne(transaction, input));
      return created;
    });
  }

  async rename(user: User, name: string): Promise<User | undefined> {
    // One statement checks and writes: no other write can come between them.
    return users(
      await this.sql`UPDATE users SET name = ${name}
        WHERE id = ${user.id} AND name = ${user.name} AND email = ${user.email}
        RETURNING id, name, email`,
    )[0];
  }

  async all(): Promise<User[]> {
    return users(await this.sql`SELECT id, name, email FROM users ORDER BY position`);
  }

  async count(): Promise<number> {
    const [row] = await this.sql`SELECT count(*) AS count FROM users`;
    return Number(row.count); // a bigint, which Bun.sql hands over as a string
  }
}

async function insertOne(sql: SQL, input: CreateUserInput): Promise<User> {
  const user = { id: crypto.randomUUID(), name: input.name, email: input.email };
  try {
    await sql`INSERT INTO users (id, name, email) VALUES (${user.id}, ${user.name}, ${user.email})`;
    return user;
  } catch (error) {
    if (
      error instanceof SQL.PostgresError &&
      error.errno === uniqueViolation &&
      error.constraint === emailIndex
    ) {
      throw new DuplicateEmailError(input.email);
    }
    throw error;
  }
}
