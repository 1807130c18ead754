import { checkDuration } from "../errors/check-duration.js";
import { configError } from "../errors/core-config-error.js";
import { isConcreteMediaType } from "../http/negotiate.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";
import type { ControllerMetadata } from "../metadata/read-controller-metadata.js";
import type { SseSettings } from "./operation.js";

/** What a route answers with: its produced media types and, for `@Sse`, how it streams. */
export interface ResponseMedia {
  readonly produces: readonly string[];
  readonly sse: SseSettings | undefined;
}

const eventStream = "text/event-stream";
// Below Bun's default idleTimeout (10 s), which would otherwise cut a quiet stream.
const defaultKeepAlive = 5_000;
const json: ResponseMedia = Object.freeze({ produces: Object.freeze([]), sse: undefined });
const sseKeys = new Set(["keepAlive"]);

function checkProduces(declared: readonly unknown[], where: string): readonly string[] {
  if (declared.length === 0) {
    throw configError("INVALID_MEDIA_TYPE", [where, "needs a media type"]);
  }
  const seen = new Set<string>();
  for (const mediaType of declared) {
    if (!isConcreteMediaType(mediaType)) {
      throw configError("INVALID_MEDIA_TYPE", [
        where,
        `${JSON.stringify(mediaType)} is not a media type such as "text/csv" (no wildcards)`,
      ]);
    }
    const key = mediaType.toLowerCase();
    if (seen.has(key)) {
      throw configError("INVALID_MEDIA_TYPE", [where, `lists "${mediaType}" twice`]);
    }
    seen.add(key);
  }
  return Object.freeze([...declared]) as readonly string[];
}

function checkSse(options: unknown, method: MethodMetadata, where: string): SseSettings {
  if (method.verbs.length !== 1) {
    throw configError("SSE_WITH_OTHER_VERB", [where]);
  }
  if (method.produces !== undefined) {
    throw configError("SSE_WITH_PRODUCES", [where, eventStream]);
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw configError("INVALID_SSE_OPTIONS", [where, "options must be an object"]);
  }
  const unknownKey = Object.keys(options).find((key) => !sseKeys.has(key));
  if (unknownKey !== undefined) {
    throw configError("INVALID_SSE_OPTIONS", [
      where,
      `has the unknown option "${unknownKey}" (expected keepAlive)`,
    ]);
  }
  const { keepAlive = defaultKeepAlive } = options as { keepAlive?: unknown };
  // 0 sends no keep-alive comments.
  return { keepAlive: checkDuration(keepAlive, `${where}: @Sse keepAlive`, { zero: true }) };
}

/** Reads `@Produces` (method, else class) and `@Sse` of one method, checked. */
export function readResponseMedia(
  owner: ControllerMetadata,
  method: MethodMetadata,
  where: string,
): ResponseMedia {
  if (method.sse !== undefined) {
    return { produces: [eventStream], sse: checkSse(method.sse, method, where) };
  }
  const declared = method.produces ?? owner.produces;
  if (declared === undefined) return json;
  return { produces: checkProduces(declared, where), sse: undefined };
}
