/**
 * The in-step world inverse inertia of turned bodies (`systems/solve/pgs/inertia-refresh.ts`), against
 * a second method: the inverse inertia built from the body's final orientation q = Δq ⊗ q₀ directly,
 * R(q) diag(1/I) R(q)ᵀ. Bodies with an isotropic inertia are not marked, nor bodies below the 0.1 rad turn
 * whose inverse inertia changed by less than TURN_MISMATCH (checked against its closed form for a turn
 * about a principal axis).
 */
import { describe, expect, it } from 'vitest';
import { createSolverBodies } from '../../../../../systems/assembly/solver-bodies';
import { TURN_MISMATCH, createInertiaRefresh, refreshTurnedInertia, turnMismatch } from '../../../../../systems/solve/pgs/inertia-refresh';
import { MotionType } from '../../../../../components/rigid-body';
import { quatMultiply, quatToMat3 } from '../../../../../math/quat';

/** R diag(d) Rᵀ of the unit quaternion q (row-major). */
function rotated(q: number[], d: number[]): number[] {
  const R = new Array<number>(9);
  quatToMat3(R, 0, q, 0);
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[3 * i + j] += R[3 * i + k] * d[k] * R[3 * j + k];
  return out;
}

function unit(q: number[]): number[] {
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  return q.map((x) => x / l);
}

describe('refreshTurnedInertia', () => {
  const q0 = unit([0.3, -0.2, 0.5, 0.8]);
  const thin = [1 / 440, 1 / 5.5, 1 / 442]; // the thin box of the robustness report (699 kg)

  function bodies(dqs: number[][], diag: number[][]) {
    const sb = createSolverBodies(4);
    sb.count = dqs.length;
    dqs.forEach((dq, i) => {
      sb.motionType[i] = MotionType.dynamic;
      sb.invMass[i] = 1 / 699;
      sb.invInertia.set(rotated(q0, diag[i]), 9 * i);
      sb.dq.set(dq, 4 * i);
    });
    return sb;
  }

  it('a thin body turned by 0.3 rad: ΔR I₀⁻¹ ΔRᵀ equals the inverse inertia of its final orientation', () => {
    const dq = unit([Math.sin(0.15) * 0.6, Math.sin(0.15) * 0.8, 0, Math.cos(0.15)]);
    const sb = bodies([dq], [thin]);
    const ir = createInertiaRefresh(1);
    expect(refreshTurnedInertia(ir, sb)).toBe(1);
    expect(ir.turned[0]).toBe(1);
    const q = [0, 0, 0, 0];
    quatMultiply(q, 0, dq, 0, q0, 0);
    const want = rotated(q, thin);
    for (let k = 0; k < 9; k++) expect(ir.inertia[k]).toBeCloseTo(want[k], 14);
  });

  it('marks neither a nearly isotropic body (ratio 1.1) turned by 0.09 rad, a thin one turned by 2 mrad, nor a cube turned by 1 rad', () => {
    const small = [Math.sin(0.045), 0, 0, Math.cos(0.045)];
    const tiny = [0, 0, Math.sin(0.001), Math.cos(0.001)];
    const big = [0, Math.sin(0.5), 0, Math.cos(0.5)];
    const sb = bodies([small, tiny, big], [[1, 1 / 1.1, 1 / 1.05], thin, [6, 6, 6]]);
    const ir = createInertiaRefresh(3);
    expect(refreshTurnedInertia(ir, sb)).toBe(0);
    expect(Array.from(ir.turned.subarray(0, 3))).toEqual([0, 0, 0]);
  });

  it('marks a thin body (inertia ratio 80) turned by 0.09 rad, below the angle threshold', () => {
    const small = [Math.sin(0.045), 0, 0, Math.cos(0.045)];
    const sb = bodies([small], [thin]);
    const ir = createInertiaRefresh(1);
    expect(refreshTurnedInertia(ir, sb)).toBe(1);
    const q = [0, 0, 0, 0];
    quatMultiply(q, 0, small, 0, q0, 0);
    const want = rotated(q, thin);
    for (let k = 0; k < 9; k++) expect(ir.inertia[k]).toBeCloseTo(want[k], 14);
  });

  it('the mismatch tr(M⁻¹ A) − 3 of a turn θ about a principal axis is sin²θ (λ₁ − λ₂)² / (λ₁ λ₂)', () => {
    const d = [1 / 0.69, 1 / 1358, 1 / 1358.2]; // the 536 kg capsule of fuzz seed 2690 (radius 5 cm, 5.5 m)
    for (const theta of [1e-4, 7e-4, 0.01, 0.3]) {
      const q = [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)]; // about z: mixes axes x and y
      const M = rotated(q, d);
      const got = turnMismatch(d[0], 0, 0, d[1], 0, d[2], M[0], M[1], M[2], M[4], M[5], M[8]);
      const want = Math.sin(theta) ** 2 * (d[0] - d[1]) ** 2 / (d[0] * d[1]);
      expect(got).toBeCloseTo(want, 6);
      expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-6 * want + 1e-9);
    }
    expect(turnMismatch(1, 0, 0, 2, 0, 3, 1, 0, 0, 2, 0, 3)).toBe(0);
    expect(TURN_MISMATCH).toBe(1e-3);
  });
});
