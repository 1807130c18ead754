import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Description,
  Get,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { memoryRateLimitStore, RateLimit, rateLimits } from "@trellis/rate-limit";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

class Credentials {
  @IsString() user!: string;
  @IsString() password!: string;
}

class Session {
  @IsString() token!: string;
}

class Usage {
  @IsString() plan!: string;
}

// #region decorators
@Route("/auth")
@Description("Sessions")
@RateLimit({ limit: 100, window: 60 }) // each route: 100 requests a minute per client address
class AuthController extends Controller {
  @Post("/login")
  @Summary("Log in")
  @Description("At most 5 attempts a minute from one address.")
  @RateLimit({ limit: 5, window: 60 }) // the method's own limit wins over the class's
  @Returns(200, Session, "A new session")
  login(@Body(Credentials) _credentials: Credentials): Session {
    return { token: "t0k3n" };
  }

  @Get("/usage")
  @Summary("Read the usage of an API key")
  @Description("1000 requests an hour per API key, shared by every instance with a Redis store.")
  @RateLimit({ limit: 1000, window: 3600, key: { header: "x-api-key" }, name: "per-key" })
  @Returns(200, Usage, "The key's plan")
  usage(): Usage {
    return { plan: "free" };
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [AuthController],
  plugins: [
    rateLimits({
      // With several instances: store: redisRateLimitStore({ url: process.env.REDIS_URL }).
      store: memoryRateLimitStore(),
      // Only behind a proxy you run, which appends the address it saw to X-Forwarded-For.
      clientAddress: { header: "x-forwarded-for", hops: 1 },
    }),
  ],
  openapi: documented("auth", "Sessions, with rate limits."),
});
// #endregion

/** Six logins from one address: five pass, the sixth is 429. */
export async function demo() {
  const login = () =>
    app.fetch(
      new Request("http://localhost/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ user: "ada", password: "secret" }),
      }),
    );
  const answers: Response[] = [];
  for (let attempt = 0; attempt < 6; attempt++) answers.push(await login());
  return { answers, document: app.document };
}
