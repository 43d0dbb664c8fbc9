/**
 * The engine's dense member lists (`components/entity-list.ts`) against bitecs 0.4's own `query()` of
 * the same component, over random sequences of adds, removes, re-adds of a removed id and reads: the
 * same entities in the same order after every read (the step reads the lists instead of querying).
 */

import { describe, expect, it } from 'vitest';
import { addComponent, addEntity, createWorld, observe, onAdd, onRemove, query, removeComponent, removeEntity } from 'bitecs';
import { addToEntityList, commitEntityList, createEntityList, removeFromEntityList } from '../../../components/entity-list';
import { createPhysicsWorld } from '../../../plugin/world';
import { addBody, removeBody } from '../../../plugin/bodies';
import { addCollider, removeCollider } from '../../../plugin/colliders';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

describe('EntityList', () => {
  it('follows bitecs query order through random adds, removes, re-adds and reads', () => {
    const rnd = lcg(5);
    for (let trial = 0; trial < 20; trial++) {
      const ecs = createWorld();
      const tag = {};
      const list = createEntityList(4);
      observe(ecs, onAdd(tag), (e: number): void => { addToEntityList(list, e); });
      observe(ecs, onRemove(tag), (e: number): void => { removeFromEntityList(list, e); });
      const alive: number[] = [];
      for (let op = 0; op < 400; op++) {
        const r = rnd();
        if (r < 0.35 || alive.length === 0) {
          const e = addEntity(ecs);
          if (rnd() < 0.8) addComponent(ecs, e, tag);
          alive.push(e);
        } else if (r < 0.55) {
          const e = alive.splice(Math.floor(rnd() * alive.length), 1)[0];
          removeEntity(ecs, e);
        } else if (r < 0.7) {
          removeComponent(ecs, alive[Math.floor(rnd() * alive.length)], tag);
        } else if (r < 0.85) {
          addComponent(ecs, alive[Math.floor(rnd() * alive.length)], tag);
        } else {
          const expected = Array.from(query(ecs, [tag]));
          const l = commitEntityList(list);
          expect(Array.from(l.dense.subarray(0, l.count))).toEqual(expected);
        }
      }
    }
  });

  it('a world keeps its body and collider lists through addBody, addCollider, removeCollider, removeBody', () => {
    const w = createPhysicsWorld();
    const a = addBody(w, { collider: { shape: 'sphere', radius: 0.5 }, position: [0, 1, 0] });
    const b = addBody(w, { collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] }, position: [2, 1, 0] });
    const c = addCollider(w, a, { shape: 'sphere', radius: 0.2, position: [0.5, 0, 0] });
    const read = (l: ReturnType<typeof createEntityList>): number[] => { commitEntityList(l); return Array.from(l.dense.subarray(0, l.count)); };
    expect(read(w.bodies.members)).toEqual(Array.from(query(w.ecs, [w.bodies])));
    expect(read(w.colliders.members)).toEqual(Array.from(query(w.ecs, [w.colliders])));
    expect(read(w.colliders.members)).toEqual([a, b, c]);
    removeCollider(w, c);
    removeBody(w, a);
    expect(read(w.bodies.members)).toEqual([b]);
    expect(read(w.colliders.members)).toEqual(Array.from(query(w.ecs, [w.colliders])));
  });
});
