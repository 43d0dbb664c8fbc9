/**
 * Column tables: every SoA store declares its columns once, as a table of {@link ColumnSpec} (element
 * type, stride, extra elements, fill value), from which the store's type ({@link Columns}), its creation
 * ({@link createColumns}) and its growth ({@link growColumns}, {@link ensureColumns}) are derived. A
 * column cannot be declared without being created and grown with the others, so no write lands past
 * the end of a column that a grow forgot (JavaScript drops such writes silently).
 *
 * ```ts
 * const BODY_COLUMNS = {
 *   mass: f64(),          // `[capacity]` (unit: kg); document each column here, on its table entry
 *   position: f64(3),     // `[3 × capacity]` (unit: m, world frame)
 * } satisfies ColumnTable;
 * type BodyStore = Columns<typeof BODY_COLUMNS> & { capacity: number };
 * const s: BodyStore = { capacity: 64, ...createColumns(BODY_COLUMNS, 64) };
 * ensureColumns(BODY_COLUMNS, s, eid + 1); // before writing entity eid
 * ```
 *
 * Column i of a store of capacity c has `stride · c + extra` elements; entry e occupies
 * `[stride · e, stride · (e + 1))`. Growth is geometric (`capacity.ts` `nextCapacity`), keeps the
 * values and the store object's identity, and fills new elements with the column's `fill` value.
 */

import { nextCapacity } from './capacity';

/** The element types a column may have. */
export interface ColumnArrays {
  f64: Float64Array;
  i32: Int32Array;
  u32: Uint32Array;
  u8: Uint8Array;
}
export type ColumnKind = keyof ColumnArrays;

/** One column's declaration. */
export interface ColumnSpec<K extends ColumnKind = ColumnKind> {
  readonly kind: K;
  /** Elements per entry (1 scalar, 3 vector, 4 quaternion, 9 matrix, …). */
  readonly stride: number;
  /** Elements beyond `stride × capacity` (e.g. 1 for a prefix-sum column of `capacity + 1` offsets). */
  readonly extra: number;
  /** Value of new elements (default 0). */
  readonly fill: number;
}

/** A store's column declarations, by column name. */
export type ColumnTable = Readonly<Record<string, ColumnSpec>>;

/** The typed-array columns a table declares (the store's column fields). */
export type Columns<T extends ColumnTable> = { -readonly [K in keyof T]: ColumnArrays[T[K]['kind']] };

type Options = { extra?: number; fill?: number };
const spec = <K extends ColumnKind>(kind: K, stride: number, o: Options): ColumnSpec<K> =>
  ({ kind, stride, extra: o.extra ?? 0, fill: o.fill ?? 0 });

/** A Float64 column of `stride` elements per entry. */
export const f64 = (stride = 1, o: Options = {}): ColumnSpec<'f64'> => spec('f64', stride, o);
/** An Int32 column of `stride` elements per entry. */
export const i32 = (stride = 1, o: Options = {}): ColumnSpec<'i32'> => spec('i32', stride, o);
/** A Uint32 column of `stride` elements per entry. */
export const u32 = (stride = 1, o: Options = {}): ColumnSpec<'u32'> => spec('u32', stride, o);
/** A Uint8 column of `stride` elements per entry. */
export const u8 = (stride = 1, o: Options = {}): ColumnSpec<'u8'> => spec('u8', stride, o);

function allocate(s: ColumnSpec, length: number): ColumnArrays[ColumnKind] {
  switch (s.kind) {
    case 'f64': return new Float64Array(length);
    case 'i32': return new Int32Array(length);
    case 'u32': return new Uint32Array(length);
    case 'u8': return new Uint8Array(length);
  }
}

/** The length of column `s` at capacity `capacity`. */
export function columnLength(s: ColumnSpec, capacity: number): number {
  return s.stride * capacity + s.extra;
}

/** New columns for `capacity` entries (each filled with its `fill` value). */
export function createColumns<T extends ColumnTable>(table: T, capacity: number): Columns<T> {
  const out: Record<string, ColumnArrays[ColumnKind]> = {};
  for (const name of Object.keys(table)) {
    const s = table[name];
    const a = allocate(s, columnLength(s, capacity));
    if (s.fill !== 0) a.fill(s.fill);
    out[name] = a;
  }
  return out as Columns<T>;
}

/**
 * Replaces every column of `store` by one sized for `capacity` entries (≥ the current one), keeping
 * the values and filling the new elements with the column's `fill` value. The store object is kept.
 */
export function growColumns<T extends ColumnTable>(table: T, store: Columns<T>, capacity: number): void {
  const cols = store as Record<string, ColumnArrays[ColumnKind]>;
  for (const name of Object.keys(table)) {
    const s = table[name];
    const old = cols[name];
    const a = allocate(s, columnLength(s, capacity));
    a.set(old);
    if (s.fill !== 0) a.fill(s.fill, old.length);
    cols[name] = a;
  }
}

/**
 * Makes room for `needed` entries: when `store.capacity < needed`, grows every column geometrically
 * and updates `store.capacity`. Returns true when it grew (column arrays were replaced: hold the store,
 * not a column, across a call that may grow it).
 */
export function ensureColumns<T extends ColumnTable>(
  table: T, store: Columns<T> & { capacity: number }, needed: number,
): boolean {
  if (needed <= store.capacity) return false;
  const c = nextCapacity(store.capacity, needed);
  growColumns(table, store, c);
  store.capacity = c;
  return true;
}

/** Copies entry `from` to entry `to` in every column (e.g. to fill a hole when removing by swap). */
export function copyEntry<T extends ColumnTable>(table: T, store: Columns<T>, from: number, to: number): void {
  const cols = store as Record<string, ColumnArrays[ColumnKind]>;
  // for … in, not Object.keys: this runs inside the step (a manifold removed by swap), where the key
  // array Object.keys builds would be an allocation; the tables are plain objects without inherited keys
  for (const name in table) {
    const k = table[name].stride;
    cols[name].copyWithin(k * to, k * from, k * (from + 1));
  }
}
