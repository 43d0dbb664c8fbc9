import { describe, expect, it } from 'vitest';
import { collideSphereSphere } from '../../../../systems/narrowphase/collide-sphere-sphere';
import { createManifoldOut, withMargin, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { expectVec } from './fixtures';

function sphere(x: number, y: number, z: number, r: number): PosedShape {
  return new Float64Array([x, y, z, 0, 0, 0, 1, r, 0, 0]);
}
function run(a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99;
  collideSphereSphere(withMargin(out, margin), a, b);
  return out;
}

describe('collideSphereSphere', () => {
  it('two unit spheres 1.5 apart: separation −0.5, normal +x, point at the midpoint', () => {
    const m = run(sphere(0, 0, 0, 1), sphere(1.5, 0, 0, 1));
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(-0.5, 15);
    expectVec(m.normal, [1, 0, 0]);
    expectVec(m.point, [0.75, 0, 0]);
    expect(m.featureId[0]).toBe(0);
  });

  it('different radii, arbitrary direction: point midway between the two surface points; swapped roles flip the normal', () => {
    const d = [2, -3, 6], l = 7; // |d| = 7
    const a = sphere(1, 2, 3, 4), b = sphere(1 + d[0], 2 + d[1], 3 + d[2], 2.5);
    const m = run(a, b, 1); // 0.5 apart: a speculative point with margin 1
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(7 - 6.5, 14);
    expectVec(m.normal, [d[0] / l, d[1] / l, d[2] / l]);
    // surface points: a + 4 n and b − 2.5 n, midway: a + 4.25 n
    expectVec(m.point, [1 + 4.25 * d[0] / l, 2 + 4.25 * d[1] / l, 3 + 4.25 * d[2] / l], 1e-12);
    const s = run(b, a, 1);
    expect(s.separation[0]).toBeCloseTo(m.separation[0], 14);
    expectVec(s.normal, [-d[0] / l, -d[1] / l, -d[2] / l]);
    expectVec(s.point, m.point, 1e-12);
  });

  it('concentric: the full overlap as depth, the fixed +y normal', () => {
    const m = run(sphere(1, 1, 1, 1), sphere(1, 1, 1, 0.5));
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(-1.5, 15);
    expectVec(m.normal, [0, 1, 0]);
  });

  it('speculative within the margin, nothing beyond', () => {
    const m = run(sphere(0, 0, 0, 1), sphere(0, 0, 2.01, 1), 0.02);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(0.01, 12);
    expectVec(m.normal, [0, 0, 1]);
    expect(run(sphere(0, 0, 0, 1), sphere(0, 0, 2.03, 1), 0.02).pointCount).toBe(0);
  });
});
