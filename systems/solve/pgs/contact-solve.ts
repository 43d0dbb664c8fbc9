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

/** Current separation of point c from the pose deltas (Box2D v3 "adjusted separation"). */
export function currentSeparation(p: ConstraintProblem, sb: SolverBodies, c: number, a: number, b: number): number {
  const dp = sb.dp, dq = sb.dq, c3 = 3 * c, c9 = 9 * c;
  const nx = p.direction[c9], ny = p.direction[c9 + 1], nz = p.direction[c9 + 2];
  // dq r for A and B (rotate the start-of-step anchor by the rotation so far)
  let qx = dq[4 * a], qy = dq[4 * a + 1], qz = dq[4 * a + 2], qw = dq[4 * a + 3];
  let rx = p.rA[c3], ry = p.rA[c3 + 1], rz = p.rA[c3 + 2];
  let tx = 2 * (qy * rz - qz * ry), ty = 2 * (qz * rx - qx * rz), tz = 2 * (qx * ry - qy * rx);
  const ax = dp[3 * a] + rx + qw * tx + (qy * tz - qz * ty);
  const ay = dp[3 * a + 1] + ry + qw * ty + (qz * tx - qx * tz);
  const az = dp[3 * a + 2] + rz + qw * tz + (qx * ty - qy * tx);
  qx = dq[4 * b]; qy = dq[4 * b + 1]; qz = dq[4 * b + 2]; qw = dq[4 * b + 3];
  rx = p.rB[c3]; ry = p.rB[c3 + 1]; rz = p.rB[c3 + 2];
  tx = 2 * (qy * rz - qz * ry); ty = 2 * (qz * rx - qx * rz); tz = 2 * (qx * ry - qy * rx);
  const bx = dp[3 * b] + rx + qw * tx + (qy * tz - qz * ty);
  const by = dp[3 * b + 1] + ry + qw * ty + (qz * tx - qx * tz);
  const bz = dp[3 * b + 2] + rz + qw * tz + (qx * ty - qy * tx);
  return nx * (bx - ax) + ny * (by - ay) + nz * (bz - az) + p.baseSeparation[c];
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
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const mA = im[a], mB = im[b];

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
    let nx = dir[c9], ny = dir[c9 + 1], nz = dir[c9 + 2];
    const vn = nx * (v[b3] - v[a3]) + ny * (v[b3 + 1] - v[a3 + 1]) + nz * (v[b3 + 2] - v[a3 + 2])
      + jB[c9] * w[b3] + jB[c9 + 1] * w[b3 + 1] + jB[c9 + 2] * w[b3 + 2]
      - jA[c9] * w[a3] - jA[c9 + 1] * w[a3 + 1] - jA[c9 + 2] * w[a3 + 2];
    const old = imp[c3];
    let l = -em[c3] * massScale * (vn + bias) - impulseScale * old;
    const total = old + l > 0 ? old + l : 0;
    l = total - old;
    imp[c3] = total;
    if (l > p.maxNormalImpulse[c]) p.maxNormalImpulse[c] = l;
    v[a3] -= mA * l * nx; v[a3 + 1] -= mA * l * ny; v[a3 + 2] -= mA * l * nz;
    v[b3] += mB * l * nx; v[b3 + 1] += mB * l * ny; v[b3 + 2] += mB * l * nz;
    w[a3] -= l * iA[c9]; w[a3 + 1] -= l * iA[c9 + 1]; w[a3 + 2] -= l * iA[c9 + 2];
    w[b3] += l * iB[c9]; w[b3 + 1] += l * iB[c9 + 1]; w[b3 + 2] += l * iB[c9 + 2];

    // ---- friction rows (t1 at c9 + 3, t2 at c9 + 6)
    const maxF = p.friction[c] * total;
    const o1 = c9 + 3, o2 = c9 + 6;
    const dvx = v[b3] - v[a3], dvy = v[b3 + 1] - v[a3 + 1], dvz = v[b3 + 2] - v[a3 + 2];
    const vt1 = dir[o1] * dvx + dir[o1 + 1] * dvy + dir[o1 + 2] * dvz
      + jB[o1] * w[b3] + jB[o1 + 1] * w[b3 + 1] + jB[o1 + 2] * w[b3 + 2]
      - jA[o1] * w[a3] - jA[o1 + 1] * w[a3 + 1] - jA[o1 + 2] * w[a3 + 2];
    const vt2 = dir[o2] * dvx + dir[o2 + 1] * dvy + dir[o2 + 2] * dvz
      + jB[o2] * w[b3] + jB[o2 + 1] * w[b3 + 1] + jB[o2 + 2] * w[b3 + 2]
      - jA[o2] * w[a3] - jA[o2 + 1] * w[a3 + 1] - jA[o2 + 2] * w[a3 + 2];
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
    nx = l1 * dir[o1] + l2 * dir[o2];
    ny = l1 * dir[o1 + 1] + l2 * dir[o2 + 1];
    nz = l1 * dir[o1 + 2] + l2 * dir[o2 + 2];
    v[a3] -= mA * nx; v[a3 + 1] -= mA * ny; v[a3 + 2] -= mA * nz;
    v[b3] += mB * nx; v[b3 + 1] += mB * ny; v[b3 + 2] += mB * nz;
    w[a3] -= l1 * iA[o1] + l2 * iA[o2]; w[a3 + 1] -= l1 * iA[o1 + 1] + l2 * iA[o2 + 1];
    w[a3 + 2] -= l1 * iA[o1 + 2] + l2 * iA[o2 + 2];
    w[b3] += l1 * iB[o1] + l2 * iB[o2]; w[b3 + 1] += l1 * iB[o1 + 1] + l2 * iB[o2 + 1];
    w[b3 + 2] += l1 * iB[o1 + 2] + l2 * iB[o2 + 2];

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
