/**
 * A fixed grid of arguments for the deterministic functions and an FNV-1a hash of the bits of their
 * results: the same value must come out in Node and in Chromium (`test/e2e/determinism.test.ts`).
 */

import { detAcos, detAsin, detAtan, detAtan2, detCos, detExp, detSin } from '../../../math/deterministic-math';

/** The hash of {@link mathGridHash} computed when the routines were written (Node 20, V8). */
export const MATH_GRID_HASH = '53696363';

/** FNV-1a (32 bit) over the bytes of sin, cos, atan, atan2, asin, acos and exp on a fixed grid. */
export function mathGridHash(): string {
  const f = new Float64Array(1);
  const b = new Uint8Array(f.buffer);
  let h = 0x811c9dc5;
  const put = (x: number): void => {
    f[0] = x;
    for (let i = 0; i < 8; i++) { h ^= b[i]; h = Math.imul(h, 0x01000193) >>> 0; }
  };
  for (let i = -2000; i <= 2000; i++) {
    const x = i * 0.0137 + i * i * 1e-5;
    put(detSin(x)); put(detCos(x)); put(detAtan(x)); put(detAtan2(x, 1.3 - x)); put(detExp(x / 6));
    const c = i / 2000;
    put(detAsin(c)); put(detAcos(c));
  }
  return h.toString(16).padStart(8, '0');
}
