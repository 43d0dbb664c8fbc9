/**
 * Items grouped by island: a stable counting sort of the items 0 … n − 1 by `islandOf[i]` (an island
 * id in 0 … count − 1, or −1 for an item in no island, which is left out). Island k's items land in
 * `out[start[k] .. start[k + 1])` in increasing order, so the grouping is deterministic. Used with the
 * union–find of `union-find.ts` by the accurate solver's contact islands, the impact phase and the
 * direct joint solve.
 * Allocation: none (`start` `[≥ count + 1]` and `out` `[≥ items in islands]` belong to the caller).
 */

/** Fills `start` and `out` (see the file header); returns the number of items grouped (`start[count]`). */
export function groupByIsland(islandOf: Int32Array, n: number, count: number, start: Int32Array, out: Int32Array): number {
  start.fill(0, 0, count + 1);
  for (let i = 0; i < n; i++) { const k = islandOf[i]; if (k >= 0) start[k + 1]++; }
  for (let k = 0; k < count; k++) start[k + 1] += start[k];
  // start[k] serves as island k's cursor, then everything shifts back by one island
  for (let i = 0; i < n; i++) { const k = islandOf[i]; if (k >= 0) out[start[k]++] = i; }
  for (let k = count; k > 0; k--) start[k] = start[k - 1];
  start[0] = 0;
  return start[count];
}
