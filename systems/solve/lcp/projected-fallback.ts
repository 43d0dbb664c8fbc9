/**
 * The last-resort solve of one island, used when Lemke fails twice (secondary ray or pivot cap, then the
 * same after diagonal regularisation) or when the island's LCP is larger than `maxLcpSize`: projected
 * Gauss–Seidel on the same step equations and rows (`contact-rows.ts`) (Φ/h gap term, no restitution, no softness), per contact:
 *
 *     c_n ← max(0, c_n − m_n (J_n v + Φ/h))                       (normal row, m_n = 1 / J_n M⁻¹ J_nᵀ)
 *     f   ← f − (m_t1 (J_t1 v + b_1), m_t2 (J_t2 v + b_2)),   f ← f · min(1, ρ / |f|),   ρ = μ c_n cos(π/k)
 *
 * The disk of radius μ c_n cos(π/k) is the largest one inside the k-gon cross-section of the polyhedral
 * cone, so the result is inside the polyhedral cone (eq. 12); it is then split onto the two cone edges
 * that bracket it (β ≥ 0, eᵀβ ≤ μ c_n), and λ is set to the slip speed max_j(−d_jᵀ v⁺) (≥ 0). This is not
 * the exact LCP solution (complementarity holds only to the sweep count's accuracy), which is why it is
 * counted in the stats. b_1, b_2 are the friction rows' position-level terms (`tangentBias`,
 * `friction-anchors.ts`), as in the LCP's b. Velocities are updated in place in `sb.v`, `sb.w`.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { applyContactImpulse, rowVelocityAt, type ContactRows } from './contact-rows';

/** Scratch of the contact rows' velocities (`rowVelocityAt`): a number returned from a call V8 does not
 * inline is boxed on the heap. No simulation state. */
const u3 = new Float64Array(3);
/** Scratch of an impulse change passed to `applyContactImpulse`. */
const dl = new Float64Array(3);
import type { FrictionCone } from './friction-cone';

/**
 * Runs `iterations` sweeps over `contacts[start .. end)`, warm-started from `p.impulse` (the impulses the
 * contact store kept per feature, i.e. the previous step's, clamped into the cone); writes the accumulated
 * impulses (c_n, f1, f2) (unit: N·s) to `impulse[3c ..]`.
 * @param gap `[contactCount]` Φ at the start of the step (unit: m)
 * @param tangentBias `[2 × contactCount]` the friction rows' position-level terms (unit: m/s)
 */
export function projectedIslandSolve(
  p: ConstraintProblem, rows: ContactRows, sb: SolverBodies, cone: FrictionCone, contacts: Int32Array, start: number, end: number,
  gap: Float64Array, tangentBias: Float64Array, h: number, iterations: number, impulse: Float64Array,
): void {
  const v = sb.v, w = sb.w, m = rows.effectiveMass;
  const shrink = cone.inscribed;
  const invH = 1 / h;
  for (let i = start; i < end; i++) {
    const c = contacts[i], c3 = 3 * c;
    // warm start: the impulses the contact store kept for this feature (the previous step's), in the cone
    const cn = Math.max(0, p.impulse[c3]);
    let f1 = p.impulse[c3 + 1], f2 = p.impulse[c3 + 2];
    const mu = p.friction[c];
    if (!(mu > 0) || !(cn > 0)) { f1 = 0; f2 = 0; }
    const r = mu * cn * shrink, mag = Math.sqrt(f1 * f1 + f2 * f2);
    if (mag > r) { const s = mag > 0 ? r / mag : 0; f1 *= s; f2 *= s; }
    impulse[c3] = cn; impulse[c3 + 1] = f1; impulse[c3 + 2] = f2;
    if (cn !== 0 || f1 !== 0 || f2 !== 0) applyContactImpulse(p, rows, sb, c, impulse, c3, v, w);
  }
  for (let it = 0; it < iterations; it++) {
    for (let i = start; i < end; i++) {
      const c = contacts[i], c3 = 3 * c;
      const old = impulse[c3];
      rowVelocityAt(p, rows, c, 0, v, w, u3, 0);
      const cn = Math.max(0, old - m[c3] * (u3[0] + gap[c] * invH));
      impulse[c3] = cn;
      if (cn !== old) { dl[0] = cn - old; dl[1] = 0; dl[2] = 0; applyContactImpulse(p, rows, sb, c, dl, 0, v, w); }
      const mu = p.friction[c];
      if (!(mu > 0)) continue;
      const o1 = impulse[c3 + 1], o2 = impulse[c3 + 2];
      rowVelocityAt(p, rows, c, 1, v, w, u3, 1);
      rowVelocityAt(p, rows, c, 2, v, w, u3, 2);
      let f1 = o1 - m[c3 + 1] * (u3[1] + tangentBias[2 * c]);
      let f2 = o2 - m[c3 + 2] * (u3[2] + tangentBias[2 * c + 1]);
      const r = mu * cn * shrink, mag = Math.sqrt(f1 * f1 + f2 * f2);
      if (mag > r) { const s = mag > 0 ? r / mag : 0; f1 *= s; f2 *= s; }
      impulse[c3 + 1] = f1; impulse[c3 + 2] = f2;
      dl[0] = 0; dl[1] = f1 - o1; dl[2] = f2 - o2;
      applyContactImpulse(p, rows, sb, c, dl, 0, v, w);
    }
  }
}
