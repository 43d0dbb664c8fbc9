/**
 * The accurate mode's contacts seen through the rigid joint limits at their stop
 * (`systems/solve/lcp/joint-coupling-islands.ts`). Second method: static equilibrium by symmetry.
 * A heavy plank on two light feet, each on a vertical slider to the plank whose upper limit is at its
 * stop: the plank's weight reaches the feet only through the limits, so each foot's contact must carry
 * (M + 2 m) g h / 2 per step and the feet must not sink. With the contacts seen through the bilateral
 * rows only (the limits left to the joint pass after the LCP), the LCP stopped each foot at its own mass
 * and the limits then pressed the feet into the ground: within 3 s 0.25 m (1000 : 0.01), 0.249 m
 * (100 : 1) and 1.6 mm (1 : 1).
 * Also the fuzz scenes that showed the failure and the over-constrained case: a 0.1 kg capsule on a hinge at its limit to a
 * 910 kg sphere (fuzz seed 27, shrunk) holds; a contact locked by limits (seed 197, shrunk), whose LCP
 * through the limits asked for 4e8 N·s, falls back to the bilateral coupling and stays finite.
 * A limit not at its stop after the joint pass 1b that the contacts drive to it within the step (pushing
 * after 2b) is taken too and the contacts solved again: a plank 1.5 mm above its feet's slider limits, and
 * fuzz seed 1748 (shrunk), which sank a light body through the ground before.
 */
import { describe, expect, it } from 'vitest';
import { deepestFoot, plankOnFeet } from '../../../../fixtures/plank-on-feet';
import { buildFuzzScene, checkFuzzScene } from '../../../../../scenes/fuzz';
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'
import { addBody, addJoint, createPhysicsWorld, getPosition } from '../../../../../plugin/index';

const dt = 1 / 60;

describe('contacts seen through joint limits at their stop (accurate mode)', () => {
  for (const [M, m] of [[1000, 0.01], [100, 1], [1, 1]] as const) {
    it(`a ${M} kg plank on two ${m} kg feet on sliders at their upper limit: each contact carries (M + 2 m) g h / 2, no sinking`, () => {
      const { world, feet, r } = plankOnFeet(M, m, { solver: 'lcp' }, 'slider');
      expect(deepestFoot(world, feet, r, 180, dt)).toBeLessThan(1e-6);
      const solver = world.solver as LcpSolver, p = world.solverProblem.contacts;
      expect(p.contactCount).toBe(2);
      const g = -world.gravity[1];
      for (let c = 0; c < 2; c++) expect(Math.abs(solver.results.normal[c] - (M + 2 * m) * g * dt / 2)).toBeLessThan(1e-9 * (M + 2 * m) * g * dt);
    });
  }

  // A limit the contacts drive to its stop within the step: the plank 1.5 mm above the sliders' upper
  // limits falls 2.7 mm in a step of free fall, so the limit is idle after 1b (not taken) and pushes in
  // 2b. Measured before the contacts were solved again with it: the feet 1.2 mm under the plane in the
  // first step for 1000 : 0.01, 100 : 1 and 10 : 1 (the LCP stopped each foot alone, 2b then let the
  // plank push it down).
  for (const [M, m] of [[1000, 0.01], [100, 1], [10, 1]] as const) {
    it(`a ${M} kg plank 1.5 mm above the sliders' limits of two ${m} kg feet: the limit it falls onto holds the feet out of the plane`, () => {
      const world = createPhysicsWorld({ solver: 'lcp', sleep: false });
      addBody(world, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
      const r = 0.1;
      const plank = addBody(world, { position: [0, 0.35, 0], mass: M, collider: { shape: 'box', halfExtents: [1, 0.1, 0.3], restitution: 0 } });
      const feet: number[] = [];
      for (const x of [-0.8, 0.8]) {
        const foot = addBody(world, { position: [x, r, 0], mass: m, collider: { shape: 'sphere', radius: r, restitution: 0 } });
        addJoint(world, { kind: 'slider', bodyA: plank, bodyB: foot, worldAnchor: [x, r, 0], worldAxis: [0, 1, 0], limits: { lower: -0.05, upper: 0.0015 } });
        feet.push(foot);
      }
      expect(deepestFoot(world, feet, r, 120, dt)).toBeLessThan(1e-6);
      expect(getPosition(world, plank)[1]).toBeCloseTo(0.3485, 6); // resting on the limits
    });
  }

  it('fuzz seed 1748 shrunk (a 0.05 kg sphere on a slider near its limit to a rolling 899 kg sphere): nothing under the ground', () => {
    expect(checkFuzzScene(buildFuzzScene(1748, { mode: 'lcp', keep: [3, 12, 19, 20, 23, 29, 35], keepJoints: [0, 4, 6] }))).toBeUndefined();
  }, 60_000);

  it('fuzz seed 27 shrunk (a 0.1 kg capsule on a hinge at its limit to a 910 kg sphere): nothing under the ground', () => {
    expect(checkFuzzScene(buildFuzzScene(27, { mode: 'lcp', keep: [1, 5], keepJoints: [0] }))).toBeUndefined();
  }, 60_000);

  it('fuzz seed 197 shrunk (a contact locked by limits): the coupling falls back, every body stays finite and bounded', () => {
    expect(checkFuzzScene(buildFuzzScene(197, { mode: 'lcp', keep: [2, 3, 4, 7, 8, 13, 16, 17, 18, 23], keepJoints: [0, 3, 5, 6, 8, 9, 10] }))).toBeUndefined();
  }, 60_000);
});
