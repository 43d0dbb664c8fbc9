/**
 * Accurate mode on the bench's 20-box stack (scenes/stack.ts): one island of 80 contact points
 * (800 LCP unknowns at k = 8) solved by Lemke every step. The polyhedral-cone LCP has no soft
 * compliance, so the stack should neither sink nor sway.
 *
 * Known miss (issue 15, item 5): the stack's LCP is degenerate (four dependent corner normals per face);
 * the warm start and its block-principal-pivoting repairs hold it exactly (1e-10 m) for 60–140 steps, then
 * the repairs stop converging (violations of 4–9e-8 m/s hover just above the tolerance 3.8e-8), Lemke from
 * scratch ends on a secondary ray or at the step's work budget, and the warm-started projected fallback
 * answers: over 10 s the top box sinks 0.32 cm and slides 16 cm (before the repairs and the fallback's warm
 * start: Lemke failed at step 133, 4.0 cm and 1.99 m). Re-measured on 2026-11-26 at main 7ac13a1 (with the
 * friction rows' position-level terms, friction-anchors.ts): first fallback at step 54, 485 fallbacks in
 * 600 steps, the top box 43 cm from its start after 10 s (the same run just before those terms: first
 * fallback at step 64, 64.5 cm). Once the fallback answers, the stack's motion is chaotic; the fix is
 * a Lemke solve that stays accurate on this degenerate LCP, not done yet.
 */
import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, getPosition, stepWorld } from '../../plugin/index';
import { buildStack } from '../../scenes/stack';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

describe('accurate mode: the 20-box stack', () => {
  it.fails('stays for 10 s with its top box within 1 mm of its start, solved by Lemke (no fallback)', () => {
    const w = createPhysicsWorld({ solver: 'lcp', sleep: false });
    const s = buildStack(w, {});
    let fallbacks = 0;
    let worst = 0;
    for (let i = 0; i < 600 && worst < 1e-3 && fallbacks === 0; i++) {
      stepWorld(w, 1 / 60);
      fallbacks += (w.solver as LcpSolver).stats.projectedFallbacks;
      const p = getPosition(w, s.top);
      worst = Math.max(worst, Math.hypot(p[0] - s.topStart[0], p[1] - s.topStart[1], p[2] - s.topStart[2]));
    }
    expect(worst).toBeLessThan(1e-3);
    expect(fallbacks).toBe(0);
  });
});
