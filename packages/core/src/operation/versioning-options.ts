import { configError } from "../errors/core-config-error.js";
import type { RoutePath } from "./route-path.js";
import { checkVersion, compareVersions } from "./version-policy.js";

/** The `versioning` option of `createApp` and `buildDocument`. */
export interface VersioningOptions {
  /**
   * How a request names its version: `"uri"` (default), a path prefix (`@Version("2")` serves
   * `/v2/users`); or `"header"`, the same path for every version, picked by a request header.
   */
  readonly strategy?: "uri" | "header";
  /** The request header of the `"header"` strategy (default `api-version`). */
  readonly header?: string;
  /**
   * The version a request without the header gets (`"header"` strategy), and whose document
   * `/docs/openapi.json` and `app.document` are. Default: the lowest version in use.
   */
  readonly default?: string;
}

/** `versioning`, checked. */
export interface VersioningSettings {
  readonly strategy: "uri" | "header";
  /** The header's name, lower case (`"header"` strategy only). */
  readonly header: string | undefined;
  readonly default: string | undefined;
}

/** The version an operation belongs to; an operation without one is version-neutral. */
export interface OperationVersion {
  /** `"2"` for `@Version("2")`. */
  readonly value: string;
  /** The request header that picks it (`"header"` strategy); undefined: the URI prefix does. */
  readonly header: string | undefined;
  /** True for the app's default version: a request without the header is served by it. */
  readonly isDefault: boolean;
}

const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const known = new Set(["strategy", "header", "default"]);

/** Checks `versioning` once, at startup (`INVALID_VERSIONING`); undefined when not given. */
export function parseVersioning(value: unknown, caller: string): VersioningSettings | undefined {
  if (value === undefined) return undefined;
  const fail = (why: string): never => {
    throw configError("INVALID_VERSIONING", [caller, why]);
  };
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return fail('must be an object such as { strategy: "header", header: "api-version" }.');
  }
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`has unknown option ${unknown.join(", ")}.`);
  const { strategy = "uri", header } = options;
  if (strategy !== "uri" && strategy !== "header") fail('strategy must be "uri" or "header".');
  if (header !== undefined && (strategy !== "header" || typeof header !== "string")) {
    fail('header is the name of a request header, for strategy: "header" only.');
  }
  if (header !== undefined && !token.test(header as string)) {
    fail(`header ${JSON.stringify(header)} is not a valid header name.`);
  }
  return {
    strategy: strategy as "uri" | "header",
    header:
      strategy === "header"
        ? ((header as string | undefined) ?? "api-version").toLowerCase()
        : undefined,
    default:
      options.default === undefined
        ? undefined
        : checkVersion(options.default, `${caller}: versioning.default`),
  };
}

/** With the URI strategy, a versioned route's path under `/v<version>`. */
export function versionedPath(
  path: RoutePath,
  version: string | undefined,
  settings: VersioningSettings | undefined,
): RoutePath {
  if (version === undefined || settings?.strategy === "header") return path;
  const prefix = `/v${version}`;
  const under = (value: string) => (value === "/" ? prefix : prefix + value);
  return {
    path: under(path.path),
    openapiPath: under(path.openapiPath),
    shape: under(path.shape),
    params: path.params,
  };
}

/** The versions an app serves, lowest first, and its default; undefined for an unversioned app. */
export function appVersions(
  values: Iterable<string | undefined>,
  settings: VersioningSettings | undefined,
): { readonly all: readonly string[]; readonly default: string } | undefined {
  const all = new Set<string>();
  for (const value of values) if (value !== undefined) all.add(value);
  if (settings?.default !== undefined) all.add(settings.default);
  if (all.size === 0) return undefined;
  const sorted = [...all].sort(compareVersions);
  return { all: sorted, default: settings?.default ?? (sorted[0] as string) };
}

/** What two operations of one method and path shape collide on: with headers, also the version. */
export function routeKey(operation: {
  readonly method: string;
  readonly shape: string;
  readonly version?: OperationVersion;
}): string {
  const { version } = operation;
  const base = `${operation.method} ${operation.shape}`;
  return version?.header === undefined ? base : `${base} ${version.value}`;
}

type Versioned = {
  readonly method: string;
  readonly shape: string;
  version?: OperationVersion;
};

/**
 * Gives each versioned draft its `OperationVersion` once every version is known (the default may
 * be the lowest in use). With the header strategy, a version-neutral route serves every version,
 * so a versioned route of the same method and path collides with it (`DUPLICATE_ROUTE`).
 */
export function resolveVersions(
  drafts: readonly Versioned[],
  values: readonly (string | undefined)[],
  settings: VersioningSettings | undefined,
  label: (index: number) => string,
): void {
  const versions = appVersions(values, settings);
  const header = settings?.strategy === "header" ? settings.header : undefined;
  const neutral = new Map<string, number>();
  if (header !== undefined) {
    values.forEach((value, index) => {
      const draft = drafts[index] as Versioned;
      if (value === undefined) neutral.set(`${draft.method} ${draft.shape}`, index);
    });
  }
  values.forEach((value, index) => {
    if (value === undefined) return;
    const draft = drafts[index] as Versioned;
    const clash = neutral.get(`${draft.method} ${draft.shape}`);
    if (clash !== undefined) {
      throw configError("DUPLICATE_ROUTE", [
        `${label(index)} (version ${value})`,
        `the version-neutral ${label(clash)}, for every version`,
      ]);
    }
    draft.version = { value, header, isDefault: value === versions?.default };
  });
}
