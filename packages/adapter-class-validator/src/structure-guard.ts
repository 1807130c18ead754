import type { CompileOptions, UnknownPropertyPolicy, ValidationIssue } from "@trellis/core/extend";
import type { ClassBounds } from "./array-bounds.js";
import type { ClassPlan, NestedPlan } from "./class-plan.js";
import type { Patch } from "./instance-patch.js";
import { copyUntyped, unsupported } from "./untyped-copy.js";
import type { ViewShape } from "./view-shape.js";

type Path = (string | number)[];
type Plain = Record<string, unknown>;

/** The input as class-transformer is to see it, and what to do to the instance it builds. */
export interface Prepared {
  readonly value: unknown;
  readonly patch: Patch | undefined;
}

/** Returned when the walk found as many issues as are reported: they are the first ones. */
export const enoughIssues: unique symbol = Symbol("enoughIssues");

class Rewritten {
  constructor(
    readonly value: object,
    readonly patch: Patch | undefined,
  ) {}
}

type Outcome = unknown | Rewritten | typeof enoughIssues;

const isObject = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An uploaded file (a multipart body's `File`), or an array holding one. */
const holdsFile = (value: unknown): boolean =>
  value instanceof Blob || (Array.isArray(value) && value.some((item) => item instanceof Blob));

const nameAt = (path: Path) => (path.length === 0 ? "value" : String(path[path.length - 1]));

// Keys class-transformer never copies.
const skipped = new Set(["__proto__", "constructor"]);

/**
 * The walk over the plain input that runs before class-transformer, visiting only what the plans
 * describe as nested models, in linear time:
 *
 * - the checks class-validator and class-transformer leave open: an object where a model is
 *   expected (class-validator's `@ValidateNested` accepts an array of valid items, or nothing at
 *   all, in its place), an array where `each` is declared, a known discriminator value, and, when
 *   rejecting, undeclared keys (class-transformer silently drops `__proto__`, `constructor` and
 *   keys named like methods, so class-validator never sees them). It stops at `limit` issues.
 * - a view of the input that class-transformer sees instead, built only when something differs:
 *   class-transformer de-duplicates an object's keys with `indexOf`, so 100,000 undeclared keys
 *   cost it 10^10 steps before class-validator's whitelist removes them. The view is an object
 *   (inheriting from the input when user code may read it, else plain) whose own keys are the
 *   keys class-transformer is to copy (the declared ones, `@Expose` names, names the class's
 *   prototypes define, properties with class-transformer metadata): undeclared keys are left
 *   out ("strip" and "reject": the whitelist would remove them; "keep": copied here and added to the instance afterwards), yet a
 *   `@Transform` or `@Type` function that reads one from the object it is given still finds it.
 *   An object value of a declared property class-transformer would merely copy is held back and
 *   copied here: null in a plain view, left out of one that inherits from the input (where a
 *   `@Transform` reading it still finds it), and set on the instance afterwards (see `ViewShape`).
 * - the bounds checked first (see `createArrayBounds`): an array longer than its ArrayMaxSize is
 *   reported with class-validator's issue, and class-transformer sees an empty array instead, so
 *   none of its items is walked, copied, built or validated. Bounds of nested models count where
 *   class-transformer builds them from the plain value as it is.
 *
 * Undeclared keys under "reject" are reported with core's `unknownPropertyIssue`.
 */
export function createStructureGuard(
  planOf: (target: Function) => ClassPlan,
  shapeOf: (target: Function, plan: ClassPlan) => ViewShape,
  boundsOf: (target: Function) => ClassBounds,
  policy: UnknownPropertyPolicy,
  unknownPropertyIssue: CompileOptions["unknownPropertyIssue"],
) {
  const reject = policy === "reject";
  const keep = policy === "keep";

  return (input: unknown, target: Function, issues: ValidationIssue[], limit: number) => {
    // True once the issues are as many as are reported.
    const add = (issue: ValidationIssue): boolean => {
      issues.push(issue);
      return issues.length >= limit;
    };
    const report = (path: Path, message: string, code: string) => add({ path, message, code });

    // `discriminator`: the key class-transformer reads (and may delete) to pick the item's class.
    // `bounded`: the class's bounds count (class-transformer builds it from this value as it is).
    const model = (
      value: unknown,
      target: Function,
      path: Path,
      bounded: boolean,
      discriminator?: string,
    ): Outcome => {
      if (!isObject(value)) {
        return report(path, `${nameAt(path)} must be an object`, "isObject") ? enoughIssues : value;
      }
      const plan = planOf(target);
      const shape = shapeOf(target, plan);
      const bounds = bounded ? boundsOf(target) : undefined;
      const keys = Object.keys(value);
      let passed: string[] | undefined; // the keys the view keeps, once one is left out
      let additions: [string, unknown][] | undefined;
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index] as string;
        const declared = plan.allowed.has(key);
        if (!declared && reject) {
          if (add(unknownPropertyIssue([...path, key]))) return enoughIssues;
        }
        let leave = skipped.has(key);
        if (!leave && !declared && !shape.visible.has(key) && key !== discriminator) {
          if (!keep) leave = true;
          else if (shape.additions) {
            const copy = copyUntyped(value[key]);
            if (copy !== unsupported) {
              if (additions === undefined) additions = [];
              additions.push([key, copy]);
              leave = true;
            }
          }
        }
        if (leave) passed ??= keys.slice(0, index);
        else passed?.push(key);
      }

      let replaced: Map<string, unknown> | undefined;
      let held: Set<string> | undefined; // declared keys left out of an inheriting view
      let copies: [string, unknown][] | undefined;
      let nested: [string, number | undefined, Patch][] | undefined;
      const replace = (name: string, inner: unknown) => {
        if (replaced === undefined) replaced = new Map();
        replaced.set(name, inner);
      };
      const patchNested = (name: string, index: number | undefined, patch: Patch | undefined) => {
        if (patch === undefined) return;
        if (nested === undefined) nested = [];
        nested.push([name, index, patch]);
      };
      for (const property of plan.properties) {
        const name = property.name;
        if (!Object.hasOwn(value, name)) continue;
        const inner = value[name];
        const bound = bounds?.arrays.get(name);
        if (bound !== undefined && Array.isArray(inner) && inner.length > bound.max) {
          if (add(bound.issue(value, inner, [...path, name]))) return enoughIssues;
          replace(name, []);
          continue;
        }
        if (property.nested) {
          if (inner === undefined || inner === null) continue; // class-validator's own rules decide
          const innerPath = [...path, name];
          const below = bounds?.descend.has(name) === true;
          if (!property.nested.array) {
            const result = item(inner, property.nested, innerPath, below);
            if (result === enoughIssues) return enoughIssues;
            if (result instanceof Rewritten) {
              replace(name, result.value);
              patchNested(name, undefined, result.patch);
            }
          } else if (!Array.isArray(inner)) {
            if (report(innerPath, `${name} must be an array`, "isArray")) return enoughIssues;
          } else {
            let items: unknown[] | undefined;
            for (let index = 0; index < inner.length; index++) {
              const result = item(inner[index], property.nested, [...innerPath, index], below);
              if (result === enoughIssues) return enoughIssues;
              if (result instanceof Rewritten) {
                items ??= inner.slice();
                items[index] = result.value;
                patchNested(name, index, result.patch);
              }
            }
            if (items) replace(name, items);
          }
        } else if (holdsFile(inner)) {
          // class-transformer rebuilds every object it meets: a File would arrive as an empty
          // copy. The view holds null; the instance gets the uploaded file itself afterwards.
          replace(name, null);
          if (copies === undefined) copies = [];
          copies.push([name, Array.isArray(inner) ? inner.slice() : inner]);
        } else if (shape.copied.has(name) && typeof inner === "object" && inner !== null) {
          const copy = copyUntyped(inner);
          if (copy === unsupported) continue;
          if (shape.plainView) {
            replace(name, null);
            if (copies === undefined) copies = [];
            copies.push([name, copy]);
          } else {
            // Set on the instance where class-transformer would have set it (see applyPatch).
            if (held === undefined) held = new Set();
            held.add(name);
            if (additions === undefined) additions = [];
            additions.push([name, copy]);
          }
        }
      }

      if (passed === undefined && replaced === undefined && held === undefined) return value;
      const shown = passed ?? keys; // never `__proto__` nor `constructor` (see skipped)
      let view: Plain;
      if (shape.plainView) {
        view = {};
        for (const key of shown) view[key] = replaced?.has(key) ? replaced.get(key) : value[key];
      } else {
        view = Object.create(value) as Plain;
        for (const key of shown) {
          if (held?.has(key)) continue;
          Object.defineProperty(view, key, {
            value: replaced?.has(key) ? replaced.get(key) : value[key],
            writable: true,
            enumerable: true,
            configurable: true,
          });
        }
      }
      const patch =
        copies || additions || nested
          ? { copies: copies ?? [], additions: additions ?? [], nested: nested ?? [] }
          : undefined;
      return new Rewritten(view, patch);
    };

    const item = (value: unknown, nested: NestedPlan, path: Path, bounded: boolean): Outcome => {
      if (!isObject(value)) {
        return report(path, `${nameAt(path)} must be an object`, "isObject") ? enoughIssues : value;
      }
      let target = nested.target;
      if (nested.discriminator) {
        const { property, subTypes } = nested.discriminator;
        target = subTypes.get(value[property]);
        if (!target) {
          const allowed = [...subTypes.keys()].map(String).join(", ");
          const full = report(
            [...path, property],
            `${property} must be one of: ${allowed}`,
            "isIn",
          );
          return full ? enoughIssues : value;
        }
      }
      return target ? model(value, target, path, bounded, nested.discriminator?.property) : value;
    };

    const result = model(input, target, [], true);
    if (result === enoughIssues) return enoughIssues;
    return result instanceof Rewritten
      ? { value: result.value, patch: result.patch }
      : { value: result, patch: undefined };
  };
}
