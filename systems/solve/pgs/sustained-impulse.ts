/**
 * The warm start of the next step without the step's impacts (fast mode): a contact point between two
 * dynamic bodies that approached faster than the restitution threshold at the start of the step is
 * warm-started with the smallest normal impulse it had at the end of a substep of the step when its last
 * substep's is more than {@link IMPACT_RATIO} times that (its friction impulses scaled with it).
 *
 * Why: the warm start is the last substep's impulse, a guess of the next step's load that holds for a
 * sustained contact (a resting load is taken again in every substep). A point whose gap closed in the
 * step, or that passed on an impact taken there (a body under one that hits the ground), took the
 * impact's impulse: warm-started, it is applied again at the next step's start to bodies that have
 * stopped approaching, and the few Gauss–Seidel sweeps of a substep take it back only partly through the
 * chain of contacts behind the point (at the rate of its mass ratios). The robustness fuzz (restitution
 * 0): an 840 kg sphere landing on a 467 kg box as the box hits the ground (seed 615) rose at 3.3 m/s
 * more in the next step, +1.7 % of the scene's energy; a 485 kg sphere on a 186 kg box lying on the
 * ground (seed 3431), +27 % of the pair's. Both hold with this.
 * The conditions keep sustained loads: against a static body the excess is taken back exactly by the next
 * step's first sweep (one dynamic body, its manifold's rows one block), while without its warm start the
 * body sinks for a substep and the soft contact lifts it back (a 400 kg box landing on the ground: +1.5e-6
 * of its energy in a step); a load building up in a stack settling grows by up to twice from substep to
 * substep, but its points approach slowly (taken for impacts, the 20-cube stack sank 43 mm instead of 31).
 *
 * The impulse left in the contact store is this warm start (the store's `normalImpulse`).
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';

/** Last-substep impulse over the step's smallest above which the last one is taken for an impact. */
export const IMPACT_RATIO = 2;

/**
 * End of a substep: `min[c]` = the smallest normal impulse of point c so far in the step (`first`: the
 * step's first substep, min = the impulse). `imp` holds point c's normal impulse at `stride · c + offset`.
 */
export function trackSmallestImpulse(imp: Float64Array, stride: number, offset: number, count: number, min: Float64Array, first: boolean): void {
  for (let c = 0; c < count; c++) {
    const l = imp[stride * c + offset];
    if (first || l < min[c]) min[c] = l;
  }
}

/**
 * End of the step: the impulses (n, t1, t2) of each point of `p` between two dynamic bodies of `sb` that
 * approached faster than `impactSpeed` (unit: m/s; the restitution threshold) at the start of the step,
 * scaled down to its smallest normal impulse `min[c]` of the step when its last one exceeds
 * {@link IMPACT_RATIO} times that; then, on the bodies of those points (marked in `struck`, `[≥ sb.count]`
 * scratch), every other point whose last impulse exceeds IMPACT_RATIO times its smallest, the same way:
 * those passed the impact on (the ground point under a light body a heavy one hit: warm-started alone, it
 * threw the light body up into the heavy one, fuzz seeds 2816 and mdp 1642, +4.9 % and +1.0 % of the scene's
 * energy in a step).
 */
export function keepSustainedImpulse(p: ConstraintProblem, sb: SolverBodies, min: Float64Array, impactSpeed: number, struck: Uint8Array): void {
  const imp = p.impulse, im = sb.invMass, bodyA = p.bodyA, bodyB = p.bodyB;
  let any = false;
  for (let c = 0; c < p.contactCount; c++) {
    const l = imp[3 * c], m = min[c];
    if (l > IMPACT_RATIO * m && p.relativeVelocity[c] < -impactSpeed && im[bodyA[c]] > 0 && im[bodyB[c]] > 0) {
      if (!any) { struck.fill(0, 0, sb.count); any = true; }
      const k = m / l;
      imp[3 * c] = m; imp[3 * c + 1] *= k; imp[3 * c + 2] *= k;
      struck[bodyA[c]] = 1; struck[bodyB[c]] = 1;
    }
  }
  if (!any) return;
  for (let c = 0; c < p.contactCount; c++) {
    const l = imp[3 * c], m = min[c];
    if (l > IMPACT_RATIO * m && (struck[bodyA[c]] === 1 || struck[bodyB[c]] === 1)) {
      const k = m / l;
      imp[3 * c] = m; imp[3 * c + 1] *= k; imp[3 * c + 2] *= k;
    }
  }
}
