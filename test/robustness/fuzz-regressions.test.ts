/**
 * Fuzz scenes (`scenes/fuzz.ts`, fast Coulomb mode, 600 steps at dt = 1/60) that failed the full
 * criteria, kept as fixed regression seeds. Those still failing are known misses (`it.fails`), each with
 * its measured failure and cause; when a fix lands, its `it.fails` turns red and becomes an `it`.
 *
 * Measured with `npm run fuzz -- --scenes 200 --mode pgs` (seeds 0–199): 30 failed, 27 of them a body
 * whose centre ends below the ground (20 of those in scenes with joints), 2 an energy rise above 1 % in
 * a step of a joint-free scene, 1 a jointed runaway (seed 90). Causes found:
 * - mass ratios: a heavy body pushes a very light one through the ground. Seed 129: an 840 kg box
 *   falling at 19.6 m/s presses a 10.6 g box (84 000 : 1) through its speculative contact at 16 m/s into
 *   the ground, 0.56 m deep; the ground contact's Gauss–Seidel rows cannot hold the light body between
 *   the two. Seed 27: a 0.1 kg capsule on a distance joint to a 910 kg sphere is whipped to 230 m/s and
 *   pulled 0.67 m under the ground by the joint;
 * - spin at speculative contacts (energy rises, see `thin-bodies.test.ts`).
 */

import { describe, expect, it } from 'vitest';
import { runFuzzScene, type FuzzFailure } from '../../scenes/fuzz';

interface Known { seed: number; failure: FuzzFailure['kind']; what: string }

const KNOWN: Known[] = [
  { seed: 129, failure: 'below-ground', what: 'no joints: a 10.6 g box pressed 0.56 m into the ground by an 840 kg box (84 000 : 1)' },
  { seed: 45, failure: 'below-ground', what: 'no joints: a 0.094 kg thin box under a heavy box, 0.17 m into the ground' },
  { seed: 27, failure: 'below-ground', what: '9 bodies: a 0.1 kg capsule pulled under the ground by a distance joint to a 910 kg sphere' },
];

/** Seeds that failed and now hold every criterion. */
const FIXED: { seed: number; what: string }[] = [
  { seed: 3, what: 'no joints, 54 bodies: was +1.15 % energy in a step at step 29; holds since static friction holds on turning bodies' },
];

describe('fuzz regression seeds (fast mode, all criteria)', () => {
  for (const f of FIXED) {
    it(`seed ${f.seed}: ${f.what}`, () => {
      expect(runFuzzScene(f.seed, { mode: 'pgs' })).toBeUndefined();
    }, 120_000);
  }
  for (const k of KNOWN) {
    it.fails(`seed ${k.seed} (known miss, ${k.failure}): ${k.what}`, () => {
      expect(runFuzzScene(k.seed, { mode: 'pgs' })).toBeUndefined();
    }, 120_000);
  }
});
