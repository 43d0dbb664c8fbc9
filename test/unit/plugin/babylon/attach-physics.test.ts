import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { FreeCamera } from '@babylonjs/core/Cameras/freeCamera.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import {
  addBody, createPhysicsWorld, PhysicsInputError, removeBody, UnknownEntityError, type PhysicsWorld,
} from '../../../../plugin/index';
import {
  advanceClock, attachPhysics, linkNewBody, type AttachPhysicsOptions, type PhysicsAttachment,
} from '../../../../plugin/babylon/index';

let engine: NullEngine;
let scene: Scene;

beforeEach(() => {
  engine = new NullEngine();
  scene = new Scene(engine);
  new FreeCamera('camera', new Vector3(0, 0, -10), scene);
});

afterEach(() => {
  scene.dispose();
  engine.dispose();
});

/** A world without gravity and one free sphere moving at (1, 0, 0) m/s and spinning at 2 rad/s about y. */
function movingBody(): { world: PhysicsWorld; body: number } {
  const world = createPhysicsWorld({ gravity: [0, 0, 0] });
  const body = addBody(world, {
    position: [0, 1, 0], linearVelocity: [1, 0, 0], angularVelocity: [0, 2, 0], angularDamping: 0,
    collider: { shape: 'sphere', radius: 0.5 },
  });
  return { world, body };
}

/** Attaches with a scripted clock: each `frame(dt)` renders one frame lasting dt seconds. */
function scripted(world: PhysicsWorld, options: AttachPhysicsOptions = {}) {
  let next = 0;
  const handle = attachPhysics(scene, world, { ...options, getFrameTime: () => next });
  const frame = (dt: number): number => {
    next = dt;
    scene.render();
    return handle.stepsLastFrame;
  };
  return { handle, frame };
}

/** Waits for Babylon's deferred observer removal (it splices removed observers on the next tick). */
const tick = (): Promise<void> => new Promise((resolve) => { setTimeout(resolve, 0); });

describe('attachPhysics: steps per frame follow the fixed-step accumulator', () => {
  it('frames of 1/30 s with a 1/60 s step take 2 steps each', () => {
    const { world } = movingBody();
    const { handle, frame } = scripted(world);
    const steps = [1, 2, 3, 4, 5, 6].map(() => frame(1 / 30));
    expect(steps).toEqual([2, 2, 2, 2, 2, 2]);
    expect(world.stepCount).toBe(12);
    expect(handle.totalSteps).toBe(12);
    expect(handle.alpha).toBeCloseTo(0, 9);
  });

  it('frames of 1/120 s with a 1/60 s step alternate 0 and 1 steps, alpha 0.5 and 0', () => {
    const { world } = movingBody();
    const { handle, frame } = scripted(world);
    const steps: number[] = [];
    const alphas: number[] = [];
    for (let i = 0; i < 8; i++) {
      steps.push(frame(1 / 120));
      alphas.push(handle.alpha);
    }
    expect(steps).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    for (let i = 0; i < 8; i++) expect(alphas[i]).toBeCloseTo(i % 2 === 0 ? 0.5 : 0, 9);
    expect(world.stepCount).toBe(4);
  });

  it('a 1 s hitch takes maxSubSteps steps and drops the rest (no spiral of death)', () => {
    const { world } = movingBody();
    const { handle, frame } = scripted(world, { maxSubSteps: 4 });
    expect(frame(1 / 60)).toBe(1);
    expect(frame(1.0)).toBe(4);
    expect(handle.accumulator).toBeLessThan(1 / 60);
    // The dropped time is gone: the next normal frames take one step each, not a catch-up burst.
    expect([frame(1 / 60), frame(1 / 60), frame(1 / 60)]).toEqual([1, 1, 1]);
    expect(frame(10)).toBe(4);
    expect(world.stepCount).toBe(1 + 4 + 3 + 4);
    expect(world.time).toBeCloseTo(12 / 60, 12);
  });

  it('zero, negative and NaN frame times take no steps and leave the accumulator alone', () => {
    const { world } = movingBody();
    const { handle, frame } = scripted(world);
    frame(1 / 120);
    const acc = handle.accumulator;
    expect([frame(0), frame(-1), frame(NaN)]).toEqual([0, 0, 0]);
    expect(handle.accumulator).toBe(acc);
    expect(world.stepCount).toBe(0);
  });

  it('matches an exact integer model of the accumulator on a random sequence of frame times', () => {
    // h = 1/64 s and frame times in whole 1/1024 s are exact in binary floating point, so the float
    // clock must agree exactly with the integer model (units of 1/1024 s, h = 16 units).
    const maxSub = 3;
    const clock = { fixedTimeStep: 1 / 64, maxSubSteps: maxSub, acc: 0 };
    let accUnits = 0;
    let seed = 12345;
    const rand = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (let i = 0; i < 2000; i++) {
      const units = Math.floor(rand() * 80); // 0 … 79/1024 s, beyond the clamp of 48 units
      accUnits += Math.min(units, 16 * maxSub);
      let expected = 0;
      while (accUnits >= 16 && expected < maxSub) { accUnits -= 16; expected++; }
      expect(advanceClock(clock, units / 1024)).toBe(expected);
      expect(clock.acc).toBe(accUnits / 1024);
    }
  });

  it('by default reads the frame time from the engine (getDeltaTime, unit: ms)', () => {
    const { world } = movingBody();
    const handle = attachPhysics(scene, world);
    engine.getDeltaTime = () => 1000 / 30;
    scene.render();
    expect(handle.stepsLastFrame).toBe(2);
  });
});

describe('attachPhysics: interpolated transforms', () => {
  it('writes lerp(prevPosition, position, alpha) and the normalised lerp of the orientations', () => {
    const { world, body } = movingBody();
    const { handle, frame } = scripted(world);
    const node = new TransformNode('box', scene);
    handle.link(node, body);
    expect(node.rotationQuaternion).not.toBeNull();

    // 0.025 s = 1.5 steps: one step, alpha = 0.5.
    expect(frame(0.025)).toBe(1);
    expect(handle.alpha).toBeCloseTo(0.5, 9);
    const b = world.bodies;
    const a = handle.alpha;
    for (let k = 0; k < 3; k++) {
      const expected = b.prevPosition[3 * body + k] * (1 - a) + b.position[3 * body + k] * a;
      expect(node.position.asArray()[k]).toBeCloseTo(expected, 12);
    }
    // Free flight at 1 m/s for one 1/60 s step: halfway is x = 1/120.
    expect(node.position.x).toBeCloseTo(1 / 120, 12);
    expect(node.position.y).toBeCloseTo(1, 12);

    const q0 = Array.from(b.prevOrientation.subarray(4 * body, 4 * body + 4));
    const q1 = Array.from(b.orientation.subarray(4 * body, 4 * body + 4));
    const mix = q0.map((v, k) => v * (1 - a) + q1[k] * a);
    const len = Math.hypot(...mix);
    const rq = node.rotationQuaternion;
    expect(rq).not.toBeNull();
    if (rq === null) return;
    expect([rq.x, rq.y, rq.z, rq.w].map((v) => +v.toFixed(12))).toEqual(mix.map((v) => +(v / len).toFixed(12)));
    // Halfway in angle as well: the body turned by about 2 rad/s · 1/60 s, the node by half of it.
    const bodyAngle = 2 * Math.atan2(Math.hypot(q1[0], q1[1], q1[2]), q1[3]);
    const nodeAngle = 2 * Math.atan2(Math.hypot(rq.x, rq.y, rq.z), rq.w);
    expect(bodyAngle).toBeCloseTo(2 / 60, 4);
    expect(nodeAngle).toBeCloseTo(bodyAngle / 2, 6);

    // Frame that ends exactly on a step boundary: alpha 0, the node shows the start of the last step.
    expect(frame(0.025)).toBe(2);
    expect(handle.alpha).toBeCloseTo(0, 9);
    expect(node.position.x).toBeCloseTo(b.prevPosition[3 * body], 9);
    expect(node.position.x).toBeCloseTo(2 / 60, 9);
  });

  it('takes the shortest arc when the stored quaternions have opposite signs', () => {
    const { world, body } = movingBody();
    const { handle, frame } = scripted(world);
    const node = new TransformNode('n', scene);
    handle.link(node, body);
    frame(0.025);
    const b = world.bodies;
    for (let k = 0; k < 4; k++) b.prevOrientation[4 * body + k] *= -1; // same rotation, other sign
    handle.paused = true;
    frame(0.0);
    const rq = node.rotationQuaternion;
    if (rq === null) throw new Error('no rotationQuaternion');
    const q1 = b.orientation.subarray(4 * body, 4 * body + 4);
    // Not a collapse through zero: the result is a unit quaternion close to the current one.
    expect(Math.hypot(rq.x, rq.y, rq.z, rq.w)).toBeCloseTo(1, 12);
    expect(Math.abs(rq.x * q1[0] + rq.y * q1[1] + rq.z * q1[2] + rq.w * q1[3])).toBeGreaterThan(0.999);
  });

  it('link places the node at once, unlink stops updating it, removed bodies are skipped', () => {
    const { world, body } = movingBody();
    const { handle, frame } = scripted(world);
    const node = new TransformNode('n', scene);
    const other = new TransformNode('m', scene);
    handle.link(node, body);
    expect(node.position.asArray()).toEqual([0, 1, 0]);
    expect(handle.entityOf(node)).toBe(body);
    expect(() => handle.link(other, 999)).toThrow(UnknownEntityError);
    expect(handle.linkCount).toBe(1);

    frame(1 / 30); // two steps, alpha 0: the node shows the start of the second step, x = 1/60
    const x = node.position.x;
    expect(x).toBeCloseTo(1 / 60, 9);
    expect(handle.unlink(node)).toBe(true);
    expect(handle.unlink(node)).toBe(false);
    expect(handle.entityOf(node)).toBe(-1);
    frame(1 / 60);
    expect(node.position.x).toBe(x);

    handle.link(other, body);
    removeBody(world, body);
    expect(() => frame(1 / 60)).not.toThrow();
  });

  it('unlink keeps the other links (swap-remove)', () => {
    const world = createPhysicsWorld({ gravity: [0, 0, 0] });
    const { handle, frame } = scripted(world);
    const nodes = [0, 1, 2].map((i) => new TransformNode(`n${i}`, scene));
    const ids = [0, 1, 2].map((i) => addBody(world, {
      position: [i, 0, 0], linearVelocity: [0, i + 1, 0], collider: { shape: 'sphere', radius: 0.1 },
    }));
    nodes.forEach((n, i) => handle.link(n, ids[i]));
    handle.unlink(nodes[0]);
    expect(handle.entityOf(nodes[2])).toBe(ids[2]);
    frame(1 / 30); // two steps, alpha 0: y = v · (1/60)
    expect(nodes[1].position.y).toBeCloseTo(2 / 60, 9);
    expect(nodes[2].position.y).toBeCloseTo(3 / 60, 9);
    expect(nodes[0].position.y).toBe(0);
  });

  it('linkNewBody takes the pose from the node and links it', () => {
    const world = createPhysicsWorld();
    const { handle } = scripted(world);
    const node = new TransformNode('n', scene);
    node.position.set(1, 2, 3);
    node.rotation.set(0, Math.PI / 2, 0);
    const e = linkNewBody(world, handle, node, { collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    expect(handle.entityOf(node)).toBe(e);
    expect(Array.from(world.bodies.position.subarray(3 * e, 3 * e + 3))).toEqual([1, 2, 3]);
    expect(world.bodies.orientation[4 * e + 1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(() => linkNewBody(world, handle, node, { mass: -1, collider: { shape: 'sphere', radius: 1 } }))
      .toThrow(PhysicsInputError);
  });
});

describe('attachPhysics: pause, stepOnce, dispose and bad options', () => {
  it('paused frames take no steps; stepOnce takes exactly one', () => {
    const { world } = movingBody();
    const { handle, frame } = scripted(world);
    handle.paused = true;
    expect([frame(1 / 30), frame(1 / 30)]).toEqual([0, 0]);
    expect(world.stepCount).toBe(0);
    handle.stepOnce();
    expect(world.stepCount).toBe(1);
    handle.paused = false;
    expect(frame(1 / 30)).toBe(2);
  });

  it('dispose removes the observer it added and stops stepping', async () => {
    const { world, body } = movingBody();
    const before = scene.onBeforeRenderObservable.observers.length;
    const { handle, frame } = scripted(world);
    expect(scene.onBeforeRenderObservable.observers.length).toBe(before + 1);
    const node = new TransformNode('n', scene);
    handle.link(node, body);
    frame(1 / 60);
    expect(world.stepCount).toBe(1);

    handle.dispose();
    handle.dispose(); // idempotent
    expect(handle.disposed).toBe(true);
    expect(handle.linkCount).toBe(0);
    frame(1 / 30);
    expect(world.stepCount).toBe(1);
    handle.stepOnce();
    expect(world.stepCount).toBe(1);
    await tick();
    expect(scene.onBeforeRenderObservable.observers.length).toBe(before);
    expect(() => handle.link(node, body)).toThrow(PhysicsInputError);
  });

  it.each<[string, AttachPhysicsOptions, string]>([
    ['fixedTimeStep 0', { fixedTimeStep: 0 }, 'fixedTimeStep'],
    ['fixedTimeStep < 0', { fixedTimeStep: -1 / 60 }, 'fixedTimeStep'],
    ['fixedTimeStep NaN', { fixedTimeStep: NaN }, 'fixedTimeStep'],
    ['fixedTimeStep ∞', { fixedTimeStep: Infinity }, 'fixedTimeStep'],
    ['maxSubSteps 0', { maxSubSteps: 0 }, 'maxSubSteps'],
    ['maxSubSteps 1.5', { maxSubSteps: 1.5 }, 'maxSubSteps'],
    ['maxSubSteps NaN', { maxSubSteps: NaN }, 'maxSubSteps'],
    ['getFrameTime not a function', { getFrameTime: 5 as unknown as () => number }, 'getFrameTime'],
  ])('rejects %s with a PhysicsInputError and registers nothing', (_name, options, field) => {
    const world = createPhysicsWorld();
    const before = scene.onBeforeRenderObservable.observers.length;
    let error: unknown;
    try {
      attachPhysics(scene, world, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PhysicsInputError);
    expect((error as PhysicsInputError).field).toBe(field);
    expect(scene.onBeforeRenderObservable.observers.length).toBe(before);
  });

  it('one attachment per world, independent worlds on one scene', () => {
    const a = movingBody();
    const b = movingBody();
    let dt = 0;
    const ha: PhysicsAttachment = attachPhysics(scene, a.world, { getFrameTime: () => dt });
    const hb = attachPhysics(scene, b.world, { getFrameTime: () => dt, fixedTimeStep: 1 / 120 });
    dt = 1 / 30;
    scene.render();
    expect([ha.stepsLastFrame, hb.stepsLastFrame]).toEqual([2, 4]);
    expect(a.world.time).toBeCloseTo(b.world.time, 12);
  });
});
