import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { buildDocument } from "@trellis/core";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { documented } from "./documented.ts";
import { UserController } from "./getting-started.js";

// #region build-document
// scripts/openapi.ts: the document without routes, docs UI or server (run it in CI).
export function usersDocument() {
  return buildDocument({
    schema: classValidator(),
    controllers: [UserController],
    openapi: documented("users", "Create and read users."),
  });
}

if (import.meta.main) {
  await Bun.write("openapi.json", JSON.stringify(usersDocument(), null, 2));
}
// #endregion

// #region generate-types
// The same types `bunx openapi-typescript openapi.json -o src/users-api.ts` writes.
export async function usersApiTypes(): Promise<string> {
  return astToString(await openapiTS(usersDocument() as OpenAPI3));
}
// #endregion

/** The document and the client types generated from it. */
export async function demo() {
  return { document: usersDocument(), types: await usersApiTypes() };
}
