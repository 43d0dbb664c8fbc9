/**
 * Direct solve of the bilateral joint rows, per joint island: the linear system
 *
 *   (W + Γ) Δλ = −b,    W = J M⁻¹ Jᵀ over the island's bilateral rows, Γ = diag(γ)
 *
 * factored by a profile (envelope, "skyline") LDLᵀ. This is Drumwright's bilateral step (Drumwright 2019
 * eqs. (59)–(62), §4.2; for bilateral rows it equals the soft constraint step
 * (W + Γ) P = −G v* − (K/(hK + B)) φ0, solved here in λ space) with its SPD matrix W + Γ. Both
 * solvers use it: the fast mode once per Gauss–Seidel sweep as one exact block of a block Gauss–Seidel
 * (contacts, limits and motors are the other blocks), the accurate mode once per step.
 *
 * Islands: joints are connected when they share a dynamic body (static, kinematic and world bodies do
 * not connect). Within an island the joints are ordered by a breadth-first search from a joint of
 * least degree (Cuthill–McKee), rows of a joint kept together; row i then couples only with rows
 * from `first[i]` on (the envelope), and the factor has no entries outside the envelope. A chain costs
 * O(n) per factorization; a tree with k joints at a body adds k² entries there.
 *
 * Redundant rows (a duplicated joint, the closing joint of a loop): with Γ = 0 the matrix W is only
 * positive semi-definite. A pivot D_i ≤ tol · W_ii of a rigid row (`pivotTolerance`: default 1e-9; the accurate mode sets 1e-7 (`lcp/joint-implicit.ts` ACCURATE_PIVOT_TOLERANCE), the fast mode
 * 1e-7) marks it as dependent on the rows before it: its column of L is dropped and its Δλ is 0, so the
 * remaining rows carry the load (one of the exact solutions when the rows are consistent; the dependent
 * row's residual otherwise, never a blow-up). The fast mode's tolerance: a loop's closing rows are
 * dependent only up to the joints' drift, which leaves them pivots of about (drift)²; kept, such a row
 * takes Δλ = residual / D_i for the loop's inconsistent position errors (fuzz seed 703: a fixed, a hinge
 * and a slider joint closing a loop of three bodies, two rows at 3.6e-8 and 3.8e-8 · W_ii, 10× the
 * energy in a step with 1e-9). A row independent only through a mass ratio keeps D_i / W_ii ≈
 * m_light / m_heavy, so mass ratios up to 1e6 across a joint keep their rows (the fuzz's reach 1e5). A limit
 * or motor row (an aux row, solved in the space the bilateral rows leave free) is judged by its Schur
 * complement S against its own W_ll, where a heavy body at a long lever can leave S / W_ll below 1e-7
 * without any dependence: with `auxTolerance` (fast mode) such a row's S is computed again in its energy form,
 * whose round-off is of second order, and only a row below that floor is dependent (`energySchur`). Spring rows (γ > 0) make W + Γ definite and are never dropped (their pivot is clamped at
 * γ_i, its exact lower bound, against cancellation), so equal springs share the load (Drumwright 2019, redundant constraints).
 *
 * No allocation once the arrays have grown to the scene.
 */

import { nextCapacity } from '../../../components/capacity';
import { RowType, type JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { findRoot, resetSets, unite } from '../../islands/union-find';
import { groupByIsland } from '../../islands/group-by-island';

// module-local copies of the enum codes (plain constants in the hot loops)
const ROW_RIGID = RowType.rigid;
const ROW_SPRING = RowType.spring;

/** Relative pivot below which a rigid row counts as dependent (see the header): the default of
 * `JointDirect.pivotTolerance` (the accurate mode's); the fast mode sets 1e-7 (`pgs/pgs-joints.ts`). */
const PIVOT_TOLERANCE = 1e-9;

/** Largest envelope (factor entries) of one island solved directly; bigger islands fall back to
 * Gauss–Seidel (`direct` stays 0 for their rows). */
export const MAX_ENVELOPE = 4_000_000;

/**
 * Rows below which an island's mean envelope row length is measured as if it had this many rows: a small
 * island is solved directly however wide its envelope (at most `maxMeanEnvelope` × 128 entries, 2048 in the
 * fast mode: a factorization of at most ~ 2048 × 128 / 2 multiply-adds, a few times per substep). The width
 * bound exists for nets of hundreds of rows (a 10 × 10 net of ball joints, 570 rows, mean 42.6); a tree of 9
 * joints around hub bodies (48 rows) exceeded it and fell back to Gauss–Seidel, whose rows cannot hold a
 * 0.039 kg body between a 9.3 and a 5.1 kg one (fuzz seed 413: the energy doubled within 24 steps, 4.7 m
 * joint errors). With 64 (1024 entries), a tree of 16 joints (73 rows, 1203 entries) went to Gauss–Seidel:
 * fuzz seed 8229 (both fast modes), its 0.022 kg sphere on a fixed joint to a 0.35 kg body was spun from 27
 * to 1767 rad/s by each substep's warm start of the rows along their re-evaluated Jacobians, and ran away
 * at 1.2e4 m/s at step 13.
 */
export const SMALL_ISLAND_ROWS = 128;

export interface JointDirect {
  /** Largest mean envelope row length (entries per row, ~ the factor's bandwidth) of an island solved
   * directly; wider islands go to Gauss–Seidel. Set by the caller before `buildJointIslands` (default
   * Infinity). The factorization costs ~ (row length)² per row, so a wide island (a net of joints) costs
   * far more than the sweeps it replaces when it is factored every substep. */
  maxMeanEnvelope: number;
  /** Relative pivot D_i / W_ii at or below which a rigid row counts as dependent and is dropped (default
   * 1e-9; the fast mode sets 1e-7; see the header). */
  pivotTolerance: number;
  /** Number of islands solved directly. */
  islandCount: number;
  /** Factorizations so far (`factorJointIslands` increments it): data derived from the factor, such as
   * the contact coupling's vectors (`joint-contact-coupling.ts`), is stale when it was made at another count. */
  factorCount: number;
  /** `[islands + 1]` the island's positions are `islandStart[k] .. islandStart[k + 1] − 1`. */
  islandStart: Int32Array;
  /** Number of positions (bilateral rows solved directly). */
  n: number;
  /** `[n]` position → joint row index. */
  row: Int32Array;
  /** `[n]` position of the first row the row at position i couples with (within its island). */
  first: Int32Array;
  /** `[n + 1]` start of position i's envelope row (entries first[i] .. i) in `L`. */
  offset: Int32Array;
  /** Factor entries: strictly lower part in the envelope, the diagonal holds W_ii + γ_i before factoring. */
  L: Float64Array;
  /** `[n]` pivots D (0 for dependent rows). */
  D: Float64Array;
  /** `[n]` right-hand side / solution scratch. */
  x: Float64Array;
  /** `[rowCapacity]` 1 when the row is solved here. */
  direct: Uint8Array;
  /** Number of auxiliary rows: the limit and motor rows of the direct islands' joints. */
  auxCount: number;
  /** `[rowCapacity]` aux index of a row, −1 when it is not an aux row. */
  auxOf: Int32Array;
  /** `[aux]` the aux row's joint row index, its island, and the start of its vector u in `U`. */
  auxRow: Int32Array;
  auxIsland: Int32Array;
  auxOffset: Int32Array;
  /** u = (W + Γ)⁻¹ G M⁻¹ J_lᵀ of each aux row l over its island's positions: the bilateral impulses that
   * keep G v unchanged when l receives a unit impulse (Δλ_b = −u Δλ_l). */
  U: Float64Array;
  /** `[aux]` S = J_l M⁻¹ J_lᵀ − (G M⁻¹ J_lᵀ)ᵀ u: the aux row's W in the space the bilateral rows leave free
   * (Schur complement); its effective mass is 1/S. */
  auxW: Float64Array;
  /** `[aux]` positions lo..hi of the island's bilateral rows that share a body with the aux row. */
  auxLo: Int32Array;
  auxHi: Int32Array;
  /** `[aux]` 1 once u and S are computed for the current factorization (they are computed on demand:
   * an inactive limit needs neither). */
  auxReady: Uint8Array;
  /**
   * Relative S / W_ll at or below which an aux row whose S = W_ll − cᵀu lies at or below `pivotTolerance`
   * still counts as independent, S computed again in its energy form (`ensureAux`, `energySchur`); 0 (the
   * default): every such row is dependent. The fast mode sets 1e-12 (`pgs/pgs-joints.ts`).
   */
  auxTolerance: number;
  /** Scratch of the energy form (`[3 × (bodies + 1)]` each, 0 between uses): the bodies' linear and angular
   * impulses and angular velocity changes. */
  schurP: Float64Array;
  schurT: Float64Array;
  schurW: Float64Array;
  // scratch
  parent: Int32Array;
  bodyFirst: Int32Array;
  bodyLast: Int32Array;
  jointIsland: Int32Array;
  jointOrder: Int32Array;
  jointSeen: Int32Array;
  adjStart: Int32Array;
  adj: Int32Array;
  islandJoints: Int32Array;
  islandJointStart: Int32Array;
}

export function createJointDirect(): JointDirect {
  return {
    maxMeanEnvelope: Infinity, pivotTolerance: PIVOT_TOLERANCE,
    islandCount: 0, factorCount: 0, islandStart: new Int32Array(17), n: 0, row: new Int32Array(64), first: new Int32Array(64),
    offset: new Int32Array(65), L: new Float64Array(256), D: new Float64Array(64), x: new Float64Array(64),
    direct: new Uint8Array(64), auxCount: 0, auxOf: new Int32Array(64), auxRow: new Int32Array(16),
    auxIsland: new Int32Array(16), auxOffset: new Int32Array(16), U: new Float64Array(64), auxW: new Float64Array(16),
    auxLo: new Int32Array(16), auxHi: new Int32Array(16), auxReady: new Uint8Array(16), bodyLast: new Int32Array(64),
    auxTolerance: 0, schurP: new Float64Array(192), schurT: new Float64Array(192), schurW: new Float64Array(192),
    parent: new Int32Array(64), bodyFirst: new Int32Array(64),
    jointIsland: new Int32Array(16), jointOrder: new Int32Array(16), jointSeen: new Int32Array(16),
    adjStart: new Int32Array(65), adj: new Int32Array(64), islandJoints: new Int32Array(16),
    islandJointStart: new Int32Array(17),
  };
}

/** A solver body with finite mass (only those connect joints into islands). */
function dyn(sb: SolverBodies, i: number): boolean {
  return sb.invMass[i] > 0 || sb.motionType[i] === 0;
}

/** Number of joints on the dynamic bodies of joint j (with repetition). */
function degree(p: JointProblem, sb: SolverBodies, adjStart: Int32Array, j: number): number {
  const a = p.bodyA[j], b = p.bodyB[j];
  return (dyn(sb, a) ? adjStart[a + 1] - adjStart[a] : 0) + (dyn(sb, b) ? adjStart[b + 1] - adjStart[b] : 0);
}

/** Union–find root of joint j's island (its dynamic body's set). */
function islandRoot(p: JointProblem, sb: SolverBodies, parent: Int32Array, j: number): number {
  const a = p.bodyA[j];
  return findRoot(parent, dyn(sb, a) ? a : p.bodyB[j]);
}

function isBilateral(p: JointProblem, r: number): boolean {
  const t = p.rowType[r];
  return t === ROW_RIGID || t === ROW_SPRING;
}

/** Row r is a position of the direct solve: the `include` mask's choice when given, else bilateral. */
function isPosition(p: JointProblem, include: Uint8Array | undefined, r: number): boolean {
  return include !== undefined ? include[r] === 1 : isBilateral(p, r);
}

/**
 * Groups the bilateral rows into islands, orders them and sizes the envelope. Call once per step
 * after `assembleJoints` (the row set is fixed for the step). `dynamic(i)` is true for solver bodies
 * with finite mass.
 * `include` (optional, `[≥ rowCount]`): the rows to take as positions instead of the bilateral ones
 * (1 = position; the others of the same joints become aux rows). The PLUS impact phase passes its
 * impact rows (rigid bilateral rows and active rigid limits, `plus/joint-space.ts`).
 */
export function buildJointIslands(d: JointDirect, p: JointProblem, sb: SolverBodies, include?: Uint8Array): void {
  growJointDirect(d, p);
  const nr = p.rowCount;
  d.direct.fill(0, 0, nr);
  d.auxOf.fill(-1, 0, nr);
  d.auxCount = 0;
  d.islandCount = 0;
  d.n = 0;
  if (uniteJointBodies(d, p, sb, include) === 0) { d.islandStart[0] = 0; return; }
  buildBodyJoints(d, p, sb);
  const groups = groupJointsByRoot(d, p, sb);
  orderIslands(d, p, sb, groups);
  placeRows(d, p, sb, include);
}

/** Grows the scratch to the problem's bodies, joints and rows. */
function growJointDirect(d: JointDirect, p: JointProblem): void {
  const nb = p.worldIndex + 1, nj = p.jointCount, nr = p.rowCount;
  if (d.parent.length < nb) {
    const c = nextCapacity(d.parent.length, nb);
    d.parent = new Int32Array(c);
    d.schurP = new Float64Array(3 * c);
    d.schurT = new Float64Array(3 * c);
    d.schurW = new Float64Array(3 * c);
    d.bodyFirst = new Int32Array(c);
    d.bodyLast = new Int32Array(c);
    d.adjStart = new Int32Array(c + 1);
  }
  if (d.jointIsland.length < nj) {
    const c = nextCapacity(d.jointIsland.length, nj);
    d.jointIsland = new Int32Array(c);
    d.jointOrder = new Int32Array(c);
    d.jointSeen = new Int32Array(c);
    d.islandJoints = new Int32Array(c);
    d.islandJointStart = new Int32Array(c + 1);
    d.islandStart = new Int32Array(c + 1);
  }
  if (d.adj.length < 2 * nj) d.adj = new Int32Array(nextCapacity(d.adj.length, 2 * nj));
  if (d.direct.length < nr) {
    const c = nextCapacity(d.direct.length, nr);
    d.direct = new Uint8Array(c);
    d.auxOf = new Int32Array(c);
    d.auxRow = new Int32Array(c);
    d.auxIsland = new Int32Array(c);
    d.auxOffset = new Int32Array(c);
    d.auxW = new Float64Array(c);
    d.auxLo = new Int32Array(c);
    d.auxHi = new Int32Array(c);
    d.auxReady = new Uint8Array(c);
  }
  if (d.row.length < nr) {
    const c = nextCapacity(d.row.length, nr);
    d.row = new Int32Array(c);
    d.first = new Int32Array(c);
    d.offset = new Int32Array(c + 1);
    d.D = new Float64Array(c);
    d.x = new Float64Array(c);
  }
}

/** The island sets: joints with at least one position row join their dynamic bodies (union–find).
 * Marks those joints `jointSeen = 0` (the others −1) and returns their number. */
function uniteJointBodies(d: JointDirect, p: JointProblem, sb: SolverBodies, include: Uint8Array | undefined): number {
  const parent = d.parent;
  resetSets(parent, p.worldIndex + 1);
  let withRows = 0;
  for (let j = 0; j < p.jointCount; j++) {
    let has = false;
    for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) if (isPosition(p, include, r)) { has = true; break; }
    d.jointSeen[j] = has ? 0 : -1;
    if (!has) continue;
    withRows++;
    const a = p.bodyA[j], b = p.bodyB[j];
    if (dyn(sb, a) && dyn(sb, b)) unite(parent, a, b);
  }
  return withRows;
}

/** Body → joints adjacency of the joints in islands (dynamic bodies only), compressed rows:
 * body i's joints are `adj[adjStart[i] .. adjStart[i + 1])`. */
function buildBodyJoints(d: JointDirect, p: JointProblem, sb: SolverBodies): void {
  const nb = p.worldIndex + 1, nj = p.jointCount;
  const adjStart = d.adjStart;
  adjStart.fill(0, 0, nb + 1);
  for (let j = 0; j < nj; j++) {
    if (d.jointSeen[j] < 0) continue;
    const a = p.bodyA[j], b = p.bodyB[j];
    if (dyn(sb, a)) adjStart[a + 1]++;
    if (dyn(sb, b)) adjStart[b + 1]++;
  }
  for (let i = 0; i < nb; i++) adjStart[i + 1] += adjStart[i];
  const fill = d.bodyFirst; // reused as a cursor here
  for (let i = 0; i < nb; i++) fill[i] = adjStart[i];
  for (let j = 0; j < nj; j++) {
    if (d.jointSeen[j] < 0) continue;
    const a = p.bodyA[j], b = p.bodyB[j];
    if (dyn(sb, a)) d.adj[fill[a]++] = j;
    if (dyn(sb, b)) d.adj[fill[b]++] = j;
  }
}

/** Groups the joints in islands by their island's root body, in increasing root order: group g's
 * joints are `islandJoints[islandJointStart[g] .. islandJointStart[g + 1])`. Returns the group count. */
function groupJointsByRoot(d: JointDirect, p: JointProblem, sb: SolverBodies): number {
  const nb = p.worldIndex + 1, nj = p.jointCount;
  const groupOfRoot = d.bodyFirst; // reused: −1, or the group of a root
  groupOfRoot.fill(-1, 0, nb);
  for (let j = 0; j < nj; j++) if (d.jointSeen[j] === 0) groupOfRoot[islandRoot(p, sb, d.parent, j)] = 0;
  let groups = 0;
  for (let i = 0; i < nb; i++) if (groupOfRoot[i] === 0) groupOfRoot[i] = groups++ + 1;
  for (let j = 0; j < nj; j++) {
    d.jointIsland[j] = d.jointSeen[j] === 0 ? groupOfRoot[islandRoot(p, sb, d.parent, j)] - 1 : -1;
  }
  groupByIsland(d.jointIsland, nj, groups, d.islandJointStart, d.islandJoints);
  return groups;
}

/** Orders each group's joints by a breadth-first search from its joint of least degree (Cuthill–McKee)
 * into `jointOrder`; the islands are the groups, in order. */
function orderIslands(d: JointDirect, p: JointProblem, sb: SolverBodies, groups: number): void {
  const adjStart = d.adjStart, groupStart = d.islandJointStart;
  let count = 0; // joints ordered so far
  for (let g = 0; g < groups; g++) {
    let start = d.islandJoints[groupStart[g]], best = degree(p, sb, adjStart, start);
    for (let t = groupStart[g] + 1; t < groupStart[g + 1]; t++) {
      const j = d.islandJoints[t], dg = degree(p, sb, adjStart, j);
      if (dg < best) { best = dg; start = j; }
    }
    d.islandCount++;
    let head = count;
    d.jointOrder[count++] = start;
    d.jointSeen[start] = 1;
    while (head < count) {
      const j = d.jointOrder[head++];
      for (let s = 0; s < 2; s++) {
        const x = s === 0 ? p.bodyA[j] : p.bodyB[j];
        if (!dyn(sb, x)) continue;
        for (let t = adjStart[x]; t < adjStart[x + 1]; t++) {
          const nj2 = d.adj[t];
          if (d.jointSeen[nj2] !== 0) continue;
          d.jointSeen[nj2] = 1;
          d.jointOrder[count++] = nj2;
        }
      }
    }
  }
  // group g's joints are now jointOrder[islandJointStart[g] .. islandJointStart[g + 1] − 1]
  d.islandJointStart[d.islandCount] = count;
}

/** The positions (an island's position rows in joint order) and the envelope sizing: row i couples
 * with rows from `first[i]` (the first position of its bodies) on, its factor row starts at
 * `offset[i]`. An island too big, or too wide for `maxMeanEnvelope` (measured over at least
 * {@link SMALL_ISLAND_ROWS} rows), is dropped (Gauss–Seidel); the
 * others' limit and motor rows become aux rows. Sets `n`, `islandCount`, `islandStart`, `auxCount`. */
function placeRows(d: JointDirect, p: JointProblem, sb: SolverBodies, include: Uint8Array | undefined): void {
  const bodyFirst = d.bodyFirst;
  let n = 0, env = 0, islands = 0, aux = 0, uSize = 0;
  d.islandStart[0] = 0;
  for (let k = 0; k < d.islandCount; k++) {
    const n0 = n, env0 = env;
    for (let t = d.islandJointStart[k]; t < d.islandJointStart[k + 1]; t++) {
      const j = d.jointOrder[t];
      bodyFirst[p.bodyA[j]] = -1;
      bodyFirst[p.bodyB[j]] = -1;
      d.bodyLast[p.bodyA[j]] = -1;
      d.bodyLast[p.bodyB[j]] = -1;
    }
    for (let t = d.islandJointStart[k]; t < d.islandJointStart[k + 1]; t++) {
      const j = d.jointOrder[t];
      const a = p.bodyA[j], b = p.bodyB[j];
      for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) {
        if (!isPosition(p, include, r)) continue;
        let f = n;
        if (dyn(sb, a)) { if (bodyFirst[a] < 0) bodyFirst[a] = n; else if (bodyFirst[a] < f) f = bodyFirst[a]; }
        if (dyn(sb, b)) { if (bodyFirst[b] < 0) bodyFirst[b] = n; else if (bodyFirst[b] < f) f = bodyFirst[b]; }
        if (dyn(sb, a)) d.bodyLast[a] = n;
        if (dyn(sb, b)) d.bodyLast[b] = n;
        d.row[n] = r;
        d.first[n] = f;
        d.offset[n] = env;
        env += n - f + 1;
        n++;
      }
    }
    // too big, or too wide for the caller's budget: Gauss–Seidel
    if (env - env0 > MAX_ENVELOPE || env - env0 > d.maxMeanEnvelope * Math.max(n - n0, SMALL_ISLAND_ROWS)) { n = n0; env = env0; continue; }
    for (let i = n0; i < n; i++) d.direct[d.row[i]] = 1;
    const aux0 = aux;
    aux = addAuxRows(d, p, sb, include, k, islands, aux, uSize, n0, n);
    uSize += (aux - aux0) * (n - n0);
    d.islandStart[++islands] = n;
  }
  d.islandCount = islands;
  d.n = n;
  d.auxCount = aux;
  d.offset[n] = env;
  if (d.L.length < env) d.L = new Float64Array(nextCapacity(d.L.length, env));
  if (d.U.length < uSize) d.U = new Float64Array(nextCapacity(d.U.length, uSize));
}

/** The limit and motor rows of island group k's joints, solved in the space its positions n0 … n − 1
 * leave free: each gets an aux slot (its U column at `uSize`, growing by n − n0 per row) and the range
 * lo … hi of positions that share a body with it. Returns the next free aux slot. */
function addAuxRows(
  d: JointDirect, p: JointProblem, sb: SolverBodies, include: Uint8Array | undefined,
  k: number, island: number, aux: number, uSize: number, n0: number, n: number,
): number {
  for (let t = d.islandJointStart[k]; t < d.islandJointStart[k + 1]; t++) {
    const j = d.jointOrder[t];
    for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) {
      if (isPosition(p, include, r)) continue;
      d.auxOf[r] = aux;
      d.auxRow[aux] = r;
      d.auxIsland[aux] = island;
      d.auxOffset[aux] = uSize;
      uSize += n - n0;
      const a = p.bodyA[j], b = p.bodyB[j];
      let lo = n, hi = n0 - 1;
      for (let e = 0; e < 2; e++) {
        const x = e === 0 ? a : b;
        if (!dyn(sb, x) || d.bodyFirst[x] < 0) continue;
        if (d.bodyFirst[x] < lo) lo = d.bodyFirst[x];
        if (d.bodyLast[x] > hi) hi = d.bodyLast[x];
      }
      d.auxLo[aux] = lo;
      d.auxHi[aux] = hi;
      aux++;
    }
  }
  return aux;
}

/** Writes (J M⁻¹ Jᵀ)_ij of two joint rows (0 unless they share a body) at `out[k]`. (Written, not returned: the
 * function is too long for V8 to inline, and a number returned from it is boxed: the step would allocate.) */
function coupling(p: JointProblem, im: Float64Array, ri: number, rj: number, out: Float64Array, k: number): void {
  const ai = p.rowA[ri], bi = p.rowB[ri], aj = p.rowA[rj], bj = p.rowB[rj], oi = 3 * ri, oj = 3 * rj;
  const lin = p.linear, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const ll = lin[oi] * lin[oj] + lin[oi + 1] * lin[oj + 1] + lin[oi + 2] * lin[oj + 2];
  let v = 0;
  // body A of i against A and B of j (A's linear Jacobian is −lin)
  if (ai === aj) v += im[ai] * ll + jA[oi] * iA[oj] + jA[oi + 1] * iA[oj + 1] + jA[oi + 2] * iA[oj + 2];
  else if (ai === bj) v += -im[ai] * ll + jA[oi] * iB[oj] + jA[oi + 1] * iB[oj + 1] + jA[oi + 2] * iB[oj + 2];
  if (bi === bj) v += im[bi] * ll + jB[oi] * iB[oj] + jB[oi + 1] * iB[oj + 1] + jB[oi + 2] * iB[oj + 2];
  else if (bi === aj) v += -im[bi] * ll + jB[oi] * iA[oj] + jB[oi + 1] * iA[oj + 1] + jB[oi + 2] * iA[oj + 2];
  out[k] = v;
}

/**
 * Fills W + Γ over every island's envelope from the rows' current Jacobians (`gamma` per row, 0 for
 * rigid rows) and factors it in place (LDLᵀ). Call after the rows were (re-)evaluated.
 */
export function factorJointIslands(d: JointDirect, p: JointProblem, sb: SolverBodies, gamma: Float64Array): void {
  const L = d.L, D = d.D, im = sb.invMass;
  // its first pass does nothing (`../pgs/README.md`, "Loops compiled on the stack")
  for (let k = -1; k < d.islandCount; k++) {
    if (k < 0) continue;
    const s0 = d.islandStart[k], s1 = d.islandStart[k + 1];
    for (let i = s0; i < s1; i++) {
      const ri = d.row[i], base = d.offset[i] - d.first[i];
      for (let jj = d.first[i]; jj <= i; jj++) coupling(p, im, ri, d.row[jj], L, base + jj);
      L[base + i] += gamma[ri];
    }
    // LDLᵀ in the envelope: row i, for columns j in first[i]..i−1
    for (let i = s0; i < s1; i++) {
      const fi = d.first[i], bi = d.offset[i] - fi;
      for (let j = fi; j < i; j++) {
        const fj = d.first[j], bj = d.offset[j] - fj;
        let sum = L[bi + j];
        const k0 = fi > fj ? fi : fj;
        for (let q = k0; q < j; q++) sum -= L[bi + q] * D[q] * L[bj + q];
        L[bi + j] = D[j] !== 0 ? sum / D[j] : 0;
      }
      const diag = L[bi + i];
      let piv = diag;
      for (let q = fi; q < i; q++) piv -= L[bi + q] * L[bi + q] * D[q];
      // a spring row's exact pivot is ≥ its own γ (W + Γ is definite): clamp it there against cancellation;
      // a rigid row whose pivot vanishes depends on the rows before it and is dropped
      const gi = gamma[d.row[i]];
      D[i] = gi > 0 ? (piv > gi ? piv : gi) : piv > d.pivotTolerance * diag && diag > 0 ? piv : 0;
    }
  }
  d.auxReady.fill(0, 0, d.auxCount);
  d.factorCount++;
}

/**
 * u = (W + Γ)⁻¹ c with c = G M⁻¹ J_lᵀ, and S = W_ll − cᵀ u, for aux row q (once per factorization).
 * c is non-zero only on the positions auxLo..auxHi (rows sharing a body with l). Uses `d.x` as scratch:
 * do not call it while a right-hand side is held there.
 */
export function ensureAux(d: JointDirect, p: JointProblem, sb: SolverBodies, q: number): void {
  if (d.auxReady[q] === 1) return;
  d.auxReady[q] = 1;
  const im = sb.invMass, x = d.x, U = d.U;
  const l = d.auxRow[q], k = d.auxIsland[q], s0 = d.islandStart[k], s1 = d.islandStart[k + 1];
  const lo = d.auxLo[q], hi = d.auxHi[q];
  const o = d.auxOffset[q] - s0;
  const em = p.effectiveMass[l];
  const wll = em > 0 ? 1 / em : 0;
  if (hi < lo) { U.fill(0, o + s0, o + s1); d.auxW[q] = wll; return; }
  x.fill(0, s0, s1);
  for (let i = lo; i <= hi; i++) coupling(p, im, d.row[i], l, x, i);
  for (let i = s0; i < s1; i++) U[o + i] = x[i];
  solveIslandFrom(d, k, lo);
  let w = wll;
  for (let i = lo; i <= hi; i++) w -= U[o + i] * x[i];
  for (let i = s0; i < s1; i++) U[o + i] = x[i];
  // a row the island's rows (nearly) span is dependent on them, by the same relative tolerance as a
  // dependent bilateral row's pivot (`pivotTolerance`): its impulse would move nothing but round-off
  // (fuzz seed 1484: S = 1.7e-11 W_ll, 5e11 N·s gathered; see `warmStartAux` in `joint-solve.ts`)
  if (w > d.pivotTolerance * wll) { d.auxW[q] = w; return; }
  // below it, with `auxTolerance` (fast mode), S again in its energy form: a row its island's rows span
  // measures the round-off's square and stays dependent, a row held only through a heavy body keeps its
  // small S (`energySchur`)
  const e = d.auxTolerance > 0 ? energySchur(d, p, sb, q) : 0;
  d.auxW[q] = e > d.auxTolerance * wll ? e : 0;
}

/**
 * S of aux row q in its energy form (after its column u is in `U`): with the row's unit impulse and the
 * island's response −u applied, P_b and τ_b each body's linear and angular impulse and Δω_b = Σ x I⁻¹ (J_ang)ᵀ
 * its angular velocity change,
 *
 *   S = (J_l − Gᵀu) M⁻¹ (J_l − Gᵀu)ᵀ + uᵀ Γ u = Σ_b (|P_b|² / m_b + τ_b · Δω_b) + Σ_i γ_i u_i²,
 *
 * equal to W_ll − cᵀu for the exact u ((W + Γ) u = c), but of second order in the solve's error δu
 * (S* + δuᵀ (W + Γ) δu, never negative) where W_ll − cᵀu is of first order (S* − cᵀ δu). The difference
 * decides what is dependent: a row its island's rows span has S* = 0, and W_ll − cᵀu returns the solve's
 * round-off, of either sign, up to ±3e-9 W_ll in the fuzz (maximum-dissipation seed 1484's swing limit),
 * above the S of a row held only through a heavy body: a 0.03 kg body's world hinge limit with a 73 kg body
 * fixed 3 m below has S = 1 / I_pivot = 4.5e-8 W_ll (fast Coulomb seed 4970's, dropped at the relative
 * tolerance 1e-7 that round-off needed). In this form the spanned rows measure at most 1.1e-17 W_ll (seed
 * 1484) and 1.5e-25 (seed 9252), a loop's near-mechanism 1.2e-10 (seed 9252) and the mass-ratio limits
 * as W_ll − cᵀu measures them. The scratch `schurP`, `schurT`, `schurW` is 0 again on return.
 */
function energySchur(d: JointDirect, p: JointProblem, sb: SolverBodies, q: number): number {
  const im = sb.invMass, P = d.schurP, T = d.schurT, Wd = d.schurW, U = d.U;
  const k = d.auxIsland[q], s0 = d.islandStart[k], s1 = d.islandStart[k + 1], uo = d.auxOffset[q] - s0;
  const l = d.auxRow[q];
  addRowImpulse(p, P, T, Wd, l, 1);
  let e = 0;
  for (let i = s0; i < s1; i++) {
    const u = U[uo + i];
    if (u === 0) continue;
    const r = d.row[i];
    addRowImpulse(p, P, T, Wd, r, -u);
    e += p.gamma[r] * u * u;
  }
  // each body once: its term is taken and its scratch cleared at its first visit
  e += takeBodyEnergy(P, T, Wd, im, p.rowA[l]) + takeBodyEnergy(P, T, Wd, im, p.rowB[l]);
  for (let i = s0; i < s1; i++) {
    const r = d.row[i];
    e += takeBodyEnergy(P, T, Wd, im, p.rowA[r]) + takeBodyEnergy(P, T, Wd, im, p.rowB[r]);
  }
  return e;
}

/** Adds row r's impulse x to its bodies' linear (P) and angular (T) impulses and angular velocity changes (Wd). */
function addRowImpulse(p: JointProblem, P: Float64Array, T: Float64Array, Wd: Float64Array, r: number, x: number): void {
  const a3 = 3 * p.rowA[r], b3 = 3 * p.rowB[r], o = 3 * r;
  const G = p.linear, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  P[a3] -= x * G[o]; P[a3 + 1] -= x * G[o + 1]; P[a3 + 2] -= x * G[o + 2];
  P[b3] += x * G[o]; P[b3 + 1] += x * G[o + 1]; P[b3 + 2] += x * G[o + 2];
  T[a3] += x * jA[o]; T[a3 + 1] += x * jA[o + 1]; T[a3 + 2] += x * jA[o + 2];
  T[b3] += x * jB[o]; T[b3 + 1] += x * jB[o + 1]; T[b3 + 2] += x * jB[o + 2];
  Wd[a3] += x * iA[o]; Wd[a3 + 1] += x * iA[o + 1]; Wd[a3 + 2] += x * iA[o + 2];
  Wd[b3] += x * iB[o]; Wd[b3 + 1] += x * iB[o + 1]; Wd[b3 + 2] += x * iB[o + 2];
}

/** Body b's |P|² / m + τ · Δω, its scratch cleared (0 at a later visit). */
function takeBodyEnergy(P: Float64Array, T: Float64Array, Wd: Float64Array, im: Float64Array, b: number): number {
  const o = 3 * b;
  const e = im[b] * (P[o] * P[o] + P[o + 1] * P[o + 1] + P[o + 2] * P[o + 2])
    + T[o] * Wd[o] + T[o + 1] * Wd[o + 1] + T[o + 2] * Wd[o + 2];
  P[o] = 0; P[o + 1] = 0; P[o + 2] = 0; T[o] = 0; T[o + 1] = 0; T[o + 2] = 0; Wd[o] = 0; Wd[o + 1] = 0; Wd[o + 2] = 0;
  return e;
}

/**
 * Solves (W + Γ) x = rhs in place on `d.x` (positions 0..n−1) with the factors of every island.
 * Dependent rows (D = 0) get x = 0.
 */
export function solveFactored(d: JointDirect): void {
  for (let k = 0; k < d.islandCount; k++) solveIsland(d, k);
}

/** Solves island k's system in place on `d.x[islandStart[k] ..]`. */
function solveIsland(d: JointDirect, k: number): void {
  solveIslandFrom(d, k, d.islandStart[k]);
}

/**
 * Solves island k's factored system (W + Γ) x = rhs in place on `d.x[islandStart[k] .. islandStart[k + 1])`
 * for a right-hand side that is 0 before position `lo` (islandStart[k] ≤ lo; pass islandStart[k] for a
 * general one). Dependent rows (D = 0) get x = 0. Used per column by the PLUS impact phase.
 */
export function solveJointIsland(d: JointDirect, k: number, lo: number): void {
  solveIslandFrom(d, k, lo);
}

/** As `solveIsland`, for a right-hand side that is 0 before position `lo`. */
function solveIslandFrom(d: JointDirect, k: number, lo: number): void {
  const L = d.L, D = d.D, x = d.x;
  {
    const s0 = d.islandStart[k], s1 = d.islandStart[k + 1];
    for (let i = lo; i < s1; i++) {
      const fi = d.first[i], bi = d.offset[i] - fi;
      let s = x[i];
      for (let q = fi; q < i; q++) s -= L[bi + q] * x[q];
      x[i] = s;
    }
    for (let i = s0; i < s1; i++) x[i] = D[i] !== 0 ? x[i] / D[i] : 0;
    for (let i = s1 - 1; i >= s0; i--) {
      const fi = d.first[i], bi = d.offset[i] - fi;
      const xi = x[i];
      for (let q = fi; q < i; q++) x[q] -= L[bi + q] * xi;
    }
  }
}

