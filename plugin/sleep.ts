/**
 * Sleeping, the public side (`systems/islands/islands.ts` has the rules): whether a body sleeps,
 * whether it may, waking it, and turning sleeping off for a world.
 *
 * Every public call that moves, pushes, reshapes or removes a body, and every joint change, wakes the
 * island of the bodies involved (`plugin/bodies.ts`, `plugin/joints.ts` call `wakeBodies` of
 * `plugin/wake.ts`).
 */

import { wakeAll, wakeBody } from '../systems/islands/islands';
import { hasBody } from './bodies';
import { PhysicsInputError, UnknownEntityError } from './errors';
import type { PhysicsWorld } from './world';

function requireBody(world: PhysicsWorld, eid: number): void {
  if (!hasBody(world, eid)) throw new UnknownEntityError(eid);
}

/** True when body `eid` sleeps (its island rested for the world's time to sleep).
 * @throws UnknownEntityError */
export function isSleeping(world: PhysicsWorld, eid: number): boolean {
  requireBody(world, eid);
  return world.bodies.sleeping[eid] === 1;
}

/** Wakes body `eid` and the bodies of its island (a no-op for an awake body).
 * @throws UnknownEntityError */
export function wakeUp(world: PhysicsWorld, eid: number): void {
  requireBody(world, eid);
  wakeBody(world.islands, world.bodies, eid);
}

/** Whether body `eid` may sleep (default true). @throws UnknownEntityError */
export function getAllowSleep(world: PhysicsWorld, eid: number): boolean {
  requireBody(world, eid);
  return world.bodies.allowSleep[eid] === 1;
}

/** Lets body `eid` sleep or not; `false` wakes its island and keeps it awake.
 * @throws UnknownEntityError, PhysicsInputError when `allow` is not a boolean */
export function setAllowSleep(world: PhysicsWorld, eid: number, allow: boolean): void {
  requireBody(world, eid);
  if (typeof allow !== 'boolean') throw new PhysicsInputError(eid, 'allowSleep', allow, 'must be a boolean');
  world.bodies.allowSleep[eid] = allow ? 1 : 0;
  if (!allow) {
    wakeBody(world.islands, world.bodies, eid);
    world.bodies.sleepTime[eid] = 0;
  }
}

/** Turns sleeping on or off for the whole world; off wakes every sleeping body.
 * @throws PhysicsInputError when `enabled` is not a boolean */
export function setSleepEnabled(world: PhysicsWorld, enabled: boolean): void {
  if (typeof enabled !== 'boolean') throw new PhysicsInputError(-1, 'sleep.enabled', enabled, 'must be a boolean');
  world.islands.options.enabled = enabled;
  if (!enabled) wakeAll(world.islands, world.ecs, world.bodies);
}
