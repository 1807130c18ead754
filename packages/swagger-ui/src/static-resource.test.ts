import { describe, expect, it } from "vitest";
import { staticResource } from "./static-resource.js";

const get = (url: string, headers?: Record<string, string>, method = "GET") =>
  new Request(`http://localhost${url}`, { method, headers });

describe("staticResource", () => {
  const resource = staticResource("body { color: red }", "text/css; charset=utf-8");
  const etag = `"${resource.version}"`;

  it("serves the content with its type, a strong ETag and a revalidate policy", async () => {
    const response = await resource.handler(get("/docs/a.css"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("body { color: red }");
  });

  it("is immutable for a year only when the URL carries the current version", async () => {
    const current = await resource.handler(get(`/docs/a.css?v=${resource.version}`));
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const other = await resource.handler(get("/docs/a.css?v=old"));
    expect(other.headers.get("cache-control")).toBe("no-cache");
    const among = await resource.handler(get(`/docs/a.css?x=1&v=${resource.version}#top`));
    expect(among.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers 304 without a body to a matching If-None-Match", async () => {
    const response = await resource.handler(get("/docs/a.css", { "if-none-match": etag }));
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe("");
    const stale = await resource.handler(get("/docs/a.css", { "if-none-match": '"stale"' }));
    expect(stale.status).toBe(200);
  });

  it("answers HEAD like GET, with the length and without a body", async () => {
    const response = await resource.handler(get("/docs/a.css", {}, "HEAD"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("content-length")).toBe("19");
    expect(response.headers.get("etag")).toBe(etag);
    expect(await response.text()).toBe("");
  });

  it("refuses other methods with 405 and Allow", async () => {
    const response = await resource.handler(get("/docs/a.css", {}, "POST"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("serves binary content byte for byte, repeatedly", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const image = staticResource(png, "image/png");
    for (let i = 0; i < 3; i++) {
      const response = await image.handler(get("/favicon.png"));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
    }
  });

  it("adds extra headers to every answer, 304 included", async () => {
    const page = staticResource("<p>hi</p>", "text/html; charset=utf-8", { "x-extra": "1" });
    expect((await page.handler(get("/"))).headers.get("x-extra")).toBe("1");
    const etag = `"${page.version}"`;
    const cached = await page.handler(get("/", { "if-none-match": etag }));
    expect(cached.status).toBe(304);
    expect(cached.headers.get("x-extra")).toBe("1");
  });
});
