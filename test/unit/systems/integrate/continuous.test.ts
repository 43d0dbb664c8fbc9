/**
 * The continuous pass (`systems/integrate/continuous.ts`) checks a fast body against the static colliders
 * that the box swept by its path meets, not only those it had a manifold with at the step's start (the
 * speculative pairs, swept along the velocity of the start). A body the solve throws towards a static body
 * it was apart from crossed it unseen: fuzz seed 9091 (a light box whipped back into a static box within
 * the step by its jointed partner) is one of the fast-mode regression seeds
 * (`test/robustness/fuzz-regressions.test.ts`); this is the scene without joints.
 */
import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, getPosition, stepWorld } from '../../../../plugin/index';
import '../../../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

describe('continuous pass: the statics swept by a fast body\'s path', () => {
  for (const friction of ['coulomb', 'max-dissipation'] as const) {
    it(`a 0.1 kg plate resting 10 cm from a static wall, hit by a 100 kg ball at 40 m/s, stops at the wall (${friction}; it went 0.41 m into it)`, () => {
      const w = createPhysicsWorld({ friction });
      addBody(w, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
      // the wall's face at x = 0; the plate (half thickness 5 cm) 10 cm before it, apart beyond the contact
      // margin, so that it has no manifold with the wall when the step starts
      addBody(w, { type: 'static', position: [1, 1, 0], collider: { shape: 'box', halfExtents: [1, 1, 1], restitution: 0 } });
      const plate = addBody(w, { position: [-0.15, 0.5, 0], mass: 0.1, collider: { shape: 'box', halfExtents: [0.05, 0.5, 0.5], restitution: 0 } });
      addBody(w, { position: [-0.8, 0.5, 0], mass: 100, linearVelocity: [40, 0, 0], collider: { shape: 'sphere', radius: 0.5, restitution: 0 } });
      stepWorld(w, 1 / 60);
      // put back at its time of impact: its face at most 1 cm into the wall
      expect(getPosition(w, plate)[0]).toBeLessThan(-0.04);
    });
  }
});
