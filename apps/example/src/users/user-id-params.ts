import { Describe, Example } from "@trellis/adapter-class-validator";
import { IsUUID } from "class-validator";

/** The `:id` of a user's routes: the id the service assigned, so anything else is a 400. */
export class UserIdParams {
  @Describe("The user's id, as the service assigned it")
  @Example("0b9f1c52-6c1e-4a57-9d0e-5f0f8a4c2d11")
  @IsUUID("4")
  id!: string;
}
