/**
 * Rest loads of the fast solver's soft contacts: a support that exists when its bodies come to rest on
 * each other (a stack or a pyramid built touching) starts with the static load it carries, and its soft
 * normal rows rest at a tenth of their static compression.
 *
 * A soft normal row (`../common/soft-constraint.ts`) updates Δλ = −m·massScale·(J v + β s) −
 * impulseScale·λ. At rest it balances where m·massScale·β·s = −impulseScale·λ: the static compression
 * s = −λ / (m ω² h) = −F / (m_eff ω²), independent of the damping ratio. Summed down a stack of 20 unit
 * cubes (60 Hz) it is 27.6 mm, and a new stack overshoots to 31 mm while its loads build up from zero
 * through the warm start (a Gauss–Seidel sweep carries a load one level down; the top box falls almost
 * freely for 3 steps). Two parts remove both:
 *
 * 1. Seed ({@link seedSupports}, before the first substep). A manifold is a new support when none of its
 *    points carries impulse, every point touches (s ≤ 1 µm) and its material points move by at most
 *    0.1 m/s relative to each other (normal and tangential), its normal is within 45° of up (up = −g)
 *    with the upper body dynamic, and friction can hold the upper body on that slope
 *    (tan θ ≤ μ: a box placed on a ramp it slides down is not at rest), and its lower body is static or
 *    hands the load on through new supports of its own (a body resting on old supports, whose warm start
 *    carries its own weight alone, would take the load as a push). Its points are warm-started
 *    with the load it carries, λ = W_U (n · up) h / (new supports of U), split evenly over its points;
 *    W_U is the upper body's weight plus the loads of the new supports it carries, found top-down by
 *    fixed-point passes (one per level). The manifold's rest load λ̄ (contact store `restLoad`, the same
 *    at each of its points; 0 for a single point, whose soft compression is the fast mode's closed form)
 *    is {@link REST_LOAD_SHARE} of the seeded load, and it counts as at rest (`calmSteps` 2) at once.
 * 2. Leak above the rest load (the rows of `contact-solve.ts` and the blocks of `contact-block-solve.ts`):
 *    a soft row leaks only −impulseScale·(λ − min(λ̄, λ)), so it balances at
 *    s = −(λ − λ̄) / (m ω² h), a tenth of the compression, while every change of the load (an impact, a
 *    sway) still meets the full soft row and its damping. The min: a point never pushes harder than it
 *    carries (the rest load is the manifold's mean, and the corners of a box on a ramp or a turntable
 *    carry unequal loads: with λ̄ alone the lighter corners lifted off).
 * 3. Release (in {@link seedSupports}, from the warm start, i.e. the last step's accumulated impulses):
 *    λ̄ ← min(λ̄, f · mean_i λ_i), so a load that
 *    leaves (a box taken off a stack) releases at once. A rest load never grows: contacts that land keep
 *    the soft contact's compression (lifting a landed body back would raise its potential energy).
 *
 * Measured (dt 1/60, 10 s; largest sink / sink at 10 s / largest drift; `test/validation/stack-sink.test.ts`):
 * 20 unit cubes 4.4 / 4.3 / 0.01 mm (Coulomb), 4.4 / 4.3 / 2.8 mm (max-dissipation), was 31 / 27.6 / 0.06
 * and 31 / 27.6 / 12.5 mm; 100 kg on two 1 kg cubes 6.2 / 5.7 / 0.01 mm (Coulomb), 7.9 / 7.4 / 0.5 mm
 * (max-dissipation), was 33 / 28 mm and 31 / 28 mm.
 * What was tried and not kept (README "Tall stacks: rest loads"): a rest load that grows
 * while a manifold rests (also lifts landed stacks back, raising their potential energy); rest loads split
 * over the points by their warm-start impulses (a corner that carries more pushes more: the stacks sway
 * by 8–15 cm); no min (the lighter corners of a box resting on a 15° ramp lift off); seeding sliding
 * contacts (a 400 kg box sliding over a 0.05 kg plate popped up by 2 cm).
 *
 * No allocation once the scratch has grown.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { nextCapacity } from '../../../components/capacity';

/** The share f of a seeded manifold's mean load its rest load holds (dimensionless). */
export const REST_LOAD_SHARE = 0.9;
/** Smallest n · up of a support's normal (cos 45°). */
const MIN_UP = 0.7071;
/** Largest relative speed of a new support's points (unit: m/s). */
const QUIET_SPEED = 0.1;

/** Scratch of {@link seedSupports}, owned by the solver. */
export interface SupportSeed {
  /** `[bodies]` new supports under each body; its load W (N) and the next pass's. */
  cnt: Int32Array;
  W: Float64Array;
  Wn: Float64Array;
  /** `[contacts]` at a manifold's first point: 1 + the upper body if it is a new support, else 0. */
  upper: Int32Array;
}

export function createSupportSeed(): SupportSeed {
  return { cnt: new Int32Array(0), W: new Float64Array(0), Wn: new Float64Array(0), upper: new Int32Array(0) };
}

/** One past the last point of the manifold whose first point is `c` (its points are consecutive). */
function manifoldEnd(p: ConstraintProblem, c: number): number {
  const m = p.storeIndex[c] >> 2;
  let e = c + 1;
  while (e < p.contactCount && p.storeIndex[e] >> 2 === m) e++;
  return e;
}

/**
 * Releases the rest loads of `p` whose load dropped (part 3 of the header), then warm-starts the new
 * supports with the loads they carry and gives them their rest loads (`p.impulse`, `p.restLoad`,
 * `p.calmSteps`; part 1). `gravity` (m/s²) gives up; `h` is the substep (s), the unit of the impulses.
 * No seed without gravity.
 */
export function seedSupports(s: SupportSeed, p: ConstraintProblem, sb: SolverBodies, gravity: Float64Array, h: number): void {
  const gl = Math.sqrt(gravity[0] * gravity[0] + gravity[1] * gravity[1] + gravity[2] * gravity[2]);
  const n = p.contactCount, nb = sb.count;
  if (s.upper.length < n) s.upper = new Int32Array(nextCapacity(s.upper.length, n));
  if (s.cnt.length < nb) {
    const cap = nextCapacity(s.cnt.length, nb);
    s.cnt = new Int32Array(cap); s.W = new Float64Array(cap); s.Wn = new Float64Array(cap);
  }
  const upper = s.upper, cnt = s.cnt, W = s.W, Wn = s.Wn, im = sb.invMass, d = p.direction, imp = p.impulse;
  const rl = p.restLoad, v = sb.v, A = p.bodyA, B = p.bodyB;
  let any = 0;
  cnt.fill(0, 0, nb);
  for (let c = 0, e: number; c < n; c = e) {
    e = manifoldEnd(p, c);
    let sum = 0, gap = 0;
    for (let i = c; i < e; i++) { sum += imp[3 * i]; if (p.separation[i] > gap) gap = p.separation[i]; }
    // release (part 3): the warm start is the last step's accumulated impulse
    const held = REST_LOAD_SHARE * sum / (e - c);
    if (rl[c] > held) rl.fill(held, c, e);
    // n · up (up = −g / |g|; B is the upper body when positive) and the bodies' relative velocity
    const up = -(d[9 * c] * gravity[0] + d[9 * c + 1] * gravity[1] + d[9 * c + 2] * gravity[2]) / gl, mu = p.friction[c];
    const a3 = 3 * A[c], b3 = 3 * B[c], U = up > 0 ? B[c] : A[c];
    const dx = v[b3] - v[a3], dy = v[b3 + 1] - v[a3 + 1], dz = v[b3 + 2] - v[a3 + 2];
    // a new support at rest, within 45° of up, on a slope friction holds (tan θ ≤ μ)
    upper[c] = sum === 0 && gap <= 1e-6 && dx * dx + dy * dy + dz * dz <= QUIET_SPEED * QUIET_SPEED
      && up * up >= MIN_UP * MIN_UP && 1 - up * up <= mu * mu * up * up && im[U] > 0 ? U + 1 : 0;
    if (upper[c] > 0) { cnt[U]++; any++; }
  }
  if (any === 0) return;
  // a load is handed only to a static body or to one that hands it on through new supports of its own: a
  // dynamic body resting on old supports (their warm start carries its weight alone) would take the load
  // as a push (fuzz seed 9065, no joints: a 499 kg box coming to rest on a 0.015 kg capsule lying on the
  // ground seeded 18.5 N·s on it, 1233 m/s into the ground, and the scene gained 29 % in the step)
  for (let pass = 0, dropped = true; pass < 64 && dropped; pass++) {
    dropped = false;
    for (let c = 0; c < n; c = manifoldEnd(p, c)) {
      const U = upper[c] - 1;
      if (U < 0) continue;
      const L = A[c] === U ? B[c] : A[c];
      if (im[L] > 0 && cnt[L] === 0) { upper[c] = 0; cnt[U]--; dropped = true; }
    }
  }
  for (let i = 0; i < nb; i++) W[i] = im[i] > 0 ? gl / im[i] : 0;
  // top-down fixed point (one pass per level): each body carries its weight plus what its new supports
  // above it hand down, split evenly among its own new supports
  for (let pass = 0, same = false; pass < 64 && !same; pass++) {
    for (let i = 0; i < nb; i++) Wn[i] = im[i] > 0 ? gl / im[i] : 0;
    for (let c = 0; c < n; c = manifoldEnd(p, c)) {
      const U = upper[c] - 1, L = A[c] === U ? B[c] : A[c];
      if (U >= 0 && im[L] > 0) Wn[L] += W[U] / cnt[U];
    }
    same = true;
    for (let i = 0; i < nb; i++) {
      if (Wn[i] !== W[i]) same = false;
      W[i] = Wn[i];
    }
  }
  for (let c = 0, e: number; c < n; c = e) {
    e = manifoldEnd(p, c);
    const U = upper[c] - 1, k = e - c;
    // the load along the normal, per point
    const l = U < 0 ? 0 : W[U] / cnt[U] * h * Math.abs(d[9 * c] * gravity[0] + d[9 * c + 1] * gravity[1] + d[9 * c + 2] * gravity[2]) / gl / k;
    for (let i = c; i < e && l > 0; i++) {
      imp[3 * i] = l;
      // a single point (a sphere) keeps the soft row: its compression is the fast mode's closed form
      rl[i] = k > 1 ? REST_LOAD_SHARE * l : 0;
      if (p.calmSteps[i] < 2) p.calmSteps[i] = 2;
    }
  }
}
