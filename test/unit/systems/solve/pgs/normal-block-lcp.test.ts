/**
 * The normal-block LCP (`systems/solve/pgs/normal-block-lcp.ts`) on a rank-3 block of four points whose
 * targets are inconsistent: the block measured in the relaxation sweep where a thin box (699 kg, half
 * extents 0.126 × 1.372 × 0.089 m) came down on one end with three nearly collinear contact points there
 * and one at its other end (points 1 and 2 speculative, targets s/h = 12.4 and 50.5 m/s). The solution
 * of the full set with the dependent row left out pushed the dependent point (x = 1.3e6 N·s) while it
 * separated at 5754 m/s; the box left at 1368 m/s. Checked against the LCP's own conditions and against
 * a brute force over all 16 active sets (the velocities y = M x + q of a symmetric positive semidefinite
 * LCP are the same for all its solutions).
 */
import { describe, expect, it } from 'vitest';
import { createNormalBlockLcp, solveBlockLcp } from '../../../../../systems/solve/pgs/normal-block-lcp';

const M = [
  0.005564990788858058, 0.005433485073023936, 0.005775676507702005, -0.0027829404628263946,
  0.005433485073023936, 0.009283611109694405, 0.001984306795404752, -0.002973202503033732,
  0.005775676507702005, 0.001984306795404752, 0.009352414354425855, -0.002699814313087113,
  -0.0027829404628263946, -0.002973202503033732, -0.002699814313087113, 0.005751306682335938,
];
const q = [0.17265838797385932, 17.064330179016224, 46.53490295065348, -0.04549682922927667];
const lam = [56.26241942481683, 0, 0, 34.12772324402195];

function y(x: ArrayLike<number>): number[] {
  return [0, 1, 2, 3].map((i) => q[i] + M[4 * i] * x[0] + M[4 * i + 1] * x[1] + M[4 * i + 2] * x[2] + M[4 * i + 3] * x[3]);
}

/** Brute force: every active set solved by Gaussian elimination (singular sets skipped). */
function bruteForce(): number[] | undefined {
  for (let mask = 1; mask < 16; mask++) {
    const idx = [0, 1, 2, 3].filter((i) => (mask >> i & 1) === 1);
    const n = idx.length;
    const a = idx.map((i) => [...idx.map((j) => M[4 * i + j]), -q[i]]);
    let singular = false;
    for (let c = 0; c < n && !singular; c++) {
      let p = c;
      for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
      if (Math.abs(a[p][c]) < 1e-9 * Math.abs(M[5 * idx[c]])) { singular = true; break; }
      [a[c], a[p]] = [a[p], a[c]];
      for (let r = 0; r < n; r++) {
        if (r === c) continue;
        const f = a[r][c] / a[c][c];
        for (let k = c; k <= n; k++) a[r][k] -= f * a[c][k];
      }
    }
    if (singular) continue;
    const x = [0, 0, 0, 0];
    idx.forEach((i, r) => { x[i] = a[r][n] / a[r][r]; });
    const yy = y(x);
    if (x.every((v) => v >= -1e-9) && yy.every((v, i) => (mask >> i & 1) === 1 || v >= -1e-9)) return x;
  }
  return undefined;
}

describe('normal-block LCP: a dependent row whose target is inconsistent', () => {
  it('is solved as an LCP: x ≥ 0, y ≥ 0, xᵢyᵢ = 0, no push of 1e6 N·s; velocities as the brute force', () => {
    const s = createNormalBlockLcp();
    s.M.set(M); s.q.set(q); s.lam.set(lam);
    expect(solveBlockLcp(s, 4)).toBe(true);
    const x = Array.from(s.x);
    const yy = y(x);
    for (let i = 0; i < 4; i++) {
      expect(x[i]).toBeGreaterThanOrEqual(0);
      expect(yy[i]).toBeGreaterThanOrEqual(-1e-9);
      expect(Math.abs(x[i] * yy[i])).toBeLessThanOrEqual(1e-9);
    }
    // before: x = [2.2e5, 2.5e5, 1.9e5, 1.3e6] with y₃ = 5754 m/s
    expect(Math.max(...x)).toBeLessThan(100);
    const ref = bruteForce();
    expect(ref).toBeDefined();
    const yr = y(ref!);
    for (let i = 0; i < 4; i++) expect(yy[i]).toBeCloseTo(yr[i], 9);
  });

  it('a consistent rank-3 face (equal targets) keeps the split closest to the impulses before', () => {
    // four corners of a square face under a unit cube, normal +y: rows J_i = [n, p_i × n], unit mass and
    // inertia: M_ij = 1 + (p_i × n)·(p_j × n) with p_i = (±0.5, 0, ±0.5)
    const p = [[0.5, 0.5], [-0.5, 0.5], [-0.5, -0.5], [0.5, -0.5]];
    const s = createNormalBlockLcp();
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) s.M[4 * i + j] = 1 + p[i][0] * p[j][0] + p[i][1] * p[j][1];
      s.q[i] = -1;
      s.lam[i] = 0;
    }
    expect(solveBlockLcp(s, 4)).toBe(true);
    const x = Array.from(s.x);
    for (let i = 0; i < 4; i++) expect(x[i]).toBeCloseTo(0.25, 12);
  });
});
