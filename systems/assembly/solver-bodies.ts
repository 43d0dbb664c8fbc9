/**
 * SolverBodies: the dense, solver-owned copy of every body in the step. Assembly gathers it once from
 * the components; integrate scatters it once back. The solver reads and writes only these arrays
 * (never the ECS stores). Index i is a dense solver index, not an entity id.
 *
 * Layout: scalars `[capacity]`, vectors `[3 × capacity]`, quaternions `[4 × capacity]`,
 * 3×3 matrices row-major `[9 × capacity]`. World frame, SI units.
 */

import { growFloat64, growInt32, growUint32, growUint8, nextCapacity } from '../../components/capacity';

export interface SolverBodies {
  count: number;
  capacity: number;
  /** `[capacity]` entity id of solver body i. */
  entity: Uint32Array;
  /** `[capacity]` MotionType code. */
  motionType: Uint8Array;
  /** `[capacity]` inverse mass (unit: 1/kg); 0 = infinite mass. */
  invMass: Float64Array;
  /** `[9 × capacity]` world-frame inverse inertia at the start of the step (unit: 1/(kg·m²)). */
  invInertia: Float64Array;
  /** `[3 × capacity]` linear velocity (unit: m/s). */
  v: Float64Array;
  /** `[3 × capacity]` angular velocity (unit: rad/s). */
  w: Float64Array;
  /** `[3 × capacity]` linear acceleration from gravity and applied force, held over the step (unit: m/s²). */
  linearAcceleration: Float64Array;
  /** `[3 × capacity]` angular acceleration from applied torque, held over the step (unit: rad/s²). */
  angularAcceleration: Float64Array;
  /** `[capacity]` linear damping rate (unit: 1/s). */
  linearDamping: Float64Array;
  /** `[capacity]` angular damping rate (unit: 1/s). */
  angularDamping: Float64Array;
  /** `[3 × capacity]` position change since the start of the step (unit: m). */
  dp: Float64Array;
  /** `[4 × capacity]` rotation since the start of the step, unit quaternion: q = dq ⊗ q_start. */
  dq: Float64Array;
  /** `[3 × capacity]` rotation vector accumulated since the start of the step, Σ h ω (unit: rad):
   * the first-order rotation the PGS solver uses to update contact separations (PhysX TGS does the same). */
  dtheta: Float64Array;
  /** `[capacity]` entity id → solver index (-1 when not in the step). Sized to the body store. */
  indexOfEntity: Int32Array;
}

export function createSolverBodies(capacity = 64): SolverBodies {
  const c = capacity;
  return {
    count: 0,
    capacity: c,
    entity: new Uint32Array(c),
    motionType: new Uint8Array(c),
    invMass: new Float64Array(c),
    invInertia: new Float64Array(9 * c),
    v: new Float64Array(3 * c),
    w: new Float64Array(3 * c),
    linearAcceleration: new Float64Array(3 * c),
    angularAcceleration: new Float64Array(3 * c),
    linearDamping: new Float64Array(c),
    angularDamping: new Float64Array(c),
    dp: new Float64Array(3 * c),
    dq: new Float64Array(4 * c),
    dtheta: new Float64Array(3 * c),
    indexOfEntity: new Int32Array(c).fill(-1),
  };
}

/** Makes room for `n` solver bodies and entity ids below `entityCapacity`. */
export function ensureSolverBodiesCapacity(s: SolverBodies, n: number, entityCapacity: number): void {
  if (entityCapacity > s.indexOfEntity.length) {
    const old = s.indexOfEntity.length;
    s.indexOfEntity = growInt32(s.indexOfEntity, entityCapacity);
    s.indexOfEntity.fill(-1, old);
  }
  if (n <= s.capacity) return;
  const c = nextCapacity(s.capacity, n);
  s.entity = growUint32(s.entity, c);
  s.motionType = growUint8(s.motionType, c);
  s.invMass = growFloat64(s.invMass, c);
  s.invInertia = growFloat64(s.invInertia, 9 * c);
  s.v = growFloat64(s.v, 3 * c);
  s.w = growFloat64(s.w, 3 * c);
  s.linearAcceleration = growFloat64(s.linearAcceleration, 3 * c);
  s.angularAcceleration = growFloat64(s.angularAcceleration, 3 * c);
  s.linearDamping = growFloat64(s.linearDamping, c);
  s.angularDamping = growFloat64(s.angularDamping, c);
  s.dp = growFloat64(s.dp, 3 * c);
  s.dq = growFloat64(s.dq, 4 * c);
  s.dtheta = growFloat64(s.dtheta, 3 * c);
  s.capacity = c;
}
