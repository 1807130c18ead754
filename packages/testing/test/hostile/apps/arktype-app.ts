import { standardSchema } from "@trellis/adapter-standard-schema";
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
import { type } from "arktype";
import { type PageQuery, UsersService } from "./users-service.js";
import { createUsersVariant, type VariantOptions } from "./variant-options.js";

// ArkType's way to add a metadata key: `id` names a component.
declare global {
  interface ArkEnv {
    meta(): { id?: string };
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const User = type({ id: uuid, name: "string", email: "string" }).configure({ id: "User" });
const CreateUserInput = type({ name: "string > 0", email: "string.email" }).configure({
  id: "CreateUserInput",
});
const BulkCreateUsersInput = type({
  users: CreateUserInput.array().atLeastLength(1).atMostLength(100),
}).configure({ id: "BulkCreateUsersInput" });
const ListUsersQuery = type({
  "page?": "number.integer >= 1",
  "limit?": "1 <= number.integer <= 100",
});
const Integer = type({ n: "number.integer" });

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
  create(@Body(CreateUserInput) input: typeof CreateUserInput.infer) {
    this.setStatus(201);
    return this.users.create(input);
  }

  @Post("/bulk")
  @Returns(201, [User], "The created users, in input order")
  @Returns(409, "An e-mail address is taken, or given twice; nothing was stored")
  createMany(@Body(BulkCreateUsersInput) input: typeof BulkCreateUsersInput.infer) {
    this.setStatus(201);
    return this.users.createMany(input.users);
  }
}

@Route("/probe")
class ProbeController extends Controller {
  @Get("/numbers/:n")
  @Returns(200, Integer)
  inPath(@Param(Integer) params: typeof Integer.infer) {
    return { n: params.n };
  }

  @Get("/numbers")
  @Returns(200, Integer)
  inQuery(@Query(Integer) query: typeof Integer.infer) {
    return { n: query.n };
  }

  @Post("/numbers")
  @Returns(200, Integer)
  inBody(@Body(Integer) body: typeof Integer.infer) {
    return body; // as validated: shows what the unknown-property policy left
  }

  @Get("/echo/:value")
  echo(@Param("value") value: string) {
    return { value };
  }
}

/** The example's users API declared with ArkType through the Standard Schema adapter. */
export function createArktypeUsersApp(options: VariantOptions): App & { close(): void } {
  return createUsersVariant(standardSchema(), UserController, options);
}

/** Integer path, query and body values, and an echo of a path parameter, with ArkType. */
export function createArktypeProbeApp(
  logger: Logger,
  unknownProperties?: UnknownPropertyPolicy,
): App {
  return createApp({
    schema: standardSchema(unknownProperties ? { unknownProperties } : {}),
    controllers: [ProbeController],
    // The probe echoes what validation handed the handler: sent whole, not cut to a schema.
    sendUndeclared: true,
    logger,
  });
}
