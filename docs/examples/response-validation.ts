import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Description,
  Get,
  Param,
  Returns,
  Route,
  Summary,
  ValidateResponse,
} from "@trellis/core";
import { IsEmail, IsString } from "class-validator";
import { documented } from "./documented.ts";

class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsEmail() email!: string;
}

/** What the database gives back: more than the API may show. */
const row = (id: string) => ({ id, name: "Ada", email: "ada@example.com", passwordHash: "x1y2" });

// #region controller
@Route("/users")
@Description("People who use the service")
class UserController extends Controller {
  @Get("/:id")
  @Summary("Get a user")
  @Description("The stored row, stripped to what User declares.")
  @Returns(200, User, "The user")
  @ValidateResponse({ strip: true }) // removes what User does not declare, then sends
  get(@Param("id") id: string) {
    return row(id);
  }

  @Get("/:id/broken")
  @Summary("Get a broken user")
  @Description("A row without e-mail: response validation answers 500.")
  @Returns(200, User, "The user")
  broken(@Param("id") id: string) {
    // The compiler checks returns against @Returns, but not through `any` (an untyped driver,
    // JSON.parse): response validation catches what gets past it.
    const stored: any = { id, name: "Ada" }; // no email: does not match User
    return stored;
  }
}

export const logged: unknown[][] = [];

export const app = createApp({
  schema: classValidator(),
  controllers: [UserController],
  validateResponse: true, // every route; a class's or method's @ValidateResponse wins
  logger: { error: (...details) => logged.push(details) },
  openapi: documented("users", "Users, checked on the way out."),
});
// #endregion

/** A response stripped of internal fields, and one that fails validation. */
export async function demo() {
  const get = (path: string) => app.fetch(new Request(`http://localhost${path}`));
  return { stripped: await get("/users/u1"), broken: await get("/users/u1/broken"), logged };
}
