/**
 * Sleeping, the public side (`systems/islands/islands.ts` has the rules): turning it on for a world,
 * whether a body sleeps, whether it may, waking it.
 *
 * Sleeping is off unless a world is created with `sleep: sleeping()` (or switched on with
 * {@link setSleepEnabled}): the islands stage then ships with the app, and only then. Every public call
 * that moves, pushes, reshapes or removes a body, and every joint change, wakes the island of the
 * bodies involved (`plugin/bodies.ts`, `plugin/joints.ts`, `plugin/body-properties.ts` call
 * `wakeBodies` of `plugin/wake.ts`).
 */

import { createIslandState, type IslandState, type SleepOptions } from '../systems/islands/islands';
import { requireBody } from './bodies';
import { requireWorld } from './validate';
import { PhysicsInputError, WorldInputError } from './errors';
import type { PhysicsWorld } from './world';


/**
 * The islands stage with sleeping on, for `createPhysicsWorld({ sleep: sleeping() })`. Defaults:
 * an island sleeps when all its bodies stayed below `linearThreshold` 0.05 m/s and
 * `angularThreshold` 0.05 rad/s for `timeToSleep` 0.5 s (Box2D v3's values).
 * @throws WorldInputError for a threshold or time that is not a finite number ≥ 0.
 */
export function sleeping(options: Partial<Omit<SleepOptions, 'enabled'>> = {}): IslandState {
  if (typeof options !== 'object' || options === null) throw new WorldInputError('sleep', options, 'must be an options object');
  for (const k of ['linearThreshold', 'angularThreshold', 'timeToSleep'] as const) {
    const v = options[k];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
      throw new WorldInputError(`sleep.${k}`, v, 'must be a finite number ≥ 0');
    }
  }
  return createIslandState({ ...options, enabled: true });
}

/** True when body `eid` sleeps (its island rested for the world's time to sleep).
 * @throws UnknownEntityError */
export function isSleeping(world: PhysicsWorld, body: number): boolean {
  const eid = requireBody(world, body);
  return world.bodies.sleeping[eid] === 1;
}

/** Wakes body `eid` and the bodies of its island (a no-op for an awake body).
 * @throws UnknownEntityError */
export function wakeUp(world: PhysicsWorld, body: number): void {
  const eid = requireBody(world, body);
  const s = world.islands;
  if (s !== undefined) s.stage.wakeIsland(s, world.bodies, eid);
}

/** Whether body `eid` may sleep (default true). @throws UnknownEntityError */
export function getAllowSleep(world: PhysicsWorld, body: number): boolean {
  const eid = requireBody(world, body);
  return world.bodies.allowSleep[eid] === 1;
}

/** Lets body `eid` sleep or not; `false` wakes its island and keeps it awake.
 * @throws UnknownEntityError, PhysicsInputError when `allow` is not a boolean */
export function setAllowSleep(world: PhysicsWorld, body: number, allow: boolean): void {
  const eid = requireBody(world, body);
  if (typeof allow !== 'boolean') throw new PhysicsInputError(body, 'allowSleep', allow, 'must be a boolean');
  world.bodies.allowSleep[eid] = allow ? 1 : 0;
  if (!allow) {
    wakeUp(world, body);
    world.bodies.sleepTime[eid] = 0;
  }
}

/** Turns sleeping on (with the default thresholds if the world had none) or off for the whole world;
 * off wakes every sleeping body. @throws PhysicsInputError when `enabled` is not a boolean */
export function setSleepEnabled(world: PhysicsWorld, enabled: boolean): void {
  requireWorld(world);
  if (typeof enabled !== 'boolean') throw new WorldInputError('sleep.enabled', enabled, 'must be true or false');
  if (world.islands === undefined) {
    if (enabled) world.islands = sleeping();
    return;
  }
  const s = world.islands;
  s.options.enabled = enabled;
  if (!enabled) s.stage.wakeAll(s, world.bodies);
}
