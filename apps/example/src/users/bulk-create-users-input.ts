import { Type } from "class-transformer";
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from "class-validator";
import { CreateUserInput } from "./create-user-input.js";

/** The most users one bulk request may create: keeps one transaction short. */
export const maxBulkUsers = 100;

/** Several users to create at once, all or none. */
export class BulkCreateUsersInput {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(maxBulkUsers)
  @ValidateNested({ each: true })
  @Type(() => CreateUserInput)
  users!: CreateUserInput[];
}
