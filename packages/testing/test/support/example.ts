// The example app (apps/example) these suites run against, and the parts of it the users-API
// variants reuse. Reached by path, not as a package: @trellis/example depends on an adapter and
// every adapter devDepends on @trellis/testing, so a package dependency on it would close a cycle
// that turbo refuses. This is the one file that names the example's folder.
import { join } from "node:path";

/** The example's folder (apps/example), for suites that run its entry point as a process. */
export const exampleFolder = join(import.meta.dirname, "..", "..", "..", "..", "apps", "example");
export { createExampleApp, type ExampleApp } from "../../../../apps/example/src/app.js";
export { inMemory, openDatabase } from "../../../../apps/example/src/database/open-database.js";
export type { CreateUserInput } from "../../../../apps/example/src/users/create-user-input.js";
export { DuplicateEmailError } from "../../../../apps/example/src/users/duplicate-email-error.js";
// The SQLite repository, which answers synchronously: the variants' services call it as is.
export { SqliteUserRepository as UserRepository } from "../../../../apps/example/src/users/sqlite-user-repository.js";
export type { User } from "../../../../apps/example/src/users/user.js";
