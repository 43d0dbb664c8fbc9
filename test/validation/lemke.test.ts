/**
 * Validation of `systems/solve/lcp/lemke.ts` against its sources:
 * - Lemke 1965 / Cottle–Pang–Stone (CPS) 1992 §4.4 Alg. 4.4.1: the answer is checked against brute-force
 *   enumeration of all 2ⁿ complementary bases (n = 1..6) on positive-definite, P-, PSD and strictly
 *   copositive matrices.
 * - CPS §4.9: the lexicographic minimum-ratio rule on a degenerate LCP where the plain minimum-ratio rule
 *   with smallest-index tie-breaking provably cycles (the cycle was also reproduced in exact rational
 *   arithmetic by an independent script while writing this test; the basis sequence is asserted below).
 * - Stewart & Trinkle 1996 eq. 17 (Stewart & Trinkle 1996, eqs. 17–19): a
 *   particle on a plane with a k = 4 polyhedral friction cone, closed-form impulses.
 */
import { describe, expect, it } from 'vitest';
import { LuDecomposition, Matrix } from 'ml-matrix';
import {
  LcpInputError, LemkeWorkspace, activeSetOf, solveLemke, type LemkeOptions, type LemkeResult,
} from '../../systems/solve/common/lemke';

// ---------------------------------------------------------------- helpers

/** mulberry32: small deterministic PRNG in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

/** Row-major `[rows × cols]` matrix of N(0, 1) entries. */
function randn(r: () => number, rows: number, cols: number): Float64Array {
  const a = new Float64Array(rows * cols);
  for (let k = 0; k < a.length; k++) a[k] = gauss(r);
  return a;
}

/** AᵀA for A `[k × n]`, as `[n × n]`. */
function gram(A: Float64Array, k: number, n: number): Float64Array {
  const M = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let s = 0;
    for (let r = 0; r < k; r++) s += A[r * n + i] * A[r * n + j];
    M[i * n + j] = s;
  }
  return M;
}

function mulAdd(n: number, M: ArrayLike<number>, z: ArrayLike<number>, q: ArrayLike<number>): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = q[i];
    for (let j = 0; j < n; j++) s += M[i * n + j] * z[j];
    w[i] = s;
  }
  return w;
}

function sub(n: number, M: ArrayLike<number>, idx: number[]): Matrix {
  return new Matrix(idx.map((i) => idx.map((j) => M[i * n + j])));
}

/**
 * Brute force: every complementary basis B ⊆ {0..n-1}: solve M_BB z_B = −q_B, z_N = 0, keep the
 * feasible ones (z ≥ −tol, w ≥ −tol). Bases with a numerically singular M_BB are skipped (normalised
 * determinant |det| / Π‖rows‖ ≤ 1e-10). Independent of the solver: uses ml-matrix's LU.
 */
function enumerate(n: number, M: ArrayLike<number>, q: ArrayLike<number>, tol = 1e-9): Float64Array[] {
  const out: Float64Array[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const idx: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) idx.push(i);
    const z = new Float64Array(n);
    if (idx.length > 0) {
      const A = sub(n, M, idx);
      const lu = new LuDecomposition(A);
      let hadamard = 1;
      for (let a = 0; a < idx.length; a++) hadamard *= Math.hypot(...A.getRow(a));
      if (lu.isSingular() || !(Math.abs(lu.determinant) > 1e-10 * hadamard)) continue;
      const zb = lu.solve(new Matrix(idx.map((i) => [-q[i]])));
      idx.forEach((i, a) => { z[i] = zb.get(a, 0); });
    }
    const w = mulAdd(n, M, z, q);
    let ok = true;
    for (let i = 0; i < n; i++) if (!(z[i] >= -tol && w[i] >= -tol)) ok = false;
    if (ok) out.push(z);
  }
  return out;
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** Asserts (z, w) solves LCP(M, q) to `tol`: w = Mz + q, z ≥ −tol, w ≥ −tol, |z_i w_i| ≤ tol. */
function expectSolution(n: number, M: ArrayLike<number>, q: ArrayLike<number>, z: ArrayLike<number>, w: ArrayLike<number>, tol = 1e-9): void {
  const wr = mulAdd(n, M, z, q);
  for (let i = 0; i < n; i++) {
    expect(Math.abs(w[i] - wr[i])).toBeLessThanOrEqual(tol);
    expect(z[i]).toBeGreaterThanOrEqual(-tol);
    expect(w[i]).toBeGreaterThanOrEqual(-tol);
    expect(Math.abs(z[i] * w[i])).toBeLessThanOrEqual(tol);
  }
}

function solve(ws: LemkeWorkspace, n: number, M: ArrayLike<number>, q: ArrayLike<number>, opts?: LemkeOptions) {
  const z = new Float64Array(n);
  const w = new Float64Array(n);
  const r: LemkeResult = { ...solveLemke(ws, n, M, q, z, w, opts) };
  return { r, z, w };
}

/** All principal minors > 0 (P-matrix test, exact definition, n ≤ 6). */
function isPMatrix(n: number, M: ArrayLike<number>): boolean {
  for (let mask = 1; mask < 1 << n; mask++) {
    const idx: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) idx.push(i);
    if (!(new LuDecomposition(sub(n, M, idx)).determinant > 1e-3)) return false;
  }
  return true;
}

/** Smallest eigenvalue sign test of the symmetric part via Cholesky: true if (M + Mᵀ)/2 is positive definite. */
function symPartPD(n: number, M: ArrayLike<number>): boolean {
  const S = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) S[i * n + j] = 0.5 * (M[i * n + j] + M[j * n + i]);
  for (let k = 0; k < n; k++) {
    let d = S[k * n + k];
    for (let p = 0; p < k; p++) d -= S[k * n + p] * S[k * n + p];
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    S[k * n + k] = l;
    for (let i = k + 1; i < n; i++) {
      let s = S[i * n + k];
      for (let p = 0; p < k; p++) s -= S[i * n + p] * S[k * n + p];
      S[i * n + k] = s / l;
    }
  }
  return true;
}

const SOLVED = ['solved', 'trivial'];

// ---------------------------------------------------------------- enumeration

describe('Lemke 1965 / Cottle–Pang–Stone §4.4 Alg. 4.4.1 vs brute-force enumeration of the 2^n complementary bases', () => {
  const ws = new LemkeWorkspace(1);

  it('positive-definite M = AᵀA + εI (unique solution): z equals the enumerated one to 1e-9, n = 1..6', () => {
    const r = rng(1);
    let lemkeRuns = 0;
    for (let n = 1; n <= 6; n++) {
      for (let t = 0; t < 40; t++) {
        const M = gram(randn(r, n, n), n, n);
        for (let i = 0; i < n; i++) M[i * n + i] += 0.1;
        const q = Float64Array.from({ length: n }, () => 2 * r() - 1);
        const all = enumerate(n, M, q);
        expect(all.length).toBe(1);
        const { r: res, z, w } = solve(ws, n, M, q);
        expect(SOLVED).toContain(res.status);
        if (res.status === 'solved') lemkeRuns++;
        expect(maxDiff(z, all[0], n)).toBeLessThanOrEqual(1e-9);
        expectSolution(n, M, q, z, w);
      }
    }
    expect(lemkeRuns).toBeGreaterThan(200);
  });

  it('random P-matrices, most with an indefinite symmetric part (unique solution): z equals the enumerated one to 1e-9, n = 1..6', () => {
    const r = rng(2);
    let notPD = 0;
    for (let n = 1; n <= 6; n++) {
      let made = 0;
      while (made < 30) {
        // Two families, keeping only true P-matrices: (a) positive diagonal with a random non-symmetric
        // off-diagonal part; (b) lower-triangular with positive diagonal and large entries below it (a
        // P-matrix whose symmetric part is indefinite), perturbed everywhere.
        const M = new Float64Array(n * n);
        const triangular = made % 2 === 1;
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
          if (i === j) M[i * n + j] = 0.5 + r();
          else if (triangular) M[i * n + j] = (j < i ? 2 * gauss(r) : 0) + 0.3 * (2 * r() - 1);
          else M[i * n + j] = (1.6 / Math.sqrt(n)) * (2 * r() - 1);
        }
        if (!isPMatrix(n, M)) continue;
        made++;
        if (!symPartPD(n, M)) notPD++;
        const q = Float64Array.from({ length: n }, () => 2 * r() - 1);
        const all = enumerate(n, M, q);
        expect(all.length).toBe(1);
        const { r: res, z, w } = solve(ws, n, M, q);
        expect(SOLVED).toContain(res.status);
        expect(maxDiff(z, all[0], n)).toBeLessThanOrEqual(1e-9);
        expectSolution(n, M, q, z, w);
      }
    }
    // The family must really exercise P-matrices that are not positive definite.
    expect(notPD).toBeGreaterThan(60);
  });

  it('PSD M = AᵀA + S (rank-deficient A, skew S; copositive-plus, solutions not unique): Lemke returns a solution and enumeration finds it', () => {
    const r = rng(3);
    for (let n = 2; n <= 6; n++) {
      for (let t = 0; t < 30; t++) {
        const k = 1 + Math.floor(r() * (n - 1)); // rank k < n
        const M = gram(randn(r, k, n), k, n);
        for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
          const s = gauss(r);
          M[i * n + j] += s;
          M[j * n + i] -= s;
        }
        // q = w* − M z* for a complementary pair (z*, w*) ≥ 0, so the LCP is feasible.
        const zs = new Float64Array(n);
        const wsv = new Float64Array(n);
        for (let i = 0; i < n; i++) { if (r() < 0.5) zs[i] = r(); else wsv[i] = r(); }
        const Mz = mulAdd(n, M, zs, new Float64Array(n));
        const q = Float64Array.from({ length: n }, (_, i) => wsv[i] - Mz[i]);
        const { r: res, z, w } = solve(ws, n, M, q);
        expect(SOLVED).toContain(res.status);
        expectSolution(n, M, q, z, w);
        const all = enumerate(n, M, q);
        expect(all.some((e) => maxDiff(e, z, n) <= 1e-9)).toBe(true);
      }
    }
  });

  it('strictly copositive, non-PSD M (entrywise ≥ 0, positive diagonal; solutions may be several): a solution, found by enumeration too', () => {
    const r = rng(4);
    let several = 0;
    let indefinite = 0;
    for (let n = 2; n <= 6; n++) {
      for (let t = 0; t < 30; t++) {
        const M = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) M[i * n + j] = i === j ? 0.1 + r() : 3 * r();
        if (!symPartPD(n, M)) indefinite++;
        const q = Float64Array.from({ length: n }, () => 2 * r() - 1.3);
        const { r: res, z, w } = solve(ws, n, M, q);
        expect(SOLVED).toContain(res.status);
        expectSolution(n, M, q, z, w);
        const all = enumerate(n, M, q);
        if (all.length > 1) several++;
        expect(all.some((e) => maxDiff(e, z, n) <= 1e-9)).toBe(true);
      }
    }
    expect(indefinite).toBeGreaterThan(50);
    expect(several).toBeGreaterThan(10);
  });
});

// ---------------------------------------------------------------- degeneracy

describe('CPS §4.9 degenerate LCPs (zeros in q, repeated rows, ties in the ratio test) are still solved', () => {
  const ws = new LemkeWorkspace(4);

  it('q with zeros and equal negative entries, PD M: unique solution equals enumeration', () => {
    const r = rng(5);
    for (let n = 2; n <= 6; n++) {
      for (let t = 0; t < 20; t++) {
        const M = gram(randn(r, n, n), n, n);
        for (let i = 0; i < n; i++) M[i * n + i] += 0.1;
        const q = Float64Array.from({ length: n }, () => [0, 0, -1, 1][Math.floor(r() * 4)]);
        q[0] = -1; // at least one negative so Lemke runs
        const all = enumerate(n, M, q);
        expect(all.length).toBeGreaterThanOrEqual(1);
        const { r: res, z, w } = solve(ws, n, M, q);
        expect(res.status).toBe('solved');
        expectSolution(n, M, q, z, w);
        for (const e of all) expect(maxDiff(e, z, n)).toBeLessThanOrEqual(1e-9); // unique (PD), possibly listed more than once
      }
    }
  });

  it('repeated rows: frictionless duplicated contacts M = J Jᵀ (J has equal rows), q = J v with ties and zeros', () => {
    const r = rng(6);
    for (let t = 0; t < 40; t++) {
      const dof = 3;
      const base = randn(r, 3, dof);
      // 6 contacts: each of the 3 independent rows appears twice (redundant contacts, PSD rank 3).
      const n = 6;
      const J = new Float64Array(n * dof);
      for (let i = 0; i < n; i++) for (let c = 0; c < dof; c++) J[i * dof + c] = base[(i % 3) * dof + c];
      const M = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
        let s = 0;
        for (let c = 0; c < dof; c++) s += J[i * dof + c] * J[j * dof + c];
        M[i * n + j] = s;
      }
      const v = randn(r, dof, 1);
      const q = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let c = 0; c < dof; c++) q[i] += J[i * dof + c] * v[c];
      if (t % 4 === 0) { q[1] = 0; q[4] = 0; }
      const { r: res, z, w } = solve(ws, n, M, q);
      expect(SOLVED).toContain(res.status);
      expectSolution(n, M, q, z, w);
      expect(enumerate(n, M, q).some((e) => maxDiff(e, z, n) <= 1e-9)).toBe(true);
    }
  });

  it('box resting flat on a plane, 4 corner contacts with dependent normals (Stewart & Trinkle 1996 assume independent normals), all gaps 0: ties everywhere', () => {
    // Generalized velocity (vy, ωx, ωz) of a 1 kg, 0.2 m cube; contact i at corner (±0.1, −0.1, ±0.1), normal +y.
    // Normal Jacobian row: [1, r_z, −r_x] (vy + (ω × r)_y). M = J W Jᵀ, W = diag(1/m, 1/I, 1/I); q = −g h for all.
    const m = 1, I = m * (0.2 * 0.2 + 0.2 * 0.2) / 12, g = 9.81, h = 0.01;
    const corners = [[0.1, 0.1], [-0.1, 0.1], [-0.1, -0.1], [0.1, -0.1]];
    const J = corners.map(([x, zc]) => [1, zc, -x]);
    const W = [1 / m, 1 / I, 1 / I];
    const n = 4;
    const M = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) M[i * n + j] = J[i][0] * J[j][0] * W[0] + J[i][1] * J[j][1] * W[1] + J[i][2] * J[j][2] * W[2];
    const q = new Float64Array(n).fill(-g * h);
    const { r: res, z, w } = solve(ws, n, M, q);
    expect(res.status).toBe('solved');
    expectSolution(n, M, q, z, w, 1e-12);
    // Impulses are not unique, but the net impulse and moments are: Σ z = m g h, zero torque.
    let sum = 0, tx = 0, tz = 0;
    for (let i = 0; i < n; i++) { sum += z[i]; tx += z[i] * J[i][1]; tz += z[i] * J[i][2]; }
    expect(sum).toBeCloseTo(m * g * h, 13);
    expect(Math.abs(tx)).toBeLessThan(1e-14);
    expect(Math.abs(tz)).toBeLessThan(1e-14);
    expect(enumerate(n, M, q).some((e) => maxDiff(e, z, n) <= 1e-9)).toBe(true);
  });
});

// ---------------------------------------------------------------- cycling

describe('CPS §4.9: lexicographic minimum-ratio rule vs smallest-index tie-breaking on a cycling example', () => {
  // M is PSD (zᵀMz = (z₁+z₂+z₃)²) and a P-matrix (principal minors 1, 1, 1, 1, 1, 1, 9): the unique
  // solution is z = (1/3, 1/3, 1/3), w = 0. With q = −1 every ratio after the first pivot is 0 (degenerate).
  const n = 3;
  const M = [1, 2, 0, 0, 1, 2, 2, 0, 1];
  const q = [-1, -1, -1];
  // Basis encoding: i = w_i, 3 + i = z_i, 6 = z₀; basis[row].
  const key = (b: Int32Array) => Array.from(b.subarray(0, n)).join(',');

  it('the plain rule (ties → smallest row index) revisits a basis and cycles with period 6 until the pivot cap', () => {
    const ws = new LemkeWorkspace(n);
    const trace: string[] = [];
    const { r } = solve(ws, n, M, q, { degeneracyRule: 'smallest-index', maxPivots: 100, onPivot: (b) => trace.push(key(b)) });
    expect(r.status).toBe('pivot-limit');
    expect(r.pivots).toBe(100);
    // Same sequence as an exact rational-arithmetic run of the same rule.
    expect(trace.slice(0, 8)).toEqual(['6,1,2', '6,3,2', '6,4,2', '6,4,0', '6,5,0', '6,5,1', '6,3,1', '6,3,2']);
    for (let k = 1; k + 6 < trace.length; k++) expect(trace[k + 6]).toBe(trace[k]);
  });

  it('the lexicographic rule terminates in 4 pivots with the unique solution', () => {
    const ws = new LemkeWorkspace(n);
    const trace: string[] = [];
    const { r, z, w } = solve(ws, n, M, q, { onPivot: (b) => trace.push(key(b)) });
    expect(r.status).toBe('solved');
    expect(r.pivots).toBe(4);
    expect(trace).toEqual(['0,1,6', '5,1,6', '5,3,6', '5,3,4']);
    expect(new Set(trace).size).toBe(trace.length);
    for (let i = 0; i < n; i++) expect(z[i]).toBeCloseTo(1 / 3, 15);
    expectSolution(n, M, q, z, w, 1e-15);
  });
});

// ---------------------------------------------------------------- termination cases

describe('CPS §4.4 termination: secondary ray, pivot cap, trivial', () => {
  const ws = new LemkeWorkspace(2);

  it('M = [[-1]], q = [-1] has no solution (w = −z − 1 < 0): secondary-ray', () => {
    const { r } = solve(ws, 1, [-1], [-1]);
    expect(r.status).toBe('secondary-ray');
    expect(r.z0).toBeGreaterThan(0);
  });

  it('PSD (skew) M = [[0,-1],[1,0]], q = [-1, 0] is infeasible (w₁ = −z₂ − 1 < 0): secondary-ray', () => {
    const { r } = solve(ws, 2, [0, -1, 1, 0], [-1, 0]);
    expect(r.status).toBe('secondary-ray');
  });

  it('infeasible 3×3: rows force z₁ + z₂ ≤ −1: secondary-ray', () => {
    // w₁ = −z₁ − z₂ − 1 ≥ 0 is impossible for z ≥ 0; the other rows are harmless.
    const { r } = solve(ws, 3, [-1, -1, 0, 0, 1, 0, 0, 0, 1], [-1, -1, -1]);
    expect(r.status).toBe('secondary-ray');
  });

  it('pivot cap reached: pivot-limit', () => {
    const { r } = solve(ws, 3, [1, 2, 0, 0, 1, 2, 2, 0, 1], [-1, -1, -1], { maxPivots: 2 });
    expect(r.status).toBe('pivot-limit');
    expect(r.pivots).toBe(2);
  });

  it('q ≥ 0: trivial, z = 0, w = q, 0 pivots', () => {
    const { r, z, w } = solve(ws, 2, [-5, 1, 1, -5], [0, 2]);
    expect(r.status).toBe('trivial');
    expect(r.pivots).toBe(0);
    expect(Array.from(z)).toEqual([0, 0]);
    expect(Array.from(w)).toEqual([0, 2]);
  });

  it('a non-default covering vector gives the same unique solution (PD M)', () => {
    const r = rng(7);
    const n = 5;
    const M = gram(randn(r, n, n), n, n);
    for (let i = 0; i < n; i++) M[i * n + i] += 0.1;
    const q = Float64Array.from({ length: n }, () => 2 * r() - 1.5);
    const a = solve(ws, n, M, q);
    const b = solve(ws, n, M, q, { covering: [0.5, 2, 1, 3, 0.1] });
    expect(a.r.status).toBe('solved');
    expect(b.r.status).toBe('solved');
    expect(maxDiff(a.z, b.z, n)).toBeLessThanOrEqual(1e-12);
  });
});

// ---------------------------------------------------------------- Stewart–Trinkle

/**
 * Stewart & Trinkle 1996 eq. 17 for a particle of mass m on the plane y = 0 (y up):
 * generalized velocity v = (vx, vy, vz), normal n = (0, 1, 0), k = 4 friction directions
 * D = [+x, +z, −x, −z], e = 1₄. Unknowns z = [β₁..β₄, c_n, λ] (impulses N·s, λ in m/s):
 *
 *   N = [ DᵀD/m   Dᵀn/m   e ]      b = [ Dᵀ v_free          ]      v_free = v + h g
 *       [ nᵀD/m   nᵀn/m   0 ]          [ Φ/h + nᵀ v_free    ]
 *       [ −eᵀ     μ       0 ]          [ 0                  ]
 *
 * and afterwards v⁺ = v_free + (n c_n + D β)/m.
 */
function stewartTrinkleParticle(m: number, mu: number, h: number, v: number[], gap: number) {
  const g = [0, -9.81, 0];
  const nrm = [0, 1, 0];
  const D = [[1, 0, 0], [0, 0, 1], [-1, 0, 0], [0, 0, -1]];
  const k = 4;
  const size = k + 2;
  const vf = v.map((x, c) => x + h * g[c]);
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const N = new Float64Array(size * size);
  const b = new Float64Array(size);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) N[i * size + j] = dot(D[i], D[j]) / m;
    N[i * size + k] = dot(D[i], nrm) / m;
    N[i * size + k + 1] = 1;
    N[k * size + i] = dot(nrm, D[i]) / m;
    N[(k + 1) * size + i] = -1;
    b[i] = dot(D[i], vf);
  }
  N[k * size + k] = dot(nrm, nrm) / m;
  N[(k + 1) * size + k] = mu;
  b[k] = gap / h + dot(nrm, vf);
  const vPlus = (z: ArrayLike<number>) => vf.map((x, c) => {
    let s = x + (nrm[c] * z[k]) / m;
    for (let i = 0; i < k; i++) s += (D[i][c] * z[i]) / m;
    return s;
  });
  /** Friction impulse D β (N·s) `[3]`. */
  const friction = (z: ArrayLike<number>) => [0, 1, 2].map((c) => {
    let s = 0;
    for (let i = 0; i < k; i++) s += D[i][c] * z[i];
    return s;
  });
  return { N, b, size, vPlus, friction };
}

describe('Stewart–Trinkle 1996 eqs. 17–19: particle on a plane, k = 4 polyhedral friction cone', () => {
  const ws = new LemkeWorkspace(6);
  const m = 2, mu = 0.5, h = 0.01, g = 9.81;

  it('at rest: c_n = m g h, no friction impulse, v⁺ = 0', () => {
    const st = stewartTrinkleParticle(m, mu, h, [0, 0, 0], 0);
    const { r, z, w } = solve(ws, st.size, st.N, st.b);
    expect(r.status).toBe('solved');
    expectSolution(st.size, st.N, st.b, z, w, 1e-14);
    expect(z[4]).toBeCloseTo(m * g * h, 14);
    for (const f of st.friction(z)) expect(Math.abs(f)).toBeLessThan(1e-15);
    for (const x of st.vPlus(z)) expect(Math.abs(x)).toBeLessThan(1e-15);
    // Lemke's basic solution here has β = 0 and λ = 0 (β = (t, s, t, s) with Dβ = 0 would also solve it).
    for (let i = 0; i < 4; i++) expect(z[i]).toBe(0);
    expect(z[5]).toBe(0);
  });

  it('sliding along an edge (+x), v₀ > μ g h: β(−x) = μ m g h, others 0, λ = v₀ − μ g h = |v⁺|', () => {
    const v0 = 2;
    const st = stewartTrinkleParticle(m, mu, h, [v0, 0, 0], 0);
    const { r, z, w } = solve(ws, st.size, st.N, st.b);
    expect(r.status).toBe('solved');
    expectSolution(st.size, st.N, st.b, z, w, 1e-14);
    expect(z[4]).toBeCloseTo(m * g * h, 14);
    expect(z[2]).toBeCloseTo(mu * m * g * h, 14);
    expect(z[0]).toBe(0); expect(z[1]).toBe(0); expect(z[3]).toBe(0);
    expect(z[5]).toBeCloseTo(v0 - mu * g * h, 14);
    const vp = st.vPlus(z);
    expect(vp[0]).toBeCloseTo(v0 - mu * g * h, 14);
    expect(Math.abs(vp[1])).toBeLessThan(1e-15);
    expect(vp[2]).toBe(0);
  });

  it('sliding slowly (+x), v₀ < μ g h: the friction impulse −m v₀ stops it (inside the cone), λ = 0', () => {
    const v0 = 0.02; // μ g h = 0.04905
    const st = stewartTrinkleParticle(m, mu, h, [v0, 0, 0], 0);
    const { r, z, w } = solve(ws, st.size, st.N, st.b);
    expect(r.status).toBe('solved');
    expectSolution(st.size, st.N, st.b, z, w, 1e-14);
    expect(z[4]).toBeCloseTo(m * g * h, 14);
    const f = st.friction(z);
    expect(f[0]).toBeCloseTo(-m * v0, 14);
    expect(Math.abs(f[2])).toBeLessThan(1e-15);
    expect(z[0] + z[1] + z[2] + z[3]).toBeLessThan(mu * z[4]); // strictly inside the polyhedral cone
    for (const x of st.vPlus(z)) expect(Math.abs(x)).toBeLessThan(1e-15);
    expect(z[5]).toBeCloseTo(0, 15);
  });

  it('sliding at 20° off the +x edge: friction on the most opposed edge only (eq. 16), magnitude μ c_n; λ = max_j(−d_jᵀv⁺)', () => {
    const v0 = 2, th = (20 * Math.PI) / 180;
    const st = stewartTrinkleParticle(m, mu, h, [v0 * Math.cos(th), 0, v0 * Math.sin(th)], 0);
    const { r, z, w } = solve(ws, st.size, st.N, st.b);
    expect(r.status).toBe('solved');
    expectSolution(st.size, st.N, st.b, z, w, 1e-14);
    expect(z[4]).toBeCloseTo(m * g * h, 14);
    expect(z[2]).toBeCloseTo(mu * m * g * h, 14);
    expect(z[0]).toBe(0); expect(z[1]).toBe(0); expect(z[3]).toBe(0);
    const vp = st.vPlus(z);
    expect(vp[0]).toBeCloseTo(v0 * Math.cos(th) - mu * g * h, 14);
    expect(vp[2]).toBeCloseTo(v0 * Math.sin(th), 14);
    expect(z[5]).toBeCloseTo(vp[0], 14);
  });

  it('above the plane (gap so large the step cannot close it): c_n = 0, β = 0, v⁺ = v_free (λ is then not unique)', () => {
    const st = stewartTrinkleParticle(m, mu, h, [1, 0, -0.5], 0.5);
    const { r, z, w } = solve(ws, st.size, st.N, st.b);
    expect(r.status).toBe('solved');
    expectSolution(st.size, st.N, st.b, z, w, 1e-14);
    for (let i = 0; i < 5; i++) expect(z[i]).toBe(0);
    expect(z[5]).toBeGreaterThanOrEqual(1 - 1e-15); // λ ≥ max_j(−d_jᵀ v⁺) = 1
    const vp = st.vPlus(z);
    expect(vp).toEqual([1, -h * g, -0.5]);
  });
});

// ---------------------------------------------------------------- input errors

describe('bad input throws LcpInputError before anything is written', () => {
  const ws = new LemkeWorkspace(2);
  const z = new Float64Array(2);
  const w = new Float64Array(2);
  const sentinel = () => { z.fill(7); w.fill(7); };
  const untouched = () => {
    expect(Array.from(z)).toEqual([7, 7]);
    expect(Array.from(w)).toEqual([7, 7]);
    expect(ws.capacity).toBe(2);
  };
  function thrown(f: () => unknown): LcpInputError {
    try { f(); } catch (e) { if (e instanceof LcpInputError) return e; throw e; }
    throw new Error('did not throw');
  }

  it('n ≤ 0 or not an integer', () => {
    sentinel();
    for (const n of [0, -1, 1.5, NaN]) {
      const e = thrown(() => solveLemke(ws, n, [1], [1], z, w));
      expect(e).toBeInstanceOf(Error);
      expect(e.name).toBe('LcpInputError');
      expect(e.field).toBe('n');
      expect(Object.is(e.value, n)).toBe(true);
    }
    untouched();
  });

  it('NaN in M names the flat index and value', () => {
    sentinel();
    const e = thrown(() => solveLemke(ws, 2, [1, 0, 0, NaN], [-1, -1], z, w));
    expect(e.field).toBe('M');
    expect(e.index).toBe(3);
    expect(e.value).toBeNaN();
    expect(e.message).toContain('M[3]');
    untouched();
  });

  it('Infinity in q names the index and value; a larger n does not grow the workspace first', () => {
    sentinel();
    const e = thrown(() => solveLemke(ws, 3, new Float64Array(9).fill(1), [-1, Infinity, 0], new Float64Array(3), new Float64Array(3)));
    expect(e.field).toBe('q');
    expect(e.index).toBe(1);
    expect(e.value).toBe(Infinity);
    untouched();
  });

  it('short arrays, non-positive covering entries, bad active sets, bad pivot cap', () => {
    sentinel();
    expect(thrown(() => solveLemke(ws, 2, [1, 0, 0], [-1, -1], z, w)).field).toBe('M');
    expect(thrown(() => solveLemke(ws, 2, [1, 0, 0, 1], [-1, -1], z, w, { covering: [1, 0] })).index).toBe(1);
    expect(thrown(() => solveLemke(ws, 2, [1, 0, 0, 1], [-1, -1], z, w, { activeSet: [0, 2] })).field).toBe('activeSet');
    expect(thrown(() => solveLemke(ws, 2, [1, 0, 0, 1], [-1, -1], z, w, { activeSet: [1, 1] })).field).toBe('activeSet');
    expect(thrown(() => solveLemke(ws, 2, [1, 0, 0, 1], [-1, -1], z, w, { maxPivots: 0 })).field).toBe('maxPivots');
    untouched();
  });
});

// ---------------------------------------------------------------- warm start and workspace

describe('warm start from the previous active set, and the reusable workspace', () => {
  it('the correct active set as a guess: 0 pivots, same z', () => {
    const ws = new LemkeWorkspace(6);
    const r = rng(8);
    const act = new Int32Array(6);
    let tested = 0;
    for (let t = 0; t < 50; t++) {
      const n = 6;
      const M = gram(randn(r, n, n), n, n);
      for (let i = 0; i < n; i++) M[i * n + i] += 0.1;
      const q = Float64Array.from({ length: n }, () => 2 * r() - 1);
      const cold = solve(ws, n, M, q);
      if (cold.r.status !== 'solved') continue;
      tested++;
      expect(cold.r.pivots).toBeGreaterThan(0);
      const count = activeSetOf(cold.z, n, act);
      const warm = solve(ws, n, M, q, { activeSet: act, activeSetCount: count });
      expect(warm.r.status).toBe('solved');
      expect(warm.r.warmStarted).toBe(true);
      expect(warm.r.pivots).toBe(0);
      expect(maxDiff(warm.z, cold.z, n)).toBeLessThanOrEqual(1e-12);
      expectSolution(n, M, q, warm.z, warm.w, 1e-12);
    }
    expect(tested).toBeGreaterThan(40);
  });

  it('a wrong guess falls back to full Lemke with the same answer', () => {
    const ws = new LemkeWorkspace(6);
    const st = stewartTrinkleParticle(2, 0.5, 0.01, [2, 0, 0], 0);
    const cold = solve(ws, st.size, st.N, st.b);
    // Guess "sticking" (normal + the +x direction) for a sliding particle: infeasible, so (without
    // repairs) Lemke runs.
    const warm = solve(ws, st.size, st.N, st.b, { activeSet: [4, 0], maxWarmStartRepairs: 0 });
    expect(warm.r.warmStarted).toBe(false);
    expect(warm.r.pivots).toBe(cold.r.pivots);
    expect(maxDiff(warm.z, cold.z, st.size)).toBe(0);
    // With the default repairs, block principal pivoting exchanges the infeasible pairs (β(+x) leaves,
    // β(−x) and λ enter) and reaches the cold answer without a pivot.
    const repaired = solve(ws, st.size, st.N, st.b, { activeSet: [4, 0] });
    expect(repaired.r.warmStarted).toBe(true);
    expect(repaired.r.pivots).toBe(0);
    expect(repaired.r.repairs).toBeGreaterThanOrEqual(1);
    expect(maxDiff(repaired.z, cold.z, st.size)).toBeLessThanOrEqual(1e-15);
    // The right guess (β(−x), c_n, λ) is accepted.
    const right = solve(ws, st.size, st.N, st.b, { activeSet: [2, 4, 5] });
    expect(right.r.warmStarted).toBe(true);
    expect(right.r.pivots).toBe(0);
    expect(maxDiff(right.z, cold.z, st.size)).toBeLessThanOrEqual(1e-15);
  });

  const ws = new LemkeWorkspace(4);

  it('repairs (block principal pivoting, Kostreva 1978): random P-matrix LCPs, n = 4..12, from the support with 1–3 indices flipped, reach the enumerated solution to 1e-9 or fall back to Lemke', () => {
    const r = rng(7);
    let repaired = 0, tried = 0;
    for (let n = 4; n <= 12; n += 2) {
      let made = 0;
      while (made < 20) {
        const M = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) M[i * n + j] = i === j ? 0.5 + r() : (1.6 / Math.sqrt(n)) * (2 * r() - 1);
        if (n <= 8 && !isPMatrix(n, M)) continue;
        made++;
        const q = Float64Array.from({ length: n }, () => 2 * r() - 1);
        const cold = solve(ws, n, M, q);
        if (!SOLVED.includes(cold.r.status) || cold.r.status === 'trivial') continue;
        const exact = n <= 8 ? enumerate(n, M, q)[0] : cold.z;
        const inSet = Array.from({ length: n }, (_, i) => cold.z[i] > 0);
        const flips = 1 + Math.floor(3 * r());
        for (let f = 0; f < flips; f++) { const i = Math.floor(n * r()); inSet[i] = !inSet[i]; }
        const guess = inSet.flatMap((b, i) => (b ? [i] : []));
        if (guess.length === 0) continue;
        tried++;
        const warm = solve(ws, n, M, q, { activeSet: guess });
        expect(SOLVED).toContain(warm.r.status);
        expect(maxDiff(warm.z, exact, n)).toBeLessThanOrEqual(1e-9);
        expectSolution(n, M, q, warm.z, warm.w);
        if (warm.r.warmStarted && warm.r.repairs > 0) { repaired++; expect(warm.r.pivots).toBe(0); }
      }
    }
    // most wrong guesses are repaired without a pivot
    expect(repaired).toBeGreaterThan(tried / 2);
  });

  it('repairs: a box flat on 4 corner contacts (dependent normals), guessed with all 4 normals (singular M_BB): the dependent one leaves, the rest is a solution', () => {
    const m = 1, I = m * (0.2 * 0.2 + 0.2 * 0.2) / 12, g = 9.81, h = 0.01;
    const corners = [[0.1, 0.1], [-0.1, 0.1], [-0.1, -0.1], [0.1, -0.1]];
    const J = corners.map(([x, zc]) => [1, zc, -x]);
    const W = [1 / m, 1 / I, 1 / I];
    const n = 4;
    const M = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) M[i * n + j] = J[i][0] * J[j][0] * W[0] + J[i][1] * J[j][1] * W[1] + J[i][2] * J[j][2] * W[2];
    const q = new Float64Array(n).fill(-g * h);
    const { r: res, z, w } = solve(ws, n, M, q, { activeSet: [0, 1, 2, 3] });
    expect(res.status).toBe('solved');
    expect(res.warmStarted).toBe(true);
    expect(res.pivots).toBe(0);
    expectSolution(n, M, q, z, w, 1e-12);
    expect(z[3]).toBe(0); // the fourth column depends on the first three
    let sum = 0;
    for (let i = 0; i < n; i++) sum += z[i];
    expect(sum).toBeCloseTo(m * g * h, 13);
    // dropping dependent variables is part of every principal solve, not a repair round
    expect(res.repairs).toBe(0);
    const none = solve(ws, n, M, q, { activeSet: [0, 1, 2, 3], maxWarmStartRepairs: 0 });
    expect(none.r.warmStarted).toBe(true);
    expect(none.z[3]).toBe(0);
  });

  it('the workspace grows geometrically and is reused without reallocation once large enough', () => {
    const ws = new LemkeWorkspace(2);
    const M5 = new Float64Array(25);
    for (let i = 0; i < 5; i++) M5[i * 5 + i] = 1;
    solveLemke(ws, 5, M5, [-1, 2, -3, 0, 1], new Float64Array(5), new Float64Array(5));
    expect(ws.capacity).toBe(5); // max(n, 2·2)
    const M6 = new Float64Array(36);
    for (let i = 0; i < 6; i++) M6[i * 6 + i] = 2;
    const z = new Float64Array(6);
    const w = new Float64Array(6);
    solveLemke(ws, 6, M6, [-1, 2, -3, 0, 1, -4], z, w);
    expect(ws.capacity).toBe(10); // max(6, 2·5)
    expect(Array.from(z)).toEqual([0.5, 0, 1.5, 0, 0, 2]);
    const tableau = ws.tableau;
    const result = ws.result;
    for (let n = 1; n <= 10; n++) {
      const M = new Float64Array(n * n);
      for (let i = 0; i < n; i++) M[i * n + i] = 1;
      const res = solveLemke(ws, n, M, new Float64Array(n).fill(-1), new Float64Array(n), new Float64Array(n));
      expect(res).toBe(result);
      expect(res.status).toBe('solved');
    }
    expect(ws.tableau).toBe(tableau);
    expect(ws.capacity).toBe(10);
  });

  it('larger PSD problems (n = 40, duplicated contact rows) solve well under the default pivot cap with a small residual', () => {
    const ws = new LemkeWorkspace(8);
    const r = rng(9);
    for (let t = 0; t < 5; t++) {
      const n = 40, dof = 24;
      const J = randn(r, n, dof);
      for (let c = 0; c < dof; c++) J[(n - 1) * dof + c] = J[c]; // a repeated contact
      const M = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
        let s = 0;
        for (let c = 0; c < dof; c++) s += J[i * dof + c] * J[j * dof + c];
        M[i * n + j] = s;
      }
      const v = randn(r, dof, 1);
      const q = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let c = 0; c < dof; c++) q[i] += J[i * dof + c] * v[c];
      const { r: res, z, w } = solve(ws, n, M, q);
      expect(res.status).toBe('solved');
      expect(res.pivots).toBeLessThan(50 * n + 100);
      expectSolution(n, M, q, z, w, 1e-10);
    }
  });
});
