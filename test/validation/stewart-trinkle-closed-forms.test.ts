/**
 * The accurate mode ('lcp', Stewart–Trinkle time stepping) against
 * closed forms: resting contact and the Coulomb incline (stick
 * for tan α < μ, else slide at g (sin α − μ cos α)). dt = 1/60 s, default options (k = 8 friction directions).
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld, type PhysicsWorld,
} from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const dt = 1 / 60;
const g = 9.81;

function run(w: PhysicsWorld, seconds: number): void {
  const n = Math.round(seconds / dt);
  for (let i = 0; i < n; i++) stepWorld(w, dt);
}

function lcpStats(w: PhysicsWorld) {
  return (w.solver as LcpSolver).stats;
}

describe('Stewart–Trinkle resting contact (Stewart & Trinkle 1996 §3: the Φ/h gap term holds the end-of-step gap at 0)', () => {
  for (const ground of ['plane', 'box'] as const) {
    it(`a unit box resting on a ${ground} stays put for 10 s (drift < 1 mm), with no solver fallback`, () => {
      const w = createPhysicsWorld({ solver: 'lcp' });
      if (ground === 'plane') addBody(w, { type: 'static', collider: { shape: 'plane' } });
      else addBody(w, { type: 'static', position: [0, -1, 0], collider: { shape: 'box', halfExtents: [20, 1, 20] } });
      const box = addBody(w, { position: [0, 0.5, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
      let fallbacks = 0;
      for (let i = 0; i < 600; i++) {
        stepWorld(w, dt);
        const s = lcpStats(w);
        fallbacks += s.regularizedRetries + s.projectedFallbacks;
      }
      const p = getPosition(w, box);
      expect(Math.hypot(p[0], p[1] - 0.5, p[2])).toBeLessThan(1e-3);
      expect(Math.hypot(...getLinearVelocity(w, box))).toBeLessThan(1e-6);
      expect(fallbacks).toBe(0);
    });
  }
});

describe('Stewart–Trinkle box on a 30° incline (Coulomb stick / slip, one friction edge along the slope)', () => {
  const theta = Math.PI / 6;
  /** A static ramp tilted by θ about z (top face through the origin) and a unit box resting on it. */
  function incline(mu: number) {
    const w = createPhysicsWorld({ solver: 'lcp' });
    const q = [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)];
    const nx = -Math.sin(theta), ny = Math.cos(theta); // the ramp's top-face normal
    addBody(w, {
      type: 'static', position: [-nx, -ny, 0], orientation: q,
      collider: { shape: 'box', halfExtents: [30, 1, 5], friction: mu },
    });
    const box = addBody(w, {
      position: [nx * 0.5, ny * 0.5, 0], orientation: q, angularDamping: 0,
      collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu },
    });
    const down = [-Math.cos(theta), -Math.sin(theta), 0]; // down-slope unit vector
    const along = () => { const p = getPosition(w, box); return p[0] * down[0] + p[1] * down[1] + p[2] * down[2]; };
    const speed = () => { const v = getLinearVelocity(w, box); return v[0] * down[0] + v[1] * down[1] + v[2] * down[2]; };
    return { w, box, along, speed, down };
  }

  it('μ = 0.3 slides with a = g (sin 30° − μ cos 30°) within 1 % (slope along a cone edge)', () => {
    // A polyhedral cone with k = 8 edges under-approximates the circular cone except along its edges.
    // The assembled tangents of the ramp normal n = (−sin θ, cos θ, 0) are t1 = (0, 0, ∓1) and t2 = ±(down-
    // slope), so the slope direction IS a cone edge (d_2 = t2 or d_6 = −t2): the friction the LCP picks
    // (eq. 16: the edge most opposed to the slip) is μ c_n exactly along the slope, and the polyhedral
    // closed form equals the circular one, a = g (sin θ − μ cos θ). Checked below before the slide.
    const mu = 0.3;
    const { w, speed, down } = incline(mu);
    stepWorld(w, dt);
    const t2 = w.problem.direction.subarray(6, 9);
    expect(Math.abs(t2[0] * down[0] + t2[1] * down[1] + t2[2] * down[2])).toBeCloseTo(1, 12);
    run(w, 0.5);
    const v0 = speed(), t0 = w.time;
    run(w, 1.5);
    const a = (speed() - v0) / (w.time - t0);
    const expected = g * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.01);
    // Each step is exact for the edge-aligned cone (v⁺ = v + h a): round-off only.
    expect(Math.abs(a - expected) / expected).toBeLessThan(1e-9);
  });

  it('μ = 0.7 (> tan 30°) sticks: moves less than 1 mm in 10 s', () => {
    const { w, along, box } = incline(0.7);
    const s0 = along();
    run(w, 10);
    expect(Math.abs(along() - s0)).toBeLessThan(1e-3);
    expect(Math.hypot(...getLinearVelocity(w, box))).toBeLessThan(1e-6);
    expect(Math.hypot(...getAngularVelocity(w, box))).toBeLessThan(1e-6);
  });
});
