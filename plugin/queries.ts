/**
 * Public world queries: ray casts (closest hit, all hits, any hit).
 *
 * Every query validates its input first and throws a {@link PhysicsInputError} naming the field
 * (entity −1: a query is not an entity) before touching anything. Results go into objects the caller
 * creates once ({@link createRayHit}, {@link createRayHitList}) and reuses: once those have grown to
 * the largest result, a query allocates nothing. Queries see the poses as they are now (after the
 * last step and any `setPosition` since), run between steps, and change nothing in the world.
 *
 * @example
 * const hit = createRayHit();
 * const groundHeight = castRay(world, [0, 5, 0], [0, -1, 0], hit, { maxDistance: 10 }) ? 5 - hit.distance : undefined;
 */

import {
  createQueryScratch, rayCastAll, rayCastAny, rayCastClosest, type QueryScratch, type RayHit, type RayHitList,
} from '../systems/queries/ray-cast';
import { createQueryFilter, reserveExcluded } from '../systems/queries/query-filter';
import { refitBroadphase } from '../systems/broadphase/broadphase';
import { RAY_MAX_T } from '../systems/broadphase/dynamic-tree';
import { PhysicsInputError } from './errors';
import { requireWorld, type Vec3Like } from './validate';
import { bodyIndex, entityHandle } from './handles';
import type { PhysicsWorld } from './world';

export { createRayHit, createRayHitList } from '../systems/queries/ray-cast';
export type { RayHit, RayHitList } from '../systems/queries/ray-cast';

/** Which colliders a query reports. Every field is optional; pass the same object every time. */
export interface QueryFilterDef {
  /** The query's own collision group bits: a collider is reported only if its mask meets them
   * (default 0xFFFFFFFF). */
  group?: number;
  /** Collider groups reported: a collider is reported only if its group meets this mask
   * (default 0xFFFFFFFF, every group). */
  mask?: number;
  /** Report sensors too (default false, as Babylon's `shouldHitTriggers`). */
  includeSensors?: boolean;
  /** Body entity ids whose colliders are never reported (default none), e.g. the caster's own body. */
  excludeBodies?: ArrayLike<number>;
}

/** Options of the ray casts. */
export interface RayCastOptions extends QueryFilterDef {
  /** Longest distance reported along the ray (unit: m, ≥ 0, default Infinity). */
  maxDistance?: number;
  /** A ray that starts inside a shape hits it at distance 0 with normal −direction (default true);
   * false reports where it leaves the shape instead (Rapier's `solid`). */
  solid?: boolean;
}

/**
 * The closest collider hit by the ray from `origin` (unit: m, world) along `direction` (world, any
 * non-zero length; normalised, so distances are in m). Fills `hit` and returns true, or returns false
 * and leaves `hit` untouched. Ties in distance go to the lower collider id.
 * @throws PhysicsInputError (field `origin`, `direction`, `maxDistance`, `group`, `mask`,
 *   `excludeBodies`, `hit`) for NaN / infinite components, a zero direction, a negative or NaN
 *   maxDistance, non-uint32 bits, or a hit object without `point` and `normal` arrays.
 */
export function castRay(
  world: PhysicsWorld, origin: Vec3Like, direction: Vec3Like, hit: RayHit, options?: RayCastOptions,
): boolean {
  requireWorld(world);
  checkHit(hit, 'hit');
  prepareRay(world, origin, direction, options);
  if (!rayCastClosest(world, scratchOf(world), options?.solid ?? true, hit)) return false;
  toHandles(world, hit);
  return true;
}

/** Store indices → public handles in a hit. */
function toHandles(world: PhysicsWorld, hit: RayHit): void {
  hit.body = entityHandle(world, hit.body);
  hit.collider = entityHandle(world, hit.collider);
}

/**
 * Every collider hit by the ray (one hit per collider: where the ray enters it, or as `solid` says),
 * sorted by distance (ties by collider id), into `hits`; returns the count (`hits.count`).
 * @throws PhysicsInputError as {@link castRay} (field `hits` for a list without a `hits` array).
 */
export function castRayAll(
  world: PhysicsWorld, origin: Vec3Like, direction: Vec3Like, hits: RayHitList, options?: RayCastOptions,
): number {
  requireWorld(world);
  if (typeof hits !== 'object' || hits === null || !Array.isArray(hits.hits)) {
    throw new PhysicsInputError(-1, 'hits', hits, 'must be a RayHitList (createRayHitList())');
  }
  prepareRay(world, origin, direction, options);
  const n = rayCastAll(world, scratchOf(world), options?.solid ?? true, hits);
  for (let i = 0; i < n; i++) toHandles(world, hits.hits[i]);
  return n;
}

/**
 * Whether the ray hits any collider within `maxDistance` (a line-of-sight test); stops at the first
 * hit it finds, so it is the cheapest of the three.
 * @throws PhysicsInputError as {@link castRay}.
 */
export function castRayAny(world: PhysicsWorld, origin: Vec3Like, direction: Vec3Like, options?: RayCastOptions): boolean {
  prepareRay(world, origin, direction, options);
  return rayCastAny(world, scratchOf(world), options?.solid ?? true);
}

/** Validates the ray and the options and loads the ray (its maximum distance included) and the filter
 * into the world's scratch. Changes nothing else. */
function prepareRay(world: PhysicsWorld, origin: Vec3Like, direction: Vec3Like, o: RayCastOptions | undefined): void {
  requireWorld(world);
  // the scratch only until everything is valid; the trees are fitted after (a rejected call changes nothing)
  const s = world.queries ?? (world.queries = createQueryScratch(createQueryFilter()));
  const r = s.ray;
  // validate everything into locals first, then write the scratch
  readVec3Into('origin', origin, r, 0);
  readVec3Into('direction', direction, r, 3);
  const dx = r[3], dy = r[4], dz = r[5];
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(len > 0) || !Number.isFinite(len)) {
    throw new PhysicsInputError(-1, 'direction', [dx, dy, dz], 'must be a non-zero finite vector');
  }
  let maxT = Infinity, group = 0xffffffff, mask = 0xffffffff, includeSensors = false;
  let exclude: ArrayLike<number> | undefined;
  if (o !== undefined) {
    if (typeof o !== 'object' || o === null) throw new PhysicsInputError(-1, 'options', o, 'must be an object');
    if (o.maxDistance !== undefined) {
      maxT = o.maxDistance;
      if (typeof maxT !== 'number' || !(maxT >= 0)) {
        throw new PhysicsInputError(-1, 'maxDistance', maxT, 'must be a number ≥ 0 (Infinity allowed; unit: m)');
      }
    }
    if (o.group !== undefined) group = readBits('group', o.group);
    if (o.mask !== undefined) mask = readBits('mask', o.mask);
    if (o.includeSensors !== undefined) {
      if (typeof o.includeSensors !== 'boolean') throw new PhysicsInputError(-1, 'includeSensors', o.includeSensors, 'must be a boolean');
      includeSensors = o.includeSensors;
    }
    if (o.solid !== undefined && typeof o.solid !== 'boolean') throw new PhysicsInputError(-1, 'solid', o.solid, 'must be a boolean');
    if (o.excludeBodies !== undefined) {
      exclude = o.excludeBodies;
      if (typeof exclude !== 'object' || exclude === null || typeof exclude.length !== 'number') {
        throw new PhysicsInputError(-1, 'excludeBodies', exclude, 'must be an array of body handles');
      }
      for (let i = 0; i < exclude.length; i++) {
        if (!Number.isInteger(exclude[i])) {
          throw new PhysicsInputError(-1, `excludeBodies[${i}]`, exclude[i], 'must be an integer body handle');
        }
      }
    }
  }
  // handles → store indices; a handle that is no longer a live body excludes nothing (−1 matches none)
  const f = s.filter, n = exclude === undefined ? 0 : exclude.length;
  const ix = reserveExcluded(f, n);
  for (let i = 0; i < n; i++) ix[i] = bodyIndex(world, exclude![i]);
  f.excludeCount = n;
  const inv = 1 / len;
  r[3] = dx * inv; r[4] = dy * inv; r[5] = dz * inv;
  r[RAY_MAX_T] = maxT;
  f.group = group; f.mask = mask; f.includeSensors = includeSensors;
  fitQueryTrees(world);
}

/** The world's query scratch, made on first use; fits the broadphase trees first ({@link fitQueryTrees}). */
function scratchOf(world: PhysicsWorld): QueryScratch {
  fitQueryTrees(world);
  return world.queries ?? (world.queries = createQueryScratch(createQueryFilter()));
}

/**
 * Brings the broadphase trees up to the current poses when bodies moved, were added or removed since
 * they were last fitted (the last step, or a query since), so that `broadphaseQueryAabb` and
 * `broadphaseRayCast` (`systems/broadphase/broadphase.ts`) see the world as it is now. Every query
 * calls it first; it costs one pass over the colliders after a step, nothing when nothing moved.
 */
export function fitQueryTrees(world: PhysicsWorld): void {
  const bp = world.broadphase;
  if (bp.stale) refitBroadphase(bp, world.bodies, world.colliders, world.contactMargin, 0, true);
}

function readBits(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
    throw new PhysicsInputError(-1, field, v, 'must be a 32-bit unsigned integer');
  }
  return v;
}

/** Reads a finite 3-vector into `out[o..o+2]` without allocating (on error nothing else changes:
 * `out` is query scratch). */
function readVec3Into(field: string, v: Vec3Like, out: Float64Array, o: number): void {
  if (typeof v !== 'object' || v === null) throw new PhysicsInputError(-1, field, v, 'must be a 3-vector');
  const len = (v as { length?: unknown }).length;
  if (typeof len === 'number') {
    if (len !== 3) throw new PhysicsInputError(-1, field, v, 'must be a 3-vector');
    const a = v as ArrayLike<number>;
    out[o] = a[0]; out[o + 1] = a[1]; out[o + 2] = a[2];
  } else if ('x' in v) {
    const p = v;
    out[o] = p.x; out[o + 1] = p.y; out[o + 2] = p.z;
  } else {
    throw new PhysicsInputError(-1, field, v, 'must be a 3-vector');
  }
  for (let k = 0; k < 3; k++) {
    const x: unknown = out[o + k];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new PhysicsInputError(-1, field, [out[o], out[o + 1], out[o + 2]], 'components must be finite numbers');
    }
  }
}

function checkHit(hit: RayHit, field: string): void {
  if (typeof hit !== 'object' || hit === null || !(hit.point?.length >= 3) || !(hit.normal?.length >= 3)) {
    throw new PhysicsInputError(-1, field, hit, 'must be a RayHit (createRayHit())');
  }
}
