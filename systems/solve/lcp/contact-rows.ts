/**
 * The contact rows the Stewart–Trinkle solver works with, and their kinematics (shared by the LCP and
 * its projected fallback). For contact c and direction d ∈ {0 = n, 1 = t1, 2 = t2} (directions from
 * `systems/assembly/constraint-problem.ts`) the row is
 *
 *     J_d = [ −dᵀ, −(r_A × d)ᵀ, dᵀ, (r_B × d)ᵀ ]   on (v_A, ω_A, v_B, ω_B),
 *
 * so J_d v is the velocity of B's material point relative to A's along d (unit: m/s; positive =
 * separating for n), and an impulse λ along the row changes the velocities by M⁻¹ J_dᵀ λ:
 *
 *     v_A −= λ d / m_A,   ω_A −= λ I_A⁻¹ (r_A × d),   v_B += λ d / m_B,   ω_B += λ I_B⁻¹ (r_B × d).
 *
 * **Anchors: the witness points.** The narrowphase puts the contact point midway between the two
 * surfaces, so for a contact with separation Φ the assembled anchors reach Φ/2 past each body's own
 * surface. Stewart–Trinkle's friction directions D are the tangential velocities of the material points
 * that are in contact once the gap has closed (the paper linearizes at the predicted contact; the exact Jacobian, e.g. the rod's ρθ̇ term of §4, is what reproduces
 * the paper). Here each body's anchor is moved back onto its own surface, along the normal:
 *
 *     r_A' = r_A − (Φ/2) n,     r_B' = r_B + (Φ/2) n.
 *
 * The normal rows do not change (r × n is unchanged by a shift along n); the tangent rows become those
 * of the witness points (for a sphere, the lever arm is exactly its radius, not radius + Φ/2). The world
 * inverse inertias are those of the assembly (start of the step).
 *
 * The Delassus entry of two rows is J_a M⁻¹ J_bᵀ = Σ over the dynamic bodies X the two contacts share
 * of s_a s_b [ d_a · d_b / m_X + (r_aX × d_a) · I_X⁻¹ (r_bX × d_b) ], s = −1 on the A side, +1 on B.
 * Non-dynamic bodies have 1/m = 0 and I⁻¹ = 0 and are skipped. All world frame, SI units.
 */

import { MotionType } from '../../../components/rigid-body';
import { nextCapacity } from '../../../components/capacity';
import { quatRotate } from '../../../math/quat';
import { cross3 } from '../../../math/vec3';
import { mat3MulVec } from '../../../math/mat3';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';

/** Angular parts of the rows, same layout as the problem's (`[9 × capacity]`, n, t1, t2 at 9c, +3, +6). */
export interface ContactRows {
  capacity: number;
  /** `[9 × capacity]` r_A' × d (unit: m). */
  angularA: Float64Array;
  /** `[9 × capacity]` r_B' × d (unit: m). */
  angularB: Float64Array;
  /** `[9 × capacity]` I_A⁻¹ (r_A' × d) (unit: 1/(kg·m)). */
  invInertiaAngularA: Float64Array;
  /** `[9 × capacity]` I_B⁻¹ (r_B' × d) (unit: 1/(kg·m)). */
  invInertiaAngularB: Float64Array;
  /** `[3 × capacity]` 1 / (J_d M⁻¹ J_dᵀ) per direction (unit: kg; 0 when both bodies are non-dynamic). */
  effectiveMass: Float64Array;
  /** `[6]`, `[3]`, `[3]` scratch of {@link buildContactRows} and {@link contactGaps}. */
  readonly tmp: Float64Array;
  readonly anchorA: Float64Array;
  readonly anchorB: Float64Array;
}

export function createContactRows(): ContactRows {
  return {
    capacity: 16,
    angularA: new Float64Array(144),
    angularB: new Float64Array(144),
    invInertiaAngularA: new Float64Array(144),
    invInertiaAngularB: new Float64Array(144),
    effectiveMass: new Float64Array(48),
    tmp: new Float64Array(6),
    anchorA: new Float64Array(3),
    anchorB: new Float64Array(3),
  };
}

/**
 * Fills `rows` for the problem's contacts with the witness-point anchors (file header).
 * @param gap `[contactCount]` Φ per contact (unit: m), see {@link contactGaps}
 * @param changedInertia `[bodies]` (optional) 1 for bodies whose `sb.invInertia` changed since assembly
 *   (the joints' geometric-stiffness inertia): their normal rows are recomputed from it too, so that every
 *   row of the step uses the same inverse inertia.
 */
export function buildContactRows(
  rows: ContactRows, p: ConstraintProblem, sb: SolverBodies, gap: Float64Array, changedInertia?: Uint8Array,
): void {
  const nc = p.contactCount;
  if (rows.capacity < nc) {
    const c = nextCapacity(rows.capacity, nc);
    rows.capacity = c;
    rows.angularA = new Float64Array(9 * c);
    rows.angularB = new Float64Array(9 * c);
    rows.invInertiaAngularA = new Float64Array(9 * c);
    rows.invInertiaAngularB = new Float64Array(9 * c);
    rows.effectiveMass = new Float64Array(3 * c);
  }
  const dir = p.direction, JA = rows.angularA, JB = rows.angularB, IA = rows.invInertiaAngularA, IB = rows.invInertiaAngularB;
  const anchorA = rows.anchorA, anchorB = rows.anchorB;
  for (let c = 0; c < nc; c++) {
    const o = 9 * c, c3 = 3 * c, half = 0.5 * gap[c];
    const a = p.bodyA[c], b = p.bodyB[c];
    anchorA[0] = p.rA[c3] - half * dir[o]; anchorA[1] = p.rA[c3 + 1] - half * dir[o + 1]; anchorA[2] = p.rA[c3 + 2] - half * dir[o + 2];
    anchorB[0] = p.rB[c3] + half * dir[o]; anchorB[1] = p.rB[c3 + 1] + half * dir[o + 1]; anchorB[2] = p.rB[c3 + 2] + half * dir[o + 2];
    const imA = sb.invMass[a], imB = sb.invMass[b];
    for (let d = 0; d < 3; d++) {
      const od = o + 3 * d;
      if (d === 0 && (changedInertia === undefined || (changedInertia[a] === 0 && changedInertia[b] === 0))) {
        // r × n is unchanged by the shift along n: keep the assembled values bit for bit.
        for (let i = 0; i < 3; i++) {
          JA[od + i] = p.angularA[od + i]; JB[od + i] = p.angularB[od + i];
          IA[od + i] = p.invInertiaAngularA[od + i]; IB[od + i] = p.invInertiaAngularB[od + i];
        }
        rows.effectiveMass[c3] = p.effectiveMass[c3];
        continue;
      }
      cross3(JA, od, anchorA, 0, dir, od);
      cross3(JB, od, anchorB, 0, dir, od);
      mat3MulVec(IA, od, sb.invInertia, 9 * a, JA, od);
      mat3MulVec(IB, od, sb.invInertia, 9 * b, JB, od);
      const k0 = imA + imB
        + JA[od] * IA[od] + JA[od + 1] * IA[od + 1] + JA[od + 2] * IA[od + 2]
        + JB[od] * IB[od] + JB[od + 1] * IB[od + 1] + JB[od + 2] * IB[od + 2];
      rows.effectiveMass[c3 + d] = k0 > 0 ? 1 / k0 : 0;
    }
  }
}

/** J_d · (v, ω) for contact c, direction d, written to `out[o]` (unit: m/s): {@link rowVelocity}'s form for
 * the step's loops (a number returned from a call V8 does not inline is boxed on the heap). */
export function rowVelocityAt(
  p: ConstraintProblem, rows: ContactRows, c: number, d: number, v: ArrayLike<number>, w: ArrayLike<number>,
  out: Float64Array, oo: number,
): void {
  const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], o = 9 * c + 3 * d;
  const dir = p.direction, ja = rows.angularA, jb = rows.angularB;
  out[oo] = dir[o] * (v[b3] - v[a3]) + dir[o + 1] * (v[b3 + 1] - v[a3 + 1]) + dir[o + 2] * (v[b3 + 2] - v[a3 + 2])
    + jb[o] * w[b3] + jb[o + 1] * w[b3 + 1] + jb[o + 2] * w[b3 + 2]
    - ja[o] * w[a3] - ja[o + 1] * w[a3 + 1] - ja[o + 2] * w[a3 + 2];
}

/** J_d · (v, ω) for contact c, direction d, with the velocities taken from `v`, `w` (`[3 × bodies]`). */
export function rowVelocity(
  p: ConstraintProblem, rows: ContactRows, c: number, d: number, v: ArrayLike<number>, w: ArrayLike<number>,
): number {
  const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], o = 9 * c + 3 * d;
  const dir = p.direction, ja = rows.angularA, jb = rows.angularB;
  return dir[o] * (v[b3] - v[a3]) + dir[o + 1] * (v[b3 + 1] - v[a3 + 1]) + dir[o + 2] * (v[b3 + 2] - v[a3 + 2])
    + jb[o] * w[b3] + jb[o + 1] * w[b3 + 1] + jb[o + 2] * w[b3 + 2]
    - ja[o] * w[a3] - ja[o + 1] * w[a3 + 1] - ja[o + 2] * w[a3 + 2];
}

/**
 * Adds M⁻¹ Jᵀ (λn, λ1, λ2) of contact c (impulses along n, t1, t2, unit: N·s, read from `imp[io..io + 2]`:
 * numbers passed to a call V8 does not inline are boxed on the heap) to the velocity arrays `v`, `w`
 * (`[3 × bodies]`, unit: m/s, rad/s). Only dynamic bodies change.
 */
export function applyContactImpulse(
  p: ConstraintProblem, rows: ContactRows, sb: SolverBodies, c: number, imp: ArrayLike<number>, io: number,
  v: Float64Array, w: Float64Array,
): void {
  const ln = imp[io], l1 = imp[io + 1], l2 = imp[io + 2];
  const o = 9 * c, dir = p.direction;
  const px = ln * dir[o] + l1 * dir[o + 3] + l2 * dir[o + 6];
  const py = ln * dir[o + 1] + l1 * dir[o + 4] + l2 * dir[o + 7];
  const pz = ln * dir[o + 2] + l1 * dir[o + 5] + l2 * dir[o + 8];
  const a = p.bodyA[c], b = p.bodyB[c];
  if (sb.motionType[a] === MotionType.dynamic) {
    const ia = rows.invInertiaAngularA, im = sb.invMass[a], a3 = 3 * a;
    v[a3] -= im * px; v[a3 + 1] -= im * py; v[a3 + 2] -= im * pz;
    w[a3] -= ln * ia[o] + l1 * ia[o + 3] + l2 * ia[o + 6];
    w[a3 + 1] -= ln * ia[o + 1] + l1 * ia[o + 4] + l2 * ia[o + 7];
    w[a3 + 2] -= ln * ia[o + 2] + l1 * ia[o + 5] + l2 * ia[o + 8];
  }
  if (sb.motionType[b] === MotionType.dynamic) {
    const ib = rows.invInertiaAngularB, im = sb.invMass[b], b3 = 3 * b;
    v[b3] += im * px; v[b3 + 1] += im * py; v[b3 + 2] += im * pz;
    w[b3] += ln * ib[o] + l1 * ib[o + 3] + l2 * ib[o + 6];
    w[b3 + 1] += ln * ib[o + 1] + l1 * ib[o + 4] + l2 * ib[o + 7];
    w[b3 + 2] += ln * ib[o + 2] + l1 * ib[o + 5] + l2 * ib[o + 8];
  }
}

/** Adds `sign` × one side's term d_a · d_b / m + (r_a × d_a) · I⁻¹ (r_b × d_b) to `out[oo]` (sign ±1; body X's
 * 1/m read as `invMass[x]`, angular arrays chosen by the caller). Takes the body and writes its result to an
 * array: numbers passed to or returned from a call V8 does not inline are boxed on the heap. */
function addSideTerm(
  dir: Float64Array, invMass: Float64Array, x: number, oa: number, ob: number, angA: Float64Array, invAngB: Float64Array,
  sign: number, out: Float64Array, oo: number,
): void {
  const t = invMass[x] * (dir[oa] * dir[ob] + dir[oa + 1] * dir[ob + 1] + dir[oa + 2] * dir[ob + 2])
    + angA[oa] * invAngB[ob] + angA[oa + 1] * invAngB[ob + 1] + angA[oa + 2] * invAngB[ob + 2];
  if (sign > 0) out[oo] += t;
  else out[oo] -= t;
}

/**
 * Writes the 3×3 Delassus block J_a M⁻¹ J_bᵀ of contacts a and b (rows and columns n, t1, t2 of each)
 * into `out[oo + 3 i + j]` (i: direction of a, j: direction of b; unit: 1/kg). Returns false (and writes
 * nothing) when the two contacts share no dynamic body, i.e. the block is zero.
 */
export function delassusBlock(
  p: ConstraintProblem, rows: ContactRows, sb: SolverBodies, a: number, b: number, out: Float64Array, oo: number,
): boolean {
  const dyn = MotionType.dynamic, mt = sb.motionType;
  const aA = p.bodyA[a], aB = p.bodyB[a], bA = p.bodyA[b], bB = p.bodyB[b];
  // Up to two shared bodies: (side of a, side of b) pairs with sign s_a s_b.
  const sAA = mt[aA] === dyn && aA === bA, sAB = mt[aA] === dyn && aA === bB;
  const sBA = mt[aB] === dyn && aB === bA, sBB = mt[aB] === dyn && aB === bB;
  if (!(sAA || sAB || sBA || sBB)) return false;
  const dir = p.direction, im = sb.invMass;
  const JA = rows.angularA, JB = rows.angularB, IA = rows.invInertiaAngularA, IB = rows.invInertiaAngularB;
  for (let i = 0; i < 3; i++) {
    const oa = 9 * a + 3 * i;
    for (let j = 0; j < 3; j++) {
      const ob = 9 * b + 3 * j, o = oo + 3 * i + j;
      out[o] = 0;
      if (sAA) addSideTerm(dir, im, aA, oa, ob, JA, IA, 1, out, o);
      if (sAB) addSideTerm(dir, im, aA, oa, ob, JA, IB, -1, out, o);
      if (sBA) addSideTerm(dir, im, aB, oa, ob, JB, IA, -1, out, o);
      if (sBB) addSideTerm(dir, im, aB, oa, ob, JB, IB, 1, out, o);
    }
  }
  return true;
}

/**
 * Signed separation Φ of every contact at the current pose deltas, written to `out[c]` (unit: m; negative
 * = penetration): Φ = n · ((Δp_B + Δq_B r_B) − (Δp_A + Δq_A r_A)) + s₀, with s₀ = `baseSeparation` (the
 * separation at the start of the step minus n · (r_B − r_A)). At the start of the step (Δp = 0, Δq = 1)
 * this is the narrowphase separation. (Written to an array rather than returned: a returned double that
 * is not inlined is boxed, i.e. allocated, by V8.)
 */
export function contactGaps(rows: ContactRows, p: ConstraintProblem, sb: SolverBodies, out: Float64Array): void {
  for (let c = 0; c < p.contactCount; c++) contactGap(rows, p, sb, c, out, c);
}

/** Φ of contact c at the current pose deltas (as {@link contactGaps}), written to `out[o]` (unit: m). */
export function contactGap(rows: ContactRows, p: ConstraintProblem, sb: SolverBodies, c: number, out: Float64Array, o = 0): void {
  const dp = sb.dp, n = p.direction, tmp = rows.tmp;
  const a = p.bodyA[c], b = p.bodyB[c], c3 = 3 * c, d = 9 * c;
  quatRotate(tmp, 0, sb.dq, 4 * a, p.rA, c3);
  quatRotate(tmp, 3, sb.dq, 4 * b, p.rB, c3);
  const a3 = 3 * a, b3 = 3 * b;
  out[o] = n[d] * (dp[b3] + tmp[3] - dp[a3] - tmp[0])
    + n[d + 1] * (dp[b3 + 1] + tmp[4] - dp[a3 + 1] - tmp[1])
    + n[d + 2] * (dp[b3 + 2] + tmp[5] - dp[a3 + 2] - tmp[2])
    + p.baseSeparation[c];
}
