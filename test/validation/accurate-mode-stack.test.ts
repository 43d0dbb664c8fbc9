/**
 * Accurate mode on the bench's 20-box stack (scenes/stack.ts): one island of 80 contact points
 * (800 LCP unknowns at k = 8) solved by Lemke every step. The polyhedral-cone LCP has no soft
 * compliance, so the stack should neither sink nor sway.
 *
 * Known miss (issue 15, item 5): without angular damping (the default since damping defaults to 0)
 * the warm start fails at step 133, Lemke stops at its work budget (500 pivots), the projected
 * fallback answers, and the top box leaves 1 mm (1.87 mm at step 133; 1.99 m at 10 s). Until the
 * default changed this test ran with angular damping 0.05, which hid it.
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
