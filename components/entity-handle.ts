/**
 * Generational entity handles: the numbers the public API hands out for bodies, colliders and joints.
 *
 * An entity's store index (its bitecs entity id, the row of every SoA store: `position[3 × index]`) is
 * reused as soon as the entity is removed. A handle adds the index's generation, counted up at every
 * removal, so a handle kept from before the removal no longer resolves (the public functions throw
 * `UnknownEntityError`) and can never reach the entity that reuses the index:
 *
 *   handle = generation × 2²² + index,   index = handle & (2²² − 1),   generation ∈ [0, 1024)
 *
 * A handle is a plain non-negative integer below 2³² (it fits the `Uint32Array` event lists). The first
 * entity at an index has generation 0, so its handle IS its store index; only a reused index gives a
 * handle ≥ 2²² — code that reads the stores directly maps a handle with {@link handleIndex} (one AND).
 * The generation wraps after 1024 removals at the same index (then a 1024-times-stale handle would
 * alias; the same trade-off as Box2D v3's 16-bit and Jolt's 8-bit sequence numbers). At most 2²² − 1
 * entities (bodies + colliders + joints) live at once in one world.
 */

import { entityExists, type World } from 'bitecs';

/** Bits of the store index in a handle. */
export const HANDLE_INDEX_BITS = 22;
/** Mask of the store index in a handle. */
export const HANDLE_INDEX_MASK = (1 << HANDLE_INDEX_BITS) - 1;
/** Number of generations before a handle's generation wraps. */
export const HANDLE_GENERATIONS = 1024;
const GENERATION_SCALE = HANDLE_INDEX_MASK + 1;

/** Generation of every store index of a world `[capacity]`. */
export interface HandleTable {
  generation: Uint16Array;
}

export function createHandleTable(capacity = 256): HandleTable {
  return { generation: new Uint16Array(capacity) };
}

/** The store index of a handle (no check: the public functions resolve handles to live entities first). */
export function handleIndex(handle: number): number {
  return handle & HANDLE_INDEX_MASK;
}

/** The handle of the live entity at store `index`. */
export function indexHandle(t: HandleTable, index: number): number {
  return index < t.generation.length ? index + t.generation[index] * GENERATION_SCALE : index;
}

/** The store index of `handle` when it names a live entity of `ecs` (generation included), else −1. */
export function resolveHandle(t: HandleTable, ecs: World, handle: unknown): number {
  if (typeof handle !== 'number' || !Number.isInteger(handle) || handle < 0 || handle >= GENERATION_SCALE * HANDLE_GENERATIONS) return -1;
  const index = handle & HANDLE_INDEX_MASK;
  const generation = (handle - index) / GENERATION_SCALE;
  const current = index < t.generation.length ? t.generation[index] : 0;
  if (generation !== current || !entityExists(ecs, index)) return -1;
  return index;
}

/** Grows the table to hold `index` (called when an entity is added).
 * @throws RangeError when `index` does not fit a handle (more than 2²² − 1 entities in one world). */
export function ensureHandleCapacity(t: HandleTable, index: number): void {
  if (index < t.generation.length) return;
  if (index > HANDLE_INDEX_MASK) throw new RangeError('too many entities (2²² − 1 at most)');
  let n = t.generation.length;
  while (n <= index) n *= 2;
  const g = new Uint16Array(n);
  g.set(t.generation);
  t.generation = g;
}

/** Counts the generation of `index` up: called when its entity is removed, so its handles go stale. */
export function retireIndex(t: HandleTable, index: number): void {
  ensureHandleCapacity(t, index);
  t.generation[index] = (t.generation[index] + 1) % HANDLE_GENERATIONS;
}
