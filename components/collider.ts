/**
 * Collider component: the shape, material and collision filter of a body, SoA columns indexed by
 * entity id (one collider per body, centred on the body's centre of mass, axes along the body axes).
 *
 * Shape dimensions live in `size` `[3 × capacity]`:
 * - sphere: (radius, 0, 0)
 * - box: (half extent x, y, z)
 * - capsule: (radius, half height of the core segment, 0); the segment lies on the body-local y axis
 * - plane: unused; the plane passes through the body origin with body-local normal +y. Static only.
 * All lengths in m.
 */

import { createColumns, ensureColumns, f64, u32, u8, type Columns, type ColumnTable } from './column-table';

export const ShapeKind = { none: 0, sphere: 1, box: 2, capsule: 3, plane: 4 } as const;
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
  /** `[capacity]` Coulomb friction coefficient μ ≥ 0 (dimensionless, default 0.5). */
  friction: f64(),
  /** `[capacity]` Newton restitution coefficient e ∈ [0, 1] (dimensionless, default 0). In the accurate
   * mode it is the PLUS COR e_max, the value of the COR line at zero approach speed. */
  restitution: f64(),
  /** `[capacity]` PLUS capture velocity v_capture ≥ 0 (unit: m/s, default 0.2): impacts slower than
   * this do not rebound (COR 0). Default from the seed-004 digest §6.3 (≈ g·h … 2g·h at 60 Hz); the
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
} satisfies ColumnTable;

/** The Collider store: {@link COLLIDER_COLUMNS} sized for `capacity` entity ids. */
export interface ColliderStore extends Columns<typeof COLLIDER_COLUMNS> {
  /** Entity ids below this fit in every column. */
  capacity: number;
}

export function createColliderStore(capacity = 64): ColliderStore {
  return { capacity, ...createColumns(COLLIDER_COLUMNS, capacity) };
}

/** Grows every column so that entity id `eid` fits. The store object keeps its identity. */
export function ensureColliderCapacity(s: ColliderStore, eid: number): void {
  ensureColumns(COLLIDER_COLUMNS, s, eid + 1);
}
