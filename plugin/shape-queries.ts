/**
 * Public queries with a convex shape: `castShape` (sweep a shape along a segment: time of impact,
 * point, normal), `overlapShape` (which colliders a shape at a pose touches), `shapeProximity` (the
 * nearest collider to a shape: distance and closest points) and `pointProximity` (the nearest collider
 * to a point). Implementation: `systems/queries/shape-query.ts` (GJK / EPA, conservative advancement).
 *
 * The query shape is described like a collider's shape: `{ shape: 'sphere', radius }`,
 * `{ shape: 'box', halfExtents }`, `{ shape: 'capsule', radius, halfHeight }`, or `{ shape: s }` with
 * `s` made by `cylinder()` / `convexHull()`, or a {@link QueryShape} made once from such a description
 * by {@link createQueryShape}. Each query validates its input first and throws a
 * {@link PhysicsInputError} naming the field (entity −1) before touching anything. Results go into
 * objects created once ({@link createShapeHit}, {@link createOverlapList}) and reused: once warmed up
 * a query allocates nothing, given a {@link QueryShape} or a description object (which it validates and
 * reads again at every call; `test/unit/plugin/query-allocation.test.ts`). Queries see the poses as they are now (the broadphase trees are refitted
 * first when a pose was set since the last step) and change nothing else in the world.
 * Filters (group / mask, excluded bodies, sensors) work as for the ray casts (`RayCastOptions`); bodies
 * and colliders, in the options and in the results, are public handles (what `addBody` / `addCollider`
 * return), as in the ray casts.
 *
 * @example
 * const hit = createShapeHit();
 * // how far can a 0.4 m sphere move along +x from the player (at most 3 m)?
 * let reach = 3;
 * if (castShape(world, { shape: 'sphere', radius: 0.4 }, player, [0, 0, 0, 1], [1, 0, 0], hit,
 *   { maxDistance: 3, excludeBodies: [playerBody] })) reach = hit.distance; // hit.normal: the surface it stops on
 */

import { ShapeKind, type ShapeAsset } from '../components/collider';
import { createQueryScratch } from '../systems/queries/ray-cast';
import { createQueryFilter, reserveExcluded } from '../systems/queries/query-filter';
import {
  createDecodedShape, createShapeQueryScratch, MAX_DISTANCE, overlapAll, SHAPE_RADIUS, type DecodedShape, proximityClosest, shapeCastClosest,
  type OverlapList, type ShapeHit, type ShapeQueryScratch,
} from '../systems/queries/shape-query';
import { setProxyFromPose } from '../systems/shapes/convex-support';
import { getShapeRoutines } from '../systems/shapes/shape-registry';
import { PhysicsInputError } from './errors';
import { fitQueryTrees, type QueryFilterDef } from './queries';
import { bodyIndex, entityHandle } from './handles';
import type { CylinderShape, ConvexHull } from './shapes';
import type { QuatLike, Vec3Like } from './validate';
import type { PhysicsWorld } from './world';

export { createShapeHit, createOverlapList } from '../systems/queries/shape-query';
export type { ShapeHit, OverlapList } from '../systems/queries/shape-query';

/** A query shape description (lengths in m), centred on the query's position, axes along its orientation. */
export type QueryShapeDef =
  | { shape: 'sphere'; radius: number }
  | { shape: 'box'; halfExtents: Vec3Like }
  | { shape: 'capsule'; radius: number; halfHeight: number }
  | { shape: CylinderShape | ConvexHull };

/**
 * A query shape checked once ({@link createQueryShape}); pass it to {@link castShape},
 * {@link overlapShape} and {@link shapeProximity} in place of its description. Immutable: to change
 * the shape, make another.
 */
export interface QueryShape {
  /** The description it was made from (a copy of its numbers; the cylinder or hull asset itself). */
  readonly description: QueryShapeDef;
}

class PreparedQueryShape implements QueryShape {
  constructor(readonly description: QueryShapeDef, readonly decoded: DecodedShape) {}
}

/**
 * Checks a query shape description once and returns a {@link QueryShape} that the shape queries take
 * in its place without reading the description again: with it, a query allocates nothing once warmed
 * up.
 * @throws PhysicsInputError (fields `shape…`) as {@link castShape} does for the description.
 */
export function createQueryShape(def: QueryShapeDef): QueryShape {
  const d = decodeShape(def, createDecodedShape());
  const copy: QueryShapeDef = d.kind === ShapeKind.sphere ? { shape: 'sphere', radius: d.size[0] }
    : d.kind === ShapeKind.capsule ? { shape: 'capsule', radius: d.size[0], halfHeight: d.size[1] }
      : d.kind === ShapeKind.box ? { shape: 'box', halfExtents: [d.size[0], d.size[1], d.size[2]] }
        : { shape: (def as { shape: CylinderShape | ConvexHull }).shape };
  return Object.freeze(new PreparedQueryShape(Object.freeze(copy), d));
}

/** Options of {@link castShape}. */
export interface ShapeCastOptions extends QueryFilterDef {
  /** Longest distance the shape travels along the direction (unit: m, ≥ 0, default Infinity). */
  maxDistance?: number;
}

/** Options of {@link shapeProximity} and {@link pointProximity}. */
export interface ProximityOptions extends QueryFilterDef {
  /** Largest distance between the surfaces reported (unit: m, ≥ 0, default Infinity). */
  maxDistance?: number;
}

/**
 * Sweeps `shape` from `position` (unit: m, world) at `orientation` (x y z w, world; normalised) along
 * `direction` (any non-zero length; normalised) by at most `maxDistance`, and reports the first
 * collider it meets: `hit.distance` (m along the unit direction), `hit.point` (the contact, world),
 * `hit.normal` (out of the collider, toward the shape). A shape already overlapping a collider hits it
 * at distance 0 with the penetration normal. Returns false (hit untouched) when nothing is met.
 * @throws PhysicsInputError (fields `shape…`, `position`, `orientation`, `direction`, `maxDistance`,
 *   `group`, `mask`, `excludeBodies[i]`, `includeSensors`, `hit`).
 */
export function castShape(
  world: PhysicsWorld, shape: QueryShapeDef | QueryShape, position: Vec3Like, orientation: QuatLike, direction: Vec3Like,
  hit: ShapeHit, options?: ShapeCastOptions,
): boolean {
  const s = prepare(world, shape, position, orientation, options);
  const u = s.tmp;
  readInto('direction', direction, u);
  const l = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  if (!(l > 0) || !Number.isFinite(l)) throw new PhysicsInputError(-1, 'direction', [u[0], u[1], u[2]], 'must be a non-zero finite vector');
  const maxT = readMax(options);
  checkHit(hit);
  u[0] /= l; u[1] /= l; u[2] /= l;
  s.dir[0] = u[0]; s.dir[1] = u[1]; s.dir[2] = u[2];
  s.value[MAX_DISTANCE] = maxT;
  fitQueryTrees(world);
  return toHandles(world, shapeCastClosest(world, s, s.dir, hit), hit);
}

/**
 * Every collider that `shape` at `position` / `orientation` overlaps or touches, in collider-id order,
 * into `out` (`out.colliders`, `out.bodies`); returns the count.
 * @throws PhysicsInputError as {@link castShape} (field `out` for a list without arrays).
 */
export function overlapShape(
  world: PhysicsWorld, shape: QueryShapeDef | QueryShape, position: Vec3Like, orientation: QuatLike, out: OverlapList,
  options?: QueryFilterDef,
): number {
  const s = prepare(world, shape, position, orientation, options);
  if (typeof out !== 'object' || out === null || !Array.isArray(out.colliders) || !Array.isArray(out.bodies)) {
    throw new PhysicsInputError(-1, 'out', out, 'must be an OverlapList (createOverlapList())');
  }
  fitQueryTrees(world);
  const n = overlapAll(world, s, out);
  for (let i = 0; i < n; i++) {
    out.colliders[i] = entityHandle(world, out.colliders[i]);
    out.bodies[i] = entityHandle(world, out.bodies[i]);
  }
  return n;
}

/**
 * The collider nearest to `shape` at `position` / `orientation` within `maxDistance` (between the
 * surfaces): `hit.distance` (m; 0 when they overlap), `hit.point` (closest point on the collider),
 * `hit.pointOnShape`, `hit.normal` (out of the collider toward the shape). Returns false when none is
 * that close.
 * @throws PhysicsInputError as {@link castShape}.
 */
export function shapeProximity(
  world: PhysicsWorld, shape: QueryShapeDef | QueryShape, position: Vec3Like, orientation: QuatLike, hit: ShapeHit,
  options?: ProximityOptions,
): boolean {
  const s = prepare(world, shape, position, orientation, options);
  const maxD = readMax(options);
  checkHit(hit);
  s.value[MAX_DISTANCE] = maxD;
  fitQueryTrees(world);
  return toHandles(world, proximityClosest(world, s, hit), hit);
}

/**
 * The collider nearest to the point `point` (unit: m, world) within `maxDistance`: `hit.distance` (0
 * when the point is inside), `hit.point` (closest point on the collider), `hit.normal`.
 * @throws PhysicsInputError as {@link castShape}.
 */
export function pointProximity(world: PhysicsWorld, point: Vec3Like, hit: ShapeHit, options?: ProximityOptions): boolean {
  const s = scratchOf(world);
  readInto('point', point, s.start);
  readFilter(world, s, options);
  const maxD = readMax(options);
  checkHit(hit);
  // a point is a sphere core of radius 0
  const p = s.shape;
  setProxyFromPose(p, ShapeKind.sphere, POINT_POSE(s), 0, ZERO, 0, undefined);
  p.position[0] = s.start[0]; p.position[1] = s.start[1]; p.position[2] = s.start[2];
  p.radius = 0;
  s.value[SHAPE_RADIUS] = 0;
  s.value[MAX_DISTANCE] = maxD;
  fitQueryTrees(world);
  return toHandles(world, proximityClosest(world, s, hit), hit);
}

const ZERO = [0, 0, 0];

/** A hit's store indices → the public handles (`hit.body`, `hit.collider`), as the ray casts report. */
function toHandles(world: PhysicsWorld, found: boolean, hit: ShapeHit): boolean {
  if (found) {
    hit.body = entityHandle(world, hit.body);
    hit.collider = entityHandle(world, hit.collider);
  }
  return found;
}

/** The scratch pose of a point query (identity orientation). */
function POINT_POSE(s: ShapeQueryScratch): Float64Array {
  const q = s.pose;
  q[0] = 0; q[1] = 0; q[2] = 0; q[3] = 0; q[4] = 0; q[5] = 0; q[6] = 1;
  return q;
}

function scratchOf(world: PhysicsWorld): ShapeQueryScratch {
  const q = world.queries ?? (world.queries = createQueryScratch(createQueryFilter()));
  return q.shapes ?? (q.shapes = createShapeQueryScratch(q.filter));
}

/** Validates the shape, pose and filter and loads them into the scratch. */
function prepare(
  world: PhysicsWorld, def: QueryShapeDef | QueryShape, position: Vec3Like, orientation: QuatLike, o: QueryFilterDef | undefined,
): ShapeQueryScratch {
  const s = scratchOf(world);
  const pose = s.pose;
  readInto('position', position, pose);
  readQuatInto(orientation, pose);
  readFilter(world, s, o);
  readShape(s, def, pose);
  s.start[0] = pose[0]; s.start[1] = pose[1]; s.start[2] = pose[2];
  return s;
}

/** Validates a query shape and writes it, posed at `pose`, into `s.shape`. */
function readShape(s: ShapeQueryScratch, def: QueryShapeDef | QueryShape, pose: Float64Array): void {
  const d = def instanceof PreparedQueryShape ? def.decoded : decodeShape(def as QueryShapeDef, s.decoded);
  const size = d.size, kind = d.kind;
  setProxyFromPose(s.shape, kind, pose, 0, size, 0, d.hull);
  const v = s.value;
  if (kind === ShapeKind.sphere) v[SHAPE_RADIUS] = size[0];
  else if (kind === ShapeKind.box) v[SHAPE_RADIUS] = Math.sqrt(size[0] * size[0] + size[1] * size[1] + size[2] * size[2]);
  else if (kind === ShapeKind.capsule) v[SHAPE_RADIUS] = size[0] + size[1];
  else if (kind === ShapeKind.cylinder) v[SHAPE_RADIUS] = Math.sqrt(size[0] * size[0] + size[1] * size[1]);
  else v[SHAPE_RADIUS] = size[0]; // the hull's bounding radius
}

/** Validates a query shape description into `out` (kind, `size` triple, hull asset) and returns it. */
function decodeShape(def: QueryShapeDef, out: DecodedShape): DecodedShape {
  if (typeof def !== 'object' || def === null) throw new PhysicsInputError(-1, 'shape', def, 'must be a shape description { shape: … }');
  const size = out.size;
  const shape: unknown = def.shape;
  out.hull = undefined;
  // Each number is checked in place and stored straight into `size`, each kind reading its fields at a
  // place of its own: a number read from an object field and passed on, or read at one place from
  // objects of different layouts, is copied into a new heap number by V8's optimised code.
  // The fields below are read from `src`, which is always `def` (`size` always has 3 entries) but which
  // V8's optimising compiler cannot tell is: read from `def` itself, each field was read for every layout
  // the compiler had checked when it read `def.shape`, those without the field giving `undefined`, and the
  // merge of a number with `undefined` is a new heap number (about 6 B per query on average).
  const src: object = size.length === 3 ? def : out;
  if (shape === 'sphere') {
    const r = (src as { radius: unknown }).radius;
    if (typeof r !== 'number' || !(r > 0) || !Number.isFinite(r)) throw lengthError('shape.radius', r, '> 0');
    size[0] = r; size[1] = 0; size[2] = 0;
    out.kind = ShapeKind.sphere;
  } else if (shape === 'capsule') {
    const d = src as { radius: unknown; halfHeight: unknown };
    const r = d.radius, h = d.halfHeight;
    if (typeof r !== 'number' || !(r > 0) || !Number.isFinite(r)) throw lengthError('shape.radius', r, '> 0');
    if (typeof h !== 'number' || !(h >= 0) || !Number.isFinite(h)) throw lengthError('shape.halfHeight', h, '≥ 0');
    size[0] = r; size[1] = h; size[2] = 0;
    out.kind = ShapeKind.capsule;
  } else if (shape === 'box') {
    readInto('shape.halfExtents', (def as { halfExtents: Vec3Like }).halfExtents, size);
    if (!(size[0] > 0 && size[1] > 0 && size[2] > 0)) throw new PhysicsInputError(-1, 'shape.halfExtents', [size[0], size[1], size[2]], 'must be > 0');
    out.kind = ShapeKind.box;
  } else {
    const code = typeof shape === 'object' && shape !== null ? (shape as ShapeAsset).kindCode : -1;
    if (code === ShapeKind.cylinder && getShapeRoutines(ShapeKind.cylinder) !== undefined) {
      const c = shape as CylinderShape;
      size[0] = c.radius; size[1] = c.halfHeight; size[2] = 0;
      out.kind = ShapeKind.cylinder;
    } else if (code === ShapeKind.convexHull && (shape as ConvexHull).vertices instanceof Float64Array) {
      const hull = shape as ConvexHull;
      out.hull = hull;
      size[0] = hull.boundingRadius; size[1] = 0; size[2] = 0;
      out.kind = ShapeKind.convexHull;
    } else {
      throw new PhysicsInputError(-1, 'shape.shape', shape, "must be 'sphere', 'box', 'capsule', or a shape made by cylinder() / convexHull()");
    }
  }
  return out;
}

function lengthError(field: string, v: unknown, bound: string): PhysicsInputError {
  return new PhysicsInputError(-1, field, v, `must be a finite number ${bound} (unit: m)`);
}

function readMax(o: { maxDistance?: number } | undefined): number {
  if (o?.maxDistance === undefined) return Infinity;
  const m = o.maxDistance;
  if (typeof m !== 'number' || !(m >= 0)) throw new PhysicsInputError(-1, 'maxDistance', m, 'must be a number ≥ 0 (Infinity allowed; unit: m)');
  return m;
}

/** Validates the filter options and loads them into the scratch's filter (shared with the ray casts). */
function readFilter(world: PhysicsWorld, s: ShapeQueryScratch, o: QueryFilterDef | undefined): void {
  let group = 0xffffffff, mask = 0xffffffff, includeSensors = false;
  let exclude: ArrayLike<number> | undefined;
  if (o !== undefined) {
    if (typeof o !== 'object' || o === null) throw new PhysicsInputError(-1, 'options', o, 'must be an object');
    if (o.group !== undefined) group = readBits('group', o.group);
    if (o.mask !== undefined) mask = readBits('mask', o.mask);
    if (o.includeSensors !== undefined) {
      if (typeof o.includeSensors !== 'boolean') throw new PhysicsInputError(-1, 'includeSensors', o.includeSensors, 'must be a boolean');
      includeSensors = o.includeSensors;
    }
    if (o.excludeBodies !== undefined) {
      exclude = o.excludeBodies;
      if (typeof exclude !== 'object' || exclude === null || typeof exclude.length !== 'number') {
        throw new PhysicsInputError(-1, 'excludeBodies', exclude, 'must be an array of body handles');
      }
      for (let i = 0; i < exclude.length; i++) {
        if (!Number.isInteger(exclude[i])) throw new PhysicsInputError(-1, `excludeBodies[${i}]`, exclude[i], 'must be an integer body handle');
      }
    }
  }
  // handles → store indices; a handle that is no longer a live body excludes nothing (−1 matches none)
  const f = s.filter, n = exclude === undefined ? 0 : exclude.length;
  const ix = reserveExcluded(f, n);
  for (let i = 0; i < n; i++) ix[i] = bodyIndex(world, exclude![i]);
  f.excludeCount = n;
  f.group = group; f.mask = mask; f.includeSensors = includeSensors;
}

function readBits(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new PhysicsInputError(-1, field, v, 'must be a 32-bit unsigned integer');
  return v;
}

/** Reads a finite 3-vector into `out[0..2]` without allocating. */
function readInto(field: string, v: Vec3Like, out: Float64Array): void {
  if (typeof v !== 'object' || v === null) throw new PhysicsInputError(-1, field, v, 'must be a 3-vector');
  const len = (v as { length?: unknown }).length;
  if (typeof len === 'number') {
    if (len !== 3) throw new PhysicsInputError(-1, field, v, 'must be a 3-vector');
    const a = v as ArrayLike<number>;
    out[0] = a[0]; out[1] = a[1]; out[2] = a[2];
  } else if ('x' in v) {
    out[0] = v.x; out[1] = v.y; out[2] = v.z;
  } else {
    throw new PhysicsInputError(-1, field, v, 'must be a 3-vector');
  }
  for (let k = 0; k < 3; k++) {
    const x: unknown = out[k];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new PhysicsInputError(-1, field, [out[0], out[1], out[2]], 'components must be finite numbers');
  }
}

/** Reads a non-zero finite quaternion into `pose[3..6]`, normalised. */
function readQuatInto(q: QuatLike, pose: Float64Array): void {
  if (typeof q !== 'object' || q === null) throw new PhysicsInputError(-1, 'orientation', q, 'must be a quaternion (x y z w)');
  const len = (q as { length?: unknown }).length;
  let x: unknown, y: unknown, z: unknown, w: unknown;
  if (typeof len === 'number') {
    if (len !== 4) throw new PhysicsInputError(-1, 'orientation', q, 'must be a quaternion (x y z w)');
    const a = q as ArrayLike<unknown>;
    x = a[0]; y = a[1]; z = a[2]; w = a[3];
  } else if ('w' in q) {
    x = q.x; y = q.y; z = q.z; w = q.w;
  } else {
    throw new PhysicsInputError(-1, 'orientation', q, 'must be a quaternion (x y z w)');
  }
  if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number' || typeof w !== 'number') {
    throw new PhysicsInputError(-1, 'orientation', q, 'components must be numbers');
  }
  const l = Math.sqrt(x * x + y * y + z * z + w * w);
  if (!(l > 0) || !Number.isFinite(l)) throw new PhysicsInputError(-1, 'orientation', [x, y, z, w], 'must be a non-zero finite quaternion');
  pose[3] = x / l; pose[4] = y / l; pose[5] = z / l; pose[6] = w / l;
}

function checkHit(hit: ShapeHit): void {
  if (typeof hit !== 'object' || hit === null || !(hit.point?.length >= 3) || !(hit.normal?.length >= 3) || !(hit.pointOnShape?.length >= 3)) {
    throw new PhysicsInputError(-1, 'hit', hit, 'must be a ShapeHit (createShapeHit())');
  }
}
