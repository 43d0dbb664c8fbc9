/**
 * Stage 1, broadphase: collider world poses, AABB refit and candidate pairs by sweep-and-prune.
 * Reads: collider shapes and local poses, body poses. Writes: `colliders.worldPose`, `colliders.aabb`,
 * `broadphase.pairA/pairB/pairCount` (collider entity ids).
 *
 * The colliders are kept sorted by AABB minimum along one axis (the axis with the largest spread
 * of AABB centres, switched with hysteresis). Because bodies move little between steps, the order
 * of the last step is almost sorted and an insertion sort fixes it in near-linear time (temporal
 * coherence; Baraff 1992, Cohen et al. I-COLLIDE 1995). The sweep then tests each collider against
 * the following ones whose minimum is below its maximum, on the other two axes, and through the
 * collision filter. A pair is reported once, as (lower entity id, higher entity id). The sweep reads
 * the bounds from a copy of the AABBs in sorted order (`sorted`), so its inner loop walks memory
 * in order instead of jumping to each entity's AABB.
 * Pairs of two bodies that cannot move each other are skipped: static, kinematic and sleeping bodies
 * pair only with awake dynamic bodies, except kinematic with sleeping (a moving kinematic body wakes
 * what it touches); so are two colliders of the same body and body pairs joined by a joint that does
 * not collide connected. A sleeping body's colliders are not refitted (it does not move).
 */

import { commitEntityList } from '../../components/entity-list';
import { growUint8, nextCapacity } from '../../components/capacity';
import { createColumns, f64, growColumns, u32, u8, type Columns, type ColumnTable } from '../../components/column-table';
import { MotionType } from '../../components/rigid-body';
import { ShapeKind } from '../../components/collider';
import type { ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';
import { computeAabb } from './compute-aabb';
import { colliderWorldPose } from './collider-pose';
import { pairTableGet, type PairTable } from '../../components/pair-table';

/** The sweep's columns, declared once (creation and growth derive from this table); entry i is sorted
 * position i, `count` of them in use. */
export const SWEEP_COLUMNS = {
  /** `[count]` collider entity ids sorted by AABB minimum on `axis`. */
  order: u32(),
  /** `[count]` the sort keys (AABB minimum on `axis`), parallel to `order`. */
  keys: f64(),
  /** `[6 × count]` the AABBs in sorted order, per collider: minimum and maximum on `axis`, then on the
   * next axis, then on the one after ((axis + 1) % 3, (axis + 2) % 3); rebuilt every step. */
  sorted: f64(6),
  /** `[count]` class of the body of the collider at this sorted position: {@link AWAKE} (dynamic),
   * {@link KINEMATIC}, {@link ASLEEP} (dynamic) or 0 (static). A pair is reported when one side is
   * awake, or one kinematic and the other asleep. */
  sortedDynamic: u8(),
} satisfies ColumnTable;

/** The candidate pairs' columns, declared once; entry k is pair k, `pairCount` of them in use. */
export const PAIR_COLUMNS = {
  /** `[pairCount]` entity ids of the candidate pairs (pairA < pairB). */
  pairA: u32(),
  pairB: u32(),
} satisfies ColumnTable;

export interface BroadphaseState extends Columns<typeof SWEEP_COLUMNS>, Columns<typeof PAIR_COLUMNS> {
  /** Sweep axis: 0 = x, 1 = y, 2 = z. */
  axis: number;
  /** Colliders in the sweep (`order.length` is its capacity). */
  count: number;
  /** `[entity capacity]` 1 when the entity is in `order`. */
  inOrder: Uint8Array;
  /** Candidate pairs this step (`pairA.length` is their capacity). */
  pairCount: number;
  /** Body pairs never reported: joined by a joint that does not collide connected (the world's
   * `joints.excludedPairs`, maintained by `components/joint.ts`); undefined = none. */
  excludedPairs: PairTable | undefined;
}

/** Body classes of `sortedDynamic` (bits; see the sweep). */
const KINEMATIC = 1, ASLEEP = 2, AWAKE = 4;

export function createBroadphase(): BroadphaseState {
  return {
    axis: 0,
    ...createColumns(SWEEP_COLUMNS, 64),
    count: 0,
    inOrder: new Uint8Array(64),
    ...createColumns(PAIR_COLUMNS, 256),
    pairCount: 0,
    excludedPairs: undefined,
  };
}

/** Whether the filters of `a` and `b` let them collide. */
export function shouldCollide(c: ColliderStore, a: number, b: number): boolean {
  return (c.group[a] & c.mask[b]) !== 0 && (c.group[b] & c.mask[a]) !== 0;
}

function pushPair(s: BroadphaseState, a: number, b: number): void {
  if (s.pairCount === s.pairA.length) growColumns(PAIR_COLUMNS, s, 2 * s.pairA.length);
  if (a < b) { s.pairA[s.pairCount] = a; s.pairB[s.pairCount] = b; } else { s.pairA[s.pairCount] = b; s.pairB[s.pairCount] = a; }
  s.pairCount++;
}

/** Refits every AABB (margin in m, swept over dt in s) and rebuilds the candidate pair list. */
export function updateBroadphase(
  s: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore, margin: number, dt: number,
): void {
  const members = commitEntityList(colliders.members), list = members.dense;
  const n = members.count;
  if (s.inOrder.length < colliders.capacity) s.inOrder = growUint8(s.inOrder, colliders.capacity);
  if (s.order.length < n) growColumns(SWEEP_COLUMNS, s, nextCapacity(s.order.length, n));
  for (let i = 0; i < n; i++) {
    const e = list[i];
    if (colliders.shape[e] === ShapeKind.none || bodies.sleeping[colliders.body[e]] === 1) continue;
    colliderWorldPose(colliders, bodies, e, colliders.worldPose, 7 * e);
    computeAabb(colliders, bodies, e, margin, dt);
  }
  // Keep the old order of the colliders still present, append the new ones.
  let m = 0;
  for (let i = 0; i < s.count; i++) {
    const e = s.order[i];
    if (e < colliders.capacity && s.inOrder[e] === 1 && colliders.shape[e] !== ShapeKind.none) {
      s.inOrder[e] = 2; // keep
      s.order[m++] = e;
    } else if (e < s.inOrder.length) {
      s.inOrder[e] = 0;
    }
  }
  for (let i = 0; i < n; i++) {
    const e = list[i];
    if (colliders.shape[e] === ShapeKind.none) continue;
    if (s.inOrder[e] === 2) { s.inOrder[e] = 1; continue; }
    if (s.inOrder[e] === 0) { s.inOrder[e] = 1; s.order[m++] = e; }
  }
  // entities that were kept but not in the query any more were cleared above; reset the keep marks
  for (let i = 0; i < m; i++) s.inOrder[s.order[i]] = 1;
  s.count = m;

  chooseAxis(s, colliders.aabb);
  const ax = s.axis, aabb = colliders.aabb, order = s.order, keys = s.keys;
  for (let i = 0; i < m; i++) keys[i] = aabb[6 * order[i] + ax];
  // insertion sort on the almost-sorted order
  for (let i = 1; i < m; i++) {
    const k = keys[i], e = order[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > k) {
      keys[j + 1] = keys[j];
      order[j + 1] = order[j];
      j--;
    }
    keys[j + 1] = k;
    order[j + 1] = e;
  }

  // the bounds in sorted order, for the sweep
  const a1 = (ax + 1) % 3, a2 = (ax + 2) % 3;
  const motion = bodies.motionType, asleep = bodies.sleeping, box = s.sorted, dyn = s.sortedDynamic;
  for (let i = 0; i < m; i++) {
    const e = order[i], o = 6 * e, oi = 6 * i;
    box[oi] = keys[i]; box[oi + 1] = aabb[o + 3 + ax];
    box[oi + 2] = aabb[o + a1]; box[oi + 3] = aabb[o + 3 + a1];
    box[oi + 4] = aabb[o + a2]; box[oi + 5] = aabb[o + 3 + a2];
    const be = colliders.body[e], mt = motion[be];
    dyn[i] = mt === MotionType.dynamic ? (asleep[be] === 1 ? ASLEEP : AWAKE) : mt === MotionType.kinematic ? KINEMATIC : 0;
  }

  // sweep
  s.pairCount = 0;
  for (let i = 0; i < m; i++) {
    const oi = 6 * i;
    const maxA = box[oi + 1], min1 = box[oi + 2], max1 = box[oi + 3], min2 = box[oi + 4], max2 = box[oi + 5];
    const classA = dyn[i];
    for (let j = i + 1, oj = oi + 6; j < m; j++, oj += 6) {
      if (box[oj] > maxA) break;
      // one branch for the four bound tests (| instead of ||): most candidates fail one of them, and
      // which one is unpredictable
      if ((+(min1 > box[oj + 3]) | +(box[oj + 2] > max1) | +(min2 > box[oj + 5]) | +(box[oj + 4] > max2)) !== 0) continue;
      const classes = classA | dyn[j];
      if ((classes & AWAKE) === 0 && classes !== (KINEMATIC | ASLEEP)) continue;
      const a = order[i], b = order[j];
      if (!shouldCollide(colliders, a, b)) continue;
      const ba = colliders.body[a], bb = colliders.body[b];
      if (ba === bb) continue; // two colliders of one body
      if (s.excludedPairs !== undefined && s.excludedPairs.size > 0 && pairTableGet(s.excludedPairs, ba, bb) >= 0) continue; // joined pair (joints)
      pushPair(s, a, b);
    }
  }
}

/** Picks the sweep axis with the largest variance of (bounded) AABB centres, with 1.5× hysteresis. */
function chooseAxis(s: BroadphaseState, aabb: Float64Array): void {
  let n = 0;
  let sx = 0, sy = 0, sz = 0, sxx = 0, syy = 0, szz = 0;
  for (let i = 0; i < s.count; i++) {
    const o = 6 * s.order[i];
    if (aabb[o] < -1e29) continue;
    const cx = aabb[o] + aabb[o + 3], cy = aabb[o + 1] + aabb[o + 4], cz = aabb[o + 2] + aabb[o + 5];
    sx += cx; sy += cy; sz += cz; sxx += cx * cx; syy += cy * cy; szz += cz * cz;
    n++;
  }
  if (n < 2) return;
  const v0 = sxx - (sx * sx) / n, v1 = syy - (sy * sy) / n, v2 = szz - (sz * sz) / n;
  let best = 0, bestVar = v0;
  if (v1 > bestVar) { best = 1; bestVar = v1; }
  if (v2 > bestVar) { best = 2; bestVar = v2; }
  const current = s.axis === 0 ? v0 : s.axis === 1 ? v1 : v2;
  if (best !== s.axis && bestVar > 1.5 * current) s.axis = best;
}
