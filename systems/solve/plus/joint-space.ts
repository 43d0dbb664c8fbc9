/**
 * The joints of an impact island: PLUS with bilateral constraints (paper §2b, eqs. 2.1a–b; §3b
 * "bilateral constraints are easily incorporated ... because they are always active"), eliminated
 * by building A on the constrained subspace, so that a PLUS impact leaves joint velocity errors ≈ 0.
 *
 * Impact rows: the rigid bilateral joint rows (`RowType.rigid`) and the rigid limit rows at their stop
 * (C ≤ `proximityTolerance` and not separating, G_l u ≤ `observerTolerance`) of the joints whose bodies
 * are in an impacting island. They are permanent, perfectly plastic equality constraints for the whole
 * impact. Spring rows, soft limits and motors act through finite forces, and finite forces give no
 * impulse in an instantaneous impact (paper §2a: "external (non-impulsive) forces have no effect during
 * the impact"); the joint step after the impact phase handles them.
 *
 * Formulation (elimination of the impact rows, the joint-constrained inverse mass). With G the island's
 * contact Jacobian (`[3k × n]`, `constraint-space.ts`), G_b the Jacobian of its impact rows
 * (`[n_b × n]`, `assembly/joint-rows.ts`), W_b = G_b M⁻¹ G_bᵀ and C = G_b M⁻¹ Gᵀ (`[n_b × 3k]`), the
 * paper's impact equations
 *
 *   M Δu = Gᵀ π + G_bᵀ π_b,   G_b (u + Δu) = 0                                      (2.1a, 2.1b)
 *
 * are solved in two parts:
 *   (1) before the rounds, the start velocity is projected onto the joints' tangent space in the M
 *       metric, π_b0 = −W_b⁺ G_b u, u ← u + M⁻¹ G_bᵀ π_b0 (the paper: with 2.1b "velocity constraints
 *       hold at the end even when u violated them slightly at the start"). This is the plastic impulse
 *       the joint step would otherwise apply after the impact, at most ½ (G_b u)ᵀ W_b⁺ (G_b u) of kinetic
 *       energy (the centripetal deficit of the last step, O(h|v|²/L) per row);
 *   (2) every contact impulse π comes with π_b = −W_b⁺ C π, so that G_b Δu = 0: Δu = M̃⁻¹ Gᵀ π with
 *         M̃⁻¹ = M⁻¹ − M⁻¹ G_bᵀ W_b⁺ G_b M⁻¹,
 *       and the island's contact-space compliance is
 *         Ã = G M̃⁻¹ Gᵀ = A − Cᵀ W_b⁺ C                                                (`[3k × 3k]`, 1/kg)
 *       PLUS runs unchanged on (Ã, v = G u): every interval's min-norm solve, the active set, the step
 *       lengths, the rounds and the fallback see the articulated effective mass. The joint impulses are
 *       consequences, applied once with the island's total: π_b = −W_b⁺ C π_total (N·s).
 * M̃⁻¹ is the M-orthogonal projector onto null(G_b) times M⁻¹, so Ã and Δu do not depend on which
 * solution of W_b x = C π is taken: redundant rows (a closed loop, duplicated joints) are fine, and the
 * envelope LDLᵀ of `../joint-direct.ts` (Γ = 0, dependent rows dropped) gives one. After (1) the joint
 * impulses do no work (G_b u = 0, G_b Δu = 0), so the energy change ΔT = πᵀv0 + ½ πᵀ Ã π of
 * `constraint-space.ts` stays exact and every energy guarantee of PLUS carries over. The limit rows are
 * unilateral: if one ends the impact with a pulling impulse (π_l < 0), it is released and the island
 * is resolved again without it (`plus-impact.ts`).
 *
 * Islands: bodies joined by an impact row's joint are in one impact island (union–find in
 * `plus-impact.ts`, with the joint-direct notion of a dynamic body), so every joint island of
 * `joint-direct.ts` lies inside one impact island.
 *
 * Cost: one envelope factorization of all joint islands per step with an impacting jointed island
 * (again after each limit release); per impacting island with k points, at most two envelope solves per
 * column of C (a column is non-zero only on the joint islands of its contact's two bodies), and
 * (3k)² × (rows of those joint islands) for Cᵀ W_b⁺ C. The larger coupled island costs PLUS itself more
 * (its dense solves are O((3k)³) per active-set pass, and Ã is rank-deficient whenever the contacts
 * outnumber the articulated degrees of freedom, so they take the complete orthogonal factorization).
 * Joint islands larger than `MAX_ENVELOPE` (`joint-direct.ts`) are not solved directly and their rows
 * are not seen by the impact. Allocation: none once the arrays have grown to the scene.
 */

import { growFloat64, nextCapacity } from '../../../components/capacity';
import { RowType, type JointProblem } from '../../assembly/joint-rows';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { findRoot, unite } from '../../islands/union-find';
import { groupByIsland } from '../../islands/group-by-island';
import {
  buildJointIslands, createJointDirect, factorJointIslands, solveJointIsland, type JointDirect,
} from '../common/joint-direct';
import type { PlusWorkspace } from './plus-workspace';

const ROW_RIGID = RowType.rigid;
const ROW_LIMIT = RowType.limit;

export interface JointImpactSpace {
  /** Envelope LDLᵀ of W_b over the impact rows, per joint island (its own instance, Γ = 0). */
  readonly direct: JointDirect;
  /** `[≥ joint rows]` 1 when the row is an impact row this call. */
  include: Uint8Array;
  /** `[≥ joint rows]` zeros: Γ of the factorization (impact rows are rigid). */
  gamma: Float64Array;
  /** Impact rows selected this call (before the islands are known). */
  rows: number;
  /** `[direct islands + 1]`, `[direct islands]`: per impact island (CSR), its joint islands. */
  jointIslandStart: Int32Array;
  jointIslands: Int32Array;
  /** `[direct islands]` impact island of each joint island (−1 = none; scratch). */
  impactIslandOf: Int32Array;
  /** Positions (impact rows) of the current impact island, n_b. */
  n: number;
  /** `[n_b]` island-local position → joint-direct position. */
  position: Int32Array;
  /** `[3K × n_b]` column col of C = G_b M⁻¹ Gᵀ at col · n_b (unit: 1/kg). */
  C: Float64Array;
  /** `[3K × n_b]` W_b⁺ C, same layout (dimensionless: N·s of joint impulse per N·s of contact impulse). */
  U: Float64Array;
  /** `[3K]` 1 when column col of C is not all zero. */
  coupled: Int32Array;
  /** `[2 × 3K]` the (at most two) joint islands column col touches: those of its contact's two bodies
   * (−1 = none). C and U of the column are zero outside them. */
  columnIslands: Int32Array;
  /** `[≥ bodies + 1]` joint island of a dynamic solver body (−1 when it has no impact row). */
  islandOfBody: Int32Array;
  /** `[joint islands]` offset of a joint island's positions in the current impact island's (`position`). */
  localStart: Int32Array;
  /** `[≥ joint rows]` impulse the impact phase applied on each joint row this call (N·s or N·m·s). */
  impulse: Float64Array;
  /** `[≥ 3 × bodies]` saved v, w of the solver bodies, to resolve an island again after a limit release. */
  vSave: Float64Array;
  wSave: Float64Array;
}

export function createJointImpactSpace(): JointImpactSpace {
  return {
    direct: createJointDirect(), include: new Uint8Array(64), gamma: new Float64Array(64), rows: 0,
    jointIslandStart: new Int32Array(17), jointIslands: new Int32Array(16), impactIslandOf: new Int32Array(16), n: 0, position: new Int32Array(64),
    C: new Float64Array(64), U: new Float64Array(64), coupled: new Int32Array(48), columnIslands: new Int32Array(96),
    islandOfBody: new Int32Array(16), localStart: new Int32Array(16), impulse: new Float64Array(64),
    vSave: new Float64Array(48), wSave: new Float64Array(48),
  };
}

/** A body that joins joints into islands, as in `joint-direct.ts` (finite mass, or a dynamic body). */
function dyn(sb: SolverBodies, i: number): boolean {
  return sb.invMass[i] > 0 || sb.motionType[i] === 0;
}

/** J v of joint row r from the current body velocities (unit: m/s or rad/s). */
export function jointRowVelocity(p: JointProblem, sb: SolverBodies, r: number): number {
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const lin = p.linear, jA = p.angularA, jB = p.angularB, v = sb.v, w = sb.w;
  return lin[o] * (v[b3] - v[a3]) + lin[o + 1] * (v[b3 + 1] - v[a3 + 1]) + lin[o + 2] * (v[b3 + 2] - v[a3 + 2])
    + jA[o] * w[a3] + jA[o + 1] * w[a3 + 1] + jA[o + 2] * w[a3 + 2]
    + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2];
}

/** Δu = M⁻¹ g_rᵀ l: impulse l (N·s or N·m·s) on joint row r. */
function applyJointRow(p: JointProblem, sb: SolverBodies, r: number, l: number): void {
  const v = sb.v, w = sb.w;
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const lin = p.linear, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const mA = sb.invMass[p.rowA[r]] * l, mB = sb.invMass[p.rowB[r]] * l;
  v[a3] -= mA * lin[o]; v[a3 + 1] -= mA * lin[o + 1]; v[a3 + 2] -= mA * lin[o + 2];
  v[b3] += mB * lin[o]; v[b3 + 1] += mB * lin[o + 1]; v[b3 + 2] += mB * lin[o + 2];
  w[a3] += l * iA[o]; w[a3 + 1] += l * iA[o + 1]; w[a3 + 2] += l * iA[o + 2];
  w[b3] += l * iB[o]; w[b3 + 1] += l * iB[o + 1]; w[b3 + 2] += l * iB[o + 2];
}

/**
 * Marks the impact rows of the step (see the header) and zeroes `s.impulse`. The rows must be evaluated
 * at the step-start pose (`assembleJoints` does it). Limits: C ≤ `proximity` (m or rad) and J v ≤
 * `observer` (m/s or rad/s) at the current velocities. Returns the number of impact rows.
 */
export function selectImpactRows(
  s: JointImpactSpace, p: JointProblem, sb: SolverBodies, proximity: number, observer: number,
): number {
  const n = p.rowCount;
  if (s.include.length < n) {
    const c = nextCapacity(s.include.length, n);
    s.include = new Uint8Array(c);
    s.gamma = new Float64Array(c);
    s.impulse = new Float64Array(c);
  }
  const impulse = s.impulse;
  let count = 0;
  for (let r = 0; r < n; r++) {
    const t = p.rowType[r];
    const take = t === ROW_RIGID
      || (t === ROW_LIMIT && p.stiffness[r] === Infinity && p.error[r] <= proximity
        && jointRowVelocity(p, sb, r) <= observer);
    s.include[r] = take ? 1 : 0;
    impulse[r] = 0;
    if (take) count++;
  }
  s.rows = count;
  return count;
}

/** Joins, in the impact islands' union–find over solver bodies, the two bodies of every joint with an
 * impact row (dynamic bodies only; the world slot and static bodies do not join). */
export function unionImpactJoints(s: JointImpactSpace, p: JointProblem, sb: SolverBodies, parent: Int32Array): void {
  for (let j = 0; j < p.jointCount; j++) {
    let has = false;
    for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) if (s.include[r] === 1) { has = true; break; }
    if (!has) continue;
    const a = p.bodyA[j], b = p.bodyB[j];
    if (!dyn(sb, a) || !dyn(sb, b)) continue;
    unite(parent, a, b);
  }
}

/** The impact island of joint j (or −1): the island of its dynamic body's union–find root. */
function islandOfJoint(p: JointProblem, sb: SolverBodies, parent: Int32Array, islandOfRoot: Int32Array, j: number): number {
  const a = p.bodyA[j];
  const x = dyn(sb, a) ? a : p.bodyB[j];
  if (!dyn(sb, x)) return -1;
  return islandOfRoot[findRoot(parent, x)];
}

/**
 * If an impacting island (`triggered[i] = 1`) holds an impact row: factors W_b over the impact rows
 * (Γ = 0) and lists the joint islands of every impact island (`jointIslandStart`, `jointIslands`).
 * Returns false (and does nothing) otherwise. `parent` / `islandOfRoot` are the impact islands'
 * union–find over solver bodies and the island id of a root (−1 when it has no proximal point).
 */
export function prepareImpactJoints(
  s: JointImpactSpace, p: JointProblem, sb: SolverBodies, parent: Int32Array, islandOfRoot: Int32Array,
  triggered: Uint8Array, islands: number,
): boolean {
  let needed = false;
  for (let j = 0; j < p.jointCount && !needed; j++) {
    let has = false;
    for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) if (s.include[r] === 1) { has = true; break; }
    if (!has) continue;
    const i = islandOfJoint(p, sb, parent, islandOfRoot, j);
    needed = i >= 0 && triggered[i] === 1;
  }
  if (!needed) return false;
  const d = s.direct;
  buildJointIslands(d, p, sb, s.include);
  factorJointIslands(d, p, sb, s.gamma);
  // CSR: joint islands per impact island
  if (s.jointIslandStart.length < islands + 1) s.jointIslandStart = new Int32Array(nextCapacity(s.jointIslandStart.length, islands + 1));
  if (s.jointIslands.length < d.islandCount) {
    s.jointIslands = new Int32Array(nextCapacity(s.jointIslands.length, d.islandCount));
    s.impactIslandOf = new Int32Array(s.jointIslands.length);
  }
  for (let q = 0; q < d.islandCount; q++) {
    s.impactIslandOf[q] = islandOfJoint(p, sb, parent, islandOfRoot, p.rowJoint[d.row[d.islandStart[q]]]);
  }
  groupByIsland(s.impactIslandOf, d.islandCount, islands, s.jointIslandStart, s.jointIslands);
  // joint island of every dynamic body (joint islands partition the bodies they join)
  const nb = p.worldIndex + 1;
  if (s.islandOfBody.length < nb) s.islandOfBody = new Int32Array(nextCapacity(s.islandOfBody.length, nb));
  if (s.localStart.length < d.islandCount) s.localStart = new Int32Array(nextCapacity(s.localStart.length, d.islandCount));
  const iob = s.islandOfBody;
  for (let i = 0; i < nb; i++) iob[i] = -1;
  for (let q = 0; q < d.islandCount; q++) {
    for (let i = d.islandStart[q]; i < d.islandStart[q + 1]; i++) {
      const r = d.row[i], a = p.rowA[r], b = p.rowB[r];
      if (dyn(sb, a)) iob[a] = q;
      if (dyn(sb, b)) iob[b] = q;
    }
  }
  return true;
}

/** Collects the impact rows of impact island `island` into `s.position`; returns n_b. */
export function gatherIslandJoints(s: JointImpactSpace, island: number): number {
  const d = s.direct;
  let n = 0;
  for (let t = s.jointIslandStart[island]; t < s.jointIslandStart[island + 1]; t++) {
    const q = s.jointIslands[t];
    n += d.islandStart[q + 1] - d.islandStart[q];
  }
  if (s.position.length < n) s.position = new Int32Array(nextCapacity(s.position.length, n));
  n = 0;
  for (let t = s.jointIslandStart[island]; t < s.jointIslandStart[island + 1]; t++) {
    const q = s.jointIslands[t];
    s.localStart[q] = n;
    for (let i = d.islandStart[q]; i < d.islandStart[q + 1]; i++) s.position[n++] = i;
  }
  s.n = n;
  return n;
}

/**
 * Step (1) of the header for the current island: π_b0 = −W_b⁺ G_b u, u ← u + M⁻¹ G_bᵀ π_b0 (changes
 * `sb.v`, `sb.w`; adds π_b0 to `s.impulse`).
 */
export function projectJointVelocities(s: JointImpactSpace, p: JointProblem, sb: SolverBodies, island: number): void {
  const d = s.direct, x = d.x;
  for (let t = s.jointIslandStart[island]; t < s.jointIslandStart[island + 1]; t++) {
    const q = s.jointIslands[t], s0 = d.islandStart[q], s1 = d.islandStart[q + 1];
    for (let i = s0; i < s1; i++) x[i] = -jointRowVelocity(p, sb, d.row[i]);
    solveJointIsland(d, q, s0);
    for (let i = s0; i < s1; i++) {
      const l = x[i];
      if (l === 0) continue;
      const r = d.row[i];
      applyJointRow(p, sb, r, l);
      s.impulse[r] += l;
    }
  }
}

/** (G_b M⁻¹ Gᵀ) entry of joint row r and contact row (c, e) (unit: 1/kg): Σ over shared bodies. */
function jointContactCoupling(
  cp: ConstraintProblem, p: JointProblem, sb: SolverBodies, c: number, e: number, r: number,
): number {
  const o = 9 * c + 3 * e, o3 = 3 * r;
  const dir = cp.direction, lin = p.linear;
  const a = cp.bodyA[c], b = cp.bodyB[c], ra = p.rowA[r], rb = p.rowB[r];
  if (ra !== a && ra !== b && rb !== a && rb !== b) return 0;
  const ld = lin[o3] * dir[o] + lin[o3 + 1] * dir[o + 1] + lin[o3 + 2] * dir[o + 2];
  const jA = p.angularA, jB = p.angularB, iA = cp.invInertiaAngularA, iB = cp.invInertiaAngularB;
  let s = 0;
  // contact side A: M⁻¹ g = (−m⁻¹ d, −I⁻¹(r_A × d)); side B: (+m⁻¹ d, +I⁻¹(r_B × d)).
  // joint row on its body A: (−lin, angularA); on its body B: (+lin, angularB).
  if (ra === a) s += sb.invMass[a] * ld - (jA[o3] * iA[o] + jA[o3 + 1] * iA[o + 1] + jA[o3 + 2] * iA[o + 2]);
  if (rb === a) s += -sb.invMass[a] * ld - (jB[o3] * iA[o] + jB[o3 + 1] * iA[o + 1] + jB[o3 + 2] * iA[o + 2]);
  if (ra === b) s += -sb.invMass[b] * ld + (jA[o3] * iB[o] + jA[o3 + 1] * iB[o + 1] + jA[o3 + 2] * iB[o + 2]);
  if (rb === b) s += sb.invMass[b] * ld + (jB[o3] * iB[o] + jB[o3 + 1] * iB[o + 1] + jB[o3 + 2] * iB[o + 2]);
  return s;
}

/**
 * Step (2) of the header: C and U = W_b⁺ C of the current island (`ws.contact[0..k)`), then
 * `ws.A` ← A − Cᵀ U (kept exactly symmetric). Call after `buildIslandSystem`. Column col of C is
 * non-zero only on the joint islands of its contact's two bodies, and W_b is block-diagonal over the
 * joint islands, so each column costs at most two envelope solves, and (Cᵀ U)_rs sums over r's joint
 * islands only.
 */
export function condenseJoints(
  s: JointImpactSpace, ws: PlusWorkspace, cp: ConstraintProblem, p: JointProblem, sb: SolverBodies, k: number,
): void {
  const d = s.direct, x = d.x, n = s.n, m = 3 * k;
  if (s.C.length < m * n) {
    const c = nextCapacity(s.C.length, m * n);
    s.C = new Float64Array(c);
    s.U = new Float64Array(c);
  }
  if (s.coupled.length < m) {
    s.coupled = new Int32Array(nextCapacity(s.coupled.length, m));
    s.columnIslands = new Int32Array(2 * s.coupled.length);
  }
  const C = s.C, U = s.U, iob = s.islandOfBody, cols = s.columnIslands;
  for (let col = 0; col < m; col++) {
    const c = ws.contact[(col / 3) | 0], e = col % 3, base = col * n;
    const a = cp.bodyA[c], b = cp.bodyB[c];
    const qa = dyn(sb, a) ? iob[a] : -1;
    let qb = dyn(sb, b) ? iob[b] : -1;
    if (qb === qa) qb = -1;
    cols[2 * col] = qa;
    cols[2 * col + 1] = qb;
    for (let l = base; l < base + n; l++) U[l] = 0;
    let any = 0;
    for (let side = 0; side < 2; side++) {
      const q = side === 0 ? qa : qb;
      if (q < 0) continue;
      const s0 = d.islandStart[q], s1 = d.islandStart[q + 1], o = base + s.localStart[q] - s0;
      let lo = -1;
      for (let i = s0; i < s1; i++) {
        const val = jointContactCoupling(cp, p, sb, c, e, d.row[i]);
        C[o + i] = val;
        x[i] = val;
        if (val !== 0 && lo < 0) lo = i;
      }
      if (lo < 0) continue;
      any = 1;
      solveJointIsland(d, q, lo);
      for (let i = s0; i < s1; i++) U[o + i] = x[i];
    }
    s.coupled[col] = any;
  }
  const A = ws.A;
  for (let r = 0; r < m; r++) {
    if (s.coupled[r] === 0) continue;
    const cr = r * n;
    for (let q = r; q < m; q++) {
      if (s.coupled[q] === 0) continue;
      const uq = q * n;
      let dot = 0;
      for (let side = 0; side < 2; side++) {
        const ji = cols[2 * r + side];
        if (ji < 0) continue;
        const l0 = s.localStart[ji], l1 = l0 + d.islandStart[ji + 1] - d.islandStart[ji];
        for (let l = l0; l < l1; l++) dot += C[cr + l] * U[uq + l];
      }
      const val = A[r * m + q] - dot;
      A[r * m + q] = val;
      A[q * m + r] = val;
    }
  }
}

/**
 * The joint impulses that come with the island's contact impulse `pi` (`[3k]`, N·s):
 * π_b = −U π, applied to `sb.v`, `sb.w` and added to `s.impulse`.
 */
export function applyJointImpulse(
  s: JointImpactSpace, p: JointProblem, sb: SolverBodies, k: number, pi: Float64Array,
): void {
  const d = s.direct, n = s.n, m = 3 * k, U = s.U, x = d.x, cols = s.columnIslands;
  for (let l = 0; l < n; l++) x[s.position[l]] = 0;
  for (let col = 0; col < m; col++) {
    const pc = pi[col];
    if (pc === 0 || s.coupled[col] === 0) continue;
    for (let side = 0; side < 2; side++) {
      const q = cols[2 * col + side];
      if (q < 0) continue;
      const s0 = d.islandStart[q], s1 = d.islandStart[q + 1], o = col * n + s.localStart[q] - s0;
      for (let i = s0; i < s1; i++) x[i] -= U[o + i] * pc;
    }
  }
  for (let l = 0; l < n; l++) {
    const i = s.position[l], lam = x[i];
    if (lam === 0) continue;
    const r = d.row[i];
    applyJointRow(p, sb, r, lam);
    s.impulse[r] += lam;
  }
}

/** Largest |J v| over the current island's impact rows (unit: m/s or rad/s). */
export function islandJointVelocityError(s: JointImpactSpace, p: JointProblem, sb: SolverBodies): number {
  const d = s.direct;
  let err = 0;
  for (let l = 0; l < s.n; l++) {
    const e = Math.abs(jointRowVelocity(p, sb, d.row[s.position[l]]));
    if (e > err) err = e;
  }
  return err;
}

/** True when impact island `island` has a limit among its impact rows (after `prepareImpactJoints`). */
export function islandHasLimit(s: JointImpactSpace, p: JointProblem, island: number): boolean {
  const d = s.direct;
  for (let t = s.jointIslandStart[island]; t < s.jointIslandStart[island + 1]; t++) {
    const q = s.jointIslands[t];
    for (let i = d.islandStart[q]; i < d.islandStart[q + 1]; i++) if (p.rowType[d.row[i]] === ROW_LIMIT) return true;
  }
  return false;
}

/** The limit row of the current island whose impact impulse pulls the most (π_l < −1e-10 · max|π_b|,
 * the active-set rule of `active-set.ts`: release the largest violation), or −1. */
export function pullingLimit(s: JointImpactSpace, p: JointProblem): number {
  const d = s.direct;
  let scale = 0;
  for (let l = 0; l < s.n; l++) scale = Math.max(scale, Math.abs(s.impulse[d.row[s.position[l]]]));
  let worst = -1e-10 * scale, row = -1;
  for (let l = 0; l < s.n; l++) {
    const r = d.row[s.position[l]];
    if (p.rowType[r] === ROW_LIMIT && s.impulse[r] < worst) { worst = s.impulse[r]; row = r; }
  }
  return row;
}

/** Saves (`save` = true) or restores the solver bodies' v and w (`[3 × count]`). */
export function saveBodyVelocities(s: JointImpactSpace, sb: SolverBodies, save: boolean): void {
  const n3 = 3 * sb.count, v = sb.v, w = sb.w;
  if (save) {
    if (s.vSave.length < n3) { s.vSave = growFloat64(s.vSave, nextCapacity(s.vSave.length, n3)); s.wSave = growFloat64(s.wSave, s.vSave.length); }
    const vs = s.vSave, ws = s.wSave;
    for (let i = 0; i < n3; i++) { vs[i] = v[i]; ws[i] = w[i]; }
  } else {
    const vs = s.vSave, ws = s.wSave;
    for (let i = 0; i < n3; i++) { v[i] = vs[i]; w[i] = ws[i]; }
  }
}
