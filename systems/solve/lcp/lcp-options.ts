/**
 * Options of the accurate solver `'lcp'` (Stewart–Trinkle time stepping solved by Lemke's algorithm).
 * See `systems/solve/lcp/README.md` for the formulation and why the defaults are what they are. The
 * impact phase run before the LCP is chosen where the world builds the solver (`plugin/accurate-solver.ts`,
 * whose `LcpOptions` adds `impacts`, `plus` and `impactPhase` to these).
 */

export interface LcpSolverOptions {
  /**
   * k, the number of edges of the polyhedral friction cone per contact (eq. 12 of Stewart & Trinkle 1996): the
   * friction directions are d_j = cos(2πj/k) t1 + sin(2πj/k) t2, j = 0..k−1, from the assembled
   * tangents t1, t2. An even integer in 4..64 (even, so that every d_i has its opposite, eq. 13)
   * (default 8, the paper's octagon in 3D). Each frictional contact adds k + 2 unknowns to the LCP.
   */
  frictionDirections: number;
  /**
   * The paper's §4 active-set heuristic (default true): the LCP first holds only the contacts active at
   * the previous step (warm-start normal impulse > 0) and those violated at the prediction q + h v_free
   * (Φ/h + v_n,free < 0); after the solve every other contact of the island is checked
   * (Φ/h + v_n⁺ ≥ −`feasibilityTolerance`) and the violated ones are added and the LCP re-solved.
   * When false, every contact point of the island enters the LCP.
   */
  activeSetHeuristic: boolean;
  /**
   * Warm-start Lemke (default true) with the support of the previous step's solution, recovered per
   * contact from the feature-matched impulses the contact store carries from step to step (normal
   * impulse > 0, the one or two cone edges the friction impulse lies on, λ when the friction was
   * saturated). The guess is verified (`solveLemke`'s warm start); a wrong guess costs one small LU.
   */
  warmStart: boolean;
  /**
   * Relative diagonal regularisation ε (default 1e-9), used twice. (1) In an island of at least 200
   * unknowns (every contact in), the normal rows of each four-point manifold (a face lying flat: four
   * dependent normals) become N_ii (1 + ε), so that the degenerate LCP of a resting stack has unique
   * normal impulses and its warm start keeps being accepted (README, "Degenerate resting faces"). (2) The
   * single retry after Lemke stops on a secondary ray or at its pivot cap: N + ε · max(1, maxᵢ N_ii) · I.
   * With ε > 0 the matrix is strictly copositive, so Lemke terminates with a solution. If the retry
   * fails too, the island is solved by the projected fallback. A finite number > 0.
   */
  regularization: number;
  /** Largest speed at which the step separates overlapping bodies (unit: m/s, default 3, as the fast
   * mode's `maxPushoutSpeed`): the gap Φ of eq. 29 is bounded below by −h·maxPushoutSpeed, so a deep
   * overlap is undone over several steps instead of launching the bodies. Infinity = eq. 29 as written.
   * A rigid joint limit's violation φ0 and a rigid joint row's error are bounded the same way in the
   * joint step (the same number in m/s for linear rows, rad/s for angular ones), and the joint step's
   * first pass adding more than ½ m maxPushoutSpeed² of kinetic energy (m: the jointed bodies' mass) is
   * solved again without that recovery. */
  maxPushoutSpeed: number;
  /** Largest linear speed of a body (unit: m/s, > 0, default Infinity: none); a world speed limit, as
   * Havok's and the fast mode's `pgs.maxLinearSpeed`: the free velocity v_free of step 1 is scaled down
   * to it, so the LCP and the positions see the limited velocity. */
  maxLinearSpeed: number;
  /** Largest angular speed of a body (unit: rad/s, > 0, default Infinity: none), applied as
   * `maxLinearSpeed` is (the fast mode's `pgs.maxAngularSpeed`). */
  maxAngularSpeed: number;
  /**
   * Largest LCP (number of unknowns) solved by Lemke (default 1000, i.e. about 100 frictional contact
   * points at k = 8: a 20-box stack fits; its dense tableau takes 16·n² bytes and each pivot O(n²)
   * work). A larger island goes to the sticking-support solve (`supportSolve`), then, if its guess
   * fails, to the projected fallback (counted in the stats), which does not keep tall stacks standing. The time of the LCPs that fit is bounded by `lemkeWorkBudget`. An
   * integer ≥ 1.
   */
  maxLcpSize: number;
  /**
   * The sticking-support solve (default true; `support-solve.ts`): an island is solved on the guess
   * that no contact of its support slides, by a sparse direct solve in body space, exact to the
   * compliance ε = `regularization` when the guess holds (checked against the LCP by an active set of
   * at most 40 rounds, each paid from the work budget). Tried first on an island of at least 200
   * unknowns (every contact in), and on any island Lemke could not take (LCP larger than `maxLcpSize` or
   * than the work budget pays for, or Lemke failed twice); when its guess fails the island goes to
   * Lemke, then to the projected fallback, as without it. This is what keeps a resting pyramid of 210
   * boxes (20 000 LCP unknowns) standing. Counted in `supportSolves` and `supportWork`.
   */
  supportSolve: boolean;
  /**
   * The gyroscopic term −ω × (I ω) of Euler's equations in the free velocity (default true): one Newton
   * step of backward Euler on it (Catto 2015, `integrateGyroscopic`). Without it ω stays constant in the
   * world while the inertia turns with the body, so a thin body spinning on a joint or against a contact
   * gains kinetic energy step after step (a 2.34 kg capsule of radius 0.06 m on a ball joint: 634 → 1293
   * rad/s in one step). false gives the step of the paper's equations as written (v_free = v + h M⁻¹ k).
   */
  gyroscopic: boolean;
  /** Gauss–Seidel sweeps of the projected fallback (default 100). An integer ≥ 1. */
  fallbackIterations: number;
  /** Sweeps of the projected fallback of an island once the step's work budget cannot pay for
   * `fallbackIterations` (default 10; it gets what the budget pays for, at least this many, at most
   * `fallbackIterations`). An integer ≥ 1. */
  fallbackMinIterations: number;
  /**
   * Tolerance of the active-set re-check (unit: m/s, default 1e-10): a contact left out of the LCP is
   * violated when Φ/h + v_n⁺ < −tolerance. A finite number ≥ 0.
   */
  feasibilityTolerance: number;
  /**
   * Work budget of the whole step (despite the name, since issue 15 it bounds more than Lemke): the
   * impact phase (PLUS: 9k² per island system, round and interval, its fallback's sweeps and Lemke), the
   * contact rows, the LCPs formed (n² each), Lemke over all islands, re-solves and retries, and the
   * projected fallback (unit: matrix entries touched, ≈ multiply–adds, as `LemkeResult.work` counts them:
   * n·(2n + 2) per tableau set-up, the pivot row plus nnz(pivot row) per updated row per pivot,
   * m³/3 + 3m² + n² per principal solve; default 1.5e8, about 0.3–0.6 s in Node 20 on a 2-core machine
   * shared with other jobs, less on an idle one). Counted, never timed, so results are bit-identical
   * everywhere (`stats.stepWork`). Once it is spent: impacting islands the impact phase cannot pay for are
   * left to the contact LCP (perfectly inelastic), LCPs whose N (n²) it cannot pay for are not formed,
   * and the projected fallback runs `fallbackMinIterations` sweeps. Each Lemke solve gets what is left: Lemke skips a run whose predicted work exceeds it and stops a run that reaches it
   * (a step ends at most one pivot and n² past it); then there is no regularised retry, and the island
   * goes to the projected fallback (counted in `workBudgetStops` and `projectedFallbacks`). Why: a dense
   * LCP of n unknowns costs up to O(n²) per pivot and Lemke takes about n pivots (more on the degenerate
   * LCPs of a struck pile), so one LCP of 900 unknowns is seconds of work; without a budget a ball
   * hitting the red tower of the sample level made single steps of 10–40 s (README, "Cost of a struck
   * pile"). The default covers the cold start of the 20-box stack (800 unknowns in 20 active-set
   * re-solves: 1.17e8, the largest in the validation runs); a 740-unknown LCP of the struck tower that
   * Lemke finishes needs 3.0e8 and goes to the fallback. Infinity = no budget. A number > 0.
   */
  lemkeWorkBudget: number;
  /** Lemke pivot cap per solve; 0 = 4·n + 100 (default 0). Lemke needed at most 1.33·n pivots on
   * 3000 random box-on-plane LCPs (`README.md`); a solve that runs past the cap is retried once
   * regularised, then handed to the projected fallback. An integer ≥ 0. */
  maxPivots: number;
  /**
   * Treat the joints' geometric stiffness implicitly (default false): before the joint step, each body
   * under joint load gets the inertia h² k̃, k̃ = Σ (|F| |r| + |T|) over its joints (previous step's forces,
   * anchor levers), the diagonal approximation of Andrews et al. 2017 (`joint-implicit.ts`
   * `augmentInertia`). Without it a light body under a large joint tension (h √(k̃/I) ≳ 2, e.g. a thin
   * link of a chain holding a heavy load) makes the first-order joint step unstable. Adds numerical
   * damping to those rotations only. Off by default: on a taut net of ball joints (the bench's joint
   * grid) the previous step's joint forces reach 1e9 N, the added inertia freezes the nodes' rotation and
   * the joint step stops converging (the net came apart by 1.9 m at dt 1/60; capped at 100 × the body's
   * inertia it became very slow). Turn it on for chains of thin links under heavy loads.
   */
  geometricStiffness: boolean;
  /**
   * Largest number of position-projection iterations of the rigid joint rows per step (default 32; 0 =
   * off): Gauss–Newton steps W x = −φ(q1), Δq = M⁻¹ Gᵀ x after the positions are integrated
   * (post-stabilization, `joint-implicit.ts`), until `jointProjectionTolerance` is met or 4 iterations
   * bring no smaller error. Usually 1–3 run; a joint group that drifted by a metre or a radian within the
   * step takes up to about 17. Without it a heavy load on light links (geometric stiffness with hω ≳ 1)
   * makes the first-order joint step unstable. An integer ≥ 0.
   */
  jointProjection: number;
  /** The projection stops when every rigid joint row's error is at most this (unit: m for linear rows,
   * rad for angular ones; default 1e-9). A finite number > 0. */
  jointProjectionTolerance: number;
}

/** Switches of the accurate solver kept for experiments and benchmarks, not part of the public options
 * (a world gets them through its internal `experiments` option). */
export interface LcpExperiments {
  /**
   * How the joint limit rows are solved in the joint step (default 'lcp'): 'lcp' alternates the block
   * Gauss–Seidel sweeps with one LCP over the limit rows solved by Lemke (exact complementarity, also for
   * many coupled or stiff limits; `joint-limit-lcp.ts`); 'sweeps' uses the sweeps alone.
   */
  jointLimits: 'lcp' | 'sweeps';
}

/** What the accurate solver is built with: the public options and the experiment switches. */
export interface LcpSolverConfig extends LcpSolverOptions, LcpExperiments {}

export function defaultLcpOptions(): LcpSolverConfig {
  return {
    frictionDirections: 8,
    activeSetHeuristic: true,
    warmStart: true,
    regularization: 1e-9,
    maxPushoutSpeed: 3,
    maxLinearSpeed: Infinity,
    maxAngularSpeed: Infinity,
    maxLcpSize: 1000,
    supportSolve: true,
    gyroscopic: true,
    fallbackIterations: 100,
    fallbackMinIterations: 10,
    feasibilityTolerance: 1e-10,
    maxPivots: 0,
    lemkeWorkBudget: 1.5e8,
    jointLimits: 'lcp',
    geometricStiffness: false,
    jointProjection: 32,
    jointProjectionTolerance: 1e-9,
  };
}
