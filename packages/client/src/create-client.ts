import { buildRequest } from "./build-request.js";
import { TrellisClientError, TrellisNetworkError } from "./client-errors.js";
import type { Client } from "./client-types.js";
import { findOperation, isManifest, type Manifest } from "./manifest.js";
import { readResponse } from "./read-response.js";

type HeaderValues = ConstructorParameters<typeof Headers>[0];

/** Options of `createClient`. */
export interface ClientOptions {
  /** Where the app is served (`https://api.example.com`, `http://localhost:3000/`). */
  readonly baseUrl: string | URL;
  /** The fetch to send requests with (default: the global `fetch`); `app.fetch` works in tests. */
  readonly fetch?: (request: Request) => Promise<Response> | Response;
  /** Headers sent with every call (an `Authorization`, say), or a function read before each call. */
  readonly headers?: HeaderValues | (() => HeaderValues | Promise<HeaderValues>);
  /** Where the app serves its docs (default `/docs`): the manifest is `<docsPath>/client.json`. */
  readonly docsPath?: string;
}

/**
 * A typed client of a Trellis app. Its types come from the controllers (`import type` them: no
 * server code reaches the client); where each argument goes, it reads once from the manifest an
 * app with docs on serves beside its document. Calls reject with `TrellisClientError` for a
 * non-2xx answer and `TrellisNetworkError` when no answer came.
 *
 * @example
 * import type { UserController } from "../server/users/user-controller.js";
 * const api = createClient<{ users: UserController }>({ baseUrl: "http://localhost:3000" });
 * const user = await api.users.get("42"); // typed as UserController#get returns
 */
export function createClient<Controllers>(options: ClientOptions): Client<Controllers> {
  const baseUrl = String(options.baseUrl).replace(/\/+$/, "");
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const docsPath = (options.docsPath ?? "/docs").replace(/\/+$/, "");
  let manifest: Promise<Manifest> | undefined;

  async function exchange(request: Request): Promise<Response> {
    try {
      return await send(request);
    } catch (cause) {
      throw new TrellisNetworkError(request.url, { cause });
    }
  }

  const extraHeaders = async () =>
    new Headers(typeof options.headers === "function" ? await options.headers() : options.headers);

  async function loadManifest(): Promise<Manifest> {
    const url = `${baseUrl}${docsPath}/client.json`;
    const response = await exchange(new Request(url, { headers: await extraHeaders() }));
    const body = await readResponse(response).catch((error: unknown) => {
      if (error instanceof TrellisClientError && error.status === 404) {
        throw new TrellisClientError(
          404,
          error.problem,
          error.response,
          `${error.response.url || baseUrl}: no client manifest; create the app with docs: { swagger: true }, or give the client its docsPath.`,
        );
      }
      throw error;
    });
    if (!isManifest(body)) throw new TypeError(`${url} is not a Trellis client manifest.`);
    return body;
  }

  async function call(key: string, method: string, args: unknown[]): Promise<unknown> {
    // One manifest per client, fetched on first use; a failed fetch is tried again next call.
    manifest ??= loadManifest().catch((error: unknown) => {
      manifest = undefined;
      throw error;
    });
    const operation = findOperation(await manifest, key, method);
    return readResponse(
      await exchange(buildRequest(baseUrl, operation, args, await extraHeaders())),
    );
  }

  const controllers = new Map<string, object>();
  return new Proxy({} as Client<Controllers>, {
    get(_target, key) {
      if (typeof key !== "string" || key === "then") return undefined;
      let controller = controllers.get(key);
      if (!controller) {
        const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
        controller = new Proxy(
          {},
          {
            get(_inner, method) {
              // Not thenable: `await api.users` must not look like a promise.
              if (typeof method !== "string" || method === "then") return undefined;
              let bound = methods.get(method);
              if (!bound) {
                bound = (...args: unknown[]) => call(key, method, args);
                methods.set(method, bound);
              }
              return bound;
            },
          },
        );
        controllers.set(key, controller);
      }
      return controller;
    },
  });
}
