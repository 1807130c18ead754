import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, type Stores } from "../../test/support/databases.js";
import type { AvatarRepository } from "./avatar-repository.js";
import { DuplicateEmailError } from "./duplicate-email-error.js";
import type { UserRepository } from "./user-repository.js";

const firstPage = { page: 1, limit: 100 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// One suite, run on each database the example supports: they must behave the same.
describe.each(databaseKinds())("UserRepository and AvatarRepository on $name", (kind) => {
  let stores: Stores;
  let users: UserRepository;
  let avatars: AvatarRepository;
  beforeAll(() => kind.start(), 120_000);
  afterAll(() => kind.stop());
  beforeEach(async () => {
    stores = await kind.openStores();
    ({ users, avatars } = stores);
  });
  afterEach(() => stores.close());

  it("creates users with fresh v4 ids and lists them oldest first", async () => {
    const ada = await users.create({ name: "Ada", email: "ada@example.com" });
    const alan = await users.create({ name: "Alan", email: "alan@example.com" });
    expect(ada).toEqual({ id: expect.stringMatching(uuid), name: "Ada", email: "ada@example.com" });
    expect(alan.id).not.toBe(ada.id);
    expect(await users.list(firstPage)).toEqual([ada, alan]);
    expect(await users.count()).toBe(2);
    expect([...(await users.all())]).toEqual([ada, alan]);
  });

  it("lists one page at a time, in creation order", async () => {
    const created = [];
    for (const name of ["C", "A", "B", "E", "D"]) {
      created.push(await users.create({ name, email: `${name.toLowerCase()}@example.com` }));
    }
    expect(await users.list({ page: 1, limit: 2 })).toEqual(created.slice(0, 2));
    expect(await users.list({ page: 2, limit: 2 })).toEqual(created.slice(2, 4));
    expect(await users.list({ page: 3, limit: 2 })).toEqual(created.slice(4));
    expect(await users.list({ page: 4, limit: 2 })).toEqual([]);
  });

  it("renames a user only while it is stored as the caller read it", async () => {
    const ada = await users.create({ name: "Ada", email: "ada@example.com" });
    const renamed = await users.rename(ada, "Ada King");
    expect(renamed).toEqual({ ...ada, name: "Ada King" });
    // A second writer still holding the first read changes nothing.
    expect(await users.rename(ada, "Lost")).toBeUndefined();
    expect(await users.findById(ada.id)).toEqual(renamed);
    expect(await users.rename({ ...ada, id: crypto.randomUUID() }, "Nobody")).toBeUndefined();
  });

  it("finds a user by id, and nothing for an unknown id or one that is not a UUID", async () => {
    const ada = await users.create({ name: "Ada", email: "ada@example.com" });
    expect(await users.findById(ada.id)).toEqual(ada);
    expect(await users.findById(crypto.randomUUID())).toBeUndefined();
    expect(await users.findById("' OR 1=1 --")).toBeUndefined();
  });

  it("stores names and e-mails as given, quotes and non-ASCII letters included", async () => {
    const odd = await users.create({
      name: "O'Brien; DROP TABLE users",
      email: "o'brien@example.com",
    });
    const accented = await users.create({ name: "Émile Zoé 😀", email: "émile@example.com" });
    expect(await users.findById(odd.id)).toEqual(odd);
    expect(await users.findById(accented.id)).toEqual(accented);
    expect(await users.count()).toBe(2);
  });

  it("refuses an e-mail that is taken, ignoring ASCII case", async () => {
    await users.create({ name: "Ada", email: "ada@example.com" });
    await expect(
      (async () => users.create({ name: "Other", email: "ADA@Example.com" }))(),
    ).rejects.toThrow(new DuplicateEmailError("ADA@Example.com"));
    expect(await users.count()).toBe(1);
  });

  it("compares only ASCII letters without case, as SQLite's NOCASE does", async () => {
    // Postgres's lower() would fold É to é under most locales: the index compares under "C".
    await users.create({ name: "Émile", email: "Émile@example.com" });
    const other = await users.create({ name: "émile", email: "émile@example.com" });
    expect(other.email).toBe("émile@example.com");
    expect(await users.count()).toBe(2);
  });

  it("creates several users at once, in input order", async () => {
    const created = await users.createMany([
      { name: "Ada", email: "ada@example.com" },
      { name: "Alan", email: "alan@example.com" },
    ]);
    expect(created.map((user) => user.name)).toEqual(["Ada", "Alan"]);
    expect(await users.list(firstPage)).toEqual(created);
  });

  it("stores none of a batch when one of them fails, and names the first clash", async () => {
    await users.create({ name: "Ada", email: "ada@example.com" });
    await expect(
      (async () =>
        users.createMany([
          { name: "Grace", email: "grace@example.com" },
          { name: "Ada again", email: "ada@example.com" },
        ]))(),
    ).rejects.toThrow(new DuplicateEmailError("ada@example.com"));
    await expect(
      (async () =>
        users.createMany([
          { name: "Edsger", email: "edsger@example.com" },
          { name: "Edsger twice", email: "EDSGER@example.com" },
        ]))(),
    ).rejects.toThrow(new DuplicateEmailError("EDSGER@example.com"));
    expect((await users.list(firstPage)).map((user) => user.name)).toEqual(["Ada"]);
  });

  it("keeps one avatar per user, replacing an earlier one", async () => {
    const ada = await users.create({ name: "Ada", email: "ada@example.com" });
    expect(await avatars.find(ada.id)).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    expect(await avatars.save(ada.id, { bytes: png, type: "image/png" })).toBe(true);
    expect(await avatars.find(ada.id)).toEqual({ bytes: png, type: "image/png" });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0]);
    expect(await avatars.save(ada.id, { bytes: jpeg, type: "image/jpeg" })).toBe(true);
    const found = await avatars.find(ada.id);
    expect(found?.bytes).toBeInstanceOf(Uint8Array);
    expect(found).toEqual({ bytes: jpeg, type: "image/jpeg" });
  });

  it("stores no avatar for an unknown user", async () => {
    const unknown = crypto.randomUUID();
    expect(await avatars.save(unknown, { bytes: new Uint8Array([1]), type: "image/png" })).toBe(
      false,
    );
    expect(await avatars.find(unknown)).toBeUndefined();
  });
});
