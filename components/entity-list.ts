/**
 * The entities that have one component, as a dense list the engine keeps itself: the step reads it
 * instead of calling bitecs's `query()`, which allocates its terms and its result on every call (the
 * step allocates nothing). The list follows bitecs 0.4's own query of that component, entry for entry:
 * an added entity is appended; a removal is deferred until the list is next committed
 * ({@link commitEntityList}, at the start of a step and before any other read), and then done by moving
 * the last entry into the freed slot, in the order of the removals; an entity added back while its
 * removal is pending keeps its slot. The engine's functions that add or remove the component
 * (`addBody`, `setCollider`, `addCollider`, `removeCollider`, `removeBody`) update it right after their
 * bitecs `addComponent` / `removeEntity` call, as bitecs's add and remove hooks would, without shipping
 * bitecs's observer code to every app. Bodies and colliders are added and removed through those
 * functions only (an app's own bitecs `removeEntity` of a body would also skip its contacts, joints and
 * handle).
 *
 * Allocation: none but the geometric growth of its arrays when an entity id first exceeds them.
 */

import { growInt32, nextCapacity } from './capacity';

export interface EntityList {
  /** Entries in the list after the last commit: `dense[0 … count − 1]`. */
  count: number;
  /** `[≥ count]` the entity ids, in query order. */
  dense: Int32Array;
  /** `[≥ largest id + 1]` the slot of an entity in `dense`, −1 when it is not in the list. */
  slot: Int32Array;
  /** Removals waiting for the next commit: `pending[0 … pendingCount − 1]`. */
  pendingCount: number;
  pending: Int32Array;
  /** `[≥ largest id + 1]` the slot of an entity in `pending`, −1 when none is pending. */
  pendingSlot: Int32Array;
}

export function createEntityList(capacity = 64): EntityList {
  return {
    count: 0,
    dense: new Int32Array(capacity),
    slot: new Int32Array(capacity).fill(-1),
    pendingCount: 0,
    pending: new Int32Array(capacity),
    pendingSlot: new Int32Array(capacity).fill(-1),
  };
}

function fit(l: EntityList, e: number): void {
  if (e < l.slot.length) return;
  const c = nextCapacity(l.slot.length, e + 1), old = l.slot.length;
  l.slot = growInt32(l.slot, c);
  l.slot.fill(-1, old);
  l.pendingSlot = growInt32(l.pendingSlot, c);
  l.pendingSlot.fill(-1, old);
}

/** Entity `e` gained the component. */
export function addToEntityList(l: EntityList, e: number): void {
  fit(l, e);
  const p = l.pendingSlot[e];
  if (p >= 0) {
    // added back before its removal was committed: it keeps its slot
    const last = l.pending[--l.pendingCount];
    if (last !== e) { l.pending[p] = last; l.pendingSlot[last] = p; }
    l.pendingSlot[e] = -1;
    return;
  }
  if (l.slot[e] >= 0) return;
  if (l.count === l.dense.length) l.dense = growInt32(l.dense, 2 * l.dense.length);
  l.slot[e] = l.count;
  l.dense[l.count++] = e;
}

/** Entity `e` lost the component (takes effect at the next commit). */
export function removeFromEntityList(l: EntityList, e: number): void {
  if (e >= l.slot.length || l.slot[e] < 0 || l.pendingSlot[e] >= 0) return;
  if (l.pendingCount === l.pending.length) l.pending = growInt32(l.pending, 2 * l.pending.length);
  l.pendingSlot[e] = l.pendingCount;
  l.pending[l.pendingCount++] = e;
}

/** Applies the pending removals, in their order; returns the list (read `dense[0 … count − 1]`). */
export function commitEntityList(l: EntityList): EntityList {
  for (let i = 0; i < l.pendingCount; i++) {
    const e = l.pending[i], s = l.slot[e], last = l.dense[--l.count];
    if (last !== e) { l.dense[s] = last; l.slot[last] = s; }
    l.slot[e] = -1;
    l.pendingSlot[e] = -1;
  }
  l.pendingCount = 0;
  return l;
}
