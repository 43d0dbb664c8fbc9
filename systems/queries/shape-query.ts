/**
 * Queries with a convex shape: shape cast (sweep along a segment: time of impact, point, normal),
 * overlap (every collider the shape touches) and proximity (the nearest collider: distance, closest
 * points). Reads: collider shapes, filters, sensor flags and body poses (the pose as it is now, as the
 * ray casts do). Writes: only the caller's result objects and the world's query scratch.
 *
 * The candidates are the colliders whose fattened AABB in the broadphase trees meets the query's box
 * (its bounding sphere's box, swept along the cast or grown by the proximity distance); each that
 * passes the filter and whose bounding sphere can meet the query is tested exactly with GJK
 * (`systems/shapes/gjk.ts`) on the cores, the radii added afterwards; planes analytically (the support
 * point of the shape against the plane's normal). A triangle mesh or heightfield is tested triangle by
 * triangle: the triangles of its BVH whose box meets the query's box in the mesh's frame, each as a
 * convex triangle proxy (its distance, overlap or time of impact; the mesh's is the least over its
 * triangles). Candidates are visited in id order (results do not depend on the history of the world;
 * ties go to the lower collider id).
 *
 * Shape cast: conservative advancement (Mirtich 1996, "Impulse-based dynamic simulation of rigid body
 * systems", §2.3; van den Bergen 2003 §5.4 for its GJK form): at the current time t the GJK distance d
 * and normal n (from the query shape to the collider) bound the time the shape can travel along the
 * unit direction u before touching by d / (u·n); t advances by that until d < 1e-9 m + 1e-9 × t (the
 * time of impact, to that tolerance) or u·n ≤ 0 (moving away: no hit) or t > maxT. The hit normal is
 * −n (out of the collider, toward the shape), the point the midpoint of the two witness points. A
 * shape that already overlaps at t = 0 hits at distance 0 with the penetration normal (EPA).
 */

import { ShapeKind, type ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';
import { colliderWorldPose } from '../broadphase/collider-pose';
import { createConvexProxy, setProxyFromPose, setTriangleProxyFrom, supportAlong, type ConvexProxy } from '../shapes/convex-support';
import { createTriangleQuery, queryTriangles, type TriangleMesh, type TriangleQuery } from '../shapes/triangle-mesh';
import type { ConvexHullData } from '../shapes/convex-hull';
import { createGjkResult, createGjkScratch, gjkDistance, type GjkResult, type GjkScratch } from '../shapes/gjk';
import { createEpaResult, createEpaScratch, epaPenetration, type EpaResult, type EpaScratch } from '../shapes/epa';
import { passesFilter, type QueryFilter } from './query-filter';
import { broadphaseQueryAabb, type BroadphaseState } from '../broadphase/broadphase';
import { createTreeHits, type TreeHits } from '../broadphase/dynamic-tree';
import { UNBOUNDED } from '../broadphase/compute-aabb';

/** What a shape cast or a proximity query reports (create with {@link createShapeHit} and reuse). */
export interface ShapeHit {
  /** Entity id of the body hit. */
  body: number;
  /** Entity id of the collider hit. */
  collider: number;
  /** Shape cast: distance travelled along the unit direction to the first touch (unit: m). Proximity:
   * the distance between the surfaces (unit: m; 0 when they overlap). */
  distance: number;
  /** `[3]` the contact point (shape cast: midway between the surfaces at the touch) or, for proximity,
   * the closest point on the collider (unit: m, world frame). */
  point: Float64Array;
  /** `[3]` proximity: the closest point on the query shape (world frame); shape cast: the touching
   * point on the swept shape at the time of impact. */
  pointOnShape: Float64Array;
  /** `[3]` unit normal at the contact, out of the collider toward the query shape (world frame). */
  normal: Float64Array;
}

export function createShapeHit(): ShapeHit {
  return { body: -1, collider: -1, distance: 0, point: new Float64Array(3), pointOnShape: new Float64Array(3), normal: new Float64Array(3) };
}

/** A list of colliders (and their bodies) an overlap query found: `colliders[0..count)`, ascending. */
export interface OverlapList {
  count: number;
  colliders: number[];
  bodies: number[];
}

export function createOverlapList(): OverlapList {
  return { count: 0, colliders: [], bodies: [] };
}

/** What the shape queries need of a world. */
export interface ShapeQueryWorld {
  readonly bodies: RigidBodyStore;
  readonly colliders: ColliderStore;
  /** The broadphase trees (fitted to the current poses by the caller: `fitQueryTrees`). */
  readonly broadphase: BroadphaseState;
}

/** A query shape, validated: its kind, dimensions and asset. */
export interface DecodedShape {
  /** {@link ShapeKind} code: sphere, box, capsule, cylinder or convex hull. */
  kind: number;
  /** `[3]` the dimensions, as a collider's `size` triple (`components/collider.ts`; a hull's bounding
   * radius at 0). */
  size: Float64Array;
  /** The hull asset of a convex hull. */
  hull: ConvexHullData | undefined;
}

export function createDecodedShape(): DecodedShape {
  return { kind: ShapeKind.sphere, size: new Float64Array(3), hull: undefined };
}

/** Scratch of the shape queries (on the world, made on first use). */
export interface ShapeQueryScratch {
  /** The query shape (posed at its start pose). */
  shape: ConvexProxy;
  /** The query shape's description, validated (the public layer's scratch). */
  decoded: DecodedShape;
  /** The collider being tested. */
  other: ConvexProxy;
  /** `[3]` the query shape's start position (the proxy's position moves during a cast). */
  start: Float64Array;
  /** `[7]` world pose of the collider being tested. */
  pose: Float64Array;
  /** `[3]` a support point; scratch of the public layer. */
  tmp: Float64Array;
  /** `[3]` the unit direction of a shape cast. */
  dir: Float64Array;
  /** `[3]` a plane collider's world normal (`planeHeight`). */
  planeNormal: Float64Array;
  gjk: GjkScratch;
  gjkResult: GjkResult;
  epa: EpaScratch;
  epaResult: EpaResult;
  filter: QueryFilter;
  /** Per-collider result before it is known to be the best. */
  tmpHit: ShapeHit;
  /** The candidate colliders of a query (from the broadphase trees), ascending. */
  candidates: TreeHits;
  /** `[6]` the query's AABB. */
  box: Float64Array;
  /** The triangles of a mesh or heightfield collider near the query, and `[6]` the query's AABB in
   * the mesh's frame. */
  triQuery: TriangleQuery;
  localBox: Float64Array;
  /** `[9]` the world vertices of the triangle being tested. */
  triVerts: Float64Array;
  /** Per-triangle result before it is known to be the mesh's best. */
  triHit: ShapeHit;
  /** `[6]` the numbers the query's functions pass each other (unit: m), at the slots {@link RESULT}
   * (a distance or a time of impact of the collider being tested), {@link BOUND} (its bound: a cast's
   * longest travel, a proximity query's largest distance, 0 for an overlap), {@link REACH} (how far
   * beyond the query shape's bounding sphere a candidate may be), {@link HEIGHT} (a plane's height
   * under the shape), and those the caller sets: {@link MAX_DISTANCE} (the query's own limit) and
   * {@link SHAPE_RADIUS} (the bounding radius of the query shape about its position). Not passed as
   * arguments or return values: V8 boxes a double passed to or returned from a function it does not
   * inline (an allocation per call). */
  value: Float64Array;
}

export function createShapeQueryScratch(filter: QueryFilter): ShapeQueryScratch {
  return {
    shape: createConvexProxy(), decoded: createDecodedShape(), other: createConvexProxy(), start: new Float64Array(3),
    pose: new Float64Array(7), tmp: new Float64Array(3), dir: new Float64Array(3), planeNormal: new Float64Array(3), gjk: createGjkScratch(), gjkResult: createGjkResult(),
    epa: createEpaScratch(), epaResult: createEpaResult(), filter, tmpHit: createShapeHit(),
    candidates: createTreeHits(), box: new Float64Array(6),
    triQuery: createTriangleQuery(), localBox: new Float64Array(6), triVerts: new Float64Array(9), triHit: createShapeHit(), value: new Float64Array(6),
  };
}

/** Slots of {@link ShapeQueryScratch.value}. */
const RESULT = 0, BOUND = 1, REACH = 2, HEIGHT = 3;
/** Slot of {@link ShapeQueryScratch.value} where the caller puts the query's largest distance (unit: m):
 * a cast's longest travel, a proximity query's largest distance between the surfaces. */
export const MAX_DISTANCE = 4;
/** Slot of {@link ShapeQueryScratch.value} where the caller puts the bounding radius of the query shape
 * about its position (unit: m). */
export const SHAPE_RADIUS = 5;

function isCandidate(w: ShapeQueryWorld, f: QueryFilter, c: number): boolean {
  const cs = w.colliders;
  return cs.shape[c] !== ShapeKind.none && passesFilter(f, cs, c, cs.body[c]);
}

/** Whether collider `c` is made of triangles (a mesh or a heightfield). */
function isTriangles(cs: ColliderStore, c: number): boolean {
  const k = cs.shape[c];
  return k === ShapeKind.mesh || k === ShapeKind.heightfield;
}

/**
 * The triangles of mesh collider `c` whose BVH box meets the query shape's bounding box at its start,
 * swept by `s.value[BOUND]` along `u` (or grown by it every way when `u` is undefined), taken into the
 * mesh's frame; leaves the collider's world pose in `s.pose` and the triangles in `s.triQuery`.
 */
function meshTriangles(w: ShapeQueryWorld, s: ShapeQueryScratch, c: number, u: Float64Array | undefined): number {
  // (Math.min rather than a branch: a branch's merge of the number with the imported constant is a
  // tagged value in V8's optimised code, a heap number allocated per call)
  const reach = Math.min(s.value[BOUND], UNBOUNDED);
  colliderWorldPose(w.colliders, w.bodies, c, s.pose, 0);
  const q = s.pose, b = s.localBox, r = s.value[SHAPE_RADIUS];
  // local = q* (p − x_mesh) q (the rotation by the conjugate)
  const t = s.tmp;
  t[0] = s.start[0] - q[0]; t[1] = s.start[1] - q[1]; t[2] = s.start[2] - q[2];
  rotateByConjugate(t, q);
  const cx = t[0], cy = t[1], cz = t[2];
  if (u === undefined) {
    b[0] = cx - r - reach; b[3] = cx + r + reach;
    b[1] = cy - r - reach; b[4] = cy + r + reach;
    b[2] = cz - r - reach; b[5] = cz + r + reach;
  } else {
    t[0] = u[0] * reach; t[1] = u[1] * reach; t[2] = u[2] * reach;
    rotateByConjugate(t, q);
    for (let k = 0; k < 3; k++) {
      const sw = t[k], ck = k === 0 ? cx : k === 1 ? cy : cz;
      b[k] = ck + (sw < 0 ? sw : 0) - r;
      b[k + 3] = ck + (sw > 0 ? sw : 0) + r;
    }
  }
  return queryTriangles(w.colliders.shapeData[c] as TriangleMesh, b, 0, s.triQuery);
}

/** v ← q* v q for the vector `v[0..2]` and the unit quaternion `q[3..6]` (x y z w) of a pose. */
function rotateByConjugate(v: Float64Array, q: Float64Array): void {
  const x = -q[3], y = -q[4], z = -q[5], qw = q[6];
  const vx = v[0], vy = v[1], vz = v[2];
  const tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
  v[0] = vx + qw * tx + (y * tz - z * ty);
  v[1] = vy + qw * ty + (z * tx - x * tz);
  v[2] = vz + qw * tz + (x * ty - y * tx);
}

/** Loads triangle `t` of mesh collider `c` (world pose in `s.pose`) into `s.other`, in world coordinates. */
function loadTriangle(w: ShapeQueryWorld, s: ShapeQueryScratch, c: number, t: number): void {
  const m = w.colliders.shapeData[c] as TriangleMesh, v = m.vertices, idx = m.indices, q = s.pose, tv = s.triVerts;
  const x = q[3], y = q[4], z = q[5], qw = q[6];
  for (let j = 0; j < 3; j++) {
    const p = 3 * idx[3 * t + j];
    // q v q* written out (no call: V8 boxes doubles passed to functions it does not inline)
    const vx = v[p], vy = v[p + 1], vz = v[p + 2];
    const tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
    tv[3 * j] = q[0] + vx + qw * tx + (y * tz - z * ty);
    tv[3 * j + 1] = q[1] + vy + qw * ty + (z * tx - x * tz);
    tv[3 * j + 2] = q[2] + vz + qw * tz + (x * ty - y * tx);
  }
  setTriangleProxyFrom(s.other, tv, 0);
}

/** Loads collider `c` into `s.other` (its world pose now) and returns its bounding radius. */
function loadCollider(w: ShapeQueryWorld, s: ShapeQueryScratch, c: number): void {
  colliderWorldPose(w.colliders, w.bodies, c, s.pose, 0);
  setProxyFromPose(s.other, w.colliders.shape[c], s.pose, 0, w.colliders.size, 3 * c, w.colliders.shapeData[c] as ConvexHullData | undefined);
}

/** Plane collider in `s.pose`: its world normal into `n`, and the signed height of the query shape's
 * lowest surface point above it (unit: m) into `s.value[HEIGHT]`; the shape's deepest core point is
 * left in `s.tmp`. */
function planeHeight(s: ShapeQueryScratch, n: Float64Array): void {
  const q = s.pose, x = q[3], y = q[4], z = q[5], ww = q[6];
  n[0] = 2 * (x * y - ww * z); n[1] = 1 - 2 * (x * x + z * z); n[2] = 2 * (y * z + ww * x);
  supportAlong(s.shape, n, 0, -1, s.tmp, 0);
  const t = s.tmp;
  s.value[HEIGHT] = (t[0] - q[0]) * n[0] + (t[1] - q[1]) * n[1] + (t[2] - q[2]) * n[2] - s.shape.radius;
}

/**
 * The colliders whose fattened AABB meets the query shape's bounding box at its start, swept by
 * `s.value[REACH]` (unit: m) along the unit direction `u` (or grown by it every way when `u` is
 * undefined), from the broadphase trees, sorted by id into `s.candidates` (insertion sort: the lists
 * are short, and nothing is allocated). Returns the count.
 */
function gather(w: ShapeQueryWorld, s: ShapeQueryScratch, u: Float64Array | undefined): number {
  const b = s.box, r = s.value[SHAPE_RADIUS], p = s.start;
  const e = Math.min(s.value[REACH], UNBOUNDED); // (see meshTriangles)
  if (u === undefined) {
    for (let k = 0; k < 3; k++) { b[k] = p[k] - r - e; b[k + 3] = p[k] + r + e; }
  } else {
    for (let k = 0; k < 3; k++) {
      const sw = e * u[k];
      b[k] = p[k] - r + (sw < 0 ? sw : 0);
      b[k + 3] = p[k] + r + (sw > 0 ? sw : 0);
    }
  }
  const hits = s.candidates;
  hits.count = 0;
  const n = broadphaseQueryAabb(w.broadphase, b, 0, hits);
  const a = hits.items;
  for (let i = 1; i < n; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
    a[j + 1] = v;
  }
  return n;
}

/**
 * Sphere-bound rejection: can the query shape (at its start, swept by `s.value[REACH]` m) meet
 * collider c? The bounding radius of c about its origin: the closed forms of the convex kinds (the
 * hull's is stored on it); planes, meshes, heightfields and kinds this does not know are not rejected
 * here (the broadphase trees' boxes bound them).
 */
function mayMeet(w: ShapeQueryWorld, s: ShapeQueryScratch, c: number): boolean {
  const cs = w.colliders, z = cs.size, o = 3 * c;
  let r: number;
  switch (cs.shape[c]) {
    case ShapeKind.sphere: r = z[o]; break;
    case ShapeKind.box: r = Math.sqrt(z[o] * z[o] + z[o + 1] * z[o + 1] + z[o + 2] * z[o + 2]); break;
    case ShapeKind.capsule: r = z[o] + z[o + 1]; break;
    case ShapeKind.cylinder: r = Math.sqrt(z[o] * z[o] + z[o + 1] * z[o + 1]); break;
    case ShapeKind.convexHull: r = (cs.shapeData[c] as ConvexHullData).boundingRadius; break;
    default: return true;
  }
  colliderWorldPose(cs, w.bodies, c, s.pose, 0);
  const dx = s.pose[0] - s.start[0], dy = s.pose[1] - s.start[1], dz = s.pose[2] - s.start[2];
  const lim = r + s.value[SHAPE_RADIUS] + s.value[REACH];
  return dx * dx + dy * dy + dz * dz <= lim * lim;
}

/**
 * Every collider passing `s.filter` that the query shape (in `s.shape`) overlaps or touches, in id
 * order, into `list`; returns the count.
 */
export function overlapAll(w: ShapeQueryWorld, s: ShapeQueryScratch, list: OverlapList): number {
  list.count = 0;
  s.value[REACH] = 0;
  const n = gather(w, s, undefined), items = s.candidates.items;
  for (let i = 0; i < n; i++) {
    const c = items[i];
    if (!isCandidate(w, s.filter, c) || !mayMeet(w, s, c)) continue;
    let touch = false;
    if (isTriangles(w.colliders, c)) {
      s.value[BOUND] = 0;
      const nt = meshTriangles(w, s, c, undefined), tris = s.triQuery.tris;
      for (let k = 0; k < nt && !touch; k++) {
        loadTriangle(w, s, c, tris[k]);
        touch = proxiesTouch(s);
      }
    } else {
      loadCollider(w, s, c);
      if (w.colliders.shape[c] === ShapeKind.plane) {
        planeHeight(s, s.planeNormal);
        touch = s.value[HEIGHT] <= 0;
      } else {
        touch = proxiesTouch(s);
      }
    }
    if (!touch) continue;
    const k = list.count++;
    if (k < list.colliders.length) { list.colliders[k] = c; list.bodies[k] = w.colliders.body[c]; } else { list.colliders.push(c); list.bodies.push(w.colliders.body[c]); }
  }
  return list.count;
}

/** Whether the query shape and `s.other` overlap or touch (GJK on the cores, then the radii). */
function proxiesTouch(s: ShapeQueryScratch): boolean {
  const g = gjkDistance(s.gjk, s.shape, s.other, s.gjkResult);
  return g.intersecting || g.distance <= s.shape.radius + s.other.radius;
}

/**
 * Distance between the query shape and collider c (surfaces; ≤ 0 when overlapping) into
 * `s.value[RESULT]`, with the closest points (shape's in `hit.pointOnShape`, collider's in `hit.point`)
 * and the normal out of the collider. A mesh's is that of its nearest triangle within `s.value[BOUND]` of
 * the query shape (Infinity when none is). Distances and bounds go through `s.value` rather than as
 * arguments and return values: V8 boxes a double passed to or returned from a function it does not
 * inline, an allocation per call.
 */
function distanceTo(w: ShapeQueryWorld, s: ShapeQueryScratch, c: number, hit: ShapeHit): void {
  if (isTriangles(w.colliders, c)) {
    const nt = meshTriangles(w, s, c, undefined), tris = s.triQuery.tris, th = s.triHit;
    let best = Infinity;
    for (let k = 0; k < nt; k++) {
      loadTriangle(w, s, c, tris[k]);
      proxyDistance(s, false, th);
      if (s.value[RESULT] < best) { best = s.value[RESULT]; copyHit(th, hit); }
    }
    s.value[RESULT] = best;
    return;
  }
  loadCollider(w, s, c);
  proxyDistance(s, w.colliders.shape[c] === ShapeKind.plane, hit);
}

/** {@link distanceTo} for the collider already in `s.other` (a plane: in `s.pose`). */
function proxyDistance(s: ShapeQueryScratch, plane: boolean, hit: ShapeHit): void {
  const A = s.shape, B = s.other;
  if (plane) {
    const N = s.planeNormal;
    planeHeight(s, N);
    const h = s.value[HEIGHT];
    const t = s.tmp;
    for (let k = 0; k < 3; k++) {
      hit.normal[k] = N[k];
      hit.pointOnShape[k] = t[k] - A.radius * N[k];
      hit.point[k] = hit.pointOnShape[k] - h * N[k];
    }
    s.value[RESULT] = h;
    return;
  }
  const g = gjkDistance(s.gjk, A, B, s.gjkResult);
  const rs = A.radius + B.radius;
  if (!g.intersecting && g.distance > 1e-12) {
    const d = g.distance;
    for (let k = 0; k < 3; k++) {
      const n = (g.pointA[k] - g.pointB[k]) / d; // out of B toward A
      hit.normal[k] = n;
      hit.pointOnShape[k] = g.pointA[k] - A.radius * n;
      hit.point[k] = g.pointB[k] + B.radius * n;
    }
    s.value[RESULT] = d - rs;
    return;
  }
  const e = s.epaResult;
  const ok = epaPenetration(s.epa, s.gjk, A, B, e);
  for (let k = 0; k < 3; k++) {
    const n = ok ? -e.normal[k] : k === 1 ? 1 : 0;
    hit.normal[k] = n;
    hit.pointOnShape[k] = (ok ? e.pointA[k] : g.pointA[k]) - A.radius * n;
    hit.point[k] = (ok ? e.pointB[k] : g.pointB[k]) + B.radius * n;
  }
  s.value[RESULT] = -(ok ? e.depth : 0) - rs;
}

/**
 * The collider passing `s.filter` nearest to the query shape, within `s.value[MAX_DISTANCE]` (unit: m)
 * between the surfaces; fills `hit` (distance clamped at 0 for overlaps) and returns true, or returns
 * false.
 */
export function proximityClosest(w: ShapeQueryWorld, s: ShapeQueryScratch, hit: ShapeHit): boolean {
  const tmp = s.tmpHit;
  let best = -1, bestD = s.value[MAX_DISTANCE];
  s.value[REACH] = bestD;
  const n = gather(w, s, undefined), items = s.candidates.items;
  for (let i = 0; i < n; i++) {
    const c = items[i];
    s.value[REACH] = bestD;
    if (!isCandidate(w, s.filter, c) || !mayMeet(w, s, c)) continue;
    s.value[BOUND] = bestD;
    distanceTo(w, s, c, tmp);
    const d = Math.max(0, s.value[RESULT]);
    if (d > bestD || (best >= 0 && d === bestD)) continue;
    best = c; bestD = d;
    copyHit(tmp, hit);
    hit.distance = d; hit.collider = c; hit.body = w.colliders.body[c];
  }
  return best >= 0;
}

function copyHit(from: ShapeHit, to: ShapeHit): void {
  for (let k = 0; k < 3; k++) { to.point[k] = from.point[k]; to.pointOnShape[k] = from.pointOnShape[k]; to.normal[k] = from.normal[k]; }
}

/** Largest number of conservative-advancement rounds per collider. */
const MAX_ADVANCE = 64;

/**
 * The first collider passing `s.filter` that the query shape meets when it moves from its start pose
 * along the unit direction `u` (`[3]`) by at most `s.value[MAX_DISTANCE]` (unit: m); fills `hit` and
 * returns true, or returns false.
 */
export function shapeCastClosest(w: ShapeQueryWorld, s: ShapeQueryScratch, u: Float64Array, hit: ShapeHit): boolean {
  const tmp = s.tmpHit;
  let best = -1, bestT = s.value[MAX_DISTANCE];
  s.value[REACH] = bestT;
  const n = gather(w, s, u), items = s.candidates.items;
  for (let i = 0; i < n; i++) {
    const c = items[i];
    s.value[REACH] = bestT;
    if (!isCandidate(w, s.filter, c) || !mayMeet(w, s, c)) continue;
    s.value[BOUND] = bestT;
    if (!castAgainst(w, s, c, u, tmp)) continue;
    const t = s.value[RESULT];
    if (best >= 0 && t >= bestT) continue;
    best = c; bestT = t;
    copyHit(tmp, hit);
    hit.distance = t; hit.collider = c; hit.body = w.colliders.body[c];
  }
  // the query proxy back at its start
  s.shape.position[0] = s.start[0]; s.shape.position[1] = s.start[1]; s.shape.position[2] = s.start[2];
  return best >= 0;
}

/** Whether the query shape meets collider c within `s.value[BOUND]` (unit: m along u); the time of impact
 * in `s.value[RESULT]` and the contact in `hit`. A mesh's is the earliest of its triangles' (each convex,
 * so conservative advancement is safe on each; on the whole non-convex mesh it is not). */
function castAgainst(w: ShapeQueryWorld, s: ShapeQueryScratch, c: number, u: Float64Array, hit: ShapeHit): boolean {
  if (!isTriangles(w.colliders, c)) {
    loadCollider(w, s, c);
    return castProxy(s, w.colliders.shape[c] === ShapeKind.plane, u, hit);
  }
  const nt = meshTriangles(w, s, c, u), tris = s.triQuery.tris, th = s.triHit;
  let found = false, best = s.value[BOUND];
  for (let k = 0; k < nt; k++) {
    loadTriangle(w, s, c, tris[k]);
    if (!castProxy(s, false, u, th)) continue;
    if (found && s.value[RESULT] >= best) continue;
    found = true;
    best = s.value[RESULT];
    s.value[BOUND] = best;
    copyHit(th, hit);
  }
  s.value[RESULT] = best;
  return found;
}

/** {@link castAgainst} for the collider already in `s.other` (a plane: in `s.pose`). */
function castProxy(s: ShapeQueryScratch, plane: boolean, u: Float64Array, hit: ShapeHit): boolean {
  const A = s.shape, p = A.position, st = s.start, maxT = s.value[BOUND];
  let t = 0;
  for (let round = 0; round < MAX_ADVANCE; round++) {
    p[0] = st[0] + t * u[0]; p[1] = st[1] + t * u[1]; p[2] = st[2] + t * u[2];
    proxyDistance(s, plane, hit);
    const d = s.value[RESULT];
    if (d <= 1e-9 + 1e-9 * t) {
      if (round > 0 || d > 0) {
        // touching: the contact point midway between the surfaces
        for (let k = 0; k < 3; k++) {
          const mid = 0.5 * (hit.point[k] + hit.pointOnShape[k]);
          hit.point[k] = mid; hit.pointOnShape[k] = mid;
        }
      }
      s.value[RESULT] = t;
      return true;
    }
    // approach speed toward the collider along the normal (normal points out of it toward the shape)
    const vn = -(u[0] * hit.normal[0] + u[1] * hit.normal[1] + u[2] * hit.normal[2]);
    if (!(vn > 0)) return false;
    t += d / vn;
    if (t > maxT) return false;
  }
  // a grazing approach converges slowly: accept what is within a micrometre
  proxyDistance(s, plane, hit);
  if (!(s.value[RESULT] <= 1e-6)) return false;
  s.value[RESULT] = t;
  return true;
}
