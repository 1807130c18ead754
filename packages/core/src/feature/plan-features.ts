import { configError } from "../errors/core-config-error.js";
import { clientAddressOf } from "../http/client-address.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";
import type { FeatureUse } from "../operation/feature-use.js";
import type { Operation } from "../operation/operation.js";
import { usedFeatureKeys } from "./feature-key.js";
import type { Deployment, FeatureKey, FeatureSetting, RouteFeature } from "./route-feature.js";

/** A route as planning sees it: its operation and the method metadata its decorators wrote. */
export interface PlannedRoute {
  readonly operation: Operation;
  readonly controller: Function;
  readonly method: MethodMetadata;
}

const isFeature = (value: unknown): value is RouteFeature =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as RouteFeature).name === "string" &&
  typeof (value as RouteFeature).plan === "function" &&
  typeof (value as RouteFeature).key?.read === "function";

/**
 * The app's features: those `createApp({ plugins })` lists, in order, then the defaults of every
 * other feature whose decorator was used. Two of one name are a startup error.
 */
export function installedFeatures(
  listed: readonly unknown[],
  caller: string,
): readonly RouteFeature[] {
  const features: RouteFeature[] = [];
  const names = new Set<string>();
  const keys = new Set<FeatureKey<unknown>>();
  const add = (feature: RouteFeature) => {
    if (names.has(feature.name) || keys.has(feature.key as FeatureKey<unknown>)) {
      throw configError("INVALID_FEATURE", [caller, feature.name]);
    }
    names.add(feature.name);
    keys.add(feature.key as FeatureKey<unknown>);
    features.push(feature);
  };
  for (const feature of listed) {
    if (!isFeature(feature)) {
      throw configError("INVALID_PLUGIN", [
        `${caller}: plugins`,
        "list a route feature without a name or key.read (make one with its factory, such as rateLimits()).",
      ]);
    }
    add(feature);
  }
  for (const key of usedFeatureKeys()) {
    if (!keys.has(key)) add(key.defaults() as RouteFeature);
  }
  return features;
}

/** The resolved setting of one feature on one route: method > class > app; `false`: off. */
function settingOf(
  feature: RouteFeature,
  route: PlannedRoute,
): FeatureSetting<unknown> | undefined {
  const own = feature.key.read(route.controller, route.method);
  const setting: FeatureSetting<unknown> | undefined = own.found
    ? { value: own.value, from: own.onMethod ? "method" : "class" }
    : feature.appSetting === undefined
      ? undefined
      : { value: feature.appSetting, from: "app" };
  return setting === undefined || setting.value === false ? undefined : setting;
}

/**
 * Plans every feature on every route, once, at startup: each operation comes back with the
 * features it uses (in the app's order), their plans, document fragments and tool arguments.
 * A feature's `check` then sees all of its routes together.
 */
export function planFeatures(
  features: readonly RouteFeature[],
  routes: readonly PlannedRoute[],
  deployment?: Deployment,
): Operation[] {
  const usesOf = new Map<RouteFeature, { index: number; plan: unknown }[]>();
  const operations = routes.map((route, index) => {
    const { operation } = route;
    const where = `${operation.controller.name}.${operation.handlerName}`;
    const uses: FeatureUse[] = [];
    for (const feature of features) {
      const setting = settingOf(feature, route);
      if (setting === undefined) continue;
      let connection = false;
      const plan = feature.plan(setting, operation, {
        where,
        ...(deployment === undefined ? {} : { deployment }),
        clientAddress: (trusted) => {
          connection = true;
          return clientAddressOf(trusted);
        },
      });
      if (plan === undefined) continue;
      uses.push({
        feature: feature.name,
        plan,
        document: feature.document?.(plan, operation),
        tool: feature.tool?.(plan, operation),
        connection,
      });
      const all = usesOf.get(feature) ?? [];
      all.push({ index, plan });
      usesOf.set(feature, all);
    }
    return uses.length === 0 ? operation : { ...operation, features: uses };
  });
  for (const [feature, uses] of usesOf) {
    feature.check?.(
      uses.map(({ index, plan }) => ({ operation: operations[index] as Operation, plan })),
    );
  }
  return operations;
}
