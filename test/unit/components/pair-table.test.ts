import { describe, expect, it } from 'vitest';
import { createPairTable, pairTableDelete, pairTableGet, pairTableSet } from '../../../components/pair-table';

describe('pair table', () => {
  it('matches a Map under 100 000 random sets, gets and deletes (with growth and wrap-around)', () => {
    const t = createPairTable(16);
    const ref = new Map<string, number>();
    let s = 12345;
    const r = (n: number) => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) % n);
    const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);
    for (let i = 0; i < 100_000; i++) {
      const a = r(300), b = r(300);
      const op = r(3);
      if (op === 0) {
        const v = r(1000);
        pairTableSet(t, a, b, v);
        ref.set(key(a, b), v);
      } else if (op === 1) {
        pairTableDelete(t, a, b);
        ref.delete(key(a, b));
      } else {
        expect(pairTableGet(t, a, b)).toBe(ref.get(key(a, b)) ?? -1);
        expect(pairTableGet(t, b, a)).toBe(ref.get(key(a, b)) ?? -1);
      }
      if (i % 10_000 === 0) expect(t.size).toBe(ref.size);
    }
    for (const [k, v] of ref) {
      const [a, b] = k.split(',').map(Number);
      expect(pairTableGet(t, a, b)).toBe(v);
    }
    expect(t.size).toBe(ref.size);
  });

  it('handles ids up to 2³² − 1', () => {
    const t = createPairTable();
    pairTableSet(t, 0xffffffff, 7, 3);
    expect(pairTableGet(t, 7, 0xffffffff)).toBe(3);
    pairTableDelete(t, 7, 0xffffffff);
    expect(pairTableGet(t, 0xffffffff, 7)).toBe(-1);
  });
});
