/**
 * Symmetric 3×3 eigen-decomposition (cyclic Jacobi) against its defining identities on random
 * symmetric matrices: A = V diag(λ) Vᵀ, Vᵀ V = E, det V = +1; and the quaternion of V rotates like V.
 */
import { describe, expect, it } from 'vitest';
import { mat3ToQuat, symmetricEigen3 } from '../../../math/sym-eigen3';
import { quatToMat3 } from '../../../math/quat';
import { createRandom } from '../../../scenes/prng';

describe('symmetricEigen3', () => {
  it('reconstructs random symmetric matrices to 1e-13 relative, with an orthonormal right-handed basis', () => {
    const r = createRandom(9);
    for (let trial = 0; trial < 500; trial++) {
      const a = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      for (let i = 0; i < 3; i++) for (let j = i; j < 3; j++) { a[3 * i + j] = 10 * r() - 5; a[3 * j + i] = a[3 * i + j]; }
      if (trial % 5 === 0) { a[1] = a[3] = 0; a[2] = a[6] = 0; } // partly diagonal
      const values = [0, 0, 0], v = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      symmetricEigen3(a, values, v);
      const scale = Math.max(...a.map(Math.abs));
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          let rec = 0, dot = 0;
          for (let k = 0; k < 3; k++) { rec += v[3 * i + k] * values[k] * v[3 * j + k]; dot += v[3 * k + i] * v[3 * k + j]; }
          expect(Math.abs(rec - a[3 * i + j]) / scale).toBeLessThan(1e-13);
          expect(Math.abs(dot - (i === j ? 1 : 0))).toBeLessThan(1e-14);
        }
      }
      const det = v[0] * (v[4] * v[8] - v[5] * v[7]) - v[1] * (v[3] * v[8] - v[5] * v[6]) + v[2] * (v[3] * v[7] - v[4] * v[6]);
      expect(det).toBeCloseTo(1, 14);
      const q = [0, 0, 0, 0], m = new Float64Array(9);
      mat3ToQuat(q, 0, v);
      quatToMat3(m, 0, q, 0);
      for (let k = 0; k < 9; k++) expect(Math.abs(m[k] - v[k])).toBeLessThan(1e-14);
    }
  });

  it('leaves a diagonal matrix unrotated (bit-exact identity eigenvectors)', () => {
    const values = [0, 0, 0], v = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    symmetricEigen3([3, 0, 0, 0, 1, 0, 0, 0, 2], values, v);
    expect(values).toEqual([3, 1, 2]);
    expect(v).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});
