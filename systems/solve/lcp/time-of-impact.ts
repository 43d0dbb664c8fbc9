/**
 * Impacts where and when the bodies touch: the accurate step's time of impact within the step.
 *
 * The impact phase (PLUS, Uchida, Sherman & Delp 2015) resolves an impact at the configuration it
 * is given. A contact whose gap closes within the step (a fast body that is still in the air at the
 * step start) used to be resolved at the step-start positions: a 0.1 m sphere at 100 m/s towards a
 * wall 1.5 m away stopped 1.5 m short of it, in mid-air, and at 300 m/s where it started. This module
 * moves each body that is about to hit something to the moment of its first touch before the impact
 * phase, and lets it travel only the rest of the step afterwards:
 *
 *   for every contact c with −v_n ≥ v_capture (an impact), s > 0 and s + h v_n ≤ 0 (closes this step):
 *       t_c = s / (−v_n)                                        (linear approach, pre-force velocity)
 *   t_b = min over the contacts c of body b of t_c                (0 when none; dynamic and kinematic)
 *   q_b ← q_b + t_b v_b⁻  (Δp, Δq, Δθ)                          advance to contact
 *   s_c ← s_c + t_B (n·v_B⁻ + (r_B × n)·ω_B⁻) − t_A (n·v_A⁻ + (r_A × n)·ω_A⁻)   for the impact phase
 *   impact phase; gravity, joints and the contact LCP for the step (its gaps read the advanced poses)
 *   q_b ← q_b + (h − t_b) v_b⁺                                   the rest of the step
 *
 * So a body moves h v⁻ in free flight when nothing is hit, and t_b v⁻ + (h − t_b) v⁺ when it hits:
 * it ends the step where the impact sends it from the touching configuration. The separations are
 * first order in the rotation (the same approximation as the fast solver's current separation). The
 * contact LCP keeps the gap term s/h with the whole step (not the remaining time h − t_b): it lets a
 * body close at most the fraction (h − t_b)/h of a gap, so it can stop short of a second obstacle but
 * never passes through it. No allocation once the arrays have grown.
 */

import { growFloat64, nextCapacity } from '../../../components/capacity';
import { MotionType } from '../../../components/rigid-body';
import { quatIntegrate, quatToMat3 } from '../../../math/quat';
import { mat3MulVec, rotateSymmetric } from '../../../math/mat3';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';

/** Scratch and results of {@link advanceToImpact}. */
export interface ImpactAdvance {
  /** `[bodies]` how far into the step each body was advanced (unit: s; 0 = not advanced). */
  time: Float64Array;
  /** `[contacts]` the problem's `baseSeparation` before the advance (restored afterwards; unit: m). */
  savedSeparation: Float64Array;
  /** Bodies advanced in the last call. */
  count: number;
  /** `[bodies]` 1 = in a joint row, 2 = its inertia turned to the touch pose (scratch of {@link turnInertia}). */
  mark: Uint8Array;
  /** `[18]` scratch: the rotation of the advance, and the inverse inertia it turns. */
  rotation: Float64Array;
}

export function createImpactAdvance(): ImpactAdvance {
  return { time: new Float64Array(64), savedSeparation: new Float64Array(64), count: 0, mark: new Uint8Array(64), rotation: new Float64Array(18) };
}

/** Pre-impact normal velocity of point c (n · (v_B + ω_B × r_B − v_A − ω_A × r_A), unit: m/s). */
function normalVelocity(p: ConstraintProblem, sb: SolverBodies, c: number, tA: number, tB: number): number {
  const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], o = 9 * c;
  const v = sb.v, w = sb.w, n = p.direction, jA = p.angularA, jB = p.angularB;
  return tB * (n[o] * v[b3] + n[o + 1] * v[b3 + 1] + n[o + 2] * v[b3 + 2]
      + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2])
    - tA * (n[o] * v[a3] + n[o + 1] * v[a3 + 1] + n[o + 2] * v[a3 + 2]
      + jA[o] * w[a3] + jA[o + 1] * w[a3 + 1] + jA[o + 2] * w[a3 + 2]);
}

/**
 * Advances the bodies that hit something within the step to their first touch (see the module
 * comment), on the pre-force velocities, and shifts the problem's `baseSeparation` to the advanced
 * configuration for the impact phase (the old values are kept; {@link restoreSeparations} puts them
 * back). Returns whether any body was advanced.
 */
export function advanceToImpact(p: ConstraintProblem, sb: SolverBodies, h: number, adv: ImpactAdvance, joints?: JointProblem): boolean {
  const nb = sb.count, nc = p.contactCount;
  if (adv.time.length < nb) adv.time = growFloat64(adv.time, nextCapacity(adv.time.length, nb));
  if (adv.savedSeparation.length < nc) {
    adv.savedSeparation = growFloat64(adv.savedSeparation, nextCapacity(adv.savedSeparation.length, nc));
  }
  const time = adv.time;
  time.fill(h, 0, nb); // h = not advanced (no touch within the step), until the end of this function
  let any = false;
  for (let c = 0; c < nc; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    if (sb.motionType[a] !== MotionType.dynamic && sb.motionType[b] !== MotionType.dynamic) continue;
    const s = p.separation[c];
    if (!(s > 0)) continue;
    const vn = normalVelocity(p, sb, c, 1, 1);
    if (!(-vn >= p.captureVelocity[c] && vn < 0 && s + h * vn <= 0)) continue;
    const t = s / -vn;
    if (sb.motionType[a] !== MotionType.static && t < time[a]) time[a] = t;
    if (sb.motionType[b] !== MotionType.static && t < time[b]) time[b] = t;
    any = true;
  }
  adv.count = 0;
  if (!any) { time.fill(0, 0, nb); return false; }
  for (let i = 0; i < nb; i++) {
    if (time[i] >= h) { time[i] = 0; continue; }
    adv.count++;
  }
  // the separations at the advanced poses, for the impact phase
  for (let c = 0; c < nc; c++) {
    adv.savedSeparation[c] = p.baseSeparation[c];
    const tA = time[p.bodyA[c]], tB = time[p.bodyB[c]];
    if (tA === 0 && tB === 0) continue;
    p.baseSeparation[c] += normalVelocity(p, sb, c, tA, tB);
  }
  moveBodies(sb, time, false, h);
  turnInertia(p, sb, adv, joints);
  return true;
}

/**
 * The world inverse inertia of each advanced dynamic body turned with it to the touch pose,
 * I⁻¹ ← R I⁻¹ Rᵀ (R the rotation of the advance, `sb.dq`), and its contact rows' I⁻¹ (r × d) and effective
 * masses with it, so the impact phase, the free velocity, the gyroscopic term and the LCP weigh ω by the
 * inertia of the pose the body is at, and then turns about ω⁺ (the rest of the step, which keeps ω⁺ in
 * body axes). With the start-of-step inertia the step's energy balance held in the wrong frame: a 6 m
 * capsule of radius 0.053 m (inertias 115, 0.054, 115 kg·m²) spinning at 116 rad/s near its axis,
 * advanced 1 rad, left the impact with ω⁺ 0.1 rad off its axis in the touch pose and ×9 its rotational
 * energy (accurate-mode fuzz seed 337: +17 kJ, +76 % of the scene's energy, in a step). The rows keep the
 * lever arms of the start pose (first order, as the separations). A body in a joint row keeps the
 * start-of-step inertia, which its joint rows were built with.
 */
function turnInertia(p: ConstraintProblem, sb: SolverBodies, adv: ImpactAdvance, joints: JointProblem | undefined): void {
  const nb = sb.count, time = adv.time, inv = sb.invInertia, R = adv.rotation;
  if (adv.mark.length < nb) adv.mark = new Uint8Array(nextCapacity(adv.mark.length, nb));
  const mark = adv.mark;
  mark.fill(0, 0, nb);
  if (joints !== undefined) {
    for (let r = 0; r < joints.rowCount; r++) {
      if (joints.rowA[r] < nb) mark[joints.rowA[r]] = 1;
      if (joints.rowB[r] < nb) mark[joints.rowB[r]] = 1;
    }
  }
  let any = false;
  for (let i = 0; i < nb; i++) {
    if (!(time[i] > 0) || sb.motionType[i] !== MotionType.dynamic || mark[i] === 1) continue;
    quatToMat3(R, 0, sb.dq, 4 * i);
    const o = 9 * i;
    for (let k = 0; k < 9; k++) R[9 + k] = inv[o + k];
    rotateSymmetric(inv, o, R, 0, R, 9);
    mark[i] = 2;
    any = true;
  }
  if (!any) return;
  const jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB, em = p.effectiveMass;
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    if (mark[a] !== 2 && mark[b] !== 2) continue;
    const ms = sb.invMass[a] + sb.invMass[b];
    for (let d = 0; d < 3; d++) {
      const o = 9 * c + 3 * d;
      mat3MulVec(iA, o, inv, 9 * a, jA, o);
      mat3MulVec(iB, o, inv, 9 * b, jB, o);
      const k0 = ms + jA[o] * iA[o] + jA[o + 1] * iA[o + 1] + jA[o + 2] * iA[o + 2] + jB[o] * iB[o] + jB[o + 1] * iB[o + 1] + jB[o + 2] * iB[o + 2];
      em[3 * c + d] = k0 > 0 ? 1 / k0 : 0;
    }
  }
}

/** Puts back the `baseSeparation` values {@link advanceToImpact} shifted. */
export function restoreSeparations(p: ConstraintProblem, adv: ImpactAdvance): void {
  for (let c = 0; c < p.contactCount; c++) p.baseSeparation[c] = adv.savedSeparation[c];
}

/**
 * The end of the step after {@link advanceToImpact}: Δp += (h − t_b) v, Δq ← exp((h − t_b) ω/2) ⊗ Δq,
 * Δθ += (h − t_b) ω per body (t_b = 0 for bodies not advanced: the plain symplectic Euler update of
 * `integratePositions`).
 */
export function integrateRemaining(sb: SolverBodies, adv: ImpactAdvance, h: number): void {
  moveBodies(sb, adv.time, true, h);
}

function moveBodies(sb: SolverBodies, time: Float64Array, remaining: boolean, h: number): void {
  const v = sb.v, w = sb.w, dp = sb.dp, th = sb.dtheta;
  for (let i = 0; i < sb.count; i++) {
    if (sb.motionType[i] === MotionType.static) continue;
    const t = remaining ? h - time[i] : time[i];
    if (t === 0) continue;
    const o = 3 * i;
    dp[o] += t * v[o]; dp[o + 1] += t * v[o + 1]; dp[o + 2] += t * v[o + 2];
    quatIntegrate(sb.dq, 4 * i, w, o, t);
    th[o] += t * w[o]; th[o + 1] += t * w[o + 1]; th[o + 2] += t * w[o + 2];
  }
}
