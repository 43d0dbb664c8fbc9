/**
 * The accurate solver, kind `'lcp'`: Stewart–Trinkle implicit time stepping with a polyhedral friction
 * cone, one LCP per island and step, solved exactly by Lemke's algorithm with lexicographic degeneracy
 * resolution (Stewart & Trinkle 1996; digest §A3–§A5, §A9,
 * §C2). See `README.md` in this folder for the equations and the choices made.
 *
 * One step of length h (this file's `solve`):
 *   0. impact phase (optional hook, `impact-phase.ts`) on the pre-force velocities;
 *   1. v_free = (v + h a) / (1 + h c)  for every dynamic body (gravity, applied force and torque, implicit
 *      damping; the PGS kernel `integrateVelocities`, no angular-speed clamp);
 *   2. rows with witness-point anchors (`contact-rows.ts`), Φ and J v_free per contact; then per island
 *      (`islands.ts`): form the LCP of eq. 29 over the contacts the §4 active-set heuristic selects
 *      (`stewart-trinkle-lcp.ts`), set the entries of b within Lemke's tie tolerance of 0 to 0 (noise
 *      floor, README), solve it with Lemke (warm-started from the previous step's active set), check the
 *      other contacts at v⁺ and re-solve with the violated ones added; then
 *      v⁺ = v_free + M⁻¹(n̄ c̄_n + D̄ β̄)                                       (eqs. 27, 14)
 *      If Lemke ends on a secondary ray, at its pivot cap or with a result that fails its residual check
 *      (`'inaccurate'`): retry once with N + εI; if that fails too,
 *      or the LCP is larger than `maxLcpSize`, or the step's Lemke work budget (`lemkeWorkBudget`) runs
 *      out, solve the island by the projected fallback (`projected-fallback.ts`). All are counted in the stats;
 *   3. q⁺ = q + h v⁺ through the pose deltas: Δp += h v⁺, Δq ← normalize(exp(hω⁺/2) ⊗ Δq) (the PGS
 *      kernel `integratePositions`);
 *   4. the impulses go back into `problem.impulse` (c_n along n; D β as its t1, t2 components), which the
 *      contact store keeps per feature id for the next step's warm start.
 * No restitution: the step is inelastic (§A10). Joints: Drumwright's implicit step (`joint-implicit.ts`)
 * on v_free before the LCP (1b), once more after it (2b), and the rigid rows' position projection after
 * step 3 (3b). The PLUS impact phase (0) holds the rigid joint rows as equality constraints of the
 * impact (`../plus/joint-space.ts`); its joint impulses are added to the joints' step impulse.
 *
 * Allocation: none once the scratch arrays have grown to the scene (geometric growth).
 */

import { growFloat64, growUint8, nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { ConstraintSolver, SolverProblem, SolveStats, StepContext } from '../constraint-solver';
import { integratePositions, integrateVelocities } from '../common/body-integration';
import { applyContactImpulse, buildContactRows, contactGaps, createContactRows, rowVelocity, type ContactRows } from './contact-rows';
import { createFrictionCone, splitOnEdges, type FrictionCone } from './friction-cone';
import type { ImpactPhase, ImpactStats } from '../common/impact-phase';
import { advanceToImpact, createImpactAdvance, integrateRemaining, restoreSeparations } from './time-of-impact';
import { buildIslands, createIslands } from './islands';
import type { LcpSolverOptions } from './lcp-options';
import { LemkeWorkspace, solveLemke, type LemkeOptions } from '../common/lemke';
import { projectedIslandSolve } from './projected-fallback';
import { contactImpulseOf, createStewartTrinkleLcp, formStewartTrinkleLcp } from './stewart-trinkle-lcp';
import { augmentInertia, createImplicitJoints, projectJointPositions, solveJointsImplicit, type ImplicitJoints } from './joint-implicit';

/** Relative tie tolerance passed to Lemke (`LemkeOptions.tieTolerance`, its default), also the noise floor of b. */
const LEMKE_TIE_TOLERANCE = 1e-10;

/** Work of one contact point's rows per step (anchors, Φ, J v_free; ≈ multiply–adds), in the budget's units. */
export const CONTACT_ROW_WORK = 100;
/** Work of one point in one projected-fallback sweep (three rows: J v and M⁻¹Jᵀλ on two bodies). */
export const FALLBACK_POINT_WORK = 100;

/** What one `'lcp'` step did. Every count is for the last step only. */
export interface LcpSolveStats extends SolveStats {
  /** Same as `lemkePivots` (the profiler's generic iteration count). */
  iterations: number;
  /** Lemke tableau pivots, summed over every LCP solved (0 for an accepted warm start). */
  lemkePivots: number;
  /** Islands (connected groups of dynamic bodies through contacts) with at least one contact. */
  islands: number;
  /** LCPs solved (one per island, plus one per active-set growth and per regularised retry). */
  lcpSolves: number;
  /** Largest LCP solved, in unknowns (Σ (k + 2) per frictional contact + 1 per frictionless one). */
  lcpSize: number;
  /** LCPs whose warm-start active set was accepted (0 pivots), as guessed or after repairs. */
  warmStarts: number;
  /** Principal-pivoting repairs of the warm-start active sets (`LemkeOptions.maxWarmStartRepairs`), summed. */
  warmStartRepairs: number;
  /** Re-solves because a contact left out by the §4 active-set heuristic was violated. */
  activeSetGrowths: number;
  /** Lemke stopped on a secondary ray (before the regularised retry). */
  secondaryRays: number;
  /** Lemke stopped at its pivot cap (before the regularised retry). */
  pivotLimits: number;
  /** Lemke terminated but its result failed the residual check (`'inaccurate'`, before the regularised retry). */
  inaccurateResults: number;
  /** Retries with the regularised diagonal N + εI. */
  regularizedRetries: number;
  /** Islands solved by the projected fallback (failed retry, LCP larger than `maxLcpSize`, or the
   * step's Lemke work budget spent). */
  projectedFallbacks: number;
  /** Lemke work of the step, summed over every solve (entries touched, `LemkeResult.work`; compare
   * with `lemkeWorkBudget`). */
  lemkeWork: number;
  /** LCPs that Lemke did not finish, or did not start, or that were not formed, because the step's
   * `lemkeWorkBudget` was spent (their islands went to the projected fallback; not counted in `pivotLimits`). */
  workBudgetStops: number;
  /** Work of the whole step in the budget's units (entries touched, ≈ multiply–adds): the impact phase
   * (`impactWork`), the rows (`CONTACT_ROW_WORK` per point), the LCPs formed (n² each, `formWork`), Lemke
   * (`lemkeWork`) and the projected fallback (`fallbackWork`). Never more than `lemkeWorkBudget` plus the
   * overshoots the README lists (one pivot and n² per Lemke run, the rows, `fallbackMinIterations` sweeps
   * per island once the budget is spent). Counted, never timed, so it is the same in every run. */
  stepWork: number;
  /** Work of the impact phase this step (`ImpactStats.work`; 0 without one). */
  impactWork: number;
  /** Work of forming the LCPs (n² per LCP formed). */
  formWork: number;
  /** Work of the projected fallback (`FALLBACK_POINT_WORK` per point and sweep). */
  fallbackWork: number;
  /** Projected-fallback sweeps over all islands (fewer than `fallbackIterations` per island once the
   * budget is spent). */
  fallbackSweeps: number;
  /** Bodies advanced to their time of impact within the step before the impact phase (`time-of-impact.ts`). */
  impactAdvances: number;
  /** What the impact phase reported, or undefined when there is none. */
  impact: ImpactStats | undefined;
  /** Joint step (`joint-implicit.ts`): block Gauss–Seidel sweeps, limit LCP solves and position-projection
   * iterations of the last step (0 without joints). */
  jointSweeps: number;
  jointLimitSolves: number;
  jointProjections: number;
  /** KKT residuals of the joint step after its last pass (relative; digest T12; 0 without joints):
   * primal (row equations and limit feasibility), dual (impulse bounds), complementarity. */
  jointPrimal: number;
  jointDual: number;
  jointComplementarity: number;
}

/**
 * Per-contact results of the last step, indexed like the constraint problem's contacts (valid until the
 * next step; arrays grow, so re-read the fields after each step).
 */
export interface LcpContactResults {
  /** Number of contacts (= `problem.contactCount` of the last step). */
  count: number;
  /** Friction directions per contact k. */
  k: number;
  /** `[count]` normal impulse c_n (unit: N·s). */
  normal: Float64Array;
  /** `[k × count]` friction weights β (unit: N·s): β_j of contact c at `k c + j`, along d_j. */
  beta: Float64Array;
  /** `[count]` λ, the slip-speed multiplier (unit: m/s). */
  lambda: Float64Array;
  /** `[count]` Φ, the separation at the start of the step (unit: m; negative = penetration). */
  gap: Float64Array;
  /** `[count]` 1 = in its island's final LCP, 2 = solved by the projected fallback, 0 = left out
   * (inactive by the §4 heuristic, or between two non-dynamic bodies). */
  status: Uint8Array;
}

export interface LcpSolver extends ConstraintSolver {
  readonly kind: 'lcp';
  readonly options: Readonly<LcpSolverOptions>;
  /** The impact phase run first on the pre-force velocities (undefined: every impact is inelastic). */
  readonly impactPhase: ImpactPhase | undefined;
  /** Statistics of the last step (the same object every step). */
  readonly stats: LcpSolveStats;
  /** Per-contact results of the last step. */
  readonly results: LcpContactResults;
  /** The rows of the last step (witness-point anchors, `contact-rows.ts`), indexed like the problem's contacts. */
  readonly rows: ContactRows;
  /** The joint step's state and settings (`joint-implicit.ts`; its sweep budget and tolerances may be tuned). */
  readonly joints: ImplicitJoints;
}

/**
 * Creates the `'lcp'` solver. `options` must be valid (see `plugin/accurate-solver.ts`, which validates
 * them and builds the default impact phase, PLUS). `impactPhase` runs first in every step, on the
 * pre-force velocities (undefined: the step alone, every impact perfectly inelastic).
 */
export function createLcpSolver(options: LcpSolverOptions, impactPhase: ImpactPhase | undefined): LcpSolver {
  const o = options;
  const cone: FrictionCone = createFrictionCone(o.frictionDirections);
  const k = cone.k;
  const islands = createIslands();
  const lcp = createStewartTrinkleLcp();
  const rows = createContactRows();
  const lemke = new LemkeWorkspace(16);
  const implicitJoints = createImplicitJoints();
  implicitJoints.projectionIterations = o.jointProjection;
  implicitJoints.limitLcp = o.jointLimits === 'lcp';
  implicitJoints.geometricStiffness = o.geometricStiffness;
  implicitJoints.projectionTolerance = o.jointProjectionTolerance;
  const lemkeOptions: LemkeOptions = {
    activeSet: undefined, activeSetCount: 0, maxPivots: 100, maxWork: Infinity, tieTolerance: LEMKE_TIE_TOLERANCE,
  };
  const split = new Float64Array(4);
  let guess = new Int32Array(16);
  // Per contact: J v_free (n, t1, t2), impulses (c_n, f1, f2), LCP membership.
  let freeVelocity = new Float64Array(48);
  let impulse = new Float64Array(48);
  let selected = new Uint8Array(16);
  // Per body: velocity change of the current island's trial solution.
  let dv = new Float64Array(48);
  let dw = new Float64Array(48);
  const toi = createImpactAdvance();
  const stats: LcpSolveStats = {
    iterations: 0, lemkePivots: 0, islands: 0, lcpSolves: 0, lcpSize: 0, warmStarts: 0, warmStartRepairs: 0, activeSetGrowths: 0,
    secondaryRays: 0, pivotLimits: 0, inaccurateResults: 0, regularizedRetries: 0, projectedFallbacks: 0,
    lemkeWork: 0, workBudgetStops: 0, stepWork: 0, impactWork: 0, formWork: 0, fallbackWork: 0, fallbackSweeps: 0,
    impactAdvances: 0,
    impact: undefined, jointSweeps: 0, jointLimitSolves: 0, jointProjections: 0, jointPrimal: 0, jointDual: 0,
    jointComplementarity: 0,
  };
  const results: LcpContactResults = {
    count: 0, k, normal: new Float64Array(16), beta: new Float64Array(16 * k), lambda: new Float64Array(16),
    gap: new Float64Array(16), status: new Uint8Array(16),
  };

  function ensureScratch(nc: number, nb: number): void {
    if (selected.length < nc) {
      const c = nextCapacity(selected.length, nc);
      freeVelocity = new Float64Array(3 * c);
      impulse = new Float64Array(3 * c);
      selected = new Uint8Array(c);
      results.normal = growFloat64(results.normal, c);
      results.beta = growFloat64(results.beta, k * c);
      results.lambda = growFloat64(results.lambda, c);
      results.gap = growFloat64(results.gap, c);
      results.status = growUint8(results.status, c);
    }
    if (dv.length < 3 * nb) {
      const c = nextCapacity(dv.length / 3, nb);
      dv = new Float64Array(3 * c);
      dw = new Float64Array(3 * c);
    }
  }

  /** The warm-start guess: the support of a solution, from impulses `[3 × contacts]` (c_n, f1, f2): the
   * previous step's (`problem.impulse`, kept per feature by the contact store) for an island's first
   * LCP, the last trial's (`impulse`) after an active-set growth. */
  function buildGuess(problem: ConstraintProblem, source: Float64Array): number {
    if (guess.length < lcp.n) guess = new Int32Array(nextCapacity(guess.length, lcp.n));
    let g = 0;
    for (let a = 0; a < lcp.p; a++) {
      const c = lcp.contact[a], cn = source[3 * c];
      if (!(cn > 0)) continue;
      guess[g++] = lcp.normalIndex[a];
      const bi = lcp.betaOffset[a];
      if (bi < 0) continue;
      const f1 = source[3 * c + 1], f2 = source[3 * c + 2];
      if (!(Math.sqrt(f1 * f1 + f2 * f2) > 1e-9 * cn)) continue;
      const edges = splitOnEdges(cone, f1, f2, split);
      guess[g++] = bi + split[0];
      let sum = split[1];
      if (edges === 2) { guess[g++] = bi + split[2]; sum += split[3]; }
      if (sum >= problem.friction[c] * cn * (1 - 1e-6)) guess[g++] = lcp.lambdaIndex[a];
    }
    return g;
  }

  /** Lemke work left in this step (entries touched; starts at `lemkeWorkBudget`). */
  let workLeft = Infinity;

  /** Runs Lemke on the formed LCP with what is left of the step's work budget. */
  function runLemke(n: number): ReturnType<typeof solveLemke> {
    lemkeOptions.maxWork = workLeft;
    const res = solveLemke(lemke, n, lcp.N, lcp.b, lcp.z, lcp.w, lemkeOptions);
    stats.lemkePivots += res.pivots;
    stats.warmStartRepairs += res.repairs;
    stats.lemkeWork += res.work;
    workLeft -= res.work;
    return res;
  }

  /** Solves the formed LCP (Lemke, then one regularised retry). Returns false if both fail, or if the
   * step's work budget is spent (`workBudgetStops`). */
  function solveFormed(problem: ConstraintProblem, guessSource: Float64Array): boolean {
    const n = lcp.n;
    if (!(workLeft > 0)) { stats.workBudgetStops++; return false; }
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
    const g = o.warmStart ? buildGuess(problem, guessSource) : 0;
    lemkeOptions.activeSet = g > 0 ? guess : undefined;
    lemkeOptions.activeSetCount = g;
    let res = runLemke(n);
    if (res.warmStarted) stats.warmStarts++;
    if (res.status === 'solved' || res.status === 'trivial') return true;
    // the budget ran out, or cannot pay for this LCP: no retry (it would not either)
    if (res.workLimited) { stats.workBudgetStops++; return false; }
    if (res.status === 'secondary-ray') stats.secondaryRays++;
    else if (res.status === 'pivot-limit') stats.pivotLimits++;
    else stats.inaccurateResults++;
    // the last pivot may have spent what was left: no retry without budget
    if (!(workLeft > 0)) { stats.workBudgetStops++; return false; }
    // Retry once with N + ε·max(1, max N_ii)·I: strictly copositive, so Lemke terminates with a solution.
    let dmax = 1;
    for (let i = 0; i < n; i++) dmax = Math.max(dmax, lcp.N[i * n + i]);
    const eps = o.regularization * dmax;
    for (let i = 0; i < n; i++) lcp.N[i * n + i] += eps;
    stats.regularizedRetries++;
    stats.lcpSolves++;
    lemkeOptions.activeSet = undefined;
    lemkeOptions.activeSetCount = 0;
    res = runLemke(n);
    if (res.workLimited) stats.workBudgetStops++;
    return res.status === 'solved' || res.status === 'trivial';
  }

  function solveIsland(problem: ConstraintProblem, bodies: SolverBodies, island: number, h: number): void {
    const cs = islands.contactStart[island], ce = islands.contactStart[island + 1];
    const bs = islands.bodyStart[island], be = islands.bodyStart[island + 1];
    const list = islands.contacts, gap = results.gap, invH = 1 / h;
    for (let i = cs; i < ce; i++) {
      const c = list[i];
      selected[c] = !o.activeSetHeuristic || freeVelocity[3 * c] + gap[c] * invH < 0 || problem.impulse[3 * c] > 0
        ? 1 : 0;
    }
    let ok = true;
    let grown = false;
    for (;;) {
      for (let i = bs; i < be; i++) {
        const b3 = 3 * islands.bodies[i];
        dv[b3] = 0; dv[b3 + 1] = 0; dv[b3 + 2] = 0; dw[b3] = 0; dw[b3 + 1] = 0; dw[b3 + 2] = 0;
      }
      // formed only if the work left pays for N (n² entries) and the size cap allows it
      const formable = Math.min(o.maxLcpSize, Math.floor(Math.sqrt(Math.max(workLeft, 0))));
      formStewartTrinkleLcp(lcp, problem, rows, bodies, cone, list, cs, ce - cs, selected, freeVelocity, gap, h, formable);
      if (lcp.p > 0) {
        if (lcp.n > formable) {
          if (lcp.n <= o.maxLcpSize) stats.workBudgetStops++;
          ok = false;
          break;
        }
        const form = lcp.n * lcp.n;
        stats.formWork += form;
        workLeft -= form;
        if (!solveFormed(problem, grown ? impulse : problem.impulse)) { ok = false; break; }
        for (let a = 0; a < lcp.p; a++) {
          const c = lcp.contact[a];
          contactImpulseOf(lcp, cone, a, impulse, 3 * c);
          applyContactImpulse(problem, rows, bodies, c, impulse[3 * c], impulse[3 * c + 1], impulse[3 * c + 2], dv, dw);
        }
      }
      if (!o.activeSetHeuristic) break;
      let grew = false;
      for (let i = cs; i < ce; i++) {
        const c = list[i];
        if (selected[c]) continue;
        if (freeVelocity[3 * c] + gap[c] * invH + rowVelocity(problem, rows, c, 0, dv, dw) < -o.feasibilityTolerance) {
          selected[c] = 1;
          grew = true;
        }
      }
      if (!grew) break;
      grown = true;
      stats.activeSetGrowths++;
    }
    if (!ok) {
      solveByFallback(problem, bodies, cs, ce, h);
      return;
    }
    // Accept: v⁺ = v_free + M⁻¹(n̄ c̄_n + D̄ β̄).
    const v = bodies.v, w = bodies.w;
    for (let i = bs; i < be; i++) {
      const b3 = 3 * islands.bodies[i];
      v[b3] += dv[b3]; v[b3 + 1] += dv[b3 + 1]; v[b3 + 2] += dv[b3 + 2];
      w[b3] += dw[b3]; w[b3 + 1] += dw[b3 + 1]; w[b3 + 2] += dw[b3 + 2];
    }
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
      contactImpulseOf(lcp, cone, a, impulse, 3 * c);
      results.status[c] = 1;
      results.normal[c] = z[lcp.normalIndex[a]];
      const bi = lcp.betaOffset[a];
      if (bi < 0) continue;
      for (let j = 0; j < k; j++) results.beta[k * c + j] = z[bi + j];
      results.lambda[c] = z[lcp.lambdaIndex[a]];
    }
  }

  function solveByFallback(problem: ConstraintProblem, bodies: SolverBodies, cs: number, ce: number, h: number): void {
    stats.projectedFallbacks++;
    const list = islands.contacts;
    // `fallbackIterations` sweeps if the work left pays for them, else what it pays for, at least
    // `fallbackMinIterations` (the budget's documented overshoot)
    const sweepWork = (ce - cs) * FALLBACK_POINT_WORK;
    const affordable = Math.floor(Math.max(workLeft, 0) / sweepWork);
    const sweeps = Math.min(o.fallbackIterations, Math.max(o.fallbackMinIterations, affordable));
    stats.fallbackSweeps += sweeps;
    stats.fallbackWork += sweeps * sweepWork;
    workLeft -= sweeps * sweepWork;
    projectedIslandSolve(problem, rows, bodies, cone, list, cs, ce, results.gap, h, sweeps, impulse);
    for (let i = cs; i < ce; i++) {
      const c = list[i];
      results.status[c] = 2;
      results.normal[c] = impulse[3 * c];
      results.beta.fill(0, k * c, k * c + k);
      results.lambda[c] = 0;
      if (!(problem.friction[c] > 0)) continue;
      const edges = splitOnEdges(cone, impulse[3 * c + 1], impulse[3 * c + 2], split);
      if (edges >= 1) results.beta[k * c + split[0]] = split[1];
      if (edges === 2) results.beta[k * c + split[2]] = split[3];
      // Re-express the stored impulse exactly as D β.
      let f1 = 0, f2 = 0, lam = 0;
      const u1 = rowVelocity(problem, rows, c, 1, bodies.v, bodies.w), u2 = rowVelocity(problem, rows, c, 2, bodies.v, bodies.w);
      for (let j = 0; j < k; j++) {
        const bj = results.beta[k * c + j];
        f1 += bj * cone.cos[j]; f2 += bj * cone.sin[j];
        lam = Math.max(lam, -(cone.cos[j] * u1 + cone.sin[j] * u2));
      }
      impulse[3 * c + 1] = f1; impulse[3 * c + 2] = f2;
      results.lambda[c] = lam;
    }
  }

  return {
    kind: 'lcp',
    options,
    impactPhase,
    stats,
    results,
    rows,
    joints: implicitJoints,
    solve(solverProblem: SolverProblem, bodies: SolverBodies, ctx: StepContext): SolveStats {
      const problem = solverProblem.contacts;
      const h = ctx.h;
      stats.lemkePivots = 0; stats.islands = 0; stats.lcpSolves = 0; stats.lcpSize = 0; stats.warmStarts = 0; stats.warmStartRepairs = 0;
      stats.activeSetGrowths = 0; stats.secondaryRays = 0; stats.pivotLimits = 0; stats.inaccurateResults = 0;
      stats.regularizedRetries = 0;
      stats.projectedFallbacks = 0;
      stats.lemkeWork = 0; stats.workBudgetStops = 0; stats.formWork = 0; stats.fallbackWork = 0; stats.fallbackSweeps = 0;
      workLeft = o.lemkeWorkBudget;
      const timed = ctx.profile;
      let t0 = timed ? ctx.clock() : 0;
      // 0. Impact phase on the pre-force velocities (digest of Uchida, Sherman & Delp 2015, §6.3, step 3),
      // at the configuration where the bodies touch: bodies that hit something within the step are
      // advanced to the touch first (time-of-impact.ts) and travel only the rest of the step in 3.
      const advanced = impactPhase !== undefined && advanceToImpact(problem, bodies, h, toi);
      stats.impactAdvances = advanced ? toi.count : 0;
      stats.impact = impactPhase === undefined ? undefined : impactPhase.resolve(solverProblem, bodies, ctx, workLeft);
      stats.impactWork = stats.impact?.work ?? 0;
      workLeft -= stats.impactWork;
      if (advanced) restoreSeparations(problem, toi);
      if (timed) { const t = ctx.clock(); ctx.detail.impactMs = t - t0; t0 = t; }
      // 1. Free velocities v_free = v + h M⁻¹ k (with implicit damping), no angular-speed clamp.
      integrateVelocities(bodies, h, Infinity);
      // 1b. Joints: Drumwright's implicit step on v_free (joint-implicit.ts), before the contacts, with the
      // geometric-stiffness inertia of loaded bodies (augmentInertia).
      const joints = solverProblem.joints.rowCount > 0 ? solverProblem.joints : undefined;
      const augmented = joints !== undefined && augmentInertia(implicitJoints, joints, bodies, h);
      if (joints !== undefined) solveJointsImplicit(implicitJoints, joints, bodies, h, o.warmStart, true);
      // the impact phase's joint impulses count in the step's joint impulse (average force, breaking)
      const jointImpact = stats.impact?.jointImpulse;
      if (joints !== undefined && jointImpact !== undefined && jointImpact.length >= joints.rowCount) {
        for (let r = 0; r < joints.rowCount; r++) joints.stepImpulse[r] += jointImpact[r];
      }
      const nc = problem.contactCount;
      workLeft -= nc * CONTACT_ROW_WORK;
      ensureScratch(nc, bodies.count);
      results.count = nc;
      contactGaps(problem, bodies, results.gap);
      buildContactRows(rows, problem, bodies, results.gap, augmented ? implicitJoints.augmented : undefined);
      // Penetration is recovered at most at maxPushoutSpeed: b_n = n̄ᵀv_free + Φ/h with Φ ≥ −h·v_push
      // (eq. 29 recovers all of Φ in one step: 0.5 m of overlap became a 30 m/s separation and energy
      // from nothing). Speculative gaps (Φ > 0) are kept.
      const minGap = -options.maxPushoutSpeed * h;
      for (let c = 0; c < nc; c++) if (results.gap[c] < minGap) results.gap[c] = minGap;
      for (let c = 0; c < nc; c++) {
        freeVelocity[3 * c] = rowVelocity(problem, rows, c, 0, bodies.v, bodies.w);
        freeVelocity[3 * c + 1] = rowVelocity(problem, rows, c, 1, bodies.v, bodies.w);
        freeVelocity[3 * c + 2] = rowVelocity(problem, rows, c, 2, bodies.v, bodies.w);
        impulse[3 * c] = 0; impulse[3 * c + 1] = 0; impulse[3 * c + 2] = 0;
        results.normal[c] = 0; results.lambda[c] = 0; results.status[c] = 0;
        results.beta.fill(0, k * c, k * c + k);
      }
      // 2. One LCP per island.
      buildIslands(islands, problem, bodies);
      stats.islands = islands.count;
      if (timed) { const t = ctx.clock(); ctx.detail.lcpBuildMs = t - t0; t0 = t; }
      let slowest = 0, slowestSize = 0, fallbackMs = 0;
      for (let i = 0; i < islands.count; i++) {
        if (!timed) { solveIsland(problem, bodies, i, h); continue; }
        const fb = stats.projectedFallbacks, t = ctx.clock();
        solveIsland(problem, bodies, i, h);
        const ms = ctx.clock() - t;
        if (stats.projectedFallbacks > fb) fallbackMs += ms;
        if (ms > slowest) { slowest = ms; slowestSize = islands.contactStart[i + 1] - islands.contactStart[i]; }
      }
      stats.stepWork = stats.impactWork + nc * CONTACT_ROW_WORK + stats.formWork + stats.lemkeWork + stats.fallbackWork;
      // 2b. Joints again with the contact impulses in place (one block Gauss–Seidel round).
      if (joints !== undefined && islands.count > 0) solveJointsImplicit(implicitJoints, joints, bodies, h, o.warmStart, false);
      if (timed) ctx.detail.lemkeMs = ctx.clock() - t0;
      // 3. q⁺ = q + h v⁺ (the advanced bodies: q⁺ = q + t_b v⁻ + (h − t_b) v⁺).
      if (advanced) integrateRemaining(bodies, toi, h);
      else integratePositions(bodies, h);
      // 3b. Joints: position projection of the rigid rows (post-stabilization, joint-implicit.ts).
      if (joints !== undefined) projectJointPositions(implicitJoints, joints, bodies, h);
      // 4. Impulses back for the warm start and the contact store.
      for (let c = 0; c < nc; c++) {
        problem.impulse[3 * c] = impulse[3 * c];
        problem.impulse[3 * c + 1] = impulse[3 * c + 1];
        problem.impulse[3 * c + 2] = impulse[3 * c + 2];
        problem.maxNormalImpulse[c] = impulse[3 * c];
      }
      stats.iterations = stats.lemkePivots;
      const ij = implicitJoints, hasJoints = joints !== undefined;
      stats.jointSweeps = hasJoints ? ij.sweeps : 0;
      stats.jointLimitSolves = hasJoints ? ij.limitSolves : 0;
      stats.jointProjections = hasJoints ? ij.projections : 0;
      stats.jointPrimal = hasJoints ? ij.kkt.primal : 0;
      stats.jointDual = hasJoints ? ij.kkt.dual : 0;
      stats.jointComplementarity = hasJoints ? ij.kkt.complementarity : 0;
      if (timed) {
        const d = ctx.detail;
        d.lemkePivots = stats.lemkePivots;
        d.islands = stats.islands;
        d.lcpSolves = stats.lcpSolves;
        d.lcpSize = stats.lcpSize;
        d.fallbacks = stats.projectedFallbacks;
        d.lemkeWork = stats.lemkeWork;
        d.workBudgetStops = stats.workBudgetStops;
        d.stepWork = stats.stepWork;
        d.impactWork = stats.impactWork;
        d.formWork = stats.formWork;
        d.fallbackWork = stats.fallbackWork;
        d.fallbackSweeps = stats.fallbackSweeps;
        d.fallbackMs = fallbackMs;
        d.slowestIslandMs = slowest;
        d.slowestIslandPoints = slowestSize;
        d.warmStartRepairs = stats.warmStartRepairs;
        d.impactBudgetSkips = (stats.impact as { budgetSkips?: number } | undefined)?.budgetSkips ?? 0;
        d.jointSweeps = joints !== undefined ? implicitJoints.sweeps : 0;
        d.jointProjections = joints !== undefined ? implicitJoints.projections : 0;
        const im: (ImpactStats & { intervals?: number }) | undefined = stats.impact;
        d.impactRounds = im?.rounds ?? 0;
        d.impactIntervals = im?.intervals ?? 0;
      }
      return stats;
    },
  };
}
