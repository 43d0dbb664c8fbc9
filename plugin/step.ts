/**
 * stepWorld: one fixed step of the world. THE stage list, in order:
 *
 * | # | stage       | reads                          | writes                                              |
 * |---|-------------|--------------------------------|-----------------------------------------------------|
 * | 1 | broadphase  | collider shapes, awake poses   | AABBs, candidate pairs                              |
 * | 2 | narrowphase | pairs, shapes, poses           | contact store: manifolds, begin/end events          |
 * | 3 | islands     | contacts, joints, sleep timers | islands woken by contact or joint; awake islands    |
 * | 4 | assembly    | awake bodies, contacts, joints | solver bodies, constraint rows (J, m_eff, warm start)|
 * | 5 | solve       | rows, solver bodies, h         | solver velocities and pose deltas, impulses (stored) |
 * | 6 | integrate   | solver bodies                  | poses, velocities; force accumulators cleared; fast |
 * |   |             |                                | thin bodies too deep in static geometry moved back  |
 * |   |             |                                | to their time of impact (continuous.ts); then       |
 * |   |             |                                | islands at rest for 0.5 s put to sleep (timed as 3) |
 *
 * Events in `world.contacts` (begin / end), `world.nonFiniteBodies` and `world.brokenJoints` are valid
 * until the next step.
 */

import { updateBroadphase } from '../systems/broadphase/broadphase';
import { updateContacts } from '../systems/narrowphase/narrowphase';
import { assembleContacts, gatherBodies } from '../systems/assembly/assembly';
import { storeResults } from '../systems/assembly/store-results';
import { integrateBodies } from '../systems/integrate/integrate';
import { NonFiniteStateError, PhysicsInputError, WorldInputError } from './errors';
import { clearBodyCaches, containNonFiniteBodies } from '../systems/integrate/non-finite';
import { createPgsSolver, type PgsSolver } from '../systems/solve/pgs/pgs-solver';
import { defaultPgsOptions } from '../systems/solve/pgs/pgs-options';
import { flushPendingEndEvents } from './bodies';
import { solveContinuous } from '../systems/integrate/continuous';
import { indexHandle } from '../components/entity-handle';
import { now, type Profiler, type StageName } from './profiler';
import type { PhysicsWorld } from './world';
import type { JointStage } from '../systems/assembly/joint-stage';

/** Smallest step accepted by {@link stepWorld} (unit: s). */
export const MIN_TIME_STEP = 1e-9;
/** Largest step accepted by {@link stepWorld} (unit: s): 10 Hz. Longer steps let fast bodies pass
 * through thin geometry and make the soft contacts too soft; take several steps instead. */
export const MAX_TIME_STEP = 0.1;

/**
 * Advances the world by `dt` seconds (one step; call it with a fixed dt, see `attachPhysics` for a
 * render-loop clock). Allocates nothing once the stores have grown to the scene.
 *
 * Fault containment: a body whose state is not finite (at the start of the step, or after the solve)
 * is reported in `world.nonFiniteBodies`, put back at its last finite pose at rest, and the warm-start
 * caches of its contacts and joints are cleared (`systems/integrate/non-finite.ts`), so no NaN reaches
 * the next step's solver. An internal failure of the contact solver (e.g. the accurate mode's LCP) is
 * never thrown: the step is solved again by the fast solver and counted in `world.solverFallbacks`.
 * @throws PhysicsInputError when `world` is not a physics world or dt is not a number in
 *   [MIN_TIME_STEP, MAX_TIME_STEP]; WorldInputError when a writable world field holds a bad value
 *   (gravity, contactMargin); in both cases before anything changes.
 * @throws NonFiniteStateError after the step when `world.throwOnNonFinite` is true and a body was
 *   contained (the world is then consistent: the body was already restored).
 */
export function stepWorld(world: PhysicsWorld, dt: number): void {
  if (typeof world !== 'object' || world === null || !(world.bodies !== undefined && world.ecs !== undefined)) {
    throw new PhysicsInputError(-1, 'world', world, 'must be a world made by createPhysicsWorld');
  }
  if (typeof dt !== 'number' || !(dt >= MIN_TIME_STEP && dt <= MAX_TIME_STEP)) {
    throw new PhysicsInputError(-1, 'dt', dt, `must be a number in [${MIN_TIME_STEP}, ${MAX_TIME_STEP}] (unit: s)`);
  }
  checkWorldFields(world);
  const prof = world.profiler;
  const timed = prof.enabled;
  let t0 = timed ? now() : 0;
  const tStart = t0;
  const { bodies, colliders, contacts } = world;
  world.nonFiniteBodies.length = 0;
  world.brokenJoints.length = 0;
  contacts.begin.count = 0;
  contacts.end.count = 0;
  flushPendingEndEvents(world);
  // the joint stage (`systems/assembly/joint-stage.ts`) is there once the world had a joint
  const jointStage = world.jointStage, jointProblem = world.solverProblem.joints;
  containNonFiniteBodies(bodies, contacts, world.nonFiniteBodies);
  if (jointStage !== undefined) clearJointCaches(jointStage, world, 0, true);

  updateBroadphase(world.broadphase, bodies, colliders, world.contactMargin, dt);
  if (timed) t0 = lap(prof, 'broadphase', t0);

  // the fast modes refresh box–box manifolds while a pair's relative pose barely changes; the accurate
  // mode makes every manifold in full (systems/narrowphase/manifold-reuse.ts)
  world.narrowphase.reuseManifolds = world.solver.kind === 'pgs';
  updateContacts(world.narrowphase, world.broadphase, bodies, colliders, contacts, world.contactMargin, dt);
  if (timed) t0 = lap(prof, 'narrowphase', t0);

  const islands = world.islands;
  const sleeping = islands !== undefined && islands.options.enabled;
  if (sleeping) {
    // a woken body that was created asleep has no manifolds yet: collide again (islands.ts)
    while (islands.stage.wakeTouchedIslands(islands, bodies, contacts, world.joints)) {
      updateBroadphase(world.broadphase, bodies, colliders, world.contactMargin, dt);
      updateContacts(world.narrowphase, world.broadphase, bodies, colliders, contacts, world.contactMargin, dt);
    }
    islands.stage.buildIslands(islands, bodies, contacts, world.joints);
  }
  if (timed) t0 = lap(prof, 'islands', t0); // the islands' sleep pass is added at the end

  gatherBodies(bodies, world.gravity, world.solverBodies);
  // the fast solver's cone projection builds its friction rows itself: the tangent rows' directions only
  const points = assembleContacts(contacts, bodies, world.solverBodies, world.problem, colliders,
    world.solver.kind === 'pgs' && (world.solver as PgsSolver).options.blockSolve !== 'exact');
  if (jointStage !== undefined && jointProblem !== undefined) jointStage.assemble(world.joints, bodies, world.solverBodies, jointProblem); // joint rows
  if (timed) t0 = lap(prof, 'assembly', t0);

  const ctx = world.stepContext;
  ctx.h = dt;
  ctx.profile = timed;
  let stats;
  let failed: boolean;
  try {
    stats = world.solver.solve(world.solverProblem, world.solverBodies, ctx);
    // a result that is not finite is an internal failure too (the accurate mode's impact phase can
    // overflow at extreme mass ratios through joints: fuzz seed 2420, 3.6e34 m/s at step 33): the solver
    // says so in `stats.failed` (the accurate solver checks, `plugin/accurate-solver.ts`); the fast
    // solver's own non-finite bodies are contained below (solving again with it would repeat them)
    failed = stats.failed === true;
  } catch {
    failed = true;
  }
  if (failed || stats === undefined) {
    // An internal failure (e.g. a singular or non-finite LCP): solve the step again from the gathered
    // state with the fast solver. The caught error is not kept (no allocation beyond the first).
    world.solverFallbacks++;
    world.fallbackSolver ??= createPgsSolver(defaultPgsOptions());
    gatherBodies(bodies, world.gravity, world.solverBodies);
    assembleContacts(contacts, bodies, world.solverBodies, world.problem, colliders);
    if (jointStage !== undefined && jointProblem !== undefined) jointStage.assemble(world.joints, bodies, world.solverBodies, jointProblem);
    stats = world.fallbackSolver.solve(world.solverProblem, world.solverBodies, ctx);
  }
  storeResults(world.solverProblem, contacts, bodies, world.joints, world.brokenJoints, jointStage); // warm start, joint forces, breaking
  if (timed) t0 = lap(prof, 'solve', t0);

  const before = world.nonFiniteBodies.length;
  integrateBodies(world.solverBodies, bodies, world.nonFiniteBodies);
  for (let k = before; k < world.nonFiniteBodies.length; k++) clearBodyCaches(contacts, world.nonFiniteBodies[k]);
  if (jointStage !== undefined) clearJointCaches(jointStage, world, before, false);
  // fast thin bodies vs static, jointed ones with their joint group; the accurate mode's joints end the
  // step projected to 1e-9 m, which moving a group back along its paths undoes: it projects them again
  solveContinuous(world.continuous, world.solverBodies, bodies, colliders, world.broadphase, world.gravity, world.joints, world.narrowphase.ctx, jointStage?.group);
  if (world.continuous.count > 0 && !failed && world.solver.reproject !== undefined) {
    world.solver.reproject(world.solverProblem, world.solverBodies, ctx, bodies, world.continuous.moved, world.continuous.count);
  }
  world.stepCount++;
  world.time += dt;
  if (timed) t0 = lap(prof, 'integrate', t0);
  if (sleeping) islands.stage.sleepIslands(islands, bodies, dt);
  if (timed) {
    const t = now();
    const last = prof.last;
    last.stages.islands += t - t0;
    last.total = t - tStart;
    last.bodies = world.solverBodies.count; // the bodies gathered this step
    let asleep = 0;
    const sb = world.solverBodies;
    for (let i = 0; i < sb.count; i++) asleep += bodies.sleeping[sb.entity[i]];
    last.sleeping = asleep;
    last.pairs = world.broadphase.pairCount;
    let manifolds = 0;
    for (let m = 0; m < contacts.count; m++) if (contacts.pointCount[m] > 0) manifolds++;
    last.manifolds = manifolds;
    last.contacts = points;
    last.iterations = stats.iterations;
    last.solverDetail = ctx.detail;
  }
  reportHandles(world);
  if (world.throwOnNonFinite && world.nonFiniteBodies.length > 0) {
    throw new NonFiniteStateError(world.nonFiniteBodies[0], world.nonFiniteBodies.slice());
  }
}

/** Records the time since `t0` (unit: ms) as stage `stage` of the last step's profile and returns now. */
function lap(prof: Profiler, stage: StageName, t0: number): number {
  const t = now();
  prof.last.stages[stage] = t - t0;
  return t;
}

/** The step's reports name bodies and joints by store index; `nonFiniteBodies` and `brokenJoints` are
 * read by apps, so they carry handles (`components/entity-handle.ts`; identity for an entity of
 * generation 0). The contact store keeps store indices (map them with `entityHandle`). */
function reportHandles(world: PhysicsWorld): void {
  const t = world.handles;
  const nf = world.nonFiniteBodies;
  for (let k = 0; k < nf.length; k++) nf[k] = indexHandle(t, nf[k]);
  const bj = world.brokenJoints;
  for (let k = 0; k < bj.length; k++) bj[k] = indexHandle(t, bj[k]);
}

/** Fault containment's joint half: the caches of the joints of the bodies `world.nonFiniteBodies[from ..]`
 * and, with `sweep`, of every joint whose warm-start forces are not finite. */
function clearJointCaches(stage: JointStage, world: PhysicsWorld, from: number, sweep: boolean): void {
  const nf = world.nonFiniteBodies;
  for (let k = from; k < nf.length; k++) stage.clearCaches(world.joints, nf[k]);
  if (sweep) stage.clearNonFinite(world.joints);
}

/** The writable world fields, checked before the step changes anything. */
function checkWorldFields(world: PhysicsWorld): void {
  const g = world.gravity;
  // element by element, without arithmetic: this runs once per step, unoptimised for thousands of steps,
  // and there every number it computes is a new boxed number (the step would allocate)
  if (!(g instanceof Float64Array) || g.length !== 3
    || !(Number.isFinite(g[0]) && Number.isFinite(g[1]) && Number.isFinite(g[2]))) {
    throw new WorldInputError('gravity', g, 'must hold 3 finite numbers (unit: m/s²)');
  }
  const m = world.contactMargin;
  if (typeof m !== 'number' || !(m >= 0 && m <= 1e3)) {
    throw new WorldInputError('contactMargin', m, 'must be a finite number ≥ 0 (unit: m)');
  }
  if (typeof world.throwOnNonFinite !== 'boolean') {
    throw new WorldInputError('throwOnNonFinite', world.throwOnNonFinite, 'must be a boolean');
  }
}
