import { describe, expect, it } from 'vitest';
import {
  createDynamicTree, createTreeHits, NULL_NODE, treeInsert, treeMove, treeQuery, treeRayCast, treeRemove, RAY_LENGTH, RAY_MAX_T,
  type DynamicTree,
} from '../../../../systems/broadphase/dynamic-tree';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBox(r: () => number, out: Float64Array, o: number): void {
  const s = 0.1 + r() * 2;
  for (let k = 0; k < 3; k++) {
    const c = r() * 50;
    out[o + k] = c - s * r();
    out[o + 3 + k] = c + s * r();
  }
}

/** Checks the structure: parents, heights, balance (AVL: children differ by ≤ 1), boxes enclose children. */
function checkInvariants(t: DynamicTree): number {
  let leaves = 0;
  const errors: string[] = [];
  const visit = (n: number, parent: number): number => {
    if (t.parent[n] !== parent) errors.push(`parent of ${n}`);
    if (t.child1[n] === NULL_NODE) {
      if (t.child2[n] !== NULL_NODE || t.height[n] !== 0) errors.push(`leaf ${n}`);
      leaves++;
      return 0;
    }
    const a = t.child1[n], b = t.child2[n];
    const ha = visit(a, n), hb = visit(b, n);
    if (t.height[n] !== 1 + Math.max(ha, hb)) errors.push(`height of ${n}`);
    if (Math.abs(ha - hb) > 1) errors.push(`balance of ${n}`);
    for (const c of [a, b]) {
      for (let k = 0; k < 3; k++) {
        if (t.box[6 * n + k] > t.box[6 * c + k] || t.box[6 * n + 3 + k] < t.box[6 * c + 3 + k]) errors.push(`box of ${n}`);
      }
    }
    return t.height[n];
  };
  if (t.root !== NULL_NODE) visit(t.root, NULL_NODE);
  expect(errors).toEqual([]);
  expect(leaves).toBe(t.leafCount);
  return t.root === NULL_NODE ? 0 : t.height[t.root];
}

function overlaps(a: Float64Array, o: number, b: Float64Array, p: number): boolean {
  for (let k = 0; k < 3; k++) if (a[o + k] > b[p + 3 + k] || b[p + k] > a[o + 3 + k]) return false;
  return true;
}

/** Brute-force ray–box entry (slab method, written independently of the tree's). */
function rayHitsBox(box: Float64Array, o: number, ray: number[], maxT: number): boolean {
  let t0 = 0, t1 = maxT;
  for (let k = 0; k < 3; k++) {
    const org = ray[k], d = ray[3 + k];
    if (Math.abs(d) < 1e-300) { if (org < box[o + k] || org > box[o + 3 + k]) return false; continue; }
    const a = (box[o + k] - org) / d, b = (box[o + 3 + k] - org) / d;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
  }
  return t0 <= t1;
}

/** A ray `[ox oy oz dx dy dz]` with maximum distance maxT, in the layout treeRayCast reads. */
function ray(od: number[], maxT: number): Float64Array {
  const r = new Float64Array(RAY_LENGTH);
  r.set(od);
  r[RAY_MAX_T] = maxT;
  return r;
}

describe('dynamic AABB tree', () => {
  it('random inserts, removals and moves: balanced, and AABB queries equal brute force', () => {
    const r = rng(3);
    const t = createDynamicTree(4);
    const n = 600;
    const tight = new Float64Array(6 * n);
    const leaf = new Int32Array(n).fill(-1);
    const hits = createTreeHits();
    const q = new Float64Array(6);
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < n; i++) {
        const x = r();
        if (leaf[i] < 0) {
          if (x < 0.6) { randomBox(r, tight, 6 * i); leaf[i] = treeInsert(t, i, tight, 6 * i, 0.1); }
        } else if (x < 0.15) {
          treeRemove(t, leaf[i]); leaf[i] = -1;
        } else if (x < 0.5) {
          if (x < 0.3) randomBox(r, tight, 6 * i);
          else for (let k = 0; k < 6; k++) tight[6 * i + k] += 0.05 * (r() - 0.5);
          const lo = Math.min(tight[6 * i], tight[6 * i + 3]); // keep min ≤ max
          tight[6 * i] = lo;
          treeMove(t, leaf[i], tight, 6 * i, 0.1);
        }
      }
      const height = checkInvariants(t);
      expect(height).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(Math.max(2, t.leafCount))) + 2);
      for (let k = 0; k < 50; k++) {
        randomBox(r, q, 0);
        hits.count = 0;
        treeQuery(t, q, 0, hits);
        const got = Array.from(hits.items.subarray(0, hits.count)).sort((a, b) => a - b);
        const want: number[] = [];
        for (let i = 0; i < n; i++) if (leaf[i] >= 0 && overlaps(t.box, 6 * leaf[i], q, 0)) want.push(i);
        expect(got).toEqual(want);
      }
      // every leaf's fat box encloses its tight box
      let enclosed = true;
      for (let i = 0; i < n; i++) {
        if (leaf[i] < 0) continue;
        for (let a = 0; a < 3; a++) {
          if (t.box[6 * leaf[i] + a] > tight[6 * i + a] || t.box[6 * leaf[i] + 3 + a] < tight[6 * i + 3 + a]) enclosed = false;
        }
      }
      expect(enclosed).toBe(true);
    }
  });

  it('ray traversal visits exactly the leaves whose boxes the ray meets (axis-aligned rays too)', () => {
    const r = rng(9);
    const t = createDynamicTree();
    const n = 400;
    const box = new Float64Array(6 * n);
    for (let i = 0; i < n; i++) { randomBox(r, box, 6 * i); treeInsert(t, i, box, 6 * i, 0); }
    const seen: number[] = [];
    const visitor = { visit(item: number): boolean { seen.push(item); return true; } };
    for (let k = 0; k < 200; k++) {
      const o = [r() * 60 - 5, r() * 60 - 5, r() * 60 - 5];
      let d = [r() - 0.5, r() - 0.5, r() - 0.5];
      if (k % 4 === 0) d = [0, k % 8 === 0 ? 1 : -1, 0];
      const len = Math.hypot(d[0], d[1], d[2]);
      d = d.map((x) => x / len);
      const maxT = k % 3 === 0 ? Infinity : 30;
      seen.length = 0;
      treeRayCast(t, ray([...o, ...d], maxT), visitor);
      const want: number[] = [];
      for (let i = 0; i < n; i++) if (rayHitsBox(box, 6 * i, [...o, ...d], maxT)) want.push(i);
      expect(seen.sort((a, b) => a - b)).toEqual(want);
    }
  });

  it('a visitor that clips the ray prunes farther leaves; false stops', () => {
    const t = createDynamicTree();
    const box = new Float64Array(6 * 10);
    for (let i = 0; i < 10; i++) {
      box.set([i * 3, -1, -1, i * 3 + 1, 1, 1], 6 * i);
      treeInsert(t, i, box, 6 * i, 0);
    }
    const seen: number[] = [];
    const clip = { visit(item: number, r: Float64Array): boolean { seen.push(item); if (item === 4) r[RAY_MAX_T] = 12.5; return true; } };
    treeRayCast(t, ray([-5, 0, 0, 1, 0, 0], Infinity), clip);
    expect(seen).toEqual([0, 1, 2, 3, 4]); // nearest first, then nothing beyond the clip
    seen.length = 0;
    const stop = { visit(item: number): boolean { seen.push(item); return false; } };
    expect(treeRayCast(t, ray([-5, 0, 0, 1, 0, 0], Infinity), stop)).toBe(false);
    expect(seen).toEqual([0]);
  });
});
