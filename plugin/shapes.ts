/**
 * Shape functions for the shapes beyond sphere, box, capsule and plane: `cylinder(radius, halfHeight)`
 * and `convexHull(points, options)`. Pass what they return as a collider's `shape`:
 *
 * @example
 * const rock = convexHull(points, { maxVertices: 32 });      // a shared asset: build once, use many times
 * addBody(world, { position: [0, 2, 0], collider: { shape: rock, friction: 0.8 } });
 * addBody(world, { position: [1, 2, 0], collider: { shape: cylinder(0.3, 0.45) } });
 *
 * The first call of either function registers the routines of both shapes (AABB, ray cast, mass) and
 * the collide functions of every pair with them (general convex–convex GJK / EPA with face clipping,
 * plane–convex, convex against the triangles of meshes and heightfields), so an app that never calls
 * them never ships that code. These modules have no side effects at import.
 */

import { ShapeKind, type ShapeAsset } from '../components/collider';
import { registerShapeRoutines } from '../systems/shapes/shape-registry';
import { CYLINDER_ROUTINES } from '../systems/shapes/cylinder';
import { HULL_ROUTINES } from '../systems/shapes/hull-routines';
import { buildConvexHull, type ConvexHullData } from '../systems/shapes/convex-hull';
import { registerCollideFn } from '../systems/narrowphase/collide-table';
import { makeConvexCollide, makePlaneConvexCollide } from '../systems/narrowphase/collide-convex';
import { makeConvexMeshCollide } from '../systems/narrowphase/collide-convex-mesh';
import { PhysicsInputError } from './errors';
import { updateBodyMass } from './body-mass';
import { setShapeHooks, type ResolvedShape } from './shape-hooks';
import { getShapeRoutines } from '../systems/shapes/shape-registry';
import type { Vec3Like } from './validate';

/** A solid cylinder about its local y axis (caps at y = ±halfHeight), made by {@link cylinder}. */
export interface CylinderShape extends ShapeAsset {
  readonly kindCode: typeof ShapeKind.cylinder;
  /** unit: m */
  readonly radius: number;
  /** Half the length along the axis (unit: m). */
  readonly halfHeight: number;
}

/** A convex hull asset made by {@link convexHull}: vertices, polygon faces and mass properties, in
 * the collider's frame (see `systems/shapes/convex-hull.ts`). Immutable; share it between colliders. */
export type ConvexHull = ConvexHullData;

/** Options of {@link convexHull}. */
export interface ConvexHullOptions {
  /** Most vertices the hull keeps (integer ≥ 4, default 64): past it, the points farthest out are kept. */
  maxVertices?: number;
  /** Points closer than this are welded into one before building (unit: m, ≥ 0, default 1e-4). */
  weldDistance?: number;
}

let registered = false;

/** Registers the cylinder and hull routines and their collide functions (idempotent). */
function registerConvexShapes(): void {
  if (registered) return;
  registered = true;
  setShapeHooks({ resolve: resolveShape, mass: shapeMass, updateBodyMass });
  registerShapeRoutines(ShapeKind.cylinder, CYLINDER_ROUTINES);
  registerShapeRoutines(ShapeKind.convexHull, HULL_ROUTINES);
  const convex = [ShapeKind.sphere, ShapeKind.box, ShapeKind.capsule, ShapeKind.cylinder, ShapeKind.convexHull];
  for (const b of [ShapeKind.cylinder, ShapeKind.convexHull]) {
    for (const a of convex) if (a <= b) registerCollideFn(a, b, makeConvexCollide(a, b));
    registerCollideFn(ShapeKind.plane, b, makePlaneConvexCollide(b));
    for (const m of [ShapeKind.mesh, ShapeKind.heightfield]) registerCollideFn(b, m, makeConvexMeshCollide(b));
  }
}

/** Reads a shape object made here into collider columns (`plugin/shape-hooks.ts`). */
function resolveShape(entity: number, shape: object): ResolvedShape {
  const kind = (shape as { kindCode?: unknown }).kindCode;
  if (kind === ShapeKind.cylinder) {
    const c = shape as CylinderShape;
    return { kind, size: [c.radius, c.halfHeight, 0], data: undefined };
  }
  if (kind === ShapeKind.convexHull && (shape as ConvexHull).vertices instanceof Float64Array) {
    return { kind, size: [(shape as ConvexHull).boundingRadius, 0, 0], data: shape as ConvexHull };
  }
  throw new PhysicsInputError(entity, 'collider.shape', shape, 'must be a shape name or a shape made by cylinder() / convexHull()');
}

/** Mass and inertia diagonal (collider axes) of a resolved registered shape, for `addBody`'s checks. */
function shapeMass(s: ResolvedShape, density: number): { mass: number; inertia: [number, number, number] } {
  const r = getShapeRoutines(s.kind);
  if (r === undefined) return { mass: Infinity, inertia: [Infinity, Infinity, Infinity] };
  const m = r.mass(s.size, 0, s.data, density);
  return { mass: m.mass, inertia: [m.tensor[0], m.tensor[4], m.tensor[8]] };
}

/**
 * A cylinder of `radius` and half height `halfHeight` (unit: m, both > 0) about the collider's local y
 * axis. Mass properties in closed form; ray casts exact; contacts by the general convex path.
 * @throws PhysicsInputError (field `radius` / `halfHeight`) for a non-positive or non-finite value.
 */
export function cylinder(radius: number, halfHeight: number): CylinderShape {
  if (typeof radius !== 'number' || !(radius > 0) || !Number.isFinite(radius)) {
    throw new PhysicsInputError(-1, 'radius', radius, 'must be a finite number > 0 (unit: m)');
  }
  if (typeof halfHeight !== 'number' || !(halfHeight > 0) || !Number.isFinite(halfHeight)) {
    throw new PhysicsInputError(-1, 'halfHeight', halfHeight, 'must be a finite number > 0 (unit: m)');
  }
  registerConvexShapes();
  return { kindCode: ShapeKind.cylinder, radius, halfHeight };
}

/**
 * The convex hull of `points` (unit: m, in the collider's frame): an array of 3-vectors, or flat
 * coordinates `[x0, y0, z0, x1, …]`. Quickhull with welding of near-duplicate points and a vertex
 * limit; coplanar triangles are merged into polygon faces. The result is a shared asset: pass it as the
 * `shape` of any number of colliders.
 * @throws PhysicsInputError: field `points` (not an array, fewer than 4 distinct points, all collinear
 *   or coplanar), `points[i]` (a non-finite coordinate or a malformed point), `maxVertices`,
 *   `weldDistance`.
 */
export function convexHull(points: ArrayLike<number> | readonly Vec3Like[], options: ConvexHullOptions = {}): ConvexHull {
  if (typeof points !== 'object' || points === null || typeof points.length !== 'number') {
    throw new PhysicsInputError(-1, 'points', points, 'must be an array of 3-vectors or of flat x y z coordinates');
  }
  if (typeof options !== 'object' || options === null) throw new PhysicsInputError(-1, 'options', options, 'must be an object');
  const maxVertices = options.maxVertices ?? 64;
  if (!Number.isInteger(maxVertices) || maxVertices < 4) {
    throw new PhysicsInputError(-1, 'maxVertices', maxVertices, 'must be an integer ≥ 4');
  }
  const weldDistance = options.weldDistance ?? 1e-4;
  if (typeof weldDistance !== 'number' || !(weldDistance >= 0) || !Number.isFinite(weldDistance)) {
    throw new PhysicsInputError(-1, 'weldDistance', weldDistance, 'must be a finite number ≥ 0 (unit: m)');
  }
  const xyz = flatten(points);
  const hull = buildConvexHull(xyz, { maxVertices, weldDistance });
  if ('field' in hull) throw new PhysicsInputError(-1, hull.field, hull.value, hull.reason);
  registerConvexShapes();
  return hull;
}

/** Flat coordinates of an array of 3-vectors (or a copy of flat coordinates). */
function flatten(points: ArrayLike<number> | readonly Vec3Like[]): Float64Array {
  const n = points.length;
  if (n === 0) return new Float64Array(0);
  const first: unknown = (points as ArrayLike<unknown>)[0];
  if (typeof first === 'number') {
    if (n % 3 !== 0) throw new PhysicsInputError(-1, 'points', n, 'flat coordinates must come in threes (x y z)');
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v: unknown = (points as ArrayLike<unknown>)[i];
      if (typeof v !== 'number') throw new PhysicsInputError(-1, `points[${Math.floor(i / 3)}]`, v, 'coordinates must be numbers');
      out[i] = v;
    }
    return out;
  }
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const p: unknown = (points as readonly unknown[])[i];
    let x: unknown, y: unknown, z: unknown;
    if (typeof p === 'object' && p !== null && typeof (p as { length?: unknown }).length === 'number') {
      const a = p as ArrayLike<unknown>;
      if (a.length !== 3) throw new PhysicsInputError(-1, `points[${i}]`, p, 'must be a 3-vector');
      x = a[0]; y = a[1]; z = a[2];
    } else if (typeof p === 'object' && p !== null && 'x' in p) {
      const q = p as { x: unknown; y: unknown; z: unknown };
      x = q.x; y = q.y; z = q.z;
    } else {
      throw new PhysicsInputError(-1, `points[${i}]`, p, 'must be a 3-vector');
    }
    if (typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number') {
      throw new PhysicsInputError(-1, `points[${i}]`, p, 'coordinates must be numbers');
    }
    out[3 * i] = x; out[3 * i + 1] = y; out[3 * i + 2] = z;
  }
  return out;
}
