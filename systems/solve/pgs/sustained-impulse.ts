/**
 * The warm start of the next step without the step's impacts (fast mode): a contact point between two
 * dynamic bodies that approached faster than the restitution threshold at the start of the step, and
 * every other point on its bodies, is warm-started with the smallest normal impulse it had at the end of
 * a substep of the step when its last substep's is more than {@link IMPACT_RATIO} times that, and with no
 * more than the load those bodies carry at rest (its friction impulses scaled with it;
 * {@link keepSustainedImpulse}).
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
 * End of the step: the warm start of the next one without the step's impacts.
 *
 * 1. Every point of `p` between two dynamic bodies of `sb` that approached faster than `impactSpeed`
 *    (unit: m/s; the restitution threshold) at the start of the step and took a normal impulse is an
 *    impact; its bodies are marked in `struck` (`[≥ sb.count]` scratch).
 * 2. Every point on a struck body keeps at most the smallest normal impulse `min[c]` of the step when its
 *    last one exceeds {@link IMPACT_RATIO} times that, and at most the load the struck bodies can carry
 *    at rest over a substep: W = Σ_struck m_i |a_i| h + Σ λ_c over the points where a dynamic body
 *    that is not struck presses on a struck one (a_i: the body's applied acceleration, gravity included,
 *    `linearAcceleration`; h: the substep, unit s; W in N·s). Its friction impulses are scaled with it.
 *
 * Why the bound W: an impact that lasts through every substep of the step (a 315 kg capsule landing at
 * 31 m/s on a 125 kg box on the ground, fuzz seed 3274 without joints) has a smallest substep impulse of
 * the impact's own size (1859 N·s against 2553 N·s last, under the ratio), so the ratio alone kept it,
 * and the ground points under the box kept 3054 N·s: applied again at the next step's start they threw
 * both bodies up, +2.1 % of the scene's energy in a step. At rest the struck bodies press on their
 * supports with their weight and what rests on them, which W bounds (12.9 and 18 N·s there).
 */
export function keepSustainedImpulse(p: ConstraintProblem, sb: SolverBodies, min: Float64Array, impactSpeed: number, struck: Uint8Array, h: number): void {
  const imp = p.impulse, im = sb.invMass, la = sb.linearAcceleration, bodyA = p.bodyA, bodyB = p.bodyB;
  let any = false;
  for (let c = 0; c < p.contactCount; c++) {
    const a = bodyA[c], b = bodyB[c];
    if (imp[3 * c] > 0 && p.relativeVelocity[c] < -impactSpeed && im[a] > 0 && im[b] > 0) {
      if (!any) { struck.fill(0, 0, sb.count); any = true; }
      struck[a] = 1; struck[b] = 1;
    }
  }
  if (!any) return;
  let load = 0;
  for (let i = 0; i < sb.count; i++) {
    // a struck body is dynamic (marked above only then)
    const ax = la[3 * i], ay = la[3 * i + 1], az = la[3 * i + 2];
    if (struck[i] === 1) load += Math.sqrt(ax * ax + ay * ay + az * az) * h / im[i];
  }
  for (let c = 0; c < p.contactCount; c++) {
    const a = bodyA[c], b = bodyB[c];
    if (struck[a] !== struck[b] && im[a] > 0 && im[b] > 0) load += imp[3 * c];
  }
  for (let c = 0; c < p.contactCount; c++) {
    if (struck[bodyA[c]] !== 1 && struck[bodyB[c]] !== 1) continue;
    const l = imp[3 * c], m = min[c];
    let keep = l > IMPACT_RATIO * m ? m : l;
    if (keep > load) keep = load;
    if (keep < l) {
      const k = keep / l;
      imp[3 * c] = keep; imp[3 * c + 1] *= k; imp[3 * c + 2] *= k;
    }
  }
}
