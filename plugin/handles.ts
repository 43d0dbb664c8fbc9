/**
 * Public handles of bodies, colliders and joints → store indices (`components/entity-handle.ts` has the
 * layout: generation × 2²² + index). Every public function resolves its handles here first, so a stale
 * handle (its entity removed, its index maybe reused) throws `UnknownEntityError` and never reaches
 * the entity that now lives at that index.
 */

import { hasComponent } from 'bitecs';
import { handleIndex, indexHandle, resolveHandle } from '../components/entity-handle';
import type { PhysicsWorld } from './world';

export { handleIndex };

/** The store index of body `handle`, or −1 when it is not a live body of `world` (never added, removed,
 * or a stale handle whose index a newer entity reuses). */
export function bodyIndex(world: PhysicsWorld, handle: unknown): number {
  const i = resolveHandle(world.handles, world.ecs, handle);
  return i >= 0 && hasComponent(world.ecs, i, world.bodies) ? i : -1;
}

/**
 * The public handle of the live body, collider or joint at store `index` (what `addBody`,
 * `addCollider` and `addJoint` returned for it). For code that reads the stores directly
 * (`world.contacts.bodyA[m]`, `world.colliders.body[c]` hold store indices) and must compare with
 * handles. The inverse is {@link handleIndex} (`handle & (2²² − 1)`, no check).
 */
export function entityHandle(world: PhysicsWorld, index: number): number {
  return indexHandle(world.handles, index);
}
