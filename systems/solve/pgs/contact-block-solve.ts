/**
 * Nonlinear block Gauss–Seidel over contacts with an exact per-contact solve (the `blockSolve: 'exact'`
 * option of the fast solver): each contact point's 3×3 block is solved exactly for the friction law of
 * the world, given the impulses of all other contacts (Preclik, Eibl & Rüde
 * 2018 §2.3 / digest §2.2–2.3):
 *
 *   A_c = J_c M⁻¹ J_cᵀ                         (3×3 Delassus block in the contact frame n, t1, t2)
 *   u   = J_c v                                (current relative contact velocity, own impulse included)
 *   b   = −(u − A_c λ_c) − (0 … bias)           (minus the free velocity; the gap term in b_n)
 *   λ_c ← argmin of the law's single-contact problem (systems/solve/mdp/single-contact.ts)
 *   apply Δλ = λ_c(new) − λ_c(old) to the two bodies.
 *
 * The gap term is the paper's error reduction on penetration only: b_n ← b_n − ξ_eff/h with
 * ξ_eff = ξ for a positive gap (used in full, so a contact that will not close in this substep gets no
 * impulse) and, on the biased sweeps, ξ_eff/h = max(β ξ, −v_pushout) for a penetration (β the same
 * bias rate as the cone-projection rows), 0 on the relaxation sweeps.
 *
 * Softness on the biased sweeps: for one linear row, the soft update
 * Δλ = −m·massScale·(Jv + bias) − impulseScale·λ (`soft-constraint.ts`) is exactly the rigid
 * complementarity u⁺ + bias + γ λ ≥ 0 ⊥ λ ≥ 0 with the compliance γ = A_nn (1/massScale − 1)
 * (use massScale + impulseScale = 1). The block sweep therefore solves the block with
 * A_nn replaced by A_nn / massScale on the biased sweeps (soft normal, rigid friction, as the
 * cone-projection rows do) and with A itself on the relaxation sweeps.
 *
 * Uncoupled contacts (no normal–tangent coupling, isotropic tangential block: every contact of a
 * sphere) take the closed form of both laws, the disk projection x_to = Π(b_to / A_tt, μ x_n) with
 * x_n = b_n / A_nn (digest §1.5), so MDP and Coulomb worlds agree bit for bit on spheres.
 * Reads and writes only the ConstraintProblem, the SolverBodies and the solver's own scratch.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { growFloat64, nextCapacity } from '../../../components/capacity';
import {
  createSingleContactWorkspace, solveSingleContactUnchecked, type FrictionLaw, type SingleContactWorkspace,
} from '../mdp/single-contact';
import type { Softness } from '../common/soft-constraint';

/** Solver-owned scratch of the exact block sweep. */
export interface BlockScratch {
  /** `[9 × capacity]` Delassus blocks, row-major, contact frame (unit: 1/kg). */
  delassus: Float64Array;
  /** `[3]` right-hand side b of one block (unit: m/s). */
  b: Float64Array;
  /** `[3]` new impulse of one block (unit: N·s). */
  x: Float64Array;
  /** `[9]` the block with the soft normal compliance of the biased sweeps. */
  softBlock: Float64Array;
  /** The single-contact solver's problem, results and scratch (`../mdp/single-contact.ts`). */
  readonly contact: SingleContactWorkspace;
}

export function createBlockScratch(): BlockScratch {
  return {
    delassus: new Float64Array(9 * 64), b: new Float64Array(3), x: new Float64Array(3), softBlock: new Float64Array(9),
    contact: createSingleContactWorkspace(),
  };
}

/**
 * Writes every contact point's Delassus block A_ij = δ_ij (1/m_A + 1/m_B) + (r_A × d_i)ᵀ I_A⁻¹ (r_A × d_j)
 * + (r_B × d_i)ᵀ I_B⁻¹ (r_B × d_j) (the directions are orthonormal, so the linear part is diagonal).
 */
export function computeDelassusBlocks(p: ConstraintProblem, sb: SolverBodies, s: BlockScratch): void {
  if (s.delassus.length < 9 * p.contactCount) {
    s.delassus = growFloat64(s.delassus, 9 * nextCapacity(s.delassus.length / 9, p.contactCount));
  }
  const D = s.delassus, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  for (let c = 0; c < p.contactCount; c++) {
    const c9 = 9 * c;
    const lin = sb.invMass[p.bodyA[c]] + sb.invMass[p.bodyB[c]];
    for (let i = 0; i < 3; i++) {
      const oi = c9 + 3 * i;
      for (let j = i; j < 3; j++) {
        const oj = c9 + 3 * j;
        const v = (i === j ? lin : 0)
          + jA[oi] * iA[oj] + jA[oi + 1] * iA[oj + 1] + jA[oi + 2] * iA[oj + 2]
          + jB[oi] * iB[oj] + jB[oi + 1] * iB[oj + 1] + jB[oi + 2] * iB[oj + 2];
        D[c9 + 3 * i + j] = v;
        D[c9 + 3 * j + i] = v;
      }
    }
  }
}

/** Relative size below which a coupling term of a block counts as zero. */
const UNCOUPLED_RTOL = 1e-12;

/**
 * The closed form for a block without normal–tangent coupling and with an isotropic tangential part
 * (digest §1.5; the same under both laws): x_n = b_n / A_nn, x_to = b_to / A_tt clamped to the disk
 * of radius μ x_n. Returns false when the block is coupled.
 */
function uncoupled(A: Float64Array, o: number, b: Float64Array, mu: number, x: Float64Array): boolean {
  const tt = A[o + 4];
  const tol = UNCOUPLED_RTOL * (A[o] + tt);
  if (Math.abs(A[o + 1]) > tol || Math.abs(A[o + 2]) > tol || Math.abs(A[o + 5]) > tol
    || Math.abs(A[o + 8] - tt) > tol) return false;
  const xn = b[0] / A[o];
  let xt = b[1] / tt, xo = b[2] / tt;
  const l2 = xt * xt + xo * xo, max = mu * xn;
  if (l2 > max * max) {
    const k = max / Math.sqrt(l2);
    xt *= k; xo *= k;
  }
  x[0] = xn; x[1] = xt; x[2] = xo;
  return true;
}

/**
 * The sticking impulse x = A⁻¹ b (3×3, by cofactors) if it lies in the friction cone, in which case it
 * is the answer under both laws (it is the unconstrained energy minimiser; single-contact.ts case
 * `Stick`). Returns false, leaving `x` undefined, otherwise. A fast path: most contacts of a resting
 * scene stick.
 */
function stick(A: Float64Array, o: number, b: Float64Array, mu: number, x: Float64Array): boolean {
  const a00 = A[o], a01 = A[o + 1], a02 = A[o + 2], a11 = A[o + 4], a12 = A[o + 5], a22 = A[o + 8];
  const c00 = a11 * a22 - a12 * a12, c01 = a02 * a12 - a01 * a22, c02 = a01 * a12 - a02 * a11;
  const det = a00 * c00 + a01 * c01 + a02 * c02;
  if (!(det > 0)) return false;
  const c11 = a00 * a22 - a02 * a02, c12 = a01 * a02 - a00 * a12, c22 = a00 * a11 - a01 * a01;
  const inv = 1 / det;
  const xn = (c00 * b[0] + c01 * b[1] + c02 * b[2]) * inv;
  const xt = (c01 * b[0] + c11 * b[1] + c12 * b[2]) * inv;
  const xo = (c02 * b[0] + c12 * b[1] + c22 * b[2]) * inv;
  if (!(xn >= 0) || xt * xt + xo * xo > mu * mu * xn * xn) return false;
  x[0] = xn; x[1] = xt; x[2] = xo;
  return true;
}

/**
 * One nonlinear block Gauss–Seidel sweep with the exact single-contact solve.
 * `separation(c)` values come from `currentSeparation` of the row solver (same pose deltas).
 */
export function solveContactBlocks(
  p: ConstraintProblem, sb: SolverBodies, s: BlockScratch, law: FrictionLaw, invH: number,
  soft: Softness, useBias: boolean, maxPushout: number,
  separation: (p: ConstraintProblem, sb: SolverBodies, c: number, a: number, b: number) => number,
): void {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const imp = p.impulse, D = s.delassus, bb = s.b, x = s.x;
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const dvx = v[b3] - v[a3], dvy = v[b3 + 1] - v[a3 + 1], dvz = v[b3 + 2] - v[a3 + 2];
    const l0 = imp[c3], l1 = imp[c3 + 1], l2 = imp[c3 + 2];
    for (let d = 0; d < 3; d++) {
      const o = c9 + 3 * d;
      const u = dir[o] * dvx + dir[o + 1] * dvy + dir[o + 2] * dvz
        + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2]
        - jA[o] * w[a3] - jA[o + 1] * w[a3 + 1] - jA[o + 2] * w[a3 + 2];
      const own = D[c9 + 3 * d] * l0 + D[c9 + 3 * d + 1] * l1 + D[c9 + 3 * d + 2] * l2;
      bb[d] = -(u - own);
    }
    const sep = separation(p, sb, c, a, b);
    let A = D, ao = c9;
    if (sep > 0) bb[0] -= sep * invH;
    else if (useBias) {
      bb[0] -= Math.max(soft.biasRate * sep, -maxPushout);
      A = s.softBlock;
      ao = 0;
      for (let k = 0; k < 9; k++) A[k] = D[c9 + k];
      A[0] /= soft.massScale;
    }
    const mu = p.friction[c];
    if (bb[0] <= 0) {
      // separating (free normal velocity not approaching): no impulse under either law
      x[0] = 0; x[1] = 0; x[2] = 0;
    } else if (!uncoupled(A, ao, bb, mu, x) && !stick(A, ao, bb, mu, x)) {
      solveSingleContactUnchecked(s.contact, A, bb, mu, law, x, ao, 0, 0, imp, c3); // guess: the previous impulse
    }
    const d0 = x[0] - l0, d1 = x[1] - l1, d2 = x[2] - l2;
    imp[c3] = x[0]; imp[c3 + 1] = x[1]; imp[c3 + 2] = x[2];
    if (d0 > p.maxNormalImpulse[c]) p.maxNormalImpulse[c] = d0;
    const mA = im[a], mB = im[b];
    const o0 = c9, o1 = c9 + 3, o2 = c9 + 6;
    const px = d0 * dir[o0] + d1 * dir[o1] + d2 * dir[o2];
    const py = d0 * dir[o0 + 1] + d1 * dir[o1 + 1] + d2 * dir[o2 + 1];
    const pz = d0 * dir[o0 + 2] + d1 * dir[o1 + 2] + d2 * dir[o2 + 2];
    v[a3] -= mA * px; v[a3 + 1] -= mA * py; v[a3 + 2] -= mA * pz;
    v[b3] += mB * px; v[b3 + 1] += mB * py; v[b3 + 2] += mB * pz;
    w[a3] -= d0 * iA[o0] + d1 * iA[o1] + d2 * iA[o2];
    w[a3 + 1] -= d0 * iA[o0 + 1] + d1 * iA[o1 + 1] + d2 * iA[o2 + 1];
    w[a3 + 2] -= d0 * iA[o0 + 2] + d1 * iA[o1 + 2] + d2 * iA[o2 + 2];
    w[b3] += d0 * iB[o0] + d1 * iB[o1] + d2 * iB[o2];
    w[b3 + 1] += d0 * iB[o0 + 1] + d1 * iB[o1 + 1] + d2 * iB[o2 + 1];
    w[b3 + 2] += d0 * iB[o0 + 2] + d1 * iB[o1 + 2] + d2 * iB[o2 + 2];
  }
}
