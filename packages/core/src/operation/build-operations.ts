import { configError } from "../errors/core-config-error.js";
import { type PlannedRoute, planFeatures } from "../feature/plan-features.js";
import type { Deployment, RouteFeature } from "../feature/route-feature.js";
import { assertLegacyDecorators, decoratorFlags } from "../metadata/decorator-mode.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";
import { readControllerMetadata } from "../metadata/read-controller-metadata.js";
import { type BindingContext, buildBindings } from "./build-bindings.js";
import { buildResponses } from "./build-responses.js";
import { checkOperations } from "./check-operations.js";
import { readDeprecation } from "./deprecation-policy.js";
import type { Operation, SecurityRequirement } from "./operation.js";
import { assignOperationIds, controllerSubject } from "./operation-ids.js";
import { readSecurity } from "./read-security.js";
import { readResponseMedia } from "./response-media.js";
import { checkBodyLimit, checkTimeout } from "./route-limits.js";
import { joinRoutePath } from "./route-path.js";
import { readVersion } from "./version-policy.js";
import { resolveVersions, type VersioningSettings, versionedPath } from "./versioning-options.js";

/** What reading controllers into operations needs. */
export interface OperationBuildContext extends BindingContext {
  /** `limits.body` of the app: the body limit of routes without `@BodyLimit`. */
  readonly defaultBodyLimit: number;
  /** `limits.timeout` of the app in milliseconds: the timeout of routes without `@Timeout`. */
  readonly defaultTimeout?: number;
  /** True when the app has global guards: every operation is then guarded. */
  readonly globalGuards?: boolean;
  /** Root `openapi.security`: the requirements of operations without `@Security` or `@Public()`. */
  readonly defaultSecurity?: readonly SecurityRequirement[];
  /** False to leave untagged operations untagged (`openapi.controllerTags: false`). */
  readonly controllerTags?: boolean;
  /** `versioning` of the app: how `@Version` routes are told apart. */
  readonly versioning?: VersioningSettings;
  /** The app's route features (`createApp({ plugins })` and the defaults of used decorators). */
  readonly features?: readonly RouteFeature[];
  /** Where the app runs, for the features' planning (`createApp` only). */
  readonly deployment?: Deployment;
}

/**
 * The pipeline items and settings one route's decorators recorded, class first, as written: only
 * the pipeline knows what they must be, so it checks and types them (see `buildOperationsWith`).
 */
export interface RouteRuntimeMetadata {
  readonly guards: readonly unknown[];
  readonly interceptors: readonly unknown[];
  readonly middleware: readonly unknown[];
  readonly validateResponse: unknown;
  /** `@SendUndeclared` of the method, else of the class (HTTP routes only). */
  readonly sendUndeclared?: boolean | undefined;
}

/** An operation and what the pipeline read for it from the same metadata. */
export interface BuiltOperation<R> {
  readonly operation: Operation;
  readonly runtime: R;
}

// An operation whose operationId is assigned once every operation is known.
type Draft = Omit<Operation, "docs"> & {
  readonly docs: Omit<Operation["docs"], "operationId"> & { operationId: string };
};

const none: readonly never[] = Object.freeze([]);

/** Class-level items then method-level ones; most routes have none, and share one empty list. */
function joined<T>(first: readonly T[], second: readonly T[]): readonly T[] {
  if (first.length === 0 && second.length === 0) return none;
  return [...first, ...second];
}

/**
 * Reads the controllers' metadata once into normalized operations (the one model the router and
 * the OpenAPI generator consume), checking everything that can be checked before serving. Each
 * route's pipeline metadata goes, in the same pass, to `readRuntime`, which checks and types it.
 */
export function buildOperationsWith<R>(
  controllers: readonly unknown[],
  context: OperationBuildContext,
  readRuntime: (raw: RouteRuntimeMetadata, where: string) => R,
): BuiltOperation<R>[] {
  const drafts: Draft[] = [];
  const explicitIds: (string | undefined)[] = [];
  const runtimes: R[] = [];
  const versions: (string | undefined)[] = [];
  const owners: { controller: Function; method: MethodMetadata }[] = [];
  assertLegacyDecorators();

  for (const controller of controllers) {
    if (typeof controller !== "function" || !controller.prototype) {
      throw configError("NOT_A_CONTROLLER", [
        typeof controller === "function" ? "a function without a prototype" : String(controller),
      ]);
    }
    const className = controller.name || "(anonymous class)";
    const metadata = readControllerMetadata(controller);
    const misplaced = metadata.misplaced[0];
    if (misplaced !== undefined) {
      throw configError("INVALID_DECORATOR_TARGET", [className, misplaced]);
    }
    if (metadata.methods.size === 0) {
      throw configError("CONTROLLER_WITHOUT_ROUTES", [className, decoratorFlags]);
    }
    const classTags = metadata.tags;

    for (const [key, method] of metadata.methods) {
      const where = `${className}.${String(key)}`;
      if (typeof key === "symbol" || typeof controller.prototype[key] !== "function") {
        throw configError("INVALID_DECORATOR_TARGET", [
          where,
          "decorated member is not a method with a string name",
        ]);
      }
      if (method.verbs.length === 0) {
        throw configError("MISSING_VERB_DECORATOR", [where]);
      }
      const reflected: unknown[] | undefined = Reflect.getMetadata(
        "design:paramtypes",
        controller.prototype,
        key,
      );
      const responses = buildResponses(context, method, where);
      const media = readResponseMedia(metadata, method, where);
      const bodyLimit = checkBodyLimit(
        method.bodyLimit ?? metadata.bodyLimit ?? context.defaultBodyLimit,
        where,
      );
      // Only an absent timeout falls back: `@Timeout(null)` is refused, not read as none.
      const timeout = checkTimeout(
        method.timeout !== undefined
          ? method.timeout
          : metadata.timeout !== undefined
            ? metadata.timeout
            : context.defaultTimeout,
        where,
      );
      // The most specific declaration wins: the method's, then its class's, then the root's.
      const isPublic =
        method.security.length > 0 ? false : method.isPublic === true || metadata.isPublic;
      const security = isPublic
        ? none
        : method.security.length > 0
          ? readSecurity(method.security, where)
          : metadata.security !== undefined
            ? readSecurity(metadata.security, where)
            : (context.defaultSecurity ?? none);
      const explicitId = method.operationId;
      if (explicitId !== undefined && (typeof explicitId !== "string" || explicitId === "")) {
        throw configError("INVALID_OPERATION_ID", [where]);
      }
      const subject = controllerSubject(controller.name);
      const controllerTag = {
        name: classTags.length > 0 ? String(classTags[0]) : subject,
        description: metadata.description as string | undefined,
      };
      const tags =
        classTags.length === 0 && method.tags.length === 0
          ? context.controllerTags === false
            ? none
            : [subject]
          : [...new Set([...classTags, ...method.tags].map(String))];

      const guards = joined(metadata.guards, method.guards);
      const version = readVersion(controller, method, where);
      const deprecation = readDeprecation(controller, method, where);
      const runtime = readRuntime(
        {
          guards,
          interceptors: joined(metadata.interceptors, method.interceptors),
          middleware: joined(metadata.middleware, method.middleware),
          validateResponse: method.validateResponse ?? metadata.validateResponse,
          sendUndeclared: method.sendUndeclared ?? metadata.sendUndeclared,
        },
        where,
      );

      for (const verb of method.verbs) {
        const path = versionedPath(
          joinRoutePath(metadata.prefix, verb.path, where),
          version,
          context.versioning,
        );
        drafts.push({
          controller: controller as Operation["controller"],
          handlerName: key,
          method: verb.method,
          path: path.path,
          shape: path.shape,
          openapiPath: path.openapiPath,
          pathParams: path.params,
          bindings: buildBindings(context, method.bindings, reflected, path.params, where),
          responses,
          produces: media.produces,
          sse: media.sse,
          docs: {
            operationId: "",
            summary: method.summary as string | undefined,
            description: method.description as string | undefined,
            operationIdExplicit: explicitId !== undefined,
            tags,
            controllerTag,
            deprecated: deprecation !== undefined,
            hidden: method.hidden,
          },
          security,
          public: isPublic,
          bodyLimit,
          timeout,
          guarded: context.globalGuards === true || guards.length > 0,
          ...(deprecation ? { deprecation } : {}),
        });
        runtimes.push(runtime);
        owners.push({ controller, method });
        explicitIds.push(explicitId as string | undefined);
        versions.push(version);
      }
    }
  }

  resolveVersions(drafts, versions, context.versioning, (index) => {
    const draft = drafts[index] as Draft;
    return `${draft.controller.name}.${draft.handlerName} (${draft.method} ${draft.path})`;
  });
  checkOperations(drafts, context.registry);
  const ids = assignOperationIds(
    drafts.map((draft, index) => ({
      controllerName: draft.controller.name,
      handlerName: draft.handlerName,
      method: draft.method,
      explicit: explicitIds[index],
    })),
  );
  drafts.forEach((draft, index) => {
    draft.docs.operationId = ids[index] as string;
  });
  // Last: a feature plans with the whole operation, its operationId included.
  const operations = planFeatures(
    context.features ?? none,
    drafts.map(
      (draft, index): PlannedRoute => ({
        ...(owners[index] as Omit<PlannedRoute, "operation">),
        operation: draft as Operation,
      }),
    ),
    context.deployment,
  );
  return operations.map((operation, index) => ({
    operation,
    runtime: runtimes[index] as R,
  }));
}

/** Reads controllers into operations (their pipeline metadata is left to `buildOperationsWith`). */
export function buildOperations(
  controllers: readonly unknown[],
  context: OperationBuildContext,
): Operation[] {
  return buildOperationsWith(controllers, context, () => undefined).map(
    ({ operation }) => operation,
  );
}
