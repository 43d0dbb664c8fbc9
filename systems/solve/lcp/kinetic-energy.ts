/**
 * Kinetic energy of the solver bodies, ½ Σ (m |v|² + ωᵀ I ω) over the dynamic ones (unit: J), the
 * accurate step's energy guards (`joint-implicit.ts`, `joint-coupling-islands.ts`), written to `out[k]` (a
 * number returned from a call V8 does not inline is boxed on the heap). I is the world inverse inertia
 * `sb.invInertia` inverted into `inertia` `[9]` (scratch); a body with a singular inverse inertia counts its
 * linear part only. Allocation: none.
 */

import type { SolverBodies } from '../../assembly/solver-bodies';
import { mat3InvertSymmetric } from '../../../math/mat3';

export function kineticEnergy(sb: SolverBodies, inertia: Float64Array, out: Float64Array, k: number): void {
  let e = 0;
  const v = sb.v, w = sb.w, I = inertia;
  for (let i = 0; i < sb.count; i++) {
    const im = sb.invMass[i];
    if (!(im > 0)) continue;
    const i3 = 3 * i;
    e += (v[i3] * v[i3] + v[i3 + 1] * v[i3 + 1] + v[i3 + 2] * v[i3 + 2]) / im;
    if (!mat3InvertSymmetric(I, 0, sb.invInertia, 9 * i)) continue;
    const wx = w[i3], wy = w[i3 + 1], wz = w[i3 + 2];
    e += wx * (I[0] * wx + I[1] * wy + I[2] * wz) + wy * (I[3] * wx + I[4] * wy + I[5] * wz) + wz * (I[6] * wx + I[7] * wy + I[8] * wz);
  }
  out[k] = 0.5 * e;
}
