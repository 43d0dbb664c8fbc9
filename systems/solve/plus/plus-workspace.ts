/**
 * Scratch memory of the PLUS impact phase, owned by one phase instance and grown geometrically, so
 * that a step allocates nothing once the workspace fits the largest problem seen (except inside the
 * dense SVD solves, see `min-norm-solve.ts`).
 *
 * Two kinds of arrays:
 * - per ConstraintProblem contact point c (sized to the problem's point count P): impulses written
 *   back for the caller, proximity flags, island bookkeeping;
 * - per island point i (sized to the largest island K, m = 3K): the island's dense constraint-space
 *   system. A point's three rows are at 3i (normal n), 3i + 1 (t1), 3i + 2 (t2), the same order as the
 *   ConstraintProblem's directions (paper's z, x, y).
 */

import { growFloat64, growInt32, growUint8, nextCapacity } from '../../../components/capacity';
import { createLemkeOptions, LemkeWorkspace, type LemkeOptions } from '../common/lemke';
import { createCodScratch, type CodScratch } from './complete-orthogonal';

/**
 * out = M⁺ rhs (minimum-norm least squares) for the q × q row-major `M`, singular values ≤
 * rankTolerance · σ_max treated as zero: the interface of a reference solver of the rank-deficient
 * interval systems (the tests compare the complete orthogonal factorization against an SVD).
 */
export type RankDeficientSolve = (
  M: Float64Array, q: number, rhs: ArrayLike<number>, out: Float64Array, rankTolerance: number,
) => void;
import type { PlusIntervalEvent, PlusRoundEvent } from './plus-options';

export interface PlusWorkspace {
  // ---- per problem contact point `[pointCapacity]` (vectors `[3 × pointCapacity]`) ----
  pointCapacity: number;
  /** `[3 × P]` impulse the impact phase applied at each point, (n, t1, t2) (unit: N·s). */
  impulse: Float64Array;
  /** `[P]` 0 = not in an impact, 1 = resolved by PLUS, 2 = its island was finished by the fallback. */
  status: Uint8Array;
  /** `[P]` 1 when the point is proximal (takes part if its island impacts). */
  proximal: Uint8Array;
  /** `[P]` normal velocity at the start of the phase (unit: m/s). */
  normalVelocity: Float64Array;
  /** `[P]` island id of a proximal point (−1 otherwise). */
  islandOfPoint: Int32Array;
  /** `[P + 1]` start of island j's points in `islandPoints`. */
  islandStart: Int32Array;
  /** `[P]` points grouped by island, each group in increasing contact index. */
  islandPoints: Int32Array;
  /** `[P]` 1 when island j has a point approaching faster than its capture velocity. */
  islandTriggered: Uint8Array;
  // ---- per solver body `[bodyCapacity]` ----
  bodyCapacity: number;
  /** `[B]` union–find parent over solver bodies. */
  parent: Int32Array;
  /** `[B]` island id of a union–find root (−1 when none yet). */
  islandOfRoot: Int32Array;
  // ---- per island point `[K]`, vectors `[3K]`, A `[(3K)²]` ----
  islandCapacity: number;
  /** `[K]` ConstraintProblem contact index of island point i. */
  contact: Int32Array;
  /** `[(3k)²]` constraint-space compliance A = G M⁻¹ Gᵀ of the island, row-major, stride 3k (unit: 1/kg). */
  A: Float64Array;
  /** `[3K]` constraint-space velocity v = G u (unit: m/s), updated after every interval. */
  v: Float64Array;
  /** `[3K]` v at the start of the impact. */
  v0: Float64Array;
  /** `[3K]` impulse accumulated over the impact π^(total) (unit: N·s). */
  piTotal: Float64Array;
  /** `[3K]` full-step impulse π of the current interval (α not applied). */
  pi: Float64Array;
  /** `[3K]` α·π of the last interval. */
  piStep: Float64Array;
  /** `[3K]` saved π_total / v for the fallback's energy guard. */
  piSave: Float64Array;
  vSave: Float64Array;
  /** `[K]` remaining expansion impulse of the round π_z^(exp) (unit: N·s). */
  piExp: Float64Array;
  /** `[K]` expansion impulse accumulated in the round π_z^(acc) (unit: N·s). */
  piAcc: Float64Array;
  /** `[K]` COR of the round. */
  cor: Float64Array;
  /** `[K]` friction μ, capture velocity, plastic velocity, e_max, e_min of each point. */
  mu: Float64Array;
  capture: Float64Array;
  plastic: Float64Array;
  eMax: Float64Array;
  eMin: Float64Array;
  /** `[K]` RoundLabel of the round. */
  label: Uint8Array;
  /** `[K]` TangentState of the interval. */
  tangent: Uint8Array;
  /** `[K]` 1 while the point's normal constraint is in the active set (always 1 for expanding points). */
  active: Uint8Array;
  /** `[2K]` frozen sliding direction ŝ (t1, t2 components) of a sliding point. */
  slide: Float64Array;
  /** `[3K]` column of each variable in the current solve (−1 = fixed at 0), and the inverse map. */
  colOfVar: Int32Array;
  varOfCol: Int32Array;
  /** `[(3K)²]` linear rows of the interval system B (row-major, stride q), N·s-scaled. */
  B: Float64Array;
  /** `[(3K)²]` Newton Jacobian / sliding-guess system, and the LU factors of the fast path. */
  J: Float64Array;
  lu: Float64Array;
  /** `[3K]` LU row permutation. */
  perm: Int32Array;
  /** Scratch of the complete orthogonal factorization. */
  cod: CodScratch;
  /** A reference solver of the rank-deficient systems used instead of the COD (verification only;
   * see {@link RankDeficientSolve}); undefined in normal use. */
  rankDeficientSolve: RankDeficientSolve | undefined;
  /** Work of the current `resolve` call (matrix entries touched, ≈ multiply–adds; `ImpactStats.work`). */
  work: number;
  /** Work the current `resolve` call may spend (`ImpactPhase.resolve`'s `maxWork`). */
  maxWork: number;
  /** `[3K]` Newton / solve scratch: right-hand side w, iterates, residuals, full-length π. */
  rhs: Float64Array;
  full: Float64Array;
  x: Float64Array;
  xNew: Float64Array;
  residual: Float64Array;
  residualNew: Float64Array;
  delta: Float64Array;
  /** `[K]` fallback: step 1/L of each point's projected-gradient block. */
  blockStep: Float64Array;
  /** `[K + 1]` fallback: start of point i's coupled points in `coupled` (CSR). */
  coupledStart: Int32Array;
  /** `[K²]` fallback: the points j whose block A_ij is not zero (they share a body, or a joint island
   * through the condensed Ã), per point i in increasing j. */
  coupled: Int32Array;
  /** Fallback: workspace of the exact normal LCP (Lemke), and its options (reused: no object per solve). */
  lemke: LemkeWorkspace;
  readonly lemkeOptions: LemkeOptions;
  /** Result of the last interval: step length α and IntervalEnd code. */
  alpha: number;
  end: number;
  /** Counters of the current `resolve` call (summed into the stats). */
  activeSetPasses: number;
  newtonIterations: number;
  /** Impending-slip solves whose Newton iteration failed and were finished by fixed-point passes. */
  impendingFallbacks: number;
  /** Dense solves whose B was rank-deficient (complete orthogonal factorization or SVD). */
  rankDeficientSolves: number;
  roundEvent: PlusRoundEvent;
  intervalEvent: PlusIntervalEvent;
}

export function createPlusWorkspace(): PlusWorkspace {
  const ws: PlusWorkspace = {
    pointCapacity: 0,
    impulse: new Float64Array(0),
    status: new Uint8Array(0),
    proximal: new Uint8Array(0),
    normalVelocity: new Float64Array(0),
    islandOfPoint: new Int32Array(0),
    islandStart: new Int32Array(1),
    islandPoints: new Int32Array(0),
    islandTriggered: new Uint8Array(0),
    bodyCapacity: 0,
    parent: new Int32Array(0),
    islandOfRoot: new Int32Array(0),
    islandCapacity: 0,
    contact: new Int32Array(0),
    A: new Float64Array(0),
    v: new Float64Array(0),
    v0: new Float64Array(0),
    piTotal: new Float64Array(0),
    pi: new Float64Array(0),
    piStep: new Float64Array(0),
    piSave: new Float64Array(0),
    vSave: new Float64Array(0),
    piExp: new Float64Array(0),
    piAcc: new Float64Array(0),
    cor: new Float64Array(0),
    mu: new Float64Array(0),
    capture: new Float64Array(0),
    plastic: new Float64Array(0),
    eMax: new Float64Array(0),
    eMin: new Float64Array(0),
    label: new Uint8Array(0),
    tangent: new Uint8Array(0),
    active: new Uint8Array(0),
    slide: new Float64Array(0),
    colOfVar: new Int32Array(0),
    varOfCol: new Int32Array(0),
    B: new Float64Array(0),
    J: new Float64Array(0),
    lu: new Float64Array(0),
    perm: new Int32Array(0),
    cod: createCodScratch(),
    rankDeficientSolve: undefined,
    work: 0,
    maxWork: Infinity,
    rhs: new Float64Array(0),
    full: new Float64Array(0),
    x: new Float64Array(0),
    xNew: new Float64Array(0),
    residual: new Float64Array(0),
    residualNew: new Float64Array(0),
    delta: new Float64Array(0),
    blockStep: new Float64Array(0),
    coupledStart: new Int32Array(1),
    coupled: new Int32Array(0),
    lemke: new LemkeWorkspace(8),
    lemkeOptions: createLemkeOptions(),
    alpha: 1,
    end: 0,
    activeSetPasses: 0,
    newtonIterations: 0,
    impendingFallbacks: 0,
    rankDeficientSolves: 0,
    roundEvent: {
      island: 0, round: 0, pointCount: 0, contact: new Int32Array(0), label: new Uint8Array(0),
      cor: new Float64Array(0),
    },
    intervalEvent: {
      island: 0, round: 0, interval: 0, alpha: 1, end: 0, pointCount: 0, contact: new Int32Array(0),
      label: new Uint8Array(0), tangent: new Uint8Array(0), active: new Uint8Array(0),
      velocity: new Float64Array(0), impulse: new Float64Array(0), step: new Float64Array(0),
    },
  };
  return ws;
}

/** Makes room for `points` problem contact points and `bodies` solver bodies. */
export function ensurePointCapacity(ws: PlusWorkspace, points: number, bodies: number): void {
  if (points > ws.pointCapacity) {
    const c = nextCapacity(ws.pointCapacity, points);
    ws.impulse = growFloat64(ws.impulse, 3 * c);
    ws.status = growUint8(ws.status, c);
    ws.proximal = growUint8(ws.proximal, c);
    ws.normalVelocity = growFloat64(ws.normalVelocity, c);
    ws.islandOfPoint = growInt32(ws.islandOfPoint, c);
    ws.islandStart = growInt32(ws.islandStart, c + 1);
    ws.islandPoints = growInt32(ws.islandPoints, c);
    ws.islandTriggered = growUint8(ws.islandTriggered, c);
    ws.pointCapacity = c;
  }
  if (bodies > ws.bodyCapacity) {
    const c = nextCapacity(ws.bodyCapacity, bodies);
    ws.parent = growInt32(ws.parent, c);
    ws.islandOfRoot = growInt32(ws.islandOfRoot, c);
    ws.bodyCapacity = c;
  }
}

/** Makes room for an island of `k` points (dense system of size 3k). */
export function ensureIslandCapacity(ws: PlusWorkspace, k: number): void {
  if (k <= ws.islandCapacity) return;
  const c = nextCapacity(ws.islandCapacity, k);
  const m = 3 * c;
  ws.contact = new Int32Array(c);
  ws.A = new Float64Array(m * m);
  ws.v = new Float64Array(m);
  ws.v0 = new Float64Array(m);
  ws.piTotal = new Float64Array(m);
  ws.pi = new Float64Array(m);
  ws.piStep = new Float64Array(m);
  ws.piSave = new Float64Array(m);
  ws.vSave = new Float64Array(m);
  ws.piExp = new Float64Array(c);
  ws.piAcc = new Float64Array(c);
  ws.cor = new Float64Array(c);
  ws.mu = new Float64Array(c);
  ws.capture = new Float64Array(c);
  ws.plastic = new Float64Array(c);
  ws.eMax = new Float64Array(c);
  ws.eMin = new Float64Array(c);
  ws.label = new Uint8Array(c);
  ws.tangent = new Uint8Array(c);
  ws.active = new Uint8Array(c);
  ws.slide = new Float64Array(2 * c);
  ws.colOfVar = new Int32Array(m);
  ws.varOfCol = new Int32Array(m);
  ws.B = new Float64Array(m * m);
  ws.J = new Float64Array(m * m);
  ws.lu = new Float64Array(m * m);
  ws.perm = new Int32Array(m);
  ws.rhs = new Float64Array(m);
  ws.full = new Float64Array(m);
  ws.x = new Float64Array(m);
  ws.xNew = new Float64Array(m);
  ws.residual = new Float64Array(m);
  ws.residualNew = new Float64Array(m);
  ws.delta = new Float64Array(m);
  ws.blockStep = new Float64Array(c);
  ws.coupledStart = new Int32Array(c + 1);
  ws.coupled = new Int32Array(c * c);
  const r = ws.roundEvent;
  r.contact = ws.contact; r.label = ws.label; r.cor = ws.cor;
  const e = ws.intervalEvent;
  e.contact = ws.contact; e.label = ws.label; e.tangent = ws.tangent; e.active = ws.active;
  e.velocity = ws.v; e.impulse = ws.piTotal; e.step = ws.piStep;
  ws.islandCapacity = c;
}
