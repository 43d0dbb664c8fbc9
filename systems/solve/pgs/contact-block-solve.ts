/**
 * Nonlinear block Gauss–Seidel over contacts with an exact per-contact solve (the `blockSolve: 'exact'`
 * option of the fast solver): each contact point's 3×3 block is solved exactly for the friction law of
 * the world, given the impulses of all other contacts (Preclik, Eibl & Rüde
 * 2018 §3.1, eq. 5):
 *
 *   A_c = J_c M⁻¹ J_cᵀ                         (3×3 Delassus block in the contact frame n, t1, t2)
 *   u   = J_c v                                (current relative contact velocity, own impulse included)
 *   b   = −(u − A_c λ_c) − (0 … bias)           (minus the free velocity; the gap term in b_n)
 *   λ_c ← argmin of the law's single-contact problem (systems/solve/mdp/single-contact.ts)
 *   apply Δλ = λ_c(new) − λ_c(old) to the two bodies.
 *
 * The gap term is the paper's error reduction on penetration only: b_n ← b_n − ξ_eff/h with
 * ξ_eff = ξ for a gap above 1 µm (used in full, so a contact that will not close in this substep gets no
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
 * x_n = b_n / A_nn (Preclik, Eibl & Rüde 2018 §3.2), so MDP and Coulomb worlds agree bit for bit on spheres.
 * Reads and writes only the ConstraintProblem, the SolverBodies and the solver's own scratch.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { growFloat64, growInt32, nextCapacity } from '../../../components/capacity';
import {
  createSingleContactWorkspace, solveSingleContactAt, type FrictionLaw, type SingleContactWorkspace,
} from '../mdp/single-contact';
import { createNormalBlockLcp, type NormalBlockLcp } from './normal-block-lcp';
import type { Softness } from '../common/soft-constraint';
import { applyRestitution, manifoldAtRest, RELAX_REST_STEPS, solveNormalSet } from './contact-solve';
import type { RestingManifolds } from './pgs-options';
import type { InertiaRefresh } from './inertia-refresh';

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
  /** The normal-set LCP's data and scratch (`normal-block-lcp.ts`, used by `solveNormalSet`). */
  readonly normalBlock: NormalBlockLcp;
  /** `[4]` contact indices of the points of the set being solved (`solveNormalSet`). */
  normalIndex: Int32Array;
  /** `[4]` their target velocities (bias or −e v⁻; m/s) and whether their rows are soft (1) or rigid (0). */
  normalTarget: Float64Array;
  normalSoft: Uint8Array;
  /** `[capacity]` at the first point of a manifold of k points: k, or −k when it is at rest (its normal
   * rows are then not solved as one block; {@link markManifoldBlocks}); 0 at its other points. */
  manifoldBlock: Int32Array;
  /** `[2 × capacity]` the lever rotation of each point's two friction rows in this substep (m/s; see
   * {@link solveContactBlocks}). */
  leverRotation: Float64Array;
  /** `[capacity]` the lever rotation of each point's normal row in this substep, about the centres of
   * curvature of its rounded colliders (m/s; see {@link normalLeverRotation}). */
  normalLever: Float64Array;
}

export function createBlockScratch(): BlockScratch {
  return {
    delassus: new Float64Array(9 * 64), b: new Float64Array(3), x: new Float64Array(3), softBlock: new Float64Array(9),
    contact: createSingleContactWorkspace(), normalBlock: createNormalBlockLcp(),
    normalIndex: new Int32Array(4), normalTarget: new Float64Array(4),
    normalSoft: new Uint8Array(4), manifoldBlock: new Int32Array(64), leverRotation: new Float64Array(2 * 64),
    normalLever: new Float64Array(64),
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
  if (s.leverRotation.length < 2 * p.contactCount) {
    s.leverRotation = growFloat64(s.leverRotation, 2 * nextCapacity(s.leverRotation.length / 2, p.contactCount));
  }
  if (s.normalLever.length < p.contactCount) s.normalLever = growFloat64(s.normalLever, nextCapacity(s.normalLever.length, p.contactCount));
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

/**
 * Refreshes the contact points that touch a body marked in `ir` (`inertia-refresh.ts`: it turned within
 * the step and its inverse inertia is anisotropic): the impulse responses I⁻¹ (r × d) of the marked side
 * in `p` (`invInertiaAngularA` / `B`, read by the warm start, the sweeps and the restitution pass) and
 * the Delassus blocks, with that body's current world inverse inertia. The Jacobians are those of the
 * step's start.
 */
export function refreshTurnedBlocks(p: ConstraintProblem, sb: SolverBodies, s: BlockScratch, ir: InertiaRefresh): void {
  const turned = ir.turned, I = ir.inertia, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  let any = false;
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const ta = turned[a] === 1, tb = turned[b] === 1;
    if (!ta && !tb) continue;
    any = true;
    for (let d = 0; d < 3; d++) {
      const o = 9 * c + 3 * d;
      if (ta) mat3Times(I, 9 * a, jA, o, iA);
      if (tb) mat3Times(I, 9 * b, jB, o, iB);
    }
  }
  if (any) computeDelassusBlocks(p, sb, s);
}

/** out[o..o+3] = M u[o..o+3] for the row-major 3 × 3 matrix M at I[m..m+9]. */
function mat3Times(I: Float64Array, m: number, u: Float64Array, o: number, out: Float64Array): void {
  const ux = u[o], uy = u[o + 1], uz = u[o + 2];
  out[o] = I[m] * ux + I[m + 1] * uy + I[m + 2] * uz;
  out[o + 1] = I[m + 3] * ux + I[m + 4] * uy + I[m + 5] * uz;
  out[o + 2] = I[m + 6] * ux + I[m + 7] * uy + I[m + 8] * uz;
}

/**
 * Largest gap that counts as touching (unit: m), as in the rows (`contact-solve.ts`,
 * `SPECULATIVE_MIN_GAP`): a speculative point closes its gap exactly to first order, so the corners of
 * a face that lands flat end the substep at s = 0 up to round-off, and with the switch at 0 round-off
 * alone picked which corners were soft and which rigid (a cube landing flat at 140 m/s kept 2e-6 m/s
 * of sideways speed).
 */
const SPECULATIVE_MIN_GAP = 1e-6;

/**
 * Marks the manifolds whose normal rows the sweeps of this step solve as one block
 * ({@link solveManifoldNormals}): every manifold of k ≥ 2 points that is not at rest, by the rule of
 * the cone-projection rows (`manifoldAtRest`: calm = every touching point carried impulse in the last
 * step and every point's normal speed at assembly is at most 0.1 m/s; at rest = calm in this step and
 * the 2 before). `manifoldBlock[c]` = k at the first point of a manifold of k points (0 elsewhere),
 * negative when it is at rest. A manifold at rest is warm-started to nearly its answer; its points' own
 * blocks keep it in the biased sweeps (on the 1000-box pile, every manifold as a block made the
 * max-dissipation solve stage about 50 % slower): `resting` 'rows' (`manifoldSolve: 'block'` or 'block-rows', the
 * default). With 'relax' (`'block-relax'`) its normal rows are one set in the relaxation sweeps from
 * `RELAX_REST_STEPS` calm steps on (marked REST_BLOCK + k; before that, one set in every sweep), which
 * keeps a 20-cube stack from swaying (2.9 mm against 12.6 mm over 10 s); 'block' (`'block-always'`)
 * makes every manifold one set in every sweep. So does a manifold none of whose points carries impulse or approaches faster than
 * {@link IDLE_SPEED} (boxes side by side in a pyramid or pile, touching without load).
 */
/** Approach speed at assembly above which a manifold without impulse is solved as one block (unit:
 * m/s; the rows' calm speed). */
const IDLE_SPEED = 0.1;
/** `manifoldBlock` mark of a manifold at rest solved as one set in the relaxation sweeps only: REST_BLOCK + k. */
const REST_BLOCK = 16;
export function markManifoldBlocks(p: ConstraintProblem, s: BlockScratch, resting: RestingManifolds): void {
  const n = p.contactCount, store = p.storeIndex;
  if (s.manifoldBlock.length < n) s.manifoldBlock = growInt32(s.manifoldBlock, nextCapacity(s.manifoldBlock.length, n));
  for (let c = 0; c < n;) {
    let k = 1;
    while (c + k < n && store[c + k] >> 2 === store[c] >> 2) k++;
    // a manifold that neither carries impulse nor approaches (two faces just touching, side by side)
    // has nothing to share among its points: its points' own blocks take any load it gets
    let active = false;
    for (let i = c; i < c + k && !active; i++) active = p.impulse[3 * i] > 0 || p.relativeVelocity[i] < -IDLE_SPEED;
    const atRest = resting !== 'block' && manifoldAtRest(p, c, k, resting === 'rows' ? undefined : RELAX_REST_STEPS);
    s.manifoldBlock[c] = !active || (atRest && resting === 'rows') ? -k : atRest ? REST_BLOCK + k : k;
    for (let i = c + 1; i < c + k; i++) s.manifoldBlock[i] = 0;
    c += k;
  }
}

/** Relative size below which a coupling term of a block counts as zero. */
const UNCOUPLED_RTOL = 1e-12;

/**
 * The closed form for a block without normal–tangent coupling and with an isotropic tangential part
 * (Preclik, Eibl & Rüde 2018 §3.2; the same under both laws): x_n = b_n / A_nn, x_to = b_to / A_tt clamped to the disk
 * of radius μ x_n, μ = `muOf[c]` (the point's friction coefficient, read here: a number passed to a call
 * V8 does not inline is boxed). Returns false when the block is coupled.
 */
function uncoupled(A: Float64Array, o: number, b: Float64Array, muOf: Float64Array, c: number, x: Float64Array): boolean {
  const mu = muOf[c];
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
 * `Stick`), μ = `muOf[c]` as in {@link uncoupled}. Returns false, leaving `x` undefined, otherwise. A fast
 * path: most contacts of a resting scene stick.
 */
function stick(A: Float64Array, o: number, b: Float64Array, muOf: Float64Array, c: number, x: Float64Array): boolean {
  const mu = muOf[c];
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
 * The normal rows' lever rotation of this substep, `out[c]` = n · (k_B ω_B × (θ_B × q_B) − k_A ω_A × (θ_A × q_A))
 * (unit: m/s) with θ = Δθ + (h/2) ω (`halfH` = h/2, Δθ the rotation since the start of the step),
 * q_A = r_A − (ρ_A + s/2) n, q_B = r_B + (ρ_B + s/2) n the centres of curvature under the point (`p.rounding`
 * ρ: the radius of a sphere or capsule, else 0; s the separation at the start of the step: the point lies
 * midway between the surfaces) and k = 1 on a rounded side (ρ > 0) of a touching point (s ≤ 1 µm), 0
 * otherwise. Added to the normal row's
 * velocity J_n v, it makes the row act on the separation's rate at the middle of the substep, second order
 * in the rotation: the point of a rounded collider stays where the centre of its curvature is nearest the
 * other body, whatever the turn, so that centre's turn is what moves it (a rolling sphere or capsule gets
 * 0: its centre does not turn about itself). A vertex or a face's point is the nearest feature only for
 * small turns, so the term is left out there: about it, a box spinning at 21 rad/s got 5.6 m/s on a
 * speculative point and the changed trajectories put a 12 g plate below the ground (fuzz mdp seed 2342).
 * A speculative row's bias s/h comes from the first-order separation (`currentSeparation`), which does not
 * have the term: the next substep's bias takes back what the term added (a soft row's β s only a β h part
 * of it), so at a speculative point the term only adds noise; it is left out there too.
 * Without it, a rounded end swinging on a long lever sank along its arc: a thin capsule (radius 4.95 cm,
 * 2.74 m core, 699 kg) spinning at 38 rad/s on one end, whose end's centre turns about the body's centre at
 * 0.6 rad per step; the arc's drop within a substep was caught up only by the soft contact's push-out β|s|h,
 * which balanced it at s = −15.7 mm (with the term the end stays within 5.0 mm).
 */
function normalLeverRotation(p: ConstraintProblem, sb: SolverBodies, halfH: number, out: Float64Array): void {
  const w = sb.w, th = sb.dtheta, dir = p.direction, rA = p.rA, rB = p.rB, rho = p.rounding, sep = p.separation;
  for (let c = 0; c < p.contactCount; c++) {
    // only a rounded side (its centre of curvature is a material point that stays under the contact) of a
    // touching point (a speculative row's bias s/h is from the first-order separation, which the term
    // would contradict)
    const touch = sep[c] <= SPECULATIVE_MIN_GAP;
    const kA = touch && rho[2 * c] > 0 ? 1 : 0, kB = touch && rho[2 * c + 1] > 0 ? 1 : 0;
    if (kA === 0 && kB === 0) { out[c] = 0; continue; } // no rounded side of a touching point: no term
    const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], c3 = 3 * c, c9 = 9 * c;
    const nx = dir[c9], ny = dir[c9 + 1], nz = dir[c9 + 2], hs = 0.5 * sep[c], ra = rho[2 * c] + hs, rb = rho[2 * c + 1] + hs;
    const qAx = rA[c3] - ra * nx, qAy = rA[c3 + 1] - ra * ny, qAz = rA[c3 + 2] - ra * nz;
    const qBx = rB[c3] + rb * nx, qBy = rB[c3 + 1] + rb * ny, qBz = rB[c3 + 2] + rb * nz;
    const wAx = kA * w[a3], wAy = kA * w[a3 + 1], wAz = kA * w[a3 + 2], wBx = kB * w[b3], wBy = kB * w[b3 + 1], wBz = kB * w[b3 + 2];
    const aX = th[a3] + halfH * wAx, aY = th[a3 + 1] + halfH * wAy, aZ = th[a3 + 2] + halfH * wAz;
    const bX = th[b3] + halfH * wBx, bY = th[b3 + 1] + halfH * wBy, bZ = th[b3 + 2] + halfH * wBz;
    const cAx = aY * qAz - aZ * qAy, cAy = aZ * qAx - aX * qAz, cAz = aX * qAy - aY * qAx;
    const cBx = bY * qBz - bZ * qBy, cBy = bZ * qBx - bX * qBz, cBz = bX * qBy - bY * qBx;
    out[c] = nx * (wBy * cBz - wBz * cBy - (wAy * cAz - wAz * cAy))
      + ny * (wBz * cBx - wBx * cBz - (wAz * cAx - wAx * cAz))
      + nz * (wBx * cBy - wBy * cBx - (wAx * cAy - wAy * cAx));
  }
}

/**
 * One nonlinear block Gauss–Seidel sweep with the exact single-contact solve.
 * `separation(c)` values come from `currentSeparation` of the row solver (same pose deltas). A manifold at
 * rest marked for the relaxation sweeps (REST_BLOCK + k) is one set only in a relaxation sweep with
 * `restBlocks` (default true; 'last-relax' passes it in the last substep only).
 *
 * A manifold of k ≥ 2 points (consecutive, same bodies and normal; `storeIndex` = manifold × 4 +
 * point) first has its k normal rows solved together, exactly, friction impulses held
 * ({@link solveManifoldNormals}); then each point's 3×3 block as above. One point after the other, the
 * corners of a face that lands flat are not symmetric: the first corner visited takes the whole impact,
 * its normal impulse turns the box, and the coupled friction of the next corners (A_nt ≠ 0 off the
 * centre) answers that turn with a sideways impulse. Measured before this pass, max-dissipation law,
 * dt 1/60: a 1 m cube dropped flat from 1 m ended 29 mm sideways and spun at up to 0.95 rad/s; dropped
 * at 140 m/s onto a slab it left sideways at 21 m/s and fell off. The normal pass shares the impact
 * among the corners as the manifold's LCP does (the symmetric split for a symmetric landing), and the
 * per-point blocks then find their friction already in balance. Both passes enforce conditions that
 * hold at the sweep's fixed point (normal complementarity is part of either friction law), so the
 * fixed point, and with it the friction law, is unchanged.
 */
export function solveContactBlocks(
  p: ConstraintProblem, sb: SolverBodies, s: BlockScratch, law: FrictionLaw, invH: number,
  soft: Softness, useBias: boolean, maxPushout: number,
  separation: (p: ConstraintProblem, sb: SolverBodies, c: number, a: number, b: number) => number,
  refreshLevers: boolean, restBlocks = true,
): void {
  const v = sb.v, w = sb.w, im = sb.invMass, lever = s.leverRotation;
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const imp = p.impulse, D = s.delassus, bb = s.b, x = s.x, blocks = s.manifoldBlock;
  const rA = p.rA, rB = p.rB, th = sb.dtheta, halfH = 0.5 / invH, nLever = s.normalLever;
  if (refreshLevers) normalLeverRotation(p, sb, halfH, nLever);
  for (let c = 0; c < p.contactCount; c++) {
    const kb = blocks[c];
    // a manifold at rest is one set in the relaxation sweeps only (with 'last-relax' in the last substep's)
    const k = kb > REST_BLOCK ? (useBias || !restBlocks ? 0 : kb - REST_BLOCK) : kb;
    if (k >= 2) solveManifoldNormals(p, sb, s, c, k, invH, soft, useBias, maxPushout, separation);
    // ---- the exact solve of point c's 3×3 block given every other impulse
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const dvx = v[b3] - v[a3], dvy = v[b3 + 1] - v[a3 + 1], dvz = v[b3 + 2] - v[a3 + 2];
    const l0 = imp[c3], l1 = imp[c3 + 1], l2 = imp[c3 + 2];
    // the lever rotation of the substep's middle (`leverRotation` in contact-solve.ts): ω × (θ × r),
    // θ = Δθ + (h/2) ω, for B minus for A; it enters the two friction rows. Computed by the first sweep
    // of the substep and held for its other sweeps, as the cone-projection rows do: recomputed in every
    // sweep from the ω the sweeps produce, it fed back on itself (a thin capsule turning at 57 rad/s
    // reached 1217 rad/s within one substep once its rows acted through its current inverse inertia).
    if (refreshLevers) {
      const rAx = rA[c3], rAy = rA[c3 + 1], rAz = rA[c3 + 2], rBx = rB[c3], rBy = rB[c3 + 1], rBz = rB[c3 + 2];
      const wAx = w[a3], wAy = w[a3 + 1], wAz = w[a3 + 2], wBx = w[b3], wBy = w[b3 + 1], wBz = w[b3 + 2];
      const aX = th[a3] + halfH * wAx, aY = th[a3 + 1] + halfH * wAy, aZ = th[a3 + 2] + halfH * wAz;
      const bX = th[b3] + halfH * wBx, bY = th[b3 + 1] + halfH * wBy, bZ = th[b3 + 2] + halfH * wBz;
      const cAx = aY * rAz - aZ * rAy, cAy = aZ * rAx - aX * rAz, cAz = aX * rAy - aY * rAx;
      const cBx = bY * rBz - bZ * rBy, cBy = bZ * rBx - bX * rBz, cBz = bX * rBy - bY * rBx;
      const ux = wBy * cBz - wBz * cBy - (wAy * cAz - wAz * cAy);
      const uy = wBz * cBx - wBx * cBz - (wAz * cAx - wAx * cAz);
      const uz = wBx * cBy - wBy * cBx - (wAx * cAy - wAy * cAx);
      lever[2 * c] = dir[c9 + 3] * ux + dir[c9 + 4] * uy + dir[c9 + 5] * uz;
      lever[2 * c + 1] = dir[c9 + 6] * ux + dir[c9 + 7] * uy + dir[c9 + 8] * uz;
    }
    for (let d = 0; d < 3; d++) {
      const o = c9 + 3 * d;
      const u = dir[o] * dvx + dir[o + 1] * dvy + dir[o + 2] * dvz
        + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2]
        - jA[o] * w[a3] - jA[o + 1] * w[a3 + 1] - jA[o + 2] * w[a3 + 2]
        + (d === 0 ? nLever[c] : lever[2 * c + d - 1]);
      const own = D[c9 + 3 * d] * l0 + D[c9 + 3 * d + 1] * l1 + D[c9 + 3 * d + 2] * l2;
      bb[d] = -(u - own);
    }
    const sep = separation(p, sb, c, a, b);
    let A = D, ao = c9;
    if (sep > SPECULATIVE_MIN_GAP) bb[0] -= sep * invH;
    else if (useBias) {
      bb[0] -= Math.max(soft.biasRate * sep, -maxPushout);
      A = s.softBlock;
      ao = 0;
      for (let k = 0; k < 9; k++) A[k] = D[c9 + k];
      A[0] /= soft.massScale;
      // the soft compliance γ = A_nn / massScale − A_nn acts on the impulse above the rest load λ̄
      bb[0] += (A[0] - D[c9]) * Math.min(p.restLoad[c], l0);
    }
    if (bb[0] <= 0) {
      // separating (free normal velocity not approaching): no impulse under either law
      x[0] = 0; x[1] = 0; x[2] = 0;
    } else if (!uncoupled(A, ao, bb, p.friction, c, x) && !stick(A, ao, bb, p.friction, c, x)) {
      solveSingleContactAt(s.contact, A, bb, p.friction, c, law, x, ao, 0, 0, imp, c3); // guess: the previous impulse
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

/**
 * The normal rows of the k points c … c + k − 1 of one manifold as one LCP, the friction impulses
 * held (the rows' laws as in the point blocks of {@link solveContactBlocks}: speculative s > 1 µm with bias s/h, soft on the
 * biased sweeps with compliance γ_i = A_ii (1/massScale − 1), rigid on the relaxation sweeps), by
 * `solveNormalSet` (`contact-solve.ts`). When no active set passes, nothing changes here (the points' own blocks follow).
 */
function solveManifoldNormals(
  p: ConstraintProblem, sb: SolverBodies, s: BlockScratch, c: number, k: number, invH: number,
  soft: Softness, useBias: boolean, maxPushout: number,
  separation: (p: ConstraintProblem, sb: SolverBodies, c: number, a: number, b: number) => number,
): void {
  const a = p.bodyA[c], b = p.bodyB[c];
  for (let i = 0; i < k; i++) {
    const sep = separation(p, sb, c + i, a, b);
    let bias = 0, soft1 = 0;
    if (sep > SPECULATIVE_MIN_GAP) bias = sep * invH;
    else if (useBias) {
      bias = Math.max(soft.biasRate * sep, -maxPushout);
      soft1 = 1;
    }
    s.normalIndex[i] = c + i;
    // the normal row's lever rotation enters its velocity as in the point blocks
    s.normalTarget[i] = bias + s.normalLever[c + i];
    s.normalSoft[i] = soft1;
  }
  solveNormalSet(s.normalBlock, p, sb, s.normalIndex, s.normalTarget, s.normalSoft, k, soft.massScale);
}


/**
 * Restitution pass of the exact block sweeps (after the substeps, Box2D v3 `b2ApplyRestitution`): the
 * eligible points of a manifold (restitution e > 0, approach speed at assembly above `threshold`, some
 * normal impulse in the step) are solved together, their rigid normal rows with the targets
 * J_n v ≥ −e v⁻ as one LCP (the manifold's normal Delassus block, `solveNormalBlockLcp`), so the
 * corners of a face that lands flat rebound together (one after the other, a cube dropped flat from
 * 1 m with e = 0.5 under the max-dissipation law ended 78 mm sideways). A single eligible point, or a
 * block no active set solves, takes the rows one after the other (`applyRestitution`).
 */
export function applyRestitutionBlocks(p: ConstraintProblem, sb: SolverBodies, s: BlockScratch, threshold: number): void {
  const idx = s.normalIndex;
  for (let c = 0; c < p.contactCount;) {
    const kb = s.manifoldBlock[c], k = kb < 0 ? -kb : kb > REST_BLOCK ? kb - REST_BLOCK : kb;
    let count = 0;
    for (let ci = c; ci < c + k; ci++) {
      if (p.restitution[ci] === 0 || p.relativeVelocity[ci] > -threshold || p.maxNormalImpulse[ci] === 0) continue;
      s.normalTarget[count] = p.restitution[ci] * p.relativeVelocity[ci];
      s.normalSoft[count] = 0;
      idx[count++] = ci;
    }
    // the maximal normal impulses are no longer read after the sweeps: the set's update of them is harmless
    if (count < 2 || !solveNormalSet(s.normalBlock, p, sb, idx, s.normalTarget, s.normalSoft, count, 1)) {
      for (let i = 0; i < count; i++) applyRestitution(p, sb, threshold, idx[i], idx[i] + 1);
    }
    c += k;
  }
}
