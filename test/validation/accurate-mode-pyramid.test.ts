/**
 * Accurate mode on the bench's base-20 pyramid (scenes/pyramid.ts, 210 unit cubes exactly touching):
 * it should stand, no box moving more than 1 cm (issue 15, item 5).
 *
 * Known miss: the pyramid is one island of about 2 000 contact points (~20 000 LCP unknowns), far above
 * `maxLcpSize`, so every step goes to the projected fallback (100 Gauss–Seidel sweeps on the rigid step
 * equations). Warm-started from the previous step's impulses it keeps every box within 10 cm (10 s:
 * 67 boxes move more than 1 cm, the worst 5.2 cm, none more than 10 cm; from zero impulses 88 boxes
 * moved more than 10 cm), but 100 sweeps do not converge on a 20-row pile of rigid contacts. Holding it
 * to 1 cm needs a convergent large-island solve (more sweeps within the work budget, or a block or
 * accelerated method), not done yet. Re-measured on 2026-11-26 at main 7ac13a1 (10 s, sampled every
 * second): the unconverged sweeps make boxes rattle sideways and come back; 4 to 118 boxes are more than
 * 1 cm from their start at a given second, the worst 8.8 cm, none more than 10 cm.
 */
import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, getPosition, stepWorld } from '../../plugin/index';
import { buildPyramid } from '../../scenes/pyramid';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

/** Boxes that moved more than `limit` (m) after `steps` steps of 1/60 s. */
function moved(steps: number, limit: number): number {
  const w = createPhysicsWorld({ solver: 'lcp' });
  const s = buildPyramid(w, {});
  const start = s.bodies.map((b) => getPosition(w, b));
  for (let i = 0; i < steps; i++) stepWorld(w, 1 / 60);
  let count = 0;
  s.bodies.forEach((b, i) => {
    const p = getPosition(w, b);
    if (Math.hypot(p[0] - start[i][0], p[1] - start[i][1], p[2] - start[i][2]) > limit) count++;
  });
  return count;
}

describe('accurate mode: the base-20 pyramid', () => {
  it.fails('stands for 2 s with no box moving more than 1 cm', () => {
    expect(moved(120, 0.01)).toBe(0);
  }, 240_000);
});
