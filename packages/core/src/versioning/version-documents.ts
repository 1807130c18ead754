import type { Operation } from "../operation/operation.js";
import { appVersions, type VersioningSettings } from "../operation/versioning-options.js";
import type { AppVersions } from "./version-dispatch.js";

/** The versions of an app's operations (and `versioning.default`); undefined when it has none. */
export function versionsOf(
  operations: readonly Operation[],
  settings: VersioningSettings | undefined,
): AppVersions | undefined {
  return appVersions(
    operations.map((operation) => operation.version?.value),
    settings,
  );
}

/** The operations of one version's document: its own and the version-neutral ones. */
export function operationsOfVersion(
  operations: readonly Operation[],
  version: string,
): Operation[] {
  return operations.filter(
    (operation) => operation.version === undefined || operation.version.value === version,
  );
}

/** Where a version's document is served, relative to the folder of `openapi.json`: `v2/openapi.json`. */
export const versionDocumentPath = (version: string): string => `v${version}/openapi.json`;
