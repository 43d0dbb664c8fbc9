/**
 * Step lengths of a PLUS interval (`systems/solve/plus/plus-interval.ts`): α_CP (Uchida, Sherman & Delp 2015 eq. 2.13)
 * and α_DC (eq. 2.14), §2e and Figs. 4–5, and the θ_max bound on the friction direction
 * on Example 1.
 */
import { describe, expect, it } from 'vitest';
import { closestApproachStep, directionChangeStep } from '../../systems/solve/plus/plus-interval';
import { createPlusImpactPhase } from '../../systems/solve/plus/plus-impact';
import { IntervalEnd, TangentState } from '../../systems/solve/plus/plus-options';
import { example1, mulberry32, contactsOnly } from './plus-fixtures';

/** Smallest valid root of (q² − c²pr) α² + 2pq(1 − c²) α + p²(1 − c²) = 0 with a·(a + αd) > 0 (§2e). */
function quadraticRoot(ax: number, ay: number, dx: number, dy: number, theta: number): number {
  const p = ax * ax + ay * ay, q = ax * dx + ay * dy, r = dx * dx + dy * dy, c = Math.cos(theta);
  const A = q * q - c * c * p * r, B = 2 * p * q * (1 - c * c), C = p * p * (1 - c * c);
  const roots: number[] = [];
  if (Math.abs(A) < 1e-300) { if (B !== 0) roots.push(-C / B); } else {
    const disc = B * B - 4 * A * C;
    if (disc >= 0) {
      const s = Math.sqrt(disc);
      roots.push((-B + s) / (2 * A), (-B - s) / (2 * A));
    }
  }
  let best = Infinity;
  for (const al of roots) {
    if (!(al > 0)) continue;
    if (ax * (ax + al * dx) + ay * (ay + al * dy) <= 0) continue;
    best = Math.min(best, al);
  }
  return best;
}

describe('α_CP, eq. 2.13', () => {
  it('a = (1, 0), d = (−2, 0) → 0.5; d = (−2, 2) → 0.25; d = 0 → ∞', () => {
    expect(Math.abs(closestApproachStep(1, 0, -2, 0) - 0.5)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(closestApproachStep(1, 0, -2, 2) - 0.25)).toBeLessThanOrEqual(1e-12);
    expect(closestApproachStep(1, 0, 0, 0)).toBe(Infinity);
  });
});

describe('α_DC, eq. 2.14', () => {
  it('a = (1, 0), θ = π/4: d = (−1, 1) → 0.5; d = (0, 1) → 1; d = (2, 0) → ∞ (no rotation)', () => {
    expect(Math.abs(directionChangeStep(1, 0, -1, 1, Math.PI / 4) - 0.5)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(directionChangeStep(1, 0, 0, 1, Math.PI / 4) - 1)).toBeLessThanOrEqual(1e-12);
    expect(directionChangeStep(1, 0, 2, 0, Math.PI / 4)).toBe(Infinity);
    expect(directionChangeStep(1, 0, 0, 1, Math.PI)).toBe(Infinity);
  });

  it('equals the smallest valid root of the squared quadratic (2000 random cases, 1e-9), and turns a by θ', () => {
    const rnd = mulberry32(2024);
    let checked = 0;
    for (let t = 0; t < 2000; t++) {
      const ax = 4 * rnd() - 2, ay = 4 * rnd() - 2, dx = 8 * rnd() - 4, dy = 8 * rnd() - 4;
      const theta = 0.01 + 1.5 * rnd();
      const a = directionChangeStep(ax, ay, dx, dy, theta);
      const b = quadraticRoot(ax, ay, dx, dy, theta);
      if (!Number.isFinite(a) || !Number.isFinite(b)) {
        expect(a).toBe(b);
        continue;
      }
      expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, a));
      const ex = ax + a * dx, ey = ay + a * dy;
      const ang = Math.atan2(Math.abs(ax * ey - ay * ex), ax * ex + ay * ey);
      expect(Math.abs(ang - theta)).toBeLessThanOrEqual(1e-9);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('the interval on Example 1 (friction within θ_max of the slip)', () => {
  it('every direction-change interval turns the sliding velocity by θ_max (or α_min), never more', () => {
    for (const theta of [0.01, 0.15, 0.25]) {
      const s = example1(0.125, 0.392);
      let prev: number[] | null = null;
      let dcCount = 0;
      const phase = createPlusImpactPhase({
        maxDirectionChange: theta, maxIntervals: 1000,
        onInterval: (e) => {
          const v = [e.velocity[1], e.velocity[2]];
          if (prev !== null && e.tangent[0] === TangentState.sliding) {
            const turn = Math.atan2(Math.abs(prev[0] * v[1] - prev[1] * v[0]), prev[0] * v[0] + prev[1] * v[1]);
            expect(turn).toBeLessThanOrEqual(theta + 1e-9);
            if (e.end === IntervalEnd.directionChange && e.alpha > 1e-3) {
              expect(Math.abs(turn - theta)).toBeLessThanOrEqual(1e-9);
              dcCount++;
            }
          }
          prev = v;
        },
      });
      // the first interval starts from v_xy = (−5, 0): (t1, t2) = (0, 5) with t1 = +y, t2 = −x
      prev = [0, 5];
      phase.resolve(contactsOnly(s.problem), s.bodies, { h: 1 / 60, gravity: new Float64Array(3), profile: false, clock: () => 0, detail: {} });
      expect(dcCount).toBeGreaterThan(0);
    }
  });
});
