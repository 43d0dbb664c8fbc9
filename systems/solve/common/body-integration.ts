/**
 * Body integration over the dense solver bodies, shared by the fast solver (per substep) and the
 * accurate solver (v_free, then the positions): symplectic Euler.
 *   v ← (v + h a) / (1 + h c_lin),  ω ← (ω + h α) / (1 + h c_ang)       (integrateVelocities)
 *   Δp ← Δp + h v,  Δq ← normalize(exp(hω/2) ⊗ Δq) (exact rotation map, math/quat.ts),  Δθ ← Δθ + h ω   (integratePositions)
 * a and α hold gravity and the applied force / torque for the whole step; damping is the implicit
 * (unconditionally stable) form. Gyroscopic torque ω × Iω is not included. Speed limits: |v| and |ω|
 * are scaled down to `maxLinearSpeed` / `maxAngularSpeed` after the update (a world speed limit, as
 * Havok's, applied where every substep starts, so the solve and the positions see limited velocities).
 */

import { MotionType } from '../../../components/rigid-body';
import { quatIntegrate } from '../../../math/quat';
import type { SolverBodies } from '../../assembly/solver-bodies';

export function integrateVelocities(sb: SolverBodies, h: number, maxAngularSpeed: number, maxLinearSpeed = Infinity): void {
  const v = sb.v, w = sb.w, la = sb.linearAcceleration, aa = sb.angularAcceleration;
  const maxW2 = maxAngularSpeed * maxAngularSpeed, maxV2 = maxLinearSpeed * maxLinearSpeed;
  for (let i = 0; i < sb.count; i++) {
    if (sb.motionType[i] !== MotionType.dynamic) continue;
    const o = 3 * i;
    const ld = 1 / (1 + h * sb.linearDamping[i]);
    const ad = 1 / (1 + h * sb.angularDamping[i]);
    let vx = (v[o] + h * la[o]) * ld, vy = (v[o + 1] + h * la[o + 1]) * ld, vz = (v[o + 2] + h * la[o + 2]) * ld;
    const v2 = vx * vx + vy * vy + vz * vz;
    if (v2 > maxV2) {
      const s = Math.sqrt(maxV2 / v2);
      vx *= s; vy *= s; vz *= s;
    }
    v[o] = vx; v[o + 1] = vy; v[o + 2] = vz;
    let wx = (w[o] + h * aa[o]) * ad, wy = (w[o + 1] + h * aa[o + 1]) * ad, wz = (w[o + 2] + h * aa[o + 2]) * ad;
    const w2 = wx * wx + wy * wy + wz * wz;
    if (w2 > maxW2) {
      const s = Math.sqrt(maxW2 / w2);
      wx *= s; wy *= s; wz *= s;
    }
    w[o] = wx; w[o + 1] = wy; w[o + 2] = wz;
  }
}

export function integratePositions(sb: SolverBodies, h: number): void {
  const v = sb.v, w = sb.w, dp = sb.dp;
  for (let i = 0; i < sb.count; i++) {
    if (sb.motionType[i] === MotionType.static) continue;
    const o = 3 * i;
    dp[o] += h * v[o];
    dp[o + 1] += h * v[o + 1];
    dp[o + 2] += h * v[o + 2];
    quatIntegrate(sb.dq, 4 * i, w, o, h);
    sb.dtheta[o] += h * w[o];
    sb.dtheta[o + 1] += h * w[o + 1];
    sb.dtheta[o + 2] += h * w[o + 2];
  }
}
