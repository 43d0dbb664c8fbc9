/**
 * Generational handles (`components/entity-handle.ts`): a handle kept after its body, collider or joint
 * was removed is stale for good: every public function throws `UnknownEntityError` for it, `has*`
 * answers false, and it never reads or changes the entity that reuses its store index.
 *
 * Why not bitecs 0.4's own entity-id versioning (`createEntityIndex(withVersioning())`): its ids carry
 * the version in the top bits, so every store row would need `getId`, and in 0.4.0 a recycled id is
 * keyed in the sparse set by its versioned number, so removing another entity makes a live recycled
 * entity read as not alive (checked below, so a fixed bitecs release shows up here).
 */

import { describe, expect, it } from 'vitest';
import {
  addEntity, createEntityIndex, createWorld, entityExists, removeEntity, withVersioning,
} from 'bitecs';
import {
  addBody, addCollider, addJoint, applyForce, castRay, castRayAll, createPhysicsWorld, createRayHit, createRayHitList,
  entityHandle, getBodyColliders, getColliderBody, getJointForce, getLinearVelocity, getMass, getMotionType, getPosition,
  handleIndex, hasBody, hasCollider, hasJoint, isSleeping, removeBody, removeCollider, removeJoint, setJointMotor,
  setLinearVelocity, setMotionType, setPosition, stepWorld, UnknownEntityError, wakeUp,
} from '../../plugin/index';
import { HANDLE_GENERATIONS, HANDLE_INDEX_MASK } from '../../components/entity-handle';
import { worldHash } from './world-hash';

const sphere = { shape: 'sphere', radius: 0.5 } as const;

describe('generational handles', () => {
  it('a removed body\'s handle is stale: the new body at its index is unreachable through it', () => {
    const w = createPhysicsWorld();
    const a = addBody(w, { position: [1, 2, 3], collider: sphere });
    expect(a).toBe(handleIndex(a)); // first use of an index: handle = store index
    removeBody(w, a);
    const b = addBody(w, { position: [7, 8, 9], mass: 5, collider: sphere });
    expect(handleIndex(b)).toBe(handleIndex(a)); // the index is reused ...
    expect(b).not.toBe(a); // ... the handle is not
    expect(b).toBe(a + HANDLE_INDEX_MASK + 1);
    expect(hasBody(w, a)).toBe(false);
    expect(hasBody(w, b)).toBe(true);
    const before = worldHash(w);
    for (const call of [
      () => getPosition(w, a), () => getMass(w, a), () => getLinearVelocity(w, a), () => getMotionType(w, a),
      () => setPosition(w, a, [0, 0, 0]), () => setLinearVelocity(w, a, [1, 0, 0]), () => applyForce(w, a, [1, 0, 0]),
      () => setMotionType(w, a, 'static'), () => removeBody(w, a), () => isSleeping(w, a), () => wakeUp(w, a),
      () => addCollider(w, a, sphere), () => getBodyColliders(w, a), () => addJoint(w, { kind: 'ball', bodyA: a }),
    ]) {
      expect(call).toThrow(UnknownEntityError);
    }
    expect(worldHash(w)).toBe(before);
    expect(getPosition(w, b)).toEqual([7, 8, 9]);
    expect(getMass(w, b)).toBe(5);
  });

  it('colliders and joints get the same protection', () => {
    const w = createPhysicsWorld();
    const body = addBody(w, { collider: sphere });
    const other = addBody(w, { position: [2, 0, 0], collider: sphere });
    const c1 = addCollider(w, body, { shape: 'box', halfExtents: [0.1, 0.1, 0.1], position: [1, 0, 0] });
    removeCollider(w, c1);
    const c2 = addCollider(w, body, { shape: 'box', halfExtents: [0.2, 0.2, 0.2], position: [-1, 0, 0] });
    expect(handleIndex(c2)).toBe(handleIndex(c1));
    expect(hasCollider(w, c1)).toBe(false);
    expect(() => removeCollider(w, c1)).toThrow(UnknownEntityError);
    expect(() => getColliderBody(w, c1)).toThrow(UnknownEntityError);
    expect(getColliderBody(w, c2)).toBe(body);
    expect(getBodyColliders(w, body)).toEqual([c2, body]);

    const j1 = addJoint(w, { kind: 'ball', bodyA: body, bodyB: other, worldAnchor: [1, 0, 0] });
    removeJoint(w, j1);
    const j2 = addJoint(w, { kind: 'hinge', bodyA: body, bodyB: other, worldAnchor: [1, 0, 0], worldAxis: [0, 0, 1] });
    expect(handleIndex(j2)).toBe(handleIndex(j1));
    expect(hasJoint(w, j1)).toBe(false);
    expect(hasJoint(w, j2)).toBe(true);
    expect(() => getJointForce(w, j1)).toThrow(UnknownEntityError);
    expect(() => setJointMotor(w, j1, { speed: 1, maxForce: 1 })).toThrow(UnknownEntityError);
    expect(() => removeJoint(w, j1)).toThrow(UnknownEntityError);
    // a joint removed with its body goes stale too
    removeBody(w, other);
    expect(hasJoint(w, j2)).toBe(false);
    expect(() => getJointForce(w, j2)).toThrow(UnknownEntityError);
  });

  it('ray hits and excludeBodies speak handles; entityHandle maps a store index back', () => {
    const w = createPhysicsWorld();
    const old = addBody(w, { type: 'static', position: [0, 0, 0], collider: sphere });
    removeBody(w, old);
    const ground = addBody(w, { type: 'static', position: [0, 0, 0], collider: sphere });
    const top = addBody(w, { type: 'static', position: [0, 3, 0], collider: sphere });
    expect(ground).not.toBe(handleIndex(ground));
    const hit = createRayHit();
    expect(castRay(w, [0, 10, 0], [0, -1, 0], hit, { excludeBodies: [top] })).toBe(true);
    expect(hit.body).toBe(ground);
    expect(hit.collider).toBe(ground);
    // the stale handle excludes nothing (it names no live body)
    const hits = createRayHitList();
    expect(castRayAll(w, [0, 10, 0], [0, -1, 0], hits, { excludeBodies: [old] })).toBe(2);
    expect(hits.hits.slice(0, 2).map((h) => h.body)).toEqual([top, ground]);
    expect(entityHandle(w, handleIndex(ground))).toBe(ground);
  });

  it('churn: 3000 add/remove rounds at one index never alias and the generation wraps only after 1024', () => {
    const w = createPhysicsWorld();
    const seen = new Set<number>();
    let last = -1;
    for (let i = 0; i < 3000; i++) {
      const h = addBody(w, { collider: sphere });
      if (last >= 0) {
        expect(hasBody(w, last)).toBe(false);
        expect(handleIndex(h)).toBe(handleIndex(last));
      }
      if (i < HANDLE_GENERATIONS) { expect(seen.has(h)).toBe(false); seen.add(h); }
      removeBody(w, h);
      last = h;
    }
    expect(seen.size).toBe(HANDLE_GENERATIONS);
    stepWorld(w, 1 / 60);
  });

  it('non-numbers, negatives, fractions and huge numbers are never live', () => {
    const w = createPhysicsWorld();
    addBody(w, { collider: sphere });
    for (const h of [-1, 1.5, 2 ** 32, 2 ** 53, NaN, Infinity, '1', null, undefined, {}]) {
      expect(hasBody(w, h as number)).toBe(false);
      expect(() => getPosition(w, h as number)).toThrow(UnknownEntityError);
    }
  });
});

describe('bitecs 0.4 entity-id versioning (why the engine keeps its own generations)', () => {
  it('0.4.0: a live recycled entity reads as not alive after another entity is removed', () => {
    const w = createWorld(createEntityIndex(withVersioning(8)));
    const a = addEntity(w), b = addEntity(w);
    removeEntity(w, a);
    const c = addEntity(w); // a's index, version 1
    expect(c).not.toBe(a);
    expect(entityExists(w, c)).toBe(true);
    removeEntity(w, b);
    expect(entityExists(w, c)).toBe(false); // c was never removed
  });
});
