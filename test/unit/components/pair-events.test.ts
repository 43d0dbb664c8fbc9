import { describe, expect, it } from 'vitest';
import { createPairEvents, pushPairEvent } from '../../../components/pair-events';
import { createContactStore, pushBeginEvent, pushEndEvent } from '../../../components/contact';

describe('pair events', () => {
  it('keeps every event in order across growth (both columns grow together)', () => {
    const l = createPairEvents(2);
    for (let k = 0; k < 100; k++) pushPairEvent(l, k, 1000 + k);
    expect(l.count).toBe(100);
    expect(l.capacity).toBeGreaterThanOrEqual(100);
    expect(l.a.length).toBe(l.capacity);
    expect(l.b.length).toBe(l.capacity);
    for (let k = 0; k < 100; k++) expect([l.a[k], l.b[k]]).toEqual([k, 1000 + k]);
  });

  it('does not replace the columns while they have room', () => {
    const l = createPairEvents(8);
    const a = l.a, b = l.b;
    for (let k = 0; k < 8; k++) pushPairEvent(l, k, k);
    expect(l.a).toBe(a);
    expect(l.b).toBe(b);
    l.count = 0; // what the step does at its start
    pushPairEvent(l, 7, 9);
    expect([l.count, l.a[0], l.b[0]]).toEqual([1, 7, 9]);
  });

  it("the contact store's begin and end lists are separate", () => {
    const s = createContactStore(4);
    pushBeginEvent(s, 1, 2);
    pushEndEvent(s, 3, 4);
    pushEndEvent(s, 5, 6);
    expect([s.begin.count, s.begin.a[0], s.begin.b[0]]).toEqual([1, 1, 2]);
    expect([s.end.count, s.end.a[1], s.end.b[1]]).toEqual([2, 5, 6]);
  });
});
