/**
 * Cholesky factorization A = L Lᵀ of a symmetric positive definite matrix stored by its envelope
 * (profile, "skyline") in rows, and the solve with the factor. Row i of the lower triangle is stored
 * from its first non-zero column `first[i]` to the diagonal, contiguously:
 *
 *     A[i][j] (first[i] ≤ j ≤ i) at values[offset[i] + j − first[i]],   offset[i + 1] = offset[i] + i − first[i] + 1.
 *
 * L has the same envelope as A (fill-in stays inside the profile; George & Liu 1981, ch. 4), so the
 * factor overwrites A in place. Work: Σᵢ (i − first[i] + 1)² / 2 multiply–adds for the factorization
 * (`envelopeFactorWork`), twice the envelope's size per solve. Only `Math.sqrt` is used, so results are
 * bit-identical in every JavaScript engine. Allocation: none (`envelopeFactorWork` returns through a
 * one-element array of its own; a solver's step calls `envelopeFactorWorkTo`).
 */

/** Multiply–adds of {@link factorEnvelope} for an envelope given by `first[0 .. n)` (≈ Σ row length² / 2). */
export function envelopeFactorWork(first: Int32Array, n: number): number {
  const out = new Float64Array(1);
  envelopeFactorWorkTo(first, n, out, 0);
  return out[0];
}

/** {@link envelopeFactorWork} written to `out[k]`: the form for a solver's step (a number returned from a call
 * V8 does not inline is boxed on the heap). */
export function envelopeFactorWorkTo(first: Int32Array, n: number, out: Float64Array, k: number): void {
  let work = 0;
  for (let i = 0; i < n; i++) {
    const len = i - first[i] + 1;
    work += 0.5 * len * len;
  }
  out[k] = work;
}

/**
 * Factors the envelope-stored matrix in place (see the file header). Returns false, leaving `values`
 * partly overwritten, when a pivot is not positive (the matrix is not positive definite to working
 * precision).
 * @param n the matrix's order
 * @param first `[n]` first stored column of each row (≤ the row's index)
 * @param offset `[n + 1]` start of each row in `values`
 * @param values `[offset[n]]` the lower triangle's envelope by rows; L on return
 */
export function factorEnvelope(n: number, first: Int32Array, offset: Int32Array, values: Float64Array): boolean {
  for (let i = 0; i < n; i++) {
    const fi = first[i], oi = offset[i] - fi;
    for (let j = fi; j <= i; j++) {
      const fj = first[j], oj = offset[j] - fj;
      let s = values[oi + j];
      for (let k = fi > fj ? fi : fj; k < j; k++) s -= values[oi + k] * values[oj + k];
      if (j < i) {
        values[oi + j] = s / values[oj + j];
      } else {
        if (!(s > 0)) return false;
        values[oi + i] = Math.sqrt(s);
      }
    }
  }
  return true;
}

/**
 * Solves L Lᵀ x = b in place in `x` (b on entry) with the factor of {@link factorEnvelope}.
 * @param x `[n]` right-hand side on entry, solution on return
 */
export function solveEnvelope(n: number, first: Int32Array, offset: Int32Array, values: Float64Array, x: Float64Array): void {
  // L y = b
  for (let i = 0; i < n; i++) {
    const fi = first[i], oi = offset[i] - fi;
    let s = x[i];
    for (let k = fi; k < i; k++) s -= values[oi + k] * x[k];
    x[i] = s / values[oi + i];
  }
  // Lᵀ x = y, by the rows of L (column sweeps of Lᵀ)
  for (let i = n - 1; i >= 0; i--) {
    const fi = first[i], oi = offset[i] - fi;
    const xi = x[i] / values[oi + i];
    x[i] = xi;
    for (let k = fi; k < i; k++) x[k] -= values[oi + k] * xi;
  }
}
