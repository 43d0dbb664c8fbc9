/**
 * The direct joint islands' limit rows restart at 0 in every substep of the fast modes (`warmStartAux` in
 * `systems/solve/common/joint-solve.ts`), as the islands' bilateral rows and the contact points solved
 * through them do. A 1000 kg plank standing on two 1 kg feet on vertical sliders whose limits are at their
 * stop (`test/fixtures/plank-on-feet.ts`): the feet carry the plank's weight from the limits to the ground.
 * Warm-started alone, with the feet's coupled contact rows at 0, each limit's impulse threw its foot into
 * the ground at 154 m/s before every solve, and the point-and-limit block then threw it back up: the feet
 * bounced 1 to 4 cm off the ground in the first 20 steps. Static equilibrium is the closed form: the feet
 * stay on the ground (within the soft contact's compression, well under a millimetre).
 */
import { describe, expect, it } from 'vitest';
import { getPosition, stepWorld } from '../../../../../plugin/index';
import { plankOnFeet } from '../../../../fixtures/plank-on-feet';
import '../../../../../plugin/max-dissipation'; // registers the exact friction solve

describe('direct-island limit rows restart at 0 every substep (fast modes)', () => {
  for (const friction of ['coulomb', 'max-dissipation'] as const) {
    it(`a 1000 kg plank on two 1 kg feet on sliders at their limits: the feet stay within 1 mm of the ground for 3 s (${friction})`, () => {
      const { world, feet, r } = plankOnFeet(1000, 1, { friction }, 'slider');
      let worst = 0;
      for (let i = 0; i < 180; i++) {
        stepWorld(world, 1 / 60);
        for (const f of feet) worst = Math.max(worst, Math.abs(getPosition(world, f)[1] - r));
      }
      expect(worst).toBeLessThan(0.001);
    });
  }
});
