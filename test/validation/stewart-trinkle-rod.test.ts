/**
 * Stewart & Trinkle 1996, §4, Figs. 2–5: the spinning rod falling onto a table, in 'lcp'
 * mode. Parameters from the paper (§4), reproduced independently. Scene: `scenes/stewart-trinkle.ts` (`buildRod`).
 *
 * The paper's example is 2-D (q = [x, y, θ]). It runs here in 3-D, in the engine's x–y plane, and stays
 * there by symmetry, with no constraint added: the initial state is planar (centre at z = 0, v = 0,
 * ω = (0, 0, 4)); the contact points (the lowest points of the capsule's end spheres) lie in z = 0 with
 * the table normal in the plane; the inertia is isotropic (no gyroscopic coupling); and of the k = 8 cone
 * edges, the one most opposed to an in-plane slip (eq. 16) is ±x exactly, with no tie with the diagonal
 * edges, so no impulse ever has an out-of-plane component. While sliding, the 3-D octagon therefore acts
 * exactly as the paper's 2-D cone D = [γ, −γ]; at rest the out-of-plane friction impulses are uniquely zero
 * (two end contacts constrain the three out-of-plane velocities). The test checks that the out-of-plane
 * components stay at zero.
 *
 * Paper: first impact t ≈ 0.383 s; the left end hits at t ≈ 0.548 s; the rod then slides left for
 * 0.02 s and is at rest for the remainder; an angular-velocity spike at the first impact (the impact is
 * resolved over two steps). Figure 2 uses h = 0.0025 s.
 */
import { describe, expect, it } from 'vitest';
import {
  createPhysicsWorld, getAngularVelocity, getLinearVelocity, getOrientation, getPosition, stepWorld,
} from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import { buildRod, ROD } from '../../scenes/stewart-trinkle';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

interface RodRun {
  h: number;
  /** End of the first step with c_n > 0 on the lower (−, feature 0) end, and on the left (+, feature 1) end. */
  firstContact: number;
  secondContact: number;
  /** Start of the rest period that lasts to t = 1 s (|v| + |ω| < 1e-9), −1 if none. */
  restFrom: number;
  /** θ̇ (rad/s) at the end of each step. */
  omega: number[];
  /** ẋ (m/s) at the end of each step. */
  xdot: number[];
  /** Per step: normal impulse on the − and + ends (unit: N·s). */
  cn: [number, number][];
  /** Largest out-of-plane quantity seen: |z|, |v_z|, |ω_x|, |ω_y|. */
  outOfPlane: number;
  /** Solver trouble: rays, pivot limits, retries, fallbacks (all steps). */
  trouble: number;
  final: { position: number[]; axis: number[] };
}

function simulate(h: number): RodRun {
  const w = createPhysicsWorld({ solver: 'lcp', lcp: { impacts: 'none' } }); // the paper's method: no impact phase
  const { rod } = buildRod(w);
  const solver = w.solver as LcpSolver;
  const steps = Math.round(1 / h);
  const out: RodRun = {
    h, firstContact: -1, secondContact: -1, restFrom: -1, omega: [], xdot: [], cn: [], outOfPlane: 0, trouble: 0,
    final: { position: [], axis: [] },
  };
  for (let l = 0; l < steps; l++) {
    stepWorld(w, h);
    const t = (l + 1) * h;
    const s = solver.stats;
    out.trouble += s.secondaryRays + s.pivotLimits + s.regularizedRetries + s.projectedFallbacks;
    const cn: [number, number] = [0, 0];
    for (let c = 0; c < solver.results.count; c++) {
      const end = w.contacts.featureId[w.problem.storeIndex[c]]; // 0 = −y end, 1 = +y end (collide-plane.ts)
      cn[end] += solver.results.normal[c];
    }
    out.cn.push(cn);
    if (cn[0] > 0 && out.firstContact < 0) out.firstContact = t;
    if (cn[1] > 0 && out.secondContact < 0) out.secondContact = t;
    const v = getLinearVelocity(w, rod), om = getAngularVelocity(w, rod), p = getPosition(w, rod);
    out.omega.push(om[2]);
    out.xdot.push(v[0]);
    out.outOfPlane = Math.max(out.outOfPlane, Math.abs(p[2]), Math.abs(v[2]), Math.abs(om[0]), Math.abs(om[1]));
    const speed = Math.hypot(...v) + Math.hypot(...om);
    if (speed < 1e-9) { if (out.restFrom < 0) out.restFrom = t; } else out.restFrom = -1;
  }
  const q = getOrientation(w, rod);
  // body y axis in the world: R(q) ŷ
  const [x, y, z, s] = q;
  out.final.axis = [2 * (x * y - s * z), 1 - 2 * (x * x + z * z), 2 * (y * z + s * x)];
  out.final.position = getPosition(w, rod);
  return out;
}

const PAPER = { firstImpact: 0.383, secondImpact: 0.548, slide: 0.02 };

describe('Stewart & Trinkle 1996 spinning rod on a table (Stewart & Trinkle 1996 §4, Figs. 2–5)', () => {
  const runs = [0.005, 0.0025, 0.00125].map(simulate);
  const fig2 = runs[1]; // h = 0.0025, the paper's Figure 2

  it('h = 0.0025: every step solves (no ray, pivot cap or fallback) and the motion stays in the plane z = 0', () => {
    expect(fig2.trouble).toBe(0);
    expect(fig2.outOfPlane).toBeLessThan(1e-12);
  });

  it('event times of the paper within 2 steps at h = 0.0025: first impact 0.383 s, left end 0.548 s, then 0.02 s of sliding', () => {
    const h = fig2.h;
    expect(Math.abs(fig2.firstContact - PAPER.firstImpact)).toBeLessThanOrEqual(2 * h);
    expect(Math.abs(fig2.secondContact - PAPER.secondImpact)).toBeLessThanOrEqual(2 * h);
    const slide = fig2.restFrom - fig2.secondContact;
    expect(Math.abs(slide - PAPER.slide)).toBeLessThanOrEqual(2 * h);
    // An independent reproduction (fixed-point variant, h = 0.0025): 0.385 / 0.550 / rest at 0.570.
    expect(fig2.firstContact).toBeCloseTo(0.385, 9);
    expect(fig2.secondContact).toBeCloseTo(0.55, 9);
    expect(fig2.restFrom).toBeCloseTo(0.57, 9);
  });

  it('the impact is resolved over two steps: the θ̇ spike of Fig. 4 (≈ 4 → 1.8 → 5.2 rad/s in the reproduction)', () => {
    const l = Math.round(fig2.firstContact / fig2.h) - 1; // index of the first contact step
    expect(fig2.omega[l - 1]).toBeCloseTo(ROD.angularVelocity, 12); // free flight: θ̇ constant
    expect(fig2.omega[l]).toBeLessThan(2.5);
    expect(fig2.omega[l + 1]).toBeGreaterThan(4.5);
  });

  it('between the impacts the rod slides left on its lower end, which stays in contact (c_n > 0 every step)', () => {
    const l0 = Math.round(fig2.firstContact / fig2.h) + 1, l1 = Math.round(fig2.secondContact / fig2.h) - 1;
    for (let l = l0; l < l1; l++) {
      expect(fig2.xdot[l]).toBeLessThan(0);
      expect(fig2.cn[l][0]).toBeGreaterThan(0);
    }
  });

  it('then rests horizontally on both ends with c_n = m g h / 2 each and no chatter up to t = 1 s', () => {
    const h = fig2.h, mgh2 = ROD.mass * 9.81 * h / 2;
    expect(fig2.restFrom).toBeGreaterThan(0);
    for (let l = Math.round(fig2.restFrom / h) + 1; l < fig2.cn.length; l++) {
      expect(Math.abs(fig2.cn[l][0] - mgh2)).toBeLessThan(1e-9);
      expect(Math.abs(fig2.cn[l][1] - mgh2)).toBeLessThan(1e-9);
    }
    expect(fig2.final.position[1]).toBeCloseTo(ROD.radius, 9); // y = ρ
    expect(fig2.final.axis[0]).toBeCloseTo(-1, 9); // θ = π: the + end on the left
    expect(fig2.final.position[0]).toBeLessThan(0); // slid left (reproduction: x ≈ −0.231 m)
  });

  it('convergence: the event times at h = 0.005, 0.0025, 0.00125 agree within 2 h of the coarser step', () => {
    for (let i = 0; i + 1 < runs.length; i++) {
      const a = runs[i], b = runs[i + 1];
      expect(a.trouble + b.trouble).toBe(0);
      expect(Math.abs(a.firstContact - b.firstContact)).toBeLessThanOrEqual(2 * a.h);
      expect(Math.abs(a.secondContact - b.secondContact)).toBeLessThanOrEqual(2 * a.h);
      expect(Math.abs(a.restFrom - b.restFrom)).toBeLessThanOrEqual(2 * a.h);
    }
  });
});
