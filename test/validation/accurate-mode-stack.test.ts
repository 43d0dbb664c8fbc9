/**
 * Accurate mode on the bench's 20-box stack (scenes/stack.ts): one island of 80 contact points
 * (800 LCP unknowns at k = 8) solved by Lemke every step. The polyhedral-cone LCP has no soft
 * compliance, so the stack neither sinks nor sways.
 */
import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, getPosition, stepWorld } from '../../plugin/index';
import { buildStack } from '../../scenes/stack';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';

describe('accurate mode: the 20-box stack', () => {
  it('stands for 10 s with its top box within 1 mm of its start, solved by Lemke (no fallback)', () => {
    const w = createPhysicsWorld({ solver: 'lcp' });
    const s = buildStack(w, {});
    let fallbacks = 0;
    for (let i = 0; i < 600; i++) {
      stepWorld(w, 1 / 60);
      fallbacks += (w.solver as LcpSolver).stats.projectedFallbacks;
    }
    const p = getPosition(w, s.top);
    expect(Math.hypot(p[0] - s.topStart[0], p[1] - s.topStart[1], p[2] - s.topStart[2])).toBeLessThan(1e-3);
    expect(fallbacks).toBe(0);
  });
});
