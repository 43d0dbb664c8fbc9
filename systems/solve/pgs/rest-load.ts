/**
 * Rest loads of the fast solver's soft contacts (the experiment `restLoadRate`; off by default): a
 * memory of each resting manifold's normal load, carried across steps in the contact store
 * (`restLoad`), so that its soft rows rest at a small fraction of their static compression.
 *
 * A soft normal row (`../common/soft-constraint.ts`) updates Δλ = −m·massScale·(J v + β s) −
 * impulseScale·λ. At rest (J v = 0 after the warm start) it balances where m·massScale·β·s =
 * −impulseScale·λ: the static compression s = −λ / (m ω² h) = −F / (m_eff ω²). Summed down a stack
 * of 20 unit cubes it is 27.6 mm. With a rest load λ̄ the row leaks only the impulse above it,
 * −impulseScale·(λ − λ̄), and balances at s = −(λ − λ̄) / (m ω² h): with λ̄ = f·λ the static
 * compression is (1 − f) of the soft one, while every change of the load (impacts, the build-up of
 * a stack's loads, a sway) still meets the full soft row and its damping.
 *
 * The rest load of manifold m (the same for its points: the mean keeps the corners' differences, i.e.
 * the rotational stiffness, as they are) is updated at the end of every step from its points'
 * accumulated normal impulses λ_i (the last substep's):
 *   at rest:  λ̄ ← λ̄ + κ (f · mean_i λ_i − λ̄)   (a low-pass filter with rate κ per step)
 *   else:     λ̄ held,
 *   then      λ̄ ← min(λ̄, f · mean_i λ_i)        (a load that drops releases at once)
 * with f = {@link REST_LOAD_SHARE}. At rest: the manifold has ≥ 2 points, has been calm for
 * {@link REST_LOAD_CALM_STEPS} steps (`calmSteps`, `contact-solve.ts` `manifoldAtRest`) and every
 * point's relative velocity at the end of the step is below {@link REST_LOAD_SPEED}.
 *
 * Why each part (20-cube stack and 100 kg on two 1 kg cubes, dt 1/60, 10 s; rest sink / sway):
 * - f = 1 (the whole load): the corners rest at s ≈ 0, where a row switches between the soft and the
 *   speculative law, and the stack sways (30 mm, growing); f = 0.9: 2.8 mm, 1.0 mm;
 * - κ = 0.2 or more: the loop oscillates (drift 0.2–0.8 m); κ = 0.05–0.1 is stable;
 * - without the fast release, a load that leaves (a box sliding off a plate) keeps pushing the body
 *   it left for 1/κ steps; without the rest test a single point (a sphere stack) and impacts take
 *   rest loads (a sphere stack of 50 became unstable; a box dropped on a slab ended 0.5 mm above it);
 *   resetting λ̄ when the manifold is not at rest made the mass-ratio stack cycle (15 mm).
 * What it does not fix: the largest sink of a stack built without impulses (29–31 mm) comes from the
 * start, when the loads build up through the warm start over about 7 steps and the top box falls almost
 * freely for 3 steps (Gauss–Seidel carries a load one level down per sweep); and lifting a stack back
 * by its compression raises its potential energy (a 400 kg box coming to rest on a plate: +7e-6 of its
 * energy per step for about 30 steps), which is why it is not the default.
 *
 * No allocation.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';

/** The share f of a resting manifold's mean load its rest load tends to (dimensionless). */
export const REST_LOAD_SHARE = 0.9;
/** Calm steps (`calmSteps`) before a manifold's rest load follows its load. */
export const REST_LOAD_CALM_STEPS = 2;
/** Largest relative speed of a point (unit: m/s) at the end of the step for its manifold to be at rest. */
export const REST_LOAD_SPEED = 0.01;

/**
 * Updates the rest load `p.restLoad` of every manifold of `p` (the same value at each of its points;
 * the contact store keeps it across steps) by the rule of the header, with rate `rate` (κ, per step,
 * in (0, 1]) from the accumulated normal impulses `p.impulse` and the end-of-step velocities of `sb`.
 */
export function updateRestLoads(p: ConstraintProblem, sb: SolverBodies, rate: number): void {
  const store = p.storeIndex, imp = p.impulse, rl = p.restLoad;
  const v = sb.v, w = sb.w, rA = p.rA, rB = p.rB;
  const n = p.contactCount, speed2 = REST_LOAD_SPEED * REST_LOAD_SPEED;
  for (let c = 0; c < n;) {
    const m = store[c] >> 2;
    let k = 1;
    while (c + k < n && store[c + k] >> 2 === m) k++;
    let resting = k > 1 && p.calmSteps[c] >= REST_LOAD_CALM_STEPS;
    const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c];
    for (let i = 0; i < k && resting; i++) {
      // vB + ωB × rB − vA − ωA × rA
      const c3 = 3 * (c + i);
      const dvx = v[b3] + w[b3 + 1] * rB[c3 + 2] - w[b3 + 2] * rB[c3 + 1] - v[a3] - (w[a3 + 1] * rA[c3 + 2] - w[a3 + 2] * rA[c3 + 1]);
      const dvy = v[b3 + 1] + w[b3 + 2] * rB[c3] - w[b3] * rB[c3 + 2] - v[a3 + 1] - (w[a3 + 2] * rA[c3] - w[a3] * rA[c3 + 2]);
      const dvz = v[b3 + 2] + w[b3] * rB[c3 + 1] - w[b3 + 1] * rB[c3] - v[a3 + 2] - (w[a3] * rA[c3 + 1] - w[a3 + 1] * rA[c3]);
      if (dvx * dvx + dvy * dvy + dvz * dvz > speed2) resting = false;
    }
    let sum = 0;
    for (let i = 0; i < k; i++) sum += imp[3 * (c + i)];
    const target = REST_LOAD_SHARE * sum / k, old = rl[c];
    let next = resting ? old + rate * (target - old) : old;
    if (next > target) next = target;
    for (let i = 0; i < k; i++) rl[c + i] = next;
    c += k;
  }
}
