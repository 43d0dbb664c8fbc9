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
  /** Store indices of the bodies never reported (default none): the public API resolves the caller's
   * body handles into `excludeScratch` and points this at it. */
  excludeBodies: ArrayLike<number> | undefined;
  /** Reused storage of the resolved indices (grows to the longest list seen). */
  excludeScratch: number[];
}

export function createQueryFilter(): QueryFilter {
  return { group: 0xffffffff, mask: 0xffffffff, includeSensors: false, excludeBodies: undefined, excludeScratch: [] };
}

/** Whether collider `c` of body `body` passes filter `f`. */
export function passesFilter(f: QueryFilter, colliders: ColliderStore, c: number, body: number): boolean {
  if ((colliders.group[c] & f.mask) === 0 || (f.group & colliders.mask[c]) === 0) return false;
  if (!f.includeSensors && colliders.isSensor[c] === 1) return false;
  const ex = f.excludeBodies;
  if (ex !== undefined) for (let i = 0; i < ex.length; i++) if (ex[i] === body) return false;
  return true;
}
