/** How long one HTTP exchange of a test may take, its body included: a safety net, not a measure. */
const seconds = 10;

/**
 * `fetch`, aborted (body and stream included) once `seconds` pass: what the tests and the SDK
 * clients they drive use (`new StreamableHTTPClientTransport(url, { fetch: boundedFetch })`), so
 * an endpoint that never answers fails a test in seconds instead of at the suite's timeout.
 */
export function boundedFetch(input: string | URL | Request, init: RequestInit = {}) {
  const bound = AbortSignal.timeout(seconds * 1000);
  const signal = init.signal ? AbortSignal.any([init.signal, bound]) : bound;
  return fetch(input, { ...init, signal });
}
