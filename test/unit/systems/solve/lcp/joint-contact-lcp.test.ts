/**
 * The accurate mode's contacts seen through the joints (`systems/solve/lcp/joint-contact-lcp.ts`): a heavy
 * plank standing on two light feet fixed to it. The ground must carry the plank's whole weight through
 * the feet's contacts. With each foot's LCP block taken at the foot's own mass, the joint pass after the
 * LCP gave the pair the plank's velocity and the plank pushed the feet into the ground (one round of block
 * Gauss–Seidel between the joints and the contacts converges at the rate of the mass ratio). Second
 * method: static equilibrium, each foot's contact carries (M + 2 m) g / 2 (closed form, by symmetry).
 * Measured with the blocks at the bodies' own masses: the feet sank 0.25 m (1000 : 0.01 and 100 : 1) and
 * 1.6 mm (1 : 1) within 3 s.
 */
import { describe, expect, it } from 'vitest';
import { deepestFoot, plankOnFeet } from '../../../../fixtures/plank-on-feet';
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

const dt = 1 / 60;

describe('contacts seen through the joints (accurate mode)', () => {
  for (const [M, m] of [[1000, 0.01], [100, 1], [1, 1]] as const) {
    it(`a ${M} kg plank on two ${m} kg feet fixed to it: the feet hold it, each contact carries (M + 2 m) g h / 2`, () => {
      const { world, feet, r } = plankOnFeet(M, m, { solver: 'lcp' });
      expect(deepestFoot(world, feet, r, 180, dt)).toBeLessThan(1e-6);
      const solver = world.solver as LcpSolver, p = world.solverProblem.contacts;
      expect(p.contactCount).toBe(2);
      const g = -world.gravity[1];
      for (let c = 0; c < 2; c++) expect(Math.abs(solver.results.normal[c] - (M + 2 * m) * g * dt / 2)).toBeLessThan(1e-9 * (M + 2 * m) * g * dt);
    });
  }
});
