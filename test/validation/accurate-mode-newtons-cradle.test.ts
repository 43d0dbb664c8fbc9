/**
 * Newton's cradle in accurate mode ('lcp' with the PLUS impact phase, Uchida, Sherman & Delp 2015
 * §4c / Table 2): five touching balls, e = 1, μ = 0, zero gravity; the first one arrives at 1 m/s.
 * Impact rounds propagate the momentum through the row, so only the last ball leaves, at 1 m/s.
 */
import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, getLinearVelocity, stepWorld } from '../../plugin/index';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

function cradle(solver: 'lcp' | 'pgs') {
  const w = createPhysicsWorld({ solver, gravity: [0, 0, 0] });
  const r = 0.5;
  const ball = { shape: 'sphere' as const, radius: r, restitution: 1, friction: 0 };
  const ids = [addBody(w, { position: [-0.2, 0, 0], linearVelocity: [1, 0, 0], mass: 1, collider: ball, angularDamping: 0 })];
  for (let i = 1; i < 5; i++) ids.push(addBody(w, { position: [2 * r * i, 0, 0], mass: 1, collider: ball, angularDamping: 0 }));
  for (let s = 0; s < 60; s++) stepWorld(w, 1 / 60);
  return ids.map((e) => getLinearVelocity(w, e));
}

describe("Newton's cradle (5 balls, e = 1, μ = 0)", () => {
  it('accurate mode ends with (0, 0, 0, 0, 1) m/s within 1e-6 and conserves energy', () => {
    const v = cradle('lcp');
    const expected = [0, 0, 0, 0, 1];
    for (let i = 0; i < 5; i++) {
      expect(Math.abs(v[i][0] - expected[i])).toBeLessThan(1e-6);
      expect(Math.hypot(v[i][1], v[i][2])).toBeLessThan(1e-6);
    }
    const energy = v.reduce((s, x) => s + 0.5 * (x[0] ** 2 + x[1] ** 2 + x[2] ** 2), 0);
    expect(energy).toBeCloseTo(0.5, 6);
  });

  it('the fast mode conserves momentum but is not required to single out the last ball', () => {
    const v = cradle('pgs');
    const p = v.reduce((s, x) => s + x[0], 0);
    expect(p).toBeCloseTo(1, 9);
  });
});
