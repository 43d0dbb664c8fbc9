/**
 * Queries: a ray against a triangle mesh or heightfield collider, in the collider's frame, through the
 * asset's BVH (`systems/shapes/triangle-mesh.ts` `rayCastTriangles`). Registered into the ray-shape
 * table by the first `createTriangleMesh` / `createHeightfield` call, so apps without them do not ship
 * it. A mesh is a surface: `solid` does not apply, a ray from inside a closed mesh reports where it
 * meets the surface, with the normal against the ray.
 */

import type { CollideContext } from '../narrowphase/manifold';
import {
  createTriangleQuery, createTriangleRayHit, rayCastTriangles, type TriangleMesh, type TriangleQuery, type TriangleRayHit,
} from '../shapes/triangle-mesh';
import type { RayShapeHit } from './ray-shape';

interface RayMeshScratch { query: TriangleQuery; hit: TriangleRayHit }

/** The ray–shape routine of mesh and heightfield colliders (`size[so]` = the asset's index). */
export function rayCastMeshShape(
  size: ArrayLike<number>, so: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  maxT: number, _solid: boolean, out: RayShapeHit, ctx: CollideContext,
): boolean {
  const mesh = ctx.assets[size[so]] as TriangleMesh | undefined;
  if (mesh === undefined) return false;
  const s = (ctx.rayScratch ??= { query: createTriangleQuery(), hit: createTriangleRayHit() }) as RayMeshScratch;
  if (!rayCastTriangles(mesh, ox, oy, oz, dx, dy, dz, maxT, s.query, s.hit)) return false;
  out.t = s.hit.t;
  out.normal[0] = s.hit.normal[0]; out.normal[1] = s.hit.normal[1]; out.normal[2] = s.hit.normal[2];
  return true;
}
