/**
 * Engine features the Physics V2 plugin maps Havok's onto, tested on the engine's own API: static
 * friction (the two-coefficient Coulomb law), a body put to sleep now (`sleepNow`, `keepAsleep`), and
 * the fast solver's linear speed limit.
 */

import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, type PhysicsWorld } from '../../../plugin/world';
import { stepWorld } from '../../../plugin/step';
import { addBody, applyImpulse, setLinearVelocity } from '../../../plugin/bodies';
import { isSleeping, keepAsleep, sleepNow, sleeping, getAllowSleep, setAllowSleep } from '../../../plugin/sleep';
import { PhysicsInputError, WorldInputError } from '../../../plugin/errors';
import { handleIndex } from '../../../plugin/handles';
import '../../../plugin/accurate';

const H = 1 / 60, G = 9.81;
function steps(w: PhysicsWorld, n: number): void { for (let i = 0; i < n; i++) stepWorld(w, H); }

/** A 0.5 m box resting on a static ramp tilted by θ about z, both with (μ_s, μ_d). */
function ramp(w: PhysicsWorld, theta: number, mus: number, mud: number): number {
  const q = [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)];
  const n = [-Math.sin(theta), Math.cos(theta), 0];
  addBody(w, { type: 'static', orientation: q, collider: { shape: 'box', halfExtents: [10, 0.5, 2], friction: mud, staticFriction: mus } });
  const d = 0.5 + 0.25 + 0.001;
  return addBody(w, {
    position: [n[0] * d, n[1] * d, 0], orientation: q, mass: 1,
    collider: { shape: 'box', halfExtents: [0.25, 0.25, 0.25], friction: mud, staticFriction: mus },
  });
}

const speed = (w: PhysicsWorld, e: number): number => Math.hypot(w.bodies.linearVelocity[3 * handleIndex(e)], w.bodies.linearVelocity[3 * handleIndex(e) + 1], w.bodies.linearVelocity[3 * handleIndex(e) + 2]);

describe('static friction (two-coefficient Coulomb law)', () => {
  const TH = Math.PI / 6; // tan 30° = 0.577

  it('μ_s 0.8 > tan θ: a box at rest holds (< 1 mm in 1 s) although μ_d 0.3 < tan θ', () => {
    const w = createPhysicsWorld();
    const b = ramp(w, TH, 0.8, 0.3);
    steps(w, 3);
    const x0 = w.bodies.position[3 * handleIndex(b)];
    steps(w, 60);
    expect(Math.abs(w.bodies.position[3 * handleIndex(b)] - x0)).toBeLessThan(1e-3);
  });

  it('pushed at 1 m/s down the slope it keeps sliding and speeds up with a = g (sin θ − μ_d cos θ) (± 2 %)', () => {
    const w = createPhysicsWorld();
    const b = ramp(w, TH, 0.8, 0.3);
    steps(w, 3);
    setLinearVelocity(w, b, [-Math.cos(TH), -Math.sin(TH), 0]);
    steps(w, 60);
    const a = G * (Math.sin(TH) - 0.3 * Math.cos(TH));
    expect(Math.abs(speed(w, b) - 1 - a) / a).toBeLessThan(0.02);
  });

  it('without staticFriction the collider keeps one coefficient: μ 0.3 slides from rest with a = g (sin θ − 0.3 cos θ) (± 2 %)', () => {
    const w = createPhysicsWorld();
    const b = ramp(w, TH, 0.3, 0.3);
    steps(w, 61);
    const a = G * (Math.sin(TH) - 0.3 * Math.cos(TH));
    expect(Math.abs(speed(w, b) - a) / a).toBeLessThan(0.02);
  });

  it('a negative or NaN static friction is rejected, naming the field', () => {
    const w = createPhysicsWorld();
    for (const bad of [-1, NaN]) {
      expect(() => addBody(w, { collider: { shape: 'sphere', radius: 1, staticFriction: bad } })).toThrowError(/staticFriction/);
    }
  });
});

describe('sleepNow / keepAsleep', () => {
  it('sleepNow: a body in mid-air sleeps at once and hangs (|Δy| = 0) until an impulse wakes it; a ball dropped on it wakes it', () => {
    const w = createPhysicsWorld({ sleep: sleeping() });
    const b = addBody(w, { position: [0, 3, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    sleepNow(w, b);
    expect(isSleeping(w, b)).toBe(true);
    steps(w, 30);
    expect(w.bodies.position[3 * handleIndex(b) + 1]).toBe(3);
    applyImpulse(w, b, [0, 1e-3, 0]);
    expect(isSleeping(w, b)).toBe(false);
    sleepNow(w, b);
    addBody(w, { position: [0, 5, 0], collider: { shape: 'sphere', radius: 0.5 } });
    steps(w, 60);
    expect(isSleeping(w, b)).toBe(false);
    expect(w.bodies.position[3 * handleIndex(b) + 1]).toBeLessThan(3);
  });

  it('keepAsleep: a ball dropped on the body rests on it and does not wake it; setAllowSleep ends the mode', () => {
    const w = createPhysicsWorld({ sleep: sleeping() });
    const b = addBody(w, { position: [0, 3, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    keepAsleep(w, b);
    const ball = addBody(w, { position: [0, 5, 0], collider: { shape: 'sphere', radius: 0.5 } });
    steps(w, 90);
    expect(isSleeping(w, b)).toBe(true);
    expect(w.bodies.position[3 * handleIndex(b) + 1]).toBe(3);
    expect(Math.abs(w.bodies.position[3 * handleIndex(ball) + 1] - 4)).toBeLessThan(0.01);
    expect(getAllowSleep(w, b)).toBe(true);
    setAllowSleep(w, b, true);
    expect(w.bodies.allowSleep[handleIndex(b)]).toBe(1);
  });

  it('sleepNow throws PhysicsInputError (field sleep) with sleeping off or on a static body; nothing changes', () => {
    const off = createPhysicsWorld({ sleep: false });
    const b = addBody(off, { position: [0, 3, 0], collider: { shape: 'sphere', radius: 0.5 } });
    expect(() => sleepNow(off, b)).toThrowError(PhysicsInputError);
    expect(off.bodies.sleeping[handleIndex(b)]).toBe(0);
    const on = createPhysicsWorld({ sleep: sleeping() });
    const s = addBody(on, { type: 'static', collider: { shape: 'sphere', radius: 0.5 } });
    expect(() => sleepNow(on, s)).toThrowError(/sleep/);
    expect(on.bodies.sleeping[handleIndex(s)]).toBe(0);
  });
});

describe('fast solver speed limit', () => {
  it('pgs.maxLinearSpeed 5 m/s: a body falls 1 s at most at 5 m/s (its drop is the limited integral, ± 3 mm)', () => {
    const w = createPhysicsWorld({ pgs: { maxLinearSpeed: 5 } });
    const b = addBody(w, { position: [0, 100, 0], collider: { shape: 'sphere', radius: 0.5 } });
    steps(w, 60);
    expect(speed(w, b)).toBeLessThanOrEqual(5 + 1e-12);
    const t1 = 5 / G, drop = 0.5 * G * t1 * t1 + 5 * (1 - t1) + 0.5 * G * t1 / 240;
    expect(Math.abs(100 - w.bodies.position[3 * handleIndex(b) + 1] - drop)).toBeLessThan(0.003);
  });

  it('rejects a limit that is not a number > 0', () => {
    for (const bad of [0, -1, NaN]) expect(() => createPhysicsWorld({ pgs: { maxLinearSpeed: bad } })).toThrowError(WorldInputError);
  });
});

describe('accurate solver speed limits', () => {
  it('lcp.maxLinearSpeed 5 m/s: a body falls 1 s at most at 5 m/s, the positions integrate the limited velocity (± 3 mm)', () => {
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { maxLinearSpeed: 5 } });
    const b = addBody(w, { position: [0, 100, 0], collider: { shape: 'sphere', radius: 0.5 } });
    steps(w, 60);
    expect(speed(w, b)).toBeLessThanOrEqual(5 + 1e-12);
    // one symplectic Euler step of H: ½ g t₁ H further than the continuous drop before the limit
    const t1 = 5 / G, drop = 0.5 * G * t1 * t1 + 5 * (1 - t1) + 0.5 * G * t1 * H;
    expect(Math.abs(100 - w.bodies.position[3 * handleIndex(b) + 1] - drop)).toBeLessThan(0.003);
  });

  it('lcp.maxAngularSpeed 2 rad/s: a spun body keeps at most 2 rad/s; default: no limit', () => {
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { maxAngularSpeed: 2 }, gravity: [0, 0, 0] });
    const b = addBody(w, { collider: { shape: 'sphere', radius: 0.5 } });
    w.bodies.angularVelocity[3 * handleIndex(b) + 1] = 10;
    steps(w, 1);
    expect(w.bodies.angularVelocity[3 * handleIndex(b) + 1]).toBeCloseTo(2, 12);
    const free = createPhysicsWorld({ solver: 'lcp', gravity: [0, 0, 0] });
    const c = addBody(free, { collider: { shape: 'sphere', radius: 0.5 } });
    free.bodies.angularVelocity[3 * handleIndex(c) + 1] = 500;
    steps(free, 1);
    expect(free.bodies.angularVelocity[3 * handleIndex(c) + 1]).toBe(500);
  });

  it('rejects a limit that is not a number > 0', () => {
    for (const bad of [0, -1, NaN, '5']) {
      expect(() => createPhysicsWorld({ solver: 'lcp', lcp: { maxLinearSpeed: bad as number } })).toThrowError(/lcp\.maxLinearSpeed/);
      expect(() => createPhysicsWorld({ solver: 'lcp', lcp: { maxAngularSpeed: bad as number } })).toThrowError(/lcp\.maxAngularSpeed/);
    }
  });
});
