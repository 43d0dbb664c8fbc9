/**
 * The gyroscopic term's implicit step (`integrateGyroscopic`, `systems/solve/common/body-integration.ts`;
 * Catto 2015): backward Euler on I (ω₂ − ω₁) + h ω₂ × I ω₂ = 0. Its exact solution never gains kinetic
 * energy (ω₂ᵀ I ω₂ = ω₂ᵀ I ω₁ ≤ √(ω₂ᵀ I ω₂ · ω₁ᵀ I ω₁)); one Newton step from ω₁ can, by orders of
 * magnitude when h |ω| is of order 1 on a flat inertia. The states below are a thin 0.011 kg box of fuzz
 * seed 501 (accurate mode, dt 1/60) and a 1.5 kg body of the same scene: the single Newton step took
 * them to ×8.3, ×1.086 and ×1.00014 their rotational energy.
 */
import { describe, expect, it } from 'vitest';
import { createSolverBodies } from '../../../../../systems/assembly/solver-bodies';
import { integrateGyroscopic } from '../../../../../systems/solve/common/body-integration';
import { MotionType } from '../../../../../components/rigid-body';
import { mat3InvertSymmetric } from '../../../../../math/mat3';
import { createRandom, randomRange } from '../../../../../scenes/prng';

const H = 1 / 60;
/** [world ω (rad/s), world inertia (kg·m², row-major)] of fuzz seed 501's bodies where one Newton step gained. */
const CASES: [number[], number[]][] = [
  [[-53.57708896177812, -167.64079615223835, -82.46039974384462], [0.018806825564792518, -0.0005134053860484429, -0.002777095399984545, -0.0005134053860484429, 0.016595692147375583, 0.004529955312420787, -0.002777095399984545, 0.004529955312420787, 0.011811161205857505]],
  [[48.92514356666574, -113.63062060476538, -48.068224789533694], [0.011710851524095772, 0.0002640034282826151, -0.005197996780636812, 0.0002640034282826151, 0.017728217563710295, 0.0014250719573719564, -0.005197996780636812, 0.0014250719573719564, 0.01777460983021954]],
  [[-2.838945155793903, 5.7409716454739685, 9.961080871810214], [3.471084753738442, 3.182702550881755, -6.933547998002624, 3.182702550881755, 22.00288465276332, 1.234005645930262, -6.933547998002624, 1.234005645930262, 19.690697600737217]],
];

const mul = (I: number[], w: number[]): number[] => [0, 1, 2].map((r) => I[3 * r] * w[0] + I[3 * r + 1] * w[1] + I[3 * r + 2] * w[2]);
const dot = (a: number[], b: number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** One body's ω after `integrateGyroscopic` over step h. */
function step(w: number[], I: number[], h = H): number[] {
  const sb = createSolverBodies(1);
  sb.count = 1;
  sb.motionType[0] = MotionType.dynamic;
  expect(mat3InvertSymmetric(sb.invInertia, 0, I, 0)).toBe(true);
  sb.w.set(w);
  integrateGyroscopic(sb, h, new Float64Array(9));
  return Array.from(sb.w);
}

/** |I (ω₂ − ω₁) + h ω₂ × I ω₂| / |I ω₁|: the backward-Euler residual, relative. */
function residual(w1: number[], w2: number[], I: number[], h = H): number {
  const d = mul(I, [w2[0] - w1[0], w2[1] - w1[1], w2[2] - w1[2]]), l = mul(I, w2);
  const f = [d[0] + h * (w2[1] * l[2] - w2[2] * l[1]), d[1] + h * (w2[2] * l[0] - w2[0] * l[2]), d[2] + h * (w2[0] * l[1] - w2[1] * l[0])];
  return Math.sqrt(dot(f, f) / dot(mul(I, w1), mul(I, w1)));
}

describe('integrateGyroscopic: the implicit step never adds rotational energy', () => {
  it('fuzz seed 501: where one Newton step gained (×8.3, ×1.086, ×1.00014), Newton iterates to the backward-Euler solution, which loses energy', () => {
    for (const [w1, I] of CASES) {
      const w2 = step(w1, I);
      const e1 = dot(w1, mul(I, w1)), e2 = dot(w2, mul(I, w2));
      expect(e2).toBeLessThanOrEqual(e1);
      expect(residual(w1, w2, I)).toBeLessThan(1e-10); // converged: the backward-Euler solution itself
      // ω₂ᵀ I ω₂ = ω₂ᵀ I ω₁ holds for that solution
      expect(Math.abs(e2 - dot(w2, mul(I, w1)))).toBeLessThan(1e-9 * e1);
    }
  });

  it('random flat inertias and spins up to h |ω| = 20 rad: no step gains energy (converged, or ω₁ kept)', () => {
    const r = createRandom(501);
    let dissipated = 0;
    for (let k = 0; k < 2000; k++) {
      // a box of random half extents (down to 1:100) at a random orientation
      const a = randomRange(r, 0.005, 1), b = randomRange(r, 0.005, 1), c = randomRange(r, 0.005, 1), m = randomRange(r, 0.01, 100);
      const d = [m * (b * b + c * c) / 3, m * (a * a + c * c) / 3, m * (a * a + b * b) / 3];
      let qx = randomRange(r, -1, 1), qy = randomRange(r, -1, 1), qz = randomRange(r, -1, 1), qw = randomRange(r, -1, 1);
      const n = Math.hypot(qx, qy, qz, qw); qx /= n; qy /= n; qz /= n; qw /= n;
      const R = [
        1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qw * qz), 2 * (qx * qz + qw * qy),
        2 * (qx * qy + qw * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qw * qx),
        2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy),
      ];
      const I = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((e) => {
        const i = Math.floor(e / 3), j = e % 3;
        return R[3 * i] * d[0] * R[3 * j] + R[3 * i + 1] * d[1] * R[3 * j + 1] + R[3 * i + 2] * d[2] * R[3 * j + 2];
      });
      const s = randomRange(r, 0, 20 / H);
      const u = [randomRange(r, -1, 1), randomRange(r, -1, 1), randomRange(r, -1, 1)];
      const un = Math.hypot(...u);
      const w1 = u.map((x) => (x / un) * s);
      const w2 = step(w1, I);
      const e1 = dot(w1, mul(I, w1)), e2 = dot(w2, mul(I, w2));
      // the step works on (I⁻¹)⁻¹, which differs from I here by round-off
      expect(e2).toBeLessThanOrEqual(e1 * (1 + 1e-12));
      if (e2 < e1 * (1 - 1e-3)) dissipated++;
    }
    expect(dissipated).toBeGreaterThan(0);
  });
});
