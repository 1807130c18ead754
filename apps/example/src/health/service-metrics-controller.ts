import { Controller, Get, Hidden, Inject, Returns, Route, Tags } from "@trellis/core";
import { UserRepository } from "../users/user-repository.js";
import { ServiceMetrics } from "./service-metrics.js";

/**
 * Operational numbers for the internal dashboard, beside the probes of `health` (see
 * `exampleHealth`): served, but not part of the published contract.
 */
@Route("/health")
@Tags("health")
export class ServiceMetricsController extends Controller {
  // Set once, when the app builds its controllers at startup.
  private readonly startedAt = Date.now();

  constructor(@Inject(UserRepository) private readonly users: UserRepository) {
    super();
  }

  @Get("/metrics")
  @Hidden()
  @Returns(200, ServiceMetrics, "Operational numbers")
  async metrics(): Promise<ServiceMetrics> {
    return {
      users: await this.users.count(),
      uptimeSeconds: Math.floor((Date.now() - this.startedAt) / 1000),
    };
  }
}
