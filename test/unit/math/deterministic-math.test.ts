/**
 * The deterministic transcendental functions (`math/deterministic-math.ts`) against `Math` (a second
 * implementation: V8's, itself an fdlibm port): within 1 ulp (2 for asin) over 3·10⁵ seeded arguments per
 * function at several scales, the special values of `Math`, and a committed hash of their bits over a
 * fixed grid (the same hash is checked in Chromium by `test/e2e/determinism.test.ts`).
 */

import { describe, expect, it } from 'vitest';
import {
  detAcos, detAsin, detAtan, detAtan2, detCos, detExp, detPow2, detSin, sinAt,
} from '../../../math/deterministic-math';
import { createRandom } from '../../../scenes/prng';
import { MATH_GRID_HASH, mathGridHash } from './deterministic-math-grid';

const buf = new Float64Array(2);
const bits = new BigInt64Array(buf.buffer);

/** Distance in units in the last place between two finite doubles. */
function ulps(a: number, b: number): number {
  if (Object.is(a, b)) return 0;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Infinity;
  buf[0] = a; buf[1] = b;
  let ia = bits[0], ib = bits[1];
  if (ia < 0n) ia = -0x8000000000000000n - ia;
  if (ib < 0n) ib = -0x8000000000000000n - ib;
  const d = ia - ib;
  return Number(d < 0n ? -d : d);
}

describe('deterministic transcendental functions', () => {
  const r = createRandom(7);
  const N = 300_000;
  const cases: [string, (x: number, y: number) => number, (x: number, y: number) => number, (i: number) => [number, number], number][] = [
    ['sin', (x) => detSin(x), (x) => Math.sin(x), (i) => [(2 * r() - 1) * [1, 10, 1e3, 1e5, 1e-2][i % 5], 0], 1],
    ['cos', (x) => detCos(x), (x) => Math.cos(x), (i) => [(2 * r() - 1) * [1, 10, 1e3, 1e5, 1e-2][i % 5], 0], 1],
    ['atan', (x) => detAtan(x), (x) => Math.atan(x), (i) => [(2 * r() - 1) * [1, 10, 1e6, 1e-3][i % 4], 0], 1],
    ['atan2', (y, x) => detAtan2(y, x), (y, x) => Math.atan2(y, x), (i) => [(2 * r() - 1) * [1, 100, 1e-3][i % 3], (2 * r() - 1) * [1, 10, 1e-4][i % 3]], 1],
    ['asin', (x) => detAsin(x), (x) => Math.asin(x), () => [2 * r() - 1, 0], 2],
    ['acos', (x) => detAcos(x), (x) => Math.acos(x), () => [2 * r() - 1, 0], 2],
    ['exp', (x) => detExp(x), (x) => Math.exp(x), (i) => [(2 * r() - 1) * [1, 50, 700][i % 3], 0], 1],
  ];
  for (const [name, ours, ref, arg, bound] of cases) {
    it(`${name}: within ${bound} ulp of Math.${name} over ${N} seeded arguments`, () => {
      let worst = 0, at = 0;
      for (let i = 0; i < N; i++) {
        const [x, y] = arg(i);
        const e = ulps(ours(x, y), ref(x, y));
        if (e > worst) { worst = e; at = x; }
      }
      expect(worst, `worst at ${at}`).toBeLessThanOrEqual(bound);
    });
  }

  it('special values as Math: ±0, ±Infinity, NaN, quadrant edges', () => {
    const specials = [0, -0, Infinity, -Infinity, NaN, 1, -1];
    for (const y of specials) {
      for (const x of specials) expect(Object.is(detAtan2(y, x), Math.atan2(y, x)), `atan2(${y}, ${x})`).toBe(true);
      expect(Object.is(detSin(y), Math.sin(y)), `sin(${y})`).toBe(true);
      expect(Object.is(detCos(y), Math.cos(y)), `cos(${y})`).toBe(true);
      if (Math.abs(y) !== 1) expect(Object.is(detExp(y), Math.exp(y)), `exp(${y})`).toBe(true);
      expect(Object.is(detAtan(y), Math.atan(y)), `atan(${y})`).toBe(true);
    }
    expect(detAsin(1.5)).toBeNaN();
    expect(detAcos(-1)).toBe(Math.PI);
    expect(detExp(710)).toBe(Infinity);
    expect(detExp(-746)).toBe(0);
    expect(ulps(detExp(1), Math.E)).toBeLessThanOrEqual(1); // e itself: 1 ulp from V8's exp(1)
  });

  it('sinAt (the array form the accurate step calls) is detSin to the bit, special values included', () => {
    const rs = createRandom(11), b = new Float64Array(3);
    const xs = [0, -0, Infinity, -Infinity, NaN, 1e-9, -3e-9, Math.PI / 4, -Math.PI / 4, Math.PI / 2, Math.PI, 2 * Math.PI];
    for (let i = 0; i < 100_000; i++) xs.push((2 * rs() - 1) * [1, 10, 1e3, 1e5, 1e-2][i % 5]);
    for (const x of xs) {
      b[0] = -7; b[1] = x; b[2] = -7;
      sinAt(b, 1);
      if (!Object.is(b[1], detSin(x))) expect.fail(`sinAt(${x}) = ${b[1]}, detSin ${detSin(x)}`);
      expect(b[0] === -7 && b[2] === -7).toBe(true); // writes its own entry only
    }
  });

  it('detPow2 is exact over the whole double range', () => {
    for (let k = -1074; k <= 1023; k++) expect(detPow2(k)).toBe(2 ** k);
  });

  it(`the bits over a fixed grid hash to the committed ${MATH_GRID_HASH} (checked in Chromium too)`, () => {
    expect(mathGridHash()).toBe(MATH_GRID_HASH);
  });
});
