import { Describe, Example } from "@trellis/adapter-class-validator";
import { IsEmail, IsNotEmpty, IsString } from "class-validator";

/** What a client sends to create a user; validated before any handler runs. */
@Describe("A user to create")
export class CreateUserInput {
  @Describe("Full name")
  @Example("Ada Lovelace")
  @IsString()
  @IsNotEmpty()
  name!: string;

  @Describe("Unique, ignoring case")
  @Example("ada@example.com")
  @IsEmail()
  email!: string;
}
