/**
 * RigidBody component: the motion state of a body, SoA columns indexed by entity id.
 *
 * Layout (documented once for every store in `components/README.md`): scalars are `[capacity]`,
 * vectors are stride-3 `[3 × capacity]` (x y z of entity e at 3e..3e+2), quaternions stride-4
 * `[4 × capacity]` in Babylon's x y z w order. All values SI (m, kg, s, rad) and in the world frame
 * unless a field says body-local. The body origin is its centre of mass.
 */

import { createColumns, ensureColumns, f64, u8, type Columns, type ColumnTable } from './column-table';
import { createEntityList, type EntityList } from './entity-list';

/** How a body moves. Dynamic: forces and contacts move it. Kinematic: moves with its set velocity, infinite
 * mass. Static: never moves, infinite mass. */
export const MotionType = { dynamic: 0, kinematic: 1, static: 2 } as const;
export type MotionTypeName = keyof typeof MotionType;

/** The RigidBody columns, declared once: the store type, creation and growth derive from this table. */
export const RIGID_BODY_COLUMNS = {
  /** `[capacity]` {@link MotionType} code. */
  motionType: u8(),
  /** `[capacity]` mass (unit: kg); 0 for static and kinematic bodies. */
  mass: f64(),
  /** `[capacity]` inverse mass (unit: 1/kg); 0 for static and kinematic bodies. */
  invMass: f64(),
  /** `[3 × capacity]` body-local principal inertia diagonal (unit: kg·m²). */
  inertiaLocal: f64(3),
  /** `[3 × capacity]` inverse of {@link inertiaLocal} (unit: 1/(kg·m²)); 0 for non-dynamic bodies. */
  invInertiaLocal: f64(3),
  /** `[3 × capacity]` centre-of-mass position (unit: m, world frame). */
  position: f64(3),
  /** `[4 × capacity]` unit orientation quaternion x y z w (body-local → world). */
  orientation: f64(4),
  /** `[3 × capacity]` linear velocity of the centre of mass (unit: m/s, world frame). */
  linearVelocity: f64(3),
  /** `[3 × capacity]` angular velocity (unit: rad/s, world frame). */
  angularVelocity: f64(3),
  /** `[3 × capacity]` force accumulator (unit: N, world frame), cleared after every step. */
  force: f64(3),
  /** `[3 × capacity]` torque accumulator (unit: N·m, world frame), cleared after every step. */
  torque: f64(3),
  /** `[capacity]` linear damping rate (unit: 1/s, default 0): v ← v / (1 + h c). */
  linearDamping: f64(),
  /** `[capacity]` angular damping rate (unit: 1/s, default 0). */
  angularDamping: f64(),
  /** `[capacity]` multiplier on world gravity (dimensionless, default 1). */
  gravityScale: f64(),
  /** `[capacity]` 1 when asleep (its island rested for the world's time to sleep; see
   * `systems/islands/islands.ts`); a sleeping body is not moved by the step. */
  sleeping: u8(),
  /** `[capacity]` how long the body has rested below the world's sleep thresholds (unit: s). */
  sleepTime: f64(),
  /** `[capacity]` 1 (default) when the body may sleep; 0 keeps it and its island awake; 2 (`KEEP_ASLEEP`):
   * once asleep, bodies touching it do not wake it (it acts as fixed) until a public call does. */
  allowSleep: u8(1, { fill: 1 }),
  /** `[3 × capacity]` position at the start of the last step (for render interpolation). */
  prevPosition: f64(3),
  /** `[4 × capacity]` orientation at the start of the last step (for render interpolation). */
  prevOrientation: f64(4),
} satisfies ColumnTable;

/** The RigidBody store: {@link RIGID_BODY_COLUMNS} sized for `capacity` entity ids. */
export interface RigidBodyStore extends Columns<typeof RIGID_BODY_COLUMNS> {
  /** Entity ids below this fit in every column. */
  capacity: number;
  /** The entities that have this component, in bitecs query order (`entity-list.ts`; kept by the engine's
   * functions that add and remove the component). */
  readonly members: EntityList;
}

export function createRigidBodyStore(capacity = 64): RigidBodyStore {
  return { capacity, members: createEntityList(capacity), ...createColumns(RIGID_BODY_COLUMNS, capacity) };
}

/** Grows every column so that entity id `eid` fits. The store object keeps its identity. */
export function ensureRigidBodyCapacity(s: RigidBodyStore, eid: number): void {
  ensureColumns(RIGID_BODY_COLUMNS, s, eid + 1);
}
