/**
 * Narrowphase stage: box–capsule contact (A = box, B = capsule).
 *
 * Algorithm, in the box frame (the capsule's core segment p(t) = sc.p0 + t D, t ∈ [0, 1]):
 * 1. Exact segment–box distance. The squared distance from p(t) to the box,
 *    Σᵢ max(|pᵢ(t)| − hᵢ, 0)², is convex and piecewise quadratic in t with breakpoints where a
 *    coordinate crosses ±hᵢ; it is minimised exactly on each piece (the closest point on the box is
 *    the clamped point: Ericson, "Real-Time Collision Detection" §5.1.4).
 * 2. Segment outside the box (distance > {@link TOUCH_DISTANCE}): the capsule touches where that
 *    distance is below r + margin. If the closest box point lies on a face (one coordinate clamped),
 *    the normal is that face's normal; if in addition the segment is nearly parallel to the face
 *    (|D·nᵢ| < {@link FLAT_SIN}·|D|), the segment is clipped against the face's 4 side planes
 *    (Liang–Barsky) and each end of the clipped part is a point (a capsule lying on the box: two
 *    points). On an edge or corner region the normal is the direction from the box point to the
 *    segment point, one point; but a segment lying along that edge (parallel within FLAT_SIN) is
 *    clipped to the edge's extent and gives two points, like the face case.
 * 3. Core segment touching or inside the box: separating axis test of the segment against the box
 *    over the box's 3 face normals and the 3 cross products eᵢ × D (the facet normals of the
 *    zonotope box ⊕ segment; cross products of nearly parallel directions skipped), with the same face
 *    preference as box–box (an edge axis wins only when shallower by a tolerance, so the choice does not
 *    flip). A face axis clips the segment against the side planes as in 2 (two points when flat, else
 *    the deepest end); an edge axis gives one point from the closest points of the box edge and the
 *    segment (Ericson §5.1.9), or two when the segment lies along the edge (as in 2). The capsule's
 *    separation is the segment's separation minus r.
 * Points lie midway between the box surface and the capsule surface; the normal points from the box to
 * the capsule.
 *
 * Feature ids: face contacts 0x100 | face << 3 | end, face = 2·axis + (negative side ? 1 : 0), end =
 * 0 or 1 for the segment's −y / +y end, 2..5 for the side plane (+u, −u, +v, −v) that clipped it, 6 for
 * an interior closest point; box-edge contacts 0x200 | edge index (4·axis + sign bits of the two other
 * axes); edge / corner regions 0x300 | Voronoi region code (Σ 3ⁱ·(0 inside, 1 above, 2 below)). The
 * two points of a core lying along an edge add (end + 1) << 4 (edge axis) or << 5 (region), end = 0 / 1
 * for the segment's ends and 2 / 3 for the edge's −/+ end.
 */

import { quatRotate, quatRotateInverse } from '../../math/quat';
import { closestSegmentSegment } from '../../math/vec3';
import { addPoint, type ManifoldOut, type PosedShape } from './manifold';
import type { BoxCapsuleScratch } from './collide-scratch';

/** Below this segment–box distance (unit: m) the segment counts as touching: SAT path. */
const TOUCH_DISTANCE = 1e-9;
/** A coordinate beyond a face by less than this (unit: m) counts as on the face (region test). */
const REGION_TOLERANCE = 1e-9;
/** The segment is flat on a face when the sine of its angle to the face is below this. */
const FLAT_SIN = 0.1;
/** Cross axes eᵢ × u shorter than this are skipped (segment parallel to the box axis). */
const EDGE_PARALLEL_SIN = 1e-5;
/** Face-over-edge axis preference, as in collide-box-box (relative and absolute (unit: m) parts). */
const AXIS_BIAS_REL = 0.05;
const AXIS_BIAS_ABS = 5e-4;
/** Segment ends less than this fraction of the smallest face half extent beyond a side plane are not
 * clipped (as in collide-box-box), so ids stay stable while a capsule jitters along the rim. */
const CLIP_SLOP_REL = 1e-3;
/** Clipped parts shorter than this fraction of the capsule radius give one point. */
const MIN_SPAN_REL = 1e-3;

const FACE = 0x100, EDGE = 0x200, REGION = 0x300;

const UP = new Float64Array([0, 1, 0]);

/**
 * Box A (half extents at indices 7..9) vs capsule B (radius at 7, core half height at 8 along the
 * body y axis). Up to two points with separation (unit: m) below `margin` (unit: m). Normal (world
 * frame) from the box to the capsule.
 */
export function collideBoxCapsule(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.boxCapsule;
  out.pointCount = 0;
  const r = b[7], hh = b[8];
  // core segment in the box frame
  quatRotate(sc.tmp, 0, b, 3, UP, 0);
  const ux = hh * sc.tmp[0], uy = hh * sc.tmp[1], uz = hh * sc.tmp[2];
  sc.tmp[0] = b[0] - ux - a[0]; sc.tmp[1] = b[1] - uy - a[1]; sc.tmp[2] = b[2] - uz - a[2];
  quatRotateInverse(sc.p0, 0, a, 3, sc.tmp, 0);
  sc.tmp[0] = 2 * ux; sc.tmp[1] = 2 * uy; sc.tmp[2] = 2 * uz;
  quatRotateInverse(sc.dl, 0, a, 3, sc.tmp, 0);
  const hx = a[7], hy = a[8], hz = a[9];
  const len = Math.sqrt(sc.dl[0] * sc.dl[0] + sc.dl[1] * sc.dl[1] + sc.dl[2] * sc.dl[2]);

  const t = closestParameter(sc, hx, hy, hz);
  const px = sc.p0[0] + t * sc.dl[0], py = sc.p0[1] + t * sc.dl[1], pz = sc.p0[2] + t * sc.dl[2];
  const qx = clamp(px, hx), qy = clamp(py, hy), qz = clamp(pz, hz);
  const ex = px - qx, ey = py - qy, ez = pz - qz;
  const dist = Math.sqrt(ex * ex + ey * ey + ez * ez);

  // Voronoi region of the closest point
  let region = 0, outside = 0, faceAxis = 0, faceSign = 1;
  for (let i = 0, pow = 1; i < 3; i++, pow *= 3) {
    const c = i === 0 ? px : i === 1 ? py : pz, h = a[7 + i];
    if (c > h + REGION_TOLERANCE) { region += pow; outside++; faceAxis = i; faceSign = 1; }
    else if (c < -h - REGION_TOLERANCE) { region += 2 * pow; outside++; faceAxis = i; faceSign = -1; }
  }

  if (dist > TOUCH_DISTANCE && outside > 0) {
    if (!(dist - r < margin)) return;
    if (outside === 1) {
      const flat = len > 0 && Math.abs(sc.dl[faceAxis]) < FLAT_SIN * len;
      faceContact(sc, out, a, faceAxis, faceSign, r, margin, flat, t);
      return;
    }
    // edge or corner region: normal from the box point to the segment point
    const nx = ex / dist, ny = ey / dist, nz = ez / dist;
    sc.tmp[0] = nx; sc.tmp[1] = ny; sc.tmp[2] = nz;
    quatRotate(out.normal, 0, a, 3, sc.tmp, 0);
    if (outside === 2) {
      // edge region: a core lying along the edge touches it along a line
      const i = px >= -hx - REGION_TOLERANCE && px <= hx + REGION_TOLERANCE ? 0
        : py >= -hy - REGION_TOLERANCE && py <= hy + REGION_TOLERANCE ? 1 : 2;
      const c1 = (i + 1) % 3, c2 = (i + 2) % 3;
      const v1 = c1 === 0 ? px : c1 === 1 ? py : pz, v2 = c2 === 0 ? px : c2 === 1 ? py : pz;
      if (edgeLine(sc, out, a, i, v1 < 0 ? -1 : 1, v2 < 0 ? -1 : 1, nx, ny, nz, r, margin, REGION | region, 5)) return;
    }
    emit(sc, out, a, qx, qy, qz, px - r * nx, py - r * ny, pz - r * nz, dist - r, REGION | region);
    return;
  }

  // core segment touches or crosses the box: SAT over the face normals and eᵢ × u
  let sepF = -Infinity, fAxis = 0, fSign = 1;
  for (let i = 0; i < 3; i++) {
    const c0 = sc.p0[i], c1 = sc.p0[i] + sc.dl[i], h = a[7 + i];
    const sPlus = Math.min(c0, c1) - h, sMinus = -Math.max(c0, c1) - h;
    const s = sPlus >= sMinus ? sPlus : sMinus;
    if (s > sepF) { sepF = s; fAxis = i; fSign = sPlus >= sMinus ? 1 : -1; }
  }
  let sepE = -Infinity, eAxis = -1, lx = 0, ly = 0, lz = 0;
  if (len > 0) {
    const vx = sc.dl[0] / len, vy = sc.dl[1] / len, vz = sc.dl[2] / len;
    for (let i = 0; i < 3; i++) {
      // eᵢ × v
      let cx = i === 0 ? 0 : i === 1 ? vz : -vy;
      let cy = i === 0 ? -vz : i === 1 ? 0 : vx;
      let cz = i === 0 ? vy : i === 1 ? -vx : 0;
      const cl = Math.sqrt(cx * cx + cy * cy + cz * cz);
      if (cl < EDGE_PARALLEL_SIN) continue;
      cx /= cl; cy /= cl; cz /= cl;
      const hL = hx * Math.abs(cx) + hy * Math.abs(cy) + hz * Math.abs(cz);
      const c0 = sc.p0[0] * cx + sc.p0[1] * cy + sc.p0[2] * cz;
      const c1 = c0 + sc.dl[0] * cx + sc.dl[1] * cy + sc.dl[2] * cz;
      const sPlus = Math.min(c0, c1) - hL, sMinus = -Math.max(c0, c1) - hL;
      const s = sPlus >= sMinus ? sPlus : sMinus;
      if (s > sepE) {
        sepE = s; eAxis = i;
        const sg = sPlus >= sMinus ? 1 : -1;
        lx = sg * cx; ly = sg * cy; lz = sg * cz;
      }
    }
  }
  if (!(Math.max(sepF, sepE) - r < margin)) return;
  if (eAxis >= 0 && sepE > sepF + AXIS_BIAS_REL * Math.abs(sepF) + AXIS_BIAS_ABS) {
    edgeContact(sc, out, a, eAxis, lx, ly, lz, r, margin);
  } else {
    const flat = len > 0 && Math.abs(sc.dl[fAxis]) < FLAT_SIN * len;
    faceContact(sc, out, a, fAxis, fSign, r, margin, flat, t);
  }
}

function clamp(x: number, h: number): number {
  return x > h ? h : x < -h ? -h : x;
}

/** Squared distance from p(t) to the box (box frame). */
function distance2(sc: BoxCapsuleScratch, t: number, hx: number, hy: number, hz: number): number {
  const x = Math.abs(sc.p0[0] + t * sc.dl[0]) - hx, y = Math.abs(sc.p0[1] + t * sc.dl[1]) - hy, z = Math.abs(sc.p0[2] + t * sc.dl[2]) - hz;
  return (x > 0 ? x * x : 0) + (y > 0 ? y * y : 0) + (z > 0 ? z * z : 0);
}

/** The parameter t ∈ [0, 1] of the segment point closest to the box (the first one on ties). */
function closestParameter(sc: BoxCapsuleScratch, hx: number, hy: number, hz: number): number {
  let n = 0;
  sc.bp[n++] = 0;
  for (let i = 0; i < 3; i++) {
    const d = sc.dl[i];
    if (d === 0) continue;
    const h = i === 0 ? hx : i === 1 ? hy : hz;
    const ta = (h - sc.p0[i]) / d, tb = (-h - sc.p0[i]) / d;
    if (ta > 0 && ta < 1) sc.bp[n++] = ta;
    if (tb > 0 && tb < 1) sc.bp[n++] = tb;
  }
  sc.bp[n++] = 1;
  for (let i = 1; i < n; i++) { // insertion sort
    const v = sc.bp[i];
    let j = i;
    while (j > 0 && sc.bp[j - 1] > v) { sc.bp[j] = sc.bp[j - 1]; j--; }
    sc.bp[j] = v;
  }
  let bestT = 0, bestF = Infinity;
  for (let k = 0; k + 1 < n; k++) {
    const ta = sc.bp[k], tb = sc.bp[k + 1];
    const tm = 0.5 * (ta + tb);
    // on this piece the active (outside) coordinates and their clamp values are fixed
    let num = 0, den = 0;
    for (let i = 0; i < 3; i++) {
      const h = i === 0 ? hx : i === 1 ? hy : hz;
      const c = sc.p0[i] + tm * sc.dl[i];
      if (c >= -h && c <= h) continue; // inside the slab: no term
      const lim = c > h ? h : -h;
      num += sc.dl[i] * (sc.p0[i] - lim);
      den += sc.dl[i] * sc.dl[i];
    }
    let t = den > 0 ? -num / den : ta;
    t = t < ta ? ta : t > tb ? tb : t;
    const f = distance2(sc, t, hx, hy, hz);
    if (f < bestF) { bestF = f; bestT = t; }
  }
  return bestT;
}

/**
 * Writes one point: box surface point q and capsule surface point c (box frame), midpoint to world.
 * The normal must already be in `out.normal`.
 */
function emit(
  sc: BoxCapsuleScratch, out: ManifoldOut, a: PosedShape, qx: number, qy: number, qz: number,
  cx: number, cy: number, cz: number, separation: number, id: number,
): void {
  sc.tmp[0] = 0.5 * (qx + cx); sc.tmp[1] = 0.5 * (qy + cy); sc.tmp[2] = 0.5 * (qz + cz);
  quatRotate(sc.tmp, 0, a, 3, sc.tmp, 0);
  addPoint(out, a[0] + sc.tmp[0], a[1] + sc.tmp[1], a[2] + sc.tmp[2], separation, id);
}

/**
 * Face contact on the face `axis`, `sign` (outward normal sign·e_axis): the segment clipped to the
 * face's side planes; both ends when `flat`, else the deeper end. `tFallback` is used if the clip is
 * empty (the segment only grazes the face's rim).
 */
function faceContact(
  sc: BoxCapsuleScratch, out: ManifoldOut, a: PosedShape, axis: number, sign: number, r: number, margin: number,
  flat: boolean, tFallback: number,
): void {
  sc.tmp[0] = 0; sc.tmp[1] = 0; sc.tmp[2] = 0; sc.tmp[axis] = sign;
  quatRotate(out.normal, 0, a, 3, sc.tmp, 0);
  const face = 2 * axis + (sign > 0 ? 0 : 1);
  const h = a[7 + axis];
  let t0: number, t1: number, code0: number, code1: number;
  if (clipToSides(sc, a, axis)) {
    t0 = sc.clipOut[0]; t1 = sc.clipOut[1]; code0 = sc.clipOut[2]; code1 = sc.clipOut[3];
  } else {
    t0 = t1 = tFallback; code0 = code1 = 6;
  }
  const h0 = sign * (sc.p0[axis] + t0 * sc.dl[axis]) - h;
  const h1 = sign * (sc.p0[axis] + t1 * sc.dl[axis]) - h;
  const len = Math.sqrt(sc.dl[0] * sc.dl[0] + sc.dl[1] * sc.dl[1] + sc.dl[2] * sc.dl[2]);
  if (flat && (t1 - t0) * len > MIN_SPAN_REL * r) {
    facePoint(sc, out, a, axis, sign, h, t0, h0 - r, r, margin, FACE | (face << 3) | code0);
    facePoint(sc, out, a, axis, sign, h, t1, h1 - r, r, margin, FACE | (face << 3) | code1);
  } else if (h1 < h0) {
    facePoint(sc, out, a, axis, sign, h, t1, h1 - r, r, margin, FACE | (face << 3) | code1);
  } else {
    facePoint(sc, out, a, axis, sign, h, t0, h0 - r, r, margin, FACE | (face << 3) | code0);
  }
}

function facePoint(
  sc: BoxCapsuleScratch, out: ManifoldOut, a: PosedShape, axis: number, sign: number, h: number, t: number,
  separation: number, r: number, margin: number, id: number,
): void {
  if (!(separation < margin)) return;
  const x = sc.p0[0] + t * sc.dl[0], y = sc.p0[1] + t * sc.dl[1], z = sc.p0[2] + t * sc.dl[2];
  // box point: (x, y, z) projected on the face plane; capsule point: (x, y, z) − r·sign·e_axis
  const sx = axis === 0 ? sign * h : x, sy = axis === 1 ? sign * h : y, sz = axis === 2 ? sign * h : z;
  const cx = axis === 0 ? x - sign * r : x, cy = axis === 1 ? y - sign * r : y, cz = axis === 2 ? z - sign * r : z;
  emit(sc, out, a, sx, sy, sz, cx, cy, cz, separation, id);
}

/**
 * Liang–Barsky clip of the segment against the side planes of the faces normal to `axis`. Writes
 * t0, t1 and the codes of what bounds each end (0 / 1 segment end, 2..5 side plane) to `sc.clipOut`;
 * returns false when nothing is left. An end less than the slop beyond a plane is kept as it is (so
 * a capsule lying along the rim keeps its ids); ends that are cut lie exactly on the plane.
 */
function clipToSides(sc: BoxCapsuleScratch, a: PosedShape, axis: number): boolean {
  const u = (axis + 1) % 3, v = (axis + 2) % 3;
  const slop = CLIP_SLOP_REL * Math.min(a[7 + u], a[7 + v]);
  let t0 = 0, t1 = 1, code0 = 0, code1 = 1;
  for (let p = 0; p < 4; p++) {
    const c = p < 2 ? u : v, sg = p % 2 === 0 ? 1 : -1, lim = a[7 + c];
    // keep sg·(p0_c + t D_c) ≤ lim
    const den = sg * sc.dl[c];
    if (den === 0) {
      if (sg * sc.p0[c] - lim > slop) return false;
    } else if (den > 0) {
      if (sg * (sc.p0[c] + t1 * sc.dl[c]) - lim > slop) { t1 = (lim - sg * sc.p0[c]) / den; code1 = 2 + p; }
    } else if (sg * (sc.p0[c] + t0 * sc.dl[c]) - lim > slop) {
      t0 = (lim - sg * sc.p0[c]) / den; code0 = 2 + p;
    }
  }
  if (t0 > t1) return false;
  sc.clipOut[0] = t0; sc.clipOut[1] = t1; sc.clipOut[2] = code0; sc.clipOut[3] = code1;
  return true;
}

/** Edge axis: the box edge parallel to e_axis extreme along n = (lx, ly, lz) (box frame) vs the segment. */
function edgeContact(
  sc: BoxCapsuleScratch, out: ManifoldOut, a: PosedShape, axis: number, lx: number, ly: number, lz: number, r: number, margin: number,
): void {
  const k1 = (axis + 1) % 3, k2 = (axis + 2) % 3;
  const l1 = k1 === 0 ? lx : k1 === 1 ? ly : lz, l2 = k2 === 0 ? lx : k2 === 1 ? ly : lz;
  const s1 = l1 < 0 ? -1 : 1, s2 = l2 < 0 ? -1 : 1;
  sc.segs[k1] = s1 * a[7 + k1]; sc.segs[k2] = s2 * a[7 + k2]; sc.segs[axis] = -a[7 + axis];
  sc.segs[3 + k1] = 0; sc.segs[3 + k2] = 0; sc.segs[3 + axis] = 2 * a[7 + axis];
  closestSegmentSegment(sc.st, 0, sc.segs, 0, sc.segs, 3, sc.p0, 0, sc.dl, 0);
  const s = sc.st[0], t = sc.st[1];
  const qx = sc.segs[0] + s * sc.segs[3], qy = sc.segs[1] + s * sc.segs[4], qz = sc.segs[2] + s * sc.segs[5];
  const px = sc.p0[0] + t * sc.dl[0], py = sc.p0[1] + t * sc.dl[1], pz = sc.p0[2] + t * sc.dl[2];
  sc.tmp[0] = lx; sc.tmp[1] = ly; sc.tmp[2] = lz;
  quatRotate(out.normal, 0, a, 3, sc.tmp, 0);
  const id = EDGE | (4 * axis + (s1 > 0 ? 1 : 0) + (s2 > 0 ? 2 : 0));
  if (edgeLine(sc, out, a, axis, s1, s2, lx, ly, lz, r, margin, id, 4)) return;
  const separation = (px - qx) * lx + (py - qy) * ly + (pz - qz) * lz - r;
  if (!(separation < margin)) return;
  emit(sc, out, a, qx, qy, qz, px - r * lx, py - r * ly, pz - r * lz, separation, id);
}

/**
 * A core lying along a box edge (parallel to e_axis within {@link FLAT_SIN}; the edge at signs s1, s2
 * on the two other axes): the segment is clipped to the edge's extent (ends within the slop kept) and
 * both ends of the clipped part become points, each with its separation along the common normal n
 * (box frame; `out.normal` already set). Point ids: `idBase | (end + 1) << shift`, end = 0 / 1 for the
 * segment's ends, 2 / 3 for the edge's −/+ end. Returns false, writing nothing, when the segment is not
 * along the edge, the clipped part is too short, or both ends are beyond the margin.
 */
function edgeLine(
  sc: BoxCapsuleScratch, out: ManifoldOut, a: PosedShape, axis: number, s1: number, s2: number,
  nx: number, ny: number, nz: number, r: number, margin: number, idBase: number, shift: number,
): boolean {
  const len = Math.sqrt(sc.dl[0] * sc.dl[0] + sc.dl[1] * sc.dl[1] + sc.dl[2] * sc.dl[2]);
  const k1 = (axis + 1) % 3, k2 = (axis + 2) % 3;
  if (!(Math.sqrt(sc.dl[k1] * sc.dl[k1] + sc.dl[k2] * sc.dl[k2]) < FLAT_SIN * len)) return false;
  const h = a[7 + axis], slop = CLIP_SLOP_REL * h;
  const d = sc.dl[axis], e0 = sc.p0[axis], e1 = sc.p0[axis] + d; // d ≠ 0 here
  let t0 = 0, t1 = 1, c0 = 0, c1 = 1;
  if (d > 0) {
    if (e1 - h > slop) { t1 = (h - e0) / d; c1 = 3; }
    if (-h - e0 > slop) { t0 = (-h - e0) / d; c0 = 2; }
  } else {
    if (-h - e1 > slop) { t1 = (-h - e0) / d; c1 = 2; }
    if (e0 - h > slop) { t0 = (h - e0) / d; c0 = 3; }
  }
  if (!((t1 - t0) * len > MIN_SPAN_REL * r)) return false;
  for (let end = 0; end < 2; end++) {
    const t = end === 0 ? t0 : t1, code = end === 0 ? c0 : c1;
    const px = sc.p0[0] + t * sc.dl[0], py = sc.p0[1] + t * sc.dl[1], pz = sc.p0[2] + t * sc.dl[2];
    // the edge point beside p
    sc.segs[k1] = s1 * a[7 + k1]; sc.segs[k2] = s2 * a[7 + k2];
    sc.segs[axis] = clamp(axis === 0 ? px : axis === 1 ? py : pz, h);
    const separation = (px - sc.segs[0]) * nx + (py - sc.segs[1]) * ny + (pz - sc.segs[2]) * nz - r;
    if (!(separation < margin)) continue;
    emit(sc, out, a, sc.segs[0], sc.segs[1], sc.segs[2], px - r * nx, py - r * ny, pz - r * nz, separation,
      idBase | ((code + 1) << shift));
  }
  return out.pointCount > 0;
}
