/**
 * Stage 2, narrowphase: contact manifolds for the broadphase's candidate pairs.
 * Reads: candidate pairs, collider shapes, body poses, the contact store of the last step.
 * Writes: the contact store (manifolds, feature-matched warm-start impulses, touching flags) and the
 * begin / end events of this step.
 *
 * For each pair the shapes are ordered by kind (sphere < box < capsule < plane, ties by entity id),
 * the collide function for that kind pair writes a manifold, and each new point takes the impulses of
 * the old point with the same feature id (warm starting; Box2D `b2UpdateContact`). A manifold is
 * touching while it has points (within the contact margin). Manifolds of pairs the broadphase no
 * longer reports are removed, with an end event if they were touching.
 */

import type { ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';
import {
  acquireManifold, MAX_MANIFOLD_POINTS, pushBeginEvent, pushEndEvent, releaseManifold, type ContactStore,
} from '../../components/contact';
import type { BroadphaseState } from '../broadphase/broadphase';
import { createManifoldOut, createPosedShape, type ManifoldOut, type PosedShape } from './manifold';
import { getCollideFn } from './collide-table';

export interface NarrowphaseState {
  /** Increases every step; manifolds not stamped with the current value are stale. */
  stamp: number;
  shapeA: PosedShape;
  shapeB: PosedShape;
  out: ManifoldOut;
  /** Scratch for feature matching: old ids and impulses of one manifold. */
  oldIds: Uint32Array;
  oldImpulses: Float64Array;
  /** End events queued by `removeBody` (pairs of entity ids), reported at the next step. */
  pendingEnd: number[];
}

export function createNarrowphase(): NarrowphaseState {
  return {
    stamp: 0,
    shapeA: createPosedShape(),
    shapeB: createPosedShape(),
    out: createManifoldOut(),
    oldIds: new Uint32Array(MAX_MANIFOLD_POINTS),
    oldImpulses: new Float64Array(3 * MAX_MANIFOLD_POINTS),
    pendingEnd: [],
  };
}

function pose(dst: PosedShape, bodies: RigidBodyStore, colliders: ColliderStore, e: number): void {
  const p = bodies.position, q = bodies.orientation, s = colliders.size;
  dst[0] = p[3 * e]; dst[1] = p[3 * e + 1]; dst[2] = p[3 * e + 2];
  dst[3] = q[4 * e]; dst[4] = q[4 * e + 1]; dst[5] = q[4 * e + 2]; dst[6] = q[4 * e + 3];
  dst[7] = s[3 * e]; dst[8] = s[3 * e + 1]; dst[9] = s[3 * e + 2];
}

/** Updates every manifold from the candidate pairs; events are reset first. */
export function updateContacts(
  np: NarrowphaseState, bp: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore,
  contacts: ContactStore, margin: number,
): void {
  const stamp = ++np.stamp;
  const shape = colliders.shape;
  for (let i = 0; i < bp.pairCount; i++) {
    let a = bp.pairA[i], b = bp.pairB[i];
    if (shape[a] > shape[b]) { const t = a; a = b; b = t; }
    const collide = getCollideFn(shape[a], shape[b]);
    if (collide === null) continue;
    pose(np.shapeA, bodies, colliders, a);
    pose(np.shapeB, bodies, colliders, b);
    const out = np.out;
    collide(out, np.shapeA, np.shapeB, margin);
    const m = acquireManifold(contacts, a, b);
    contacts.stamp[m] = stamp;
    writeManifold(np, contacts, m, out, colliders, a, b);
  }
  // Remove the manifolds of pairs that were not reported this step.
  for (let m = contacts.count - 1; m >= 0; m--) {
    if (contacts.stamp[m] !== stamp) {
      if (contacts.touching[m]) pushEndEvent(contacts, contacts.bodyA[m], contacts.bodyB[m]);
      releaseManifold(contacts, m);
    }
  }
}

function writeManifold(
  np: NarrowphaseState, cs: ContactStore, m: number, out: ManifoldOut, colliders: ColliderStore,
  a: number, b: number,
): void {
  const P = MAX_MANIFOLD_POINTS;
  const oldCount = cs.pointCount[m];
  for (let k = 0; k < oldCount; k++) {
    np.oldIds[k] = cs.featureId[P * m + k];
    np.oldImpulses[3 * k] = cs.normalImpulse[P * m + k];
    np.oldImpulses[3 * k + 1] = cs.tangentImpulse[2 * (P * m + k)];
    np.oldImpulses[3 * k + 2] = cs.tangentImpulse[2 * (P * m + k) + 1];
  }
  const n = out.pointCount;
  for (let k = 0; k < n; k++) {
    const idx = P * m + k;
    const id = out.featureId[k];
    cs.featureId[idx] = id;
    cs.separation[idx] = out.separation[k];
    cs.point[3 * idx] = out.point[3 * k];
    cs.point[3 * idx + 1] = out.point[3 * k + 1];
    cs.point[3 * idx + 2] = out.point[3 * k + 2];
    let ni = 0, t1 = 0, t2 = 0;
    for (let j = 0; j < oldCount; j++) {
      if (np.oldIds[j] === id) {
        ni = np.oldImpulses[3 * j]; t1 = np.oldImpulses[3 * j + 1]; t2 = np.oldImpulses[3 * j + 2];
        break;
      }
    }
    cs.normalImpulse[idx] = ni;
    cs.tangentImpulse[2 * idx] = t1;
    cs.tangentImpulse[2 * idx + 1] = t2;
  }
  cs.pointCount[m] = n;
  cs.normal[3 * m] = out.normal[0];
  cs.normal[3 * m + 1] = out.normal[1];
  cs.normal[3 * m + 2] = out.normal[2];
  cs.friction[m] = Math.sqrt(colliders.friction[a] * colliders.friction[b]);
  cs.restitution[m] = Math.max(colliders.restitution[a], colliders.restitution[b]);
  cs.sensor[m] = colliders.isSensor[a] | colliders.isSensor[b];
  const touching = n > 0 ? 1 : 0;
  if (touching && !cs.touching[m]) pushBeginEvent(cs, a, b);
  else if (!touching && cs.touching[m]) pushEndEvent(cs, a, b);
  cs.touching[m] = touching;
}

