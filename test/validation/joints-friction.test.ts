/**
 * Joint friction (dry friction on a free joint axis: a velocity row with target 0 and |force| ≤ the
 * friction, `plugin/joints.ts` `friction` / `setJointFriction`) against closed forms, in both modes.
 *
 * - A wheel on a hinge, spinning at ω0 with friction torque τ_f and no gravity, decelerates at τ_f / I
 *   and stops at t = I ω0 / τ_f (exact for the step: ω_n = ω0 − n h τ_f / I until it would change sign).
 * - The same wheel under an applied torque τ: it sticks while τ ≤ τ_f (ω = 0 exactly) and accelerates at
 *   (τ − τ_f) / I above it.
 * - A slider along a 30° incline with friction force F_f: the block stays put while m g sin 30° ≤ F_f and
 *   slides with a = g sin 30° − F_f / m otherwise.
 * - A motor on the axis takes over from the friction (Jolt's rule: friction acts while the axis is not
 *   powered by a motor).
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, addJoint, applyTorque, createPhysicsWorld, getAngularVelocity, getJointCoordinate, getJointMotorForce,
  getLinearVelocity, setJointFriction, setJointMotor, stepWorld,
} from '../../plugin/index';
import { PhysicsInputError } from '../../plugin/errors';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const modes = ['pgs', 'lcp'] as const;
const h = 1 / 60, I = 0.5;

function wheel(solver: 'pgs' | 'lcp', omega0: number, friction: number) {
  const w = createPhysicsWorld({ solver, gravity: [0, 0, 0] });
  const b = addBody(w, { position: [0, 0, 0], mass: 5, inertia: [I, 0.3, 0.3], angularVelocity: [omega0, 0, 0], angularDamping: 0, linearDamping: 0 });
  const j = addJoint(w, { kind: 'hinge', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [1, 0, 0], friction });
  return { w, b, j };
}

describe.each(modes)('joint friction (%s)', (solver) => {
  it('a spinning wheel with τ_f = 1 N·m decelerates at τ_f / I and stops at I ω0 / τ_f = 2.5 s, then stays stopped', () => {
    const { w, b, j } = wheel(solver, 5, 1);
    let stoppedAt = -1;
    for (let n = 1; n <= 240; n++) {
      stepWorld(w, h);
      const om = getAngularVelocity(w, b)[0];
      const expected = Math.max(0, 5 - n * h * 1 / I);
      expect(Math.abs(om - expected)).toBeLessThan(1e-6);
      if (stoppedAt < 0 && om === 0) stoppedAt = n * h;
      if (expected > 0) expect(Math.abs(getJointMotorForce(w, j))).toBeCloseTo(1, 6);
    }
    expect(Math.abs(stoppedAt - 2.5)).toBeLessThanOrEqual(h + 1e-9);
  });

  it('under an applied torque it sticks for τ ≤ τ_f and accelerates at (τ − τ_f)/I above', () => {
    for (const [tau, expected] of [[0.8, 0], [1.5, (1.5 - 1) / I]] as const) {
      const { w, b } = wheel(solver, 0, 1);
      for (let n = 0; n < 60; n++) { applyTorque(w, b, [tau, 0, 0]); stepWorld(w, h); }
      expect(Math.abs(getAngularVelocity(w, b)[0] - expected * 1)).toBeLessThan(1e-6);
    }
  });

  it('a slider on a 30° incline: friction 6 N holds 1 kg (4.905 N down-slope); 3 N lets it slide at g sin30° − 3', () => {
    const s30 = 0.5, c30 = Math.sqrt(3) / 2;
    for (const [ff, accel] of [[6, 0], [3, 9.81 * s30 - 3]] as const) {
      const w = createPhysicsWorld({ solver, gravity: [0, -9.81, 0] });
      const b = addBody(w, { position: [0, 0, 0], mass: 1, inertia: [0.1, 0.1, 0.1], linearDamping: 0, angularDamping: 0 });
      const j = addJoint(w, { kind: 'slider', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [c30, -s30, 0], friction: ff });
      for (let n = 0; n < 60; n++) stepWorld(w, h);
      const v = getLinearVelocity(w, b);
      const along = v[0] * c30 - v[1] * s30;
      expect(Math.abs(along - accel * 1)).toBeLessThan(1e-5);
      if (accel === 0) expect(Math.abs(getJointCoordinate(w, j))).toBeLessThan(1e-6);
    }
  });

  it('a motor takes over from the friction, and friction returns when the motor is switched off', () => {
    const { w, b, j } = wheel(solver, 0, 1);
    // the hinge angle is B's rotation relative to A; with B the world, body A turns at −speed
    setJointMotor(w, j, { speed: 3, maxForce: 10 });
    for (let n = 0; n < 60; n++) stepWorld(w, h);
    expect(getAngularVelocity(w, b)[0]).toBeCloseTo(-3, 6);
    setJointMotor(w, j, { speed: 0, maxForce: 0 });
    for (let n = 0; n < 30; n++) stepWorld(w, h);
    expect(Math.abs(getAngularVelocity(w, b)[0] - (-3 + 30 * h / I))).toBeLessThan(1e-6);
    setJointFriction(w, j, 0);
    const before = getAngularVelocity(w, b)[0];
    for (let n = 0; n < 30; n++) stepWorld(w, h);
    expect(getAngularVelocity(w, b)[0]).toBeCloseTo(before, 9);
  });
});

describe('joint friction input', () => {
  it('rejects negative or NaN friction and locked axes with a typed error, changing nothing', () => {
    const { w, j } = wheel('pgs', 0, 1);
    expect(() => setJointFriction(w, j, -1)).toThrow(PhysicsInputError);
    expect(() => setJointFriction(w, j, Number.NaN)).toThrow(PhysicsInputError);
    expect(() => setJointFriction(w, j, 1, 'linearX')).toThrow(PhysicsInputError);
    expect(w.joints.friction[6 * j + 3]).toBe(1);
    const b2 = addBody(w, { position: [3, 0, 0], mass: 1, inertia: [0.1, 0.1, 0.1] });
    expect(() => addJoint(w, { kind: 'hinge', bodyA: b2, worldAnchor: [3, 0, 0], friction: -2 })).toThrow(PhysicsInputError);
  });
});
