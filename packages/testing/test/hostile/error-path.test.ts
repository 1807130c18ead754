// The error path is total: whatever a stage throws and whatever the logger does, the client gets
// problem+json, through the route map under Bun's development mode (how an app started with
// NODE_ENV unset runs, where a throw that escapes shows Bun's HTML page with source and paths).
import {
  type CanActivate,
  Controller,
  createApp,
  Get,
  HttpException,
  type Interceptor,
  type Logger,
  type Middleware,
  Route,
  UseGuards,
  UseInterceptors,
  UseMiddleware,
} from "@trellis/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonSchemaAdapter } from "../../src/json-schema-adapter.js";
import { expectProblem } from "./support/problem.js";

/** A value whose every inspection throws: `instanceof`, property reads, `in`, key listing. */
const hostile = (): object =>
  new Proxy(
    {},
    {
      get() {
        throw new Error("get trap at /srv/app/secret.ts:1");
      },
      getPrototypeOf() {
        throw new Error("prototype trap at /srv/app/secret.ts:2");
      },
      has() {
        throw new Error("has trap");
      },
      ownKeys() {
        throw new Error("ownKeys trap");
      },
      getOwnPropertyDescriptor() {
        throw new Error("descriptor trap");
      },
    },
  );

const throwingGetter = (target: object, name: string) =>
  Object.defineProperty(target, name, {
    get() {
      throw new Error(`${name} getter at /srv/app/secret.ts:3`);
    },
  });

class BadExtensions extends HttpException {
  constructor() {
    super(409, "conflict");
    throwingGetter(this, "extensions");
  }
}
class BadHeaders extends HttpException {
  constructor() {
    super(429, "slow down");
    throwingGetter(this, "headers");
  }
}
class BadProblem extends HttpException {
  override toProblem(): never {
    throw new Error("toProblem at /srv/app/secret.ts:4");
  }
}

class HostileGuard implements CanActivate {
  canActivate(): boolean {
    throw hostile();
  }
}
class HostileInterceptor implements Interceptor {
  intercept(): unknown {
    throw hostile();
  }
}
const hostileMiddleware: Middleware = () => {
  throw hostile();
};

@Route("/e")
class ErrorPathController extends Controller {
  @Get("/handler-proxy") handlerProxy() {
    throw hostile();
  }
  @Get("/returns-proxy") returnsProxy() {
    return hostile();
  }
  @Get("/rejects-proxy") async rejectsProxy() {
    throw hostile();
  }
  @Get("/guard") @UseGuards(HostileGuard) guard() {
    return "unreachable";
  }
  @Get("/interceptor") @UseInterceptors(HostileInterceptor) interceptor() {
    return "unreachable";
  }
  @Get("/middleware") @UseMiddleware(hostileMiddleware) middleware() {
    return "unreachable";
  }
  @Get("/extensions") extensions() {
    throw new BadExtensions();
  }
  @Get("/headers") headers() {
    throw new BadHeaders();
  }
  @Get("/to-problem") toProblem() {
    throw new BadProblem(400, "bad");
  }
  @Get("/bigint") bigint() {
    throw 10n;
  }
}

const triggers = [
  "/e/handler-proxy",
  "/e/returns-proxy",
  "/e/rejects-proxy",
  "/e/guard",
  "/e/interceptor",
  "/e/middleware",
  "/e/extensions",
  "/e/headers",
  "/e/to-problem",
  "/e/bigint",
];

// A structured logger that serializes what it is given, as JSON loggers do: a BigInt (or a
// Proxy) makes it throw.
const serializingLogger: Logger = {
  error: (message, ...details) => {
    JSON.stringify({ message, details });
  },
};

const app = createApp({
  schema: jsonSchemaAdapter(),
  controllers: [ErrorPathController],
  logger: serializingLogger,
});
let server: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  // The route map alone, in development mode: nothing else would catch an escaping throw.
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", development: true, routes: app.routes });
});
afterAll(() => server.stop(true));

describe("the error path under Bun.serve({ routes, development: true })", () => {
  it.each(triggers)("%s: a clean problem+json 500, never Bun's error page", async (path) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
    const problem = await expectProblem(response, 500);
    expect(problem.detail).toBe("An unexpected error occurred.");
  });

  it.each(triggers)("%s: the same through app.fetch", async (path) => {
    await expectProblem(await app.fetch(new Request(`http://test.local${path}`)), 500);
  });
});
