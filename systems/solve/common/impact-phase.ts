/**
 * The hook through which an impact phase (the PLUS model of Uchida, Sherman & Delp 2015, written
 * separately) runs inside the accurate solver. The Stewart–Trinkle step itself is purely inelastic
 * (Stewart & Trinkle 1996: no restitution); restitution lives only in the impact
 * phase, which the `'lcp'` solver calls FIRST, on the pre-force velocities, before gravity and the
 * applied forces are added and before the persistent-contact LCP (the order of Simbody's
 * semi-explicit Euler time stepper, which combines PLUS with velocity-level time stepping).
 *
 * Contract for `resolve(problem, bodies, ctx)`:
 * - reads the assembled rows (`problem.contacts`, see `systems/assembly/constraint-problem.ts`; and
 *   `problem.joints`, `systems/assembly/joint-rows.ts`) and the dense solver bodies; `bodies.v` / `bodies.w` hold the velocities at the start of the step (unit: m/s,
 *   rad/s, world frame), without this step's gravity or applied forces;
 * - may change `bodies.v` and `bodies.w` only (the impulsive velocity jump u ← u + M⁻¹Gᵀπ); must not
 *   touch the pose deltas `dp`, `dq`, nor `problem.contacts.impulse` (the LCP's warm start reads it afterwards);
 * - returns its statistics (the object may be reused from call to call).
 */

import type { SolverBodies } from '../../assembly/solver-bodies';
import type { SolverProblem, StepContext } from '../constraint-solver';

/** What an impact phase reports for one step. Implementations may add fields. */
export interface ImpactStats {
  /** Impact rounds performed this step (0 when no contact was impacting). */
  rounds: number;
  /** Optional `[≥ problem.joints.rowCount]`: impulse the phase applied on each joint row (N·s or N·m·s);
   * the solver adds it to the joints' step impulse (reported forces, breaking). */
  jointImpulse?: Float64Array;
  /** Work of the call, in the units of the accurate step's budget (`lcp.lemkeWorkBudget`: matrix entries
   * touched, ≈ multiply–adds); 0 or absent if the phase does not count it. */
  work?: number;
}

/** An impact phase run at the start of every `'lcp'` step (see the file header for the contract). */
export interface ImpactPhase {
  /** `maxWork`: the work the phase may spend (default Infinity, same units as `ImpactStats.work`); a phase
   * that counts its work leaves the impacts it cannot pay for to the contact LCP (perfectly inelastic). */
  resolve(problem: SolverProblem, bodies: SolverBodies, ctx: StepContext, maxWork?: number): ImpactStats;
}
