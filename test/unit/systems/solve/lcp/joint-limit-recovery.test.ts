/**
 * The accurate mode's joint step recovers a rigid limit's violation at most at `lcp.maxPushoutSpeed`
 * (`systems/solve/lcp/joint-implicit.ts`, as the contacts' overlaps are). Second method: closed form. A
 * box on a hinge to the world, at rest, no gravity, with limits [0.5, 1] rad: at creation the hinge angle
 * is 0, 0.5 rad below its lower limit. With φ0/h as written the first step turns it at 0.5 / h = 30 rad/s,
 * which it keeps inside the range (a unilateral limit only pushes): the violation became that much kinetic
 * energy. With the bound it turns at exactly v_push = 3 rad/s, 0.05 rad per step, crosses the range at that
 * speed and stops at the upper limit (the step is inelastic).
 */
import { describe, expect, it } from 'vitest';
import { addBody, addJoint, createPhysicsWorld, getAngularVelocity, getJointCoordinate, stepWorld } from '../../../../../plugin/index';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

const dt = 1 / 60;

function violatedHinge(maxPushoutSpeed?: number) {
  const w = createPhysicsWorld({ solver: 'lcp', gravity: [0, 0, 0], lcp: { gyroscopic: false, ...(maxPushoutSpeed === undefined ? {} : { maxPushoutSpeed }) } });
  const b = addBody(w, { position: [0, 0, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.1, 0.1] } });
  const j = addJoint(w, { kind: 'hinge', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [0, 0, 1], limits: { lower: 0.5, upper: 1 } });
  return { w, b, j };
}

describe('a rigid joint limit violated by 0.5 rad (accurate mode)', () => {
  it('recovers at maxPushoutSpeed (3 rad/s by default): 0.05 rad per step, then stops at the upper limit', () => {
    const { w, b, j } = violatedHinge();
    for (let k = 0; k < 30; k++) {
      stepWorld(w, dt);
      const om = getAngularVelocity(w, b), speed = Math.hypot(om[0], om[1], om[2]);
      if (k < 10) { // reaches the lower limit after 10 steps, then crosses the free range at the same speed
        expect(Math.abs(speed - 3)).toBeLessThan(1e-9);
        expect(Math.abs(getJointCoordinate(w, j) - 0.05 * (k + 1))).toBeLessThan(1e-9);
      }
    }
    expect(Math.abs(getJointCoordinate(w, j) - 1)).toBeLessThan(1e-9); // at the upper limit
    const om = getAngularVelocity(w, b);
    expect(Math.hypot(om[0], om[1], om[2])).toBeLessThan(1e-9);
  });

  it('with maxPushoutSpeed Infinity (the step as written) the whole violation is closed in one step, at 30 rad/s', () => {
    const { w, b, j } = violatedHinge(Infinity);
    stepWorld(w, dt);
    const om = getAngularVelocity(w, b);
    expect(Math.abs(Math.hypot(om[0], om[1], om[2]) - 0.5 / dt)).toBeLessThan(1e-6);
    expect(Math.abs(getJointCoordinate(w, j) - 0.5)).toBeLessThan(1e-9);
  });
});
