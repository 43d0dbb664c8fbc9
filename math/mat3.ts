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
