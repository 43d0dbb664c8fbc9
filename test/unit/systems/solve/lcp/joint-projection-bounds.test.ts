/**
 * Bounds of the accurate mode's joint step and joint position projection (`systems/solve/lcp/
 * joint-implicit.ts`, `joint-projection-contacts.ts`), on the fuzz scenes that found them. Second method:
 * the fuzz's own checks (no body centre under the ground, finite, energy within 2 × E0 + 1 J with joints),
 * which each scene failed without the bound (measured on the same code with only that bound taken out):
 * - the projection step's largest move (0.2 m, 8°): fuzz seed 1005 shrunk to a light box fixed 10.5 m
 *   from a 546 kg capsule in a loop through a distance joint and a ball joint to the world, 41 m under the
 *   ground at step 401 (the projection jumped between the loop's far solutions, 20–60 m per step);
 * - the energy guard of the first joint pass: fuzz seed 573 from 2.9e6 to 6.8e6 J at step 4;
 * - the projection's gap of a turned sphere: fuzz seed 2468 shrunk (a 0.01 kg sphere of radius 0.34 m on a
 *   ball joint 8.8 m from a 285 kg sphere rolling at 100–200 rad/s) had its centre 0.45 m under the
 *   ground at step 294 with the witness gap (and without the step bound, which holds it too).
 * The gap itself against the closed form: a sphere's gap does not change when it turns.
 */
import { describe, expect, it } from 'vitest';
import { buildFuzzScene, checkFuzzScene } from '../../../../../scenes/fuzz';
import { addBody, createPhysicsWorld, stepWorld } from '../../../../../plugin/index';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';
import { contactGap } from '../../../../../systems/solve/lcp/contact-rows';
import { projectionGap } from '../../../../../systems/solve/lcp/joint-projection-contacts';

describe('the joint position projection moves no body by more than 0.2 m or 8° per Gauss–Newton step', () => {
  it('fuzz seed 1005 shrunk: a light box fixed 10.5 m from a 546 kg capsule, in a loop with a distance and a ball joint, stays above the ground', () => {
    expect(checkFuzzScene(buildFuzzScene(1005, { mode: 'lcp', keep: [4, 13, 19], keepJoints: [0, 1, 4] }))).toBeUndefined();
  }, 60_000);
});

describe('the first joint pass adds at most ½ m v_rec² of kinetic energy, else it is solved again without recovery', () => {
  it('fuzz seed 573: a loop of rows independent only to round-off gains no energy, and the guard acted', () => {
    expect(checkFuzzScene(buildFuzzScene(573, { mode: 'lcp' }), { steps: 30 })).toBeUndefined();
    const scene = buildFuzzScene(573, { mode: 'lcp' });
    const solver = scene.world.solver as LcpSolver;
    let dropped = 0;
    for (let k = 0; k < 30; k++) {
      stepWorld(scene.world, 1 / 60);
      if (solver.joints.recoveryDropped) dropped++;
    }
    expect(dropped).toBeGreaterThan(0);
  }, 60_000);
});

describe("the projection's contact gap counts a witness point's turn only where it goes deeper", () => {
  it('a sphere on the plane turned by 2 rad: the gap stays its separation (the witness gap reads it up to 2r higher)', () => {
    const world = createPhysicsWorld({ solver: 'lcp', sleep: false });
    addBody(world, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
    const r = 0.34;
    addBody(world, { position: [0, r + 0.01, 0], mass: 1, collider: { shape: 'sphere', radius: r, restitution: 0 } });
    stepWorld(world, 1 / 60);
    const solver = world.solver as LcpSolver, p = world.problem, sb = world.solverBodies;
    expect(p.contactCount).toBe(1);
    const i = p.bodyA[0] < sb.count && sb.invMass[p.bodyA[0]] > 0 ? p.bodyA[0] : p.bodyB[0];
    const out = new Float64Array(1);
    for (const angle of [0.5, 2, 3]) {
      // the sphere at its step-start pose, turned by `angle` about x
      sb.dp.fill(0); sb.dq.fill(0);
      for (let k = 0; k < sb.count; k++) sb.dq[4 * k + 3] = 1;
      const half = 0.5 * angle, s = half - half ** 3 / 6 + half ** 5 / 120 - half ** 7 / 5040 + half ** 9 / 362880;
      const c = Math.sqrt(1 - s * s);
      sb.dq[4 * i] = s; sb.dq[4 * i + 3] = c;
      projectionGap(solver.rows, p, sb, 0, out);
      expect(Math.abs(out[0] - p.separation[0])).toBeLessThan(1e-12);
      contactGap(solver.rows, p, sb, 0, out);
      expect(out[0] - p.separation[0]).toBeGreaterThan(0.1 * r); // the witness point turned up
    }
  });

  it('fuzz seed 2468 shrunk: a light sphere on a ball joint 8.8 m from a heavy rolling sphere stays above the ground', () => {
    expect(checkFuzzScene(buildFuzzScene(2468, { mode: 'lcp', keep: [27, 48], keepJoints: [2] }))).toBeUndefined();
  }, 60_000);
});
