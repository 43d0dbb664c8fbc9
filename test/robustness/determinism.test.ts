/**
 * Determinism in Node: every determinism scene × mode (`determinism-scenes.ts`: pile, ragdolls, pyramid;
 * fast Coulomb, fast maximum-dissipation, accurate) hashes to its committed value, and the same scene
 * built twice gives the same hash. Chromium is checked against the same values in
 * `test/e2e/determinism.test.ts`. What determinism covers: the same sequence of calls (same bodies,
 * colliders and joints added in the same order, the same steps) gives bit-identical states in every
 * JavaScript engine; a different insertion order is a different simulation.
 */

import { describe, expect, it } from 'vitest';
import { DETERMINISM_HASHES, determinismHash, type DeterminismMode, type DeterminismScene } from './determinism-scenes';

describe('determinism: committed state hashes (Node)', () => {
  for (const key of Object.keys(DETERMINISM_HASHES)) {
    const [scene, mode] = key.split('/') as [DeterminismScene, DeterminismMode];
    it(`${scene} in ${mode} mode hashes to ${DETERMINISM_HASHES[key]}`, () => {
      expect(determinismHash(scene, mode)).toBe(DETERMINISM_HASHES[key]);
    });
  }
  it('the same scene twice in one process: the same hash', () => {
    expect(determinismHash('ragdolls', 'pgs')).toBe(determinismHash('ragdolls', 'pgs'));
  });
});
