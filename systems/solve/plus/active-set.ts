/**
 * The active-set heuristic of PLUS (Uchida, Sherman & Delp 2015 §3b, Algorithm 1). Starting from every
 * constraint that may be active (normal rows of compressing points, rolling rows of every non-sliding
 * point), it solves the interval problem in the minimum-norm sense (`min-norm-solve.ts`), then looks
 * for the largest violation among
 *   - a rolling point outside its friction cone:      ‖π_t‖ − μ π_n > tol            (eq. 2.6)
 *   - a compressing point with an attractive impulse: −π_n > tol                     (eq. 2.5)
 * and releases it: a rolling point becomes impending slip (its rolling rows are replaced by the
 * impending-slip rows), otherwise (a sliding or impending compressing point) its normal constraint
 * leaves the active set, which removes all its columns (π = 0 at that point). A point that is rolling
 * and has a negative normal impulse is first released to impending slip (paper: "if p_ℓ ∈ R then
 * R ← R \ p_ℓ"; Simbody does the same). Every pass shrinks the active set, so the loop ends after at
 * most 2k + 1 passes; the result is not guaranteed optimal (paper §5). tol = activeSetTolerance ×
 * the largest |π| of the pass (unit: N·s).
 */

import { RoundLabel, TangentState, type PlusOptions } from './plus-options';
import type { PlusWorkspace } from './plus-workspace';
import { solveMinNorm } from './min-norm-solve';

/**
 * Runs the heuristic on the island's current labels (`ws.label`), tangential states (`ws.tangent`,
 * rolling / sliding set by the caller) and normal activity (`ws.active`). On return `ws.pi` holds the
 * full-step impulse of the interval, and `ws.tangent` / `ws.active` the final active set.
 */
export function runActiveSet(ws: PlusWorkspace, k: number, o: PlusOptions): void {
  for (let pass = 0; pass <= 2 * k + 1; pass++) {
    // out of the step's work budget: the island is abandoned (plus-impact.ts, `budgetSkips`)
    if (ws.work > ws.maxWork) return;
    solveMinNorm(ws, k, o);
    ws.activeSetPasses++;
    let scale = 0;
    for (let r = 0; r < 3 * k; r++) scale = Math.max(scale, Math.abs(ws.pi[r]));
    const tol = o.activeSetTolerance * scale;
    let worst = tol, worstPoint = -1;
    for (let i = 0; i < k; i++) {
      const l = ws.label[i];
      if (l === RoundLabel.observing) continue;
      if (l === RoundLabel.compressing && ws.active[i] === 0) continue;
      const pn = ws.pi[3 * i];
      if (ws.tangent[i] === TangentState.rolling) {
        const viol = Math.hypot(ws.pi[3 * i + 1], ws.pi[3 * i + 2]) - ws.mu[i] * pn;
        if (viol > worst) { worst = viol; worstPoint = i; }
      }
      if (l === RoundLabel.compressing && -pn > worst) { worst = -pn; worstPoint = i; }
    }
    if (worstPoint < 0) return;
    if (ws.tangent[worstPoint] === TangentState.rolling) ws.tangent[worstPoint] = TangentState.impending;
    else ws.active[worstPoint] = 0;
  }
}
