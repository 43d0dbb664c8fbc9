import { describe, expect, it } from 'vitest';
import { collideBoxCapsule } from '../../../../systems/narrowphase/collide-box-capsule';
import { createManifoldOut, withMargin, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { quatRotateInverse, quatToMat3 } from '../../../../math/quat';
import { ID, shape, axisAngle, rot, rotated, rng, randomQuat, expectVec, pt, type V3 } from './fixtures';

function run(a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99;
  collideBoxCapsule(withMargin(out, margin), a, b);
  return out;
}
function sortedBy(m: ManifoldOut, axis: number): { p: V3; s: number; id: number }[] {
  const r = [];
  for (let k = 0; k < m.pointCount; k++) r.push({ p: pt(m, k), s: m.separation[k], id: m.featureId[k] });
  return r.sort((u, v) => u.p[axis] - v.p[axis]);
}
/** The capsule's core end points (world). */
function coreEnds(c: PosedShape): [V3, V3] {
  const u = rot(c, [0, c[8], 0], 3);
  return [[c[0] - u[0], c[1] - u[1], c[2] - u[2]], [c[0] + u[0], c[1] + u[1], c[2] + u[2]]];
}

const box = shape([0, 0, 0], ID, [2, 0.5, 2]);
const alongX = axisAngle(0, 0, 1, Math.PI / 2);
const alongZ = axisAngle(1, 0, 0, Math.PI / 2);
const caps: V3 = [0.2, 0.8, 0];

describe('collideBoxCapsule: hand-made cases', () => {
  it('lying flat on the top face, 0.01 deep: 2 points under the core ends', () => {
    const m = run(box, shape([0.3, 0.69, 0.1], alongX, caps));
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, 1, 0]);
    const [lo, hi] = sortedBy(m, 0);
    expectVec(lo.p, [-0.5, 0.495, 0.1]);
    expectVec(hi.p, [1.1, 0.495, 0.1]);
    expect(lo.s).toBeCloseTo(-0.01, 12);
    expect(hi.s).toBeCloseTo(-0.01, 12);
    expect(lo.id).not.toBe(hi.id);
  });

  it('lying flat and hanging over the rim: clipped at the side plane', () => {
    const m = run(box, shape([1.8, 0.69, 0.1], alongX, caps));
    expect(m.pointCount).toBe(2);
    const [lo, hi] = sortedBy(m, 0);
    expectVec(lo.p, [1.0, 0.495, 0.1]);
    expectVec(hi.p, [2.0, 0.495, 0.1]);
    expect(hi.id & 7).toBe(2 + 2); // clipped by the +x side plane (the +v plane of the top face)
  });

  it('standing upright on the top face: 1 point', () => {
    const m = run(box, shape([0.3, 0.5 + 0.8 + 0.2 - 0.01, 0.1], ID, caps));
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, 1, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.01, 12);
    expectVec(pt(m, 0), [0.3, 0.495, 0.1]);
  });

  it('core penetrating the box, upright: pushed out through the top face with depth (0.1 + r)', () => {
    const m = run(box, shape([0.3, 0.5 + 0.8 - 0.1, 0.1], ID, caps));
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, 1, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.3, 12);
    // box point y = 0.5, capsule point y = 0.4 − 0.2
    expectVec(pt(m, 0), [0.3, 0.35, 0.1]);
  });

  it('core penetrating the box, lying flat: 2 points with depth (0.05 + r)', () => {
    const m = run(box, shape([0.3, 0.45, 0.1], alongZ, caps));
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, 1, 0]);
    const [lo, hi] = sortedBy(m, 2);
    expect(lo.p[2]).toBeCloseTo(-0.7, 12);
    expect(hi.p[2]).toBeCloseTo(0.9, 12);
    for (const p of [lo, hi]) {
      expect(p.s).toBeCloseTo(-0.25, 12);
      expect(p.p[1]).toBeCloseTo(0.5 - 0.125, 12);
    }
  });

  it('lying along the top edge (core outside): 2 points, normal along the edge\'s diagonal', () => {
    // core along z at (2.1, 0.6): 0.1 beyond x = 2 and 0.1 above y = 0.5
    const m = run(box, shape([2.1, 0.6, 0.5], alongZ, caps));
    expect(m.pointCount).toBe(2);
    const d = Math.SQRT1_2;
    expectVec(m.normal, [d, d, 0]);
    const [lo, hi] = sortedBy(m, 2);
    for (const p of [lo, hi]) {
      expect(p.s).toBeCloseTo(Math.SQRT2 * 0.1 - 0.2, 12);
      expect(p.p[0]).toBeCloseTo(2 + 0.5 * (0.1 - 0.2 * d), 12);
      expect(p.p[1]).toBeCloseTo(0.5 + 0.5 * (0.1 - 0.2 * d), 12);
    }
    expect(lo.p[2]).toBeCloseTo(-0.3, 12); // the core's end
    expect(hi.p[2]).toBeCloseTo(1.3, 12);
    // crossing over the edge, perpendicular to it (core along (−1, 1, 0)/√2): one point
    const x = run(box, shape([2.1, 0.6, 0.5], axisAngle(0, 0, 1, Math.PI / 4), caps));
    expect(x.pointCount).toBe(1);
    expectVec(x.normal, [d, d, 0], 1e-12);
    expect(x.separation[0]).toBeCloseTo(Math.SQRT2 * 0.1 - 0.2, 12);
    // hanging past the end of the edge: clipped at the edge's end
    const c = run(box, shape([2.1, 0.6, 1.8], alongZ, caps));
    expect(c.pointCount).toBe(2);
    expect(sortedBy(c, 2)[1].p[2]).toBeCloseTo(2, 12);
  });

  it('core cutting across an edge of the box: the edge axis, depth δ + r', () => {
    // unit-half cube; the core lies on x + y = 2 − δ√2 (z = 0), crossing the corner region of the +x+y edge
    const cube = shape([0, 0, 0], ID, [1, 1, 1]);
    const delta = 0.05;
    const c: V3 = [1 - delta / Math.SQRT2, 1 - delta / Math.SQRT2, 0];
    const q = axisAngle(0, 0, 1, Math.PI / 4); // core along (−1, 1, 0)/√2, perpendicular to the diagonal
    expectVec(rot(q, [0, 1, 0]), [-Math.SQRT1_2, Math.SQRT1_2, 0], 1e-15);
    const m = run(cube, shape(c, q, [0.1, 1, 0]));
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [Math.SQRT1_2, Math.SQRT1_2, 0], 1e-12);
    expect(m.separation[0]).toBeCloseTo(-delta - 0.1, 12);
    // box point (1, 1, 0); capsule point c − 0.1 n
    const k = 0.5 * (delta + 0.1) / Math.SQRT2;
    expectVec(pt(m, 0), [1 - k, 1 - k, 0], 1e-12);
    expect(m.featureId[0] >> 8).toBe(2); // a box-edge contact
  });

  it('speculative: lying 0.01 above gives 2 points at +0.01; tilted, the high end beyond the margin is dropped; far gives none', () => {
    const m = run(box, shape([0.3, 0.71, 0.1], alongX, caps), 0.02);
    expect(m.pointCount).toBe(2);
    for (let k = 0; k < 2; k++) expect(m.separation[k]).toBeCloseTo(0.01, 12);
    const th = 0.03; // the core's ends differ in height by 1.6 sin θ ≈ 0.048
    const t = run(box, shape([0.3, 0.7 + 0.8 * Math.sin(th) - 0.005, 0.1], axisAngle(0, 0, 1, Math.PI / 2 + th), caps), 0.02);
    expect(t.pointCount).toBe(1);
    expect(t.separation[0]).toBeCloseTo(-0.005, 12);
    expect(run(box, shape([0.3, 0.73, 0.1], alongX, caps), 0.02).pointCount).toBe(0);
  });

  it('invariant under a rotation of the whole scene; ids unchanged by a 1e-4 move', () => {
    const scenes: [PosedShape, PosedShape][] = [
      [box, shape([0.3, 0.69, 0.1], alongX, caps)],
      [box, shape([1.8, 0.69, 0.1], alongX, caps)],
      [box, shape([0.3, 1.49, 0.1], ID, caps)],
      [box, shape([0.3, 0.45, 0.1], alongZ, caps)],
      [box, shape([2.1, 0.6, 0.5], alongZ, caps)],
      [box, shape([2.1, 0.6, 1.8], alongZ, caps)],
      [shape([0.2, 0.1, -0.3], axisAngle(1, 1, 0, 0.5), [0.6, 0.4, 0.7]), shape([0.5, 0.6, 0.2], axisAngle(2, -1, 1, 2.2), [0.15, 0.5, 0])],
    ];
    for (const [a, b] of scenes) {
      const m0 = run(a, b);
      expect(m0.pointCount).toBeGreaterThan(0);
      for (const q of [axisAngle(1, 2, 3, 1.1), axisAngle(-3, 1, 0.5, 2.7)]) {
        const m = run(rotated(a, q), rotated(b, q));
        expect(m.pointCount).toBe(m0.pointCount);
        expectVec(m.normal, rot(q, m0.normal), 1e-9);
        for (let k = 0; k < m.pointCount; k++) {
          expect(m.separation[k]).toBeCloseTo(m0.separation[k], 9);
          expect(m.featureId[k]).toBe(m0.featureId[k]);
          expectVec(pt(m, k), rot(q, pt(m0, k)), 1e-9);
        }
      }
      const moved = shape([b[0] + 1e-4, b[1] - 1e-4, b[2] + 1e-4], [b[3], b[4], b[5], b[6]], [b[7], b[8], b[9]]);
      expect(Array.from(run(a, moved).featureId.subarray(0, m0.pointCount))).toEqual(Array.from(m0.featureId.subarray(0, m0.pointCount)));
    }
  });
});

// ---- brute force ---------------------------------------------------------------------------------

/** Squared distance from a world point to the box. */
function boxDistance2(s: PosedShape, p: V3): number {
  const c = [0, 0, 0];
  quatRotateInverse(c, 0, s, 3, [p[0] - s[0], p[1] - s[1], p[2] - s[2]], 0);
  let d = 0;
  for (let i = 0; i < 3; i++) { const e = Math.abs(c[i]) - s[7 + i]; if (e > 0) d += e * e; }
  return d;
}
/** Signed distance from a world point to the box surface (negative inside). */
function boxSigned(s: PosedShape, p: V3): number {
  const c = [0, 0, 0];
  quatRotateInverse(c, 0, s, 3, [p[0] - s[0], p[1] - s[1], p[2] - s[2]], 0);
  let out2 = 0, inside = -Infinity;
  for (let i = 0; i < 3; i++) { const e = Math.abs(c[i]) - s[7 + i]; if (e > 0) out2 += e * e; inside = Math.max(inside, e); }
  return out2 > 0 ? Math.sqrt(out2) : inside;
}
/** Segment–box distance: the squared distance is convex along the segment, so a ternary search is exact. */
function segmentBoxDistance(s: PosedShape, p0: V3, p1: V3): number {
  const at = (t: number): number => boxDistance2(s, [p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1]), p0[2] + t * (p1[2] - p0[2])]);
  let lo = 0, hi = 1;
  for (let i = 0; i < 200; i++) {
    const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (at(m1) <= at(m2)) hi = m2; else lo = m1;
  }
  return Math.sqrt(Math.min(at(0), at(1), at(0.5 * (lo + hi))));
}
/**
 * Capsule penetration depth by brute force: min over unit L of the support overlap
 * h_box(L) + h_segment(−L) + r, reached at a facet normal of the hull of the 16 points corner − core end
 * (the Minkowski difference of box and core); every facet normal is the normal of a triple of them.
 */
function bruteDepth(bx: PosedShape, c: PosedShape): number {
  const m = new Float64Array(9);
  quatToMat3(m, 0, bx, 3);
  const [e0, e1] = coreEnds(c);
  const support = (L: number[]): number => {
    let h = bx[0] * L[0] + bx[1] * L[1] + bx[2] * L[2];
    for (let k = 0; k < 3; k++) h += bx[7 + k] * Math.abs(m[k] * L[0] + m[3 + k] * L[1] + m[6 + k] * L[2]);
    const s0 = e0[0] * L[0] + e0[1] * L[1] + e0[2] * L[2], s1 = e1[0] * L[0] + e1[1] * L[1] + e1[2] * L[2];
    return h - Math.min(s0, s1) + c[7];
  };
  const v: V3[] = [];
  for (let k = 0; k < 8; k++) {
    const cr = rot(bx, [k & 1 ? bx[7] : -bx[7], k & 2 ? bx[8] : -bx[8], k & 4 ? bx[9] : -bx[9]], 3);
    for (const e of [e0, e1]) v.push([bx[0] + cr[0] - e[0], bx[1] + cr[1] - e[1], bx[2] + cr[2] - e[2]]);
  }
  let best = Infinity;
  for (let i = 0; i < v.length; i++) for (let j = i + 1; j < v.length; j++) for (let k = j + 1; k < v.length; k++) {
    const u = [v[j][0] - v[i][0], v[j][1] - v[i][1], v[j][2] - v[i][2]], w = [v[k][0] - v[i][0], v[k][1] - v[i][1], v[k][2] - v[i][2]];
    const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    const l = Math.hypot(n[0], n[1], n[2]);
    if (l < 1e-12) continue;
    for (const sg of [1, -1]) best = Math.min(best, support([sg * n[0] / l, sg * n[1] / l, sg * n[2] / l]));
  }
  return best;
}

describe('collideBoxCapsule: against brute force on random poses', () => {
  it('separated: the deepest point\'s separation is the exact segment–box distance − r', () => {
    const r = rng(99);
    let checked = 0;
    while (checked < 300) {
      const bx = shape([r() - 0.5, r() - 0.5, r() - 0.5], randomQuat(r), [0.1 + r(), 0.1 + r(), 0.1 + r()]);
      const c = shape([bx[0] + 3 * (r() - 0.5), bx[1] + 3 * (r() - 0.5), bx[2] + 3 * (r() - 0.5)], randomQuat(r), [0.05 + 0.5 * r(), 0.1 + r(), 0]);
      const [e0, e1] = coreEnds(c);
      const dist = segmentBoxDistance(bx, e0, e1);
      if (dist < 1e-3) continue;
      const expected = dist - c[7];
      const m = run(bx, c, 0.5);
      if (expected >= 0.5) { expect(m.pointCount).toBe(0); continue; }
      checked++;
      expect(m.pointCount).toBeGreaterThan(0);
      let min = Infinity;
      for (let k = 0; k < m.pointCount; k++) min = Math.min(min, m.separation[k]);
      expect(Math.abs(min - expected)).toBeLessThanOrEqual(1e-9);
      expect(Math.hypot(m.normal[0], m.normal[1], m.normal[2])).toBeCloseTo(1, 12);
    }
  });

  it('core inside: the chosen axis is the exact minimum depth, or within the face preference on near ties', () => {
    const r = rng(4242);
    const REL = 0.05, ABS = 5e-4; // the module's face-over-edge tolerance
    let checked = 0;
    while (checked < 200) {
      const h: V3 = [0.2 + r(), 0.2 + r(), 0.2 + r()];
      const bx = shape([r() - 0.5, r() - 0.5, r() - 0.5], randomQuat(r), h);
      const c = shape([bx[0] + 1.5 * (r() - 0.5) * h[0], bx[1] + 1.5 * (r() - 0.5) * h[1], bx[2] + 1.5 * (r() - 0.5) * h[2]], randomQuat(r), [0.05 + 0.3 * r(), 0.1 + r(), 0]);
      const [e0, e1] = coreEnds(c);
      if (segmentBoxDistance(bx, e0, e1) > 0) continue;
      checked++;
      const depth = bruteDepth(bx, c);
      const m = run(bx, c, 0.02);
      expect(m.pointCount).toBeGreaterThan(0);
      // overlap along the module's normal, by the same support function
      const n = Array.from(m.normal);
      const mm = new Float64Array(9);
      quatToMat3(mm, 0, bx, 3);
      let hb = 0;
      for (let k = 0; k < 3; k++) hb += bx[7 + k] * Math.abs(mm[k] * n[0] + mm[3 + k] * n[1] + mm[6 + k] * n[2]);
      const s0 = (e0[0] - bx[0]) * n[0] + (e0[1] - bx[1]) * n[1] + (e0[2] - bx[2]) * n[2];
      const s1 = (e1[0] - bx[0]) * n[0] + (e1[1] - bx[1]) * n[1] + (e1[2] - bx[2]) * n[2];
      const chosen = hb - Math.min(s0, s1) + c[7];
      expect(chosen).toBeGreaterThanOrEqual(depth * (1 - 1e-9));
      const segDepth = depth - c[7];
      expect(chosen - c[7]).toBeLessThanOrEqual((segDepth + ABS) / (1 - REL) + 1e-12);
      for (let k = 0; k < m.pointCount; k++) {
        expect(m.separation[k]).toBeGreaterThanOrEqual(-chosen - 1e-9);
        // each point is midway: at most |s|/2 from the box surface (+ the documented clip slop)
        expect(Math.abs(boxSigned(bx, pt(m, k)))).toBeLessThanOrEqual(Math.abs(m.separation[k]) / 2 + 1e-3 * Math.min(...h) + 1e-9);
      }
    }
  });
});
