/**
 * The envelope Cholesky factorization (`math/envelope-cholesky.ts`) against a dense solve: random
 * symmetric positive definite matrices with a random envelope, stored by rows, solved and checked by
 * the residual ‖A x − b‖ and against Gaussian elimination with partial pivoting on the dense matrix.
 */
import { describe, expect, it } from 'vitest';
import { envelopeFactorWork, factorEnvelope, solveEnvelope } from '../../../math/envelope-cholesky';
import { createRandom } from '../../../scenes/prng';


/** A random symmetric, strictly diagonally dominant (so positive definite) matrix whose row i is zero left
 * of first[i]. */
function randomEnvelopeMatrix(n: number, rand: () => number): { A: number[][]; first: Int32Array } {
  const first = new Int32Array(n);
  for (let i = 0; i < n; i++) first[i] = Math.max(0, i - Math.floor(rand() * 6));
  const A = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = first[i]; j < i; j++) { const v = rand() * 2 - 1; A[i][j] = v; A[j][i] = v; }
  }
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) if (j !== i) s += Math.abs(A[i][j]);
    A[i][i] = s + 0.1 + rand();
  }
  return { A, first };
}

function denseSolve(A: number[][], b: number[]): number[] {
  const n = b.length, M = A.map((r, i) => [...r, b[i]]);
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(M[i][k]) > Math.abs(M[p][k])) p = i;
    [M[k], M[p]] = [M[p], M[k]];
    for (let i = k + 1; i < n; i++) {
      const f = M[i][k] / M[k][k];
      for (let j = k; j <= n; j++) M[i][j] -= f * M[k][j];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = M[i][n];
    for (let j = i + 1; j < n; j++) s -= M[i][j] * x[j];
    x[i] = s / M[i][i];
  }
  return x;
}

function store(A: number[][], first: Int32Array): { offset: Int32Array; values: Float64Array } {
  const n = A.length, offset = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offset[i + 1] = offset[i] + i - first[i] + 1;
  const values = new Float64Array(offset[n]);
  for (let i = 0; i < n; i++) for (let j = first[i]; j <= i; j++) values[offset[i] + j - first[i]] = A[i][j];
  return { offset, values };
}

describe('envelope Cholesky', () => {
  it('solves random SPD envelope systems as the dense solve does (residual and solution to 1e-12)', () => {
    const rand = createRandom(7);
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + Math.floor(rand() * 60);
      const { A, first } = randomEnvelopeMatrix(n, rand);
      const { offset, values } = store(A, first);
      const b = Array.from({ length: n }, () => rand() * 2 - 1);
      expect(factorEnvelope(n, first, offset, values)).toBe(true);
      const x = Float64Array.from(b);
      solveEnvelope(n, first, offset, values, x);
      const ref = denseSolve(A, b);
      let scale = 0;
      for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(ref[i]));
      for (let i = 0; i < n; i++) {
        expect(Math.abs(x[i] - ref[i])).toBeLessThan(1e-12 * Math.max(1, scale));
        let r = -b[i];
        for (let j = 0; j < n; j++) r += A[i][j] * x[j];
        expect(Math.abs(r)).toBeLessThan(1e-12);
      }
    }
  });

  it('reports a matrix that is not positive definite', () => {
    const A = [[1, 2], [2, 1]], first = new Int32Array([0, 0]);
    const { offset, values } = store(A, first);
    expect(factorEnvelope(2, first, offset, values)).toBe(false);
  });

  it('counts the factorization work as Σ row length² / 2', () => {
    const n = 10, full = new Int32Array(n), diag = Int32Array.from({ length: n }, (_, i) => i);
    let expected = 0;
    for (let i = 0; i < n; i++) expected += 0.5 * (i + 1) * (i + 1);
    expect(envelopeFactorWork(full, n)).toBe(expected);
    expect(envelopeFactorWork(diag, n)).toBe(0.5 * n);
  });
});
