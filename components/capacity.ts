/**
 * Geometric growth of SoA typed-array columns. Entity ids index the columns directly, so a store
 * must always hold `capacity > max entity id`; writes past the end of a typed array are silently
 * dropped by JavaScript, which is why every store grows before an id is used (never after).
 */

/** Returns a copy of `a` with room for `n` elements (n ≥ a.length), old values kept, the rest 0. */
export function growFloat64(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

export function growUint32(a: Uint32Array, n: number): Uint32Array {
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}

export function growUint8(a: Uint8Array, n: number): Uint8Array {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}

export function growInt32(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/** The next capacity (at least `needed`, doubling from `current`). */
export function nextCapacity(current: number, needed: number): number {
  let c = Math.max(current, 16);
  while (c < needed) c *= 2;
  return c;
}
