/**
 * The joint stage (systems/assembly/joint-stage.ts): a world has none until its first `addJoint`, which
 * installs it (a rejected `addJoint` does not); without it the step leaves the joint problem empty, and
 * a world whose stage runs over no joint steps bit-identically to a world that never had one (the
 * stage's absence is what its assembly of zero joints produces). A jointed world solves its joints with
 * either solver once the stage is there.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, addJoint, applyImpulse, createPhysicsWorld, getPosition, PhysicsInputError, removeJoint, stepWorld,
  type PhysicsWorld,
} from '../../../../plugin/index';
import { JOINT_STAGE } from '../../../../systems/assembly/joint-stage';
import { JOINT_KERNELS } from '../../../../systems/solve/common/joint-kernels';

/** A tumbling pile of boxes and spheres on a plane: many contacts, nothing jointed. */
function pile(w: PhysicsWorld): number[] {
  addBody(w, { type: 'static', collider: { shape: 'plane' } });
  const bodies: number[] = [];
  for (let i = 0; i < 12; i++) {
    const x = (i % 3) * 0.7 - 0.7, y = 0.6 + Math.floor(i / 3) * 1.1, z = (i % 2) * 0.3;
    bodies.push(addBody(w, {
      position: [x, y, z], orientation: [0, 0.1 * i, 0, 1],
      collider: i % 4 === 0 ? { shape: 'sphere', radius: 0.4 } : { shape: 'box', halfExtents: [0.4, 0.3, 0.35] },
    }));
  }
  applyImpulse(w, bodies[5], [3, 0, 1]);
  return bodies;
}

function positions(w: PhysicsWorld, bodies: number[]): number[] {
  return bodies.flatMap((b) => getPosition<number[]>(w, b));
}

describe('the joint stage', () => {
  it('is installed by the first addJoint only (once, and not by a rejected call)', () => {
    const w = createPhysicsWorld();
    const [a, b] = pile(w);
    expect(w.jointStage).toBeUndefined();
    expect(w.solverProblem.jointKernels).toBeUndefined();
    for (let i = 0; i < 30; i++) stepWorld(w, 1 / 60);
    expect(w.solverProblem.joints).toBeUndefined(); // no joint problem, hence no joint rows
    expect(w.solverProblem.fastJoints).toBeUndefined();
    expect(() => addJoint(w, { kind: 'ball', bodyA: a, bodyB: a })).toThrow(PhysicsInputError);
    expect(w.jointStage).toBeUndefined();
    addJoint(w, { kind: 'ball', bodyA: a, bodyB: b });
    expect(w.jointStage).toBe(JOINT_STAGE);
    expect(w.solverProblem.jointKernels).toBe(JOINT_KERNELS);
    addJoint(w, { kind: 'distance', bodyA: a, bodyB: b });
    expect(w.jointStage).toBe(JOINT_STAGE);
    stepWorld(w, 1 / 60);
    expect(w.solverProblem.fastJoints).toBe(JOINT_STAGE.fastJoints);
    expect(w.solverProblem.joints!.jointCount).toBe(2);
    expect(w.solverProblem.joints!.rowCount).toBeGreaterThan(0);
  });

  it('a world whose stage runs over no joint steps bit-identically to a world that never had one', () => {
    const plain = createPhysicsWorld();
    const staged = createPhysicsWorld();
    const pa = pile(plain), pb = pile(staged);
    // a joint made and removed before the first step: the stage stays, over zero joints
    removeJoint(staged, addJoint(staged, { kind: 'ball', bodyA: pb[1], bodyB: pb[2] }));
    expect(staged.jointStage).toBe(JOINT_STAGE);
    expect(plain.jointStage).toBeUndefined();
    for (let i = 0; i < 180; i++) {
      stepWorld(plain, 1 / 60);
      stepWorld(staged, 1 / 60);
    }
    const moved = positions(plain, pa);
    expect(positions(staged, pb)).toEqual(moved); // toEqual on numbers: bit-identical (Object.is)
    expect(moved.some((v, k) => k % 3 === 1 && v < 0.6)).toBe(true); // the pile did move (the check can fail)
  });

  it('a pendulum added after steps without joints swings on its joint (the stage solves it from its first step)', () => {
    const w = createPhysicsWorld({ gravity: [0, -9.81, 0], sleep: false });
    const bob = addBody(w, { position: [1, 5, 0], collider: { shape: 'sphere', radius: 0.1 } });
    for (let i = 0; i < 10; i++) stepWorld(w, 1 / 60); // falls freely: no joint yet
    const p0 = getPosition(w, bob);
    expect(p0[1]).toBeLessThan(5);
    // a ball joint to the world at (0, p0.y, 0): the bob keeps its 1 m distance to the pivot
    addJoint(w, { kind: 'ball', bodyA: bob, worldAnchor: [0, p0[1], 0] });
    let worst = 0, lowest = Infinity;
    for (let i = 0; i < 120; i++) {
      stepWorld(w, 1 / 60);
      const p = getPosition(w, bob);
      worst = Math.max(worst, Math.abs(Math.hypot(p[0], p[1] - p0[1], p[2]) - 1));
      lowest = Math.min(lowest, p[1]);
    }
    expect(worst).toBeLessThan(0.01);
    expect(lowest).toBeLessThan(p0[1] - 0.95); // it swung through the bottom, 1 m below the pivot
  });
});
