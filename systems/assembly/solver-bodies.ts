/**
 * SolverBodies: the dense, solver-owned copy of every body in the step. Assembly gathers it once from
 * the components; integrate scatters it once back. The solver reads and writes only these arrays
 * (never the ECS stores). Index i is a dense solver index, not an entity id.
 *
 * Layout: scalars `[capacity]`, vectors `[3 × capacity]`, quaternions `[4 × capacity]`,
 * 3×3 matrices row-major `[9 × capacity]`. World frame, SI units.
 */

import { growInt32 } from '../../components/capacity';
import { createColumns, ensureColumns, f64, u32, u8, type Columns, type ColumnTable } from '../../components/column-table';

/** The solver-body columns, declared once: the store's column fields, creation and growth derive from
 * this table. Entry i is dense solver index i. */
export const SOLVER_BODY_COLUMNS = {
  /** `[capacity]` entity id of solver body i. */
  entity: u32(),
  /** `[capacity]` MotionType code. */
  motionType: u8(),
  /** `[capacity]` inverse mass (unit: 1/kg); 0 = infinite mass. */
  invMass: f64(),
  /** `[9 × capacity]` world-frame inverse inertia at the start of the step (unit: 1/(kg·m²)). */
  invInertia: f64(9),
  /** `[3 × capacity]` linear velocity (unit: m/s). */
  v: f64(3),
  /** `[3 × capacity]` angular velocity (unit: rad/s). */
  w: f64(3),
  /** `[3 × capacity]` linear acceleration from gravity and applied force, held over the step (unit: m/s²). */
  linearAcceleration: f64(3),
  /** `[3 × capacity]` angular acceleration from applied torque, held over the step (unit: rad/s²). */
  angularAcceleration: f64(3),
  /** `[capacity]` linear damping rate (unit: 1/s). */
  linearDamping: f64(),
  /** `[capacity]` angular damping rate (unit: 1/s). */
  angularDamping: f64(),
  /** `[3 × capacity]` position change since the start of the step (unit: m). */
  dp: f64(3),
  /** `[4 × capacity]` rotation since the start of the step, unit quaternion: q = dq ⊗ q_start. */
  dq: f64(4),
  /** `[3 × capacity]` rotation vector accumulated since the start of the step, Σ h ω (unit: rad):
   * the first-order rotation the PGS solver uses to update contact separations (PhysX TGS does the same). */
  dtheta: f64(3),
} satisfies ColumnTable;

export interface SolverBodies extends Columns<typeof SOLVER_BODY_COLUMNS> {
  /** Solver bodies in the step (dense indices `0..count-1`). */
  count: number;
  /** Solver bodies that fit in every column of {@link SOLVER_BODY_COLUMNS}. */
  capacity: number;
  /** `[entity capacity]` entity id → solver index (−1 when not in the step). Sized to the body store, not
   * to `capacity`, so it is not a column of the table. */
  indexOfEntity: Int32Array;
  /** `[9]` scratch of the gather (a body's rotation matrix). */
  readonly rotation: Float64Array;
}

export function createSolverBodies(capacity = 64): SolverBodies {
  return {
    count: 0,
    capacity,
    ...createColumns(SOLVER_BODY_COLUMNS, capacity),
    indexOfEntity: new Int32Array(capacity).fill(-1),
    rotation: new Float64Array(9),
  };
}

/** Makes room for `n` solver bodies and entity ids below `entityCapacity`. */
export function ensureSolverBodiesCapacity(s: SolverBodies, n: number, entityCapacity: number): void {
  if (entityCapacity > s.indexOfEntity.length) {
    const old = s.indexOfEntity.length;
    s.indexOfEntity = growInt32(s.indexOfEntity, entityCapacity);
    s.indexOfEntity.fill(-1, old);
  }
  ensureColumns(SOLVER_BODY_COLUMNS, s, n);
}

/** Whether every solver body's velocities and pose deltas are finite (x − x is 0 only for finite x). */
export function solverBodiesFinite(sb: SolverBodies): boolean {
  const v = sb.v, w = sb.w, dp = sb.dp, dq = sb.dq;
  for (let i = 0; i < 3 * sb.count; i++) {
    if (v[i] - v[i] !== 0 || w[i] - w[i] !== 0 || dp[i] - dp[i] !== 0) return false;
  }
  for (let i = 0; i < 4 * sb.count; i++) if (dq[i] - dq[i] !== 0) return false;
  return true;
}
