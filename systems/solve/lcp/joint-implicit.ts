/**
 * Joints in the accurate mode: Drumwright's implicit constraint step (seed `003_238cd3da0158afe1.txt`,
 * "An Unconditionally Stable First-Order Constraint Solver for Multibody Systems"; digest
 * `research/seed-003-drumwright.md` §1.6, §1.10, §2.2), one per step of length h, before the contact LCP.
 *
 * With every joint row a spring-damper (k, b) evaluated once at (q0, v0) and the free velocity
 * v* = v0 + h M⁻¹ f (the contact solver's `integrateVelocities`), the bilateral rows solve, in lambda
 * space (the digest's recommended form, 4.2(c); P = h λ):
 *
 *   (W + Γ) P = −(G v* + β φ0),   Γ = diag(1/(h(h k + b))),   β = diag(k/(h k + b)),   W = G M⁻¹ Gᵀ
 *   v1 = v* + M⁻¹ Gᵀ P,           q1 = q0 + h N(q0) v1   (symplectic; `integratePositions`)
 *
 * which is the paper's (59)–(62), (53), (37), (36) with the M̂ Ġ v terms dropped (digest 4.2(d)): the
 * L-stable first-order scheme. Rigid rows (k = ∞) take the rigid limit Γ → 0, β → 1/h (Stewart–Trinkle's
 * stabilized G v1 + φ0/h = 0); springs keep their physical (k, b). The bilateral rows of each joint
 * island are solved by one sparse LDLᵀ factorization (`../joint-direct.ts`), exact in one sweep.
 *
 * Limits (λ ≥ 0, G v1 + φ0/h ≥ 0: the same rigid limit, complementarity exact, the digest's "SPD
 * LCP" reading of §1.7 rather than the paper's min-norm QP, 4.2(b)) and motors (|λ| ≤ F_max) are the
 * other blocks of a block Gauss–Seidel whose bilateral block is the direct solve; it is iterated to
 * convergence (largest impulse change ≤ `tolerance` · the largest impulse, at most `maxSweeps`).
 *
 * Coupling with contacts (approximate): joints first on v*, then the contact LCP on the joint-corrected
 * velocities, then the joint sweeps again with the contact impulses in place (block Gauss–Seidel between
 * the joint system and the contact LCP, one round). The impact phase (PLUS) does not see joints.
 */

import type { JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import {
  beginJointsImplicit, createJointSolveContext, solveJoints, warmStartJoints, type JointSolveContext,
} from '../pgs/joint-solve';

export interface ImplicitJoints {
  readonly ctx: JointSolveContext;
  /** Largest number of block Gauss–Seidel sweeps per pass (default 200). */
  maxSweeps: number;
  /** Relative convergence tolerance on the impulse change (default 1e-10). */
  tolerance: number;
  /** Sweeps of the last step (both passes). */
  sweeps: number;
  /** Largest impulse change of the last sweep of the last pass (N·s). */
  residual: number;
}

export function createImplicitJoints(): ImplicitJoints {
  return { ctx: createJointSolveContext(), maxSweeps: 200, tolerance: 1e-10, sweeps: 0, residual: 0 };
}

/**
 * One pass of the implicit joint step. `first`: evaluate the rows at q0, apply the warm-start impulses
 * (last step's forces × h, when `warm`) and iterate; otherwise continue from the current impulses
 * (after the contacts).
 */
export function solveJointsImplicit(
  s: ImplicitJoints, p: JointProblem, sb: SolverBodies, h: number, warm: boolean, first: boolean,
): void {
  if (first) {
    beginJointsImplicit(p, sb, s.ctx, h, warm);
    warmStartJoints(p, sb, s.ctx);
    s.sweeps = 0;
  }
  for (let i = 0; i < s.maxSweeps; i++) {
    const change = solveJoints(p, sb, s.ctx, true);
    s.sweeps++;
    s.residual = change;
    let scale = 0;
    for (let r = 0; r < p.rowCount; r++) scale = Math.max(scale, Math.abs(p.impulse[r]));
    if (change <= s.tolerance * scale || change === 0) break;
  }
}
