import { OnMessage, OnOpen, Sends, type WebSocketConnection, WebSocketRoute } from "@trellis/core";
import { User } from "./user.js";

/** The topic every new user is published to. */
export const userEventsTopic = "users";

/**
 * Live notifications: a client connected to `/ws/users` receives `{ "type": "user.created",
 * "data": <User> }` for every user created after it connected (the user controller publishes
 * them). `{ "type": "ping" }` is answered `{ "type": "pong" }`, for clients that check the line.
 */
@WebSocketRoute("/ws/users", { description: "New users, as they are created." })
@Sends("user.created", User)
@Sends("pong")
export class UserEventsSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.subscribe(userEventsTopic);
  }

  @OnMessage("ping")
  ping() {
    return { type: "pong" };
  }
}
