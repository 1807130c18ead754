import { Conditional, PreconditionFailedException } from "@trellis/conditional";
import {
  Body,
  ConflictException,
  Controller,
  Deprecated,
  Description,
  Get,
  Inject,
  NotFoundException,
  OperationId,
  Param,
  Patch,
  Post,
  pageLinkHeader,
  pageLinks,
  Query,
  Req,
  Returns,
  Route,
  Summary,
  Tags,
} from "@trellis/core";
import { Idempotent } from "@trellis/idempotency";
import { McpTool } from "@trellis/mcp";
import { RateLimit } from "@trellis/rate-limit";
import { BulkCreateUsersInput, maxBulkUsers } from "./bulk-create-users-input.js";
import { CreateUserInput } from "./create-user-input.js";
import { DuplicateEmailError } from "./duplicate-email-error.js";
import { ListUsersQuery, maxPageSize } from "./list-users-query.js";
import { RenameUserInput } from "./rename-user-input.js";
import { User } from "./user.js";
import { UserEvents } from "./user-events.js";
import { UserIdParams } from "./user-id-params.js";
import { UserRepository } from "./user-repository.js";
import { userTag } from "./user-tag.js";

/** The users API: list, read, create and rename users. Inputs arrive validated. */
@Route("/users")
@Tags("users")
export class UserController extends Controller {
  // @Inject names the token: a type-only import leaves no runtime type to reflect.
  constructor(
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(UserEvents) private readonly events: UserEvents,
  ) {
    super();
  }

  @Get()
  @Summary("List users")
  @OperationId("listUsers")
  // It reads the raw request only for the page links' URL: safe as a tool.
  @McpTool()
  @Description(
    `Pages through the users, oldest first, ${maxPageSize} per page unless \`limit\` says less.`,
  )
  @Returns(200, [User], {
    description: "One page of users, oldest first",
    headers: { Link: pageLinkHeader },
  })
  async list(
    @Query(ListUsersQuery) query: ListUsersQuery,
    @Req() request: Request,
  ): Promise<User[]> {
    const page = query.page ?? 1;
    const limit = query.limit ?? maxPageSize;
    const [users, total] = await Promise.all([
      this.users.list({ page, limit }),
      this.users.count(),
    ]);
    // Links to the first, previous, next and last pages (RFC 8288), other parameters kept.
    const link = pageLinks({ url: request.url, page, pageSize: limit, total, sizeParam: "limit" });
    if (link) this.setHeader("Link", link);
    return users;
  }

  @Get("/:id")
  @Conditional()
  @Summary("Get a user")
  @Description(
    "One user by id, with its ETag: send it back in If-None-Match (304 while current) or If-Match (rename).",
  )
  @OperationId("getUser")
  // Replaced by GET /v2/users/{id}: still served, announced by Deprecation, Sunset and Link.
  @Deprecated({
    since: "2026-11-01",
    sunset: "2027-06-30",
    link: "https://github.com/trellis-framework/trellis/blob/main/docs/versioning.md",
  })
  @Returns(200, User, "The user")
  @Returns(404, "No user has this id")
  async get(@Param(UserIdParams) { id }: UserIdParams): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException("No user has this id.");
    this.setHeader("ETag", userTag(user));
    return user;
  }

  @Patch("/:id")
  @Conditional({ requireIfMatch: true })
  @Summary("Rename a user")
  @Description(
    "Changes a user's name while the client's copy is current: If-Match must carry the ETag of the user as last read (428 without it, 412 once the user changed).",
  )
  @OperationId("renameUser")
  @Returns(200, User, "The renamed user, with its new ETag")
  @Returns(404, "No user has this id")
  async rename(
    @Param(UserIdParams) { id }: UserIdParams,
    @Body(RenameUserInput) input: RenameUserInput,
  ): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException("No user has this id.");
    // 412 unless If-Match names this very version; then the write itself checks it again.
    this.checkPreconditions({ etag: userTag(user) });
    const renamed = await this.users.rename(user, input.name);
    if (!renamed) throw new PreconditionFailedException();
    this.setHeader("ETag", userTag(renamed));
    return renamed;
  }

  @Post()
  @Summary("Create a user")
  @Description("Stores a user with a new id. E-mail addresses are unique, ignoring case.")
  @OperationId("createUser")
  // Optional: a client that retries with the same Idempotency-Key creates the user once.
  @Idempotent({ required: false })
  @Returns(201, User, "The created user")
  @Returns(409, "A user with this e-mail address already exists")
  async create(@Body(CreateUserInput) input: CreateUserInput): Promise<User> {
    const user = await this.withUniqueEmail(() => this.users.create(input));
    this.events.created(user);
    this.setStatus(201);
    return user;
  }

  @Post("/bulk")
  @Summary("Create several users")
  @Description(
    `Creates 1 to ${maxBulkUsers} users in one transaction: either all are stored or, on any error, none.`,
  )
  @OperationId("createUsers")
  @RateLimit({ limit: 20, window: 60 }) // per client address
  @Returns(201, [User], "The created users, in input order")
  @Returns(409, "An e-mail address is taken, or given twice; nothing was stored")
  async createMany(@Body(BulkCreateUsersInput) input: BulkCreateUsersInput): Promise<User[]> {
    const users = await this.withUniqueEmail(() => this.users.createMany(input.users));
    for (const user of users) this.events.created(user);
    this.setStatus(201);
    return users;
  }

  // The repository answers now (SQLite) or later (Postgres): a clash is a 409 either way.
  private async withUniqueEmail<T>(store: () => T | Promise<T>): Promise<T> {
    try {
      return await store();
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new ConflictException(error.message);
      throw error;
    }
  }
}
