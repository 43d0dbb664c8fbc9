/**
 * Narrowphase stage: sphere, box and capsule (A) against the triangles of a triangle mesh or a
 * heightfield (B, its asset `ctx.dataB`, `systems/shapes/triangle-mesh.ts`). The normal is written from
 * A to B. Scratch: `ctx.scratch.mesh` (the world's narrowphase).
 *
 * A is taken into B's frame, the triangles near its AABB (grown by the margin) come from B's BVH, and
 * each triangle adds candidate contacts (point, normal from the triangle to A, separation, feature id):
 * - sphere: the closest point of the triangle to the centre (Ericson, "Real-Time Collision Detection"
 *   §5.1.5, with its Voronoi region: face, edge or vertex);
 * - capsule: each end cap as a sphere, and the closest points of the core segment and each active edge
 *   (Ericson §5.1.9);
 * - box: the separating axis test on the face normal, the box's three axes and the cross products of
 *   the box's axes with the triangle's active edges; the face normal wins unless another axis separates
 *   more by {@link AXIS_SLOP}. On the triangle's face the box face most opposed to the normal is clipped
 *   against the triangle's edge planes (Sutherland–Hodgman); on a box face the triangle is clipped
 *   against that face's side planes; on an edge pair, the closest points of the two edges.
 * Internal edges: a contact on an inactive edge or vertex (flat or concave, shared by two triangles)
 * takes the triangle's face normal (at the true distance); a box's triangle with no active edge has only
 * the face-normal axis. So a body sliding across a flat mesh meets only face normals and does not
 * catch on the edges between triangles. Triangles are one-sided: a body behind a triangle (centre
 * below its plane by more than its reach) is not pushed through it.
 *
 * The manifold's normal is the deepest candidate's; each point keeps the normal of its own triangle
 * (`ManifoldOut.pointNormals` when they differ: on a curved mesh a body rests on triangles of several
 * slopes, and with one normal for all, a point's separation would not follow the body's motion along
 * its own triangle, and the shared normal would jump from triangle to triangle as the deepest point
 * changed). The candidates whose normal is within ~18° of the deepest's are kept, those on the same
 * feature or at the same place (within 0.1 mm: the crossing of an edge two triangles share, made by
 * both) merged (the deepest kept, with the lower id, whichever triangle came first), and at most four
 * chosen: the deepest, the farthest from it, then the two that span the largest area (Bullet's
 * manifold reduction, Coumans 2006), each distance or area weighted by τ / (τ + s − s₀) (s the
 * candidate's separation, s₀ the deepest's, τ = 1 mm), so that the points a body rests on win over
 * speculative ones a few millimetres off the surface: on the triangles of a curved mesh a rock rests
 * on several points of several triangles, and a manifold that traded one of them for a far speculative
 * point left it rocking from step to step. Feature ids of points on a feature of A alone name that
 * feature (sphere 0; capsule end 0 / 1, core 2 + edge; box corner 0–7), so warm starting survives a
 * point moving onto the next triangle; points made by clipping carry the triangle index (1024 + 256
 * triangle + code).
 */

import { addPoint, createCollideContext, type CollideContext, type ManifoldOut, type PosedShape } from './manifold';
import { createTriangleQuery, queryTriangles, type TriangleMesh, type TriangleQuery } from '../shapes/triangle-mesh';

/** Another axis replaces a box's triangle-face axis only when it separates more by this (unit: m). */
export const AXIS_SLOP = 0.005;
/** Candidates kept per pair before the reduction. */
const MAX_CANDIDATES = 64;
/** Candidates whose normal has a smaller dot product with the manifold normal are dropped. */
const NORMAL_COS = 0.95;
/** Squared distance (m²) under which two candidates are one point (0.1 mm). */
const WELD2 = 1e-8;
/** Separation (m) over the deepest candidate's at which a candidate's weight in the choice of the
 * manifold's points halves: touching points are preferred to speculative ones farther away. */
const SPREAD_SEP = 1e-3;

const SPHERE = 1, BOX = 2, CAPSULE = 3;
/** Signs of the second and third axes at the four corners of a box face, counter-clockwise. */
const CORNER_J = [1, -1, -1, 1] as const, CORNER_K = [1, 1, -1, -1] as const;

/** Scratch of the mesh collide functions (kept on the world's collide context). */
export interface MeshScratch {
  query: TriangleQuery;
  /** A's pose in B's frame: centre `[3]`, axes (columns of the rotation) `[9]`. */
  centre: Float64Array;
  axes: Float64Array;
  aabb: Float64Array;
  /** The current triangle: index, vertices `[9]`, normal `[3]`. */
  triIndex: number;
  tri: Float64Array;
  /** The box's half extents `[3]`. */
  half: Float64Array;
  normal: Float64Array;
  /** Candidates: points `[3 × MAX]`, normals `[3 × MAX]` (triangle → A, B's frame), separations, ids. */
  point: Float64Array;
  cnormal: Float64Array;
  sep: Float64Array;
  id: Uint32Array;
  count: number;
  /** Clipping buffers `[3 × 16]` and their feature ids. */
  polyA: Float64Array;
  polyB: Float64Array;
  idA: Int32Array;
  idB: Int32Array;
  chosen: Int32Array;
}

function createMeshScratch(): MeshScratch {
  return {
    query: createTriangleQuery(), centre: new Float64Array(3), axes: new Float64Array(9), aabb: new Float64Array(6),
    triIndex: 0, tri: new Float64Array(9), half: new Float64Array(3), normal: new Float64Array(3),
    point: new Float64Array(3 * MAX_CANDIDATES), cnormal: new Float64Array(3 * MAX_CANDIDATES),
    sep: new Float64Array(MAX_CANDIDATES), id: new Uint32Array(MAX_CANDIDATES), count: 0,
    polyA: new Float64Array(48), polyB: new Float64Array(48), idA: new Int32Array(16), idB: new Int32Array(16),
    chosen: new Int32Array(4),
  };
}

/** The mesh scratch kept in a collide context (made on first use; shared with `collide-convex-mesh.ts`). */
export function meshScratchOf(ctx: CollideContext): MeshScratch {
  return (ctx.scratch.mesh ??= createMeshScratch()) as MeshScratch;
}

export function collideSphereMesh(out: ManifoldOut, a: PosedShape, b: PosedShape, ctx?: CollideContext): void {
  collideConvexMesh(SPHERE, out, a, b, out.margin, ctx);
}
export function collideBoxMesh(out: ManifoldOut, a: PosedShape, b: PosedShape, ctx?: CollideContext): void {
  collideConvexMesh(BOX, out, a, b, out.margin, ctx);
}
export function collideCapsuleMesh(out: ManifoldOut, a: PosedShape, b: PosedShape, ctx?: CollideContext): void {
  collideConvexMesh(CAPSULE, out, a, b, out.margin, ctx);
}

function collideConvexMesh(kind: number, out: ManifoldOut, a: PosedShape, b: PosedShape, margin: number, ctx = createCollideContext()): void {
  out.pointCount = 0;
  const mesh = ctx.dataB as TriangleMesh | undefined;
  if (mesh === undefined) return;
  const s = meshScratchOf(ctx);
  // A in B's frame: c = q_Bᵀ (x_A − x_B), axes = q_Bᵀ R_A
  const bx = -b[3], by = -b[4], bz = -b[5], bw = b[6];
  rotate(s.centre, 0, bx, by, bz, bw, a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const ax = a[3], ay = a[4], az = a[5], aw = a[6];
  for (let i = 0; i < 3; i++) {
    // column i of R_A
    const cx = i === 0 ? 1 - 2 * (ay * ay + az * az) : i === 1 ? 2 * (ax * ay - aw * az) : 2 * (ax * az + aw * ay);
    const cy = i === 0 ? 2 * (ax * ay + aw * az) : i === 1 ? 1 - 2 * (ax * ax + az * az) : 2 * (ay * az - aw * ax);
    const cz = i === 0 ? 2 * (ax * az - aw * ay) : i === 1 ? 2 * (ay * az + aw * ax) : 1 - 2 * (ax * ax + ay * ay);
    rotate(s.axes, 3 * i, bx, by, bz, bw, cx, cy, cz);
  }
  const c = s.centre, u = s.axes;
  let ex: number, ey: number, ez: number;
  if (kind === SPHERE) { ex = ey = ez = a[7]; } else if (kind === CAPSULE) {
    ex = Math.abs(u[3]) * a[8] + a[7]; ey = Math.abs(u[4]) * a[8] + a[7]; ez = Math.abs(u[5]) * a[8] + a[7];
  } else {
    ex = Math.abs(u[0]) * a[7] + Math.abs(u[3]) * a[8] + Math.abs(u[6]) * a[9];
    ey = Math.abs(u[1]) * a[7] + Math.abs(u[4]) * a[8] + Math.abs(u[7]) * a[9];
    ez = Math.abs(u[2]) * a[7] + Math.abs(u[5]) * a[8] + Math.abs(u[8]) * a[9];
  }
  const pad = Math.max(margin, 0);
  s.aabb[0] = c[0] - ex - pad; s.aabb[1] = c[1] - ey - pad; s.aabb[2] = c[2] - ez - pad;
  s.aabb[3] = c[0] + ex + pad; s.aabb[4] = c[1] + ey + pad; s.aabb[5] = c[2] + ez + pad;
  const q = s.query;
  queryTriangles(mesh, s.aabb, 0, q);
  s.count = 0;
  for (let k = 0; k < q.count; k++) {
    const t = q.tris[k];
    loadTriangle(s, mesh, t);
    const flags = mesh.edgeFlags[t];
    if (kind === SPHERE) sphereTriangle(s, c[0], c[1], c[2], a[7], flags, margin, 0);
    else if (kind === CAPSULE) capsuleTriangle(s, a[7], a[8], flags, margin);
    else { s.half[0] = a[7]; s.half[1] = a[8]; s.half[2] = a[9]; boxTriangle(s, a[7], a[8], a[9], flags, margin); }
  }
  reduce(s, kind === SPHERE ? 1 : 4, out, b);
}

/** out[o..] = q v q* for the quaternion (x, y, z, w). */
export function rotate(out: Float64Array, o: number, x: number, y: number, z: number, w: number, vx: number, vy: number, vz: number): void {
  const tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
  out[o] = vx + w * tx + (y * tz - z * ty);
  out[o + 1] = vy + w * ty + (z * tx - x * tz);
  out[o + 2] = vz + w * tz + (x * ty - y * tx);
}

/** Loads triangle `t` of `mesh` into `s`: its corners into `s.tri` (`[9]`, the mesh's frame, m), its
 * unit normal into `s.normal` and its index into `s.triIndex`. Shared with the convex–mesh routine. */
export function loadTriangle(s: MeshScratch, mesh: TriangleMesh, t: number): void {
  const v = mesh.vertices, idx = mesh.indices, tri = s.tri, n = s.normal;
  for (let j = 0; j < 3; j++) {
    const p = 3 * idx[3 * t + j];
    tri[3 * j] = v[p]; tri[3 * j + 1] = v[p + 1]; tri[3 * j + 2] = v[p + 2];
  }
  n[0] = mesh.normals[3 * t]; n[1] = mesh.normals[3 * t + 1]; n[2] = mesh.normals[3 * t + 2];
  s.triIndex = t;
}

/** Adds a candidate (B's frame): point, normal from the triangle to A, separation, id. When full, the
 * shallowest candidate gives way to a deeper one. */
export function candidate(s: MeshScratch, px: number, py: number, pz: number, nx: number, ny: number, nz: number, sep: number, id: number): void {
  let k = s.count;
  if (k === MAX_CANDIDATES) {
    let worst = 0;
    for (let i = 1; i < k; i++) if (s.sep[i] > s.sep[worst]) worst = i;
    if (!(sep < s.sep[worst])) return;
    k = worst;
  } else s.count++;
  s.point[3 * k] = px; s.point[3 * k + 1] = py; s.point[3 * k + 2] = pz;
  s.cnormal[3 * k] = nx; s.cnormal[3 * k + 1] = ny; s.cnormal[3 * k + 2] = nz;
  s.sep[k] = sep;
  s.id[k] = id;
}

/**
 * Sphere (centre c, radius r) against the current triangle. Region of the closest point: face, edge k
 * (between vertex k and k + 1) or vertex k; an inactive edge, or a vertex whose two edges are inactive,
 * gives the face normal.
 */
function sphereTriangle(s: MeshScratch, cx: number, cy: number, cz: number, r: number, flags: number, margin: number, id: number): void {
  const t = s.tri, n = s.normal;
  const plane = n[0] * (cx - t[0]) + n[1] * (cy - t[1]) + n[2] * (cz - t[2]);
  if (plane < -r || plane - r >= margin) return; // behind the triangle, or too far from its plane
  // closest point (Ericson §5.1.5)
  const abx = t[3] - t[0], aby = t[4] - t[1], abz = t[5] - t[2];
  const acx = t[6] - t[0], acy = t[7] - t[1], acz = t[8] - t[2];
  const apx = cx - t[0], apy = cy - t[1], apz = cz - t[2];
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  let qx: number, qy: number, qz: number, region: number; // region: 0 face, 1..3 edge k + 1, 4..6 vertex k + 4
  if (d1 <= 0 && d2 <= 0) { qx = t[0]; qy = t[1]; qz = t[2]; region = 4; } else {
    const bpx = cx - t[3], bpy = cy - t[4], bpz = cz - t[5];
    const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
    if (d3 >= 0 && d4 <= d3) { qx = t[3]; qy = t[4]; qz = t[5]; region = 5; } else {
      const vc = d1 * d4 - d3 * d2;
      if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        const w = d1 / (d1 - d3);
        qx = t[0] + w * abx; qy = t[1] + w * aby; qz = t[2] + w * abz; region = 1;
      } else {
        const cpx = cx - t[6], cpy = cy - t[7], cpz = cz - t[8];
        const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) { qx = t[6]; qy = t[7]; qz = t[8]; region = 6; } else {
          const vb = d5 * d2 - d1 * d6;
          if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            const w = d2 / (d2 - d6);
            qx = t[0] + w * acx; qy = t[1] + w * acy; qz = t[2] + w * acz; region = 3;
          } else {
            const va = d3 * d6 - d5 * d4;
            if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
              const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
              qx = t[3] + w * (t[6] - t[3]); qy = t[4] + w * (t[7] - t[4]); qz = t[5] + w * (t[8] - t[5]); region = 2;
            } else {
              qx = cx - plane * n[0]; qy = cy - plane * n[1]; qz = cz - plane * n[2]; region = 0;
            }
          }
        }
      }
    }
  }
  let active: boolean;
  if (region === 0) active = false;
  else if (region <= 3) active = (flags & (1 << (region - 1))) !== 0;
  else { const k = region - 4; active = (flags & ((1 << k) | (1 << ((k + 2) % 3)))) !== 0; }
  // face: the face normal and the plane distance; an active edge or vertex: the direction from the
  // closest point; an inactive one: the face normal, at the true distance (the triangle's neighbour
  // across the edge holds the face contact when the sphere is over it)
  let nx = n[0], ny = n[1], nz = n[2], sep = plane - r;
  if (region !== 0) {
    const dx = cx - qx, dy = cy - qy, dz = cz - qz;
    const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
    sep = dist - r;
    if (active && plane > 0 && dist > 1e-12) { nx = dx / dist; ny = dy / dist; nz = dz / dist; }
  }
  if (!(sep < margin)) return;
  candidate(s, cx - nx * (r + 0.5 * sep), cy - ny * (r + 0.5 * sep), cz - nz * (r + 0.5 * sep), nx, ny, nz, sep, id);
}

/** Capsule (core along A's second axis, radius r, half height hh) against the current triangle. */
function capsuleTriangle(s: MeshScratch, r: number, hh: number, flags: number, margin: number): void {
  const c = s.centre, u = s.axes;
  const p0x = c[0] - u[3] * hh, p0y = c[1] - u[4] * hh, p0z = c[2] - u[5] * hh;
  const p1x = c[0] + u[3] * hh, p1y = c[1] + u[4] * hh, p1z = c[2] + u[5] * hh;
  sphereTriangle(s, p0x, p0y, p0z, r, flags, margin, 0);
  sphereTriangle(s, p1x, p1y, p1z, r, flags, margin, 1);
  if (flags === 0) return;
  // the core against each active edge, where the closest point is inside the core
  const t = s.tri, n = s.normal;
  const dx = p1x - p0x, dy = p1y - p0y, dz = p1z - p0z;
  for (let k = 0; k < 3; k++) {
    if ((flags & (1 << k)) === 0) continue;
    const ax = t[3 * k], ay = t[3 * k + 1], az = t[3 * k + 2];
    const j = 3 * ((k + 1) % 3);
    const ex = t[j] - ax, ey = t[j + 1] - ay, ez = t[j + 2] - az;
    // closest points of p0 + s d and a + w e (Ericson §5.1.9)
    const rx = p0x - ax, ry = p0y - ay, rz = p0z - az;
    const aa = dx * dx + dy * dy + dz * dz, ee = ex * ex + ey * ey + ez * ez, f = ex * rx + ey * ry + ez * rz;
    const cc = dx * rx + dy * ry + dz * rz, bb = dx * ex + dy * ey + dz * ez;
    const den = aa * ee - bb * bb;
    if (!(den > 1e-12 * aa * ee)) continue; // parallel: the end caps cover it
    let sp = (bb * f - cc * ee) / den;
    if (sp <= 0 || sp >= 1) continue; // an end cap's contact
    let w = (bb * sp + f) / ee;
    if (w < 0) { w = 0; sp = Math.min(1, Math.max(0, -cc / aa)); } else if (w > 1) { w = 1; sp = Math.min(1, Math.max(0, (bb - cc) / aa)); }
    const qx = p0x + sp * dx, qy = p0y + sp * dy, qz = p0z + sp * dz;
    const ox = ax + w * ex, oy = ay + w * ey, oz = az + w * ez;
    let mx = qx - ox, my = qy - oy, mz = qz - oz;
    const dist = Math.sqrt(mx * mx + my * my + mz * mz);
    if (dist < 1e-12 || n[0] * (qx - ax) + n[1] * (qy - ay) + n[2] * (qz - az) <= 0) continue;
    mx /= dist; my /= dist; mz /= dist;
    const sep = dist - r;
    if (!(sep < margin)) continue;
    candidate(s, qx - mx * (r + 0.5 * sep), qy - my * (r + 0.5 * sep), qz - mz * (r + 0.5 * sep), mx, my, mz, sep, 2 + k);
  }
}

/** Box (centre and axes in the scratch, half extents h) against the current triangle. */
function boxTriangle(s: MeshScratch, h0: number, h1: number, h2: number, flags: number, margin: number): void {
  const c = s.centre, u = s.axes, t = s.tri, n = s.normal, h = s.half;
  // axis 0: the face normal (one-sided)
  const faceSep = projectSeparation(s, n[0], n[1], n[2], h0, h1, h2);
  if (faceSep >= margin) return;
  if (faceSep < -boxReach(u, n[0], n[1], n[2], h0, h1, h2) * 2) return; // wholly behind the triangle
  let best = faceSep, bx = n[0], by = n[1], bz = n[2], axis = -1, edge = -1;
  if (flags !== 0) {
    const ccx = (t[0] + t[3] + t[6]) / 3, ccy = (t[1] + t[4] + t[7]) / 3, ccz = (t[2] + t[5] + t[8]) / 3;
    // the box's axes
    for (let i = 0; i < 3; i++) {
      let lx = u[3 * i], ly = u[3 * i + 1], lz = u[3 * i + 2];
      if (lx * (c[0] - ccx) + ly * (c[1] - ccy) + lz * (c[2] - ccz) < 0) { lx = -lx; ly = -ly; lz = -lz; }
      const sep = projectSeparation(s, lx, ly, lz, h0, h1, h2);
      if (sep >= margin) return;
      if (sep > best + AXIS_SLOP) { best = sep; bx = lx; by = ly; bz = lz; axis = i; edge = -1; }
    }
    // the box's axes × the active edges
    for (let k = 0; k < 3; k++) {
      if ((flags & (1 << k)) === 0) continue;
      const j = 3 * ((k + 1) % 3);
      const ex = t[j] - t[3 * k], ey = t[j + 1] - t[3 * k + 1], ez = t[j + 2] - t[3 * k + 2];
      for (let i = 0; i < 3; i++) {
        let lx = u[3 * i + 1] * ez - u[3 * i + 2] * ey, ly = u[3 * i + 2] * ex - u[3 * i] * ez, lz = u[3 * i] * ey - u[3 * i + 1] * ex;
        const len = Math.sqrt(lx * lx + ly * ly + lz * lz);
        if (len < 1e-9 * Math.sqrt(ex * ex + ey * ey + ez * ez)) continue;
        lx /= len; ly /= len; lz /= len;
        if (lx * (c[0] - ccx) + ly * (c[1] - ccy) + lz * (c[2] - ccz) < 0) { lx = -lx; ly = -ly; lz = -lz; }
        const sep = projectSeparation(s, lx, ly, lz, h0, h1, h2);
        if (sep >= margin) return;
        if (sep > best + AXIS_SLOP) { best = sep; bx = lx; by = ly; bz = lz; axis = i; edge = k; }
      }
    }
  }
  if (axis < 0) { faceContacts(s, h, margin); return; }
  if (edge < 0) { boxFaceContacts(s, h, axis, bx, by, bz, margin); return; }
  edgeContact(s, h, axis, edge, bx, by, bz, best, margin);
}

/** |R h| along the unit axis l: the box's half width along it. */
function boxReach(u: Float64Array, lx: number, ly: number, lz: number, h0: number, h1: number, h2: number): number {
  return Math.abs(u[0] * lx + u[1] * ly + u[2] * lz) * h0 + Math.abs(u[3] * lx + u[4] * ly + u[5] * lz) * h1
    + Math.abs(u[6] * lx + u[7] * ly + u[8] * lz) * h2;
}

/** Separation of the box from the triangle along the unit axis l (pointing from the triangle to the box). */
function projectSeparation(s: MeshScratch, lx: number, ly: number, lz: number, h0: number, h1: number, h2: number): number {
  const c = s.centre, t = s.tri;
  const boxMin = c[0] * lx + c[1] * ly + c[2] * lz - boxReach(s.axes, lx, ly, lz, h0, h1, h2);
  const triMax = Math.max(t[0] * lx + t[1] * ly + t[2] * lz, t[3] * lx + t[4] * ly + t[5] * lz, t[6] * lx + t[7] * ly + t[8] * lz);
  return boxMin - triMax;
}

/** The triangle's face is the reference: the box face most opposed to its normal, clipped by the
 * triangle's edge planes; points below margin become candidates (ids: box corner 0–7, crossings 8 +). */
function faceContacts(s: MeshScratch, h: Float64Array, margin: number): void {
  const c = s.centre, u = s.axes, t = s.tri, n = s.normal;
  let fi = 0, fd = 0;
  for (let i = 0; i < 3; i++) {
    const d = u[3 * i] * n[0] + u[3 * i + 1] * n[1] + u[3 * i + 2] * n[2];
    if (Math.abs(d) > Math.abs(fd)) { fd = d; fi = i; }
  }
  const sign = fd > 0 ? -1 : 1; // the face whose outward normal is sign·u_fi faces the triangle
  const j = (fi + 1) % 3, k = (fi + 2) % 3;
  const P = s.polyA, ids = s.idA;
  for (let m = 0; m < 4; m++) {
    const sj = CORNER_J[m], sk = CORNER_K[m];
    for (let a = 0; a < 3; a++) {
      P[3 * m + a] = c[a] + sign * h[fi] * u[3 * fi + a] + sj * h[j] * u[3 * j + a] + sk * h[k] * u[3 * k + a];
    }
    // corner id: bit per axis, set for the negative side
    const sx = fi === 0 ? sign : j === 0 ? sj : sk, sy = fi === 1 ? sign : j === 1 ? sj : sk, sz = fi === 2 ? sign : j === 2 ? sj : sk;
    ids[m] = (sx < 0 ? 1 : 0) | (sy < 0 ? 2 : 0) | (sz < 0 ? 4 : 0);
  }
  let count = 4;
  let inP = P, inIds = ids, outP = s.polyB, outIds = s.idB;
  for (let e = 0; e < 3 && count > 0; e++) {
    const a = 3 * e, b = 3 * ((e + 1) % 3);
    const ex = t[b] - t[a], ey = t[b + 1] - t[a + 1], ez = t[b + 2] - t[a + 2];
    // inward edge normal n × e
    const mx = n[1] * ez - n[2] * ey, my = n[2] * ex - n[0] * ez, mz = n[0] * ey - n[1] * ex;
    count = clip(inP, inIds, count, outP, outIds, mx, my, mz, mx * t[a] + my * t[a + 1] + mz * t[a + 2], 1024 + 256 * s.triIndex + 8 + 4 * e);
    const tp = inP; inP = outP; outP = tp;
    const ti = inIds; inIds = outIds; outIds = ti;
  }
  for (let m = 0; m < count; m++) {
    const px = inP[3 * m], py = inP[3 * m + 1], pz = inP[3 * m + 2];
    const sep = n[0] * (px - t[0]) + n[1] * (py - t[1]) + n[2] * (pz - t[2]);
    if (!(sep < margin)) continue;
    candidate(s, px - 0.5 * sep * n[0], py - 0.5 * sep * n[1], pz - 0.5 * sep * n[2], n[0], n[1], n[2], sep, inIds[m]);
  }
}

/** Sutherland–Hodgman: keeps the part of the polygon with m · p ≥ d; new points get id base + edge. */
function clip(
  P: Float64Array, ids: Int32Array, count: number, out: Float64Array, outIds: Int32Array,
  mx: number, my: number, mz: number, d: number, base: number,
): number {
  let k = 0;
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count;
    const di = mx * P[3 * i] + my * P[3 * i + 1] + mz * P[3 * i + 2] - d;
    const dj = mx * P[3 * j] + my * P[3 * j + 1] + mz * P[3 * j + 2] - d;
    if (di >= 0 && k < 16) {
      out[3 * k] = P[3 * i]; out[3 * k + 1] = P[3 * i + 1]; out[3 * k + 2] = P[3 * i + 2]; outIds[k++] = ids[i];
    }
    if ((di >= 0) !== (dj >= 0) && k < 16) {
      const w = di / (di - dj);
      for (let a = 0; a < 3; a++) out[3 * k + a] = P[3 * i + a] + w * (P[3 * j + a] - P[3 * i + a]);
      outIds[k++] = base + 16 * (ids[i] & 7) + (i & 3);
    }
  }
  return k;
}

/** A box face is the reference (its outward normal −l, l from the triangle to the box): the triangle,
 * in the box's frame, clipped by the face's side planes; ids 64 + …. */
function boxFaceContacts(s: MeshScratch, h: Float64Array, axis: number, lx: number, ly: number, lz: number, margin: number): void {
  const c = s.centre, u = s.axes, t = s.tri;
  const P = s.polyA, ids = s.idA;
  // triangle vertices in box coordinates
  for (let v = 0; v < 3; v++) {
    const dx = t[3 * v] - c[0], dy = t[3 * v + 1] - c[1], dz = t[3 * v + 2] - c[2];
    for (let i = 0; i < 3; i++) P[3 * v + i] = u[3 * i] * dx + u[3 * i + 1] * dy + u[3 * i + 2] * dz;
    ids[v] = 1024 + 256 * s.triIndex + 64 + v;
  }
  const sgn = u[3 * axis] * lx + u[3 * axis + 1] * ly + u[3 * axis + 2] * lz > 0 ? -1 : 1; // face at x_axis = sgn·h
  let count = 3;
  let inP = P, inIds = ids, outP = s.polyB, outIds = s.idB;
  for (let side = 0; side < 4 && count > 0; side++) {
    const i = (axis + 1 + (side >> 1)) % 3, sg = side & 1 ? -1 : 1;
    // keep −sg x_i ≥ −h_i, i.e. sg x_i ≤ h_i
    const mx = i === 0 ? -sg : 0, my = i === 1 ? -sg : 0, mz = i === 2 ? -sg : 0;
    count = clip(inP, inIds, count, outP, outIds, mx, my, mz, -h[i], 1024 + 256 * s.triIndex + 72 + 4 * side);
    const tp = inP; inP = outP; outP = tp;
    const ti = inIds; inIds = outIds; outIds = ti;
  }
  for (let m = 0; m < count; m++) {
    const sep = sgn * inP[3 * m + axis] - h[axis];
    if (!(sep < margin)) continue;
    // back to B's frame
    const x = inP[3 * m], y = inP[3 * m + 1], z = inP[3 * m + 2];
    const px = c[0] + u[0] * x + u[3] * y + u[6] * z, py = c[1] + u[1] * x + u[4] * y + u[7] * z, pz = c[2] + u[2] * x + u[5] * y + u[8] * z;
    candidate(s, px + 0.5 * sep * lx, py + 0.5 * sep * ly, pz + 0.5 * sep * lz, lx, ly, lz, sep, inIds[m]);
  }
}

/** Edge–edge: the box edge parallel to axis `axis` nearest the triangle along −l and triangle edge `k`;
 * one point at the middle of their closest points (id 160 + 3 axis + k). */
function edgeContact(
  s: MeshScratch, h: Float64Array, axis: number, k: number, lx: number, ly: number, lz: number, sep: number, margin: number,
): void {
  if (!(sep < margin)) return;
  const c = s.centre, u = s.axes, t = s.tri;
  // the box edge's midpoint: the support point against l in the two other axes
  let mx = c[0], my = c[1], mz = c[2];
  for (let i = 0; i < 3; i++) {
    if (i === axis) continue;
    const d = u[3 * i] * lx + u[3 * i + 1] * ly + u[3 * i + 2] * lz;
    const sg = d > 0 ? -1 : 1;
    mx += sg * h[i] * u[3 * i]; my += sg * h[i] * u[3 * i + 1]; mz += sg * h[i] * u[3 * i + 2];
  }
  const dx = u[3 * axis] * h[axis], dy = u[3 * axis + 1] * h[axis], dz = u[3 * axis + 2] * h[axis];
  const p0x = mx - dx, p0y = my - dy, p0z = mz - dz;
  const a = 3 * k, b = 3 * ((k + 1) % 3);
  const ex = t[b] - t[a], ey = t[b + 1] - t[a + 1], ez = t[b + 2] - t[a + 2];
  const Dx = 2 * dx, Dy = 2 * dy, Dz = 2 * dz;
  const rx = p0x - t[a], ry = p0y - t[a + 1], rz = p0z - t[a + 2];
  const aa = Dx * Dx + Dy * Dy + Dz * Dz, ee = ex * ex + ey * ey + ez * ez, f = ex * rx + ey * ry + ez * rz;
  const cc = Dx * rx + Dy * ry + Dz * rz, bb = Dx * ex + Dy * ey + Dz * ez;
  const den = aa * ee - bb * bb;
  let sp = den > 0 ? Math.min(1, Math.max(0, (bb * f - cc * ee) / den)) : 0.5;
  let w = (bb * sp + f) / ee;
  if (w < 0) { w = 0; sp = Math.min(1, Math.max(0, -cc / aa)); } else if (w > 1) { w = 1; sp = Math.min(1, Math.max(0, (bb - cc) / aa)); }
  const qx = 0.5 * (p0x + sp * Dx + t[a] + w * ex), qy = 0.5 * (p0y + sp * Dy + t[a + 1] + w * ey), qz = 0.5 * (p0z + sp * Dz + t[a + 2] + w * ez);
  candidate(s, qx, qy, qz, lx, ly, lz, sep, 1024 + 256 * s.triIndex + 160 + 3 * axis + k);
}

/** Picks the manifold from the candidates (see the file header) and writes it in the world frame
 * (`b` is B's posed shape: the candidates are in its frame). */
export function reduce(s: MeshScratch, maxPoints: number, out: ManifoldOut, b: PosedShape): void {
  const m = s.count;
  if (m === 0) return;
  let deepest = 0;
  for (let i = 1; i < m; i++) if (s.sep[i] < s.sep[deepest] || (s.sep[i] === s.sep[deepest] && s.id[i] < s.id[deepest])) deepest = i;
  const N = s.cnormal, nx = N[3 * deepest], ny = N[3 * deepest + 1], nz = N[3 * deepest + 2];
  // drop candidates off the normal; merge those of one feature (deepest kept)
  let kept = 0;
  for (let i = 0; i < m; i++) {
    if (N[3 * i] * nx + N[3 * i + 1] * ny + N[3 * i + 2] * nz < NORMAL_COS) continue;
    let dup = -1;
    for (let j = 0; j < kept; j++) if (s.id[j] === s.id[i] || dist2(s.point, i, j) < WELD2) { dup = j; break; }
    const to = dup >= 0 ? dup : kept++;
    // one point of two that coincide (a crossing on an edge two triangles share): the deeper, with the
    // lower id, so that the id does not depend on which triangle came first
    const id = dup >= 0 && s.id[dup] < s.id[i] ? s.id[dup] : s.id[i];
    if (dup >= 0 && !(s.sep[i] < s.sep[dup])) { s.id[dup] = id; continue; }
    s.id[i] = id;
    if (to !== i) {
      s.point[3 * to] = s.point[3 * i]; s.point[3 * to + 1] = s.point[3 * i + 1]; s.point[3 * to + 2] = s.point[3 * i + 2];
      N[3 * to] = N[3 * i]; N[3 * to + 1] = N[3 * i + 1]; N[3 * to + 2] = N[3 * i + 2];
      s.sep[to] = s.sep[i]; s.id[to] = s.id[i];
    }
  }
  const P = s.point, ch = s.chosen;
  let count = 0;
  // 1: deepest; 2: farthest from it; 3: largest triangle; 4: most outside that triangle
  let best = 0;
  for (let i = 1; i < kept; i++) if (s.sep[i] < s.sep[best] || (s.sep[i] === s.sep[best] && s.id[i] < s.id[best])) best = i;
  ch[count++] = best;
  if (maxPoints > 1 && kept > 1) {
    const s0 = s.sep[best];
    let far = -1, fd = 1e-12;
    for (let i = 0; i < kept; i++) {
      const d = dist2(P, i, ch[0]) * weight(s.sep[i] - s0);
      if (d > fd) { fd = d; far = i; }
    }
    if (far >= 0) {
      ch[count++] = far;
      let third = -1, ta = 1e-12;
      for (let i = 0; i < kept; i++) {
        const a = Math.abs(area2(P, ch[0], ch[1], i, nx, ny, nz)) * weight(s.sep[i] - s0);
        if (a > ta) { ta = a; third = i; }
      }
      if (third >= 0) {
        ch[count++] = third;
        ta = Math.abs(area2(P, ch[0], ch[1], third, nx, ny, nz));
        let fourth = -1, fa = 1e-12;
        for (let i = 0; i < kept; i++) {
          if (i === ch[0] || i === ch[1] || i === third) continue;
          const a = Math.abs(area2(P, ch[0], ch[1], i, nx, ny, nz)) + Math.abs(area2(P, ch[1], third, i, nx, ny, nz))
            + Math.abs(area2(P, third, ch[0], i, nx, ny, nz)) - ta;
          const sa = a * weight(s.sep[i] - s0);
          if (sa > fa) { fa = sa; fourth = i; }
        }
        if (fourth >= 0) ch[count++] = fourth;
      }
    }
  }
  // world frame: normal from A to B = −(R_B N)
  const qx = b[3], qy = b[4], qz = b[5], qw = b[6];
  const w = s.aabb; // reuse as a 3-vector
  rotate(w, 0, qx, qy, qz, qw, -nx, -ny, -nz);
  out.normal[0] = w[0]; out.normal[1] = w[1]; out.normal[2] = w[2];
  for (let k = 0; k < count; k++) {
    const i = ch[k];
    rotate(w, 0, qx, qy, qz, qw, P[3 * i], P[3 * i + 1], P[3 * i + 2]);
    addPoint(out, b[0] + w[0], b[1] + w[1], b[2] + w[2], s.sep[i], s.id[i]);
  }
  // points on triangles of other slopes (a curved mesh) keep their own normals (see the file header)
  let own = false;
  for (let k = 0; k < count; k++) {
    const i = ch[k];
    if (N[3 * i] !== nx || N[3 * i + 1] !== ny || N[3 * i + 2] !== nz) own = true;
  }
  if (own) {
    out.pointNormals = true;
    const pn = out.pointNormal;
    for (let k = 0; k < count; k++) {
      const i = ch[k];
      rotate(w, 0, qx, qy, qz, qw, -N[3 * i], -N[3 * i + 1], -N[3 * i + 2]);
      pn[3 * k] = w[0]; pn[3 * k + 1] = w[1]; pn[3 * k + 2] = w[2];
    }
  }
}

/** Weight of a candidate `excess` m above the deepest one in the choice of the manifold's points. */
function weight(excess: number): number {
  return SPREAD_SEP / (SPREAD_SEP + excess);
}

function dist2(P: Float64Array, i: number, j: number): number {
  const dx = P[3 * i] - P[3 * j], dy = P[3 * i + 1] - P[3 * j + 1], dz = P[3 * i + 2] - P[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}

/** Twice the signed area of triangle (i, j, k) seen along the normal. */
function area2(P: Float64Array, i: number, j: number, k: number, nx: number, ny: number, nz: number): number {
  const ax = P[3 * j] - P[3 * i], ay = P[3 * j + 1] - P[3 * i + 1], az = P[3 * j + 2] - P[3 * i + 2];
  const bx = P[3 * k] - P[3 * i], by = P[3 * k + 1] - P[3 * i + 1], bz = P[3 * k + 2] - P[3 * i + 2];
  return nx * (ay * bz - az * by) + ny * (az * bx - ax * bz) + nz * (ax * by - ay * bx);
}
