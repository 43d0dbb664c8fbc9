/**
 * Stage 1, broadphase: collider world poses, AABB refit and candidate pairs.
 * Reads: collider shapes and local poses, body poses. Writes: `colliders.worldPose`, `colliders.aabb`,
 * the static tree, `broadphase.pairA/pairB/pairCount` (collider entity ids).
 *
 * Three homes for the colliders:
 * - colliders of static bodies live in a dynamic AABB tree of their own (`dynamic-tree.ts`), whose
 *   leaves almost never move; each collider of an awake dynamic body queries it (a level of 3600 static
 *   boxes under 400 falling spheres: 5.3 ms a step against 18.2 ms with the statics in the sweep);
 * - unbounded colliders (planes) live in a list that every awake dynamic collider meets;
 * - colliders of dynamic and kinematic bodies are kept sorted by AABB minimum along one axis (the axis
 *   with the largest spread of AABB centres, switched with hysteresis) and paired among themselves by
 *   sweep-and-prune. Because bodies move little between steps, the last step's order is almost sorted
 *   and an insertion sort fixes it in near-linear time (temporal coherence; Baraff 1992, Cohen et al.
 *   I-COLLIDE 1995). The sweep tests each collider against the following ones whose minimum is below
 *   its maximum, on the other two axes, reading the bounds from a copy of the AABBs in sorted order.
 *   Measured on the 1000-box pile, this finds the moving pairs 5× faster than querying a dynamic AABB
 *   tree of the moving colliders once per collider (3.6 ms against 18.7 ms a step at load ~18, the
 *   same pairs), so the moving tree (`movingTree`) serves the queries only: it is brought up to date by
 *   the first query after a step (`refitBroadphase` with `forQueries`), never by the step itself.
 * Every collider of an awake body gets its world pose and tight AABB (grown by the contact margin and
 * swept over the step, `compute-aabb.ts`); a tree leaf moves only when the tight AABB leaves its fat
 * AABB (grown by {@link AABB_EXTENSION} in the moving tree). A candidate pair is reported when the two
 * tight AABBs overlap, through the collision filter, unless both colliders are on one body or the
 * bodies are joined by a joint that does not collide connected. Static, kinematic and sleeping bodies
 * pair only with awake dynamic bodies, except kinematic with sleeping (a moving kinematic body wakes
 * what it touches) and a kinematic body with a static or kinematic one when either collider is a
 * sensor (sensors report every overlap, as Havok's triggers). A pair is reported once, as (lower entity id, higher entity id). The pair order
 * depends on the sweep only, never on the trees' shape (static candidates are sorted by id), so
 * queries between steps do not change what the step computes. A sleeping body's colliders are not
 * refitted (it does not move).
 */

import { commitEntityList } from '../../components/entity-list';
import { growInt32, growUint32, growUint8, nextCapacity } from '../../components/capacity';
import { createColumns, f64, growColumns, u32, u8, type Columns, type ColumnTable } from '../../components/column-table';
import { MotionType } from '../../components/rigid-body';
import { ShapeKind } from '../../components/collider';
import type { ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';
import { computeAabb, UNBOUNDED } from './compute-aabb';
import { colliderWorldPose } from './collider-pose';
import { pairTableGet, type PairTable } from '../../components/pair-table';
import {
  createDynamicTree, createTreeHits, treeInsert, treeMove, treeQuery, treeRayCast, treeRemove, type DynamicTree,
  type TreeHits, type TreeRayVisitor,
} from './dynamic-tree';

/** Fat-AABB extension of the moving tree's leaves (unit: m): a body moving less than this since its
 * leaf was placed keeps its leaf (Box2D's `b2_aabbExtension`). Static leaves get none. */
export const AABB_EXTENSION = 0.1;

/** The sweep's columns, declared once (creation and growth derive from this table); entry i is sorted
 * position i, `count` of them in use. */
export const SWEEP_COLUMNS = {
  /** `[count]` collider entity ids sorted by AABB minimum on `axis`. */
  order: u32(),
  /** `[count]` the sort keys (AABB minimum on `axis`), parallel to `order`. */
  keys: f64(),
  /** `[6 × count]` the AABBs in sorted order, per collider: minimum and maximum on `axis`, then on
   * `stripAxis`, then on the third axis; rebuilt every step. */
  sorted: f64(6),
  /** `[count]` class of the body of the collider at this sorted position: {@link AWAKE} (dynamic),
   * {@link KINEMATIC} or {@link ASLEEP} (dynamic). A pair is reported when one side is awake, or one
   * kinematic and the other asleep. */
  sortedDynamic: u8(),
} satisfies ColumnTable;

/** The candidate pairs' columns, declared once; entry k is pair k, `pairCount` of them in use. */
export const PAIR_COLUMNS = {
  /** `[pairCount]` entity ids of the candidate pairs (pairA < pairB). */
  pairA: u32(),
  pairB: u32(),
} satisfies ColumnTable;

/** Where a collider lives (`BroadphaseState.home`). */
export const Home = { none: 0, static: 1, moving: 2, unbounded: 3 } as const;

export interface BroadphaseState extends Columns<typeof SWEEP_COLUMNS>, Columns<typeof PAIR_COLUMNS> {
  /** Sweep axis: 0 = x, 1 = y, 2 = z. */
  axis: number;
  /** Axis of the strips of {@link sweepStrips}: of the two other axes, the one with the larger spread of AABB
   * centres (chosen with the sweep axis, without hysteresis: the pairs and their order do not depend on it). */
  stripAxis: number;
  /** Moving colliders in the sweep (`order.length` is its capacity). */
  count: number;
  /** Colliders of static bodies (kept up to date by every step). */
  staticTree: DynamicTree;
  /** Colliders of dynamic and kinematic bodies, for the queries (kept up to date by the queries). */
  movingTree: DynamicTree;
  /** `[unboundedCount]` colliders with an unbounded AABB (planes): in no tree, met by every query. */
  unbounded: Int32Array;
  unboundedCount: number;
  /** `[entity capacity]` {@link Home} of each collider. */
  home: Uint8Array;
  /** `[entity capacity]` the collider's leaf in the static or moving tree, −1 when in none. */
  proxy: Int32Array;
  /** `[memberCount]` colliders with a home. */
  members: Int32Array;
  memberCount: number;
  /** `[entity capacity]` refit counter value when the collider was last seen alive. */
  seen: Uint32Array;
  /** Refit counter. */
  refits: number;
  /** Scratch of the tree queries. */
  hits: TreeHits;
  /** Candidate pairs this step (`pairA.length` is their capacity). */
  pairCount: number;
  /** Body pairs never reported: joined by a joint that does not collide connected (the world's
   * `joints.excludedPairs`, maintained by `components/joint.ts`); undefined = none. */
  excludedPairs: PairTable | undefined;
  /** Scratch of the strip sweep ({@link sweepStrips}): `[2 × count]` first and last strip of each sorted
   * collider, `[strips + 1]` where each strip's list starts, the lists (sorted positions, ascending), `[strips]`
   * each strip's cursor, and the candidates of one collider. */
  strips: StripScratch;
  /** From this many moving colliders on, the sweep runs over strips ({@link sweepStrips}); default
   * {@link STRIP_MIN_COLLIDERS} (a test sets Infinity to compare with the one-list sweep). */
  stripMinColliders: number;
  /** True when the trees may not match the current poses (set by each step, whose integration follows
   * the broadphase, and by the public calls that move, add or reshape a body): queries refit first. */
  stale: boolean;
}

/** Scratch of {@link sweepStrips}. */
export interface StripScratch {
  range: Int32Array;
  start: Int32Array;
  list: Int32Array;
  cursor: Int32Array;
  candidates: Int32Array;
  /** `[2]` the strips' geometry for the passes of {@link sweepStrips}: the lowest centre (m), strips per metre. */
  geometry: Float64Array;
  /** The number of strips of the current sweep. */
  count: number;
}

/**
 * Below this many moving colliders the sweep runs over one list; from it on over strips of the strips'
 * axis (see {@link sweepStrips}).
 */
const STRIP_MIN_COLLIDERS = 256;
/** Most strips of the strip sweep. */
const MAX_STRIPS = 64;

/** Body classes of `sortedDynamic` (bits; see the sweep). */
const KINEMATIC = 1, ASLEEP = 2, AWAKE = 4;

export function createBroadphase(): BroadphaseState {
  return {
    axis: 0,
    stripAxis: 1,
    ...createColumns(SWEEP_COLUMNS, 64),
    count: 0,
    staticTree: createDynamicTree(),
    movingTree: createDynamicTree(),
    unbounded: new Int32Array(4),
    unboundedCount: 0,
    home: new Uint8Array(64),
    proxy: new Int32Array(64).fill(-1),
    members: new Int32Array(64),
    memberCount: 0,
    seen: new Uint32Array(64),
    refits: 0,
    hits: createTreeHits(),
    ...createColumns(PAIR_COLUMNS, 256),
    pairCount: 0,
    excludedPairs: undefined,
    strips: {
      range: new Int32Array(128), start: new Int32Array(MAX_STRIPS + 1), list: new Int32Array(128),
      cursor: new Int32Array(MAX_STRIPS), candidates: new Int32Array(64), geometry: new Float64Array(2), count: 1,
    },
    stripMinColliders: STRIP_MIN_COLLIDERS,
    stale: true,
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

function ensureEntities(s: BroadphaseState, n: number): void {
  if (s.home.length >= n) return;
  const old = s.proxy.length;
  s.home = growUint8(s.home, n);
  s.proxy = growInt32(s.proxy, n);
  s.proxy.fill(-1, old);
  s.seen = growUint32(s.seen, n);
}

function detach(s: BroadphaseState, e: number): void {
  if (s.proxy[e] >= 0) treeRemove(s.home[e] === Home.static ? s.staticTree : s.movingTree, s.proxy[e]);
  s.home[e] = Home.none;
  s.proxy[e] = -1;
}

/**
 * Brings the colliders' world poses and tight AABBs (margin in m, swept over dt in s; `computeAabb`)
 * up to date for every awake body, and the static tree and the unbounded list with them; with
 * `forQueries` the moving tree too (leaves added, moved, removed). The step runs it as the first half
 * of {@link updateBroadphase}; the queries run it (dt = 0, `forQueries`) when the trees are stale.
 */
export function refitBroadphase(
  s: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore, margin: number, dt: number,
  forQueries: boolean,
): void {
  const members = commitEntityList(colliders.members), list = members.dense;
  const n = members.count;
  ensureEntities(s, colliders.capacity);
  const stamp = ++s.refits;
  const aabb = colliders.aabb;
  // the first pass does nothing, and the second loop is a function of its own: a call that V8 runs in the
  // interpreter up to a loop's first back edge, then into that loop's kept on-stack compiled code, computes no
  // number there (it would be boxed: about 200 B per step, a static collider's AABB test; systems/solve/pgs/README.md
  // "Loops compiled on the stack")
  for (let i = -1; i < n; i++) {
    if (i < 0) continue;
    const e = list[i];
    if (colliders.shape[e] === ShapeKind.none) continue;
    s.seen[e] = stamp;
    const body = colliders.body[e];
    let home = s.home[e];
    if (home === Home.none || bodies.sleeping[body] !== 1) { // a sleeping body does not move
      colliderWorldPose(colliders, bodies, e, colliders.worldPose, 7 * e);
      computeAabb(colliders, bodies, e, margin, dt);
      const want = aabb[6 * e] <= -UNBOUNDED ? Home.unbounded
        : bodies.motionType[body] === MotionType.static ? Home.static : Home.moving;
      if (home !== want) {
        if (home === Home.none) {
          if (s.memberCount === s.members.length) s.members = growInt32(s.members, 2 * s.memberCount);
          s.members[s.memberCount++] = e;
        } else {
          detach(s, e);
        }
        s.home[e] = home = want;
        if (want === Home.static) s.proxy[e] = treeInsert(s.staticTree, e, aabb, 6 * e, 0);
      } else if (home === Home.static) {
        // treeMove's own first test, here: a static collider almost never leaves its leaf, and a call
        // made once or twice per step runs unoptimised for thousands of steps (every number it reads
        // from an array is boxed there: the step would allocate)
        const b = s.staticTree.box, lo = 6 * s.proxy[e], o = 6 * e;
        if (!(b[lo] <= aabb[o] && b[lo + 1] <= aabb[o + 1] && b[lo + 2] <= aabb[o + 2]
          && b[lo + 3] >= aabb[o + 3] && b[lo + 4] >= aabb[o + 4] && b[lo + 5] >= aabb[o + 5])) {
          treeMove(s.staticTree, s.proxy[e], aabb, o, 0);
        }
      }
    }
    if (forQueries && home === Home.moving) {
      if (s.proxy[e] < 0) s.proxy[e] = treeInsert(s.movingTree, e, aabb, 6 * e, AABB_EXTENSION);
      else treeMove(s.movingTree, s.proxy[e], aabb, 6 * e, AABB_EXTENSION);
    }
  }
  dropGone(s, colliders, stamp);
  if (forQueries) s.stale = false;
}

/** For {@link refitBroadphase}: drops the colliders that are gone (not seen at refit `stamp`) and rebuilds the
 * unbounded list. */
function dropGone(s: BroadphaseState, colliders: ColliderStore, stamp: number): void {
  let m = 0;
  s.unboundedCount = 0;
  for (let i = 0; i < s.memberCount; i++) {
    const e = s.members[i];
    if (s.home[e] === Home.none) continue;
    if (s.seen[e] !== stamp || e >= colliders.capacity || colliders.shape[e] === ShapeKind.none) {
      detach(s, e);
      continue;
    }
    s.members[m++] = e;
    if (s.home[e] === Home.unbounded) {
      if (s.unboundedCount === s.unbounded.length) s.unbounded = growInt32(s.unbounded, 2 * s.unboundedCount);
      s.unbounded[s.unboundedCount++] = e;
    }
  }
  s.memberCount = m;
}

/** Refits every AABB (margin in m, swept over dt in s) and rebuilds the candidate pair list. */
export function updateBroadphase(
  s: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore, margin: number, dt: number,
): void {
  refitBroadphase(s, bodies, colliders, margin, dt, false);
  s.stale = true; // the step's integration moves the bodies after this stage
  const members = commitEntityList(colliders.members), list = members.dense;
  const n = members.count;
  if (s.order.length < n) growColumns(SWEEP_COLUMNS, s, nextCapacity(s.order.length, n));
  // Keep the old order of the moving colliders still present, append the new ones (a moving collider
  // in the order has `seen` = refits; marks 2 = kept, cleared below).
  const home = s.home, seen = s.seen, stamp = s.refits;
  let m = 0;
  for (let i = 0; i < s.count; i++) {
    const e = s.order[i];
    if (e < home.length && home[e] === Home.moving && seen[e] === stamp) {
      seen[e] = stamp + 1; // kept (restored below)
      s.order[m++] = e;
    }
  }
  for (let i = 0; i < n; i++) {
    const e = list[i];
    if (home[e] !== Home.moving) continue;
    if (seen[e] === stamp + 1) { seen[e] = stamp; continue; }
    s.order[m++] = e;
  }
  s.count = m;

  chooseAxis(s, colliders.aabb);
  // each pass that computes numbers is a function with one loop whose first pass does nothing (a call that V8
  // runs in the interpreter up to a loop's first back edge, then into that loop's kept on-stack compiled code,
  // computes no number there, which would be boxed: systems/solve/pgs/README.md "Loops compiled on the stack")
  sortKeys(s, colliders.aabb, m);
  sortedBounds(s, bodies, colliders, m);

  // sweep, and the static and unbounded candidates of each awake collider
  s.pairCount = 0;
  if (m >= s.stripMinColliders && sweepStrips(s, colliders, m)) return;
  for (let i = 0; i < m; i++) sweepOne(s, colliders, i, m);
}

/** For {@link updateBroadphase}: the sweep keys of the moving colliders (their AABBs' lower bounds on the sweep
 * axis), and the order sorted by them. */
function sortKeys(s: BroadphaseState, aabb: Float64Array, m: number): void {
  const ax = s.axis, order = s.order, keys = s.keys;
  for (let i = -1; i < m; i++) if (i >= 0) keys[i] = aabb[6 * order[i] + ax];
  insertionSort(s, m);
}

/** Insertion sort of the almost-sorted order by its keys (its first pass, i = 0, does nothing). */
function insertionSort(s: BroadphaseState, m: number): void {
  const order = s.order, keys = s.keys;
  for (let i = 0; i < m; i++) {
    if (i === 0) continue;
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
}

/** For {@link updateBroadphase}: the bounds of the moving colliders in sorted order, for the sweep. */
function sortedBounds(s: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore, m: number): void {
  const ax = s.axis, aabb = colliders.aabb, order = s.order, keys = s.keys;
  const a1 = s.stripAxis, a2 = 3 - ax - a1;
  const motion = bodies.motionType, asleep = bodies.sleeping, box = s.sorted, dyn = s.sortedDynamic;
  for (let i = -1; i < m; i++) {
    if (i < 0) continue;
    const e = order[i], o = 6 * e, oi = 6 * i;
    box[oi] = keys[i]; box[oi + 1] = aabb[o + 3 + ax];
    box[oi + 2] = aabb[o + a1]; box[oi + 3] = aabb[o + 3 + a1];
    box[oi + 4] = aabb[o + a2]; box[oi + 5] = aabb[o + 3 + a2];
    const be = colliders.body[e];
    dyn[i] = motion[be] === MotionType.dynamic ? (asleep[be] === 1 ? ASLEEP : AWAKE) : KINEMATIC;
  }
}

/** The one-list sweep of the collider at sorted position i (of m): its pairs with every following
 * collider whose AABB overlaps, in order, then its static and unbounded candidates. */
function sweepOne(s: BroadphaseState, colliders: ColliderStore, i: number, m: number): void {
  const box = s.sorted, oi = 6 * i;
  const maxA = box[oi + 1], min1 = box[oi + 2], max1 = box[oi + 3], min2 = box[oi + 4], max2 = box[oi + 5];
  const classA = s.sortedDynamic[i];
  for (let j = i + 1, oj = oi + 6; j < m; j++, oj += 6) {
    if (box[oj] > maxA) break;
    // one branch for the four bound tests (| instead of ||): most candidates fail one of them, and
    // which one is unpredictable
    if ((+(min1 > box[oj + 3]) | +(box[oj + 2] > max1) | +(min2 > box[oj + 5]) | +(box[oj + 4] > max2)) !== 0) continue;
    considerPair(s, colliders, classA, i, j);
  }
  staticOf(s, colliders, i);
}

/** The static and unbounded candidates of the collider at sorted position i, when it is awake or kinematic. */
function staticOf(s: BroadphaseState, colliders: ColliderStore, i: number): void {
  const classA = s.sortedDynamic[i];
  if ((s.staticTree.leafCount > 0 || s.unboundedCount > 0) && (classA === AWAKE || classA === KINEMATIC)) {
    staticCandidates(s, colliders, s.order[i], classA === KINEMATIC);
  }
}

/** The sweep's pair between sorted positions i < j whose AABBs overlap: reported unless the body classes,
 * the collision filter, one body or a joint rule it out. */
function considerPair(s: BroadphaseState, colliders: ColliderStore, classA: number, i: number, j: number): void {
  const classes = classA | s.sortedDynamic[j];
  const a = s.order[i], b = s.order[j];
  if ((classes & AWAKE) === 0 && classes !== (KINEMATIC | ASLEEP)
    && !(classes === KINEMATIC && (colliders.isSensor[a] | colliders.isSensor[b]) === 1)) return; // kinematic pairs: sensors only
  if (!shouldCollide(colliders, a, b)) return;
  const ba = colliders.body[a], bb = colliders.body[b];
  if (ba === bb) return; // two colliders of one body
  if (s.excludedPairs !== undefined && s.excludedPairs.size > 0 && pairTableGet(s.excludedPairs, ba, bb) >= 0) return; // joined pair (joints)
  pushPair(s, a, b);
}

/**
 * The sweep over strips of `stripAxis`, for many colliders: the same pairs in the same order as the
 * sweep over one list, without testing each collider against every following one whose minimum on the
 * sweep axis is below its maximum. With one list that is about n · (n w / L) tests (w the AABB width, L
 * the scene's extent along the sweep axis): quadratic in n for a scene that grows in depth or height
 * (a pile of 4000 cubes in a 24 m bin: about 250 tests per collider, 88 % of the broadphase).
 *
 * The range of AABB centres on that axis is cut into K strips about twice the mean AABB width
 * wide (K ≤ {@link MAX_STRIPS}); each collider is listed in every strip its AABB meets, the lists in
 * sorted order. A collider at sorted position i sweeps only the lists of its strips, from its own entry
 * on; a pair meets in every strip both AABBs reach and is taken only in the first of them (the larger of
 * the two first strips). The candidates of i found in its two strips are sorted by position, so that the
 * pairs come in the one-list order (i, then j ascending); a collider over three or more strips (a large
 * one) sweeps the one list instead, as without strips. Returns false, having done nothing,
 * when a bound is not finite (the one-list sweep then runs as before).
 */
function sweepStrips(s: BroadphaseState, colliders: ColliderStore, m: number): boolean {
  // one function per pass that computes numbers, each loop's first pass doing nothing (see updateBroadphase)
  if (!stripGeometry(s, m)) return false;
  const total = stripRanges(s, m);
  stripLists(s, m, total);
  sweepStripLists(s, colliders, m);
  return true;
}

/** For {@link sweepStrips}: the strips' geometry from the centres and the mean width on the strips' axis, into
 * `s.strips.geometry` (lowest centre, strips per metre) and `count`; false when a bound is not finite. */
function stripGeometry(s: BroadphaseState, m: number): boolean {
  const box = s.sorted;
  let lo = Infinity, hi = -Infinity, width = 0;
  for (let i = -1; i < m; i++) {
    if (i < 0) continue;
    const oi = 6 * i, w = box[oi + 3] - box[oi + 2];
    if (!(w >= 0 && w < Infinity) || !(box[oi + 1] - box[oi] >= 0 && box[oi + 1] - box[oi] < Infinity)
      || !(box[oi + 5] - box[oi + 4] >= 0 && box[oi + 5] - box[oi + 4] < Infinity)) return false;
    const c = 0.5 * (box[oi + 2] + box[oi + 3]);
    if (c < lo) lo = c;
    if (c > hi) hi = c;
    width += w;
  }
  width /= m;
  const span = hi - lo;
  let k = width > 0 ? Math.floor(span / (2 * width)) : 1;
  if (!(k >= 1)) k = 1;
  if (k > MAX_STRIPS) k = MAX_STRIPS;
  const g = s.strips.geometry;
  g[0] = lo; g[1] = span > 0 ? k / span : 0;
  s.strips.count = k;
  return true;
}

/** For {@link sweepStrips}: the strips each collider's AABB meets (`range`), and the strips' list lengths
 * (`start[q + 1]`); returns the lists' total length. */
function stripRanges(s: BroadphaseState, m: number): number {
  const box = s.sorted, st = s.strips, g = st.geometry, k = st.count;
  if (st.range.length < 2 * m) st.range = new Int32Array(2 * nextCapacity(st.range.length / 2, m));
  const range = st.range, start = st.start;
  start.fill(0, 0, k + 1);
  let total = 0;
  for (let i = -1; i < m; i++) {
    if (i < 0) continue;
    const oi = 6 * i, lo = g[0], inv = g[1];
    const f0 = (box[oi + 2] - lo) * inv, f1 = (box[oi + 3] - lo) * inv;
    const s0 = f0 <= 0 ? 0 : f0 >= k ? k - 1 : Math.floor(f0);
    const s1 = f1 <= 0 ? 0 : f1 >= k ? k - 1 : Math.floor(f1);
    range[2 * i] = s0; range[2 * i + 1] = s1;
    for (let q = s0; q <= s1; q++) start[q + 1]++;
    total += s1 - s0 + 1;
  }
  return total;
}

/** For {@link sweepStrips}: each strip's list of the colliders it meets, in sorted order (integers only). */
function stripLists(s: BroadphaseState, m: number, total: number): void {
  const st = s.strips, k = st.count, range = st.range, start = st.start, cursor = st.cursor;
  for (let q = 0; q < k; q++) { start[q + 1] += start[q]; cursor[q] = start[q]; }
  if (st.list.length < total) st.list = new Int32Array(nextCapacity(st.list.length, total));
  const list = st.list;
  for (let i = 0; i < m; i++) for (let q = range[2 * i]; q <= range[2 * i + 1]; q++) list[cursor[q]++] = i;
  for (let q = 0; q < k; q++) cursor[q] = start[q];
}

/** For {@link sweepStrips}: the sweep of each collider over the lists of its strips. */
function sweepStripLists(s: BroadphaseState, colliders: ColliderStore, m: number): void {
  const box = s.sorted, dyn = s.sortedDynamic, st = s.strips;
  const range = st.range, start = st.start, cursor = st.cursor, list = st.list;
  // indices masked to 24 bits (fewer than 2^24 colliders): with their ranges known the compiler drops the overflow
  // checks of the index arithmetic
  for (let i = -1; i < m; i++) {
    if (i < 0) continue;
    const oi = 6 * (i & 0xffffff), i2 = 2 * (i & 0xffffff);
    const maxA = box[oi + 1], min1 = box[oi + 2], max1 = box[oi + 3], min2 = box[oi + 4], max2 = box[oi + 5];
    const classA = dyn[i], s0 = range[i2] & 0xffffff, s1 = range[i2 + 1] & 0xffffff;
    let found = 0;
    if (s1 - s0 >= 2) {
      // a collider over three or more strips (a large one): its candidates straight from the one list,
      // in order (merging the lists of many strips would cost more than they save)
      for (let q = s0; q <= s1; q++) ++cursor[q];
      sweepOne(s, colliders, i, m);
      continue;
    }
    for (let q = s0; q <= s1; q++) {
      // i is the next entry of strip q's list: the entries after it follow i in sorted order
      const end = start[q + 1];
      for (let p = ++cursor[q]; p < end; p++) {
        const j = list[p] & 0xffffff, oj = 6 * j;
        if (box[oj] > maxA) break;
        if ((+(min1 > box[oj + 3]) | +(box[oj + 2] > max1) | +(min2 > box[oj + 5]) | +(box[oj + 4] > max2)) !== 0) continue;
        // the pair's first common strip only
        if ((range[2 * j] > s0 ? range[2 * j] : s0) !== q) continue;
        if (found === st.candidates.length) st.candidates = growInt32(st.candidates, 2 * found);
        // insertion into the candidates in ascending position
        const cand = st.candidates;
        let t = found++;
        while (t > 0 && cand[t - 1] > j) { cand[t] = cand[t - 1]; t--; }
        cand[t] = j;
      }
    }
    for (let t = 0; t < found; t++) considerPair(s, colliders, classA, i, st.candidates[t]);
    staticOf(s, colliders, i);
  }
}

function staticCandidates(s: BroadphaseState, colliders: ColliderStore, e: number, sensorsOnly: boolean): void {
  const hits = s.hits, aabb = colliders.aabb;
  hits.count = 0;
  treeQuery(s.staticTree, aabb, 6 * e, hits);
  for (let k = 0; k < s.unboundedCount; k++) {
    if (hits.count === hits.items.length) hits.items = growInt32(hits.items, 2 * hits.count);
    hits.items[hits.count++] = s.unbounded[k];
  }
  const items = hits.items, be = colliders.body[e];
  let kept = 0;
  for (let k = 0; k < hits.count; k++) {
    const c = items[k];
    const bc = colliders.body[c];
    if (bc === be || !shouldCollide(colliders, e, c)) continue;
    if (sensorsOnly && (colliders.isSensor[e] | colliders.isSensor[c]) === 0) continue;
    if (s.excludedPairs !== undefined && s.excludedPairs.size > 0 && pairTableGet(s.excludedPairs, be, bc) >= 0) continue;
    let j = kept++;
    while (j > 0 && items[j - 1] > c) { items[j] = items[j - 1]; j--; }
    items[j] = c;
  }
  for (let k = 0; k < kept; k++) pushPair(s, e, items[k]);
}

/** Picks the sweep axis with the largest variance of AABB centres, with 1.5× hysteresis. */
function chooseAxis(s: BroadphaseState, aabb: Float64Array): void {
  let n = 0;
  let sx = 0, sy = 0, sz = 0, sxx = 0, syy = 0, szz = 0;
  for (let i = 0; i < s.count; i++) {
    const o = 6 * s.order[i];
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
  // the strips across the other axis of larger spread: a pile's strips across its floor, not its height
  // (the 1000-box pile swept along x had its strips along y: 2 of them, and 55 candidates per collider)
  const a1 = (s.axis + 1) % 3, a2 = (s.axis + 2) % 3;
  s.stripAxis = (a2 === 0 ? v0 : a2 === 1 ? v1 : v2) > (a1 === 0 ? v0 : a1 === 1 ? v1 : v2) ? a2 : a1;
}

/**
 * Queries: appends to `hits` every collider whose fat AABB (in the static or the moving tree) overlaps
 * the box `aabb[o..o+5]` (min x y z, max x y z; unit: m, world), and every unbounded collider (planes);
 * returns the number appended. `hits.count` is not reset. The trees must be fitted for queries first
 * (`refitBroadphase` with `forQueries`, which the public queries do when `stale`). Candidates only:
 * the caller tests the shapes (and its filter).
 */
export function broadphaseQueryAabb(s: BroadphaseState, aabb: ArrayLike<number>, o: number, hits: TreeHits): number {
  const start = hits.count;
  treeQuery(s.staticTree, aabb, o, hits);
  treeQuery(s.movingTree, aabb, o, hits);
  for (let k = 0; k < s.unboundedCount; k++) {
    if (hits.count === hits.items.length) hits.items = growInt32(hits.items, 2 * hits.count);
    hits.items[hits.count++] = s.unbounded[k];
  }
  return hits.count - start;
}

/**
 * Queries: visits the colliders whose fat AABB the ray `o + t d`, t ∈ [0, ray[RAY_MAX_T]] reaches
 * (`ray` laid out as `dynamic-tree.ts` `RAY_LENGTH`; unit: m, world; t in units of |d|): the static
 * tree's, the moving tree's (nearest subtree first in each), then the unbounded ones. The visitor
 * lowers `ray[RAY_MAX_T]` to clip the ray (closest-hit casts) or returns false to stop the traversal
 * (`dynamic-tree.ts` `TreeRayVisitor`). Returns false when stopped. The trees must be fitted for
 * queries first, as for {@link broadphaseQueryAabb}.
 */
export function broadphaseRayCast(s: BroadphaseState, ray: Float64Array, visitor: TreeRayVisitor): boolean {
  if (!treeRayCast(s.staticTree, ray, visitor) || !treeRayCast(s.movingTree, ray, visitor)) return false;
  for (let i = 0; i < s.unboundedCount; i++) if (!visitor.visit(s.unbounded[i], ray)) return false;
  return true;
}
