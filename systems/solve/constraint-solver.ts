/**
 * The solver strategy interface. A world holds one solver and may switch it between steps
 * (`world.setSolver`). A solver receives the assembled problem and the dense solver bodies, never the
 * world: it advances the solver bodies' velocities and pose deltas (dp, dq) over one step of length h
 * and leaves the accumulated impulses in `problem.impulse` for warm starting.
 */

import type { ConstraintProblem } from '../assembly/constraint-problem';
import type { SolverBodies } from '../assembly/solver-bodies';

export type SolverKind = 'pgs';

export interface StepContext {
  /** Step length (unit: s). */
  h: number;
  /** World gravity (unit: m/s², world frame) `[3]`. Already folded into `linearAcceleration`. */
  gravity: Float64Array;
}

export interface SolveStats {
  /** Total solver iterations performed (all substeps). */
  iterations: number;
}

export interface ConstraintSolver {
  readonly kind: SolverKind;
  solve(problem: ConstraintProblem, bodies: SolverBodies, ctx: StepContext): SolveStats;
}
