/**
 * The accurate mode's joint position projection with the contacts as inequality rows
 * (`systems/solve/lcp/joint-projection-contacts.ts`), and the uncoupled solve of a coupled contact LCP that
 * gains energy with no limit to let go (`joint-coupling-islands.ts` `releaseJointCoupling`), on the shrunk
 * fuzz scenes that found them. Second method: the
 * fuzz's own checks (no body centre under the ground, finite, energy within 2 × E0 + 1 J with joints),
 * which each scene failed before (measured): seed 928 a 4.3 kg sphere 4.8 cm under the ground at step 32,
 * seed 763 a 0.023 kg body at step 65 (the projection moved it 7–28 cm into the ground per step), seed
 * 1484 the energy from 3.4e4 to 1.8e5 J in its second step.
 */
import { describe, expect, it } from 'vitest';
import { buildFuzzScene, checkFuzzScene } from '../../../../../scenes/fuzz';
import { stepWorld } from '../../../../../plugin/index';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';

describe('the joint projection holds the contacts', () => {
  it('fuzz seed 928 shrunk: a sphere on the ground, on a sixDof joint to a 378 kg sphere, stays above it', () => {
    expect(checkFuzzScene(buildFuzzScene(928, { mode: 'lcp', keep: [5, 9], keepJoints: [0] }))).toBeUndefined();
  }, 60_000);

  it('fuzz seed 763 shrunk: a 0.023 kg body under a falling 584 kg one stays above the ground, and the projection solved its contact LCP', () => {
    const scene = buildFuzzScene(763, { mode: 'lcp', keep: [9, 19], keepJoints: [3] });
    expect(checkFuzzScene(scene)).toBeUndefined();
    // the same scene again, counting the steps whose projection needed the contacts
    const again = buildFuzzScene(763, { mode: 'lcp', keep: [9, 19], keepJoints: [3] });
    const solver = again.world.solver as LcpSolver;
    let solves = 0;
    for (let k = 0; k < 120; k++) {
      stepWorld(again.world, 1 / 60);
      solves += solver.joints.projectionContacts.solves;
    }
    expect(solves).toBeGreaterThan(0);
  }, 60_000);
});

describe('a contact jammed through the joints is solved again uncoupled', () => {
  it('fuzz seed 1484 shrunk: two light bodies in a loop of four joints with a 28 kg body, touching 3.6 cm deep, gain no energy', () => {
    expect(checkFuzzScene(buildFuzzScene(1484, { mode: 'lcp', keep: [4, 7, 19], keepJoints: [1, 2, 10, 13] }))).toBeUndefined();
  }, 60_000);
});
