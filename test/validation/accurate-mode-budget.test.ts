/**
 * The accurate step's whole-step work budget (`lcp.lemkeWorkBudget`, issue 15 item 5): the impact phase,
 * the rows, the LCPs formed, Lemke, the sticking-support solves (never started past the budget) and the
 * projected fallback are counted in `stats.stepWork`, in matrix
 * entries touched (never in time, so the count is the same in Node and in a browser), and a step never
 * spends more than the budget plus the overshoots the README lists: the rows (`CONTACT_ROW_WORK` per
 * point), one Lemke pivot and n² past the budget, `fallbackMinIterations` sweeps per fallback point, and
 * in the impact phase one principal solve of at most 3·`maxIslandPoints` unknowns.
 * The scene is the bench's 1000-box pile (scenes/pile.ts) as it lands, where without the budget single
 * steps took 40–45 s (most of it in the PLUS impact phase, which had no budget).
 */
import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, stepWorld } from '../../plugin/index';
import { buildPile } from '../../scenes/pile';
import {
  CONTACT_ROW_WORK, FALLBACK_POINT_WORK, type LcpSolver,
} from '../../systems/solve/lcp/stewart-trinkle';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

describe('accurate mode: the work budget bounds the whole step', () => {
  it('1000-box pile landing: every step counts at most the budget plus the documented overshoots, and the budget binds', () => {
    const budget = 1e7, minSweeps = 10, maxLcpSize = 1000;
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { lemkeWorkBudget: budget, fallbackMinIterations: minSweeps, maxLcpSize } });
    buildPile(w, {});
    const solver = w.solver as LcpSolver;
    let most = 0, bound = 0, stopped = 0, impactWork = 0;
    for (let i = 0; i < 80; i++) {
      stepWorld(w, 1 / 60);
      const s = solver.stats;
      const nc = w.solverProblem.contacts.contactCount;
      const overshoot = nc * CONTACT_ROW_WORK + minSweeps * FALLBACK_POINT_WORK * nc + 3 * maxLcpSize * maxLcpSize
        + 2 * (3 * 64) ** 3;
      expect(s.stepWork).toBeLessThanOrEqual(budget + overshoot);
      expect(s.stepWork).toBe(s.impactWork + nc * CONTACT_ROW_WORK + s.formWork + s.lemkeWork + s.supportWork + s.fallbackWork);
      most = Math.max(most, s.stepWork);
      bound = Math.max(bound, budget + overshoot);
      stopped += s.workBudgetStops + ((s.impact as { budgetSkips?: number } | undefined)?.budgetSkips ?? 0);
      impactWork = Math.max(impactWork, s.impactWork);
    }
    // the budget really binds (the test can fail): steps reach it, and work is refused
    expect(most).toBeGreaterThan(budget);
    expect(stopped).toBeGreaterThan(0);
    expect(impactWork).toBeGreaterThan(0);
    console.log(`pile: largest step ${most.toExponential(3)} (bound ${bound.toExponential(3)}), budget stops ${stopped}, largest impact phase ${impactWork.toExponential(3)}`);
  });
});
