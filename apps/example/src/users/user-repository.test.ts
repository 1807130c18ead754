import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inMemory, openDatabase } from "../database/open-database.js";
import { DuplicateEmailError } from "./duplicate-email-error.js";
import { UserRepository } from "./user-repository.js";

const firstPage = { page: 1, limit: 100 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("UserRepository", () => {
  let database: Database;
  let users: UserRepository;
  beforeEach(() => {
    database = openDatabase(inMemory);
    users = new UserRepository(database);
  });
  afterEach(() => database.close(true));

  it("creates users with fresh v4 ids and lists them oldest first", () => {
    const ada = users.create({ name: "Ada", email: "ada@example.com" });
    const alan = users.create({ name: "Alan", email: "alan@example.com" });
    expect(ada).toEqual({ id: expect.stringMatching(uuid), name: "Ada", email: "ada@example.com" });
    expect(alan.id).not.toBe(ada.id);
    expect(users.list(firstPage)).toEqual([ada, alan]);
    expect(users.count()).toBe(2);
  });

  it("lists one page at a time", () => {
    const created = ["A", "B", "C"].map((name) =>
      users.create({ name, email: `${name.toLowerCase()}@example.com` }),
    );
    expect(users.list({ page: 1, limit: 2 })).toEqual(created.slice(0, 2));
    expect(users.list({ page: 2, limit: 2 })).toEqual(created.slice(2));
    expect(users.list({ page: 3, limit: 2 })).toEqual([]);
  });

  it("finds a user by id, and nothing for an unknown id", () => {
    const ada = users.create({ name: "Ada", email: "ada@example.com" });
    expect(users.findById(ada.id)).toEqual(ada);
    expect(users.findById(crypto.randomUUID())).toBeUndefined();
    expect(users.findById("' OR 1=1 --")).toBeUndefined();
  });

  it("stores names and e-mails as given, quotes included", () => {
    const odd = users.create({ name: "O'Brien; DROP TABLE users", email: "o'brien@example.com" });
    expect(users.findById(odd.id)).toEqual(odd);
    expect(users.count()).toBe(1);
  });

  it("refuses an e-mail that is taken, ignoring case", () => {
    users.create({ name: "Ada", email: "ada@example.com" });
    expect(() => users.create({ name: "Other", email: "ADA@Example.com" })).toThrow(
      new DuplicateEmailError("ADA@Example.com"),
    );
    expect(users.count()).toBe(1);
  });

  it("creates several users at once, in input order", () => {
    const created = users.createMany([
      { name: "Ada", email: "ada@example.com" },
      { name: "Alan", email: "alan@example.com" },
    ]);
    expect(created.map((user) => user.name)).toEqual(["Ada", "Alan"]);
    expect(users.list(firstPage)).toEqual(created);
  });

  it("stores none of a batch when one of them fails", () => {
    users.create({ name: "Ada", email: "ada@example.com" });
    expect(() =>
      users.createMany([
        { name: "Grace", email: "grace@example.com" },
        { name: "Ada again", email: "ada@example.com" },
      ]),
    ).toThrow(DuplicateEmailError);
    expect(() =>
      users.createMany([
        { name: "Edsger", email: "edsger@example.com" },
        { name: "Edsger twice", email: "EDSGER@example.com" },
      ]),
    ).toThrow(DuplicateEmailError);
    expect(users.list(firstPage).map((user) => user.name)).toEqual(["Ada"]);
  });
});
