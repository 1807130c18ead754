// The example driven through @trellis/client over real HTTP: the client is typed by the
// controller (import type) and learns where arguments go from the manifest the app serves.
import { createClient, type SseMessage, TrellisClientError } from "@trellis/client";
import type { ResyncEvent } from "@trellis/core";
import type { HealthChecks } from "@trellis/health";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { ServiceMetricsController } from "../src/health/service-metrics-controller.js";
import type { AvatarController } from "../src/users/avatar-controller.js";
import type { User } from "../src/users/user.js";
import type { UserController } from "../src/users/user-controller.js";
import type { UserEvent } from "../src/users/user-event.js";
import type { UserFeedController } from "../src/users/user-feed-controller.js";
import { type RunningExample, startExample } from "./support/example-server.js";

let example: RunningExample;
type Api = {
  users: UserController;
  userFeed: UserFeedController;
  avatars: AvatarController;
  health: HealthChecks;
  serviceMetrics: ServiceMetricsController;
};
let api: ReturnType<typeof createClient<Api>>;
beforeAll(() => {
  example = startExample();
  api = createClient<Api>({ baseUrl: example.baseUrl });
});
afterAll(() => example.stop());

describe("apps/example through @trellis/client", () => {
  it("creates, gets and lists users with the controller's own types", async () => {
    const ada = await api.users.create({ name: "Ada", email: "ada@example.com" });
    expectTypeOf(ada).toEqualTypeOf<User>();
    expect(ada).toEqual({ id: expect.any(String), name: "Ada", email: "ada@example.com" });

    expect(await api.users.get({ id: ada.id })).toEqual(ada);
    const [grace, alan] = await api.users.createMany({
      users: [
        { name: "Grace", email: "grace@example.com" },
        { name: "Alan", email: "alan@example.com" },
      ],
    });
    expect(await api.users.list({})).toEqual([ada, grace, alan]);
    expect(await api.users.list({ page: 2, limit: 2 })).toEqual([alan]);
  });

  it("uploads an avatar (a File, or a FormData) and reads it back as a Blob", async () => {
    const ada = await api.users.create({ name: "Ada", email: "ada@avatar.example" });
    // Uploads are checked by their first bytes: a PNG signature, then anything.
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
    const avatar = new File([new Uint8Array(png)], "ada.png", { type: "image/png" });
    expect(await api.avatars.setAvatar({ id: ada.id }, { avatar })).toBeUndefined();
    const image = await api.avatars.getAvatar({ id: ada.id });
    expect(image).toBeInstanceOf(Blob);
    expect((image as Blob).type).toBe("image/png");
    expect(new Uint8Array(await (image as Blob).arrayBuffer())).toEqual(
      new Uint8Array(await avatar.arrayBuffer()),
    );
    const form = new FormData();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0]);
    form.set("avatar", new File([jpeg], "ada.jpg", { type: "image/jpeg" }));
    await api.avatars.setAvatar({ id: ada.id }, form);
    expect(((await api.avatars.getAvatar({ id: ada.id })) as Blob).type).toBe("image/jpeg");
    const refused = await api.avatars
      .setAvatar({ id: ada.id }, { avatar: new File(["GIF89a"], "ada.gif", { type: "image/gif" }) })
      .catch((error) => error);
    expect(refused).toMatchObject({ status: 400, problem: { errors: [{ path: "/avatar" }] } });
  });

  it("rejects a 400 with the problem's issues, a 404 and a 409 with their status", async () => {
    const invalid = await api.users.create({ name: "", email: "nope" }).catch((error) => error);
    expect(invalid).toBeInstanceOf(TrellisClientError);
    expect(invalid.status).toBe(400);
    expect(invalid.problem.errors.map((issue: { in: string; path: string }) => issue.path)).toEqual(
      ["/name", "/email"],
    );
    const missing = await api.users.get({ id: crypto.randomUUID() }).catch((error) => error);
    expect(missing).toMatchObject({ status: 404, problem: { status: 404 } });
    const paging = await api.users.list({ limit: 1000 }).catch((error) => error);
    expect(paging).toMatchObject({
      status: 400,
      problem: { errors: [{ in: "query", path: "/limit" }] },
    });
    await api.users.create({ name: "Twin", email: "twin@example.com" });
    const taken = await api.users
      .create({ name: "Twin", email: "TWIN@example.com" })
      .catch((e) => e);
    expect(taken).toMatchObject({ status: 409 });
  });

  it("reads a second controller of the same app, and never reaches a @Hidden route", async () => {
    expect(await api.health.live()).toEqual({ status: "ok" });
    expect(await api.health.ready()).toMatchObject({ status: "ok", state: "ready" });
    await expect(api.serviceMetrics.metrics()).rejects.toThrow(/not a documented operation/);
  });

  it("follows the live feed as typed events, and reads the CSV export as text", async () => {
    const events = await api.userFeed.follow();
    // A `resync` event ({ topic, reason }) comes only for a Last-Event-ID it cannot honour.
    type FeedData = UserEvent | ResyncEvent["data"];
    expectTypeOf(events).toEqualTypeOf<AsyncIterable<SseMessage<FeedData>>>();
    const created = api.users.create({ name: "Edsger", email: "edsger@example.com" });
    let seen: SseMessage<FeedData> | undefined;
    for await (const event of events) {
      if (!("user" in event.data) || event.data.user.name !== "Edsger") continue;
      seen = event;
      break; // closes the stream
    }
    expect(seen).toMatchObject({
      event: "created",
      data: { kind: "created", user: await created },
    });
    const csv = await api.userFeed.export();
    expectTypeOf(csv).toEqualTypeOf<string | User[]>();
    expect(typeof csv === "string" && csv.split("\r\n")[0]).toBe("id,name,email");
    expect(csv).toContain("Edsger,edsger@example.com");
  });
});
