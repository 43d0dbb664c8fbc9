/**
 * Eigen-decomposition of a symmetric 3×3 matrix by the cyclic Jacobi method (Golub and Van Loan,
 * "Matrix Computations", 4th ed., §8.5.2, Algorithm 8.5.2 and the stable rotation of §8.5.1:
 * θ = (a_qq − a_pp) / (2 a_pq), t = sign(θ) / (|θ| + √(θ² + 1)), c = 1 / √(t² + 1), s = t c), and the
 * rotation matrix → quaternion conversion (Shepperd 1978). Square roots only, no transcendental
 * function, so the result is bit-identical on every platform. A matrix that is already diagonal is
 * returned unrotated (eigenvectors = the identity).
 */

/**
 * Diagonalises the symmetric matrix `a` (row-major `[9]`, only read): writes the eigenvalues to
 * `values[0..2]` and the eigenvectors as the columns of the rotation matrix `vectors` (row-major `[9]`,
 * det = +1), so that a = V diag(values) Vᵀ. Converges to round-off in a few sweeps (at most 32).
 */
export function symmetricEigen3(a: ArrayLike<number>, values: Float64Array | number[], vectors: Float64Array | number[]): void {
  let a00 = a[0], a01 = a[1], a02 = a[2], a11 = a[4], a12 = a[5], a22 = a[8];
  const v = vectors;
  v[0] = 1; v[1] = 0; v[2] = 0; v[3] = 0; v[4] = 1; v[5] = 0; v[6] = 0; v[7] = 0; v[8] = 1;
  const scale = Math.abs(a00) + Math.abs(a11) + Math.abs(a22) + Math.abs(a01) + Math.abs(a02) + Math.abs(a12);
  for (let sweep = 0; sweep < 32; sweep++) {
    const off = Math.abs(a01) + Math.abs(a02) + Math.abs(a12);
    if (off <= 1e-18 * scale) break;
    for (let pair = 0; pair < 3; pair++) {
      // (p, q) = (0, 1), (0, 2), (1, 2)
      const p = pair === 2 ? 1 : 0, q = pair === 0 ? 1 : 2;
      const apq = pair === 0 ? a01 : pair === 1 ? a02 : a12;
      if (apq === 0) continue;
      const app = p === 0 ? a00 : a11, aqq = q === 1 ? a11 : a22;
      const theta = (aqq - app) / (2 * apq);
      const t = Math.abs(theta) > 1e150 ? 0.5 / theta
        : (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      // A ← Jᵀ A J with J the rotation in the (p, q) plane: a_pp −= t a_pq, a_qq += t a_pq, a_pq = 0
      if (pair === 0) {
        a00 -= t * apq; a11 += t * apq; a01 = 0;
        const x = a02, y = a12;
        a02 = c * x - s * y; a12 = s * x + c * y;
      } else if (pair === 1) {
        a00 -= t * apq; a22 += t * apq; a02 = 0;
        const x = a01, y = a12;
        a01 = c * x - s * y; a12 = s * x + c * y;
      } else {
        a11 -= t * apq; a22 += t * apq; a12 = 0;
        const x = a01, y = a02;
        a01 = c * x - s * y; a02 = s * x + c * y;
      }
      // V ← V J (columns p and q)
      for (let r = 0; r < 3; r++) {
        const vp = v[3 * r + p], vq = v[3 * r + q];
        v[3 * r + p] = c * vp - s * vq;
        v[3 * r + q] = s * vp + c * vq;
      }
    }
  }
  values[0] = a00; values[1] = a11; values[2] = a22;
  const det = v[0] * (v[4] * v[8] - v[5] * v[7]) - v[1] * (v[3] * v[8] - v[5] * v[6]) + v[2] * (v[3] * v[7] - v[4] * v[6]);
  if (det < 0) { v[2] = -v[2]; v[5] = -v[5]; v[8] = -v[8]; }
}

/** The unit quaternion x y z w of the rotation matrix `m` (row-major `[9]`), into `out[o..o+3]`
 * (Shepperd's method: the largest of w, x, y, z is taken from the diagonal, the rest from it). */
export function mat3ToQuat(out: Float64Array | number[], o: number, m: ArrayLike<number>): void {
  const m00 = m[0], m11 = m[4], m22 = m[8], tr = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (tr >= m00 && tr >= m11 && tr >= m22) {
    const s = 2 * Math.sqrt(1 + tr);
    w = 0.25 * s; x = (m[7] - m[5]) / s; y = (m[2] - m[6]) / s; z = (m[3] - m[1]) / s;
  } else if (m00 >= m11 && m00 >= m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (m[7] - m[5]) / s; x = 0.25 * s; y = (m[1] + m[3]) / s; z = (m[2] + m[6]) / s;
  } else if (m11 >= m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (m[2] - m[6]) / s; x = (m[1] + m[3]) / s; y = 0.25 * s; z = (m[5] + m[7]) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (m[3] - m[1]) / s; x = (m[2] + m[6]) / s; y = (m[5] + m[7]) / s; z = 0.25 * s;
  }
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  out[o] = x * inv; out[o + 1] = y * inv; out[o + 2] = z * inv; out[o + 3] = w * inv;
}
