/**
 * RigidBody component: the motion state of a body, SoA columns indexed by entity id.
 *
 * Layout (documented once for every store in `components/README.md`): scalars are `[capacity]`,
 * vectors are stride-3 `[3 × capacity]` (x y z of entity e at 3e..3e+2), quaternions stride-4
 * `[4 × capacity]` in Babylon's x y z w order. All values SI (m, kg, s, rad) and in the world frame
 * unless a field says body-local. The body origin is its centre of mass.
 */

import { growFloat64, growUint8, nextCapacity } from './capacity';

/** How a body moves. Dynamic: forces and contacts move it. Kinematic: moves with its set velocity, infinite
 * mass. Static: never moves, infinite mass. */
export const MotionType = { dynamic: 0, kinematic: 1, static: 2 } as const;
export type MotionTypeName = keyof typeof MotionType;

export interface RigidBodyStore {
  capacity: number;
  /** `[capacity]` {@link MotionType} code. */
  motionType: Uint8Array;
  /** `[capacity]` mass (unit: kg); 0 for static and kinematic bodies. */
  mass: Float64Array;
  /** `[capacity]` inverse mass (unit: 1/kg); 0 for static and kinematic bodies. */
  invMass: Float64Array;
  /** `[3 × capacity]` body-local principal inertia diagonal (unit: kg·m²). */
  inertiaLocal: Float64Array;
  /** `[3 × capacity]` inverse of {@link inertiaLocal} (unit: 1/(kg·m²)); 0 for non-dynamic bodies. */
  invInertiaLocal: Float64Array;
  /** `[3 × capacity]` centre-of-mass position (unit: m, world frame). */
  position: Float64Array;
  /** `[4 × capacity]` unit orientation quaternion x y z w (body-local → world). */
  orientation: Float64Array;
  /** `[3 × capacity]` linear velocity of the centre of mass (unit: m/s, world frame). */
  linearVelocity: Float64Array;
  /** `[3 × capacity]` angular velocity (unit: rad/s, world frame). */
  angularVelocity: Float64Array;
  /** `[3 × capacity]` force accumulator (unit: N, world frame), cleared after every step. */
  force: Float64Array;
  /** `[3 × capacity]` torque accumulator (unit: N·m, world frame), cleared after every step. */
  torque: Float64Array;
  /** `[capacity]` linear damping rate (unit: 1/s, default 0): v ← v / (1 + h c). */
  linearDamping: Float64Array;
  /** `[capacity]` angular damping rate (unit: 1/s, default 0). */
  angularDamping: Float64Array;
  /** `[capacity]` multiplier on world gravity (dimensionless, default 1). */
  gravityScale: Float64Array;
  /** `[capacity]` 1 when asleep. Sleeping is not implemented yet: always 0. */
  sleeping: Uint8Array;
  /** `[3 × capacity]` position at the start of the last step (for render interpolation). */
  prevPosition: Float64Array;
  /** `[4 × capacity]` orientation at the start of the last step (for render interpolation). */
  prevOrientation: Float64Array;
}

export function createRigidBodyStore(capacity = 64): RigidBodyStore {
  const c = capacity;
  return {
    capacity: c,
    motionType: new Uint8Array(c),
    mass: new Float64Array(c),
    invMass: new Float64Array(c),
    inertiaLocal: new Float64Array(3 * c),
    invInertiaLocal: new Float64Array(3 * c),
    position: new Float64Array(3 * c),
    orientation: new Float64Array(4 * c),
    linearVelocity: new Float64Array(3 * c),
    angularVelocity: new Float64Array(3 * c),
    force: new Float64Array(3 * c),
    torque: new Float64Array(3 * c),
    linearDamping: new Float64Array(c),
    angularDamping: new Float64Array(c),
    gravityScale: new Float64Array(c),
    sleeping: new Uint8Array(c),
    prevPosition: new Float64Array(3 * c),
    prevOrientation: new Float64Array(4 * c),
  };
}

/** Grows every column so that entity id `eid` fits. The store object keeps its identity. */
export function ensureRigidBodyCapacity(s: RigidBodyStore, eid: number): void {
  if (eid < s.capacity) return;
  const c = nextCapacity(s.capacity, eid + 1);
  s.motionType = growUint8(s.motionType, c);
  s.mass = growFloat64(s.mass, c);
  s.invMass = growFloat64(s.invMass, c);
  s.inertiaLocal = growFloat64(s.inertiaLocal, 3 * c);
  s.invInertiaLocal = growFloat64(s.invInertiaLocal, 3 * c);
  s.position = growFloat64(s.position, 3 * c);
  s.orientation = growFloat64(s.orientation, 4 * c);
  s.linearVelocity = growFloat64(s.linearVelocity, 3 * c);
  s.angularVelocity = growFloat64(s.angularVelocity, 3 * c);
  s.force = growFloat64(s.force, 3 * c);
  s.torque = growFloat64(s.torque, 3 * c);
  s.linearDamping = growFloat64(s.linearDamping, c);
  s.angularDamping = growFloat64(s.angularDamping, c);
  s.gravityScale = growFloat64(s.gravityScale, c);
  s.sleeping = growUint8(s.sleeping, c);
  s.prevPosition = growFloat64(s.prevPosition, 3 * c);
  s.prevOrientation = growFloat64(s.prevOrientation, 4 * c);
  s.capacity = c;
}
