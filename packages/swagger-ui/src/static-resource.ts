import type { DocsRouteHandler } from "@trellis/core/extend";
import { contentEtag, ifNoneMatchMatches } from "./etag.js";

const encoder = new TextEncoder();
const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

/** A file held in memory and the GET/HEAD handler that serves it. */
export interface StaticResource {
  /** Serves the bytes with an ETag; answers 304 to a matching `If-None-Match`, HEAD without a body. */
  readonly handler: DocsRouteHandler;
  /** The content's tag without quotes: put it in the URL as `?v=` to make the response immutable. */
  readonly version: string;
}

/**
 * Wraps content built or read once at startup. Every request gets a fresh `Response` over the same
 * bytes; nothing is read or computed per request beyond the header checks. A request whose `?v=`
 * equals the content's version is cached for a year (the URL changes when the content does); any
 * other request must revalidate, so an upgrade is never hidden behind a stale cache.
 */
export function staticResource(
  content: string | Uint8Array,
  contentType: string,
  extraHeaders: Readonly<Record<string, string>> = {},
): StaticResource {
  const bytes = typeof content === "string" ? encoder.encode(content) : content;
  const etag = contentEtag(bytes);
  const version = etag.slice(1, -1);
  const versionQuery = `v=${version}`;
  const common = { ...extraHeaders, etag, "x-content-type-options": "nosniff" };
  const length = String(bytes.byteLength);
  const headers = {
    fresh: { ...common, "cache-control": revalidate, "content-type": contentType },
    immutable: { ...common, "cache-control": immutable, "content-type": contentType },
  };
  const headHeaders = {
    fresh: { ...headers.fresh, "content-length": length },
    immutable: { ...headers.immutable, "content-length": length },
  };
  const notModified = {
    fresh: { ...common, "cache-control": revalidate },
    immutable: { ...common, "cache-control": immutable },
  };

  const handler: DocsRouteHandler = (request) => {
    const { method } = request;
    if (method !== "GET" && method !== "HEAD") {
      return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
    }
    const policy = hasQueryPart(request.url, versionQuery) ? "immutable" : "fresh";
    if (ifNoneMatchMatches(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers: notModified[policy] });
    }
    if (method === "HEAD") return new Response(null, { headers: headHeaders[policy] });
    return new Response(bytes, { headers: headers[policy] });
  };
  return { handler, version };
}

// Looks for one exact `key=value` pair in the query without building a URL object per request.
function hasQueryPart(url: string, part: string): boolean {
  const start = url.indexOf("?");
  if (start === -1) return false;
  const hash = url.indexOf("#", start);
  const query = url.slice(start + 1, hash === -1 ? undefined : hash);
  return query.split("&").includes(part);
}
