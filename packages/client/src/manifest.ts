/** Where one argument of a call goes, as the app's client manifest says. */
export type ManifestArgument =
  | { readonly in: "path" | "query" | "header" | "cookie"; readonly name?: string }
  | { readonly in: "body"; readonly contentType: string };

/** One operation of the manifest. */
export interface ManifestOperation {
  readonly controller: string;
  readonly handler: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly args: readonly ManifestArgument[];
}

/** What a Trellis app serves beside its raw document (`/docs/client.json`). */
export interface Manifest {
  readonly trellisClient: 1;
  readonly operations: readonly ManifestOperation[];
}

/** Whether a client key is this controller's class name, with or without `Controller`, or its plural. */
function keyIsClassName(key: string, controller: string): boolean {
  const wanted = key.toLowerCase();
  const name = controller.toLowerCase();
  const bare = name.replace(/controller$/, "");
  return wanted === name || wanted === bare || wanted === `${bare}s`;
}

/** Whether a client key names this controller: its class name (see above) or a segment of its paths. */
function keyNames(
  key: string,
  controller: string,
  operations: readonly ManifestOperation[],
): boolean {
  if (keyIsClassName(key, controller)) return true;
  const wanted = key.toLowerCase();
  return operations.some(
    (operation) =>
      operation.controller === controller &&
      operation.path.split("/").some((segment) => segment.toLowerCase() === wanted),
  );
}

/**
 * The operation `api[key][method]` calls: the method of the controller the key names (by class
 * name before path segments); when no controller is named by the key, the one controller that has
 * the method.
 */
export function findOperation(manifest: Manifest, key: string, method: string): ManifestOperation {
  const candidates = manifest.operations.filter((operation) => operation.handler === method);
  const named = candidates.filter((operation) =>
    keyNames(key, operation.controller, manifest.operations),
  );
  if (named.length === 1) return named[0] as ManifestOperation;
  // A key that is one controller's class name wins over path segments other controllers share
  // (`users` is UserController's, though UserV2Controller serves /v2/users too).
  const byClass = named.filter((operation) => keyIsClassName(key, operation.controller));
  if (byClass.length === 1) return byClass[0] as ManifestOperation;
  if (named.length === 0 && candidates.length === 1) return candidates[0] as ManifestOperation;
  const owners = [...new Set(candidates.map((operation) => operation.controller))].join(", ");
  throw new Error(
    candidates.length === 0
      ? `${key}.${method} is not a documented operation of this app (is it a route, and not @Hidden?).`
      : `${key}.${method} could be ${owners}: name the client key after the controller's class (UserController, user) or its path (users).`,
  );
}

/** Whether a parsed JSON value is a client manifest this client reads. */
export function isManifest(value: unknown): value is Manifest {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Manifest).trellisClient === 1 &&
    Array.isArray((value as Manifest).operations)
  );
}
