/** The breaking changes from `before` (committed) to `after` (generated); empty when compatible. */
export function findBreakingChanges(before: object, after: object): string[];
