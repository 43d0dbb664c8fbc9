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

import { createColumns, ensureColumns, f64, i32, u8, type Columns, type ColumnTable } from '../../components/column-table';

/** The contact-row columns, declared once: the problem's column fields, creation and growth derive from
 * this table. Entry k is contact point k (a 3-row block n, t1, t2). */
export const CONTACT_ROW_COLUMNS = {
  /** `[capacity]` solver index of body A. */
  bodyA: i32(),
  /** `[capacity]` solver index of body B. */
  bodyB: i32(),
  /** `[capacity]` contact-store slot of the point (manifold × 4 + point). */
  storeIndex: i32(),
  /** `[9 × capacity]` unit directions n, t1, t2 (world). */
  direction: f64(9),
  /** `[3 × capacity]` anchor on A: contact point − centre of mass of A (unit: m, world). */
  rA: f64(3),
  /** `[3 × capacity]` anchor on B (unit: m, world). */
  rB: f64(3),
  /** `[2 × capacity]` radius of A's and of B's collider where it is rounded at the point (sphere,
   * capsule; unit: m; 0 for other shapes): the centre of curvature under the point is rA − (ρ_A + s/2) n and
   * rB + (ρ_B + s/2) n, s the separation (read by the exact block sweeps' normal lever rotation, on the rounded
   * sides only, `contact-block-solve.ts`). */
  rounding: f64(2),
  /** `[9 × capacity]` angular Jacobian on A per direction: rA × d (unit: m). */
  angularA: f64(9),
  /** `[9 × capacity]` angular Jacobian on B per direction: rB × d (unit: m). */
  angularB: f64(9),
  /** `[9 × capacity]` I_A⁻¹ (rA × d): angular velocity change of A per unit impulse (unit: 1/(kg·m)). */
  invInertiaAngularA: f64(9),
  /** `[9 × capacity]` I_B⁻¹ (rB × d) (unit: 1/(kg·m)). */
  invInertiaAngularB: f64(9),
  /** `[3 × capacity]` effective mass of rows n, t1, t2: 1 / (J M⁻¹ Jᵀ) (unit: kg). */
  effectiveMass: f64(3),
  /** `[capacity]` separation at the start of the step (unit: m; negative = penetration). */
  separation: f64(),
  /** `[capacity]` separation at the start of the step minus n·(rB − rA) (unit: m), so that the
   * current separation is n·((dpB + dqB rB) − (dpA + dqA rA)) + this (Box2D v3 "adjusted separation"). */
  baseSeparation: f64(),
  /** `[capacity]` combined friction coefficient μ. */
  friction: f64(),
  /** `[capacity]` combined restitution coefficient e (for PLUS: e_max, the COR line's value at 0). */
  restitution: f64(),
  /** `[capacity]` the point's manifold's calm-step count (contact store `calmSteps`), read and updated by
   * the fast solver, written back by `storeImpulses`. */
  calmSteps: u8(),
  /** `[capacity]` the point's manifold's rest load (contact store `restLoad`, unit: N·s), read and
   * updated by the fast solver, written back by `storeImpulses`. */
  restLoad: f64(),
  /** `[capacity]` PLUS capture velocity v_capture (unit: m/s): no rebound below it (Uchida, Sherman & Delp 2015 §2c). */
  captureVelocity: f64(),
  /** `[capacity]` PLUS plastic velocity v_plastic (unit: m/s): the COR is e_min at and above it. */
  plasticVelocity: f64(),
  /** `[capacity]` PLUS minimum COR e_min (dimensionless; used as min(e_min, e)). */
  minRestitution: f64(),
  /** `[capacity]` normal relative velocity at assembly (unit: m/s; negative = approaching). */
  relativeVelocity: f64(),
  /** `[3 × capacity]` accumulated impulses n, t1, t2 (unit: N·s): warm-start values in, results out. */
  impulse: f64(3),
  /** `[capacity]` largest normal impulse seen during the solve (unit: N·s), for restitution. */
  maxNormalImpulse: f64(),
  /** `[capacity]` 1 when the point carries a friction anchor (contact store `anchored`). */
  anchored: u8(),
  /** `[2 × capacity]` drift of an anchored point along t1, t2 (unit: m): (p_B − p_A) · t of the two
   * anchored material points at the start of the step (0 without an anchor). */
  drift: f64(2),
  /** `[capacity]` what the solver asks of the point's anchor after the step (written by a solver that
   * uses anchors, read by `storeImpulses`): {@link ANCHOR_DROP} (the default), {@link ANCHOR_KEEP} or
   * {@link ANCHOR_SET}. */
  anchorAction: u8(),
} satisfies ColumnTable;

/** `anchorAction`: the point slid, separated or has no anchor to keep: clear it. */
export const ANCHOR_DROP = 0;
/** `anchorAction`: the point stuck with its anchor: keep it. */
export const ANCHOR_KEEP = 1;
/** `anchorAction`: the point stuck: anchor it anew at the contact point of the start of the step. */
export const ANCHOR_SET = 2;

export interface ConstraintProblem extends Columns<typeof CONTACT_ROW_COLUMNS> {
  /** Number of contact points (each is a 3-row block). */
  contactCount: number;
  /** Contact points that fit in every column. */
  capacity: number;
  /** `[15]` scratch of the assembly: the directions n, t1, t2 of the manifold being assembled, then a
   * point's two rotated friction anchors. */
  readonly basis: Float64Array;
}

export function createConstraintProblem(capacity = 256): ConstraintProblem {
  return { contactCount: 0, capacity, ...createColumns(CONTACT_ROW_COLUMNS, capacity), basis: new Float64Array(15) };
}

export function ensureConstraintCapacity(p: ConstraintProblem, n: number): void {
  ensureColumns(CONTACT_ROW_COLUMNS, p, n);
}
