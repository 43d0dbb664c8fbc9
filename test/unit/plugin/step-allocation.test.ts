/**
 * Does the step allocate once warmed up? The project's rule: the step allocates nothing. Box3D's mixed
 * pile (boxes and spheres in a walled bin: box–box with face and edge contacts, sphere–sphere,
 * sphere–box, the manifolds' block solve, body integration) and its 20-row pyramid (a broadphase whose
 * fattened AABBs are left now and then), sleeping off, measured as the growth of V8's young generation
 * per step (median of batches, batches with a minor collection left out, less an empty function's). A
 * control that also allocates a small array per step shows the measurement sees an allocation of that
 * size.
 *
 * "Warmed up" means the step's functions run optimised. A function called once per step (the step's
 * driver, the world checks, the solver's per-step setup) is optimised only after thousands of steps,
 * and until then each number it computes is a new boxed number: about 120 bytes per step, whatever the
 * scene's size. The bound is therefore 256 bytes per step on scenes of 400 and 210 bodies (before the
 * allocation fixes: about 14 KB per step on both), and a scene that is over it is stepped further (up to
 * three times 300 steps: under load, V8's optimising compiler runs late) before it counts as failing.
 *
 * The jointed case: four ragdolls in a heap (ball joints with swing cones and twist limits, hinges with
 * limits, against contacts) and beside them every joint kind of the fast modes with limits, motors and
 * friction (a motorised limited hinge, a slider with limits and a motor, a welded pair, a ball joint with an
 * elliptical cone and a twist range, a sixDof with a limited slide, a limited and motorised turn and a locked
 * one, a distance spring with a maximum length, a hinge with dry friction), in both fast modes. Before the
 * joint code's allocation fixes the fast Coulomb scene took about 216 KB per step (V8 boxing the numbers
 * passed to and returned from the angle routines and the row writers, merging module constants with
 * computed numbers, and running loops of deoptimized functions in the interpreter up to their compiled
 * loop: `systems/solve/pgs/README.md`, "Loops compiled on the stack").
 */
import { describe, expect, it } from 'vitest';
import { bytesPerCall } from '../../fixtures/young-generation';
import { addBody, addJoint, createPhysicsWorld, setJointMotor, stepWorld, type PhysicsWorld } from '../../../plugin/index';
import '../../../plugin/max-dissipation';
import '../../../plugin/accurate';
import { buildBox3dPile, buildBox3dPyramid } from '../../../scenes/box3d-benchmark';
import { buildRagdollPile } from '../../../scenes/ragdoll-pile';

function scene(build: (w: PhysicsWorld) => void, friction: 'coulomb' | 'max-dissipation' | 'lcp' = 'coulomb'): PhysicsWorld {
  const w = createPhysicsWorld(friction === 'lcp' ? { sleep: false, solver: 'lcp' } : { sleep: false, friction });
  build(w);
  for (let i = 0; i < 300; i++) stepWorld(w, 1 / 60);
  return w;
}

/** Bytes per step of `w` once warmed up: measured, and re-measured after 300 more steps (up to three
 * times) while it is not below `bound`. */
function bytesPerStep(w: PhysicsWorld, batch: number, bound: number): number {
  let bytes = bytesPerCall(() => stepWorld(w, 1 / 60), batch);
  for (let round = 0; round < 3 && !(bytes < bound); round++) {
    for (let i = 0; i < 300; i++) stepWorld(w, 1 / 60);
    bytes = bytesPerCall(() => stepWorld(w, 1 / 60), batch);
  }
  return bytes;
}

/** Every joint kind of the fast modes with limits, motors and friction, on a slab at x = 8 m (see the header). */
function jointZoo(w: PhysicsWorld): void {
  const x = 8;
  addBody(w, { type: 'static', position: [x, -0.5, 0], collider: { shape: 'box', halfExtents: [4, 0.5, 4] } });
  const box = (p: [number, number, number], h = 0.2, mass = 2): number =>
    addBody(w, { position: p, mass, collider: { shape: 'box', halfExtents: [h, h, h] } });
  // a paddle turning on a limited hinge to the world, driven into its stops by its motor
  const paddle = box([x - 3, 1, -3]);
  const hinge = addJoint(w, { kind: 'hinge', bodyA: paddle, worldAnchor: [x - 3, 1.3, -3], worldAxis: [0, 0, 1], limits: { lower: -1, upper: 1 } });
  setJointMotor(w, hinge, { speed: 3, maxForce: 40 });
  // a box on a vertical slider with limits and a motor, pressed against its lower stop
  const lift = box([x - 1, 1, -3]);
  addJoint(w, { kind: 'slider', bodyA: lift, worldAnchor: [x - 1, 1, -3], worldAxis: [0, 1, 0], limits: { lower: -0.5, upper: 0.5 }, motor: { speed: -1, maxForce: 30 } });
  // a welded pair falling on the slab
  const a = box([x + 1, 0.8, -3]), b = box([x + 1.4, 0.8, -3]);
  addJoint(w, { kind: 'fixed', bodyA: a, bodyB: b, worldAnchor: [x + 1.2, 0.8, -3] });
  // a pendulum on a ball joint with an elliptical swing cone and a twist range, started against them
  const bob = addBody(w, { position: [x + 3, 1.2, -3], mass: 3, angularVelocity: [4, 2, 6], collider: { shape: 'sphere', radius: 0.2 } });
  addJoint(w, {
    kind: 'ball', bodyA: bob, worldAnchor: [x + 3, 2.2, -3], worldAxis: [0, -1, 0],
    swingLimit: [0.4, 0.8], twistLimit: { lower: -0.3, upper: 0.3 },
  });
  // a sixDof: a limited slide along y, a limited and motorised turn about y, the rest locked
  const six = box([x - 2, 1, 1]);
  const d = addJoint(w, {
    kind: 'sixDof', bodyA: six, worldAnchor: [x - 2, 1, 1],
    linear: ['locked', { lower: -0.3, upper: 0.3 }, 'locked'], angular: ['locked', { lower: -0.5, upper: 0.5 }, 'locked'],
  });
  setJointMotor(w, d, { speed: 2, maxForce: 10 }, 'angularY');
  // two boxes on a distance spring with a maximum length, the lower one on the slab
  const top = box([x, 1.5, 1]), low = box([x, 0.2, 1]);
  addJoint(w, { kind: 'distance', bodyA: top, bodyB: low, length: 1, maxLength: 1.4, stiffness: 200, damping: 5 });
  addJoint(w, { kind: 'ball', bodyA: top, worldAnchor: [x, 2, 1] });
  // a door on a hinge with dry friction, pushed
  const door = addBody(w, { position: [x + 2.5, 1, 1], mass: 5, angularVelocity: [0, 3, 0], collider: { shape: 'box', halfExtents: [0.5, 0.8, 0.05] } });
  addJoint(w, { kind: 'hinge', bodyA: door, worldAnchor: [x + 2, 1, 1], worldAxis: [0, 1, 0], friction: 2 });
}

describe('the step allocates nothing once warmed up', () => {
  const pile = scene((w) => buildBox3dPile(w, 400));
  const pyramid = scene((w) => { buildBox3dPyramid(w, 20); });

  it('the measurement sees a step that also allocates one small array (≥ 24 B per step)', () => {
    // a typed array in a ring of slots, as the query test's control (an array literal was not always seen)
    const keep = new Array<Float64Array>(64);
    const control = bytesPerCall((i) => { stepWorld(pile, 1 / 60); keep[i & 63] = new Float64Array(2); }, 5);
    const plain = bytesPerCall(() => stepWorld(pile, 1 / 60), 5);
    expect(control - plain, `control ${control} B, step ${plain} B`).toBeGreaterThan(24);
  });

  it("Box3D's pile of 400 boxes and spheres and its 20-row pyramid: under 256 bytes per step", () => {
    const bPile = bytesPerStep(pile, 5, 256);
    const bPyramid = bytesPerStep(pyramid, 10, 256);
    expect(bPile, `pile ${bPile} B per step`).toBeLessThan(256);
    expect(bPyramid, `pyramid ${bPyramid} B per step`).toBeLessThan(256);
  });

  const jointed = (w: PhysicsWorld): void => { buildRagdollPile(w, { count: 4 }); jointZoo(w); };

  it('four ragdolls in a heap and every joint kind with limits, motors and friction (fast Coulomb): under 256 bytes per step', () => {
    const b = bytesPerStep(scene(jointed), 5, 256);
    expect(b, `jointed ${b} B per step`).toBeLessThan(256);
  });

  // The max-dissipation contact sweep took 15 KB per step, then 6.6 KB, from the friction coefficient passed
  // as a number to calls V8 does not inline (the closed-form and sticking tests, then the exact single-contact
  // solve): each read it from the rows' friction array since (`solveSingleContactAt`).
  it('the same jointed scene in the max-dissipation mode: under 256 bytes per step', () => {
    const b = bytesPerStep(scene(jointed, 'max-dissipation'), 5, 256);
    expect(b, `jointed, max-dissipation ${b} B per step`).toBeLessThan(256);
  });

  // The accurate mode (issue 14): two ragdolls in a heap took 65–72 KB per step, then 3–9 KB once the hot calls
  // stopped passing and returning fractional numbers (Lemke's ratio-test tie among them, six numbers boxed at every
  // row of every pivot). The rest: the joint-limit LCP, the contact-held projection and the Delassus blocks calling
  // routines that return a number, the cone's edge split inlining `sinAt` twice (no budget left for its reduction,
  // then called with a boxed number), and Lemke reading its options through `?.` and `??` from three shapes of
  // options object (two numbers boxed per solve).
  it('issue 14: two ragdolls in a heap in the accurate mode: under 256 bytes per step', () => {
    const b = bytesPerStep(scene((w) => buildRagdollPile(w, { count: 2 }), 'lcp'), 5, 256);
    expect(b, `ragdolls, accurate ${b} B per step`).toBeLessThan(256);
  });
});
