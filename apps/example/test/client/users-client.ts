// A typed client of the example, as an API consumer writes one: the types are generated from the
// served OpenAPI document (test/generated/, by typed-client.test.ts), the calls go through
// openapi-fetch. This file is type-checked with `tsc --strict` against those generated types.
import createClient from "openapi-fetch";
import type { components, paths } from "../generated/users-api.js";

export type User = components["schemas"]["User"];
export type CreateUserInput = components["schemas"]["CreateUserInput"];
export type ProblemDetails = components["schemas"]["ProblemDetails"];
export type AvatarUpload = components["schemas"]["AvatarUpload"];

/** What the client saw, as plain data the test can compare. */
export interface ClientRun {
  readonly created: User;
  readonly fetched: User;
  readonly listed: User[];
  readonly bulk: User[];
  readonly invalid: { readonly status: number; readonly problem: ProblemDetails };
  readonly missing: { readonly status: number; readonly problem: ProblemDetails | undefined };
  readonly avatar: { readonly stored: number; readonly type: string | null; readonly size: number };
}

/** Creates, reads and lists users, then sends an invalid user, all through typed calls. */
export async function runUsersClient(baseUrl: string): Promise<ClientRun> {
  const client = createClient<paths>({ baseUrl });

  const input: CreateUserInput = { name: "Ada", email: "ada@client.example" };
  const created = await client.POST("/users", { body: input });
  if (!created.data) throw new Error(`create failed: ${created.response.status}`);
  const user: User = created.data;

  const fetched = await client.GET("/users/{id}", { params: { path: { id: user.id } } });
  if (!fetched.data) throw new Error(`get failed: ${fetched.response.status}`);

  const listed = await client.GET("/users");
  if (!listed.data) throw new Error(`list failed: ${listed.response.status}`);

  const bulk = await client.POST("/users/bulk", {
    body: { users: [{ name: "Alan", email: "alan@client.example" }] },
  });
  if (!bulk.data) throw new Error(`bulk failed: ${bulk.response.status}`);

  // Valid for the type checker (both fields are strings), refused by the server: "" is too short.
  const invalid = await client.POST("/users", {
    body: { name: "", email: "nobody@client.example" },
  });
  if (invalid.data || !invalid.error) throw new Error("an empty name was accepted");
  // The error body is typed from the document: the ProblemDetails schema.
  const problem: ProblemDetails = invalid.error;

  const missing = await client.GET("/users/{id}", {
    params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
  });

  // A multipart upload: the document says `format: binary`, which openapi-typescript types as a
  // string; the File goes into a FormData that openapi-fetch sends as it is (its own boundary).
  // A PNG signature: uploads are checked by their first bytes.
  const image = new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    "ada.png",
    {
      type: "image/png",
    },
  );
  const upload: AvatarUpload = { avatar: image as unknown as string };
  const stored = await client.PUT("/users/{id}/avatar", {
    params: { path: { id: user.id } },
    body: upload,
    bodySerializer: (body) => {
      const form = new FormData();
      form.set("avatar", body.avatar as unknown as File);
      return form;
    },
  });
  const fetchedAvatar = await client.GET("/users/{id}/avatar", {
    params: { path: { id: user.id } },
    parseAs: "blob",
  });

  return {
    avatar: {
      stored: stored.response.status,
      type: fetchedAvatar.response.headers.get("content-type"),
      size: (fetchedAvatar.data as Blob | undefined)?.size ?? -1,
    },
    created: user,
    fetched: fetched.data,
    listed: listed.data,
    bulk: bulk.data,
    invalid: { status: invalid.response.status, problem },
    missing: { status: missing.response.status, problem: missing.error },
  };
}

/** Calls the type checker must refuse; never run. Each directive fails tsc if its call compiles. */
export async function wrongCalls(baseUrl: string): Promise<void> {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error: `name` must be a string, as CreateUserInput says.
  await client.POST("/users", { body: { name: 42, email: "typed@client.example" } });
}
