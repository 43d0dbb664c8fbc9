/**
 * Reverse Cuthill–McKee ordering of an island's bodies (`systems/solve/lcp/body-ordering.ts`): the result
 * is a permutation, a chain numbered in any order gets bandwidth 1, a w × h grid of bodies gets the
 * bandwidth of its shorter side, and the same input gives the same ordering.
 */
import { describe, expect, it } from 'vitest';
import { createBodyOrdering, orderBodies } from '../../../../../systems/solve/lcp/body-ordering';

function shuffled(n: number, seed: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function bandwidth(pos: Int32Array, ea: number[], eb: number[]): number {
  let bw = 0;
  for (let e = 0; e < ea.length; e++) bw = Math.max(bw, Math.abs(pos[ea[e]] - pos[eb[e]]));
  return bw;
}

function run(nb: number, ea: number[], eb: number[]) {
  const o = createBodyOrdering();
  orderBodies(o, nb, Int32Array.from(ea), Int32Array.from(eb), ea.length);
  return o;
}

describe('reverse Cuthill–McKee body ordering', () => {
  it('numbers a shuffled chain with bandwidth 1 (brute-force bandwidth of the identity numbering: up to n − 1)', () => {
    const n = 50, label = shuffled(n, 3), ea: number[] = [], eb: number[] = [];
    for (let i = 0; i + 1 < n; i++) { ea.push(label[i]); eb.push(label[i + 1]); }
    const o = run(n, ea, eb);
    const seen = new Set(Array.from(o.bodyAt.subarray(0, n)));
    expect(seen.size).toBe(n);
    for (let b = 0; b < n; b++) expect(o.bodyAt[o.positionOf[b]]).toBe(b);
    expect(bandwidth(Int32Array.from({ length: n }, (_, i) => i), ea, eb)).toBeGreaterThan(10);
    expect(bandwidth(o.positionOf, ea, eb)).toBe(1);
  });

  it('numbers a shuffled 30 × 5 grid with bandwidth at most its short side + 1, deterministically', () => {
    const w = 30, h = 5, n = w * h, label = shuffled(n, 11), ea: number[] = [], eb: number[] = [];
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        // two contact points per touching pair (repeated edges are allowed)
        if (x + 1 < w) for (let k = 0; k < 2; k++) { ea.push(label[x * h + y]); eb.push(label[(x + 1) * h + y]); }
        if (y + 1 < h) for (let k = 0; k < 2; k++) { ea.push(label[x * h + y]); eb.push(label[x * h + y + 1]); }
      }
    }
    const a = run(n, ea, eb), b = run(n, ea, eb);
    expect(bandwidth(a.positionOf, ea, eb)).toBeLessThanOrEqual(h + 1);
    expect(Array.from(a.positionOf.subarray(0, n))).toEqual(Array.from(b.positionOf.subarray(0, n)));
  });

  it('numbers every body of several components and isolated bodies', () => {
    const o = run(6, [0, 2], [1, 3]);
    expect(new Set(Array.from(o.bodyAt.subarray(0, 6))).size).toBe(6);
  });
});
