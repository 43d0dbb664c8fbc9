/**
 * Public functions for colliders as their own entities: `addCollider` attaches one more collider to a
 * body at a local pose (compounds: a chair of several boxes; static geometry of many pieces),
 * `removeCollider` detaches one. Dynamic bodies then take their mass, centre of mass and principal
 * inertia from all their colliders (`plugin/body-mass.ts`: parallel-axis theorem, rotated inertia,
 * principal axes), and their body frame moves to the new centre of mass without anything moving in the
 * world. Each function validates its whole input first and throws a typed error before changing
 * anything.
 */

import { addComponent, addEntity, hasComponent, removeEntity } from 'bitecs';
import { ensureHandleCapacity, indexHandle, resolveHandle, retireIndex } from '../components/entity-handle';
import { ensureColliderCapacity, ShapeKind } from '../components/collider';
import { releaseManifold } from '../components/contact';
import { addToEntityList, removeFromEntityList } from '../components/entity-list';
import { PhysicsInputError, UnknownEntityError } from './errors';
import { requireWorld } from './validate';
import { checkShapeMotion, requireBody, resolveCollider, writeCollider, type ColliderDef } from './bodies';
import { updateBodyMass } from './body-mass';
import type { PhysicsWorld } from './world';

/**
 * Attaches a collider to `body` at `def.position` / `def.orientation` in the body frame (default: on
 * the body's origin) and returns the collider's entity id. For a dynamic body the mass properties are
 * recomputed from all its colliders (a mass or inertia given at `addBody` is kept: the mass scales the
 * distribution, the inertia stays) and the body frame moves to the new centre of mass and principal
 * axes; the collider local poses and joint anchors follow, so nothing moves in the world.
 * @throws UnknownEntityError when `body` is not a live body (e.g. removed), PhysicsInputError for a bad
 *   description (fields `collider.*`), or a plane on a non-static body.
 */
export function addCollider(world: PhysicsWorld, bodyHandle: number, def: ColliderDef): number {
  const body = requireBody(world, bodyHandle);
  const c = resolveCollider(bodyHandle, def);
  checkShapeMotion(bodyHandle, c, world.bodies.motionType[body]);
  if (c.density === undefined) c.density = 1000;
  const eid = addEntity(world.ecs);
  ensureHandleCapacity(world.handles, eid);
  ensureColliderCapacity(world.colliders, eid);
  const s = world.colliders;
  s.shape[eid] = ShapeKind.none;
  s.body[eid] = -1;
  s.firstCollider[eid] = -1;
  s.nextCollider[eid] = -1;
  s.massOverride[eid] = 0;
  addComponent(world.ecs, eid, s);
  addToEntityList(s.members, eid);
  writeCollider(world, eid, body, c);
  updateBodyMass(world, body);
  return indexHandle(world.handles, eid);
}

/** The store index of collider `handle`, or −1 when it is not a live collider of `world`. */
function colliderIndex(world: PhysicsWorld, handle: unknown): number {
  const i = resolveHandle(world.handles, world.ecs, handle);
  return i >= 0 && i < world.colliders.capacity && hasComponent(world.ecs, i, world.colliders)
    && world.colliders.shape[i] !== ShapeKind.none ? i : -1;
}

/** True when `collider` is a live collider of `world` (including the one on a body's own entity; a stale
 * handle of a removed collider is not). */
export function hasCollider(world: PhysicsWorld, collider: number): boolean {
  requireWorld(world);
  return colliderIndex(world, collider) >= 0;
}

function requireCollider(world: PhysicsWorld, collider: number): number {
  requireWorld(world);
  const i = colliderIndex(world, collider);
  if (i < 0) throw new UnknownEntityError(collider, 'collider');
  return i;
}

/**
 * Detaches and removes a collider (its contacts end; end events are reported after the next step for
 * pairs that touched). The collider `addBody` made may be removed too: the body stays, without it.
 * A dynamic body's mass properties are recomputed from the colliders left; with none left it keeps
 * its last mass and inertia.
 * @throws UnknownEntityError when it is not a live collider (never added, removed, or a stale handle).
 */
export function removeCollider(world: PhysicsWorld, handle: number): void {
  const collider = requireCollider(world, handle);
  const s = world.colliders;
  const body = s.body[collider];
  const cs = world.contacts;
  for (let m = cs.count - 1; m >= 0; m--) {
    if (cs.colliderA[m] === collider || cs.colliderB[m] === collider) {
      if (cs.touching[m]) world.narrowphase.pendingEnd.push(cs.colliderA[m], cs.colliderB[m]);
      releaseManifold(cs, m);
    }
  }
  // unlink from the body's list
  if (s.firstCollider[body] === collider) s.firstCollider[body] = s.nextCollider[collider];
  else {
    for (let c = s.firstCollider[body]; c >= 0; c = s.nextCollider[c]) {
      if (s.nextCollider[c] === collider) { s.nextCollider[c] = s.nextCollider[collider]; break; }
    }
  }
  s.shape[collider] = ShapeKind.none;
  s.shapeData[collider] = undefined;
  s.nextCollider[collider] = -1;
  world.broadphase.stale = true;
  if (collider !== body) {
    s.body[collider] = -1;
    removeEntity(world.ecs, collider);
    removeFromEntityList(s.members, collider);
    retireIndex(world.handles, collider);
  }
  updateBodyMass(world, body);
}

/** The body (its handle) a collider is attached to. @throws UnknownEntityError when it is not a live collider. */
export function getColliderBody(world: PhysicsWorld, collider: number): number {
  const i = requireCollider(world, collider);
  return indexHandle(world.handles, world.colliders.body[i]);
}

/** The colliders of `body` (newest first) into `out` (cleared first); returns `out`.
 * @throws UnknownEntityError */
export function getBodyColliders(world: PhysicsWorld, bodyHandle: number, out: number[] = []): number[] {
  const body = requireBody(world, bodyHandle);
  if (!Array.isArray(out)) throw new PhysicsInputError(bodyHandle, 'out', out, 'must be an array');
  out.length = 0;
  const s = world.colliders;
  for (let c = s.firstCollider[body]; c >= 0; c = s.nextCollider[c]) out.push(indexHandle(world.handles, c));
  return out;
}
