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
 */

import { RowBlock, RowType, updateJointRows, type JointProblem, type TurnedInertia } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { Softness } from './soft-constraint';
import {
  buildJointIslands, createJointDirect, ensureAux, factorJointIslands, solveFactored, type JointDirect,
} from './joint-direct';
import { mat3InvertSymmetric } from '../../../math/mat3';

// module-local copies of the enum codes (plain constants in the hot loops)
const BLOCK_HEAD = RowBlock.head;
const BLOCK_TAIL = RowBlock.tail;
const ROW_LIMIT = RowType.limit;
const ROW_MOTOR = RowType.motor;
const ROW_RIGID = RowType.rigid;
const ROW_SPRING = RowType.spring;

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
}

/** C clamped to ±m. */
function clampError(C: number, m: number): number {
  return C > m ? m : C < -m ? -m : C;
}

export function createJointSolveContext(): JointSolveContext {
  return {
    h: 0, invH: 0, rigidBiasRate: 0, rigidMassScale: 1, rigidImpulseScale: 0, limitMassScale: 1, limitImpulseScale: 0,
    direct: createJointDirect(),
    useDirect: true, refreshBeforeRelax: true, relaxReady: false, savedError: new Float64Array(64), substep: 0,
    soft: { biasRate: 0, massScale: 1, impulseScale: 0 }, warmStartDirect: true, maxCorrection: Infinity,
    turnedInertia: undefined,
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
  for (let r = 0; r < n; r++) {
    p.impulse[r] = warm ? clamp(p.warmForce[r], p.forceLower[r], p.forceUpper[r]) * h : 0;
    p.impulseLower[r] = p.forceLower[r] * h;
    p.impulseUpper[r] = p.forceUpper[r] * h;
  }
  if (c.useDirect) buildJointIslands(c.direct, p, sb);
  else c.direct.direct.fill(0, 0, Math.min(n, c.direct.direct.length));
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
  if (c.substep++ > 0) for (let r = 0; r < p.rowCount; r++) p.stepImpulse[r] += p.impulse[r];
  prepareRows(p, sb, c);
  c.relaxReady = false;
  const skip = c.useDirect && !c.warmStartDirect && c.direct.n > 0 ? c.direct.direct : undefined;
  for (let r = 0; r < p.rowCount; r++) {
    if (skip !== undefined && skip[r] === 1 && p.rowType[r] !== ROW_LIMIT && p.rowType[r] !== ROW_MOTOR) {
      p.impulse[r] = 0;
      continue;
    }
    const l = p.impulse[r];
    if (l !== 0) applyRow(p, sb, r, l);
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
  for (let r = 0; r < p.rowCount; r++) c.savedError[r] = p.error[r];
  prepareRows(p, sb, c);
  for (let r = 0; r < p.rowCount; r++) if (p.gamma[r] > 0) p.error[r] = c.savedError[r]; // springs, soft limits
  c.relaxReady = true;
}

/** Rows at the current pose: Jacobians, errors, soft coefficients, 3×3 block inverses, direct factors. */
function prepareRows(p: JointProblem, sb: SolverBodies, c: JointSolveContext): void {
  updateJointRows(p, sb, c.turnedInertia);
  const h = c.h;
  for (let r = 0; r < p.rowCount; r++) {
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
    if (p.rowBlock[r] === BLOCK_HEAD) invertBlock(p, r, p.gamma[r]);
  }
  if (c.useDirect) factorJointIslands(c.direct, p, sb, p.gamma);
}

/** (K + γI)⁻¹ of the block whose first row is r, into `blockInverse[9r..]` (0 if singular). */
function invertBlock(p: JointProblem, r: number, gamma: number): void {
  const o = 9 * r;
  if (!mat3InvertSymmetric(p.blockInverse, o, p.blockMatrix, o, gamma, 1e-14)) p.blockInverse.fill(0, o, o + 9);
}

/** J v of row r from the current body velocities. */
export function rowVelocity(p: JointProblem, v: Float64Array, w: Float64Array, r: number): number {
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const lin = p.linear, jA = p.angularA, jB = p.angularB;
  return lin[o] * (v[b3] - v[a3]) + lin[o + 1] * (v[b3 + 1] - v[a3 + 1]) + lin[o + 2] * (v[b3 + 2] - v[a3 + 2])
    + jA[o] * w[a3] + jA[o + 1] * w[a3 + 1] + jA[o + 2] * w[a3 + 2]
    + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2];
}

export function applyRow(p: JointProblem, sb: SolverBodies, r: number, l: number): void {
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
export function solveJoints(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): number {
  if (!useBias && c.refreshBeforeRelax && !c.relaxReady) refreshForRelax(p, sb, c);
  const v = sb.v, w = sb.w;
  const imp = p.impulse;
  const direct = c.direct.direct;
  const anyDirect = c.useDirect && c.direct.n > 0;
  // The bilateral rows of the direct islands first: the limit and motor rows below then see a velocity
  // that satisfies them, and their Schur-complement steps (`applyAux`) keep it so. Solved after the
  // limits instead, a limit would take 1/S (S its Schur complement, small when the limit is nearly
  // spanned by the bilateral rows: S/W_ll = 0.0024 in a fuzz scene) times a velocity that still holds
  // the bilateral rows' error, e.g. the warm-start impulses applied along Jacobians that turned since
  // they were found: impulses of 3e5 N·s and speeds of 1e4 m/s within one step.
  let change = anyDirect ? solveDirect(p, sb, c, useBias) : 0;
  for (let r = 0; r < p.rowCount; r++) {
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
      const g = p.gamma[r], mc = spring ? Infinity : c.maxCorrection;
      const b0 = rowVelocity(p, v, w, r) + bias * clampError(p.error[r], mc) + g * imp[r];
      const b1 = rowVelocity(p, v, w, r + 1) + bias * clampError(p.error[r + 1], mc) + g * imp[r + 1];
      const b2 = rowVelocity(p, v, w, r + 2) + bias * clampError(p.error[r + 2], mc) + g * imp[r + 2];
      const K = p.blockInverse, o = 9 * r;
      const d0 = -ms * (K[o] * b0 + K[o + 1] * b1 + K[o + 2] * b2) - is * imp[r];
      const d1 = -ms * (K[o + 3] * b0 + K[o + 4] * b1 + K[o + 5] * b2) - is * imp[r + 1];
      const d2 = -ms * (K[o + 6] * b0 + K[o + 7] * b1 + K[o + 8] * b2) - is * imp[r + 2];
      imp[r] += d0; imp[r + 1] += d1; imp[r + 2] += d2;
      change = Math.max(change, Math.abs(d0), Math.abs(d1), Math.abs(d2));
      applyRow(p, sb, r, d0);
      applyRow(p, sb, r + 1, d1);
      applyRow(p, sb, r + 2, d2);
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
      if (type === ROW_LIMIT && imp[r] === 0 && rowVelocity(p, v, w, r) + bias >= 0) continue;
      ensureAux(c.direct, p, sb, q);
      // the row's W in the space the bilateral rows leave free, plus its compliance (soft limits)
      m = c.direct.auxW[q] > 0 ? 1 / (c.direct.auxW[q] + p.gamma[r]) : 0;
    }
    if (m === 0) continue;
    const old = imp[r];
    const jv = rowVelocity(p, v, w, r) - p.target[r];
    let next = old - ms * m * (jv + bias + p.gamma[r] * old) - is * old;
    const lo = p.impulseLower[r], hi = p.impulseUpper[r];
    if (next < lo) next = lo; else if (next > hi) next = hi;
    imp[r] = next;
    const d = next - old;
    if (d !== 0) {
      applyRow(p, sb, r, d);
      if (q >= 0) applyAux(p, sb, c.direct, q, d);
      change = Math.max(change, Math.abs(d));
    }
  }
  return change;
}

/** The bilateral impulses −u Δ that keep the island's bilateral rows satisfied after aux row q took Δ. */
export function applyAux(p: JointProblem, sb: SolverBodies, d: JointDirect, q: number, delta: number): void {
  const k = d.auxIsland[q];
  applyIslandImpulses(p, sb, d, d.U, k, d.auxOffset[q] - d.islandStart[k], delta);
}

/**
 * Direct island k's bilateral impulses −u Δ after a row coupled to it took Δ: `u` is the row's column
 * (W + Γ)⁻¹ c of the island, read as `U[uo + i]` for the island's rows i (`d.islandStart[k]` ≤ i <
 * `d.islandStart[k + 1]`). Adds them to `p.impulse` and to the bodies' velocities.
 */
export function applyIslandImpulses(
  p: JointProblem, sb: SolverBodies, d: JointDirect, U: Float64Array, k: number, uo: number, delta: number,
): void {
  const s0 = d.islandStart[k], s1 = d.islandStart[k + 1], imp = p.impulse;
  for (let i = s0; i < s1; i++) {
    const u = U[uo + i];
    if (u === 0) continue;
    const r = d.row[i], dl = -u * delta;
    imp[r] += dl;
    applyRow(p, sb, r, dl);
  }
}

/**
 * The bilateral rows of every direct island at once: x = −(W + Γ)⁻¹ (J v − target + bias + γ λ),
 * Δλ = massScale · x − impulseScale · λ (springs: 1 and 0), exact for the island given the other rows.
 */
function solveDirect(p: JointProblem, sb: SolverBodies, c: JointSolveContext, useBias: boolean): number {
  const d = c.direct, x = d.x, imp = p.impulse, v = sb.v, w = sb.w;
  for (let i = 0; i < d.n; i++) {
    const r = d.row[i];
    const spring = p.rowType[r] === ROW_SPRING;
    const bias = spring ? p.biasRate[r] * p.error[r] : useBias ? p.biasRate[r] * clampError(p.error[r], c.maxCorrection) : 0;
    x[i] = -(rowVelocity(p, v, w, r) - p.target[r] + bias + p.gamma[r] * imp[r]);
  }
  solveFactored(d);
  let change = 0;
  for (let i = 0; i < d.n; i++) {
    const r = d.row[i];
    const rigidBiased = useBias && p.rowType[r] === ROW_RIGID;
    const dl = rigidBiased ? p.massScale[r] * x[i] - p.impulseScale[r] * imp[r] : x[i];
    if (dl === 0) continue;
    imp[r] += dl;
    applyRow(p, sb, r, dl);
    if (Math.abs(dl) > change) change = Math.abs(dl);
  }
  return change;
}
