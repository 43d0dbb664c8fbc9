/**
 * The velocity-dependent Poisson coefficient of restitution of PLUS (Uchida, Sherman &
 * Delp 2015 §2c, eq. 2.4 and Fig. 2). Poisson's hypothesis: the expansion impulse is e times the compression impulse,
 * π_z^(exp) = e · π_z^(comp) (eq. 2.4), with e a function of the approach speed v = −v_z at the start
 * of the impact round:
 *
 *   e(v) = 0                                         v <  v_capture        (captured: no rebound)
 *        = e_max − (e_max − e_min') · v / v_plastic  v_capture ≤ v < v_plastic
 *        = e_min'                                    v ≥ v_plastic
 *
 * with e_min' = min(e_min, e_max). The paper's curve is the line from (0, 1) to (v_plastic, e_min)
 * (Fig. 2; the exact line is Simbody's `ConditionalConstraint::calcEffectiveCOR`); here its value at 0
 * is the collider's `restitution` e_max, so e_max = 1 is the paper's curve and e_min ≥ e_max gives a
 * constant COR e_max above the capture speed. Note the jump at v_capture, from 0 to about e_max
 * (0 → 0.9373 in Example 1): impacts just above the capture speed are nearly elastic (pitfall 8).
 */

/**
 * COR e for an approach speed (unit: m/s, ≥ 0; a negative value, i.e. separating, gives 0).
 * @param approachSpeed −v_z (m/s)
 * @param captureVelocity v_capture (m/s, ≥ 0): below it e = 0
 * @param plasticVelocity v_plastic (m/s, > 0): at and above it e = e_min'
 * @param maxRestitution e_max ∈ [0, 1]: the value of the line at v = 0
 * @param minRestitution e_min ∈ [0, 1]: clamped to ≤ e_max
 * @returns e ∈ [0, 1] (dimensionless)
 */
export function coefficientOfRestitution(
  approachSpeed: number, captureVelocity: number, plasticVelocity: number,
  maxRestitution: number, minRestitution: number,
): number {
  if (!(approachSpeed >= captureVelocity) || !(approachSpeed > 0)) return 0;
  const lo = minRestitution < maxRestitution ? minRestitution : maxRestitution;
  if (!(approachSpeed < plasticVelocity)) return lo;
  return maxRestitution - (maxRestitution - lo) * (approachSpeed / plasticVelocity);
}
