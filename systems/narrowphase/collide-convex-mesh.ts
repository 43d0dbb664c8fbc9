/**
 * Narrowphase stage: a cylinder or a convex hull (A) against the triangles of a triangle mesh or a
 * heightfield (B, its asset `ctx.dataB`, `systems/shapes/triangle-mesh.ts`). The normal is written from
 * A to B. Scratch: `ctx.scratch.convexMesh` here, plus the convex scratch (`collide-convex.ts`) and the
 * mesh scratch (`collide-mesh.ts`, whose candidates and reduction this routine shares).
 *
 * A is taken into B's frame as a support-function proxy (`systems/shapes/convex-support.ts`), the
 * triangles near its AABB (grown by the margin) come from B's BVH, and each triangle adds candidate
 * contacts (point, normal from the triangle to A, separation, feature id):
 * - Plane test: the lowest point of A along the face normal N (its support point along −N) must be
 *   below the margin over the triangle's plane, and A's highest point must be in front of it (triangles
 *   are one-sided: a body wholly behind a triangle is not pushed through it).
 * - Face contact (the reference is the triangle's face, the normal N): A's supporting feature along −N
 *   (a hull face, a cylinder cap polygon or side segment) is clipped against the triangle's three edge
 *   planes (Sutherland & Hodgman 1974), and each point keeps its height over the plane as its
 *   separation; A's deepest vertex is added when it lies over the triangle (Gregorius 2015, "Robust
 *   Contact Creation for Physics Simulations", GDC).
 * - Edge or vertex contact: a triangle with an active edge first goes through the general convex pair
 *   (`collideConvexPair`: GJK, or EPA when the cores overlap, then face clipping; Gilbert, Johnson &
 *   Keerthi 1988; van den Bergen 2003). Where that normal is within 0.8° of N, or the triangle's closest
 *   feature (the barycentric region of the witness point on the triangle) is the face, an inactive edge
 *   or a vertex between two inactive edges, or the normal would push A behind the triangle, the
 *   contact is the face contact above instead. Otherwise the pair's points are kept with its normal.
 * Internal edges: flat and concave edges shared by two triangles are inactive (the mesh's edge flags),
 * so a triangle with no active edge gives only the face contact, and a body sliding across a flat mesh
 * meets only face normals and does not catch on the edges between triangles (Jolt's active edges;
 * Bullet's internal edge utility, Coumans 2010), as the sphere, box and capsule routines
 * (`collide-mesh.ts`) do.
 *
 * The candidates of all triangles are reduced to one manifold of up to four points as in
 * `collide-mesh.ts` (the deepest candidate's normal; candidates within ~18° of it; one per feature id;
 * the deepest, the farthest, the largest triangle and the largest outside area). Feature ids: a point of
 * A alone carries A's vertex (hull vertex index; cylinder 16 · feature + rim point), so warm starting
 * survives a point moving onto the next triangle; a clipped point carries 2³⁰ + 4096 · triangle
 * (mod 2¹⁶) + 1024 · edge + the id of the segment it cut; an edge contact's k-th point
 * 2³⁰ + 4096 · triangle + 3072 + k.
 */

import { ShapeKind } from '../../components/collider';
import type { ConvexHullData } from '../shapes/convex-hull';
import {
  createSupportFace, setProxyFromPose, setTriangleProxyFrom, support, supportAlong, supportFace, type ConvexProxy, type SupportFace,
} from '../shapes/convex-support';
import { queryTriangles, type TriangleMesh } from '../shapes/triangle-mesh';
import { collideConvexPair, convexScratchOf, type ConvexScratch } from './collide-convex';
import { candidate, loadTriangle, meshScratchOf, reduce, rotate, type MeshScratch } from './collide-mesh';
import {
  createCollideContext, createManifoldOut, type CollideContext, type CollideFn, type ManifoldOut, type PosedShape,
} from './manifold';

/** Most points of a clipped polygon (a hull face of up to 64 vertices plus three cuts). */
const MAX_CLIP = 72;
/** Cosine above which the pair's normal counts as the face normal (≈ 0.8°, as `collide-convex.ts`). */
const FACE_COS = 1 - 1e-4;
/** Barycentric weight below which the witness point lies on an edge or vertex of the triangle. */
const BARY_EPS = 1e-7;
/** Feature-id base of points made on the triangle (clipped points and edge contacts). */
const TRI_ID = 0x40000000;

/** Scratch of {@link makeConvexMeshCollide}'s routine (kept on the world's collide context). */
export interface ConvexMeshScratch {
  /** `[7]` A's pose in B's frame: position, quaternion x y z w. */
  pose: Float64Array;
  /** `[6]` two support points. */
  sup: Float64Array;
  /** A's supporting feature along −N. */
  face: SupportFace;
  /** Clipping buffers: points `[3 × MAX_CLIP]` and ids, ping-pong. */
  clipP: Float64Array;
  clipId: Int32Array;
  clipQ: Float64Array;
  clipQId: Int32Array;
  /** The general convex pair's manifold for a triangle with active edges. */
  pair: ManifoldOut;
}

function createConvexMeshScratch(): ConvexMeshScratch {
  return {
    pose: new Float64Array(7), sup: new Float64Array(6), face: createSupportFace(64),
    clipP: new Float64Array(3 * MAX_CLIP), clipId: new Int32Array(MAX_CLIP),
    clipQ: new Float64Array(3 * MAX_CLIP), clipQId: new Int32Array(MAX_CLIP), pair: createManifoldOut(),
  };
}

function scratchOf(ctx: CollideContext): ConvexMeshScratch {
  return (ctx.scratch.convexMesh ??= createConvexMeshScratch()) as ConvexMeshScratch;
}

/** The collide function of a convex kind `kindA` (cylinder or convex hull) against a mesh or heightfield. */
export function makeConvexMeshCollide(kindA: number): CollideFn {
  return (out, a, b, ctx) => collideConvexMesh(kindA, out, a, b, out.margin, ctx ?? createCollideContext());
}

function collideConvexMesh(kindA: number, out: ManifoldOut, a: PosedShape, b: PosedShape, margin: number, ctx: CollideContext): void {
  out.pointCount = 0;
  const mesh = ctx.dataB as TriangleMesh | undefined;
  if (mesh === undefined) return;
  const cs = convexScratchOf(ctx), ms = meshScratchOf(ctx), s = scratchOf(ctx);
  // A in B's frame: position q_B* (x_A − x_B), orientation q_B* q_A
  const P = s.pose;
  const x1 = -b[3], y1 = -b[4], z1 = -b[5], w1 = b[6];
  rotate(P, 0, x1, y1, z1, w1, a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const x2 = a[3], y2 = a[4], z2 = a[5], w2 = a[6];
  P[3] = w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2;
  P[4] = w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2;
  P[5] = w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2;
  P[6] = w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2;
  const A = cs.proxyA;
  setProxyFromPose(A, kindA, P, 0, a, 7, ctx.dataA as ConvexHullData | undefined);
  // A's AABB in B's frame from its support points along ±x, ±y, ±z, grown by the margin
  const pad = Math.max(margin, 0) + A.radius, box = ms.aabb, sup = s.sup;
  for (let i = 0; i < 3; i++) {
    support(A, i === 0 ? 1 : 0, i === 1 ? 1 : 0, i === 2 ? 1 : 0, sup, 0);
    support(A, i === 0 ? -1 : 0, i === 1 ? -1 : 0, i === 2 ? -1 : 0, sup, 3);
    box[i] = sup[3 + i] - pad; box[3 + i] = sup[i] + pad;
  }
  const q = ms.query;
  queryTriangles(mesh, box, 0, q);
  ms.count = 0;
  for (let k = 0; k < q.count; k++) {
    const t = q.tris[k];
    loadTriangle(ms, mesh, t);
    triangleContacts(s, ms, cs.proxyA, cs, mesh.edgeFlags[t], margin);
  }
  reduce(ms, 4, out, b);
}

/** The candidates of A against the current triangle of `ms` (see the file header). */
function triangleContacts(
  s: ConvexMeshScratch, ms: MeshScratch, A: ConvexProxy, cs: ConvexScratch, flags: number, margin: number,
): void {
  const t = ms.tri, N = ms.normal, sup = s.sup;
  const d0 = N[0] * t[0] + N[1] * t[1] + N[2] * t[2];
  const deepest = supportAlong(A, N, 0, -1, sup, 0);
  const low = N[0] * sup[0] + N[1] * sup[1] + N[2] * sup[2] - d0 - A.radius;
  if (!(low < margin)) return;
  supportAlong(A, N, 0, 1, sup, 3);
  if (N[0] * sup[3] + N[1] * sup[4] + N[2] * sup[5] - d0 + A.radius < 0) return; // wholly behind
  if (flags !== 0) {
    const T = cs.proxyB;
    setTriangleProxyFrom(T, t, 0);
    const pair = s.pair;
    collideConvexPair(pair, A, T, margin, cs);
    if (pair.pointCount === 0) return;
    // n: from A to the triangle; the contact's normal (triangle → A) is −n
    const n = pair.normal;
    const align = -(n[0] * N[0] + n[1] * N[1] + n[2] * N[2]);
    if (align < FACE_COS && align > 1e-6 && witnessOnActiveFeature(t, cs.witness, flags)) {
      const base = TRI_ID + 4096 * (ms.triIndex & 0xffff) + 3072;
      for (let m = 0; m < pair.pointCount; m++) {
        candidate(ms, pair.point[3 * m], pair.point[3 * m + 1], pair.point[3 * m + 2], -n[0], -n[1], -n[2], pair.separation[m], base + m);
      }
      return;
    }
  }
  faceContacts(s, ms, A, deepest, d0, margin);
}

/**
 * Whether the witness point on the triangle (`W[3..5]`) lies on an active edge, or on a vertex with an
 * active edge; on the face (all barycentric weights above {@link BARY_EPS}) it does not.
 */
function witnessOnActiveFeature(t: Float64Array, W: Float64Array, flags: number): boolean {
  const e0x = t[3] - t[0], e0y = t[4] - t[1], e0z = t[5] - t[2];
  const e1x = t[6] - t[0], e1y = t[7] - t[1], e1z = t[8] - t[2];
  const px = W[3] - t[0], py = W[4] - t[1], pz = W[5] - t[2];
  const d00 = e0x * e0x + e0y * e0y + e0z * e0z, d01 = e0x * e1x + e0y * e1y + e0z * e1z, d11 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d20 = px * e0x + py * e0y + pz * e0z, d21 = px * e1x + py * e1y + pz * e1z;
  const den = d00 * d11 - d01 * d01;
  if (!(den > 0)) return false;
  const w1 = (d11 * d20 - d01 * d21) / den, w2 = (d00 * d21 - d01 * d20) / den, w0 = 1 - w1 - w2;
  // edge k runs from vertex k to k + 1: edge 0 has w2 = 0, edge 1 w0 = 0, edge 2 w1 = 0
  const on0 = w2 < BARY_EPS, on1 = w0 < BARY_EPS, on2 = w1 < BARY_EPS;
  let mask = 0;
  if (on0) mask |= 1;
  if (on1) mask |= 2;
  if (on2) mask |= 4;
  // a vertex (two weights zero) touches its two edges; an edge one; the face none
  return (flags & mask) !== 0;
}

/** Feature id of A's supporting-feature point `k` (see the file header). */
function vertexId(A: ConvexProxy, f: SupportFace, k: number): number {
  return A.kind === ShapeKind.cylinder ? 16 * f.face + f.ids[k] : f.ids[k] & 0x3fffffff;
}

/** The face contact: A's feature along −N clipped by the triangle's edge planes (see the file header). */
function faceContacts(s: ConvexMeshScratch, ms: MeshScratch, A: ConvexProxy, deepest: number, d0: number, margin: number): void {
  const t = ms.tri, N = ms.normal, sup = s.sup, r = A.radius;
  const f = s.face;
  supportFace(A, -N[0], -N[1], -N[2], f);
  let Pb = s.clipP, Pi = s.clipId, Qb = s.clipQ, Qi = s.clipQId;
  let count = Math.min(f.count, MAX_CLIP);
  for (let k = 0; k < count; k++) {
    Pb[3 * k] = f.points[3 * k]; Pb[3 * k + 1] = f.points[3 * k + 1]; Pb[3 * k + 2] = f.points[3 * k + 2];
    Pi[k] = vertexId(A, f, k);
  }
  const triBase = TRI_ID + 4096 * (ms.triIndex & 0xffff);
  for (let e = 0; e < 3 && count > 0; e++) {
    const ia = 3 * e, ib = 3 * ((e + 1) % 3);
    const ex = t[ib] - t[ia], ey = t[ib + 1] - t[ia + 1], ez = t[ib + 2] - t[ia + 2];
    // inward edge normal N × e; keep m · p ≥ m · t_a
    const mx = N[1] * ez - N[2] * ey, my = N[2] * ex - N[0] * ez, mz = N[0] * ey - N[1] * ex;
    const dm = mx * t[ia] + my * t[ia + 1] + mz * t[ia + 2];
    let m = 0;
    for (let i = 0; i < count; i++) {
      const j = i + 1 === count ? 0 : i + 1;
      const di = mx * Pb[3 * i] + my * Pb[3 * i + 1] + mz * Pb[3 * i + 2] - dm;
      const dj = mx * Pb[3 * j] + my * Pb[3 * j + 1] + mz * Pb[3 * j + 2] - dm;
      if (di >= 0 && m < MAX_CLIP) {
        Qb[3 * m] = Pb[3 * i]; Qb[3 * m + 1] = Pb[3 * i + 1]; Qb[3 * m + 2] = Pb[3 * i + 2]; Qi[m++] = Pi[i];
      }
      // a segment (count 2) is one edge, not two
      if ((di >= 0) !== (dj >= 0) && m < MAX_CLIP && !(count === 2 && i === 1)) {
        const w = di / (di - dj);
        Qb[3 * m] = Pb[3 * i] + w * (Pb[3 * j] - Pb[3 * i]);
        Qb[3 * m + 1] = Pb[3 * i + 1] + w * (Pb[3 * j + 1] - Pb[3 * i + 1]);
        Qb[3 * m + 2] = Pb[3 * i + 2] + w * (Pb[3 * j + 2] - Pb[3 * i + 2]);
        Qi[m++] = triBase + 1024 * e + (Pi[i] & 0x3ff);
      }
    }
    count = m;
    const tp = Pb; Pb = Qb; Qb = tp;
    const ti = Pi; Pi = Qi; Qi = ti;
  }
  for (let k = 0; k < count; k++) addFacePoint(ms, Pb[3 * k], Pb[3 * k + 1], Pb[3 * k + 2], d0, r, margin, Pi[k]);
  // A hull's deepest vertex, when over the triangle (a hull's most aligned face need not hold it)
  if (deepest >= 0 && insideEdges(t, N, sup[0], sup[1], sup[2])) addFacePoint(ms, sup[0], sup[1], sup[2], d0, r, margin, deepest);
}

function addFacePoint(ms: MeshScratch, px: number, py: number, pz: number, d0: number, r: number, margin: number, id: number): void {
  const N = ms.normal;
  const sep = N[0] * px + N[1] * py + N[2] * pz - d0 - r;
  if (!(sep < margin)) return;
  const m = r + 0.5 * sep;
  candidate(ms, px - m * N[0], py - m * N[1], pz - m * N[2], N[0], N[1], N[2], sep, id);
}

/** Whether p lies inside the prism of the triangle's three edge planes. */
function insideEdges(t: Float64Array, N: Float64Array, px: number, py: number, pz: number): boolean {
  for (let e = 0; e < 3; e++) {
    const ia = 3 * e, ib = 3 * ((e + 1) % 3);
    const ex = t[ib] - t[ia], ey = t[ib + 1] - t[ia + 1], ez = t[ib + 2] - t[ia + 2];
    const mx = N[1] * ez - N[2] * ey, my = N[2] * ex - N[0] * ez, mz = N[0] * ey - N[1] * ex;
    if (mx * (px - t[ia]) + my * (py - t[ia + 1]) + mz * (pz - t[ia + 2]) < 0) return false;
  }
  return true;
}
