/**
 * The accurate mode's sticking-support solve (`systems/solve/lcp/support-solve.ts`), which takes the
 * islands Lemke cannot (LCP larger than `maxLcpSize` or than the work budget pays for) before the
 * projected fallback. Checked against closed forms (the normal impulses of a resting stack), against the
 * fallback it replaces (a 40-box stack, 1 600 LCP unknowns), and on the case it must refuse (a sliding box).
 */
import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, getLinearVelocity, getPosition, stepWorld } from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const dt = 1 / 60, g = 9.81;

function stack(n: number, lcp: Record<string, unknown>, profile = false) {
  const w = createPhysicsWorld({ solver: 'lcp', lcp, sleep: false, profile });
  addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [5, 0.5, 5] } });
  const boxes: number[] = [];
  for (let i = 0; i < n; i++) {
    boxes.push(addBody(w, {
      position: [0, 0.5 + i, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] },
    }));
  }
  return { w, boxes, solver: w.solver as LcpSolver };
}

describe('accurate mode: the sticking-support solve of large islands', () => {
  it('a 3-box stack too large for Lemke (maxLcpSize 10): each point under box k carries (3 − k) m g h / 4, bodies at rest, no Lemke, no fallback', () => {
    const { w, boxes, solver } = stack(3, { maxLcpSize: 10 }, true);
    stepWorld(w, dt);
    expect(solver.stats.supportSolves).toBe(1);
    // the profiler says where the work went
    expect(w.profiler.last.solverDetail.supportSolves).toBe(1);
    expect(w.profiler.last.solverDetail.supportWork).toBe(solver.stats.supportWork);
    expect(solver.stats.supportWork).toBeGreaterThan(0);
    expect(solver.stats.projectedFallbacks).toBe(0);
    expect(solver.stats.lcpSolves).toBe(0);
    const r = solver.results, p = w.solverProblem.contacts;
    expect(r.count).toBe(12);
    for (let c = 0; c < r.count; c++) {
      expect(r.status[c]).toBe(3);
      // the upper body of the contact: boxes above it, itself included, press on this point
      const upper = Math.max(...[p.bodyA[c], p.bodyB[c]].map((b) => boxes.indexOf(w.solverBodies.entity[b])));
      // z = −(m_r / ε)(J_r v⁺ + g_r) is read from a residual of order ε: its round-off is about
      // (m_r / ε) · ulp(g h) ≈ 0.25e9 · 2.8e-17 · a few ≈ 1e-8 N·s (measured 1.3e-8 at most)
      const exact = ((3 - upper) * g * dt) / 4;
      expect(Math.abs(r.normal[c] - exact)).toBeLessThan(5e-8);
    }
    // at rest up to the compliance's own velocity, ε N_ii c_n ≈ 1e-9 · 10 /kg · 0.12 N·s
    for (const b of boxes) for (const v of getLinearVelocity(w, b)) expect(Math.abs(v)).toBeLessThan(2e-9);
  });

  it('a 40-box stack (1 600 unknowns) stands 300 steps within 1e-6 m with no fallback; without the support solve every step falls back', () => {
    const on = stack(40, {});
    let fallbacks = 0, supports = 0;
    for (let i = 0; i < 300; i++) {
      stepWorld(on.w, dt);
      fallbacks += on.solver.stats.projectedFallbacks;
      supports += on.solver.stats.supportSolves;
    }
    expect(fallbacks).toBe(0);
    expect(supports).toBe(300);
    on.boxes.forEach((b, i) => {
      const q = getPosition(on.w, b);
      expect(Math.hypot(q[0], q[1] - (0.5 + i), q[2])).toBeLessThan(1e-6);
    });
    const off = stack(40, { supportSolve: false });
    let offFallbacks = 0;
    for (let i = 0; i < 5; i++) { stepWorld(off.w, dt); offFallbacks += off.solver.stats.projectedFallbacks; }
    expect(offFallbacks).toBe(5);
  });

  it('refuses a sliding contact (not a sticking support): a box sliding at 2 m/s goes to the projected fallback', () => {
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { maxLcpSize: 10 }, sleep: false });
    addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [50, 0.5, 50] } });
    const box = addBody(w, {
      position: [0, 0.5, 0], linearVelocity: [2, 0, 0], mass: 1,
      collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] },
    });
    const solver = w.solver as LcpSolver;
    stepWorld(w, dt);
    stepWorld(w, dt);
    expect(solver.stats.supportSolves).toBe(0);
    expect(solver.stats.projectedFallbacks).toBe(1);
    expect(solver.results.status[0]).toBe(2);
    expect(solver.stats.supportWork).toBeGreaterThan(0);
    // the fallback's friction: μ g on the disc inscribed in the octagonal cone, radius cos(π/8)
    expect(getLinearVelocity(w, box)[0]).toBeCloseTo(2 - 2 * 0.5 * g * dt * Math.cos(Math.PI / 8), 9);
  });
});
