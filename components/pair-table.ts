/**
 * An open-addressing hash table from an unordered entity pair to a small integer (the contact store's
 * manifold slot), on typed arrays: linear probing, load factor ≤ 1/2, backward-shift deletion (no
 * tombstones). It replaces a JS Map keyed by a combined double, whose keys above 2³¹ are heap numbers
 * and hash slowly; lookups here allocate nothing.
 */

export interface PairTable {
  /** `[capacity]` lower entity id of the pair in each bucket. */
  lo: Uint32Array;
  /** `[capacity]` higher entity id of the pair in each bucket. */
  hi: Uint32Array;
  /** `[capacity]` stored value, −1 = empty bucket. */
  value: Int32Array;
  /** Number of stored pairs. */
  size: number;
  /** capacity − 1 (capacity is a power of two). */
  mask: number;
}

export function createPairTable(capacity = 256): PairTable {
  let c = 16;
  while (c < capacity) c *= 2;
  return { lo: new Uint32Array(c), hi: new Uint32Array(c), value: new Int32Array(c).fill(-1), size: 0, mask: c - 1 };
}

function bucketOf(t: PairTable, lo: number, hi: number): number {
  return (Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca77)) >>> 0 & t.mask;
}

/** The value stored for the pair {a, b}, or −1. */
export function pairTableGet(t: PairTable, a: number, b: number): number {
  const lo = a < b ? a : b, hi = a < b ? b : a;
  let i = bucketOf(t, lo, hi);
  for (;;) {
    const v = t.value[i];
    if (v < 0) return -1;
    if (t.lo[i] === lo && t.hi[i] === hi) return v;
    i = (i + 1) & t.mask;
  }
}

/** Stores `value` (≥ 0) for the pair {a, b}, replacing any previous value. */
export function pairTableSet(t: PairTable, a: number, b: number, value: number): void {
  if (2 * (t.size + 1) > t.mask + 1) grow(t);
  const lo = a < b ? a : b, hi = a < b ? b : a;
  let i = bucketOf(t, lo, hi);
  for (;;) {
    if (t.value[i] < 0) {
      t.lo[i] = lo; t.hi[i] = hi; t.value[i] = value;
      t.size++;
      return;
    }
    if (t.lo[i] === lo && t.hi[i] === hi) { t.value[i] = value; return; }
    i = (i + 1) & t.mask;
  }
}

/** Removes the pair {a, b} if present. */
export function pairTableDelete(t: PairTable, a: number, b: number): void {
  const lo = a < b ? a : b, hi = a < b ? b : a;
  let i = bucketOf(t, lo, hi);
  for (;;) {
    if (t.value[i] < 0) return;
    if (t.lo[i] === lo && t.hi[i] === hi) break;
    i = (i + 1) & t.mask;
  }
  // backward-shift deletion: move later entries of the probe run into the hole when allowed
  let hole = i;
  let j = (i + 1) & t.mask;
  while (t.value[j] >= 0) {
    const home = bucketOf(t, t.lo[j], t.hi[j]);
    // the entry at j may move to the hole if its home is not cyclically within (hole, j]
    const between = hole <= j ? home > hole && home <= j : home > hole || home <= j;
    if (!between) {
      t.lo[hole] = t.lo[j]; t.hi[hole] = t.hi[j]; t.value[hole] = t.value[j];
      hole = j;
    }
    j = (j + 1) & t.mask;
  }
  t.value[hole] = -1;
  t.size--;
}

function grow(t: PairTable): void {
  const { lo, hi, value } = t;
  const c = 2 * (t.mask + 1);
  t.lo = new Uint32Array(c);
  t.hi = new Uint32Array(c);
  t.value = new Int32Array(c).fill(-1);
  t.mask = c - 1;
  t.size = 0;
  for (let i = 0; i < value.length; i++) if (value[i] >= 0) pairTableSet(t, lo[i], hi[i], value[i]);
}
