/**
 * The current separation of a contact point during a fast-mode step, from its bodies' pose deltas
 * (shared by the contact sweeps, shock propagation and the contact rows solved through joint islands).
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';

/**
 * Current separation of point c from the pose deltas, to first order in the rotation (PhysX TGS):
 *   s = s₀ + n·(Δp_B − Δp_A) + Δθ_B·(r_B × n) − Δθ_A·(r_A × n)
 * (n·(Δθ × r) = Δθ·(r × n), the stored angular Jacobians). The error is O(|Δθ|² |r|) within one step;
 * the next narrowphase measures the separation exactly again. `a`, `b`: the point's solver bodies
 * (`p.bodyA[c]`, `p.bodyB[c]`); unit: m.
 */
export function currentSeparation(p: ConstraintProblem, sb: SolverBodies, c: number, a: number, b: number): number {
  const dp = sb.dp, th = sb.dtheta, c9 = 9 * c, a3 = 3 * a, b3 = 3 * b;
  const d = p.direction, jA = p.angularA, jB = p.angularB;
  return p.separation[c]
    + d[c9] * (dp[b3] - dp[a3]) + d[c9 + 1] * (dp[b3 + 1] - dp[a3 + 1]) + d[c9 + 2] * (dp[b3 + 2] - dp[a3 + 2])
    + th[b3] * jB[c9] + th[b3 + 1] * jB[c9 + 1] + th[b3 + 2] * jB[c9 + 2]
    - th[a3] * jA[c9] - th[a3 + 1] * jA[c9 + 1] - th[a3 + 2] * jA[c9 + 2];
}
