/**
 * The world inverse inertia of bodies that turn within a step, for the fast solver's contact rows.
 *
 * The rows are assembled once per step with the world inverse inertia of the start of the step,
 * I₀⁻¹ = R₀ I_body⁻¹ R₀ᵀ. A body that turns by ΔR within the step has I⁻¹ = ΔR I₀⁻¹ ΔRᵀ, and the rows'
 * angular impulse responses I⁻¹ (r × d) and effective masses change with it. For a body whose
 * inertias differ by a large factor the stale matrix sends part of a contact impulse's torque onto the
 * stiff axis: measured on a thin capsule (699 kg, inertias 600 : 1) turning 0.24 rad within one step at
 * a contact, ω went from 19 to 166 rad/s and the energy doubled in that step.
 *
 * At the start of each substep the solver calls {@link refreshTurnedInertia}: every dynamic body whose
 * rotation since the start of the step (the pose delta `dq`) exceeds {@link INERTIA_REFRESH_ANGLE}, or
 * whose turned inverse inertia differs from the start's by more than {@link TURN_MISMATCH} (a thin body
 * turning by less), and whose inverse inertia is not isotropic (a sphere's or a cube's does not change when it turns) gets
 * ΔR I₀⁻¹ ΔRᵀ in `inertia`, and is marked in `turned`; the rows of the points that touch a marked body
 * are then refreshed (`refreshTurnedRows` in `contact-solve.ts` for the cone-projection rows,
 * `refreshTurnedBlocks` in `contact-block-solve.ts` for the exact block strategy). The Jacobians (levers
 * r and directions) stay those of the step's start.
 * Allocation: none after the scratch has grown to the body count.
 */

import { MotionType } from '../../../components/rigid-body';
import { growFloat64, nextCapacity } from '../../../components/capacity';
import type { SolverBodies } from '../../assembly/solver-bodies';

/**
 * Rotation since the start of the step above which a body's world inverse inertia is refreshed (unit:
 * rad). The error of the stale matrix grows with the turn θ (about θ × the inertia ratio, relatively, for
 * the stiff axis). At 0.1 rad the refresh stays off for bodies at rest and slow tumblers and catches the
 * spinning thin bodies (0.24 rad in a step for the capsule above). At 0.05 rad it also caught a hull rock
 * dropped on a curved mesh slope in the few steps of its landing, and the rock's (chaotic) path then ended
 * rocking at 0.13 m/s after 4 s instead of at rest (`test/unit/scenes/game-props.test.ts`).
 */
export const INERTIA_REFRESH_ANGLE = 0.1;
/** The test on the pose delta's vector part, |dq_xyz|² = sin²(θ/2) > 0.05²: a turn θ > 0.1 rad (to
 * 1e-4 rad; a literal, so that no transcendental function is evaluated). */
const REFRESH_SIN2 = 0.05 * 0.05;
/**
 * Mismatch tr(M⁻¹ A) − 3 between the start's world inverse inertia A and the turned one M = ΔR A ΔRᵀ
 * above which a body that turned by less than {@link INERTIA_REFRESH_ANGLE} is refreshed too
 * ({@link turnMismatch}: rotation-invariant, 0 for M = A, = sin²θ (λᵢ − λⱼ)² / (λᵢ λⱼ) for a turn θ
 * about the third principal axis, so a thin body's threshold angle shrinks as its inertia ratio grows: about
 * 0.7 mrad for a 5 cm × 5.5 m capsule, ratio 2000, 45 mrad for a ratio of 2, and the angle's 0.1 rad for
 * ratios below 1.2).
 * The angle alone left a thin body's rows on the stale matrix for turns of a few hundredths of a radian,
 * where the error (θ × the ratio) is already of order one: fuzz seed 2690 (a 536 kg, 5.5 m capsule of
 * radius 5 cm landing while it tumbles) gained 40 % of the scene's energy in one step, ½ ωᵀ I ω read at the
 * pose it ended at 5 × that of the pose its impulses were computed at; jointed thin bodies drove jointed
 * scenes away (pgs seeds 1311, 2576, 2768, 3673; mdp 818, 1798, 1827) and through the ground (pgs 1086, 1217,
 * 3953; mdp 757); mdp 978 was 2690's kind. All of these hold with the mismatch test (1e-2 keeps 1311, 2768, mdp 818 and 978 failing; 1e-4
 * changes no seed's outcome further).
 */
export const TURN_MISMATCH = 1e-3;
/** Relative deviation from c·E below which an inverse inertia counts as isotropic (round-off of R c E Rᵀ). */
const ISOTROPIC_RTOL = 1e-9;

/** Scratch of the refresh, owned by the solver's contact strategy. */
export interface InertiaRefresh {
  /** `[9 × capacity]` refreshed world inverse inertia of marked bodies, row-major (unit: 1/(kg·m²)). */
  inertia: Float64Array;
  /** `[capacity]` 1 when body i's inverse inertia was refreshed at the start of this substep. */
  turned: Uint8Array;
}

export function createInertiaRefresh(capacity = 64): InertiaRefresh {
  return { inertia: new Float64Array(9 * capacity), turned: new Uint8Array(capacity) };
}

/**
 * Marks the bodies of `sb` that turned by more than {@link INERTIA_REFRESH_ANGLE} since the start of the
 * step, or by less with an inverse inertia that changed by more than {@link TURN_MISMATCH}, and have an
 * anisotropic inverse inertia, and writes their current world inverse inertia
 * ΔR I₀⁻¹ ΔRᵀ (ΔR the rotation matrix of `sb.dq`) into `ir.inertia`. Returns the number marked.
 */
export function refreshTurnedInertia(ir: InertiaRefresh, sb: SolverBodies): number {
  const n = sb.count;
  if (ir.turned.length < n) {
    const cap = nextCapacity(ir.turned.length, n);
    ir.turned = new Uint8Array(cap);
    ir.inertia = growFloat64(ir.inertia, 9 * cap);
  }
  const dq = sb.dq, I0 = sb.invInertia, out = ir.inertia, turned = ir.turned;
  let marked = 0;
  // its first pass does nothing (README "Loops compiled on the stack")
  for (let i = -1; i < n; i++) {
    if (i < 0) continue;
    turned[i] = 0;
    if (sb.motionType[i] !== MotionType.dynamic) continue;
    const i4 = 4 * i;
    const x = dq[i4], y = dq[i4 + 1], z = dq[i4 + 2], w = dq[i4 + 3];
    const s2 = x * x + y * y + z * z;
    if (s2 === 0) continue;
    const o = 9 * i;
    const a00 = I0[o], a01 = I0[o + 1], a02 = I0[o + 2], a11 = I0[o + 4], a12 = I0[o + 5], a22 = I0[o + 8];
    const mean = (a00 + a11 + a22) / 3;
    const tol = ISOTROPIC_RTOL * mean;
    if (Math.abs(a01) <= tol && Math.abs(a02) <= tol && Math.abs(a12) <= tol
      && Math.abs(a00 - mean) <= tol && Math.abs(a11 - mean) <= tol && Math.abs(a22 - mean) <= tol) continue;
    // ΔR (row-major) of the unit quaternion dq
    const x2 = x + x, y2 = y + y, z2 = z + z;
    const xx = x * x2, xy = x * y2, xz = x * z2, yy = y * y2, yz = y * z2, zz = z * z2;
    const wx = w * x2, wy = w * y2, wz = w * z2;
    const r00 = 1 - (yy + zz), r01 = xy - wz, r02 = xz + wy;
    const r10 = xy + wz, r11 = 1 - (xx + zz), r12 = yz - wx;
    const r20 = xz - wy, r21 = yz + wx, r22 = 1 - (xx + yy);
    // T = ΔR I₀⁻¹ (I₀⁻¹ symmetric), then ΔR I₀⁻¹ ΔRᵀ = T ΔRᵀ (symmetric: the upper triangle mirrored)
    const t00 = r00 * a00 + r01 * a01 + r02 * a02, t01 = r00 * a01 + r01 * a11 + r02 * a12, t02 = r00 * a02 + r01 * a12 + r02 * a22;
    const t10 = r10 * a00 + r11 * a01 + r12 * a02, t11 = r10 * a01 + r11 * a11 + r12 * a12, t12 = r10 * a02 + r11 * a12 + r12 * a22;
    const t20 = r20 * a00 + r21 * a01 + r22 * a02, t21 = r20 * a01 + r21 * a11 + r22 * a12, t22 = r20 * a02 + r21 * a12 + r22 * a22;
    const m00 = t00 * r00 + t01 * r01 + t02 * r02, m01 = t00 * r10 + t01 * r11 + t02 * r12, m02 = t00 * r20 + t01 * r21 + t02 * r22;
    const m11 = t10 * r10 + t11 * r11 + t12 * r12, m12 = t10 * r20 + t11 * r21 + t12 * r22;
    const m22 = t20 * r20 + t21 * r21 + t22 * r22;
    if (s2 <= REFRESH_SIN2) {
      // turnMismatch in line: a call that V8 does not inline takes its twelve numbers as new heap numbers
      const k00 = m11 * m22 - m12 * m12, k01 = m02 * m12 - m01 * m22, k02 = m01 * m12 - m02 * m11;
      const k11 = m00 * m22 - m02 * m02, k12 = m01 * m02 - m00 * m12, k22 = m00 * m11 - m01 * m01;
      const det = m00 * k00 + m01 * k01 + m02 * k02;
      if (det > 0 && (k00 * a00 + k11 * a11 + k22 * a22 + 2 * (k01 * a01 + k02 * a02 + k12 * a12)) / det - 3 <= TURN_MISMATCH) continue;
    }
    out[o] = m00; out[o + 1] = m01; out[o + 2] = m02;
    out[o + 3] = m01; out[o + 4] = m11; out[o + 5] = m12;
    out[o + 6] = m02; out[o + 7] = m12; out[o + 8] = m22;
    turned[i] = 1;
    marked++;
  }
  return marked;
}

/**
 * tr(M⁻¹ A) − 3 for the symmetric positive definite A (the start's inverse inertia) and M (the turned one,
 * of the same eigenvalues): 0 when M = A, sin²θ (λᵢ − λⱼ)² / (λᵢ λⱼ) for a turn θ about the third principal
 * axis, so it grows with the inertia ratio; positive (a body with a locked axis, singular A: Infinity). M⁻¹ by its adjugate over det M = det A.
 * `refreshTurnedInertia` evaluates the same arithmetic in line.
 */
export function turnMismatch(
  a00: number, a01: number, a02: number, a11: number, a12: number, a22: number,
  m00: number, m01: number, m02: number, m11: number, m12: number, m22: number,
): number {
  const c00 = m11 * m22 - m12 * m12, c01 = m02 * m12 - m01 * m22, c02 = m01 * m12 - m02 * m11;
  const c11 = m00 * m22 - m02 * m02, c12 = m01 * m02 - m00 * m12, c22 = m00 * m11 - m01 * m01;
  const det = m00 * c00 + m01 * c01 + m02 * c02;
  if (!(det > 0)) return Infinity;
  const tr = c00 * a00 + c11 * a11 + c22 * a22 + 2 * (c01 * a01 + c02 * a02 + c12 * a12);
  return tr / det - 3;
}
