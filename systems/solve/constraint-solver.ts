/**
 * The solver strategy interface. A world holds one solver and may switch it between steps
 * (`world.setSolver`). A solver receives the assembled problem (contact rows and joint rows) and the
 * dense solver bodies, never the world: it advances the solver bodies' velocities and pose deltas
 * (dp, dq) over one step of length h and leaves the accumulated impulses in the problem
 * (`contacts.impulse`, `joints.impulse` / `joints.stepImpulse`), which the step stores back in one
 * stage (`systems/assembly/store-results.ts`) for warm starting, reported forces and breaking.
 */

import type { ConstraintProblem } from '../assembly/constraint-problem';
import type { SolverBodies } from '../assembly/solver-bodies';
import type { JointProblem } from '../assembly/joint-rows';
import type { JointKernels } from './common/joint-kernels';
import type { PgsJoints } from './pgs/pgs-joints';
import type { RigidBodyStore } from '../../components/rigid-body';

/** What a solver receives each step: the contact rows and the joint rows, both assembled from the same
 * solver bodies. The joint part is set by the world's joint stage when its first joint is made
 * (`assembly/joint-stage.ts`): until then a world has no joint rows and ships none of their code. */
export interface SolverProblem {
  /** The contact points, 3 rows each (n, t1, t2) (`assembly/constraint-problem.ts`). */
  contacts: ConstraintProblem;
  /** The joint rows (`assembly/joint-rows.ts`), undefined while the world never had a joint; the solver
   * leaves its impulses in `joints.impulse` over `joints.impulseTime` and the step's total in
   * `joints.stepImpulse`. */
  joints: JointProblem | undefined;
  /** The joint solve (`common/joint-kernels.ts`), set with `joints`; undefined before. The solvers call
   * the joint kernels only through it, so an app without joints does not ship them. */
  jointKernels: JointKernels | undefined;
  /** The fast solver's joint part (`pgs/pgs-joints.ts` `createPgsJoints`), set with `joints`. */
  fastJoints: ((k: JointKernels) => PgsJoints) | undefined;
}

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
}

export interface SolveStats {
  /** Total solver iterations performed (all substeps; for 'lcp' the Lemke pivots). Solvers may return a
   * subtype with more fields (e.g. `LcpSolveStats` in `lcp/stewart-trinkle.ts`). */
  iterations: number;
  /** Set by a solver whose result is not usable (not finite: `solverBodiesFinite` of
   * `assembly/solver-bodies.ts`, checked by the accurate solver); the step then solves it again with
   * the fast solver (`world.solverFallbacks`). Undefined or false otherwise. */
  failed?: boolean;
}

export interface ConstraintSolver {
  readonly kind: SolverKind;
  solve(problem: SolverProblem, bodies: SolverBodies, ctx: StepContext): SolveStats;
  /**
   * Optional: restores the solver's position-level invariants after the continuous pass moved bodies of
   * the last step back along their paths (`systems/integrate/continuous.ts`). `moved[0 .. count)` are
   * the moved entities, at their new poses in `store`; `prevPosition` / `prevOrientation` there hold the
   * step's start poses, and `bodies` is the step's solver state. The solver may change the poses of the
   * moved bodies (and of those jointed to them), nothing else. The accurate solver projects its rigid
   * joint rows again (a group moved back along straight paths opens its joints by O(Δθ²)); the fast
   * solver has no such invariant and leaves it undefined.
   */
  reproject?(problem: SolverProblem, bodies: SolverBodies, ctx: StepContext, store: RigidBodyStore, moved: Int32Array, count: number): void;
}
