/**
 * Seeded random inputs of the maximum-dissipation tests: mulberry32 (`scenes/prng.ts`), standard normals
 * (Box–Muller) and random SPD 3×3 Delassus blocks with eigenvalues e^U(−2, 2) and a uniformly random
 * eigenbasis.
 */
import { createRandom } from '../../scenes/prng';

export function rng(seed: number) {
  const next = createRandom(seed);
  const normal = (): number => {
    const u = Math.max(next(), 1e-300), v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const uniform = (lo: number, hi: number): number => lo + (hi - lo) * next();
  /** Random SPD 3×3 (row-major) with eigenvalues e^U(−2, 2) and a uniformly random eigenbasis. */
  const spd = (): number[] => {
    let qw = normal(), qx = normal(), qy = normal(), qz = normal();
    const ql = Math.sqrt(qw * qw + qx * qx + qy * qy + qz * qz);
    qw /= ql; qx /= ql; qy /= ql; qz /= ql;
    const Rm = [
      1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qz * qw), 2 * (qx * qz + qy * qw),
      2 * (qx * qy + qz * qw), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qx * qw),
      2 * (qx * qz - qy * qw), 2 * (qy * qz + qx * qw), 1 - 2 * (qx * qx + qy * qy),
    ];
    const ev = [Math.exp(uniform(-2, 2)), Math.exp(uniform(-2, 2)), Math.exp(uniform(-2, 2))];
    const A = new Array<number>(9);
    for (let i = 0; i < 3; i++) {
      for (let j = i; j < 3; j++) {
        let t = 0;
        for (let k = 0; k < 3; k++) t += Rm[3 * i + k] * ev[k] * Rm[3 * j + k];
        A[3 * i + j] = t;
        A[3 * j + i] = t;
      }
    }
    return A;
  };
  return { next, normal, uniform, spd };
}
