import { Describe, Example } from "@trellis/adapter-class-validator";
import { IsIn, IsString } from "class-validator";

/** The caller, as its credential authenticated it. */
@Describe("The caller, as its credential authenticated it")
export class Me {
  @Describe("The token's subject, or the API key's owner")
  @Example("ada")
  @IsString()
  subject!: string;

  @Describe("Which scheme admitted the request")
  @Example("jwt")
  @IsIn(["jwt", "apiKey"])
  via!: string;
}
