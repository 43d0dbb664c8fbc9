/**
 * The solver strategy interface. A world holds one solver and may switch it between steps
 * (`world.setSolver`). A solver receives the assembled problem and the dense solver bodies, never the
 * world: it advances the solver bodies' velocities and pose deltas (dp, dq) over one step of length h
 * and leaves the accumulated impulses in `problem.impulse` for warm starting.
 */

import type { ConstraintProblem } from '../assembly/constraint-problem';
import type { SolverBodies } from '../assembly/solver-bodies';
import type { JointProblem } from '../assembly/joint-rows';

/** 'pgs': the fast projected Gauss–Seidel solver (`pgs/`); 'lcp': the accurate Stewart–Trinkle / Lemke
 * solver (`lcp/`). */
export type SolverKind = 'pgs' | 'lcp';

export interface StepContext {
  /** Step length (unit: s). */
  h: number;
  /** World gravity (unit: m/s², world frame) `[3]`. Already folded into `linearAcceleration`. */
  gravity: Float64Array;
  /** True when the world's profiler is on: the solver then fills `detail`. */
  profile: boolean;
  /** The profiler's clock (unit: ms, monotonic), read only when `profile` is true. */
  clock: () => number;
  /** Solver-specific timings (keys ending in `Ms`, unit: ms) and counters of the last step, filled
   * only when `profile` is true (e.g. the accurate solver's `impactMs`, `lcpBuildMs`, `lemkeMs`,
   * `lemkePivots`, `impactRounds`, `impactIntervals`). Reused from step to step. */
  detail: Record<string, number>;
  /** The joint rows of the step (`assembly/joint-rows.ts`), assembled after the contacts; undefined or
   * empty when the world has no joints. The solver leaves its impulses in `joints.impulse` over
   * `joints.impulseTime`. */
  joints?: JointProblem;
}

export interface SolveStats {
  /** Total solver iterations performed (all substeps; for 'lcp' the Lemke pivots). Solvers may return a
   * subtype with more fields (e.g. `LcpSolveStats` in `lcp/stewart-trinkle.ts`). */
  iterations: number;
}

export interface ConstraintSolver {
  readonly kind: SolverKind;
  solve(problem: ConstraintProblem, bodies: SolverBodies, ctx: StepContext): SolveStats;
}
