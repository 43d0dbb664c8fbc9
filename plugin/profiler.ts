/**
 * Per-stage timing and counts of the last step. Off by default; when off, the step makes no timer calls.
 */

/** The stages of one step, in order (see `plugin/step.ts`). */
export const STAGES = ['broadphase', 'narrowphase', 'islands', 'assembly', 'solve', 'integrate'] as const;
export type StageName = (typeof STAGES)[number];

export interface StepProfile {
  /** Time of each stage in the last step (unit: ms). */
  stages: Record<StageName, number>;
  /** Whole step (unit: ms). */
  total: number;
  /** Bodies in the world. */
  bodies: number;
  /** Sleeping bodies after the step. */
  sleeping: number;
  /** Candidate pairs from the broadphase. */
  pairs: number;
  /** Manifolds with at least one point. */
  manifolds: number;
  /** Contact points handed to the solver. */
  contacts: number;
  /** Solver iterations (substeps × sweeps for PGS, Lemke pivots for the accurate solver). */
  iterations: number;
  /** Solver-specific sub-stage times (keys ending in `Ms`, unit: ms) and counters, e.g. for the
   * accurate solver `impactMs`, `lcpBuildMs`, `lemkeMs`, `lemkePivots`, `lemkeWork`, `workBudgetStops`,
   * `islands`, `lcpSize`, `fallbacks`, `impactRounds`, `impactIntervals`, `jointSweeps`,
   * `jointProjections`, and the whole-step work budget's account (`systems/solve/lcp/README.md`):
   * `stepWork`, `impactWork`, `formWork`, `fallbackWork`, `fallbackSweeps`, `supportSolves` and
   * `supportWork` (the sticking-support solve of large islands), `impactBudgetSkips`,
   * `warmStartRepairs`, `fallbackMs` (time in islands solved by the projected fallback),
   * `slowestIslandMs`, `slowestIslandPoints`. Empty for PGS. */
  solverDetail: Record<string, number>;
}

export interface Profiler {
  enabled: boolean;
  last: StepProfile;
}

export function createProfiler(enabled = false): Profiler {
  return {
    enabled,
    last: {
      stages: { broadphase: 0, narrowphase: 0, islands: 0, assembly: 0, solve: 0, integrate: 0 },
      total: 0, bodies: 0, sleeping: 0, pairs: 0, manifolds: 0, contacts: 0, iterations: 0, solverDetail: {},
    },
  };
}

/** Monotonic clock in ms (performance.now in browsers and Node). */
export const now: () => number = () => performance.now();
