// The entry of the example as one executable file: `bun run compile`, then `./dist/trellis-example`.
// A binary has no node_modules, so Swagger UI's files travel inside it (imported first).
import "@trellis/swagger-ui/embed";
import "./main.js";
