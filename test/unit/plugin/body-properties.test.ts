import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getDamping, getGravityScale, getMotionType, PhysicsInputError, setDamping, setGravityScale,
  setMassProperties, setMotionType, stepWorld, UnknownEntityError,
} from '../../../plugin/index';

function world() {
  const w = createPhysicsWorld();
  const b = addBody(w, { position: [0, 10, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] }, mass: 2 });
  return { w, b };
}

describe('body properties at run time', () => {
  it('switches dynamic → static (velocities zeroed, infinite mass) → dynamic (mass restored from the argument)', () => {
    const { w, b } = world();
    stepWorld(w, 1 / 60);
    setMotionType(w, b, 'static');
    expect(getMotionType(w, b)).toBe('static');
    expect(w.bodies.invMass[b]).toBe(0);
    expect(w.bodies.linearVelocity[3 * b + 1]).toBe(0);
    const y = w.bodies.position[3 * b + 1];
    stepWorld(w, 1 / 60);
    expect(w.bodies.position[3 * b + 1]).toBe(y);
    setMotionType(w, b, 'dynamic', { mass: 3, inertia: [0.5, 0.5, 0.5] });
    expect(w.bodies.mass[b]).toBe(3);
    stepWorld(w, 1 / 60);
    expect(w.bodies.position[3 * b + 1]).toBeLessThan(y);
  });

  it('a body becoming dynamic without a mass is rejected and left as it was', () => {
    const { w, b } = world();
    setMotionType(w, b, 'kinematic');
    expect(() => setMotionType(w, b, 'dynamic')).toThrow(PhysicsInputError);
    expect(getMotionType(w, b)).toBe('kinematic');
    expect(() => setMotionType(w, b, 'flying' as 'static')).toThrow(PhysicsInputError);
  });

  it('mass, damping and gravity scale: set, read back, bad values rejected without change', () => {
    const { w, b } = world();
    setMassProperties(w, b, { mass: 5, inertia: [1, 2, 3] });
    expect(w.bodies.invInertiaLocal[3 * b + 1]).toBe(0.5);
    expect(() => setMassProperties(w, b, { mass: 0, inertia: [1, 1, 1] })).toThrow(PhysicsInputError);
    expect(w.bodies.mass[b]).toBe(5);
    setDamping(w, b, { linear: 0.3 });
    expect(getDamping(w, b)).toEqual({ linear: 0.3, angular: 0 });
    expect(() => setDamping(w, b, { linear: 1, angular: -1 })).toThrow(PhysicsInputError);
    expect(getDamping(w, b).linear).toBe(0.3);
    setGravityScale(w, b, 0);
    expect(getGravityScale(w, b)).toBe(0);
    expect(() => setGravityScale(w, b, NaN)).toThrow(PhysicsInputError);
    expect(() => setGravityScale(w, 999, 1)).toThrow(UnknownEntityError);
  });
});
