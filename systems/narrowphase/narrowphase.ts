/**
 * Stage 2, narrowphase: contact manifolds for the broadphase's candidate collider pairs.
 * Reads: candidate pairs, collider shapes and world poses, body velocities, the contact store of the
 * last step.
 * Writes: the contact store (manifolds, feature-matched warm-start impulses, touching flags) and the
 * begin / end events of this step.
 *
 * For each pair the shapes are ordered by kind (sphere < box < capsule < plane, ties by entity id),
 * the collide function for that kind pair writes a manifold, and each new point takes the impulses of
 * the old point with the same feature id (warm starting; Box2D `b2UpdateContact`), or failing that
 * the nearest unmatched old point within 2 cm in A's frame. A box–box pair found apart keeps the axis of
 * the separating-axis test along which it was apart (the contact store's `apart`); at the next step that
 * axis is tried first, with the test's own arithmetic (`boxesApartOn`), and a pair still apart along it
 * keeps its empty manifold without running the test (temporal coherence; the results are those of the
 * full test). The collide margin is the contact margin
 * plus how far the shapes can approach during the step (speculative contacts, so fast bodies do not
 * tunnel); a manifold is touching while one of its points is within the contact margin. Manifolds of pairs the broadphase no
 * longer reports are removed, with an end event if they were touching, except the manifolds between
 * two bodies that do not move (sleeping with sleeping or static): the broadphase does not pair those,
 * and they are kept as they were (`systems/islands/islands.ts`).
 *
 * Order of work (the results are those of taking the pairs in the broadphase's order): the manifold
 * slots and per-body data first, for all pairs; then the pairs that have a manifold, in slot order,
 * and the new pairs, in pair order; then the begin / end events, in pair order.
 */

import { ShapeKind, type ColliderStore } from '../../components/collider';
import { MotionType, type RigidBodyStore } from '../../components/rigid-body';
import {
  acquireManifold, MAX_MANIFOLD_POINTS, pushBeginEvent, pushEndEvent, releaseManifold, type ContactStore,
} from '../../components/contact';
import type { BroadphaseState } from '../broadphase/broadphase';
import {
  createCollideContext, createManifoldOut, POSED_WITH_AXES, type CollideContext, type ManifoldOut, type PosedShape,
} from './manifold';
import { getShapeRoutines } from '../shapes/shape-registry';
import { getCollideFn } from './collide-table';
import { quatToMat3 } from '../../math/quat';
import { nextCapacity } from '../../components/capacity';
import { pairTableGet } from '../../components/pair-table';
import { combineFriction, combineRestitution } from './material-combine';
import { refreshManifold, storeReuse } from './manifold-reuse';
import { boxBoxNormalOnB, boxesApartOn } from './collide-box-box';

// Touch events of a pair in one step (`writeManifold`): NO_EVENT = 0, BEGIN_EVENT = 1, END_EVENT = 2, and
// MAX_MANIFOLD_POINTS = 4, POSED_WITH_AXES = 19, POSED_AXES = 10, written as numbers in the per-pair code (V8 loads
// a module-level constant at every use in a function it optimises normally: `systems/solve/pgs/contact-solve.ts`).

/** Largest distance (unit: m, in A's frame) at which a point with a new feature id still inherits
 * the impulses of an old point (Jolt matches contact points by position the same way). */
const MATCH_DISTANCE = 0.02;

export interface NarrowphaseState {
  /** Increases every step; manifolds not stamped with the current value are stale. */
  stamp: number;
  /** Per-collider data computed once per step, for the bodies of the candidate pairs (`cacheBody`). */
  bodyCache: BodyCache;
  /** Scratch `[≥ pair count]`: the manifold slot of each candidate pair at the start of the step, −1 = none. */
  slots: Int32Array;
  /** Scratch `[≥ manifold count]`: the candidate pair of each manifold slot, −1 = none this step. */
  pairOfSlot: Int32Array;
  /** Scratch `[≥ pair count]`: the touch event of each candidate pair this step (`NO_EVENT` …). */
  event: Uint8Array;
  out: ManifoldOut;
  /** What collide functions get beyond the posed shapes: the colliders' assets, registered scratch. */
  ctx: CollideContext;
  /** Scratch for feature matching: old ids, impulses and A-local points of one manifold. */
  oldIds: Uint32Array;
  oldImpulses: Float64Array;
  oldLocal: Float64Array;
  /** Scratch: which old points were already taken by a new point. */
  oldTaken: Uint8Array;
  /** Scratch: the old points' friction anchors (`[6 × 4]`: A's then B's body-frame point) and flags. */
  oldAnchor: Float64Array;
  oldAnchored: Uint8Array;
  /** End events queued by `removeBody` (pairs of entity ids), reported at the next step. */
  pendingEnd: number[];
  /** The contact margin of this step (unit: m): a manifold touches while a point is within it. Kept
   * here for `writeManifold` rather than passed (a double argument of a call not inlined is boxed). */
  touchMargin: number;
  /** Whether box–box manifolds are refreshed instead of made again while the pair's relative pose barely
   * changes (`manifold-reuse.ts`; default true; the step sets it false for the accurate mode). */
  reuseManifolds: boolean;
}

export function createNarrowphase(): NarrowphaseState {
  return {
    stamp: 0,
    bodyCache: createBodyCache(),
    slots: new Int32Array(256),
    pairOfSlot: new Int32Array(256),
    event: new Uint8Array(256),
    out: createManifoldOut(),
    ctx: createCollideContext(),
    oldIds: new Uint32Array(MAX_MANIFOLD_POINTS),
    oldImpulses: new Float64Array(3 * MAX_MANIFOLD_POINTS),
    oldLocal: new Float64Array(3 * MAX_MANIFOLD_POINTS),
    oldTaken: new Uint8Array(MAX_MANIFOLD_POINTS),
    oldAnchor: new Float64Array(6 * MAX_MANIFOLD_POINTS),
    oldAnchored: new Uint8Array(MAX_MANIFOLD_POINTS),
    pendingEnd: [],
    touchMargin: 0,
    reuseManifolds: true,
  };
}

/**
 * What the narrowphase needs of each collider, computed once per step instead of once per pair
 * (a body has about eight candidate pairs in a resting pile).
 */
export interface BodyCache {
  /** `[POSED_WITH_AXES × capacity]` the posed shape of each entity, with its axes (manifold.ts). */
  posed: Float64Array;
  /** `[capacity]` views of `posed`, one per entity: what the collide functions get. */
  views: PosedShape[];
  /** `[capacity]` linear speed |v| (unit: m/s). */
  speed: Float64Array;
  /** `[capacity]` |ω| times the shape's bounding radius (unit: m/s). */
  spin: Float64Array;
  /** `[capacity]` narrowphase stamp of the step the entry was computed in (0 = never). */
  stamp: Uint32Array;
  /** `[9]` scratch of {@link cacheBody}: a rotation matrix. */
  readonly rot: Float64Array;
}

function createBodyCache(): BodyCache {
  return {
    posed: new Float64Array(0), views: [], speed: new Float64Array(0), spin: new Float64Array(0), stamp: new Uint32Array(0),
    rot: new Float64Array(9),
  };
}

/** Makes room for entity ids below `n` (the views are recreated over the new buffer). */
function ensureBodyCache(c: BodyCache, n: number): void {
  if (n <= c.stamp.length) return;
  const cap = nextCapacity(c.stamp.length, n);
  c.posed = new Float64Array(POSED_WITH_AXES * cap);
  c.views = [];
  for (let e = 0; e < cap; e++) c.views.push(c.posed.subarray(POSED_WITH_AXES * e, POSED_WITH_AXES * (e + 1)));
  c.speed = new Float64Array(cap);
  c.spin = new Float64Array(cap);
  c.stamp = new Uint32Array(cap);
}

/** Fills the cache entry of collider `e` for this step: posed shape (its world pose, written by the
 * broadphase) and axes, its body's |v|, and |ω| times the reach of the shape from the body's centre. */
function cacheBody(c: BodyCache, bodies: RigidBodyStore, colliders: ColliderStore, e: number, stamp: number): void {
  c.stamp[e] = stamp;
  const d = c.posed, o = 19 /* POSED_WITH_AXES */ * e;
  const w = colliders.worldPose, wi = 7 * e, s = colliders.size;
  d[o] = w[wi]; d[o + 1] = w[wi + 1]; d[o + 2] = w[wi + 2];
  d[o + 3] = w[wi + 3]; d[o + 4] = w[wi + 4]; d[o + 5] = w[wi + 5]; d[o + 6] = w[wi + 6];
  d[o + 7] = s[3 * e]; d[o + 8] = s[3 * e + 1]; d[o + 9] = s[3 * e + 2];
  // axis i = column i of the rotation matrix, at POSED_AXES + 3i
  const rot = c.rot;
  quatToMat3(rot, 0, w, wi + 3);
  const a = o + 10 /* POSED_AXES */;
  for (let i = 0; i < 3; i++) {
    d[a + 3 * i] = rot[i]; d[a + 3 * i + 1] = rot[3 + i]; d[a + 3 * i + 2] = rot[6 + i];
  }
  const b = colliders.body[e];
  c.speed[e] = norm3(bodies.linearVelocity, 3 * b);
  const lp = colliders.localPosition, li = 3 * e;
  const offset = lp[li] === 0 && lp[li + 1] === 0 && lp[li + 2] === 0 ? 0 : norm3(lp, li);
  c.spin[e] = norm3(bodies.angularVelocity, 3 * b) * (boundingRadius(colliders, e, c.views[e]) + offset);
}

/** |x| of the 3-vector at `a[o..]` (Math.hypot is several times slower in V8). */
function norm3(a: Float64Array, o: number): number {
  return Math.sqrt(a[o] * a[o] + a[o + 1] * a[o + 1] + a[o + 2] * a[o + 2]);
}

/** Bounding radius of collider `e`'s posed shape `s` about its centre (unit: m); 0 for planes. */
function boundingRadius(colliders: ColliderStore, e: number, s: PosedShape): number {
  const kind = colliders.shape[e];
  switch (kind) {
    case ShapeKind.sphere: return s[7];
    case ShapeKind.box: return Math.sqrt(s[7] * s[7] + s[8] * s[8] + s[9] * s[9]);
    case ShapeKind.capsule: return s[7] + s[8];
    case ShapeKind.plane: return 0;
    default: {
      const r = getShapeRoutines(kind);
      return r === undefined ? 0 : r.boundingRadius(colliders.size, 3 * e, colliders.shapeData[e]);
    }
  }
}

/** Updates every manifold from the candidate pairs, each pair listed once (margin in m, step dt in s). */
export function updateContacts(
  np: NarrowphaseState, bp: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore,
  contacts: ContactStore, margin: number, dt: number,
): void {
  const stamp = ++np.stamp;
  np.touchMargin = margin;
  const shape = colliders.shape;
  const cache = np.bodyCache;
  ensureBodyCache(cache, colliders.capacity);
  if (np.slots.length < bp.pairCount) np.slots = new Int32Array(nextCapacity(np.slots.length, bp.pairCount));
  const slots = np.slots;
  // First the manifold slots of the pairs (−1: none yet) and the body cache, in a loop of their own:
  // the lookups are independent, so their cache misses overlap, where inside the main loop each one
  // would wait behind the collide work.
  for (let i = 0; i < bp.pairCount; i++) {
    const a = bp.pairA[i], b = bp.pairB[i];
    if (cache.stamp[a] !== stamp) cacheBody(cache, bodies, colliders, a, stamp);
    if (cache.stamp[b] !== stamp) cacheBody(cache, bodies, colliders, b, stamp);
    slots[i] = pairTableGet(contacts.slotOfPair, a, b);
  }
  // Then the pairs: those with a manifold in slot order, so that the contact store is read and written
  // in order rather than at random (about 10 % of the stage), then the new ones in pair order, so
  // that they get the slots they would get in pair order. Each manifold depends only on its own pair;
  // the begin / end events are noted per pair and reported in pair order afterwards.
  const slotCount = contacts.count;
  if (np.pairOfSlot.length < slotCount) np.pairOfSlot = new Int32Array(nextCapacity(np.pairOfSlot.length, slotCount));
  if (np.event.length < bp.pairCount) np.event = new Uint8Array(nextCapacity(np.event.length, bp.pairCount));
  const pairOfSlot = np.pairOfSlot, event = np.event;
  pairOfSlot.fill(-1, 0, slotCount);
  for (let i = 0; i < bp.pairCount; i++) if (slots[i] >= 0) pairOfSlot[slots[i]] = i;
  let events = 0;
  const reuse = np.reuseManifolds;
  // The first pass does nothing (q = −1), and the loops before this one compute no number: a call that V8 runs
  // in the interpreter up to this loop's first back edge, then in the loop's kept on-stack compiled code,
  // computes no number there, which would be boxed (the step would allocate; systems/solve/pgs/README.md,
  // "Loops compiled on the stack")
  for (let q = -1; q < slotCount + bp.pairCount; q++) {
    if (q < 0) continue;
    const i = q < slotCount ? pairOfSlot[q] : q - slotCount;
    if (i < 0 || (q >= slotCount && slots[i] >= 0)) continue;
    event[i] = 0 /* NO_EVENT */;
    let a = bp.pairA[i], b = bp.pairB[i];
    if (shape[a] > shape[b]) { const t = a; a = b; b = t; }
    const collide = getCollideFn(shape[a], shape[b]);
    if (collide === null) continue;
    const out = np.out;
    // Speculative margin: the base margin plus how far the two surfaces can approach in this step,
    // bounded by (|v_A| + |ω_A| R_A + |v_B| + |ω_B| R_B) dt with R the shape's bounding radius.
    const reach = (cache.speed[a] + cache.spin[a] + cache.speed[b] + cache.spin[b]) * dt;
    const ctx = np.ctx;
    ctx.dataA = colliders.shapeData[a];
    ctx.dataB = colliders.shapeData[b];
    out.pointNormals = false;
    out.margin = margin + reach; // a field, not an argument: a double argument of a call through the table is boxed
    const boxPair = shape[a] === ShapeKind.box && shape[b] === ShapeKind.box;
    // box–box apart at the last step and still apart along the same axis: the separating-axis test would
    // find no point either, so the manifold stays as it is (empty, not touching: no event), only stamped
    if (boxPair && slots[i] >= 0 && contacts.apart[slots[i]] > 0
      && boxesApartOn(out, cache.views[a], cache.views[b], contacts.apart[slots[i]] - 1) === true) {
      contacts.stamp[slots[i]] = stamp;
      continue;
    }
    // box–box: the last manifold refreshed while the relative pose barely changed (manifold-reuse.ts)
    const boxes = reuse && boxPair;
    const reused = boxes && slots[i] >= 0 && refreshManifold(contacts, slots[i], out, cache.views[a], cache.views[b]) === true;
    if (!reused) collide(out, cache.views[a], cache.views[b], ctx);
    const m = slots[i] >= 0 ? slots[i] : acquireManifold(contacts, a, b, colliders.body[a], colliders.body[b]);
    if (boxes && !reused) storeReuse(contacts, m, out, cache.views[a], cache.views[b], out.pointCount > 0 && boxBoxNormalOnB(out.featureId[0]));
    else if (!boxes) contacts.reuse[m] = 0;
    // box–box found apart: the first axis that separates them, to try first at the next step
    let k = boxPair && out.pointCount === 0 ? 0 : 15;
    while (k < 15 && !boxesApartOn(out, cache.views[a], cache.views[b], k)) k++;
    contacts.apart[m] = (k + 1) & 15; // 0: not found apart
    contacts.stamp[m] = stamp;
    const e = writeManifold(np, contacts, m, out, bodies, colliders, a, b);
    event[i] = e;
    if (e !== 0 /* NO_EVENT */) events++;
  }
  for (let i = 0; events > 0 && i < bp.pairCount; i++) {
    if (event[i] === 0 /* NO_EVENT */) continue;
    let a = bp.pairA[i], b = bp.pairB[i];
    if (shape[a] > shape[b]) { const t = a; a = b; b = t; }
    if (event[i] === 1 /* BEGIN_EVENT */) pushBeginEvent(contacts, a, b);
    else pushEndEvent(contacts, a, b);
    events--;
  }
  // Remove the manifolds of pairs that were not reported this step, except those of a sleeping body
  // with another sleeping or a static body (kept as they are while the island sleeps).
  const sleeping = bodies.sleeping, mt = bodies.motionType;
  for (let m = contacts.count - 1; m >= 0; m--) {
    if (contacts.stamp[m] !== stamp) {
      const a = contacts.bodyA[m], b = contacts.bodyB[m];
      if ((sleeping[a] | sleeping[b]) === 1 && (sleeping[a] === 1 || mt[a] === MotionType.static)
        && (sleeping[b] === 1 || mt[b] === MotionType.static)) {
        contacts.stamp[m] = stamp;
        continue;
      }
      if (contacts.touching[m]) pushEndEvent(contacts, contacts.colliderA[m], contacts.colliderB[m]);
      releaseManifold(contacts, m);
    }
  }
}

/** Point `idx` of the store inherits old point `j`'s impulses and friction anchor (or none); `j` is taken. */
function takeOld(np: NarrowphaseState, cs: ContactStore, idx: number, j: number): void {
  np.oldTaken[j] = 1;
  cs.normalImpulse[idx] = np.oldImpulses[3 * j];
  cs.tangentImpulse[2 * idx] = np.oldImpulses[3 * j + 1];
  cs.tangentImpulse[2 * idx + 1] = np.oldImpulses[3 * j + 2];
  const anchored = np.oldAnchored[j];
  cs.anchored[idx] = anchored;
  if (anchored === 1) for (let i = 0; i < 3; i++) {
    cs.anchorA[3 * idx + i] = np.oldAnchor[6 * j + i];
    cs.anchorB[3 * idx + i] = np.oldAnchor[6 * j + 3 + i];
  }
}

/** Writes the points of `out` into manifold `m` (ids, separations, world and A-local points; the
 * impulses stay), A's body being `ba`. The same arithmetic as {@link writeManifold}'s first pass. */
function writePoints(cs: ContactStore, slot: number, out: ManifoldOut, bodies: RigidBodyStore, ba: number): void {
  const P = 4 /* MAX_MANIFOLD_POINTS */, m = slot & 0xffffff; // masked: fewer than 2^24 manifolds (no overflow checks)
  const xA = bodies.position[3 * ba], yA = bodies.position[3 * ba + 1], zA = bodies.position[3 * ba + 2];
  const qx = -bodies.orientation[4 * ba], qy = -bodies.orientation[4 * ba + 1];
  const qz = -bodies.orientation[4 * ba + 2], qw = bodies.orientation[4 * ba + 3];
  for (let k = 0; k < out.pointCount; k++) {
    const idx = P * m + k;
    cs.featureId[idx] = out.featureId[k];
    cs.separation[idx] = out.separation[k];
    const px = out.point[3 * k], py = out.point[3 * k + 1], pz = out.point[3 * k + 2];
    cs.point[3 * idx] = px;
    cs.point[3 * idx + 1] = py;
    cs.point[3 * idx + 2] = pz;
    const vx = px - xA, vy = py - yA, vz = pz - zA;
    const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
    cs.localPoint[3 * idx] = vx + qw * tx + (qy * tz - qz * ty);
    cs.localPoint[3 * idx + 1] = vy + qw * ty + (qz * tx - qx * tz);
    cs.localPoint[3 * idx + 2] = vz + qw * tz + (qx * ty - qy * tx);
  }
}

/**
 * Writes manifold `m` of the pair (a, b) from `out`, matching the old points for warm starting.
 * Returns the touch event of the pair (1 BEGIN_EVENT, 2 END_EVENT or 0 NO_EVENT),
 * which the caller reports.
 */
function writeManifold(
  np: NarrowphaseState, cs: ContactStore, slot: number, out: ManifoldOut, bodies: RigidBodyStore,
  colliders: ColliderStore, a: number, b: number,
): number {
  const margin = np.touchMargin;
  const P = 4 /* MAX_MANIFOLD_POINTS */, m = slot & 0xffffff; // masked as in writePoints
  const oldCount = cs.pointCount[m];
  const n = out.pointCount;
  // The same feature ids in the same order as the old points (a manifold that keeps its features, most
  // of them once a scene settles): every point would take the impulses and anchor of the old point in
  // its own place, so they stay where they are.
  let same = n === oldCount;
  for (let k = 0; same && k < n; k++) {
    if (cs.featureId[P * m + k] !== out.featureId[k] || !(cs.normalImpulse[P * m + k] >= 0)) same = false;
  }
  // the old points are only read to match new ones
  if (n > 0 && !same) {
    for (let k = 0; k < oldCount; k++) {
      const j = P * m + k;
      np.oldIds[k] = cs.featureId[j];
      np.oldImpulses[3 * k] = cs.normalImpulse[j];
      np.oldTaken[k] = 0;
      np.oldAnchored[k] = cs.anchored[j];
      for (let i = 0; i < 3; i++) {
        if (i < 2) np.oldImpulses[3 * k + 1 + i] = cs.tangentImpulse[2 * j + i];
        np.oldLocal[3 * k + i] = cs.localPoint[3 * j + i];
        if (cs.anchored[j] === 1) {
          np.oldAnchor[6 * k + i] = cs.anchorA[3 * j + i];
          np.oldAnchor[6 * k + 3 + i] = cs.anchorB[3 * j + i];
        }
      }
    }
  }
  writePoints(cs, m, out, bodies, colliders.body[a]);
  // First pass: match by feature id.
  for (let k = 0; k < n && !same; k++) {
    const idx = P * m + k;
    const id = out.featureId[k];
    cs.normalImpulse[idx] = -1; // marks "not matched yet"
    for (let j = 0; j < oldCount; j++) {
      if (np.oldTaken[j] === 0 && np.oldIds[j] === id) {
        takeOld(np, cs, idx, j);
        break;
      }
    }
  }
  // Second pass: points whose id is new take the nearest unmatched old point within
  // MATCH_DISTANCE in A's frame (feature ids of nearly coincident features can flicker).
  for (let k = 0; k < n && !same; k++) {
    const idx = P * m + k;
    if (cs.normalImpulse[idx] >= 0) continue;
    let best = -1, bestD2 = MATCH_DISTANCE * MATCH_DISTANCE;
    for (let j = 0; j < oldCount; j++) {
      if (np.oldTaken[j] === 1) continue;
      const dx = cs.localPoint[3 * idx] - np.oldLocal[3 * j];
      const dy = cs.localPoint[3 * idx + 1] - np.oldLocal[3 * j + 1];
      const dz = cs.localPoint[3 * idx + 2] - np.oldLocal[3 * j + 2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < bestD2) { bestD2 = d2; best = j; }
    }
    if (best >= 0) {
      takeOld(np, cs, idx, best);
    } else {
      cs.normalImpulse[idx] = 0;
      cs.tangentImpulse[2 * idx] = 0;
      cs.tangentImpulse[2 * idx + 1] = 0;
      cs.anchored[idx] = 0;
    }
  }
  cs.pointCount[m] = n;
  cs.normal[3 * m] = out.normal[0];
  cs.normal[3 * m + 1] = out.normal[1];
  cs.normal[3 * m + 2] = out.normal[2];
  cs.pointNormals[m] = out.pointNormals ? 1 : 0;
  if (out.pointNormals) for (let k = 0; k < 3 * n; k++) cs.pointNormal[3 * P * m + k] = out.pointNormal[k];
  cs.friction[m] = combineFriction(colliders.friction[a], colliders.friction[b],
    colliders.frictionCombine[a], colliders.frictionCombine[b]);
  cs.staticFriction[m] = combineFriction(colliders.staticFriction[a], colliders.staticFriction[b],
    colliders.frictionCombine[a], colliders.frictionCombine[b]);
  cs.restitution[m] = combineRestitution(colliders.restitution[a], colliders.restitution[b],
    colliders.restitutionCombine[a], colliders.restitutionCombine[b]);
  // PLUS pair rule (systems/solve/plus/README.md): max capture velocity; (v_plastic, e_min) of the more plastic collider.
  cs.captureVelocity[m] = Math.max(colliders.captureVelocity[a], colliders.captureVelocity[b]);
  const ea = colliders.minRestitution[a], eb = colliders.minRestitution[b];
  const pa = colliders.plasticVelocity[a], pb = colliders.plasticVelocity[b];
  const fromA = ea < eb || (ea === eb && pa >= pb);
  cs.minRestitution[m] = fromA ? ea : eb;
  cs.plasticVelocity[m] = fromA ? pa : pb;
  cs.sensor[m] = colliders.isSensor[a] | colliders.isSensor[b];
  let touching = 0;
  for (let k = 0; k < n; k++) if (out.separation[k] <= margin) touching = 1;
  const e = touching && !cs.touching[m] ? 1 /* BEGIN_EVENT */ : !touching && cs.touching[m] ? 2 /* END_EVENT */ : 0 /* NO_EVENT */;
  cs.touching[m] = touching;
  return e;
}

