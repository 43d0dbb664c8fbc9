/**
 * Narrowphase stage: sphere–box contact (A = sphere, B = box).
 *
 * Algorithm: closest point on an oriented box (Ericson, "Real-Time Collision Detection" §5.1.4): the
 * sphere centre is taken into the box frame and clamped to the half extents.
 * - Centre outside the box: the normal is the direction from the centre to the clamped point and the
 *   separation is that distance minus the radius.
 * - Centre inside (or on the surface): the sphere is pushed out through the face of least penetration
 *   (the smallest of the six centre-to-face distances), the normal is minus that face's outward normal
 *   and the separation is −(centre depth + radius). Ties go to the first face in the order +x −x +y −y +z −z.
 * One point, midway between the sphere's deepest surface point cA + r n and the box surface point.
 *
 * Feature ids: outside, the Voronoi region of the box (27 codes: per axis inside / above / below);
 * inside, 32 + the face index (2 axis + (negative side ? 1 : 0)).
 */

import { quatRotate, quatRotateInverse } from '../../math/quat';
import { addPoint, type ManifoldOut, type PosedShape } from './manifold';

/** Below this distance (unit: m) from the box the centre counts as on the surface (face push-out). */
const MIN_DISTANCE = 1e-12;

const rel = new Float64Array(3);
const local = new Float64Array(3);
const tmp = new Float64Array(3);

/**
 * Sphere A (radius at index 7) vs box B (half extents at 7..9). Writes at most one point with
 * separation (unit: m) below `margin` (unit: m). Normal (world frame) from the sphere to the box.
 */
export function collideSphereBox(out: ManifoldOut, a: PosedShape, b: PosedShape, margin: number): void {
  out.pointCount = 0;
  const r = a[7];
  rel[0] = a[0] - b[0]; rel[1] = a[1] - b[1]; rel[2] = a[2] - b[2];
  quatRotateInverse(local, 0, b, 3, rel, 0); // sphere centre in the box frame
  let region = 0, pow = 1;
  let dx = 0, dy = 0, dz = 0; // clamped point − centre (box frame)
  for (let i = 0; i < 3; i++, pow *= 3) {
    const h = b[7 + i], c = local[i];
    let q = c;
    if (c > h) { q = h; region += pow; } else if (c < -h) { q = -h; region += 2 * pow; }
    tmp[i] = q;
    if (i === 0) dx = q - c; else if (i === 1) dy = q - c; else dz = q - c;
  }
  const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  let separation: number, featureId: number;
  if (dist > MIN_DISTANCE) {
    separation = dist - r;
    if (!(separation < margin)) return;
    const inv = 1 / dist;
    rel[0] = dx * inv; rel[1] = dy * inv; rel[2] = dz * inv; // local normal (sphere → box)
    featureId = region;
  } else {
    // inside: face of least penetration
    let best = Infinity, axis = 0, sign = 1;
    for (let i = 0; i < 3; i++) {
      const h = b[7 + i], c = local[i];
      const dPos = h - c, dNeg = h + c;
      if (dPos < best) { best = dPos; axis = i; sign = 1; }
      if (dNeg < best) { best = dNeg; axis = i; sign = -1; }
    }
    separation = -best - r;
    if (!(separation < margin)) return;
    tmp[0] = local[0]; tmp[1] = local[1]; tmp[2] = local[2];
    tmp[axis] = sign * b[7 + axis]; // box surface point on that face
    rel[0] = 0; rel[1] = 0; rel[2] = 0;
    rel[axis] = -sign; // minus the face's outward normal
    featureId = 32 + 2 * axis + (sign > 0 ? 0 : 1);
  }
  const n = out.normal;
  quatRotate(n, 0, b, 3, rel, 0);
  quatRotate(tmp, 0, b, 3, tmp, 0); // box surface point, world (relative to the box centre)
  addPoint(out,
    0.5 * (b[0] + tmp[0] + a[0] + r * n[0]),
    0.5 * (b[1] + tmp[1] + a[1] + r * n[1]),
    0.5 * (b[2] + tmp[2] + a[2] + r * n[2]),
    separation, featureId);
}
