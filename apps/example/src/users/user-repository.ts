import type { Awaitable } from "../database/awaitable.js";
import type { CreateUserInput } from "./create-user-input.js";
import type { User } from "./user.js";

/**
 * Where users are kept: what the controllers depend on, and their injection token. Two
 * implementations behave the same, as one shared test suite checks: `SqliteUserRepository` (the
 * embedded default) and `PostgresUserRepository` (when `DATABASE_URL` is set). Callers `await`
 * every answer, whichever is in use.
 *
 * @example
 * createApp({ ..., providers: [{ provide: UserRepository, useClass: SqliteUserRepository }] });
 */
export abstract class UserRepository {
  /** One page of users, oldest first: `limit` users from the `page`-th page (from 1). */
  abstract list(page: { page: number; limit: number }): Awaitable<User[]>;

  /** The user with this id, or undefined (for any string, even one that is not a UUID). */
  abstract findById(id: string): Awaitable<User | undefined>;

  /**
   * Stores a new user with a fresh id; fails with `DuplicateEmailError` when the e-mail is taken,
   * ignoring ASCII case (`Ada@x` and `ada@X` clash; `É` and `é` do not, on both databases).
   */
  abstract create(input: CreateUserInput): Awaitable<User>;

  /** Stores several users, all or none; fails with `DuplicateEmailError` naming the first clash. */
  abstract createMany(inputs: readonly CreateUserInput[]): Awaitable<User[]>;

  /**
   * Renames `user` only if it is still stored as given (same name and e-mail): the write of an
   * optimistic update. The renamed user, or undefined when it changed or was deleted meanwhile.
   */
  abstract rename(user: User, name: string): Awaitable<User | undefined>;

  /** Every user, oldest first. */
  abstract all(): Awaitable<Iterable<User>>;

  /** How many users are stored. */
  abstract count(): Awaitable<number>;
}
