import { Equals } from "class-validator";

/** The process is up and answering. */
export class Liveness {
  @Equals("ok")
  status!: "ok";
}
