/**
 * Reverse Cuthill–McKee ordering of an island's bodies (Cuthill & McKee 1969; the reversal of George &
 * Liu 1981, §4.3): a breadth-first numbering from a body of least degree, each body's unnumbered
 * neighbours taken in increasing degree, then reversed. Bodies that touch get nearby numbers, so the
 * matrix coupling them through their contacts (`support-solve.ts`) has a narrow envelope: a pyramid or a
 * stack ordered this way has an envelope of about two layers of bodies, whatever the order the bodies
 * were created in. Ties are broken by the island's body order, so the ordering is deterministic.
 * Allocation: none once the arrays have grown to the island.
 */

import { nextCapacity } from '../../../components/capacity';

/** Scratch and result of {@link orderBodies}; local body indices are positions in the island's body run. */
export interface BodyOrdering {
  /** `[bodies + 1]` CSR start of each local body's neighbour list. */
  adjacencyStart: Int32Array;
  /** `[2 × edges]` neighbour local indices (an edge per contact point; repeats allowed). */
  adjacency: Int32Array;
  /** `[bodies]` local body at each position of the ordering. */
  bodyAt: Int32Array;
  /** `[bodies]` position of each local body in the ordering. */
  positionOf: Int32Array;
  /** `[bodies]` scratch: the degree of each local body, then the fill pointer of its list. */
  degree: Int32Array;
}

export function createBodyOrdering(): BodyOrdering {
  return {
    adjacencyStart: new Int32Array(17), adjacency: new Int32Array(32), bodyAt: new Int32Array(16),
    positionOf: new Int32Array(16), degree: new Int32Array(16),
  };
}

/**
 * Orders `nb` local bodies joined by `ne` edges (`edgeA[e]`, `edgeB[e]`, local indices, a ≠ b) by reverse
 * Cuthill–McKee; writes `bodyAt` and `positionOf`. Bodies in several components are numbered component by
 * component.
 */
export function orderBodies(o: BodyOrdering, nb: number, edgeA: Int32Array, edgeB: Int32Array, ne: number): void {
  if (o.bodyAt.length < nb) {
    const c = nextCapacity(o.bodyAt.length, nb);
    o.bodyAt = new Int32Array(c); o.positionOf = new Int32Array(c); o.degree = new Int32Array(c);
    o.adjacencyStart = new Int32Array(c + 1);
  }
  if (o.adjacency.length < 2 * ne) o.adjacency = new Int32Array(nextCapacity(o.adjacency.length, 2 * ne));
  const deg = o.degree, start = o.adjacencyStart, adj = o.adjacency, bodyAt = o.bodyAt, pos = o.positionOf;
  deg.fill(0, 0, nb);
  for (let e = 0; e < ne; e++) { deg[edgeA[e]]++; deg[edgeB[e]]++; }
  start[0] = 0;
  for (let b = 0; b < nb; b++) start[b + 1] = start[b] + deg[b];
  for (let b = 0; b < nb; b++) deg[b] = start[b];
  for (let e = 0; e < ne; e++) { adj[deg[edgeA[e]]++] = edgeB[e]; adj[deg[edgeB[e]]++] = edgeA[e]; }
  for (let b = 0; b < nb; b++) deg[b] = start[b + 1] - start[b];
  pos.fill(-1, 0, nb);
  let tail = 0;
  while (tail < nb) {
    // a component's root: the unnumbered body of least degree (first in island order on ties)
    let root = -1;
    for (let b = 0; b < nb; b++) if (pos[b] < 0 && (root < 0 || deg[b] < deg[root])) root = b;
    let head = tail;
    bodyAt[tail] = root; pos[root] = tail; tail++;
    while (head < tail) {
      const b = bodyAt[head++];
      const from = tail;
      for (let q = start[b]; q < start[b + 1]; q++) {
        const x = adj[q];
        if (pos[x] >= 0) continue;
        // insert x among this body's new neighbours by increasing degree (stable)
        let i = tail;
        while (i > from && deg[bodyAt[i - 1]] > deg[x]) { bodyAt[i] = bodyAt[i - 1]; pos[bodyAt[i]] = i; i--; }
        bodyAt[i] = x; pos[x] = i; tail++;
      }
    }
  }
  // reverse
  for (let i = 0, j = nb - 1; i < j; i++, j--) { const t = bodyAt[i]; bodyAt[i] = bodyAt[j]; bodyAt[j] = t; }
  for (let i = 0; i < nb; i++) pos[bodyAt[i]] = i;
}
