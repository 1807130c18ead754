import { zod } from "@trellis/adapter-zod";
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
import * as z from "zod";
import { type PageQuery, UsersService } from "./users-service.js";
import { createUsersVariant, type VariantOptions } from "./variant-options.js";

// Ids are registered in Zod's global registry: unique names, distinct from the other test apps.
const User = z.object({ id: z.uuid(), name: z.string(), email: z.string() }).meta({ id: "User" });
const CreateUserInput = z
  .object({ name: z.string().min(1), email: z.email() })
  .meta({ id: "CreateUserInput" });
const BulkCreateUsersInput = z
  .object({ users: z.array(CreateUserInput).min(1).max(100) })
  .meta({ id: "BulkCreateUsersInput" });
const ListUsersQuery = z.object({
  page: z.int().min(1).optional(),
  limit: z.int().min(1).max(100).optional(),
});
const Integer = z.object({ n: z.int() });

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
  create(@Body(CreateUserInput) input: z.infer<typeof CreateUserInput>) {
    this.setStatus(201);
    return this.users.create(input);
  }

  @Post("/bulk")
  @Returns(201, [User], "The created users, in input order")
  @Returns(409, "An e-mail address is taken, or given twice; nothing was stored")
  createMany(@Body(BulkCreateUsersInput) input: z.infer<typeof BulkCreateUsersInput>) {
    this.setStatus(201);
    return this.users.createMany(input.users);
  }
}

@Route("/probe")
class ProbeController extends Controller {
  @Get("/numbers/:n")
  @Returns(200, Integer)
  inPath(@Param(Integer) params: z.infer<typeof Integer>) {
    return { n: params.n };
  }

  @Get("/numbers")
  @Returns(200, Integer)
  inQuery(@Query(Integer) query: z.infer<typeof Integer>) {
    return { n: query.n };
  }

  @Post("/numbers")
  @Returns(200, Integer)
  inBody(@Body(Integer) body: z.infer<typeof Integer>) {
    return body; // as validated: shows what the unknown-property policy left
  }

  @Get("/echo/:value")
  echo(@Param("value") value: string) {
    return { value };
  }
}

/** The example's users API declared with Zod (plus paging on the list). */
export function createZodUsersApp(options: VariantOptions): App & { close(): void } {
  return createUsersVariant(zod(), UserController, options);
}

/** Integer path, query and body values, and an echo of a path parameter, with Zod. */
export function createZodProbeApp(logger: Logger, unknownProperties?: UnknownPropertyPolicy): App {
  return createApp({
    schema: zod(unknownProperties ? { unknownProperties } : {}),
    controllers: [ProbeController],
    // The probe echoes what validation handed the handler: sent whole, not cut to a schema.
    sendUndeclared: true,
    logger,
  });
}
