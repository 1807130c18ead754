import { IsInt, Min } from "class-validator";

/** Operational numbers for an internal dashboard. */
export class ServiceMetrics {
  @IsInt()
  @Min(0)
  users!: number;

  @IsInt()
  @Min(0)
  uptimeSeconds!: number;
}
