import { describe, expect, it } from 'vitest';
import { collideBoxPlane, collideCapsulePlane, collideSpherePlane } from '../../../../systems/narrowphase/collide-plane';
import { createCollideContext, createManifoldOut, withMargin, type CollideFn, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';
import { quatMultiply } from '../../../../math/quat';
import { ID, shape, axisAngle, rot, expectVec, pt, type V3, type Q } from './fixtures';

function rotated(s: PosedShape, q: Q): PosedShape {
  const o = [0, 0, 0, 0];
  quatMultiply(o, 0, q, 0, s, 3);
  return shape(rot(q, s), o as Q, [s[7], s[8], s[9]]);
}
function run(fn: CollideFn, a: PosedShape, b: PosedShape, margin = 0.02): ManifoldOut {
  const out = createManifoldOut();
  out.pointCount = 99;
  fn(withMargin(out, margin), a, b, createCollideContext());
  return out;
}

const ground = shape([0, 0, 0], ID, [0, 0, 0]);
const q30 = axisAngle(0, 0, 1, Math.PI / 6);

describe('collideSpherePlane', () => {
  it('unit sphere 0.01 into the ground: separation −0.01, normal −y, point midway at y = −0.005', () => {
    const m = run(collideSpherePlane, shape([0.3, 0.99, -2], ID, [1, 0, 0]), ground);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [0, -1, 0]);
    expect(m.separation[0]).toBeCloseTo(-0.01, 12);
    expectVec(pt(m, 0), [0.3, -0.005, -2]);
  });

  it('tilted, offset plane: separation along the plane normal, normal = −plane normal', () => {
    const plane = shape([1, 2, 3], q30, [0, 0, 0]);
    const n = rot(q30, [0, 1, 0]);
    const c: V3 = [1 + 0.7 * n[0] + 5 * n[1], 2 + 0.7 * n[1] - 5 * n[0], 3 + 4]; // 0.7 above, moved within the plane
    const m = run(collideSpherePlane, shape(c, ID, [0.75, 0, 0]), plane);
    expect(m.pointCount).toBe(1);
    expectVec(m.normal, [-n[0], -n[1], -n[2]]);
    expect(m.separation[0]).toBeCloseTo(-0.05, 12);
    const h = 0.5 * (0.75 + 0.7);
    expectVec(pt(m, 0), [c[0] - h * n[0], c[1] - h * n[1], c[2] - h * n[2]]);
  });

  it('speculative within the margin, nothing beyond', () => {
    const m = run(collideSpherePlane, shape([0, 1.015, 0], ID, [1, 0, 0]), ground, 0.02);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]).toBeCloseTo(0.015, 12);
    expect(run(collideSpherePlane, shape([0, 1.025, 0], ID, [1, 0, 0]), ground, 0.02).pointCount).toBe(0);
  });
});

describe('collideBoxPlane', () => {
  it('unit box resting 0.01 deep: its 4 bottom corners, separation −0.01, points at y = −0.005', () => {
    const m = run(collideBoxPlane, shape([0.2, 0.49, 0.1], ID, [0.5, 0.5, 0.5]), ground);
    expect(m.pointCount).toBe(4);
    expectVec(m.normal, [0, -1, 0]);
    const seen = new Set<number>();
    for (let k = 0; k < 4; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      const id = m.featureId[k];
      expect(id & 2).toBe(0); // bottom corners: local y = −hy
      seen.add(id);
      expectVec(pt(m, k), [0.2 + (id & 1 ? 0.5 : -0.5), -0.005, 0.1 + (id & 4 ? 0.5 : -0.5)]);
    }
    expect([...seen].sort()).toEqual([0, 1, 4, 5]);
  });

  it('box on an edge (rotated 45° about z): 2 points; on a corner: 1 point', () => {
    const q = axisAngle(0, 0, 1, Math.PI / 4);
    const m = run(collideBoxPlane, shape([0, 0.5 * Math.SQRT2 - 0.01, 0], q, [0.5, 0.5, 0.5]), ground);
    expect(m.pointCount).toBe(2);
    for (let k = 0; k < 2; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      expectVec(pt(m, k), [0, -0.005, m.featureId[k] & 4 ? 0.5 : -0.5], 1e-12);
    }
    // corner down: rotate so that the body diagonal (1, 1, 1) points down
    const axis: V3 = [1, 0, -1], angle = Math.acos(-1 / Math.sqrt(3));
    const qc = axisAngle(axis[0], axis[1], axis[2], angle); // maps (1,1,1)/√3 to −y
    expectVec(rot(qc, [1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)]), [0, -1, 0], 1e-12);
    const c = run(collideBoxPlane, shape([0, 0.5 * Math.sqrt(3) - 0.01, 0], qc, [0.5, 0.5, 0.5]), ground);
    expect(c.pointCount).toBe(1);
    expect(c.featureId[0]).toBe(7);
    expect(c.separation[0]).toBeCloseTo(-0.01, 12);
    expectVec(pt(c, 0), [0, -0.005, 0], 1e-12);
  });

  it('more than 4 corners below the margin: the 4 deepest (a thin plate: its bottom corners)', () => {
    const m = run(collideBoxPlane, shape([0, 0.004, 0], ID, [1, 0.005, 1]), ground, 0.02);
    expect(m.pointCount).toBe(4);
    for (let k = 0; k < 4; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.001, 12);
      expect(m.featureId[k] & 2).toBe(0);
    }
    // a deep, slightly tilted box: the 4 deepest in depth order
    const t = run(collideBoxPlane, shape([0, 0.2, 0], axisAngle(1, 0, 2, 0.1), [0.5, 0.5, 0.5]), ground, 10);
    expect(t.pointCount).toBe(4);
    for (let k = 1; k < 4; k++) expect(t.separation[k]).toBeGreaterThanOrEqual(t.separation[k - 1]);
  });

  it('speculative: 0.01 above gives 4 points with separation +0.01; 0.03 above gives none', () => {
    const m = run(collideBoxPlane, shape([0, 0.51, 0], ID, [0.5, 0.5, 0.5]), ground, 0.02);
    expect(m.pointCount).toBe(4);
    for (let k = 0; k < 4; k++) expect(m.separation[k]).toBeCloseTo(0.01, 12);
    expect(run(collideBoxPlane, shape([0, 0.53, 0], ID, [0.5, 0.5, 0.5]), ground, 0.02).pointCount).toBe(0);
  });

  it('invariant under a rotation of the whole scene, ids unchanged by a 1e-4 move', () => {
    const box = shape([0.3, 0.48, -0.2], axisAngle(0.2, 1, 0.1, 0.3), [0.4, 0.5, 0.6]);
    const plane = shape([0, 0, 0], axisAngle(0.1, 0, 1, 0.05), [0, 0, 0]);
    const m0 = run(collideBoxPlane, box, plane);
    expect(m0.pointCount).toBeGreaterThan(0);
    for (const q of [axisAngle(1, 2, 3, 1.1), axisAngle(-3, 1, 0.5, 2.7)]) {
      const m = run(collideBoxPlane, rotated(box, q), rotated(plane, q));
      expect(m.pointCount).toBe(m0.pointCount);
      expectVec(m.normal, rot(q, m0.normal), 1e-12);
      for (let k = 0; k < m.pointCount; k++) {
        expect(m.separation[k]).toBeCloseTo(m0.separation[k], 12);
        expect(m.featureId[k]).toBe(m0.featureId[k]);
        expectVec(pt(m, k), rot(q, pt(m0, k)), 1e-12);
      }
    }
    const moved = shape([0.3001, 0.4801, -0.2001], [box[3], box[4], box[5], box[6]], [0.4, 0.5, 0.6]);
    const m1 = run(collideBoxPlane, moved, plane);
    expect(Array.from(m1.featureId.subarray(0, m1.pointCount))).toEqual(Array.from(m0.featureId.subarray(0, m0.pointCount)));
  });
});

describe('collideCapsulePlane', () => {
  const lying = axisAngle(0, 0, 1, Math.PI / 2); // core along x
  it('lying flat 0.01 deep: 2 points under the end spheres', () => {
    const m = run(collideCapsulePlane, shape([1, 0.29, 0], lying, [0.3, 0.8, 0]), ground);
    expect(m.pointCount).toBe(2);
    expectVec(m.normal, [0, -1, 0]);
    const xs = [pt(m, 0)[0], pt(m, 1)[0]].sort((x, y) => x - y);
    expect(xs[0]).toBeCloseTo(0.2, 12);
    expect(xs[1]).toBeCloseTo(1.8, 12);
    for (let k = 0; k < 2; k++) {
      expect(m.separation[k]).toBeCloseTo(-0.01, 12);
      expect(pt(m, k)[1]).toBeCloseTo(-0.005, 12);
    }
    expect([m.featureId[0], m.featureId[1]].sort()).toEqual([0, 1]);
  });

  it('standing upright: 1 point (the upper end is beyond the margin), id 0 for the −y end', () => {
    const m = run(collideCapsulePlane, shape([0, 1.09, 0], ID, [0.3, 0.8, 0]), ground);
    expect(m.pointCount).toBe(1);
    expect(m.featureId[0]).toBe(0);
    expect(m.separation[0]).toBeCloseTo(-0.01, 12);
    expectVec(pt(m, 0), [0, -0.005, 0]);
    // upside down: the +y end touches
    const u = run(collideCapsulePlane, shape([0, 1.09, 0], axisAngle(1, 0, 0, Math.PI), [0.3, 0.8, 0]), ground);
    expect(u.pointCount).toBe(1);
    expect(u.featureId[0]).toBe(1);
  });

  it('tilted: each end sphere has its own separation; beyond the margin nothing', () => {
    const th = 0.01, q = axisAngle(0, 0, 1, Math.PI / 2 + th);
    const m = run(collideCapsulePlane, shape([0, 0.3, 0], q, [0.3, 0.5, 0]), ground);
    expect(m.pointCount).toBe(2);
    const seps = [m.separation[0], m.separation[1]].sort((x, y) => x - y);
    expect(seps[0]).toBeCloseTo(-0.5 * Math.sin(th), 12);
    expect(seps[1]).toBeCloseTo(0.5 * Math.sin(th), 12);
    expect(run(collideCapsulePlane, shape([0, 0.33, 0], lying, [0.3, 0.5, 0]), ground, 0.02).pointCount).toBe(0);
  });
});
