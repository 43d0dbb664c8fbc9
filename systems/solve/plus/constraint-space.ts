/**
 * The constraint space of one impact island (Uchida, Sherman & Delp 2015 §2b, eqs. 2.1–2.2): the dense
 * compliance (Delassus) matrix A = G M⁻¹ Gᵀ of the island's proximal points, their velocities
 * v = G u, and the map back Δu = M⁻¹ Gᵀ π.
 *
 * Sign convention (the paper's; Simbody's multipliers have the opposite sign): an impulse π acts as +Gᵀπ, the constraint
 * velocity changes by Δv = Aπ, a normal impulse π_n ≥ 0 pushes the bodies apart, and v_n < 0 means
 * approaching. G is the ConstraintProblem's Jacobian: for point c and direction d ∈ {n, t1, t2},
 *   J = [ −dᵀ, −(rA × d)ᵀ, dᵀ, (rB × d)ᵀ ]  on (vA, ωA, vB, ωB),
 * so row (c, d) of G u is the velocity of B's material point relative to A's along d (world frame).
 * The block of A between points c and c' sums, over the bodies they share,
 *   σ σ' ( m⁻¹ dᵀd' + (r × d)ᵀ I⁻¹ (r' × d') ),   σ = −1 on side A, +1 on side B,
 * which is 0 for static and kinematic bodies (m⁻¹ = 0, I⁻¹ = 0 in SolverBodies).
 * Island-local layout: point i's rows are 3i (n), 3i + 1 (t1), 3i + 2 (t2); A is `[3k × 3k]`
 * row-major with stride 3k. Units: A in 1/kg (mixed with 1/(kg·m²)·m² = 1/kg), v in m/s, π in N·s.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { PlusWorkspace } from './plus-workspace';

/** Normal relative velocity of contact c from the current body velocities (unit: m/s, < 0 approaching). */
export function contactNormalVelocity(p: ConstraintProblem, b: SolverBodies, c: number): number {
  return rowVelocity(p, b, c, 0);
}

function rowVelocity(p: ConstraintProblem, b: SolverBodies, c: number, d: number): number {
  const o = 9 * c + 3 * d;
  const ia = 3 * p.bodyA[c], ib = 3 * p.bodyB[c];
  const dir = p.direction, aa = p.angularA, ab = p.angularB, v = b.v, w = b.w;
  return dir[o] * (v[ib] - v[ia]) + dir[o + 1] * (v[ib + 1] - v[ia + 1]) + dir[o + 2] * (v[ib + 2] - v[ia + 2])
    + ab[o] * w[ib] + ab[o + 1] * w[ib + 1] + ab[o + 2] * w[ib + 2]
    - aa[o] * w[ia] - aa[o + 1] * w[ia + 1] - aa[o + 2] * w[ia + 2];
}

/**
 * Fills `ws.A` (`[3k × 3k]`) and `ws.v`, `ws.v0` (`[3k]`) for the island points `ws.contact[0..k)`
 * from the problem rows and the current body velocities.
 */
export function buildIslandSystem(ws: PlusWorkspace, p: ConstraintProblem, b: SolverBodies, k: number): void {
  const m = 3 * k;
  const A = ws.A;
  for (let i = 0; i < k; i++) {
    const c = ws.contact[i];
    for (let d = 0; d < 3; d++) {
      const vv = rowVelocity(p, b, c, d);
      ws.v[3 * i + d] = vv;
      ws.v0[3 * i + d] = vv;
    }
    for (let j = i; j < k; j++) {
      const c2 = ws.contact[j];
      for (let d = 0; d < 3; d++) {
        for (let e = 0; e < 3; e++) {
          const val = compliance(p, b, c, d, c2, e);
          A[(3 * i + d) * m + 3 * j + e] = val;
          A[(3 * j + e) * m + 3 * i + d] = val;
        }
      }
    }
  }
}

/** Entry of A between row (c, d) and row (c2, e): Σ over shared bodies of σσ'(m⁻¹ d·d' + (r×d)·I⁻¹(r'×d')). */
function compliance(p: ConstraintProblem, b: SolverBodies, c: number, d: number, c2: number, e: number): number {
  const o1 = 9 * c + 3 * d, o2 = 9 * c2 + 3 * e;
  const dir = p.direction;
  const dd = dir[o1] * dir[o2] + dir[o1 + 1] * dir[o2 + 1] + dir[o1 + 2] * dir[o2 + 2];
  const a1 = p.bodyA[c], b1 = p.bodyB[c], a2 = p.bodyA[c2], b2 = p.bodyB[c2];
  let s = 0;
  if (a1 === a2) s += b.invMass[a1] * dd + dot(p.angularA, o1, p.invInertiaAngularA, o2);
  if (a1 === b2) s -= b.invMass[a1] * dd + dot(p.angularA, o1, p.invInertiaAngularB, o2);
  if (b1 === a2) s -= b.invMass[b1] * dd + dot(p.angularB, o1, p.invInertiaAngularA, o2);
  if (b1 === b2) s += b.invMass[b1] * dd + dot(p.angularB, o1, p.invInertiaAngularB, o2);
  return s;
}

function dot(x: Float64Array, xo: number, y: Float64Array, yo: number): number {
  return x[xo] * y[yo] + x[xo + 1] * y[yo + 1] + x[xo + 2] * y[yo + 2];
}

/**
 * Δu = M⁻¹ Gᵀ π: applies the island impulses `pi` (`[3k]`, N·s) to the solver bodies' v and w
 * (nothing else changes), and copies them into `ws.impulse` (`[3 × P]`, at 3c + d).
 */
export function applyIslandImpulse(
  ws: PlusWorkspace, p: ConstraintProblem, b: SolverBodies, k: number, pi: Float64Array,
): void {
  const dir = p.direction, v = b.v, w = b.w;
  for (let i = 0; i < k; i++) {
    const c = ws.contact[i];
    const ia = p.bodyA[c], ib = p.bodyB[c];
    const ma = b.invMass[ia], mb = b.invMass[ib];
    for (let d = 0; d < 3; d++) {
      const lam = pi[3 * i + d];
      ws.impulse[3 * c + d] = lam;
      if (lam === 0) continue;
      const o = 9 * c + 3 * d;
      for (let x = 0; x < 3; x++) {
        v[3 * ia + x] -= ma * dir[o + x] * lam;
        w[3 * ia + x] -= p.invInertiaAngularA[o + x] * lam;
        v[3 * ib + x] += mb * dir[o + x] * lam;
        w[3 * ib + x] += p.invInertiaAngularB[o + x] * lam;
      }
    }
  }
}

/** v ← v + A·x over the island (`[3k]`). */
export function addCompliance(ws: PlusWorkspace, k: number, x: Float64Array, v: Float64Array): void {
  const m = 3 * k, A = ws.A;
  for (let c = 0; c < m; c++) {
    const xc = x[c];
    if (xc === 0) continue;
    for (let r = 0; r < m; r++) v[r] += A[r * m + c] * xc;
  }
}

/** Row r of A times x (`[3k]`). */
export function complianceRowDot(ws: PlusWorkspace, k: number, r: number, x: Float64Array): number {
  const m = 3 * k, A = ws.A, o = r * m;
  let s = 0;
  for (let c = 0; c < m; c++) s += A[o + c] * x[c];
  return s;
}

/**
 * Kinetic-energy change of the island caused by the impulse π (unit: J):
 * ΔT = πᵀ G u + ½ πᵀ A π = ½ πᵀ (v0 + v) with v = v0 + Aπ.
 */
export function kineticEnergyChange(pi: Float64Array, v0: Float64Array, v: Float64Array, k: number): number {
  let s = 0;
  for (let r = 0; r < 3 * k; r++) s += pi[r] * (v0[r] + v[r]);
  return 0.5 * s;
}
