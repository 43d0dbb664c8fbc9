/**
 * The polyhedral friction cone of Stewart & Trinkle (1996, eq. 12):
 *
 *     FĈ = { c_n n + D β  |  c_n ≥ 0,  β ≥ 0,  eᵀβ ≤ μ c_n }
 *
 * with k edge directions in the contact's tangent plane, built from the assembled tangents t1, t2:
 *
 *     d_j = cos(2πj/k) t1 + sin(2πj/k) t2,     j = 0..k−1                  (paper §3, "k-gon")
 *
 * k even, so d_{j + k/2} = −d_j (eq. 13, symmetry) and the d_j span the tangent plane. A friction
 * impulse D β = f1 t1 + f2 t2 has the tangent-basis components f1 = Σ β_j cos_j, f2 = Σ β_j sin_j
 * (unit: N·s). This file holds the cos/sin table and the inverse map (a tangential impulse to the one or
 * two cone edges it lies on), used to warm-start Lemke and by the projected fallback.
 */

import { atan2At, detCos, detSin, sinAt } from '../../../math/deterministic-math';

export interface FrictionCone {
  /** Number of edges k (even, ≥ 4). */
  k: number;
  /** `[k]` cos(2πj/k). */
  cos: Float64Array;
  /** `[k]` sin(2πj/k). */
  sin: Float64Array;
  /** cos(π/k): the radius of the disk inscribed in the k-gon, for a unit distance to its vertices (the
   * projected fallback's friction bound). */
  inscribed: number;
}

/** The cone's direction table for k edges (k an even integer ≥ 4; not checked here, see the options). */
export function createFrictionCone(k: number): FrictionCone {
  const cos = new Float64Array(k), sin = new Float64Array(k);
  // the first half from the angle, the second half mirrored, so that d_{j+k/2} = −d_j exactly
  const half = k / 2;
  for (let j = 0; j < half; j++) {
    const a = (2 * Math.PI * j) / k;
    cos[j] = detCos(a);
    sin[j] = detSin(a);
    cos[j + half] = -cos[j];
    sin[j + half] = -sin[j];
  }
  // Exact values on the axes (k is even, and a multiple of 4 puts edges on ±t1 and ±t2).
  for (let j = 0; j < k; j++) {
    if (4 * j === k || 4 * j === 3 * k) cos[j] = 0;
    if (2 * j === k) sin[j] = 0;
  }
  return { k, cos, sin, inscribed: detCos(Math.PI / k) };
}

/** Angular distance (as a fraction of one sector 2π/k) below which a direction counts as on an edge. */
const ON_EDGE = 1e-7;

/**
 * Splits the tangential impulse f = f1 t1 + f2 t2 (unit: N·s) onto the cone edges that bracket its
 * direction: f = β_a d_a + β_b d_b with β ≥ 0 and a, b adjacent. When f lies on an edge (within 1e-7 of
 * a sector) only that edge is used. Writes `out[0] = a, out[1] = β_a, out[2] = b, out[3] = β_b` and returns
 * the number of edges used (0 when f = 0, else 1 or 2). f1, f2 are read from `f[fo]`, `f[fo + 1]` (numbers passed
 * to a call V8 does not inline are boxed on the heap).
 */
export function splitOnEdges(cone: FrictionCone, f: ArrayLike<number>, fo: number, out: Float64Array): number {
  const f1 = f[fo], f2 = f[fo + 1];
  const mag = Math.sqrt(f1 * f1 + f2 * f2);
  if (!(mag > 0)) return 0;
  const k = cone.k;
  const sector = (2 * Math.PI) / k;
  // the angles through `out` (the array forms: no number boxed at a call)
  out[0] = f2; out[1] = f1; atan2At(out, 0);
  let phi = out[0];
  if (phi < 0) phi += 2 * Math.PI;
  const s = phi / sector;
  let a = Math.floor(s);
  const frac = s - a;
  if (frac <= ON_EDGE || frac >= 1 - ON_EDGE) {
    if (frac >= 1 - ON_EDGE) a++;
    a %= k;
    out[0] = a; out[1] = mag; out[2] = -1; out[3] = 0;
    return 1;
  }
  a %= k;
  const b = (a + 1) % k;
  const inv = 1 / cone.sin[1]; // sin(sector): edge 1 is at the angle 2π/k
  // Cramer on [d_a d_b] β = f: with d at angles θa, θa + sector and f at φ,
  // β_a = |f| sin(θa + sector − φ) / sin(sector), β_b = |f| sin(φ − θa) / sin(sector).
  const ta = a * sector;
  out[1] = ta + sector - phi;
  out[3] = phi - ta;
  // one call site: two inlined copies of sinAt left no inlining budget for its reduction, called with a
  // number (boxed) instead
  for (let i = 1; i < 4; i += 2) sinAt(out, i);
  out[0] = a; out[1] = Math.max(0, mag * out[1] * inv);
  out[2] = b; out[3] = Math.max(0, mag * out[3] * inv);
  return 2;
}
