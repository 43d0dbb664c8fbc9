/**
 * Contact store: pooled SoA manifolds keyed by collider pair. Contacts churn every step, so they are not
 * entities (the design's data model). A manifold holds up to {@link MAX_MANIFOLD_POINTS} points that
 * share one normal; each point carries a feature id so its impulses warm-start the next step.
 *
 * Manifold slots are dense (`0..count-1`); removing one moves the last slot into its place.
 * Points are `[MAX_MANIFOLD_POINTS × capacity]`; point k of manifold m is at index `4m + k`
 * (vectors at `3 (4m + k)`).
 *
 * Begin / end events are appended during the narrowphase and are valid until the next step: read
 * them after `stepWorld` from `beginA/beginB` (`beginCount` pairs) and `endA/endB` (`endCount` pairs):
 * collider entity ids (`colliders.body[c]` is the body; the collider `addBody` made has the body's id).
 */

import { growFloat64, growUint32, growUint8, nextCapacity } from './capacity';
import { createPairTable, pairTableDelete, pairTableGet, pairTableSet, type PairTable } from './pair-table';

export const MAX_MANIFOLD_POINTS = 4;

export interface ContactStore {
  /** Number of live manifolds (pairs whose AABBs overlap and whose shapes were tested). */
  count: number;
  capacity: number;
  /** `[capacity]` entity id of collider A (the normal points from A to B); manifolds are keyed by the
   * collider pair. */
  colliderA: Uint32Array;
  /** `[capacity]` entity id of collider B. */
  colliderB: Uint32Array;
  /** `[capacity]` entity id of the body of collider A (the solver's body A). */
  bodyA: Uint32Array;
  /** `[capacity]` entity id of the body of collider B. */
  bodyB: Uint32Array;
  /** `[capacity]` number of points (0 when the shapes are apart by more than the contact margin). */
  pointCount: Uint8Array;
  /** `[capacity]` 1 when the manifold has at least one point within the contact margin (separation ≤ the
   * world's `contactMargin`, 0.02 m by default; speculative points beyond it do not count): begin / end
   * events follow this flag. */
  touching: Uint8Array;
  /** `[capacity]` consecutive steps the manifold has been calm in the fast solver (every touching point
   * loaded, normal speeds ≤ 0.1 m/s; saturates at 255): manifolds calm for 2 steps or more keep their
   * normal rows one after the other (`systems/solve/pgs/contact-solve.ts`). */
  calmSteps: Uint8Array;
  /** `[capacity]` 1 when either collider is a sensor: events only, no rows. */
  sensor: Uint8Array;
  /** `[capacity]` step stamp of the last narrowphase that saw this pair (stale manifolds are removed). */
  stamp: Uint32Array;
  /** `[3 × capacity]` unit normal from A to B (world frame). */
  normal: Float64Array;
  /** `[capacity]` combined friction μ (geometric mean of the two colliders). */
  friction: Float64Array;
  /** `[capacity]` combined restitution e (maximum of the two colliders). */
  restitution: Float64Array;
  /** `[capacity]` combined PLUS capture velocity (unit: m/s): maximum of the two colliders. */
  captureVelocity: Float64Array;
  /** `[capacity]` combined PLUS plastic velocity (unit: m/s) and `minRestitution` e_min: both taken from
   * the collider with the lower e_min (ties: the larger v_plastic). See systems/solve/plus/README.md. */
  plasticVelocity: Float64Array;
  minRestitution: Float64Array;
  /** `[3 × 4 × capacity]` contact point (unit: m, world frame), midway between the two surfaces. */
  point: Float64Array;
  /** `[3 × 4 × capacity]` contact point in A's body frame (unit: m), for matching points between steps. */
  localPoint: Float64Array;
  /** `[4 × capacity]` signed separation along the normal (unit: m; negative = penetration). */
  separation: Float64Array;
  /** `[4 × capacity]` feature id: which features of the two shapes made the point. */
  featureId: Uint32Array;
  /** `[4 × capacity]` accumulated normal impulse (unit: N·s) the solver left for the warm start: the
   * accurate mode's whole step; the fast mode's last substep (h / substeps), so force ≈ impulse × substeps / h. */
  normalImpulse: Float64Array;
  /** `[2 × 4 × capacity]` accumulated friction impulse along the two tangents (unit: N·s). */
  tangentImpulse: Float64Array;
  /** Unordered collider pair → manifold slot. */
  slotOfPair: PairTable;
  beginCount: number;
  beginA: Uint32Array;
  beginB: Uint32Array;
  endCount: number;
  endA: Uint32Array;
  endB: Uint32Array;
}

export function createContactStore(capacity = 256): ContactStore {
  const c = capacity;
  const p = MAX_MANIFOLD_POINTS * c;
  return {
    count: 0,
    capacity: c,
    colliderA: new Uint32Array(c),
    colliderB: new Uint32Array(c),
    bodyA: new Uint32Array(c),
    bodyB: new Uint32Array(c),
    pointCount: new Uint8Array(c),
    touching: new Uint8Array(c),
    calmSteps: new Uint8Array(c),
    sensor: new Uint8Array(c),
    stamp: new Uint32Array(c),
    normal: new Float64Array(3 * c),
    friction: new Float64Array(c),
    restitution: new Float64Array(c),
    captureVelocity: new Float64Array(c),
    plasticVelocity: new Float64Array(c),
    minRestitution: new Float64Array(c),
    point: new Float64Array(3 * p),
    localPoint: new Float64Array(3 * p),
    separation: new Float64Array(p),
    featureId: new Uint32Array(p),
    normalImpulse: new Float64Array(p),
    tangentImpulse: new Float64Array(2 * p),
    slotOfPair: createPairTable(2 * c),
    beginCount: 0,
    beginA: new Uint32Array(64),
    beginB: new Uint32Array(64),
    endCount: 0,
    endA: new Uint32Array(64),
    endB: new Uint32Array(64),
  };
}

function ensureManifoldCapacity(s: ContactStore, n: number): void {
  if (n <= s.capacity) return;
  const c = nextCapacity(s.capacity, n);
  const p = MAX_MANIFOLD_POINTS * c;
  s.colliderA = growUint32(s.colliderA, c);
  s.colliderB = growUint32(s.colliderB, c);
  s.bodyA = growUint32(s.bodyA, c);
  s.bodyB = growUint32(s.bodyB, c);
  s.pointCount = growUint8(s.pointCount, c);
  s.touching = growUint8(s.touching, c);
  s.calmSteps = growUint8(s.calmSteps, c);
  s.sensor = growUint8(s.sensor, c);
  s.stamp = growUint32(s.stamp, c);
  s.normal = growFloat64(s.normal, 3 * c);
  s.friction = growFloat64(s.friction, c);
  s.restitution = growFloat64(s.restitution, c);
  s.captureVelocity = growFloat64(s.captureVelocity, c);
  s.plasticVelocity = growFloat64(s.plasticVelocity, c);
  s.minRestitution = growFloat64(s.minRestitution, c);
  s.point = growFloat64(s.point, 3 * p);
  s.localPoint = growFloat64(s.localPoint, 3 * p);
  s.separation = growFloat64(s.separation, p);
  s.featureId = growUint32(s.featureId, p);
  s.normalImpulse = growFloat64(s.normalImpulse, p);
  s.tangentImpulse = growFloat64(s.tangentImpulse, 2 * p);
  s.capacity = c;
}

/** Returns the slot of the collider pair (a, b), creating an empty manifold (A = a, B = b, of the
 * bodies `bodyA`, `bodyB`: by default the colliders' own ids) if there is none. */
export function acquireManifold(s: ContactStore, a: number, b: number, bodyA = a, bodyB = b): number {
  const found = pairTableGet(s.slotOfPair, a, b);
  if (found >= 0) return found;
  const m = s.count;
  ensureManifoldCapacity(s, m + 1);
  s.count = m + 1;
  pairTableSet(s.slotOfPair, a, b, m);
  s.colliderA[m] = a;
  s.colliderB[m] = b;
  s.bodyA[m] = bodyA;
  s.bodyB[m] = bodyB;
  s.pointCount[m] = 0;
  s.touching[m] = 0;
  s.calmSteps[m] = 0;
  s.sensor[m] = 0;
  return m;
}

/** Removes manifold slot `m`, moving the last slot into its place. */
export function releaseManifold(s: ContactStore, m: number): void {
  const last = s.count - 1;
  pairTableDelete(s.slotOfPair, s.colliderA[m], s.colliderB[m]);
  if (m !== last) copyManifold(s, last, m);
  s.count = last;
}

function copyManifold(s: ContactStore, from: number, to: number): void {
  s.colliderA[to] = s.colliderA[from];
  s.colliderB[to] = s.colliderB[from];
  s.bodyA[to] = s.bodyA[from];
  s.bodyB[to] = s.bodyB[from];
  s.pointCount[to] = s.pointCount[from];
  s.touching[to] = s.touching[from];
  s.calmSteps[to] = s.calmSteps[from];
  s.sensor[to] = s.sensor[from];
  s.stamp[to] = s.stamp[from];
  s.friction[to] = s.friction[from];
  s.restitution[to] = s.restitution[from];
  s.captureVelocity[to] = s.captureVelocity[from];
  s.plasticVelocity[to] = s.plasticVelocity[from];
  s.minRestitution[to] = s.minRestitution[from];
  pairTableSet(s.slotOfPair, s.colliderA[to], s.colliderB[to], to);
  s.normal.copyWithin(3 * to, 3 * from, 3 * from + 3);
  const P = MAX_MANIFOLD_POINTS;
  s.point.copyWithin(3 * P * to, 3 * P * from, 3 * P * (from + 1));
  s.localPoint.copyWithin(3 * P * to, 3 * P * from, 3 * P * (from + 1));
  s.separation.copyWithin(P * to, P * from, P * (from + 1));
  s.featureId.copyWithin(P * to, P * from, P * (from + 1));
  s.normalImpulse.copyWithin(P * to, P * from, P * (from + 1));
  s.tangentImpulse.copyWithin(2 * P * to, 2 * P * from, 2 * P * (from + 1));
}

/** Appends a begin-touch event (A, B). */
export function pushBeginEvent(s: ContactStore, a: number, b: number): void {
  if (s.beginCount === s.beginA.length) {
    s.beginA = growUint32(s.beginA, 2 * s.beginA.length);
    s.beginB = growUint32(s.beginB, 2 * s.beginB.length);
  }
  s.beginA[s.beginCount] = a;
  s.beginB[s.beginCount] = b;
  s.beginCount++;
}

/** Appends an end-touch event (A, B). */
export function pushEndEvent(s: ContactStore, a: number, b: number): void {
  if (s.endCount === s.endA.length) {
    s.endA = growUint32(s.endA, 2 * s.endA.length);
    s.endB = growUint32(s.endB, 2 * s.endB.length);
  }
  s.endA[s.endCount] = a;
  s.endB[s.endCount] = b;
  s.endCount++;
}
