// One app of the publish-cost bench: `ENGINE=in-process|redis|postgres PORT=... bun publish-app.ts`.
// GET /publish publishes a user-sized event to the topic `users` and answers 200; a WebSocket on
// /ws/users subscribes to it, so each publish also reaches a local subscriber, as in the example.
import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Get,
  Inject,
  OnOpen,
  type PubSub,
  Route,
  serve,
  type WebSocketConnection,
  WebSocketPublisher,
  WebSocketRoute,
} from "@trellis/core";
// By path: adapters are not dependencies of the bench package; they import only types from core.
import { postgresPubSub } from "@trellis/pubsub-postgres";
import { redisPubSub } from "@trellis/pubsub-redis";

let next = 0;

@Route("/publish")
class PublishController extends Controller {
  constructor(@Inject(WebSocketPublisher) private readonly publisher: WebSocketPublisher) {
    super();
  }

  @Get()
  publish() {
    next += 1;
    const data = {
      id: `u-${process.pid}-${next}`,
      name: "Ada Lovelace",
      email: `ada${next}@example.com`,
    };
    this.publisher.publish("users", { type: "user.created", data });
    return { published: true };
  }
}

@WebSocketRoute("/ws/users")
class UsersSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.subscribe("users");
  }
}

const engine = process.env.ENGINE ?? "in-process";
const pubsub: PubSub | undefined =
  engine === "redis"
    ? redisPubSub({ url: process.env.REDIS_URL })
    : engine === "postgres"
      ? postgresPubSub({ url: process.env.DATABASE_URL })
      : undefined;
const app = createApp({
  schema: classValidator(),
  controllers: [PublishController, UsersSocket],
  ...(pubsub ? { pubsub } : {}),
});
serve(app, { port: Number(process.env.PORT), hostname: "127.0.0.1" });
