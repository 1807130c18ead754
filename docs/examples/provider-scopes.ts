import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Description,
  Get,
  Inject,
  Injectable,
  REQUEST,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsBoolean, IsString } from "class-validator";
import { documented } from "./documented.ts";

class Hello {
  @IsString() message!: string;
  @IsBoolean() shared!: boolean;
}

// #region request-scoped
/** One per request: reads the caller from the request it was made for. */
@Injectable({ scope: "request" })
export class CurrentUser {
  readonly name: string;

  constructor(@Inject(REQUEST) request: Request) {
    this.name = request.headers.get("x-user") ?? "anonymous";
  }
}

/** No scope of its own: it needs CurrentUser, so it is made per request too. */
@Injectable()
class Greeter {
  constructor(readonly user: CurrentUser) {}

  greet() {
    return `Hello, ${this.user.name}`;
  }
}

@Route("/hello")
@Description("Greetings for the caller")
class HelloController extends Controller {
  constructor(
    private readonly greeter: Greeter,
    private readonly user: CurrentUser,
  ) {
    super();
  }

  @Get()
  @Summary("Greet the caller")
  @Description("Greets the user named by `x-user`.")
  @Returns(200, Hello, "The greeting")
  hello() {
    // Within one request, Greeter and the controller share one CurrentUser.
    return { message: this.greeter.greet(), shared: this.greeter.user === this.user };
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [HelloController],
  providers: [CurrentUser, Greeter],
  openapi: documented("hello", "Greets each caller."),
});
// #endregion

/** Two callers, two answers. */
export async function demo() {
  const as = (user: string) =>
    app.fetch(new Request("http://localhost/hello", { headers: { "x-user": user } }));
  return { ada: await as("Ada"), alan: await as("Alan") };
}
