import { describe, expect, it } from 'vitest';
import {
  addBody, applyImpulse, createPhysicsWorld, getLinearVelocity, getPosition, PhysicsInputError, removeBody,
  setLinearVelocity, stepWorld, UnknownEntityError, type BodyDef, type PhysicsWorld,
} from '../../../plugin/index';

/** A snapshot of everything a rejected call must leave untouched. */
function snapshot(w: PhysicsWorld): string {
  const b = w.bodies;
  return JSON.stringify([
    Array.from(b.position), Array.from(b.orientation), Array.from(b.linearVelocity), Array.from(b.mass),
    Array.from(w.colliders.shape), w.stepCount, w.time, w.contacts.count,
  ]);
}

const good: BodyDef = { position: [0, 1, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } };

describe('addBody rejects bad input with a typed error and leaves the world unchanged', () => {
  const cases: [string, BodyDef, string][] = [
    ['NaN position', { ...good, position: [0, NaN, 0] }, 'position'],
    ['infinite velocity', { ...good, linearVelocity: [Infinity, 0, 0] }, 'linearVelocity'],
    ['zero quaternion', { ...good, orientation: [0, 0, 0, 0] }, 'orientation'],
    ['NaN quaternion', { ...good, orientation: [0, NaN, 0, 1] }, 'orientation'],
    ['negative mass', { ...good, mass: -1 }, 'mass'],
    ['zero mass', { ...good, mass: 0 }, 'mass'],
    ['zero density', { ...good, density: 0 }, 'density'],
    ['NaN density', { ...good, density: NaN }, 'density'],
    ['negative box size', { collider: { shape: 'box', halfExtents: [0.5, -1, 0.5] } }, 'collider.halfExtents'],
    ['zero sphere radius', { collider: { shape: 'sphere', radius: 0 } }, 'collider.radius'],
    ['infinite capsule radius', { collider: { shape: 'capsule', radius: Infinity, halfHeight: 1 } }, 'collider.radius'],
    ['restitution above 1', { ...good, collider: { shape: 'sphere', radius: 1, restitution: 1.5 } }, 'collider.restitution'],
    ['negative friction', { ...good, collider: { shape: 'sphere', radius: 1, friction: -0.1 } }, 'collider.friction'],
    ['dynamic plane', { collider: { shape: 'plane' } }, 'collider.shape'],
    ['dynamic body with no mass source', { position: [0, 0, 0] }, 'mass'],
    ['unknown motion type', { ...good, type: 'flying' as never }, 'type'],
  ];
  for (const [name, def, field] of cases) {
    it(name, () => {
      const w = createPhysicsWorld();
      addBody(w, good);
      const before = snapshot(w);
      let err: unknown;
      try { addBody(w, def); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect((err as PhysicsInputError).field).toBe(field);
      expect((err as Error).message).toContain(field);
      expect(snapshot(w)).toBe(before);
    });
  }
});

describe('stepWorld rejects a bad dt', () => {
  for (const dt of [0, -1 / 60, NaN, Infinity]) {
    it(`dt = ${dt}`, () => {
      const w = createPhysicsWorld();
      addBody(w, good);
      const before = snapshot(w);
      expect(() => stepWorld(w, dt)).toThrow(PhysicsInputError);
      try { stepWorld(w, dt); } catch (e) {
        expect((e as PhysicsInputError).field).toBe('dt');
        expect((e as PhysicsInputError).value).toBe(dt);
      }
      expect(snapshot(w)).toBe(before);
    });
  }
});

describe('entity handling', () => {
  it('unknown and removed entities throw UnknownEntityError naming the entity', () => {
    const w = createPhysicsWorld();
    const e = addBody(w, good);
    removeBody(w, e);
    expect(() => getPosition(w, e)).toThrow(UnknownEntityError);
    expect(() => getPosition(w, 12345)).toThrow(/entity 12345/);
  });
  it('setters validate before writing', () => {
    const w = createPhysicsWorld();
    const e = addBody(w, good);
    setLinearVelocity(w, e, [1, 2, 3]);
    expect(() => setLinearVelocity(w, e, [1, NaN, 3])).toThrow(PhysicsInputError);
    expect(getLinearVelocity(w, e)).toEqual([1, 2, 3]);
    expect(() => applyImpulse(w, e, [0, 0, Infinity])).toThrow(/entity \d+: impulse/);
    expect(getLinearVelocity(w, e)).toEqual([1, 2, 3]);
  });
  it('accepts Babylon-style {x, y, z} vectors and grows past the initial capacity', () => {
    const w = createPhysicsWorld({ initialCapacity: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push(addBody(w, { ...good, position: { x: i, y: 2 * i, z: 0 } }));
    for (let i = 0; i < 100; i++) expect(getPosition(w, ids[i])).toEqual([i, 2 * i, 0]);
  });
  it('an impulse changes the velocity by J/m', () => {
    const w = createPhysicsWorld();
    const e = addBody(w, { ...good, mass: 2 });
    applyImpulse(w, e, [4, 0, 0]);
    expect(getLinearVelocity(w, e)).toEqual([2, 0, 0]);
  });
});

describe('Babylon math types at the boundary', () => {
  it('accepts objects with x y z (w) and a length() method, like Babylon Vector3 and Quaternion', () => {
    class V3 { constructor(public x: number, public y: number, public z: number) {} length(): number { return Math.hypot(this.x, this.y, this.z); } }
    class Q { constructor(public x: number, public y: number, public z: number, public w: number) {} length(): number { return 1; } }
    const w = createPhysicsWorld();
    const e = addBody(w, { position: new V3(1, 2, 3), orientation: new Q(0, 0, 0, 2), linearVelocity: new V3(0, 1, 0), collider: { shape: 'sphere', radius: 1 } });
    expect(getPosition(w, e)).toEqual([1, 2, 3]);
    expect(Array.from(w.bodies.orientation.subarray(4 * e, 4 * e + 4))).toEqual([0, 0, 0, 1]);
    expect(() => addBody(w, { position: new V3(NaN, 0, 0), collider: { shape: 'sphere', radius: 1 } })).toThrow(PhysicsInputError);
  });
});
