// Any index at or above JavaScriptCore's MIN_SPARSE_ARRAY_INDEX (100000).
const sparseIndex = 1_000_000;

/**
 * An empty object meant for HTTP status keys ("200", "404"). JavaScriptCore keeps index-like keys
 * below 100000 in a vector as long as the largest index, so every Responses Object allocated and
 * copied a vector of ~500 slots for a handful of statuses. An object that has once held a large
 * index keeps its indexed keys in a sparse map instead: the same keys in the same order, several
 * times cheaper to build and smaller to keep.
 */
export function statusRecord<T>(): Record<string, T> {
  const record: Record<number, T> = {};
  record[sparseIndex] = undefined as T;
  delete record[sparseIndex];
  return record as Record<string, T>;
}
