/**
 * Stage 5, integrate: scatters the solver bodies back into the components.
 * Reads: SolverBodies (velocities, pose deltas dp, dq). Writes: RigidBody position, orientation,
 * velocities, previous pose (for render interpolation); clears the force and torque accumulators.
 * The poses were advanced by the solver's symplectic Euler substeps (v first, then x with the new v);
 * here x_end = x_start + Δp and q_end = normalize(Δq ⊗ q_start).
 *
 * A body whose new state is not finite is put back at its start-of-step pose at rest and reported in
 * `nonFinite` (entity ids), so a NaN never spreads to the next step.
 */

import { MotionType, type RigidBodyStore } from '../../components/rigid-body';
import type { SolverBodies } from '../assembly/solver-bodies';

export function integrateBodies(sb: SolverBodies, bodies: RigidBodyStore, nonFinite: number[]): void {
  const pos = bodies.position, q = bodies.orientation;
  const prevP = bodies.prevPosition, prevQ = bodies.prevOrientation;
  const lv = bodies.linearVelocity, av = bodies.angularVelocity;
  // its first pass does nothing: a call that V8 runs in the interpreter up to the loop's first back edge, then
  // in the loop's kept on-stack compiled code, computes no number there, which would be boxed (the step would
  // allocate; systems/solve/pgs/README.md, "Loops compiled on the stack")
  for (let i = -1; i < sb.count; i++) {
    if (i < 0) continue;
    const e = sb.entity[i];
    const e3 = 3 * e, e4 = 4 * e, i3 = 3 * i, i4 = 4 * i;
    prevP[e3] = pos[e3]; prevP[e3 + 1] = pos[e3 + 1]; prevP[e3 + 2] = pos[e3 + 2];
    prevQ[e4] = q[e4]; prevQ[e4 + 1] = q[e4 + 1]; prevQ[e4 + 2] = q[e4 + 2]; prevQ[e4 + 3] = q[e4 + 3];
    bodies.force[e3] = 0; bodies.force[e3 + 1] = 0; bodies.force[e3 + 2] = 0;
    bodies.torque[e3] = 0; bodies.torque[e3 + 1] = 0; bodies.torque[e3 + 2] = 0;
    if (sb.motionType[i] === MotionType.static) continue;
    const px = pos[e3] + sb.dp[i3], py = pos[e3 + 1] + sb.dp[i3 + 1], pz = pos[e3 + 2] + sb.dp[i3 + 2];
    const ax = sb.dq[i4], ay = sb.dq[i4 + 1], az = sb.dq[i4 + 2], aw = sb.dq[i4 + 3];
    const bx = q[e4], by = q[e4 + 1], bz = q[e4 + 2], bw = q[e4 + 3];
    let qx = aw * bx + ax * bw + ay * bz - az * by;
    let qy = aw * by - ax * bz + ay * bw + az * bx;
    let qz = aw * bz + ax * by - ay * bx + az * bw;
    let qw = aw * bw - ax * bx - ay * by - az * bz;
    const inv = 1 / Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
    qx *= inv; qy *= inv; qz *= inv; qw *= inv;
    const vx = sb.v[i3], vy = sb.v[i3 + 1], vz = sb.v[i3 + 2];
    const wx = sb.w[i3], wy = sb.w[i3 + 1], wz = sb.w[i3 + 2];
    if (!Number.isFinite(px + py + pz + qx + qy + qz + qw + vx + vy + vz + wx + wy + wz)) {
      nonFinite.push(e);
      lv[e3] = 0; lv[e3 + 1] = 0; lv[e3 + 2] = 0;
      av[e3] = 0; av[e3 + 1] = 0; av[e3 + 2] = 0;
      continue;
    }
    pos[e3] = px; pos[e3 + 1] = py; pos[e3 + 2] = pz;
    q[e4] = qx; q[e4 + 1] = qy; q[e4 + 2] = qz; q[e4 + 3] = qw;
    lv[e3] = vx; lv[e3 + 1] = vy; lv[e3 + 2] = vz;
    av[e3] = wx; av[e3 + 1] = wy; av[e3 + 2] = wz;
  }
}
