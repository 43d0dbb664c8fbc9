/**
 * PGS contact kernels over the assembled rows (see `systems/solve/pgs/README.md`):
 * warm start, one Gauss–Seidel sweep (normal row with soft bias, then the two friction rows projected
 * onto the friction disk |λ_t| ≤ μ λ_n), and the restitution pass.
 * Reads and writes only the ConstraintProblem and the SolverBodies.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { Softness } from './soft-constraint';

/** Applies the accumulated impulses of every point to the bodies (warm start). */
export function warmStart(p: ConstraintProblem, sb: SolverBodies): void {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB, imp = p.impulse;
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const mA = im[a], mB = im[b];
    let px = 0, py = 0, pz = 0;
    for (let d = 0; d < 3; d++) {
      const l = imp[c3 + d];
      const o = c9 + 3 * d;
      px += l * dir[o]; py += l * dir[o + 1]; pz += l * dir[o + 2];
      w[a3] -= l * iA[o]; w[a3 + 1] -= l * iA[o + 1]; w[a3 + 2] -= l * iA[o + 2];
      w[b3] += l * iB[o]; w[b3 + 1] += l * iB[o + 1]; w[b3 + 2] += l * iB[o + 2];
    }
    v[a3] -= mA * px; v[a3 + 1] -= mA * py; v[a3 + 2] -= mA * pz;
    v[b3] += mB * px; v[b3 + 1] += mB * py; v[b3 + 2] += mB * pz;
  }
}

/**
 * Current separation of point c from the pose deltas, to first order in the rotation (PhysX TGS):
 *   s = s₀ + n·(Δp_B − Δp_A) + Δθ_B·(r_B × n) − Δθ_A·(r_A × n)
 * (n·(Δθ × r) = Δθ·(r × n), the stored angular Jacobians). The error is O(|Δθ|² |r|) within one step;
 * the next narrowphase measures the separation exactly again.
 */
export function currentSeparation(p: ConstraintProblem, sb: SolverBodies, c: number, a: number, b: number): number {
  const dp = sb.dp, th = sb.dtheta, c9 = 9 * c, a3 = 3 * a, b3 = 3 * b;
  const d = p.direction, jA = p.angularA, jB = p.angularB;
  return p.separation[c]
    + d[c9] * (dp[b3] - dp[a3]) + d[c9 + 1] * (dp[b3 + 1] - dp[a3 + 1]) + d[c9 + 2] * (dp[b3 + 2] - dp[a3 + 2])
    + th[b3] * jB[c9] + th[b3 + 1] * jB[c9 + 1] + th[b3 + 2] * jB[c9 + 2]
    - th[a3] * jA[c9] - th[a3 + 1] * jA[c9 + 1] - th[a3 + 2] * jA[c9 + 2];
}

/**
 * One Gauss–Seidel sweep over all contact points.
 * Normal row: s = current separation; s > 0 (speculative): bias = s/h, rigid; otherwise with
 * `useBias` bias = max(biasRate·min(s + slop, 0), −maxPushout) with the soft mass / impulse scales,
 * and without it (relax pass) bias = 0, rigid. λ_n ← max(λ_n + Δ, 0).
 * Friction rows: Δλ_t = −m_t (J_t v) for t1 and t2, then the accumulated (λ_t1, λ_t2) is projected
 * onto the disk of radius μ λ_n (the circular Coulomb cone at the current normal impulse).
 */
export function solveContacts(
  p: ConstraintProblem, sb: SolverBodies, invH: number, soft: Softness, useBias: boolean,
  slop: number, maxPushout: number,
): void {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const imp = p.impulse, em = p.effectiveMass;
  // The points of one manifold are consecutive and share their two bodies: the bodies' velocities are
  // loaded once per run of points with the same pair and stored back when the pair changes.
  let a = -1, b = -1, a3 = 0, b3 = 0, mA = 0, mB = 0;
  let vAx = 0, vAy = 0, vAz = 0, wAx = 0, wAy = 0, wAz = 0;
  let vBx = 0, vBy = 0, vBz = 0, wBx = 0, wBy = 0, wBz = 0;
  for (let c = 0; c < p.contactCount; c++) {
    const na = p.bodyA[c], nb = p.bodyB[c];
    if (na !== a || nb !== b) {
      if (a >= 0) {
        v[a3] = vAx; v[a3 + 1] = vAy; v[a3 + 2] = vAz; w[a3] = wAx; w[a3 + 1] = wAy; w[a3 + 2] = wAz;
        v[b3] = vBx; v[b3 + 1] = vBy; v[b3 + 2] = vBz; w[b3] = wBx; w[b3 + 1] = wBy; w[b3 + 2] = wBz;
      }
      a = na; b = nb; a3 = 3 * a; b3 = 3 * b; mA = im[a]; mB = im[b];
      vAx = v[a3]; vAy = v[a3 + 1]; vAz = v[a3 + 2]; wAx = w[a3]; wAy = w[a3 + 1]; wAz = w[a3 + 2];
      vBx = v[b3]; vBy = v[b3 + 1]; vBz = v[b3 + 2]; wBx = w[b3]; wBy = w[b3 + 1]; wBz = w[b3 + 2];
    }
    const c3 = 3 * c, c9 = 9 * c;

    // ---- normal row
    const s = currentSeparation(p, sb, c, a, b);
    let bias = 0, massScale = 1, impulseScale = 0;
    if (s > 0) {
      bias = s * invH;
    } else if (useBias) {
      const sc = s + slop < 0 ? s + slop : 0;
      bias = Math.max(soft.biasRate * sc, -maxPushout);
      massScale = soft.massScale;
      impulseScale = soft.impulseScale;
    }
    const nx = dir[c9], ny = dir[c9 + 1], nz = dir[c9 + 2];
    const vn = nx * (vBx - vAx) + ny * (vBy - vAy) + nz * (vBz - vAz)
      + jB[c9] * wBx + jB[c9 + 1] * wBy + jB[c9 + 2] * wBz
      - jA[c9] * wAx - jA[c9 + 1] * wAy - jA[c9 + 2] * wAz;
    const old = imp[c3];
    let l = -em[c3] * massScale * (vn + bias) - impulseScale * old;
    const total = old + l > 0 ? old + l : 0;
    l = total - old;
    imp[c3] = total;
    if (l > p.maxNormalImpulse[c]) p.maxNormalImpulse[c] = l;
    vAx -= mA * l * nx; vAy -= mA * l * ny; vAz -= mA * l * nz;
    vBx += mB * l * nx; vBy += mB * l * ny; vBz += mB * l * nz;
    wAx -= l * iA[c9]; wAy -= l * iA[c9 + 1]; wAz -= l * iA[c9 + 2];
    wBx += l * iB[c9]; wBy += l * iB[c9 + 1]; wBz += l * iB[c9 + 2];

    // ---- friction rows (t1 at c9 + 3, t2 at c9 + 6)
    const maxF = p.friction[c] * total;
    const o1 = c9 + 3, o2 = c9 + 6;
    const dvx = vBx - vAx, dvy = vBy - vAy, dvz = vBz - vAz;
    const vt1 = dir[o1] * dvx + dir[o1 + 1] * dvy + dir[o1 + 2] * dvz
      + jB[o1] * wBx + jB[o1 + 1] * wBy + jB[o1 + 2] * wBz
      - jA[o1] * wAx - jA[o1 + 1] * wAy - jA[o1 + 2] * wAz;
    const vt2 = dir[o2] * dvx + dir[o2 + 1] * dvy + dir[o2 + 2] * dvz
      + jB[o2] * wBx + jB[o2 + 1] * wBy + jB[o2 + 2] * wBz
      - jA[o2] * wAx - jA[o2 + 1] * wAy - jA[o2 + 2] * wAz;
    const old1 = imp[c3 + 1], old2 = imp[c3 + 2];
    let t1 = old1 - em[c3 + 1] * vt1;
    let t2 = old2 - em[c3 + 2] * vt2;
    const len2 = t1 * t1 + t2 * t2;
    if (len2 > maxF * maxF) {
      const sc = maxF / Math.sqrt(len2);
      t1 *= sc; t2 *= sc;
    }
    imp[c3 + 1] = t1; imp[c3 + 2] = t2;
    const l1 = t1 - old1, l2 = t2 - old2;
    const px = l1 * dir[o1] + l2 * dir[o2];
    const py = l1 * dir[o1 + 1] + l2 * dir[o2 + 1];
    const pz = l1 * dir[o1 + 2] + l2 * dir[o2 + 2];
    vAx -= mA * px; vAy -= mA * py; vAz -= mA * pz;
    vBx += mB * px; vBy += mB * py; vBz += mB * pz;
    wAx -= l1 * iA[o1] + l2 * iA[o2]; wAy -= l1 * iA[o1 + 1] + l2 * iA[o2 + 1]; wAz -= l1 * iA[o1 + 2] + l2 * iA[o2 + 2];
    wBx += l1 * iB[o1] + l2 * iB[o2]; wBy += l1 * iB[o1 + 1] + l2 * iB[o2 + 1]; wBz += l1 * iB[o1 + 2] + l2 * iB[o2 + 2];
  }
  if (a >= 0) {
    v[a3] = vAx; v[a3 + 1] = vAy; v[a3 + 2] = vAz; w[a3] = wAx; w[a3 + 1] = wAy; w[a3 + 2] = wAz;
    v[b3] = vBx; v[b3 + 1] = vBy; v[b3 + 2] = vBz; w[b3] = wBx; w[b3 + 1] = wBy; w[b3 + 2] = wBz;
  }
}

/**
 * Restitution pass after the substeps (Box2D v3 `b2ApplyRestitution`): for points that approached
 * faster than `threshold` and carried a normal impulse, drive the normal relative velocity to
 * −e·v_n(assembly), keeping λ_n ≥ 0.
 */
export function applyRestitution(p: ConstraintProblem, sb: SolverBodies, threshold: number): void {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const imp = p.impulse, em = p.effectiveMass;
  for (let c = 0; c < p.contactCount; c++) {
    const e = p.restitution[c];
    const rv = p.relativeVelocity[c];
    if (e === 0 || rv > -threshold || p.maxNormalImpulse[c] === 0) continue;
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const nx = dir[c9], ny = dir[c9 + 1], nz = dir[c9 + 2];
    const vn = nx * (v[b3] - v[a3]) + ny * (v[b3 + 1] - v[a3 + 1]) + nz * (v[b3 + 2] - v[a3 + 2])
      + jB[c9] * w[b3] + jB[c9 + 1] * w[b3 + 1] + jB[c9 + 2] * w[b3 + 2]
      - jA[c9] * w[a3] - jA[c9 + 1] * w[a3 + 1] - jA[c9 + 2] * w[a3 + 2];
    const old = imp[c3];
    let l = -em[c3] * (vn + e * rv);
    const total = old + l > 0 ? old + l : 0;
    l = total - old;
    imp[c3] = total;
    const mA = im[a], mB = im[b];
    v[a3] -= mA * l * nx; v[a3 + 1] -= mA * l * ny; v[a3 + 2] -= mA * l * nz;
    v[b3] += mB * l * nx; v[b3 + 1] += mB * l * ny; v[b3 + 2] += mB * l * nz;
    w[a3] -= l * iA[c9]; w[a3 + 1] -= l * iA[c9 + 1]; w[a3 + 2] -= l * iA[c9 + 2];
    w[b3] += l * iB[c9]; w[b3 + 1] += l * iB[c9 + 1]; w[b3 + 2] += l * iB[c9 + 2];
  }
}
