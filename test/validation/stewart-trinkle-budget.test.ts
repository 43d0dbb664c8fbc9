/**
 * The accurate solver's Lemke work budget (`lcp.lemkeWorkBudget`, `systems/solve/lcp/lcp-options.ts`):
 * - the option is validated;
 * - a budget too small for any LCP sends every island to the projected fallback, counted in
 *   `workBudgetStops` and `projectedFallbacks`, and the boxes still rest on each other;
 * - the sample game's level (scenes/game-level.ts: 129 blocks, ~1 700 contact points) hit by a 400 kg
 *   ball at 6 m/s at the red tower's mid-height: every step's Lemke work stays within the budget (plus at
 *   most one pivot and n²), the budget stops some solves (islands of 740–970 unknowns whose Lemke runs cycled or
 *   ran to the pivot cap, 10–40 s per step before the budget), and the ball knocks the tower's blocks.
 *   Speed itself is measured in `systems/solve/lcp/README.md`, not here.
 */
import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, stepWorld } from '../../plugin/index';
import { PhysicsInputError } from '../../plugin/errors';
import { buildGameLevel } from '../../scenes/game-level';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import { defaultLcpOptions } from '../../systems/solve/lcp/lcp-options';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

describe('lcp.lemkeWorkBudget', () => {
  it('is validated: a number > 0, Infinity allowed', () => {
    for (const bad of [0, -1, Number.NaN, '1' as unknown as number]) {
      expect(() => createPhysicsWorld({ solver: 'lcp', lcp: { lemkeWorkBudget: bad } })).toThrow(PhysicsInputError);
      expect(() => createPhysicsWorld({ solver: 'lcp', lcp: { lemkeWorkBudget: bad } })).toThrow(/lcp.lemkeWorkBudget/);
    }
    expect(() => createPhysicsWorld({ solver: 'lcp', lcp: { lemkeWorkBudget: Infinity } })).not.toThrow();
    expect(defaultLcpOptions().lemkeWorkBudget).toBe(1.5e8);
  });

  it('a budget of 1 entry sends every island to the projected fallback (counted); a box stack still rests', () => {
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { lemkeWorkBudget: 1 }, sleep: false });
    addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [5, 0.5, 5] } });
    const boxes = [0, 1, 2].map((i) => addBody(w, {
      position: [0, 0.25 + 0.5 * i, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.25, 0.25, 0.25] },
    }));
    let stops = 0, fallbacks = 0, work = 0;
    for (let i = 0; i < 60; i++) {
      stepWorld(w, 1 / 60);
      const s = (w.solver as LcpSolver).stats;
      stops += s.workBudgetStops;
      fallbacks += s.projectedFallbacks;
      work = Math.max(work, s.lemkeWork);
    }
    expect(stops).toBeGreaterThanOrEqual(60);
    expect(fallbacks).toBeGreaterThanOrEqual(60);
    expect(work).toBe(0); // nothing affordable was started
    boxes.forEach((b, i) => expect(Math.abs(w.bodies.position[3 * b + 1] - (0.25 + 0.5 * i))).toBeLessThan(0.01));
  });

  it('sample level hit by a 400 kg ball at 6 m/s: Lemke work within the budget every step, budget stops counted, the tower is knocked', () => {
    const w = createPhysicsWorld({ solver: 'lcp', sleep: false });
    const level = buildGameLevel(w);
    const budget = (w.solver as LcpSolver).options.lemkeWorkBudget;
    for (let i = 0; i < 5; i++) stepWorld(w, 1 / 60);
    // the red tower: 1.5 m wide, 3 m high at x = −5, z = −2; its +x face at x = −4.25
    addBody(w, {
      position: [-4.25 + 0.6, 1.5, -2], linearVelocity: [-6, 0, 0], mass: 400,
      collider: { shape: 'sphere', radius: 0.55 },
    });
    let worstWork = 0, stops = 0, finite = true;
    for (let i = 0; i < 20; i++) {
      stepWorld(w, 1 / 60);
      const s = (w.solver as LcpSolver).stats;
      worstWork = Math.max(worstWork, s.lemkeWork);
      stops += s.workBudgetStops;
      for (const x of w.bodies.position) if (!Number.isFinite(x)) finite = false;
    }
    expect(finite).toBe(true);
    // past the cap: one pivot at n ≤ maxLcpSize = 1000 touches at most 1000 · 2002 + 3002 entries, and a
    // solution's check n² (the polish is skipped when it would pass the cap)
    expect(worstWork).toBeLessThanOrEqual(budget + 1000 * 2002 + 3002 + 1000 * 1000);
    expect(stops).toBeGreaterThan(0);
    const p = w.bodies.position;
    const moved = level.structures[0].blocks.filter((b) => {
      const e = level.blocks[b], s = level.startPositions[b];
      return Math.hypot(p[3 * e] - s[0], p[3 * e + 1] - s[1], p[3 * e + 2] - s[2]) > 0.05;
    }).length;
    expect(moved).toBeGreaterThanOrEqual(10);
  });
});
