import type { ArrayShape, ObjectShape, ShapeNode } from "./declared-shape-types.js";

/**
 * The graph with every part that keeps its value whole (nothing dropped anywhere under it) set to
 * undefined, so the writer skips it. Decided as a fixpoint: recursive shapes keep whole unless a
 * drop is reachable.
 */
export function simplified(nodes: readonly ShapeNode[]): ShapeNode[] {
  const whole = nodes.map(() => true);
  const objectWhole = (shape: ObjectShape | undefined) =>
    shape === undefined ||
    (shape.rest !== undefined &&
      whole[shape.rest] === true &&
      shape.properties.every(([, id]) => whole[id]) &&
      shape.patterns.every(([, id]) => whole[id]));
  const arrayWhole = (shape: ArrayShape | undefined) =>
    shape === undefined || (whole[shape.items] === true && shape.prefix.every((id) => whole[id]));
  for (let changed = true; changed; ) {
    changed = false;
    nodes.forEach((node, id) => {
      if (whole[id] && !(objectWhole(node.object) && arrayWhole(node.array))) {
        whole[id] = false;
        changed = true;
      }
    });
  }
  return nodes.map((node) => ({
    object: objectWhole(node.object) ? undefined : node.object,
    array: arrayWhole(node.array) ? undefined : node.array,
  }));
}
