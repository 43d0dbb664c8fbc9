import { describe, expect, it } from 'vitest';
import { boxesApartOn, collideBoxBox } from '../../../../systems/narrowphase/collide-box-box';
import { createManifoldOut, withMargin, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { quatRotateInverse, quatToMat3 } from '../../../../math/quat';
import { ID, axisAngle, randomQuat, rot, rotated, rng, expectVec, pt, shape, type V3 } from './fixtures';

// ---- helpers -------------------------------------------------------------------------------------

const box = shape;
function collide(a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99; // must be reset by the collide function
  collideBoxBox(withMargin(out, margin), a, b);
  return out;
}
function ids(m: ManifoldOut): number[] {
  return Array.from(m.featureId.subarray(0, m.pointCount)).sort((x, y) => x - y);
}
/** Box axes (columns of the rotation matrix) as 9 numbers: axis i at 3i. */
function axesOf(s: PosedShape): Float64Array {
  const m = new Float64Array(9), ax = new Float64Array(9);
  quatToMat3(m, 0, s, 3);
  for (let i = 0; i < 3; i++) { ax[3 * i] = m[i]; ax[3 * i + 1] = m[3 + i]; ax[3 * i + 2] = m[6 + i]; }
  return ax;
}
/** Support-function overlap of two boxes along the unit direction L (from A to B): h_A(L) + h_B(−L). */
function overlapAx(a: PosedShape, axa: Float64Array, b: PosedShape, axb: Float64Array, L: ArrayLike<number>): number {
  let ra = 0, rb = 0;
  for (let k = 0; k < 3; k++) {
    ra += a[7 + k] * Math.abs(axa[3 * k] * L[0] + axa[3 * k + 1] * L[1] + axa[3 * k + 2] * L[2]);
    rb += b[7 + k] * Math.abs(axb[3 * k] * L[0] + axb[3 * k + 1] * L[1] + axb[3 * k + 2] * L[2]);
  }
  return ra + rb - ((b[0] - a[0]) * L[0] + (b[1] - a[1]) * L[1] + (b[2] - a[2]) * L[2]);
}
function overlap(a: PosedShape, b: PosedShape, L: ArrayLike<number>): number {
  return overlapAx(a, axesOf(a), b, axesOf(b), L);
}
/** Distance from the world point p to the surface of box s. */
function distanceToSurface(s: PosedShape, p: V3): number {
  const c = [0, 0, 0];
  quatRotateInverse(c, 0, s, 3, [p[0] - s[0], p[1] - s[1], p[2] - s[2]], 0);
  let out2 = 0, inside = Infinity;
  for (let i = 0; i < 3; i++) {
    const e = Math.abs(c[i]) - s[7 + i];
    if (e > 0) out2 += e * e;
    inside = Math.min(inside, -e);
  }
  return out2 > 0 ? Math.sqrt(out2) : inside;
}
/** Twice the area of the convex hull of planar points (x, z) (gift wrapping; tiny inputs). */
function hullArea2(ps: [number, number][]): number {
  const pts = [...ps].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: number[], a: number[], b: number[]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: number[][] = [], upper: number[][] = [];
  for (const p of pts) { while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop(); lower.push(p); }
  for (const p of [...pts].reverse()) { while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop(); upper.push(p); }
  const h = lower.slice(0, -1).concat(upper.slice(0, -1));
  let a = 0;
  for (let i = 0; i < h.length; i++) { const p = h[i], q = h[(i + 1) % h.length]; a += p[0] * q[1] - q[0] * p[1]; }
  return Math.abs(a);
}

const R2 = Math.SQRT2, H = Math.SQRT1_2;

// ---- face contacts -------------------------------------------------------------------------------

describe('collideBoxBox: face contacts', () => {
  it('two unit cubes stacked 0.01 deep: 4 points at the bottom corners of B, separation −0.01, normal +y', () => {
    const a = box([0, 0, 0], ID, [0.5, 0.5, 0.5]);
    const b = box([0, 0.99, 0], ID, [0.5, 0.5, 0.5]);
    const m = collide(a, b);
    expect(m.pointCount).toBe(4);
    expectVec(m.normal, [0, 1, 0]);
    const corners = new Set<string>();
    for (let k = 0; k < 4; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      const p = pt(m, k);
      expect(p[1]).toBeCloseTo(0.495, 12); // midway between y = 0.5 (A's top) and y = 0.49 (B's bottom)
      expect(Math.abs(Math.abs(p[0]) - 0.5)).toBeLessThan(1e-12);
      expect(Math.abs(Math.abs(p[2]) - 0.5)).toBeLessThan(1e-12);
      corners.add(`${Math.sign(p[0])},${Math.sign(p[2])}`);
    }
    expect(corners.size).toBe(4);
    expect(new Set(ids(m)).size).toBe(4);
    // equal separations on A's and B's face axes: A's face is the reference (bit 12 clear)
    for (const id of ids(m)) expect(id & (1 << 12)).toBe(0);
    // roles swapped: the normal flips, the depths stay, the reference is again the new A
    const s = collide(b, a);
    expect(s.pointCount).toBe(4);
    expectVec(s.normal, [0, -1, 0]);
    for (let k = 0; k < 4; k++) expect(s.separation[k]).toBeCloseTo(-0.01, 12);
    for (const id of ids(s)) expect(id & (1 << 12)).toBe(0);
  });

  it('offset and rotated 45° about the normal: the clipped octagon reduced to 4 of its vertices, all at depth 0.01', () => {
    const a = box([0, 0, 0], ID, [0.5, 0.5, 0.5]);
    const b = box([0.1, 0.99, 0], axisAngle(0, 1, 0, Math.PI / 4), [0.5, 0.5, 0.5]);
    // A's top square ∩ B's bottom square: |x| ≤ ½, |z| ≤ ½, |x − 0.1| + |z| ≤ ½√2
    const c1 = 0.5 * R2 - 0.4, c2 = 0.5 * R2 - 0.6, c3 = 0.5 * R2 - 0.5;
    const octagon: [number, number][] = [
      [0.5, c1], [0.5, -c1], [-0.5, c2], [-0.5, -c2], [0.1 + c3, 0.5], [0.1 - c3, 0.5], [0.1 + c3, -0.5], [0.1 - c3, -0.5],
    ];
    const m = collide(a, b);
    expect(m.pointCount).toBe(4);
    expectVec(m.normal, [0, 1, 0]);
    const chosen: [number, number][] = [];
    const used = new Set<number>();
    for (let k = 0; k < 4; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      const p = pt(m, k);
      expect(p[1]).toBeCloseTo(0.495, 12);
      const v = octagon.findIndex((o) => Math.abs(o[0] - p[0]) < 1e-12 && Math.abs(o[1] - p[2]) < 1e-12);
      expect(v).toBeGreaterThanOrEqual(0);
      used.add(v);
      chosen.push([p[0], p[2]]);
    }
    expect(used.size).toBe(4);
    // the pair after the first two maximises the quad area (given the deepest and the farthest from it)
    const first = chosen[0], second = chosen[1];
    let best = 0;
    for (let i = 0; i < 8; i++) {
      for (let j = i + 1; j < 8; j++) best = Math.max(best, hullArea2([first, second, octagon[i], octagon[j]]));
    }
    expect(hullArea2(chosen)).toBeCloseTo(best, 12);
    // here that is also the largest quad over all 70 choices of 4 octagon vertices (72% of the octagon)
    let global = 0;
    for (let i = 0; i < 8; i++) for (let j = i + 1; j < 8; j++) for (let k = j + 1; k < 8; k++) for (let l = k + 1; l < 8; l++) {
      global = Math.max(global, hullArea2([octagon[i], octagon[j], octagon[k], octagon[l]]));
    }
    expect(hullArea2(chosen)).toBeCloseTo(global, 12);
  });

  it('a cube rotated 30° about z resting on a face with one edge: 2 points at the edge ends', () => {
    const a = box([0, 0, 0], ID, [2, 0.5, 2]);
    const th = Math.PI / 6, low = 0.5 * (Math.sin(th) + Math.cos(th));
    const b = box([0.3, 0.5 - 0.01 + low, 0.2], axisAngle(0, 0, 1, th), [0.5, 0.5, 0.5]);
    const m = collide(a, b);
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, 1, 0]);
    // lowest edge: local (−½, −½, z) → world x = 0.3 − ½ cos30 + ½ sin30
    const ex = 0.3 - 0.5 * Math.cos(th) + 0.5 * Math.sin(th);
    const zs = [pt(m, 0)[2], pt(m, 1)[2]].sort((x, y) => x - y);
    expect(zs[0]).toBeCloseTo(-0.3, 12);
    expect(zs[1]).toBeCloseTo(0.7, 12);
    for (let k = 0; k < 2; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      expect(pt(m, k)[0]).toBeCloseTo(ex, 12);
      expect(pt(m, k)[1]).toBeCloseTo(0.495, 12);
    }
  });

  it('B\'s face as the reference (A\'s edge in B\'s face): the normal still points from A to B', () => {
    const th = Math.PI / 6, low = 0.5 * (Math.sin(th) + Math.cos(th));
    const b = box([0, 0, 0], ID, [2, 0.5, 2]);
    const a = box([0.3, 0.5 - 0.01 + low, 0.2], axisAngle(0, 0, 1, th), [0.5, 0.5, 0.5]);
    const m = collide(a, b);
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, -1, 0]);
    for (let k = 0; k < 2; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      expect(pt(m, k)[1]).toBeCloseTo(0.495, 12);
      expect(m.featureId[k] & (1 << 12)).not.toBe(0); // reference box is B
    }
  });

  it('hysteresis: with A\'s and B\'s faces nearly tied, the reference stays on A for both tilt signs (no flip)', () => {
    // A (top) tilted by ±1e-3 about x on an aligned B: B's face axis y is shallower by ~dy θ²/2, a near tie
    for (const th of [1e-3, -1e-3, 2e-4]) {
      const qa = axisAngle(1, 0, 0, th);
      const a = box([0, 0.995, 0], qa, [0.5, 0.5, 0.5]);
      const b = box([0, 0, 0], ID, [0.5, 0.5, 0.5]);
      const ay = rot(qa, [0, 1, 0]);
      expect(overlap(a, b, [0, -1, 0])).toBeLessThan(overlap(a, b, [-ay[0], -ay[1], -ay[2]])); // B's face is (barely) better
      const m = collide(a, b);
      expect(m.pointCount).toBe(4);
      expectVec(m.normal, [-ay[0], -ay[1], -ay[2]], 1e-12); // A's bottom face stays the reference
      for (const id of ids(m)) expect(id & (1 << 12)).toBe(0);
    }
  });

  it('speculative contacts: within the margin positive separations, beyond it no points', () => {
    const a = box([0, 0, 0], ID, [0.5, 0.5, 0.5]);
    const near = collide(a, box([0, 1.01, 0], ID, [0.5, 0.5, 0.5]), 0.02);
    expect(near.pointCount).toBe(4);
    for (let k = 0; k < 4; k++) expect(near.separation[k]).toBeCloseTo(0.01, 12);
    expect(collide(a, box([0, 1.03, 0], ID, [0.5, 0.5, 0.5]), 0.02).pointCount).toBe(0);
    expect(collide(a, box([3, 0, 0], axisAngle(1, 2, 3, 0.7), [0.5, 0.5, 0.5]), 0.02).pointCount).toBe(0);
    // tilted box: only the corners within the margin are kept
    const th = 0.02; // the high edge is 1·sin(0.02) ≈ 0.02 above the low one
    const low = 0.5 * (Math.sin(th) + Math.cos(th));
    const tilted = collide(box([0, 0, 0], ID, [2, 0.5, 2]), box([0, 0.5 + 0.005 + low, 0], axisAngle(0, 0, 1, th), [0.5, 0.5, 0.5]), 0.02);
    expect(tilted.pointCount).toBe(2);
    for (let k = 0; k < 2; k++) expect(tilted.separation[k]).toBeCloseTo(0.005, 12);
  });

  it('feature ids do not change when the boxes move by 1e-4', () => {
    const cases: [PosedShape, PosedShape][] = [
      [box([0, 0, 0], ID, [0.5, 0.5, 0.5]), box([0.1, 0.99, 0], axisAngle(0, 1, 0, Math.PI / 4), [0.5, 0.5, 0.5])],
      [box([0, 0, 0], ID, [2, 0.5, 2]), box([0.3, 0.49 + 0.5 * (0.5 + Math.cos(Math.PI / 6)), 0.2], axisAngle(0, 0, 1, Math.PI / 6), [0.5, 0.5, 0.5])],
      [box([0, 0, 0], ID, [0.5, 0.5, 0.5]), box([0, 0.99, 0], ID, [0.5, 0.5, 0.5])],
      [box([0, 0, 0], ID, [0.5, 0.5, 0.5]), box([0.2, 0.99, -0.1], ID, [0.4, 0.5, 0.3])],
    ];
    for (const [a, b] of cases) {
      const base = ids(collide(a, b));
      expect(base.length).toBeGreaterThan(1);
      for (const d of [[1e-4, 0, 0], [0, 1e-4, 0], [0, 0, -1e-4], [-1e-4, -1e-4, 1e-4]]) {
        const b2 = box([b[0] + d[0], b[1] + d[1], b[2] + d[2]], [b[3], b[4], b[5], b[6]], [b[7], b[8], b[9]]);
        expect(ids(collide(a, b2))).toEqual(base);
        const a2 = box([a[0] - d[0], a[1], a[2] + d[2]], [a[3], a[4], a[5], a[6]], [a[7], a[8], a[9]]);
        expect(ids(collide(a2, b))).toEqual(base);
      }
    }
  });
});

// ---- edge contact --------------------------------------------------------------------------------

describe('collideBoxBox: edge–edge contact', () => {
  // A rotated 45° about x has a top edge along x at y = ½√2; B rotated 45° about z has a bottom edge
  // along z. With B's centre at height √2 − δ the edges cross δ deep, normal +y.
  const delta = 0.01;
  const a = box([0, 0, 0], axisAngle(1, 0, 0, Math.PI / 4), [0.5, 0.5, 0.5]);
  const b = box([0.1, R2 - delta, 0.2], axisAngle(0, 0, 1, Math.PI / 4), [0.5, 0.5, 0.5]);

  it('one point at the midpoint of the closest points, depth δ, normal +y', () => {
    const m = collide(a, b);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, 1, 0], 1e-12);
    expect(m.separation[0]).toBeCloseTo(-delta, 12);
    expectVec(pt(m, 0), [0.1, H - delta / 2, 0], 1e-12);
    expect(m.featureId[0] & (1 << 13)).not.toBe(0);
  });

  it('roles swapped: same depth and point, normal −y', () => {
    const m = collide(b, a);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, -1, 0], 1e-12);
    expect(m.separation[0]).toBeCloseTo(-delta, 12);
    expectVec(pt(m, 0), [0.1, H - delta / 2, 0], 1e-12);
  });

  it('feature id unchanged after a 1e-4 move; speculative within the margin; none beyond', () => {
    const id = collide(a, b).featureId[0];
    const b2 = box([0.1001, R2 - delta + 1e-4, 0.1999], [b[3], b[4], b[5], b[6]], [0.5, 0.5, 0.5]);
    const m2 = collide(a, b2);
    expect(m2.pointCount).toBe(1);
    expect(m2.featureId[0]).toBe(id);
    const up = box([0.1, R2 + 0.01, 0.2], [b[3], b[4], b[5], b[6]], [0.5, 0.5, 0.5]);
    const s = collide(a, up, 0.02);
    expect(s.pointCount).toBe(1);
    expect(s.separation[0]).toBeCloseTo(0.01, 12);
    expectVec(s.normal, [0, 1, 0], 1e-12);
    expect(collide(a, up, 0.005).pointCount).toBe(0);
  });
});

// ---- invariance ----------------------------------------------------------------------------------

describe('collideBoxBox: invariance under a rigid rotation of the whole scene', () => {
  const th = Math.PI / 6;
  const scenes: [string, PosedShape, PosedShape][] = [
    ['stacked', box([0, 0, 0], ID, [0.5, 0.5, 0.5]), box([0, 0.99, 0], ID, [0.5, 0.5, 0.5])],
    ['octagon', box([0, 0, 0], ID, [0.5, 0.5, 0.5]), box([0.1, 0.99, 0], axisAngle(0, 1, 0, Math.PI / 4), [0.5, 0.5, 0.5])],
    ['edge on face', box([0, 0, 0], ID, [2, 0.5, 2]), box([0.3, 0.49 + 0.5 * (Math.sin(th) + Math.cos(th)), 0.2], axisAngle(0, 0, 1, th), [0.5, 0.5, 0.5])],
    ['edge–edge', box([0, 0, 0], axisAngle(1, 0, 0, Math.PI / 4), [0.5, 0.5, 0.5]), box([0.1, R2 - 0.01, 0.2], axisAngle(0, 0, 1, Math.PI / 4), [0.5, 0.5, 0.5])],
    ['generic', box([0.2, -0.1, 0.3], axisAngle(1, 2, -1, 0.9), [0.7, 0.3, 0.4]), box([0.5, 0.6, 0.1], axisAngle(-2, 1, 3, 2.1), [0.2, 0.6, 0.5])],
  ];
  const r = rng(7);
  for (const [name, a, b] of scenes) {
    it(`${name}: depths, ids, rotated normal and points`, () => {
      const m0 = collide(a, b);
      expect(m0.pointCount).toBeGreaterThan(0);
      for (let trial = 0; trial < 10; trial++) {
        const q = randomQuat(r);
        const m = collide(rotated(a, q), rotated(b, q));
        expect(m.pointCount).toBe(m0.pointCount);
        expectVec(m.normal, rot(q, m0.normal), 1e-9);
        for (let k = 0; k < m.pointCount; k++) {
          expect(m.separation[k]).toBeCloseTo(m0.separation[k], 9);
          expect(m.featureId[k]).toBe(m0.featureId[k]);
          expectVec(pt(m, k), rot(q, pt(m0, k)), 1e-9);
        }
      }
    });
  }
});

// ---- brute force ---------------------------------------------------------------------------------

/** World corners of a box. */
function corners(s: PosedShape): V3[] {
  const out: V3[] = [];
  for (let k = 0; k < 8; k++) {
    const c = rot(s, [k & 1 ? s[7] : -s[7], k & 2 ? s[8] : -s[8], k & 4 ? s[9] : -s[9]], 3);
    out.push([c[0] + s[0], c[1] + s[1], c[2] + s[2]]);
  }
  return out;
}

/**
 * Exact penetration depth by brute force, independent of the 15-axis theory: the depth is the minimum
 * over unit directions L of the support-function overlap h_A(L) + h_B(−L) − (cB − cA)·L, i.e. of the
 * support function of the Minkowski difference A − B, whose minimum over the sphere is reached at a
 * facet normal of the hull of its 64 vertices; every facet normal is the normal of some vertex triple.
 * So the search runs over the normals of all C(64, 3) triples (both signs).
 */
function bruteDepth(a: PosedShape, b: PosedShape): { depth: number; dir: V3 } {
  const ca = corners(a), cb = corners(b);
  const v: V3[] = [];
  for (const p of ca) for (const q of cb) v.push([p[0] - q[0], p[1] - q[1], p[2] - q[2]]);
  let best = Infinity, dir: V3 = [0, 0, 0];
  const L = [0, 0, 0], axa = axesOf(a), axb = axesOf(b);
  for (let i = 0; i < 64; i++) {
    for (let j = i + 1; j < 64; j++) {
      const ux = v[j][0] - v[i][0], uy = v[j][1] - v[i][1], uz = v[j][2] - v[i][2];
      for (let k = j + 1; k < 64; k++) {
        const wx = v[k][0] - v[i][0], wy = v[k][1] - v[i][1], wz = v[k][2] - v[i][2];
        let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        const l = Math.hypot(nx, ny, nz);
        if (l < 1e-9) continue;
        nx /= l; ny /= l; nz /= l;
        for (const sg of [1, -1]) {
          L[0] = sg * nx; L[1] = sg * ny; L[2] = sg * nz;
          const h = overlapAx(a, axa, b, axb, L);
          if (h < best) { best = h; dir = [L[0], L[1], L[2]]; }
        }
      }
    }
  }
  return { depth: best, dir };
}

/** The 15 SAT axes' overlaps, computed here independently (test reference). */
function axisOverlaps(a: PosedShape, b: PosedShape): number[] {
  const ma = new Float64Array(9), mb = new Float64Array(9);
  quatToMat3(ma, 0, a, 3);
  quatToMat3(mb, 0, b, 3);
  const col = (m: Float64Array, i: number): V3 => [m[i], m[3 + i], m[6 + i]];
  const axes: V3[] = [];
  for (let i = 0; i < 3; i++) axes.push(col(ma, i), col(mb, i));
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const u = col(ma, i), w = col(mb, j);
      const c: V3 = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      const l = Math.hypot(...c);
      if (l > 1e-9) axes.push([c[0] / l, c[1] / l, c[2] / l]);
    }
  }
  return axes.map((L) => Math.min(overlap(a, b, L), overlap(a, b, [-L[0], -L[1], -L[2]])));
}

describe('collideBoxBox: penetration depth against brute force', () => {
  it('random overlapping boxes: the 15 axes hold the exact minimum, and the chosen axis is it (or within the face-preference bias on near ties)', () => {
    const r = rng(12345);
    const REL = 0.05, ABS = 5e-4; // the module's face-preference tolerance
    let samples = 0, clear = 0, edgeChosen = 0;
    while (samples < 150) {
      const ha: V3 = [0.1 + r(), 0.1 + r(), 0.1 + r()], hb: V3 = [0.1 + r(), 0.1 + r(), 0.1 + r()];
      const qa = randomQuat(r), qb = randomQuat(r);
      const dirq = randomQuat(r), len = r() * (Math.hypot(...ha) + Math.hypot(...hb));
      const off = rot(dirq, [len, 0, 0]);
      const a = box([r() - 0.5, r() - 0.5, r() - 0.5], qa, ha);
      const b = box([a[0] + off[0], a[1] + off[1], a[2] + off[2]], qb, hb);
      const { depth } = bruteDepth(a, b);
      if (!(depth > 1e-3)) continue; // apart or barely touching
      samples++;
      // random directions never beat it
      for (let k = 0; k < 200; k++) expect(overlap(a, b, rot(randomQuat(r), [1, 0, 0]))).toBeGreaterThanOrEqual(depth * (1 - 1e-12));
      // the minimum is on one of the 15 axes
      const ov = axisOverlaps(a, b).sort((x, y) => x - y);
      expect(Math.abs(ov[0] - depth)).toBeLessThanOrEqual(1e-9 * depth);
      // the module's choice
      const m = collide(a, b, 0);
      expect(m.pointCount).toBeGreaterThan(0);
      const chosen = overlap(a, b, m.normal);
      expect(chosen).toBeGreaterThanOrEqual(depth * (1 - 1e-9));
      expect(chosen).toBeLessThanOrEqual((depth + ABS) / (1 - REL) + 1e-12);
      if (ov[1] > (depth + ABS) / (1 - REL) * (1 + 1e-9)) {
        clear++;
        expect(Math.abs(chosen - depth)).toBeLessThanOrEqual(1e-6 * depth);
      }
      if (m.featureId[0] & (1 << 13)) edgeChosen++;
      // every point: separation no deeper than the axis depth, and midway between the two surfaces
      for (let k = 0; k < m.pointCount; k++) {
        expect(m.separation[k]).toBeGreaterThanOrEqual(-chosen - 1e-9);
        const p = pt(m, k), half = Math.abs(m.separation[k]) / 2;
        expect(Math.abs(distanceToSurface(a, p))).toBeLessThanOrEqual(half + 1e-9);
        expect(Math.abs(distanceToSurface(b, p))).toBeLessThanOrEqual(half + 1e-9);
      }
    }
    expect(clear).toBeGreaterThan(60); // ~half the samples have a clear winner and are checked to 1e-6
    expect(edgeChosen).toBeGreaterThan(5); // and edge axes are exercised
  });
});

describe('boxesApartOn: the cached separating axis', () => {
  it('is apart on an axis only where the full test finds no contact, and finds an axis for almost every pair without one', () => {
    const r = rng(77);
    let apart = 0, found = 0, touching = 0, edgeAxes = 0;
    for (let n = 0; n < 3000; n++) {
      const ha: V3 = [0.1 + r(), 0.1 + r(), 0.1 + r()], hb: V3 = [0.1 + r(), 0.1 + r(), 0.1 + r()];
      // nearly aligned half the time (stacks), so that parallel edges and near ties are exercised
      const qa = n % 2 === 0 ? randomQuat(r) : axisAngle(r() - 0.5, 1, r() - 0.5, 1e-4 * (r() - 0.5));
      const qb = n % 2 === 0 ? randomQuat(r) : axisAngle(r() - 0.5, 1, r() - 0.5, 1e-4 * (r() - 0.5));
      const reachAB = Math.hypot(...ha) + Math.hypot(...hb);
      const a = box([r(), r(), r()], qa, ha);
      const b = box([reachAB * (2 * r() - 1), reachAB * (2 * r() - 1), reachAB * (2 * r() - 1)], qb, hb);
      const margin = 0.05 * r();
      const m = collide(a, b, margin);
      if (m.pointCount > 0) touching++;
      else apart++;
      let any = false;
      const axa = axesOf(a), axb = axesOf(b);
      for (let k = 0; k < 15; k++) {
        // axis k computed here on its own: A's face axes, B's, then aᵢ × bⱼ
        const u = k < 3 ? axa.subarray(3 * k, 3 * k + 3) : k < 6 ? axb.subarray(3 * k - 9, 3 * k - 6) : null;
        const ai = axa.subarray(3 * ((k - 6) / 3 | 0), 3 * ((k - 6) / 3 | 0) + 3), bj = axb.subarray(3 * ((k - 6) % 3), 3 * ((k - 6) % 3) + 3);
        const L = u ?? [ai[1] * bj[2] - ai[2] * bj[1], ai[2] * bj[0] - ai[0] * bj[2], ai[0] * bj[1] - ai[1] * bj[0]];
        const len = Math.hypot(L[0], L[1], L[2]);
        const isApart = boxesApartOn(withMargin(createManifoldOut(), margin), a, b, k);
        if (len < 2e-5) { if (len < 5e-6) expect(isApart).toBe(false); continue; } // parallel edges: no axis (below 1e-5)
        const dL = ((b[0] - a[0]) * L[0] + (b[1] - a[1]) * L[1] + (b[2] - a[2]) * L[2]) / len;
        const sep = -overlap(a, b, [L[0] / len * Math.sign(dL), L[1] / len * Math.sign(dL), L[2] / len * Math.sign(dL)]);
        if (Math.abs(sep - margin) > 1e-9) expect(isApart).toBe(sep >= margin);
        if (!isApart) continue;
        // apart along axis k: the full test has no point (the same arithmetic, term for term)
        expect(m.pointCount).toBe(0);
        any = true;
        if (k >= 6) edgeAxes++;
      }
      if (any) found++;
    }
    expect(touching).toBeGreaterThan(300);
    expect(apart).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(0.98 * apart); // a pair without points is apart along one of the 15 axes (or clipped to none)
    expect(edgeAxes).toBeGreaterThan(20);
  });

  it('agrees with the full test at the margin itself (no rounding gap between the two)', () => {
    // B slides along A's x axis across the distance where the face axis separates by exactly the margin
    // (numbers exact in binary: at x = 1.25 the separation is exactly the margin, 0.25, and both call it apart)
    const margin = 0.25, h: V3 = [0.5, 0.5, 0.5];
    const a = box([0, 0, 0], ID, h);
    const x0 = 1 + margin, seen = new Set<boolean>();
    for (let u = -8; u <= 8; u++) {
      const x = x0 + u * 2 ** -52;
      const b = box([x, 0.1, -0.2], ID, h);
      const apart = boxesApartOn(withMargin(createManifoldOut(), margin), a, b, 0);
      expect(collide(a, b, margin).pointCount === 0).toBe(apart);
      seen.add(apart);
    }
    expect(seen.size).toBe(2); // both sides of the margin were sampled
  });
});
