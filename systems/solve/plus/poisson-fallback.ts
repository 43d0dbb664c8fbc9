/**
 * The fallback that finishes an impact when PLUS runs out of budget (round cap, interval cap, or an
 * island larger than `maxIslandPoints`). The paper leaves this open ("it may be necessary to limit the
 * number of rounds permitted in a single impulse calculation", §5); Simbody's "Mixed" model ends with a
 * round in which every proximal point takes part with COR 0. This one is a plain
 * Poisson impulse computed by projected Gauss–Seidel on the island's dense constraint space:
 *
 *  (a) compression: a PGS solve with COR 0 over all proximal points of the island, on the isotropic
 *      cone ‖π_t‖ ≤ μ π_n (cone complementarity, Tasora & Anitescu 2011). Each point's block takes the projected
 *      gradient step π_i ← Proj_K(π_i − v_i / L_i), L_i = λ_max(A_ii) (π_n alone, step 1/A_nn, for a
 *      frictionless point). Each step lowers the kinetic energy ½πᵀAπ + πᵀv, and the fixed point has
 *      v_n ≥ μ‖v_t‖ ≥ 0 at every point: nothing approaches. PGS converges slowly on stiff, redundant
 *      islands, so if a point still approaches after the sweeps, the exact inelastic normal LCP
 *      (Lemke) finishes the capture (it can only remove energy).
 *  (b) Poisson expansion: the expansion still owed by PLUS (the caller's π_z^(exp) + π_z^(acc)) plus
 *      e_k × (the normal impulse of (a)), e_k from the approach speed at the fallback's start, applied
 *      as normal impulses.
 *  (c) a second COR-0 PGS solve, since (b) can make other points approach.
 *  (d) energy guard: if the whole impact now gains kinetic energy (ΔT > 1e-9 Σ|π v0|), (b) and (c) are
 *      undone and the state after (a) is kept (no restitution for this island in this step).
 *
 * What is lost compared with PLUS: no sliding/rolling intervals, so the friction direction is not
 * tracked; no wave propagation; CCP friction lets sliding points separate at v_n = μ‖v_t‖.
 * The PGS solves stop when the largest block change is ≤ 1e-12 of the largest impulse and no point
 * approaches faster than `observerTolerance`, or after `fallbackIterations` sweeps. A block update
 * changes v only at the points coupled to it (A_ij ≠ 0: the points on its two bodies, or on their joint
 * island through the condensed Ã), listed once per fallback (`coupledPoints`), so a sweep costs
 * Σ_i 9·|coupled(i)| instead of 9k²: on a 30-block tower (≈ 360 points, ≈ 30 coupled per point) about 12×
 * less, with the same result (the skipped terms are exact zeros). The Lemke workspace grows with the
 * island and then allocates nothing.
 */

import { solveLemke } from '../common/lemke';
import { addCompliance, kineticEnergyChange } from './constraint-space';
import { coefficientOfRestitution } from './coefficient-of-restitution';
import type { PlusOptions } from './plus-options';
import type { PlusWorkspace } from './plus-workspace';
import { detAcos, detCos } from '../../../math/deterministic-math';

/**
 * Finishes the island's impact. Reads the owed expansion from `ws.piExp` (`[k]`, N·s), updates
 * `ws.v` and `ws.piTotal`, and leaves `ws.piExp` / `ws.piAcc` at 0.
 */
export function finishWithFallback(ws: PlusWorkspace, k: number, o: PlusOptions): void {
  const m = 3 * k;
  let aMax = 0;
  for (let r = 0; r < m; r++) aMax = Math.max(aMax, ws.A[r * m + r]);
  for (let i = 0; i < k; i++) {
    const approach = -ws.v[3 * i];
    ws.cor[i] = approach > o.observerTolerance
      ? coefficientOfRestitution(approach, ws.capture[i], ws.plastic[i], ws.eMax[i], ws.eMin[i]) : 0;
    ws.blockStep[i] = blockStep(ws, k, i, aMax);
  }
  coupledPoints(ws, k);
  ws.work += 9 * k * k;
  // (a) compression with COR 0
  captureSolve(ws, k, o);
  for (let i = 0; i < k; i++) ws.piExp[i] += ws.cor[i] * ws.pi[3 * i];
  ws.piSave.set(ws.piTotal.subarray(0, m));
  ws.vSave.set(ws.v.subarray(0, m));
  // (b) Poisson expansion as normal impulses
  let owed = false;
  ws.piStep.fill(0, 0, m);
  for (let i = 0; i < k; i++) {
    if (ws.piExp[i] > 0) {
      ws.piStep[3 * i] = ws.piExp[i];
      ws.piTotal[3 * i] += ws.piExp[i];
      owed = true;
    }
    ws.piExp[i] = 0;
    ws.piAcc[i] = 0;
  }
  if (!owed) return;
  addCompliance(ws, k, ws.piStep, ws.v);
  // (c) capture what (b) set approaching
  captureSolve(ws, k, o);
  // (d) energy guard
  let scale = 0;
  for (let r = 0; r < m; r++) scale += Math.abs(ws.piTotal[r] * ws.v0[r]);
  if (kineticEnergyChange(ws.piTotal, ws.v0, ws.v, k) > 1e-9 * scale) {
    ws.piTotal.set(ws.piSave.subarray(0, m));
    ws.v.set(ws.vSave.subarray(0, m));
  }
}

/**
 * Lists, per island point i, the points j whose 3 × 3 block A_ij has a non-zero entry (CSR in
 * `ws.coupledStart` / `ws.coupled`). A is symmetric, so these are the rows a change of π_i touches.
 */
function coupledPoints(ws: PlusWorkspace, k: number): void {
  const m = 3 * k, A = ws.A, start = ws.coupledStart, list = ws.coupled;
  let e = 0;
  for (let i = 0; i < k; i++) {
    start[i] = e;
    const r0 = 3 * i * m, r1 = r0 + m, r2 = r1 + m;
    for (let j = 0; j < k; j++) {
      const c = 3 * j;
      if (A[r0 + c] !== 0 || A[r0 + c + 1] !== 0 || A[r0 + c + 2] !== 0
        || A[r1 + c] !== 0 || A[r1 + c + 1] !== 0 || A[r1 + c + 2] !== 0
        || A[r2 + c] !== 0 || A[r2 + c + 1] !== 0 || A[r2 + c + 2] !== 0) list[e++] = j;
    }
  }
  start[k] = e;
}

/** 1/L for point i's block: 1/A_nn when frictionless, else 1/λ_max(A_ii) (3 × 3, symmetric). */
function blockStep(ws: PlusWorkspace, k: number, i: number, scale: number): number {
  const m = 3 * k, A = ws.A, r = 3 * i;
  const l = !(ws.mu[i] > 0) ? A[r * m + r] : maxEigenSym3(
    A[r * m + r], A[r * m + r + 1], A[r * m + r + 2],
    A[(r + 1) * m + r + 1], A[(r + 1) * m + r + 2], A[(r + 2) * m + r + 2],
  );
  return l > RIGID_POINT_TOLERANCE * scale ? 1 / l : 0;
}

/**
 * A point whose block of A has its largest eigenvalue below this fraction of the island's largest
 * diagonal entry cannot be moved by an impulse (its bodies are held by the joints: the condensed
 * Ã = A − Cᵀ W_b⁺ C is exactly 0 there and holds only round-off, ±1e-13 against 11.6 in fuzz seed 1884,
 * of either sign). Such a point takes no impulse in the fallback: a projected step 1 / λ_max = 4e12
 * on it, times a round-off velocity, gave impulses of 1e17 N·s that the bodies' own inverse masses did
 * not cancel (+1.5e6 J in one impact). The same relative tolerance as the joint factor's dependent
 * rows (`../common/joint-direct.ts`).
 */
const RIGID_POINT_TOLERANCE = 1e-9;

/** Largest eigenvalue of the symmetric 3 × 3 [[a, b, c], [b, d, e], [c, e, f]] (trigonometric method). */
export function maxEigenSym3(a: number, b: number, c: number, d: number, e: number, f: number): number {
  const p1 = b * b + c * c + e * e;
  const q = (a + d + f) / 3;
  if (p1 === 0) return Math.max(a, d, f);
  const p2 = (a - q) * (a - q) + (d - q) * (d - q) + (f - q) * (f - q) + 2 * p1;
  const p = Math.sqrt(p2 / 6);
  const ba = (a - q) / p, bd = (d - q) / p, bf = (f - q) / p, bb = b / p, bc = c / p, be = e / p;
  const det = ba * (bd * bf - be * be) - bb * (bb * bf - be * bc) + bc * (bb * be - bd * bc);
  const rr = Math.min(Math.max(det / 2, -1), 1);
  const phi = detAcos(rr) / 3;
  return q + 2 * p * detCos(phi);
}

/**
 * A COR-0 solve: projected Gauss–Seidel on the cone (below), then, if a point still approaches, the
 * exact inelastic normal LCP on top of it: Δπ_n ≥ 0, v_n + A_nn Δπ_n ≥ 0, complementary (Lemke,
 * `../lcp/lemke.ts`). That LCP is the minimiser of the kinetic energy over Δπ_n ≥ 0 (A_nn is positive
 * semidefinite), so it cannot add energy, it only grows normal impulses (the cone stays satisfied), and
 * it leaves no approach whenever the rigid bodies can avoid it. The impulse of the whole solve is left
 * in `ws.pi` (`[3k]`) and added to `ws.piTotal`.
 */
function captureSolve(ws: PlusWorkspace, k: number, o: PlusOptions): void {
  projectedGaussSeidel(ws, k, o);
  let approaching = false;
  for (let i = 0; i < k; i++) if (ws.v[3 * i] < -o.observerTolerance) approaching = true;
  if (!approaching) return;
  const m = 3 * k, A = ws.A, M = ws.B, q = ws.rhs, z = ws.x, w = ws.residual;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) M[i * k + j] = A[3 * i * m + 3 * j];
    q[i] = ws.v[3 * i];
  }
  // a point no impulse can move (block step 0, see RIGID_POINT_TOLERANCE) stays out: z_i = 0
  for (let i = 0; i < k; i++) {
    if (ws.blockStep[i] !== 0) continue;
    for (let j = 0; j < k; j++) { M[i * k + j] = 0; M[j * k + i] = 0; }
    M[i * k + i] = 1;
    q[i] = 0;
  }
  const left = ws.maxWork - ws.work;
  if (!(left > 0)) return;
  // Lemke's defaults but the work cap, on the workspace's options object (one shape for every caller)
  const lo = ws.lemkeOptions;
  lo.maxWork = left;
  lo.maxPivots = 50 * k + 100;
  const r = solveLemke(ws.lemke, k, M, q, z, w, lo);
  ws.work += r.work;
  if (r.status !== 'solved' && r.status !== 'trivial') return;
  ws.piStep.fill(0, 0, m);
  for (let i = 0; i < k; i++) {
    const dz = z[i] > 0 ? z[i] : 0;
    ws.piStep[3 * i] = dz;
    ws.pi[3 * i] += dz;
    ws.piTotal[3 * i] += dz;
  }
  addCompliance(ws, k, ws.piStep, ws.v);
}

/**
 * COR-0 projected Gauss–Seidel on the island for a new impulse λ ∈ K (each point's λ in its own cone,
 * so it only adds to what PLUS applied): min ½λᵀAλ + λᵀv, the kinetic-energy change. The impulse is
 * left in `ws.pi` (`[3k]`) and added to `ws.piTotal`; `ws.v` is kept equal to v0 + A π_total.
 */
function projectedGaussSeidel(ws: PlusWorkspace, k: number, o: PlusOptions): void {
  const m = 3 * k, A = ws.A, v = ws.v, lam = ws.pi, start = ws.coupledStart, list = ws.coupled;
  lam.fill(0, 0, m);
  for (let it = 0; it < o.fallbackIterations; it++) {
    // out of the step's work budget: stop (what is left of the impact is the contact LCP's, inelastic)
    if (ws.work > ws.maxWork) break;
    ws.work += 9 * start[k];
    let change = 0, size = 0;
    for (let i = 0; i < k; i++) {
      const r = 3 * i;
      const mu = ws.mu[i];
      const t = ws.blockStep[i];
      // this solve's own impulse must lie in the cone (it adds to π_total, never undoes it)
      const n0 = lam[r];
      let nn = n0 - t * v[r];
      let d1 = 0, d2 = 0;
      if (!(mu > 0)) {
        if (nn < 0) nn = 0;
      } else {
        const t10 = lam[r + 1], t20 = lam[r + 2];
        let t1 = t10 - t * v[r + 1], t2 = t20 - t * v[r + 2];
        const tl = Math.hypot(t1, t2);
        if (tl > mu * nn) {
          if (mu * tl <= -nn) {
            nn = 0; t1 = 0; t2 = 0;
          } else {
            const s = (nn + mu * tl) / (1 + mu * mu);
            nn = s;
            t1 *= (mu * s) / tl;
            t2 *= (mu * s) / tl;
          }
        }
        d1 = t1 - t10;
        d2 = t2 - t20;
      }
      const dn = nn - n0;
      if (dn !== 0 || d1 !== 0 || d2 !== 0) {
        lam[r] += dn; lam[r + 1] += d1; lam[r + 2] += d2;
        // v += A[:, block i] (dn, d1, d2), over the coupled points only (A_ji = 0 elsewhere)
        for (let e = start[i], end = start[i + 1]; e < end; e++) {
          for (let x = 3 * list[e], xe = x + 3; x < xe; x++) {
            v[x] += A[x * m + r] * dn + A[x * m + r + 1] * d1 + A[x * m + r + 2] * d2;
          }
        }
      }
      change = Math.max(change, Math.abs(dn), Math.abs(d1), Math.abs(d2));
      size = Math.max(size, Math.abs(nn));
    }
    let approaching = false;
    for (let i = 0; i < k; i++) if (v[3 * i] < -o.observerTolerance) approaching = true;
    if (!approaching && change <= 1e-12 * size) break;
  }
  for (let r = 0; r < m; r++) ws.piTotal[r] += lam[r];
}
