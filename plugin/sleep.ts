/**
 * Sleeping, the public side (`systems/islands/islands.ts` has the rules): turning it on for a world,
 * whether a body sleeps, whether it may, waking it.
 *
 * Sleeping is on by default: `createPhysicsWorld({ sleep: false })` turns it off, {@link setSleepEnabled}
 * switches it at run time, `sleep: sleeping({ ... })` sets the thresholds. Every public call
 * that moves, pushes, reshapes or removes a body, and every joint change, wakes the island of the
 * bodies involved (`plugin/bodies.ts`, `plugin/joints.ts`, `plugin/body-properties.ts` call
 * `wakeBodies` of `plugin/wake.ts`).
 */

import { createIslandState, KEEP_ASLEEP, sleepBody, type IslandState, type SleepOptions } from '../systems/islands/islands';
import { colliderWorldPose } from '../systems/broadphase/collider-pose';
import { computeAabb } from '../systems/broadphase/compute-aabb';
import { MotionType } from '../components/rigid-body';
import { requireBody } from './bodies';
import { requireWorld } from './validate';
import { PhysicsInputError, WorldInputError } from './errors';
import type { PhysicsWorld } from './world';


/**
 * The islands stage with sleeping on and the given thresholds, for `createPhysicsWorld({ sleep: sleeping({ ... }) })`
 * (`sleep` left out is `sleeping()`). Defaults:
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

/**
 * Puts body `body` to sleep now, alone (a body created asleep, as Havok's `startAsleep`): it stays
 * where it is with zero velocities until something wakes it (an active body touching it, a joint to
 * an awake body, any public call that moves or pushes it). Its colliders' AABBs are brought up to date
 * first (the broadphase skips sleeping bodies). A no-op when it already sleeps.
 * @throws UnknownEntityError; PhysicsInputError (field `sleep`) when the world has sleeping off, or
 *   the body is not dynamic (only dynamic bodies sleep).
 */
export function sleepNow(world: PhysicsWorld, body: number): void {
  const eid = requireBody(world, body);
  const s = world.islands;
  if (s === undefined || !s.options.enabled) {
    throw new PhysicsInputError(body, 'sleep', false, 'sleeping is off for this world (it is on unless createPhysicsWorld was given sleep: false)');
  }
  const b = world.bodies, c = world.colliders;
  if (b.motionType[eid] !== MotionType.dynamic) throw new PhysicsInputError(body, 'sleep', body, 'only a dynamic body sleeps');
  if (b.sleeping[eid] === 1) return;
  sleepBody(s, b, eid);
  for (let k = c.firstCollider[eid]; k >= 0; k = c.nextCollider[k]) {
    colliderWorldPose(c, b, k, c.worldPose, 7 * k);
    computeAabb(c, b, k, world.contactMargin, 0);
  }
}

/**
 * Keeps body `body` asleep against contacts: it falls asleep now (see {@link sleepNow}) and bodies that
 * hit or rest on it do not wake it (it acts as fixed for them, as Havok's ALWAYS_INACTIVE); a public
 * call that moves or pushes it still wakes it, and {@link setAllowSleep} ends the mode.
 * @throws as {@link sleepNow}.
 */
export function keepAsleep(world: PhysicsWorld, body: number): void {
  sleepNow(world, body);
  world.bodies.allowSleep[requireBody(world, body)] = KEEP_ASLEEP;
}

/** Whether body `eid` may sleep (default true). @throws UnknownEntityError */
export function getAllowSleep(world: PhysicsWorld, body: number): boolean {
  const eid = requireBody(world, body);
  return world.bodies.allowSleep[eid] !== 0;
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
