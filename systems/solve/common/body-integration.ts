/**
 * Body integration over the dense solver bodies, shared by the fast solver (per substep) and the
 * accurate solver (v_free, then the positions): symplectic Euler.
 *   v ← (v + h a) / (1 + h c_lin),  ω ← (ω + h α) / (1 + h c_ang)       (integrateVelocities)
 *   Δp ← Δp + h v,  Δq ← normalize(exp(hω/2) ⊗ Δq) (exact rotation map, math/quat.ts),  Δθ ← Δθ + h ω   (integratePositions)
 * a and α hold gravity and the applied force / torque for the whole step; damping is the implicit
 * (unconditionally stable) form; the gyroscopic torque is `integrateGyroscopic` below. Speed limits: |v| and |ω|
 * are scaled down to `maxLinearSpeed` / `maxAngularSpeed` after the update (a world speed limit, as
 * Havok's, applied where every substep starts, so the solve and the positions see limited velocities).
 */

import { mat3InvertSymmetric } from '../../../math/mat3';
import { MotionType } from '../../../components/rigid-body';
import { quatIntegrate } from '../../../math/quat';
import type { SolverBodies } from '../../assembly/solver-bodies';

export function integrateVelocities(sb: SolverBodies, h: number, maxAngularSpeed: number, maxLinearSpeed = Infinity): void {
  const v = sb.v, w = sb.w, la = sb.linearAcceleration, aa = sb.angularAcceleration;
  // The first pass does nothing and no number is computed before the loop (the squared limits are computed
  // where they are used): a call that V8 runs in the interpreter up to the loop's first back edge, then in
  // the loop's kept on-stack compiled code, computes no number there, which would be boxed (the step would
  // allocate; systems/solve/pgs/README.md, "Loops compiled on the stack"). The same in the two functions below.
  for (let i = -1; i < sb.count; i++) {
    if (i < 0 || sb.motionType[i] !== MotionType.dynamic) continue;
    const maxW2 = maxAngularSpeed * maxAngularSpeed, maxV2 = maxLinearSpeed * maxLinearSpeed;
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
  for (let i = -1; i < sb.count; i++) {
    if (i < 0 || sb.motionType[i] === MotionType.static) continue;
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

/**
 * The gyroscopic term −ω × (I ω) of the Newton–Euler equations, implicitly by backward Euler in the world
 * frame (Catto 2015, "Numerical methods", GDC): I (ω₂ − ω₁) + h ω₂ × I ω₂ = 0 from ω₁, by Newton's method
 * with J = I + h ([ω]× I − [I ω]×), I = (sb.invInertia)⁻¹ for every dynamic body with an invertible inverse
 * inertia (a body with a locked rotation axis is left as it is). Without it, ω stays constant in the world
 * while the inertia turns with the body, so a spinning body's kinetic energy and angular momentum change
 * with its orientation, and joints and contacts can pump it; the implicit step conserves the momentum to
 * first order. As Catto 2015, one Newton step from ω₁, ω₂ = ω₁ − J⁻¹ h ω₁ × I ω₁, when it does not raise
 * ωᵀ I ω beyond round-off (1e-12 relative). The exact backward-Euler step never adds energy (ω₂ · (ω₂ × I ω₂)
 * = 0 gives ω₂ᵀ I ω₂ = ω₂ᵀ I ω₁ ≤ √(ω₂ᵀ I ω₂ · ω₁ᵀ I ω₁)), one Newton step can: with h |ω| of order 1 on a
 * flat inertia J is nearly singular and the step overshoots (accurate-mode fuzz seed 501: a 0.011 kg thin
 * box from 194 to 560 rad/s, ×8.3 its rotational energy; from 290 to 2e5 rad/s in the scene at 160f22a).
 * Then Newton goes on to |F| ≤ 1e-12 |I ω₁| (3–7 iterations on the fuzz's states; ω₂ scaled to the energy
 * before the step should round-off leave it above); if it does not converge within 16 iterations, the body
 * keeps ω₁ for the step (the torque-free step, which keeps the energy). `inertia`: `[9]` scratch for one
 * body's world inertia.
 */
export function integrateGyroscopic(sb: SolverBodies, h: number, inertia: Float64Array): void {
  const w = sb.w, I = inertia;
  for (let i = -1; i < sb.count; i++) {
    if (i < 0 || sb.motionType[i] !== MotionType.dynamic) continue;
    const o = 3 * i;
    const wx = w[o], wy = w[o + 1], wz = w[o + 2];
    if (wx === 0 && wy === 0 && wz === 0) continue;
    if (!mat3InvertSymmetric(I, 0, sb.invInertia, 9 * i)) continue;
    const i00 = I[0], i01 = I[1], i02 = I[2], i10 = I[3], i11 = I[4], i12 = I[5], i20 = I[6], i21 = I[7], i22 = I[8];
    // L = I ω; the residual F(ω) = I (ω − ω₁) + h ω × L, at ω₁: h ω₁ × L₁
    let lx = i00 * wx + i01 * wy + i02 * wz, ly = i10 * wx + i11 * wy + i12 * wz, lz = i20 * wx + i21 * wy + i22 * wz;
    let fx = h * (wy * lz - wz * ly), fy = h * (wz * lx - wx * lz), fz = h * (wx * ly - wy * lx);
    const e1 = wx * lx + wy * ly + wz * lz, tol2 = 1e-24 * (lx * lx + ly * ly + lz * lz);
    let x = wx, y = wy, z = wz, done = false;
    for (let k = 0; k < 16 && !done; k++) {
      // J = I + h ([ω]× I − [L]×)
      const j00 = i00 + h * (y * i20 - z * i10), j01 = i01 + h * (y * i21 - z * i11 + lz), j02 = i02 + h * (y * i22 - z * i12 - ly);
      const j10 = i10 + h * (z * i00 - x * i20 - lz), j11 = i11 + h * (z * i01 - x * i21), j12 = i12 + h * (z * i02 - x * i22 + lx);
      const j20 = i20 + h * (x * i10 - y * i00 + ly), j21 = i21 + h * (x * i11 - y * i01 - lx), j22 = i22 + h * (x * i12 - y * i02);
      // ω ← ω − J⁻¹ F (Cramer)
      const m00 = j11 * j22 - j12 * j21, m01 = j12 * j20 - j10 * j22, m02 = j10 * j21 - j11 * j20;
      const dj = j00 * m00 + j01 * m01 + j02 * m02;
      if (!(dj !== 0)) break;
      const r = 1 / dj;
      x -= (fx * m00 + fy * (j02 * j21 - j01 * j22) + fz * (j01 * j12 - j02 * j11)) * r;
      y -= (fx * m01 + fy * (j00 * j22 - j02 * j20) + fz * (j02 * j10 - j00 * j12)) * r;
      z -= (fx * m02 + fy * (j01 * j20 - j00 * j21) + fz * (j00 * j11 - j01 * j10)) * r;
      lx = i00 * x + i01 * y + i02 * z; ly = i10 * x + i11 * y + i12 * z; lz = i20 * x + i21 * y + i22 * z;
      const e2 = x * lx + y * ly + z * lz;
      if (k === 0 && e2 <= e1 * (1 + 1e-12)) done = true; // one Newton step that does not gain: Catto 2015's step
      else {
        const ux = x - wx, uy = y - wy, uz = z - wz;
        fx = i00 * ux + i01 * uy + i02 * uz + h * (y * lz - z * ly);
        fy = i10 * ux + i11 * uy + i12 * uz + h * (z * lx - x * lz);
        fz = i20 * ux + i21 * uy + i22 * uz + h * (x * ly - y * lx);
        if (fx * fx + fy * fy + fz * fz <= tol2) {
          done = true; // converged: the backward-Euler solution, which cannot gain but by round-off
          if (e2 > e1) { const c = Math.sqrt(e1 / e2); x *= c; y *= c; z *= c; }
        }
      }
    }
    if (done) { w[o] = x; w[o + 1] = y; w[o + 2] = z; } // else ω₁ stays
  }
}
