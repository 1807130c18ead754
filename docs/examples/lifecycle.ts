import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Description,
  Get,
  Inject,
  Injectable,
  type OnInit,
  type OnShutdown,
  Returns,
  Route,
  Summary,
  serve,
} from "@trellis/core";
import { IsBoolean, IsString } from "class-validator";
import { documented } from "./documented.ts";

class Status {
  @IsBoolean() open!: boolean;
  @IsString() region!: string;
}

/** What happened, in order: the demo below returns it. */
export const events: string[] = [];

// #region providers
/** Opens its connection at startup and closes it at shutdown. */
@Injectable()
export class Connection implements OnInit, OnShutdown {
  open = false;

  async onInit() {
    await new Promise((resolve) => setTimeout(resolve, 10)); // e.g. a database handshake
    this.open = true;
    events.push("connection opened");
  }

  async onShutdown() {
    this.open = false;
    events.push("connection closed");
  }
}

/** Settings read from somewhere slow (a secret store): an async factory. */
export const SETTINGS = Symbol("settings");
const loadSettings = async () => ({ region: "eu-west" });
// #endregion

@Route("/status")
@Description("Service status")
class StatusController extends Controller {
  constructor(
    private readonly connection: Connection,
    @Inject(SETTINGS) private readonly settings: { region: string },
  ) {
    super();
  }

  @Get()
  @Summary("Service status")
  @Description("Whether the connection is open, and the region.")
  @Returns(200, Status, "The status")
  status() {
    return { open: this.connection.open, region: this.settings.region };
  }
}

// #region app
export function buildApp() {
  return createApp({
    schema: classValidator(),
    controllers: [StatusController],
    providers: [Connection, { provide: SETTINGS, useFactory: loadSettings }],
    openapi: documented("status", "A service with a connection and slow settings."),
  });
}
// #endregion

// #region serve
if (import.meta.main) {
  // Answers 503 (Retry-After: 1) until ready; on SIGTERM or SIGINT: readiness fails, requests in
  // flight finish (at most 10 s), onShutdown hooks run, the process exits.
  serve(buildApp(), { port: Number(process.env.PORT ?? 3000), graceMs: 10_000 });
}
// #endregion

/** A request before and after `app.ready`, then a close. */
export async function demo() {
  events.length = 0;
  const app = buildApp();
  const get = () => app.fetch(new Request("http://localhost/status"));
  const early = await get();
  const statusBefore = app.state.status;
  await app.ready;
  const later = await get();
  await app.close({ graceMs: 1000 });
  return { early, statusBefore, later, statusAfter: app.state.status, events: [...events] };
}
