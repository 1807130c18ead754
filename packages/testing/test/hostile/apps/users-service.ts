import { Database } from "bun:sqlite";
import { ConflictException, Inject, Injectable, NotFoundException } from "@trellis/core";
import {
  type CreateUserInput,
  DuplicateEmailError,
  inMemory,
  openDatabase,
  type User,
  UserRepository,
} from "../../support/example.js";

/** The paging every variant's `GET /users` documents: `page >= 1`, `1 <= limit <= 100`. */
export interface PageQuery {
  page?: number;
  limit?: number;
}

/** What a variant's list answers without `page` / `limit`: the first 100 users. */
export const defaultPage = { page: 1, limit: 100 } as const;

/**
 * The example's users logic behind the adapter variants (the same repository and SQLite schema),
 * so a variant differs from the example only in how its inputs are declared.
 */
@Injectable()
export class UsersService {
  constructor(@Inject(UserRepository) private readonly users: UserRepository) {}

  /** One page of users, oldest first. */
  list({ page = defaultPage.page, limit = defaultPage.limit }: PageQuery): User[] {
    return this.users.list({ page, limit });
  }

  /** The user with this id; 404 otherwise. */
  get(id: string): User {
    const user = this.users.findById(id);
    if (!user) throw new NotFoundException("No user has this id.");
    return user;
  }

  /** Stores one user; 409 when the e-mail is taken. */
  create(input: CreateUserInput): User {
    return this.uniqueEmail(() => this.users.create(input));
  }

  /** Stores all users or none; 409 when an e-mail is taken or given twice. */
  createMany(inputs: readonly CreateUserInput[]): User[] {
    return this.uniqueEmail(() => this.users.createMany(inputs));
  }

  private uniqueEmail<T>(store: () => T): T {
    try {
      return store();
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new ConflictException(error.message);
      throw error;
    }
  }
}

/** A fresh in-memory database and the providers a variant's controller needs. */
export function usersProviders() {
  const database = openDatabase(inMemory);
  return {
    providers: [{ provide: Database, useValue: database }, UserRepository, UsersService],
    close: () => database.close(true),
  };
}
