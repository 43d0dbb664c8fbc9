/**
 * Joints in the accurate mode: Drumwright's implicit constraint step (Drumwright 2019,
 * "An Unconditionally Stable First-Order Constraint Solver for Multibody Systems", §4.2, eqs. 51–62), one per step of length h, before the contact LCP.
 *
 * With every joint row a spring-damper (k, b) evaluated once at (q0, v0) and the free velocity
 * v* = v0 + h M⁻¹ f (the contact solver's `integrateVelocities`), the bilateral rows solve, in lambda
 * space (λ directly, accurate for k ≥ 1e10 where the φ̇ form of eqs. 60–61 is not; P = h λ):
 *
 *   (W + Γ) P = −(G v* + β φ0),   Γ = diag(1/(h(h k + b))),   β = diag(k/(h k + b)),   W = G M⁻¹ Gᵀ
 *   v1 = v* + M⁻¹ Gᵀ P,           q1 = q0 + h N(q0) v1   (symplectic; `integratePositions`)
 *
 * which is the paper's (59)–(62), (53), (37), (36) with the M̂ Ġ v terms dropped (M̂ does not exist for redundant rows): the
 * L-stable first-order scheme. Rigid rows (k = ∞) take the rigid limit Γ → 0, β → 1/h (Stewart–Trinkle's
 * stabilized G v1 + φ0/h = 0); springs keep their physical (k, b). The bilateral rows of each joint
 * island are solved by one sparse LDLᵀ factorization (`../joint-direct.ts`), exact in one sweep.
 *
 * Limits (λ ≥ 0, G v1 + φ0/h ≥ 0: the same rigid limit, complementarity exact: the max law of eq. 68
 * as an SPD LCP rather than the paper's min-norm QP of eqs. 83–85, which differs from it when rows couple) and motors (|λ| ≤ F_max) are the
 * other blocks of a block Gauss–Seidel whose bilateral block is the direct solve; it is iterated to
 * convergence (largest impulse change ≤ `tolerance` · the largest impulse, at most `maxSweeps`), then
 * the limit rows are solved together as one LCP by Lemke in the space the bilateral rows leave free
 * (`joint-limit-lcp.ts`) when the sweeps leave a relative KKT residual above 1e-9 (a stiff or highly
 * coupled limit set; `certify`), and sweeps and LCP alternate until the LCP changes nothing (≤ 4 rounds).
 *
 * Coupling with contacts (approximate): joints first on v*, then the contact LCP on the joint-corrected
 * velocities, then the joint sweeps again with the contact impulses in place (block Gauss–Seidel between
 * the joint system and the contact LCP, one round). The impact phase (PLUS) before this step holds the
 * rigid bilateral rows and the rigid limits at their stop as equality constraints of each impact
 * (`../plus/joint-space.ts`), so it leaves G v ≈ 0 on them and this step sees no impact velocity error.
 *
 * Position projection (post-stabilization; Cline & Pai, "Post-stabilization for rigid body simulation
 * with contact and constraints", ICRA 2003): the step above linearises the constraints at q0, so the
 * rigid rows end the step with an error φ(q1) of order h²|v|²/L, which the next step's φ0/h term turns
 * into velocity. With a heavy load on light links (geometric stiffness tension / length, hω ≳ 1) that
 * feedback grows without bound. After the positions are integrated, `projectJointPositions` removes the
 * error by Gauss–Newton steps on the bilateral rows at the current pose,
 *
 *   W(q) x = −φ(q),   Δq = M⁻¹ G(q)ᵀ x      (the same envelope LDLᵀ; spring rows keep their compliance Γ/h²
 *                                           and a zero right-hand side)
 *
 * until max |φ_rigid| ≤ tolerance (quadratic convergence; 1–3 iterations), each step scaled down to move
 * no body by more than 0.2 m or 8° (Box2D's maximum linear and angular corrections). Velocities are left as the
 * solve made them (the LCP's complementarity at v1 is kept); the joint impulses are unchanged (the
 * projection is not a force). The contacts of the islands' bodies are inequality rows of each step
 * (`joint-projection-contacts.ts`): a step that would push one deeper than it is after the integration
 * is replaced by the smallest one that holds them, and when none exists the projection stops there.
 */

import { DISTANCE_AXIS, RowType, updateJointRows, type JointProblem } from '../../assembly/joint-rows';
import { growFloat64, nextCapacity } from '../../../components/capacity';
import { factorJointIslands } from '../common/joint-direct';
import { integratePositions } from '../common/body-integration';
import { createJointLimitLcp, solveJointLimitLcp, type JointLimitLcp } from './joint-limit-lcp';
import type { SolverBodies } from '../../assembly/solver-bodies';
import {
  beginJointsImplicit, rowVelocityTo, createJointSolveContext, solveJoints, warmStartJoints, type JointSolveContext,
} from '../common/joint-solve';
import { mat3InvertSymmetric } from '../../../math/mat3';
import { kineticEnergy } from './kinetic-energy';
import {
  applyJointStep, beginProjectionContacts, createProjectionContacts, solveProjectionContacts, violatedProjectionContacts,
  type ProjectionContacts,
} from './joint-projection-contacts';

const ROW_RIGID = RowType.rigid;
const ROW_LIMIT = RowType.limit;
const ROW_MOTOR = RowType.motor;

export interface ImplicitJoints {
  readonly ctx: JointSolveContext;
  /** Largest number of block Gauss–Seidel sweeps per pass (default 200). */
  maxSweeps: number;
  /** Relative convergence tolerance on the impulse change (default 1e-10). */
  tolerance: number;
  /** Sweeps of the last step (both passes). */
  sweeps: number;
  /** Largest impulse change of the last sweep of the last pass (N·s). */
  residual: number;
  /** Solve the limit rows as one LCP by Lemke between the sweeps (default true; `joint-limit-lcp.ts`). */
  limitLcp: boolean;
  /** Sweeps of the first round when there are limit rows and `limitLcp` (default 25). */
  sweepsBeforeLimitLcp: number;
  /** The limit LCP runs only when the sweeps leave a relative KKT residual above this (default 1e-9). */
  kktTolerance: number;
  /** The limit LCP's workspace. */
  readonly limits: JointLimitLcp;
  /** Limit LCP solves of the last step (both passes). */
  limitSolves: number;
  /** KKT residuals of the last pass (relative; see `certify`), the joint step's solver certificate. */
  readonly kkt: { primal: number; dual: number; complementarity: number };
  /** Largest number of position-projection iterations per step (0 = off; default 32). */
  projectionIterations: number;
  /** Projection stops when every rigid bilateral row's error is at most this (m or rad; default 1e-9). */
  projectionTolerance: number;
  /** Projection iterations of the last step. */
  projections: number;
  /** Largest rigid bilateral row error after the last step's projection (m or rad). */
  projectionError: number;
  /** The contacts the projection must not push deeper (`joint-projection-contacts.ts`): the step sets
   * their problem and rows before its projection (3b) and clears them after. */
  readonly projectionContacts: ProjectionContacts;
  /** Largest speed at which a rigid limit's violation φ0 < 0 or a rigid bilateral row's error φ0 is
   * recovered (m/s for linear rows, rad/s for angular rows; default Infinity): φ0 is bounded to
   * −h·maxLimitRecovery (limits) or ±h·maxLimitRecovery (rigid rows) for the step, as the contacts' gaps
   * are by `maxPushoutSpeed`; with the jointed bodies' mass m, ½ m maxLimitRecovery² is also the kinetic
   * energy the first pass may add before it is solved again without recovery (the energy guard). */
  maxLimitRecovery: number;
  /** Add the geometric-stiffness inertia h² K̃ before the joint step (see `augmentInertia`; default false). */
  geometricStiffness: boolean;
  /** Scratch: per solver body, the diagonal geometric stiffness K̃ (N·m/rad), `[bodies]`. */
  geoK: Float64Array;
  /** Scratch: per solver body, the number of loaded joints on it, `[bodies]`. */
  geoCount: Int32Array;
  /** `[bodies]` 1 for the bodies `augmentInertia` changed in this step (valid after it ran). */
  augmented: Uint8Array;
  /** Scratch: the velocities kept through the projection, `[3 × bodies]`. */
  vKeep: Float64Array;
  wKeep: Float64Array;
  /** Scratch: `[9]` a body's world inertia; `[3]` the energy guard's kinetic energies (before, after) and
   * jointed mass (numbers returned from a call V8 does not inline are boxed on the heap); `[bodies]` marks. */
  readonly inertia: Float64Array;
  readonly energy: Float64Array;
  /** Scratch `[2]`: a row's velocity and the size of its terms (`certify`). */
  readonly row: Float64Array;
  mark: Uint8Array;
  /** The last step's first pass was solved again without the recovery of rigid rows and limits (the
   * energy guard of `solveJointsImplicit`). */
  recoveryDropped: boolean;
}

/**
 * The accurate mode's `JointDirect.pivotTolerance` (`../common/joint-direct.ts`): a rigid row whose pivot is
 * at most 1e-7 of its diagonal counts as dependent, as in the fast mode. With 1e-9 a loop of a slider, a
 * hinge, a fixed and a distance joint among eight bodies (fuzz seed 573, shrunk) kept rows independent to
 * between 1e-9 and 1e-7 only, and the joint step 1b on velocities gave them impulses of 1e8 N·s: the
 * loop's energy went from 1.0e6 to 1.0e7 J in a step with every rigid row's error below 1e-10 (an exact
 * solve of such rows cannot add energy). Rows independent through a mass ratio keep pivots of about
 * m_light / m_heavy, so mass ratios up to 1e7 across a joint keep their rows.
 */
export const ACCURATE_PIVOT_TOLERANCE = 1e-7;

export function createImplicitJoints(): ImplicitJoints {
  const ctx = createJointSolveContext();
  ctx.direct.pivotTolerance = ACCURATE_PIVOT_TOLERANCE;
  return {
    ctx, maxSweeps: 200, tolerance: 1e-10, sweeps: 0, residual: 0,
    limitLcp: true, sweepsBeforeLimitLcp: 25, kktTolerance: 1e-9, limits: createJointLimitLcp(), limitSolves: 0, kkt: { primal: 0, dual: 0, complementarity: 0 },
    projectionIterations: 32, projectionTolerance: 1e-9, projections: 0, projectionError: 0, maxLimitRecovery: Infinity,
    projectionContacts: createProjectionContacts(),
    vKeep: new Float64Array(48), wKeep: new Float64Array(48), inertia: new Float64Array(9), energy: new Float64Array(3), row: new Float64Array(2), mark: new Uint8Array(16), recoveryDropped: false, geometricStiffness: false, geoK: new Float64Array(16),
    geoCount: new Int32Array(16), augmented: new Uint8Array(16),
  };
}

/** Block Gauss–Seidel sweeps until the impulse change is at most `tolerance` · the largest impulse. */
function iterate(s: ImplicitJoints, p: JointProblem, sb: SolverBodies, budget: number): void {
  for (let i = 0; i < budget; i++) {
    solveJoints(p, sb, s.ctx, true);
    const change = s.ctx.change[0];
    s.sweeps++;
    s.residual = change;
    if (smallChange(s, p, s.ctx.change, 0) || change === 0) break;
  }
}

/** Whether the impulse change `change[k]` is at most `tolerance` · the largest impulse. One routine for the
 * sweeps and the rounds: the sweeps call it often enough that it runs optimised from the first steps, and
 * the rounds' routine, which runs a few times per step and in V8's baseline tiers for a thousand steps and
 * more, computes no number (there each is a new heap number). */
function smallChange(s: ImplicitJoints, p: JointProblem, change: Float64Array, k: number): boolean {
  let scale = 0;
  for (let r = 0; r < p.rowCount; r++) scale = Math.max(scale, Math.abs(p.impulse[r]));
  return change[k] <= s.tolerance * scale;
}

/**
 * One pass of the implicit joint step. `first`: evaluate the rows at q0, apply the warm-start impulses
 * (last step's forces × h, when `warm`) and iterate; otherwise continue from the current impulses
 * (after the contacts).
 */
export function solveJointsImplicit(
  s: ImplicitJoints, p: JointProblem, sb: SolverBodies, h: number, warm: boolean, first: boolean,
): void {
  if (!first) { solveRounds(s, p, sb); return; }
  // the velocities before the step, for the energy guard below
  const n3 = 3 * sb.count;
  if (s.vKeep.length < n3) { s.vKeep = growFloat64(s.vKeep, n3); s.wKeep = growFloat64(s.wKeep, n3); }
  for (let i = 0; i < n3; i++) { s.vKeep[i] = sb.v[i]; s.wKeep[i] = sb.w[i]; }
  kineticEnergy(sb, s.inertia, s.energy, 0);
  beginJointsImplicit(p, sb, s.ctx, h, warm);
  warmStartJoints(p, sb, s.ctx); // evaluates the rows at q0
  // a rigid limit violated by more than h·maxLimitRecovery is recovered over several steps (φ0/h as
  // written turned a violation of metres into hundreds of m/s), and so is a rigid bilateral row's error
  // (one the projection 3b could not close: a loop of rows that cannot all hold, or contacts in the way;
  // fuzz seed 1069, a 0.043 kg body in a loop of three fixed joints, a sixDof, a slider and a distance
  // joint 20–30 m off, was thrown at 1000 m/s)
  const minError = -h * s.maxLimitRecovery;
  for (let r = 0; r < p.rowCount; r++) {
    if (p.gamma[r] !== 0) continue;
    const t = p.rowType[r], e = p.error[r];
    if (t === ROW_LIMIT && e < minError) p.error[r] = minError;
    else if (t === ROW_RIGID) p.error[r] = e < minError ? minError : e > -minError ? -minError : e;
  }
  s.sweeps = 0;
  s.limitSolves = 0;
  s.recoveryDropped = false;
  solveRounds(s, p, sb);
  // Energy guard: an exact solve of the rigid rows on velocities only (G v1 = 0) is an M-orthogonal
  // projection and cannot add kinetic energy; what the pass may add is the recovery of the rows' errors
  // (each row at most h·maxLimitRecovery a step, so about ½ m v_rec² over the jointed bodies) and what
  // springs and motors do. A loop of rows that cannot all hold, independent only to round-off, turns the
  // recovery into unbounded impulses instead (fuzz seed 573: 1b took a jointed scene from 2.9e6 to
  // 6.8e6 J in a step, every row's φ0 within the bound). Then the pass is solved again, cold, without
  // the recovery (rigid rows G v1 = 0, violated limits held where they are): the error is left to the
  // position projection (3b).
  jointedMass(s, p, sb);
  const allowance = 0.5 * s.energy[2] * s.maxLimitRecovery * s.maxLimitRecovery;
  kineticEnergy(sb, s.inertia, s.energy, 1);
  if (s.energy[1] <= s.energy[0] + allowance) return;
  for (let i = 0; i < n3; i++) { sb.v[i] = s.vKeep[i]; sb.w[i] = s.wKeep[i]; }
  beginJointsImplicit(p, sb, s.ctx, h, false);
  warmStartJoints(p, sb, s.ctx);
  for (let r = 0; r < p.rowCount; r++) {
    if (p.gamma[r] !== 0) continue;
    const t = p.rowType[r];
    if (t === ROW_RIGID) p.error[r] = 0;
    else if (t === ROW_LIMIT && p.error[r] < 0) p.error[r] = 0;
  }
  s.recoveryDropped = true;
  solveRounds(s, p, sb);
}

/** Total mass of the dynamic bodies with a joint row (kg), into `s.energy[2]`. */
function jointedMass(s: ImplicitJoints, p: JointProblem, sb: SolverBodies): void {
  if (s.mark.length < sb.count) s.mark = new Uint8Array(nextCapacity(s.mark.length, sb.count));
  const mark = s.mark, nb = sb.count;
  mark.fill(0, 0, nb);
  let m = 0;
  for (let r = 0; r < p.rowCount; r++) {
    const a = p.rowA[r], b = p.rowB[r];
    if (a < nb && mark[a] === 0) { mark[a] = 1; if (sb.invMass[a] > 0) m += 1 / sb.invMass[a]; }
    if (b < nb && mark[b] === 0) { mark[b] = 1; if (sb.invMass[b] > 0) m += 1 / sb.invMass[b]; }
  }
  s.energy[2] = m;
}

/** The rounds of sweeps and limit LCPs of one pass (see the header), then the KKT certificate. */
function solveRounds(s: ImplicitJoints, p: JointProblem, sb: SolverBodies): void {
  let limits = false;
  if (s.limitLcp) for (let r = 0; r < p.rowCount && !limits; r++) limits = p.rowType[r] === ROW_LIMIT;
  for (let round = 0; ; round++) {
    // with limit rows, the first round's sweeps only prepare the LCP (a stiff or coupled limit set does
    // not converge by sweeps; the LCP then does the work)
    iterate(s, p, sb, limits && round === 0 ? Math.min(s.maxSweeps, s.sweepsBeforeLimitLcp) : s.maxSweeps);
    // the limit rows as one LCP (exact, `joint-limit-lcp.ts`), alternated with the sweeps for the motors,
    // when the sweeps alone did not meet the KKT tolerance
    if (!limits || round >= 4) break;
    if (certify(s, p, sb)) break;
    const solved = solveJointLimitLcp(s.limits, p, sb, s.ctx);
    s.limitSolves++;
    if (!solved) break;
    if (smallChange(s, p, s.limits.change, 0)) break;
  }
  certify(s, p, sb);
}

/**
 * KKT residuals of the joint step at the current velocities (its solver certificate), each relative to the
 * largest Σ|J_k v_k| + |target| + |bias| + |γ λ| over the rows (the terms before they cancel: a chain
 * turning rigidly has J v = 0 on every row) for velocities and to the largest impulse for impulses:
 *   primal: bilateral |J v − target + bias + γ λ|; limits max(0, −w) with w = J v + bias + γ λ; motors
 *           with |λ| below the bound: |J v − target|;
 *   dual: max(0, −λ) of limits, max(0, |λ| − bound) of motors (impulses);
 *   complementarity: max λ w / (λ_max · w_scale) over limit rows.
 * Bias as the solve uses it: rigid rows C/h (limits speculative when C > 0), springs and soft limits β C.
 * `certify` writes them to `s.kkt` and returns whether all three are within `kktTolerance`.
 */
/** Σ |J_k v_k| of row r: the size of the terms of J v before they cancel (m/s or rad/s), into `out[k]`. */
function rowVelocityScale(p: JointProblem, v: Float64Array, w: Float64Array, r: number, out: Float64Array, k: number): void {
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const lin = p.linear, jA = p.angularA, jB = p.angularB;
  let sum = 0;
  for (let i = 0; i < 3; i++) {
    sum += Math.abs(lin[o + i] * v[b3 + i]) + Math.abs(lin[o + i] * v[a3 + i])
      + Math.abs(jA[o + i] * w[a3 + i]) + Math.abs(jB[o + i] * w[b3 + i]);
  }
  out[k] = sum;
}

function certify(s: ImplicitJoints, p: JointProblem, sb: SolverBodies): boolean {
  const v = sb.v, w = sb.w, imp = p.impulse, invH = s.ctx.invH, t = s.row;
  let vScale = 0, lScale = 0, primal = 0, dual = 0, comp = 0;
  for (let r = 0; r < p.rowCount; r++) {
    const type = p.rowType[r], l = imp[r], g = p.gamma[r];
    const bias = type === ROW_MOTOR ? 0 : g > 0 ? p.biasRate[r] * p.error[r] : p.error[r] * invH;
    rowVelocityScale(p, v, w, r, t, 1);
    vScale = Math.max(vScale, t[1] + Math.abs(p.target[r]) + Math.abs(bias) + Math.abs(g * l));
    lScale = Math.max(lScale, Math.abs(l));
  }
  for (let r = 0; r < p.rowCount; r++) {
    const type = p.rowType[r], l = imp[r], g = p.gamma[r];
    rowVelocityTo(p, v, w, r, t, 0);
    const jv = t[0] - p.target[r];
    if (type === ROW_MOTOR) {
      const lo = p.impulseLower[r], hi = p.impulseUpper[r];
      dual = Math.max(dual, lo - l, l - hi);
      if (l > lo && l < hi) primal = Math.max(primal, Math.abs(jv));
      continue;
    }
    const bias = g > 0 ? p.biasRate[r] * p.error[r] : p.error[r] * invH;
    const res = jv + bias + g * l;
    if (type === ROW_LIMIT) {
      primal = Math.max(primal, -res);
      dual = Math.max(dual, -l);
      comp = Math.max(comp, Math.abs(l * res));
    } else {
      primal = Math.max(primal, Math.abs(res));
    }
  }
  const vs = vScale > 0 ? vScale : 1, ls = lScale > 0 ? lScale : 1;
  const kp = primal / vs, kd = dual / ls, kc = comp / (vs * ls), tol = s.kktTolerance;
  s.kkt.primal = kp;
  s.kkt.dual = kd;
  s.kkt.complementarity = kc;
  return kp <= tol && kd <= tol && kc <= tol;
}

/** The projection stops after this many iterations without a smaller error (an unsatisfiable set of rows,
 * e.g. a closed loop of locked joints assembled out of line, never reaches the tolerance). */
const PROJECTION_STALL = 4;

/**
 * Position projection of the rigid bilateral rows after `integratePositions` (see the header): Gauss–
 * Newton steps W(q) x = −φ(q), Δq = M⁻¹ G(q)ᵀ x on the direct islands of the last `solveJointsImplicit`
 * (limits and motors are not projected), until the error is at most `projectionTolerance`, after at most
 * `projectionIterations` steps, or after `PROJECTION_STALL` steps without progress. Usually 1–3 steps;
 * a joint group that drifted by a metre or a radian in the step (light links whipped at hundreds of m/s)
 * takes 5–17, and with fewer the error left over went into the next step's φ0/h as velocity.
 * With `s.projectionContacts.problem` set (the step's 3b), each step holds the islands' contacts
 * (`joint-projection-contacts.ts`) and the projection stops when it cannot.
 * Velocities and impulses are unchanged. Allocation: none once the scratch has grown to the scene.
 */
export function projectJointPositions(s: ImplicitJoints, p: JointProblem, sb: SolverBodies, h: number): void {
  const d = s.ctx.direct, pc = s.projectionContacts;
  s.projections = 0;
  s.projectionError = 0;
  pc.solves = 0;
  pc.failures = 0;
  if (d.n === 0 || s.projectionIterations <= 0) return;
  let rigid = false;
  for (let i = 0; i < d.n && !rigid; i++) rigid = p.rowType[d.row[i]] === ROW_RIGID;
  if (!rigid) return;
  const n3 = 3 * sb.count;
  if (s.vKeep.length < n3) { s.vKeep = growFloat64(s.vKeep, n3); s.wKeep = growFloat64(s.wKeep, n3); }
  const v = sb.v, w = sb.w, vKeep = s.vKeep, wKeep = s.wKeep;
  // the contacts of the islands' bodies, with the floors of their gaps (joint-projection-contacts.ts)
  const contacts = beginProjectionContacts(pc, p, d, sb) > 0;
  // x solves (W + Γ) x = rhs; the position step is Δq = h M⁻¹ Gᵀ x with rhs = −φ / h
  let best = Infinity, sinceBest = 0;
  for (;;) {
    updateJointRows(p, sb);
    let err = 0;
    for (let i = 0; i < d.n; i++) {
      const r = d.row[i];
      if (p.rowType[r] !== ROW_RIGID) continue;
      const e = Math.abs(p.error[r]);
      if (e > err) err = e;
    }
    s.projectionError = err;
    if (err < best) { best = err; sinceBest = 0; } else sinceBest++;
    if (err <= s.projectionTolerance || s.projections >= s.projectionIterations || sinceBest >= PROJECTION_STALL) return;
    s.projections++;
    factorJointIslands(d, p, sb, p.gamma);
    for (let i = 0; i < n3; i++) { vKeep[i] = v[i]; wKeep[i] = w[i]; v[i] = 0; w[i] = 0; }
    applyJointStep(p, d, sb, h, true);
    // a step that would push a contact deeper is replaced by the one that holds the contacts; when there
    // is none, the projection stops here (the error left is the next step's φ0/h)
    const held = !contacts || violatedProjectionContacts(pc, sb, h) === 0 || solveProjectionContacts(pc, p, d, sb, h);
    if (held) { limitProjectionStep(sb, h); integratePositions(sb, h); }
    for (let i = 0; i < n3; i++) { v[i] = vKeep[i]; w[i] = wKeep[i]; }
    if (!held) return;
  }
}

/** Largest move of a body's centre (m) and turn (rad) in one projection step: Box2D's
 * `b2_maxLinearCorrection` (0.2 m) and `b2_maxAngularCorrection` (8°) of its position solver. */
const PROJECTION_MAX_LINEAR = 0.2;
const PROJECTION_MAX_ANGULAR = 8 * Math.PI / 180;

/**
 * Scales the projection step (v, w) = Δq/h down, uniformly (the direction of the Gauss–Newton step is
 * kept, and a step that holds the contacts still holds them: the pose moves part of the way between two
 * poses that do), so that no body moves by more than `PROJECTION_MAX_LINEAR` or turns by more than
 * `PROJECTION_MAX_ANGULAR` in it. The errors the projection removes are O(h²|v|²/L), millimetres, which
 * pass unscaled; a large error (a loop that cannot all hold, a light body on a long lever of a fast
 * turning one) otherwise took Gauss–Newton steps of metres in which the linearisation is wrong by metres:
 * a 0.036 kg box fixed 10.5 m from a 546 kg capsule in a loop through a distance joint and a ball joint
 * to the world jumped 20–60 m per step between the loop's far solutions and ended 79 m under the ground
 * (fuzz seed 1005; seed 1069 the same).
 */
function limitProjectionStep(sb: SolverBodies, h: number): void {
  const v = sb.v, w = sb.w;
  let v2 = 0, w2 = 0;
  for (let i = 0; i < sb.count; i++) {
    const i3 = 3 * i;
    const a = v[i3] * v[i3] + v[i3 + 1] * v[i3 + 1] + v[i3 + 2] * v[i3 + 2];
    const b = w[i3] * w[i3] + w[i3 + 1] * w[i3 + 1] + w[i3 + 2] * w[i3 + 2];
    if (a > v2) v2 = a;
    if (b > w2) w2 = b;
  }
  const lin = h * Math.sqrt(v2), ang = h * Math.sqrt(w2);
  let scale = 1;
  if (lin > PROJECTION_MAX_LINEAR) scale = PROJECTION_MAX_LINEAR / lin;
  if (ang * scale > PROJECTION_MAX_ANGULAR) scale = PROJECTION_MAX_ANGULAR / ang;
  if (scale === 1) return;
  const n3 = 3 * sb.count;
  for (let i = 0; i < n3; i++) { v[i] *= scale; w[i] *= scale; }
}

/**
 * Geometric stiffness (Andrews, Teichmann & Kry, "Geometric Stiffness for Real-time Constrained
 * Multibody Dynamics", Eurographics 2017; Tournier et al., "Stable Constrained Dynamics", SIGGRAPH 2015):
 * the joint step linearises the constraint directions at q0, which ignores how the constraint forces
 * turn as the bodies rotate, the term K = ∂(Gᵀλ)/∂q. Under a large tension F on a body of small inertia
 * (a light link of a loaded chain) that term is a stiff rotational spring, k ≈ F |r| per anchor lever r,
 * and the explicit treatment is unstable once h √(k/I) ≳ 2. Treating it implicitly with the diagonal
 * approximation K̃ of the paper adds h² K̃ to the inertia for the step:
 *
 *   I_world ← I_world + h² k_i 𝟙,   k_i = Σ_joints of i (|F_lin| |r_i| + |T_ang|)   (N·m/rad)
 *
 * for bodies with two or more loaded joints (the links of a chain or a ragdoll; see the loop below),
 * with F_lin, T_ang the joint's linear / angular row forces of the previous step (`warmForce`) and r_i the
 * anchor lever on body i. It changes only bodies under joint load, by a relative amount h² k / I, and
 * damps the unstable rotational mode (numerical dissipation, no energy gain). Writes `sb.invInertia`
 * for the rest of the step (joint rows, contact rows: every row of the step must use it, see
 * `buildContactRows`' `changedInertia`, marked in `augmented`; the next step's assembly gathers it
 * afresh). Returns true when a body changed. Allocation: none once `geoK` has grown.
 */
export function augmentInertia(s: ImplicitJoints, p: JointProblem, sb: SolverBodies, h: number): boolean {
  if (!s.geometricStiffness || p.jointCount === 0) return false;
  if (s.geoK.length < sb.count) s.geoK = growFloat64(s.geoK, sb.count);
  if (s.geoCount.length < sb.count) s.geoCount = new Int32Array(s.geoK.length);
  if (s.augmented.length < sb.count) s.augmented = new Uint8Array(s.geoK.length);
  const k = s.geoK, n = s.geoCount, aug = s.augmented;
  k.fill(0, 0, sb.count);
  n.fill(0, 0, sb.count);
  aug.fill(0, 0, sb.count);
  let any = false;
  for (let j = 0; j < p.jointCount; j++) {
    let f2 = 0, t2 = 0;
    for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) {
      const t = p.rowType[r];
      if (t !== ROW_RIGID && t !== RowType.spring && t !== ROW_LIMIT) continue;
      const axis = p.rowAxis[r], f = p.warmForce[r];
      if (axis < 3 || axis === DISTANCE_AXIS) f2 += f * f; else t2 += f * f;
    }
    if (f2 === 0 && t2 === 0) continue;
    const F = Math.sqrt(f2), T = Math.sqrt(t2), j3 = 3 * j;
    const a = p.bodyA[j], b = p.bodyB[j];
    if (a !== p.worldIndex) { k[a] += F * Math.hypot(p.rA0[j3], p.rA0[j3 + 1], p.rA0[j3 + 2]) + T; n[a]++; }
    if (b !== p.worldIndex) { k[b] += F * Math.hypot(p.rB0[j3], p.rB0[j3 + 1], p.rB0[j3 + 2]) + T; n[b]++; }
    any = true;
  }
  if (!any) return false;
  const h2 = h * h, m = sb.invInertia;
  let changed = false;
  for (let i = 0; i < sb.count; i++) {
    const add = h2 * k[i];
    // only bodies between two or more loaded joints: their rotation is a mode of its own, held by the
    // geometric stiffness alone; a body on one joint turns with the joint's swing (a pendulum bob), where
    // a tension-dependent inertia would only pump energy into the swing
    if (n[i] < 2 || !(add > 0) || !(sb.invMass[i] > 0)) continue;
    // I = (I⁻¹)⁻¹, I += add·𝟙, I⁻¹ = I⁻¹ back (3×3 symmetric)
    const o = 9 * i;
    if (!mat3InvertSymmetric(m, o, m, o)) continue;
    // capped at GEOMETRIC_STIFFNESS_CAP × the body's largest principal inertia (trace / 3 here)
    const cap = GEOMETRIC_STIFFNESS_CAP * (m[o] + m[o + 4] + m[o + 8]) / 3;
    const a = add < cap ? add : cap;
    m[o] += a; m[o + 4] += a; m[o + 8] += a;
    mat3InvertSymmetric(m, o, m, o);
    aug[i] = 1;
    changed = true;
  }
  return changed;
}

/**
 * Largest geometric-stiffness inertia, in multiples of the body's own (mean principal) inertia. A thin
 * chain link under a heavy load needs ~20 (h² k̃ / I ≈ 0.45 / 0.0216 at dt 1/60); a straight, taut line
 * of ball joints (a net's rows) reports joint forces of 1e9 N and more, whose uncapped inertia froze the
 * nodes' rotation and made the anchor rows numerically dependent (a 10 × 10 net came apart by 1.9 m).
 */
const GEOMETRIC_STIFFNESS_CAP = 100;

