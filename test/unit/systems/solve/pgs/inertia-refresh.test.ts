/**
 * The in-step world inverse inertia of turned bodies (`systems/solve/pgs/inertia-refresh.ts`), against
 * a second method: the inverse inertia built from the body's final orientation q = Δq ⊗ q₀ directly,
 * R(q) diag(1/I) R(q)ᵀ. Bodies below the 0.1 rad turn and bodies with an isotropic inertia are not marked.
 */
import { describe, expect, it } from 'vitest';
import { createSolverBodies } from '../../../../../systems/assembly/solver-bodies';
import { createInertiaRefresh, refreshTurnedInertia } from '../../../../../systems/solve/pgs/inertia-refresh';
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

  it('marks neither a body turned by 0.09 rad nor a cube (isotropic) turned by 1 rad', () => {
    const small = [Math.sin(0.045), 0, 0, Math.cos(0.045)];
    const big = [0, Math.sin(0.5), 0, Math.cos(0.5)];
    const sb = bodies([small, big], [thin, [6, 6, 6]]);
    const ir = createInertiaRefresh(2);
    expect(refreshTurnedInertia(ir, sb)).toBe(0);
    expect(Array.from(ir.turned.subarray(0, 2))).toEqual([0, 0]);
  });
});
