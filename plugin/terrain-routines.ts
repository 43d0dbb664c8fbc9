/**
 * Registers the routines of triangle meshes and heightfields (collide functions with spheres, boxes and
 * capsules; AABB, bounding radius and ray cast in the shape registry), once, on the first
 * `createTriangleMesh` / `createHeightfield` call: the modules stay free of side effects, and an app that
 * never makes a mesh or a heightfield does not ship these routines.
 */

import { ShapeKind } from '../components/collider';
import { registerCollideFn } from '../systems/narrowphase/collide-table';
import { collideBoxMesh, collideCapsuleMesh, collideSphereMesh } from '../systems/narrowphase/collide-mesh';
import { registerShapeRoutines } from '../systems/shapes/shape-registry';
import { MESH_ROUTINES } from '../systems/queries/ray-mesh';

let registered = false;

/** Makes sphere, box and capsule collide with meshes and heightfields, and rays hit them. Idempotent. */
export function registerTerrainRoutines(): void {
  if (registered) return;
  registered = true;
  for (const kind of [ShapeKind.mesh, ShapeKind.heightfield]) {
    registerCollideFn(ShapeKind.sphere, kind, collideSphereMesh);
    registerCollideFn(ShapeKind.box, kind, collideBoxMesh);
    registerCollideFn(ShapeKind.capsule, kind, collideCapsuleMesh);
    registerShapeRoutines(kind, MESH_ROUTINES);
  }
}
