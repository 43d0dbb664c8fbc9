/**
 * EPA, the expanding polytope algorithm (van den Bergen 2001, "Proximity Queries and Penetration Depth
 * Computation on 3D Game Objects"; 2003 book §4.3.8): the penetration depth and normal of two
 * intersecting convex cores. Starting from GJK's final simplex (blown up to a tetrahedron around the
 * origin when GJK stopped with fewer points), the polytope inside the Minkowski difference A − B is
 * grown toward its boundary: the face closest to the origin is pushed out by the support point along
 * its normal, the faces that point sees are removed and the hole (its horizon) is closed with new
 * faces to the point. It stops when the support point gains less than ε = 1e-9 m + 1e-9 × the face's
 * distance over that face, or after 64 rounds (curved shapes converge only linearly: the result is then
 * the best face found). The penetration normal n (from A to B) is the closest face's normal, the depth
 * its distance; the witness points are the barycentric combination of that face's support points.
 *
 * Nothing is allocated: the polytope lives in an {@link EpaScratch} kept by the caller.
 */

import { supportAlong, type ConvexProxy } from './convex-support';
import type { GjkScratch } from './gjk';

const MAX_VERTICES = 96;
const MAX_FACES = 2 * MAX_VERTICES;
const MAX_ROUNDS = 64;

export interface EpaScratch {
  vertexCount: number;
  /** `[3 × MAX_VERTICES]` polytope vertices w = a − b, and their support points a on A, b on B. */
  w: Float64Array;
  a: Float64Array;
  b: Float64Array;
  faceCount: number;
  /** `[3 × MAX_FACES]` vertex indices of each face (counter-clockwise from outside). */
  faces: Int32Array;
  /** `[4 × MAX_FACES]` outward unit normal and distance of each face from the origin. */
  planes: Float64Array;
  /** `[MAX_FACES]` 1 while the face is part of the polytope. */
  alive: Uint8Array;
  /** `[2 × 3 · MAX_FACES]` horizon edges. */
  edges: Int32Array;
  tmp: Float64Array;
  /** `[3]` the direction of the next support point. */
  dir: Float64Array;
}

/** What {@link epaPenetration} finds. */
export interface EpaResult {
  /** Penetration depth of the cores (unit: m, ≥ 0). */
  depth: number;
  /** `[3]` unit normal from A to B (world): moving B by depth·normal separates the cores. */
  normal: Float64Array;
  /** `[3]` deepest point of A's core inside B, and of B's core inside A (world). */
  pointA: Float64Array;
  pointB: Float64Array;
}

export function createEpaScratch(): EpaScratch {
  return {
    vertexCount: 0, w: new Float64Array(3 * MAX_VERTICES), a: new Float64Array(3 * MAX_VERTICES), b: new Float64Array(3 * MAX_VERTICES),
    faceCount: 0, faces: new Int32Array(3 * MAX_FACES), planes: new Float64Array(4 * MAX_FACES), alive: new Uint8Array(MAX_FACES),
    edges: new Int32Array(6 * MAX_FACES), tmp: new Float64Array(6), dir: new Float64Array(3),
  };
}

export function createEpaResult(): EpaResult {
  return { depth: 0, normal: new Float64Array(3), pointA: new Float64Array(3), pointB: new Float64Array(3) };
}

/** Adds the support point along the direction in `e.dir` (a direction in an array: V8 boxes the
 * doubles passed to a function it does not inline). */
function addVertex(e: EpaScratch, A: ConvexProxy, B: ConvexProxy): number {
  const t = e.tmp;
  supportAlong(A, e.dir, 0, 1, t, 0);
  supportAlong(B, e.dir, 0, -1, t, 3);
  const k = e.vertexCount++;
  e.a[3 * k] = t[0]; e.a[3 * k + 1] = t[1]; e.a[3 * k + 2] = t[2];
  e.b[3 * k] = t[3]; e.b[3 * k + 1] = t[4]; e.b[3 * k + 2] = t[5];
  e.w[3 * k] = t[0] - t[3]; e.w[3 * k + 1] = t[1] - t[4]; e.w[3 * k + 2] = t[2] - t[5];
  return k;
}

function dist2(e: EpaScratch, i: number, j: number): number {
  const w = e.w;
  const x = w[3 * i] - w[3 * j], y = w[3 * i + 1] - w[3 * j + 1], z = w[3 * i + 2] - w[3 * j + 2];
  return x * x + y * y + z * z;
}

/** Adds face (i, j, k); returns false when it is degenerate. */
function addFace(e: EpaScratch, i: number, j: number, k: number): boolean {
  const w = e.w;
  const ax = w[3 * i], ay = w[3 * i + 1], az = w[3 * i + 2];
  const ux = w[3 * j] - ax, uy = w[3 * j + 1] - ay, uz = w[3 * j + 2] - az;
  const vx = w[3 * k] - ax, vy = w[3 * k + 1] - ay, vz = w[3 * k + 2] - az;
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(l > 0) || e.faceCount >= MAX_FACES) return false;
  nx /= l; ny /= l; nz /= l;
  const f = e.faceCount++;
  e.faces[3 * f] = i; e.faces[3 * f + 1] = j; e.faces[3 * f + 2] = k;
  e.planes[4 * f] = nx; e.planes[4 * f + 1] = ny; e.planes[4 * f + 2] = nz;
  e.planes[4 * f + 3] = nx * ax + ny * ay + nz * az;
  e.alive[f] = 1;
  return true;
}

/**
 * Penetration of the cores of `A` and `B`, which GJK (`g`, its final simplex) found intersecting.
 * Returns false when no polytope could be built (the cores only touch: depth 0, no normal).
 */
export function epaPenetration(e: EpaScratch, g: GjkScratch, A: ConvexProxy, B: ConvexProxy, out: EpaResult): boolean {
  e.vertexCount = 0;
  e.faceCount = 0;
  for (let k = 0; k < g.count; k++) {
    const v = e.vertexCount++;
    for (let c = 0; c < 3; c++) { e.w[3 * v + c] = g.w[3 * k + c]; e.a[3 * v + c] = g.a[3 * k + c]; e.b[3 * v + c] = g.b[3 * k + c]; }
  }
  if (!blowUp(e, A, B)) return false;
  // orient the tetrahedron: face (0 1 2) must have vertex 3 behind it
  const w = e.w;
  const ux = w[3] - w[0], uy = w[4] - w[1], uz = w[5] - w[2];
  const vx = w[6] - w[0], vy = w[7] - w[1], vz = w[8] - w[2];
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const side = nx * (w[9] - w[0]) + ny * (w[10] - w[1]) + nz * (w[11] - w[2]);
  if (side === 0) return false;
  const ok = side < 0
    ? addFace(e, 0, 1, 2) && addFace(e, 0, 3, 1) && addFace(e, 0, 2, 3) && addFace(e, 1, 3, 2)
    : addFace(e, 0, 2, 1) && addFace(e, 0, 1, 3) && addFace(e, 0, 3, 2) && addFace(e, 1, 2, 3);
  if (!ok) return false;
  let best = -1;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    best = -1;
    let bestD = Infinity;
    for (let f = 0; f < e.faceCount; f++) {
      if (e.alive[f] === 1 && e.planes[4 * f + 3] < bestD) { bestD = e.planes[4 * f + 3]; best = f; }
    }
    if (best < 0) return false;
    if (e.vertexCount >= MAX_VERTICES) break;
    const P = e.planes, o = 4 * best;
    e.dir[0] = P[o]; e.dir[1] = P[o + 1]; e.dir[2] = P[o + 2];
    const k = addVertex(e, A, B);
    const gain = P[o] * w[3 * k] + P[o + 1] * w[3 * k + 1] + P[o + 2] * w[3 * k + 2] - bestD;
    if (gain <= 1e-9 + 1e-9 * Math.abs(bestD)) { e.vertexCount--; break; }
    if (!expand(e, k)) { e.vertexCount--; break; }
  }
  // result from the closest face
  const f = best, P = e.planes;
  const n0 = P[4 * f], n1 = P[4 * f + 1], n2 = P[4 * f + 2], d = P[4 * f + 3];
  out.depth = d > 0 ? d : 0;
  out.normal[0] = n0; out.normal[1] = n1; out.normal[2] = n2;
  // barycentric coordinates of the projection d·n of the origin on the face
  const i = e.faces[3 * f], j = e.faces[3 * f + 1], k = e.faces[3 * f + 2];
  const px = d * n0, py = d * n1, pz = d * n2;
  const ax = w[3 * i], ay = w[3 * i + 1], az = w[3 * i + 2];
  const e0x = w[3 * j] - ax, e0y = w[3 * j + 1] - ay, e0z = w[3 * j + 2] - az;
  const e1x = w[3 * k] - ax, e1y = w[3 * k + 1] - ay, e1z = w[3 * k + 2] - az;
  const qx = px - ax, qy = py - ay, qz = pz - az;
  const d00 = e0x * e0x + e0y * e0y + e0z * e0z, d01 = e0x * e1x + e0y * e1y + e0z * e1z, d11 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d20 = qx * e0x + qy * e0y + qz * e0z, d21 = qx * e1x + qy * e1y + qz * e1z;
  const den = d00 * d11 - d01 * d01;
  const lv = den > 0 ? (d11 * d20 - d01 * d21) / den : 0, lw = den > 0 ? (d00 * d21 - d01 * d20) / den : 0, lu = 1 - lv - lw;
  for (let c = 0; c < 3; c++) {
    out.pointA[c] = lu * e.a[3 * i + c] + lv * e.a[3 * j + c] + lw * e.a[3 * k + c];
    out.pointB[c] = lu * e.b[3 * i + c] + lv * e.b[3 * j + c] + lw * e.b[3 * k + c];
  }
  return true;
}

/** Removes the faces vertex k sees and closes the horizon with faces to k. */
function expand(e: EpaScratch, k: number): boolean {
  const w = e.w, P = e.planes, F = e.faces;
  const px = w[3 * k], py = w[3 * k + 1], pz = w[3 * k + 2];
  let edgeCount = 0;
  const E = e.edges;
  for (let f = 0; f < e.faceCount; f++) {
    if (e.alive[f] === 0) continue;
    if (P[4 * f] * px + P[4 * f + 1] * py + P[4 * f + 2] * pz - P[4 * f + 3] <= 0) continue;
    e.alive[f] = 0;
    for (let s = 0; s < 3; s++) {
      const a = F[3 * f + s], b = F[3 * f + (s + 1) % 3];
      // an edge shared by two removed faces appears once in each direction: drop both
      let found = -1;
      for (let q = 0; q < edgeCount; q++) if (E[2 * q] === b && E[2 * q + 1] === a) { found = q; break; }
      if (found >= 0) {
        edgeCount--;
        E[2 * found] = E[2 * edgeCount]; E[2 * found + 1] = E[2 * edgeCount + 1];
      } else {
        E[2 * edgeCount] = a; E[2 * edgeCount + 1] = b; edgeCount++;
      }
    }
  }
  if (edgeCount === 0) return false;
  for (let q = 0; q < edgeCount; q++) if (!addFace(e, E[2 * q], E[2 * q + 1], k)) return false;
  // compact dead faces now and then
  if (e.faceCount > MAX_FACES - 3 * MAX_VERTICES / 2) compact(e);
  return true;
}

function compact(e: EpaScratch): void {
  let n = 0;
  for (let f = 0; f < e.faceCount; f++) {
    if (e.alive[f] === 0) continue;
    if (n !== f) {
      for (let c = 0; c < 3; c++) e.faces[3 * n + c] = e.faces[3 * f + c];
      for (let c = 0; c < 4; c++) e.planes[4 * n + c] = e.planes[4 * f + c];
      e.alive[n] = 1;
    }
    n++;
  }
  e.faceCount = n;
}

/** Grows the GJK simplex (1 … 4 points) into a tetrahedron of non-zero volume; false if impossible. */
function blowUp(e: EpaScratch, A: ConvexProxy, B: ConvexProxy): boolean {
  const w = e.w;
  const tol = 1e-20;
  if (e.vertexCount === 1) {
    for (let axis = 0; axis < 6 && e.vertexCount < 2; axis++) {
      const s = axis < 3 ? 1 : -1, a = axis % 3;
      e.dir[0] = a === 0 ? s : 0; e.dir[1] = a === 1 ? s : 0; e.dir[2] = a === 2 ? s : 0;
      const k = addVertex(e, A, B);
      if (dist2(e, k, 0) <= tol) e.vertexCount--;
    }
    if (e.vertexCount < 2) return false;
  }
  if (e.vertexCount === 2) {
    const dx = w[3] - w[0], dy = w[4] - w[1], dz = w[5] - w[2];
    // a vector perpendicular to the segment, turned in steps of 60° about it
    let ux: number, uy: number, uz: number;
    if (Math.abs(dx) < Math.abs(dy) && Math.abs(dx) < Math.abs(dz)) { ux = 0; uy = dz; uz = -dy; } else if (Math.abs(dy) < Math.abs(dz)) { ux = -dz; uy = 0; uz = dx; } else { ux = dy; uy = -dx; uz = 0; }
    const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const vx = (dy * uz - dz * uy) / dl, vy = (dz * ux - dx * uz) / dl, vz = (dx * uy - dy * ux) / dl;
    for (let r = 0; r < 6 && e.vertexCount < 3; r++) {
      const c = COS60[r], s = SIN60[r];
      e.dir[0] = c * ux + s * vx; e.dir[1] = c * uy + s * vy; e.dir[2] = c * uz + s * vz;
      const k = addVertex(e, A, B);
      // keep it if it is off the segment's line
      const px = w[3 * k] - w[0], py = w[3 * k + 1] - w[1], pz = w[3 * k + 2] - w[2];
      const cx = py * dz - pz * dy, cy = pz * dx - px * dz, cz = px * dy - py * dx;
      if (cx * cx + cy * cy + cz * cz <= tol * dl * dl) e.vertexCount--;
    }
    if (e.vertexCount < 3) return false;
  }
  if (e.vertexCount === 3) {
    const ux = w[3] - w[0], uy = w[4] - w[1], uz = w[5] - w[2];
    const vx = w[6] - w[0], vy = w[7] - w[1], vz = w[8] - w[2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (let s = 1; s >= -1 && e.vertexCount < 4; s -= 2) {
      e.dir[0] = s * nx; e.dir[1] = s * ny; e.dir[2] = s * nz;
      const k = addVertex(e, A, B);
      const h = nx * (w[3 * k] - w[0]) + ny * (w[3 * k + 1] - w[1]) + nz * (w[3 * k + 2] - w[2]);
      if (h * h <= tol * (nx * nx + ny * ny + nz * nz)) e.vertexCount--;
    }
    if (e.vertexCount < 4) return false;
  }
  return true;
}

const H3 = 0.8660254037844386;
const COS60 = [1, 0.5, -0.5, -1, -0.5, 0.5];
const SIN60 = [0, H3, H3, 0, -H3, -H3];
