import type { RouteHandler } from "../http/route-handler.js";
import type { OperationVersion } from "../operation/versioning-options.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { addVary, withHeaders } from "../pipeline/response-headers.js";
import { notInVersion, unsupportedVersion } from "./unsupported-version.js";

/** What the dispatcher needs of a router entry. */
interface Entry {
  readonly method: string;
  readonly shape: string;
  readonly handler: RouteHandler;
}

/** The versions of an app and its default. */
export interface AppVersions {
  readonly all: readonly string[];
  readonly default: string;
}

/**
 * With the header strategy, several routes share one method and path, one per version: each such
 * group becomes one entry whose handler reads the header once and picks the version's handler
 * from a map made here, at startup. No header means the default version; a version the app does
 * not have is 400 (listing the ones it has); one it has, without this route, is 404. Every answer
 * of the group carries `Vary: <header>`, so a cache keeps one copy per version.
 */
export function dispatchVersions<E extends Entry>(
  entries: readonly E[],
  versionOf: (entry: E) => OperationVersion | undefined,
  header: string,
  versions: AppVersions,
  respondError: ErrorResponder,
): E[] {
  const groups = new Map<string, { first: E; table: Map<string, RouteHandler> }>();
  const result: E[] = [];
  for (const entry of entries) {
    const version = versionOf(entry);
    if (version?.header === undefined) {
      result.push(entry);
      continue;
    }
    const key = `${entry.method} ${entry.shape}`;
    const group = groups.get(key);
    if (group === undefined) {
      const table = new Map([[version.value, entry.handler]]);
      groups.set(key, { first: entry, table });
      // Its place in the list: the first version's; the handler is filled in below.
      result.push(entry);
    } else {
      group.table.set(version.value, entry.handler);
    }
  }
  const known = new Set(versions.all);
  const vary = (response: Response) => withHeaders(response, (headers) => addVary(headers, header));
  return result.map((entry) => {
    const group = groups.get(`${entry.method} ${entry.shape}`);
    if (group === undefined || group.first !== entry) return entry;
    const { table } = group;
    const served = [...table.keys()];
    const handler: RouteHandler = (request, params, decoded) => {
      const raw = request.headers.get(header);
      const version = raw === null ? versions.default : raw.trim();
      const target = table.get(version);
      if (target === undefined) {
        const refusal = known.has(version)
          ? notInVersion(version, served)
          : unsupportedVersion(header, versions.all);
        return vary(respondError(refusal, request));
      }
      const answer = target(request, params, decoded);
      return answer instanceof Response ? vary(answer) : answer.then(vary);
    };
    return { ...entry, handler };
  });
}
