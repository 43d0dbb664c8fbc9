/**
 * Islands, sleeping and waking (systems/islands/islands.ts, plugin/sleep.ts): islands sleep only at
 * rest, wake on contact with an awake body, on joint changes, on the removal of a support and on every
 * public call that moves or pushes one of their bodies, and a woken stack moves as it would have
 * moved had it never slept (compared with the same scene stepped with sleeping off).
 */

import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, type PhysicsWorld } from '../../../../plugin/world';
import { stepWorld } from '../../../../plugin/step';
import {
  addBody, applyForce, applyImpulse, removeBody, setLinearVelocity, setPosition,
} from '../../../../plugin/bodies';
import { addJoint, removeJoint } from '../../../../plugin/joints';
import { getAllowSleep, isSleeping, setAllowSleep, setSleepEnabled, sleeping, wakeUp } from '../../../../plugin/sleep';
import { buildStack } from '../../../../scenes/stack';
import { buildGround } from '../../../../scenes/container';
import { PhysicsInputError } from '../../../../plugin/errors';
import '../../../../plugin/accurate'; // registers the accurate solver 'lcp'

const H = 1 / 60;
function steps(w: PhysicsWorld, n: number): void {
  for (let i = 0; i < n; i++) stepWorld(w, H);
}
const y = (w: PhysicsWorld, e: number): number => w.bodies.position[3 * e + 1];

/** A 3-box stack on the ground, left to settle and (with sleeping on) fall asleep. */
function settledStack(sleep: boolean): { w: PhysicsWorld; boxes: number[]; ground: number } {
  const w = createPhysicsWorld({ sleep: sleep ? sleeping() : false });
  const s = buildStack(w, { count: 3 });
  steps(w, 90);
  return { w, boxes: s.bodies, ground: s.statics[0] };
}

describe('sleeping', () => {
  it('a resting stack falls asleep after 0.5 s at rest, and a sleeping step builds no contact rows', () => {
    const { w, boxes } = settledStack(true);
    for (const b of boxes) expect(isSleeping(w, b)).toBe(true);
    const before = boxes.map((b) => y(w, b));
    steps(w, 60);
    expect(boxes.map((b) => y(w, b))).toEqual(before); // bit-exact: sleeping bodies do not move
    expect(w.problem.contactCount).toBe(0);
    expect(w.contacts.count).toBeGreaterThan(0); // the manifolds are kept while asleep
  });

  it('sleeping is on by default; with sleeping off (sleep: false, or turned off at run time) nothing sleeps; turned on at run time, the stack sleeps', () => {
    const byDefault = createPhysicsWorld();
    const s0 = buildStack(byDefault, { count: 3 });
    steps(byDefault, 90);
    for (const b of s0.bodies) expect(isSleeping(byDefault, b)).toBe(true);
    const plain = createPhysicsWorld({ sleep: false });
    const stack = buildStack(plain, { count: 3 });
    steps(plain, 90);
    for (const b of stack.bodies) expect(isSleeping(plain, b)).toBe(false);
    setSleepEnabled(plain, true);
    steps(plain, 40);
    for (const b of stack.bodies) expect(isSleeping(plain, b)).toBe(true);
    const off = settledStack(false);
    for (const b of off.boxes) expect(isSleeping(off.w, b)).toBe(false);
    const on = settledStack(true);
    setSleepEnabled(on.w, false);
    for (const b of on.boxes) expect(isSleeping(on.w, b)).toBe(false);
    steps(on.w, 60);
    for (const b of on.boxes) expect(isSleeping(on.w, b)).toBe(false);
  });

  it('a sleeping stack wakes when a ball hits it, and falls as it would have awake', () => {
    const hit = (w: PhysicsWorld): number => addBody(w, {
      position: [-3, 2.5, 0], linearVelocity: [12, 0, 0], mass: 5, collider: { shape: 'sphere', radius: 0.3 },
    });
    const asleep = settledStack(true), awake = settledStack(false);
    for (const b of asleep.boxes) expect(isSleeping(asleep.w, b)).toBe(true);
    // the settled poses agree to well under a millimetre (sleeping zeroed velocities below 0.05 m/s)
    asleep.boxes.forEach((b, i) => expect(Math.abs(y(asleep.w, b) - y(awake.w, awake.boxes[i]))).toBeLessThan(1e-3));
    const ballA = hit(asleep.w), ballB = hit(awake.w);
    let wokeAt = -1;
    for (let i = 0; i < 120; i++) {
      stepWorld(asleep.w, H);
      stepWorld(awake.w, H);
      if (wokeAt < 0 && !isSleeping(asleep.w, asleep.boxes[2])) wokeAt = i;
    }
    expect(wokeAt).toBeGreaterThanOrEqual(0);
    expect(wokeAt).toBeLessThan(30);
    // the top box was knocked off in both worlds, to the same place within 2 cm
    const top = asleep.boxes[2], top2 = awake.boxes[2];
    expect(y(asleep.w, top)).toBeLessThan(1.5);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(asleep.w.bodies.position[3 * top + k] - awake.w.bodies.position[3 * top2 + k])).toBeLessThan(0.02);
      expect(Math.abs(asleep.w.bodies.position[3 * ballA + k] - awake.w.bodies.position[3 * ballB + k])).toBeLessThan(0.02);
    }
  });

  it('nothing sleeps while it moves: a sliding box, a swinging pendulum, a box carried by a kinematic platform', () => {
    const w = createPhysicsWorld({ sleep: sleeping() });
    buildGround(w);
    const slider = addBody(w, { position: [0, 0.5, 0], linearVelocity: [3, 0, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: 0 } });
    const bob = addBody(w, { position: [20, 5, 0], mass: 1, collider: { shape: 'sphere', radius: 0.2 } });
    addJoint(w, { kind: 'ball', bodyA: bob, worldAnchor: [22, 5, 0] });
    addBody(w, { type: 'kinematic', position: [-20, 1, 0], linearVelocity: [0.02, 0, 0], collider: { shape: 'box', halfExtents: [2, 0.1, 2] } });
    const rider = addBody(w, { position: [-20, 1.6, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    let sleptMoving = 0;
    for (let i = 0; i < 300; i++) {
      stepWorld(w, H);
      if (isSleeping(w, slider)) sleptMoving += 1;
      if (isSleeping(w, bob)) sleptMoving += 1000;
      if (isSleeping(w, rider)) sleptMoving += 1e6;
    }
    expect(sleptMoving).toBe(0);
    expect(w.bodies.position[3 * rider]).toBeGreaterThan(-20 + 0.02 * 4);
  });

  it('allowSleep: false keeps a body and its island awake; true lets it sleep again', () => {
    const w = createPhysicsWorld({ sleep: sleeping() });
    buildGround(w);
    const a = addBody(w, { position: [0, 0.5, 0], mass: 1, allowSleep: false, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    const b = addBody(w, { position: [0, 1.5, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    expect(getAllowSleep(w, a)).toBe(false);
    steps(w, 120);
    expect(isSleeping(w, a)).toBe(false);
    expect(isSleeping(w, b)).toBe(false); // same island
    setAllowSleep(w, a, true);
    steps(w, 60);
    expect(isSleeping(w, a)).toBe(true);
    expect(isSleeping(w, b)).toBe(true);
    setAllowSleep(w, b, false);
    expect(isSleeping(w, a)).toBe(false);
    expect(() => setAllowSleep(w, a, 1 as unknown as boolean)).toThrow(PhysicsInputError);
  });

  it('a body resting on a removed body falls; so does one resting on a removed static platform', () => {
    const { w, boxes } = settledStack(true);
    expect(isSleeping(w, boxes[2])).toBe(true);
    removeBody(w, boxes[1]);
    expect(isSleeping(w, boxes[2])).toBe(false);
    steps(w, 60);
    expect(y(w, boxes[2])).toBeCloseTo(1.5, 1); // fell 1 m onto the bottom box

    const w2 = createPhysicsWorld({ sleep: sleeping() });
    const shelf = addBody(w2, { type: 'static', position: [0, 2, 0], collider: { shape: 'box', halfExtents: [1, 0.1, 1] } });
    buildGround(w2);
    const box = addBody(w2, { position: [0, 2.6, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    steps(w2, 90);
    expect(isSleeping(w2, box)).toBe(true);
    removeBody(w2, shelf);
    steps(w2, 90);
    expect(y(w2, box)).toBeCloseTo(0.5, 1);
  });

  it('every public call that moves or pushes a body wakes its island; a rejected call wakes nothing', () => {
    const calls: [string, (w: PhysicsWorld, e: number) => void][] = [
      ['setPosition', (w, e) => setPosition(w, e, [0, 3, 0])],
      ['setLinearVelocity', (w, e) => setLinearVelocity(w, e, [0, 0, 1])],
      ['applyForce', (w, e) => applyForce(w, e, [0, 0, 1])],
      ['applyImpulse', (w, e) => applyImpulse(w, e, [0, 0, 1])],
      ['wakeUp', (w, e) => wakeUp(w, e)],
    ];
    for (const [, call] of calls) {
      const { w, boxes } = settledStack(true);
      call(w, boxes[0]);
      for (const b of boxes) expect(isSleeping(w, b)).toBe(false);
    }
    const { w, boxes } = settledStack(true);
    expect(() => applyForce(w, boxes[0], [NaN, 0, 0])).toThrow(PhysicsInputError);
    for (const b of boxes) expect(isSleeping(w, b)).toBe(true);
  });

  it('joint changes wake: removing the joint of a sleeping pendulum at rest lets it fall', () => {
    const w = createPhysicsWorld({ sleep: sleeping() });
    const bob = addBody(w, { position: [0, 5, 0], mass: 1, collider: { shape: 'sphere', radius: 0.2 } });
    const j = addJoint(w, { kind: 'ball', bodyA: bob, worldAnchor: [0, 6, 0] });
    steps(w, 60);
    expect(isSleeping(w, bob)).toBe(true);
    removeJoint(w, j);
    expect(isSleeping(w, bob)).toBe(false);
    steps(w, 30);
    expect(y(w, bob)).toBeLessThan(4);
  });

  it('sleeping state is kept across a solver switch, and the accurate solver wakes the stack when hit', () => {
    const { w, boxes } = settledStack(true);
    const before = boxes.map((b) => y(w, b));
    w.setSolver('lcp');
    steps(w, 10);
    for (const b of boxes) expect(isSleeping(w, b)).toBe(true);
    expect(boxes.map((b) => y(w, b))).toEqual(before);
    applyImpulse(w, boxes[2], [3, 0, 0]);
    steps(w, 5);
    expect(isSleeping(w, boxes[0])).toBe(false);
    expect(w.bodies.position[3 * boxes[2]]).toBeGreaterThan(0.02);
    w.setSolver('pgs');
    steps(w, 120);
    for (const b of boxes) expect(Number.isFinite(y(w, b))).toBe(true);
  });

  it('startAsleep: a stack built asleep stays put for free until a ball hits it, then moves as the awake stack does', () => {
    const build = (asleep: boolean): { w: PhysicsWorld; boxes: number[] } => {
      const w = createPhysicsWorld();
      buildGround(w);
      // boxes placed resting on each other (centres 1 m apart, the ground's top at y = 0)
      const boxes = [0, 1, 2].map((i) => addBody(w, {
        position: [0, 0.5 + i, 0], mass: 1, startAsleep: asleep, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] },
      }));
      return { w, boxes };
    };
    const asleep = build(true), awake = build(false);
    for (const b of asleep.boxes) expect(isSleeping(asleep.w, b)).toBe(true);
    const before = asleep.boxes.map((b) => y(asleep.w, b));
    steps(asleep.w, 30);
    steps(awake.w, 30);
    expect(asleep.boxes.map((b) => y(asleep.w, b))).toEqual(before); // bit-exact: nothing moved
    expect(asleep.w.problem.contactCount).toBe(0); // and nothing was solved
    for (const { w } of [asleep, awake]) {
      addBody(w, { position: [-2, 2.5, 0], linearVelocity: [3, 0, 0], mass: 1, collider: { shape: 'sphere', radius: 0.3 } });
    }
    const woke = asleep.boxes.map(() => false);
    // the lowest each box got: a woken box is solved with its supports in the step it wakes (the step
    // collides again for bodies created asleep, `islands.ts`); without that the bottom box sank 9.7 mm
    // into the ground and the middle one 1.1 cm below its resting height (one layer's support missing per step), against
    // 0.5 mm in the awake world
    const lowest = (w: PhysicsWorld, boxes: number[], m: number[]): void => boxes.forEach((b, k) => { m[k] = Math.min(m[k], y(w, b) - k); });
    const lowAsleep = [Infinity, Infinity, Infinity], lowAwake = [Infinity, Infinity, Infinity];
    for (let i = 0; i < 60; i++) {
      stepWorld(asleep.w, H);
      stepWorld(awake.w, H);
      asleep.boxes.forEach((b, k) => { if (!isSleeping(asleep.w, b)) woke[k] = true; });
      lowest(asleep.w, asleep.boxes, lowAsleep);
      lowest(awake.w, awake.boxes, lowAwake);
    }
    expect(woke).toEqual([true, true, true]);
    lowAsleep.forEach((l, k) => expect(l).toBeGreaterThan(lowAwake[k] - 1e-3));
    // the ball pushed the stack in both worlds, every box to the same place within 2 cm (measured: 0.5 cm;
    // the awake stack had settled by up to 1e-3 m before the hit, the one started asleep had not moved)
    expect(asleep.w.bodies.position[3 * asleep.boxes[2]]).toBeGreaterThan(0.03);
    asleep.boxes.forEach((b, i) => {
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(asleep.w.bodies.position[3 * b + k] - awake.w.bodies.position[3 * awake.boxes[i] + k])).toBeLessThan(0.02);
      }
    });
    // startAsleep is ignored with sleeping off; a moving body cannot start asleep
    const off = createPhysicsWorld({ sleep: false });
    expect(isSleeping(off, addBody(off, { mass: 1, startAsleep: true, collider: { shape: 'sphere', radius: 0.5 } }))).toBe(false);
    expect(() => addBody(off, { mass: 1, startAsleep: true, linearVelocity: [1, 0, 0] })).toThrow(PhysicsInputError);
    expect(() => addBody(off, { mass: 1, startAsleep: 1 as unknown as boolean })).toThrow(PhysicsInputError);
  });

  it('rejects a bad sleep option with a PhysicsInputError', () => {
    expect(() => sleeping({ timeToSleep: -1 })).toThrow(PhysicsInputError);
    expect(() => createPhysicsWorld({ sleep: 'no' as unknown as false })).toThrow(PhysicsInputError);
    expect(() => setSleepEnabled(createPhysicsWorld(), 0 as unknown as boolean)).toThrow(PhysicsInputError);
  });
});
