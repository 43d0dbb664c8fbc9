/**
 * Queries: which colliders a query may report.
 *
 * A collider passes when its group bits meet the query's mask, the query's group bits meet its mask
 * (the same two-sided rule as collider pairs, `systems/broadphase/broadphase.ts` `shouldCollide`),
 * its body is not excluded, and it is not a sensor unless sensors are included.
 */

import type { ColliderStore } from '../../components/collider';

/** A resolved query filter (the public API fills one kept on the world, so a query allocates nothing). */
export interface QueryFilter {
  /** What the query is, as collision group bits (default 0xFFFFFFFF: every collider's mask lets it in). */
  group: number;
  /** Which collider groups the query reports (default 0xFFFFFFFF: all). */
  mask: number;
  /** Whether sensors are reported (default false, as Babylon's `shouldHitTriggers`). */
  includeSensors: boolean;
  /** Store indices of the bodies never reported, `excluded[0..excludeCount)` (the public API resolves
   * the caller's body handles into it; −1 for a handle that is no longer a body excludes nothing). */
  excluded: Int32Array;
  /** How many entries of `excluded` are in use (default 0: no body excluded). */
  excludeCount: number;
}

export function createQueryFilter(): QueryFilter {
  return { group: 0xffffffff, mask: 0xffffffff, includeSensors: false, excluded: new Int32Array(4), excludeCount: 0 };
}

/** `f.excluded` with room for `n` entries (grown, allocating, only when `n` is more than ever before). */
export function reserveExcluded(f: QueryFilter, n: number): Int32Array {
  if (n > f.excluded.length) f.excluded = new Int32Array(Math.max(n, 2 * f.excluded.length));
  return f.excluded;
}

/** Whether collider `c` of body `body` passes filter `f`. */
export function passesFilter(f: QueryFilter, colliders: ColliderStore, c: number, body: number): boolean {
  if ((colliders.group[c] & f.mask) === 0 || (f.group & colliders.mask[c]) === 0) return false;
  if (!f.includeSensors && colliders.isSensor[c] === 1) return false;
  const ex = f.excluded;
  for (let i = 0; i < f.excludeCount; i++) if (ex[i] === body) return false;
  return true;
}
