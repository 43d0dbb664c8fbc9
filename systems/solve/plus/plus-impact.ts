/**
 * The PLUS impact phase (Uchida, Sherman & Delp 2015): the outer loop of impact rounds (§3b, Algorithm 2 of
 * the appendix) over the islands of proximal contacts, run on the pre-force velocities before the
 * accurate solver's contact LCP (the order of Simbody's semi-explicit Euler time stepper).
 *
 * Per call:
 * 1. Proximal points (paper §3a): separation at the step start ≤ ε (`proximityTolerance`), or, with
 *    `anticipate`, separation + h·min(v_n, 0) ≤ ε. Points whose two bodies both have infinite mass
 *    are ignored.
 * 2. Islands: proximal points connected through dynamic bodies (union–find over solver bodies;
 *    static and kinematic bodies do not connect). Islands are numbered, and their points ordered, by
 *    contact index (deterministic).
 * 3. An island impacts when one of its points approaches faster than its capture velocity,
 *    −v_n ≥ v_capture and −v_n > `observerTolerance`. Then ALL its proximal points take part.
 * 4. Rounds (paper §3b, Table 2). At each round start, π_exp ← π_acc, π_acc ← 0, and each point is
 *      expanding   if π_exp > 0 (it was compressing last round, got an impulse, and e > 0),
 *      compressing if not expanding and v_n < −observerTolerance,
 *      observing   otherwise (π = 0 this round);
 *    the impact ends when no point compresses or expands. The COR e_k of each compressing point is
 *    evaluated from its v_n at the round start (`coefficient-of-restitution.ts`) and fixed for the round.
 *    Intervals (`plus-interval.ts`) follow until one has α = 1; after each, with π_step = α π:
 *      π_total += π_step,  π_acc += e ⊙ π_step,n (compressing points),  π_exp ← (1 − α) π_exp,
 *      v ← v + A π_step.
 * 5. Budget: more than `maxRounds` rounds or `maxIntervals` intervals in an island, or more than
 *    `maxIslandPoints` points, finish the island with the Poisson/PGS fallback (`poisson-fallback.ts`),
 *    counted in `fallbacks`.
 * 6. Δu = M⁻¹ Gᵀ π_total is applied to the solver bodies' v and w (nothing else is written; the
 *    problem, including `problem.impulse`, is only read). The impulses are left in `stats.impulse`.
 * Joints (`joint-space.ts`): with `problem.joints`, the rigid bilateral joint rows and the rigid limits at
 * their stop are permanent, perfectly plastic equality constraints of the impact (paper eq. 2.1b).
 * Bodies joined by such a joint are in one island (step 2). In an impacting island the start velocity
 * is first projected onto the joints' tangent space (π_b0 = −W_b⁺ G_b u), then A is replaced by the
 * articulated compliance Ã = G M̃⁻¹ Gᵀ = A − Cᵀ W_b⁺ C (C = G_b M⁻¹ Gᵀ), so that every interval's
 * impulse is the one the articulated system takes, and step 6 applies the matching joint impulses
 * π_b = −W_b⁺ C π_total with it (reported in `stats.jointImpulse`). A limit that ends the impact
 * pulling is released and its island resolved again.
 *
 * Allocation: none per call once the workspace fits the problem (largest point count, body count and
 * island). See README.md for the call contract.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { SolverProblem, StepContext } from '../constraint-solver';
import { applyIslandImpulse, addCompliance, buildIslandSystem, contactNormalVelocity } from './constraint-space';
import { coefficientOfRestitution } from './coefficient-of-restitution';
import { computeInterval } from './plus-interval';
import { finishWithFallback } from './poisson-fallback';
import { resolvePlusOptions, RoundLabel, type PlusOptions } from './plus-options';
import type { ImpactPhase, ImpactStats } from '../common/impact-phase';
import {
  createPlusWorkspace, ensureIslandCapacity, ensurePointCapacity, type PlusWorkspace, type RankDeficientSolve,
} from './plus-workspace';
import type { JointProblem } from '../../assembly/joint-rows';
import { findRoot, resetSets, unite } from '../../islands/union-find';
import { groupByIsland } from '../../islands/group-by-island';
import {
  applyJointImpulse, condenseJoints, createJointImpactSpace, gatherIslandJoints, islandJointVelocityError,
  islandHasLimit, prepareImpactJoints, projectJointVelocities, pullingLimit, saveBodyVelocities, selectImpactRows,
  unionImpactJoints, type JointImpactSpace,
} from './joint-space';

/** Counters and results of one `resolve` call. The object and its arrays are reused by the next call. */
export interface PlusImpactStats extends ImpactStats {
  /** Islands that impacted (had a point approaching faster than its capture velocity). */
  islands: number;
  /** Impact rounds over all islands (paper §3b). */
  rounds: number;
  /** Intervals over all islands and rounds (paper §2e). */
  intervals: number;
  /** Proximal contact points of the islands that impacted (they all took part). */
  contactsResolved: number;
  /** Islands finished by the Poisson/PGS fallback (round, interval or size budget exceeded). */
  fallbacks: number;
  /** Active-set passes (min-norm solves) and Gauss–Newton iterations, for profiling. */
  activeSetPasses: number;
  newtonIterations: number;
  /** Impending-slip solves where Newton failed and the friction direction was fixed by fixed-point
   * passes instead (approximate direction; see `min-norm-solve.ts`). */
  impendingFallbacks: number;
  /** Dense solves whose B was rank-deficient (redundant contacts). */
  rankDeficientSolves: number;
  /** `[3 × capacity]` impulse applied at each ConstraintProblem point c at 3c (n), 3c + 1 (t1),
   * 3c + 2 (t2) (unit: N·s, world directions of the problem); 0 for points not in an impact. */
  impulse: Float64Array;
  /** `[capacity]` per point: 0 = not in an impact, 1 = resolved by PLUS, 2 = finished by the fallback. */
  status: Uint8Array;
  /** Joint impact rows (rigid bilateral rows, rigid limits at their stop) of the impacting islands
   * (`joint-space.ts`); 0 without joint rows. */
  jointRows: number;
  /** `[≥ problem.joints.rowCount]` impulse the impact applied on each joint row of `problem.joints` (N·s or
   * N·m·s, along the row's Jacobian): the start-velocity projection plus the impulses that come with
   * the contact impulses; 0 for rows not in an impact. Empty without joints. */
  jointImpulse: Float64Array;
  /** Largest |J v| over the joint impact rows after the phase (m/s or rad/s): eq. 2.1b's residual. */
  jointVelocityError: number;
  /** Largest |J v| over the joint impact rows of the impacting islands before the phase (m/s or rad/s). */
  jointVelocityErrorBefore: number;
  /** Limit rows released because they ended an impact pulling (their island was resolved again). */
  limitReleases: number;
  /** Work of the call (matrix entries touched, ≈ multiply–adds): 9k² per island system of k points
   * (A = G M⁻¹ Gᵀ), per round and per interval (the dense update v ← v + A π), 9 × the coupled entries per
   * fallback sweep, and the fallback's Lemke work. */
  work: number;
  /** Impacting islands left to the contact LCP (perfectly inelastic) because the call's `maxWork` could
   * not pay for building their system (9k², 18k² for a fallback island), or ran out inside them (then
   * nothing of that island's impact is applied), in island order (deterministic). Work past `maxWork`:
   * at most one principal solve or Newton iteration (~(3 maxIslandPoints)³), one fallback sweep or one
   * Lemke pivot. */
  budgetSkips: number;
}

/** The PLUS model as the accurate solver's impact phase (`systems/solve/lcp/impact-phase.ts`). */
export interface PlusImpactPhase extends ImpactPhase {
  readonly options: PlusOptions;
  resolve(problem: SolverProblem, bodies: SolverBodies, ctx: StepContext): PlusImpactStats;
}

/**
 * Creates a PLUS impact phase. Call `resolve(problem, bodies, ctx)` once per step, after assembly and
 * BEFORE any applied force, gravity or warm-start impulse is added to `bodies.v` / `bodies.w`.
 * It changes only `bodies.v` and `bodies.w`.
 * Reads per point: bodyA/bodyB, direction, angularA/B, invInertiaAngularA/B, baseSeparation, rA, rB,
 * friction μ, restitution (e_max), captureVelocity, plasticVelocity, minRestitution; per body: invMass,
 * v, w; `ctx.h` (for `anticipate`).
 * `verification.rankDeficientSolve`: a reference solver used instead of the complete orthogonal
 * factorization for the rank-deficient interval systems (the tests' SVD; never needed in normal use).
 * @throws RangeError naming the option for invalid options (see `resolvePlusOptions`; the world checks
 *   them first and throws `PhysicsInputError`).
 */
export function createPlusImpactPhase(
  options: Partial<PlusOptions> = {}, verification: { rankDeficientSolve?: RankDeficientSolve } = {},
): PlusImpactPhase {
  const o = resolvePlusOptions(options);
  const ws = createPlusWorkspace();
  ws.rankDeficientSolve = verification.rankDeficientSolve;
  const js = createJointImpactSpace();
  const stats: PlusImpactStats = {
    islands: 0, rounds: 0, intervals: 0, contactsResolved: 0, fallbacks: 0, activeSetPasses: 0,
    newtonIterations: 0, impendingFallbacks: 0, rankDeficientSolves: 0, impulse: ws.impulse, status: ws.status,
    jointRows: 0, jointImpulse: js.impulse, jointVelocityError: 0, jointVelocityErrorBefore: 0, limitReleases: 0,
    work: 0, budgetSkips: 0,
  };
  return {
    options: o,
    resolve(solverProblem: SolverProblem, bodies: SolverBodies, ctx: StepContext, maxWork = Infinity): PlusImpactStats {
      const problem = solverProblem.contacts;
      ws.work = 0;
      ws.maxWork = maxWork;
      stats.budgetSkips = 0;
      const joints = solverProblem.joints;
      stats.islands = 0; stats.rounds = 0; stats.intervals = 0; stats.contactsResolved = 0;
      stats.fallbacks = 0;
      stats.jointRows = 0; stats.jointVelocityError = 0; stats.jointVelocityErrorBefore = 0; stats.limitReleases = 0;
      ws.activeSetPasses = 0; ws.newtonIterations = 0; ws.impendingFallbacks = 0; ws.rankDeficientSolves = 0;
      const n = problem.contactCount;
      ensurePointCapacity(ws, n, bodies.count);
      stats.impulse = ws.impulse;
      stats.status = ws.status;
      ws.impulse.fill(0, 0, 3 * n);
      ws.status.fill(0, 0, n);
      let jp: JointProblem | undefined = o.joints && joints !== undefined && joints.rowCount > 0 ? joints : undefined;
      if (jp !== undefined && selectImpactRows(js, jp, bodies, o.proximityTolerance, o.observerTolerance) === 0) jp = undefined;
      stats.jointImpulse = js.impulse;
      if (n > 0) {
        const islands = findIslands(ws, problem, bodies, ctx, o, jp === undefined ? undefined : js, jp);
        let ready = jp !== undefined
          && prepareImpactJoints(js, jp, bodies, ws.parent, ws.islandOfRoot, ws.islandTriggered, islands);
        for (let j = 0; j < islands; j++) {
          if (ws.islandTriggered[j] !== 1) continue;
          // the budget: an island whose system the work left cannot pay for is left to the contact LCP
          const kj = ws.islandStart[j + 1] - ws.islandStart[j];
          if (ws.work + (kj > o.maxIslandPoints ? 18 : 9) * kj * kj > ws.maxWork) { stats.budgetSkips++; continue; }
          if (!ready || jp === undefined) {
            resolveIsland(ws, problem, bodies, o, j, stats, undefined, undefined);
            continue;
          }
          // unilateral limits: resolve again without a limit that ended pulling (bounded by the limits)
          const limits = islandHasLimit(js, jp, j);
          if (limits) saveBodyVelocities(js, bodies, true);
          for (;;) {
            resolveIsland(ws, problem, bodies, o, j, stats, js, jp);
            const r = limits && js.n > 0 ? pullingLimit(js, jp) : -1;
            if (r < 0) break;
            stats.limitReleases++;
            js.include[r] = 0;
            for (let l = 0; l < js.n; l++) js.impulse[js.direct.row[js.position[l]]] = 0;
            saveBodyVelocities(js, bodies, false);
            ready = prepareImpactJoints(js, jp, bodies, ws.parent, ws.islandOfRoot, ws.islandTriggered, islands);
            if (!ready) { resolveIsland(ws, problem, bodies, o, j, stats, undefined, undefined); break; }
          }
        }
      }
      stats.activeSetPasses = ws.activeSetPasses;
      stats.newtonIterations = ws.newtonIterations;
      stats.impendingFallbacks = ws.impendingFallbacks;
      stats.rankDeficientSolves = ws.rankDeficientSolves;
      stats.work = ws.work;
      return stats;
    },
  };
}

/** Steps 1–3: proximal points, islands and triggers. Returns the number of islands. */
function findIslands(
  ws: PlusWorkspace, p: ConstraintProblem, b: SolverBodies, ctx: StepContext, o: PlusOptions,
  js: JointImpactSpace | undefined, jp: JointProblem | undefined,
): number {
  const n = p.contactCount;
  const parent = ws.parent;
  resetSets(parent, b.count);
  ws.islandOfRoot.fill(-1, 0, b.count);
  if (js !== undefined && jp !== undefined) unionImpactJoints(js, jp, b, parent);
  for (let c = 0; c < n; c++) {
    const ia = p.bodyA[c], ib = p.bodyB[c];
    const dynA = b.invMass[ia] > 0, dynB = b.invMass[ib] > 0;
    const vn = contactNormalVelocity(p, b, c);
    ws.normalVelocity[c] = vn;
    ws.proximal[c] = 0;
    ws.islandOfPoint[c] = -1;
    if (!dynA && !dynB) continue;
    const d9 = 9 * c, c3 = 3 * c;
    const sep = p.baseSeparation[c]
      + p.direction[d9] * (p.rB[c3] - p.rA[c3])
      + p.direction[d9 + 1] * (p.rB[c3 + 1] - p.rA[c3 + 1])
      + p.direction[d9 + 2] * (p.rB[c3 + 2] - p.rA[c3 + 2]);
    const eps = o.proximityTolerance;
    if (!(sep <= eps || (o.anticipate && sep + ctx.h * Math.min(vn, 0) <= eps))) continue;
    ws.proximal[c] = 1;
    if (dynA && dynB) unite(parent, ia, ib);
  }
  let islands = 0;
  for (let c = 0; c < n; c++) {
    if (ws.proximal[c] === 0) continue;
    const ia = p.bodyA[c];
    const root = findRoot(parent, b.invMass[ia] > 0 ? ia : p.bodyB[c]);
    if (ws.islandOfRoot[root] < 0) {
      ws.islandOfRoot[root] = islands;
      ws.islandTriggered[islands] = 0;
      islands++;
    }
    const j = ws.islandOfRoot[root];
    ws.islandOfPoint[c] = j;
    const vn = ws.normalVelocity[c];
    if (-vn >= p.captureVelocity[c] && -vn > o.observerTolerance) ws.islandTriggered[j] = 1;
  }
  groupByIsland(ws.islandOfPoint, n, islands, ws.islandStart, ws.islandPoints);
  return islands;
}

/** Steps 4–6 for island j (with its joint impact rows when `js`, `jp` are given and prepared). */
function resolveIsland(
  ws: PlusWorkspace, p: ConstraintProblem, b: SolverBodies, o: PlusOptions, j: number, stats: PlusImpactStats,
  js: JointImpactSpace | undefined, jp: JointProblem | undefined,
): void {
  const start = ws.islandStart[j];
  const k = ws.islandStart[j + 1] - start;
  ensureIslandCapacity(ws, k);
  for (let i = 0; i < k; i++) ws.contact[i] = ws.islandPoints[start + i];
  stats.islands++;
  stats.contactsResolved += k;
  const nb = js !== undefined ? gatherIslandJoints(js, j) : 0;
  if (js !== undefined && jp !== undefined && nb > 0) {
    stats.jointVelocityErrorBefore = Math.max(stats.jointVelocityErrorBefore, islandJointVelocityError(js, jp, b));
    projectJointVelocities(js, jp, b, j);
  }
  buildIslandSystem(ws, p, b, k);
  ws.work += 9 * k * k;
  if (js !== undefined && jp !== undefined && nb > 0) condenseJoints(js, ws, p, jp, b, k);
  for (let i = 0; i < k; i++) {
    const c = ws.contact[i];
    ws.mu[i] = p.friction[c];
    ws.capture[i] = p.captureVelocity[c];
    ws.plastic[i] = p.plasticVelocity[c];
    ws.eMax[i] = p.restitution[c];
    ws.eMin[i] = p.minRestitution[c];
    ws.piExp[i] = 0;
    ws.piAcc[i] = 0;
    ws.cor[i] = 0;
  }
  ws.piTotal.fill(0, 0, 3 * k);
  const fellBack = k > o.maxIslandPoints || runRounds(ws, k, o, j, stats);
  if (fellBack && !(ws.work > ws.maxWork)) {
    finishWithFallback(ws, k, o);
    stats.fallbacks++;
  }
  if (ws.work > ws.maxWork) {
    // the step's work budget ran out inside this island: nothing of its impact is applied (the bodies'
    // velocities are untouched until here); the contact LCP resolves it, perfectly inelastic
    stats.budgetSkips++;
    return;
  }
  applyIslandImpulse(ws, p, b, k, ws.piTotal);
  if (js !== undefined && jp !== undefined && nb > 0) {
    applyJointImpulse(js, jp, b, k, ws.piTotal);
    stats.jointRows += nb;
    stats.jointVelocityError = Math.max(stats.jointVelocityError, islandJointVelocityError(js, jp, b));
  }
  for (let i = 0; i < k; i++) ws.status[ws.contact[i]] = fellBack ? 2 : 1;
}

/**
 * The round loop (Algorithm 2). Returns true when the budget ran out; then `ws.piExp` holds the
 * expansion impulse still owed, for the fallback.
 */
function runRounds(ws: PlusWorkspace, k: number, o: PlusOptions, island: number, stats: PlusImpactStats): boolean {
  const tolV = o.observerTolerance;
  let rounds = 0, intervals = 0;
  for (;;) {
    let floor = 0;
    for (let i = 0; i < k; i++) floor = Math.max(floor, Math.abs(ws.piTotal[3 * i]));
    floor *= 1e-12;
    let any = false;
    for (let i = 0; i < k; i++) {
      const e = ws.piAcc[i];
      ws.piAcc[i] = 0;
      ws.cor[i] = 0;
      if (e > floor) {
        ws.piExp[i] = e;
        ws.label[i] = RoundLabel.expanding;
        any = true;
      } else {
        ws.piExp[i] = 0;
        if (ws.v[3 * i] < -tolV) {
          ws.label[i] = RoundLabel.compressing;
          any = true;
        } else {
          ws.label[i] = RoundLabel.observing;
        }
      }
    }
    if (!any) return false;
    if (rounds >= o.maxRounds) return true;
    rounds++;
    stats.rounds++;
    ws.work += 9 * k * k;
    // out of budget: the fallback finishes the island (its sweeps and Lemke get what is left)
    if (ws.work > ws.maxWork) return true;
    for (let i = 0; i < k; i++) {
      if (ws.label[i] !== RoundLabel.compressing) continue;
      ws.cor[i] = coefficientOfRestitution(-ws.v[3 * i], ws.capture[i], ws.plastic[i], ws.eMax[i], ws.eMin[i]);
    }
    if (o.onRound !== undefined) {
      const ev = ws.roundEvent;
      ev.island = island; ev.round = rounds; ev.pointCount = k;
      o.onRound(ev);
    }
    do {
      if (intervals >= o.maxIntervals) {
        for (let i = 0; i < k; i++) ws.piExp[i] += ws.piAcc[i];
        return true;
      }
      if (ws.work > ws.maxWork) {
        for (let i = 0; i < k; i++) ws.piExp[i] += ws.piAcc[i];
        return true;
      }
      intervals++;
      stats.intervals++;
      ws.work += 9 * k * k;
      computeInterval(ws, k, o);
      const alpha = ws.alpha;
      for (let r = 0; r < 3 * k; r++) {
        const s = alpha * ws.pi[r];
        ws.piStep[r] = s;
        ws.piTotal[r] += s;
      }
      for (let i = 0; i < k; i++) {
        if (ws.label[i] === RoundLabel.compressing) ws.piAcc[i] += ws.cor[i] * ws.piStep[3 * i];
        else if (ws.label[i] === RoundLabel.expanding) ws.piExp[i] *= 1 - alpha;
      }
      addCompliance(ws, k, ws.piStep, ws.v);
      if (o.onInterval !== undefined) {
        const ev = ws.intervalEvent;
        ev.island = island; ev.round = rounds; ev.interval = intervals; ev.alpha = alpha; ev.end = ws.end;
        ev.pointCount = k;
        o.onInterval(ev);
      }
    } while (ws.alpha < 1);
  }
}
