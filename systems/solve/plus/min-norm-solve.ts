/**
 * SOLVE_MIN_NORM: one pass of the interval problem of PLUS (Uchida, Sherman & Delp 2015
 * Table 1, eqs. 2.10–2.11, §3a). For the current classification of the island points it assembles B π = w and returns
 * the minimum-norm (Moore–Penrose) solution π = B⁺ w, or, when a point is in impending slip, solves the
 * nonlinear system by Gauss–Newton with the analytic Jacobian and pseudoinverse steps.
 *
 * Unknowns (the columns): π_n, π_t1, π_t2 of every point that is expanding or compressing with its
 * normal constraint active; π_n only for a frictionless point. Observing points and compressing points
 * whose normal constraint was dropped by the active set have all their columns removed, i.e. π = 0
 * (deleting their rows instead would let the solve use their impulses to satisfy other rows). Rows, one per column, in the same order:
 *
 * | point                 | row (unit: N·s after scaling)                                   |
 * |-----------------------|------------------------------------------------------------------|
 * | compressing, active   | (A_n π + v_n) / A_nn = 0                          (eq. 2.3)      |
 * | expanding             | π_n − π_n^(exp) = 0                               (eq. 2.4)      |
 * | rolling (per tangent) | (A_t π + v_t) / A_tt = 0                          (eq. 2.7)      |
 * | sliding               | π_t + μ π_n ŝ = 0, ŝ frozen = v̂_t at the interval start (eq. 2.8–2.9) |
 * | impending slip        | π_t + μ π_n y/√(‖y‖² + ε²) = 0,  y = v_t + A_t π  (eq. 2.9, end velocity) |
 *
 * Rows of A are divided by their diagonal (the row's effective mass), which leaves the solution set of
 * a consistent system unchanged and puts every row in impulse units so that one relative rank tolerance
 * fits all. The impending direction is regularised (ε = `impendingRegularization`) so that the cone
 * ‖π_t‖ ≤ μ π_n holds even when the end velocity vanishes (the form multiplied through by ‖x‖ would not enforce it).
 *
 * Dense linear algebra: B is square (one row per column). When it is nonsingular (every LU pivot
 * > 1e-9 of the largest) its unique solution is the minimum-norm one, computed by an allocation-free
 * LU with partial pivoting on the workspace. When it is rank-deficient (redundant contacts) the
 * minimum-norm solution B⁺w comes from the complete orthogonal factorization the paper uses
 * (`complete-orthogonal.ts`, allocation-free), or from the workspace's `rankDeficientSolve` when one was
 * given (the tests' SVD reference, `test/validation/plus-min-norm-solve.test.ts`, which checks that the
 * two agree). Counted in `rankDeficientSolves`.
 * ALLOCATION: none once the workspace fits the island.
 */

import { codSolve } from './complete-orthogonal';
import { RoundLabel, TangentState, type PlusOptions } from './plus-options';
import type { PlusWorkspace } from './plus-workspace';
import { detCos } from '../../../math/deterministic-math';

/**
 * Assigns the columns of the current pass (ws.colOfVar / ws.varOfCol) and returns their number q.
 * A point participates when it is expanding, or compressing with `ws.active[i] = 1`.
 */
export function assignColumns(ws: PlusWorkspace, k: number): number {
  let q = 0;
  for (let i = 0; i < k; i++) {
    const l = ws.label[i];
    const on = l === RoundLabel.expanding || (l === RoundLabel.compressing && ws.active[i] === 1);
    const n = 3 * i;
    ws.colOfVar[n] = -1; ws.colOfVar[n + 1] = -1; ws.colOfVar[n + 2] = -1;
    if (!on) continue;
    ws.colOfVar[n] = q; ws.varOfCol[q++] = n;
    if (ws.tangent[i] !== TangentState.none) {
      ws.colOfVar[n + 1] = q; ws.varOfCol[q++] = n + 1;
      ws.colOfVar[n + 2] = q; ws.varOfCol[q++] = n + 2;
    }
  }
  return q;
}

/**
 * Solves the current pass and writes the full-step impulse into `ws.pi` (`[3k]`, zeros for removed
 * columns, unit N·s). Uses the previous contents of `ws.pi` as the Newton starting point.
 */
export function solveMinNorm(ws: PlusWorkspace, k: number, o: PlusOptions): void {
  const q = assignColumns(ws, k);
  const m = 3 * k;
  const x = ws.x;
  if (q === 0) {
    ws.pi.fill(0, 0, m);
    return;
  }
  // work (the step's budget): the rows q·3k, the complete orthogonal solve ~q³
  ws.work += q * q * q + q * m;
  const impending = buildLinearRows(ws, k, q);
  if (!impending) {
    minNormSolve(ws, ws.B, q, ws.rhs, x, o);
  } else {
    newtonSolve(ws, k, q, o);
  }
  ws.pi.fill(0, 0, m);
  for (let c = 0; c < q; c++) ws.pi[ws.varOfCol[c]] = x[c];
}

/** Fills ws.B (q × q) and ws.rhs with the linear rows; impending rows are left zero. Returns true if any. */
function buildLinearRows(ws: PlusWorkspace, k: number, q: number): boolean {
  const B = ws.B, A = ws.A, m = 3 * k;
  B.fill(0, 0, q * q);
  let impending = false;
  for (let r = 0; r < q; r++) {
    const vr = ws.varOfCol[r];
    const i = (vr / 3) | 0, d = vr - 3 * i;
    const row = r * q;
    if (d === 0) {
      if (ws.label[i] === RoundLabel.expanding) {
        B[row + r] = 1;
        ws.rhs[r] = ws.piExp[i];
      } else {
        const s = 1 / A[vr * m + vr];
        for (let c = 0; c < q; c++) B[row + c] = A[vr * m + ws.varOfCol[c]] * s;
        ws.rhs[r] = -ws.v[vr] * s;
      }
      continue;
    }
    const t = ws.tangent[i];
    if (t === TangentState.rolling) {
      const s = 1 / A[vr * m + vr];
      for (let c = 0; c < q; c++) B[row + c] = A[vr * m + ws.varOfCol[c]] * s;
      ws.rhs[r] = -ws.v[vr] * s;
    } else if (t === TangentState.sliding) {
      B[row + r] = 1;
      B[row + ws.colOfVar[3 * i]] = ws.mu[i] * ws.slide[2 * i + d - 1];
      ws.rhs[r] = 0;
    } else {
      impending = true;
      ws.rhs[r] = 0;
    }
  }
  return impending;
}

/**
 * out = M⁺ rhs, the minimum-norm least-squares solution, for the q × q row-major `M` (not modified).
 * Fast path: LU with partial pivoting on a workspace copy (no allocation); when every pivot is
 * > 1e-9 of the largest, M is nonsingular and M⁻¹ rhs is the unique, hence minimum-norm, solution.
 * Otherwise (redundant contacts make M rank-deficient): the allocation-free complete orthogonal
 * factorization (`complete-orthogonal.ts`), or `ws.rankDeficientSolve` when set (a reference solver).
 */
function minNormSolve(
  ws: PlusWorkspace, M: Float64Array, q: number, rhs: ArrayLike<number>, out: Float64Array, o: PlusOptions,
): void {
  if (luSolve(ws, M, q, rhs, out)) return;
  ws.rankDeficientSolves++;
  if (ws.rankDeficientSolve !== undefined) ws.rankDeficientSolve(M, q, rhs, out, o.rankTolerance);
  else codSolve(ws.cod, M, q, rhs, out, o.rankTolerance);
}

/** Dense LU with partial pivoting of a copy of M in `ws.lu`; false when a pivot is ≤ 1e-9 of the largest. */
function luSolve(ws: PlusWorkspace, M: Float64Array, q: number, rhs: ArrayLike<number>, out: Float64Array): boolean {
  const a = ws.lu, perm = ws.perm;
  for (let i = 0; i < q * q; i++) a[i] = M[i];
  let big = 0;
  for (let i = 0; i < q * q; i++) big = Math.max(big, Math.abs(a[i]));
  if (!(big > 0)) return false;
  for (let i = 0; i < q; i++) perm[i] = i;
  let pmax = 0, pmin = Infinity;
  for (let col = 0; col < q; col++) {
    let piv = col, best = Math.abs(a[col * q + col]);
    for (let r = col + 1; r < q; r++) {
      const v = Math.abs(a[r * q + col]);
      if (v > best) { best = v; piv = r; }
    }
    if (!(best > 1e-14 * big)) return false;
    if (piv !== col) {
      for (let c = 0; c < q; c++) { const t = a[col * q + c]; a[col * q + c] = a[piv * q + c]; a[piv * q + c] = t; }
      const t = perm[col]; perm[col] = perm[piv]; perm[piv] = t;
    }
    pmax = Math.max(pmax, best);
    pmin = Math.min(pmin, best);
    const d = a[col * q + col];
    for (let r = col + 1; r < q; r++) {
      const f = a[r * q + col] / d;
      if (f === 0) continue;
      a[r * q + col] = f;
      for (let c = col + 1; c < q; c++) a[r * q + c] -= f * a[col * q + c];
    }
  }
  if (!(pmin > 1e-9 * pmax)) return false;
  for (let r = 0; r < q; r++) {
    let s = rhs[perm[r]];
    for (let c = 0; c < r; c++) s -= a[r * q + c] * out[c];
    out[r] = s;
  }
  for (let r = q - 1; r >= 0; r--) {
    let s = out[r];
    for (let c = r + 1; c < q; c++) s -= a[r * q + c] * out[c];
    out[r] = s / a[r * q + r];
  }
  return true;
}

/**
 * Impending slip: Gauss–Newton on F(x) = 0 with x ← x − t J⁺F, backtracking t ∈ {1, ½, …, 2⁻¹⁰} on ‖F‖.
 * The impending rows are used multiplied through by s = √(‖y‖² + ε²) (Simbody's form, regularised):
 *   F_t = (s π_t + μ π_n y) / v_ref,   v_ref = max(‖v_t^(start)‖, v_transition),
 * which has the same roots as π_t + μ π_n y/s but is nearly polynomial, so Newton converges fast; the
 * cone ‖π_t‖ = μ π_n ‖y‖/s ≤ μ π_n holds at every root. Jacobian (of the impending rows of Uchida, Sherman & Delp 2015 §2e):
 *   ∂F_t/∂x_c = [π_t (y · A_t,c)/s + μ π_n A_t,c] / v_ref, plus s/v_ref on π_t and μ y/v_ref on π_n.
 * Starting point: the linear system in which every impending point slides along the direction its
 * friction had in the previous pass (a consistent guess close to the root).
 * Accepted when ‖F‖ ≤ newtonTolerance · (impulse scale) within `maxNewtonIterations`. Otherwise (no
 * root near the guess; e.g. the only root needs an attractive impulse elsewhere) the impending points
 * are frozen as sliding points along the direction of their end velocity, updated by fixed-point
 * (Picard) passes from the best Newton iterate: the linear rows and the cone hold exactly, the friction
 * direction is approximate, and the active set then handles the normals as usual. Counted in
 * `ws.impendingFallbacks`.
 */
function newtonSolve(ws: PlusWorkspace, k: number, q: number, o: PlusOptions): void {
  const x = ws.x;
  for (let i = 0; i < k; i++) {
    if (ws.tangent[i] !== TangentState.impending || ws.colOfVar[3 * i] < 0) continue;
    let g1 = -ws.pi[3 * i + 1], g2 = -ws.pi[3 * i + 2], len = Math.hypot(g1, g2);
    if (!(len > 0)) { g1 = ws.v[3 * i + 1]; g2 = ws.v[3 * i + 2]; len = Math.hypot(g1, g2); }
    if (!(len > 0)) { g1 = 1; g2 = 0; len = 1; }
    ws.slide[2 * i] = g1 / len;
    ws.slide[2 * i + 1] = g2 / len;
  }
  slidingSolve(ws, k, q, o, x);
  let scale = 0;
  for (let c = 0; c < q; c++) scale = Math.max(scale, Math.abs(ws.rhs[c]));
  const J = ws.J;
  const eps = o.impendingRegularization, vtr = o.transitionVelocity;
  let f = residual(ws, k, q, x, ws.residual, null, eps, vtr);
  let converged = false;
  for (let it = 0; ; it++) {
    let xs = scale;
    for (let c = 0; c < q; c++) xs = Math.max(xs, Math.abs(x[c]));
    if (f <= o.newtonTolerance * Math.max(xs, 1e-300)) { converged = true; break; }
    if (it >= o.maxNewtonIterations) break;
    ws.newtonIterations++;
    ws.work += q * q * q + q * 3 * k;
    residual(ws, k, q, x, ws.residual, J, eps, vtr);
    const delta = ws.delta;
    minNormSolve(ws, J, q, ws.residual, delta, o);
    let t = 1, accepted = false;
    const xn = ws.xNew;
    for (let ls = 0; ls <= 10; ls++) {
      for (let c = 0; c < q; c++) xn[c] = x[c] - t * delta[c];
      const fn = residual(ws, k, q, xn, ws.residualNew, null, eps, vtr);
      if (fn <= (1 - 1e-4 * t) * f) {
        for (let c = 0; c < q; c++) x[c] = xn[c];
        f = fn;
        accepted = true;
        break;
      }
      t *= 0.5;
    }
    if (!accepted) break;
  }
  if (converged || nearlyConverged(ws, k, q, x, vtr)) return;
  // Fixed-point fallback: freeze each impending point as sliding along its end-velocity direction.
  ws.impendingFallbacks++;
  for (let it = 0; it < o.maxNewtonIterations; it++) {
    let change = 0;
    for (let i = 0; i < k; i++) {
      if (ws.tangent[i] !== TangentState.impending || ws.colOfVar[3 * i] < 0) continue;
      const y1 = ws.v[3 * i + 1] + rowDotColumns(ws, k, q, 3 * i + 1, x);
      const y2 = ws.v[3 * i + 2] + rowDotColumns(ws, k, q, 3 * i + 2, x);
      const len = Math.hypot(y1, y2);
      if (!(len > 0)) continue;
      change = Math.max(change, Math.abs(y1 / len - ws.slide[2 * i]), Math.abs(y2 / len - ws.slide[2 * i + 1]));
      ws.slide[2 * i] = y1 / len;
      ws.slide[2 * i + 1] = y2 / len;
    }
    slidingSolve(ws, k, q, o, x);
    if (change <= 1e-12) break;
  }
}

/**
 * Newton stalled close to a root: every impending point's friction is on its cone and opposes its end
 * velocity to within 1e-6 rad, or its end speed is below 1e-6 v_transition (direction immaterial).
 */
function nearlyConverged(ws: PlusWorkspace, k: number, q: number, x: Float64Array, vtr: number): boolean {
  for (let r = 0; r < q; r++) {
    const vr = ws.varOfCol[r];
    const i = (vr / 3) | 0;
    if (vr % 3 !== 0 && ws.tangent[i] === TangentState.impending) continue;
    let s = -ws.rhs[r];
    for (let c = 0; c < q; c++) s += ws.B[r * q + c] * x[c];
    if (Math.abs(s) > 1e-9 * Math.max(1, Math.abs(ws.rhs[r]))) return false;
  }
  for (let i = 0; i < k; i++) {
    if (ws.tangent[i] !== TangentState.impending || ws.colOfVar[3 * i] < 0) continue;
    const cn = ws.colOfVar[3 * i];
    const y1 = ws.v[3 * i + 1] + rowDotColumns(ws, k, q, 3 * i + 1, x);
    const y2 = ws.v[3 * i + 2] + rowDotColumns(ws, k, q, 3 * i + 2, x);
    const pt = Math.hypot(x[cn + 1], x[cn + 2]), bound = ws.mu[i] * x[cn];
    if (pt > bound * (1 + 1e-9) + 1e-15) return false;
    const ly = Math.hypot(y1, y2);
    if (ly <= 1e-6 * vtr || pt === 0) continue;
    const cos = -(x[cn + 1] * y1 + x[cn + 2] * y2) / (pt * ly);
    if (cos < detCos(1e-6)) return false;
  }
  return true;
}

/** Row r (island-local) of A times the column vector x (q columns). */
function rowDotColumns(ws: PlusWorkspace, k: number, q: number, r: number, x: Float64Array): number {
  const m = 3 * k, o = r * m;
  let s = 0;
  for (let c = 0; c < q; c++) s += ws.A[o + ws.varOfCol[c]] * x[c];
  return s;
}

/** x = B⁺w with every impending point's rows replaced by sliding rows along `ws.slide` (linear rows kept). */
function slidingSolve(ws: PlusWorkspace, k: number, q: number, o: PlusOptions, x: Float64Array): void {
  const B = ws.B, M = ws.J;
  for (let i = 0; i < q * q; i++) M[i] = B[i];
  for (let i = 0; i < k; i++) {
    if (ws.tangent[i] !== TangentState.impending || ws.colOfVar[3 * i] < 0) continue;
    const cn = ws.colOfVar[3 * i];
    for (let a = 1; a <= 2; a++) {
      const row = (cn + a) * q;
      M.fill(0, row, row + q);
      M[row + cn + a] = 1;
      M[row + cn] = ws.mu[i] * ws.slide[2 * i + a - 1];
    }
  }
  minNormSolve(ws, M, q, ws.rhs, x, o);
}

/**
 * F(x) into `F` (`[q]`) and returns ‖F‖₂; when `J` is given also fills the Jacobian (q × q).
 * Linear rows come from ws.B / ws.rhs (built by `buildLinearRows`); ε regularises the impending direction.
 */
function residual(
  ws: PlusWorkspace, k: number, q: number, x: Float64Array, F: Float64Array, J: Float64Array | null, eps: number,
  vtr: number,
): number {
  const A = ws.A, m = 3 * k, B = ws.B, full = ws.full;
  full.fill(0, 0, m);
  for (let c = 0; c < q; c++) full[ws.varOfCol[c]] = x[c];
  for (let r = 0; r < q; r++) {
    const vr = ws.varOfCol[r];
    const i = (vr / 3) | 0, d = vr - 3 * i;
    if (d !== 0 && ws.tangent[i] === TangentState.impending) continue;
    let s = -ws.rhs[r];
    const row = r * q;
    for (let c = 0; c < q; c++) s += B[row + c] * x[c];
    F[r] = s;
    if (J !== null) for (let c = 0; c < q; c++) J[row + c] = B[row + c];
  }
  for (let i = 0; i < k; i++) {
    if (ws.tangent[i] !== TangentState.impending) continue;
    const cn = ws.colOfVar[3 * i];
    if (cn < 0) continue;
    const r1 = 3 * i + 1, r2 = 3 * i + 2;
    let y1 = ws.v[r1], y2 = ws.v[r2];
    for (let c = 0; c < m; c++) {
      const fc = full[c];
      if (fc === 0) continue;
      y1 += A[r1 * m + c] * fc;
      y2 += A[r2 * m + c] * fc;
    }
    // Multiplied through by s = √(‖y‖² + ε²) > 0 (same roots as π_t + μ π_n y/s, but close to
    // polynomial, so Newton converges fast) and divided by a fixed speed v_ref to keep N·s units.
    const sn = Math.sqrt(y1 * y1 + y2 * y2 + eps * eps);
    const vref = Math.max(Math.hypot(ws.v[r1], ws.v[r2]), vtr);
    const mu = ws.mu[i], pn = x[cn], pt1 = x[cn + 1], pt2 = x[cn + 2];
    F[cn + 1] = (sn * pt1 + mu * pn * y1) / vref;
    F[cn + 2] = (sn * pt2 + mu * pn * y2) / vref;
    if (J === null) continue;
    // ∂/∂x_c = [π_t (y·A_t,c)/s + μ π_n A_t,c] / v_ref, plus s/v_ref on π_t and μ y/v_ref on π_n
    const g = mu * pn;
    for (let c = 0; c < q; c++) {
      const vc = ws.varOfCol[c];
      const a1 = A[r1 * m + vc], a2 = A[r2 * m + vc];
      const ya = (y1 * a1 + y2 * a2) / sn;
      J[(cn + 1) * q + c] = (pt1 * ya + g * a1) / vref;
      J[(cn + 2) * q + c] = (pt2 * ya + g * a2) / vref;
    }
    J[(cn + 1) * q + cn + 1] += sn / vref;
    J[(cn + 2) * q + cn + 2] += sn / vref;
    J[(cn + 1) * q + cn] += (mu * y1) / vref;
    J[(cn + 2) * q + cn] += (mu * y2) / vref;
  }
  let f = 0;
  for (let r = 0; r < q; r++) f += F[r] * F[r];
  return Math.sqrt(f);
}
