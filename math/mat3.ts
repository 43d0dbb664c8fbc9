/**
 * 3×3 matrix helpers over `(array, offset)`, row-major, stride 9: m[o + 3 r + c].
 */

/** `out[oo..] = m v`. `out` may alias `v`. */
export function mat3MulVec(
  out: Float64Array | number[], oo: number,
  m: ArrayLike<number>, mo: number,
  v: ArrayLike<number>, vo: number,
): void {
  const x = v[vo], y = v[vo + 1], z = v[vo + 2];
  out[oo] = m[mo] * x + m[mo + 1] * y + m[mo + 2] * z;
  out[oo + 1] = m[mo + 3] * x + m[mo + 4] * y + m[mo + 5] * z;
  out[oo + 2] = m[mo + 6] * x + m[mo + 7] * y + m[mo + 8] * z;
}

/**
 * World-frame inverse inertia from the body-frame diagonal inverse inertia `d[do..]` (principal axes
 * along the body axes) and the rotation matrix `r[ro..]`: I⁻¹_world = R diag(d) Rᵀ. Writes 9 numbers.
 */
export function rotateDiagonalInertia(
  out: Float64Array, oo: number,
  r: ArrayLike<number>, ro: number,
  d: ArrayLike<number>, dO: number,
): void {
  const d0 = d[dO], d1 = d[dO + 1], d2 = d[dO + 2];
  for (let i = 0; i < 3; i++) {
    const ri0 = r[ro + 3 * i], ri1 = r[ro + 3 * i + 1], ri2 = r[ro + 3 * i + 2];
    for (let j = i; j < 3; j++) {
      const v = ri0 * d0 * r[ro + 3 * j] + ri1 * d1 * r[ro + 3 * j + 1] + ri2 * d2 * r[ro + 3 * j + 2];
      out[oo + 3 * i + j] = v;
      out[oo + 3 * j + i] = v;
    }
  }
}

/**
 * `out[oo..] = R M Rᵀ` for the rotation matrix `r[ro..]` and the symmetric 3×3 matrix `m[mo..]` (a world
 * inverse inertia turned with its body; the result is symmetric). Writes 9 numbers; `out` must not alias `m`.
 */
export function rotateSymmetric(
  out: Float64Array, oo: number,
  r: ArrayLike<number>, ro: number,
  m: ArrayLike<number>, mo: number,
): void {
  // (R M Rᵀ)_jk = Σ_lm R_jl M_lm R_km
  for (let j = 0; j < 3; j++) {
    for (let k = j; k < 3; k++) {
      let x = 0;
      for (let l = 0; l < 3; l++) x += r[ro + 3 * j + l] * (m[mo + 3 * l] * r[ro + 3 * k] + m[mo + 3 * l + 1] * r[ro + 3 * k + 1] + m[mo + 3 * l + 2] * r[ro + 3 * k + 2]);
      out[oo + 3 * j + k] = x;
      out[oo + 3 * k + j] = x;
    }
  }
}

/**
 * `out[oo..] = (M + add·𝟙)⁻¹` for the symmetric 3×3 matrix M at `m[mo..]` (only its upper triangle
 * m00 m01 m02 m11 m12 m22 is read), by cofactors. Returns false and writes nothing when
 * |det| ≤ relTol · (|a| + |d| + |f|)³ (a, d, f the shifted diagonal; relTol 0: only det = 0 or NaN).
 * `out` may alias `m`.
 */
export function mat3InvertSymmetric(
  out: Float64Array | number[], oo: number, m: ArrayLike<number>, mo: number, add = 0, relTol = 0,
): boolean {
  const a = m[mo] + add, b = m[mo + 1], c = m[mo + 2];
  const d = m[mo + 4] + add, e = m[mo + 5];
  const f = m[mo + 8] + add;
  const c00 = d * f - e * e, c01 = c * e - b * f, c02 = b * e - c * d;
  const det = a * c00 + b * c01 + c * c02;
  const scale = Math.abs(a) + Math.abs(d) + Math.abs(f);
  if (!(Math.abs(det) > relTol * scale * scale * scale)) return false;
  const id = 1 / det;
  out[oo] = c00 * id; out[oo + 1] = c01 * id; out[oo + 2] = c02 * id;
  out[oo + 3] = c01 * id; out[oo + 4] = (a * f - c * c) * id; out[oo + 5] = (b * c - a * e) * id;
  out[oo + 6] = c02 * id; out[oo + 7] = (b * c - a * e) * id; out[oo + 8] = (a * d - b * b) * id;
  return true;
}
