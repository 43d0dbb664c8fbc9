/**
 * Joint kernels shared by both modes. Fast mode (`../pgs/pgs-joints.ts` starts its step): the joint
 * rows of `systems/assembly/joint-rows.ts` solved as soft constraints inside the soft-step substeps,
 * before the contacts in every sweep (Box2D v3 order: warm start joints then contacts; solve joints then
 * contacts; relax joints then contacts); see the "Joints" section of `../pgs/README.md`. Accurate mode
 * (`../lcp/joint-implicit.ts`): `beginJointsImplicit`, the same sweeps and row kernels in the rigid limit.
 *
 * Per substep of length h the rows are re-evaluated at the current pose (start-of-step pose moved by
 * the bodies' deltas dp, dq: exact position errors and current Jacobians), then each row or 3×3 block
 * is updated as
 *
 *   Δλ = −massScale · m (J v − target + bias + γ λ) − impulseScale · λ,   λ ← clamp(λ + Δλ, lo, hi)
 *
 * with, by row type (Drumwright's spring-damper rows; ERP/CFM bridge
 * of Drumwright 2019 eqs. 59–62, Catto's soft step):
 *   spring (finite k, b):  bias = β C, β = k/(hk + b) (ERP/h),  γ = 1/(h(hk + b)) (CFM/h),
 *                          m = 1/(W + γ), massScale 1, impulseScale 0; in every sweep (it is physics,
 *                          not a correction); blocks use (K + γI)⁻¹
 *   rigid (k = ∞):         solve sweeps: bias = β_j C with the joint softness (jointHertz, jointDampingRatio,
 *                          `soft-constraint.ts`), m = 1/W (K⁻¹ for blocks); relax sweeps: rigid, no bias
 *   limit (λ ≥ 0):         C > 0 (inside the range): bias = C/h, rigid (speculative: the limit may be reached
 *                          within this substep, not passed); C ≤ 0: as a rigid row
 *   soft limit (λ ≥ 0,     Drumwright's unilateral spring-damper (Drumwright 2019 §5, eq. 68): the spring row's law
 *     finite k, b):        (bias β C, γ = 1/(h(hk + b)), m = 1/(W + γ)) clamped at λ ≥ 0, for either sign
 *                          of C and in every sweep, so one row takes exactly λ = max(0, c/a) per (sub)step;
 *                          in a direct island its mass is 1/(S + γ), S the Schur complement below
 *   motor (|λ| ≤ F h):     J v → target, rigid, no bias
 *
 * The rigid joint softness keeps the full rigid mass (massScale 1, impulseScale 0: no compliance, so a
 * heavy load does not stretch the joint by F/(m_eff ω²)) and corrects the error at the rate
 * β_j = ω/(2ζ + hω), the soft step's ERP/h; the relax sweeps then remove the velocity the bias added
 * (position correction without kinetic energy), as PhysX TGS does for rigid joints.
 *
 * The fast mode's direct islands (`JointSolveContext.positionPass`) split the rigid rows' correction:
 * the part of C within ±2 mm (or rad, `VELOCITY_CORRECTION`) by a bias velocity as above, computed once
 * per substep and bounded per body (`applyBoundedBias`); the rest on the positions: after the position
 * update, at the pose the relax sweeps see, one solve of the island's factored system moves the bodies by
 * Δq = M⁻¹ Gᵀ x, (W + Γ) x = −h β_j (C − clamp(C, ±2 mm)) (the displacement the bias velocity would
 * have made in the substep; nonlinear Gauss–Seidel on positions as Box2D v2.x's position solver,
 * pseudo-velocities as Bullet's split impulse; damped, (W + Γ + μ diag W), in an island whose solve would move
 * a body far more than the errors it corrects: `dampIllPosedPass`), bounded per body, and the contact points the move takes
 * deeper than min(s, 0) are pushed back (`correctJointPositions`). The velocities are not touched there,
 * so a large error's correction adds no kinetic energy: with its bias in the velocities, the relax sweeps
 * removed it only along the rows re-evaluated after the move, and the contacts that answered the bias in
 * the solve sweeps kept their answer (fuzz seed 9865: a 22 kg capsule, axial inertia 0.034 kg m², on a
 * sixDof joint 9.6 m from a 215 kg body, spun to 1250 rad/s by the ground's friction against the joint,
 * turned 6.7 rad in a substep, its joint torn 16 m open, and the bias pulled it back at 163 m/s: 0.44 to
 * 1.2 MJ of kinetic energy within one substep, 1.98 MJ at the end of the step).
 */

import { RowBlock, RowType, updateJointRows, type JointProblem, type TurnedInertia } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { Softness } from './soft-constraint';
import {
  buildJointIslands, createJointDirect, ensureAux, factorJointIslands, solveFactored, type JointDirect,
} from './joint-direct';
import { mat3InvertSymmetric } from '../../../math/mat3';
import { quatIntegrate } from '../../../math/quat';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import { currentSeparation } from './contact-separation';

// The step's loops here follow `../pgs/README.md`, "Loops compiled on the stack": each long loop is the only
// loop of its function, reads only arrays and integers before it and runs a first pass that does nothing
// (index −1), and numbers go between routines through arrays (`JointSolveContext.bound`, `change`), not as
// arguments or results: the step allocates nothing.

// module-local copies of the enum codes (plain constants in the hot loops)
const BLOCK_HEAD = RowBlock.head;
const BLOCK_TAIL = RowBlock.tail;
const ROW_LIMIT = RowType.limit;
const ROW_MOTOR = RowType.motor;
const ROW_RIGID = RowType.rigid;
const ROW_SPRING = RowType.spring;

/**
 * Largest error of a rigid row of a direct island that the position pass leaves to the bias velocity
 * (m for anchor rows, rad for angular rows): 2 mm. The drift of a substep's linearized motion stays below
 * it (a door turning at 2 rad/s on a hinge, 0.5 m lever: r (ω h)²/2 = 1.7e-5 m per substep), and its
 * correction by a bias velocity (at most β_j · 2 mm = 0.065 m/s) also turns the velocity with the rows as
 * they turn: on positions alone that door lost 5.7 % of its speed in 10 s (each relax sweep projects the
 * velocity on the rows of the new pose). The rest of a larger error goes to the position pass. Measured
 * on the fast modes' failing seeds of 0..9999 (33 seeds in each mode) and the regression seeds of
 * `test/robustness/`: 1, 2, 3, 4, 5, 7, 10 and 20 mm left 6, 3, 5, 3, 4, 4, 4 and 8 failing (pgs) and
 * 3, 4, 3, 6, 2, 2, 5 and 5 (mdp); every value but 2 mm broke a seed that held before (which one changes
 * from value to value: jointed light bodies pressed into the ground, a chaotic outcome).
 */
const VELOCITY_CORRECTION = 0.002;

/** What the joint kernels need for the current step (one per solver; no allocation per step). */
export interface JointSolveContext {
  /** Substep length (s). */
  h: number;
  invH: number;
  /** Bias rate of rigid rows and limits (1/s). */
  rigidBiasRate: number;
  /** Mass and impulse scales of rigid rows in the biased sweeps. */
  rigidMassScale: number;
  rigidImpulseScale: number;
  /** Mass and impulse scales of violated rigid limits (C ≤ 0) in the biased sweeps: the fast mode's soft
   * step (a limit that a contact or another limit contradicts then yields a little instead of fighting it
   * with ever larger impulses); 1 and 0 (rigid) in the accurate mode. */
  limitMassScale: number;
  limitImpulseScale: number;
  /** The bilateral rows' direct solver (`../joint-direct.ts`); used when `direct` is true. */
  direct: JointDirect;
  useDirect: boolean;
  /** Re-evaluate the rows at the pose after the position update before the relax sweeps. */
  refreshBeforeRelax: boolean;
  /** True once the rows were re-evaluated for this substep's relax sweeps. */
  relaxReady: boolean;
  /** Scratch: the spring rows' errors of the solve sweeps, kept through the relax refresh. */
  savedError: Float64Array;
  /** Scratch: the rigid rows' soft-step coefficients of the current step (fast mode). */
  soft: Softness;
  /** `[3]` the joint frequency, damping ratio and substep `soft` was made from (fast mode; −1: never). */
  softInputs: Float64Array;
  /** Substeps started in this step. */
  substep: number;
  /**
   * Warm-start the bilateral rows of the direct islands at the start of each substep (default true; the
   * fast mode sets false). Those rows are solved exactly in every sweep, so their starting impulses only
   * change what the other blocks (limits, motors, contacts) see first; applied along the rows just
   * re-evaluated at the new pose, they put M⁻¹ (J_new − J_old)ᵀ λ into the velocities, and the part of it
   * the joints allow stays: the torque of a large λ through a light body at a long lever turning by h ω
   * per substep (fuzz seed 2768: a 0.22 kg ball, I = 2.5e-4 kg m², on a slider and a hinge anchored
   * 7–14 m away between a 0.011 kg and a 319 kg body, from 0.24 to 1e12 J of kinetic energy within 4
   * substeps, corrected back each time to a little more). With false the rows start each substep at 0
   * (their impulse is the substep's: the reported forces are unchanged in meaning).
   */
  warmStartDirect: boolean;
  /**
   * Largest position error a rigid row or a violated limit corrects by its bias (unit: m for the anchor
   * rows, rad for the angular ones; default Infinity; the fast mode sets 5, `pgs/pgs-joints.ts`):
   * the bias is β · clamp(C, ±maxCorrection), so a joint pulled apart (a light body at a long lever hit
   * by the ground) comes back at a bounded speed instead of at β C (β ≈ 33/s at 240 Hz substeps: 7 m of
   * error gave 230 m/s). Box2D's position solver clamps the same way (b2_maxLinearCorrection, 0.2 m).
   */
  maxCorrection: number;
  /**
   * The current world inverse inertias of the bodies that turned within the step (default undefined:
   * every row acts through the inertia of the step's start). The fast mode sets its solver's
   * `InertiaRefresh`, refreshed at the start of each substep before the joints' warm start: the contact
   * rows act through those same matrices (`../pgs/inertia-refresh.ts`), and rows of one body that
   * project in two metrics (the joints' start inertia, the contacts' current one) diverge by up to the
   * inertia ratio once the body has turned: fuzz seed 1619 (max-dissipation), a 0.04 kg capsule (axial
   * inertia 1.4e-4 kg m², 500 times below its others) on a hinge 13 m from a spinning 207 kg body,
   * turned 1.6 rad in a step and went from 100 to 2e8 rad/s within the next, and 39 bodies were
   * reported non-finite.
   */
  turnedInertia: TurnedInertia | undefined;
  /**
   * Correct the direct islands' rigid rows by a bounded bias velocity for errors within
   * `VELOCITY_CORRECTION` and on the positions after the position update for the rest
   * (`applyBoundedBias`, `correctJointPositions`) instead of by the bias β C in every solve sweep
   * (default false; the fast mode sets true, `pgs/pgs-joints.ts`). Needs `refreshBeforeRelax`.
   */
  positionPass: boolean;
  /** The step's contact rows (fast mode), whose points the position pass does not push deeper; undefined:
   * none. */
  contacts: ConstraintProblem | undefined;
  /** Scratch of the position pass: `[3 × (bodies + 1)]` each body's displacement Δp and turn Δθ (or, for the
   * bounded bias, velocity and angular velocity), `[bodies + 1]` 1 for a body the joints moved, `[contact points]`
   * the contacts' accumulated position impulses. */
  shift: Float64Array;
  shiftTurn: Float64Array;
  shifted: Uint8Array;
  pushImpulse: Float64Array;
  biasApplied: boolean;
  biasRow: Float64Array;
  /** Scratch of the position pass: `[rows]` the rows' γ with the damping of `dampIllPosedPass`, `[islands]`
   * 1 for the islands it damps. */
  dampedGamma: Float64Array;
  passIsland: Uint8Array;
  /** Scratch of the fast mode's direct solve: `[direct rows]` its right-hand sides (`dampIllPosedSolve`). */
  rhsCopy: Float64Array;
  /** Scratch of the bounded limit correction (`limitCorrectionBound`): `[aux]` the largest body speed per
   * unit impulse of a direct island's limit row with its island's response, and the factorization it was
   * computed at (`JointDirect.factorCount`; −1: never); `[3 × (bodies + 1)]` each the body velocities and
   * angular velocities of that unit impulse (0 between uses). */
  limitGain: Float64Array;
  limitGainAt: Int32Array;
  limitMove: Float64Array;
  limitTurn: Float64Array;
  /** Scratch: `[1]` the bound {@link limitCorrectionBound} or {@link weakStep} found (a number returned from a
   * call V8 does not inline is a new heap number each call; an array element is not). */
  bound: Float64Array;
  /** `[1]` the largest impulse change (N·s or N·m·s) of the last {@link solveJoints} sweep. */
  change: Float64Array;
}

/**
 * C clamped to ±m. The bound is taken as `+m`: passed a module constant (`VELOCITY_CORRECTION`), whose type
 * V8's optimizing compiler does not know, the result merged the constant with C as tagged values, and C
 * became a new heap number in every call (36 KB per step in each of the position pass's loops on the
 * ragdoll pile of `bench/`).
 */
function clampError(C: number, m: number): number {
  const hi = +m, lo = -m;
  return C > hi ? hi : C < lo ? lo : C;
}

export function createJointSolveContext(): JointSolveContext {
  return {
    h: 0, invH: 0, rigidBiasRate: 0, rigidMassScale: 1, rigidImpulseScale: 0, limitMassScale: 1, limitImpulseScale: 0,
    direct: createJointDirect(),
    useDirect: true, refreshBeforeRelax: true, relaxReady: false, savedError: new Float64Array(64), substep: 0,
    soft: { biasRate: 0, massScale: 1, impulseScale: 0 }, softInputs: new Float64Array([-1, -1, -1]), warmStartDirect: true, maxCorrection: Infinity,
    turnedInertia: undefined, positionPass: false, contacts: undefined,
    shift: new Float64Array(48), shiftTurn: new Float64Array(48), shifted: new Uint8Array(16), pushImpulse: new Float64Array(32), biasApplied: false, biasRow: new Float64Array(64),
    dampedGamma: new Float64Array(64), passIsland: new Uint8Array(16), rhsCopy: new Float64Array(64),
    limitGain: new Float64Array(16), limitGainAt: new Int32Array(16).fill(-1), limitMove: new Float64Array(48), limitTurn: new Float64Array(48),
    bound: new Float64Array(1), change: new Float64Array(1),
  };
}

/**
 * Start of an implicit (accurate-mode) joint step of length h: Drumwright's scheme in its rigid
 * limit for rigid rows (k → ∞: bias C/h, no compliance: Drumwright 2019 eqs. 59–62 as k → ∞), springs from k
 * and b, every bilateral row in the direct solve.
 */
export function beginJointsImplicit(p: JointProblem, sb: SolverBodies, c: JointSolveContext, h: number, warm: boolean): void {
  c.useDirect = true;
  c.limitMassScale = 1;
  c.limitImpulseScale = 0;
  c.direct.maxMeanEnvelope = Infinity;
  c.refreshBeforeRelax = false;
  beginJointStep(p, sb, c, h, 1 / h, 1, 0, warm);
  p.stepTime = h;
}

/**
 * Common start of a joint step of substep length h (both modes): the rigid rows' bias rate and mass /
 * impulse scales, the impulse bounds (force bounds × h), the warm-start impulses (last step's row forces
 * × h, or 0) and, when `c.useDirect`, the direct islands.
 */
export function beginJointStep(
  p: JointProblem, sb: SolverBodies, c: JointSolveContext, h: number, biasRate: number, massScale: number,
  impulseScale: number, warm: boolean,
): void {
  c.h = h;
  c.invH = 1 / h;
  c.rigidBiasRate = biasRate;
  c.rigidMassScale = massScale;
  c.rigidImpulseScale = impulseScale;
  p.impulseTime = h;
  c.substep = 0;
  const n = p.rowCount;
  p.stepImpulse.fill(0, 0, n);
  startImpulses(p, warm);
  if (c.useDirect) buildJointIslands(c.direct, p, sb);
  else c.direct.direct.fill(0, 0, Math.min(n, c.direct.direct.length));
}

/** The rows' starting impulses (last step's forces × h, or 0) and impulse bounds (force bounds × h), h =
 * `p.impulseTime`. */
function startImpulses(p: JointProblem, warm: boolean): void {
  for (let r = -1; r < p.rowCount; r++) {
    if (r < 0) continue;
    const h = p.impulseTime;
    p.impulse[r] = warm ? clamp(p.warmForce[r], p.forceLower[r], p.forceUpper[r]) * h : 0;
    p.impulseLower[r] = p.forceLower[r] * h;
    p.impulseUpper[r] = p.forceUpper[r] * h;
  }
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * Start of a substep: re-evaluates the rows at the current pose, computes their soft coefficients
 * (and factors the direct islands), then applies the accumulated impulses to the bodies (warm start;
 * the direct islands' bilateral rows restart at 0 instead when `c.warmStartDirect` is false).
 */
export function warmStartJoints(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  if (p.rowCount === 0) return;
  if (c.substep++ > 0) addStepImpulses(p);
  prepareRows(p, sb, c);
  c.relaxReady = false;
  c.biasApplied = false;
  const skip = c.useDirect && !c.warmStartDirect && c.direct.n > 0 ? c.direct.direct : undefined;
  warmStartRows(p, sb, c, skip);
  if (skip !== undefined) warmStartAux(p, sb, c.direct);
}

/** The last substep's impulses added to the step's. */
function addStepImpulses(p: JointProblem): void {
  for (let r = -1; r < p.rowCount; r++) {
    if (r < 0) continue;
    p.stepImpulse[r] += p.impulse[r];
  }
}

/** The warm start of the rows (`skip`: the direct islands' rows, when their bilateral rows restart at 0). */
function warmStartRows(p: JointProblem, sb: SolverBodies, c: JointSolveContext, skip: Uint8Array | undefined): void {
  for (let r = -1; r < p.rowCount; r++) {
    if (r < 0) continue;
    if (skip !== undefined && (skip[r] === 1 || c.direct.auxOf[r] >= 0)) {
      if (skip[r] === 1) p.impulse[r] = 0; // a bilateral row of a direct island restarts at 0
      continue; // a limit or motor row of a direct island: below (limits restart at 0 there)
    }
    if (p.impulse[r] !== 0) applyRowAt(p, sb, r, p.impulse, r);
  }
}

/**
 * The warm start of the motor rows of the direct islands when their bilateral rows restart at 0
 * (`warmStartDirect` false): each with the bilateral impulses −u λ that keep the island's rows as they
 * were (`applyAux`, the Schur-complement step of the sweeps), at this substep's factorization. Applied
 * alone, a row's impulse acted on its own bodies through the island's rows' error: fuzz seed 1484
 * (max-dissipation), a swing limit of a 0.023 kg body to the world, 1.45 rad past its stop and spanned by
 * the island's rows (S = 6e-10, W_ll = 37), had gathered 5e11 N·s, and its warm start threw the body at
 * 8e12 m/s; the joint correction then moved it 1e6 m up. Not warm-started: a row its island now spans
 * (S = 0, `ensureAux`), whose impulse does nothing but feed such a jump, and every limit row: they
 * restart at 0 in every substep, as the island's bilateral rows and its coupled contact points
 * (`joint-contact-coupling.ts`, λ_e) do, with which the sweeps solve them. A limit at its stop under a
 * load is pressed against a contact of its light body, and its impulse warm-started alone, with the
 * contact's coupled row at 0, threw that body into the contact by λ / m before every solve: the plank of
 * `test/fixtures/plank-on-feet.ts` on 1 kg feet on sliders (the feet at −154 m/s after the warm start, then
 * thrown up at 3 m/s by the point-and-limit block: they bounced 1 to 4 cm and dipped 4.2 mm), fuzz seed
 * 9232 (max-dissipation: a 0.023 kg sphere on a hinge at its stop 24 m from a 47 kg capsule, −584 m/s).
 * A limit inside its range (C > 0) was already left out: speculative, its impulse was for an approach of
 * the last substep (fuzz seed 197, max-dissipation: the two opposed limits of one sixDof axis of a
 * 0.037 kg body, both inside the range, held 3.9e4 and 2e4 N·s and their warm start gave the body 8e4 m/s).
 */
function warmStartAux(p: JointProblem, sb: SolverBodies, d: JointDirect): void {
  for (let q = -1; q < d.auxCount; q++) {
    if (q < 0) continue;
    const r = d.auxRow[q];
    if (p.impulse[r] === 0) continue;
    if (p.rowType[r] === ROW_LIMIT) { p.impulse[r] = 0; continue; } // limits restart at 0 (see above)
    ensureAux(d, p, sb, q);
    if (d.auxW[q] === 0 && p.gamma[r] === 0) { p.impulse[r] = 0; continue; }
    applyRowAt(p, sb, r, p.impulse, r);
    applyAuxAt(p, sb, d, q, p.impulse, r);
  }
}

/**
 * Before the relax sweeps (Box2D v3 evaluates its joints at the current pose there too): the rows at
 * the pose after the position update, so that the relax removes the velocity along the current
 * Jacobians. Spring rows keep the error of the solve sweeps: a spring is one implicit Euler step per
 * substep (Drumwright 2019 eqs. 13–14), which the relax must not repeat at the new position.
 */
function refreshForRelax(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  if (c.savedError.length < p.rowCount) c.savedError = new Float64Array(p.rowCapacity);
  copyRows(c.savedError, p.error, p.rowCount);
  prepareRows(p, sb, c);
  restoreSpringErrors(p, c.savedError); // springs, soft limits
  c.relaxReady = true;
  if (c.positionPass && c.useDirect && c.direct.n > 0) correctJointPositions(p, sb, c);
}

/** `to[0..n)` ← `from[0..n)`. */
function copyRows(to: Float64Array, from: Float64Array, n: number): void {
  for (let r = -1; r < n; r++) {
    if (r < 0) continue;
    to[r] = from[r];
  }
}

/** The errors of the rows with compliance (springs, soft limits) back to `saved`. */
function restoreSpringErrors(p: JointProblem, saved: Float64Array): void {
  for (let r = -1; r < p.rowCount; r++) {
    if (r < 0) continue;
    if (p.gamma[r] > 0) p.error[r] = saved[r];
  }
}

/** Rows at the current pose: Jacobians, errors, soft coefficients, 3×3 block inverses, direct factors. */
function prepareRows(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  updateJointRows(p, sb, c.turnedInertia);
  softRows(p, c);
  if (c.useDirect) factorJointIslands(c.direct, p, sb, p.gamma);
}

/** The rows' soft coefficients (γ, β, soft mass, mass and impulse scales) and 3×3 block inverses. */
function softRows(p: JointProblem, c: JointSolveContext): void {
  for (let r = -1; r < p.rowCount; r++) {
    if (r < 0) continue;
    const h = c.h;
    const type = p.rowType[r];
    const em = p.effectiveMass[r];
    if (type === ROW_SPRING || (type === ROW_LIMIT && p.stiffness[r] < Infinity)) {
      // springs and soft limits: k > 0 or b > 0 (assembly), so γ > 0
      const k = p.stiffness[r], b = p.damping[r];
      const t = h * k + b;
      const gamma = 1 / (h * t);
      p.gamma[r] = gamma;
      p.biasRate[r] = k / t;
      p.softMass[r] = em > 0 ? 1 / (1 / em + gamma) : 0;
      p.massScale[r] = 1;
      p.impulseScale[r] = 0;
    } else {
      p.gamma[r] = 0;
      p.biasRate[r] = type === ROW_MOTOR ? 0 : c.rigidBiasRate;
      p.softMass[r] = em;
      p.massScale[r] = type === ROW_RIGID ? c.rigidMassScale : type === ROW_LIMIT ? c.limitMassScale : 1;
      p.impulseScale[r] = type === ROW_RIGID ? c.rigidImpulseScale : type === ROW_LIMIT ? c.limitImpulseScale : 0;
    }
    if (p.rowBlock[r] === BLOCK_HEAD) invertBlock(p, r);
  }
}

/** (K + γI)⁻¹ of the block whose first row is r (γ = `gamma[r]`), into `blockInverse[9r..]` (0 if singular). */
function invertBlock(p: JointProblem, r: number): void {
  const o = 9 * r;
  if (!mat3InvertSymmetric(p.blockInverse, o, p.blockMatrix, o, p.gamma[r], 1e-14)) p.blockInverse.fill(0, o, o + 9);
}

/** J v of row r from the current body velocities. */
export function rowVelocity(p: JointProblem, v: Float64Array, w: Float64Array, r: number): number {
  rowVelocityTo(p, v, w, r, arg, 0);
  return arg[0];
}

/** J v of row r from the body velocities v, w, into `out[k]` (the step's form: see the note above). */
export function rowVelocityTo(p: JointProblem, v: Float64Array, w: Float64Array, r: number, out: Float64Array, k: number): void {
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const lin = p.linear, jA = p.angularA, jB = p.angularB;
  out[k] = lin[o] * (v[b3] - v[a3]) + lin[o + 1] * (v[b3 + 1] - v[a3 + 1]) + lin[o + 2] * (v[b3 + 2] - v[a3 + 2])
    + jA[o] * w[a3] + jA[o + 1] * w[a3 + 1] + jA[o + 2] * w[a3 + 2]
    + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2];
}

/** Scratch of the numbers passed between the routines below: slot 0 a row's impulse for {@link applyRowAt} or
 * a row velocity, 1 an impulse change {@link applyAuxAt} spreads over an island, 0–2 a block's row velocities
 * and then its impulses (`sweepRows`); no state between calls. */
const arg = new Float64Array(3);

/** Applies the impulse l of row r to its bodies' velocities. */
export function applyRow(p: JointProblem, sb: SolverBodies, r: number, l: number): void {
  arg[0] = l;
  applyRowAt(p, sb, r, arg, 0);
}

/** {@link applyRow} of the impulse `ls[k]` (the step's form: see the note above). */
export function applyRowAt(p: JointProblem, sb: SolverBodies, r: number, ls: Float64Array, k: number): void {
  const l = ls[k];
  const v = sb.v, w = sb.w;
  const a = p.rowA[r], b = p.rowB[r], a3 = 3 * a, b3 = 3 * b, o = 3 * r;
  const lin = p.linear, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const mA = sb.invMass[a] * l, mB = sb.invMass[b] * l;
  v[a3] -= mA * lin[o]; v[a3 + 1] -= mA * lin[o + 1]; v[a3 + 2] -= mA * lin[o + 2];
  v[b3] += mB * lin[o]; v[b3 + 1] += mB * lin[o + 1]; v[b3 + 2] += mB * lin[o + 2];
  w[a3] += l * iA[o]; w[a3 + 1] += l * iA[o + 1]; w[a3 + 2] += l * iA[o + 2];
  w[b3] += l * iB[o]; w[b3 + 1] += l * iB[o + 1]; w[b3 + 2] += l * iB[o + 2];
}

/**
 * One Gauss–Seidel sweep over every joint row (see the header for the row laws). `useBias` = false is
 * the relax sweep: rigid rows and limits lose their soft bias (speculative limits keep C/h), springs
 * and motors are unchanged.
 */
export function solveJoints(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): void {
  if (!useBias && c.refreshBeforeRelax && !c.relaxReady) refreshForRelax(p, sb, c);
  // The bilateral rows of the direct islands first: the limit and motor rows below then see a velocity
  // that satisfies them, and their Schur-complement steps (`applyAux`) keep it so. Solved after the
  // limits instead, a limit would take 1/S (S its Schur complement, small when the limit is nearly
  // spanned by the bilateral rows: S/W_ll = 0.0024 in a fuzz scene) times a velocity that still holds
  // the bilateral rows' error, e.g. the warm-start impulses applied along Jacobians that turned since
  // they were found: impulses of 3e5 N·s and speeds of 1e4 m/s within one step.
  c.change[0] = 0;
  if (c.useDirect && c.direct.n > 0) solveDirect(p, sb, c, useBias);
  sweepRows(p, sb, c, useBias);
}

/** The Gauss–Seidel sweep of {@link solveJoints} over the rows the direct solve leaves. */
function sweepRows(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): void {
  const v = sb.v, w = sb.w;
  const imp = p.impulse;
  const direct = c.direct.direct;
  const anyDirect = c.useDirect && c.direct.n > 0;
  const t = arg, change = c.change;
  for (let r = -1; r < p.rowCount; r++) {
    if (r < 0) continue;
    const block = p.rowBlock[r];
    if (block === BLOCK_TAIL || (anyDirect && direct[r] === 1)) continue;
    const type = p.rowType[r];
    if (block === BLOCK_HEAD) {
      let bias = 0, ms = 1, is = 0;
      const spring = type === ROW_SPRING;
      if (spring || useBias) {
        bias = p.biasRate[r];
        ms = p.massScale[r];
        is = p.impulseScale[r];
      }
      const g = p.gamma[r], E = p.error;
      rowVelocityTo(p, v, w, r, t, 0);
      rowVelocityTo(p, v, w, r + 1, t, 1);
      rowVelocityTo(p, v, w, r + 2, t, 2);
      // a spring's error unclamped (clampError(C, Infinity) is C)
      const e0 = spring ? E[r] : clampError(E[r], c.maxCorrection);
      const e1 = spring ? E[r + 1] : clampError(E[r + 1], c.maxCorrection);
      const e2 = spring ? E[r + 2] : clampError(E[r + 2], c.maxCorrection);
      const b0 = t[0] + bias * e0 + g * imp[r];
      const b1 = t[1] + bias * e1 + g * imp[r + 1];
      const b2 = t[2] + bias * e2 + g * imp[r + 2];
      const K = p.blockInverse, o = 9 * r;
      const d0 = -ms * (K[o] * b0 + K[o + 1] * b1 + K[o + 2] * b2) - is * imp[r];
      const d1 = -ms * (K[o + 3] * b0 + K[o + 4] * b1 + K[o + 5] * b2) - is * imp[r + 1];
      const d2 = -ms * (K[o + 6] * b0 + K[o + 7] * b1 + K[o + 8] * b2) - is * imp[r + 2];
      imp[r] += d0; imp[r + 1] += d1; imp[r + 2] += d2;
      change[0] = Math.max(change[0], Math.abs(d0), Math.abs(d1), Math.abs(d2));
      t[0] = d0; t[1] = d1; t[2] = d2;
      applyRowAt(p, sb, r, t, 0);
      applyRowAt(p, sb, r + 1, t, 1);
      applyRowAt(p, sb, r + 2, t, 2);
      continue;
    }
    const C = p.error[r];
    let bias = 0, ms = 1, is = 0;
    if (type === ROW_SPRING) {
      bias = p.biasRate[r] * C;
    } else if (type === ROW_LIMIT) {
      if (p.gamma[r] > 0) bias = p.biasRate[r] * C; // soft limit: its spring law, in every sweep
      else if (C > 0) bias = C * c.invH;
      else if (useBias) { bias = p.biasRate[r] * clampError(C, c.maxCorrection); ms = p.massScale[r]; is = p.impulseScale[r]; }
    } else if (type === ROW_RIGID && useBias) {
      bias = p.biasRate[r] * clampError(C, c.maxCorrection); ms = p.massScale[r]; is = p.impulseScale[r];
    }
    const q = anyDirect ? c.direct.auxOf[r] : -1;
    let m = p.softMass[r];
    if (q >= 0) {
      // a limit at rest with no impulse that is not being approached stays inactive: no Schur data needed
      if (type === ROW_LIMIT && imp[r] === 0) {
        rowVelocityTo(p, v, w, r, t, 0);
        if (t[0] + bias >= 0) continue;
      }
      ensureAux(c.direct, p, sb, q);
      // the row's W in the space the bilateral rows leave free, plus its compliance (soft limits)
      m = c.direct.auxW[q] > 0 ? 1 / (c.direct.auxW[q] + p.gamma[r]) : 0;
      // a violated rigid limit's correction moves no body faster than the correction speed bound
      if (m > 0 && c.positionPass && type === ROW_LIMIT && C <= 0 && useBias && p.gamma[r] === 0 && bias < 0) {
        limitCorrectionBound(p, sb, c, q);
        const bound = c.bound[0];
        if (bias < -bound) bias = -bound;
      }
    }
    if (m === 0) continue;
    const old = imp[r];
    rowVelocityTo(p, v, w, r, t, 0);
    const jv = t[0] - p.target[r];
    let next = old - ms * m * (jv + bias + p.gamma[r] * old) - is * old;
    if (q >= 0 && c.positionPass && isWeakAux(p, c.direct, r, q)) {
      // a row its island nearly spans, kept as independent (`weakStep`): each update moves no body faster
      // than the correction speed bound
      weakStep(p, sb, c, q);
      const step = c.bound[0];
      if (next > old + step) next = old + step; else if (next < old - step) next = old - step;
    }
    const lo = p.impulseLower[r], hi = p.impulseUpper[r];
    if (next < lo) next = lo; else if (next > hi) next = hi;
    imp[r] = next;
    const d = next - old;
    if (d !== 0) {
      t[1] = d;
      applyRowAt(p, sb, r, t, 1);
      if (q >= 0) applyAuxAt(p, sb, c.direct, q, t, 1);
      change[0] = Math.max(change[0], Math.abs(d));
    }
  }
}

/**
 * Largest speed (m/s, and rad/s for a turn) at which a violated rigid limit's position correction may move
 * a body, in units of its largest bias β · maxCorrection: 2, as the position pass's bound on a body's move
 * (`MAX_SHIFT`). Box2D bounds a contact's and a joint's push-out the same way in speed (its maximum
 * correction speed; Jolt's maximum penetration recovery speed), here on the bodies, not on the row.
 */
const LIMIT_CORRECTION_SPEED = 2;

/**
 * The largest correction speed |b| a violated rigid limit of a direct island (aux row q) may ask for in the
 * fast mode: v_max S / g, v_max = {@link LIMIT_CORRECTION_SPEED} β maxCorrection, S its Schur complement
 * against the island's bilateral rows (`JointDirect.auxW`), g the largest body speed that a unit impulse of
 * the limit gives with its island's response, M⁻¹ (J_l − Gᵀ u)ᵀ. Reaching the row velocity b takes the
 * impulse b / S and moves the bodies at up to g |b| / S: the bound keeps that at v_max. A limit its joints
 * leave free, or one held only through a heavy body (S small through the mass ratio, the heavy body then
 * moving at about b), moves its bodies at about b and keeps its full correction; a limit nearly spanned by
 * its island's rows (a joint loop whose only motion along the limit is a near-mechanism: S ≪ W_ll while g
 * stays of the order of the light body's 1/m) moved the loop at g b / S: fuzz seed 9252 (both fast modes),
 * a loop of a sixDof, a slider and a fixed joint between a 179 kg body and two light ones (0.27 and
 * 0.13 kg), two limits violated by 0.56 to 2.8 m at S/W_ll ≈ 1e-5, asked 16 m/s of correction with 1e4 to
 * 2e5 N·s: the light bodies went to 1700 m/s and the scene from 0.73 to 2 MJ in a step. The same bound,
 * switched on only at the failing step, holds fast Coulomb seeds 3741 and 4970 at 66c3db8 (runaways at steps
 * 14 and 283; 3741: a sixDof's linear limit on a 0.5 kg body hinged to a 0.0105 kg hub, 6.7 m past its stop
 * within a step at S = 1.3e-6 W_ll, took 2.9e4 N·s). A damping by S against W_ll, bias / (S + 1e-3 W_ll)
 * (Levenberg–Marquardt), held 9252 too, but it cannot tell a mass ratio from a near-mechanism: in fast
 * Coulomb seed 1448 it cut a 0.034 kg body's limits to a 914 kg and a 0.45 kg body down to 5 % and 3 % of their
 * bias from the first step on (this bound cuts none there), and the changed scene put a body 2.6 mm under
 * the ground at step 592 (at 4f80248); its other break, seed 1311, was the position pass's unconverged
 * contact push-back (`PUSH_SWEEPS`). The velocity part of the row (J v, at 1/S) is not
 * bounded: it only takes velocity out. g is computed once per factorization, only for the limits that are
 * violated.
 */
function limitCorrectionBound(p: JointProblem, sb: SolverBodies, c: JointSolveContext, q: number): void {
  auxGain(p, sb, c, q);
  const g = c.limitGain[q];
  const vMax = LIMIT_CORRECTION_SPEED * c.rigidBiasRate * c.maxCorrection;
  // two stores, not one of a conditional: V8 merged the number with the global `Infinity` as a new heap number
  if (g > 0) c.bound[0] = vMax * c.direct.auxW[q] / g;
  else c.bound[0] = Infinity;
}

/** g of {@link limitCorrectionBound} for aux row q into `c.limitGain[q]`, computed once per factorization. */
function auxGain(p: JointProblem, sb: SolverBodies, c: JointSolveContext, q: number): void {
  const d = c.direct;
  if (c.limitGain.length < d.auxCount) {
    c.limitGain = new Float64Array(p.rowCapacity);
    c.limitGainAt = new Int32Array(p.rowCapacity).fill(-1);
  }
  if (c.limitGainAt[q] !== d.factorCount) {
    c.limitGainAt[q] = d.factorCount;
    limitGain(p, sb, c, q);
  }
}

/**
 * An aux row (limit or motor of a direct island) whose S lies at or below the island's relative pivot
 * tolerance (`JointDirect.pivotTolerance`, S ≤ 1e-7 W_ll) but above the energy form's round-off
 * (`JointDirect.auxTolerance`): before the energy form such rows were dropped as dependent, and so was a
 * limit held only through a heavy body (`energySchur` in `joint-direct.ts`). They are of two kinds the value
 * of S cannot tell apart: a limit held through a heavy body (the 0.03 kg body's world hinge limit with a
 * 73 kg body fixed 3 m below: S = 4.5e-8 W_ll, a unit impulse moves the heavy body at about the row's own
 * speed times its lever) and a limit a joint loop nearly spans (its only motion along the limit a
 * near-mechanism: S down to 1e-11 W_ll, a unit impulse moves the light bodies at up to 4000 times the row's
 * speed; fuzz seed 9252 in the max-dissipation mode, such rows kept unbounded took 1e5 to 9e8 N·s for row
 * velocities of 0.5 m/s and the scene's energy went ×8 in a step).
 */
function isWeakAux(p: JointProblem, d: JointDirect, r: number, q: number): boolean {
  const em = p.effectiveMass[r];
  return d.auxTolerance > 0 && em > 0 && d.auxW[q] * em <= d.pivotTolerance;
}

/**
 * Largest impulse change of a weak aux row ({@link isWeakAux}) in one update: v_max / g, so that no body
 * moves faster than v_max = {@link LIMIT_CORRECTION_SPEED} β maxCorrection by it (g of
 * {@link limitCorrectionBound}). A limit held through a heavy body stops it within that bound (its bodies
 * move at about the row's speed); a near-mechanism's row takes the same partial step in each update, a
 * partial projection that still takes kinetic energy out (ΔE = −(α − α²/2)(J v)² / S for the fraction α ≤ 1
 * of the full step).
 */
function weakStep(p: JointProblem, sb: SolverBodies, c: JointSolveContext, q: number): void {
  auxGain(p, sb, c, q);
  const g = c.limitGain[q];
  const vMax = LIMIT_CORRECTION_SPEED * c.rigidBiasRate * c.maxCorrection;
  if (g > 0) c.bound[0] = vMax / g; // two stores: see limitCorrectionBound
  else c.bound[0] = Infinity;
}

/** g of {@link limitCorrectionBound} into `c.limitGain[q]`: the largest |Δv|, |Δω| of a body under a unit
 * impulse of aux row q together with its island's bilateral impulses −u (after `ensureAux`). */
function limitGain(p: JointProblem, sb: SolverBodies, c: JointSolveContext, q: number): void {
  const d = c.direct, n3 = 3 * (sb.count + 1);
  if (c.limitMove.length < n3) { c.limitMove = new Float64Array(n3 + 48); c.limitTurn = new Float64Array(n3 + 48); }
  const dv = c.limitMove, dw = c.limitTurn, im = sb.invMass;
  const k = d.auxIsland[q], s0 = d.islandStart[k], s1 = d.islandStart[k + 1], uo = d.auxOffset[q] - s0;
  const l = d.auxRow[q];
  addRowMove(p, im, dv, dw, l, UNIT, 0, 1);
  addIslandMoves(p, im, d, dv, dw, s0, s1, uo);
  const g = c.limitGain;
  g[q] = 0;
  bodyMove2(im, dv, dw, p.rowA[l], g, q);
  bodyMove2(im, dv, dw, p.rowB[l], g, q);
  islandMove2(p, im, d, dv, dw, s0, s1, g, q);
  // back to 0 for the next limit
  clearRowMove(p, dv, dw, l);
  clearIslandMoves(p, d, dv, dw, s0, s1);
  g[q] = Math.sqrt(g[q]);
}

/** The body velocities of the island rows s0..s1−1's impulses −`d.U[uo + i]` added to dv, dw. */
function addIslandMoves(
  p: JointProblem, im: Float64Array, d: JointDirect, dv: Float64Array, dw: Float64Array, s0: number, s1: number, uo: number,
): void {
  for (let i = s0 - 1; i < s1; i++) {
    if (i < s0) continue;
    if (d.U[uo + i] !== 0) addRowMove(p, im, dv, dw, d.row[i], d.U, uo + i, -1);
  }
}

/** {@link bodyMove2} of the bodies of the island rows s0..s1−1, into `g[k]`. */
function islandMove2(
  p: JointProblem, im: Float64Array, d: JointDirect, dv: Float64Array, dw: Float64Array, s0: number, s1: number, g: Float64Array, k: number,
): void {
  for (let i = s0 - 1; i < s1; i++) {
    if (i < s0) continue;
    const r = d.row[i];
    bodyMove2(im, dv, dw, p.rowA[r], g, k);
    bodyMove2(im, dv, dw, p.rowB[r], g, k);
  }
}

/** {@link clearRowMove} of the island rows s0..s1−1. */
function clearIslandMoves(p: JointProblem, d: JointDirect, dv: Float64Array, dw: Float64Array, s0: number, s1: number): void {
  for (let i = s0 - 1; i < s1; i++) {
    if (i < s0) continue;
    clearRowMove(p, dv, dw, d.row[i]);
  }
}

/** `[1]` a unit multiplier for {@link addRowMove} (read only). */
const UNIT = new Float64Array([1]);

/** Adds row r's body velocities M⁻¹ Jᵀ x to dv, dw (`[3 × bodies]`, world frame), x = s · `xs[i]` (s = ±1;
 * the multiplier read from an array: a number passed to a call V8 does not inline is a new heap number). */
function addRowMove(
  p: JointProblem, im: Float64Array, dv: Float64Array, dw: Float64Array, r: number, xs: Float64Array, i: number, s: number,
): void {
  const x = s * xs[i];
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const G = p.linear, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const mA = im[p.rowA[r]] * x, mB = im[p.rowB[r]] * x;
  dv[a3] -= mA * G[o]; dv[a3 + 1] -= mA * G[o + 1]; dv[a3 + 2] -= mA * G[o + 2];
  dv[b3] += mB * G[o]; dv[b3 + 1] += mB * G[o + 1]; dv[b3 + 2] += mB * G[o + 2];
  dw[a3] += x * iA[o]; dw[a3 + 1] += x * iA[o + 1]; dw[a3 + 2] += x * iA[o + 2];
  dw[b3] += x * iB[o]; dw[b3 + 1] += x * iB[o + 1]; dw[b3 + 2] += x * iB[o + 2];
}

/** `g[k]` ← max(`g[k]`, |Δv_b|², |Δω_b|²) of a dynamic body b. */
function bodyMove2(im: Float64Array, dv: Float64Array, dw: Float64Array, b: number, g: Float64Array, k: number): void {
  if (!(im[b] > 0)) return;
  const o = 3 * b;
  const lv = dv[o] * dv[o] + dv[o + 1] * dv[o + 1] + dv[o + 2] * dv[o + 2];
  const lw = dw[o] * dw[o] + dw[o + 1] * dw[o + 1] + dw[o + 2] * dw[o + 2];
  const m = lv > lw ? lv : lw;
  if (m > g[k]) g[k] = m;
}

/** Zeroes row r's bodies in dv, dw. */
function clearRowMove(p: JointProblem, dv: Float64Array, dw: Float64Array, r: number): void {
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r];
  dv.fill(0, a3, a3 + 3); dv.fill(0, b3, b3 + 3); dw.fill(0, a3, a3 + 3); dw.fill(0, b3, b3 + 3);
}

/** The bilateral impulses −u Δ that keep the island's bilateral rows satisfied after aux row q took Δ. */
export function applyAux(p: JointProblem, sb: SolverBodies, d: JointDirect, q: number, delta: number): void {
  arg[1] = delta;
  applyAuxAt(p, sb, d, q, arg, 1);
}

/** {@link applyAux} of the change `ds[k]` (the step's form: see the note above; not `arg[0]`). */
export function applyAuxAt(p: JointProblem, sb: SolverBodies, d: JointDirect, q: number, ds: Float64Array, k: number): void {
  const i = d.auxIsland[q];
  applyIslandImpulsesAt(p, sb, d, d.U, i, d.auxOffset[q] - d.islandStart[i], ds, k);
}

/**
 * Direct island k's bilateral impulses −u Δ after a row coupled to it took Δ: `u` is the row's column
 * (W + Γ)⁻¹ c of the island, read as `U[uo + i]` for the island's rows i (`d.islandStart[k]` ≤ i <
 * `d.islandStart[k + 1]`). Adds them to `p.impulse` and to the bodies' velocities.
 */
export function applyIslandImpulses(
  p: JointProblem, sb: SolverBodies, d: JointDirect, U: Float64Array, k: number, uo: number, delta: number,
): void {
  arg[1] = delta;
  applyIslandImpulsesAt(p, sb, d, U, k, uo, arg, 1);
}

/** {@link applyIslandImpulses} of the change Δ = `ds[dk]` (the step's form; `ds[dk]` is not `arg[0]`). */
function applyIslandImpulsesAt(
  p: JointProblem, sb: SolverBodies, d: JointDirect, U: Float64Array, k: number, uo: number, ds: Float64Array, dk: number,
): void {
  const s0 = d.islandStart[k], s1 = d.islandStart[k + 1], imp = p.impulse, t = arg;
  for (let i = s0 - 1; i < s1; i++) {
    if (i < s0) continue;
    const u = U[uo + i];
    if (u === 0) continue;
    const r = d.row[i], dl = -u * ds[dk];
    imp[r] += dl;
    t[0] = dl;
    applyRowAt(p, sb, r, t, 0);
  }
}

/**
 * The bilateral rows of every direct island at once: x = −(W + Γ)⁻¹ (J v − target + bias + γ λ),
 * Δλ = massScale · x − impulseScale · λ (springs: 1 and 0), exact for the island given the other rows.
 */
function solveDirect(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): void {
  if (c.positionPass && useBias && !c.biasApplied) applyBoundedBias(p, sb, c);
  directRhs(p, sb, c, useBias);
  if (c.positionPass) {
    if (c.rhsCopy.length < c.direct.n) c.rhsCopy = new Float64Array(c.direct.n + 64);
    copyRows(c.rhsCopy, c.direct.x, c.direct.n);
  }
  solveFactored(c.direct);
  if (c.positionPass) dampIllPosedSolve(p, sb, c);
  applyDirect(p, sb, c, useBias);
}

/**
 * Largest body velocity change (m/s, or rad/s for its turn) of the fast mode's direct solve, in units of the
 * largest row velocity its island corrects (|b_i|, m/s or rad/s), beyond which the island's solve is damped
 * ({@link PASS_DAMPING}), as the position pass is ({@link PASS_MOVE_RATIO}, the same test at velocity level): 1000.
 * A consistent solve changes each body's velocity by about the row velocities it corrects, a light body on a
 * short lever turning by up to b / r: of 300 jointed fuzz scenes per fast mode, 269 (pgs) and 270 (mdp) never
 * exceeded 20, and all but two stayed under 7.8e2. A loop's closing rows, dependent up to the joints' drift, keep pivots just
 * above the fast mode's pivot tolerance (1.2e-7 and 7.5e-7 W_ii in maximum-dissipation fuzz seed 6648: a loop
 * of 60 rows through 15 bodies of 0.012 to 871 kg) and take x_i = y_i / D_i for the round-off of their right-hand
 * sides: impulses of 1e8 N·s in a relax sweep, 1e10 in the next biased sweep, where a 0.039 kg body went from
 * 291 to 3.5e4 m/s in one solve and the scene ran away (on main's trajectory before, where it did not run away,
 * its solves reached ratios of 1.9e4). Ratios of 1e3 to 3.3e3 occurred in 2 of the 600 scenes, now damped.
 */
const SOLVE_MOVE_RATIO = 1000;

/**
 * Fast mode, after the undamped direct solve (its right-hand sides saved in `c.rhsCopy`, its solution in
 * `c.direct.x`): the islands whose largest body velocity change exceeds {@link SOLVE_MOVE_RATIO} times their
 * largest right-hand side are solved again damped (`dampRows`: γ + {@link PASS_DAMPING} W_ii on their rigid rows),
 * the other islands' solutions unchanged; the islands' factorization as before afterwards. Uses the position
 * pass's scratch (`c.shift`, free between its uses).
 */
function dampIllPosedSolve(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  const d = c.direct;
  ensureShift(c, sb.count + 1);
  const dv = c.shift, dw = c.shiftTurn, moved = c.shifted;
  // only the islands' bodies are accumulated and read: clear those (a scene's other bodies may be many)
  for (let i = -1; i < d.n; i++) {
    if (i < 0) continue;
    const r = d.row[i];
    clearBodyMove(dv, dw, moved, p.rowA[r]);
    clearBodyMove(dv, dw, moved, p.rowB[r]);
  }
  accumulateRowMoves(p, sb, d, d.x, dv, dw, moved);
  if (!markIllPosed(p, c, c.rhsCopy, dv, dw, moved, SOLVE_MOVE_RATIO)) return;
  copyRows(d.x, c.rhsCopy, d.n);
  solveMarkedDamped(p, sb, c);
}

/** The right-hand sides of {@link solveDirect} on `c.direct.x`. */
function directRhs(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): void {
  const d = c.direct, x = d.x, imp = p.impulse, v = sb.v, w = sb.w, t = arg;
  const split = c.positionPass && useBias;
  const jb = c.biasRow;
  for (let i = -1; i < d.n; i++) {
    if (i < 0) continue;
    const r = d.row[i];
    const spring = p.rowType[r] === ROW_SPRING;
    // rigid rows: the soft step's bias in the solve sweeps; with the position pass, the row velocity the
    // bounded bias gave (`applyBoundedBias`) is kept instead
    let bias = 0;
    if (spring) bias = p.biasRate[r] * p.error[r];
    else if (split) bias = -jb[r];
    else if (useBias) bias = p.biasRate[r] * clampError(p.error[r], c.maxCorrection);
    rowVelocityTo(p, v, w, r, t, 0);
    x[i] = -(t[0] - p.target[r] + bias + p.gamma[r] * imp[r]);
  }
}

/** The impulse changes of {@link solveDirect} from its solution `c.direct.x`, applied; the largest to `c.change[0]`. */
function applyDirect(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): void {
  const d = c.direct, x = d.x, imp = p.impulse, t = arg, change = c.change;
  for (let i = -1; i < d.n; i++) {
    if (i < 0) continue;
    const r = d.row[i];
    const rigidBiased = useBias && p.rowType[r] === ROW_RIGID;
    const dl = rigidBiased ? p.massScale[r] * x[i] - p.impulseScale[r] * imp[r] : x[i];
    if (dl === 0) continue;
    imp[r] += dl;
    t[0] = dl;
    applyRowAt(p, sb, r, t, 0);
    if (Math.abs(dl) > change[0]) change[0] = Math.abs(dl);
  }
}

/**
 * Adds the body moves M⁻¹ Gᵀ x of a direct island's row multipliers x (`[d.n]`, in the island's row order)
 * to `lin` and `ang` (`[3 × bodies]`, world frame: velocity or position change per unit of x's units) and
 * marks the dynamic bodies it moves in `moved`. Used by the bounded bias velocity and the position pass.
 */
function accumulateRowMoves(
  p: JointProblem, sb: SolverBodies, d: JointDirect, x: Float64Array, lin: Float64Array, ang: Float64Array, moved: Uint8Array,
): void {
  const im = sb.invMass;
  for (let i = -1; i < d.n; i++) {
    if (i < 0 || x[i] === 0) continue;
    const r = d.row[i];
    const a = p.rowA[r], b = p.rowB[r];
    if (im[a] > 0) moved[a] = 1;
    if (im[b] > 0) moved[b] = 1;
    addRowMove(p, im, lin, ang, r, x, i, 1);
  }
}

/** Body b's entries of a move's scratch set to 0. */
function clearBodyMove(dv: Float64Array, dw: Float64Array, moved: Uint8Array, b: number): void {
  const o = 3 * b;
  dv[o] = 0; dv[o + 1] = 0; dv[o + 2] = 0;
  dw[o] = 0; dw[o + 1] = 0; dw[o + 2] = 0;
  moved[b] = 0;
}

/** The position pass's scratch for n bodies (with the world slot). */
function ensureShift(c: JointSolveContext, n: number): void {
  if (c.shift.length < 3 * n) { c.shift = new Float64Array(3 * n + 48); c.shiftTurn = new Float64Array(3 * n + 48); }
  if (c.shifted.length < n) c.shifted = new Uint8Array(n + 16);
}

/**
 * With the position pass, once per substep before the first solve sweep: the bias velocity of the
 * rigid rows' small errors, x_b = (W + Γ)⁻¹ (−β_j clamp(C, ±VELOCITY_CORRECTION)) (0 on the springs), each body's share
 * of M⁻¹ Gᵀ x_b bounded by 2 β_j VELOCITY_CORRECTION (m/s, rad/s), added to the velocities; the row velocities it gives
 * go to `biasRow`, the solve sweeps' targets (the relax sweeps remove it).
 */
function applyBoundedBias(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  c.biasApplied = true;
  const d = c.direct, n = sb.count + 1, n3 = 3 * n;
  if (c.biasRow.length < p.rowCount) c.biasRow = new Float64Array(p.rowCapacity);
  c.biasRow.fill(0, 0, p.rowCount);
  ensureShift(c, n);
  c.shift.fill(0, 0, n3);
  c.shiftTurn.fill(0, 0, n3);
  c.shifted.fill(0, 0, n);
  if (!biasRhs(p, c)) return;
  solveFactored(d);
  accumulateRowMoves(p, sb, d, d.x, c.shift, c.shiftTurn, c.shifted);
  addBoundedBias(sb, c);
  biasImpulses(p, c);
}

/** The bias rows' right-hand sides −β_j clamp(C, ±VELOCITY_CORRECTION) on the rigid rows (0 on the springs) on
 * `c.direct.x`; false when all are 0. */
function biasRhs(p: JointProblem, c: JointSolveContext): boolean {
  const d = c.direct, x = d.x;
  let any = false;
  for (let i = -1; i < d.n; i++) {
    if (i < 0) continue;
    const r = d.row[i];
    const b = p.rowType[r] === ROW_RIGID ? p.biasRate[r] * clampError(p.error[r], VELOCITY_CORRECTION) : 0;
    x[i] = -b;
    if (b !== 0) any = true;
  }
  return any;
}

/** Each moved body's bias velocity (`c.shift`, `c.shiftTurn`) bounded by 2 β_j VELOCITY_CORRECTION and added to its
 * velocities; the smallest scale taken to `c.bound[0]` (1: none). */
function addBoundedBias(sb: SolverBodies, c: JointSolveContext): void {
  const dv = c.shift, dw = c.shiftTurn, moved = c.shifted, v = sb.v, w = sb.w, fMin = c.bound;
  fMin[0] = 1;
  for (let i = -1; i < sb.count; i++) {
    if (i < 0 || moved[i] !== 1) continue;
    const maxSpeed = 2 * c.rigidBiasRate * VELOCITY_CORRECTION;
    const o = 3 * i;
    const lv = Math.sqrt(dv[o] * dv[o] + dv[o + 1] * dv[o + 1] + dv[o + 2] * dv[o + 2]);
    const lw = Math.sqrt(dw[o] * dw[o] + dw[o + 1] * dw[o + 1] + dw[o + 2] * dw[o + 2]);
    const m = lv > lw ? lv : lw;
    if (m > maxSpeed) {
      const f = maxSpeed / m;
      if (f < fMin[0]) fMin[0] = f;
      dv[o] *= f; dv[o + 1] *= f; dv[o + 2] *= f; dw[o] *= f; dw[o + 1] *= f; dw[o + 2] *= f;
    }
    v[o] += dv[o]; v[o + 1] += dv[o + 1]; v[o + 2] += dv[o + 2];
    w[o] += dw[o]; w[o + 1] += dw[o + 1]; w[o + 2] += dw[o + 2];
  }
}

/** The rigid rows' row velocities of the bias (`c.biasRow`) and their impulses (the reported forces; the relax
 * sweeps take the bias velocity back out of them), at the scale `c.bound[0]`. */
function biasImpulses(p: JointProblem, c: JointSolveContext): void {
  const d = c.direct, x = d.x;
  for (let i = -1; i < d.n; i++) {
    if (i < 0) continue;
    const r = d.row[i];
    if (p.rowType[r] !== ROW_RIGID) continue;
    rowVelocityTo(p, c.shift, c.shiftTurn, r, c.biasRow, r);
    p.impulse[r] += c.bound[0] * x[i];
  }
}


/**
 * Levenberg–Marquardt damping of the position pass (relative to each rigid row's W_ii): in an island whose
 * undamped solve moves a body by more than {@link PASS_MOVE_RATIO} times the largest correction the island
 * asks for, the pass solves (W + Γ + μ diag W) x = rhs instead. A loop's closing rows depend on the others
 * up to the joints' drift (pivots D_i of about the drift squared times W_ii); kept above the pivot
 * tolerance, such a row takes x_i = y_i / D_i for the loop's inconsistent errors (y_i: the part of its error
 * the other rows do not explain), which moves the island by about y_i / drift along a motion that barely
 * changes any error: fuzz seed 3034 (fast Coulomb, at 1bbc443), a loop of a fixed joint and two sliders
 * between a 1.3, a 234 and a 742 kg body, its closing row at D / W = 3.8e-6, x ~ 1e3 on every row of the
 * island: every body moved by the pass's bound (13.6 cm per substep) and was lifted (+5 kJ per step), the
 * loop's errors stayed and grew (0.08 rad), until a hinge tore and the energy doubled. Damped, the motion
 * along such a row shrinks to y_i √D_i / (μ W_ii) (metric of M). The pass being one Gauss–Newton step
 * towards C = 0, this is its Levenberg–Marquardt form with Marquardt's diagonal scaling (Levenberg 1944;
 * Marquardt 1963). A row independent only through a mass ratio (D_i / W_ii ≈ m_light / m_heavy) has
 * pivots as small, but its solution moves the bodies by about the errors: such islands are not damped.
 * Damping every island with a relative pivot below 0.1 (μ = 1e-3) also changed the joint–contact fight of
 * light bodies between heavy ones: fuzz seed 3494 (fast Coulomb), a 0.0235 kg body between a 990 and a
 * 58 kg one, went 1.5 cm under the ground (max-dissipation 1827 did with μ = 1e-4).
 */
const PASS_DAMPING = 1e-3;

/**
 * Largest move of a body by the undamped position pass (m, or rad for its turn) in units of the largest
 * correction its island asks for (h β_j |C − clamp(C, ±2 mm)|, m or rad), beyond which the island's pass is
 * damped ({@link PASS_DAMPING}): 20. A consistent correction moves each body by about the errors it corrects;
 * a light body on a short lever turns by up to error / (1.4 r), 14 for r = 5 cm. Measured on the 15 seeds
 * failing at 580c11a or broken by the damping of small pivots (fast modes): 100 left 4 (fast Coulomb) and 2
 * (max-dissipation) failing, 20 left 2 and 2.
 */
const PASS_MOVE_RATIO = 20;

/**
 * After the undamped solve of the position pass (its moves in `dp`, `th`, `moved`): the islands whose
 * largest body move exceeds {@link PASS_MOVE_RATIO} times their largest correction are solved again damped
 * ({@link PASS_DAMPING}): a refactorization with γ + μ W_ii on their rigid rows, the right-hand sides again
 * (`passRhs`), the solve, the moves again, and the islands' factorization as before for the relax sweeps.
 * Returns false (nothing changed) when no island needs it.
 */
function dampIllPosedPass(
  p: JointProblem, sb: SolverBodies, c: JointSolveContext, dp: Float64Array, th: Float64Array, moved: Uint8Array,
): boolean {
  const d = c.direct;
  passRhs(p, c); // the solve overwrote them
  if (!markIllPosed(p, c, d.x, dp, th, moved, PASS_MOVE_RATIO)) return false;
  solveMarkedDamped(p, sb, c);
  dp.fill(0, 0, 3 * (sb.count + 1));
  th.fill(0, 0, 3 * (sb.count + 1));
  moved.fill(0, 0, sb.count + 1);
  accumulateRowMoves(p, sb, d, d.x, dp, th, moved);
  return true;
}

/**
 * Solves (W + Γ + {@link PASS_DAMPING} diag W) x = rhs on `c.direct.x` (the right-hand sides there on entry) for
 * the islands marked in `c.passIsland` (the others' factors and solutions are as undamped), then factors the
 * islands again undamped for the sweeps that follow. Shared by the position pass and the velocity solve.
 */
function solveMarkedDamped(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  const d = c.direct;
  if (c.dampedGamma.length < p.rowCount) c.dampedGamma = new Float64Array(p.rowCapacity);
  copyRows(c.dampedGamma, p.gamma, p.rowCount);
  dampRows(p, c);
  factorJointIslands(d, p, sb, c.dampedGamma);
  solveFactored(d);
  factorJointIslands(d, p, sb, p.gamma);
}

/** `c.passIsland[k]` ← 1 for the islands whose largest body move (dp, th) exceeds `ratio` times their largest
 * right-hand side (`x`, in the island's row order); false when there is none. */
function markIllPosed(
  p: JointProblem, c: JointSolveContext, x: Float64Array, dp: Float64Array, th: Float64Array, moved: Uint8Array, ratio: number,
): boolean {
  const d = c.direct;
  if (c.passIsland.length < d.islandCount) c.passIsland = new Uint8Array(d.islandCount + 16);
  const bad = c.passIsland;
  let any = false;
  for (let k = -1; k < d.islandCount; k++) {
    if (k < 0) continue;
    let e = 0, m = 0;
    for (let i = d.islandStart[k]; i < d.islandStart[k + 1]; i++) {
      const xi = x[i] < 0 ? -x[i] : x[i];
      if (xi > e) e = xi;
      const r = d.row[i];
      for (let s = 0; s < 2; s++) {
        const b = s === 0 ? p.rowA[r] : p.rowB[r];
        if (moved[b] !== 1) continue;
        const o = 3 * b;
        const lp = dp[o] * dp[o] + dp[o + 1] * dp[o + 1] + dp[o + 2] * dp[o + 2];
        const lt = th[o] * th[o] + th[o + 1] * th[o + 1] + th[o + 2] * th[o + 2];
        const l = lp > lt ? lp : lt;
        if (l > m) m = l;
      }
    }
    bad[k] = Math.sqrt(m) > ratio * e ? 1 : 0;
    if (bad[k] === 1) any = true;
  }
  return any;
}

/** `c.dampedGamma` (γ) plus the damping {@link PASS_DAMPING} W_ii on the rigid rows of the islands marked in
 * `c.passIsland`. */
function dampRows(p: JointProblem, c: JointSolveContext): void {
  const d = c.direct, bad = c.passIsland, g = c.dampedGamma;
  for (let k = -1; k < d.islandCount; k++) {
    if (k < 0 || bad[k] !== 1) continue;
    for (let i = d.islandStart[k]; i < d.islandStart[k + 1]; i++) {
      const r = d.row[i], em = p.effectiveMass[r];
      if (p.rowType[r] === ROW_RIGID && em > 0) g[r] += PASS_DAMPING / em;
    }
  }
}

/** The position pass's right-hand sides on `c.direct.x`: −h β_j clamp(C − clamp(C, ±2 mm), ±maxCorrection)
 * on the rigid rows, 0 on the springs. */
function passRhs(p: JointProblem, c: JointSolveContext): void {
  const d = c.direct, x = d.x;
  for (let i = -1; i < d.n; i++) {
    if (i < 0) continue;
    const alpha = c.rigidBiasRate * c.h;
    const r = d.row[i];
    const C = p.error[r];
    x[i] = p.rowType[r] === ROW_RIGID ? -alpha * clampError(C - clampError(C, VELOCITY_CORRECTION), c.maxCorrection) : 0;
  }
}

/**
 * Largest number of projected Gauss–Seidel sweeps of the position pass over the contact points it pushes
 * back; the sweeps stop earlier once no point's update exceeds 1e-9 m. A thin body's points are coupled
 * through its turn (pushing one corner up turns the others down), and the sweeps converge at that
 * coupling's rate: fuzz seed 1311 (fast Coulomb, measured with a damped correction of violated limits that is
 * not kept), a 0.035 kg thin box (half extents 0.20 × 2.09 × 2.69 m)
 * lying on the ground on a slider and a ball joint, moved by the pass by its bound in every substep; after
 * 4 sweeps two of its ground points were still 3.9 and 4.6 cm deeper than before the pass (and two others
 * held impulses while separating), and it went through the ground within 5 steps. It holds with 16 sweeps
 * and with 64 from 4 steps before.
 */
const PUSH_SWEEPS = 64;

/**
 * Largest displacement of one body by the position pass in a substep, in units of h β_j · maxCorrection
 * (m, and rad for the turn): 2, i.e. twice what the largest corrected error's share would move it. A
 * rigid row that depends on the others only up to a small pivot (a loop's closing rows, above the pivot
 * tolerance) takes x ~ C / D_i for an inconsistent error: fuzz seed 8378 (max-dissipation) moved a 0.4 kg
 * body 26 m and turned it 10 rad in one substep. Box2D v2.x's position solver bounds each correction the
 * same way (b2_maxLinearCorrection 0.2 m, b2_maxAngularCorrection 8°).
 */
const MAX_SHIFT = 2;

/**
 * The position pass of the direct islands' rigid rows (fast mode, after the position update and the rows'
 * refresh for the relax sweeps; see the header): x = (W + Γ)⁻¹ (−h β_j clamp(C − clamp(C, ±VELOCITY_CORRECTION),
 * ±maxCorrection)) on the rigid rows (0 on the springs), each body displaced by its share of M⁻¹ Gᵀ x (bounded by `MAX_SHIFT`),
 * then the contact points of the displaced bodies pushed back where the displacement takes them deeper
 * than min(s, 0) (s their current separation: a point may close to touching, an overlap may not grow):
 * position impulses μ ≥ 0 along the normal, on the displaced bodies only, by projected Gauss–Seidel
 * (post-stabilization with the contacts as unilateral constraints, Cline & Pai 2003, as the accurate
 * mode's joint projection). Without them a resting 0.039 kg sphere on a joint 2 m open was moved 8 cm
 * into the ground per step (fuzz seed 193). Writes Δp to `sb.dp`, turns `sb.dq` by Δθ and adds it to
 * `sb.dtheta`; the velocities are not touched.
 */
function correctJointPositions(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  const d = c.direct, n = sb.count + 1, n3 = 3 * n;
  if (!(c.rigidBiasRate * c.h > 0)) return;
  ensureShift(c, n);
  const dp = c.shift, th = c.shiftTurn, moved = c.shifted;
  dp.fill(0, 0, n3);
  th.fill(0, 0, n3);
  moved.fill(0, 0, n);
  passRhs(p, c);
  solveFactored(d);
  accumulateRowMoves(p, sb, d, d.x, dp, th, moved);
  dampIllPosedPass(p, sb, c, dp, th, moved);
  boundShifts(sb, c);
  if (c.contacts !== undefined) pushContactsBack(c.contacts, sb, c, dp, th, moved);
  applyShifts(sb, c);
}

/** Each moved body's displacement (`c.shift`, `c.shiftTurn`) bounded by {@link MAX_SHIFT} h β_j maxCorrection. */
function boundShifts(sb: SolverBodies, c: JointSolveContext): void {
  const dp = c.shift, th = c.shiftTurn, moved = c.shifted;
  for (let i = -1; i < sb.count; i++) {
    if (i < 0 || moved[i] !== 1) continue;
    const maxShift = MAX_SHIFT * (c.rigidBiasRate * c.h) * c.maxCorrection;
    const o = 3 * i;
    const lp = Math.sqrt(dp[o] * dp[o] + dp[o + 1] * dp[o + 1] + dp[o + 2] * dp[o + 2]);
    const lt = Math.sqrt(th[o] * th[o] + th[o + 1] * th[o + 1] + th[o + 2] * th[o + 2]);
    const m = lp > lt ? lp : lt;
    if (m > maxShift) {
      const f = maxShift / m;
      dp[o] *= f; dp[o + 1] *= f; dp[o + 2] *= f; th[o] *= f; th[o + 1] *= f; th[o + 2] *= f;
    }
  }
}

/** The moved bodies' displacements added to `sb.dp`, their turns to `sb.dq` and `sb.dtheta`. */
function applyShifts(sb: SolverBodies, c: JointSolveContext): void {
  const dp = c.shift, th = c.shiftTurn, moved = c.shifted, sdp = sb.dp, sth = sb.dtheta;
  for (let i = -1; i < sb.count; i++) {
    if (i < 0 || moved[i] !== 1) continue;
    const o = 3 * i;
    sdp[o] += dp[o]; sdp[o + 1] += dp[o + 1]; sdp[o + 2] += dp[o + 2];
    if (th[o] === 0 && th[o + 1] === 0 && th[o + 2] === 0) continue;
    quatIntegrate(sb.dq, 4 * i, th, o, 1);
    sth[o] += th[o]; sth[o + 1] += th[o + 1]; sth[o + 2] += th[o + 2];
  }
}

/**
 * The contact points of the bodies the position pass moves (`moved`), pushed back along their normals
 * where the displacement (dp, th) takes them deeper than min(s, 0): for point k, Δs = J_k (dp, th) must
 * stay ≥ −max(s, 0); μ_k ≥ 0 accumulated over `PUSH_SWEEPS` projected Gauss–Seidel sweeps, each update
 * μ_k += (need / W_k), W_k = J_k M⁻¹ J_kᵀ over the moved bodies (the others hold their place).
 */
function pushContactsBack(
  cp: ConstraintProblem, sb: SolverBodies, c: JointSolveContext, dp: Float64Array, th: Float64Array, moved: Uint8Array,
): void {
  const count = cp.contactCount;
  if (count === 0) return;
  if (c.pushImpulse.length < count) c.pushImpulse = new Float64Array(2 * count);
  const mu = c.pushImpulse, im = sb.invMass;
  mu.fill(0, 0, count);
  const dir = cp.direction, jA = cp.angularA, jB = cp.angularB, kA = cp.invInertiaAngularA, kB = cp.invInertiaAngularB;
  for (let sweep = -1; sweep < PUSH_SWEEPS; sweep++) {
    if (sweep < 0) continue;
    let pushed = false;
    for (let k = 0; k < count; k++) {
      const a = cp.bodyA[k], b = cp.bodyB[k];
      const ma = moved[a] === 1, mb = moved[b] === 1;
      if (!ma && !mb) continue;
      const k9 = 9 * k, a3 = 3 * a, b3 = 3 * b;
      const ds = dir[k9] * (dp[b3] - dp[a3]) + dir[k9 + 1] * (dp[b3 + 1] - dp[a3 + 1]) + dir[k9 + 2] * (dp[b3 + 2] - dp[a3 + 2])
        + th[b3] * jB[k9] + th[b3 + 1] * jB[k9 + 1] + th[b3 + 2] * jB[k9 + 2]
        - th[a3] * jA[k9] - th[a3 + 1] * jA[k9 + 1] - th[a3 + 2] * jA[k9 + 2];
      const s = currentSeparation(cp, sb, k, a, b);
      const need = -(s > 0 ? s : 0) - ds;
      if (!(need > 0) && mu[k] === 0) continue;
      const wa = ma ? im[a] : 0, wb = mb ? im[b] : 0;
      let W = wa + wb;
      if (ma) W += jA[k9] * kA[k9] + jA[k9 + 1] * kA[k9 + 1] + jA[k9 + 2] * kA[k9 + 2];
      if (mb) W += jB[k9] * kB[k9] + jB[k9 + 1] * kB[k9 + 1] + jB[k9 + 2] * kB[k9 + 2];
      if (!(W > 0)) continue;
      let dm = need / W;
      if (dm < -mu[k]) dm = -mu[k];
      if (dm === 0) continue;
      mu[k] += dm;
      if (need > 1e-9 || need < -1e-9) pushed = true;
      if (ma) {
        dp[a3] -= wa * dm * dir[k9]; dp[a3 + 1] -= wa * dm * dir[k9 + 1]; dp[a3 + 2] -= wa * dm * dir[k9 + 2];
        th[a3] -= dm * kA[k9]; th[a3 + 1] -= dm * kA[k9 + 1]; th[a3 + 2] -= dm * kA[k9 + 2];
      }
      if (mb) {
        dp[b3] += wb * dm * dir[k9]; dp[b3 + 1] += wb * dm * dir[k9 + 1]; dp[b3 + 2] += wb * dm * dir[k9 + 2];
        th[b3] += dm * kB[k9]; th[b3 + 1] += dm * kB[k9 + 1]; th[b3 + 2] += dm * kB[k9 + 2];
      }
    }
    if (!pushed) break;
  }
}
