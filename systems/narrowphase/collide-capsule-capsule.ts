/**
 * Narrowphase stage: capsule–capsule contact (A = capsule, B = capsule).
 *
 * Algorithm: closest points of the two core segments (Ericson, "Real-Time Collision Detection" §5.1.9);
 * the capsules touch where those points are closer than rA + rB. The normal is the direction between
 * the closest points. When the segments are nearly parallel (|sc.uA × sc.uB| < {@link PARALLEL_SIN}) and
 * their projections on A's axis overlap, the contact is a line: B's segment is clipped to A's interval
 * (the same two-point manifold Jolt builds from the capsules' supporting faces) and each end of the
 * overlap becomes a point, with its own separation measured along the common normal, so a capsule lying
 * on a capsule has two points and does not roll or rock. Otherwise one point.
 * Points lie midway between the two surfaces.
 *
 * Feature ids: 0 for the single point; for the two-point case 4 + the feature that bounds that end of
 * the overlap (0 = A's −y end, 1 = A's +y end, 2 = B's −y end, 3 = B's +y end).
 */

import { quatRotate } from '../../math/quat';
import { closestSegmentSegment, tangentBasis } from '../../math/vec3';
import { addPoint, type ManifoldOut, type PosedShape } from './manifold';
import type { CapsuleCapsuleScratch } from './collide-scratch';

/** Segments whose directions make an angle with sine below this are treated as parallel. */
const PARALLEL_SIN = 0.02;
/** Minimum overlap (relative to rA + rB) for the two-point case; shorter overlaps give one point. */
const MIN_OVERLAP_REL = 1e-3;
/** Below this distance (unit: m) between the core segments the normal comes from the axes. */
const MIN_DISTANCE = 1e-12;

const UP = new Float64Array([0, 1, 0]);

/**
 * Capsule A vs capsule B (radius at index 7, core half height at 8 along the body y axis). Up to two
 * points with separation (unit: m) below `margin` (unit: m). Normal (world frame) from A to B.
 */
export function collideCapsuleCapsule(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.capsuleCapsule;
  out.pointCount = 0;
  const rA = a[7], hA = a[8], rB = b[7], hB = b[8], rSum = rA + rB;
  quatRotate(sc.uA, 0, a, 3, UP, 0);
  quatRotate(sc.uB, 0, b, 3, UP, 0);
  for (let i = 0; i < 3; i++) {
    sc.seg[i] = a[i] - hA * sc.uA[i]; sc.seg[3 + i] = 2 * hA * sc.uA[i];
    sc.seg[6 + i] = b[i] - hB * sc.uB[i]; sc.seg[9 + i] = 2 * hB * sc.uB[i];
  }
  closestSegmentSegment(sc.st, 0, sc.seg, 0, sc.seg, 3, sc.seg, 6, sc.seg, 9);
  const s = sc.st[0], t = sc.st[1];
  const c1x = sc.seg[0] + s * sc.seg[3], c1y = sc.seg[1] + s * sc.seg[4], c1z = sc.seg[2] + s * sc.seg[5];
  const c2x = sc.seg[6] + t * sc.seg[9], c2y = sc.seg[7] + t * sc.seg[10], c2z = sc.seg[8] + t * sc.seg[11];
  const vx = c2x - c1x, vy = c2y - c1y, vz = c2z - c1z;
  const dist = Math.sqrt(vx * vx + vy * vy + vz * vz);
  if (!(dist - rSum < margin)) return;

  // u_A × u_B: its length is the sine of the angle between the axes
  const wx = sc.uA[1] * sc.uB[2] - sc.uA[2] * sc.uB[1], wy = sc.uA[2] * sc.uB[0] - sc.uA[0] * sc.uB[2], wz = sc.uA[0] * sc.uB[1] - sc.uA[1] * sc.uB[0];
  const sinAngle = Math.sqrt(wx * wx + wy * wy + wz * wz);
  const bothSegments = hA > 0 && hB > 0;

  const n = out.normal;
  if (dist > MIN_DISTANCE) {
    n[0] = vx / dist; n[1] = vy / dist; n[2] = vz / dist;
  } else {
    chooseNormal(sc, n, a, b, hA, hB, wx, wy, wz, sinAngle);
  }

  if (bothSegments && sinAngle < PARALLEL_SIN) {
    // B's end points along A's axis, measured from A's centre (A spans [−hA, hA])
    const t0 = (sc.seg[6] - a[0]) * sc.uA[0] + (sc.seg[7] - a[1]) * sc.uA[1] + (sc.seg[8] - a[2]) * sc.uA[2];
    const t1 = t0 + sc.seg[9] * sc.uA[0] + sc.seg[10] * sc.uA[1] + sc.seg[11] * sc.uA[2];
    let lo = -hA, loCode = 0, hi = hA, hiCode = 1;
    const bLo = t0 < t1 ? t0 : t1, bHi = t0 < t1 ? t1 : t0;
    if (bLo > lo) { lo = bLo; loCode = t0 < t1 ? 2 : 3; }
    if (bHi < hi) { hi = bHi; hiCode = t0 < t1 ? 3 : 2; }
    if (hi - lo > MIN_OVERLAP_REL * rSum) {
      addLinePoint(sc, out, a, lo, rA, rB, margin, 4 + loCode);
      addLinePoint(sc, out, a, hi, rA, rB, margin, 4 + hiCode);
      if (out.pointCount > 0) return;
    }
  }

  const separation = (dist > MIN_DISTANCE ? dist : vx * n[0] + vy * n[1] + vz * n[2]) - rSum;
  const k = rA - rB; // midpoint of (c1 + rA n) and (c2 − rB n)
  addPoint(out,
    0.5 * (c1x + c2x + k * n[0]), 0.5 * (c1y + c2y + k * n[1]), 0.5 * (c1z + c2z + k * n[2]),
    separation, 0);
}

/** Adds the point at parameter τ (unit: m from A's centre) on A's axis against B's segment. */
function addLinePoint(
  sc: CapsuleCapsuleScratch, out: ManifoldOut, a: PosedShape, tau: number, rA: number, rB: number, margin: number, id: number,
): void {
  const n = out.normal;
  const px = a[0] + tau * sc.uA[0], py = a[1] + tau * sc.uA[1], pz = a[2] + tau * sc.uA[2];
  // closest point on B's segment Q0 + t D2
  const dd = sc.seg[9] * sc.seg[9] + sc.seg[10] * sc.seg[10] + sc.seg[11] * sc.seg[11];
  let t = ((px - sc.seg[6]) * sc.seg[9] + (py - sc.seg[7]) * sc.seg[10] + (pz - sc.seg[8]) * sc.seg[11]) / dd;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const qx = sc.seg[6] + t * sc.seg[9], qy = sc.seg[7] + t * sc.seg[10], qz = sc.seg[8] + t * sc.seg[11];
  const separation = (qx - px) * n[0] + (qy - py) * n[1] + (qz - pz) * n[2] - rA - rB;
  if (!(separation < margin)) return;
  const k = rA - rB;
  addPoint(out, 0.5 * (px + qx + k * n[0]), 0.5 * (py + qy + k * n[1]), 0.5 * (pz + qz + k * n[2]), separation, id);
}

/**
 * Normal when the core segments touch or cross (no direction between closest points): the common
 * perpendicular sc.uA × sc.uB for crossing axes, else the part of cB − cA perpendicular to the axis, else a
 * fixed perpendicular of the axis, else +y. Oriented from A towards B where that is defined.
 */
function chooseNormal(
  sc: CapsuleCapsuleScratch, n: Float64Array, a: PosedShape, b: PosedShape, hA: number, hB: number,
  wx: number, wy: number, wz: number, sinAngle: number,
): void {
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  if (hA > 0 && hB > 0 && sinAngle > 1e-9) {
    const sgn = wx * dx + wy * dy + wz * dz < 0 ? -1 : 1;
    n[0] = sgn * wx / sinAngle; n[1] = sgn * wy / sinAngle; n[2] = sgn * wz / sinAngle;
    return;
  }
  const u = hA > 0 ? sc.uA : hB > 0 ? sc.uB : null;
  if (u === null) { n[0] = 0; n[1] = 1; n[2] = 0; return; }
  const along = dx * u[0] + dy * u[1] + dz * u[2];
  const px = dx - along * u[0], py = dy - along * u[1], pz = dz - along * u[2];
  const len = Math.sqrt(px * px + py * py + pz * pz);
  if (len > MIN_DISTANCE) { n[0] = px / len; n[1] = py / len; n[2] = pz / len; return; }
  tangentBasis(u, 0, n, 0, sc.tmp, 0);
}
