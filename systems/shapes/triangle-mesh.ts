/**
 * Shape assets made of triangles: a triangle mesh, or a heightfield stored as the triangles of its
 * grid. One asset is shared by every collider that references it (the collider holds its index in the
 * world's asset list, `CollideContext.assets`). Everything here is built once, when the asset is made;
 * the queries below allocate nothing.
 *
 * - Triangles: vertices `[3 × vertexCount]` (unit: m, the collider's frame), indices `[3 × triangleCount]`
 *   counter-clockwise seen from the front (the side the face normal points to).
 * - BVH: a binary tree of AABBs over the triangles, built top-down by splitting at the median centroid
 *   along the longest axis of the centroids' bounds, at most {@link LEAF_SIZE} triangles a leaf
 *   (Ericson, "Real-Time Collision Detection" §6.2; Wald 2007). The triangles are stored in leaf order.
 * - Active edges: each triangle edge is active when it is a boundary edge (one triangle), shared by more
 *   than two triangles, or a convex edge whose dihedral angle exceeds {@link ACTIVE_EDGE_COS} (5°).
 *   Flat and concave internal edges are inactive: contacts on them take the face normal, so a body sliding
 *   across the mesh does not catch on the edges between triangles (Jolt's active edges; Bullet's internal
 *   edge utility, Coumans 2010). Vertices are matched by position, so meshes that repeat a vertex per
 *   triangle get the same adjacency as indexed ones.
 */

import { RAY_MAX_T, rayBoxEntry, setRayInverse } from '../broadphase/dynamic-tree';
import { ShapeKind, type ShapeAsset } from '../../components/collider';

/** Largest number of triangles in a BVH leaf. */
export const LEAF_SIZE = 4;
/** cos 5°: a convex edge whose face normals differ by less than 5° is treated as flat (inactive). */
export const ACTIVE_EDGE_COS = 0.9961946980917455;

export interface TriangleMesh extends ShapeAsset {
  /** `ShapeKind.mesh` or `ShapeKind.heightfield`: the collider shape kind of the asset. */
  readonly kindCode: typeof ShapeKind.mesh | typeof ShapeKind.heightfield;
  /** What the asset was made as ('mesh' by `createTriangleMesh`, 'heightfield' by `createHeightfield`). */
  readonly kind: 'mesh' | 'heightfield';
  /** `[3 × vertexCount]` vertex positions (unit: m, collider frame). */
  readonly vertices: Float64Array;
  /** `[3 × triangleCount]` vertex indices of each triangle, in BVH leaf order. */
  readonly indices: Uint32Array;
  readonly triangleCount: number;
  /** `[3 × triangleCount]` unit face normals. */
  readonly normals: Float64Array;
  /** `[triangleCount]` bit k set: edge k (vertex k → vertex k + 1) is active. */
  readonly edgeFlags: Uint8Array;
  /** `[6]` AABB of all vertices (min x y z, max x y z; collider frame). */
  readonly bounds: Float64Array;
  /** `[6 × nodeCount]` BVH node boxes. */
  readonly nodeBox: Float64Array;
  /** `[nodeCount]` a leaf's first triangle, or an inner node's first child (the second is next). */
  readonly nodeFirst: Int32Array;
  /** `[nodeCount]` a leaf's triangle count; 0 for an inner node. */
  readonly nodeCount: Int32Array;
  /** Traversal stack of the BVH queries, sized for the tree's depth when built (the queries are
   * synchronous and never nested, so one stack per asset serves every world; nothing grows). */
  readonly stack: Int32Array;
}

/** Builds the asset from validated vertices and indices (every index in range, no degenerate triangle). */
export function buildTriangleMesh(kind: 'mesh' | 'heightfield', vertices: Float64Array, indices: Uint32Array): TriangleMesh {
  const n = indices.length / 3;
  const centroid = new Float64Array(3 * n);
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      centroid[3 * t + k] = (vertices[3 * indices[3 * t] + k] + vertices[3 * indices[3 * t + 1] + k] + vertices[3 * indices[3 * t + 2] + k]) / 3;
    }
  }
  const order = new Int32Array(n);
  for (let t = 0; t < n; t++) order[t] = t;
  const cap = Math.max(1, 2 * n);
  const nodeBox = new Float64Array(6 * cap), nodeFirst = new Int32Array(cap), nodeCount = new Int32Array(cap);
  let nodes = 1, depth = 0;
  const work: number[] = [0, 0, n, 0];
  while (work.length > 0) {
    const level = work.pop()!, end = work.pop()!, start = work.pop()!, node = work.pop()!;
    depth = Math.max(depth, level);
    let cx0 = Infinity, cy0 = Infinity, cz0 = Infinity, cx1 = -Infinity, cy1 = -Infinity, cz1 = -Infinity;
    for (let i = start; i < end; i++) {
      const c = 3 * order[i];
      cx0 = Math.min(cx0, centroid[c]); cx1 = Math.max(cx1, centroid[c]);
      cy0 = Math.min(cy0, centroid[c + 1]); cy1 = Math.max(cy1, centroid[c + 1]);
      cz0 = Math.min(cz0, centroid[c + 2]); cz1 = Math.max(cz1, centroid[c + 2]);
    }
    const ex = cx1 - cx0, ey = cy1 - cy0, ez = cz1 - cz0;
    if (end - start <= LEAF_SIZE || Math.max(ex, ey, ez) <= 0) {
      nodeFirst[node] = start;
      nodeCount[node] = end - start;
      continue;
    }
    const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
    const part = Array.from(order.subarray(start, end)).sort((p, q) => centroid[3 * p + axis] - centroid[3 * q + axis] || p - q);
    order.set(part, start);
    const mid = (start + end) >> 1;
    const left = nodes;
    nodes += 2;
    nodeFirst[node] = left;
    nodeCount[node] = 0;
    work.push(left, start, mid, level + 1, left + 1, mid, end, level + 1);
  }
  // triangles in leaf order
  const sorted = new Uint32Array(3 * n);
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) sorted[3 * i + k] = indices[3 * order[i] + k];
  // node boxes, children after parents: fill backwards
  for (let node = nodes - 1; node >= 0; node--) {
    const o = 6 * node;
    if (nodeCount[node] > 0) {
      nodeBox.fill(Infinity, o, o + 3);
      nodeBox.fill(-Infinity, o + 3, o + 6);
      for (let t = nodeFirst[node]; t < nodeFirst[node] + nodeCount[node]; t++) {
        for (let v = 0; v < 3; v++) {
          const p = 3 * sorted[3 * t + v];
          for (let k = 0; k < 3; k++) {
            nodeBox[o + k] = Math.min(nodeBox[o + k], vertices[p + k]);
            nodeBox[o + 3 + k] = Math.max(nodeBox[o + 3 + k], vertices[p + k]);
          }
        }
      }
    } else {
      const a = 6 * nodeFirst[node], b = a + 6;
      for (let k = 0; k < 3; k++) {
        nodeBox[o + k] = Math.min(nodeBox[a + k], nodeBox[b + k]);
        nodeBox[o + 3 + k] = Math.max(nodeBox[a + 3 + k], nodeBox[b + 3 + k]);
      }
    }
  }
  const normals = new Float64Array(3 * n);
  for (let t = 0; t < n; t++) faceNormal(vertices, sorted, t, normals, 3 * t);
  return {
    kindCode: kind === 'mesh' ? ShapeKind.mesh : ShapeKind.heightfield,
    kind, vertices, indices: sorted, triangleCount: n, normals, edgeFlags: activeEdges(vertices, sorted, normals),
    bounds: nodeBox.slice(0, 6), nodeBox: nodeBox.slice(0, 6 * nodes), nodeFirst: nodeFirst.slice(0, nodes),
    nodeCount: nodeCount.slice(0, nodes), stack: new Int32Array(depth + 2),
  };
}

/** Unit normal of triangle t, (v1 − v0) × (v2 − v0) normalised, into out[o..o+2]. */
function faceNormal(v: Float64Array, idx: Uint32Array, t: number, out: Float64Array, o: number): void {
  const a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
  const ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
  const wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
  const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[o] = nx / len; out[o + 1] = ny / len; out[o + 2] = nz / len;
}

/** The active-edge bits of every triangle (see the file header). */
function activeEdges(v: Float64Array, idx: Uint32Array, normals: Float64Array): Uint8Array {
  const n = idx.length / 3;
  // weld by exact position
  const weld = new Map<string, number>();
  const canon = new Int32Array(v.length / 3);
  for (let i = 0; i < canon.length; i++) {
    const key = `${v[3 * i]},${v[3 * i + 1]},${v[3 * i + 2]}`;
    const c = weld.get(key);
    if (c === undefined) { weld.set(key, i); canon[i] = i; } else canon[i] = c;
  }
  const edges = new Map<number, number[]>(); // edge key → [triangle * 3 + edge slot, ...]
  const nv = canon.length;
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      const a = canon[idx[3 * t + k]], b = canon[idx[3 * t + (k + 1) % 3]];
      const key = Math.min(a, b) * nv + Math.max(a, b);
      const list = edges.get(key);
      if (list === undefined) edges.set(key, [3 * t + k]); else list.push(3 * t + k);
    }
  }
  const flags = new Uint8Array(n);
  for (const list of edges.values()) {
    if (list.length !== 2) {
      for (const e of list) flags[(e / 3) | 0] |= 1 << (e % 3);
      continue;
    }
    const t1 = (list[0] / 3) | 0, k1 = list[0] % 3, t2 = (list[1] / 3) | 0, k2 = list[1] % 3;
    // the vertex of t2 off the shared edge, against t1's plane
    const o2 = 3 * idx[3 * t2 + (k2 + 2) % 3], e1 = 3 * idx[3 * t1 + k1];
    const d = normals[3 * t1] * (v[o2] - v[e1]) + normals[3 * t1 + 1] * (v[o2 + 1] - v[e1 + 1]) + normals[3 * t1 + 2] * (v[o2 + 2] - v[e1 + 2]);
    const cos = normals[3 * t1] * normals[3 * t2] + normals[3 * t1 + 1] * normals[3 * t2 + 1] + normals[3 * t1 + 2] * normals[3 * t2 + 2];
    if (d < 0 && cos < ACTIVE_EDGE_COS) {
      flags[t1] |= 1 << k1;
      flags[t2] |= 1 << k2;
    }
  }
  return flags;
}

/** Scratch of the triangle queries (one per world). */
export interface TriangleQuery {
  /** Candidate triangles found (`tris[0..count)`). */
  tris: Int32Array;
  count: number;
}

export function createTriangleQuery(): TriangleQuery {
  return { tris: new Int32Array(64), count: 0 };
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** The triangles whose leaf box overlaps the box `aabb[o..o+5]` (collider frame) into `q.tris`. */
export function queryTriangles(m: TriangleMesh, aabb: ArrayLike<number>, o: number, q: TriangleQuery): number {
  q.count = 0;
  if (m.triangleCount === 0) return 0;
  const b = m.nodeBox;
  const x0 = aabb[o], y0 = aabb[o + 1], z0 = aabb[o + 2], x1 = aabb[o + 3], y1 = aabb[o + 4], z1 = aabb[o + 5];
  const stack = m.stack;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const n = stack[--top], no = 6 * n;
    if (b[no] > x1 || b[no + 3] < x0 || b[no + 1] > y1 || b[no + 4] < y0 || b[no + 2] > z1 || b[no + 5] < z0) continue;
    const count = m.nodeCount[n], first = m.nodeFirst[n];
    if (count > 0) {
      for (let t = first; t < first + count; t++) {
        if (q.count === q.tris.length) q.tris = grow(q.tris);
        q.tris[q.count++] = t;
      }
    } else {
      stack[top++] = first;
      stack[top++] = first + 1;
    }
  }
  return q.count;
}

/** Where {@link rayCastTriangles} writes its hit. */
export interface TriangleRayHit {
  t: number;
  /** `[3]` unit face normal, against the ray (collider frame). */
  normal: Float64Array;
}

/**
 * The first triangle the ray `o + t d` (collider frame, |d| = 1; `ray` laid out as
 * `systems/broadphase/dynamic-tree.ts` `RAY_LENGTH`) meets with t ∈ [0, ray[RAY_MAX_T]], both faces
 * counting (Möller & Trumbore 1997, with the determinant's sign kept so either winding hits); nodes
 * nearer than the best hit so far are visited first and farther ones skipped. Returns true and fills
 * `out` (normal turned against the ray) on a hit. Overwrites the reciprocal and entry slots of `ray`;
 * `ray[RAY_MAX_T]` is left as it was.
 */
export function rayCastTriangles(m: TriangleMesh, ray: Float64Array, out: TriangleRayHit): boolean {
  if (m.triangleCount === 0) return false;
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5], maxT = ray[RAY_MAX_T];
  setRayInverse(ray);
  const v = m.vertices, idx = m.indices;
  let best = maxT, found = -1;
  const stack = m.stack;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const n = stack[--top];
    ray[RAY_MAX_T] = best;
    if (!rayBoxEntry(m.nodeBox, 6 * n, ray)) continue;
    const count = m.nodeCount[n], first = m.nodeFirst[n];
    if (count === 0) {
      stack[top++] = first + 1;
      stack[top++] = first;
      continue;
    }
    for (let t = first; t < first + count; t++) {
      const a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
      const e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
      const e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
      const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
      const det = e1x * px + e1y * py + e1z * pz;
      if (det === 0) continue; // parallel to the plane
      const inv = 1 / det;
      const sx = ox - v[a], sy = oy - v[a + 1], sz = oz - v[a + 2];
      const u = (sx * px + sy * py + sz * pz) * inv;
      if (u < 0 || u > 1) continue;
      const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
      const w = (dx * qx + dy * qy + dz * qz) * inv;
      if (w < 0 || u + w > 1) continue;
      const tt = (e2x * qx + e2y * qy + e2z * qz) * inv;
      if (tt < 0 || tt > best || (tt === best && found >= 0 && t > found)) continue;
      best = tt;
      found = t;
    }
  }
  ray[RAY_MAX_T] = maxT;
  if (found < 0) return false;
  out.t = best;
  const nr = m.normals, s = nr[3 * found] * dx + nr[3 * found + 1] * dy + nr[3 * found + 2] * dz > 0 ? -1 : 1;
  out.normal[0] = s * nr[3 * found]; out.normal[1] = s * nr[3 * found + 1]; out.normal[2] = s * nr[3 * found + 2];
  return true;
}
