import { IsEmail, IsNotEmpty, IsString } from "class-validator";

/** What a client sends to create a user; validated before any handler runs. */
export class CreateUserInput {
  @IsString()
  @IsNotEmpty()
  name!: string;

  @IsEmail()
  email!: string;
}
