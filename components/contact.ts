/**
 * Contact store: pooled SoA manifolds keyed by collider pair. Contacts churn every step, so they are not
 * entities (the design's data model). A manifold holds up to {@link MAX_MANIFOLD_POINTS} points that
 * share one normal (or, against the triangles of a curved mesh, have one each: `pointNormals`); each
 * point carries a feature id so its impulses warm-start the next step.
 *
 * Manifold slots are dense (`0..count-1`); removing one moves the last slot into its place.
 * Points are `[MAX_MANIFOLD_POINTS × capacity]`; point k of manifold m is at index `4m + k`
 * (vectors at `3 (4m + k)`).
 *
 * Begin / end events are appended during the narrowphase and are valid until the next step: read
 * them after `stepWorld` from `begin.a/begin.b` (`begin.count` pairs) and `end.a/end.b` (`end.count` pairs):
 * collider entity ids (`colliders.body[c]` is the body; the collider `addBody` made has the body's id).
 *
 * Every id in this store (events, `colliderA/B`, `bodyA/B`) is a STORE INDEX, not a public handle: the
 * two are equal for an entity whose index was never reused; otherwise `entityHandle(world, i)` (public
 * API) gives the handle that `addBody` / `addCollider` returned, and `handleIndex(h)` the index of a
 * handle (`components/entity-handle.ts`). The index of an end event of a removed collider is that of the
 * removed one (it may already be reused).
 */

import { createPairEvents, pushPairEvent, type PairEvents } from './pair-events';
import { copyEntry, createColumns, ensureColumns, f64, u32, u8, type Columns, type ColumnTable } from './column-table';
import { createPairTable, pairTableDelete, pairTableGet, pairTableSet, type PairTable } from './pair-table';

export const MAX_MANIFOLD_POINTS = 4;

/** The manifold columns, declared once: the store's column fields, creation, growth and slot moves
 * derive from this table. Entry m is manifold slot m; per-point columns have a stride of
 * {@link MAX_MANIFOLD_POINTS} points. */

/**
 * Tangential slip speed (unit: m/s) below which a contact point counts as sticking at the start of a
 * step and takes the pair's static friction μ_s; faster points take the kinetic μ_d (the two-coefficient
 * Coulomb law: a body at rest holds until the load exceeds μ_s N, a sliding one feels μ_d N). Chosen
 * well below any visible slip and well above the drift of a resting soft contact.
 */
export const STICK_SPEED = 0.01;

export const CONTACT_COLUMNS = {
  /** `[capacity]` entity id of collider A (the normal points from A to B); manifolds are keyed by the
   * collider pair. */
  colliderA: u32(),
  /** `[capacity]` entity id of collider B. */
  colliderB: u32(),
  /** `[capacity]` entity id of the body of collider A (the solver's body A). */
  bodyA: u32(),
  /** `[capacity]` entity id of the body of collider B. */
  bodyB: u32(),
  /** `[capacity]` number of points (0 when the shapes are apart by more than the contact margin). */
  pointCount: u8(),
  /** `[capacity]` 1 when the manifold has at least one point within the contact margin (separation ≤ the
   * world's `contactMargin`, 0.02 m by default; speculative points beyond it do not count): begin / end
   * events follow this flag. */
  touching: u8(),
  /** `[capacity]` consecutive steps the manifold has been calm in the fast solver (every touching point
   * loaded, normal speeds ≤ 0.1 m/s; saturates at 255): manifolds calm for 2 steps or more keep their
   * normal rows one after the other (`systems/solve/pgs/contact-solve.ts`). */
  calmSteps: u8(),
  /** `[capacity]` the fast solver's rest load λ̄ of each point of the manifold (unit: N·s per substep;
   * `systems/solve/pgs/rest-load.ts`): 0.9 of the mean load a support carried when its bodies came to
   * rest on each other, released when the load drops, never grown. Its soft rows leak only the impulse
   * above it, so a stack built touching rests at a tenth of the soft contact's static compression. */
  restLoad: f64(),
  /** `[capacity]` 1 when either collider is a sensor: events only, no rows. */
  sensor: u8(),
  /** `[capacity]` step stamp of the last narrowphase that saw this pair (stale manifolds are removed). */
  stamp: u32(),
  /** `[3 × capacity]` unit normal from A to B (world frame): every point's, unless `pointNormals` is set. */
  normal: f64(3),
  /** `[capacity]` 1 when the points have normals of their own (`pointNormal`): a body on the triangles
   * of a curved mesh, each point with its triangle's normal; 0 when they share `normal`. */
  pointNormals: u8(),
  /** `[3 × 4 × capacity]` unit normal of each point from A to B (world frame), valid where
   * `pointNormals` is 1 (`normal` is then the deepest point's). */
  pointNormal: f64(3 * MAX_MANIFOLD_POINTS),
  /** `[capacity]` combined friction μ_d (kinetic; by the pair's combine rule, default geometric mean). */
  friction: f64(),
  /** `[capacity]` combined static friction μ_s (same combine rule as `friction`). */
  staticFriction: f64(),
  /** `[capacity]` combined restitution e (maximum of the two colliders). */
  restitution: f64(),
  /** `[capacity]` combined PLUS capture velocity (unit: m/s): maximum of the two colliders. */
  captureVelocity: f64(),
  /** `[capacity]` combined PLUS plastic velocity (unit: m/s) and `minRestitution` e_min: both taken from
   * the collider with the lower e_min (ties: the larger v_plastic). See systems/solve/plus/README.md. */
  plasticVelocity: f64(),
  /** `[capacity]` combined PLUS minimum COR e_min (see `plasticVelocity`). */
  minRestitution: f64(),
  /** `[3 × 4 × capacity]` contact point (unit: m, world frame), midway between the two surfaces. */
  point: f64(3 * MAX_MANIFOLD_POINTS),
  /** `[3 × 4 × capacity]` contact point in A's body frame (unit: m), for matching points between steps. */
  localPoint: f64(3 * MAX_MANIFOLD_POINTS),
  /** `[4 × capacity]` signed separation along the normal (unit: m; negative = penetration). */
  separation: f64(MAX_MANIFOLD_POINTS),
  /** `[4 × capacity]` feature id: which features of the two shapes made the point. */
  featureId: u32(MAX_MANIFOLD_POINTS),
  /** `[4 × capacity]` accumulated normal impulse (unit: N·s) the solver left for the warm start: the
   * accurate mode's whole step; the fast mode's last substep (h / substeps), so force ≈ impulse × substeps / h
   * (less an impact taken in that substep alone between two dynamic bodies: `systems/solve/pgs/sustained-impulse.ts`). */
  normalImpulse: f64(MAX_MANIFOLD_POINTS),
  /** `[2 × 4 × capacity]` accumulated friction impulse along the two tangents (unit: N·s). */
  tangentImpulse: f64(2 * MAX_MANIFOLD_POINTS),
  /** `[4 × capacity]` 1 while the point carries a friction anchor (set by the accurate solver for a point
   * that sticks; see `anchorA`). The fast solver never sets it. */
  anchored: u8(MAX_MANIFOLD_POINTS),
  /** `[3 × 4 × capacity]` friction anchor on A (unit: m, A's body frame, from its centre of mass): the
   * material point of A that was at the contact point when the point began to stick. With `anchorB` it
   * measures how far the two bodies' material points have drifted apart along the tangent plane while
   * the point sticks (`systems/solve/lcp/README.md`, "Friction rows that hold position"). */
  anchorA: f64(3 * MAX_MANIFOLD_POINTS),
  /** `[3 × 4 × capacity]` friction anchor on B (unit: m, B's body frame, from its centre of mass). */
  anchorB: f64(3 * MAX_MANIFOLD_POINTS),
  /** `[capacity]` what the narrowphase kept to refresh this manifold instead of making it again while the
   * pair's relative pose barely changes (`systems/narrowphase/manifold-reuse.ts`): 0 nothing, 1 the
   * normal is carried by A's shape, 2 by B's. */
  reuse: u8(),
  /** `[capacity]` a box–box pair found apart by the narrowphase: 1 + the axis of the separating-axis test
   * along which it was apart (`boxesApartOn` of `systems/narrowphase/collide-box-box.ts`), tried first at
   * the next step; 0 otherwise. Written by the narrowphase for every manifold it acquires or updates. */
  apart: u8(),
  /** `[8 × capacity]` the pose of B's collider in A's collider frame when the manifold was made
   * (translation (unit: m) at 0..2, quaternion x y z w at 3..6) and the collide margin it was made with
   * (unit: m) at 7. Valid where `reuse` ≠ 0. */
  reusePose: f64(8),
  /** `[3 × capacity]` the unit normal in the frame of the shape that carries it (`reuse`). */
  reuseNormal: f64(3),
  /** `[6 × 4 × capacity]` each point as the point on A's surface (A's collider frame, unit: m) at 0..2
   * and on B's surface (B's collider frame) at 3..5. */
  reusePoints: f64(6 * MAX_MANIFOLD_POINTS),
} satisfies ColumnTable;

export interface ContactStore extends Columns<typeof CONTACT_COLUMNS> {
  /** Number of live manifolds (pairs whose AABBs overlap and whose shapes were tested). */
  count: number;
  /** Manifold slots that fit in every column. */
  capacity: number;
  /** Unordered collider pair → manifold slot. */
  slotOfPair: PairTable;
  /** The pairs that began touching during the last step (`begin.a[k]`, `begin.b[k]`, k < `begin.count`). */
  begin: PairEvents;
  /** The pairs that stopped touching during the last step (or lost a collider). */
  end: PairEvents;
}

export function createContactStore(capacity = 256): ContactStore {
  return {
    count: 0,
    capacity,
    ...createColumns(CONTACT_COLUMNS, capacity),
    slotOfPair: createPairTable(2 * capacity),
    begin: createPairEvents(),
    end: createPairEvents(),
  };
}

function ensureManifoldCapacity(s: ContactStore, n: number): void {
  ensureColumns(CONTACT_COLUMNS, s, n);
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
  s.restLoad[m] = 0;
  s.sensor[m] = 0;
  s.reuse[m] = 0;
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
  copyEntry(CONTACT_COLUMNS, s, from, to);
  pairTableSet(s.slotOfPair, s.colliderA[to], s.colliderB[to], to);
}

/** Appends a begin-touch event (A, B). */
export function pushBeginEvent(s: ContactStore, a: number, b: number): void {
  pushPairEvent(s.begin, a, b);
}

/** Appends an end-touch event (A, B). */
export function pushEndEvent(s: ContactStore, a: number, b: number): void {
  pushPairEvent(s.end, a, b);
}
