/**
 * Narrowphase stage: dispatch from a pair of shape kinds to its collide function.
 *
 * Shape kinds are ordered sphere (1) < box (2) < capsule (3) < plane (4) < mesh (7) < heightfield (8)
 * ({@link ShapeKind}); every
 * collide function takes A = the lower kind and B = the higher, and writes the normal from A to B. The
 * caller orders the pair (and swaps its bodies) before the lookup. Plane–plane has no contact (planes
 * are static), so it maps to null, as does any pair involving `none` or given in the wrong order.
 */

import { ShapeKind } from '../../components/collider';
import { collideBoxBox } from './collide-box-box';
import { collideBoxCapsule } from './collide-box-capsule';
import { collideCapsuleCapsule } from './collide-capsule-capsule';
import { collideBoxPlane, collideCapsulePlane, collideSpherePlane } from './collide-plane';
import { collideSphereBox } from './collide-sphere-box';
import { collideSphereCapsule } from './collide-sphere-capsule';
import { collideSphereSphere } from './collide-sphere-sphere';
import type { CollideFn } from './manifold';

const KINDS = 9; // ShapeKind codes 0..8
const table: (CollideFn | null)[] = new Array<CollideFn | null>(KINDS * KINDS).fill(null);

function set(kindA: number, kindB: number, fn: CollideFn): void {
  table[kindA * KINDS + kindB] = fn;
}

/**
 * Adds (or replaces) the collide function of shape kinds `kindA ≤ kindB`: shapes whose routines an app
 * should ship only when it uses them (meshes, heightfields) register them from their factory function
 * on its first call (`plugin/terrain-routines.ts`), so this module has no side effect beyond its own table.
 */
export function registerCollideFn(kindA: number, kindB: number, fn: CollideFn): void {
  if (!(kindA >= 0 && kindB < KINDS && kindA <= kindB)) throw new RangeError(`bad shape kind pair ${kindA}, ${kindB}`);
  set(kindA, kindB, fn);
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
 * The collide function for shape kinds `kindA ≤ kindB` ({@link ShapeKind} codes), or null when the
 * pair never collides (plane–plane), a kind is `none` / unknown, or `kindA > kindB`.
 */
export function getCollideFn(kindA: number, kindB: number): CollideFn | null {
  if (!(kindA >= 0 && kindA < KINDS && kindB >= 0 && kindB < KINDS) || kindA > kindB) return null;
  return table[(kindA | 0) * KINDS + (kindB | 0)] ?? null;
}
