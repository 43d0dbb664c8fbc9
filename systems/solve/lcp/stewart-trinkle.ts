/**
 * The accurate solver, kind `'lcp'`: Stewart–Trinkle implicit time stepping with a polyhedral friction
 * cone, one LCP per island and step, solved exactly by Lemke's algorithm with lexicographic degeneracy
 * resolution (Stewart & Trinkle 1996, eqs. 14–19 and 25–29, the active-set heuristic of §4; Cottle, Pang
 * & Stone 1992 §4.4, §4.9). See `README.md` in this folder for the equations and the choices made.
 *
 * One step of length h (this file's `solve`):
 *   0. impact phase (optional hook, `impact-phase.ts`) on the pre-force velocities;
 *   1. v_free = (v + h a) / (1 + h c)  for every dynamic body (gravity, applied force and torque, implicit
 *      damping; the shared kernel `integrateVelocities`, |v| and |ω| scaled down to `maxLinearSpeed` /
 *      `maxAngularSpeed`, default no limit), then the gyroscopic term by one implicit Newton step
 *      (`integrateGyroscopic`, option `gyroscopic`);
 *   2. rows with witness-point anchors (`contact-rows.ts`), Φ and J v_free per contact; then per island
 *      (`islands.ts`; the island solve, `island-solve.ts`): form the LCP of eq. 29 over the contacts
 *      the §4 active-set heuristic selects (`stewart-trinkle-lcp.ts`), set the entries of b within
 *      Lemke's tie tolerance of 0 to 0 (noise floor, README), solve it with Lemke (warm-started from the previous step's active set), check the
 *      other contacts at v⁺ and re-solve with the violated ones added; then
 *      v⁺ = v_free + M⁻¹(n̄ c̄_n + D̄ β̄)                                       (eqs. 27, 14)
 *      If Lemke ends on a secondary ray, at its pivot cap or with a result that fails its residual check
 *      (`'inaccurate'`): retry once with N + εI; if that fails too,
 *      or the LCP is larger than `maxLcpSize`, or the step's Lemke work budget (`lemkeWorkBudget`) runs
 *      out, solve the island by the projected fallback (`projected-fallback.ts`). All are counted in the stats;
 *   3. q⁺ = q + h v⁺ through the pose deltas: Δp += h v⁺, Δq ← normalize(exp(hω⁺/2) ⊗ Δq) (the shared
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

import { decideAnchors, tangentBiases } from './friction-anchors';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { ConstraintSolver, SolverProblem, SolveStats, StepContext } from '../constraint-solver';
import { integrateGyroscopic, integratePositions, integrateVelocities } from '../common/body-integration';
import { buildContactRows, contactGaps, createContactRows, rowVelocityAt, type ContactRows } from './contact-rows';
import { createFrictionCone } from './friction-cone';
import type { ImpactPhase, ImpactStats } from '../common/impact-phase';
import { advanceToImpact, createImpactAdvance, integrateRemaining, restoreSeparations } from './time-of-impact';
import { buildIslands } from './islands';
import type { LcpSolverConfig } from './lcp-options';
import {
  createLcpContactResults, createLcpSolveStats, resetLcpCounts, type LcpContactResults, type LcpSolveStats,
} from './lcp-results';
import { createIslandSolve, ensureIslandSolveScratch, solveIsland, type IslandSolve } from './island-solve';
import { reprojectMoved } from './reproject-moved';
import type { RigidBodyStore } from '../../../components/rigid-body';
import { createJointCouplingIslands, jointCouplingIslands, releaseJointCoupling, uncoupleOnGain } from './joint-coupling-islands';
import { beginJointContactLcp, createJointContactLcp } from './joint-contact-lcp';
import { augmentInertia, createImplicitJoints, projectJointPositions, solveJointsImplicit, type ImplicitJoints } from './joint-implicit';

export type { LcpContactResults, LcpSolveStats } from './lcp-results';
export { FALLBACK_POINT_WORK } from './island-solve';

/** Work of one contact point's rows per step (anchors, Φ, J v_free; ≈ multiply–adds), in the budget's units. */
export const CONTACT_ROW_WORK = 100;

export interface LcpSolver extends ConstraintSolver {
  readonly kind: 'lcp';
  readonly options: Readonly<LcpSolverConfig>;
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
export function createLcpSolver(options: LcpSolverConfig, impactPhase: ImpactPhase | undefined): LcpSolver {
  const o = options;
  const cone = createFrictionCone(o.frictionDirections);
  const rows = createContactRows();
  const stats = createLcpSolveStats();
  const results = createLcpContactResults(cone.k);
  const island = createIslandSolve(options, cone, rows, stats, results);
  const implicitJoints = createImplicitJoints();
  implicitJoints.projectionIterations = o.jointProjection;
  implicitJoints.limitLcp = o.jointLimits === 'lcp';
  implicitJoints.geometricStiffness = o.geometricStiffness;
  implicitJoints.projectionTolerance = o.jointProjectionTolerance;
  implicitJoints.maxLimitRecovery = o.maxPushoutSpeed;
  const toi = createImpactAdvance();
  const jointContacts = createJointContactLcp();
  const couplingIslands = createJointCouplingIslands();
  const gyroInertia = new Float64Array(9); // integrateGyroscopic's scratch

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
      resetLcpCounts(stats);
      island.workLeft = o.lemkeWorkBudget;
      const timed = ctx.profile;
      let t0 = timed ? ctx.clock() : 0;
      // 0. Impact phase on the pre-force velocities (Uchida, Sherman & Delp 2015, step 3 of their
      // algorithm), at the configuration where the bodies touch: bodies that hit something within the
      // step are advanced to the touch first (time-of-impact.ts) and travel only the rest of the step in 3.
      const advanced = impactPhase !== undefined && advanceToImpact(problem, bodies, h, toi, solverProblem.joints);
      stats.impactAdvances = advanced ? toi.count : 0;
      // the budget as the option holds it (`island.workLeft` is equal to it here, but a number read from a
      // field of doubles and passed to a call V8 does not inline is boxed on the heap)
      stats.impact = impactPhase === undefined ? undefined : impactPhase.resolve(solverProblem, bodies, ctx, o.lemkeWorkBudget);
      // read with `if`s: `?.` and `??` merge the number with `undefined`, which boxes it on the heap
      let impactWork = 0;
      if (stats.impact !== undefined && stats.impact.work !== undefined) impactWork = stats.impact.work;
      stats.impactWork = impactWork;
      island.workLeft -= stats.impactWork;
      if (advanced) restoreSeparations(problem, toi);
      if (timed) { const t = ctx.clock(); ctx.detail.impactMs = t - t0; t0 = t; }
      // 1. Free velocities v_free = v + h M⁻¹ k (with implicit damping), within the speed limits.
      integrateVelocities(bodies, h, o.maxAngularSpeed, o.maxLinearSpeed);
      if (o.gyroscopic) integrateGyroscopic(bodies, h, gyroInertia);
      // 1b. Joints: Drumwright's implicit step on v_free (joint-implicit.ts), before the contacts, with the
      // geometric-stiffness inertia of loaded bodies (augmentInertia).
      const joints = solverProblem.joints !== undefined && solverProblem.joints.rowCount > 0 ? solverProblem.joints : undefined;
      const augmented = joints !== undefined && augmentInertia(implicitJoints, joints, bodies, h);
      if (joints !== undefined) solveJointsImplicit(implicitJoints, joints, bodies, h, o.warmStart, true);
      // the impact phase's joint impulses count in the step's joint impulse (average force, breaking)
      const jointImpact = stats.impact?.jointImpulse;
      if (joints !== undefined && jointImpact !== undefined && jointImpact.length >= joints.rowCount) {
        for (let r = 0; r < joints.rowCount; r++) joints.stepImpulse[r] += jointImpact[r];
      }
      // 2. One LCP per island, seen through the joints' bilateral rows and the rigid limits 1b left
      // pushing (joint-contact-lcp.ts, joint-coupling-islands.ts); 2b. the joints again with the contact
      // impulses in place (one block Gauss–Seidel round). When 2b releases one of those limits, the
      // contacts were solved for the wrong assembly: both run once more from the state after 1b without it;
      // when 2b makes a rigid limit push that was idle after 1b, once more with it.
      // When the step still gains kinetic energy with no limit left (a jam through the bilateral rows),
      // the contacts are solved once more from there without the joints (`releaseJointCoupling`).
      const nc = problem.contactCount;
      let through = joints === undefined ? undefined : jointCouplingIslands(couplingIslands, implicitJoints.ctx.direct, joints, bodies, h);
      for (let attempt = 0; ; attempt++) {
        island.workLeft -= nc * CONTACT_ROW_WORK;
        prepareContacts(island, problem, bodies, h, augmented ? implicitJoints : undefined);
        const coupled = joints !== undefined && through !== undefined && !couplingIslands.uncoupled && beginJointContactLcp(jointContacts, through, joints, problem, rows, bodies);
        island.joints = coupled ? jointContacts : undefined;
        buildIslands(island.islands, problem, bodies, jointContacts.links, coupled ? jointContacts.linkCount : 0);
        stats.islands = island.islands.count;
        if (timed) { const t = ctx.clock(); ctx.detail.lcpBuildMs = t - t0; t0 = t; }
        let slowest = 0, slowestSize = 0, fallbackMs = 0;
        for (let i = 0; i < island.islands.count; i++) {
          if (!timed) { solveIsland(island, problem, bodies, i, h); continue; }
          const fb = stats.projectedFallbacks, t = ctx.clock();
          solveIsland(island, problem, bodies, i, h);
          const ms = ctx.clock() - t;
          if (stats.projectedFallbacks > fb) fallbackMs += ms;
          if (ms > slowest) {
            slowest = ms;
            slowestSize = island.islands.contactStart[i + 1] - island.islands.contactStart[i];
          }
        }
        stats.stepWork = stats.impactWork + (attempt + 1) * nc * CONTACT_ROW_WORK + stats.formWork + stats.lemkeWork + stats.supportWork + stats.fallbackWork;
        if (timed) { ctx.detail.fallbackMs = fallbackMs; ctx.detail.slowestIslandMs = slowest; ctx.detail.slowestIslandPoints = slowestSize; }
        if (joints === undefined || island.islands.count === 0) break;
        solveJointsImplicit(implicitJoints, joints, bodies, h, o.warmStart, false);
        if (attempt > 2) {
          // the attempts ran out: a step that still gains is solved once more with the contacts uncoupled
          through = attempt === 3 ? uncoupleOnGain(couplingIslands, implicitJoints.ctx.direct, joints, bodies, o.maxPushoutSpeed) : undefined;
          if (through === undefined) break;
          stats.couplingReleases++;
          continue;
        }
        through = releaseJointCoupling(couplingIslands, implicitJoints.ctx.direct, joints, bodies, o.maxPushoutSpeed, attempt > 0);
        if (through === undefined) break;
        stats.couplingReleases++;
      }
      // 2c. Friction anchors: which points stuck (friction-anchors.ts).
      decideAnchors(problem, rows, bodies, results.gap, results.tangentBias, h);
      if (timed) ctx.detail.lemkeMs = ctx.clock() - t0;
      // 3. q⁺ = q + h v⁺ (the advanced bodies: q⁺ = q + t_b v⁻ + (h − t_b) v⁺).
      if (advanced) integrateRemaining(bodies, toi, h);
      else integratePositions(bodies, h);
      // 3b. Joints: position projection of the rigid rows (post-stabilization, joint-implicit.ts).
      // the contacts of the jointed bodies as inequality rows (joint-projection-contacts.ts)
      if (joints !== undefined) {
        const pc = implicitJoints.projectionContacts;
        pc.problem = problem; pc.rows = rows;
        projectJointPositions(implicitJoints, joints, bodies, h);
        pc.problem = undefined; pc.rows = undefined;
      }
      // 4. Impulses back for the warm start and the contact store.
      storeImpulses(island, problem);
      reportStats(stats, implicitJoints, joints !== undefined, ctx);
      return stats;
    },
    reproject(solverProblem: SolverProblem, bodies: SolverBodies, ctx: StepContext, store: RigidBodyStore, moved: Int32Array, count: number): void {
      // the direct joint islands of this step's solve, projected again at the moved poses (3b above)
      if (solverProblem.joints !== undefined && solverProblem.joints.rowCount > 0) reprojectMoved(implicitJoints, solverProblem.joints, bodies, ctx.h, store, moved, count);
    },
  };
}

/** Step 2's inputs: the gaps Φ (with the push-out cap), the rows with witness-point anchors and
 * J v_free per contact; clears the impulses and results. */
function prepareContacts(
  s: IslandSolve, problem: ConstraintProblem, bodies: SolverBodies, h: number, augmented: ImplicitJoints | undefined,
): void {
  const results = s.results, rows = s.rows, k = s.cone.k;
  const nc = problem.contactCount;
  ensureIslandSolveScratch(s, nc, bodies.count);
  const { freeVelocity, impulse } = s;
  results.count = nc;
  contactGaps(rows, problem, bodies, results.gap);
  buildContactRows(rows, problem, bodies, results.gap, augmented?.augmented);
  // Penetration is recovered at most at maxPushoutSpeed: b_n = n̄ᵀv_free + Φ/h with Φ ≥ −h·v_push
  // (eq. 29 recovers all of Φ in one step: 0.5 m of overlap became a 30 m/s separation and energy
  // from nothing). Speculative gaps (Φ > 0) are kept.
  const minGap = -s.options.maxPushoutSpeed * h;
  for (let c = 0; c < nc; c++) if (results.gap[c] < minGap) results.gap[c] = minGap;
  for (let c = 0; c < nc; c++) {
    rowVelocityAt(problem, rows, c, 0, bodies.v, bodies.w, freeVelocity, 3 * c);
    rowVelocityAt(problem, rows, c, 1, bodies.v, bodies.w, freeVelocity, 3 * c + 1);
    rowVelocityAt(problem, rows, c, 2, bodies.v, bodies.w, freeVelocity, 3 * c + 2);
    impulse[3 * c] = 0; impulse[3 * c + 1] = 0; impulse[3 * c + 2] = 0;
    results.normal[c] = 0; results.lambda[c] = 0; results.status[c] = 0;
    results.beta.fill(0, k * c, k * c + k);
  }
  // The friction rows' position-level terms: lever arcs and friction anchors (friction-anchors.ts).
  const bias = results.tangentBias;
  tangentBiases(problem, bodies, bias, h);
  for (let c = 0; c < nc; c++) { freeVelocity[3 * c + 1] += bias[2 * c]; freeVelocity[3 * c + 2] += bias[2 * c + 1]; }
}

/** Step 4: the impulses back into the problem, for the warm start and the contact store. */
function storeImpulses(s: IslandSolve, problem: ConstraintProblem): void {
  const impulse = s.impulse;
  for (let c = 0; c < problem.contactCount; c++) {
    problem.impulse[3 * c] = impulse[3 * c];
    problem.impulse[3 * c + 1] = impulse[3 * c + 1];
    problem.impulse[3 * c + 2] = impulse[3 * c + 2];
    problem.maxNormalImpulse[c] = impulse[3 * c];
  }
}

/** The joint step's counts into the stats, and the step's counts into the profiler's detail. */
function reportStats(stats: LcpSolveStats, ij: ImplicitJoints, hasJoints: boolean, ctx: StepContext): void {
  stats.iterations = stats.lemkePivots;
  stats.jointSweeps = hasJoints ? ij.sweeps : 0;
  stats.jointLimitSolves = hasJoints ? ij.limitSolves : 0;
  stats.jointProjections = hasJoints ? ij.projections : 0;
  stats.jointPrimal = hasJoints ? ij.kkt.primal : 0;
  stats.jointDual = hasJoints ? ij.kkt.dual : 0;
  stats.jointComplementarity = hasJoints ? ij.kkt.complementarity : 0;
  if (!ctx.profile) return;
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
  d.supportSolves = stats.supportSolves;
  d.supportWork = stats.supportWork;
  d.fallbackSweeps = stats.fallbackSweeps;
  d.warmStartRepairs = stats.warmStartRepairs;
  d.impactBudgetSkips = (stats.impact as { budgetSkips?: number } | undefined)?.budgetSkips ?? 0;
  d.jointSweeps = stats.jointSweeps;
  d.jointProjections = stats.jointProjections;
  const im: (ImpactStats & { intervals?: number }) | undefined = stats.impact;
  d.impactRounds = im?.rounds ?? 0;
  d.impactIntervals = im?.intervals ?? 0;
}
