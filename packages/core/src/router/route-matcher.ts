class Node<T> {
  statics: Map<string, Node<T>> | undefined = undefined;
  param: Node<T> | undefined = undefined;
  methods: Map<string, T> | undefined = undefined;
}

/** A match: the target and its raw path parameter values, in path order. */
export interface RouteMatch<T> {
  readonly target: T;
  readonly params: readonly string[];
}

const noParams: readonly string[] = Object.freeze([]);

/**
 * Core's own router, compiled once: fully static paths in a Map, everything in a segment trie.
 * Matching follows Bun's route map: per method, a literal segment is preferred over a parameter,
 * with backtracking, and parameters never match an empty segment (strict slashes). Application
 * routes never contain empty segments; docs plugins may mount one with a trailing slash.
 */
export class RouteMatcher<T> {
  private readonly root = new Node<T>();
  private readonly statics = new Map<string, Map<string, T>>();

  /** Adds a route (`/users/:id`); the caller has already ruled out duplicates. */
  add(path: string, method: string, target: T): void {
    let node = this.root;
    let isStatic = true;
    for (const segment of path === "/" ? [] : path.slice(1).split("/")) {
      if (segment.startsWith(":")) {
        isStatic = false;
        node.param ??= new Node();
        node = node.param;
      } else {
        node.statics ??= new Map();
        let child = node.statics.get(segment);
        if (!child) {
          child = new Node();
          node.statics.set(segment, child);
        }
        node = child;
      }
    }
    node.methods ??= new Map();
    node.methods.set(method, target);
    if (isStatic) this.statics.set(path, node.methods);
  }

  /**
   * The route for `method` at a raw request path, or undefined; `allowed` (when given) collects
   * the methods of every route whose path matches, for 405 and OPTIONS answers.
   */
  match(method: string, path: string, allowed?: Set<string>): RouteMatch<T> | undefined {
    const exact = this.statics.get(path)?.get(method);
    if (exact !== undefined) return { target: exact, params: noParams };
    if (path.charCodeAt(0) !== 47 /* "/" */) return undefined;
    const segments = path === "/" ? [] : path.slice(1).split("/");
    const params: string[] = [];
    const search = (node: Node<T>, index: number): T | undefined => {
      if (index === segments.length) {
        const target = node.methods?.get(method);
        if (target === undefined && allowed && node.methods) {
          for (const name of node.methods.keys()) allowed.add(name);
        }
        return target;
      }
      const segment = segments[index] as string;
      // An empty segment matches only a route declared with it (a docs plugin's "/docs/").
      const child = node.statics?.get(segment);
      if (child) {
        const found = search(child, index + 1);
        if (found !== undefined) return found;
      }
      if (node.param && segment !== "") {
        params.push(segment);
        const found = search(node.param, index + 1);
        if (found !== undefined) return found;
        params.pop();
      }
      return undefined;
    };
    const target = search(this.root, 0);
    return target === undefined ? undefined : { target, params };
  }
}
