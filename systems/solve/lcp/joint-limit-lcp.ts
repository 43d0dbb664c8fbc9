/**
 * The limit rows of the accurate-mode joint step as one LCP, solved exactly by Lemke's algorithm: the
 * "SPD LCP" reading of Drumwright's unilateral constraints (Drumwright 2019 §5: the max law of eq. 68 as the SPD LCP (S⁻¹ + W) λ ≥ S⁻¹ c, not the min-norm QP of eqs. 83–85), in the space the
 * bilateral rows leave free.
 *
 * With the bilateral rows eliminated (their response to an impulse Δ on limit row m is −u_m Δ,
 * u_m = (W + Γ)⁻¹ G M⁻¹ J_mᵀ, `joint-direct.ts`), the limit impulses z ∈ Rⁿ solve
 *
 *   w = (S + Γ_l) z + q ≥ 0,   z ≥ 0,   zᵀ w = 0,
 *   S_lm = J_l M̃⁻¹ J_mᵀ  (the Schur complement: J_l's velocity change per unit impulse on m, bilateral
 *                          response included),
 *   q_l  = J_l v − target_l + bias_l,   the velocities with every limit impulse removed,
 *
 * with, per row: rigid limits Γ = 0 and bias = C/h (speculative when C > 0, Stewart–Trinkle's
 * stabilized G v1 + φ0/h ≥ 0 when C ≤ 0: the accurate mode's rigid limit); soft limits (γ > 0 set by
 * the row preparation) Γ = γ = 1/(h(hk + b)) and bias = β C, β = k/(hk + b) (the implicit unilateral
 * spring: z = max(0, …) of the coupled system). S is built column by column by applying a unit
 * impulse to row m and reading every J_l v change (O(n · (island rows + n)) work), then reverted.
 * Active set (as the contact LCP's §4 heuristic): the LCP first holds the rows that carried an impulse
 * or are violated without one (q_l < 0); rows left out that the solution violates join, and it is
 * solved again (at most 8 passes).
 *
 * Why: block Gauss–Seidel over many coupled limit rows (a box on a foundation of 100 unilateral
 * springs, rank-3 coupling, stiff k) converges at a rate set by the conditioning of S + Γ, far beyond
 * any sweep budget at k = 1e9; Lemke gives the exact answer in one solve.
 *
 * Motors (box-constrained) are not in the LCP: the caller alternates this solve with its Gauss–Seidel
 * sweeps (block Gauss–Seidel between the motor rows and the limit block).
 *
 * Allocation: none once the arrays have grown to the largest limit count (geometric growth).
 */

import { nextCapacity } from '../../../components/capacity';
import { RowType, type JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { ensureAux } from '../common/joint-direct';
import { applyAuxAt, applyRowAt, rowVelocityTo, type JointSolveContext } from '../common/joint-solve';
import { createLemkeOptions, LemkeWorkspace, solveLemke, type LemkeOptions } from '../common/lemke';

const ROW_LIMIT = RowType.limit;

export interface JointLimitLcp {
  /** Number of limit rows in the last LCP (the selected ones). */
  n: number;
  /** `[limit rows]` every limit row's joint row index (the candidates). */
  rows: Int32Array;
  /** `[n × n]` row-major S + Γ_l. */
  N: Float64Array;
  /** `[n]` q, z, w of the last solve (z: N·s; w, q: m/s or rad/s). */
  q: Float64Array;
  z: Float64Array;
  w: Float64Array;
  /** `[n]` J_l v of the unit-impulse probe (scratch). */
  base: Float64Array;
  /** `[limit rows]` the limit impulses before the call (N·s), restored when Lemke fails. */
  previous: Float64Array;
  /** `[n]` joint row of LCP unknown i (the selected rows). */
  index: Int32Array;
  /** `[n]` the selected rows' impulses before the call, and Lemke's warm-start guess (their support). */
  warmImpulse: Float64Array;
  guess: Int32Array;
  /** `[rowCapacity]` 1 when the row is in the LCP. */
  selected: Uint8Array;
  lemke: LemkeWorkspace;
  options: LemkeOptions;
  /** Largest LCP solved directly (unknowns); larger limit sets stay with Gauss–Seidel. Default 400. */
  maxSize: number;
  /** Status of the last solve: true when Lemke solved it (or it was empty). */
  solved: boolean;
  /** Lemke pivots of the last solve. */
  pivots: number;
  /** `[1]` the largest impulse change of the last {@link solveJointLimitLcp} (N·s). */
  readonly change: Float64Array;
  /** `[3]` scratch: a row's residual, its bias, an impulse to apply (`applyLimit`): numbers passed to or
   * returned from a call V8 does not inline are boxed on the heap, elements of a `Float64Array` are not. */
  readonly scratch: Float64Array;
}

export function createJointLimitLcp(): JointLimitLcp {
  return {
    n: 0, rows: new Int32Array(16), N: new Float64Array(256), q: new Float64Array(16), z: new Float64Array(16),
    w: new Float64Array(16), base: new Float64Array(16), previous: new Float64Array(16), index: new Int32Array(16), warmImpulse: new Float64Array(16), guess: new Int32Array(16),
    selected: new Uint8Array(16), lemke: new LemkeWorkspace(16),
    options: createLemkeOptions(),
    maxSize: 400, solved: true, pivots: 0, change: new Float64Array(1), scratch: new Float64Array(3),
  };
}

/** Per-limit-row arrays for `n` limit rows (the candidates). */
function ensure(s: JointLimitLcp, n: number): void {
  if (s.rows.length >= n) return;
  const c = nextCapacity(s.rows.length, n);
  s.rows = new Int32Array(c);
  s.previous = new Float64Array(c);
}

/** The LCP's arrays for `m` unknowns (m ≤ `maxSize`: the dense matrix is never sized to all limit rows). */
function ensureLcp(s: JointLimitLcp, m: number): void {
  if (s.q.length >= m) return;
  const c = nextCapacity(s.q.length, m);
  s.N = new Float64Array(c * c);
  s.q = new Float64Array(c);
  s.z = new Float64Array(c);
  s.w = new Float64Array(c);
  s.base = new Float64Array(c);
  s.index = new Int32Array(c);
  s.warmImpulse = new Float64Array(c);
  s.guess = new Int32Array(c);
}

/** An impulse Δ = `ds[k]` on limit row r with the bilateral rows' response (when r is an aux row). */
function applyLimit(p: JointProblem, sb: SolverBodies, c: JointSolveContext, r: number, ds: Float64Array, k: number): void {
  applyRowAt(p, sb, r, ds, k);
  const q = c.direct.auxOf.length > r ? c.direct.auxOf[r] : -1;
  if (q >= 0) applyAuxAt(p, sb, c.direct, q, ds, k);
}

/**
 * Replaces the current limit impulses by the exact solution of the limit LCP given the bilateral rows
 * (through their response) and the motor impulses (fixed). Returns false when there are no limit rows,
 * more than `maxSize`, or Lemke fails (then the previous impulses are re-applied: velocities as before the
 * call up to round-off); else true, with the largest impulse change (N·s) in `s.change[0]`.
 */
export function solveJointLimitLcp(s: JointLimitLcp, p: JointProblem, sb: SolverBodies, c: JointSolveContext): boolean {
  s.solved = true;
  s.pivots = 0;
  s.n = 0;
  let all = 0;
  for (let r = 0; r < p.rowCount; r++) if (p.rowType[r] === ROW_LIMIT) all++;
  if (all === 0) return false;
  if (s.selected.length < p.rowCount) s.selected = new Uint8Array(nextCapacity(s.selected.length, p.rowCount));
  ensure(s, all);
  const rows = s.rows, prev = s.previous, imp = p.impulse, sel = s.selected, t = s.scratch;
  const d = c.direct;
  // remove the current limit impulses (v becomes the velocity without limits); select the candidates:
  // rows that carried an impulse or are violated without one (the others join if the solve violates them)
  let n = 0;
  for (let r = 0; r < p.rowCount; r++) {
    if (p.rowType[r] !== ROW_LIMIT) continue;
    const aq = d.auxOf.length > r ? d.auxOf[r] : -1;
    if (aq >= 0 && d.n > 0) ensureAux(d, p, sb, aq);
    rows[n] = r;
    prev[n++] = imp[r];
  }
  for (let i = 0; i < n; i++) {
    const r = rows[i], l = imp[r];
    if (l === 0) continue;
    t[2] = -l;
    applyLimit(p, sb, c, r, t, 2);
    imp[r] = 0;
  }
  let m = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    if (prev[i] > 0) { sel[r] = 1; m++; continue; }
    limitResidual(s, p, sb, c, r);
    sel[r] = t[0] < 0 ? 1 : 0;
    if (sel[r] === 1) m++;
  }
  let change = 0;
  for (let pass = 0; pass < 8; pass++) {
    if (m > s.maxSize) { restore(s, p, sb, c, n); return false; }
    if (m > 0) ensureLcp(s, m);
    if (m > 0 && !solveSelected(s, p, sb, c, n, m)) { restore(s, p, sb, c, n); return false; }
    // the rows left out must hold at the new velocities
    let grew = false;
    for (let i = 0; i < n; i++) {
      const r = rows[i];
      if (sel[r] === 1) continue;
      limitResidual(s, p, sb, c, r);
      if (t[0] < -1e-12) { sel[r] = 1; m++; grew = true; }
    }
    if (!grew) break;
    // undo this pass's impulses before re-solving with the larger set
    for (let i = 0; i < n; i++) {
      const r = rows[i], l = imp[r];
      if (l !== 0) { t[2] = -l; applyLimit(p, sb, c, r, t, 2); imp[r] = 0; }
    }
  }
  for (let i = 0; i < n; i++) {
    const dz = Math.abs(imp[rows[i]] - prev[i]);
    if (dz > change) change = dz;
  }
  s.change[0] = change;
  return true;
}

/** The row's velocity bias: rigid C/h (speculative when C > 0), soft β C (see the header), into `out[k]`. */
function limitBias(p: JointProblem, c: JointSolveContext, r: number, out: Float64Array, k: number): void {
  out[k] = p.gamma[r] > 0 ? p.biasRate[r] * p.error[r] : p.error[r] * c.invH;
}

/** Limit row r's J v − target + bias at the current velocities, into `s.scratch[0]` (`[1]` is scratch). */
function limitResidual(s: JointLimitLcp, p: JointProblem, sb: SolverBodies, c: JointSolveContext, r: number): void {
  const t = s.scratch;
  rowVelocityTo(p, sb.v, sb.w, r, t, 0);
  limitBias(p, c, r, t, 1);
  t[0] = t[0] - p.target[r] + t[1];
}

/** Lemke failed or the set is too big: the previous impulses go back. */
function restore(s: JointLimitLcp, p: JointProblem, sb: SolverBodies, c: JointSolveContext, n: number): void {
  s.solved = false;
  for (let i = 0; i < n; i++) {
    const r = s.rows[i], l = s.previous[i] - p.impulse[r];
    if (l !== 0) { s.scratch[2] = l; applyLimit(p, sb, c, r, s.scratch, 2); }
    p.impulse[r] = s.previous[i];
  }
}

/** Forms and solves the LCP over the m selected limit rows; applies the impulses. */
function solveSelected(s: JointLimitLcp, p: JointProblem, sb: SolverBodies, c: JointSolveContext, n: number, m: number): boolean {
  const v = sb.v, w = sb.w, imp = p.impulse, N = s.N, q = s.q, z = s.z, base = s.base, idx = s.index;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (s.selected[s.rows[i]] !== 1) continue;
    s.warmImpulse[k] = s.previous[i];
    idx[k++] = s.rows[i];
  }
  s.n = m;
  const t = s.scratch;
  for (let i = 0; i < m; i++) {
    const r = idx[i];
    rowVelocityTo(p, v, w, r, base, i);
    limitBias(p, c, r, t, 1);
    q[i] = base[i] - p.target[r] + t[1];
  }
  // S column by column (unit impulse probe, then reverted), Γ on the diagonal
  for (let j = 0; j < m; j++) {
    const rj = idx[j];
    t[2] = 1;
    applyLimit(p, sb, c, rj, t, 2);
    for (let l = 0; l < m; l++) { rowVelocityTo(p, v, w, idx[l], N, l * m + j); N[l * m + j] -= base[l]; }
    t[2] = -1;
    applyLimit(p, sb, c, rj, t, 2);
    imp[rj] = 0;
    N[j * m + j] += p.gamma[rj];
  }
  // symmetrize (S is symmetric in exact arithmetic; the probe leaves round-off)
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const a = 0.5 * (N[i * m + j] + N[j * m + i]);
      N[i * m + j] = a; N[j * m + i] = a;
    }
  }
  // warm start: the rows that carried an impulse before the call (Lemke checks the guess)
  let g = 0;
  for (let i = 0; i < m; i++) if (p.rowType[idx[i]] === ROW_LIMIT && s.warmImpulse[i] > 0) s.guess[g++] = i;
  s.options.activeSet = g > 0 ? s.guess : undefined;
  s.options.activeSetCount = g;
  s.options.maxPivots = 4 * m + 100;
  const res = solveLemke(s.lemke, m, N, q, z, s.w, s.options);
  s.pivots += res.pivots;
  if (res.status !== 'solved' && res.status !== 'trivial') return false;
  for (let i = 0; i < m; i++) {
    const next = z[i] > 0 ? z[i] : 0;
    if (next !== 0) applyLimit(p, sb, c, idx[i], z, i);
    imp[idx[i]] = next;
  }
  return true;
}
