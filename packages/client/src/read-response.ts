import { type Problem, TrellisClientError } from "./client-errors.js";
import { readEvents } from "./event-stream.js";

const json = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** The body of an answer: parsed JSON, text, a Blob, or undefined when there is none. */
async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  const text = type.startsWith("text/") || json.test(type) ? await response.text() : undefined;
  if (text === undefined) {
    const blob = await response.blob();
    return blob.size === 0 ? undefined : blob;
  }
  if (text === "" || !json.test(type)) return text === "" ? undefined : text;
  return JSON.parse(text) as unknown;
}

const eventStream = /^text\/event-stream\b/i;

/**
 * A 2xx answer's value (an event stream's events as an async iterable, read as they come), or a
 * `TrellisClientError` for any other status.
 */
export async function readResponse(response: Response): Promise<unknown> {
  if (response.ok) {
    const type = response.headers.get("content-type") ?? "";
    return eventStream.test(type) ? readEvents(response) : readBody(response);
  }
  let problem: Problem | undefined;
  try {
    const body = await readBody(response);
    if (typeof body === "object" && body !== null && !(body instanceof Blob))
      problem = body as Problem;
  } catch {
    // A body that does not parse leaves only the status to report.
  }
  throw new TrellisClientError(response.status, problem, response);
}
