import { valibot } from "@trellis/adapter-valibot";
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
import * as v from "valibot";
import { type PageQuery, UsersService } from "./users-service.js";
import { createUsersVariant, type VariantOptions } from "./variant-options.js";

const User = v.pipe(
  v.object({ id: v.pipe(v.string(), v.uuid()), name: v.string(), email: v.string() }),
  v.metadata({ id: "User" }),
);
const CreateUserInput = v.pipe(
  v.object({ name: v.pipe(v.string(), v.minLength(1)), email: v.pipe(v.string(), v.email()) }),
  v.metadata({ id: "CreateUserInput" }),
);
const BulkCreateUsersInput = v.pipe(
  v.object({ users: v.pipe(v.array(CreateUserInput), v.minLength(1), v.maxLength(100)) }),
  v.metadata({ id: "BulkCreateUsersInput" }),
);
const integer = v.pipe(v.number(), v.integer());
const ListUsersQuery = v.object({
  page: v.optional(v.pipe(integer, v.minValue(1))),
  limit: v.optional(v.pipe(integer, v.minValue(1), v.maxValue(100))),
});
const Integer = v.object({ n: integer });

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
  create(@Body(CreateUserInput) input: v.InferOutput<typeof CreateUserInput>) {
    this.setStatus(201);
    return this.users.create(input);
  }

  @Post("/bulk")
  @Returns(201, [User], "The created users, in input order")
  @Returns(409, "An e-mail address is taken, or given twice; nothing was stored")
  createMany(@Body(BulkCreateUsersInput) input: v.InferOutput<typeof BulkCreateUsersInput>) {
    this.setStatus(201);
    return this.users.createMany(input.users);
  }
}

@Route("/probe")
class ProbeController extends Controller {
  @Get("/numbers/:n")
  @Returns(200, Integer)
  inPath(@Param(Integer) params: v.InferOutput<typeof Integer>) {
    return { n: params.n };
  }

  @Get("/numbers")
  @Returns(200, Integer)
  inQuery(@Query(Integer) query: v.InferOutput<typeof Integer>) {
    return { n: query.n };
  }

  @Post("/numbers")
  @Returns(200, Integer)
  inBody(@Body(Integer) body: v.InferOutput<typeof Integer>) {
    return body; // as validated: shows what the unknown-property policy left
  }

  @Get("/echo/:value")
  echo(@Param("value") value: string) {
    return { value };
  }
}

/** The example's users API declared with Valibot (plus paging on the list). */
export function createValibotUsersApp(options: VariantOptions): App & { close(): void } {
  return createUsersVariant(valibot(), UserController, options);
}

/** Integer path, query and body values, and an echo of a path parameter, with Valibot. */
export function createValibotProbeApp(
  logger: Logger,
  unknownProperties?: UnknownPropertyPolicy,
): App {
  return createApp({
    schema: valibot(unknownProperties ? { unknownProperties } : {}),
    controllers: [ProbeController],
    // The probe echoes what validation handed the handler: sent whole, not cut to a schema.
    sendUndeclared: true,
    logger,
  });
}
