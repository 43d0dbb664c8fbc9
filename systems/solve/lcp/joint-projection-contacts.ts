/**
 * The contacts as inequality rows of the accurate mode's joint position projection (step 3b,
 * `projectJointPositions` in `joint-implicit.ts`).
 *
 * The projection is a Gauss–Newton step on the rigid bilateral rows G alone: the smallest M-weighted
 * correction Δq = h M⁻¹ Gᵀ x with W x = −φ/h. It knows nothing of the contacts, so when a heavy body
 * drags a light one through a joint, the correction moves the light body, which may be resting on the
 * ground: a 0.023 kg body on a sixDof joint to a 584 kg one falling past it was moved 7–28 cm into the
 * ground per step and ended with its centre under it (fuzz seed 763, shrunk; seeds 739, 928, 1116 the
 * same). With the contacts held, the same step is the smallest correction that meets G and does not push
 * a contact deeper than it already is (post-stabilization with the contacts as unilateral constraints,
 * Cline & Pai 2003):
 *
 *   min ½ Δqᵀ M Δq   s.t.  G Δq = −φ,   Φ_c + J_c Δq ≥ Φ̲_c,   Φ̲_c = min(Φ_c⁰, 0),
 *
 * with Φ_c the contact's separation at the current pose (`projectionGap`: the witness points' turn counted
 * only where it takes them deeper), Φ_c⁰ the one before the first
 * projection step (after the step's positions: a contact may close to touching, never deeper, and an
 * overlap left by the step may not grow) and J_c its normal row (`contact-rows.ts`, built at the start of
 * the step). Eliminating G through the island's factor (as `joint-contact-lcp.ts` does for velocities)
 * leaves an LCP in the contact impulses μ (scaled so that v = Δq/h):
 *
 *   w = S μ + q ≥ 0,   μ ≥ 0,   μᵀ w = 0,   S = J_c M̃⁻¹ J_cᵀ,   M̃⁻¹ = M⁻¹ − M⁻¹ Gᵀ (W + Γ)⁻¹ G M⁻¹,
 *   q = J_c v_G + (Φ_c − Φ̲_c)/h,   v_G = M⁻¹ Gᵀ x (the joint-only step),
 *
 * solved by Lemke's algorithm (`../common/lemke.ts`). S is probed column by column: a unit impulse on
 * contact j, the bilateral rows' response through the factor, J_c v read off. Only bodies of the direct
 * joint islands move in the projection: the other body of a contact (the ground, a body without joints)
 * is held where it is, so a candidate contact is one with a dynamic body in a direct island, and its
 * impulse acts on that side only. Active set as in `joint-limit-lcp.ts`: the contacts the joint-only step
 * violates, then those the solution violates, at most 8 passes. When the LCP has no solution (the joints
 * cannot be met without pushing a contact deeper) or more than `maxSize` contacts are needed, the caller
 * stops the projection: the joint error left goes into the next step's φ0/h, where the contacts are part
 * of the velocity LCP.
 *
 * Cost: nothing when no candidate contact is violated (one gap and one row velocity per candidate per
 * projection step); otherwise one factored solve per probe. No allocation once the arrays have grown.
 */

import { nextCapacity } from '../../../components/capacity';
import { MotionType } from '../../../components/rigid-body';
import { RowType, type JointProblem } from '../../assembly/joint-rows';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { solveFactored, type JointDirect } from '../common/joint-direct';
import { applyRowAt, rowVelocityTo } from '../common/joint-solve';
import { createLemkeOptions, LemkeWorkspace, solveLemke, type LemkeOptions } from '../common/lemke';
import { rowVelocityAt, type ContactRows } from './contact-rows';
import { quatRotate } from '../../../math/quat';

const ROW_RIGID = RowType.rigid;
const DYNAMIC = MotionType.dynamic;

/** A violation smaller than this (m) is not one: the predicted gap's round-off. */
const GAP_TOLERANCE = 1e-9;

export interface ProjectionContacts {
  /** The step's contacts and their rows; the projection ignores contacts while `problem` is undefined. */
  problem: ConstraintProblem | undefined;
  rows: ContactRows | undefined;
  /** Largest LCP solved (contacts); more stops the projection (default 64). */
  maxSize: number;
  /** Candidate contacts of the current projection: `[count]` contact index, its floor Φ̲ (m), and which
   * sides move (bit 1: A, bit 2: B). */
  count: number;
  contact: Int32Array;
  floor: Float64Array;
  sides: Uint8Array;
  /** `[count]` 1 when the candidate is in the LCP. */
  selected: Uint8Array;
  /** `[bodies]` 1 for the bodies of the direct joint islands (scratch). */
  inIsland: Uint8Array;
  /** LCP of the selected candidates: `[m × m]` S, `[m]` q, z, w, candidate index of unknown i. */
  m: number;
  N: Float64Array;
  q: Float64Array;
  z: Float64Array;
  w: Float64Array;
  index: Int32Array;
  /** `[4]` scratch: `projectionGap`'s gap, a row velocity, `margin`'s result, a unit impulse (numbers passed to
   * or returned from a call V8 does not inline are boxed on the heap; elements of a `Float64Array` are not). */
  readonly gap: Float64Array;
  lemke: LemkeWorkspace;
  options: LemkeOptions;
  /** LCP solves and failures (no solution, or too large) of the last step's projection. */
  solves: number;
  failures: number;
}

export function createProjectionContacts(): ProjectionContacts {
  return {
    problem: undefined, rows: undefined, maxSize: 64, count: 0, contact: new Int32Array(16), floor: new Float64Array(16),
    sides: new Uint8Array(16), selected: new Uint8Array(16), inIsland: new Uint8Array(16), m: 0, N: new Float64Array(256),
    q: new Float64Array(16), z: new Float64Array(16), w: new Float64Array(16),
    index: new Int32Array(16), gap: new Float64Array(4), lemke: new LemkeWorkspace(16),
    options: createLemkeOptions(), solves: 0, failures: 0,
  };
}

/**
 * Selects the candidate contacts (a dynamic body in a direct joint island of `d`) and their floors at the
 * current pose, before the first projection step. Returns the number of candidates.
 */
export function beginProjectionContacts(pc: ProjectionContacts, p: JointProblem, d: JointDirect, sb: SolverBodies): number {
  pc.count = 0;
  const cp = pc.problem, rows = pc.rows;
  if (cp === undefined || rows === undefined || cp.contactCount === 0) return 0;
  if (pc.inIsland.length < sb.count) pc.inIsland = new Uint8Array(nextCapacity(pc.inIsland.length, sb.count));
  const isl = pc.inIsland, mt = sb.motionType;
  isl.fill(0, 0, sb.count);
  const nb = sb.count;
  for (let i = 0; i < d.n; i++) {
    const r = d.row[i], a = p.rowA[r], b = p.rowB[r];
    if (a < nb) isl[a] = 1; // the world body's index is past the solver bodies
    if (b < nb) isl[b] = 1;
  }
  const nc = cp.contactCount;
  for (let c = 0; c < nc; c++) {
    const a = cp.bodyA[c], b = cp.bodyB[c];
    const sides = (isl[a] === 1 && mt[a] === DYNAMIC ? 1 : 0) | (isl[b] === 1 && mt[b] === DYNAMIC ? 2 : 0);
    if (sides === 0) continue;
    if (pc.contact.length <= pc.count) grow(pc, pc.count + 1);
    projectionGap(rows, cp, sb, c, pc.gap);
    const k = pc.count++;
    pc.contact[k] = c;
    pc.sides[k] = sides;
    pc.floor[k] = pc.gap[0] < 0 ? pc.gap[0] : 0;
  }
  return pc.count;
}

function grow(pc: ProjectionContacts, n: number): void {
  const c = nextCapacity(pc.contact.length, n);
  const contact = new Int32Array(c), floor = new Float64Array(c), sides = new Uint8Array(c);
  contact.set(pc.contact); floor.set(pc.floor); sides.set(pc.sides);
  pc.contact = contact; pc.floor = floor; pc.sides = sides;
  pc.selected = new Uint8Array(c);
}

/**
 * Φ of contact c at the current pose deltas, the witness points' turn counted only where it takes them
 * deeper (unit: m, into `out[0]`):
 *
 *   Φ = Φ₀ + n·(Δp_B − Δp_A) + min(0, n·(R_B r_B − r_B)) − max(0, n·(R_A r_A − r_A))
 *
 * The witness point is one point of its body, so after a turn the body reaches at least as deep along n
 * as the turned point: the witness gap (`contactGap` in `contact-rows.ts`) only ever overestimates the
 * separation, and after a large turn by metres of a sphere's diameter. A sphere's witness is its deepest
 * point, which no turn takes deeper: this is its exact gap. Fuzz seed 2468 (shrunk): a 0.01 kg sphere of
 * radius 0.34 m on a ball joint 8.8 m from a 285 kg sphere rolling at 100–200 rad/s turned by 2 rad in a
 * step; the witness gap read +0.25 m where the sphere was 0.43 m deep, and the projection put its centre
 * under the ground.
 */
export function projectionGap(rows: ContactRows, p: ConstraintProblem, sb: SolverBodies, c: number, out: Float64Array): void {
  const dp = sb.dp, n = p.direction, tmp = rows.tmp;
  const a = p.bodyA[c], b = p.bodyB[c], c3 = 3 * c, d = 9 * c;
  quatRotate(tmp, 0, sb.dq, 4 * a, p.rA, c3);
  quatRotate(tmp, 3, sb.dq, 4 * b, p.rB, c3);
  const nx = n[d], ny = n[d + 1], nz = n[d + 2], a3 = 3 * a, b3 = 3 * b;
  const turnA = nx * (tmp[0] - p.rA[c3]) + ny * (tmp[1] - p.rA[c3 + 1]) + nz * (tmp[2] - p.rA[c3 + 2]);
  const turnB = nx * (tmp[3] - p.rB[c3]) + ny * (tmp[4] - p.rB[c3 + 1]) + nz * (tmp[5] - p.rB[c3 + 2]);
  // Φ₀ = baseSeparation + n·(r_B − r_A) (the gap of `contactGap` with no turn)
  const rA = p.rA, rB = p.rB;
  out[0] = p.baseSeparation[c] + nx * (rB[c3] - rA[c3]) + ny * (rB[c3 + 1] - rA[c3 + 1]) + nz * (rB[c3 + 2] - rA[c3 + 2])
    + nx * (dp[b3] - dp[a3]) + ny * (dp[b3 + 1] - dp[a3 + 1]) + nz * (dp[b3 + 2] - dp[a3 + 2])
    + (turnB < 0 ? turnB : 0) - (turnA > 0 ? turnA : 0);
}

/** Candidate k's predicted margin over its floor after a projection step at velocity (v, w) = Δq/h
 * (unit: m; negative = the step pushes the contact deeper than allowed), into `pc.gap[2]`. */
function margin(pc: ProjectionContacts, sb: SolverBodies, k: number, h: number): void {
  const cp = pc.problem!, rows = pc.rows!, c = pc.contact[k], t = pc.gap;
  projectionGap(rows, cp, sb, c, t);
  rowVelocityAt(cp, rows, c, 0, sb.v, sb.w, t, 1);
  t[2] = t[0] + h * t[1] - pc.floor[k];
}

/** Marks the candidates the current step (v, w) = Δq/h violates; returns how many. */
export function violatedProjectionContacts(pc: ProjectionContacts, sb: SolverBodies, h: number): number {
  let n = 0;
  for (let k = 0; k < pc.count; k++) {
    margin(pc, sb, k, h);
    const bad = pc.gap[2] < -GAP_TOLERANCE;
    pc.selected[k] = bad ? 1 : 0;
    if (bad) n++;
  }
  return n;
}

/** A normal impulse l = `ls[lo]` on candidate k, on its moving sides only (M⁻¹ J_cᵀ l into sb.v, sb.w). */
function applyNormal(pc: ProjectionContacts, sb: SolverBodies, k: number, ls: Float64Array, lo: number): void {
  const cp = pc.problem!, rows = pc.rows!, c = pc.contact[k], sides = pc.sides[k], l = ls[lo];
  const o = 9 * c, dir = cp.direction, v = sb.v, w = sb.w;
  const px = l * dir[o], py = l * dir[o + 1], pz = l * dir[o + 2];
  if ((sides & 1) !== 0) {
    const a3 = 3 * cp.bodyA[c], im = sb.invMass[cp.bodyA[c]], ia = rows.invInertiaAngularA;
    v[a3] -= im * px; v[a3 + 1] -= im * py; v[a3 + 2] -= im * pz;
    w[a3] -= l * ia[o]; w[a3 + 1] -= l * ia[o + 1]; w[a3 + 2] -= l * ia[o + 2];
  }
  if ((sides & 2) !== 0) {
    const b3 = 3 * cp.bodyB[c], im = sb.invMass[cp.bodyB[c]], ib = rows.invInertiaAngularB;
    v[b3] += im * px; v[b3 + 1] += im * py; v[b3 + 2] += im * pz;
    w[b3] += l * ib[o]; w[b3 + 1] += l * ib[o + 1]; w[b3 + 2] += l * ib[o + 2];
  }
}

/**
 * The bilateral rows' step on top of the current (v, w): x = t − G v with t = −φ/h on rigid rows and 0
 * on spring rows when `withError`, t = 0 otherwise (the response to an impulse already in v), solved
 * with the current factor and applied. Takes h, not 1/h, and the array forms of the row routines: numbers
 * passed to a call V8 does not inline are boxed on the heap.
 */
export function applyJointStep(p: JointProblem, d: JointDirect, sb: SolverBodies, h: number, withError: boolean): void {
  const x = d.x, v = sb.v, w = sb.w, invH = 1 / h;
  for (let i = 0; i < d.n; i++) {
    const r = d.row[i];
    rowVelocityTo(p, v, w, r, x, i);
    const t = withError && p.rowType[r] === ROW_RIGID ? -p.error[r] * invH : 0;
    x[i] = t - x[i];
  }
  solveFactored(d);
  for (let i = 0; i < d.n; i++) if (x[i] !== 0) applyRowAt(p, sb, d.row[i], x, i);
}

/**
 * Replaces the projection step in (v, w) = Δq/h, which violates some candidates (after
 * `violatedProjectionContacts`), by the step with the contacts held (the file header's LCP), at the
 * current factor. Returns false when the LCP has no solution or is larger than `maxSize` ((v, w) are
 * then zero: the caller stops the projection).
 */
export function solveProjectionContacts(pc: ProjectionContacts, p: JointProblem, d: JointDirect, sb: SolverBodies, h: number): boolean {
  const invH = 1 / h;
  for (let pass = 0; pass < 8; pass++) {
    let m = 0;
    for (let k = 0; k < pc.count; k++) if (pc.selected[k] === 1) m++;
    if (m > pc.maxSize) { zero(sb); pc.failures++; return false; }
    ensureLcp(pc, m);
    const N = pc.N, q = pc.q, z = pc.z, idx = pc.index, cp = pc.problem!, rows = pc.rows!;
    let i = 0;
    for (let k = 0; k < pc.count; k++) if (pc.selected[k] === 1) idx[i++] = k;
    // q: the joint-only step's margins over h (its velocities are in (v, w) now)
    for (let l = 0; l < m; l++) { margin(pc, sb, idx[l], h); q[l] = pc.gap[2] * invH; }
    // S column by column: a unit impulse and the bilateral response, from zero velocities
    for (let j = 0; j < m; j++) {
      zero(sb);
      pc.gap[3] = 1;
      applyNormal(pc, sb, idx[j], pc.gap, 3);
      applyJointStep(p, d, sb, h, false);
      for (let l = 0; l < m; l++) rowVelocityAt(cp, rows, pc.contact[idx[l]], 0, sb.v, sb.w, N, l * m + j);
    }
    for (let a = 0; a < m; a++) {
      for (let b = a + 1; b < m; b++) {
        const s = 0.5 * (N[a * m + b] + N[b * m + a]);
        N[a * m + b] = s; N[b * m + a] = s;
      }
    }
    pc.options.activeSet = undefined;
    pc.options.activeSetCount = 0;
    pc.options.maxPivots = 4 * m + 100;
    pc.solves++;
    const res = solveLemke(pc.lemke, m, N, q, z, pc.w, pc.options);
    zero(sb);
    if (res.status !== 'solved' && res.status !== 'trivial') { pc.failures++; return false; }
    // the step with the contacts held: their impulses, then the bilateral rows' step on top
    for (let l = 0; l < m; l++) if (z[l] > 0) applyNormal(pc, sb, idx[l], z, l);
    applyJointStep(p, d, sb, h, true);
    // the candidates left out must hold too
    let grew = false;
    for (let k = 0; k < pc.count; k++) {
      if (pc.selected[k] === 1) continue;
      margin(pc, sb, k, h);
      if (pc.gap[2] >= -GAP_TOLERANCE) continue;
      pc.selected[k] = 1;
      grew = true;
    }
    if (!grew) return true;
    // the next pass starts again from the joint-only step
    zero(sb);
    applyJointStep(p, d, sb, h, true);
  }
  zero(sb);
  pc.failures++;
  return false;
}

/** (v, w) = 0 for every solver body. */
function zero(sb: SolverBodies): void {
  const v = sb.v, w = sb.w, n3 = 3 * sb.count;
  for (let i = 0; i < n3; i++) { v[i] = 0; w[i] = 0; }
}

function ensureLcp(pc: ProjectionContacts, m: number): void {
  if (pc.q.length >= m) return;
  const c = nextCapacity(pc.q.length, m);
  pc.N = new Float64Array(c * c);
  pc.q = new Float64Array(c);
  pc.z = new Float64Array(c);
  pc.w = new Float64Array(c);
  pc.index = new Int32Array(c);
}
