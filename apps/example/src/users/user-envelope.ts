import { Describe } from "@trellis/adapter-class-validator";
import { Type } from "class-transformer";
import { IsDefined, ValidateNested } from "class-validator";
import { User } from "./user.js";

/** Version 2 of the users API answers with the user inside `data`, so it can grow siblings. */
@Describe("A user, as version 2 of the API answers")
export class UserEnvelope {
  @Describe("The user")
  @IsDefined()
  @ValidateNested()
  @Type(() => User)
  data!: User;
}
