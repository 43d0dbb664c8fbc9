/**
 * The routines of mesh and heightfield colliders for the shape registry (`systems/shapes/shape-registry.ts`):
 * world AABB (the asset's local AABB, rotated), bounding radius, ray cast through the asset's BVH
 * (`systems/shapes/triangle-mesh.ts` `rayCastTriangles`) and mass (none: a mesh has no volume, so only
 * static and kinematic bodies take one). Registered by the first `createTriangleMesh` /
 * `createHeightfield` call, so apps without them do not ship these routines. A mesh is a surface:
 * `solid` does not apply, a ray from inside a closed mesh reports where it meets the surface, with the
 * normal against the ray.
 */

import type { ShapeAsset } from '../../components/collider';
import type { LocalRayHit, ShapeMass, ShapeRoutines } from '../shapes/shape-registry';
import { rayCastTriangles, type TriangleMesh } from '../shapes/triangle-mesh';

export const MESH_ROUTINES: ShapeRoutines = {
  aabb(_size: ArrayLike<number>, _so: number, data: ShapeAsset | undefined, p: ArrayLike<number>, pi: number, a: Float64Array, o: number): void {
    const bd = (data as TriangleMesh).bounds;
    const x = p[pi + 3], y = p[pi + 4], z = p[pi + 5], w = p[pi + 6];
    const mx = 0.5 * (bd[0] + bd[3]), my = 0.5 * (bd[1] + bd[4]), mz = 0.5 * (bd[2] + bd[5]);
    const hx = 0.5 * (bd[3] - bd[0]), hy = 0.5 * (bd[4] - bd[1]), hz = 0.5 * (bd[5] - bd[2]);
    const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
    const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
    const r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
    const cx = p[pi] + r00 * mx + r01 * my + r02 * mz, cy = p[pi + 1] + r10 * mx + r11 * my + r12 * mz;
    const cz = p[pi + 2] + r20 * mx + r21 * my + r22 * mz;
    const ex = Math.abs(r00) * hx + Math.abs(r01) * hy + Math.abs(r02) * hz;
    const ey = Math.abs(r10) * hx + Math.abs(r11) * hy + Math.abs(r12) * hz;
    const ez = Math.abs(r20) * hx + Math.abs(r21) * hy + Math.abs(r22) * hz;
    a[o] = cx - ex; a[o + 1] = cy - ey; a[o + 2] = cz - ez;
    a[o + 3] = cx + ex; a[o + 4] = cy + ey; a[o + 5] = cz + ez;
  },
  boundingRadius(_size: ArrayLike<number>, _so: number, data: ShapeAsset | undefined): number {
    const b = (data as TriangleMesh).bounds;
    let r2 = 0;
    for (let i = 0; i < 8; i++) {
      const x = b[i & 1 ? 3 : 0], y = b[i & 2 ? 4 : 1], z = b[i & 4 ? 5 : 2];
      r2 = Math.max(r2, x * x + y * y + z * z);
    }
    return Math.sqrt(r2);
  },
  rayCast(
    _size: ArrayLike<number>, _so: number, data: ShapeAsset | undefined, ray: Float64Array, _solid: boolean, out: LocalRayHit,
  ): boolean {
    return rayCastTriangles(data as TriangleMesh, ray, out);
  },
  mass(): ShapeMass {
    return { mass: 0, center: [0, 0, 0], tensor: [0, 0, 0, 0, 0, 0, 0, 0, 0] };
  },
};
