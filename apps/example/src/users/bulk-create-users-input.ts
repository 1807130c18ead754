import { Describe, Example } from "@trellis/adapter-class-validator";
import { Type } from "class-transformer";
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from "class-validator";
import { CreateUserInput } from "./create-user-input.js";

/** The most users one bulk request may create: keeps one transaction short. */
export const maxBulkUsers = 100;

/** Several users to create at once, all or none. */
@Describe("Users to create in one transaction")
// Its own addresses, not CreateUserInput's example: both examples can be sent to one service.
@Example({
  users: [
    { name: "Grace Hopper", email: "grace@example.com" },
    { name: "Alan Turing", email: "alan@example.com" },
  ],
})
export class BulkCreateUsersInput {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(maxBulkUsers)
  @ValidateNested({ each: true })
  @Type(() => CreateUserInput)
  users!: CreateUserInput[];
}
