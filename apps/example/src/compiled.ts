// The entry of the example as one executable file: `bun run compile`, then `./dist/trellis-example`.
// A binary has no node_modules, so Swagger UI's files travel inside it (imported first).
import "@trellis/swagger-ui/embed";
import { userDataDatabasePath } from "./config-data-folder.js";
import { runExample } from "./main.js";

runExample({
  // Not beside the source (inside the binary): in the user's data folder, from any folder.
  databasePath: userDataDatabasePath,
  // The binary itself is the worker: WORKERS=4 ./trellis-example supervises 4 copies of it.
  workerCommand: [process.execPath],
});
