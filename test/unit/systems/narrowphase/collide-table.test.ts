import { describe, expect, it } from 'vitest';
import { ShapeKind } from '../../../../components/collider';
import { collideBoxBox } from '../../../../systems/narrowphase/collide-box-box';
import { collideBoxCapsule } from '../../../../systems/narrowphase/collide-box-capsule';
import { collideCapsuleCapsule } from '../../../../systems/narrowphase/collide-capsule-capsule';
import { collideBoxPlane, collideCapsulePlane, collideSpherePlane } from '../../../../systems/narrowphase/collide-plane';
import { collideSphereBox } from '../../../../systems/narrowphase/collide-sphere-box';
import { collideSphereCapsule } from '../../../../systems/narrowphase/collide-sphere-capsule';
import { collideSphereSphere } from '../../../../systems/narrowphase/collide-sphere-sphere';
import { getCollideFn } from '../../../../systems/narrowphase/collide-table';
import { createCollideContext, createManifoldOut, withMargin } from '../../../../systems/narrowphase/manifold';

const { sphere, box, capsule, plane, none } = ShapeKind;

describe('getCollideFn', () => {
  it('maps every ordered pair of kinds to its collide function', () => {
    expect(getCollideFn(sphere, sphere)).toBe(collideSphereSphere);
    expect(getCollideFn(sphere, box)).toBe(collideSphereBox);
    expect(getCollideFn(sphere, capsule)).toBe(collideSphereCapsule);
    expect(getCollideFn(sphere, plane)).toBe(collideSpherePlane);
    expect(getCollideFn(box, box)).toBe(collideBoxBox);
    expect(getCollideFn(box, capsule)).toBe(collideBoxCapsule);
    expect(getCollideFn(box, plane)).toBe(collideBoxPlane);
    expect(getCollideFn(capsule, capsule)).toBe(collideCapsuleCapsule);
    expect(getCollideFn(capsule, plane)).toBe(collideCapsulePlane);
  });

  it('null for plane–plane, for none, for unknown kinds and for the wrong order', () => {
    expect(getCollideFn(plane, plane)).toBeNull();
    expect(getCollideFn(none, sphere)).toBeNull();
    expect(getCollideFn(none, none)).toBeNull();
    expect(getCollideFn(box, sphere)).toBeNull();
    expect(getCollideFn(plane, capsule)).toBeNull();
    expect(getCollideFn(sphere, 5)).toBeNull();
    expect(getCollideFn(-1, box)).toBeNull();
    expect(getCollideFn(Number.NaN, box)).toBeNull();
  });

  it('the functions it returns write a manifold (unit sphere on a unit box)', () => {
    const fn = getCollideFn(sphere, box);
    expect(fn).not.toBeNull();
    const out = createManifoldOut();
    fn!(withMargin(out, 0.02), new Float64Array([0, 0.99 + 0.5, 0, 0, 0, 0, 1, 1, 0, 0]), new Float64Array([0, 0, 0, 0, 0, 0, 1, 0.5, 0.5, 0.5]), createCollideContext());
    expect(out.pointCount).toBe(1);
    expect(out.separation[0]).toBeCloseTo(-0.01, 12);
  });
});
