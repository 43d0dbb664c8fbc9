/**
 * Narrowphase stage: contacts against a static plane (B = plane; A = sphere, box or capsule).
 *
 * The plane passes through its body origin pB with world normal nP = R_B ŷ (body-local +y). The normal
 * from A to B is −nP. Algorithm: signed distances of support features to the plane (Ericson,
 * "Real-Time Collision Detection" §5.2.2 for the box, which Box2D, Bullet and Jolt also use for
 * box–plane manifolds):
 * - sphere: the centre's distance minus the radius; one point, feature id 0;
 * - box: every one of the 8 corners below the margin; when more than 4 qualify, the 4 deepest
 *   (ties by sc.corner index). A box resting flat gives exactly its 4 bottom corners. Feature id = sc.corner
 *   index k, with local sc.corner (±hx, ±hy, ±hz) taking the + sign on axis i when bit i of k is set;
 * - capsule: the two end spheres of the core segment; feature id 0 for the −y end, 1 for the +y end.
 * Each point lies midway between the shape's surface point and its projection on the plane.
 */

import { quatRotate } from '../../math/quat';
import { reservePoint, type ManifoldOut, type PosedShape } from './manifold';
import type { PlaneScratch } from './collide-scratch';

const UP = new Float64Array([0, 1, 0]);

/** Loads the plane's world normal into `sc.planeN` and writes `out.normal = −nP`. */
function loadPlane(sc: PlaneScratch, out: ManifoldOut, p: PosedShape): void {
  quatRotate(sc.planeN, 0, p, 3, UP, 0);
  out.normal[0] = -sc.planeN[0]; out.normal[1] = -sc.planeN[1]; out.normal[2] = -sc.planeN[2];
}

/** Signed distance (unit: m) of the world point (x, y, z) above the plane `p` (uses `sc.planeN`). */
function height(sc: PlaneScratch, p: PosedShape, x: number, y: number, z: number): number {
  return (x - p[0]) * sc.planeN[0] + (y - p[1]) * sc.planeN[1] + (z - p[2]) * sc.planeN[2];
}

/** Adds the point of a sphere of radius r centred at (x, y, z) if its separation is below the margin. */
function addSpherePoint(
  sc: PlaneScratch, out: ManifoldOut, p: PosedShape, x: number, y: number, z: number, r: number, margin: number, id: number,
): void {
  const hc = height(sc, p, x, y, z);
  const separation = hc - r;
  if (!(separation < margin)) return;
  // midpoint of the sphere's lowest point (centre − r nP) and the centre's projection (centre − hc nP)
  const h = 0.5 * (r + hc);
  const k = reservePoint(out); // (written here: addPoint would take its numbers boxed when not inlined)
  if (k < 0) return;
  out.point[3 * k] = x - h * sc.planeN[0]; out.point[3 * k + 1] = y - h * sc.planeN[1]; out.point[3 * k + 2] = z - h * sc.planeN[2];
  out.separation[k] = separation;
  out.featureId[k] = id >>> 0;
}

/**
 * Sphere A (radius at index 7) vs plane B. At most one point with separation (unit: m) below `margin`
 * (unit: m). Normal (world frame) = minus the plane normal.
 */
export function collideSpherePlane(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.plane;
  out.pointCount = 0;
  loadPlane(sc, out, b);
  addSpherePoint(sc, out, b, a[0], a[1], a[2], a[7], margin, 0);
}

/**
 * Box A (half extents at 7..9) vs plane B. Up to 4 sc.corner points with separation (unit: m) below
 * `margin` (unit: m), the deepest first. Normal (world frame) = minus the plane normal.
 */
export function collideBoxPlane(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.plane;
  out.pointCount = 0;
  loadPlane(sc, out, b);
  let count = 0;
  for (let k = 0; k < 8; k++) {
    sc.tmp[0] = k & 1 ? a[7] : -a[7];
    sc.tmp[1] = k & 2 ? a[8] : -a[8];
    sc.tmp[2] = k & 4 ? a[9] : -a[9];
    const o = 3 * k;
    quatRotate(sc.corner, o, a, 3, sc.tmp, 0);
    sc.corner[o] += a[0]; sc.corner[o + 1] += a[1]; sc.corner[o + 2] += a[2];
    const d = height(sc, b, sc.corner[o], sc.corner[o + 1], sc.corner[o + 2]);
    sc.depth[k] = d;
    if (!(d < margin)) continue;
    // insertion by sc.depth (stable: equal depths keep sc.corner sc.order)
    let j = count++;
    while (j > 0 && sc.depth[sc.order[j - 1]] > d) { sc.order[j] = sc.order[j - 1]; j--; }
    sc.order[j] = k;
  }
  if (count > 4) count = 4;
  for (let m = 0; m < count; m++) {
    const k = sc.order[m], o = 3 * k, d = sc.depth[k], h = 0.5 * d;
    const j = reservePoint(out); // (written here: addPoint would take its numbers boxed when not inlined)
    if (j < 0) break;
    out.point[3 * j] = sc.corner[o] - h * sc.planeN[0];
    out.point[3 * j + 1] = sc.corner[o + 1] - h * sc.planeN[1];
    out.point[3 * j + 2] = sc.corner[o + 2] - h * sc.planeN[2];
    out.separation[j] = d;
    out.featureId[j] = k >>> 0;
  }
}

/**
 * Capsule A (radius at index 7, core half height at 8 along the body y axis) vs plane B. Up to two
 * points (the end spheres) with separation (unit: m) below `margin` (unit: m). Normal (world frame) =
 * minus the plane normal.
 */
export function collideCapsulePlane(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.plane;
  out.pointCount = 0;
  loadPlane(sc, out, b);
  quatRotate(sc.tmp, 0, a, 3, UP, 0);
  const hh = a[8], ux = hh * sc.tmp[0], uy = hh * sc.tmp[1], uz = hh * sc.tmp[2];
  addSpherePoint(sc, out, b, a[0] - ux, a[1] - uy, a[2] - uz, a[7], margin, 0);
  addSpherePoint(sc, out, b, a[0] + ux, a[1] + uy, a[2] + uz, a[7], margin, 1);
}
