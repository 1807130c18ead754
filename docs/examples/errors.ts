import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  ConflictException,
  Controller,
  createApp,
  Description,
  type ErrorFormatter,
  Get,
  HttpException,
  NotFoundException,
  Param,
  Post,
  Returns,
  Route,
  Summary,
  TrellisConfigError,
} from "@trellis/core";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

class Account {
  @IsString() id!: string;
}

// #region throwing
@Route("/accounts")
@Description("Bank accounts")
class AccountController extends Controller {
  @Get("/:id")
  @Summary("Get an account")
  @Description("Always 404 in this example.")
  @Returns(200, Account, "The account")
  @Returns(404, "No account has this id")
  get(@Param("id") id: string): never {
    throw new NotFoundException(`No account ${id}.`);
  }

  @Post()
  @Summary("Open an account")
  @Description("Always 409 in this example.")
  @Returns(201, Account, "The new account")
  @Returns(409, "The e-mail address is taken")
  create(): never {
    throw new ConflictException("This e-mail address is taken.", {
      extensions: { field: "email" }, // extra members of the problem object
    });
  }

  @Post("/:id/transfers")
  @Summary("Transfer money")
  @Description("Always 429 in this example.")
  @Returns(202, "The transfer is accepted")
  @Returns(429, "Too many transfers today")
  transfer(@Param("id") _id: string) {
    throw new HttpException(429, "Too many transfers today.", {
      headers: { "retry-after": "3600" },
      type: "https://example.com/problems/transfer-limit",
    });
  }

  @Get("/:id/report")
  @Summary("Report on an account")
  @Description("Always fails unexpectedly (500) in this example.")
  @Returns(200, Account, "The report")
  report(@Param("id") _id: string): never {
    throw new Error("connection refused: postgres://admin:secret@10.0.0.5/bank");
  }
}
// #endregion

const logged: unknown[][] = [];

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [AccountController],
  // Where unexpected errors go (the default is the console); clients only get a generic 500.
  logger: { error: (message, ...details) => logged.push([message, ...details]) },
  openapi: documented("bank", "Accounts and transfers."),
});
// #endregion

// #region custom-formatter
// Adds `instance` (the request path) to every problem, and keeps the problem+json media type.
const errorFormatter: ErrorFormatter = (_error, { request, problem }) => ({
  headers: { "content-type": "application/problem+json" },
  body: { ...problem, instance: new URL(request.url).pathname },
});

export const formatted = createApp({
  schema: classValidator(),
  controllers: [AccountController],
  errorFormatter,
  logger: { error: () => {} },
  openapi: documented("bank", "Accounts and transfers, with `instance` in every problem."),
});
// #endregion

// #region startup-error
@Route("/broken")
class BrokenController extends Controller {
  @Get("/:id")
  first(@Param("id") id: string) {
    return id;
  }

  @Get("/:key") // the same method and path shape as `first`
  second(@Param("key") key: string) {
    return key;
  }
}

export function startupError(): { code: string; message: string } | undefined {
  try {
    createApp({ schema: classValidator(), controllers: [BrokenController] });
  } catch (error) {
    if (error instanceof TrellisConfigError) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}
// #endregion

/** Triggers every kind of error once. */
export async function demo() {
  const call = (target: typeof app, method: string, path: string) =>
    target.fetch(new Request(`http://localhost${path}`, { method }));
  return {
    notFound: await call(app, "GET", "/accounts/42"),
    conflict: await call(app, "POST", "/accounts"),
    tooMany: await call(app, "POST", "/accounts/42/transfers"),
    crash: await call(app, "GET", "/accounts/42/report"),
    logged,
    formatted: await call(formatted, "GET", "/accounts/42"),
    formattedNoRoute: await call(formatted, "GET", "/nowhere"),
    startupError: startupError(),
  };
}
