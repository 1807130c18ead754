import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Description,
  Get,
  Injectable,
  Module,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

class User {
  @IsString() id!: string;
  @IsString() name!: string;
}

// #region store
/** Shared storage: declared once, exported to every module that imports StoreModule. */
export class Store {
  readonly users = new Map([["1", { id: "1", name: "Ada" }]]);
}

@Module({ providers: [Store], exports: [Store] })
export class StoreModule {}
// #endregion

// #region users
@Injectable()
class UserService {
  constructor(private readonly store: Store) {}

  list() {
    return [...this.store.users.values()];
  }
}

@Route("/users")
@Description("People who use the service")
class UserController extends Controller {
  constructor(private readonly users: UserService) {
    super();
  }

  @Get()
  @Summary("List users")
  @Description("Every user in the store.")
  @Returns(200, [User], "The users")
  list() {
    return this.users.list();
  }
}

/** UserService stays private to this module: nothing outside can inject it. */
@Module({ imports: [StoreModule], controllers: [UserController], providers: [UserService] })
export class UsersModule {}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  imports: [UsersModule],
  openapi: documented("users", "Users, from a module."),
});
// #endregion

// #region mistake
/** Uses Store without importing StoreModule: createApp throws PROVIDER_NOT_VISIBLE. */
@Module({ controllers: [UserController], providers: [UserService] })
class ForgetfulModule {}

export function startForgetful() {
  return createApp({ schema: classValidator(), imports: [ForgetfulModule, StoreModule] });
}
// #endregion

/** Lists the users, describes the graph, and shows the startup error of the forgetful module. */
export async function demo() {
  const users = await app.fetch(new Request("http://localhost/users"));
  let mistake: unknown;
  try {
    startForgetful();
  } catch (error) {
    mistake = error;
  }
  return { users, modules: app.modules, mistake };
}
