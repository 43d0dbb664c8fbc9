/**
 * Stewart & Trinkle 1996, §4, Figs. 6–8 and Table I: four balls on a table, in 'lcp' mode
 * (k = 8). Parameters and metric definitions from the paper; an independent re-computation gives the reference values. Scene:
 * `scenes/stewart-trinkle.ts` (`buildFourBalls`, paper frame z up ↔ engine frame y up).
 *
 * Table I metrics (the reconstruction that reproduces the table), over t ∈ [0, 1] s with the
 * h = 0.00125 run as "exact":
 * - state per ball q = [centre (3), φ (3)] with φ^{l+1} = φ^l + h ω^{l+1} (world-frame ω), n = 24;
 * - velocity error = ∫ ‖v_h(t) − v(t)‖_∞ dt, v_h = v^{l+1} on (t_l, t_{l+1}], on the h = 0.00125 grid;
 * - position error = max_l ‖q_h(t_l) − q_ref(t_l)‖_∞ over the coarse grid;
 * - velocity variation = max_i Σ_l |v_i^{l+1} − v_i^l|.
 * All are invariant under the frame change (a signed permutation of the axes).
 *
 * Result against the paper (see also the test "Table I"): the velocity errors and variations are within
 * 10 % at every h (variation within 1 %), the position errors at h = 0.02, 0.01, 0.005 within 10 %, but
 * the position error at h = 0.0025 comes out 0.0335 against the paper's 0.0298 (+12 %). An
 * independent re-computation finds the same: 0.0331 (+11 %, fixed-point variant) and 0.0342 (+15 %,
 * single LCP), and sets ±20 % for the position error, noting that the error norms depend
 * on the tangent basis, the linearization point and LCP non-uniqueness. We could not find a faithful
 * variant that brings it within 10 % (the rows' tangent basis rotated to the paper's n̂ × ẑ, warm start and
 * active-set heuristic on or off: no change), so that entry is checked against the defensible part: the
 * re-computation's ±20 % and the first-order convergence the paper states ("roughly of order h").
 */
import { describe, expect, it } from 'vitest';
import {
  createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld,
} from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import { buildFourBalls, engineToPaper, FOUR_BALLS } from '../../scenes/stewart-trinkle';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const g = 9.81;
const H = [0.02, 0.01, 0.005, 0.0025, 0.00125] as const;
/** Table I of the paper: velocity error, position error, velocity variation. */
const TABLE_I: Record<number, [number, number, number]> = {
  0.02: [0.5050, 0.2505, 19.4046],
  0.01: [0.3523, 0.2015, 19.1728],
  0.005: [0.1657, 0.0838, 19.1702],
  0.0025: [0.0700, 0.0298, 19.0862],
  0.00125: [NaN, NaN, 19.0690],
};

interface BallRun {
  h: number;
  /** Per step l (state at t_{l+1}): the 24 velocities [v, ω] per ball, paper frame. */
  V: Float64Array[];
  /** Per step: the 24 coordinates [centre, φ] per ball, paper frame. */
  Q: Float64Array[];
  /** End of the first step with c_n > 0 between the thrown ball and the table / between two balls. */
  touchdown: number;
  collision: number;
  largestLcp: number;
  trouble: number;
  /** Largest increase of E = ½ vᵀM v + m g z over one step (unit: J), and E at t = 0. */
  maxEnergyGain: number;
  energy0: number;
}

function simulate(h: number): BallRun {
  const w = createPhysicsWorld({ solver: 'lcp', lcp: { frictionDirections: 8, impacts: 'none' } }); // the paper's method: no impact phase
  const { table, balls } = buildFourBalls(w);
  const solver = w.solver as LcpSolver;
  const m = FOUR_BALLS.mass, I = 0.4 * m * FOUR_BALLS.radius ** 2;
  const energy = () => balls.reduce((e, b) => {
    const v = getLinearVelocity(w, b), om = getAngularVelocity(w, b);
    return e + 0.5 * m * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2) + 0.5 * I * (om[0] ** 2 + om[1] ** 2 + om[2] ** 2)
      + m * g * getPosition(w, b)[1];
  }, 0);
  const run: BallRun = {
    h, V: [], Q: [], touchdown: -1, collision: -1, largestLcp: 0, trouble: 0, maxEnergyGain: -Infinity, energy0: energy(),
  };
  const phi = new Float64Array(12);
  let e = run.energy0;
  const steps = Math.round(1 / h);
  for (let l = 0; l < steps; l++) {
    stepWorld(w, h);
    const t = (l + 1) * h;
    const s = solver.stats;
    run.trouble += s.secondaryRays + s.pivotLimits + s.regularizedRetries + s.projectedFallbacks;
    run.largestLcp = Math.max(run.largestLcp, s.lcpSize);
    for (let c = 0; c < solver.results.count; c++) {
      if (!(solver.results.normal[c] > 0)) continue;
      const ea = w.solverBodies.entity[w.problem.bodyA[c]], eb = w.solverBodies.entity[w.problem.bodyB[c]];
      if (run.touchdown < 0 && (ea === table || eb === table) && (ea === balls[0] || eb === balls[0])) run.touchdown = t;
      if (run.collision < 0 && ea !== table && eb !== table) run.collision = t;
    }
    const V = new Float64Array(24), Q = new Float64Array(24);
    balls.forEach((b, i) => {
      const v = engineToPaper(getLinearVelocity<number[]>(w, b)), om = engineToPaper(getAngularVelocity<number[]>(w, b));
      const p = engineToPaper(getPosition<number[]>(w, b));
      for (let k = 0; k < 3; k++) {
        phi[3 * i + k] += h * om[k];
        V[6 * i + k] = v[k]; V[6 * i + 3 + k] = om[k];
        Q[6 * i + k] = p[k]; Q[6 * i + 3 + k] = phi[3 * i + k];
      }
    });
    run.V.push(V);
    run.Q.push(Q);
    const e1 = energy();
    run.maxEnergyGain = Math.max(run.maxEnergyGain, e1 - e);
    e = e1;
  }
  return run;
}

/** Table I metrics of `run` against the reference run (definitions in the file header). */
function tableMetrics(run: BallRun, ref: BallRun): { velocityError: number; positionError: number; variation: number } {
  const m = Math.round(run.h / ref.h);
  let velocityError = 0, positionError = 0;
  for (let j = 0; j < ref.V.length; j++) {
    const vh = run.V[Math.floor(j / m)];
    let d = 0;
    for (let i = 0; i < 24; i++) d = Math.max(d, Math.abs(vh[i] - ref.V[j][i]));
    velocityError += d * ref.h;
  }
  for (let l = 0; l < run.Q.length; l++) {
    const qr = ref.Q[(l + 1) * m - 1];
    for (let i = 0; i < 24; i++) positionError = Math.max(positionError, Math.abs(run.Q[l][i] - qr[i]));
  }
  const v0 = new Float64Array(24);
  v0[0] = FOUR_BALLS.throwVelocity[0]; v0[1] = FOUR_BALLS.throwVelocity[1]; v0[2] = FOUR_BALLS.throwVelocity[2];
  let variation = 0;
  for (let i = 0; i < 24; i++) {
    let s = Math.abs(run.V[0][i] - v0[i]);
    for (let l = 1; l < run.V.length; l++) s += Math.abs(run.V[l][i] - run.V[l - 1][i]);
    variation = Math.max(variation, s);
  }
  return { velocityError, positionError, variation };
}

describe('Stewart & Trinkle 1996 four balls on a table (Stewart & Trinkle 1996 §4, Table I)', () => {
  const runs = H.map(simulate);
  const ref = runs[runs.length - 1];
  const metrics = runs.slice(0, -1).map((r) => tableMetrics(r, ref));
  const refVariation = tableMetrics(ref, ref).variation;

  it('every step solves (no ray, pivot cap or fallback); the largest LCP is 70 × 70 for 7 contacts, as in the paper', () => {
    for (const r of runs) {
      expect(r.trouble).toBe(0);
      expect(r.largestLcp).toBe(70);
    }
  });

  it('event times: the thrown ball lands at ≈ 0.42 s and hits the line at ≈ 0.59 s (reference ranges, h ≤ 0.005)', () => {
    for (const r of runs.filter((x) => x.h <= 0.005)) {
      expect(r.touchdown).toBeGreaterThanOrEqual(0.42);
      expect(r.touchdown).toBeLessThanOrEqual(0.435);
      expect(r.collision).toBeGreaterThanOrEqual(0.58);
      expect(r.collision).toBeLessThanOrEqual(0.60);
      expect(Math.abs(r.touchdown - 0.42)).toBeLessThan(0.1 * 0.42);
      expect(Math.abs(r.collision - 0.59)).toBeLessThan(0.1 * 0.59);
    }
  });

  it('Table I: velocity error and variation within 10 % of the paper at every h (variation within 1 %)', () => {
    metrics.forEach((m, i) => {
      const [ve, , va] = TABLE_I[H[i]];
      expect(Math.abs(m.velocityError / ve - 1)).toBeLessThan(0.1);
      expect(Math.abs(m.variation / va - 1)).toBeLessThan(0.01);
    });
    expect(Math.abs(refVariation / TABLE_I[0.00125][2] - 1)).toBeLessThan(0.01);
  });

  it('Table I: position error within 10 % at h = 0.02, 0.01, 0.005; at h = 0.0025 within ±20 % (file header)', () => {
    metrics.forEach((m, i) => {
      const pe = TABLE_I[H[i]][1];
      expect(Math.abs(m.positionError / pe - 1)).toBeLessThan(H[i] === 0.0025 ? 0.2 : 0.1);
    });
  });

  it('Table I: the errors are first order, decreasing by ≥ 1.4 per halving of h for h ≤ 0.01 (paper: "roughly of order h")', () => {
    for (let i = 1; i + 1 < metrics.length; i++) {
      expect(metrics[i].velocityError / metrics[i + 1].velocityError).toBeGreaterThanOrEqual(1.4);
      expect(metrics[i].positionError / metrics[i + 1].positionError).toBeGreaterThanOrEqual(1.4);
    }
  });

  it('dissipativity (Stewart & Trinkle 1996 §3.3, eq. 24): E = ½ vᵀM v + m g z never increases over a step', () => {
    for (const r of runs) expect(r.maxEnergyGain).toBeLessThanOrEqual(1e-12 * r.energy0);
  });

  it('the narrative of the collision at h = 0.00125 (paper §4, Fig. 6)', () => {
    const l0 = Math.round(ref.collision / ref.h) - 1; // the collision step
    const zMax = (ball: number, from: number) => Math.max(...ref.Q.slice(from).map((q) => q[6 * ball + 2]));
    const r = FOUR_BALLS.radius;
    // The thrown ball is lifted by the friction impulse (reference: ≈ 3 mm); the first stationary ball stays
    // on the table and gets backspin (ω_y < 0, reference ≈ −1.55); the second one jumps a little (≈ 0.4 mm).
    expect(zMax(0, l0) - r).toBeGreaterThan(1e-3);
    expect(zMax(1, 0) - r).toBeLessThan(1e-9);
    expect(ref.V[l0 + 1][6 * 1 + 4]).toBeLessThan(0);
    expect(zMax(2, l0) - r).toBeGreaterThan(0);
    // At t = 1 s all balls roll without slip (v = ω × r ẑ) in different directions.
    const last = ref.V[ref.V.length - 1];
    const dirs: number[] = [];
    for (let b = 0; b < 4; b++) {
      const o = 6 * b;
      const slipX = last[o] - r * last[o + 4], slipY = last[o + 1] + r * last[o + 3];
      expect(Math.hypot(slipX, slipY, last[o + 2])).toBeLessThan(1e-6);
      dirs.push(Math.atan2(last[o + 1], last[o]));
    }
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) expect(Math.abs(dirs[a] - dirs[b])).toBeGreaterThan(1e-3);
  });

  it('agrees with an independent re-computation of the state at t = 1 s (h = 0.00125)', () => {
    const reference = [
      { c: [0.9062, 0.1579, 0.1], v: [0.2359, 0.2531, 0], w: [-2.5309, 2.3588, -1.9645] },
      { c: [1.0559, -0.0144, 0.1], v: [0.1305, -0.0334, 0], w: [0.3344, 1.3050, -0.8477] },
      { c: [1.2657, -0.0166, 0.1], v: [0.1555, -0.0390, 0], w: [0.3899, 1.5551, 0.8751] },
      { c: [1.4681, 0.0030, 0.1], v: [0.1615, 0.0070, 0], w: [-0.0702, 1.6147, -0.2417] },
    ];
    const q = ref.Q[ref.Q.length - 1], v = ref.V[ref.V.length - 1];
    reference.forEach((d, b) => {
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(q[6 * b + k] - d.c[k])).toBeLessThan(2e-3); // m
        expect(Math.abs(v[6 * b + k] - d.v[k])).toBeLessThan(5e-3); // m/s
        expect(Math.abs(v[6 * b + 3 + k] - d.w[k])).toBeLessThan(5e-2); // rad/s
      }
    });
  });
});
