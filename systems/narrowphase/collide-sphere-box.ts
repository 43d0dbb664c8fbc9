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
import { reservePoint, type ManifoldOut, type PosedShape } from './manifold';

/** Below this distance (unit: m) from the box the centre counts as on the surface (face push-out). */
const MIN_DISTANCE = 1e-12;


/**
 * Sphere A (radius at index 7) vs box B (half extents at 7..9). Writes at most one point with
 * separation (unit: m) below `margin` (unit: m). Normal (world frame) from the sphere to the box.
 */
export function collideSphereBox(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.sphereBox;
  out.pointCount = 0;
  const r = a[7];
  sc.rel[0] = a[0] - b[0]; sc.rel[1] = a[1] - b[1]; sc.rel[2] = a[2] - b[2];
  quatRotateInverse(sc.local, 0, b, 3, sc.rel, 0); // sphere centre in the box frame
  let region = 0, pow = 1;
  let dx = 0, dy = 0, dz = 0; // clamped point − centre (box frame)
  for (let i = 0; i < 3; i++, pow *= 3) {
    const h = b[7 + i], c = sc.local[i];
    let q = c;
    if (c > h) { q = h; region += pow; } else if (c < -h) { q = -h; region += 2 * pow; }
    sc.tmp[i] = q;
    if (i === 0) dx = q - c; else if (i === 1) dy = q - c; else dz = q - c;
  }
  const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  let separation: number, featureId: number;
  if (dist > MIN_DISTANCE) {
    separation = dist - r;
    if (!(separation < margin)) return;
    const inv = 1 / dist;
    sc.rel[0] = dx * inv; sc.rel[1] = dy * inv; sc.rel[2] = dz * inv; // sc.local normal (sphere → box)
    featureId = region;
  } else {
    // inside: face of least penetration
    let best = Infinity, axis = 0, sign = 1;
    for (let i = 0; i < 3; i++) {
      const h = b[7 + i], c = sc.local[i];
      const dPos = h - c, dNeg = h + c;
      if (dPos < best) { best = dPos; axis = i; sign = 1; }
      if (dNeg < best) { best = dNeg; axis = i; sign = -1; }
    }
    separation = -best - r;
    if (!(separation < margin)) return;
    sc.tmp[0] = sc.local[0]; sc.tmp[1] = sc.local[1]; sc.tmp[2] = sc.local[2];
    sc.tmp[axis] = sign * b[7 + axis]; // box surface point on that face
    sc.rel[0] = 0; sc.rel[1] = 0; sc.rel[2] = 0;
    sc.rel[axis] = -sign; // minus the face's outward normal
    featureId = 32 + 2 * axis + (sign > 0 ? 0 : 1);
  }
  const n = out.normal;
  quatRotate(n, 0, b, 3, sc.rel, 0);
  quatRotate(sc.tmp, 0, b, 3, sc.tmp, 0); // box surface point, world (relative to the box centre)
  const k = reservePoint(out); // (written here: addPoint would take its numbers boxed when not inlined)
  if (k < 0) return;
  out.point[3 * k] = 0.5 * (b[0] + sc.tmp[0] + a[0] + r * n[0]);
  out.point[3 * k + 1] = 0.5 * (b[1] + sc.tmp[1] + a[1] + r * n[1]);
  out.point[3 * k + 2] = 0.5 * (b[2] + sc.tmp[2] + a[2] + r * n[2]);
  out.separation[k] = separation;
  out.featureId[k] = featureId >>> 0;
}
