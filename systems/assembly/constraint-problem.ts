/**
 * ConstraintProblem: the assembled, solver-agnostic rows of one step. Assembly writes it; every
 * solver reads it (and writes the impulses back into it for warm starting).
 *
 * Contacts come as blocks of three rows per point: the normal row n and two tangent rows t1, t2.
 * For point c the Jacobian of row d ∈ {n, t1, t2} is
 *   J = [ −dᵀ, −(rA × d)ᵀ, dᵀ, (rB × d)ᵀ ]  acting on (vA, wA, vB, wB),
 * so J·v is the velocity of B's material point relative to A's along d (positive = separating for n).
 *
 * Layout: per point scalars `[capacity]`, vectors `[3 × capacity]`; for the three directions of a
 * point the vector arrays hold n, t1, t2 at `9c`, `9c + 3`, `9c + 6` (`[9 × capacity]`).
 * World frame, SI units. Anchors are from each body's centre of mass at the start of the step.
 */

import { growUint8, growFloat64, growInt32, nextCapacity } from '../../components/capacity';

export interface ConstraintProblem {
  /** Number of contact points (each is a 3-row block). */
  contactCount: number;
  capacity: number;
  /** `[capacity]` solver index of body A. */
  bodyA: Int32Array;
  /** `[capacity]` solver index of body B. */
  bodyB: Int32Array;
  /** `[capacity]` contact-store slot of the point (manifold × 4 + point). */
  storeIndex: Int32Array;
  /** `[9 × capacity]` unit directions n, t1, t2 (world). */
  direction: Float64Array;
  /** `[3 × capacity]` anchor on A: contact point − centre of mass of A (unit: m, world). */
  rA: Float64Array;
  /** `[3 × capacity]` anchor on B (unit: m, world). */
  rB: Float64Array;
  /** `[9 × capacity]` angular Jacobian on A per direction: rA × d (unit: m). */
  angularA: Float64Array;
  /** `[9 × capacity]` angular Jacobian on B per direction: rB × d (unit: m). */
  angularB: Float64Array;
  /** `[9 × capacity]` I_A⁻¹ (rA × d): angular velocity change of A per unit impulse (unit: 1/(kg·m)). */
  invInertiaAngularA: Float64Array;
  /** `[9 × capacity]` I_B⁻¹ (rB × d) (unit: 1/(kg·m)). */
  invInertiaAngularB: Float64Array;
  /** `[3 × capacity]` effective mass of rows n, t1, t2: 1 / (J M⁻¹ Jᵀ) (unit: kg). */
  effectiveMass: Float64Array;
  /** `[capacity]` separation at the start of the step (unit: m; negative = penetration). */
  separation: Float64Array;
  /** `[capacity]` separation at the start of the step minus n·(rB − rA) (unit: m), so that the
   * current separation is n·((dpB + dqB rB) − (dpA + dqA rA)) + this (Box2D v3 "adjusted separation"). */
  baseSeparation: Float64Array;
  /** `[capacity]` combined friction coefficient μ. */
  friction: Float64Array;
  /** `[capacity]` combined restitution coefficient e (for PLUS: e_max, the COR line's value at 0). */
  restitution: Float64Array;
  /** `[capacity]` the point's manifold's calm-step count (contact store `calmSteps`), read and updated by
   * the fast solver, written back by `storeImpulses`. */
  calmSteps: Uint8Array;
  /** `[capacity]` PLUS capture velocity v_capture (unit: m/s): no rebound below it (seed 004 §2c). */
  captureVelocity: Float64Array;
  /** `[capacity]` PLUS plastic velocity v_plastic (unit: m/s): the COR is e_min at and above it. */
  plasticVelocity: Float64Array;
  /** `[capacity]` PLUS minimum COR e_min (dimensionless; used as min(e_min, e)). */
  minRestitution: Float64Array;
  /** `[capacity]` normal relative velocity at assembly (unit: m/s; negative = approaching). */
  relativeVelocity: Float64Array;
  /** `[3 × capacity]` accumulated impulses n, t1, t2 (unit: N·s): warm-start values in, results out. */
  impulse: Float64Array;
  /** `[capacity]` largest normal impulse seen during the solve (unit: N·s), for restitution. */
  maxNormalImpulse: Float64Array;
}

export function createConstraintProblem(capacity = 256): ConstraintProblem {
  const c = capacity;
  return {
    contactCount: 0,
    capacity: c,
    bodyA: new Int32Array(c),
    bodyB: new Int32Array(c),
    storeIndex: new Int32Array(c),
    direction: new Float64Array(9 * c),
    rA: new Float64Array(3 * c),
    rB: new Float64Array(3 * c),
    angularA: new Float64Array(9 * c),
    angularB: new Float64Array(9 * c),
    invInertiaAngularA: new Float64Array(9 * c),
    invInertiaAngularB: new Float64Array(9 * c),
    effectiveMass: new Float64Array(3 * c),
    separation: new Float64Array(c),
    baseSeparation: new Float64Array(c),
    friction: new Float64Array(c),
    restitution: new Float64Array(c),
    calmSteps: new Uint8Array(c),
    captureVelocity: new Float64Array(c),
    plasticVelocity: new Float64Array(c),
    minRestitution: new Float64Array(c),
    relativeVelocity: new Float64Array(c),
    impulse: new Float64Array(3 * c),
    maxNormalImpulse: new Float64Array(c),
  };
}

export function ensureConstraintCapacity(p: ConstraintProblem, n: number): void {
  if (n <= p.capacity) return;
  const c = nextCapacity(p.capacity, n);
  p.bodyA = growInt32(p.bodyA, c);
  p.bodyB = growInt32(p.bodyB, c);
  p.storeIndex = growInt32(p.storeIndex, c);
  p.direction = growFloat64(p.direction, 9 * c);
  p.rA = growFloat64(p.rA, 3 * c);
  p.rB = growFloat64(p.rB, 3 * c);
  p.angularA = growFloat64(p.angularA, 9 * c);
  p.angularB = growFloat64(p.angularB, 9 * c);
  p.invInertiaAngularA = growFloat64(p.invInertiaAngularA, 9 * c);
  p.invInertiaAngularB = growFloat64(p.invInertiaAngularB, 9 * c);
  p.effectiveMass = growFloat64(p.effectiveMass, 3 * c);
  p.separation = growFloat64(p.separation, c);
  p.baseSeparation = growFloat64(p.baseSeparation, c);
  p.friction = growFloat64(p.friction, c);
  p.restitution = growFloat64(p.restitution, c);
  p.calmSteps = growUint8(p.calmSteps, c);
  p.captureVelocity = growFloat64(p.captureVelocity, c);
  p.plasticVelocity = growFloat64(p.plasticVelocity, c);
  p.minRestitution = growFloat64(p.minRestitution, c);
  p.relativeVelocity = growFloat64(p.relativeVelocity, c);
  p.impulse = growFloat64(p.impulse, 3 * c);
  p.maxNormalImpulse = growFloat64(p.maxNormalImpulse, c);
  p.capacity = c;
}
