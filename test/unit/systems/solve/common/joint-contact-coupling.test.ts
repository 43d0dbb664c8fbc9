/**
 * Contact rows solved through a joint island (`systems/solve/common/joint-contact-coupling.ts`, fast mode):
 * a heavy plank standing on light feet fixed to it. The ground must carry the plank's whole weight
 * through the feet's contacts; a contact row that sees only its foot's mass lets the plank push the
 * feet into the ground at the rate of the mass ratio (Gauss–Seidel between the joint block and the
 * contact). Static equilibrium is the second method: each foot's contact carries M g / 2 (closed form),
 * and the feet do not sink.
 */
import { describe, expect, it } from 'vitest';
import { getPosition, stepWorld } from '../../../../../plugin/index';
import { plankOnFeet } from '../../../../fixtures/plank-on-feet';
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
});
