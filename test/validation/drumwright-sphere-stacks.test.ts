/**
 * Drumwright 2019 §6.5, Fig. 10: stacks of N spheres in perfect
 * vertical alignment, dropped from rest with equal gaps onto a static plane, h = 0.01, 500 steps, g = 9.8.
 * Accurate mode ('lcp') for N ∈ {1, 2, 5, 10, 20}; fast mode ('pgs') for N ∈ {1, 2, 5, 10, 20, 50, 100}.
 * The paper leaves radius, mass, μ and gap unstated: here r = 0.1 m, m = 1 kg, μ = 0.5 (the default),
 * restitution 0, gaps of 2 cm between the ground and the first sphere and between neighbours.
 *
 * Contacts are rigid: the paper's E = 1e11 Hertz contacts do not exist in the engine, so the criterion
 * "each gap equals the Hertz static compression within 10 %" is replaced by its equivalent for each
 * mode's contact model:
 * - 'lcp': the Φ/h row closes every gap exactly, so the static gap is 0: |gap| ≤ 1e-9 m at every contact;
 * - 'pgs': the soft contact is a spring–damper of natural frequency f = substeps / (4 h) (contactHertz 0 =
 *   a quarter of the substep rate; pgs/README.md). Its steady state holds the overlap
 *   s = F / (m_eff ω²), ω = 2π f = 628.3 rad/s at h = 0.01 (derived from the soft row's fixed point
 *   Δλ = −m_eff·massScale·β·s − impulseScale·λ = 0 with λ = F h_s), where F is the weight carried and
 *   m_eff the row's effective mass (m for the ground, m/2 between two spheres). The criterion: each
 *   overlap equals that deflection within 10 % (the criterion's tolerance), and it is ≤ 1 mm for N ≤ 20
 *   (the brief's rigid bound; at N = 50 and 100 the most loaded overlaps are 2.4 and 4.9 mm by the same
 *   formula, so the bound there is the formula itself).
 * The other criteria: no NaN, final max speed ≤ 1e-3 m/s, horizontal drift ≤ 1e-9 m.
 * Wall time per N is logged (speed is measured in bench/, not asserted here).
 *
 * Accurate mode, measured: when a falling sphere reaches the column below, the PLUS impact phase (e = 0)
 * runs into its 10-round budget and finishes the island with its Poisson fallback (5, 10 and 16 such
 * steps at N = 5, 10, 20; 87 to 100+ rounds with `maxRounds: 100`). A point that observes in a round
 * takes no impulse in it, so each round stops one contact and sets the next one approaching: the
 * inelastic wave down the column takes a round per contact and more. Lemke itself never fails here (no
 * ray, cap, retry or projected fallback), which is what "no failed LCP solve" checks; the fallback count
 * is logged.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, getLinearVelocity, getPosition, stepWorld } from '../../plugin/index';
import { lcpFailures, plusFallbacks, type Mode } from './drumwright-helpers';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const g = 9.8;
const h = 0.01;
const STEPS = 500;
const R = 0.1;
const GAP = 0.02;

interface StackRun {
  n: number;
  ms: number;
  finite: boolean;
  maxSpeed: number;
  drift: number;
  /** Signed gaps (m; negative = overlap): ground–sphere 0, then sphere i−1 – sphere i. */
  gaps: number[];
  /** Lemke failures and projected fallbacks (`lcpFailures`). */
  failures: number;
  /** Impact islands finished by the PLUS Poisson fallback (`plusFallbacks`). */
  impactFallbacks: number;
  largestLcp: number;
  topHeight: number;
}

const log: string[] = [];

function stackRun(mode: Mode, n: number, steps = STEPS): StackRun {
  const w = createPhysicsWorld({ solver: mode, gravity: [0, -g, 0] });
  addBody(w, { type: 'static', collider: { shape: 'plane' } });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(addBody(w, {
      position: [0, GAP + R + i * (2 * R + GAP), 0], mass: 1, collider: { shape: 'sphere', radius: R },
    }));
  }
  let failures = 0, impactFallbacks = 0, largestLcp = 0, finite = true;
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) {
    stepWorld(w, h);
    failures += lcpFailures(w);
    impactFallbacks += plusFallbacks(w);
    if (mode === 'lcp') largestLcp = Math.max(largestLcp, (w.solver as unknown as { stats: { lcpSize: number } }).stats.lcpSize);
    if (w.nonFiniteBodies.length > 0) finite = false;
  }
  const ms = performance.now() - t0;
  let maxSpeed = 0, drift = 0, below = 0;
  const gaps: number[] = [];
  for (const id of ids) {
    const p = getPosition(w, id), v = getLinearVelocity(w, id);
    if (![...p, ...v].every(Number.isFinite)) finite = false;
    maxSpeed = Math.max(maxSpeed, Math.hypot(...v));
    drift = Math.max(drift, Math.hypot(p[0], p[2]));
    gaps.push(p[1] - R - below);
    below = p[1] + R;
  }
  log.push(`${mode} N = ${n}: ${ms.toFixed(0)} ms for ${steps} steps (${(ms / steps).toFixed(3)} ms/step)`
    + `${mode === 'lcp' ? `, largest LCP ${largestLcp}, PLUS fallbacks ${impactFallbacks}` : ''}, max speed ${maxSpeed.toExponential(2)} m/s, `
    + `largest overlap ${(-Math.min(...gaps)).toExponential(2)} m`
    + `${mode === 'pgs' ? `, worst |overlap / (F/(m_eff ω²)) − 1| ${Math.max(...gaps.map((x, c) => Math.abs(-x / softOverlap(n, c) - 1))).toExponential(2)}` : ''}`);
  return { n, ms, finite, maxSpeed, drift, gaps, failures, impactFallbacks, largestLcp, topHeight: below };
}

/** Steady overlap of the fast mode's soft contacts (m): F / (m_eff ω²), see the header. */
function softOverlap(n: number, contact: number, substeps = 4): number {
  const omega = 2 * Math.PI * (substeps / (4 * h));
  const carried = (n - contact) * g; // weight above contact `contact` (N), m = 1 kg
  const mEff = contact === 0 ? 1 : 0.5;
  return carried / (mEff * omega * omega);
}

afterAll(() => {
  console.log(`T10 sphere stacks (wall time, this machine):\n  ${log.join('\n  ')}`);
});

describe('T10 sphere stacks, accurate mode (Drumwright 2019 §6.5; rigid contacts)', () => {
  for (const n of [1, 2, 5, 10, 20]) {
    it(`N = ${n}: no NaN, no failed LCP solve, final max speed ≤ 1e-3 m/s, horizontal drift ≤ 1e-9 m, every gap 0 within 1e-9 m (rigid replacement of the Hertz gap), the stack stands at height 2rN`, () => {
      const r = stackRun('lcp', n);
      expect(r.finite).toBe(true);
      expect(r.failures).toBe(0);
      expect(r.maxSpeed).toBeLessThanOrEqual(1e-3);
      expect(r.drift).toBeLessThanOrEqual(1e-9);
      for (const gap of r.gaps) expect(Math.abs(gap)).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(r.topHeight - 2 * R * n)).toBeLessThanOrEqual(1e-9 * n);
    });
  }
});

describe('T10 sphere stacks, fast mode (soft contacts; the overlap is the soft deflection)', () => {
  for (const n of [1, 2, 5, 10, 20, 50]) {
    it(`N = ${n}: no NaN, final max speed ≤ 1e-3 m/s, horizontal drift ≤ 1e-9 m, each overlap = F/(m_eff ω²) within 10 %${n <= 20 ? ' and ≤ 1 mm' : ''}, the stack stands`, () => {
      const r = stackRun('pgs', n);
      expect(r.finite).toBe(true);
      expect(r.maxSpeed).toBeLessThanOrEqual(1e-3);
      expect(r.drift).toBeLessThanOrEqual(1e-9);
      r.gaps.forEach((gap, c) => {
        const s = softOverlap(n, c);
        expect(Math.abs(-gap - s) / s, `contact ${c}: overlap ${-gap} vs ${s}`).toBeLessThanOrEqual(0.1);
        if (n <= 20) expect(-gap).toBeLessThanOrEqual(1e-3);
      });
      expect(r.topHeight).toBeGreaterThan(2 * R * n * 0.9);
    });
  }

  // Measured at N = 100: max speed 2.6 m/s at step 100, 0.12 at 400, 2.5e-2 at 500, 9e-4 at 1100,
  // 6e-6 at 1300, 5e-11 at 3000 (the top spheres move most). The 100 soft contacts in series form a
  // spring chain (total overlap N² g/ω² = 0.248 m) whose slow settling takes ~11 s, past the criterion's
  // 500 steps. Every other criterion holds at step 500 (drift 0, no NaN). With the rest loads' seeded warm
  // start (systems/solve/pgs/rest-load.ts; a single point keeps the soft row, so the overlaps stay the closed
  // form above) 1.8e-2 m/s at step 500.
  it.fails('KNOWN MISS, N = 100: still moving at step 500 (max speed 1.8e-2 m/s > 1e-3): the soft contact chain is still settling', () => {
    const r = stackRun('pgs', 100);
    expect(r.finite).toBe(true);
    expect(r.drift).toBeLessThanOrEqual(1e-9);
    expect(r.maxSpeed).toBeLessThanOrEqual(1e-3);
  });

  it('N = 100 after 1500 steps: no NaN, max speed ≤ 1e-3 m/s, drift ≤ 1e-9 m, each overlap = F/(m_eff ω²) within 10 % (settled)', () => {
    const r = stackRun('pgs', 100, 1500);
    expect(r.finite).toBe(true);
    expect(r.maxSpeed).toBeLessThanOrEqual(1e-3);
    expect(r.drift).toBeLessThanOrEqual(1e-9);
    r.gaps.forEach((gap, c) => {
      const s = softOverlap(100, c);
      expect(Math.abs(-gap - s) / s, `contact ${c}: overlap ${-gap} vs ${s}`).toBeLessThanOrEqual(0.1);
    });
  });
});
