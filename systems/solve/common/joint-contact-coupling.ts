/**
 * Contact normal rows solved through the joint islands they touch (fast mode): the Schur complement of
 * a contact row against an island's bilateral joint rows, so that a contact on a light body jointed to a
 * heavy one acts on the whole jointed assembly at once.
 *
 * Why: a Gauss–Seidel sweep that alternates an exact joint block (`joint-direct.ts`) and a contact row
 * converges at the rate of the mass ratio. A 0.02 kg sphere on a hinge to a 1000 kg box, touching the
 * ground: the contact row stops the sphere alone (effective mass ~0.02 kg), the joint block then gives
 * the pair their common velocity and the sphere moves on down at (1 − 2e-5) of the box's speed; the
 * sweeps of a step remove a few 1e-5 of the box's momentum, and the box pulls the sphere through the
 * ground (the robustness fuzz: about 9 of 10 failing scenes, mass ratios of 1e3 to 1e5 through joints).
 *
 * The coupled row: for contact point c (normal Jacobian J_c) touching direct island k (bilateral rows G,
 * factored W + Γ = G M⁻¹ Gᵀ + Γ), the island's rows stay satisfied when c takes Δ and the island's rows
 * take −u Δ, u = (W + Γ)⁻¹ G M⁻¹ J_cᵀ; c's velocity then changes by S Δ with
 *
 *   S = J_c M⁻¹ J_cᵀ − (G M⁻¹ J_cᵀ)ᵀ u      (the Schur complement of W + Γ in [[W + Γ, G M⁻¹ J_cᵀ], [·, J_c M⁻¹ J_cᵀ]]),
 *
 * so one update Δ = −(J_c v + bias)/S is the exact solve of the block [island rows + c] (block
 * Gauss–Seidel; the same construction as the island's limit and motor rows, `ensureAux`: the contact
 * sees the island's inertia as the joints transmit it, not its own body's alone). The row's impulse
 * λ_e ≥ 0 is kept apart from the contact sweep's own impulse λ_c ≥ 0 (two rows of one constraint, both
 * pushing: their sum is the contact's impulse) and, like the island's bilateral rows, not warm-started:
 * it restarts at 0 in every substep (`warmStartCoupling`; see `finishCoupling` for why not across steps).

 * Which points: those with one dynamic body in a direct island, the other static, outside every island,
 * in the same island or in another direct island (then S subtracts both islands' terms, and the point's
 * update is applied with both islands' −u Δ: the two islands share no row, so their blocks are
 * independent given the point; see {@link JointContactCoupling.island2}), where
 * - the island's heaviest body is at least {@link MIN_ISLAND_MASS_RATIO} times heavier than the
 *   contact's body in it (for a point between two islands: in one of them; a cheap test first: a
 *   ragdoll, 1.5 to 15 kg parts, is never coupled, so its
 *   contacts keep their friction in one row and cost nothing more; with 100, a 6 kg sphere on a fixed
 *   joint 15 m from a 194 kg box, hitting the ground at 33 m/s, was stopped alone, the joint tore 7 m open
 *   and the pair left with ×12 the energy: fuzz seed 54 with joints), and
 * - the Schur complement S is below J_c M⁻¹ J_cᵀ / {@link MIN_MASS_RATIO} at the point's first
 *   factorization in the step (decided once per step), and
 * - 1/S is at most {@link MAX_LEVERAGE} times the island's heaviest body's mass (at every factorization):
 *   beyond it the joints themselves (nearly) hold the point.
 * Measured on the fuzz's failing seeds (fast Coulomb mode, 600 steps): of 80 jointed below-ground
 * seeds (every tenth of the list), 15 still fail (80 without); of the 48 jointed runaway seeds, 19.
 *
 * The row's law is the contact sweep's soft contact (`../pgs/contact-solve.ts`): speculative above a
 * gap (bias s/h), the soft step's bias, mass and impulse scales below it in the solve sweeps, rigid
 * (no bias) in the relax sweeps. No allocation once the arrays have grown to the scene.
 */

import { growFloat64, growInt32, nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { Softness } from './soft-constraint';
import { solveJointIsland, type JointDirect } from './joint-direct';
import { applyAux, applyIslandImpulses, applyRow, rowVelocity } from './joint-solve';
import { ensureAux } from './joint-direct';
import { RowType } from '../../assembly/joint-rows';
import { currentSeparation } from './contact-separation';
import { mat3MulVec } from '../../../math/mat3';
import { dot3 } from '../../../math/vec3';
import type { TurnedInertia } from '../../assembly/joint-rows';

/**
 * Ratio J_c M⁻¹ J_cᵀ / S above which a contact point is solved through its island: 1, every point the
 * island's rows reach at all. With 2, a point whose island barely adds inertia along its normal (a light
 * body free to swing about a hinge or slide along a slider, S ≈ 0.9 J_c M⁻¹ J_cᵀ) was left to the contact
 * sweep, where the joint's position correction and the soft contact row fought: the contact's impulse,
 * sized by the light body's own mass, grew to thousands of times its weight and leaked through the soft
 * step's impulse scale, and the body sank (fuzz seed 1391: a 0.029 kg sphere of radius 1.6 m on a hinge
 * 12 m from a spinning 384 kg box, pressed 1.6 m into the ground within 5 steps). Solved with the island,
 * the point and the joint reach their targets together. Measured on the failing seeds of the fast-mode
 * lists (007cff3): pgs 16 → 7 of 31, mdp 5 → 4 of 17 (with the joint rows' current inertia of 1cf36c0).
 */
export const MIN_MASS_RATIO = 1;

/** Ratio of an island's heaviest body's mass to the contact's body's mass below which the point is not
 * considered (a cheap test before the Schur complement's). */
export const MIN_ISLAND_MASS_RATIO = 20;

/**
 * Largest effective mass 1/S of a coupled point, in units of its island's heaviest body's mass. An island
 * free to move gives every point with a body outside it 1/S ≤ the island's total mass (translating the
 * whole island along n is one motion the joints allow), so a larger 1/S means the joints (nearly) forbid
 * the point's motion: a contact between two bodies of one jointed assembly (S = 0 up to the drift of the
 * joint anchors), or an island held by joints to the world. Solved exactly, such a point asks the
 * assembly for the contact's push-out speed along a direction the joints block, with impulses ~1/S: the
 * fuzz's seed 3379 (0.043 kg between a 702 kg and a 54 kg body on two fixed joints, the light one 2 m deep
 * in the heavy one, S = 3e-9 W_cc) went from 0.38 to 54 MJ in a step. Those points are left to the
 * contact sweep's own row.
 */
export const MAX_LEVERAGE = 100;

/** Separation (m) above which a point is speculative (the contact sweep's gap). */
const SPECULATIVE_MIN_GAP = 1e-6;

export interface JointContactCoupling {
  /** Coupled points this step. */
  count: number;
  /** `[count]` the contact point, its island, the positions lo..hi sharing a body with it, its u in `U`. */
  point: Int32Array;
  island: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  offset: Int32Array;
  /**
   * `[count]` the point's second island (−1: none), when its two bodies are in two different direct
   * islands, with its positions lo2..hi2 and its u in `U` at offset2. Left to the contact sweep's own row,
   * such a point saw only its two bodies' masses: fuzz seed 2602 (fast Coulomb), a 0.063 kg body between a
   * 882 kg and a 150 kg body on a fixed and a ball joint, hit by a 453 kg sphere on a distance joint, was
   * stopped alone, its joints tore 2.3 m then 17 m open within two steps, and their position correction
   * drove the sphere and the assembly from 1.2 to 5.9 MJ in one step.
   */
  island2: Int32Array;
  lo2: Int32Array;
  hi2: Int32Array;
  offset2: Int32Array;
  /** u vectors over the islands' positions. */
  U: Float64Array;
  /** `[count]` 1/S when the point is coupled at the current factorization, else 0 (unit: kg). */
  mass: Float64Array;
  /** `[count]` the factorization (`JointDirect.factorCount`) u and `mass` were computed at (−1: never). */
  stamp: Float64Array;
  /** `[count]` −1 until the point's first factorization of the step, then 1 when it is coupled for the
   * rest of the step, 0 when not (decided once: a coupled point's λ_e is warm-started every substep, so
   * it must stay solvable until it is released). */
  state: Int8Array;
  /**
   * `[count]` the rest load λ̄ of a coupled point's own contact row (`ConstraintProblem.restLoad`) before
   * the coupling set it to +∞ for the step (restored by {@link finishCoupling}): the contact sweeps' soft
   * step leaks only the impulse above λ̄ (`systems/solve/pgs/rest-load.ts`), so a coupled point's own row
   * leaks nothing; its softness is the coupled row's, at the island's effective mass 1/S. At its light
   * body's own mass m, the soft step's leak (impulse scale × λ, the compliance A_nn (1/massScale − 1) λ of
   * the block sweeps) of an impulse that carries the jointed assembly's load (λ ≫ m v: the joint solve
   * hands the row's push on to the island, and the row pushes again in every sweep) left the light body
   * approaching its contact at impulse scale × λ / (massScale m) after every solve sweep, and the position
   * update moved it in by that speed: maximum-dissipation fuzz seeds 1098 (a 0.015 kg sphere of radius
   * 2.7 m fixed to a 0.04 kg body hinged to a spinning 788 kg capsule, λ = 3.8 → 15 N·s over a step's
   * substeps, sinking at 7 → 26 m/s), 1251 (a 0.041 kg thin box hinged to a 0.055 kg body, both on the
   * ground, 1.5 m/s) and 9232 (a 0.023 kg sphere on a hinge at its stop 24 m from a 47 kg capsule,
   * 6.6 N·s, 5.7 m/s) went 1.8 to 4.4 cm below the ground; each holds when its points' own rows stop
   * leaking 7 to 50 steps before.
   */
  savedRestLoad: Float64Array;
  /**
   * The support rows of the step: the contact rows between a static (or kinematic) body and a dynamic body
   * outside every island that carries a coupled point (the light body such a point presses on, lying on the
   * ground), `supportCount` of them, with their rest loads before the coupling set them to +∞ for the step
   * (restored by {@link finishCoupling}). They carry the coupled row's push on to the static body: λ_e is
   * sized by the island's effective mass 1/S, not by that body's, and the joint sweep hands it on to the
   * island, so the row pushes again in every sweep; the static rows of the body in between take the same
   * load at that body's own mass m, and their soft step's leak (impulse scale × λ) left it approaching the
   * static body at impulse scale × λ / (massScale m) after every solve sweep. Maximum-dissipation fuzz seed
   * 8393: a 0.0175 kg box (6 × 4.2 × 3.2 m) on a ball joint 13.6 m from a falling 351 kg sphere of a 590 kg
   * island lay across a 0.0118 kg plate (5.9 × 0.4 × 4.6 m) on the ground; its coupled rows and its own
   * rows held 0.55 N·s per substep on the plate (1000 times its weight), the plate's ground rows leaked
   * 0.0287 λ = 1.4 m/s of approach per sweep, and it sank 1.8 to 2.6 cm per step, its centre below the
   * ground at step 109. With its ground rows leaking nothing it stays 0.15 to 0.2 m above.
   */
  supportRow: Int32Array;
  supportSaved: Float64Array;
  supportCount: number;
  /** `[solver bodies]` 1 once a body's support rows were taken this step (0 at the step's start). */
  supportTaken: Uint8Array;
  /** The contact rows of the step (set by {@link beginCoupling}), whose rest loads {@link finishCoupling} restores. */
  contacts: ConstraintProblem | undefined;
  /** `[count]` accumulated impulse λ_e ≥ 0 of the step (unit: N·s). */
  impulse: Float64Array;
  /** `[solver bodies]` direct island of a body, −1 outside. */
  bodyIsland: Int32Array;
  /** `[islands]` the smallest inverse mass of an island's bodies (its heaviest body's, unit: 1/kg). */
  islandInvMass: Float64Array;
  /** The contact sweep's softness, slop and push-out bound of the step (set by the caller). */
  soft: Softness;
  slop: number;
  maxPushout: number;
  invH: number;
  /** Scratch of a manifold's block ({@link solveCoupling}): up to 4 points' Schur matrix K (4 × 4), their
   * right-hand sides, impulses and positions q. */
  blockK: Float64Array;
  blockB: Float64Array;
  blockX: Float64Array;
  blockQ: Int32Array;
  /** Whether the block gathered last takes the soft step (a point within touch in a biased sweep). */
  blockSoft: boolean;
  /**
   * `[count]` the group of a coupled point (−1: none): the coupled points of one island on the same light
   * body that span two or more manifolds (a body wedged between the ground and a wall), solved as one block
   * ({@link solveGroup}); `groupList` holds each group's points from `groupStart[g]` to `groupStart[g + 1]`.
   */
  groupOf: Int32Array;
  groupList: Int32Array;
  groupStart: Int32Array;
  groupCount: number;
  /** `[2 × count]` 1 when the point's A (even) or B (odd) side holds a turned body's response in the
   * contact rows (written by {@link warmStartCoupling}; 0 at the step's start). */
  turnedRow: Uint8Array;
  /** Scratch of {@link solveGroup}: up to {@link MAX_GROUP_POINTS} points' Schur matrix, right-hand sides,
   * impulses and positions q. */
  groupK: Float64Array;
  groupB: Float64Array;
  groupX: Float64Array;
  groupQ: Int32Array;
  /** The current inverse inertias of the bodies that turned within the step (the joint rows'
   * `JointSolveContext.turnedInertia`): a coupled point's normal row acts through them, as the island's
   * rows do (undefined: the rows' own responses). */
  turned: TurnedInertia | undefined;
  /** `[2 × count]` up to two rigid limit rows of the point's island on its bodies, as aux indices of the
   * island (`JointDirect.auxRow`; −1: none): solved with the point's block when at their stop
   * ({@link solveWithLimit}). */
  limit: Int32Array;
  /** Scratch of {@link solveWithLimit}: the block's matrix (5 × 5), right-hand side, old impulses, the
   * subset solve's matrix and solution. */
  lcpK: Float64Array;
  lcpB: Float64Array;
  lcpOld: Float64Array;
  lcpA: Float64Array;
  lcpX: Float64Array;
  lcpIdx: Int32Array;
}

export function createJointContactCoupling(): JointContactCoupling {
  return {
    count: 0, point: new Int32Array(16), island: new Int32Array(16), lo: new Int32Array(16), hi: new Int32Array(16),
    offset: new Int32Array(16), island2: new Int32Array(16), lo2: new Int32Array(16), hi2: new Int32Array(16),
    offset2: new Int32Array(16), U: new Float64Array(64), mass: new Float64Array(16), stamp: new Float64Array(16),
    impulse: new Float64Array(16), state: new Int8Array(16), savedRestLoad: new Float64Array(16),
    supportRow: new Int32Array(16), supportSaved: new Float64Array(16), supportCount: 0, supportTaken: new Uint8Array(16), contacts: undefined, bodyIsland: new Int32Array(16), islandInvMass: new Float64Array(16),
    soft: { biasRate: 0, massScale: 1, impulseScale: 0 }, slop: 0, maxPushout: Infinity, invH: 0, turned: undefined,
    blockK: new Float64Array(16), blockB: new Float64Array(4), blockX: new Float64Array(4), blockQ: new Int32Array(4), blockSoft: false,
    groupOf: new Int32Array(16), groupList: new Int32Array(16), groupStart: new Int32Array(17), groupCount: 0, turnedRow: new Uint8Array(32),
    groupK: new Float64Array(MAX_GROUP_POINTS * MAX_GROUP_POINTS), groupB: new Float64Array(MAX_GROUP_POINTS),
    groupX: new Float64Array(MAX_GROUP_POINTS), groupQ: new Int32Array(MAX_GROUP_POINTS),
    limit: new Int32Array(32), lcpK: new Float64Array(25), lcpB: new Float64Array(5),
    lcpOld: new Float64Array(5), lcpA: new Float64Array(30), lcpX: new Float64Array(5), lcpIdx: new Int32Array(5),
  };
}

function dyn(sb: SolverBodies, i: number): boolean {
  return sb.invMass[i] > 0;
}

function grow(cp: JointContactCoupling, n: number): void {
  if (cp.point.length >= n) return;
  const c = nextCapacity(cp.point.length, n);
  cp.point = growInt32(cp.point, c); cp.island = growInt32(cp.island, c);
  cp.lo = growInt32(cp.lo, c); cp.hi = growInt32(cp.hi, c); cp.offset = growInt32(cp.offset, c);
  cp.island2 = growInt32(cp.island2, c); cp.lo2 = growInt32(cp.lo2, c); cp.hi2 = growInt32(cp.hi2, c);
  cp.offset2 = growInt32(cp.offset2, c);
  cp.mass = growFloat64(cp.mass, c); cp.stamp = growFloat64(cp.stamp, c); cp.impulse = growFloat64(cp.impulse, c);
  const st = new Int8Array(c); st.set(cp.state); cp.state = st;
  cp.savedRestLoad = growFloat64(cp.savedRestLoad, c);
  cp.limit = growInt32(cp.limit, 2 * c);
  const tr = new Uint8Array(2 * c); tr.set(cp.turnedRow); cp.turnedRow = tr;
  cp.groupOf = growInt32(cp.groupOf, c); cp.groupList = growInt32(cp.groupList, c); cp.groupStart = growInt32(cp.groupStart, c + 1);
}

/**
 * Start of a step, after the direct islands were built (`buildJointIslands`): finds the contact points
 * that touch a direct island (or two) and sizes their u vectors. λ_e starts at 0.
 */
export function beginCoupling(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies,
): void {
  cp.count = 0;
  cp.contacts = p;
  cp.supportCount = 0;
  if (d.n === 0 || p.contactCount === 0) return;
  const nb = sb.count;
  if (cp.supportTaken.length < nb) cp.supportTaken = new Uint8Array(nextCapacity(cp.supportTaken.length, nb));
  cp.supportTaken.fill(0, 0, nb);
  if (cp.bodyIsland.length < nb) cp.bodyIsland = new Int32Array(nextCapacity(cp.bodyIsland.length, nb));
  const bi = cp.bodyIsland;
  bi.fill(-1, 0, nb);
  if (cp.islandInvMass.length < d.islandCount) cp.islandInvMass = new Float64Array(nextCapacity(cp.islandInvMass.length, d.islandCount));
  const heavy = cp.islandInvMass, im = sb.invMass;
  for (let k = 0; k < d.islandCount; k++) {
    let h = Infinity;
    for (let i = d.islandStart[k]; i < d.islandStart[k + 1]; i++) {
      const r = d.row[i], a = jp.rowA[r], b = jp.rowB[r];
      if (a < nb && dyn(sb, a)) { bi[a] = k; if (im[a] < h) h = im[a]; }
      if (b < nb && dyn(sb, b)) { bi[b] = k; if (im[b] < h) h = im[b]; }
    }
    heavy[k] = h;
  }
  let n = 0, uSize = 0;
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const ka = dyn(sb, a) ? bi[a] : -1, kb = dyn(sb, b) ? bi[b] : -1;
    if (ka < 0 && kb < 0) continue;
    const two = ka >= 0 && kb >= 0 && ka !== kb;
    const k = ka >= 0 ? ka : kb;
    // only where a body of the island is much heavier than the contact's own body in it (two islands:
    // in either)
    if (two) {
      if (im[a] < MIN_ISLAND_MASS_RATIO * heavy[ka] && im[b] < MIN_ISLAND_MASS_RATIO * heavy[kb]) continue;
    } else {
      const light = ka >= 0 && kb >= 0 ? Math.max(im[a], im[b]) : ka >= 0 ? im[a] : im[b];
      if (light < MIN_ISLAND_MASS_RATIO * heavy[k]) continue;
    }
    // the island's positions whose rows touch the point's bodies (two islands: the first one's, body a's)
    const s0 = d.islandStart[k], s1 = d.islandStart[k + 1];
    let lo = s1, hi = s0 - 1;
    for (let i = s0; i < s1; i++) {
      const r = d.row[i], ra = jp.rowA[r], rb = jp.rowB[r];
      if ((ka >= 0 && (ra === a || rb === a)) || (!two && kb >= 0 && (ra === b || rb === b))) {
        if (i < lo) lo = i;
        hi = i;
      }
    }
    if (hi < lo) continue;
    let lo2 = 0, hi2 = -1;
    if (two) {
      const t0 = d.islandStart[kb], t1 = d.islandStart[kb + 1];
      lo2 = t1; hi2 = t0 - 1;
      for (let i = t0; i < t1; i++) {
        const r = d.row[i];
        if (jp.rowA[r] === b || jp.rowB[r] === b) {
          if (i < lo2) lo2 = i;
          hi2 = i;
        }
      }
      if (hi2 < lo2) continue;
    }
    grow(cp, n + 1);
    cp.point[n] = c;
    cp.island[n] = k;
    cp.lo[n] = lo;
    cp.hi[n] = hi;
    cp.offset[n] = uSize - s0;
    uSize += s1 - s0;
    cp.island2[n] = -1;
    if (two) {
      const t0 = d.islandStart[kb];
      cp.island2[n] = kb;
      cp.lo2[n] = lo2;
      cp.hi2[n] = hi2;
      cp.offset2[n] = uSize - t0;
      uSize += d.islandStart[kb + 1] - t0;
    }
    cp.stamp[n] = -1;
    cp.state[n] = -1;
    cp.mass[n] = 0;
    cp.impulse[n] = 0;
    cp.turnedRow[2 * n] = 0;
    cp.turnedRow[2 * n + 1] = 0;
    findLimits(cp, d, jp, n, two ? -1 : k, a, b);
    n++;
  }
  cp.count = n;
  if (cp.U.length < uSize) cp.U = new Float64Array(nextCapacity(cp.U.length, uSize));
  buildGroups(cp, p, sb);
}

/**
 * Most points of one group ({@link solveGroup}): two box faces' manifolds. A larger group is left to its
 * manifolds' blocks.
 */
export const MAX_GROUP_POINTS = 8;

/**
 * Smallest cosine between the pushes of two manifolds of a group on its light body (s n, s = −1 on the
 * contact's body A, +1 on B) with which the group is still solved as one block: below it (pushes more than
 * 120° apart) the two manifolds squeeze the body from opposite sides, a vice, and the body's points are left
 * to their manifolds' blocks. At −0.5 a point mass's two rows are dependent to cos² = 0.25, and one after the
 * other they converge at that rate per pass; nearer to opposite they become one row with two contradictory
 * push-out targets (both points penetrating, one pushing the body up, the other down), and the block's
 * solution is a squeeze, two opposite impulses of ~ 1/(1 − cos²) the push-out's that hardly move the light
 * body but act through the island's rows (−u Δ each), with the remaining difference decided by the block's
 * unconverged sweeps. Fuzz seed 3642 (fast Coulomb): a 0.016 kg capsule on a ball joint to a 239 kg body,
 * pressed between the ground and the underside of a static box it had entered (box normal 18° from straight
 * down), was held in that vice by its group from step 77 on and pushed 2 cm per step through the ground
 * until its centre was below it at step 104; its points solved manifold by manifold, it holds. Pushes that
 * share the body's load (lying across two bodies) or meet at a corner (the ground and a wall) stay grouped.
 */
export const MIN_GROUP_PUSH_COSINE = -0.5;

/** The light body of coupled point q in its island (the lighter of its bodies there), −1 for a point
 * between two islands. */
function groupBody(cp: JointContactCoupling, p: ConstraintProblem, sb: SolverBodies, q: number): number {
  if (cp.island2[q] >= 0) return -1;
  const c = cp.point[q], a = p.bodyA[c], b = p.bodyB[c], k = cp.island[q], im = sb.invMass, bi = cp.bodyIsland;
  const inA = dyn(sb, a) && bi[a] === k, inB = dyn(sb, b) && bi[b] === k;
  if (inA && inB) return im[b] > im[a] ? b : a;
  return inA ? a : inB ? b : -1;
}

/**
 * Groups the coupled points of one island on the same light body when they span two or more manifolds
 * (`cp.groupOf`, `groupList`, `groupStart`): their rows are coupled through the island as strongly as a
 * manifold's points are, and solved one manifold after the other they passed the island's push between
 * them at the mass ratio's rate per sweep (see {@link solveGroup}).
 */
function buildGroups(cp: JointContactCoupling, p: ConstraintProblem, sb: SolverBodies): void {
  const n = cp.count, G = cp.groupOf, L = cp.groupList, S = cp.groupStart;
  cp.groupCount = 0;
  G.fill(-1, 0, n);
  let g = 0, used = 0;
  for (let q = 0; q < n; q++) {
    if (G[q] !== -1) continue;
    const body = groupBody(cp, p, sb, q);
    if (body < 0) { G[q] = -2; continue; }
    const k = cp.island[q];
    // the points of the same island and light body, in order; count their manifolds
    let size = 0, manifolds = 0, last = -1;
    for (let r = q; r < n; r++) {
      if (G[r] !== -1 || cp.island[r] !== k || groupBody(cp, p, sb, r) !== body) continue;
      G[r] = -3; // tentative
      size++;
      const m = p.storeIndex[cp.point[r]] >> 2;
      if (m !== last) { manifolds++; last = m; }
    }
    const take = manifolds >= 2 && size <= MAX_GROUP_POINTS && !squeezes(cp, p, body, q, n);
    if (take) S[g] = used;
    for (let r = q; r < n; r++) {
      if (G[r] !== -3) continue;
      if (take) { G[r] = g; L[used++] = r; } else G[r] = -2;
    }
    if (take) g++;
  }
  S[g] = used;
  for (let q = 0; q < n; q++) if (G[q] < 0) G[q] = -1;
  cp.groupCount = g;
}

/**
 * Whether two of the tentatively grouped points q..n−1 (`groupOf` −3) in different manifolds push light body
 * `body` from opposite sides (the cosine of their pushes below {@link MIN_GROUP_PUSH_COSINE}): a vice, not
 * solved as one block.
 */
function squeezes(cp: JointContactCoupling, p: ConstraintProblem, body: number, q: number, n: number): boolean {
  const G = cp.groupOf, dir = p.direction;
  for (let r = q; r < n; r++) {
    if (G[r] !== -3) continue;
    const cr = cp.point[r], or = 9 * cr, mr = p.storeIndex[cr] >> 2, sr = p.bodyA[cr] === body ? -1 : 1;
    for (let t = r + 1; t < n; t++) {
      if (G[t] !== -3) continue;
      const ct = cp.point[t], ot = 9 * ct;
      if (p.storeIndex[ct] >> 2 === mr) continue;
      const st = p.bodyA[ct] === body ? -1 : 1;
      const c = sr * st * (dir[or] * dir[ot] + dir[or + 1] * dir[ot + 1] + dir[or + 2] * dir[ot + 2]);
      if (c < MIN_GROUP_PUSH_COSINE) return true;
    }
  }
  return false;
}

const ROW_LIMIT = RowType.limit;

/** Up to two rigid limit rows of island k (−1: none, a point between two islands) on body a or b, as
 * aux indices, into `cp.limit[2n..2n + 1]`. */
function findLimits(cp: JointContactCoupling, d: JointDirect, jp: JointProblem, n: number, k: number, a: number, b: number): void {
  let found = 0;
  cp.limit[2 * n] = -1;
  cp.limit[2 * n + 1] = -1;
  if (k < 0) return;
  for (let q = 0; q < d.auxCount && found < 2; q++) {
    if (d.auxIsland[q] !== k) continue;
    const r = d.auxRow[q];
    if (jp.rowType[r] !== ROW_LIMIT || jp.stiffness[r] < Infinity) continue;
    const ra = jp.rowA[r], rb = jp.rowB[r];
    if (ra !== a && ra !== b && rb !== a && rb !== b) continue;
    cp.limit[2 * n + found++] = q;
  }
}

/** (G M⁻¹ J_cᵀ) of joint row r and contact point c's normal row (0 unless they share a body). */
function couplingWithContact(jp: JointProblem, im: Float64Array, r: number, p: ConstraintProblem, c: number): number {
  const ai = jp.rowA[r], bi = jp.rowB[r], oi = 3 * r, ca = p.bodyA[c], cb = p.bodyB[c], oc = 9 * c;
  const lin = jp.linear, jA = jp.angularA, jB = jp.angularB;
  const n = p.direction, iAc = p.invInertiaAngularA, iBc = p.invInertiaAngularB;
  const ll = lin[oi] * n[oc] + lin[oi + 1] * n[oc + 1] + lin[oi + 2] * n[oc + 2];
  let v = 0;
  // the contact's Jacobian: −n and −(rA × n) on A, n and rB × n on B; M⁻¹ of its angular part −I_A⁻¹(rA × n),
  // I_B⁻¹(rB × n); the joint row's: −lin and jA on A, lin and jB on B
  if (im[ai] > 0) {
    if (ai === ca) v += im[ai] * ll - (jA[oi] * iAc[oc] + jA[oi + 1] * iAc[oc + 1] + jA[oi + 2] * iAc[oc + 2]);
    else if (ai === cb) v += -im[ai] * ll + jA[oi] * iBc[oc] + jA[oi + 1] * iBc[oc + 1] + jA[oi + 2] * iBc[oc + 2];
  }
  if (im[bi] > 0) {
    if (bi === cb) v += im[bi] * ll + jB[oi] * iBc[oc] + jB[oi + 1] * iBc[oc + 1] + jB[oi + 2] * iBc[oc + 2];
    else if (bi === ca) v += -im[bi] * ll - (jB[oi] * iAc[oc] + jB[oi + 1] * iAc[oc + 1] + jB[oi + 2] * iAc[oc + 2]);
  }
  return v;
}

/**
 * cᵀ(W + Γ)⁻¹c of contact point c against island k's rows lo..hi (c = G M⁻¹ J_cᵀ, 0 outside lo..hi),
 * and u = (W + Γ)⁻¹c into `U` at offset o (uses `d.x` as scratch).
 */
function islandTerm(
  d: JointDirect, jp: JointProblem, p: ConstraintProblem, im: Float64Array, U: Float64Array,
  c: number, k: number, lo: number, hi: number, o: number,
): number {
  const s0 = d.islandStart[k], s1 = d.islandStart[k + 1], x = d.x;
  x.fill(0, s0, s1);
  for (let i = lo; i <= hi; i++) x[i] = couplingWithContact(jp, im, d.row[i], p, c);
  for (let i = lo; i <= hi; i++) U[o + i] = x[i];
  solveJointIsland(d, k, lo);
  let t = 0;
  for (let i = lo; i <= hi; i++) t += U[o + i] * x[i];
  for (let i = s0; i < s1; i++) U[o + i] = x[i];
  return t;
}

/** u and 1/S of coupled point q at the current factorization (uses `d.x` as scratch). */
function ensurePoint(cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, q: number): void {
  if (cp.stamp[q] === d.factorCount || cp.state[q] === 0) return;
  cp.stamp[q] = d.factorCount;
  const c = cp.point[q], k = cp.island[q], k2 = cp.island2[q];
  const U = cp.U, im = sb.invMass;
  // J_c M⁻¹ J_cᵀ at the responses the point acts through (its bodies' current inverse inertias)
  const a = p.bodyA[c], b = p.bodyB[c], oc = 9 * c;
  const wcc = im[a] + im[b] + dot3(p.angularA, oc, p.invInertiaAngularA, oc) + dot3(p.angularB, oc, p.invInertiaAngularB, oc);
  let s = wcc - islandTerm(d, jp, p, im, U, c, k, cp.lo[q], cp.hi[q], cp.offset[q]);
  if (k2 >= 0) s -= islandTerm(d, jp, p, im, U, c, k2, cp.lo2[q], cp.hi2[q], cp.offset2[q]);
  // conditioning: a point that would take more than MAX_LEVERAGE × the island's heaviest body's mass is
  // (nearly) held by the joints themselves: it is not coupled (see MAX_LEVERAGE; two islands: the
  // heavier island's heaviest body)
  const heavyInv = k2 >= 0 ? Math.min(cp.islandInvMass[k], cp.islandInvMass[k2]) : cp.islandInvMass[k];
  const sMin = heavyInv * (1 / MAX_LEVERAGE);
  if (cp.state[q] < 0) {
    cp.state[q] = s > sMin && (s * MIN_MASS_RATIO < wcc || limitReaches(cp, d, jp, p, sb, q, s)) ? 1 : 0;
    // coupled for the step: its own contact row leaks nothing (see `savedRestLoad`), nor do the static
    // rows of a body outside the islands that it presses on (see `supportRow`)
    if (cp.state[q] === 1) {
      cp.savedRestLoad[q] = p.restLoad[c];
      p.restLoad[c] = Infinity;
      takeSupports(cp, p, sb, a);
      takeSupports(cp, p, sb, b);
    }
  }
  cp.mass[q] = cp.state[q] === 1 && s > sMin ? 1 / s : 0;
}

/**
 * Whether coupled point q (Schur complement s against its island's bilateral rows) and a rigid limit of its
 * island at its stop are dependent enough to be solved as one block ({@link solveWithLimit}: their
 * coupling K_cl² ≥ {@link MIN_LIMIT_COUPLING} · s · S_l). Such a point is coupled even when the bilateral
 * rows leave its normal free (s = J_c M⁻¹ J_cᵀ): the limit at its stop carries the island's load along it.
 * A light foot on a vertical slider under a heavy plank, the plank's weight on the slider's upper limit:
 * the slider's rows are orthogonal to the ground normal, s equals the foot's own 1/m exactly, and the
 * point was left to the contact sweep, which stopped the foot alone while the limit, solved apart, pushed
 * it on down (0.01 kg feet under 1000 kg, both fast modes: 7.7 to 12.5 cm into the ground within 3 s;
 * with 1 kg feet s fell below 1/m by round-off, 2e-15, and the point was coupled by chance).
 */
function limitReaches(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, q: number, s: number,
): boolean {
  const ql = limitAtStop(cp, d, jp, q);
  if (ql < 0) return false;
  ensureAux(d, jp, sb, ql);
  const sll = d.auxW[ql];
  if (!(sll > 0)) return false;
  const kl = pointLimitCoupling(cp, d, jp, p, sb.invMass, q, ql);
  return kl * kl >= MIN_LIMIT_COUPLING * s * sll;
}

/**
 * Gives the rest load +∞ for the step to the contact rows between body x, when it is dynamic and outside
 * every direct island, and a static or kinematic body (see `supportRow`); once per body and step.
 */
function takeSupports(cp: JointContactCoupling, p: ConstraintProblem, sb: SolverBodies, x: number): void {
  if (!dyn(sb, x) || cp.bodyIsland[x] >= 0 || cp.supportTaken[x] === 1) return;
  cp.supportTaken[x] = 1;
  const A = p.bodyA, B = p.bodyB, rl = p.restLoad;
  for (let c = 0; c < p.contactCount; c++) {
    const o = A[c] === x ? B[c] : B[c] === x ? A[c] : -1;
    if (o < 0 || dyn(sb, o) || rl[c] === Infinity) continue;
    const k = cp.supportCount;
    if (cp.supportRow.length <= k) {
      const n = nextCapacity(cp.supportRow.length, k + 1);
      cp.supportRow = growInt32(cp.supportRow, n);
      cp.supportSaved = growFloat64(cp.supportSaved, n);
    }
    cp.supportRow[k] = c;
    cp.supportSaved[k] = rl[c];
    cp.supportCount = k + 1;
    rl[c] = Infinity;
  }
}

/** Normal velocity of contact point c (B relative to A; positive = separating). */
function normalVelocity(p: ConstraintProblem, sb: SolverBodies, c: number): number {
  const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], o = 9 * c, v = sb.v, w = sb.w, n = p.direction;
  const jA = p.angularA, jB = p.angularB;
  return n[o] * (v[b3] - v[a3]) + n[o + 1] * (v[b3 + 1] - v[a3 + 1]) + n[o + 2] * (v[b3 + 2] - v[a3 + 2])
    + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2]
    - jA[o] * w[a3] - jA[o + 1] * w[a3 + 1] - jA[o + 2] * w[a3 + 2];
}

/** Applies impulse l along contact point c's normal. */
function applyNormal(p: ConstraintProblem, sb: SolverBodies, c: number, l: number): void {
  const a = p.bodyA[c], b = p.bodyB[c], a3 = 3 * a, b3 = 3 * b, o = 9 * c, v = sb.v, w = sb.w, n = p.direction;
  const mA = sb.invMass[a] * l, mB = sb.invMass[b] * l, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  v[a3] -= mA * n[o]; v[a3 + 1] -= mA * n[o + 1]; v[a3 + 2] -= mA * n[o + 2];
  v[b3] += mB * n[o]; v[b3 + 1] += mB * n[o + 1]; v[b3 + 2] += mB * n[o + 2];
  w[a3] -= l * iA[o]; w[a3 + 1] -= l * iA[o + 1]; w[a3 + 2] -= l * iA[o + 2];
  w[b3] += l * iB[o]; w[b3 + 1] += l * iB[o + 1]; w[b3 + 2] += l * iB[o + 2];
}

/** Start of a substep (after the joints' warm start): λ_e of every coupled point restarts at 0, as the
 * island's bilateral rows do in the fast mode (`JointSolveContext.warmStartDirect`): the first pass of the
 * substep solves the block [island rows + point] afresh. A coupled point on a body that turned within the
 * step (`cp.turned`, refreshed before the joints' warm start) gets that body's current I⁻¹ (r × n) in `p`,
 * so that its Schur complement and its impulses are in the metric of the island's rows: with the island
 * at the current inertia and the point at the start's, S was wrong and the passes over a manifold's
 * coupled points diverged (fuzz seed 1933: a 0.036 kg box on a ball joint to a 516 kg body, from 116 to
 * 5e4 m/s within a substep). A body no longer marked (it turned back within the refresh's bounds) gets the
 * start's response back, since the island's rows then act through the start's inertia: kept at the turned
 * one of an earlier substep, the point's response differed from the island's by 4 % on a 1.1 kg thin box
 * (fuzz seed 2663, fast Coulomb), its Schur complement came out 4.8e-4 against 6e-2, and the block of its
 * coupled points was indefinite and diverged to 1e27 m/s within a sweep. */
export function warmStartCoupling(cp: JointContactCoupling, p: ConstraintProblem, sb: SolverBodies): void {
  cp.impulse.fill(0, 0, cp.count);
  const t = cp.turned;
  if (t === undefined) return;
  // a turned body's normal response I⁻¹ (r × n) at its current inverse inertia, the one the island's rows
  // act through (the exact block strategy writes the same values into these rows; the cone projection
  // keeps its own packed copy); `cp.turnedRow` marks the sides holding one
  const T = t.inertia, tb = t.turned, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const I0 = sb.invInertia, tr = cp.turnedRow;
  for (let q = 0; q < cp.count; q++) {
    const c = cp.point[q], a = p.bodyA[c], b = p.bodyB[c], o = 9 * c;
    if (tb[a] === 1) { mat3MulVec(iA, o, T, 9 * a, jA, o); tr[2 * q] = 1; }
    else if (tr[2 * q] === 1) { mat3MulVec(iA, o, I0, 9 * a, jA, o); tr[2 * q] = 0; }
    if (tb[b] === 1) { mat3MulVec(iB, o, T, 9 * b, jB, o); tr[2 * q + 1] = 1; }
    else if (tr[2 * q + 1] === 1) { mat3MulVec(iB, o, I0, 9 * b, jB, o); tr[2 * q + 1] = 0; }
  }
}

/**
 * One pass over the coupled points, after the joint sweep: each point's row solved exactly with the
 * island's bilateral rows (see the header). `useBias` false: the relax sweep.
 */
export function solveCoupling(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, useBias: boolean,
): void {
  const U = cp.U;
  const soft = cp.soft;
  for (let q = 0; q < cp.count; q++) {
    // the coupled points of one manifold (consecutive, the same store manifold): solved as one block
    const manifold = p.storeIndex[cp.point[q]] >> 2;
    let q1 = q + 1;
    while (q1 < cp.count && q1 - q < 4 && p.storeIndex[cp.point[q1]] >> 2 === manifold) q1++;
    // the points of a group (one light body's manifolds): solved together at its first point
    const gq = cp.groupOf[q];
    if (gq >= 0) {
      if (cp.groupList[cp.groupStart[gq]] === q) solveGroup(cp, d, jp, p, sb, gq, useBias);
      q = q1 - 1;
      continue;
    }
    // a limit of the point's island on its bodies at its stop: solved with the block
    const ql = limitAtStop(cp, d, jp, q);
    if (ql >= 0 && solveWithLimit(cp, d, jp, p, sb, q, q1, ql, useBias)) {
      q = q1 - 1;
      continue;
    }
    if (q1 - q > 1) {
      solveManifold(cp, d, jp, p, sb, q, q1, useBias);
      q = q1 - 1;
      continue;
    }
    ensurePoint(cp, d, jp, p, sb, q);
    const m = cp.mass[q];
    if (m === 0) continue;
    const c = cp.point[q];
    const s = currentSeparation(p, sb, c, p.bodyA[c], p.bodyB[c]);
    let bias = 0, massScale = 1, impulseScale = 0;
    if (s > SPECULATIVE_MIN_GAP) {
      bias = s * cp.invH;
    } else if (useBias) {
      const sc = s + cp.slop < 0 ? s + cp.slop : 0;
      bias = Math.max(soft.biasRate * sc, -cp.maxPushout);
      massScale = soft.massScale;
      impulseScale = soft.impulseScale;
    }
    const old = cp.impulse[q];
    const next = old - massScale * m * (normalVelocity(p, sb, c) + bias) - impulseScale * old;
    const total = next > 0 ? next : 0;
    const delta = total - old;
    if (delta === 0) continue;
    cp.impulse[q] = total;
    applyNormal(p, sb, c, delta);
    applyIslandImpulses(jp, sb, d, U, cp.island[q], cp.offset[q], delta);
    if (cp.island2[q] >= 0) applyIslandImpulses(jp, sb, d, U, cp.island2[q], cp.offset2[q], delta);
  }
}

/** Projected Gauss–Seidel sweeps over a manifold's block in the Schur space ({@link solveManifold}). */
const BLOCK_SWEEPS = 8;

/**
 * (J_i M⁻¹ J_jᵀ) − (G M⁻¹ J_iᵀ)ᵀ u_j: the coupling of coupled points qi and qj (one manifold, so the
 * same bodies and islands) in the space the islands' bilateral rows leave free.
 */
function pointCoupling(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, im: Float64Array, qi: number, qj: number,
): number {
  const ci = cp.point[qi], cj = cp.point[qj], a = p.bodyA[ci], b = p.bodyB[ci], oi = 9 * ci, oj = 9 * cj, n = p.direction;
  let k = (im[a] + im[b]) * (n[oi] * n[oj] + n[oi + 1] * n[oj + 1] + n[oi + 2] * n[oj + 2])
    + dot3(p.angularA, oi, p.invInertiaAngularA, oj) + dot3(p.angularB, oi, p.invInertiaAngularB, oj);
  const U = cp.U;
  let o = cp.offset[qj];
  for (let i = cp.lo[qi]; i <= cp.hi[qi]; i++) {
    const u = U[o + i];
    if (u !== 0) k -= couplingWithContact(jp, im, d.row[i], p, ci) * u;
  }
  if (cp.island2[qi] >= 0) {
    o = cp.offset2[qj];
    for (let i = cp.lo2[qi]; i <= cp.hi2[qi]; i++) {
      const u = U[o + i];
      if (u !== 0) k -= couplingWithContact(jp, im, d.row[i], p, ci) * u;
    }
  }
  return k;
}

/**
 * Gathers the coupled points q0..q1 of one manifold (those with a coupled mass) into `cp.blockQ`, with their
 * normal velocity plus bias in `B` and their accumulated impulse in `old` (the first g entries); returns g.
 * `cp.blockSoft` tells whether a point within touch took the soft step's bias (biased sweeps): then the whole
 * block takes the soft step, since its points' impulses act on the same bodies and nearly cancel in turning
 * them, so they must be scaled alike.
 */
function gatherManifoldPoints(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, q0: number, q1: number,
  useBias: boolean, B: Float64Array, old: Float64Array,
): number {
  let g = 0;
  cp.blockSoft = false;
  for (let q = q0; q < q1; q++) g = gatherPoint(cp, d, jp, p, sb, q, useBias, cp.blockQ, B, old, g);
  return g;
}

/**
 * Adds coupled point q, when it has a coupled mass, as entry g of a block's gather: its index in `Q`, its
 * normal velocity plus bias in `B`, its accumulated impulse in `old`; sets `cp.blockSoft` when the point
 * takes the soft step's bias. Returns the next free entry (g + 1, or g for a point left out).
 */
function gatherPoint(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, q: number,
  useBias: boolean, Q: Int32Array, B: Float64Array, old: Float64Array, g: number,
): number {
  ensurePoint(cp, d, jp, p, sb, q);
  if (cp.mass[q] === 0) return g;
  const c = cp.point[q], soft = cp.soft;
  const s = currentSeparation(p, sb, c, p.bodyA[c], p.bodyB[c]);
  let bias = 0;
  if (s > SPECULATIVE_MIN_GAP) bias = s * cp.invH;
  else if (useBias) {
    const sc = s + cp.slop < 0 ? s + cp.slop : 0;
    bias = Math.max(soft.biasRate * sc, -cp.maxPushout);
    cp.blockSoft = true;
  }
  Q[g] = q;
  B[g] = normalVelocity(p, sb, c) + bias;
  old[g] = cp.impulse[q];
  return g + 1;
}

/**
 * Solves a gathered block of g coupled points ({@link gatherPoint}; K their Schur matrix with row stride
 * N, B their normal velocities plus biases, X their impulses λ, λ₀ = `cp.impulse`): λ ≥ 0 with
 * K (λ − λ₀) + b ⟂ λ by `sweeps` projected Gauss–Seidel sweeps; each point's change Δ, scaled by the soft
 * step as one row's when `cp.blockSoft`, applied on its bodies and with its −u Δ on its island(s).
 */
function solveGatheredBlock(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies,
  K: Float64Array, N: number, B: Float64Array, X: Float64Array, Q: Int32Array, g: number, sweeps: number,
): void {
  const imp = cp.impulse;
  for (let it = 0; it < sweeps; it++) {
    for (let i = 0; i < g; i++) {
      let r = B[i];
      for (let j = 0; j < g; j++) r += K[N * i + j] * (X[j] - imp[Q[j]]);
      const next = X[i] - r / K[N * i + i];
      X[i] = next > 0 ? next : 0;
    }
  }
  let massScale = 1, impulseScale = 0;
  if (cp.blockSoft) { massScale = cp.soft.massScale; impulseScale = cp.soft.impulseScale; }
  const U = cp.U;
  for (let i = 0; i < g; i++) {
    const q = Q[i], old = imp[q];
    const next = old + massScale * (X[i] - old) - impulseScale * old;
    const total = next > 0 ? next : 0;
    const delta = total - old;
    if (delta === 0) continue;
    imp[q] = total;
    applyNormal(p, sb, cp.point[q], delta);
    applyIslandImpulses(jp, sb, d, U, cp.island[q], cp.offset[q], delta);
    if (cp.island2[q] >= 0) applyIslandImpulses(jp, sb, d, U, cp.island2[q], cp.offset2[q], delta);
  }
}

/**
 * The coupled points q0..q1−1 of one manifold (2–4) solved together through their island(s): K (their
 * Schur matrix against the islands' bilateral rows, {@link pointCoupling}; its diagonal the points' S)
 * and the normal velocities plus biases b give the impulses λ ≥ 0 of K (λ − λ₀) + b ⟂ λ by projected
 * Gauss–Seidel sweeps over the small dense block, which converge at K's own conditioning, not at the mass
 * ratio the islands' rows remove; the change Δ (scaled by the soft step as one row's) is then applied
 * with each point's −u Δ on the islands.
 *
 * Why: one point at a time, each sees its body turn about the others (S/W 0.2–0.5 for a box's face), so
 * the push the island's heavy body needs along its translation builds up at the rate of the light body's
 * mass against the heavy one per sweep: fuzz seed 10367 (both fast modes), shrunk to a 0.033 kg box
 * (half extents 1.56 × 0.78 × 0.17 m) on the ground at the foot of a 26 m distance joint to an 85 kg
 * capsule standing above it, sank 1.2 cm per step, below the ground at step 152; seed 139 was this case.
 */
function solveManifold(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, q0: number, q1: number,
  useBias: boolean,
): void {
  const K = cp.blockK, B = cp.blockB, X = cp.blockX, Q = cp.blockQ, im = sb.invMass;
  const g = gatherManifoldPoints(cp, d, jp, p, sb, q0, q1, useBias, B, X);
  if (g === 0) return;
  for (let i = 0; i < g; i++) {
    K[5 * i] = 1 / cp.mass[Q[i]];
    for (let j = i + 1; j < g; j++) {
      const k = pointCoupling(cp, d, jp, p, im, Q[i], Q[j]);
      K[4 * i + j] = k;
      K[4 * j + i] = k;
    }
  }
  solveGatheredBlock(cp, d, jp, p, sb, K, 4, B, X, Q, g, BLOCK_SWEEPS);
}


/** Projected Gauss–Seidel sweeps over a group's block ({@link solveGroup}). */
const GROUP_SWEEPS = 16;

/**
 * (J_i M⁻¹ J_jᵀ) − (G M⁻¹ J_iᵀ)ᵀ u_j of coupled points qi and qj of one island that may lie in different
 * manifolds (their bodies and normals differ; they share the island and at least its light body).
 */
function groupCoupling(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, im: Float64Array, qi: number, qj: number,
): number {
  const ci = cp.point[qi], cj = cp.point[qj], oi = 9 * ci, oj = 9 * cj, n = p.direction;
  const ai = p.bodyA[ci], bi = p.bodyB[ci], aj = p.bodyA[cj], bj = p.bodyB[cj];
  const nn = n[oi] * n[oj] + n[oi + 1] * n[oj + 1] + n[oi + 2] * n[oj + 2];
  // the contact Jacobian is −n, −(r_A × n) on A and n, r_B × n on B: a shared body X adds
  // s_i s_j (1/m_X n_i·n_j + (r_Xi × n_i)·I_X⁻¹(r_Xj × n_j))
  let k = 0;
  if (im[ai] > 0) {
    if (ai === aj) k += im[ai] * nn + dot3(p.angularA, oi, p.invInertiaAngularA, oj);
    else if (ai === bj) k -= im[ai] * nn + dot3(p.angularA, oi, p.invInertiaAngularB, oj);
  }
  if (im[bi] > 0) {
    if (bi === bj) k += im[bi] * nn + dot3(p.angularB, oi, p.invInertiaAngularB, oj);
    else if (bi === aj) k -= im[bi] * nn + dot3(p.angularB, oi, p.invInertiaAngularA, oj);
  }
  const U = cp.U, o = cp.offset[qj];
  for (let i = cp.lo[qi]; i <= cp.hi[qi]; i++) {
    const u = U[o + i];
    if (u !== 0) k -= couplingWithContact(jp, im, d.row[i], p, ci) * u;
  }
  return k;
}

/**
 * The coupled points of group gq (one island's points on one light body, in two or more manifolds: a body
 * wedged between the ground and a wall, or lying across two bodies) solved as one block in the space the
 * island's bilateral rows leave free, as a manifold's points are ({@link solveManifold}): K from
 * {@link groupCoupling}, b the points' normal velocities plus biases, λ ≥ 0 with K (λ − λ₀) + b ⟂ λ by
 * {@link GROUP_SWEEPS} projected Gauss–Seidel sweeps over the small dense block, one soft step for the
 * whole block, each change applied with its −u Δ on the island.
 *
 * Why: solved one manifold after the other, each manifold's push through the island drove the other's
 * points: fuzz seed 147 (fast Coulomb), a 0.048 kg capsule on a hinge 11 m from its anchor, in a corner
 * between the ground and a static box and pulled by its heavy assembly, left its ground points at −10 m/s
 * after each wall update and sank 0.3 m in 6 steps. A group is solved so even when a limit of its island
 * is at its stop: its manifolds solved one by one with that limit ({@link solveWithLimit}) still passed the
 * push between them (fuzz seed 7410, fast Coulomb: a 0.017 kg thin box on a hinge 10.7 m below its anchor
 * on a 33 kg sphere, its joint 2.9 m open, sank 1.3 cm per step); the limit is left to the joint sweep.
 */
function solveGroup(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, gq: number, useBias: boolean,
): void {
  const g0 = cp.groupStart[gq], g1 = cp.groupStart[gq + 1], L = cp.groupList;
  const K = cp.groupK, B = cp.groupB, X = cp.groupX, Q = cp.groupQ, im = sb.invMass;
  let g = 0;
  cp.blockSoft = false;
  for (let e = g0; e < g1; e++) g = gatherPoint(cp, d, jp, p, sb, L[e], useBias, Q, B, X, g);
  if (g === 0) return;
  const N = MAX_GROUP_POINTS;
  for (let i = 0; i < g; i++) {
    K[N * i + i] = 1 / cp.mass[Q[i]];
    for (let j = i + 1; j < g; j++) {
      const k = groupCoupling(cp, d, jp, p, im, Q[i], Q[j]);
      K[N * i + j] = k;
      K[N * j + i] = k;
    }
  }
  // the group's points lie in one island (island2 < 0: groupBody), so the shared apply adds nothing more
  solveGatheredBlock(cp, d, jp, p, sb, K, N, B, X, Q, g, GROUP_SWEEPS);
}


/** The aux index of point q's limit at its stop (violated, C ≤ 0, or carrying an impulse; the more
 * violated of two), −1 when none. */
function limitAtStop(cp: JointContactCoupling, d: JointDirect, jp: JointProblem, q: number): number {
  let best = -1, bestC = Infinity;
  for (let e = 0; e < 2; e++) {
    const ql = cp.limit[2 * q + e];
    if (ql < 0) break;
    const r = d.auxRow[ql], C = jp.error[r];
    if ((C <= 0 || jp.impulse[r] > 0) && C < bestC) { best = ql; bestC = C; }
  }
  return best;
}

/**
 * (J_c M⁻¹ J_lᵀ) − (G M⁻¹ J_cᵀ)ᵀ u_l: the coupling of coupled point q and its island's limit row (aux
 * index ql) in the space the island's bilateral rows leave free (u_l: the limit's column, `ensureAux`).
 */
function pointLimitCoupling(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, im: Float64Array, q: number, ql: number,
): number {
  const c = cp.point[q], r = d.auxRow[ql], uo = d.auxOffset[ql] - d.islandStart[d.auxIsland[ql]];
  let k = couplingWithContact(jp, im, r, p, c);
  for (let i = cp.lo[q]; i <= cp.hi[q]; i++) {
    const u = d.U[uo + i];
    if (u !== 0) k -= couplingWithContact(jp, im, d.row[i], p, c) * u;
  }
  return k;
}

/**
 * Smallest K_cl² / (K_cc K_ll) of a coupled point and a limit of its island at its stop (their coupling in
 * the space the bilateral rows leave free, 0 to 1) from which the two are solved as one block
 * ({@link solveWithLimit}); one after the other they converge at this rate per sweep. Fuzz seed 2924:
 * 0.995. At 0.09, a limit between a 990 kg and a heavy body and a 0.5 kg point of its island
 * (maximum-dissipation seed 3494) took 5e3 N·m·s in the block when the point's velocities swung by
 * 300 m/s between passes, and the scene ran away; at 0.5 a light box's four points and one of its sixDof
 * joint's limits (fast Coulomb seed 7303), the joint's other limits solved apart, swung between passes
 * until a body ran away. The block is for the nearly dependent pairs.
 */
export const MIN_LIMIT_COUPLING = 0.9;

/**
 * Smallest relative pivot D_i / K_ii of the Cholesky factorization of a point-and-limit block
 * ({@link solveWithLimit}): with the limit held, a row's S may fall to at most this share of its own
 * (1/S: the row made this many times heavier). Below it the block is a jam of (nearly) dependent rows, or
 * its matrix, built from rows evaluated apart, is not positive definite at all: fast Coulomb seed 7668, a
 * manifold's two points and a limit on a body between the ground and a heavier one, dependent to below
 * 1e-4, took 1e4 N·m·s and a body ran away at 5.7e4 m/s (without the guard and at 1e-4 alike, while a light body's
 * manifolds were solved one after the other). It was 1e-3 until a light body's coupled points in several
 * manifolds became one block ({@link solveGroup}); since then 7668 holds at 1e-4 in both fast modes, and so
 * does fuzz seed 2924 (both fast modes: a 0.011 kg sphere on a hinge at its limit to a 92 kg box, whose block
 * reaches pivots between 1e-4 and 1e-3 as it sinks; at 1e-3 it is not held and sinks under the ground).
 * A smaller pivot passes when it is at least the island's heaviest body's 1/m (`conditioned`'s floor): the
 * row is then made heavier by the rows before it, but no heavier than that body, as an assembly free to
 * move makes it through a limit at its stop (a light body's point, with the limit held, carries the heavy
 * body's weight). A 0.01 kg foot on a vertical slider under a 1000 kg plank: the limit's pivot after the
 * foot's ground point is 2.9e-3 against its K_ll = 100 (2.9e-5 relative; 1/D = 345 kg, below 1000 kg);
 * refused, the two rows solved one after the other let the plank fall through the limits onto the ground.
 */
export const LIMIT_BLOCK_MIN_PIVOT = 1e-4;

/** Whether the n × n block in `cp.lcpK` is positive definite with every Cholesky pivot D_i ≥
 * {@link LIMIT_BLOCK_MIN_PIVOT} · K_ii or D_i ≥ `floor` (uses `cp.lcpA` as scratch). */
function conditioned(cp: JointContactCoupling, n: number, floor: number): boolean {
  const K = cp.lcpK, L = cp.lcpA;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let t = K[n * i + j];
      for (let q = 0; q < j; q++) t -= L[5 * i + q] * L[5 * j + q];
      if (j < i) { L[5 * i + j] = t / L[5 * j + j]; continue; }
      if (!((t >= LIMIT_BLOCK_MIN_PIVOT * K[n * i + i] || t >= floor) && t > 0)) return false;
      L[5 * i + i] = Math.sqrt(t);
    }
  }
  return true;
}

/**
 * Largest violation of a limit at its stop that the point-and-limit block ({@link solveWithLimit}) corrects
 * by its bias velocity (m for linear limits, rad for angular ones): 2 mm, as the direct islands' rigid rows
 * leave to their bias velocity (`joint-solve.ts` VELOCITY_CORRECTION); enough to return the block's soft
 * leak (a steady 0.17 mm under a 1000 kg plank), the rest of a larger violation left to the limit's own row.
 */
export const LIMIT_BLOCK_CORRECTION = 0.002;

/** Relative pivot below which a subset of the small LCP is taken as singular ({@link solveSmallLcp}). */
const LCP_PIVOT_TOLERANCE = 1e-10;

/**
 * The LCP w = b + K x ≥ 0, x ≥ 0, xᵀw = 0 of n ≤ 5 unknowns (K symmetric positive semi-definite, row-major
 * n × n in `cp.lcpK`, b in `cp.lcpB`) solved exactly by enumerating the active sets (Murty 1988, ch. 1:
 * a complementary basis is a solution when its values and the other rows' w are ≥ 0), the smaller sets
 * first. A set whose K_SS has a relative pivot below {@link LCP_PIVOT_TOLERANCE} is skipped (its rows are
 * dependent in the space the joints leave free). The solution is left in `cp.lcpX`; false when no set
 * passes (then nothing is to be trusted).
 */
function solveSmallLcp(cp: JointContactCoupling, n: number): boolean {
  const K = cp.lcpK, b = cp.lcpB, X = cp.lcpX, A = cp.lcpA, idx = cp.lcpIdx;
  let scale = 0, diag = 0;
  for (let i = 0; i < n; i++) {
    scale = Math.max(scale, Math.abs(b[i]));
    diag = Math.max(diag, K[n * i + i]);
  }
  const tol = 1e-9 * scale;
  const full = 1 << n;
  for (let size = 0; size <= n; size++) {
    for (let mask = 0; mask < full; mask++) {
      let m = 0;
      for (let i = 0; i < n; i++) if ((mask >> i) & 1) idx[m++] = i;
      if (m !== size) continue;
      // K_SS x_S = −b_S by Gaussian elimination with partial pivoting (A: m × (m + 1))
      let ok = true;
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < m; j++) A[(m + 1) * i + j] = K[n * idx[i] + idx[j]];
        A[(m + 1) * i + m] = -b[idx[i]];
      }
      for (let col = 0; col < m && ok; col++) {
        let piv = col;
        for (let i = col + 1; i < m; i++) if (Math.abs(A[(m + 1) * i + col]) > Math.abs(A[(m + 1) * piv + col])) piv = i;
        if (!(Math.abs(A[(m + 1) * piv + col]) > LCP_PIVOT_TOLERANCE * diag)) { ok = false; break; }
        if (piv !== col) {
          for (let j = col; j <= m; j++) {
            const t = A[(m + 1) * col + j];
            A[(m + 1) * col + j] = A[(m + 1) * piv + j];
            A[(m + 1) * piv + j] = t;
          }
        }
        const pv = A[(m + 1) * col + col];
        for (let i = col + 1; i < m; i++) {
          const f = A[(m + 1) * i + col] / pv;
          if (f === 0) continue;
          for (let j = col; j <= m; j++) A[(m + 1) * i + j] -= f * A[(m + 1) * col + j];
        }
      }
      if (!ok) continue;
      for (let i = 0; i < n; i++) X[i] = 0;
      for (let i = m - 1; i >= 0; i--) {
        let t = A[(m + 1) * i + m];
        for (let j = i + 1; j < m; j++) t -= A[(m + 1) * i + j] * X[idx[j]];
        X[idx[i]] = t / A[(m + 1) * i + i];
      }
      for (let i = 0; i < m; i++) if (!(X[idx[i]] >= 0)) { ok = false; break; }
      if (!ok) continue;
      for (let i = 0; i < n && ok; i++) {
        if ((mask >> i) & 1) continue;
        let w = b[i];
        for (let j = 0; j < m; j++) w += K[n * i + idx[j]] * X[idx[j]];
        if (w < -tol) ok = false;
      }
      if (ok) return true;
    }
  }
  return false;
}

/**
 * The coupled points q0..q1−1 of one manifold (1–4) and their island's rigid limit row ql, at its stop,
 * solved as one small LCP in the space the island's bilateral rows leave free: K holds the points' Schur
 * matrix ({@link pointCoupling}), the limit's S (`JointDirect.auxW`) and their couplings
 * ({@link pointLimitCoupling}); b the points' normal velocities plus biases and the limit's J v (plus C/h
 * while inside its range; no position correction when violated: its own row makes it), all relative to
 * the impulses they hold; {@link solveSmallLcp} gives the new impulses, and each change
 * (scaled by its row's soft step) is applied with its −u Δ on the island.
 *
 * Why: a light body whose limit is at its stop can move its contact point only with the rest of the
 * assembly (the limit stops its own swing), but the point alone, in the space of the bilateral rows, sees
 * the light body free to swing and the limit alone sees it free of the ground: solved one after the
 * other, the two rows pass the assembly's push between them at the rate of the mass ratio, and the limit's
 * correction presses the light body into the ground (fuzz seed 2924, both fast modes: a 0.011 kg sphere
 * on a hinge at its limit to a 92 kg box of a 380 kg assembly turning at 2.5 rad/s, the limit 0.8 rad past
 * its stop, the sphere 0.5 m into the ground). Guards (then false, nothing changes, and the caller solves
 * the points without the limit): the limit and a point nearly dependent ({@link MIN_LIMIT_COUPLING}), but
 * not beyond {@link LIMIT_BLOCK_MIN_PIVOT};
 * each point's S with the limit held, K_cc − K_cl² / K_ll, above the island's heaviest body's
 * 1/({@link MAX_LEVERAGE} m) (below it the joints and the limit hold the point: fast Coulomb seed 7412, a
 * 6 kg body's point and its limit dependent to 1e-4, asked for 1e5 N·s); a solution whose contact impulse
 * exceeds MAX_LEVERAGE times the island's heaviest mass times the block's largest velocity.
 */
function solveWithLimit(
  cp: JointContactCoupling, d: JointDirect, jp: JointProblem, p: ConstraintProblem, sb: SolverBodies, q0: number, q1: number,
  ql: number, useBias: boolean,
): boolean {
  const K = cp.lcpK, B = cp.lcpB, O = cp.lcpOld, Q = cp.blockQ, X = cp.lcpX, im = sb.invMass, soft = cp.soft;
  const g = gatherManifoldPoints(cp, d, jp, p, sb, q0, q1, useBias, B, O);
  let massScale = 1, impulseScale = 0;
  if (cp.blockSoft) { massScale = soft.massScale; impulseScale = soft.impulseScale; }
  if (g === 0) return false;
  ensureAux(d, jp, sb, ql);
  const r = d.auxRow[ql], sll = d.auxW[ql];
  if (!(sll > 0)) return false;
  // the limit's row at velocity level: C/h while inside its range (it may be reached, not passed, within
  // the substep); violated, in the biased sweeps, the block's soft step with the contacts' bias rate on
  // the violation's first LIMIT_BLOCK_CORRECTION (the rest is its own row's, in the joint sweep). Without a
  // position correction in the block (all left to the limit's own row, which moves the light body alone),
  // the soft step's leak (impulse scale × λ in every biased sweep) was never returned: a 1000 kg plank on
  // sliders' upper limits at their stop over 0.01 or 1 kg feet sank through the limits at 2.8 mm/s, 8.3 mm
  // in 3 s (0.17 mm with it). An unbounded bias, β C, asked for 77 rad/s through a point dependent on a
  // limit violated by 2.4 rad (fuzz seed 1660, fast Coulomb: 3e5 N·m·s, the energy ×4.6 in a step); bounded
  // at the push-out speed (3 m/s), it pressed a body 2.5 cm into the ground (maximum-dissipation seed 4470)
  const C = jp.error[r];
  const lbias = C > 0 ? C * cp.invH : useBias ? soft.biasRate * Math.max(C, -LIMIT_BLOCK_CORRECTION) : 0;
  if (C <= 0 && useBias) {
    // a violated limit is a soft row in the biased sweeps: one soft step for the block (the contacts'), as
    // for a manifold's points (the rows' impulses nearly cancel on the light body; scaled apart they leave
    // a large unbalanced share behind)
    massScale = soft.massScale;
    impulseScale = soft.impulseScale;
  }
  const n = g + 1;
  for (let i = 0; i < g; i++) {
    K[n * i + i] = 1 / cp.mass[Q[i]];
    for (let j = i + 1; j < g; j++) {
      const k = pointCoupling(cp, d, jp, p, im, Q[i], Q[j]);
      K[n * i + j] = k;
      K[n * j + i] = k;
    }
    const kl = pointLimitCoupling(cp, d, jp, p, im, Q[i], ql);
    K[n * i + g] = kl;
    K[n * g + i] = kl;
  }
  K[n * g + g] = sll;
  // only where the limit and a point are nearly dependent in the space the bilateral rows leave free (the
  // limit blocks the point's own free motion): elsewhere the two rows solved one after the other converge
  // at the rate K_cl² / (K_cc K_ll) per sweep and need no block
  let rho2 = 0;
  for (let i = 0; i < g; i++) rho2 = Math.max(rho2, K[n * i + g] * K[n * i + g] / (K[n * i + i] * sll));
  if (!(rho2 >= MIN_LIMIT_COUPLING)) return false;
  // conditioning, as for a point alone (MAX_LEVERAGE): with the limit held, each point's S becomes
  // K_cc − K_cl² / K_ll; where that falls below the island's heaviest body's 1/(MAX_LEVERAGE m), the joints
  // and the limit themselves (nearly) hold the point, and the block would ask them for the contact's
  // push-out with impulses ~ 1 / S: the points are solved without the limit
  const k = cp.island[Q[0]];
  const sMin = cp.islandInvMass[k] * (1 / MAX_LEVERAGE);
  for (let i = 0; i < g; i++) {
    const kl = K[n * i + g];
    if (!(K[n * i + i] - kl * kl / sll > sMin)) return false;
  }
  if (!conditioned(cp, n, cp.islandInvMass[k])) return false;
  B[g] = rowVelocity(jp, sb.v, sb.w, r) - jp.target[r] + lbias;
  O[g] = jp.impulse[r];
  // w = B + K (x − O) = (B − K O) + K x
  let vmax = 0;
  for (let i = 0; i < n; i++) {
    let t = 0;
    for (let j = 0; j < n; j++) t += K[n * i + j] * O[j];
    vmax = Math.max(vmax, Math.abs(B[i]));
    B[i] -= t;
  }
  if (!solveSmallLcp(cp, n)) return false;
  const bound = MAX_LEVERAGE * vmax / cp.islandInvMass[k];
  for (let i = 0; i < g; i++) if (!(X[i] <= bound)) return false;
  const U = cp.U;
  for (let i = 0; i < g; i++) {
    const q = Q[i], old = cp.impulse[q];
    const next = old + massScale * (X[i] - old) - impulseScale * old;
    const total = next > 0 ? next : 0;
    const delta = total - old;
    if (delta === 0) continue;
    cp.impulse[q] = total;
    applyNormal(p, sb, cp.point[q], delta);
    applyIslandImpulses(jp, sb, d, U, k, cp.offset[q], delta);
  }
  const old = jp.impulse[r];
  let next = old + massScale * (X[g] - old) - impulseScale * old;
  if (next < jp.impulseLower[r]) next = jp.impulseLower[r]; else if (next > jp.impulseUpper[r]) next = jp.impulseUpper[r];
  const delta = next - old;
  if (delta !== 0) {
    jp.impulse[r] = next;
    applyRow(jp, sb, r, delta);
    applyAux(jp, sb, d, ql, delta);
  }
  return true;
}


/**
 * End of the step. λ_e is not handed to the contact's own impulse: that row is warm-started with it at
 * its own (light) mass, and the soft step's impulse scale then takes a share of it back in every solve
 * sweep (−impulseScale · λ) from the light body alone: a 0.01 kg foot under a 1000 kg plank was thrown
 * 0.8 m into the ground within a step. The island's rows keep their share (−u λ_e) in their own warm
 * start; the next step's first coupled update restores λ_e exactly (one block solve). The coupled points'
 * rest loads and their support rows' are given back to their contact rows (see `savedRestLoad`, `supportRow`).
 */
export function finishCoupling(cp: JointContactCoupling): void {
  const p = cp.contacts;
  if (p !== undefined) {
    for (let q = 0; q < cp.count; q++) if (cp.state[q] === 1) p.restLoad[cp.point[q]] = cp.savedRestLoad[q];
    for (let k = 0; k < cp.supportCount; k++) p.restLoad[cp.supportRow[k]] = cp.supportSaved[k];
  }
  cp.count = 0;
  cp.supportCount = 0;
}
