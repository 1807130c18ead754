import { methodTarget } from "../metadata/decorator-target.js";
import { routeSetting } from "../operation/route-setting.js";
import type { FeatureKey, RouteFeature } from "./route-feature.js";

/**
 * A new key for a feature's decorator. `defaults` makes the feature with its default options: an
 * app that uses the decorator gets it without listing it.
 *
 * @example
 * const auditKey = featureKey<string>("@Audit", () => audit());
 * export const Audit = (topic: string | false) => auditKey.record(topic);
 */
export function featureKey<Setting>(
  decorator: string,
  defaults: () => RouteFeature<Setting>,
): FeatureKey<Setting> {
  const setting = routeSetting();
  const self: FeatureKey<Setting> = {
    decorator,
    defaults,
    read: setting.read,
    record(value) {
      used.add(self as FeatureKey<unknown>);
      return ((target: object, key?: string | symbol) => {
        if (key === undefined) {
          setting.onClass(target as Function, value);
          return;
        }
        const metadata = methodTarget(decorator, target, key);
        if (metadata) setting.onMethod(metadata, value);
      }) as ClassDecorator & MethodDecorator;
    },
  };
  return self;
}

// The keys whose decorator was used in this process: an app installs each one's defaults unless
// it lists the feature itself. A feature installed without a route that uses it costs nothing.
const used = new Set<FeatureKey<unknown>>();

/** The keys of every feature whose decorator was used in this process. */
export const usedFeatureKeys = (): Iterable<FeatureKey<unknown>> => used;
