// One server for bench/scopes.ts. MODE=none: no request-scoped provider anywhere; MODE=mixed: the
// same app plus a controller that needs a request-scoped provider. GET /users/:id is identical.
import { typebox } from "@trellis/adapter-typebox";
import {
  Controller,
  createApp,
  Get,
  Inject,
  Injectable,
  Param,
  REQUEST,
  Route,
} from "@trellis/core";
import { hostname, port } from "../targets/shared/listen.js";
import { findUser } from "../targets/shared/users.js";

@Injectable()
class Users {
  find(id: string) {
    return findUser(id);
  }
}

@Route("/users")
class UserController extends Controller {
  constructor(private readonly users: Users) {
    super();
  }

  @Get("/:id")
  get(@Param("id") id: string) {
    return this.users.find(id);
  }
}

@Injectable({ scope: "request" })
class Caller {
  readonly id: string;
  constructor(@Inject(REQUEST) request: Request) {
    this.id = request.headers.get("x-user") ?? "42";
  }
}

@Route("/me")
class MeController extends Controller {
  constructor(
    private readonly caller: Caller,
    private readonly users: Users,
  ) {
    super();
  }

  @Get()
  me() {
    return this.users.find(this.caller.id);
  }
}

const mixed = process.env.MODE === "mixed";
const app = createApp({
  schema: typebox(),
  controllers: mixed ? [UserController, MeController] : [UserController],
  providers: mixed ? [Users, Caller] : [Users],
});
Bun.serve({ hostname, port, routes: app.routes, fetch: app.fetch });
console.log(`ready ${process.env.MODE} http://${hostname}:${port}`);
