/**
 * Collider component: the shape, local pose, material and collision filter of a collider, SoA columns
 * indexed by entity id. A collider is an entity attached to one body (`body`), at a pose in that body's
 * frame (`localPosition`, `localOrientation`; the body frame is its centre-of-mass principal frame).
 * The collider that `addBody` creates lives on the body's own entity (collider id = body id, as a
 * collider on a rigid-body entity in Avian); `addCollider` creates more, each its own entity. A body's
 * colliders form a list: `firstCollider[body]`, then `nextCollider[c]` (−1 ends it).
 *
 * Shape dimensions live in `size` `[3 × capacity]`:
 * - sphere: (radius, 0, 0)
 * - box: (half extent x, y, z)
 * - capsule: (radius, half height of the core segment, 0); the segment lies on the body-local y axis
 * - plane: unused; the plane passes through the body origin with body-local normal +y. Static only.
 * - cylinder: (radius, half height, 0); the axis is the collider-local y axis, the caps at y = ±half height
 * - convex hull: (bounding radius about the collider origin, 0, 0); the vertices and faces live in the
 *   shared hull asset `shapeData[eid]` (`systems/shapes/convex-hull.ts`), in the collider's frame
 * - mesh, heightfield: unused; the triangles, their BVH and active edges live in the shared asset
 *   `shapeData[eid]` (`systems/shapes/triangle-mesh.ts`), in the collider's frame. Static or kinematic only.
 * All lengths in m.
 *
 * Shapes whose geometry does not fit in `size` (convex hulls; meshes and heightfields) keep a reference
 * to a shared asset in `shapeData[eid]`: many colliders may reference the same asset object. Their
 * routines (AABB, collide, ray, mass) are registered when the asset is made
 * (`systems/shapes/shape-registry.ts`), so an app that never makes one never ships them.
 */

import { createColumns, ensureColumns, f64, i32, u32, u8, type Columns, type ColumnTable } from './column-table';
import { createEntityList, type EntityList } from './entity-list';

export const ShapeKind = { none: 0, sphere: 1, box: 2, capsule: 3, plane: 4, cylinder: 5, convexHull: 6, mesh: 7, heightfield: 8 } as const;

/** Number of shape-kind codes the dispatch tables leave room for (codes 0 … MAX_SHAPE_KINDS − 1). */
export const MAX_SHAPE_KINDS = 16;

/** A shared shape asset referenced by colliders (`ColliderStore.shapeData`): its {@link ShapeKind} code. */
export interface ShapeAsset {
  readonly kindCode: number;
}
export type ShapeKindName = Exclude<keyof typeof ShapeKind, 'none'>;

/**
 * How a pair's friction or restitution is combined from the two colliders' values. `engine` (0) is the
 * engine's own rule (friction: geometric mean √(μa μb); restitution: maximum). When the two colliders of
 * a pair carry different rules, the higher code wins (engine < geometricMean < minimum < maximum <
 * arithmeticMean < multiply): the precedence Havok applies, measured through Babylon's Physics V2.
 */
export const CombineRule = { engine: 0, geometricMean: 1, minimum: 2, maximum: 3, arithmeticMean: 4, multiply: 5 } as const;
export type CombineRuleName = keyof typeof CombineRule;

/** The Collider columns, declared once: the store type, creation and growth derive from this table. */
export const COLLIDER_COLUMNS = {
  /** `[capacity]` {@link ShapeKind} code (0 = no collider). */
  shape: u8(),
  /** `[3 × capacity]` shape dimensions (unit: m), see the file header. */
  size: f64(3),
  /** `[capacity]` Coulomb friction coefficient μ ≥ 0 (dimensionless, default 0.5): the kinetic
   * coefficient μ_d, bounding the friction force of a sliding contact. */
  friction: f64(),
  /** `[capacity]` static friction coefficient μ_s ≥ 0 (dimensionless, default = `friction`): bounds the
   * friction force of a contact that does not slip (see `STICK_SPEED`, components/contact.ts). */
  staticFriction: f64(),
  /** `[capacity]` Newton restitution coefficient e ∈ [0, 1] (dimensionless, default 0). In the accurate
   * mode it is the PLUS COR e_max, the value of the COR line at zero approach speed. */
  restitution: f64(),
  /** `[capacity]` PLUS capture velocity v_capture ≥ 0 (unit: m/s, default 0.2): impacts slower than
   * this do not rebound (COR 0). Default ≈ g·h … 2g·h at 60 Hz, so resting contacts under gravity do not bounce (Uchida, Sherman & Delp 2015 §2c); the
   * paper's 0.01 m/s (Table A1) suits event-driven integration. */
  captureVelocity: f64(),
  /** `[capacity]` PLUS plastic deformation velocity v_plastic > 0 (unit: m/s, default 0.1 = paper
   * Table A1): at and above this approach speed the COR is `minRestitution`. */
  plasticVelocity: f64(),
  /** `[capacity]` PLUS minimum COR e_min ∈ [0, 1] (dimensionless, default 1, used as
   * min(e_min, restitution), so the default is a constant COR = restitution above v_capture). */
  minRestitution: f64(),
  /** `[capacity]` collision group bits: what this collider is (default 0x0001). */
  group: u32(),
  /** `[capacity]` collision mask bits: what it collides with (default 0xFFFFFFFF). Two colliders
   * collide when `(groupA & maskB) !== 0 && (groupB & maskA) !== 0`. */
  mask: u32(),
  /** `[capacity]` 1 for a sensor: reports begin / end events, produces no contact forces. */
  isSensor: u8(),
  /** `[capacity]` {@link CombineRule} code for the pair's friction (default 0 = the engine's rule). */
  frictionCombine: u8(),
  /** `[capacity]` {@link CombineRule} code for the pair's restitution (default 0 = the engine's rule). */
  restitutionCombine: u8(),
  /** `[6 × capacity]` world AABB (min x y z, max x y z), fattened by the contact margin (unit: m).
   * Written by the broadphase each step. */
  aabb: f64(6),
  /** `[capacity]` entity id of the body the collider is attached to (−1: none). */
  body: i32(1, { fill: -1 }),
  /** `[3 × capacity]` collider centre in the body frame (unit: m, from the body's centre of mass). */
  localPosition: f64(3),
  /** `[4 × capacity]` collider orientation in the body frame (unit quaternion x y z w). */
  localOrientation: f64(4),
  /** `[7 × capacity]` world pose of the collider (position x y z, unit: m; quaternion x y z w), the
   * body pose composed with the local pose. Written by the broadphase each step (stage 1). */
  worldPose: f64(7),
  /** `[capacity]` density (unit: kg/m³, default 1000) from which the collider's mass is taken. */
  density: f64(),
  /** `[capacity]` next collider of the same body, −1 at the end of the list. */
  nextCollider: i32(1, { fill: -1 }),
  /** `[capacity]`, indexed by body id: the first collider of the body, −1 when it has none. */
  firstCollider: i32(1, { fill: -1 }),
  /** `[3 × capacity]`, indexed by body id: the body's origin frame in its centre-of-mass frame, position
   * (unit: m). The origin frame is where the body was created (`addBody`'s position and orientation);
   * it moves with the body, and the poses given to `addCollider` are in it. */
  originPosition: f64(3),
  /** `[4 × capacity]`, indexed by body id: the origin frame's orientation in the centre-of-mass frame. */
  originOrientation: f64(4),
  /** `[capacity]`, indexed by body id: which mass properties the user fixed ({@link MassOverride}
   * bits); the others are recomputed from the colliders whenever a collider is added or removed. */
  massOverride: u8(),
} satisfies ColumnTable;

/** The Collider store: {@link COLLIDER_COLUMNS} sized for `capacity` entity ids. */
export interface ColliderStore extends Columns<typeof COLLIDER_COLUMNS> {
  /** Entity ids below this fit in every column. */
  capacity: number;
  /** The entities that have this component, in bitecs query order (`entity-list.ts`; kept by the engine's
   * functions that add and remove the component). */
  readonly members: EntityList;
  /** `[entity id]` the shared asset of a collider whose shape needs one (convex hull …), else undefined.
   * A sparse JS array (not a column): assets are objects shared by many colliders. */
  shapeData: (ShapeAsset | undefined)[];
}

/** Bits of `ColliderStore.massOverride`: the body's mass, or its inertia, was given explicitly. */
export const MassOverride = { mass: 1, inertia: 2 } as const;

export function createColliderStore(capacity = 64): ColliderStore {
  return { capacity, members: createEntityList(capacity), shapeData: [], ...createColumns(COLLIDER_COLUMNS, capacity) };
}

/** Grows every column so that entity id `eid` fits. The store object keeps its identity. */
export function ensureColliderCapacity(s: ColliderStore, eid: number): void {
  ensureColumns(COLLIDER_COLUMNS, s, eid + 1);
}
