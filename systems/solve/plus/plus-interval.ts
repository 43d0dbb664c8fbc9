/**
 * One PLUS interval (Uchida, Sherman & Delp 2015 §2d–§2e and §3b, Algorithm 1): classify the non-observing
 * points as sliding (‖v_t‖ ≥ v_transition, direction ŝ frozen at the interval start) or rolling,
 * run the active-set heuristic (`active-set.ts`) for the full-step impulse π, then choose the step
 * length α ∈ (0, 1] of the interval as the minimum over the sliding points with an impulse of
 *
 *   - 1 if the full step ends inside the rolling circle, ‖v_t^(end)‖ < v_transition (the paper's
 *     shortcut "to avoid computing a small terminal interval");
 *   - α_CP = clamp(−(a·d)/‖d‖², 0, 1) (eq. 2.13) if the closest approach to the origin of
 *     v_t(α) = a + α d is inside the rolling circle (eq. 2.12): slide → roll;
 *   - otherwise max(α_DC, α_min) if the direction turns by more than θ_max over the full step, where
 *     α_DC solves eq. 2.14, angle(a, a + α d) = θ_max;
 *   - else 1.
 *
 * Here a = v_t at the interval start and d = A_t π (the tangential velocity change of the full step),
 * both 2-vectors in the point's (t1, t2) tangent plane (unit: m/s). Rolling and impending points do not
 * limit α. α = 1 means the phase (round) is complete.
 */

import { complianceRowDot } from './constraint-space';
import { runActiveSet } from './active-set';
import { IntervalEnd, RoundLabel, TangentState, type PlusOptions } from './plus-options';
import type { PlusWorkspace } from './plus-workspace';
import { detCos, detSin } from '../../../math/deterministic-math';

/**
 * Step length to the point of v(α) = a + α d closest to the origin (eq. 2.13), unclamped:
 * α_CP = −(a·d)/(d·d); +∞ when d = 0. (Unit: dimensionless; a, d in m/s.)
 */
export function closestApproachStep(ax: number, ay: number, dx: number, dy: number): number {
  const dd = dx * dx + dy * dy;
  if (!(dd > 0)) return Infinity;
  return -(ax * dx + ay * dy) / dd;
}

/**
 * Step length α_DC ≥ 0 at which the direction of a + α d has turned by `theta` from a (eq. 2.14).
 * The direction of a line not through the origin turns monotonically towards that of d, so with
 * d∥ = â·d and d⊥ = |â × d|:  α_DC = ‖a‖ sin θ / (d⊥ cos θ − d∥ sin θ)  when the denominator is > 0,
 * else +∞ (the turn never reaches θ). Valid for θ ∈ (0, π); equal to the smallest valid root of the
 * squared quadratic of the step length α_DC (Uchida, Sherman & Delp 2015 §2e, Figs. 4–5). Returns +∞ for θ ≥ π or a = 0.
 */
export function directionChangeStep(ax: number, ay: number, dx: number, dy: number, theta: number): number {
  const la = Math.hypot(ax, ay);
  if (!(la > 0) || !(theta < Math.PI)) return Infinity;
  const par = (ax * dx + ay * dy) / la;
  const perp = Math.abs(ax * dy - ay * dx) / la;
  const s = detSin(theta), c = detCos(theta);
  const den = perp * c - par * s;
  if (!(den > 0)) return Infinity;
  return (la * s) / den;
}

/**
 * Runs one interval on the island (labels already set for the round). Leaves the full-step impulse in
 * `ws.pi`, the step length in `ws.alpha` and the {@link IntervalEnd} code in `ws.end`.
 */
export function computeInterval(ws: PlusWorkspace, k: number, o: PlusOptions): void {
  const vtr = o.transitionVelocity;
  for (let i = 0; i < k; i++) {
    if (ws.label[i] === RoundLabel.observing) {
      ws.tangent[i] = TangentState.none;
      ws.active[i] = 0;
      continue;
    }
    ws.active[i] = 1;
    if (!(ws.mu[i] > 0)) {
      ws.tangent[i] = TangentState.none;
      continue;
    }
    const a1 = ws.v[3 * i + 1], a2 = ws.v[3 * i + 2];
    const len = Math.hypot(a1, a2);
    if (len >= vtr) {
      ws.tangent[i] = TangentState.sliding;
      ws.slide[2 * i] = a1 / len;
      ws.slide[2 * i + 1] = a2 / len;
    } else {
      ws.tangent[i] = TangentState.rolling;
    }
  }
  runActiveSet(ws, k, o);
  let alpha = 1, end: number = IntervalEnd.full;
  for (let i = 0; i < k; i++) {
    if (ws.tangent[i] !== TangentState.sliding) continue;
    if (ws.label[i] === RoundLabel.compressing && ws.active[i] === 0) continue;
    const a1 = ws.v[3 * i + 1], a2 = ws.v[3 * i + 2];
    const d1 = complianceRowDot(ws, k, 3 * i + 1, ws.pi), d2 = complianceRowDot(ws, k, 3 * i + 2, ws.pi);
    if (Math.hypot(a1 + d1, a2 + d2) < vtr) continue;
    const acp = Math.min(Math.max(closestApproachStep(a1, a2, d1, d2), 0), 1);
    if (Math.hypot(a1 + acp * d1, a2 + acp * d2) < vtr) {
      if (acp < alpha) { alpha = acp; end = IntervalEnd.closestPoint; }
      continue;
    }
    const adc = directionChangeStep(a1, a2, d1, d2, o.maxDirectionChange);
    if (adc < 1) {
      const ak = Math.max(adc, o.minStepLength);
      if (ak < alpha) { alpha = ak; end = IntervalEnd.directionChange; }
    }
  }
  ws.alpha = alpha;
  ws.end = end;
}
