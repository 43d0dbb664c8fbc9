/**
 * Lemke's method (`systems/solve/lcp/lemke.ts`) under a budget, and its guards against round-off:
 * - the work count (`LemkeResult.work`: n·(2n + 2) per tableau, the entries each pivot touches, m³/3 + n²
 *   per principal solve) and the work cap `maxWork`, reached in a run or predicted before it;
 * - cycle detection (`cycled`): on CPS §4.9's cycling example, run with the smallest-index rule (which
 *   cycles with period 6, `lemke.test.ts`), the detection stops the run at the first repeated state;
 * - the sparse pivot: results on random PSD problems equal to a dense Gauss–Jordan reference of the same
 *   pivot sequence (the skipped updates are exact zeros).
 */
import { describe, expect, it } from 'vitest';
import { LcpInputError, LemkeWorkspace, solveLemke, type LemkeOptions } from '../../systems/solve/common/lemke';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A random contact-like PSD problem M = J Jᵀ (n rows over `dof` coordinates, rows sparse), q = J v. */
function contactLcp(seed: number, n: number, dof: number): { M: Float64Array; q: Float64Array } {
  const r = rng(seed);
  const J = new Float64Array(n * dof);
  for (let i = 0; i < n; i++) {
    // each row touches two bodies of 6 coordinates, like a contact between two bodies
    const bodies = dof / 6;
    const a = Math.floor(r() * bodies), b = (a + 1 + Math.floor(r() * (bodies - 1))) % bodies;
    for (const body of [a, b]) for (let k = 0; k < 6; k++) J[i * dof + 6 * body + k] = 2 * r() - 1;
  }
  const M = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let s = 0;
    for (let c = 0; c < dof; c++) s += J[i * dof + c] * J[j * dof + c];
    M[i * n + j] = s + (i === j ? 1e-3 : 0);
  }
  const v = new Float64Array(dof);
  for (let c = 0; c < dof; c++) v[c] = 2 * r() - 1;
  const q = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let c = 0; c < dof; c++) q[i] += J[i * dof + c] * v[c];
  return { M, q };
}

function run(n: number, M: ArrayLike<number>, q: ArrayLike<number>, opts?: LemkeOptions) {
  const z = new Float64Array(n), w = new Float64Array(n);
  const r = { ...solveLemke(new LemkeWorkspace(n), n, M, q, z, w, opts) };
  return { r, z, w };
}

describe('Lemke work count and work cap (maxWork)', () => {
  const n = 60;
  const { M, q } = contactLcp(3, n, 60);
  const full = run(n, M, q);
  let negatives = 0;
  for (let i = 0; i < n; i++) if (q[i] < 0) negatives++;

  it('a cold run counts at least its tableau n(2n + 2) plus the pivot rows, and solves', () => {
    expect(full.r.status).toBe('solved');
    expect(full.r.pivots).toBeGreaterThan(5);
    expect(full.r.work).toBeGreaterThan(n * (2 * n + 2) + full.r.pivots * (2 * n + 2));
    expect(full.r.work).toBeLessThan(n * (2 * n + 2) * (full.r.pivots + 2));
    expect(full.r.workLimited).toBe(false);
    expect(full.r.cycled).toBe(false);
  });

  it('trivial and accepted warm starts cost no tableau', () => {
    const t = run(n, M, new Float64Array(n).fill(1));
    expect(t.r.status).toBe('trivial');
    expect(t.r.work).toBe(0);
    // the warm start from the cold solution's support: one LU of the support with one refinement step,
    // m³/3 + 3m² + n²
    const support: number[] = [];
    for (let i = 0; i < n; i++) if (full.z[i] > 0) support.push(i);
    const m = support.length;
    const warm = run(n, M, q, { activeSet: support });
    expect(warm.r.warmStarted).toBe(true);
    expect(warm.r.repairs).toBe(0);
    expect(warm.r.work).toBeCloseTo(m ** 3 / 3 + 3 * m * m + n * n, 6);
  });

  it('a cap the predicted run exceeds stops before the tableau: pivot-limit, workLimited, 0 pivots, z = 0, w = q', () => {
    const predicted = n * (2 * n + 2) * (1 + negatives / 2);
    const s = run(n, M, q, { maxWork: predicted - 1 });
    expect(s.r.status).toBe('pivot-limit');
    expect(s.r.workLimited).toBe(true);
    expect(s.r.pivots).toBe(0);
    expect(s.r.work).toBe(0);
    for (let i = 0; i < n; i++) { expect(s.z[i]).toBe(0); expect(s.w[i]).toBe(q[i]); }
    // just enough for the prediction: it runs
    expect(run(n, M, q, { maxWork: predicted }).r.pivots).toBeGreaterThan(0);
  });

  it('a cap reached during the run stops it after that pivot; a larger one lets it finish', () => {
    // n = 1, M = [1], q = [−1]: tableau 1·4 = 4, predicted 4·(1 + 1/2) = 6; the first pivot (z₀ enters)
    // touches its row and column, 4 + 1 = 5, so the work is 9 ≥ 6 before the second pivot (z₁ enters, z₀
    // leaves: solved, z = 1).
    const stopped = run(1, [1], [-1], { maxWork: 6 });
    expect(stopped.r.status).toBe('pivot-limit');
    expect(stopped.r.workLimited).toBe(true);
    expect(stopped.r.pivots).toBe(1);
    expect(stopped.r.work).toBe(9);
    const done = run(1, [1], [-1], { maxWork: 100 });
    expect(done.r.status).toBe('solved');
    expect(done.r.pivots).toBe(2);
    expect(done.z[0]).toBe(1);
    // the large problem: a cap at its own work changes nothing
    const again = run(n, M, q, { maxWork: full.r.work });
    expect(again.r.status).toBe('solved');
    expect(Array.from(again.z)).toEqual(Array.from(full.z));
  });

  it('a cap that pays for the pivots but not the polish: solved from the tableau, at most n² past the cap', () => {
    const cap = full.r.work - 1;
    const s = run(n, M, q, { maxWork: cap });
    expect(s.r.status).toBe('solved');
    expect(s.r.pivots).toBe(full.r.pivots);
    expect(s.r.work).toBeLessThan(full.r.work); // the polish's LU was skipped…
    expect(s.r.work).toBeLessThanOrEqual(cap + n * n); // …and the check costs n²
    let diff = 0;
    for (let i = 0; i < n; i++) diff = Math.max(diff, Math.abs(s.z[i] - full.z[i]));
    expect(diff).toBeLessThan(1e-9);
  });

  it('maxWork must be > 0', () => {
    for (const bad of [0, -1, Number.NaN]) {
      let e: unknown;
      try { run(2, [1, 0, 0, 1], [-1, -1], { maxWork: bad }); } catch (x) { e = x; }
      expect(e).toBeInstanceOf(LcpInputError);
      expect((e as LcpInputError).field).toBe('maxWork');
    }
  });
});

describe('Lemke cycle detection', () => {
  // CPS §4.9 (as in lemke.test.ts): with ties broken by the smallest row index the path cycles with
  // period 6 from pivot 1 (the basis sequence is asserted there).
  const n = 3;
  const M = [1, 2, 0, 0, 1, 2, 2, 0, 1];
  const q = [-1, -1, -1];

  it('stops the cycling smallest-index rule at the first repeated state (pivot 7), not at the cap', () => {
    const off = run(n, M, q, { degeneracyRule: 'smallest-index', maxPivots: 100 });
    expect(off.r.pivots).toBe(100);
    expect(off.r.cycled).toBe(false);
    const on = run(n, M, q, { degeneracyRule: 'smallest-index', maxPivots: 100, detectCycles: true });
    expect(on.r.status).toBe('pivot-limit');
    expect(on.r.cycled).toBe(true);
    expect(on.r.pivots).toBe(7);
  });

  it('never fires on the lexicographic rule\'s own paths (random contact LCPs, n = 20..80)', () => {
    for (let t = 0; t < 12; t++) {
      const nn = 20 + 5 * t;
      const { M: Mt, q: qt } = contactLcp(100 + t, nn, 48);
      const s = run(nn, Mt, qt);
      expect(s.r.status).toBe('solved');
      expect(s.r.cycled).toBe(false);
    }
  });
});

describe('the sparse pivot', () => {
  /** Dense reference: the same Lemke run on a dense tableau, replaying the pivot sequence of `basisTrace`. */
  function denseReplay(n: number, M: ArrayLike<number>, q: ArrayLike<number>, rows: number[], cols: number[]): Float64Array {
    const stride = 2 * n + 2;
    const T = new Float64Array(n * stride);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) T[i * stride + n + j] = -M[i * n + j];
      T[i * stride + i] = 1;
      T[i * stride + 2 * n] = -1;
      T[i * stride + 2 * n + 1] = q[i];
    }
    for (let p = 0; p < rows.length; p++) {
      const r = rows[p], c = cols[p], rr = r * stride, inv = 1 / T[rr + c];
      for (let k = 0; k < stride; k++) T[rr + k] *= inv;
      T[rr + c] = 1;
      for (let i = 0; i < n; i++) {
        if (i === r) continue;
        const f = T[i * stride + c];
        if (f === 0) continue;
        for (let k = 0; k < stride; k++) T[i * stride + k] -= f * T[rr + k];
        T[i * stride + c] = 0;
      }
      for (let i = 0; i < n; i++) if (T[i * stride + 2 * n + 1] < 0) T[i * stride + 2 * n + 1] = 0;
    }
    return T;
  }

  it('gives the dense update\'s tableau entry for entry (random contact LCPs)', () => {
    for (let t = 0; t < 4; t++) {
      const n = 30;
      const { M, q } = contactLcp(200 + t, n, 36);
      const ws = new LemkeWorkspace(n);
      const rows: number[] = [], cols: number[] = [];
      let prev = Array.from({ length: n }, (_, i) => i);
      const z = new Float64Array(n), w = new Float64Array(n);
      const res = solveLemke(ws, n, M, q, z, w, {
        onPivot: (basis) => {
          for (let i = 0; i < n; i++) if (basis[i] !== prev[i]) { rows.push(i); cols.push(basis[i]); }
          prev = Array.from(basis.subarray(0, n));
        },
      });
      expect(res.status).toBe('solved');
      expect(rows.length).toBe(res.pivots);
      const dense = denseReplay(n, M, q, rows, cols);
      const T = ws.tableau, stride = 2 * n + 2;
      let worst = 0;
      for (let i = 0; i < n * stride; i++) worst = Math.max(worst, Math.abs(T[i] - dense[i]));
      expect(worst).toBe(0);
    }
  });
});
