import { describe, expect, it } from 'vitest';
import { collideSphereBox } from '../../../../systems/narrowphase/collide-sphere-box';
import { createManifoldOut, withMargin, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { quatMultiply } from '../../../../math/quat';
import { ID, shape, axisAngle, rot, expectVec, type V3, type Q } from './fixtures';

function rotated(s: PosedShape, q: Q): PosedShape {
  const o = [0, 0, 0, 0];
  quatMultiply(o, 0, q, 0, s, 3);
  return shape(rot(q, s), o as Q, [s[7], s[8], s[9]]);
}
function run(a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99;
  collideSphereBox(withMargin(out, margin), a, b);
  return out;
}
function pt(m: ManifoldOut): V3 {
  return [m.point[0], m.point[1], m.point[2]];
}

const box = shape([0, 0, 0], ID, [1, 0.5, 2]);

describe('collideSphereBox', () => {
  it('sphere resting 0.01 into the top face: normal from the sphere to the box (−y), point midway', () => {
    const m = run(shape([0.3, 0.99, -0.4], ID, [0.5, 0, 0]), box);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, -1, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.01, 12);
    expectVec(pt(m), [0.3, 0.495, -0.4]);
  });

  it('edge region: normal along the edge\'s perpendicular, separation = distance − r', () => {
    // centre (1.3, 0.9, 0.5): 0.3 beyond x = 1, 0.4 above y = 0.5 → distance 0.5 to the edge
    const m = run(shape([1.3, 0.9, 0.5], ID, [0.6, 0, 0]), box);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [-0.6, -0.8, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.1, 12);
    // box point (1, 0.5, 0.5); sphere point centre + 0.6 n = (0.94, 0.42, 0.5)
    expectVec(pt(m), [0.97, 0.46, 0.5]);
  });

  it('corner region: distance to the corner', () => {
    const m = run(shape([1.2, -0.7, -2.2], ID, [0.4, 0, 0]), box);
    const d = Math.sqrt(3 * 0.04);
    expect(m.separation[0]).toBeCloseTo(d - 0.4, 12);
    expectVec(m.normal, [-0.2 / d, 0.2 / d, 0.2 / d]);
  });

  it('centre inside: pushed out through the face of least penetration', () => {
    // inside at (0.8, 0.1, 0): distances to the faces +x 0.2, −x 1.8, +y 0.4, −y 0.6, ±z 2
    const m = run(shape([0.8, 0.1, 0], ID, [0.25, 0, 0]), box);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [-1, 0, 0]);
    expect(m.separation[0]).toBeCloseTo(-(0.2 + 0.25), 12);
    // box point (1, 0.1, 0), sphere point (0.55, 0.1, 0)
    expectVec(pt(m), [0.775, 0.1, 0]);
    // centre exactly on the face: depth r, the face's normal
    const on = run(shape([0.2, 0.5, 0.3], ID, [0.25, 0, 0]), box);
    expectVec(on.normal, [0, -1, 0]);
    expect(on.separation[0]).toBeCloseTo(-0.25, 12);
  });

  it('speculative within the margin, nothing beyond; feature ids stable under a 1e-4 move', () => {
    const m = run(shape([0.3, 1.01, -0.4], ID, [0.5, 0, 0]), box);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(0.01, 12);
    expect(run(shape([0.3, 1.03, -0.4], ID, [0.5, 0, 0]), box).pointCount).toBe(0);
    for (const c of [[0.3, 0.99, -0.4], [1.3, 0.9, 0.5], [0.8, 0.1, 0]] as V3[]) {
      const id = run(shape(c, ID, [0.6, 0, 0]), box).featureId[0];
      expect(run(shape([c[0] + 1e-4, c[1] - 1e-4, c[2] + 1e-4], ID, [0.6, 0, 0]), box).featureId[0]).toBe(id);
    }
  });

  it('rotated, translated box: same answer as the aligned one rotated', () => {
    const q = axisAngle(1, -2, 0.5, 1.3), t: V3 = [3, -1, 2];
    for (const c of [[0.3, 0.99, -0.4], [1.3, 0.9, 0.5], [1.2, -0.7, -2.2], [0.8, 0.1, 0]] as V3[]) {
      const s0 = shape(c, ID, [0.5, 0, 0]);
      const m0 = run(s0, box);
      const sr = rotated(s0, q), br = rotated(box, q);
      for (let i = 0; i < 3; i++) { sr[i] += t[i]; br[i] += t[i]; }
      const m = run(sr, br);
      expect(m.pointCount).toBe(m0.pointCount);
      expect(m.separation[0]).toBeCloseTo(m0.separation[0], 12);
      expectVec(m.normal, rot(q, m0.normal), 1e-12);
      const p = rot(q, pt(m0));
      expectVec(pt(m), [p[0] + t[0], p[1] + t[1], p[2] + t[2]], 1e-12);
      expect(m.featureId[0]).toBe(m0.featureId[0]);
    }
  });
});
