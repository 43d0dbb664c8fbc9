/**
 * Lemke on LCPs captured from the Stewart–Trinkle solver that once went wrong (fixtures in `fixtures/`).
 *
 * `lemke-capsule-wall-n40.json`: one island of `stewart-trinkle-properties.test.ts` (seed 3, step 69, with
 * the exact rotation map in `quatIntegrate`): a capsule sliding at about 1.4 m/s on the floor and against
 * a wall, 4 contacts, k = 8, n = 40. With a pivot tolerance of 1e-12 (the former default), the ratio test
 * accepted a 1.1e-10 entry of an O(1) column whose row held −1.5e-10 (round-off of a zero): the tie test
 * counts that row as degenerate (rhs ≈ 0), but its ratio is −1.28, a backward step that made the tableau
 * infeasible. The polish then failed and the unchecked tableau values were returned as `solved`
 * (w_n = −0.0275 m/s, λ = 1.9e8). Lemke must solve it, and must never report `solved` for a z that does
 * not satisfy w = N z + b ≥ 0, z ≥ 0, zᵀw = 0.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LemkeWorkspace, solveLemke, type LemkeOptions } from '../../systems/solve/common/lemke';

interface Fixture { n: number; N: number[]; b: number[]; activeSet: number[] }

function load(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Fixture;
}

/** Largest violation of complementarity, with w recomputed from N and b (not Lemke's own w). */
function violation(f: Fixture, z: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < f.n; i++) {
    let w = f.b[i];
    for (let j = 0; j < f.n; j++) w += f.N[i * f.n + j] * z[j];
    worst = Math.max(worst, -z[i], -w, Math.min(z[i], Math.abs(w)));
  }
  return worst;
}

function run(f: Fixture, options: LemkeOptions) {
  const z = new Float64Array(f.n), w = new Float64Array(f.n);
  const r = solveLemke(new LemkeWorkspace(4), f.n, f.N, f.b, z, w, options);
  return { status: r.status, warm: r.warmStarted, z };
}

describe('Lemke on captured Stewart–Trinkle LCPs (fixtures)', () => {
  const f = load('lemke-capsule-wall-n40.json');

  it('capsule against floor and wall (n = 40): solved cold, complementary to 1e-12', () => {
    expect(f.N.length).toBe(f.n * f.n);
    const r = run(f, { maxPivots: 4 * f.n + 100 });
    expect(r.status).toBe('solved');
    expect(violation(f, r.z)).toBeLessThanOrEqual(1e-12);
  });

  it('capsule against floor and wall (n = 40): with the solver\'s (wrong) warm-start guess, solved, complementary to 1e-12', () => {
    const r = run(f, { maxPivots: 4 * f.n + 100, activeSet: f.activeSet });
    expect(r.warm).toBe(false); // the guess is not a solution: Lemke runs from scratch
    expect(r.status).toBe('solved');
    expect(violation(f, r.z)).toBeLessThanOrEqual(1e-12);
  });

  it('never reports solved for a result that fails the residual check (pivot tolerance 1e-12 ruins this tableau)', () => {
    for (const pivotTolerance of [1e-12, 1e-11, 1e-10, 1e-9]) {
      const r = run(f, { maxPivots: 4 * f.n + 100, pivotTolerance });
      if (r.status === 'solved') expect(violation(f, r.z)).toBeLessThanOrEqual(1e-9);
      else expect(r.status).toBe('inaccurate');
    }
    expect(run(f, { maxPivots: 4 * f.n + 100, pivotTolerance: 1e-12 }).status).toBe('inaccurate');
  });
});
