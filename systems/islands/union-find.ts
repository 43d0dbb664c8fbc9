/**
 * Disjoint sets over dense indices 0 … n − 1 in one `Int32Array` of parents (union–find with path
 * halving; Tarjan 1975): the one islands module of the engine, used by the islands stage (sleeping),
 * the accurate solver's contact islands (`solve/lcp/islands.ts`), the impact phase
 * (`solve/plus/plus-impact.ts`, `solve/plus/joint-space.ts`) and the direct joint solve
 * (`solve/common/joint-direct.ts`); `group-by-island.ts` lists each island's members. A root is its
 * own parent; {@link unite} makes the smaller root the parent of the larger, so
 * the root of a set is its smallest index and the result does not depend on the order of the unions.
 * Allocation: none (the caller owns and grows the array).
 */

/** Makes each of `0 … n − 1` a set of its own. */
export function resetSets(parent: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) parent[i] = i;
}

/** The root of `i`'s set (path halving: every other node on the way points to its grandparent). */
export function findRoot(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

/** Joins the sets of `a` and `b`; the smaller root becomes the root of both. Returns the root. */
export function unite(parent: Int32Array, a: number, b: number): number {
  const ra = findRoot(parent, a), rb = findRoot(parent, b);
  if (ra === rb) return ra;
  if (ra < rb) { parent[rb] = ra; return ra; }
  parent[ra] = rb;
  return rb;
}
