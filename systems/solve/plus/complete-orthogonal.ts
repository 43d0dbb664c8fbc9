/**
 * Minimum-norm least-squares solution x = M⁺ w of a dense square system by a complete orthogonal
 * factorization, the method the paper names for PLUS (§3a, "a complete orthogonal factorization",
 * Golub & Van Loan §5.4.2; LAPACK xGELSY). Allocation-free on a growable scratch.
 *
 *   1. Householder QR with column pivoting:  M P = Q [R11 R12; 0 R22], columns chosen by largest
 *      remaining norm; the rank r is the first j with |R_jj| ≤ rankTolerance · |R_00| (R22 ≈ 0).
 *      The reflectors are applied to w on the fly, c = Qᵀ w (Q itself is never stored).
 *   2. If r < n, an RZ factorization from the right: [R11 R12] = [T 0] Z, Z orthogonal (r Householder
 *      reflectors, each acting on coordinates {i} ∪ {r, …, n−1}).
 *   3. x = P Zᵀ [T⁻¹ c_1..r ; 0].
 *
 * For a consistent system this is THE minimum-norm solution; otherwise the minimum-norm least-squares
 * compromise (the same B⁺w as an SVD with the same rank, up to the rank decision, which column-pivoted
 * QR makes from |R_jj| instead of singular values).
 * Layout: M row-major `[n × n]`, not modified; w, x `[n]`. Cost ≈ (4/3) n³ (+ 2 r (n − r) n for RZ).
 */

export interface CodScratch {
  capacity: number;
  /** `[n²]` working copy of M. */
  a: Float64Array;
  /** `[n]` c = Qᵀw, Householder vector, column norms (current and reference), y, permutation. */
  c: Float64Array;
  v: Float64Array;
  norms: Float64Array;
  norms0: Float64Array;
  y: Float64Array;
  perm: Int32Array;
  /** `[n]` RZ reflectors: the pivot component and β = 2/(vᵀv) of reflector i (the rest stays in a). */
  zv0: Float64Array;
  zbeta: Float64Array;
}

export function createCodScratch(): CodScratch {
  return {
    capacity: 0, a: new Float64Array(0), c: new Float64Array(0), v: new Float64Array(0),
    norms: new Float64Array(0), norms0: new Float64Array(0), y: new Float64Array(0), perm: new Int32Array(0),
    zv0: new Float64Array(0), zbeta: new Float64Array(0),
  };
}

function ensure(s: CodScratch, n: number): void {
  if (n <= s.capacity) return;
  let c = Math.max(16, s.capacity);
  while (c < n) c *= 2;
  s.a = new Float64Array(c * c);
  s.c = new Float64Array(c);
  s.v = new Float64Array(c);
  s.norms = new Float64Array(c);
  s.norms0 = new Float64Array(c);
  s.y = new Float64Array(c);
  s.perm = new Int32Array(c);
  s.zv0 = new Float64Array(c);
  s.zbeta = new Float64Array(c);
  s.capacity = c;
}

/**
 * Writes x = M⁺ w (`out[0..n)`) and returns the numerical rank r.
 * @param M row-major n × n (unchanged)
 * @param w right-hand side `[n]` (unchanged)
 * @param rankTolerance relative: |R_jj| ≤ rankTolerance · |R_00| ends the factorization (e.g. 1e-10)
 */
export function codSolve(
  s: CodScratch, M: ArrayLike<number>, n: number, w: ArrayLike<number>, out: Float64Array, rankTolerance: number,
): number {
  ensure(s, n);
  const a = s.a, c = s.c, v = s.v, norms = s.norms, norms0 = s.norms0, perm = s.perm;
  for (let i = 0; i < n * n; i++) a[i] = M[i];
  for (let i = 0; i < n; i++) {
    c[i] = w[i];
    perm[i] = i;
    let sum = 0;
    for (let r = 0; r < n; r++) sum += a[r * n + i] * a[r * n + i];
    norms[i] = sum;
    norms0[i] = sum;
  }
  // ---- 1. QR with column pivoting ----
  let rank = 0, r00 = 0;
  for (let j = 0; j < n; j++) {
    let p = j, best = norms[j];
    for (let col = j + 1; col < n; col++) if (norms[col] > best) { best = norms[col]; p = col; }
    const colNorm = Math.sqrt(best);
    if (j === 0) r00 = colNorm;
    if (!(colNorm > rankTolerance * r00) || !(colNorm > 0)) break;
    if (p !== j) {
      for (let r = 0; r < n; r++) { const t = a[r * n + j]; a[r * n + j] = a[r * n + p]; a[r * n + p] = t; }
      let t = norms[j]; norms[j] = norms[p]; norms[p] = t;
      t = norms0[j]; norms0[j] = norms0[p]; norms0[p] = t;
      const ti = perm[j]; perm[j] = perm[p]; perm[p] = ti;
    }
    // reflector for a[j.., j]
    let xn = 0;
    for (let r = j; r < n; r++) xn += a[r * n + j] * a[r * n + j];
    xn = Math.sqrt(xn);
    const x0 = a[j * n + j];
    const alpha = x0 > 0 ? -xn : xn;
    let vtv = 0;
    for (let r = j; r < n; r++) { const vr = r === j ? x0 - alpha : a[r * n + j]; v[r] = vr; vtv += vr * vr; }
    if (vtv > 0) {
      const beta = 2 / vtv;
      for (let col = j + 1; col < n; col++) {
        let sum = 0;
        for (let r = j; r < n; r++) sum += v[r] * a[r * n + col];
        const f = beta * sum;
        if (f !== 0) for (let r = j; r < n; r++) a[r * n + col] -= f * v[r];
      }
      let sum = 0;
      for (let r = j; r < n; r++) sum += v[r] * c[r];
      const f = beta * sum;
      for (let r = j; r < n; r++) c[r] -= f * v[r];
    }
    a[j * n + j] = alpha;
    for (let r = j + 1; r < n; r++) a[r * n + j] = 0;
    // downdate the remaining column norms (recompute when cancellation makes them unreliable)
    for (let col = j + 1; col < n; col++) {
      const e = a[j * n + col];
      let nn = norms[col] - e * e;
      if (!(nn > 1e-8 * norms0[col])) {
        nn = 0;
        for (let r = j + 1; r < n; r++) nn += a[r * n + col] * a[r * n + col];
        norms0[col] = nn;
      }
      norms[col] = nn;
    }
    rank = j + 1;
  }
  // ---- 2. RZ: [R11 R12] = [T 0] Z (rows 0..rank−1) ----
  if (rank < n) {
    for (let i = rank - 1; i >= 0; i--) {
      let xn = a[i * n + i] * a[i * n + i];
      for (let col = rank; col < n; col++) xn += a[i * n + col] * a[i * n + col];
      xn = Math.sqrt(xn);
      const x0 = a[i * n + i];
      const alpha = x0 > 0 ? -xn : xn;
      const v0 = x0 - alpha;
      let vtv = v0 * v0;
      for (let col = rank; col < n; col++) vtv += a[i * n + col] * a[i * n + col];
      const beta = vtv > 0 ? 2 / vtv : 0;
      // apply from the right to rows 0..i−1 (row i becomes (alpha, 0, …, 0) and then stores v)
      for (let k = 0; k < i; k++) {
        let sum = v0 * a[k * n + i];
        for (let col = rank; col < n; col++) sum += a[i * n + col] * a[k * n + col];
        const f = beta * sum;
        if (f === 0) continue;
        a[k * n + i] -= f * v0;
        for (let col = rank; col < n; col++) a[k * n + col] -= f * a[i * n + col];
      }
      a[i * n + i] = alpha;
      s.zv0[i] = v0;
      s.zbeta[i] = beta;
      // v's tail (coordinates rank..n−1) stays in a[i, rank..n−1]
    }
  }
  // ---- 3. y = [T⁻¹ c_1..r ; 0], x = P Zᵀ y ----
  const y = s.y;
  for (let i = n - 1; i >= 0; i--) {
    if (i >= rank) { y[i] = 0; continue; }
    let sum = c[i];
    for (let col = i + 1; col < rank; col++) sum -= a[i * n + col] * y[col];
    y[i] = sum / a[i * n + i];
  }
  if (rank < n) {
    // Zᵀ = H_{r−1} ⋯ H_0: apply H_0 first
    for (let i = 0; i < rank; i++) {
      const beta = s.zbeta[i];
      if (beta === 0) continue;
      const v0 = s.zv0[i];
      let sum = v0 * y[i];
      for (let col = rank; col < n; col++) sum += a[i * n + col] * y[col];
      const f = beta * sum;
      y[i] -= f * v0;
      for (let col = rank; col < n; col++) y[col] -= f * a[i * n + col];
    }
  }
  for (let j = 0; j < n; j++) out[perm[j]] = y[j];
  return rank;
}
