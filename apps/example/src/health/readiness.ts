import { IsIn } from "class-validator";

/** Whether the service can serve requests now, and the state of what it depends on. */
export class Readiness {
  @IsIn(["ok", "unavailable"])
  status!: "ok" | "unavailable";

  @IsIn(["up", "down"])
  database!: "up" | "down";
}
