import { OnMessage, OnOpen, Sends, type WebSocketConnection, WebSocketRoute } from "@trellis/core";
import { User } from "./user.js";
import { userEventsTopic } from "./user-events.js";

/**
 * Live notifications: a client connected to `/ws/users` receives `{ "eventId", "type":
 * "user.created", "data": <User> }` for every user created on any instance after it connected. A
 * client that reconnects with `/ws/users?lastEventId=<the last eventId it received>` first receives
 * what it missed (exactly once, in order); an id that is malformed or older than the replay window
 * is answered `{ "type": "resync" }` and the stream goes on from now. `{ "type": "ping" }` is
 * answered `{ "type": "pong" }`, for clients that check the line.
 */
@WebSocketRoute("/ws/users", {
  description:
    "New users, as they are created on any instance. Each message carries an `eventId`; reconnect with `?lastEventId=` to receive what was missed.",
})
@Sends("user.created", User)
@Sends("pong")
export class UserEventsSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.follow(userEventsTopic);
  }

  @OnMessage("ping")
  ping() {
    return { type: "pong" };
  }
}
