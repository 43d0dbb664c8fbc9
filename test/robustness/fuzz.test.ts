/**
 * The robustness fuzz (`scenes/fuzz.ts`) sized for CI: seeded abuse scenes (5–60 mixed spheres, boxes
 * and capsules of 0.05–3 m and 0.01–1000 kg at up to 50 m/s, random joints in about half of them, a
 * static ground and static boxes, restitution 0), 600 steps at dt = 1/60, in each mode. Measured cost on
 * the shared 2-core machine: about 1 s per scene in the fast modes and 2.4 s in the accurate mode, so CI
 * runs seeds 0–11 (fast modes) and 0–5 (accurate); `npm run fuzz -- --scenes 10000 --mode pgs` is the
 * long run.
 *
 * Held in every mode: no exception from `stepWorld`, no non-finite body, no runaway (speed ≤ 1e4 m/s,
 * the energy of jointed scenes ≤ 2 × its start + 1 J). Not held yet (measured with `npm run fuzz`): bodies
 * whose centre ends below the
 * ground (fast thin or long bodies spinning into it at up to 50 m/s; jointed bodies pressed through it by
 * heavy partners), and energy rising by more than 1 % in a step in joint-free scenes (accurate mode).
 */

import { describe, expect, it } from 'vitest';
import { runFuzzScene, type FuzzMode } from '../../scenes/fuzz';

const SEEDS: Record<FuzzMode, number> = { pgs: 12, mdp: 12, lcp: 6 };

describe.each(['pgs', 'mdp', 'lcp'] as const)('fuzz (%s)', (mode) => {
  const n = SEEDS[mode];
  it(`seeds 0..${n - 1}: no exception, no non-finite body, no runaway`, () => {
    const failures = [];
    for (let seed = 0; seed < n; seed++) {
      const f = runFuzzScene(seed, { mode, belowGround: false, energy: false });
      if (f !== undefined) failures.push(f);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
