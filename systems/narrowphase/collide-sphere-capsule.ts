/**
 * Narrowphase stage: sphere–capsule contact (A = sphere, B = capsule).
 *
 * Algorithm: a capsule is the set of points within its radius of its core segment, so the contact is
 * the sphere–sphere contact between the sphere and the point of the core segment closest to the sphere
 * centre (closest point on a segment: Ericson, "Real-Time Collision Detection" §5.1.2). One point,
 * midway between the two surfaces. When the sphere centre lies on the core segment the normal is
 * undefined; a fixed direction perpendicular to the capsule sc.axis is used (deterministic).
 *
 * Feature ids: 0 = the cylindrical side (interior of the segment), 1 = the cap at the segment's
 * −y end, 2 = the cap at its +y end (a capsule with a zero-length core is a sphere: always 0).
 */

import { quatRotate } from '../../math/quat';
import { tangentBasis } from '../../math/vec3';
import { addPoint, type ManifoldOut, type PosedShape } from './manifold';

/** Below this distance (unit: m) from the core segment the normal is undefined. */
const MIN_DISTANCE = 1e-12;


/**
 * Sphere A (radius at index 7) vs capsule B (radius at 7, core half height at 8, core along the body y
 * sc.axis). Writes at most one point with separation (unit: m) below `margin` (unit: m). Normal (world
 * frame) from the sphere to the capsule.
 */
export function collideSphereCapsule(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.sphereCapsule;
  out.pointCount = 0;
  const rA = a[7], rB = b[7], hh = b[8];
  sc.tmp[0] = 0; sc.tmp[1] = 1; sc.tmp[2] = 0;
  quatRotate(sc.axis, 0, b, 3, sc.tmp, 0); // unit capsule sc.axis, world
  // segment P0 = cB − hh u .. P1 = cB + hh u, parameter τ ∈ [−hh, hh] along u
  let tau = (a[0] - b[0]) * sc.axis[0] + (a[1] - b[1]) * sc.axis[1] + (a[2] - b[2]) * sc.axis[2];
  let featureId = 0;
  if (hh > 0 && tau <= -hh) { tau = -hh; featureId = 1; } else if (hh > 0 && tau >= hh) { tau = hh; featureId = 2; } else if (hh <= 0) { tau = 0; }
  const qx = b[0] + tau * sc.axis[0], qy = b[1] + tau * sc.axis[1], qz = b[2] + tau * sc.axis[2];
  const dx = qx - a[0], dy = qy - a[1], dz = qz - a[2];
  const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const separation = dist - rA - rB;
  if (!(separation < margin)) return;
  const n = out.normal;
  if (dist > MIN_DISTANCE) {
    const inv = 1 / dist;
    n[0] = dx * inv; n[1] = dy * inv; n[2] = dz * inv;
  } else {
    tangentBasis(sc.axis, 0, n, 0, sc.tmp, 3);
  }
  const k = rA - rB;
  addPoint(out,
    0.5 * (a[0] + qx + k * n[0]), 0.5 * (a[1] + qy + k * n[1]), 0.5 * (a[2] + qz + k * n[2]),
    separation, featureId);
}
