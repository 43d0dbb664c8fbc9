/**
 * Soft constraint coefficients for a constraint with natural frequency `hertz` and damping ratio `zeta`
 * solved implicitly with step `h` (Box2D v3 `b2MakeSoft`; Catto, "Solver2D", 2024; the same
 * spring–damper bridge as ERP / CFM, from Drumwright 2019 eqs. 59–62):
 *   ω = 2π·hertz, a1 = 2ζ + hω, a2 = hω·a1, a3 = 1 / (1 + a2)
 *   biasRate = ω / a1 (unit: 1/s), massScale = a2·a3, impulseScale = a3.
 * The row update is  Δλ = −m_eff·massScale·(J v + biasRate·C) − impulseScale·λ.
 * hertz = 0 gives a rigid row (massScale 1, impulseScale 0, no bias).
 */

export interface Softness {
  biasRate: number;
  massScale: number;
  impulseScale: number;
}

export function makeSoft(out: Softness, hertz: number, zeta: number, h: number): Softness {
  if (hertz === 0) {
    out.biasRate = 0; out.massScale = 1; out.impulseScale = 0;
    return out;
  }
  const omega = 2 * Math.PI * hertz;
  const a1 = 2 * zeta + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out.biasRate = omega / a1;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
  return out;
}
