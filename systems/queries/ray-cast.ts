/**
 * Queries: ray casts against every collider of a world (closest hit, all hits, any hit).
 * Reads: collider shapes, filters and sensor flags, body poses. Writes: only the caller's hit objects
 * and the world's query scratch. Runs between steps, never inside one.
 *
 * Each collider is tested exactly (`ray-shape.ts`) in its local frame: the ray is moved there by the
 * inverse of the collider's world pose (its body's pose composed with its local pose, computed now, so
 * a pose set since the last step counts) (o' = Rᵀ (o − p), d' = Rᵀ d), which keeps |d'| = 1, so the
 * local t is the world distance. The hit point is then o + t d in the world frame and the normal R n'.
 * The candidates come from the broadphase's trees (`systems/broadphase/dynamic-tree.ts`
 * `treeRayCast`: the static tree, the moving tree, then the unbounded colliders), nearest subtree
 * first, and the closest-hit cast clips the ray at its best hit so far, so it tests only the colliders
 * whose fat AABB the ray reaches before its best hit. The caller refits the trees first when bodies
 * moved since (`refitBroadphase`). Results do not depend on the visiting order: ties in distance go to
 * the lower collider id.
 */

import { ShapeKind, type ColliderStore } from '../../components/collider';
import { broadphaseRayCast, type BroadphaseState } from '../broadphase/broadphase';
import { RAY_LENGTH, RAY_MAX_T, type TreeRayVisitor } from '../broadphase/dynamic-tree';
import type { RigidBodyStore } from '../../components/rigid-body';
import { createRayShapeHit, rayCastShape, type RayShapeHit } from './ray-shape';
import { passesFilter, type QueryFilter } from './query-filter';
import { colliderWorldPose } from '../broadphase/collider-pose';
import type { ShapeQueryScratch } from './shape-query';

/** One ray hit, filled by the ray-cast functions (create with {@link createRayHit} and reuse). */
export interface RayHit {
  /** Entity id of the body hit. */
  body: number;
  /** Entity id of the collider hit (the collider `addBody` made has the body's id). */
  collider: number;
  /** Distance from the ray origin along the unit direction (unit: m). */
  distance: number;
  /** `[3]` hit point (unit: m, world frame). */
  point: Float64Array;
  /** `[3]` unit surface normal at the hit (world frame): outward, against the ray (normal · d ≤ 0) on
   * entry; on the exit of a non-solid cast from inside, outward along the ray; −d for a solid cast that
   * starts inside a shape (distance 0). */
  normal: Float64Array;
}

export function createRayHit(): RayHit {
  return { body: -1, collider: -1, distance: 0, point: new Float64Array(3), normal: new Float64Array(3) };
}

/** A growable list of hits (`hits[0..count)` valid, sorted by distance, ties by collider id). */
export interface RayHitList {
  count: number;
  /** The hit objects; grows (allocating) only when a query reports more hits than ever before. */
  hits: RayHit[];
}

export function createRayHitList(): RayHitList {
  return { count: 0, hits: [] };
}

/** What the ray casts need of a world (its trees refitted to the current poses). */
export interface RayCastWorld {
  readonly bodies: RigidBodyStore;
  readonly colliders: ColliderStore;
  readonly broadphase: BroadphaseState;
}

/** Query scratch kept on the world (one per world: queries are not re-entrant). */
export interface QueryScratch {
  /** `[RAY_LENGTH]` the ray (`systems/broadphase/dynamic-tree.ts` layout): origin (unit: m, world),
   * unit direction, maximum distance `[RAY_MAX_T]` (lowered by a closest-hit cast as it finds hits). */
  ray: Float64Array;
  /** `[RAY_LENGTH]` the ray in the frame of the collider being tested. */
  local: Float64Array;
  shapeHit: RayShapeHit;
  filter: QueryFilter;
  /** `[7]` world pose of the collider being tested (position, quaternion x y z w). */
  pose: Float64Array;
  /** The tree visitor of the ray casts (its fields are set by each cast). */
  visitor: RayVisitor;
  /** Scratch of the shape queries (`shape-query.ts`), made by the first one. */
  shapes: ShapeQueryScratch | undefined;
}

export function createQueryScratch(filter: QueryFilter): QueryScratch {
  const s: QueryScratch = { ray: new Float64Array(RAY_LENGTH), local: new Float64Array(RAY_LENGTH), shapeHit: createRayShapeHit(), filter, pose: new Float64Array(7), visitor: undefined!, shapes: undefined };
  s.visitor = createRayVisitor(s);
  return s;
}

const CLOSEST = 0, ANY = 1, ALL = 2;

/** The tree visitor of one ray cast: tests each collider the tree reaches (kept on the scratch). */
interface RayVisitor extends TreeRayVisitor {
  world: RayCastWorld | undefined;
  mode: number;
  solid: boolean;
  /** Closest cast: the best collider so far (−1: none) and the hit it fills. */
  best: number;
  hit: RayHit | undefined;
  list: RayHitList | undefined;
}

function createRayVisitor(s: QueryScratch): RayVisitor {
  return {
    world: undefined, mode: CLOSEST, solid: true, best: -1, hit: undefined, list: undefined,
    visit(c: number, ray: Float64Array): boolean {
      const w = this.world!;
      if (!isCandidate(w, s.filter, c) || !testCollider(w, s, c, this.solid)) return true;
      if (this.mode === ANY) return false;
      const t = s.shapeHit.t;
      if (this.mode === CLOSEST) {
        if (this.best >= 0 && t === ray[RAY_MAX_T] && c > this.best) return true; // tie: the lower id stays
        this.best = c;
        writeHit(w, s, c, this.hit!);
        ray[RAY_MAX_T] = t;
        return true;
      }
      const list = this.list!;
      if (list.count === list.hits.length) list.hits.push(createRayHit());
      // insertion by (distance, collider id)
      let j = list.count++;
      const slot = list.hits[j];
      while (j > 0 && (list.hits[j - 1].distance > t || (list.hits[j - 1].distance === t && list.hits[j - 1].collider > c))) {
        list.hits[j] = list.hits[j - 1];
        j--;
      }
      list.hits[j] = slot;
      writeHit(w, s, c, slot);
      return true;
    },
  };
}

/** Runs the visitor over the static tree, the moving tree and the unbounded colliders; returns false
 * when the visitor stopped the traversal. */
function traverse(w: RayCastWorld, s: QueryScratch): boolean {
  return broadphaseRayCast(w.broadphase, s.ray, s.visitor);
}

function begin(w: RayCastWorld, s: QueryScratch, mode: number, solid: boolean): RayVisitor {
  const v = s.visitor;
  v.world = w; v.mode = mode; v.solid = solid; v.best = -1; v.hit = undefined; v.list = undefined;
  return v;
}

/** The body a collider belongs to. */
function bodyOf(colliders: ColliderStore, c: number): number {
  return colliders.body[c];
}

/**
 * Tests collider `c` against the ray in `scratch.ray`; on a hit with distance ≤ its maximum leaves the
 * local result in `scratch.shapeHit` and returns true.
 */
function testCollider(w: RayCastWorld, s: QueryScratch, c: number, solid: boolean): boolean {
  const p = s.pose, q = p, r = s.ray;
  colliderWorldPose(w.colliders, w.bodies, c, p, 0);
  const pi = 0, qi = 3;
  // inverse rotation by the conjugate quaternion: v' = v + w t + u × t, t = 2 u × v, u = −q.xyz
  const ux = -q[qi], uy = -q[qi + 1], uz = -q[qi + 2], uw = q[qi + 3];
  let vx = r[0] - p[pi], vy = r[1] - p[pi + 1], vz = r[2] - p[pi + 2];
  let tx = 2 * (uy * vz - uz * vy), ty = 2 * (uz * vx - ux * vz), tz = 2 * (ux * vy - uy * vx);
  const ox = vx + uw * tx + (uy * tz - uz * ty), oy = vy + uw * ty + (uz * tx - ux * tz), oz = vz + uw * tz + (ux * ty - uy * tx);
  vx = r[3]; vy = r[4]; vz = r[5];
  tx = 2 * (uy * vz - uz * vy); ty = 2 * (uz * vx - ux * vz); tz = 2 * (ux * vy - uy * vx);
  const l = s.local;
  l[0] = ox; l[1] = oy; l[2] = oz;
  l[3] = vx + uw * tx + (uy * tz - uz * ty); l[4] = vy + uw * ty + (uz * tx - ux * tz); l[5] = vz + uw * tz + (ux * ty - uy * tx);
  l[RAY_MAX_T] = r[RAY_MAX_T];
  return rayCastShape(w.colliders.shape[c], w.colliders.size, 3 * c, w.colliders.shapeData[c], l, solid, s.shapeHit);
}

/** Writes the world-frame hit of collider `c` (from `scratch.shapeHit`) into `hit`. */
function writeHit(w: RayCastWorld, s: QueryScratch, c: number, hit: RayHit): void {
  const b = bodyOf(w.colliders, c);
  const r = s.ray, t = s.shapeHit.t, n = s.shapeHit.normal;
  hit.body = b;
  hit.collider = c;
  hit.distance = t;
  hit.point[0] = r[0] + t * r[3]; hit.point[1] = r[1] + t * r[4]; hit.point[2] = r[2] + t * r[5];
  const q = s.pose, qi = 3;
  const ux = q[qi], uy = q[qi + 1], uz = q[qi + 2], uw = q[qi + 3];
  const vx = n[0], vy = n[1], vz = n[2];
  const tx = 2 * (uy * vz - uz * vy), ty = 2 * (uz * vx - ux * vz), tz = 2 * (ux * vy - uy * vx);
  hit.normal[0] = vx + uw * tx + (uy * tz - uz * ty);
  hit.normal[1] = vy + uw * ty + (uz * tx - ux * tz);
  hit.normal[2] = vz + uw * tz + (ux * ty - uy * tx);
}

function isCandidate(w: RayCastWorld, f: QueryFilter, c: number): boolean {
  return w.colliders.shape[c] !== ShapeKind.none && passesFilter(f, w.colliders, c, bodyOf(w.colliders, c));
}

/**
 * The closest hit of the ray in `scratch.ray` within its maximum distance `ray[RAY_MAX_T]` (unit: m)
 * among the colliders that pass `scratch.filter`. Returns false (hit untouched) when nothing is hit.
 * Lowers `ray[RAY_MAX_T]` to the hit's distance.
 */
export function rayCastClosest(w: RayCastWorld, s: QueryScratch, solid: boolean, hit: RayHit): boolean {
  const v = begin(w, s, CLOSEST, solid);
  v.hit = hit;
  traverse(w, s);
  const found = v.best >= 0;
  v.world = undefined; v.hit = undefined;
  return found;
}

/** Whether the ray in `scratch.ray` hits any collider passing `scratch.filter` within its maximum
 * distance `ray[RAY_MAX_T]` (unit: m); stops at the first hit found. */
export function rayCastAny(w: RayCastWorld, s: QueryScratch, solid: boolean): boolean {
  begin(w, s, ANY, solid);
  const hit = !traverse(w, s);
  s.visitor.world = undefined;
  return hit;
}

/** Every collider the ray in `scratch.ray` hits within its maximum distance `ray[RAY_MAX_T]` (unit: m),
 * one hit per collider (its first), sorted by distance (ties by collider id), into `list`. Returns the
 * count. */
export function rayCastAll(w: RayCastWorld, s: QueryScratch, solid: boolean, list: RayHitList): number {
  const v = begin(w, s, ALL, solid);
  v.list = list;
  list.count = 0;
  traverse(w, s);
  v.world = undefined; v.list = undefined;
  return list.count;
}
