import { describe, expect, it } from "vitest";
import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import { closingHandlers } from "./closing-handlers.js";

describe("closingHandlers", () => {
  const routes = {
    "/sync": { GET: () => new Response("a") },
    "/async": { POST: async () => new Response("b", { status: 201 }) },
    "/static": new Response("c"),
    "/upgraded": { GET: () => undefined },
  } as unknown as RouteMap;
  const fetch: ServeHandler = () => new Response("fallback", { status: 404 });
  const closing = closingHandlers(routes, fetch);
  const request = new Request("http://test.local/");
  const entry = (path: string) => (closing.routes as Record<string, unknown>)[path];

  it("answers as before, each answer closing its connection", async () => {
    const sync = (entry("/sync") as Record<string, ServeHandler>).GET?.(request) as Response;
    expect(sync.headers.get("connection")).toBe("close");
    expect(await sync.text()).toBe("a");
    const later = await (entry("/async") as Record<string, ServeHandler>).POST?.(request);
    expect(later?.status).toBe(201);
    expect(later?.headers.get("connection")).toBe("close");
    const fallback = await closing.fetch(request);
    expect(fallback.status).toBe(404);
    expect(fallback.headers.get("connection")).toBe("close");
  });

  it("copies a static response and leaves an upgraded socket's missing answer alone", async () => {
    const copy = entry("/static") as Response;
    expect(copy.headers.get("connection")).toBe("close");
    expect(await copy.text()).toBe("c");
    // The original stays as the app made it.
    expect((routes["/static"] as unknown as Response).headers.get("connection")).toBeNull();
    expect((entry("/upgraded") as Record<string, ServeHandler>).GET?.(request)).toBeUndefined();
  });
});
