import { Inject, Injectable, Topics } from "@trellis/core";
import type { User } from "./user.js";

/** The topic every new user is published to (the WebSocket `/ws/users`, the feed `/users/events`). */
export const userEventsTopic = "users";

/** What is published for a new user: the WebSocket message as the AsyncAPI document declares it. */
export interface UserCreatedMessage {
  readonly type: "user.created";
  readonly data: User;
}

/**
 * Announces new users on the topic `users`, through the app's publish/subscribe: every instance's
 * WebSocket clients and feed readers receive it, each with the engine's event id to resume from.
 */
@Injectable()
export class UserEvents {
  constructor(@Inject(Topics) private readonly topics: Topics) {}

  /** Publishes that `user` was created. */
  created(user: User): void {
    const message: UserCreatedMessage = { type: "user.created", data: user };
    this.topics.publish(userEventsTopic, message);
  }
}
