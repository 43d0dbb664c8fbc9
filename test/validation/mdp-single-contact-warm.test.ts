/**
 * Validation of the warm start of the exact single-contact MDP solver (`systems/solve/mdp/single-contact.ts`,
 * `mdpWarmStart`): with a guess (the previous impulse of a Gauss–Seidel sweep), the sliding case runs a
 * local Newton on the KKT system of the convex reduced problem (paper §3.2) and accepts it
 * only with a certificate (λ ≥ 0, residuals at the rounding level, forward error bound); otherwise the
 * full root isolation answers. The answer must not depend on the guess: it equals the cold answer (no
 * guess) to 1e-10 relative for good, exact, bad and adversarial guesses.
 *
 * Conventions as in mdp-single-contact.test.ts: A the 3×3 Delassus block (n, t, o) row-major (1/kg),
 * b = −(free relative contact velocity) (m/s), impulses in N·s.
 */
import { describe, expect, it } from 'vitest';
import {
  ContactInputError,
  SingleContactCase,
} from '../../systems/solve/mdp/single-contact';
import { mdpWarmStartStats, solveSingleContact, solveSingleContactUnchecked } from './single-contact-solve';
import { rng } from './mdp-random';

type Problem = { A: number[]; b: number[]; mu: number };


function cold(p: Problem): { x: Float64Array; status: number } {
  const x = new Float64Array(3);
  const status = solveSingleContact(p.A, p.b, p.mu, 'max-dissipation', x);
  return { x, status };
}

function warm(p: Problem, guess: ArrayLike<number>): { x: Float64Array; status: number } {
  const x = new Float64Array(3);
  const status = solveSingleContact(p.A, p.b, p.mu, 'max-dissipation', x, 0, 0, 0, guess);
  return { x, status };
}

function relDiff(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const d = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
  return d / Math.max(Math.hypot(y[0], y[1], y[2]), 1e-300);
}

/** Boundary point of the conic section at angle α (paper §3.2): x_to = r̄(α)(cos α, sin α), r̄ = μb_n/f_r. */
function boundaryPoint(p: Problem, al: number): number[] | null {
  const [ann, pt, po] = p.A;
  const c = Math.cos(al), s = Math.sin(al);
  const fr = ann + p.mu * (pt * c + po * s);
  if (!(fr > 0)) return null;
  const r = p.mu * p.b[0] / fr;
  return [(p.b[0] - pt * r * c - po * r * s) / ann, r * c, r * s];
}

/**
 * The other stationary points of the energy on the boundary curve (local minima that are not the global
 * one, and local maxima), found by a scan of K angles: the KKT points with λ < 0, i.e. guesses "on
 * another branch" of the stationarity equation (Eq. 8).
 */
function otherStationaryPoints(p: Problem, xStar: ArrayLike<number>, K = 2048): number[][] {
  const [ann, pt, po, , att, ato, , , aoo] = p.A;
  const energy = (x: number[]): number => {
    const sn = ann * x[0] + pt * x[1] + po * x[2], st = pt * x[0] + att * x[1] + ato * x[2];
    const so = po * x[0] + ato * x[1] + aoo * x[2];
    return x[0] * (0.5 * sn - p.b[0]) + x[1] * (0.5 * st - p.b[1]) + x[2] * (0.5 * so - p.b[2]);
  };
  const e: number[] = [], pts: (number[] | null)[] = [];
  for (let k = 0; k < K; k++) {
    const x = boundaryPoint(p, (2 * Math.PI * k) / K);
    pts.push(x);
    e.push(x ? energy(x) : NaN);
  }
  const out: number[][] = [];
  const aStar = Math.atan2(xStar[2], xStar[1]);
  for (let k = 0; k < K; k++) {
    const em = e[(k + K - 1) % K], ek = e[k], ep = e[(k + 1) % K];
    if (!(Number.isFinite(em) && Number.isFinite(ek) && Number.isFinite(ep))) continue;
    const isMin = ek < em && ek < ep, isMax = ek > em && ek > ep;
    if (!isMin && !isMax) continue;
    const al = (2 * Math.PI * k) / K;
    const dAng = Math.abs(Math.atan2(Math.sin(al - aStar), Math.cos(al - aStar)));
    if (isMin && dAng < (8 * Math.PI) / K) continue; // the global minimum itself
    out.push(pts[k] as number[]);
  }
  return out;
}

/** The energy on the boundary rises on both sides of the boundary point x (angle steps of 1e-4 rad). */
function isLocalMin(p: Problem, x: ArrayLike<number>): boolean {
  const [ann, pt, po, , att, ato, , , aoo] = p.A;
  const energy = (y: number[] | null): number => {
    if (!y) return Infinity;
    const sn = ann * y[0] + pt * y[1] + po * y[2], st = pt * y[0] + att * y[1] + ato * y[2];
    const so = po * y[0] + ato * y[1] + aoo * y[2];
    return y[0] * (0.5 * sn - p.b[0]) + y[1] * (0.5 * st - p.b[1]) + y[2] * (0.5 * so - p.b[2]);
  };
  const al = Math.atan2(x[2], x[1]);
  const e0 = energy(boundaryPoint(p, al));
  return energy(boundaryPoint(p, al - 1e-2)) > e0 && energy(boundaryPoint(p, al + 1e-2)) > e0;
}

/** Random sliding contacts (cold case `Slide`), the distribution of the T6 tests of the main file. */
function slidingProblems(seed: number, n: number): { p: Problem; xc: Float64Array }[] {
  const R = rng(seed);
  const out: { p: Problem; xc: Float64Array }[] = [];
  while (out.length < n) {
    const p = { A: R.spd(), b: [Math.abs(R.normal()), R.normal(), R.normal()], mu: Math.exp(R.uniform(Math.log(0.05), Math.log(5))) };
    const c = cold(p);
    if (c.status === SingleContactCase.Slide) out.push({ p, xc: c.x });
  }
  return out;
}

function resetStats(): void {
  mdpWarmStartStats.attempts = 0;
  mdpWarmStartStats.accepted = 0;
  mdpWarmStartStats.steps = 0;
}

const N = 2000;
const TOL = 1e-10;

describe('MDP warm start: the answer does not depend on the guess (2000 random sliding contacts)', () => {
  const R = rng(0x3a77);
  const cases = slidingProblems(0x3a7a5ee, N);

  /** Runs every case with guess(case) and returns the fallback count; checks x and the case. */
  function check(label: string, guessOf: (c: { p: Problem; xc: Float64Array }, i: number) => ArrayLike<number>): {
    fallbacks: number; steps: number;
  } {
    resetStats();
    cases.forEach((c, i) => {
      const w = warm(c.p, guessOf(c, i));
      expect(w.status, `${label} #${i}`).toBe(SingleContactCase.Slide);
      expect(relDiff(w.x, c.xc), `${label} #${i}: ${JSON.stringify(c.p)} warm ${Array.from(w.x).join(', ')} cold ${Array.from(c.xc).join(', ')}`).toBeLessThanOrEqual(TOL);
    });
    expect(mdpWarmStartStats.attempts, label).toBe(N);
    return { fallbacks: N - mdpWarmStartStats.accepted, steps: mdpWarmStartStats.steps / N };
  }

  it('the guess is the answer itself: no fallback beyond ill-conditioned cases, ≤ 0.1 Newton step on average', () => {
    const r = check('exact', (c) => c.xc);
    expect(r.fallbacks).toBeLessThanOrEqual(N / 100);
    expect(r.steps).toBeLessThanOrEqual(0.1);
  });

  it('good guesses (the answer with 1e-6, 1e-3 and 1e-1 relative noise): at most 1 % fallbacks', () => {
    for (const eps of [1e-6, 1e-3, 1e-1]) {
      const r = check(`noise ${eps}`, (c) => {
        const s = Math.hypot(c.xc[0], c.xc[1], c.xc[2]);
        return [c.xc[0] + eps * s * R.normal(), c.xc[1] + eps * s * R.normal(), c.xc[2] + eps * s * R.normal()];
      });
      expect(r.fallbacks, `noise ${eps}`).toBeLessThanOrEqual(N / 100);
    }
  });

  it('bad guesses: zero, random (any scale), the opposite direction, NaN/±Infinity', () => {
    const counts: Record<string, number> = {};
    counts.zero = check('zero', () => [0, 0, 0]).fallbacks;
    counts.random = check('random', () => {
      const s = Math.pow(10, R.uniform(-200, 200));
      return [s * R.normal(), s * R.normal(), s * R.normal()];
    }).fallbacks;
    counts.opposite = check('opposite', (c) => [c.xc[0], -c.xc[1], -c.xc[2]]).fallbacks;
    counts.nonFinite = check('non-finite', (_, i) => [[NaN, NaN, NaN], [0, Infinity, 1], [1, -Infinity, Infinity]][i % 3]).fallbacks;
    // A useless guess direction is replaced by x0_to's (or loses to it): the warm start still answers
    // most of these; whatever it does not answer, the full analysis does (checked above).
    for (const [k, v] of Object.entries(counts)) expect(v, k).toBeLessThanOrEqual(N / 20);
  });

  it('guesses on another branch (the other stationary points of the boundary; for hyperbolas also a ray outside I): answer unchanged', () => {
    resetStats();
    let tried = 0;
    for (const c of cases) {
      const guesses = otherStationaryPoints(c.p, c.xc);
      const [ann, pt, po] = c.p.A;
      const S = Math.hypot(pt, po);
      if (ann < c.p.mu * S) guesses.push([1, -pt / S, -po / S]); // f_r(−a/S) = A_nn − μS < 0: outside I
      for (const g of guesses) {
        const w = warm(c.p, g);
        tried++;
        expect(w.status).toBe(SingleContactCase.Slide);
        expect(relDiff(w.x, c.xc), `${JSON.stringify(c.p)} guess ${g.join(', ')}`).toBeLessThanOrEqual(TOL);
      }
    }
    expect(tried).toBeGreaterThan(N / 4);
    expect(mdpWarmStartStats.attempts).toBe(tried);
    expect(mdpWarmStartStats.attempts - mdpWarmStartStats.accepted).toBeLessThanOrEqual(tried / 100);
  });
});

describe('MDP warm start: a useless guess takes the fallback', () => {
  it('elongated ellipses (κ = μS/A_nn ∈ [0.7, 0.99]) with a second local minimum (λ < 0): a guess there falls back, and the answer is the cold one bit for bit', () => {
    // Two local minima of the energy on the boundary (paper Figs. 2–4) are common for elongated
    // ellipses. The non-global one is a KKT point with λ < 0; a warm start that begins in its basin
    // (the guess's ray has a lower energy than the ray of x0_to) converges there, cannot certify, and
    // hands over to the full root isolation.
    const R = rng(0xe111);
    let secondMinima = 0, fallbacks = 0, accepted = 0;
    for (let n = 0; n < 6000; n++) {
      const A = R.spd();
      const p = { A, b: [Math.abs(R.normal()), R.normal(), R.normal()], mu: R.uniform(0.7, 0.99) * A[0] / Math.hypot(A[1], A[2]) };
      const c = cold(p);
      if (c.status !== SingleContactCase.Slide) continue;
      for (const g of otherStationaryPoints(p, c.x, 1024)) {
        // keep the local minima only (the energy rises on both sides), with their multiplier
        const [ann, pt, po, , att, ato, , , aoo] = p.A;
        const P = att - pt * pt / ann, Rr = ato - pt * po / ann, T = aoo - po * po / ann;
        const E = p.b[1] - pt * p.b[0] / ann, F = p.b[2] - po * p.b[0] / ann;
        const ny = Math.hypot(g[1], g[2]);
        const nt = ann * g[1] / ny + p.mu * pt, no = ann * g[2] / ny + p.mu * po;
        const dt = P * g[1] + Rr * g[2] - E, dO = Rr * g[1] + T * g[2] - F;
        const lam = -(nt * dt + no * dO) / (nt * nt + no * no);
        if (!isLocalMin(p, g)) continue;
        secondMinima++;
        expect(lam, 'a second local minimum has the wrong multiplier sign').toBeLessThan(0);
        const before = mdpWarmStartStats.accepted;
        const w = warm(p, g);
        expect(w.status).toBe(SingleContactCase.Slide);
        if (mdpWarmStartStats.accepted === before) {
          fallbacks++;
          expect(Array.from(w.x)).toEqual(Array.from(c.x)); // the full analysis answered: bit for bit
        } else {
          accepted++;
          expect(relDiff(w.x, c.x)).toBeLessThanOrEqual(TOL); // the ray of x0_to won the start
        }
      }
    }
    expect(secondMinima).toBeGreaterThan(100);
    expect(fallbacks).toBeGreaterThan(10);
    expect(fallbacks + accepted).toBe(secondMinima);
  });
});

describe('MDP warm start: hard regimes and the cases it must leave alone', () => {
  it('tiny b_n (1e-300…1e-1, μ up to 20) and near-parabolic conics: warm = cold to 1e-10 from the exact and from random guesses', () => {
    const H = rng(4242);
    resetStats();
    let slides = 0;
    for (let i = 0; i < N; i++) {
      const A = H.spd();
      const S = Math.hypot(A[1], A[2]);
      let mu: number, bn: number;
      if (i % 2 === 0) {
        mu = Math.exp(H.uniform(Math.log(0.05), Math.log(20)));
        bn = Math.pow(10, H.uniform(-300, -1));
      } else {
        mu = (1 + (H.next() < 0.5 ? -1 : 1) * Math.pow(10, H.uniform(-12, -1))) * A[0] / S;
        bn = Math.abs(H.normal());
      }
      const p = { A, b: [bn, H.normal(), H.normal()], mu };
      const c = cold(p);
      for (const g of [c.x, [H.normal(), H.normal(), H.normal()]]) {
        const w = warm(p, g);
        expect(w.status).toBe(c.status);
        expect(relDiff(w.x, c.x), JSON.stringify(p)).toBeLessThanOrEqual(TOL);
      }
      if (c.status === SingleContactCase.Slide) slides++;
    }
    expect(slides).toBeGreaterThan(N / 2);
    expect(mdpWarmStartStats.attempts).toBe(2 * slides);
    // far out along a hyperbola's asymptote the certificate fails by design: the fallback answers
    expect(mdpWarmStartStats.attempts - mdpWarmStartStats.accepted).toBeGreaterThan(0);
  });

  it('non-sliding cases (separating, frictionless, stick, b_n = 0) and the Coulomb law ignore the guess: bitwise equal', () => {
    const R = rng(99);
    resetStats();
    for (let i = 0; i < 500; i++) {
      const A = R.spd();
      const b = [i % 5 === 0 ? 0 : R.normal(), R.normal(), R.normal()];
      const mu = i % 7 === 0 ? 0 : Math.exp(R.uniform(Math.log(0.05), Math.log(5)));
      const g = [R.normal(), R.normal(), R.normal()];
      const xc = new Float64Array(3), xw = new Float64Array(3);
      const sc = solveSingleContact(A, b, mu, 'coulomb', xc);
      const sw = solveSingleContact(A, b, mu, 'coulomb', xw, 0, 0, 0, g);
      expect(sw).toBe(sc);
      expect(Array.from(xw)).toEqual(Array.from(xc));
      const m = cold({ A, b, mu });
      if (m.status !== SingleContactCase.Slide) {
        const w = warm({ A, b, mu }, g);
        expect(w.status).toBe(m.status);
        expect(Array.from(w.x)).toEqual(Array.from(m.x));
      }
    }
  });

  it('the warm start reads the guess at its offset; the checked entry point validates the guess array', () => {
    const { p, xc } = slidingProblems(7, 1)[0];
    const buf = new Float64Array(10).fill(NaN);
    buf.set(xc, 5);
    const out = new Float64Array(3);
    resetStats();
    solveSingleContactUnchecked(p.A, p.b, p.mu, 'max-dissipation', out, 0, 0, 0, buf, 5);
    expect(mdpWarmStartStats.accepted).toBe(1);
    expect(relDiff(out, xc)).toBeLessThanOrEqual(TOL);
    expect(() => solveSingleContact(p.A, p.b, p.mu, 'max-dissipation', out, 0, 0, 0, [1, 2])).toThrow(ContactInputError);
    expect(() => solveSingleContact(p.A, p.b, p.mu, 'max-dissipation', out, 0, 0, 0, buf, 8)).toThrow(/guess/);
    // null / undefined: no warm start
    resetStats();
    solveSingleContact(p.A, p.b, p.mu, 'max-dissipation', out, 0, 0, 0, null);
    expect(mdpWarmStartStats.attempts).toBe(0);
  });
});
