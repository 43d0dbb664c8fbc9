/**
 * Browser entry of the determinism check (bundled as an IIFE by `determinism.test.ts`): the math grid
 * hash and every determinism scene hash, computed in the page.
 */

import { mathGridHash } from '../unit/math/deterministic-math-grid';
import { allDeterminismHashes } from '../robustness/determinism-scenes';

export function run(): { grid: string; scenes: Record<string, string> } {
  return { grid: mathGridHash(), scenes: allDeterminismHashes() };
}
