/**
 * The sticking-support solve of a large island: the island's LCP (Stewart & Trinkle 1996, eq. 29) solved
 * on the guess that no contact of its support slides, in body space, by a sparse direct solve. Tried
 * first on an island of at least 200 unknowns (every contact in), and on an island whose LCP Lemke
 * could not take (`maxLcpSize`, the work budget, or two failed runs) before the projected fallback
 * (`island-solve.ts`); not on an island whose contacts are seen through joint islands. A resting pyramid of 210 boxes
 * has about 2 000 contact points (20 000 LCP unknowns) but only 1 260 velocity unknowns.
 *
 * **Equations.** With every contact of the support S sticking, the LCP's complementarity reduces to
 * equalities: w_n = J_n v⁺ + Φ/h = 0 and J_t v⁺ + b_t = 0 (so λ = 0 and w_β = D̄ᵀ(J_t v⁺ + b_t) = 0).
 * Written with the compliance ε_r = ε / m_r of every row r (m_r = 1 / J_r M⁻¹ J_rᵀ, ε = `regularization`,
 * the same relative regularisation the LCP of a large island gets, `regularizeDependentNormals`) the
 * impulses are z_r = −(J_r v⁺ + g_r) / ε_r, g_r the row's constant term, and v⁺ = v_free + Δv solves
 *
 *     (M + Σ_r J_rᵀ J_r / ε_r) Δv = −Σ_r J_rᵀ (J_r v_free + g_r) / ε_r,
 *
 * a symmetric positive definite system of 6 unknowns per body whose blocks couple the bodies that touch
 * (Lacoursière 2007, the compliant form of the constraint equations, eliminated onto the bodies). The
 * bodies are numbered by reverse Cuthill–McKee (`body-ordering.ts`) so the system has a narrow envelope,
 * factored by `math/envelope-cholesky.ts`. Four contact normals of a face lying flat are dependent; the
 * compliance makes their impulses unique, as in the LCP.
 *
 * **Active set.** Each contact of the island is out of the support, in it with its normal row only, or
 * in it sticking (normal and friction rows). The first guess: the island's selected contacts (the §4
 * heuristic of `island-solve.ts`) and the ones touching without approaching, all with their normal row
 * only. Each round solves the system and checks the guess against the LCP, in this order (the first
 * check that changes something starts the next round, at most {@link SUPPORT_ROUNDS}):
 *
 * 1. a sticking contact whose friction impulse leaves the polyhedral cone (eᵀβ > μ c_n) keeps its normal
 *    row only (zero friction is in the cone, and valid while it does not slip);
 * 2. a contact with c_n < 0 leaves the support (it separates), for the rest of this solve;
 * 3. a contact outside whose w_n = J_n v⁺ + Φ/h < −{@link JOIN_TOLERANCE} joins it (normal row); one that
 *    left in this solve does not rejoin (no cycling): if it is violated beyond {@link REJOIN_TOLERANCE}
 *    the guess fails;
 * 4. a contact with a normal impulse but without friction rows whose tangential velocity J_t v⁺ + b_t
 *    exceeds {@link SLIP_TOLERANCE} gets its friction rows; if its friction had already left the cone,
 *    it slides, and the guess fails (sliding friction μ c_n along the slip is not modelled here).
 *
 * When no check changes anything, the impulses solve the LCP up to the compliance: w_n = −ε_r c_n on the
 * support's normal rows, the friction rows' w at the same order, and the tolerances above. The
 * velocities are the direct solve's Δv (exact to round-off); the impulses are read back from residuals
 * of order ε, so their round-off is about (m_r / ε) · ulp(g_r), ≈ 1e-8 N·s on unit boxes at 60 Hz. A
 * failed guess answers false (the projected fallback then solves the island), as does a body whose
 * inverse inertia is singular or a factorization that is not positive definite.
 *
 * Work (in the budget's units, ≈ multiply–adds): the envelope factorization (Σ row length² / 2), 108 per
 * row and point for the assembly, twice the envelope per solve; charged to the step's budget, and the
 * solve is not started when it cannot be paid. Allocation: none once the scratch has grown to the island.
 */

import { MotionType } from '../../../components/rigid-body';
import { growFloat64, growInt32, nextCapacity } from '../../../components/capacity';
import { envelopeFactorWorkTo, factorEnvelope, solveEnvelope } from '../../../math/envelope-cholesky';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { createBodyOrdering, orderBodies, type BodyOrdering } from './body-ordering';
import { rowVelocityAt, type ContactRows } from './contact-rows';
import { splitOnEdges, type FrictionCone } from './friction-cone';
import type { Islands } from './islands';

/** Scratch of the contact rows' velocities (`rowVelocityAt`): a number returned from a call V8 does not
 * inline is boxed on the heap. No simulation state. */
const u3 = new Float64Array(3);

/** Largest number of active-set rounds (solves) of one island (each is also paid from the work budget).
 * A resting pyramid of 210 boxes takes 2 per step, 3 on its first. */
export const SUPPORT_ROUNDS = 40;

/** Work of assembling one row of one contact point (two 6 × 6 outer products and the right-hand side). */
export const SUPPORT_ROW_WORK = 108;

/** A normal impulse below −this × the island's largest one takes its contact out of the support; one
 * above it counts as zero when it is negative (round-off of the compliant solve). */
const NEGATIVE_IMPULSE = 1e-7;

/** Relative excess of eᵀβ over μ c_n beyond which a contact counts as sliding (the guess fails); below
 * it the friction impulse is scaled onto the cone. */
const CONE_EXCESS = 1e-6;

/** Tangential speed (m/s, J_t v⁺ + b_t, so with the friction anchors' drift term) above which a contact
 * of the support without friction rows slips: 1e-6 m/s is 1.7e-8 m per step at 60 Hz. The anchors'
 * drift terms on a resting pile are 1e-8–1e-7 m/s. */
const SLIP_TOLERANCE = 1e-6;

/** Approach speed (m/s) up to which a contact that left the support in this solve may stay out: 1e-6 m/s
 * is 1.7e-8 m of overlap per step at 60 Hz, undone by the next step's gap term. */
const REJOIN_TOLERANCE = 1e-6;

/** Approach speed (m/s) beyond which a contact outside the support is violated and joins it (with its
 * normal row; its friction rows join if it slips): the compliance's own error on a resting pile's
 * contacts, ε N_ii c_n, is about 3e-9 m/s, so smaller violations are not resolved (1e-8 m/s is
 * 1.7e-10 m per step at 60 Hz). */
const JOIN_TOLERANCE = 1e-8;

/** Flags of `released`: the contact left the support; its sticking friction left the cone. */
const LEFT = 1, SLIPPED = 2;

/** Support modes of a contact in `selected`: out of the support, sticking (normal and friction rows),
 * normal row only (its sticking friction left the cone; zero friction holds while it does not slip). */
export const OUT = 0, STICK = 1, NORMAL_ONLY = 2;

/** Scratch of the support solve (one per solver). */
export interface SupportSolve {
  readonly ordering: BodyOrdering;
  /** `[solver bodies]` local index (position in the island's body run) of each dynamic body of the island. */
  localOf: Int32Array;
  /** `[island points]` local body indices of the dynamic–dynamic contacts (the ordering's edges). */
  edgeA: Int32Array;
  edgeB: Int32Array;
  /** `[6 × bodies]` first stored column of each row of the envelope. */
  first: Int32Array;
  /** `[6 × bodies + 1]` start of each row in `values`. */
  offset: Int32Array;
  /** The system's envelope by rows, then its Cholesky factor. */
  values: Float64Array;
  /** `[6 × bodies]` right-hand side, then Δv (v, ω per body, in the ordering). */
  x: Float64Array;
  /** `[contacts]` 1 once a contact's sticking friction left the cone in this solve (it may not stick again). */
  released: Uint8Array;
  /** `[15]` one row's coefficients on its two bodies (−d, −r_A × d; d, r_B × d), then its weight W and right-hand
   * side scale −W g̃ for `addOuter` and `addRhs`, then a determinant (`det3`) or the factorization's work:
   * numbers passed to or returned from a call V8 does not inline are boxed on the heap. */
  readonly coef: Float64Array;
  /** `[4]` a friction impulse split onto the cone's edges. */
  readonly split: Float64Array;
  /** Work of the last call (budget units). */
  work: number;
  /** `[1]` the work the next call may spend (budget units; set by the caller: a number passed to a call V8
   * does not inline is boxed on the heap). */
  readonly workLeft: Float64Array;
}

export function createSupportSolve(): SupportSolve {
  return {
    ordering: createBodyOrdering(),
    localOf: new Int32Array(16), edgeA: new Int32Array(16), edgeB: new Int32Array(16),
    first: new Int32Array(96), offset: new Int32Array(97), values: new Float64Array(256), x: new Float64Array(96),
    released: new Uint8Array(16), coef: new Float64Array(15), split: new Float64Array(4), work: 0,
    workLeft: new Float64Array(1),
  };
}

/** What the support solve reads from the island solve (its inputs and the arrays it writes). */
export interface SupportSolveInput {
  islands: Islands;
  rows: ContactRows;
  cone: FrictionCone;
  /** `[contacts]` 1 when the contact is in the support; updated by the active-set rounds. */
  selected: Uint8Array;
  /** `[3 × contacts]` J v_free per contact, the friction rows with b_t added (m/s). */
  freeVelocity: Float64Array;
  /** `[contacts]` Φ at the start of the step (m). */
  gap: Float64Array;
  /** `[3 × contacts]` written: the support's impulses (c_n, f1, f2) (N·s). */
  impulse: Float64Array;
  /** `[3 × bodies]` written: Δv, Δω of the last solve (m/s, rad/s). */
  dv: Float64Array;
  dw: Float64Array;
  /** ε, the relative compliance (`regularization`). */
  regularization: number;
  /** m/s (`feasibilityTolerance`). */
  feasibilityTolerance: number;
}

/**
 * Solves island `island` on the sticking-support guess (file header). Returns true with the impulses of
 * the island's contacts in `input.impulse` (0 for those outside the support) and the velocity change
 * M⁻¹ Jᵀ z in `input.dv`, `input.dw` (the bodies are not changed); false when the guess fails (a sliding
 * contact, no convergence of the active set in {@link SUPPORT_ROUNDS} rounds, a body whose inverse
 * inertia is singular, a factorization that is not positive definite) or when its work exceeds
 * `s.workLeft[0]`. `s.work` is the work spent either way.
 */
export function solveSupport(
  s: SupportSolve, input: SupportSolveInput, problem: ConstraintProblem, bodies: SolverBodies, island: number, h: number,
): boolean {
  const workLeft = s.workLeft[0];
  const islands = input.islands;
  const cs = islands.contactStart[island], ce = islands.contactStart[island + 1];
  const bs = islands.bodyStart[island], be = islands.bodyStart[island + 1];
  const nb = be - bs, n = 6 * nb, list = islands.contacts, mt = bodies.motionType, dyn = MotionType.dynamic;
  s.work = 0;
  // a body with a singular inverse inertia (locked rotations) has no finite M: not for this solve
  for (let i = bs; i < be; i++) {
    const b = islands.bodies[i];
    if (!(bodies.invMass[b] > 0)) return false;
    det3(bodies.invInertia, 9 * b, s.coef, 14);
    if (!(s.coef[14] > 0)) return false;
  }
  if (s.localOf.length < bodies.count) s.localOf = new Int32Array(nextCapacity(s.localOf.length, bodies.count));
  for (let i = bs; i < be; i++) s.localOf[islands.bodies[i]] = i - bs;
  // the ordering's edges: contacts between two dynamic bodies
  if (s.edgeA.length < ce - cs) { s.edgeA = growInt32(s.edgeA, ce - cs); s.edgeB = growInt32(s.edgeB, ce - cs); }
  let ne = 0;
  for (let i = cs; i < ce; i++) {
    const c = list[i], a = problem.bodyA[c], b = problem.bodyB[c];
    if (mt[a] !== dyn || mt[b] !== dyn || a === b) continue;
    s.edgeA[ne] = s.localOf[a]; s.edgeB[ne] = s.localOf[b]; ne++;
  }
  const ord = s.ordering;
  orderBodies(ord, nb, s.edgeA, s.edgeB, ne);
  // the envelope: a body's rows start at the first (lowest-numbered) body it touches
  if (s.first.length < n) { s.first = growInt32(s.first, n); s.x = growFloat64(s.x, n); }
  if (s.offset.length < n + 1) s.offset = growInt32(s.offset, n + 1);
  const first = s.first, offset = s.offset, pos = ord.positionOf;
  for (let p = 0; p < nb; p++) first[6 * p] = p;
  for (let e = 0; e < ne; e++) {
    const pa = pos[s.edgeA[e]], pb = pos[s.edgeB[e]];
    if (pa > pb) { if (pb < first[6 * pa]) first[6 * pa] = pb; } else if (pa < first[6 * pb]) first[6 * pb] = pa;
  }
  for (let p = 0; p < nb; p++) {
    const f = 6 * first[6 * p];
    for (let i = 0; i < 6; i++) first[6 * p + i] = f;
  }
  offset[0] = 0;
  for (let r = 0; r < n; r++) offset[r + 1] = offset[r] + r - first[r] + 1;
  const size = offset[n];
  envelopeFactorWorkTo(first, n, s.coef, 14);
  const roundWork = s.coef[14] + 3 * (ce - cs) * SUPPORT_ROW_WORK + 2 * size;
  if (roundWork > workLeft) return false;
  if (s.values.length < size) s.values = new Float64Array(nextCapacity(s.values.length, size));
  const { selected, impulse, dv, dw, freeVelocity, gap } = input;
  const rows = input.rows, em = rows.effectiveMass, invH = 1 / h, reg = input.regularization;
  if (s.released.length < problem.contactCount) s.released = new Uint8Array(nextCapacity(s.released.length, problem.contactCount));
  const released = s.released;
  for (let i = cs; i < ce; i++) released[list[i]] = 0;
  // The first guess: every contact of the island's active set, and every one that touches without
  // approaching (Φ/h + J_n v_free within the tolerance of 0: in a pile at rest the contacts above the
  // bottom layer fall with both their bodies), with its normal row only; friction rows join for the
  // contacts that slip. (Starting from the last step's friction instead made sticking rows conflict
  // wherever the friction anchors' drift terms differ between the points of a manifold.)
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    if (selected[c] !== OUT || freeVelocity[3 * c] + gap[c] * invH <= input.feasibilityTolerance) selected[c] = NORMAL_ONLY;
  }
  for (let round = 0; round < SUPPORT_ROUNDS; round++) {
    if (s.work + roundWork > workLeft) return false;
    s.work += roundWork;
    assemble(s, input, problem, bodies, island, h);
    if (!factorEnvelope(n, first, offset, s.values)) return false;
    solveEnvelope(n, first, offset, s.values, s.x);
    // Δv by solver body
    for (let p = 0; p < nb; p++) {
      const b3 = 3 * islands.bodies[bs + ord.bodyAt[p]], x = s.x, o = 6 * p;
      dv[b3] = x[o]; dv[b3 + 1] = x[o + 1]; dv[b3 + 2] = x[o + 2];
      dw[b3] = x[o + 3]; dw[b3 + 1] = x[o + 4]; dw[b3 + 2] = x[o + 5];
    }
    // the support's impulses z_r = −m_r (J_r v⁺ + g_r) / ε
    let cnMax = 0;
    for (let i = cs; i < ce; i++) {
      const c = list[i], c3 = 3 * c, mode = selected[c];
      impulse[c3] = 0; impulse[c3 + 1] = 0; impulse[c3 + 2] = 0;
      if (mode === OUT) continue;
      rowVelocityAt(problem, rows, c, 0, dv, dw, u3, 0);
      impulse[c3] = -(em[c3] / reg) * (freeVelocity[c3] + gap[c] * invH + u3[0]);
      if (mode === STICK && problem.friction[c] > 0) {
        rowVelocityAt(problem, rows, c, 1, dv, dw, u3, 1);
        rowVelocityAt(problem, rows, c, 2, dv, dw, u3, 2);
        impulse[c3 + 1] = -(em[c3 + 1] / reg) * (freeVelocity[c3 + 1] + u3[1]);
        impulse[c3 + 2] = -(em[c3 + 2] / reg) * (freeVelocity[c3 + 2] + u3[2]);
      }
      if (impulse[c3] > cnMax) cnMax = impulse[c3];
    }
    // Sticking contacts whose friction leaves the cone keep only their normal row (zero friction is in
    // the cone while they do not slip, checked below). Conflicting sticking rows (e.g. friction anchors
    // on some points of a manifold only) pull normals negative too, so the normals are judged only once
    // the friction is in the cone.
    let changed = false;
    const tiny = NEGATIVE_IMPULSE * cnMax;
    for (let i = cs; i < ce; i++) {
      const c = list[i], c3 = 3 * c;
      if (selected[c] !== STICK) continue;
      const f1 = impulse[c3 + 1], f2 = impulse[c3 + 2];
      if (f1 === 0 && f2 === 0) continue;
      const edges = splitOnEdges(input.cone, impulse, c3 + 1, s.split);
      const sum = s.split[1] + (edges === 2 ? s.split[3] : 0), limit = problem.friction[c] * Math.max(impulse[c3], 0);
      if (sum > limit * (1 + CONE_EXCESS) + tiny * CONE_EXCESS) {
        selected[c] = NORMAL_ONLY; released[c] |= SLIPPED; changed = true;
      } else if (sum > limit) {
        const scale = limit / sum;
        impulse[c3 + 1] = f1 * scale; impulse[c3 + 2] = f2 * scale;
      }
    }
    if (changed) continue;
    // contacts that pull leave the support
    for (let i = cs; i < ce; i++) {
      const c = list[i], c3 = 3 * c;
      if (selected[c] === OUT) continue;
      if (impulse[c3] < -tiny) { selected[c] = OUT; released[c] |= LEFT; changed = true; continue; }
      if (impulse[c3] < 0) { impulse[c3] = 0; impulse[c3 + 1] = 0; impulse[c3 + 2] = 0; }
    }
    if (changed) continue;
    // contacts left out that the solution violates join the support
    for (let i = cs; i < ce; i++) {
      const c = list[i];
      if (selected[c] !== OUT) continue;
      rowVelocityAt(problem, rows, c, 0, dv, dw, u3, 0);
      const u = freeVelocity[3 * c] + gap[c] * invH + u3[0];
      if (!(u < -JOIN_TOLERANCE)) continue;
      // a contact that left the support in this solve does not rejoin (no cycling); it may only be
      // violated by round-off of the compliant solve
      if (released[c] & LEFT) { if (u < -REJOIN_TOLERANCE) return false; continue; }
      selected[c] = NORMAL_ONLY; changed = true;
    }
    if (changed) continue;
    // A contact without friction rows must not slip, else its friction would be μ c_n (not handled
    // here; a frictionless one, or one without normal impulse, may slip: its friction bound is 0). One
    // that slips and has not left the cone in this solve gets its friction rows.
    for (let i = cs; i < ce; i++) {
      const c = list[i];
      if (selected[c] !== NORMAL_ONLY || !(problem.friction[c] > 0) || !(impulse[3 * c] > tiny)) continue;
      rowVelocityAt(problem, rows, c, 1, dv, dw, u3, 1);
      rowVelocityAt(problem, rows, c, 2, dv, dw, u3, 2);
      const u1 = freeVelocity[3 * c + 1] + u3[1];
      const u2 = freeVelocity[3 * c + 2] + u3[2];
      if (u1 * u1 + u2 * u2 <= SLIP_TOLERANCE * SLIP_TOLERANCE) continue;
      if ((released[c] & SLIPPED) !== 0) return false;
      selected[c] = STICK;
      changed = true;
    }
    if (!changed) return true;
  }
  return false;
}

/** Assembles the envelope of (M + Σ J_rᵀ J_r m_r / ε) and the right-hand side −Σ J_rᵀ g̃_r m_r / ε
 * (g̃_r = J_r v_free + g_r) of island `island`'s support into `s.values` and `s.x`. */
function assemble(s: SupportSolve, input: SupportSolveInput, problem: ConstraintProblem, bodies: SolverBodies, island: number, h: number): void {
  const islands = input.islands, rows = input.rows;
  const cs = islands.contactStart[island], ce = islands.contactStart[island + 1];
  const bs = islands.bodyStart[island], be = islands.bodyStart[island + 1];
  const nb = be - bs, n = 6 * nb, list = islands.contacts;
  const values = s.values, x = s.x, first = s.first, offset = s.offset, pos = s.ordering.positionOf, localOf = s.localOf;
  values.fill(0, 0, offset[n]);
  x.fill(0, 0, n);
  // M: m I and the inverse of the world inverse inertia, on the diagonal blocks
  for (let i = bs; i < be; i++) {
    const b = islands.bodies[i], p = pos[i - bs], r0 = 6 * p, m = 1 / bodies.invMass[b];
    for (let i3 = 0; i3 < 3; i3++) values[at(first, offset, r0 + i3, r0 + i3)] += m;
    // the inertia I = (I⁻¹)⁻¹ by the adjugate, lower triangle (rows 3..5, columns 3..row); the world
    // inverse inertia is symmetric up to round-off, so each off-diagonal is the mean of its two cofactors
    const J = bodies.invInertia, o = 9 * b;
    const a = J[o], bb = J[o + 1], c = J[o + 2], d = J[o + 3], e = J[o + 4], f = J[o + 5], g = J[o + 6], hh = J[o + 7], k = J[o + 8];
    det3(J, o, s.coef, 14);
    const inv = 1 / s.coef[14], ra = r0 + 3;
    values[at(first, offset, ra, ra)] += (e * k - f * hh) * inv;
    values[at(first, offset, ra + 1, ra)] += 0.5 * ((f * g - d * k) + (c * hh - bb * k)) * inv;
    values[at(first, offset, ra + 1, ra + 1)] += (a * k - c * g) * inv;
    values[at(first, offset, ra + 2, ra)] += 0.5 * ((d * hh - e * g) + (bb * f - c * e)) * inv;
    values[at(first, offset, ra + 2, ra + 1)] += 0.5 * ((bb * g - a * hh) + (c * d - a * f)) * inv;
    values[at(first, offset, ra + 2, ra + 2)] += (a * e - bb * d) * inv;
  }
  const coef = s.coef, dir = problem.direction, JA = rows.angularA, JB = rows.angularB, em = rows.effectiveMass;
  const mt = bodies.motionType, dyn = MotionType.dynamic, invEps = 1 / input.regularization, invH = 1 / h;
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    if (!input.selected[c]) continue;
    const a = problem.bodyA[c], b = problem.bodyB[c];
    const pa = mt[a] === dyn ? pos[localOf[a]] : -1, pb = mt[b] === dyn ? pos[localOf[b]] : -1;
    const dirs = problem.friction[c] > 0 && input.selected[c] === STICK ? 3 : 1;
    for (let d = 0; d < dirs; d++) {
      const o = 9 * c + 3 * d, W = em[3 * c + d] * invEps;
      const g = input.freeVelocity[3 * c + d] + (d === 0 ? input.gap[c] * invH : 0);
      coef[0] = -dir[o]; coef[1] = -dir[o + 1]; coef[2] = -dir[o + 2];
      coef[3] = -JA[o]; coef[4] = -JA[o + 1]; coef[5] = -JA[o + 2];
      coef[6] = dir[o]; coef[7] = dir[o + 1]; coef[8] = dir[o + 2];
      coef[9] = JB[o]; coef[10] = JB[o + 1]; coef[11] = JB[o + 2];
      coef[12] = W; coef[13] = -W * g;
      if (pa >= 0) { addOuter(values, first, offset, pa, 0, pa, 0, coef); addRhs(x, pa, coef, 0); }
      if (pb >= 0) { addOuter(values, first, offset, pb, 6, pb, 6, coef); addRhs(x, pb, coef, 6); }
      if (pa >= 0 && pb >= 0) {
        if (pa > pb) addOuter(values, first, offset, pa, 0, pb, 6, coef);
        else addOuter(values, first, offset, pb, 6, pa, 0, coef);
      }
    }
  }
}

/** Adds W u vᵀ to the block (rows of position p, columns of position q ≤ p), u = coef[cu ..+6],
 * v = coef[cv ..+6], W = coef[12]; on a diagonal block (p = q) only the lower triangle. */
function addOuter(
  values: Float64Array, first: Int32Array, offset: Int32Array, p: number, cu: number, q: number, cv: number, coef: Float64Array,
): void {
  const diag = p === q, W = coef[12];
  for (let i = 0; i < 6; i++) {
    const r = 6 * p + i, base = offset[r] - first[r] + 6 * q, wu = W * coef[cu + i];
    const jEnd = diag ? i + 1 : 6;
    for (let j = 0; j < jEnd; j++) values[base + j] += wu * coef[cv + j];
  }
}

/** Index in `values` of the envelope's entry (row r, column col ≤ r). */
function at(first: Int32Array, offset: Int32Array, r: number, col: number): number {
  return offset[r] + col - first[r];
}

/** Adds scale · u to the right-hand side at position p, u = coef[cu ..+6], scale = coef[13]. */
function addRhs(x: Float64Array, p: number, coef: Float64Array, cu: number): void {
  const scale = coef[13];
  for (let i = 0; i < 6; i++) x[6 * p + i] += scale * coef[cu + i];
}

/** Determinant of the 3 × 3 matrix at `m[o ..+9]` (row-major), written to `out[k]`. */
function det3(m: Float64Array, o: number, out: Float64Array, k: number): void {
  out[k] = m[o] * (m[o + 4] * m[o + 8] - m[o + 5] * m[o + 7])
    - m[o + 1] * (m[o + 3] * m[o + 8] - m[o + 5] * m[o + 6])
    + m[o + 2] * (m[o + 3] * m[o + 7] - m[o + 4] * m[o + 6]);
}
