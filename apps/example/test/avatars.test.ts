// Avatars over real HTTP: a multipart upload stored with the user in SQLite, read back as the
// image's own bytes and media type, with the upload's limits answered as problems.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../src/users/user.js";
import { type RunningExample, startExample } from "./support/example-server.js";
import { readProblem } from "./support/problem.js";

const mib = 1024 * 1024;

let example: RunningExample;
let ada: User;
beforeAll(async () => {
  example = startExample();
  const created = await example.sendJson("/users", { name: "Ada", email: "ada@avatars.example" });
  ada = (await created.json()) as User;
});
afterAll(() => example.stop());

// The first bytes of each image type (uploads are checked by them).
const signatures: Record<string, number[]> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0],
  "image/gif": [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0],
};

/** Image-like bytes: the signature of `type`, then `size - 8` counting bytes. */
function image(size: number, type = "image/png", name = "avatar.png"): File {
  const bytes = new Uint8Array(size);
  bytes.set((signatures[type] ?? []).slice(0, size));
  for (let index = 8; index < size; index++) bytes[index] = index % 251;
  return new File([bytes], name, { type });
}

const upload = (id: string, avatar: File | string) => {
  const form = new FormData();
  form.set("avatar", avatar);
  return example.request(`/users/${id}/avatar`, { method: "PUT", body: form });
};

describe("avatars (multipart upload stored with the user)", () => {
  it("stores a PNG and serves the same bytes with its media type", async () => {
    const avatar = image(5000);
    const stored = await upload(ada.id, avatar);
    expect(stored.status, await stored.clone().text()).toBe(204);
    const response = await example.request(`/users/${ada.id}/avatar`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array(await avatar.arrayBuffer()),
    );
  });

  it("replaces it with a JPEG of exactly 1 MiB", async () => {
    const avatar = image(mib, "image/jpeg", "avatar.jpg");
    expect((await upload(ada.id, avatar)).status).toBe(204);
    const response = await example.request(`/users/${ada.id}/avatar`);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect((await response.arrayBuffer()).byteLength).toBe(mib);
  });

  it("refuses a file over 1 MiB, of another type, or no file, naming the field", async () => {
    // The avatar streams to its sink: one byte past 1 MiB is refused as it arrives (413).
    const tooLarge = await readProblem(await upload(ada.id, image(mib + 1)), 413);
    expect(tooLarge.errors).toEqual([
      { in: "body", path: "/avatar", message: `must be at most ${mib} bytes` },
    ]);
    for (const avatar of [image(100, "image/gif", "a.gif"), "not a file"]) {
      const problem = await readProblem(await upload(ada.id, avatar), 400);
      expect(problem.errors).toEqual([
        { in: "body", path: "/avatar", message: expect.stringContaining("avatar must be a file") },
      ]);
    }
    // The stored avatar is unchanged.
    const response = await example.request(`/users/${ada.id}/avatar`);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
  });

  it("answers 413 to a body over the route's limit and 400 to a malformed one", async () => {
    await readProblem(await upload(ada.id, image(2 * mib)), 413);
    const malformed = await example.request(`/users/${ada.id}/avatar`, {
      method: "PUT",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "--x\r\nno headers and no end",
    });
    await readProblem(malformed, 400);
  });

  it("answers 404 for an unknown user, and for a user without an avatar", async () => {
    await readProblem(await upload("no-such-id", image(10)), 404);
    await readProblem(await example.request("/users/no-such-id/avatar"), 404);
    const created = await example.sendJson("/users", { name: "Bo", email: "bo@avatars.example" });
    const bo = (await created.json()) as User;
    await readProblem(await example.request(`/users/${bo.id}/avatar`), 404);
  });

  it("documents the upload: a binary field with its media types", async () => {
    const document = (await (await example.request("/docs/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
      components: { schemas: Record<string, unknown> };
    };
    const put = document.paths["/users/{id}/avatar"]?.put;
    expect(put?.requestBody?.content["multipart/form-data"]).toEqual({
      schema: { $ref: "#/components/schemas/AvatarUpload" },
      encoding: { avatar: { contentType: "image/png, image/jpeg" } },
    });
    expect(document.components.schemas.AvatarUpload).toEqual({
      type: "object",
      properties: { avatar: { type: "string", format: "binary", maxLength: mib } },
      required: ["avatar"],
    });
    const get = document.paths["/users/{id}/avatar"]?.get as unknown as {
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(get.responses["200"]?.content ?? {})).toEqual(["image/png", "image/jpeg"]);
  });
});
