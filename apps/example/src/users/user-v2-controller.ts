import {
  Controller,
  Description,
  Get,
  Inject,
  NotFoundException,
  OperationId,
  Param,
  Returns,
  Route,
  Summary,
  Tags,
  Version,
} from "@trellis/core";
import { UserEnvelope } from "./user-envelope.js";
import { UserIdParams } from "./user-id-params.js";
import { UserRepository } from "./user-repository.js";

/**
 * Version 2 of reading a user, served at `/v2/users/:id` (the URI strategy): the same user in an
 * envelope. The unversioned `GET /users/:id` it replaces is deprecated, with a sunset date.
 */
@Route("/users")
@Tags("users")
@Version("2")
export class UserV2Controller extends Controller {
  constructor(@Inject(UserRepository) private readonly users: UserRepository) {
    super();
  }

  @Get("/:id")
  @Summary("Get a user (version 2)")
  @Description("One user by id, inside `data`.")
  @OperationId("getUserV2")
  @Returns(200, UserEnvelope, "The user")
  @Returns(404, "No user has this id")
  async get(@Param(UserIdParams) { id }: UserIdParams): Promise<UserEnvelope> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException("No user has this id.");
    return { data: user };
  }
}
