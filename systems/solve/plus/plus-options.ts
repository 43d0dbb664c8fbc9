/**
 * Options of the PLUS impact phase (Uchida, Sherman & Delp 2015). The material parameters (v_capture, v_plastic, e_min, e_max, μ)
 * are per contact point and come from the ConstraintProblem rows, not from here.
 * See `README.md` in this folder for what each option does and why the defaults are what they are.
 */

/** Why an interval ended (paper §2e). */
export const IntervalEnd = {
  /** α = 1: the phase (round) is complete. */
  full: 0,
  /** α = α_CP: a sliding point reached the rolling circle (slide → roll, eq. 2.12–2.13). */
  closestPoint: 1,
  /** α = α_DC: a sliding direction turned by θ_max (eq. 2.14). */
  directionChange: 2,
} as const;

/** Label of a proximal point for one impact round (paper §3b, Table 2). */
export const RoundLabel = { observing: 0, compressing: 1, expanding: 2 } as const;

/** Tangential state of a point within one interval (paper §2d, Table 1). */
export const TangentState = { none: 0, rolling: 1, sliding: 2, impending: 3 } as const;

/**
 * Snapshot handed to {@link PlusOptions.onRound} at the start of every impact round. The arrays are
 * views of the phase's workspace, valid only during the callback (copy what you keep).
 */
export interface PlusRoundEvent {
  /** Island number within this call (0-based, in order of each island's first contact). */
  island: number;
  /** Round number within the island (1-based). */
  round: number;
  /** Proximal points in the island. */
  pointCount: number;
  /** `[pointCount]` ConstraintProblem contact index of each island point. */
  contact: Int32Array;
  /** `[pointCount]` {@link RoundLabel} of each point for this round. */
  label: Uint8Array;
  /** `[pointCount]` COR e_k fixed for the round (0 for non-compressing points). */
  cor: Float64Array;
}

/**
 * Snapshot handed to {@link PlusOptions.onInterval} after every interval (views, valid only during
 * the callback). Velocities and impulses are island-local, 3 per point in the order (n, t1, t2) of
 * the ConstraintProblem's directions.
 */
export interface PlusIntervalEvent {
  island: number;
  round: number;
  /** Interval number within the island (1-based, counted over all rounds). */
  interval: number;
  /** Step length α ∈ (0, 1] applied (paper §2e). */
  alpha: number;
  /** {@link IntervalEnd} code. */
  end: number;
  pointCount: number;
  contact: Int32Array;
  label: Uint8Array;
  /** `[pointCount]` {@link TangentState} of each point in the interval (after the active set). */
  tangent: Uint8Array;
  /** `[pointCount]` 1 when the point's normal constraint stayed in the active set (compressing) or it is expanding. */
  active: Uint8Array;
  /** `[3 × pointCount]` constraint-space velocity after the interval (unit: m/s). */
  velocity: Float64Array;
  /** `[3 × pointCount]` impulse accumulated over the whole impact so far (unit: N·s). */
  impulse: Float64Array;
  /** `[3 × pointCount]` impulse applied in this interval, α·π (unit: N·s). */
  step: Float64Array;
}

export interface PlusOptions {
  /** Sliding-to-rolling transition speed v_transition (unit: m/s, default 0.1 = paper Table A1).
   * A non-observing point with ‖v_t‖ ≥ v_transition at an interval start is sliding (§2d, §3b). */
  transitionVelocity: number;
  /** Largest turn of a sliding direction within one interval θ_max (unit: rad, default 0.25 = the
   * paper's coarsest Fig. 10 value, 8 intervals for Example 1). Must be in (0, π); use a value ≥ π
   * (e.g. `Infinity`) to disable direction tracking (the paper's "fixed direction" negative control). */
  maxDirectionChange: number;
  /** Smallest step length α_min for a direction-change truncation (dimensionless, default 1e-3;
   * Fig. 10's 116 intervals of the paper need α_min ≲ 4e-3). */
  minStepLength: number;
  /** Impact rounds per island before the fallback finishes the impact (default 10; Simbody uses 5; the paper, §5, allows a cap). */
  maxRounds: number;
  /** Intervals per island (all rounds together) before the fallback finishes the impact (default 100). */
  maxIntervals: number;
  /** Largest island (proximal contact points) resolved by PLUS; larger islands go straight to the
   * fallback (default 64; the dense solves cost O((3k)³)). */
  maxIslandPoints: number;
  /** A point with normal velocity v_n ≥ −observerTolerance is observing (unit: m/s, default 1e-6).
   * Never 0: round-off would loop forever (captured points have v_n = 0, never > 0). */
  observerTolerance: number;
  /** Proximity tolerance ε: a contact point is proximal (takes part in an impact of its island) when
   * its separation at the start of the step is ≤ ε (unit: m, default 0.005; paper §3a, Fig. 6). */
  proximityTolerance: number;
  /** Also treat a point as proximal when it would close its gap within this step,
   * separation + h·min(v_n, 0) ≤ ε (default true): the impact is then resolved at the step's start
   * configuration, an O(|v_n| h) configuration error, instead of being clipped by a speculative
   * contact with no restitution. */
  anticipate: boolean;
  /** Hold the joints' rigid rows (and rigid limits at their stop) as equality constraints of every
   * impact, with `problem.joints` (default true; `joint-space.ts`): the impact then moves the articulated
   * system and leaves its joint velocity errors at ≈ 0. false: the impact treats jointed bodies as free
   * and the joint step removes the joint velocity error afterwards with a plastic impulse (cheaper:
   * islands stay the contact groups). */
  joints: boolean;
  /** Relative rank tolerance of the minimum-norm solves: singular values ≤ rankTolerance·σ_max are
   * treated as 0 (default 1e-10; B is rank-deficient whenever contacts are redundant). */
  rankTolerance: number;
  /** Relative tolerance of the active-set checks (cone and sign of the normal impulse), scaled by the
   * largest impulse of the solve (default 1e-10). */
  activeSetTolerance: number;
  /** Newton iterations per impending-slip solve (default 20, as Simbody). */
  maxNewtonIterations: number;
  /** Newton convergence: ‖F‖ ≤ newtonTolerance · impulse scale (default 1e-10, as Simbody). */
  newtonTolerance: number;
  /** Regularisation ε of the impending-slip direction x/√(‖x‖² + ε²) (unit: m/s, default 1e-7;
   * the form multiplied through by ‖x‖ does not enforce the cone when ‖x‖ → 0). */
  impendingRegularization: number;
  /** Sweeps of the fallback's projected Gauss–Seidel solves (default 200). */
  fallbackIterations: number;
  /** Called at the start of every impact round (diagnostics and tests; default none). */
  onRound?: (e: PlusRoundEvent) => void;
  /** Called after every interval (diagnostics and tests; default none). */
  onInterval?: (e: PlusIntervalEvent) => void;
}

export function defaultPlusOptions(): PlusOptions {
  return {
    transitionVelocity: 0.1,
    maxDirectionChange: 0.25,
    minStepLength: 1e-3,
    maxRounds: 10,
    maxIntervals: 100,
    maxIslandPoints: 64,
    observerTolerance: 1e-6,
    proximityTolerance: 0.005,
    anticipate: true,
    joints: true,
    rankTolerance: 1e-10,
    activeSetTolerance: 1e-10,
    maxNewtonIterations: 20,
    newtonTolerance: 1e-10,
    impendingRegularization: 1e-7,
    fallbackIterations: 200,
  };
}

/** What is wrong with one option (see {@link checkPlusOptions}). */
export interface PlusOptionProblem {
  /** The option's path, `plus.<name>`. */
  field: string;
  value: unknown;
  /** What the value must be. */
  reason: string;
}

/**
 * The first invalid option of `o`, or undefined when all are valid (θ_max may be +Infinity). The world
 * reports it as a `PhysicsInputError` (`plugin/accurate-solver.ts`); {@link resolvePlusOptions} as a
 * `RangeError`.
 */
export function checkPlusOptions(o: PlusOptions): PlusOptionProblem | undefined {
  const positive: (keyof PlusOptions)[] = ['transitionVelocity', 'observerTolerance', 'rankTolerance',
    'activeSetTolerance', 'newtonTolerance', 'impendingRegularization'];
  for (const k of positive) {
    const v = o[k] as number;
    if (typeof v !== 'number' || !Number.isFinite(v) || !(v > 0)) {
      return { field: `plus.${k}`, value: v, reason: 'must be a finite number > 0' };
    }
  }
  if (typeof o.proximityTolerance !== 'number' || !Number.isFinite(o.proximityTolerance)) {
    return { field: 'plus.proximityTolerance', value: o.proximityTolerance, reason: 'must be a finite number (unit: m)' };
  }
  const t = o.maxDirectionChange;
  if (typeof t !== 'number' || Number.isNaN(t) || !(t > 0)) {
    return { field: 'plus.maxDirectionChange', value: t, reason: 'must be > 0 (unit: rad; ≥ π disables it)' };
  }
  const a = o.minStepLength;
  if (typeof a !== 'number' || !(a > 0 && a <= 1)) {
    return { field: 'plus.minStepLength', value: a, reason: 'must be in (0, 1]' };
  }
  const ints: (keyof PlusOptions)[] = ['maxRounds', 'maxIntervals', 'maxIslandPoints', 'maxNewtonIterations',
    'fallbackIterations'];
  for (const k of ints) {
    const v = o[k] as number;
    if (!Number.isInteger(v) || v < 1) return { field: `plus.${k}`, value: v, reason: 'must be an integer ≥ 1' };
  }
  if (typeof o.anticipate !== 'boolean') return { field: 'plus.anticipate', value: o.anticipate, reason: 'must be a boolean' };
  if (typeof o.joints !== 'boolean') return { field: 'plus.joints', value: o.joints, reason: 'must be a boolean' };
  return undefined;
}

/**
 * Fills the defaults and validates.
 * @throws RangeError naming the option (`plus.<name>`) for a non-finite or out-of-range value.
 */
export function resolvePlusOptions(options: Partial<PlusOptions> = {}): PlusOptions {
  const o: PlusOptions = { ...defaultPlusOptions(), ...options };
  const problem = checkPlusOptions(o);
  if (problem !== undefined) throw new RangeError(`${problem.field} = ${String(problem.value)}: ${problem.reason}`);
  return o;
}
