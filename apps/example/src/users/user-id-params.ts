import { Describe, Example } from "@trellis/adapter-class-validator";
import { IsString } from "class-validator";

/**
 * The `:id` of a user's routes. Any text is accepted and an unknown id is a 404, so the
 * framework's path-parameter suites can hand the handler any segment; the example is the shape
 * the service assigns (a UUID).
 */
export class UserIdParams {
  @Describe("The user's id, as the service assigned it")
  @Example("0b9f1c52-6c1e-4a57-9d0e-5f0f8a4c2d11")
  @IsString()
  id!: string;
}
