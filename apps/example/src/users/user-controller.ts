import {
  Body,
  ConflictException,
  Controller,
  Description,
  Get,
  Inject,
  NotFoundException,
  OperationId,
  Param,
  Post,
  Query,
  Returns,
  Route,
  Summary,
  Tags,
} from "@trellis/core";
import { BulkCreateUsersInput, maxBulkUsers } from "./bulk-create-users-input.js";
import { CreateUserInput } from "./create-user-input.js";
import { DuplicateEmailError } from "./duplicate-email-error.js";
import { ListUsersQuery, maxPageSize } from "./list-users-query.js";
import { User } from "./user.js";
import { UserEvents } from "./user-events.js";
import { UserIdParams } from "./user-id-params.js";
import { UserRepository } from "./user-repository.js";

/** The users API: list, read and create users. Inputs arrive validated. */
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
  @Description(
    `Pages through the users, oldest first, ${maxPageSize} per page unless \`limit\` says less.`,
  )
  @Returns(200, [User], "One page of users, oldest first")
  async list(@Query(ListUsersQuery) query: ListUsersQuery): Promise<User[]> {
    return await this.users.list({ page: query.page ?? 1, limit: query.limit ?? maxPageSize });
  }

  @Get("/:id")
  @Summary("Get a user")
  @Description("One user by id.")
  @OperationId("getUser")
  @Returns(200, User, "The user")
  @Returns(404, "No user has this id")
  async get(@Param(UserIdParams) { id }: UserIdParams): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException("No user has this id.");
    return user;
  }

  @Post()
  @Summary("Create a user")
  @Description("Stores a user with a new id. E-mail addresses are unique, ignoring case.")
  @OperationId("createUser")
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
