/**
 * Rolling without slipping (closed form). A uniform sphere (I = 2/5 m r²) launched at v0 with no spin
 * on a level floor with friction μ slides while kinetic friction μ m g slows it and spins it up:
 * v(t) = v0 − μ g t, ω r = (5/2) μ g t, until ω r = v at t* = 2 v0 / (7 μ g); from then on it rolls at
 * v = 5/7 v0 forever (no rolling resistance, no damping). The engine's default angular damping is 0, so
 * the sphere must keep 5/7 v0 to 0.1 % long after t*, in every solver mode.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld, type PhysicsWorldOptions,
} from '../../plugin/index';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const MODES: Array<[string, PhysicsWorldOptions]> = [
  ['fast, Coulomb', {}],
  ['fast, max-dissipation', { friction: 'max-dissipation' }],
  ['accurate', { solver: 'lcp' }],
];
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

const V0 = 5;
const R = 0.5;
const MU = 0.5;
const G = 9.81;

describe('rolling sphere: v → 5/7 v0 at t = 2 v0 / (7 μ g), then rolls without loss', () => {
  it('a body added without damping options has zero angular and linear damping', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { collider: { shape: 'sphere', radius: R } });
    expect(w.bodies.angularDamping[b]).toBe(0);
    expect(w.bodies.linearDamping[b]).toBe(0);
  });

  for (const [name, options] of MODES) {
    it(`${name}: sliding phase v0 − μ g t, then 5/7 v0 to 0.1 % and ω r = v at 3 s`, () => {
      const w = createPhysicsWorld(options);
      addBody(w, {
        type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [100, 0.5, 100], friction: MU },
      });
      const s = addBody(w, {
        position: [-20, R, 0], linearVelocity: [V0, 0, 0], mass: 1,
        collider: { shape: 'sphere', radius: R, friction: MU },
      });
      const dt = 1 / 60;
      const tStar = (2 * V0) / (7 * MU * G); // 0.291 s
      let step = 0;
      // Sliding phase: at t = 0.1 s (< t*) the speed is v0 − μ g t (one step of slack for the first contact).
      for (; step < 6; step++) stepWorld(w, dt);
      expect(Math.abs(getLinearVelocity(w, s)[0] - (V0 - MU * G * 6 * dt))).toBeLessThan(MU * G * dt + 1e-9);
      expect(6 * dt).toBeLessThan(tStar);
      for (; step < 180; step++) stepWorld(w, dt);
      const v = getLinearVelocity(w, s);
      const om = getAngularVelocity(w, s);
      expect(Math.abs(v[0] / ((5 / 7) * V0) - 1)).toBeLessThan(1e-3);
      expect(Math.abs(-om[2] * R - v[0]) / v[0]).toBeLessThan(1e-3);
      expect(Math.abs(getPosition(w, s)[1] - R)).toBeLessThan(1e-3);
    });
  }
});
