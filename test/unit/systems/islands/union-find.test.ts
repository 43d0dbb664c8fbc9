/**
 * The islands module (`union-find.ts`, `group-by-island.ts`) against a brute-force flood fill on
 * random graphs: the same sets, roots that are each set's smallest index whatever the order of the
 * unions, and each island's members grouped in increasing order.
 */

import { describe, expect, it } from 'vitest';
import { findRoot, resetSets, unite } from '../../../../systems/islands/union-find';
import { groupByIsland } from '../../../../systems/islands/group-by-island';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

/** Component of each node by flood fill (label = smallest node of the component). */
function floodFill(n: number, edges: [number, number][]): number[] {
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) { adj[a].push(b); adj[b].push(a); }
  const label = new Array<number>(n).fill(-1);
  for (let s = 0; s < n; s++) {
    if (label[s] >= 0) continue;
    const stack = [s];
    label[s] = s;
    while (stack.length > 0) {
      const x = stack.pop()!;
      for (const y of adj[x]) if (label[y] < 0) { label[y] = s; stack.push(y); }
    }
  }
  return label;
}

describe('union–find', () => {
  it('finds the flood fill’s components, rooted at their smallest index, for any union order', () => {
    const rnd = lcg(7);
    for (let trial = 0; trial < 50; trial++) {
      const n = 1 + Math.floor(rnd() * 60), m = Math.floor(rnd() * n * 1.2);
      const edges: [number, number][] = [];
      for (let e = 0; e < m; e++) edges.push([Math.floor(rnd() * n), Math.floor(rnd() * n)]);
      const expected = floodFill(n, edges);
      for (const order of [edges, [...edges].reverse()]) {
        const parent = new Int32Array(n);
        resetSets(parent, n);
        for (const [a, b] of order) unite(parent, a, b);
        const roots = Array.from({ length: n }, (_, i) => findRoot(parent, i));
        expect(roots).toEqual(expected);
      }
    }
  });
});

describe('groupByIsland', () => {
  it('lists each island’s items in increasing order and leaves out the items in none', () => {
    const rnd = lcg(11);
    for (let trial = 0; trial < 50; trial++) {
      const n = Math.floor(rnd() * 40), count = 1 + Math.floor(rnd() * 6);
      const islandOf = Int32Array.from({ length: n }, () => Math.floor(rnd() * (count + 1)) - 1);
      const start = new Int32Array(count + 1).fill(99), out = new Int32Array(n).fill(-9);
      const total = groupByIsland(islandOf, n, count, start, out);
      let expectedTotal = 0;
      for (let k = 0; k < count; k++) {
        const members = [...islandOf.keys()].filter((i) => islandOf[i] === k);
        expect(Array.from(out.subarray(start[k], start[k + 1]))).toEqual(members);
        expectedTotal += members.length;
      }
      expect(start[0]).toBe(0);
      expect(total).toBe(expectedTotal);
      expect(start[count]).toBe(expectedTotal);
    }
  });
});
