/**
 * What the accurate solver (`'lcp'`, `stewart-trinkle.ts`) reports: the step's statistics and the
 * per-contact results of its LCPs.
 */

import type { SolveStats } from '../constraint-solver';
import type { ImpactStats } from '../common/impact-phase';

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
  /** Contact points whose normal row was regularised because their manifold has four points in the LCP
   * (dependent normals; `island-solve.ts` `regularizeDependentNormals`), summed over the step's LCPs. */
  regularizedPoints: number;
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
  /** Islands solved by the sticking-support solve (`support-solve.ts`: tried first on islands of at
   * least 200 unknowns and on islands Lemke could not take; accepted when no contact of the support
   * slides). */
  supportSolves: number;
  /** Work of the sticking-support solves (accepted or not; budget units). */
  supportWork: number;
  /** Lemke work of the step, summed over every solve (entries touched, `LemkeResult.work`; compare
   * with `lemkeWorkBudget`). */
  lemkeWork: number;
  /** LCPs that Lemke did not finish, or did not start, or that were not formed, because the step's
   * `lemkeWorkBudget` was spent (their islands went to the projected fallback; not counted in `pivotLimits`). */
  workBudgetStops: number;
  /** Work of the whole step in the budget's units (entries touched, ≈ multiply–adds): the impact phase
   * (`impactWork`), the rows (`CONTACT_ROW_WORK` per point), the LCPs formed (n² each, `formWork`), Lemke
   * (`lemkeWork`), the sticking-support solves (`supportWork`) and the projected fallback (`fallbackWork`). Never more than `lemkeWorkBudget` plus the
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
  /** How many times the last step solved its contacts again (0–3): the joint pass after the contact LCP
   * released a limit the contacts were seen through, made one push they were not seen through, or the
   * step gained kinetic energy through them (`joint-coupling-islands.ts`). */
  couplingReleases: number;
  /** Joint step (`joint-implicit.ts`): block Gauss–Seidel sweeps, limit LCP solves and position-projection
   * iterations of the last step (0 without joints). */
  jointSweeps: number;
  jointLimitSolves: number;
  jointProjections: number;
  /** KKT residuals of the joint step after its last pass (relative; the solver certificate; 0 without joints):
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
  /** `[count]` 1 = in its island's final LCP, 2 = solved by the projected fallback, 3 = in the support of
   * the sticking-support solve (`support-solve.ts`), 0 = left out
   * (inactive by the §4 heuristic, or between two non-dynamic bodies). */
  status: Uint8Array;
  /** `[2 × count]` the friction rows' position-level terms b_t along t1, t2 (unit: m/s): the LCP's
   * friction rows are w_β = λ e + D̄ᵀ v⁺ + D̄ᵀ b_t (`friction-anchors.ts`; 0 for a rolling point). */
  tangentBias: Float64Array;
}

export function createLcpSolveStats(): LcpSolveStats {
  return {
    iterations: 0, lemkePivots: 0, islands: 0, lcpSolves: 0, lcpSize: 0, warmStarts: 0, warmStartRepairs: 0, activeSetGrowths: 0,
    regularizedPoints: 0, secondaryRays: 0, pivotLimits: 0, inaccurateResults: 0, regularizedRetries: 0, projectedFallbacks: 0,
    supportSolves: 0, supportWork: 0, lemkeWork: 0, workBudgetStops: 0, stepWork: 0, impactWork: 0, formWork: 0, fallbackWork: 0, fallbackSweeps: 0,
    impactAdvances: 0,
    impact: undefined, couplingReleases: 0, jointSweeps: 0, jointLimitSolves: 0, jointProjections: 0, jointPrimal: 0, jointDual: 0,
    jointComplementarity: 0,
  };
}

/** Zeroes the counts of the island solves (start of a step). */
export function resetLcpCounts(stats: LcpSolveStats): void {
  stats.lemkePivots = 0; stats.islands = 0; stats.lcpSolves = 0; stats.lcpSize = 0; stats.warmStarts = 0; stats.warmStartRepairs = 0;
  stats.activeSetGrowths = 0; stats.secondaryRays = 0; stats.pivotLimits = 0; stats.inaccurateResults = 0;
  stats.regularizedRetries = 0; stats.regularizedPoints = 0;
  stats.projectedFallbacks = 0; stats.supportSolves = 0; stats.supportWork = 0; stats.couplingReleases = 0;
  stats.lemkeWork = 0; stats.workBudgetStops = 0; stats.formWork = 0; stats.fallbackWork = 0; stats.fallbackSweeps = 0;
}

export function createLcpContactResults(k: number): LcpContactResults {
  return {
    count: 0, k, normal: new Float64Array(16), beta: new Float64Array(16 * k), lambda: new Float64Array(16),
    gap: new Float64Array(16), status: new Uint8Array(16), tangentBias: new Float64Array(32),
  };
}
