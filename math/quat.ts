/**
 * Quaternion helpers over `(array, offset)`, layout `x y z w` (Babylon's order), stride 4.
 * Unit quaternions rotate body-local vectors into the world frame: v_world = q v_local q*.
 */

import type { Vec3Array } from './vec3';
import { C1, C2, C3, C4, C5, C6, detCos, detSin, S1, S2, S3, S4, S5, S6 } from './deterministic-math';

/** Rotates the vector `v[vo..]` by the unit quaternion `q[qo..]`, writing `out[oo..]`. `out` may alias `v`. */
export function quatRotate(
  out: Vec3Array, oo: number,
  q: ArrayLike<number>, qo: number,
  v: ArrayLike<number>, vo: number,
): void {
  const qx = q[qo], qy = q[qo + 1], qz = q[qo + 2], qw = q[qo + 3];
  const vx = v[vo], vy = v[vo + 1], vz = v[vo + 2];
  // t = 2 q.xyz × v ; v' = v + w t + q.xyz × t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[oo] = vx + qw * tx + (qy * tz - qz * ty);
  out[oo + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[oo + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** Rotates `v` by the inverse (conjugate) of the unit quaternion `q`: world → body-local. */
export function quatRotateInverse(
  out: Vec3Array, oo: number,
  q: ArrayLike<number>, qo: number,
  v: ArrayLike<number>, vo: number,
): void {
  const qx = -q[qo], qy = -q[qo + 1], qz = -q[qo + 2], qw = q[qo + 3];
  const vx = v[vo], vy = v[vo + 1], vz = v[vo + 2];
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[oo] = vx + qw * tx + (qy * tz - qz * ty);
  out[oo + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[oo + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** `out = a ⊗ b` (Hamilton product; applies b first, then a). `out` may alias either input. */
export function quatMultiply(
  out: Float64Array | number[], oo: number,
  a: ArrayLike<number>, ao: number,
  b: ArrayLike<number>, bo: number,
): void {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  out[oo] = aw * bx + ax * bw + ay * bz - az * by;
  out[oo + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[oo + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[oo + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/**
 * Advances the unit quaternion `q[qo..]` in place by the angular velocity `w[wo..]` (rad/s, world frame)
 * over `h` seconds with the exact rotation map: q ← normalize(exp(hω/2) ⊗ q), i.e. multiplies by
 * (sin(|ω|h/2) ω̂, cos(|ω|h/2)), the rotation by the angle |ω|h about ω̂. A body spinning at a constant ω
 * turns by exactly ω t, whatever the step; the first-order update normalize(q + h/2 (ω, 0) ⊗ q) turns by
 * 2 atan(|ω|h/2) per step instead, which lags by (|ω|h)³/12 per step (e.g. a hinge at h = 0.1 s with a
 * fast motor drifts visibly). The renormalisation only removes round-off. For |ω|h/2 < 1e-4,
 * sin(x)/x is evaluated by its series 1 − x²/6 + x⁴/120 (exact to double precision there).
 */
export function quatIntegrate(q: Float64Array, qo: number, w: ArrayLike<number>, wo: number, h: number): void {
  const hx = w[wo] * 0.5 * h, hy = w[wo + 1] * 0.5 * h, hz = w[wo + 2] * 0.5 * h;
  const x2 = hx * hx + hy * hy + hz * hz;
  const a = Math.sqrt(x2); // half the rotation angle, |ω| h / 2
  // |ω| h / 2 ≤ π/4 (always, but for spins faster than π/(2h)): the fdlibm kernels `kernelSin(a, 0)` and
  // `kernelCos(a, 0)` (deterministic-math.ts), equal to detSin / detCos to the bit there, written out
  // here with the same operations in the same order: called, they were not always inlined into the
  // solver's position update, and a call that is not inlined passes and returns its numbers boxed (the
  // step allocated)
  let sinc: number, c: number;
  if (a <= 0.7853981633974483) {
    const z = a * a, zz = z * z;
    const rs = S2 + z * (S3 + z * S4) + z * zz * (S5 + z * S6);
    const v = z * a;
    sinc = a < 1e-4 ? 1 - x2 / 6 + (x2 * x2) / 120 : (a - ((z * (0.5 * 0 - v * rs) - 0) - v * S1)) / a;
    const rc = z * (C1 + z * (C2 + z * C3)) + zz * zz * (C4 + z * (C5 + z * C6));
    const hz = 0.5 * z;
    const t = 1 - hz;
    c = t + (((1 - t) - hz) + (z * rc - a * 0));
  } else {
    sinc = detSin(a) / a;
    c = detCos(a);
  }
  const wx = hx * sinc, wy = hy * sinc, wz = hz * sinc;
  const qx = q[qo], qy = q[qo + 1], qz = q[qo + 2], qw = q[qo + 3];
  // (wx, wy, wz, c) ⊗ q
  let x = c * qx + (wx * qw + wy * qz - wz * qy);
  let y = c * qy + (wy * qw + wz * qx - wx * qz);
  let z = c * qz + (wz * qw + wx * qy - wy * qx);
  let s = c * qw - (wx * qx + wy * qy + wz * qz);
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + s * s);
  x *= inv; y *= inv; z *= inv; s *= inv;
  q[qo] = x; q[qo + 1] = y; q[qo + 2] = z; q[qo + 3] = s;
}

/** Writes the row-major rotation matrix of the unit quaternion `q[qo..]` into `m[mo..mo+9]`. */
export function quatToMat3(m: Float64Array | number[], mo: number, q: ArrayLike<number>, qo: number): void {
  const x = q[qo], y = q[qo + 1], z = q[qo + 2], w = q[qo + 3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  m[mo] = 1 - (yy + zz); m[mo + 1] = xy - wz; m[mo + 2] = xz + wy;
  m[mo + 3] = xy + wz; m[mo + 4] = 1 - (xx + zz); m[mo + 5] = yz - wx;
  m[mo + 6] = xz - wy; m[mo + 7] = yz + wx; m[mo + 8] = 1 - (xx + yy);
}
