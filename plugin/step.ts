/**
 * stepWorld: one fixed step of the world. THE stage list, in order:
 *
 * | # | stage       | reads                          | writes                                              |
 * |---|-------------|--------------------------------|-----------------------------------------------------|
 * | 1 | broadphase  | collider shapes, poses         | AABBs, candidate pairs                              |
 * | 2 | narrowphase | pairs, shapes, poses           | contact store: manifolds, begin/end events          |
 * | 3 | assembly    | bodies, contacts, joints       | solver bodies, constraint rows (J, m_eff, warm start)|
 * | 4 | solve       | rows, solver bodies, h         | solver velocities and pose deltas, impulses (stored) |
 * | 5 | integrate   | solver bodies                  | poses, velocities; force accumulators cleared       |
 *
 * Events in `world.contacts` (begin / end), `world.nonFiniteBodies` and `world.brokenJoints` are valid
 * until the next step.
 */

import { query } from 'bitecs';
import { updateBroadphase } from '../systems/broadphase/broadphase';
import { updateContacts } from '../systems/narrowphase/narrowphase';
import { assembleContacts, gatherBodies } from '../systems/assembly/assembly';
import { storeResults } from '../systems/assembly/store-results';
import { integrateBodies } from '../systems/integrate/integrate';
import { assembleJoints } from '../systems/assembly/joint-rows';
import { PhysicsInputError } from './errors';
import { flushPendingEndEvents } from './bodies';
import { now } from './profiler';
import type { PhysicsWorld } from './world';

/**
 * Advances the world by `dt` seconds (one step; call it with a fixed dt, see `attachPhysics` for a
 * render-loop clock). Allocates nothing once the stores have grown to the scene.
 * @throws PhysicsInputError when dt is not a finite number > 0 (the world is unchanged).
 */
export function stepWorld(world: PhysicsWorld, dt: number): void {
  if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) {
    throw new PhysicsInputError(-1, 'dt', dt, 'must be a finite number > 0 (unit: s)');
  }
  const prof = world.profiler;
  const timed = prof.enabled;
  let t0 = timed ? now() : 0;
  const tStart = t0;
  const { ecs, bodies, colliders, contacts } = world;
  world.nonFiniteBodies.length = 0;
  world.brokenJoints.length = 0;
  contacts.beginCount = 0;
  contacts.endCount = 0;
  flushPendingEndEvents(world);

  updateBroadphase(world.broadphase, ecs, bodies, colliders, world.contactMargin, dt);
  if (timed) { const t = now(); prof.last.stages.broadphase = t - t0; t0 = t; }

  updateContacts(world.narrowphase, world.broadphase, bodies, colliders, contacts, world.contactMargin, dt);
  if (timed) { const t = now(); prof.last.stages.narrowphase = t - t0; t0 = t; }

  gatherBodies(ecs, bodies, world.gravity, world.solverBodies);
  const points = assembleContacts(contacts, bodies, world.solverBodies, world.problem);
  assembleJoints(world.joints, bodies, world.solverBodies, world.jointProblem); // joint rows (joint-rows.ts)
  if (timed) { const t = now(); prof.last.stages.assembly = t - t0; t0 = t; }

  const ctx = world.stepContext;
  ctx.h = dt;
  ctx.profile = timed;
  const stats = world.solver.solve(world.solverProblem, world.solverBodies, ctx);
  storeResults(world.solverProblem, contacts, world.joints, world.brokenJoints); // warm start, joint forces, breaking
  if (timed) { const t = now(); prof.last.stages.solve = t - t0; t0 = t; }

  integrateBodies(world.solverBodies, bodies, world.nonFiniteBodies);
  world.stepCount++;
  world.time += dt;
  if (timed) {
    const t = now();
    const last = prof.last;
    last.stages.integrate = t - t0;
    last.total = t - tStart;
    last.bodies = query(ecs, [bodies]).length;
    last.pairs = world.broadphase.pairCount;
    let manifolds = 0;
    for (let m = 0; m < contacts.count; m++) if (contacts.pointCount[m] > 0) manifolds++;
    last.manifolds = manifolds;
    last.contacts = points;
    last.iterations = stats.iterations;
    last.solverDetail = ctx.detail;
  }
}
