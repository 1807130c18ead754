import {
  AppState,
  Controller,
  Deprecated,
  Description,
  Get,
  Hidden,
  Inject,
  OperationId,
  Returns,
  Route,
  Summary,
  Tags,
} from "@trellis/core";
import { UserRepository } from "../users/user-repository.js";
import { DatabaseHealth } from "./database-health.js";
import { Liveness } from "./liveness.js";
import { Readiness } from "./readiness.js";
import { ServiceMetrics } from "./service-metrics.js";

/** Liveness and readiness probes for an orchestrator or a load balancer. */
@Route("/health")
@Tags("health")
export class HealthController extends Controller {
  // Set once, when the app builds its controllers at startup.
  private readonly startedAt = Date.now();

  constructor(
    @Inject(DatabaseHealth) private readonly database: DatabaseHealth,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(AppState) private readonly state: AppState,
  ) {
    super();
  }

  @Get("/live")
  @Summary("Liveness probe")
  @Description("Answers 200 while the process serves requests; restart it when this fails.")
  @OperationId("getLiveness")
  @Returns(200, Liveness, "The process is up")
  live(): Liveness {
    return { status: "ok" };
  }

  @Get("/ready")
  @Summary("Readiness probe")
  @Description(
    "Checks the database with a query; 503 means: send no traffic here for now (also while the process starts or shuts down).",
  )
  @OperationId("getReadiness")
  @Returns(200, Readiness, "Ready to serve")
  @Returns(503, Readiness, "Not ready: starting, shutting down, or the database does not answer")
  async ready(): Promise<Readiness> {
    // Fails as soon as app.close() begins, so a balancer stops sending before the drain ends.
    const up = await this.database.isReachable();
    if (up && this.state.isReady) return { status: "ok", database: "up" };
    this.setStatus(503);
    return { status: "unavailable", database: up ? "up" : "down" };
  }

  @Get()
  @Summary("Readiness probe (old path)")
  @Description("Kept for old probes; use GET /health/ready.")
  @OperationId("getHealth")
  @Deprecated()
  @Returns(200, Readiness, "Ready to serve")
  @Returns(503, Readiness, "Not ready: starting, shutting down, or the database does not answer")
  health(): Promise<Readiness> {
    return this.ready();
  }

  // Served for the internal dashboard, but not part of the published contract.
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
