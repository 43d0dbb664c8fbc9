/**
 * A list of collider-pair events of one step (the contact store's begin-touch and end-touch events):
 * the pair (A, B) of each event in the order it happened, declared by a column table like every other
 * store (`column-table.ts`), so the list grows its two columns together.
 *
 * Read `a[k]`, `b[k]` for k < `count`; the step clears the list (`count = 0`) at its start, and the
 * events stay readable until the next step. Entity ids are the colliders' (u32).
 */

import { createColumns, ensureColumns, u32, type Columns, type ColumnTable } from './column-table';

export const PAIR_EVENT_COLUMNS = {
  /** `[capacity]` collider A of each event. */
  a: u32(),
  /** `[capacity]` collider B of each event. */
  b: u32(),
} satisfies ColumnTable;

export interface PairEvents extends Columns<typeof PAIR_EVENT_COLUMNS> {
  /** Events of the current step: `a[0 … count − 1]`, `b[0 … count − 1]`. */
  count: number;
  /** Events that fit in the columns (grows geometrically). */
  capacity: number;
}

export function createPairEvents(capacity = 64): PairEvents {
  return { count: 0, capacity, ...createColumns(PAIR_EVENT_COLUMNS, capacity) };
}

/** Appends the event (a, b), growing the columns when they are full (no allocation otherwise). */
export function pushPairEvent(l: PairEvents, a: number, b: number): void {
  ensureColumns(PAIR_EVENT_COLUMNS, l, l.count + 1);
  l.a[l.count] = a;
  l.b[l.count] = b;
  l.count++;
}
