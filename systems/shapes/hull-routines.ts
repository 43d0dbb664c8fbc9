/**
 * Convex hull routines (the asset is `convex-hull.ts`'s {@link ConvexHullData}):
 * - World AABB (exact): the extremes of the world vertices R v + p.
 * - Ray cast (exact): Cyrus–Beck clipping of the ray against the face half-spaces n·x ≤ d (Cyrus &
 *   Beck 1978; Ericson, "Real-Time Collision Detection" §5.3.8): the entry is the latest entering
 *   face, the exit the earliest leaving face; the normal is that face's plane normal.
 * - Mass: density × the unit-density properties computed at build time (`hull-mass.ts`).
 */

import type { ShapeAsset } from '../../components/collider';
import type { ConvexHullData } from './convex-hull';
import type { LocalRayHit, ShapeRoutines } from './shape-registry';
import { RAY_MAX_T } from '../broadphase/dynamic-tree';

/** Ray `o + t d` (|d| = 1, hull frame; `ray` laid out as `systems/broadphase/dynamic-tree.ts`
 * `RAY_LENGTH`) against hull `hull`, t ≤ `ray[RAY_MAX_T]`; see the file header. */
export function rayHull(hull: ConvexHullData, ray: Float64Array, solid: boolean, out: LocalRayHit): boolean {
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5], maxT = ray[RAY_MAX_T];
  const P = hull.facePlanes;
  let t0 = -Infinity, t1 = Infinity, f0 = -1, f1 = -1;
  for (let f = 0; f < hull.faceCount; f++) {
    const nx = P[4 * f], ny = P[4 * f + 1], nz = P[4 * f + 2];
    const dist = nx * ox + ny * oy + nz * oz - P[4 * f + 3];
    const den = nx * dx + ny * dy + nz * dz;
    if (den === 0) {
      if (dist > 0) return false;
      continue;
    }
    const t = -dist / den;
    if (den < 0) { if (t > t0) { t0 = t; f0 = f; } } else if (t < t1) { t1 = t; f1 = f; }
    if (t0 > t1) return false;
  }
  if (t1 < 0) return false;
  const n = out.normal;
  if (t0 <= 0) {
    if (solid) { out.t = 0; n[0] = -dx; n[1] = -dy; n[2] = -dz; return true; }
    if (t1 > maxT || f1 < 0) return false;
    out.t = t1;
    n[0] = P[4 * f1]; n[1] = P[4 * f1 + 1]; n[2] = P[4 * f1 + 2];
    return true;
  }
  if (t0 > maxT) return false;
  out.t = t0;
  n[0] = P[4 * f0]; n[1] = P[4 * f0 + 1]; n[2] = P[4 * f0 + 2];
  return true;
}

function asHull(data: ShapeAsset | undefined): ConvexHullData {
  return data as ConvexHullData;
}

/** The registered routines of {@link ShapeKind.convexHull}. */
export const HULL_ROUTINES: ShapeRoutines = {
  aabb(_size, _so, data, pose, po, out, o) {
    const hull = asHull(data), v = hull.vertices;
    const x = pose[po + 3], y = pose[po + 4], z = pose[po + 5], w = pose[po + 6];
    const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
    const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
    const r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
    let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
    for (let i = 0; i < hull.vertexCount; i++) {
      const a = v[3 * i], b = v[3 * i + 1], c = v[3 * i + 2];
      const wx = r00 * a + r01 * b + r02 * c, wy = r10 * a + r11 * b + r12 * c, wz = r20 * a + r21 * b + r22 * c;
      if (wx < minX) minX = wx; if (wx > maxX) maxX = wx;
      if (wy < minY) minY = wy; if (wy > maxY) maxY = wy;
      if (wz < minZ) minZ = wz; if (wz > maxZ) maxZ = wz;
    }
    out[o] = pose[po] + minX; out[o + 1] = pose[po + 1] + minY; out[o + 2] = pose[po + 2] + minZ;
    out[o + 3] = pose[po] + maxX; out[o + 4] = pose[po + 1] + maxY; out[o + 5] = pose[po + 2] + maxZ;
  },
  boundingRadius(_size, _so, data) {
    return asHull(data).boundingRadius;
  },
  rayCast(_size, _so, data, ray, solid, out) {
    return rayHull(asHull(data), ray, solid, out);
  },
  mass(_size, _so, data, density) {
    const h = asHull(data);
    return {
      mass: density * h.volume,
      center: [h.centroid[0], h.centroid[1], h.centroid[2]],
      tensor: Array.from(h.unitInertia, (x) => x * density),
    };
  },
};
