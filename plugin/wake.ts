/** The wake rule every public call that changes a body or a joint follows (see `plugin/sleep.ts`). */

import { MotionType } from '../components/rigid-body';
import { WORLD_BODY } from '../components/joint';
import type { PhysicsWorld } from './world';

/**
 * The wake rule of the public calls (internal to the plugin layer; called after validation, so a
 * rejected call wakes nothing): wakes the island of each body given (`WORLD_BODY` is skipped). A static or kinematic body, or one whose neighbours
 * lose their support or see it move (`touching`: removal, teleport, shape change), also wakes every
 * island it has a manifold with. Also marks the broadphase trees stale for the queries.
 */
export function wakeBodies(world: PhysicsWorld, a: number, b = WORLD_BODY, touching = false): void {
  world.broadphase.stale = true; // a body may have moved: queries refit the broadphase trees first
  wakeOne(world, a, touching);
  if (b !== WORLD_BODY) wakeOne(world, b, touching);
}

function wakeOne(world: PhysicsWorld, e: number, touching: boolean): void {
  const s = world.islands, bodies = world.bodies;
  if (s === undefined || e === WORLD_BODY) return;
  if (touching || bodies.motionType[e] !== MotionType.dynamic) s.stage.wakeBodyAndTouching(s, bodies, world.contacts, e);
  else s.stage.wakeIsland(s, bodies, e);
}
