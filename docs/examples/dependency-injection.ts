import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Description,
  Get,
  getRequestContext,
  Inject,
  Injectable,
  Param,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

// #region services
/** A token for a value that is not a class. */
export const GREETING = Symbol("greeting");

/** A plain class: provided as itself. */
class Clock {
  now(): Date {
    return new Date("2024-05-01T12:00:00Z");
  }
}

/** Injected by reflected constructor types, which TypeScript emits only for decorated classes. */
@Injectable()
class Greeter {
  constructor(
    private readonly clock: Clock,
    @Inject(GREETING) private readonly greeting: string,
  ) {}

  greet(name: string) {
    return `${this.greeting}, ${name}. It is ${this.clock.now().toISOString()}.`;
  }
}
// #endregion

// #region request-context
/** Far from the controller, still knows which request it serves. */
class AuditLog {
  readonly entries: string[] = [];

  write(event: string) {
    const { request, operation } = getRequestContext();
    this.entries.push(`${event} ${request.method} ${operation?.docs.operationId}`);
  }
}
// #endregion

// #region controller
class Greeting {
  @IsString() message!: string;
}

@Route("/greetings")
@Description("Greetings by name")
class GreetingController extends Controller {
  constructor(
    private readonly greeter: Greeter,
    private readonly audit: AuditLog,
  ) {
    super();
  }

  @Get("/:name")
  @Summary("Greet someone")
  @Description("A greeting with the time of day.")
  @Returns(200, Greeting, "The greeting")
  greet(@Param("name") name: string) {
    this.audit.write("greeted");
    return { message: this.greeter.greet(name) };
  }
}
// #endregion

// #region app
export const audit = new AuditLog();

export const app = createApp({
  schema: classValidator(),
  controllers: [GreetingController],
  providers: [
    Clock, // a class: its own token
    Greeter,
    { provide: AuditLog, useValue: audit }, // an instance you made
    {
      provide: GREETING,
      useFactory: (clock: Clock) => (clock.now().getUTCHours() < 12 ? "Good morning" : "Hello"),
      inject: [Clock],
    },
  ],
  requestContext: true, // makes getRequestContext() work in this app's requests
  openapi: documented("greetings", "Greets people by name."),
});
// #endregion

/** Greets twice and returns what the audit log saw. */
export async function demo() {
  const get = (path: string) => app.fetch(new Request(`http://localhost${path}`));
  const first = await get("/greetings/Ada");
  const second = await get("/greetings/Alan");
  return { first, second, entries: audit.entries };
}
