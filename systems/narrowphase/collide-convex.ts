/**
 * Narrowphase stage: the general convex–convex manifold, for every pair without a dedicated routine
 * (cylinder and convex hull against every convex shape), and plane–convex for those shapes.
 *
 * Algorithm (the GJK / EPA + face clipping scheme of Bullet and Jolt; Gregorius 2015, "Robust Contact
 * Creation for Physics Simulations", GDC, for the clipping):
 * 1. GJK on the cores (`systems/shapes/gjk.ts`). Apart by d: the normal is (p_B − p_A)/d and the core
 *    separation d; the pair is dropped when d − r_A − r_B ≥ margin (speculative contacts).
 *    Intersecting cores: EPA (`systems/shapes/epa.ts`) gives the normal and the depth (core separation
 *    −depth).
 * 2. The supporting features of the cores along the normal (`supportFace`): A's along n, B's along −n.
 *    The polygon whose face normal is more parallel to n is the reference face, the other feature the
 *    incident one; the incident polygon (or segment, or point) is clipped against the reference face's
 *    side planes (Sutherland & Hodgman 1974), and each clipped point's separation is its distance to the
 *    reference plane along n, minus the radii. Points below the margin are kept. A reference face must
 *    be within 45° of n; within 0.8° the normal becomes the reference face's normal (a resting contact
 *    then pushes exactly along the face, as in SAT-based clipping, Gregorius 2015).
 * 3. More than four points are reduced to four: the deepest, the farthest from it, the one making the
 *    largest triangle with those two, and the one adding the most area outside that triangle.
 * When neither feature is a polygon (curved or edge contacts), or clipping keeps nothing, the single
 * point is the midpoint of the GJK / EPA witness points.
 *
 * Feature ids: bit 31 set when B holds the reference face; bits 20–29 the reference face, 10–19 the
 * incident face, 0–9 the incident vertex (< 512) or 512 + 16 · incident edge + reference side plane for
 * a point made by clipping. The single-point fallback has id 0x3FF.
 */

import { ShapeKind } from '../../components/collider';
import { MAX_MANIFOLD_POINTS } from '../../components/contact';
import {
  createConvexProxy, createSupportFace, setProxyFromPose, supportFace, type ConvexProxy, type SupportFace,
} from '../shapes/convex-support';
import type { ConvexHullData } from '../shapes/convex-hull';
import { createGjkResult, createGjkScratch, gjkDistance, type GjkResult, type GjkScratch } from '../shapes/gjk';
import { createEpaResult, createEpaScratch, epaPenetration, type EpaResult, type EpaScratch } from '../shapes/epa';
import { addPoint, createCollideContext, type ManifoldOut, type CollideContext, type CollideFn } from './manifold';

const MAX_CLIP = 80;
/** Absolute accuracy of the narrowphase's GJK distances (unit: m; see `GjkScratch.tolerance`). */
const GJK_TOLERANCE = 1e-6;
/** Depths within this of the deepest count as equally deep when choosing the first point (unit: m). */
const DEPTH_TIE = 1e-4;
/** Relative tie tolerance of the distance and area choices. */
const TIE = 1e-6;
/** Least cosine between the normal and a face normal for the face to serve as reference (45°). */
const MIN_ALIGN = Math.SQRT1_2;
/** Cosine above which the normal snaps to the reference face normal (≈ 0.8°). */
const SNAP_ALIGN = 1 - 1e-4;

/** Scratch of the convex collide functions (one per narrowphase or query scratch; reused). */
export interface ConvexScratch {
  proxyA: ConvexProxy;
  proxyB: ConvexProxy;
  gjk: GjkScratch;
  gjkResult: GjkResult;
  epa: EpaScratch;
  epaResult: EpaResult;
  faceA: SupportFace;
  faceB: SupportFace;
  /** Clipping buffers: points `[3 × MAX_CLIP]`, ids `[MAX_CLIP]`, ping-pong. */
  clipP: Float64Array;
  clipId: Int32Array;
  clipQ: Float64Array;
  clipQId: Int32Array;
  /** Candidate points: x y z separation `[4 × MAX_CLIP]`, ids. */
  cand: Float64Array;
  candId: Int32Array;
  /** `[3]` the normal from A to B of the last call. */
  normal: Float64Array;
  /** Core separation (unit: m) of the last call: GJK distance, or −EPA depth. */
  coreSeparation: number;
  /** `[6]` the witness points on A's and B's cores of the last call (world). */
  witness: Float64Array;
}

export function createConvexScratch(): ConvexScratch {
  const gjk = createGjkScratch();
  gjk.tolerance = GJK_TOLERANCE;
  return {
    proxyA: createConvexProxy(), proxyB: createConvexProxy(), gjk, gjkResult: createGjkResult(),
    epa: createEpaScratch(), epaResult: createEpaResult(), faceA: createSupportFace(), faceB: createSupportFace(),
    clipP: new Float64Array(3 * MAX_CLIP), clipId: new Int32Array(MAX_CLIP), clipQ: new Float64Array(3 * MAX_CLIP), clipQId: new Int32Array(MAX_CLIP),
    cand: new Float64Array(4 * MAX_CLIP), candId: new Int32Array(MAX_CLIP), normal: new Float64Array(3), coreSeparation: 0, witness: new Float64Array(6),
  };
}

/** The convex scratch kept in a collide context (made on first use). */
export function convexScratchOf(ctx: CollideContext | undefined): ConvexScratch {
  if (ctx === undefined) return createConvexScratch();
  let s = ctx.scratch.convex as ConvexScratch | undefined;
  if (s === undefined) { s = createConvexScratch(); ctx.scratch.convex = s; }
  return s;
}

/**
 * A collide function for the kind pair (kindA, kindB) of convex shapes: the kinds are bound here, since
 * a posed shape carries only its pose and size.
 */
export function makeConvexCollide(kindA: number, kindB: number): CollideFn {
  return (out, a, b, ctx) => {
    const margin = out.margin;
    const c = ctx ?? createCollideContext();
    const cs = convexScratchOf(c);
    setProxyFromPose(cs.proxyA, kindA, a, 0, a, 7, c.dataA as ConvexHullData | undefined);
    setProxyFromPose(cs.proxyB, kindB, b, 0, b, 7, c.dataB as ConvexHullData | undefined);
    collideConvexPair(out, cs.proxyA, cs.proxyB, margin, cs);
  };
}

/**
 * The manifold of two posed convex proxies (see the file header) into `out` (normal from A to B).
 * Also leaves the normal and the core separation in `cs` (used by the shape cast).
 */
export function collideConvexPair(out: ManifoldOut, A: ConvexProxy, B: ConvexProxy, margin: number, cs: ConvexScratch): void {
  out.pointCount = 0;
  const g = gjkDistance(cs.gjk, A, B, cs.gjkResult);
  const rSum = A.radius + B.radius;
  const n = cs.normal;
  let pax: number, pay: number, paz: number, pbx: number, pby: number, pbz: number;
  let coreSep: number;
  if (!g.intersecting && g.distance > 1e-12) {
    if (g.distance - rSum >= margin) { cs.coreSeparation = g.distance; return; }
    coreSep = g.distance;
    n[0] = (g.pointB[0] - g.pointA[0]) / coreSep; n[1] = (g.pointB[1] - g.pointA[1]) / coreSep; n[2] = (g.pointB[2] - g.pointA[2]) / coreSep;
    pax = g.pointA[0]; pay = g.pointA[1]; paz = g.pointA[2]; pbx = g.pointB[0]; pby = g.pointB[1]; pbz = g.pointB[2];
  } else {
    const e = cs.epaResult;
    if (epaPenetration(cs.epa, cs.gjk, A, B, e)) {
      coreSep = -e.depth;
      n[0] = e.normal[0]; n[1] = e.normal[1]; n[2] = e.normal[2];
      pax = e.pointA[0]; pay = e.pointA[1]; paz = e.pointA[2]; pbx = e.pointB[0]; pby = e.pointB[1]; pbz = e.pointB[2];
    } else {
      // touching cores (no volume to expand): the centre line as the normal
      coreSep = 0;
      let dx = B.position[0] - A.position[0], dy = B.position[1] - A.position[1], dz = B.position[2] - A.position[2];
      const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (l > 0) { dx /= l; dy /= l; dz /= l; } else { dx = 0; dy = 1; dz = 0; }
      n[0] = dx; n[1] = dy; n[2] = dz;
      pax = pbx = g.pointA[0]; pay = pby = g.pointA[1]; paz = pbz = g.pointA[2];
    }
  }
  cs.coreSeparation = coreSep;
  const W = cs.witness;
  W[0] = pax; W[1] = pay; W[2] = paz; W[3] = pbx; W[4] = pby; W[5] = pbz;
  out.normal[0] = n[0]; out.normal[1] = n[1]; out.normal[2] = n[2];
  if (coreSep - rSum >= margin) return;
  clipFeatures(out, A, B, margin, cs);
  if (out.pointCount === 0) {
    const s = coreSep - rSum;
    // midpoint of the two surface points
    const mx = 0.5 * (pax + A.radius * n[0] + pbx - B.radius * n[0]);
    const my = 0.5 * (pay + A.radius * n[1] + pby - B.radius * n[1]);
    const mz = 0.5 * (paz + A.radius * n[2] + pbz - B.radius * n[2]);
    addPoint(out, mx, my, mz, s, 0x3ff);
  }
}

/** Step 2 and 3 of the file header: clip the supporting features along `cs.normal`. */
function clipFeatures(out: ManifoldOut, A: ConvexProxy, B: ConvexProxy, margin: number, cs: ConvexScratch): void {
  const n = cs.normal;
  const fa = cs.faceA, fb = cs.faceB;
  supportFace(A, n[0], n[1], n[2], fa);
  supportFace(B, -n[0], -n[1], -n[2], fb);
  const alignA = fa.count >= 3 ? fa.normal[0] * n[0] + fa.normal[1] * n[1] + fa.normal[2] * n[2] : -1;
  const alignB = fb.count >= 3 ? -(fb.normal[0] * n[0] + fb.normal[1] * n[1] + fb.normal[2] * n[2]) : -1;
  if (alignA < MIN_ALIGN && alignB < MIN_ALIGN) return;
  const refIsA = alignA >= alignB;
  const ref = refIsA ? fa : fb, inc = refIsA ? fb : fa;
  const nr = ref.normal;
  // Within SNAP_ALIGN of the reference face normal, the manifold normal is that face normal: GJK / EPA
  // on a curved or tilted partner leaves the normal a rounding error off the face, and a resting body
  // would feel that error as a sideways push every step (a growing rocking in the accurate mode).
  const snapped = (refIsA ? alignA : alignB) >= SNAP_ALIGN;
  if (snapped) {
    const sg = refIsA ? 1 : -1;
    n[0] = sg * nr[0]; n[1] = sg * nr[1]; n[2] = sg * nr[2];
    out.normal[0] = n[0]; out.normal[1] = n[1]; out.normal[2] = n[2];
  }
  // n·nr > 0 for A as reference; for B the outward normal is against n
  const den = refIsA ? n[0] * nr[0] + n[1] * nr[1] + n[2] * nr[2] : -(n[0] * nr[0] + n[1] * nr[1] + n[2] * nr[2]);
  // incident feature into the clip buffer
  let P = cs.clipP, PI = cs.clipId, Q = cs.clipQ, QI = cs.clipQId;
  let count = inc.count;
  for (let k = 0; k < count; k++) {
    P[3 * k] = inc.points[3 * k]; P[3 * k + 1] = inc.points[3 * k + 1]; P[3 * k + 2] = inc.points[3 * k + 2];
    PI[k] = inc.ids[k] & 0x1ff;
  }
  const closed = count >= 3;
  const rp = ref.points;
  for (let e = 0; e < ref.count && count > 0; e++) {
    const e2 = (e + 1) % ref.count;
    const ox = rp[3 * e], oy = rp[3 * e + 1], oz = rp[3 * e + 2];
    const ex = rp[3 * e2] - ox, ey = rp[3 * e2 + 1] - oy, ez = rp[3 * e2 + 2] - oz;
    // side plane normal: edge × face normal (outward for a counter-clockwise loop)
    const sx = ey * nr[2] - ez * nr[1], sy = ez * nr[0] - ex * nr[2], sz = ex * nr[1] - ey * nr[0];
    let m = 0;
    const segs = closed ? count : count - 1;
    if (count === 1) {
      if ((P[0] - ox) * sx + (P[1] - oy) * sy + (P[2] - oz) * sz > 0) count = 0;
      continue;
    }
    for (let k = 0; k < segs; k++) {
      const k2 = (k + 1) % count;
      const da = (P[3 * k] - ox) * sx + (P[3 * k + 1] - oy) * sy + (P[3 * k + 2] - oz) * sz;
      const db = (P[3 * k2] - ox) * sx + (P[3 * k2 + 1] - oy) * sy + (P[3 * k2 + 2] - oz) * sz;
      if (da <= 0) { if (m < MAX_CLIP) { Q[3 * m] = P[3 * k]; Q[3 * m + 1] = P[3 * k + 1]; Q[3 * m + 2] = P[3 * k + 2]; QI[m++] = PI[k]; } }
      if ((da <= 0) !== (db <= 0) && m < MAX_CLIP) {
        const t = da / (da - db);
        Q[3 * m] = P[3 * k] + t * (P[3 * k2] - P[3 * k]);
        Q[3 * m + 1] = P[3 * k + 1] + t * (P[3 * k2 + 1] - P[3 * k + 1]);
        Q[3 * m + 2] = P[3 * k + 2] + t * (P[3 * k2 + 2] - P[3 * k + 2]);
        QI[m++] = 512 + 16 * (PI[k] & 15) + (e & 15);
      }
      // an open polyline keeps its last point when inside
      if (!closed && k === segs - 1 && db <= 0 && m < MAX_CLIP) {
        Q[3 * m] = P[3 * k2]; Q[3 * m + 1] = P[3 * k2 + 1]; Q[3 * m + 2] = P[3 * k2 + 2]; QI[m++] = PI[k2];
      }
    }
    count = m;
    const tp = P; P = Q; Q = tp;
    const ti = PI; PI = QI; QI = ti;
  }
  // separations along n; candidates below the margin
  const rSum = A.radius + B.radius;
  const base = (refIsA ? 0 : 0x80000000) | ((ref.face & 0x3ff) << 20) | ((inc.face & 0x3ff) << 10);
  // Separation of an incident point: snapped, its distance along n to the reference face's plane;
  // otherwise its height along n over the plane ⊥ n through the witness point of the other core
  // (the supporting plane along n), which is exact at the witness, so the witness itself is added
  // as a candidate and the manifold's deepest point is the GJK / EPA depth.
  const W = cs.witness, wo = refIsA ? 3 : 0, sgn = refIsA ? 1 : -1;
  const C = cs.cand, CI = cs.candId;
  let nc = 0;
  if (!snapped) {
    const s = cs.coreSeparation - rSum;
    if (s < margin) {
      C[0] = 0.5 * (W[0] + A.radius * n[0] + W[3] - B.radius * n[0]);
      C[1] = 0.5 * (W[1] + A.radius * n[1] + W[4] - B.radius * n[1]);
      C[2] = 0.5 * (W[2] + A.radius * n[2] + W[5] - B.radius * n[2]);
      C[3] = s;
      CI[nc++] = 0x3ff;
    }
  }
  for (let k = 0; k < count; k++) {
    const px = P[3 * k], py = P[3 * k + 1], pz = P[3 * k + 2];
    const core = snapped
      ? ((px - rp[0]) * nr[0] + (py - rp[1]) * nr[1] + (pz - rp[2]) * nr[2]) / den
      : cs.coreSeparation + sgn * ((px - W[wo]) * n[0] + (py - W[wo + 1]) * n[1] + (pz - W[wo + 2]) * n[2]);
    const s = core - rSum;
    if (!(s < margin) || nc >= MAX_CLIP) continue;
    // the incident core point p; the reference core point along n
    let ax: number, ay: number, az: number, bx: number, by: number, bz: number;
    if (refIsA) { bx = px; by = py; bz = pz; ax = px - core * n[0]; ay = py - core * n[1]; az = pz - core * n[2]; } else { ax = px; ay = py; az = pz; bx = px + core * n[0]; by = py + core * n[1]; bz = pz + core * n[2]; }
    C[4 * nc] = 0.5 * (ax + A.radius * n[0] + bx - B.radius * n[0]);
    C[4 * nc + 1] = 0.5 * (ay + A.radius * n[1] + by - B.radius * n[1]);
    C[4 * nc + 2] = 0.5 * (az + A.radius * n[2] + bz - B.radius * n[2]);
    C[4 * nc + 3] = s;
    CI[nc++] = (base | (PI[k] & 0x3ff)) >>> 0;
  }
  reduceToFour(out, C, CI, nc, n);
}

/**
 * Writes up to four of the `nc` candidates (`C` = x y z separation) to `out`: all of them when there are
 * at most four, else the deepest, the farthest from it, the largest triangle, the largest outside area.
 */
export function reduceToFour(out: ManifoldOut, C: Float64Array, CI: Int32Array, nc: number, n: ArrayLike<number>): void {
  if (nc <= MAX_MANIFOLD_POINTS) {
    for (let k = 0; k < nc; k++) addPoint(out, C[4 * k], C[4 * k + 1], C[4 * k + 2], C[4 * k + 3], CI[k]);
    return;
  }
  // Ties are broken toward the lower candidate index (a fixed order of the incident feature), so a
  // body resting flat keeps the same four points from step to step (warm starting by feature id).
  let deepest = Infinity;
  for (let k = 0; k < nc; k++) deepest = Math.min(deepest, C[4 * k + 3]);
  let i0 = 0;
  while (C[4 * i0 + 3] > deepest + DEPTH_TIE) i0++;
  let i1 = -1, best = -1;
  for (let k = 0; k < nc; k++) {
    const dx = C[4 * k] - C[4 * i0], dy = C[4 * k + 1] - C[4 * i0 + 1], dz = C[4 * k + 2] - C[4 * i0 + 2];
    const d = dx * dx + dy * dy + dz * dz;
    if (k !== i0 && d > best * (1 + TIE)) { best = d; i1 = k; }
  }
  let i2 = -1; best = -1;
  let sign = 1;
  for (let k = 0; k < nc; k++) {
    if (k === i0 || k === i1) continue;
    const a = triArea(C, i0, i1, k, n);
    if (Math.abs(a) > best * (1 + TIE)) { best = Math.abs(a); i2 = k; sign = a >= 0 ? 1 : -1; }
  }
  // the fourth: most area outside the triangle (i0, i1, i2) oriented counter-clockwise about n
  let i3 = -1; best = 0;
  for (let k = 0; k < nc; k++) {
    if (k === i0 || k === i1 || k === i2) continue;
    const a = -Math.min(sign * triArea(C, i0, i1, k, n), sign * triArea(C, i1, i2, k, n), sign * triArea(C, i2, i0, k, n));
    if (a > best * (1 + TIE)) { best = a; i3 = k; }
  }
  addPoint(out, C[4 * i0], C[4 * i0 + 1], C[4 * i0 + 2], C[4 * i0 + 3], CI[i0]);
  addPoint(out, C[4 * i1], C[4 * i1 + 1], C[4 * i1 + 2], C[4 * i1 + 3], CI[i1]);
  if (i2 >= 0) addPoint(out, C[4 * i2], C[4 * i2 + 1], C[4 * i2 + 2], C[4 * i2 + 3], CI[i2]);
  if (i3 >= 0) addPoint(out, C[4 * i3], C[4 * i3 + 1], C[4 * i3 + 2], C[4 * i3 + 3], CI[i3]);
}

/** Signed area (× 2) of the triangle (i, j, k) of candidates about the normal n. */
function triArea(C: Float64Array, i: number, j: number, k: number, n: ArrayLike<number>): number {
  const ux = C[4 * j] - C[4 * i], uy = C[4 * j + 1] - C[4 * i + 1], uz = C[4 * j + 2] - C[4 * i + 2];
  const vx = C[4 * k] - C[4 * i], vy = C[4 * k + 1] - C[4 * i + 1], vz = C[4 * k + 2] - C[4 * i + 2];
  return (uy * vz - uz * vy) * n[0] + (uz * vx - ux * vz) * n[1] + (ux * vy - uy * vx) * n[2];
}

/**
 * Plane A (kind plane) against a convex B of kind `kindB` (cylinder or convex hull): the plane passes
 * through A's origin with normal R_A ŷ, the manifold normal (A to B) is that normal; B's points below
 * the margin are a hull's vertices, or a cylinder's supporting cap / side feature, reduced to four.
 */
export function makePlaneConvexCollide(kindB: number): CollideFn {
  return (out, a, b, ctx) => {
    const margin = out.margin;
    const c = ctx ?? createCollideContext();
    const cs = convexScratchOf(c);
    out.pointCount = 0;
    // plane normal = second column of R_A
    const x = a[3], y = a[4], z = a[5], w = a[6];
    const nx = 2 * (x * y - w * z), ny = 1 - 2 * (x * x + z * z), nz = 2 * (y * z + w * x);
    out.normal[0] = nx; out.normal[1] = ny; out.normal[2] = nz;
    const B = cs.proxyB;
    setProxyFromPose(B, kindB, b, 0, b, 7, c.dataB as ConvexHullData | undefined);
    const C = cs.cand, CI = cs.candId;
    let nc = 0;
    const f = cs.faceB;
    if (kindB === ShapeKind.convexHull) {
      const h = B.hull as ConvexHullData, v = h.vertices, r = B.rotation;
      f.count = 0;
      for (let i = 0; i < h.vertexCount && f.count < f.ids.length; i++) {
        const lx = v[3 * i], ly = v[3 * i + 1], lz = v[3 * i + 2], k = f.count++;
        f.points[3 * k] = B.position[0] + r[0] * lx + r[1] * ly + r[2] * lz;
        f.points[3 * k + 1] = B.position[1] + r[3] * lx + r[4] * ly + r[5] * lz;
        f.points[3 * k + 2] = B.position[2] + r[6] * lx + r[7] * ly + r[8] * lz;
        f.ids[k] = i;
      }
    } else {
      supportFace(B, -nx, -ny, -nz, f);
    }
    for (let k = 0; k < f.count; k++) {
      const px = f.points[3 * k], py = f.points[3 * k + 1], pz = f.points[3 * k + 2];
      const hgt = (px - a[0]) * nx + (py - a[1]) * ny + (pz - a[2]) * nz - B.radius;
      if (!(hgt < margin) || nc >= MAX_CLIP) continue;
      const m = B.radius + 0.5 * hgt;
      C[4 * nc] = px - m * nx; C[4 * nc + 1] = py - m * ny; C[4 * nc + 2] = pz - m * nz; C[4 * nc + 3] = hgt;
      CI[nc++] = ((f.face & 0x3ff) << 10) | (f.ids[k] & 0x3ff);
    }
    reduceToFour(out, C, CI, nc, out.normal);
  };
}
