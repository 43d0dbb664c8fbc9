import { describe, expect, it } from 'vitest';
import { collideCapsuleCapsule } from '../../../../systems/narrowphase/collide-capsule-capsule';
import { createManifoldOut, withMargin, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { ID, shape, axisAngle, rot, mul, rotated, rng, randomQuat, expectVec, pt, type V3 } from './fixtures';

/** The capsule's core end points (world). */
function coreEnds(c: PosedShape): [V3, V3] {
  const u = rot(c, [0, c[8], 0], 3);
  return [[c[0] - u[0], c[1] - u[1], c[2] - u[2]], [c[0] + u[0], c[1] + u[1], c[2] + u[2]]];
}
/** Segment–segment distance by nested ternary searches (the distance is convex in (s, t)). */
function segmentDistance(a: [V3, V3], b: [V3, V3]): number {
  const at = (g: [V3, V3], t: number): V3 => [g[0][0] + t * (g[1][0] - g[0][0]), g[0][1] + t * (g[1][1] - g[0][1]), g[0][2] + t * (g[1][2] - g[0][2])];
  const d = (s: number, t: number): number => { const p = at(a, s), q = at(b, t); return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]); };
  const minimise = (f: (x: number) => number): number => {
    let lo = 0, hi = 1;
    for (let i = 0; i < 80; i++) {
      const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
      if (f(m1) <= f(m2)) hi = m2; else lo = m1;
    }
    return Math.min(f(0), f(1), f(0.5 * (lo + hi)));
  };
  return minimise((s) => minimise((t) => d(s, t)));
}
function run(a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99;
  collideCapsuleCapsule(withMargin(out, margin), a, b);
  return out;
}
/** Points sorted by x, with their separations and ids. */
function sortedByX(m: ManifoldOut): { p: V3; s: number; id: number }[] {
  const r = [];
  for (let k = 0; k < m.pointCount; k++) r.push({ p: pt(m, k), s: m.separation[k], id: m.featureId[k] });
  return r.sort((u, v) => u.p[0] - v.p[0]);
}

const alongX = axisAngle(0, 0, 1, Math.PI / 2); // local +y → world −x
const alongZ = axisAngle(1, 0, 0, Math.PI / 2); // local +y → world +z
const size: V3 = [0.3, 1, 0];

describe('collideCapsuleCapsule', () => {
  it('crossing at right angles: one point between the closest core points', () => {
    const a = shape([0, 0, 0], alongX, size), b = shape([0.2, 0.5, 0.1], alongZ, size);
    const m = run(a, b);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, 1, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.1, 12);
    expectVec(pt(m, 0), [0.2, 0.25, 0]);
    expect(m.featureId[0]).toBe(0);
    const s = run(b, a);
    expectVec(s.normal, [0, -1, 0]);
    expect(s.separation[0]).toBeCloseTo(-0.1, 12);
  });

  it('a capsule lying on a capsule (parallel, overlapping): 2 points at the ends of the overlap', () => {
    const a = shape([0, 0, 0], alongX, size), b = shape([0.5, 0.55, 0], alongX, size);
    const m = run(a, b);
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, 1, 0]);
    const [lo, hi] = sortedByX(m);
    expectVec(lo.p, [-0.5, 0.275, 0]);
    expectVec(hi.p, [1, 0.275, 0]);
    expect(lo.s).toBeCloseTo(-0.05, 12);
    expect(hi.s).toBeCloseTo(-0.05, 12);
    // lo is bounded by B's +y end (B's +y maps to −x), hi by A's −y end
    expect(lo.id).toBe(4 + 3);
    expect(hi.id).toBe(4 + 0);
    // B fully over A: both ends are B's
    const inner = run(a, shape([0.1, 0.55, 0], alongX, [0.3, 0.5, 0]));
    expect(inner.pointCount).toBe(2);
    const [l2, h2] = sortedByX(inner);
    expect(l2.p[0]).toBeCloseTo(-0.4, 12);
    expect(h2.p[0]).toBeCloseTo(0.6, 12);
  });

  it('nearly parallel (tilted 0.01 rad in the vertical plane): still 2 points, each with its own depth', () => {
    const th = 0.01;
    const a = shape([0, 0, 0], alongX, size), b = shape([0.5, 0.55, 0], axisAngle(0, 0, 1, Math.PI / 2 + th), size);
    // B's core: (0.5, 0.55) + s (−cos θ, −sin θ), s ∈ [−1, 1]; its low end (s = 1) is at height 0.55 − sin θ
    const m = run(a, b);
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, 1, 0], 1e-12);
    const [lo, hi] = sortedByX(m);
    expect(lo.p[0]).toBeCloseTo(0.5 - Math.cos(th), 12);
    expect(lo.s).toBeCloseTo(0.55 - Math.sin(th) - 0.6, 12);
    // at x = 1 (A's end) the closest point of B's core is at s = −(0.5 cos θ − 0.55 sin θ)
    const s = 0.5 * Math.cos(th) - 0.55 * Math.sin(th);
    expect(hi.s).toBeCloseTo(0.55 + s * Math.sin(th) - 0.6, 12);
    // skewed in the horizontal plane: within the parallel tolerance (sin < 0.02) 2 points at the common
    // height, beyond it one point above the crossing
    for (const [skew, count] of [[0.01, 2], [0.05, 1]]) {
      const k = run(a, shape([0.5, 0.55, 0], mul(axisAngle(0, 1, 0, skew), alongX), size));
      expect(k.pointCount).toBe(count);
      expectVec(k.normal, [0, 1, 0], 1e-12);
      for (let i = 0; i < k.pointCount; i++) expect(k.separation[i]).toBeCloseTo(-0.05, 12);
      if (count === 1) expectVec(pt(k, 0), [0.5, 0.275, 0], 1e-12);
    }
  });

  it('parallel end to end (no overlap): one point between the caps', () => {
    const m = run(shape([0, 0, 0], alongX, size), shape([2.5, 0, 0], alongX, size));
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [1, 0, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.1, 12);
    expectVec(pt(m, 0), [1.25, 0, 0]);
  });

  it('a capsule standing on a lying one: one point', () => {
    const m = run(shape([0, 0, 0], alongX, size), shape([0.3, 1.59, 0], ID, size));
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, 1, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.01, 12);
    expectVec(pt(m, 0), [0.3, 0.295, 0]);
  });

  it('intersecting cores: the normal is the common perpendicular; coincident cores: perpendicular to the axis', () => {
    const m = run(shape([0, 0, 0], alongX, size), shape([0, 0, 0], alongZ, size));
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(-0.6, 12);
    expectVec(m.normal, [0, 1, 0]); // (−x) × (+z) = +y
    const c = run(shape([0, 0, 0], alongX, size), shape([0.5, 0, 0], alongX, size));
    expect(c.pointCount).toBe(2);
    expect(Math.abs(c.normal[0])).toBeLessThan(1e-12);
    expect(Math.hypot(c.normal[0], c.normal[1], c.normal[2])).toBeCloseTo(1, 12);
    for (let k = 0; k < 2; k++) expect(c.separation[k]).toBeCloseTo(-0.6, 12);
  });

  it('speculative within the margin, nothing beyond', () => {
    const a = shape([0, 0, 0], alongX, size);
    const m = run(a, shape([0.5, 0.61, 0], alongX, size), 0.02);
    expect(m.pointCount).toBe(2);
    for (let k = 0; k < 2; k++) expect(m.separation[k]).toBeCloseTo(0.01, 12);
    expect(run(a, shape([0.5, 0.63, 0], alongX, size), 0.02).pointCount).toBe(0);
    expect(run(a, shape([0.2, 0.61, 0.1], alongZ, size), 0.02).separation[0]).toBeCloseTo(0.01, 12);
  });

  it('invariant under a rotation of the whole scene; ids unchanged by a 1e-4 move', () => {
    const scenes: [PosedShape, PosedShape][] = [
      [shape([0, 0, 0], alongX, size), shape([0.5, 0.55, 0], alongX, size)],
      [shape([0, 0, 0], alongX, size), shape([0.2, 0.5, 0.1], alongZ, size)],
      [shape([0.1, 0.2, 0.3], axisAngle(1, 2, 3, 0.4), [0.2, 0.7, 0]), shape([0.4, 0.3, -0.1], axisAngle(-1, 0.5, 2, 1.9), [0.25, 0.4, 0])],
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

  it('random poses (half of them nearly parallel): the deepest separation is the exact core distance − rA − rB', () => {
    const r = rng(2024);
    let checked = 0, twoPoint = 0;
    while (checked < 300) {
      const a = shape([0, 0, 0], randomQuat(r), [0.1 + 0.3 * r(), 0.1 + r(), 0]);
      // nearly parallel: A's orientation turned by up to ±0.015 rad about a random axis
      const qb = r() < 0.5 ? mul(axisAngle(r() - 0.5, r() - 0.5, r() - 0.5, 0.03 * (r() - 0.5)), a, 3) : randomQuat(r);
      const b = shape([2 * (r() - 0.5), 2 * (r() - 0.5), 2 * (r() - 0.5)], qb, [0.1 + 0.3 * r(), 0.1 + r(), 0]);
      const expected = segmentDistance(coreEnds(a), coreEnds(b)) - a[7] - b[7];
      const m = run(a, b, 0.05);
      if (expected >= 0.05) { expect(m.pointCount).toBe(0); continue; }
      checked++;
      expect(m.pointCount).toBeGreaterThan(0);
      if (m.pointCount === 2) twoPoint++;
      let min = Infinity;
      for (let k = 0; k < m.pointCount; k++) min = Math.min(min, m.separation[k]);
      expect(Math.abs(min - expected)).toBeLessThanOrEqual(1e-9);
    }
    expect(twoPoint).toBeGreaterThan(20);
  });
});
