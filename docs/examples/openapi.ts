import "reflect-metadata";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Deprecated,
  Description,
  type ExecutionContext,
  Get,
  Hidden,
  OperationId,
  Param,
  Post,
  Public,
  Returns,
  Route,
  Summary,
  Tags,
} from "@trellis/core";
import { IsEmail, IsNotEmpty, IsOptional, IsString } from "class-validator";

class CreateUserInput {
  @IsString() @IsNotEmpty() name!: string;
  @IsEmail() email!: string;
  @IsOptional() @IsString() nickname?: string;
}

class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
  @IsOptional() @IsString() nickname?: string;
}

// #region decorators
@Route("/users")
@Tags("users") // without @Tags, the tag is the controller's name: "User"
class UserController extends Controller {
  @Get("/:id")
  @Summary("Get a user")
  @Description("One user by id.")
  @OperationId("getUser") // the default would be the same: method, then controller name
  @Public() // no credentials needed, documented as `security: []`
  @Returns(200, User, "The user")
  @Returns(404, "No user has this id")
  get(@Param("id") id: string): User {
    return { id, name: "Ada", email: "ada@example.com" };
  }

  @Post()
  @Summary("Create a user")
  @Description("Stores a user with a new id. E-mail addresses are unique.")
  @OperationId("createUser")
  @Returns(201, User, "The created user")
  @Returns(409, "The e-mail address is taken")
  create(@Body(CreateUserInput) input: CreateUserInput): User {
    this.setStatus(201);
    return { id: "u1", ...input };
  }

  @Get("/:id/profile")
  @Deprecated() // still served; marked deprecated in the document
  @Summary("Get a user's profile")
  @Description("The same as GET /users/{id}.")
  @OperationId("getUserProfile")
  @Returns(200, User, "Use GET /users/{id}")
  profile(@Param("id") id: string): User {
    return this.get(id);
  }

  @Get("/internal/stats")
  @Hidden() // still served; absent from the document
  stats() {
    return { users: 1 };
  }
}
// #endregion

// #region options
// Accepts any bearer token: a stand-in for a real check (see guards-and-security.md).
const bearerGuard = ({ request }: ExecutionContext) =>
  request.headers.get("authorization")?.startsWith("Bearer ") === true;

export function createUsersApp(openapiFile?: string) {
  return createApp({
    schema: classValidator(),
    controllers: [UserController],
    openapi: {
      version: "3.1", // the default is "3.0" (3.0.3)
      service: { name: "users", version: "2.1.0", description: "People who use the service." },
      info: {
        contact: { name: "Users team", email: "users-team@acme.test" },
        license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
        termsOfService: "https://acme.test/terms",
      },
      externalDocs: { url: "https://acme.test/docs/users", description: "Guides" },
      servers: [{ url: "https://users.acme.test", description: "Production" }],
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      security: [{ bearer: [] }], // every operation, unless it has its own @Security or @Public()
      tags: [{ name: "users", description: "Create and read users" }],
      file: openapiFile, // e.g. "openapi.yaml": written at startup (.json, .yaml or .yml)
    },
    security: { bearer: bearerGuard }, // the runtime check of the root requirement
  });
}
// #endregion

/** Builds the app twice (3.1 with a file, 3.0 without) and returns what each documents. */
export async function demo() {
  const folder = mkdtempSync(join(tmpdir(), "trellis-docs-"));
  const app = createUsersApp(join(folder, "openapi.yaml"));
  const written = await Bun.file(join(folder, "openapi.yaml")).text();
  rmSync(folder, { recursive: true });
  const legacy = createApp({ schema: classValidator(), controllers: [UserController] });
  return {
    document: app.document,
    written: Bun.YAML.parse(written),
    legacy: legacy.document,
    hiddenStillServed: await app.fetch(
      new Request("http://localhost/users/internal/stats", {
        headers: { authorization: "Bearer demo" },
      }),
    ),
  };
}
