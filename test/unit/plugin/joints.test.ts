/**
 * The public joint API (plugin/joints.ts): validation before any change, removal (also through
 * removeBody), the excluded pairs of collideConnected, coordinates and sign conventions.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, addJoint, AxisMode, createPhysicsWorld, getJointCoordinate, getJointForce, getJointSwingTwist, hasBody, hasJoint,
  isJointBroken, PhysicsInputError, removeBody, removeJoint, setJointLimits, setJointMotor, setJointSwingLimit, stepWorld,
  UnknownEntityError,
  type JointDef, type PhysicsWorld,
} from '../../../plugin/index';
import { pairTableGet } from '../../../components/pair-table';

function twoBodies(w: PhysicsWorld) {
  const a = addBody(w, { position: [0, 0, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
  const b = addBody(w, { position: [0.9, 0, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
  return { a, b };
}

/** Snapshot of what a rejected call must leave unchanged. */
function snapshot(w: PhysicsWorld) {
  return { joints: w.joints.count, list: Array.from(w.joints.list.subarray(0, w.joints.count)), excluded: w.joints.excludedPairs.size };
}

describe('addJoint validation: typed errors before any change', () => {
  const cases: [string, (a: number, b: number) => unknown, new (...args: never[]) => PhysicsInputError][] = [
    ['unknown bodyA', (_a, b) => ({ kind: 'ball', bodyA: 999, bodyB: b }), UnknownEntityError],
    ['unknown bodyB', (a) => ({ kind: 'ball', bodyA: a, bodyB: 12345 }), UnknownEntityError],
    ['bodyB = bodyA', (a) => ({ kind: 'ball', bodyA: a, bodyB: a }), PhysicsInputError],
    ['unknown kind', (a, b) => ({ kind: 'spring', bodyA: a, bodyB: b }), PhysicsInputError],
    ['NaN anchor', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, anchorA: [NaN, 0, 0] }), PhysicsInputError],
    ['infinite world anchor', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, worldAnchor: [Infinity, 0, 0] }), PhysicsInputError],
    ['worldAnchor with anchorA', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, worldAnchor: [0, 0, 0], anchorA: [0, 0, 0] }), PhysicsInputError],
    ['zero axis', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, axis: [0, 0, 0] }), PhysicsInputError],
    ['normal parallel to the axis', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, axis: [0, 1, 0], normal: [0, 2, 0] }), PhysicsInputError],
    ['lower > upper', (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, limits: { lower: 1, upper: 0 } }), PhysicsInputError],
    ['hinge limit beyond π', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, limits: { lower: -4, upper: 0 } }), PhysicsInputError],
    ['sixDof angular y limit beyond π/2', (a, b) => ({ kind: 'sixDof', bodyA: a, bodyB: b, angular: ['free', { lower: -2, upper: 0 }, 'free'] }), PhysicsInputError],
    ['negative stiffness', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, stiffness: -1 }), PhysicsInputError],
    ['NaN damping', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, stiffness: 10, damping: NaN }), PhysicsInputError],
    ['zero break force', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, breakForce: 0 }), PhysicsInputError],
    ['minLength > maxLength', (a, b) => ({ kind: 'distance', bodyA: a, bodyB: b, minLength: 2, maxLength: 1 }), PhysicsInputError],
    ['negative motor force', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, motor: { speed: 1, maxForce: -1 } }), PhysicsInputError],
    ['NaN motor speed', (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, motor: { speed: NaN, maxForce: 1 } }), PhysicsInputError],
    ['collideConnected not a boolean', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, collideConnected: 1 }), PhysicsInputError],
    // soft and one-sided limits
    ['limit stiffness 0', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, limits: { lower: -1, upper: 1, stiffness: 0 } }), PhysicsInputError],
    ['negative limit stiffness', (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, limits: { lower: -1, upper: 1, stiffness: -5 } }), PhysicsInputError],
    ['NaN limit stiffness', (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, limits: { lower: -1, upper: 1, stiffness: NaN } }), PhysicsInputError],
    ['negative limit damping', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, limits: { lower: -1, upper: 1, stiffness: 10, damping: -1 } }), PhysicsInputError],
    ['lower = +Infinity', (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, limits: { lower: Infinity, upper: Infinity } }), PhysicsInputError],
    ['upper = −Infinity', (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, limits: { lower: -Infinity, upper: -Infinity } }), PhysicsInputError],
    ['NaN lower', (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, limits: { lower: NaN, upper: 1 } }), PhysicsInputError],
    // ball cone and twist
    ['swing half-angle 0', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, swingLimit: 0 }), PhysicsInputError],
    ['swing half-angle π', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, swingLimit: Math.PI }), PhysicsInputError],
    ['NaN swing half-angle', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, swingLimit: { halfAngle: [0.5, NaN] } }), PhysicsInputError],
    ['three swing half-angles', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, swingLimit: [0.5, 0.5, 0.5] }), PhysicsInputError],
    ['swing without halfAngle', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, swingLimit: { stiffness: 10 } }), PhysicsInputError],
    ['swing stiffness 0', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, swingLimit: { halfAngle: 0.5, stiffness: 0 } }), PhysicsInputError],
    ['twist beyond π', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, twistLimit: { lower: -4, upper: 0 } }), PhysicsInputError],
    ['twist lower > upper', (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, twistLimit: { lower: 0.5, upper: 0 } }), PhysicsInputError],
  ];
  for (const [name, def, type] of cases) {
    it(`rejects ${name}`, () => {
      const w = createPhysicsWorld();
      const { a, b } = twoBodies(w);
      addJoint(w, { kind: 'ball', bodyA: a, bodyB: b });
      const before = snapshot(w);
      expect(() => addJoint(w, def(a, b) as JointDef)).toThrow(type);
      expect(snapshot(w)).toEqual(before);
    });
  }

  it('the error names the field and the value', () => {
    const w = createPhysicsWorld();
    const { a, b } = twoBodies(w);
    try {
      addJoint(w, { kind: 'hinge', bodyA: a, bodyB: b, axis: [0, 0, 0] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PhysicsInputError);
      expect((e as PhysicsInputError).field).toBe('joint.axis');
      expect((e as PhysicsInputError).value).toEqual([0, 0, 0]);
    }
  });
});

describe('joint lifetime', () => {
  it('addJoint returns a joint entity (not a body); removeJoint removes it once', () => {
    const w = createPhysicsWorld();
    const { a, b } = twoBodies(w);
    const j = addJoint(w, { kind: 'fixed', bodyA: a, bodyB: b });
    expect(hasJoint(w, j)).toBe(true);
    expect(hasBody(w, j)).toBe(false);
    removeJoint(w, j);
    expect(hasJoint(w, j)).toBe(false);
    expect(() => removeJoint(w, j)).toThrow(PhysicsInputError);
  });

  it('removing a body removes its joints (and only those)', () => {
    const w = createPhysicsWorld();
    const { a, b } = twoBodies(w);
    const c = addBody(w, { position: [5, 0, 0], mass: 1, inertia: [1, 1, 1] });
    const j1 = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b });
    const j2 = addJoint(w, { kind: 'ball', bodyA: c });
    const j3 = addJoint(w, { kind: 'hinge', bodyA: b, bodyB: c });
    removeBody(w, b);
    expect(hasJoint(w, j1)).toBe(false);
    expect(hasJoint(w, j3)).toBe(false);
    expect(hasJoint(w, j2)).toBe(true);
    expect(w.joints.count).toBe(1);
    expect(w.joints.excludedPairs.size).toBe(0);
    stepWorld(w, 1 / 60); // still steps
  });

  it('motors and limits: typed errors on locked axes and missing axes; accepted otherwise', () => {
    const w = createPhysicsWorld();
    const { a, b } = twoBodies(w);
    const ball = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b });
    const hinge = addJoint(w, { kind: 'hinge', bodyA: a, bodyB: b });
    const six = addJoint(w, { kind: 'sixDof', bodyA: a, bodyB: b, linear: ['free', 'locked', 'locked'] });
    expect(() => setJointMotor(w, ball, { speed: 1, maxForce: 1 })).toThrow(PhysicsInputError); // which axis?
    expect(() => setJointMotor(w, hinge, { speed: 1, maxForce: 1 }, 'linearX')).toThrow(PhysicsInputError); // locked
    expect(() => setJointLimits(w, six, { lower: 0, upper: 1 }, 'linearY')).toThrow(PhysicsInputError); // locked
    expect(() => setJointMotor(w, 4242, { speed: 1, maxForce: 1 })).toThrow(PhysicsInputError); // not a joint
    setJointMotor(w, hinge, { speed: 2, maxForce: 3 });
    setJointLimits(w, hinge, { lower: -1, upper: 1 });
    setJointMotor(w, six, { speed: 1, maxForce: 5 }, 'linearX');
    expect(w.joints.motorMaxForce[6 * hinge + 3]).toBe(3);
    expect(w.joints.lower[6 * hinge + 3]).toBe(-1);
    expect(w.joints.motorSpeed[6 * six]).toBe(1);
  });
});

describe('soft, one-sided, swing and twist limits: stored per axis; setters validate before changing', () => {
  it('addJoint stores limit stiffness / damping per axis (Infinity / 0 by default), one-sided ranges and the ball cone', () => {
    const w = createPhysicsWorld();
    const { a, b } = twoBodies(w);
    const hinge = addJoint(w, { kind: 'hinge', bodyA: a, bodyB: b, limits: { lower: 0, upper: Infinity, stiffness: 1e6, damping: 3 } });
    expect(w.joints.lower[6 * hinge + 3]).toBe(0);
    expect(w.joints.upper[6 * hinge + 3]).toBe(Infinity);
    expect(w.joints.limitStiffness[6 * hinge + 3]).toBe(1e6);
    expect(w.joints.limitDamping[6 * hinge + 3]).toBe(3);
    const rigid = addJoint(w, { kind: 'slider', bodyA: a, bodyB: b, limits: { lower: -1, upper: 1 } });
    expect(w.joints.limitStiffness[6 * rigid]).toBe(Infinity);
    expect(w.joints.limitDamping[6 * rigid]).toBe(0);
    const ball = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b, swingLimit: { halfAngle: [0.4, 0.8], stiffness: 50 },
      twistLimit: { lower: -0.5, upper: 0.25 } });
    expect(Array.from(w.joints.swingLimit.subarray(2 * ball, 2 * ball + 2))).toEqual([0.4, 0.8]);
    expect(w.joints.limitStiffness[6 * ball + 4]).toBe(50);
    expect(w.joints.axisMode[6 * ball + 3]).toBe(AxisMode.limited);
    expect(w.joints.lower[6 * ball + 3]).toBe(-0.5);
    const circ = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b, swingLimit: 0.6 });
    expect(Array.from(w.joints.swingLimit.subarray(2 * circ, 2 * circ + 2))).toEqual([0.6, 0.6]);
    stepWorld(w, 1 / 60); // rows assemble and solve
    const st = getJointSwingTwist(w, ball);
    expect(st.length).toBe(4);
    expect(st.every(Number.isFinite)).toBe(true);
  });

  it('setJointLimits / setJointSwingLimit: typed errors, nothing changed on rejection', () => {
    const w = createPhysicsWorld();
    const { a, b } = twoBodies(w);
    const ball = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b, swingLimit: 0.5 });
    const hinge = addJoint(w, { kind: 'hinge', bodyA: a, bodyB: b });
    const before = Array.from(w.joints.limitStiffness.subarray(6 * hinge, 6 * hinge + 6));
    expect(() => setJointLimits(w, hinge, { lower: -1, upper: 1, stiffness: 0 })).toThrow(PhysicsInputError);
    expect(Array.from(w.joints.limitStiffness.subarray(6 * hinge, 6 * hinge + 6))).toEqual(before);
    expect(w.joints.axisMode[6 * hinge + 3]).toBe(AxisMode.free);
    setJointLimits(w, hinge, { lower: -Infinity, upper: 0.5, stiffness: 200, damping: 1 });
    expect(w.joints.limitStiffness[6 * hinge + 3]).toBe(200);
    expect(w.joints.axisMode[6 * hinge + 3]).toBe(AxisMode.limited);
    // ball: angularX is the twist; angularY / Z clash with the cone
    setJointLimits(w, ball, { lower: -0.2, upper: 0.2 }, 'angularX');
    expect(w.joints.upper[6 * ball + 3]).toBe(0.2);
    expect(() => setJointLimits(w, ball, { lower: -0.2, upper: 0.2 }, 'angularY')).toThrow(PhysicsInputError);
    expect(() => setJointSwingLimit(w, hinge, 0.5)).toThrow(PhysicsInputError); // not a ball joint
    expect(() => setJointSwingLimit(w, ball, { halfAngle: 4 })).toThrow(PhysicsInputError);
    expect(w.joints.swingLimit[2 * ball]).toBe(0.5);
    setJointSwingLimit(w, ball, [0.3, 0.9]);
    expect(Array.from(w.joints.swingLimit.subarray(2 * ball, 2 * ball + 2))).toEqual([0.3, 0.9]);
    setJointSwingLimit(w, ball, undefined);
    expect(w.joints.swingLimit[2 * ball]).toBe(0);
    expect(() => getJointSwingTwist(w, addJoint(w, { kind: 'distance', bodyA: a, bodyB: b }))).toThrow(PhysicsInputError);
  });
});

describe('collideConnected and the excluded pairs', () => {
  function contactBetween(w: PhysicsWorld, a: number, b: number): boolean {
    return pairTableGet(w.contacts.slotOfPair, a, b) >= 0;
  }

  it('two overlapping boxes joined by a joint do not collide unless collideConnected; removal restores contact', () => {
    for (const collide of [false, true]) {
      const w = createPhysicsWorld({ gravity: [0, 0, 0] });
      const { a, b } = twoBodies(w);
      const j = addJoint(w, { kind: 'fixed', bodyA: a, bodyB: b, collideConnected: collide });
      stepWorld(w, 1 / 60);
      expect(contactBetween(w, a, b)).toBe(collide);
      removeJoint(w, j);
      stepWorld(w, 1 / 60);
      expect(contactBetween(w, a, b)).toBe(true);
    }
  });

  it('two joints on the same pair: the pair collides again only when both are gone; a broken joint lets it collide', () => {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const { a, b } = twoBodies(w);
    const j1 = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b });
    const j2 = addJoint(w, { kind: 'ball', bodyA: a, bodyB: b, worldAnchor: [0.45, 0, 0], breakForce: 1e-9 });
    stepWorld(w, 1 / 60);
    expect(contactBetween(w, a, b)).toBe(false);
    removeJoint(w, j1);
    expect(w.joints.excludedPairs.size).toBe(1); // j2 still keeps them apart
    // pull b away: j2 must act, exceeds its 1e-9 N and breaks (reported with the force that broke it)
    w.bodies.linearVelocity[3 * b] = 1;
    stepWorld(w, 1 / 60);
    expect(isJointBroken(w, j2)).toBe(true);
    expect(w.brokenJoints).toEqual([j2]);
    expect(Math.hypot(...getJointForce(w, j2))).toBeGreaterThan(1e-9);
    expect(w.joints.excludedPairs.size).toBe(0);
    stepWorld(w, 1 / 60);
    expect(contactBetween(w, a, b)).toBe(true);
  });
});

describe('frames and coordinates', () => {
  it('a joint to the world with a world anchor starts at zero; turning A by +θ about the hinge axis reads −θ (B relative to A)', () => {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const a = addBody(w, { position: [1, 2, 3], mass: 1, inertia: [1, 1, 1] });
    const j = addJoint(w, { kind: 'hinge', bodyA: a, worldAnchor: [1, 2, 4], worldAxis: [0, 0, 1] });
    for (const ax of ['linearX', 'linearY', 'linearZ', 'angularX', 'angularY', 'angularZ'] as const) {
      expect(getJointCoordinate(w, j, ax)).toBeCloseTo(0, 12);
    }
    const th = 0.3;
    w.bodies.orientation.set([0, 0, Math.sin(th / 2), Math.cos(th / 2)], 4 * a);
    w.bodies.position.set([1, 2, 3], 3 * a);
    expect(getJointCoordinate(w, j)).toBeCloseTo(-th, 12);
  });

  it('a distance joint defaults to the current anchor distance (a rod), anchorB to B\'s centre of mass', () => {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const { a, b } = twoBodies(w);
    const j = addJoint(w, { kind: 'distance', bodyA: a, bodyB: b, anchorA: [0.1, 0, 0] });
    expect(getJointCoordinate(w, j)).toBeCloseTo(0.8, 12);
    expect(w.joints.lower[6 * j]).toBeCloseTo(0.8, 12);
    expect(w.joints.upper[6 * j]).toBeCloseTo(0.8, 12);
  });
});
