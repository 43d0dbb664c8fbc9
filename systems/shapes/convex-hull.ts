/**
 * Convex hull of a point cloud (quickhull, Barber, Dobkin & Huhdanpaa 1996) and the hull asset that
 * colliders share.
 *
 * Steps: (1) weld points closer than `weldDistance` (sort on x, sweep); (2) an initial tetrahedron of
 * extreme points (the two farthest of the axis extremes, the point farthest from their line, the point
 * farthest from that plane); (3) quickhull: each face keeps the points outside it (its conflict list);
 * the farthest point of a face is added, the faces it sees are removed, and the horizon is closed with
 * new faces to it; the conflict lists of the removed faces go to the new ones. Points closer than the
 * tolerance ε = 3 · 2⁻⁵² · (max|x| + max|y| + max|z|) · 10³ to a plane are not outside (Barber et al.'s
 * thick planes). Adding stops at `maxVertices` hull vertices (farthest points come first, so the limit
 * keeps the most significant ones); (4) neighbouring triangles on one plane (normals' cosine above
 * MERGE_COS and every vertex within ε of the plane) are merged into polygon faces, whose loops give the
 * manifold clipping its faces; boundary vertices where the loop runs straight on are dropped.
 *
 * Hull building is not part of the step: it allocates, and it reports bad input as a
 * {@link HullInputProblem} for the public layer to throw.
 */

import { ShapeKind, type ShapeAsset } from '../../components/collider';
import { hullMassProperties } from './hull-mass';

/** A convex hull asset: polygon faces with outward planes, in the collider's frame (unit: m). Shared:
 * any number of colliders may reference one. Immutable once built. */
export interface ConvexHullData extends ShapeAsset {
  readonly kindCode: typeof ShapeKind.convexHull;
  /** Number of hull vertices. */
  readonly vertexCount: number;
  /** `[3 × vertexCount]` vertex positions (unit: m, collider frame). */
  readonly vertices: Float64Array;
  readonly faceCount: number;
  /** `[faceCount + 1]` face f's vertex loop is `faceVertices[faceStart[f] .. faceStart[f+1])`,
   * counter-clockwise seen from outside. */
  readonly faceStart: Int32Array;
  readonly faceVertices: Int32Array;
  /** `[4 × faceCount]` outward unit normal n and offset d of each face plane n·x = d (unit: m). */
  readonly facePlanes: Float64Array;
  /** Largest |v| over the vertices (unit: m): the bounding radius about the collider origin. */
  readonly boundingRadius: number;
  /** Volume (unit: m³). */
  readonly volume: number;
  /** `[3]` centroid of the solid (unit: m, collider frame). */
  readonly centroid: Float64Array;
  /** `[9]` row-major inertia tensor about the centroid per unit density (unit: m⁵). */
  readonly unitInertia: Float64Array;
}

/** Options of {@link buildConvexHull}. */
export interface HullBuildOptions {
  /** Most hull vertices kept (≥ 4, default 64). */
  maxVertices: number;
  /** Points closer than this are welded into one (unit: m, ≥ 0, default 1e-4). */
  weldDistance: number;
}

/** Why a point cloud gives no hull: the field at fault, its value and the reason. */
export interface HullInputProblem {
  field: string;
  value: unknown;
  reason: string;
}

/** Cosine above which two neighbouring triangle normals are merged into one polygon face. */
const MERGE_COS = 1 - 1e-9;

interface Face {
  a: number; b: number; c: number;
  nx: number; ny: number; nz: number; d: number;
  alive: boolean;
  outside: number[];
}

/**
 * Builds the hull of `xyz` (`[3 × n]` flat coordinates, unit: m). Returns the hull, or the problem:
 * non-finite coordinates (field `points[i]`), fewer than 4 distinct points, or all points collinear or
 * coplanar (field `points`).
 */
export function buildConvexHull(xyz: ArrayLike<number>, options: HullBuildOptions): ConvexHullData | HullInputProblem {
  const n0 = Math.floor(xyz.length / 3);
  for (let i = 0; i < 3 * n0; i++) {
    if (!Number.isFinite(xyz[i])) return { field: `points[${Math.floor(i / 3)}]`, value: [xyz[i - (i % 3)], xyz[i - (i % 3) + 1], xyz[i - (i % 3) + 2]], reason: 'coordinates must be finite numbers' };
  }
  const pts = weld(xyz, n0, options.weldDistance);
  const n = pts.length / 3;
  if (n < 4) return { field: 'points', value: n, reason: `needs at least 4 distinct points (${n} after welding points closer than ${options.weldDistance} m)` };
  let scale = 0;
  for (let k = 0; k < 3; k++) {
    let m = 0;
    for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(pts[3 * i + k]));
    scale += m;
  }
  const eps = 3 * 2.220446049250313e-16 * scale * 1e3;
  const px = (i: number): number => pts[3 * i], py = (i: number): number => pts[3 * i + 1], pz = (i: number): number => pts[3 * i + 2];
  // initial simplex: the two farthest apart of the six axis extremes
  const ext: number[] = [0, 0, 0, 0, 0, 0];
  for (let i = 1; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      if (pts[3 * i + k] < pts[3 * ext[k] + k]) ext[k] = i;
      if (pts[3 * i + k] > pts[3 * ext[3 + k] + k]) ext[3 + k] = i;
    }
  }
  let i0 = 0, i1 = 0, best = -1;
  for (let u = 0; u < 6; u++) {
    for (let v = u + 1; v < 6; v++) {
      const d = dist2(pts, ext[u], ext[v]);
      if (d > best) { best = d; i0 = ext[u]; i1 = ext[v]; }
    }
  }
  if (!(Math.sqrt(best) > eps)) return { field: 'points', value: n, reason: 'all points coincide' };
  // farthest from the line i0 i1
  let i2 = -1; best = -1;
  const ex = px(i1) - px(i0), ey = py(i1) - py(i0), ez = pz(i1) - pz(i0);
  for (let i = 0; i < n; i++) {
    const vx = px(i) - px(i0), vy = py(i) - py(i0), vz = pz(i) - pz(i0);
    const cx = ey * vz - ez * vy, cy = ez * vx - ex * vz, cz = ex * vy - ey * vx;
    const d = cx * cx + cy * cy + cz * cz;
    if (d > best) { best = d; i2 = i; }
  }
  if (!(Math.sqrt(best) / Math.sqrt(ex * ex + ey * ey + ez * ez) > eps)) {
    return { field: 'points', value: n, reason: 'all points are collinear (a hull needs 4 non-coplanar points)' };
  }
  // farthest from the plane i0 i1 i2
  const fx = px(i2) - px(i0), fy = py(i2) - py(i0), fz = pz(i2) - pz(i0);
  let nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
  const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= nl; ny /= nl; nz /= nl;
  let i3 = -1; best = -1;
  for (let i = 0; i < n; i++) {
    const d = Math.abs((px(i) - px(i0)) * nx + (py(i) - py(i0)) * ny + (pz(i) - pz(i0)) * nz);
    if (d > best) { best = d; i3 = i; }
  }
  if (!(best > eps)) return { field: 'points', value: n, reason: 'all points are coplanar (a hull needs 4 non-coplanar points)' };

  const faces: Face[] = [];
  const edgeFace = new Map<number, number>(); // directed edge a→b (key a·n + b) → face
  const makeFace = (a: number, b: number, c: number): number => {
    const ux = px(b) - px(a), uy = py(b) - py(a), uz = pz(b) - pz(a);
    const vx = px(c) - px(a), vy = py(c) - py(a), vz = pz(c) - pz(a);
    let qx = uy * vz - uz * vy, qy = uz * vx - ux * vz, qz = ux * vy - uy * vx;
    const l = Math.sqrt(qx * qx + qy * qy + qz * qz);
    qx /= l; qy /= l; qz /= l;
    const f: Face = { a, b, c, nx: qx, ny: qy, nz: qz, d: qx * px(a) + qy * py(a) + qz * pz(a), alive: true, outside: [] };
    const id = faces.length;
    faces.push(f);
    edgeFace.set(a * n + b, id); edgeFace.set(b * n + c, id); edgeFace.set(c * n + a, id);
    return id;
  };
  // orient the tetrahedron outward: i3 must be below face (i0, i1, i2)
  const side = (px(i3) - px(i0)) * nx + (py(i3) - py(i0)) * ny + (pz(i3) - pz(i0)) * nz;
  if (side > 0) {
    makeFace(i0, i2, i1); makeFace(i0, i1, i3); makeFace(i1, i2, i3); makeFace(i2, i0, i3);
  } else {
    makeFace(i0, i1, i2); makeFace(i0, i3, i1); makeFace(i1, i3, i2); makeFace(i2, i3, i0);
  }
  const onHull = new Uint8Array(n);
  onHull[i0] = onHull[i1] = onHull[i2] = onHull[i3] = 1;
  let hullVertices = 4;
  const assign = (i: number, candidates: number[]): void => {
    let bestF = -1, bestD = eps;
    for (const fi of candidates) {
      const f = faces[fi];
      if (!f.alive) continue;
      const d = f.nx * px(i) + f.ny * py(i) + f.nz * pz(i) - f.d;
      if (d > bestD) { bestD = d; bestF = fi; }
    }
    if (bestF >= 0) faces[bestF].outside.push(i);
  };
  const all = [0, 1, 2, 3];
  for (let i = 0; i < n; i++) if (!onHull[i]) assign(i, all);

  const visible: number[] = [], stack: number[] = [], horizon: number[] = [], orphans: number[] = [];
  const isVisible = new Map<number, boolean>();
  for (let fi = 0; fi < faces.length && hullVertices < options.maxVertices; fi++) {
    const f = faces[fi];
    if (!f.alive || f.outside.length === 0) continue;
    // the farthest conflict point of this face
    let eye = -1, bestD = -Infinity;
    for (const i of f.outside) {
      const d = f.nx * px(i) + f.ny * py(i) + f.nz * pz(i) - f.d;
      if (d > bestD) { bestD = d; eye = i; }
    }
    // the faces the eye sees (connected through edges, from this face)
    visible.length = 0; stack.length = 0; isVisible.clear();
    stack.push(fi); isVisible.set(fi, true);
    while (stack.length > 0) {
      const g = stack.pop() as number;
      visible.push(g);
      const fg = faces[g];
      for (const [a, b] of [[fg.a, fg.b], [fg.b, fg.c], [fg.c, fg.a]]) {
        const h = edgeFace.get(b * n + a) as number;
        if (isVisible.has(h)) continue;
        const fh = faces[h];
        const see = fh.nx * px(eye) + fh.ny * py(eye) + fh.nz * pz(eye) - fh.d > eps;
        isVisible.set(h, see);
        if (see) stack.push(h);
      }
    }
    // horizon edges: edges of visible faces whose neighbour is not visible
    horizon.length = 0; orphans.length = 0;
    for (const g of visible) {
      const fg = faces[g];
      for (const [a, b] of [[fg.a, fg.b], [fg.b, fg.c], [fg.c, fg.a]]) {
        const h = edgeFace.get(b * n + a) as number;
        if (isVisible.get(h) !== true) horizon.push(a, b);
      }
      fg.alive = false;
      for (const i of fg.outside) if (i !== eye) orphans.push(i);
      fg.outside = [];
    }
    for (const g of visible) {
      const fg = faces[g];
      for (const [a, b] of [[fg.a, fg.b], [fg.b, fg.c], [fg.c, fg.a]]) if (edgeFace.get(a * n + b) === g) edgeFace.delete(a * n + b);
    }
    const created: number[] = [];
    for (let k = 0; k < horizon.length; k += 2) created.push(makeFace(horizon[k], horizon[k + 1], eye));
    onHull[eye] = 1;
    hullVertices++;
    for (const i of orphans) assign(i, created);
    fi = -1; // rescan from the start: faces are few, and this keeps the order deterministic
  }
  return finishHull(pts, n, faces, eps);
}

function dist2(p: Float64Array, i: number, j: number): number {
  const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}

/** Welds points closer than `r` (sort on x, sweep); returns the kept points, flat. */
function weld(xyz: ArrayLike<number>, n: number, r: number): Float64Array {
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(i);
  order.sort((i, j) => xyz[3 * i] - xyz[3 * j] || i - j);
  const kept: number[] = [];
  const r2 = r * r;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    let dup = false;
    for (let m = kept.length - 1; m >= 0; m--) {
      const j = kept[m];
      if (xyz[3 * i] - xyz[3 * j] > r) break;
      const dx = xyz[3 * i] - xyz[3 * j], dy = xyz[3 * i + 1] - xyz[3 * j + 1], dz = xyz[3 * i + 2] - xyz[3 * j + 2];
      if (dx * dx + dy * dy + dz * dz <= r2) { dup = true; break; }
    }
    if (!dup) kept.push(i);
  }
  kept.sort((i, j) => i - j);
  const out = new Float64Array(3 * kept.length);
  kept.forEach((i, k) => { out[3 * k] = xyz[3 * i]; out[3 * k + 1] = xyz[3 * i + 1]; out[3 * k + 2] = xyz[3 * i + 2]; });
  return out;
}

/** Merges coplanar neighbouring triangles into polygons, re-indexes the used vertices, and computes
 * the planes and the mass properties. */
function finishHull(pts: Float64Array, n: number, faces: Face[], eps: number): ConvexHullData {
  const tris = faces.filter((f) => f.alive);
  const triOfEdge = new Map<number, number>();
  tris.forEach((f, t) => { triOfEdge.set(f.a * n + f.b, t); triOfEdge.set(f.b * n + f.c, t); triOfEdge.set(f.c * n + f.a, t); });
  const group = new Int32Array(tris.length).fill(-1);
  const groups: number[][] = [];
  for (let t = 0; t < tris.length; t++) {
    if (group[t] >= 0) continue;
    const g = groups.length, members = [t];
    group[t] = g;
    for (let k = 0; k < members.length; k++) {
      const f = tris[members[k]];
      for (const [a, b] of [[f.a, f.b], [f.b, f.c], [f.c, f.a]]) {
        const u = triOfEdge.get(b * n + a) as number;
        if (group[u] >= 0) continue;
        const h = tris[u], s = tris[t];
        const cos = h.nx * s.nx + h.ny * s.ny + h.nz * s.nz;
        // same plane: the seed's normal agrees and the neighbour's far vertex lies on the seed's plane
        if (cos > MERGE_COS && Math.abs(s.nx * pts[3 * h.a] + s.ny * pts[3 * h.a + 1] + s.nz * pts[3 * h.a + 2] - s.d) <= eps
          && Math.abs(s.nx * pts[3 * h.b] + s.ny * pts[3 * h.b + 1] + s.nz * pts[3 * h.b + 2] - s.d) <= eps
          && Math.abs(s.nx * pts[3 * h.c] + s.ny * pts[3 * h.c + 1] + s.nz * pts[3 * h.c + 2] - s.d) <= eps) {
          group[u] = g;
          members.push(u);
        }
      }
    }
    groups.push(members);
  }
  // each group's boundary loop: directed edges whose reverse lies outside the group
  const remap = new Int32Array(n).fill(-1);
  const verts: number[] = [];
  const loops: number[][] = [];
  const planes: number[] = [];
  for (let g = 0; g < groups.length; g++) {
    const next = new Map<number, number>();
    let nx = 0, ny = 0, nz = 0;
    for (const t of groups[g]) {
      const f = tris[t];
      for (const [a, b] of [[f.a, f.b], [f.b, f.c], [f.c, f.a]]) {
        if (group[triOfEdge.get(b * n + a) as number] !== g) next.set(a, b);
      }
      // area-weighted normal
      const ux = pts[3 * f.b] - pts[3 * f.a], uy = pts[3 * f.b + 1] - pts[3 * f.a + 1], uz = pts[3 * f.b + 2] - pts[3 * f.a + 2];
      const vx = pts[3 * f.c] - pts[3 * f.a], vy = pts[3 * f.c + 1] - pts[3 * f.a + 1], vz = pts[3 * f.c + 2] - pts[3 * f.a + 2];
      nx += uy * vz - uz * vy; ny += uz * vx - ux * vz; nz += ux * vy - uy * vx;
    }
    const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= l; ny /= l; nz /= l;
    let start = -1;
    for (const k of next.keys()) if (start < 0 || k < start) start = k;
    const loop: number[] = [];
    let v = start, guard = 0;
    do {
      loop.push(v);
      v = next.get(v) as number;
    } while (v !== start && ++guard <= next.size);
    // drop vertices where the loop runs straight on (collinear boundary points)
    const clean: number[] = [];
    for (let k = 0; k < loop.length; k++) {
      const p = loop[(k + loop.length - 1) % loop.length], c = loop[k], q = loop[(k + 1) % loop.length];
      const ax = pts[3 * c] - pts[3 * p], ay = pts[3 * c + 1] - pts[3 * p + 1], az = pts[3 * c + 2] - pts[3 * p + 2];
      const bx = pts[3 * q] - pts[3 * c], by = pts[3 * q + 1] - pts[3 * c + 1], bz = pts[3 * q + 2] - pts[3 * c + 2];
      const cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
      if (cx * nx + cy * ny + cz * nz > eps * Math.sqrt(ax * ax + ay * ay + az * az + bx * bx + by * by + bz * bz)) clean.push(c);
    }
    const use = clean.length >= 3 ? clean : loop;
    let d = -Infinity;
    for (const c of use) {
      if (remap[c] < 0) { remap[c] = verts.length; verts.push(c); }
      d = Math.max(d, nx * pts[3 * c] + ny * pts[3 * c + 1] + nz * pts[3 * c + 2]);
    }
    loops.push(use.map((c) => remap[c]));
    planes.push(nx, ny, nz, d);
  }
  const vertices = new Float64Array(3 * verts.length);
  let radius = 0;
  verts.forEach((c, k) => {
    vertices[3 * k] = pts[3 * c]; vertices[3 * k + 1] = pts[3 * c + 1]; vertices[3 * k + 2] = pts[3 * c + 2];
    radius = Math.max(radius, Math.sqrt(pts[3 * c] * pts[3 * c] + pts[3 * c + 1] * pts[3 * c + 1] + pts[3 * c + 2] * pts[3 * c + 2]));
  });
  const faceStart = new Int32Array(loops.length + 1);
  const faceVertices = new Int32Array(loops.reduce((s, l) => s + l.length, 0));
  let o = 0;
  loops.forEach((l, f) => { faceStart[f] = o; for (const v of l) faceVertices[o++] = v; });
  faceStart[loops.length] = o;
  const mp = hullMassProperties(vertices, faceStart, faceVertices);
  return {
    kindCode: ShapeKind.convexHull,
    vertexCount: verts.length,
    vertices,
    faceCount: loops.length,
    faceStart,
    faceVertices,
    facePlanes: new Float64Array(planes),
    boundingRadius: radius,
    volume: mp.volume,
    centroid: mp.centroid,
    unitInertia: mp.inertia,
  };
}
