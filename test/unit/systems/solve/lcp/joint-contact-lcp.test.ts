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
import { addBody, addJoint, createPhysicsWorld, getPosition, stepWorld } from '../../../../../plugin/index';
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

const dt = 1 / 60;

function plankOnFeet(plankMass: number, footMass: number) {
  const world = createPhysicsWorld({ solver: 'lcp', sleep: false });
  addBody(world, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
  const r = 0.1, half = [1, 0.1, 0.3] as const;
  const plank = addBody(world, { position: [0, 2 * r + half[1] + 0.05, 0], mass: plankMass, collider: { shape: 'box', halfExtents: [...half], restitution: 0 } });
  const feet: number[] = [];
  for (const x of [-0.8, 0.8]) {
    const foot = addBody(world, { position: [x, r, 0], mass: footMass, collider: { shape: 'sphere', radius: r, restitution: 0 } });
    addJoint(world, { kind: 'fixed', bodyA: plank, bodyB: foot, worldAnchor: [x, r, 0] });
    feet.push(foot);
  }
  return { world, plank, feet, r };
}

describe('contacts seen through the joints (accurate mode)', () => {
  for (const [M, m] of [[1000, 0.01], [100, 1], [1, 1]] as const) {
    it(`a ${M} kg plank on two ${m} kg feet fixed to it: the feet hold it, each contact carries (M + 2 m) g h / 2`, () => {
      const { world, feet, r } = plankOnFeet(M, m);
      let deepest = 0;
      for (let i = 0; i < 180; i++) {
        stepWorld(world, dt);
        for (const f of feet) deepest = Math.max(deepest, r - getPosition(world, f)[1]);
      }
      expect(deepest).toBeLessThan(1e-6);
      const solver = world.solver as LcpSolver, p = world.solverProblem.contacts;
      expect(p.contactCount).toBe(2);
      const g = -world.gravity[1];
      for (let c = 0; c < 2; c++) expect(Math.abs(solver.results.normal[c] - (M + 2 * m) * g * dt / 2)).toBeLessThan(1e-9 * (M + 2 * m) * g * dt);
    });
  }
});
