/**
 * The routines of the shape kinds that are not built into the step's own switches (cylinder, convex
 * hull; meshes and heightfields): world AABB, bounding radius, exact ray cast and mass properties, one
 * set per {@link ShapeKind} code.
 *
 * Why a registry: the default entry must not ship the code of shapes an app never makes (GJK / EPA,
 * hull building, cylinder routines). The factory functions of those shapes (`plugin/shapes.ts`)
 * register their routines here, and their collide functions in the narrowphase's table, on first call;
 * the broadphase, the ray casts and the mass code look a kind up here only when it is not one of their
 * built-in cases. Registering is idempotent and global (the routines are pure functions of their
 * arguments, so one table serves every world; it holds no scratch).
 */

import { MAX_SHAPE_KINDS, type ShapeAsset } from '../../components/collider';

/** Mass properties of one shape of uniform density, in the shape's (collider's) frame. */
export interface ShapeMass {
  /** unit: kg */
  mass: number;
  /** `[3]` centre of mass (unit: m, collider frame). */
  center: [number, number, number];
  /** `[9]` row-major inertia tensor about the centre of mass, collider axes (unit: kg·m²). */
  tensor: number[];
}

/** A shape's exact ray hit, in its local frame (`systems/queries/ray-shape.ts` `RayShapeHit`). */
export interface LocalRayHit {
  t: number;
  normal: Float64Array;
}

/** What the step and the queries need of a registered shape kind. */
export interface ShapeRoutines {
  /** Writes the tight world AABB `[min x y z, max x y z]` into `out[o..o+5]` of the shape with
   * dimensions `size[so..so+2]` and asset `data`, at world pose `pose[po..po+6]` (position, quaternion). */
  aabb(size: ArrayLike<number>, so: number, data: ShapeAsset | undefined, pose: ArrayLike<number>, po: number,
    out: Float64Array, o: number): void;
  /** Radius (unit: m) of a sphere about the collider origin that holds the shape. */
  boundingRadius(size: ArrayLike<number>, so: number, data: ShapeAsset | undefined): number;
  /** Exact ray cast in the shape's frame, as `rayCastShape` (`systems/queries/ray-shape.ts`): `ray`
   * is laid out as `systems/broadphase/dynamic-tree.ts` `RAY_LENGTH` (origin, unit direction, maximum
   * distance at `RAY_MAX_T`; the reciprocal and entry slots are scratch the routine may overwrite). */
  rayCast(size: ArrayLike<number>, so: number, data: ShapeAsset | undefined, ray: Float64Array, solid: boolean,
    out: LocalRayHit): boolean;
  /** Mass properties at density `density` (unit: kg/m³). Allocates (not called in the step). */
  mass(size: ArrayLike<number>, so: number, data: ShapeAsset | undefined, density: number): ShapeMass;
}

const registry: (ShapeRoutines | undefined)[] = new Array<ShapeRoutines | undefined>(MAX_SHAPE_KINDS).fill(undefined);

/** Registers the routines of shape kind `kind` (replaces earlier ones). */
export function registerShapeRoutines(kind: number, routines: ShapeRoutines): void {
  registry[kind] = routines;
}

/** The routines registered for `kind`, or undefined. */
export function getShapeRoutines(kind: number): ShapeRoutines | undefined {
  return registry[kind];
}
