/**
 * Contact rows solved through a joint island (`systems/solve/common/joint-contact-coupling.ts`, fast mode):
 * a heavy plank standing on light feet fixed to it. The ground must carry the plank's whole weight
 * through the feet's contacts; a contact row that sees only its foot's mass lets the plank push the
 * feet into the ground at the rate of the mass ratio (Gauss–Seidel between the joint block and the
 * contact). Static equilibrium is the second method: each foot's contact carries M g / 2 (closed form),
 * and the feet do not sink.
 */
import { describe, expect, it } from 'vitest';
import { addBody, addJoint, createPhysicsWorld, getJointForce, getPosition, stepWorld } from '../../../../../plugin/index';
import { deepestFoot, plankOnFeet } from '../../../../fixtures/plank-on-feet';
import '../../../../../plugin/max-dissipation'; // registers the exact friction solve

const dt = 1 / 60;

describe('contacts solved through a joint island (fast mode)', () => {
  for (const friction of ['coulomb', 'max-dissipation'] as const) {
    it(`a 1000 kg plank on two 0.01 kg feet fixed to it (1e5 : 1): the feet hold it, sunk < 5 mm after 3 s (${friction})`, () => {
      const { world, feet, r } = plankOnFeet(1000, 0.01, { friction });
      let deepest = 0;
      for (let i = 0; i < 180; i++) {
        stepWorld(world, dt);
        for (const f of feet) deepest = Math.max(deepest, r - getPosition(world, f)[1]);
      }
      expect(deepest).toBeLessThan(0.005);
    });
  }

  for (const friction of ['coulomb', 'max-dissipation'] as const) {
    it(`a 1000 kg plank on two 1 kg feet on vertical sliders, its weight carried by the sliders' limits at their stop: the feet hold it, sunk < 5 mm after 3 s, and the limits hold the plank within 1 mm of their stop (${friction})`, () => {
      // each foot's ground point and its slider's limit solved as one block through the island
      // (joint-contact-coupling.ts solveWithLimit); one after the other, the point saw the foot free to
      // slide and the limit saw it free of the ground, and the feet sank 1.6 cm (Coulomb) and 4.4 cm
      // (maximum-dissipation) into the ground
      const { world, plank, feet, r } = plankOnFeet(1000, 1, { friction }, 'slider');
      expect(deepestFoot(world, feet, r, 180, dt)).toBeLessThan(0.005);
      // nor does the plank sink through the limits (its stop at y = 0.35 m): 8.2 mm in 3 s while the
      // violated limit took no position correction in the block (the soft step's leak never returned)
      expect(0.35 - getPosition(world, plank)[1]).toBeLessThan(0.001);
    });
    it(`the same plank on 0.01 kg feet (1e5 : 1) on the sliders: the feet hold it, sunk < 5 mm after 3 s, the limits hold the plank within 1 mm, and each slider carries M g / 2 (${friction})`, () => {
      // the sliders' rows leave the ground normal free (the foot's S = its own 1/m exactly), so the point is
      // coupled for its limit at its stop (joint-contact-coupling.ts limitReaches), and the block of the two,
      // whose limit pivot is 2.9e-5 of its diagonal (1/D = 345 kg), is kept (LIMIT_BLOCK_MIN_PIVOT's floor);
      // before, the plank fell through the limits onto the ground (each slider carried 338 N of 4905 N at
      // 3 s) and the feet sank 12.5 cm (Coulomb) and 7.7 cm (maximum-dissipation)
      const M = 1000, g = 9.81;
      const { world, plank, feet, joints, r } = plankOnFeet(M, 0.01, { friction }, 'slider');
      expect(deepestFoot(world, feet, r, 180, dt)).toBeLessThan(0.005);
      expect(0.35 - getPosition(world, plank)[1]).toBeLessThan(0.001); // 8.3 mm without the limit's bias in the block
      // static equilibrium (closed form): the plank's weight reaches the feet only through the two limits
      for (const j of joints) expect(Math.abs(getJointForce(world, j)[1] + M * g / 2)).toBeLessThan(0.01 * M * g / 2);
    });
  }

  for (const friction of ['coulomb', 'max-dissipation'] as const) {
    it(`the same plank on its feet standing on a 1000 kg slab of another joint island (a light bob on a ball joint): the feet hold it, sunk < 5 mm into the slab after 3 s (${friction})`, () => {
      // the feet's contacts join two direct islands (plank + feet, slab + bob): each foot's row is solved
      // through both islands' rows; left to the contact sweep it saw the foot's 0.01 kg alone, and the
      // plank pushed the feet 0.30 m into the slab
      const world = createPhysicsWorld({ friction, sleep: false });
      addBody(world, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
      const slabHalf = 0.2, top = 2 * slabHalf, r = 0.1, half = [1, 0.1, 0.3] as const;
      const slab = addBody(world, { position: [0, slabHalf, 0], mass: 1000, collider: { shape: 'box', halfExtents: [2, slabHalf, 1], restitution: 0 } });
      const bob = addBody(world, { position: [3, slabHalf, 0], mass: 0.01, collider: { shape: 'sphere', radius: r, restitution: 0, mask: 0 } });
      addJoint(world, { kind: 'ball', bodyA: slab, bodyB: bob, worldAnchor: [2.5, slabHalf, 0] });
      const plank = addBody(world, { position: [0, top + 2 * r + half[1] + 0.05, 0], mass: 1000, collider: { shape: 'box', halfExtents: [...half], restitution: 0 } });
      const feet: number[] = [];
      for (const x of [-0.8, 0.8]) {
        const foot = addBody(world, { position: [x, top + r, 0], mass: 0.01, collider: { shape: 'sphere', radius: r, restitution: 0 } });
        addJoint(world, { kind: 'fixed', bodyA: plank, bodyB: foot, worldAnchor: [x, top + r, 0] });
        feet.push(foot);
      }
      let deepest = 0;
      for (let i = 0; i < 180; i++) {
        stepWorld(world, dt);
        const slabTop = getPosition(world, slab)[1] + slabHalf;
        for (const f of feet) deepest = Math.max(deepest, slabTop + r - getPosition(world, f)[1]);
      }
      expect(deepest).toBeLessThan(0.005);
    });
  }
});
