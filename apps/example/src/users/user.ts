import { Describe, Example } from "@trellis/adapter-class-validator";
import { IsEmail, IsString, IsUUID } from "class-validator";

/** A stored user, as every endpoint returns it. */
@Describe("A stored user")
export class User {
  @Describe("Assigned by the service")
  @Example("0b9f1c52-6c1e-4a57-9d0e-5f0f8a4c2d11")
  @IsUUID("4")
  id!: string;

  @Describe("Full name")
  @Example("Ada Lovelace")
  @IsString()
  name!: string;

  // The same format as on input: what the service stores, it checked.
  @Describe("Unique, ignoring case")
  @Example("ada@example.com")
  @IsEmail()
  email!: string;
}
