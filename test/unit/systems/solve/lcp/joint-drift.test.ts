/**
 * Jointed bodies whipped at hundreds of m/s in the accurate mode (fuzz seed 310, shrunk: a 0.06 kg capsule
 * between a 150 kg box and a 420 kg sphere): each step ends 0.3–1 m or rad off the joints; the position
 * projection stopped at 4 Gauss–Newton steps with metres left, which the next step turned into velocity
 * (a body 6.8 m under the ground at step 55). It now runs to its tolerance (5–17 steps there).
 * Second method: the fuzz's own checks (no body under the ground, finite, energy within 2 × E0).
 */
import { describe, expect, it } from 'vitest';
import { buildFuzzScene, checkFuzzScene } from '../../../../../scenes/fuzz';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

describe('fast jointed bodies in the accurate mode', () => {
  it('fuzz seed 310 shrunk: a light hub between two heavy bodies stays above the ground', () => {
    const keep = [0, 3, 5, 6, 11, 13, 15, 17, 19, 23, 28, 29, 30, 32, 41, 49, 50, 52];
    expect(checkFuzzScene(buildFuzzScene(310, { mode: 'lcp', keep, keepJoints: [3, 5, 6, 7] }))).toBeUndefined();
  }, 60_000);

  it('fuzz seed 573 shrunk: a loop of sliders, a hinge, a fixed and a distance joint among eight bodies keeps its energy (rows dependent to 1e-7 dropped)', () => {
    // with the direct solve's pivot tolerance at 1e-9 the joint step gave nearly dependent rows 1e8 N·s
    // and the energy went from 1.0e6 to 1.0e7 J in step 7 (ACCURATE_PIVOT_TOLERANCE, joint-implicit.ts)
    const scene = buildFuzzScene(573, { mode: 'lcp', keep: [1, 4, 13, 17, 20, 28, 37, 42], keepJoints: [1, 5, 11, 12, 15, 17] });
    expect(checkFuzzScene(scene, { steps: 120 })).toBeUndefined();
  }, 60_000);
});
