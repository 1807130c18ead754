import { IsString, IsUUID } from "class-validator";

/** A stored user, as every endpoint returns it. */
export class User {
  @IsUUID("4")
  id!: string;

  @IsString()
  name!: string;

  @IsString()
  email!: string;
}
