/**
 * The island solve of the accurate step (`stewart-trinkle.ts`, step 2). An island of at least 200
 * unknowns first tries the sticking-support solve (`support-solve.ts`: exact when no contact of its
 * support slides). Otherwise, one island's contacts as the
 * LCP of Stewart & Trinkle 1996 eq. 29 over the contacts their §4 active-set heuristic selects
 * (`stewart-trinkle-lcp.ts`), solved by Lemke (`../common/lemke.ts`) warm-started from the previous
 * step's support, grown while a left-out contact is violated at v⁺, retried once with N + εI when Lemke
 * fails, and, when the retry fails too, the LCP is larger than `maxLcpSize` or the step's Lemke work
 * budget is spent, solved by the sticking-support solve or else by the projected fallback
 * (`projected-fallback.ts`). The accepted LCP solution gives
 *
 *   v⁺ = v_free + M⁻¹(n̄ c̄_n + D̄ β̄)                                       (eqs. 27, 14)
 *
 * and the contacts' impulses (c_n along n, D β as its t1, t2 components) in `impulse`.
 *
 * Allocation: none once the scratch arrays have grown to the scene (geometric growth).
 */

import { growFloat64, growUint8, nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { createLemkeOptions, LemkeWorkspace, solveLemke, type LemkeOptions } from '../common/lemke';
import { applyContactImpulse, rowVelocityAt, type ContactRows } from './contact-rows';
import { splitOnEdges, type FrictionCone } from './friction-cone';
import { createIslands, type Islands } from './islands';
import type { LcpSolverConfig } from './lcp-options';
import type { LcpContactResults, LcpSolveStats } from './lcp-results';
import { projectedIslandSolve } from './projected-fallback';
import { addJointTrialImpulse, jointTrialVelocity, resetJointTrial, type JointContactLcp } from './joint-contact-lcp';
import { createSupportSolve, solveSupport, type SupportSolve, type SupportSolveInput } from './support-solve';
import {
  contactImpulseOf, createStewartTrinkleLcp, formStewartTrinkleLcp, type StewartTrinkleLcp,
} from './stewart-trinkle-lcp';

/** Scratch of the contact rows' velocities (`rowVelocityAt`): a number returned from a call V8 does not
 * inline is boxed on the heap. No simulation state. */
const u3 = new Float64Array(3);

/** Relative tie tolerance passed to Lemke (`LemkeOptions.tieTolerance`, its default), also the noise floor of b. */
const LEMKE_TIE_TOLERANCE = 1e-10;

/**
 * The LCPs of an island of at least this many unknowns with every contact in (points × (k + 2))
 * regularise the normal rows of their four-point manifolds (`regularizeDependentNormals`). A smaller
 * island's LCP is solved as written: when its warm start fails, Lemke from scratch is cheap and its
 * lexicographic rule resolves the degeneracy exactly. A large one cannot afford that (a cold run on the
 * 800 unknowns of a 20-box stack takes 200–650 pivots and about the whole step's work budget).
 */
const REGULARIZED_LCP_SIZE = 200;

/** An island of at least this many unknowns with every contact in (points × (k + 2)) tries the
 * sticking-support solve before Lemke: on a large island at rest it is exact to the compliance and
 * about as cheap as one factorization of the island's body-space system, where Lemke's dense tableau
 * costs O(n²) per pivot and often runs out of the work budget (a base-4 pyramid of 10 boxes: Lemke ran
 * out of budget in 38 of 60 steps). */
const SUPPORT_FIRST_SIZE = REGULARIZED_LCP_SIZE;

/** Work of one point in one projected-fallback sweep (three rows: J v and M⁻¹Jᵀλ on two bodies), in the
 * budget's units (≈ multiply–adds). */
export const FALLBACK_POINT_WORK = 100;

/** The island solve's settings, workspaces and scratch (one per solver). */
export interface IslandSolve {
  readonly options: Readonly<LcpSolverConfig>;
  readonly cone: FrictionCone;
  readonly islands: Islands;
  readonly lcp: StewartTrinkleLcp;
  readonly rows: ContactRows;
  readonly lemke: LemkeWorkspace;
  readonly lemkeOptions: LemkeOptions;
  readonly stats: LcpSolveStats;
  readonly results: LcpContactResults;
  /** `[4]` an impulse split onto the cone's edges (`splitOnEdges`). */
  readonly split: Float64Array;
  /** `[≥ LCP size]` the warm-start guess (indices of the previous step's support). */
  guess: Int32Array;
  /** `[3 × contacts]` J v_free per contact (n, t1, t2; unit: m/s). */
  freeVelocity: Float64Array;
  /** `[3 × contacts]` the step's contact impulse (c_n, f1, f2; unit: N·s). */
  impulse: Float64Array;
  /** `[contacts]` 1 when the contact is in its island's LCP. */
  selected: Uint8Array;
  /** `[3 × bodies]` velocity change of the current island's trial solution (m/s, rad/s). */
  dv: Float64Array;
  dw: Float64Array;
  /** Lemke work left in this step (entries touched; starts at `lemkeWorkBudget`). */
  workLeft: number;
  /** The sticking-support solve (`support-solve.ts`) and its inputs. */
  readonly support: SupportSolve;
  readonly supportInput: SupportSolveInput;
  /** Whether the current island's LCPs regularise their four-point manifolds' normal rows (the island
   * has at least {@link REGULARIZED_LCP_SIZE} unknowns with every contact in). */
  regularize: boolean;
  /** The contacts on direct joint islands, their LCP blocks taken through the joints
   * (`joint-contact-lcp.ts`), or undefined (set by the solver each step). */
  joints: JointContactLcp | undefined;
}

export function createIslandSolve(
  options: Readonly<LcpSolverConfig>, cone: FrictionCone, rows: ContactRows, stats: LcpSolveStats, results: LcpContactResults,
): IslandSolve {
  const islands = createIslands();
  const lemkeOptions = createLemkeOptions();
  lemkeOptions.tieTolerance = LEMKE_TIE_TOLERANCE;
  const impulse = new Float64Array(48), dv = new Float64Array(48), dw = new Float64Array(48);
  const selected = new Uint8Array(16), freeVelocity = new Float64Array(48);
  return {
    options, cone, rows, stats, results,
    islands,
    lcp: createStewartTrinkleLcp(),
    lemke: new LemkeWorkspace(16),
    lemkeOptions,
    split: new Float64Array(4),
    guess: new Int32Array(16),
    freeVelocity,
    impulse,
    selected,
    dv,
    dw,
    workLeft: Infinity,
    support: createSupportSolve(),
    supportInput: {
      islands, rows, cone, selected, freeVelocity, gap: results.gap, impulse, dv, dw,
      regularization: options.regularization, feasibilityTolerance: options.feasibilityTolerance,
    },
    regularize: false,
    joints: undefined,
  };
}

/** Grows the per-contact and per-body scratch and the results to `nc` contacts and `nb` bodies. */
export function ensureIslandSolveScratch(s: IslandSolve, nc: number, nb: number): void {
  const results = s.results, k = s.cone.k;
  if (s.selected.length < nc) {
    const c = nextCapacity(s.selected.length, nc);
    s.freeVelocity = new Float64Array(3 * c);
    s.impulse = new Float64Array(3 * c);
    results.tangentBias = growFloat64(results.tangentBias, 2 * c);
    s.selected = new Uint8Array(c);
    results.normal = growFloat64(results.normal, c);
    results.beta = growFloat64(results.beta, k * c);
    results.lambda = growFloat64(results.lambda, c);
    results.gap = growFloat64(results.gap, c);
    results.status = growUint8(results.status, c);
  }
  if (s.dv.length < 3 * nb) {
    const c = nextCapacity(s.dv.length / 3, nb);
    s.dv = new Float64Array(3 * c);
    s.dw = new Float64Array(3 * c);
  }
}

/** Solves island `island` of `s.islands` (see the file header): applies its velocity change to the
 * bodies and writes its contacts' impulses and results. */
export function solveIsland(s: IslandSolve, problem: ConstraintProblem, bodies: SolverBodies, island: number, h: number): void {
  const o = s.options, islands = s.islands, lcp = s.lcp, results = s.results, k = s.cone.k;
  const { selected, freeVelocity, impulse, dv, dw } = s;
  const cs = islands.contactStart[island], ce = islands.contactStart[island + 1];
  const bs = islands.bodyStart[island], be = islands.bodyStart[island + 1];
  const list = islands.contacts, gap = results.gap, invH = 1 / h;
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    selected[c] = !o.activeSetHeuristic || freeVelocity[3 * c] + gap[c] * invH < 0 || problem.impulse[3 * c] > 0
      ? 1 : 0;
  }
  // A large island tries the sticking-support solve first (SUPPORT_FIRST_SIZE); if its guess fails, the
  // LCP path below runs with the selection of the §4 heuristic.
  if (o.supportSolve && (ce - cs) * (k + 2) >= SUPPORT_FIRST_SIZE) {
    if (solveBySupport(s, problem, bodies, island, h)) return;
    for (let i = cs; i < ce; i++) {
      const c = list[i];
      selected[c] = !o.activeSetHeuristic || freeVelocity[3 * c] + gap[c] * invH < 0 || problem.impulse[3 * c] > 0 ? 1 : 0;
    }
  }
  let ok = true;
  let grown = false;
  for (;;) {
    for (let i = bs; i < be; i++) {
      const b3 = 3 * islands.bodies[i];
      dv[b3] = 0; dv[b3 + 1] = 0; dv[b3 + 2] = 0; dw[b3] = 0; dw[b3 + 1] = 0; dw[b3 + 2] = 0;
    }
    // formed only if the work left pays for N (n² entries) and the size cap allows it
    const formable = Math.min(o.maxLcpSize, Math.floor(Math.sqrt(Math.max(s.workLeft, 0))));
    if (s.joints !== undefined) resetJointTrial(s.joints, list, cs, ce);
    formStewartTrinkleLcp(lcp, problem, s.rows, bodies, s.cone, list, cs, ce - cs, selected, freeVelocity, gap, h, formable, s.joints);
    if (lcp.p > 0) {
      if (lcp.n > formable) {
        if (lcp.n <= o.maxLcpSize) s.stats.workBudgetStops++;
        ok = false;
        break;
      }
      const form = lcp.n * lcp.n;
      s.stats.formWork += form;
      s.workLeft -= form;
      s.regularize = (ce - cs) * (k + 2) >= REGULARIZED_LCP_SIZE;
      if (!solveFormed(s, problem, grown ? impulse : problem.impulse)) { ok = false; break; }
      for (let a = 0; a < lcp.p; a++) {
        const c = lcp.contact[a];
        contactImpulseOf(lcp, s.cone, a, impulse, 3 * c);
        applyContactImpulse(problem, s.rows, bodies, c, impulse, 3 * c, dv, dw);
        if (s.joints !== undefined) addJointTrialImpulse(s.joints, c, impulse[3 * c], impulse[3 * c + 1], impulse[3 * c + 2]);
      }
    }
    if (!o.activeSetHeuristic || !growActiveSet(s, problem, cs, ce, invH)) break;
    grown = true;
    s.stats.activeSetGrowths++;
  }
  if (!ok) {
    if (!o.supportSolve || !solveBySupport(s, problem, bodies, island, h)) solveByFallback(s, problem, bodies, cs, ce, h);
    return;
  }
  // Accept: v⁺ = v_free + M⁻¹(n̄ c̄_n + D̄ β̄).
  applyVelocityChange(s, bodies, island);
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    results.status[c] = 0;
    results.normal[c] = 0;
    results.lambda[c] = 0;
    results.beta.fill(0, k * c, k * c + k);
    impulse[3 * c] = 0; impulse[3 * c + 1] = 0; impulse[3 * c + 2] = 0;
  }
  const z = lcp.z;
  for (let a = 0; a < lcp.p; a++) {
    const c = lcp.contact[a];
    contactImpulseOf(lcp, s.cone, a, impulse, 3 * c);
    results.status[c] = 1;
    results.normal[c] = z[lcp.normalIndex[a]];
    const bi = lcp.betaOffset[a];
    if (bi < 0) continue;
    for (let j = 0; j < k; j++) results.beta[k * c + j] = z[bi + j];
    results.lambda[c] = z[lcp.lambdaIndex[a]];
  }
}

/** The §4 active-set growth: selects every left-out contact of the island's contacts `cs … ce − 1`
 * violated at the trial velocity (beyond `feasibilityTolerance`). Returns whether any was added. */
function growActiveSet(s: IslandSolve, problem: ConstraintProblem, cs: number, ce: number, invH: number): boolean {
  const list = s.islands.contacts, gap = s.results.gap, selected = s.selected;
  let grew = false;
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    if (selected[c]) continue;
    rowVelocityAt(problem, s.rows, c, 0, s.dv, s.dw, u3, 0);
    let u = s.freeVelocity[3 * c] + gap[c] * invH + u3[0];
    if (s.joints !== undefined) u += jointTrialVelocity(s.joints, c);
    if (u < -s.options.feasibilityTolerance) {
      selected[c] = 1;
      grew = true;
    }
  }
  return grew;
}

/** The warm-start guess: the support of a solution, from impulses `[3 × contacts]` (c_n, f1, f2): the
 * previous step's (`problem.impulse`, kept per feature by the contact store) for an island's first
 * LCP, the last trial's (`s.impulse`) after an active-set growth. */
function buildGuess(s: IslandSolve, problem: ConstraintProblem, source: Float64Array): number {
  const lcp = s.lcp, cone = s.cone, split = s.split;
  if (s.guess.length < lcp.n) s.guess = new Int32Array(nextCapacity(s.guess.length, lcp.n));
  const guess = s.guess;
  let g = 0;
  for (let a = 0; a < lcp.p; a++) {
    const c = lcp.contact[a], cn = source[3 * c];
    if (!(cn > 0)) continue;
    guess[g++] = lcp.normalIndex[a];
    const bi = lcp.betaOffset[a];
    if (bi < 0) continue;
    const f1 = source[3 * c + 1], f2 = source[3 * c + 2];
    if (!(Math.sqrt(f1 * f1 + f2 * f2) > 1e-9 * cn)) continue;
    const edges = splitOnEdges(cone, source, 3 * c + 1, split);
    guess[g++] = bi + split[0];
    let sum = split[1];
    if (edges === 2) { guess[g++] = bi + split[2]; sum += split[3]; }
    if (sum >= problem.friction[c] * cn * (1 - 1e-6)) guess[g++] = lcp.lambdaIndex[a];
  }
  return g;
}

/** Runs Lemke on the formed LCP with what is left of the step's work budget. */
function runLemke(s: IslandSolve, n: number): ReturnType<typeof solveLemke> {
  const lcp = s.lcp, stats = s.stats;
  s.lemkeOptions.maxWork = s.workLeft;
  const res = solveLemke(s.lemke, n, lcp.N, lcp.b, lcp.z, lcp.w, s.lemkeOptions);
  stats.lemkePivots += res.pivots;
  stats.warmStartRepairs += res.repairs;
  stats.lemkeWork += res.work;
  s.workLeft -= res.work;
  return res;
}

/** Solves the formed LCP (Lemke, then one regularised retry). Returns false if both fail, or if the
 * step's work budget is spent (`workBudgetStops`). */
function solveFormed(s: IslandSolve, problem: ConstraintProblem, guessSource: Float64Array): boolean {
  const lcp = s.lcp, stats = s.stats, o = s.options, lemkeOptions = s.lemkeOptions;
  const n = lcp.n;
  if (!(s.workLeft > 0)) { stats.workBudgetStops++; return false; }
  stats.lcpSolves++;
  // Noise floor: entries of b within Lemke's tie tolerance of 0 are set to exactly 0. Round-off leaves
  // entries such as −4e-34 where the exact value is 0 (e.g. the friction rows of a body at rest); Lemke
  // starts whenever min b < 0, but its ratio test then ties that row with the exact zeros (λ rows), the
  // lexicographic rule may pick a λ row, and the run can end on a secondary ray although z = 0 solves.
  let bMax = 0;
  for (let i = 0; i < n; i++) bMax = Math.max(bMax, Math.abs(lcp.b[i]));
  const floor = 4 * LEMKE_TIE_TOLERANCE * bMax;
  for (let i = 0; i < n; i++) if (Math.abs(lcp.b[i]) <= floor) lcp.b[i] = 0;
  if (n > stats.lcpSize) stats.lcpSize = n;
  lemkeOptions.maxPivots = o.maxPivots > 0 ? o.maxPivots : 4 * n + 100;
  if (s.regularize) regularizeDependentNormals(s, problem, n);
  const g = o.warmStart ? buildGuess(s, problem, guessSource) : 0;
  lemkeOptions.activeSet = g > 0 ? s.guess : undefined;
  lemkeOptions.activeSetCount = g;
  let res = runLemke(s, n);
  if (res.warmStarted) stats.warmStarts++;
  if (res.status === 'solved' || res.status === 'trivial') return true;
  // the budget ran out, or cannot pay for this LCP: no retry (it would not either)
  if (res.workLimited) { stats.workBudgetStops++; return false; }
  if (res.status === 'secondary-ray') stats.secondaryRays++;
  else if (res.status === 'pivot-limit') stats.pivotLimits++;
  else stats.inaccurateResults++;
  // the last pivot may have spent what was left: no retry without budget
  if (!(s.workLeft > 0)) { stats.workBudgetStops++; return false; }
  // Retry once with N + ε·max(1, max N_ii)·I: strictly copositive, so Lemke terminates with a solution.
  let dmax = 1;
  for (let i = 0; i < n; i++) dmax = Math.max(dmax, lcp.N[i * n + i]);
  const eps = o.regularization * dmax;
  for (let i = 0; i < n; i++) lcp.N[i * n + i] += eps;
  stats.regularizedRetries++;
  stats.lcpSolves++;
  lemkeOptions.activeSet = undefined;
  lemkeOptions.activeSetCount = 0;
  res = runLemke(s, n);
  if (res.workLimited) stats.workBudgetStops++;
  return res.status === 'solved' || res.status === 'trivial';
}

/**
 * Regularises the normal rows of every manifold with four points in the LCP of an island of at least
 * {@link REGULARIZED_LCP_SIZE} unknowns: N_ii ← N_ii (1 + ε), ε = `regularization`. Four contact normals of one body pair constrain at most three degrees of freedom
 * (a face lying flat: the normal translation and two tilts), so their block of N is singular and the LCP
 * degenerate: its normal impulses are not unique. On a resting 20-box stack the warm start's block
 * principal pivoting repairs then stop converging after 50–140 steps (round-off violations hovering
 * just above the acceptance tolerance), Lemke from scratch needs hundreds of pivots on 800 unknowns, and
 * the island goes to the projected fallback (README, "Degenerate resting faces"). With the diagonal
 * raised by ε the block is definite and the solution unique. What it changes: such a point's w_n reads
 * −ε N_ii c_n when it pushes, a 10⁻⁹ fraction of the velocity change of its own impulse at the default
 * ε, undone by the gap term Φ/h of the next step. Points of manifolds with up to three points (spheres,
 * edges, capsules) keep the LCP as written. Counted in `regularizedPoints`.
 */
function regularizeDependentNormals(s: IslandSolve, problem: ConstraintProblem, n: number): void {
  const lcp = s.lcp, N = lcp.N, eps = s.options.regularization, store = problem.storeIndex;
  let a = 0;
  while (a < lcp.p) {
    const manifold = store[lcp.contact[a]] >> 2;
    let e = a + 1;
    while (e < lcp.p && store[lcp.contact[e]] >> 2 === manifold) e++;
    if (e - a >= 4) {
      for (let i = a; i < e; i++) {
        const d = lcp.normalIndex[i] * (n + 1);
        N[d] += eps * N[d];
      }
      s.stats.regularizedPoints += e - a;
    }
    a = e;
  }
}

/** Island `island` by the sticking-support solve (`support-solve.ts`), if its guess holds, the work
 * left pays for it and no contact of it is seen through a joint island: applies the direct solve's velocity change Δv to the bodies (exact to round-off;
 * M⁻¹ Jᵀ z of the impulses read back from the residuals agrees to about 1e-8 m/s) and writes the
 * results (status 3; the friction impulse exactly as D β on the cone's edges, λ the slip speed
 * max_j(−d_jᵀ(J_t v⁺ + b_t)), ≥ 0). Returns false (nothing changed) when it does not. */
function solveBySupport(s: IslandSolve, problem: ConstraintProblem, bodies: SolverBodies, island: number, h: number): boolean {
  const input = s.supportInput, islands = s.islands;
  // the support solve holds the bodies' own masses: an island whose contacts are seen through joints
  // (`joint-contact-lcp.ts`) is not for it
  if (s.joints !== undefined) {
    const first = s.joints.firstEntry;
    for (let i = islands.contactStart[island]; i < islands.contactStart[island + 1]; i++) if (first[islands.contacts[i]] >= 0) return false;
  }
  input.selected = s.selected; input.freeVelocity = s.freeVelocity; input.gap = s.results.gap;
  input.impulse = s.impulse; input.dv = s.dv; input.dw = s.dw;
  s.support.workLeft[0] = s.workLeft;
  const ok = solveSupport(s.support, input, problem, bodies, island, h);
  s.workLeft -= s.support.work;
  s.stats.supportWork += s.support.work;
  if (!ok) return false;
  s.stats.supportSolves++;
  const { impulse, selected, results, cone, rows } = s;
  const k = cone.k, list = islands.contacts;
  const cs = islands.contactStart[island], ce = islands.contactStart[island + 1];
  for (let i = cs; i < ce; i++) {
    const c = list[i], c3 = 3 * c;
    results.normal[c] = 0; results.lambda[c] = 0; results.status[c] = 0;
    results.beta.fill(0, k * c, k * c + k);
    if (!selected[c]) { impulse[c3] = 0; impulse[c3 + 1] = 0; impulse[c3 + 2] = 0; continue; }
    results.status[c] = 3;
    results.normal[c] = impulse[c3];
    if (problem.friction[c] > 0) frictionOnConeEdges(s, c);
  }
  applyVelocityChange(s, bodies, island);
  const v = bodies.v;
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    if (!selected[c] || !(problem.friction[c] > 0)) continue;
    rowVelocityAt(problem, rows, c, 1, v, bodies.w, u3, 1);
    rowVelocityAt(problem, rows, c, 2, v, bodies.w, u3, 2);
    const u1 = u3[1] + results.tangentBias[2 * c];
    const u2 = u3[2] + results.tangentBias[2 * c + 1];
    let lam = 0;
    for (let j = 0; j < k; j++) lam = Math.max(lam, -(cone.cos[j] * u1 + cone.sin[j] * u2));
    results.lambda[c] = lam;
  }
  return true;
}

/** Adds the island's velocity change `s.dv`, `s.dw` to its bodies' velocities. */
function applyVelocityChange(s: IslandSolve, bodies: SolverBodies, island: number): void {
  const islands = s.islands, dv = s.dv, dw = s.dw, v = bodies.v, w = bodies.w;
  for (let i = islands.bodyStart[island]; i < islands.bodyStart[island + 1]; i++) {
    const b3 = 3 * islands.bodies[i];
    v[b3] += dv[b3]; v[b3 + 1] += dv[b3 + 1]; v[b3 + 2] += dv[b3 + 2];
    w[b3] += dw[b3]; w[b3 + 1] += dw[b3 + 1]; w[b3 + 2] += dw[b3 + 2];
  }
}

/** Writes contact c's friction impulse (`s.impulse` at 3c + 1, 3c + 2) as β on the two cone edges that
 * bracket it (`results.beta`, cleared by the caller) and re-expresses the impulse exactly as D β. */
function frictionOnConeEdges(s: IslandSolve, c: number): void {
  const cone = s.cone, k = cone.k, impulse = s.impulse, beta = s.results.beta, split = s.split;
  const edges = splitOnEdges(cone, impulse, 3 * c + 1, split);
  if (edges >= 1) beta[k * c + split[0]] = split[1];
  if (edges === 2) beta[k * c + split[2]] = split[3];
  let f1 = 0, f2 = 0;
  for (let j = 0; j < k; j++) { f1 += beta[k * c + j] * cone.cos[j]; f2 += beta[k * c + j] * cone.sin[j]; }
  impulse[3 * c + 1] = f1; impulse[3 * c + 2] = f2;
}

/** The island's contacts `cs … ce − 1` by the projected fallback; their impulses re-expressed exactly
 * as D β on the cone's edges, λ from the slip velocity. */
function solveByFallback(s: IslandSolve, problem: ConstraintProblem, bodies: SolverBodies, cs: number, ce: number, h: number): void {
  const results = s.results, cone = s.cone, k = cone.k, impulse = s.impulse, rows = s.rows;
  s.stats.projectedFallbacks++;
  const list = s.islands.contacts;
  // `fallbackIterations` sweeps if the work left pays for them, else what it pays for, at least
  // `fallbackMinIterations` (the budget's documented overshoot)
  const sweepWork = (ce - cs) * FALLBACK_POINT_WORK;
  const affordable = Math.floor(Math.max(s.workLeft, 0) / sweepWork);
  // an integer (at most `fallbackIterations`) kept as one: `affordable` may be Infinity, and a number that
  // may not be a small integer is boxed when passed to a call V8 does not inline
  const sweeps = Math.min(s.options.fallbackIterations, Math.max(s.options.fallbackMinIterations, affordable)) | 0;
  s.stats.fallbackSweeps += sweeps;
  s.stats.fallbackWork += sweeps * sweepWork;
  s.workLeft -= sweeps * sweepWork;
  projectedIslandSolve(problem, rows, bodies, cone, list, cs, ce, results.gap, results.tangentBias, h, sweeps, impulse);
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    results.status[c] = 2;
    results.normal[c] = impulse[3 * c];
    results.beta.fill(0, k * c, k * c + k);
    results.lambda[c] = 0;
    if (!(problem.friction[c] > 0)) continue;
    frictionOnConeEdges(s, c);
    let lam = 0;
    rowVelocityAt(problem, rows, c, 1, bodies.v, bodies.w, u3, 1);
    rowVelocityAt(problem, rows, c, 2, bodies.v, bodies.w, u3, 2);
    const u1 = u3[1], u2 = u3[2];
    for (let j = 0; j < k; j++) lam = Math.max(lam, -(cone.cos[j] * u1 + cone.sin[j] * u2));
    results.lambda[c] = lam;
  }
}
