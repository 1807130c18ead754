import { Type } from "class-transformer";
import { IsIn, ValidateNested } from "class-validator";
import { User } from "./user.js";

/** What happened to a user; one kind for now, room for more. */
export const userEventKinds = ["created"] as const;

/** One event of the user feed (`GET /users/events`). */
export class UserEvent {
  @IsIn(userEventKinds)
  kind!: (typeof userEventKinds)[number];

  @ValidateNested()
  @Type(() => User)
  user!: User;
}
