import {
  Controller,
  Description,
  Get,
  Header,
  Inject,
  OperationId,
  Produces,
  Returns,
  Route,
  Sse,
  Summary,
  Tags,
  type TopicStream,
  Topics,
} from "@trellis/core";
import { User } from "./user.js";
import { UserEvent } from "./user-event.js";
import { type UserCreatedMessage, userEventsTopic } from "./user-events.js";
import { UserRepository } from "./user-repository.js";
import { usersCsv } from "./users-csv.js";

/** Users as a live feed (Server-Sent Events) and as an export (CSV or JSON). */
@Route("/users")
@Tags("users")
export class UserFeedController extends Controller {
  constructor(
    @Inject(Topics) private readonly topics: Topics,
    @Inject(UserRepository) private readonly users: UserRepository,
  ) {
    super();
  }

  @Sse("/events")
  @Summary("Follow new users")
  @OperationId("followUsers")
  @Description(
    "A Server-Sent Events stream with one `created` event per new user, on any instance. Event ids come from the publish/subscribe engine: a client that reconnects (to any instance) with `Last-Event-ID` first receives what it missed, exactly once and in order. An id that is malformed or older than the replay window is answered with a `resync` event (`{ topic, reason }`), and the stream goes on from now.",
  )
  @Returns(200, UserEvent, "User events, as they happen")
  follow(@Header("last-event-id") lastEventId?: string): TopicStream<UserEvent> {
    return this.topics.follow(userEventsTopic, {
      lastEventId,
      signal: this.signal,
      map: (message) => ({
        event: "created",
        data: { kind: "created", user: (message as UserCreatedMessage).data },
      }),
    });
  }

  @Get("/export")
  @Summary("Export every user")
  @Description("A CSV download with formula-safe fields, or JSON for clients that ask for it.")
  @OperationId("exportUsers")
  @Produces("text/csv", "application/json")
  @Returns(200, [User], "Every user, oldest first: CSV unless Accept prefers JSON")
  async export(): Promise<string | User[]> {
    const all = await this.users.all();
    if (this.responseType === "text/csv") {
      this.setHeader("content-disposition", 'attachment; filename="users.csv"');
      return usersCsv(all);
    }
    return [...all];
  }
}
