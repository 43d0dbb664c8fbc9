/**
 * Shared fixtures of the narrowphase unit tests: posed shapes, rotations, a seeded random source and
 * vector assertions.
 */
import { expect } from 'vitest';
import { quatMultiply, quatRotate, quatToMat3 } from '../../../../math/quat';
import { POSED_AXES, POSED_WITH_AXES, type ManifoldOut, type PosedShape } from '../../../../systems/narrowphase/manifold';

export type V3 = [number, number, number];
export type Q = [number, number, number, number];
export const ID: Q = [0, 0, 0, 1];

export function shape(p: V3, q: Q, size: V3): PosedShape {
  // with its axes, as the narrowphase makes posed shapes (box–box reads them)
  const s = new Float64Array(POSED_WITH_AXES), m = new Float64Array(9);
  s.set([p[0], p[1], p[2], q[0], q[1], q[2], q[3], size[0], size[1], size[2]]);
  quatToMat3(m, 0, s, 3);
  for (let i = 0; i < 3; i++) s.set([m[i], m[3 + i], m[6 + i]], POSED_AXES + 3 * i);
  return s;
}

export function axisAngle(ax: number, ay: number, az: number, angle: number): Q {
  const l = Math.hypot(ax, ay, az), s = Math.sin(angle / 2) / l;
  return [ax * s, ay * s, az * s, Math.cos(angle / 2)];
}

export function rot(q: ArrayLike<number>, v: ArrayLike<number>, qo = 0): V3 {
  const o = [0, 0, 0];
  quatRotate(o, 0, q, qo, v, 0);
  return o as V3;
}

export function mul(a: ArrayLike<number>, b: ArrayLike<number>, bo = 0): Q {
  const o = [0, 0, 0, 0];
  quatMultiply(o, 0, a, 0, b, bo);
  return o as Q;
}

export function rotated(s: PosedShape, q: Q): PosedShape {
  return shape(rot(q, s), mul(q, s, 3), [s[7], s[8], s[9]]);
}

/** Seeded PRNG (mulberry32) and Shoemake's uniform random rotation: the scenes' own (`scenes/prng.ts`). */
export { createRandom as rng, randomQuaternion as randomQuat } from '../../../../scenes/prng';

export function expectVec(v: ArrayLike<number>, e: ArrayLike<number>, tol = 1e-12): void {
  for (let i = 0; i < 3; i++) expect(Math.abs(v[i] - e[i])).toBeLessThanOrEqual(tol);
}

export function pt(m: ManifoldOut, k: number): V3 {
  return [m.point[3 * k], m.point[3 * k + 1], m.point[3 * k + 2]];
}
