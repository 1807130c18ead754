import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  type App,
  Body,
  Controller,
  createApp,
  Get,
  Inject,
  type Logger,
  Param,
  Post,
  Query,
  Returns,
  Route,
} from "@trellis/core";
import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import { type PageQuery, UsersService } from "./users-service.js";
import { createUsersVariant, type VariantOptions } from "./variant-options.js";

const User = Type.Object(
  { id: Type.String({ format: "uuid" }), name: Type.String(), email: Type.String() },
  { $id: "User" },
);
const CreateUserInput = Type.Object(
  { name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }) },
  { $id: "CreateUserInput" },
);
const BulkCreateUsersInput = Type.Object(
  { users: Type.Array(CreateUserInput, { minItems: 1, maxItems: 100 }) },
  { $id: "BulkCreateUsersInput" },
);
const ListUsersQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
const Integer = Type.Object({ n: Type.Integer() });

@Route("/users")
class UserController extends Controller {
  constructor(@Inject(UsersService) private readonly users: UsersService) {
    super();
  }

  @Get()
  @Returns(200, [User], "One page of users, oldest first")
  list(@Query(ListUsersQuery) query: PageQuery) {
    return this.users.list(query);
  }

  @Get("/:id")
  @Returns(200, User, "The user")
  @Returns(404, "No user has this id")
  get(@Param("id") id: string) {
    return this.users.get(id);
  }

  @Post()
  @Returns(201, User, "The created user")
  @Returns(409, "A user with this e-mail address already exists")
  create(@Body(CreateUserInput) input: Static<typeof CreateUserInput>) {
    this.setStatus(201);
    return this.users.create(input);
  }

  @Post("/bulk")
  @Returns(201, [User], "The created users, in input order")
  @Returns(409, "An e-mail address is taken, or given twice; nothing was stored")
  createMany(@Body(BulkCreateUsersInput) input: Static<typeof BulkCreateUsersInput>) {
    this.setStatus(201);
    return this.users.createMany(input.users);
  }
}

@Route("/probe")
class ProbeController extends Controller {
  @Get("/numbers/:n")
  @Returns(200, Integer)
  inPath(@Param(Integer) params: Static<typeof Integer>) {
    return { n: params.n };
  }

  @Get("/numbers")
  @Returns(200, Integer)
  inQuery(@Query(Integer) query: Static<typeof Integer>) {
    return { n: query.n };
  }

  @Post("/numbers")
  @Returns(200, Integer)
  inBody(@Body(Integer) body: Static<typeof Integer>) {
    return body; // as validated: shows what the unknown-property policy left
  }

  @Get("/echo/:value")
  echo(@Param("value") value: string) {
    return { value };
  }
}

/** The example's users API declared with TypeBox (plus paging on the list). */
export function createTypeboxUsersApp(options: VariantOptions): App & { close(): void } {
  return createUsersVariant(typebox(), UserController, options);
}

/** Integer path, query and body values, and an echo of a path parameter, with TypeBox. */
export function createTypeboxProbeApp(
  logger: Logger,
  unknownProperties?: UnknownPropertyPolicy,
): App {
  return createApp({
    schema: typebox(unknownProperties ? { unknownProperties } : {}),
    controllers: [ProbeController],
    // The probe echoes what validation handed the handler: sent whole, not cut to a schema.
    sendUndeclared: true,
    logger,
  });
}
