// The work every target does once its input is valid: identical code, so only the framework differs.

/** A user as every target returns it. */
export interface User {
  id: string;
  name: string;
  email: string;
}

/** The validated body of `POST /users`. */
export interface CreateUserInput {
  name: string;
  email: string;
}

/** S1: the user named by the path parameter. */
export function findUser(id: string): User {
  return { id, name: "Ada Lovelace", email: "ada@example.com" };
}

let nextId = 0;

/** S2: the created user (a counter, not a UUID, so id generation does not dilute the ratio). */
export function createUser(input: CreateUserInput): User {
  nextId += 1;
  return { id: String(nextId), name: input.name, email: input.email };
}

/** S3: one page of users, built per request. */
export function listUsers(page: number, limit: number): User[] {
  const users: User[] = new Array(limit);
  const first = (page - 1) * limit + 1;
  for (let i = 0; i < limit; i++) {
    const n = first + i;
    users[i] = { id: String(n), name: `User ${n}`, email: `user${n}@example.com` };
  }
  return users;
}
