import { describe, expect, it } from 'vitest';
import { collideSphereCapsule } from '../../../../systems/narrowphase/collide-sphere-capsule';
import { createManifoldOut, withMargin, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { ID, shape, axisAngle, expectVec } from './fixtures';

function run(a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99;
  collideSphereCapsule(withMargin(out, margin), a, b);
  return out;
}

const capsule = shape([0, 0, 0], ID, [0.3, 1, 0]); // core from y = −1 to 1

describe('collideSphereCapsule', () => {
  it('against the side: normal from the sphere to the capsule, separation, point midway, id 0', () => {
    const m = run(shape([0.7, 0.2, 0], ID, [0.5, 0, 0]), capsule);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [-1, 0, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.1, 12);
    expectVec(m.point, [0.25, 0.2, 0]); // sphere point x = 0.2, capsule point x = 0.3
    expect(m.featureId[0]).toBe(0);
  });

  it('against the caps: ids 2 (+y end) and 1 (−y end)', () => {
    const top = run(shape([0, 1.7, 0], ID, [0.5, 0, 0]), capsule);
    expectVec(top.normal, [0, -1, 0]);
    expect(top.separation[0]).toBeCloseTo(-0.1, 12);
    expectVec(top.point, [0, 1.25, 0]);
    expect(top.featureId[0]).toBe(2);
    const d = Math.SQRT1_2;
    const bottom = run(shape([0.5, -1.5, 0], ID, [0.5, 0, 0]), capsule);
    expectVec(bottom.normal, [-d, d, 0]);
    expect(bottom.separation[0]).toBeCloseTo(Math.SQRT1_2 - 0.8, 12);
    expect(bottom.featureId[0]).toBe(1);
  });

  it('rotated capsule (core along x) and centre on the core: the normal is perpendicular to the axis', () => {
    const lying = shape([1, 2, 3], axisAngle(0, 0, 1, Math.PI / 2), [0.3, 1, 0]);
    const m = run(shape([1.4, 2.6, 3], ID, [0.4, 0, 0]), lying);
    expectVec(m.normal, [0, -1, 0], 1e-12);
    expect(m.separation[0]).toBeCloseTo(0.6 - 0.7, 12);
    const c = run(shape([1.2, 2, 3], ID, [0.4, 0, 0]), lying);
    expect(c.pointCount).toBe(1);
    expect(c.separation[0]).toBeCloseTo(-0.7, 12);
    expect(Math.abs(c.normal[0])).toBeLessThan(1e-12); // perpendicular to the core (x)
    expect(Math.hypot(c.normal[0], c.normal[1], c.normal[2])).toBeCloseTo(1, 12);
  });

  it('speculative within the margin, nothing beyond', () => {
    const m = run(shape([0.81, 0, 0], ID, [0.5, 0, 0]), capsule, 0.02);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(0.01, 12);
    expect(run(shape([0.83, 0, 0], ID, [0.5, 0, 0]), capsule, 0.02).pointCount).toBe(0);
  });
});
