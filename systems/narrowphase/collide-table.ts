/**
 * Narrowphase stage: dispatch from a pair of shape kinds to its collide function.
 *
 * Shape kinds are ordered sphere (1) < box (2) < capsule (3) < plane (4) < cylinder (5) < convex hull (6)
 * ({@link ShapeKind}); every
 * collide function takes A = the lower kind and B = the higher, and writes the normal from A to B. The
 * caller orders the pair (and swaps its bodies) before the lookup. Plane–plane has no contact (planes
 * are static), so it maps to null, as does any pair involving `none` or given in the wrong order.
 */

import { MAX_SHAPE_KINDS, ShapeKind } from '../../components/collider';
import { collideBoxBox } from './collide-box-box';
import { collideBoxCapsule } from './collide-box-capsule';
import { collideCapsuleCapsule } from './collide-capsule-capsule';
import { collideBoxPlane, collideCapsulePlane, collideSpherePlane } from './collide-plane';
import { collideSphereBox } from './collide-sphere-box';
import { collideSphereCapsule } from './collide-sphere-capsule';
import { collideSphereSphere } from './collide-sphere-sphere';
import type { CollideFn } from './manifold';

const KINDS = MAX_SHAPE_KINDS; // room for the registered kinds (cylinder, convex hull, mesh …)
const table: (CollideFn | null)[] = new Array<CollideFn | null>(KINDS * KINDS).fill(null);

function set(kindA: number, kindB: number, fn: CollideFn): void {
  table[kindA * KINDS + kindB] = fn;
}

set(ShapeKind.sphere, ShapeKind.sphere, collideSphereSphere);
set(ShapeKind.sphere, ShapeKind.box, collideSphereBox);
set(ShapeKind.sphere, ShapeKind.capsule, collideSphereCapsule);
set(ShapeKind.sphere, ShapeKind.plane, collideSpherePlane);
set(ShapeKind.box, ShapeKind.box, collideBoxBox);
set(ShapeKind.box, ShapeKind.capsule, collideBoxCapsule);
set(ShapeKind.box, ShapeKind.plane, collideBoxPlane);
set(ShapeKind.capsule, ShapeKind.capsule, collideCapsuleCapsule);
set(ShapeKind.capsule, ShapeKind.plane, collideCapsulePlane);

/**
 * Registers the collide function of the kind pair `kindA ≤ kindB` (replacing any earlier one). Shapes
 * whose code an app may not need (cylinder, convex hull, mesh, heightfield) register their pairs when
 * their first asset is made, so the table imports none of them.
 */
export function registerCollideFn(kindA: number, kindB: number, fn: CollideFn): void {
  if (!(kindA >= 0 && kindB < KINDS && kindA <= kindB)) throw new RangeError(`shape kinds ${kindA}, ${kindB} out of order or range`);
  set(kindA, kindB, fn);
}

/**
 * The collide function for shape kinds `kindA ≤ kindB` ({@link ShapeKind} codes), or null when the
 * pair never collides (plane–plane), a kind is `none` / unknown, or `kindA > kindB`.
 */
export function getCollideFn(kindA: number, kindB: number): CollideFn | null {
  if (!(kindA >= 0 && kindA < KINDS && kindB >= 0 && kindB < KINDS) || kindA > kindB) return null;
  return table[(kindA | 0) * KINDS + (kindB | 0)] ?? null;
}
