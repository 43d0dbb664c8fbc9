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
 */
import { describe, expect, it } from 'vitest';
import { deepestFoot, plankOnFeet } from '../../../../fixtures/plank-on-feet';
import { buildFuzzScene, checkFuzzScene } from '../../../../../scenes/fuzz';
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

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

  it('fuzz seed 27 shrunk (a 0.1 kg capsule on a hinge at its limit to a 910 kg sphere): nothing under the ground', () => {
    expect(checkFuzzScene(buildFuzzScene(27, { mode: 'lcp', keep: [1, 5], keepJoints: [0] }))).toBeUndefined();
  }, 60_000);

  it('fuzz seed 197 shrunk (a contact locked by limits): the coupling falls back, every body stays finite and bounded', () => {
    expect(checkFuzzScene(buildFuzzScene(197, { mode: 'lcp', keep: [2, 3, 4, 7, 8, 13, 16, 17, 18, 23], keepJoints: [0, 3, 5, 6, 8, 9, 10] }))).toBeUndefined();
  }, 60_000);
});
