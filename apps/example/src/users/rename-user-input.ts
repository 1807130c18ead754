import { Describe, Example } from "@trellis/adapter-class-validator";
import { IsNotEmpty, IsString } from "class-validator";

/** What a client sends to rename a user (`PATCH /users/{id}`, with `If-Match`). */
@Describe("A user's new name")
export class RenameUserInput {
  @Describe("Full name")
  @Example("Ada King")
  @IsString()
  @IsNotEmpty()
  name!: string;
}
