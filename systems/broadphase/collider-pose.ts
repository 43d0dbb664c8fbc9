/**
 * Stage 1 helper: the world pose of a collider, its body's pose composed with its local pose:
 * x_c = x_b + R_b p_local, q_c = q_b ⊗ q_local (body frame = the body's centre-of-mass principal frame).
 * Reads the collider's body, local pose and the body pose; writes `out[o..o+6]` (x y z, qx qy qz qw).
 */

import type { ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';

/** Writes the world pose of collider `c` into `out[o..o+6]` (position, unit: m; quaternion x y z w). */
export function colliderWorldPose(
  colliders: ColliderStore, bodies: RigidBodyStore, c: number, out: Float64Array, o: number,
): void {
  const b = colliders.body[c];
  const p = bodies.position, q = bodies.orientation, pi = 3 * b, qi = 4 * b;
  const lp = colliders.localPosition, lq = colliders.localOrientation, li = 3 * c, lqi = 4 * c;
  const qx = q[qi], qy = q[qi + 1], qz = q[qi + 2], qw = q[qi + 3];
  const vx = lp[li], vy = lp[li + 1], vz = lp[li + 2];
  const bx = lq[lqi], by = lq[lqi + 1], bz = lq[lqi + 2], bw = lq[lqi + 3];
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  out[o] = p[pi] + vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = p[pi + 1] + vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = p[pi + 2] + vz + qw * tz + (qx * ty - qy * tx);
  out[o + 3] = qw * bx + qx * bw + qy * bz - qz * by;
  out[o + 4] = qw * by - qx * bz + qy * bw + qz * bx;
  out[o + 5] = qw * bz + qx * by - qy * bx + qz * bw;
  out[o + 6] = qw * bw - qx * bx - qy * by - qz * bz;
}
