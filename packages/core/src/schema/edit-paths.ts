import type { InputPath } from "./input-shape-check.js";
import { setOwn } from "./set-own.js";

type Container = Record<string | number, unknown>;

const isContainer = (value: unknown): value is Container =>
  typeof value === "object" && value !== null;

/** The paths as a tree: at each container, the last keys of paths and the paths that go deeper. */
interface PathTree {
  readonly ends: Set<string>;
  readonly children: Map<string, PathTree>;
}

const emptyTree = (): PathTree => ({ ends: new Set(), children: new Map() });

function treeOf(paths: readonly InputPath[]): PathTree {
  const root = emptyTree();
  for (const path of paths) {
    if (path.length === 0) continue;
    let node = root;
    for (let index = 0; index < path.length - 1; index++) {
      const key = String(path[index]);
      let next = node.children.get(key);
      if (next === undefined) {
        next = emptyTree();
        node.children.set(key, next);
      }
      node = next;
    }
    node.ends.add(String(path[path.length - 1]));
  }
  return root;
}

// A copy of one container. A plain object or an array is copied by spreading, which the runtime
// does natively (a copy key by key costs a lookup per key); others keep their prototype (a class
// instance a transform returned stays one). An own "__proto__" key stays an own property.
function copyOf(value: Container): Container {
  if (Array.isArray(value)) return [...value] as unknown as Container;
  if (Object.getPrototypeOf(value) === Object.prototype) return { ...value };
  const copy = Object.create(Object.getPrototypeOf(value)) as Container;
  for (const key of Object.keys(value)) setOwn(copy as Record<string, unknown>, key, value[key]);
  return copy;
}

type Edit = (parent: Container, key: string, path: readonly string[]) => void;

// Copies `value` and, inside the copy, each container on the way to the paths' ends, then lets
// `edit` change each end's parent (a copy). A path that does not exist in `value` is skipped.
function rebuild(value: Container, tree: PathTree, path: string[], edit: Edit): Container {
  const copy = copyOf(value);
  for (const key of tree.ends) edit(copy, key, [...path, key]);
  for (const [key, child] of tree.children) {
    const inner = Object.hasOwn(copy, key) ? copy[key] : undefined;
    if (!isContainer(inner)) continue;
    path.push(key);
    setOwn(copy as Record<string, unknown>, key, rebuild(inner, child, path, edit));
    path.pop();
  }
  return copy;
}

/**
 * Edits at `paths` on a copy: each container on the way is copied once, so the original is never
 * touched (a library may hand back the very input it was given).
 */
function editAt(value: unknown, paths: readonly InputPath[], edit: Edit): unknown {
  return isContainer(value) ? rebuild(value, treeOf(paths), [], edit) : value;
}

/** `value` without the properties at `paths` (a copy where something is removed). */
export function withoutPaths(value: unknown, paths: readonly InputPath[]): unknown {
  return editAt(value, paths, (parent, key) => {
    if (Object.hasOwn(parent, key)) delete parent[key];
  });
}

/** `value` with the properties at `paths` taken from `source` where `value` lacks them. */
export function withPathsFrom(
  value: unknown,
  source: unknown,
  paths: readonly InputPath[],
): unknown {
  return editAt(value, paths, (parent, key, path) => {
    if (Object.hasOwn(parent, key)) return;
    let from: unknown = source;
    for (const step of path) {
      from = isContainer(from) && Object.hasOwn(from, step) ? from[step] : undefined;
    }
    setOwn(parent as Record<string, unknown>, key, from);
  });
}
