/**
 * The determinism scenes (Box2D v3's "falling hinges" test, for each of our solvers): a pile of
 * randomly oriented cubes in a container, a pile of jointed ragdolls and a pyramid, each run a fixed
 * number of steps in the fast Coulomb ('pgs'), fast maximum-dissipation ('mdp') and accurate ('lcp')
 * modes, and the positions, orientations and velocities of every dynamic body hashed (`stateHash`). The
 * same function runs in Node (`determinism.test.ts`) and in Chromium (`test/e2e/determinism.test.ts`)
 * and both compare against the committed {@link DETERMINISM_HASHES}. No Node or Babylon APIs.
 */

import { registerAccurateSolver } from '../../plugin/accurate';
import { createPhysicsWorld } from '../../plugin/world';
import { stepWorld } from '../../plugin/step';
import { buildPile } from '../../scenes/pile';
import { buildPyramid } from '../../scenes/pyramid';
import { buildRagdollPile } from '../../scenes/ragdoll-pile';
import { stateHash } from './world-hash';
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

registerAccurateSolver(); // the fuzz / tests run the accurate mode too

export type DeterminismMode = 'pgs' | 'mdp' | 'lcp';
export type DeterminismScene = 'pile' | 'ragdolls' | 'pyramid';

/** Steps per scene (dt = 1/60). */
export const DETERMINISM_STEPS: Record<DeterminismScene, number> = { pile: 90, ragdolls: 60, pyramid: 60 };

/** Runs one scene in one mode and returns the state hash after its steps (sleeping off: the hashes
 * cover the solver's arithmetic, which a sleeping island skips). */
export function determinismHash(scene: DeterminismScene, mode: DeterminismMode): string {
  const world = mode === 'lcp'
    ? createPhysicsWorld({ solver: 'lcp', sleep: false })
    : createPhysicsWorld({ friction: mode === 'mdp' ? 'max-dissipation' : 'coulomb', sleep: false });
  const bodies = scene === 'pile'
    ? buildPile(world, { count: mode === 'lcp' ? 12 : 40, seed: 3, randomOrientation: true }).bodies
    : scene === 'ragdolls'
      ? buildRagdollPile(world, { count: 2, seed: 5 }).bodies
      : buildPyramid(world, { base: mode === 'lcp' ? 4 : 8 }).bodies;
  for (let i = 0; i < DETERMINISM_STEPS[scene]; i++) stepWorld(world, 1 / 60);
  return stateHash(world, bodies);
}

/** Every scene × mode hash, keyed `scene/mode`. */
export function allDeterminismHashes(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const scene of ['pile', 'ragdolls', 'pyramid'] as const) {
    for (const mode of ['pgs', 'mdp', 'lcp'] as const) out[`${scene}/${mode}`] = determinismHash(scene, mode);
  }
  return out;
}

/** The committed hashes (computed in Node 20; Chromium must give the same). */
export const DETERMINISM_HASHES: Record<string, string> = {
  'pile/pgs': '9c94add4',
  'pile/mdp': 'e81ecf4a',
  'pile/lcp': '649ee6c1',
  'ragdolls/pgs': '4c7472d4',
  'ragdolls/mdp': '1b154120',
  'ragdolls/lcp': 'c9b5eaee',
  'pyramid/pgs': '981b12a2',
  'pyramid/mdp': '5b22f9d5',
  'pyramid/lcp': '302d59fd',
};
