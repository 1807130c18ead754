import type { InputPath } from "./input-shape-check.js";
import { setOwn } from "./set-own.js";

type Container = Record<string | number, unknown>;

const isContainer = (value: unknown): value is Container =>
  typeof value === "object" && value !== null;

/**
 * Copies each container on the way to the paths' parents, once, so the edits never touch the
 * original (a library may hand back the very input it was given). `edit` gets each parent (a
 * copy) and the last key; a path that does not exist in `root` is skipped.
 */
function editAt(
  root: unknown,
  paths: readonly InputPath[],
  edit: (parent: Container, key: string | number, path: InputPath) => void,
): unknown {
  if (!isContainer(root)) return root;
  const copies = new Map<unknown, Container>();
  const copyOf = (value: Container): Container => {
    let copy = copies.get(value);
    if (copy === undefined) {
      copy = Array.isArray(value) ? ([...value] as unknown as Container) : copyObject(value);
      copies.set(value, copy);
      copies.set(copy, copy);
    }
    return copy;
  };
  const top = copyOf(root);
  for (const path of paths) {
    let parent = top;
    let reachable = path.length > 0;
    for (let index = 0; index < path.length - 1 && reachable; index++) {
      const key = path[index] as string | number;
      const child = Object.hasOwn(parent, key) ? parent[key] : undefined;
      if (!isContainer(child)) reachable = false;
      else {
        const copy = copyOf(child);
        if (copy !== child) setOwn(parent as Record<string, unknown>, String(key), copy);
        parent = copy;
      }
    }
    if (reachable) edit(parent, path[path.length - 1] as string | number, path);
  }
  return top;
}

// A plain-object copy keeps own keys ("__proto__" included) and the prototype (a class instance
// a transform returned stays one).
function copyObject(value: Container): Container {
  const copy = Object.create(Object.getPrototypeOf(value)) as Container;
  for (const key of Object.keys(value)) setOwn(copy as Record<string, unknown>, key, value[key]);
  return copy;
}

/** The paths as a tree: at each container, the keys to remove and the paths that go deeper. */
interface PathTree {
  readonly removed: Set<string>;
  readonly children: Map<string, PathTree>;
}

const emptyTree = (): PathTree => ({ removed: new Set(), children: new Map() });

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
    node.removed.add(String(path[path.length - 1]));
  }
  return root;
}

// A copy of one container without its removed keys, its containers on the paths copied likewise.
// A plain object or an array is copied by spreading, which the runtime does natively (a copy key
// by key costs a lookup per key); others keep their prototype (a class instance stays one).
function rebuild(value: Container, tree: PathTree): Container {
  let copy: Container;
  if (Array.isArray(value)) {
    copy = [...value] as unknown as Container;
    for (const key of tree.removed) if (Object.hasOwn(copy, key)) delete copy[key];
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    copy = { ...value }; // an own "__proto__" key stays an own property
    for (const key of tree.removed) if (Object.hasOwn(copy, key)) delete copy[key];
  } else {
    copy = Object.create(Object.getPrototypeOf(value)) as Container;
    for (const key of Object.keys(value)) {
      if (!tree.removed.has(key)) setOwn(copy as Record<string, unknown>, key, value[key]);
    }
  }
  for (const [key, child] of tree.children) {
    const inner = Object.hasOwn(copy, key) ? copy[key] : undefined;
    if (isContainer(inner)) setOwn(copy as Record<string, unknown>, key, rebuild(inner, child));
  }
  return copy;
}

/**
 * `value` without the properties at `paths`: a copy of each container on the way to them (the
 * original is never touched; a library may hand back the very input it was given). A path that
 * does not exist in `value` is skipped.
 */
export function withoutPaths(value: unknown, paths: readonly InputPath[]): unknown {
  return isContainer(value) ? rebuild(value, treeOf(paths)) : value;
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
    setOwn(parent as Record<string, unknown>, String(key), from);
  });
}
