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
} from "@trellis/core";
import { User } from "./user.js";
import { UserEvent } from "./user-event.js";
import { type NumberedEvent, UserEvents } from "./user-events.js";
import { UserRepository } from "./user-repository.js";
import { usersCsv } from "./users-csv.js";

/** Users as a live feed (Server-Sent Events) and as an export (CSV or JSON). */
@Route("/users")
@Tags("users")
export class UserFeedController extends Controller {
  constructor(
    @Inject(UserEvents) private readonly events: UserEvents,
    @Inject(UserRepository) private readonly users: UserRepository,
  ) {
    super();
  }

  @Sse("/events")
  @Summary("Follow new users")
  @OperationId("followUsers")
  @Description(
    "A Server-Sent Events stream with one `created` event per new user. A reconnecting client sends `Last-Event-ID` and first receives what it missed (of the recent events kept).",
  )
  @Returns(200, UserEvent, "User events, as they happen")
  async *follow(
    @Header("last-event-id") lastEventId?: number,
  ): AsyncGenerator<{ id: string; event: string; data: UserEvent }> {
    const events: AsyncGenerator<NumberedEvent> = this.events.since(lastEventId ?? 0, this.signal);
    for await (const { id, event } of events) {
      yield { id: String(id), event: event.kind, data: event };
    }
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
