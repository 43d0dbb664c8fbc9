/**
 * Fault containment: what the step does with a body whose state is not finite.
 *
 * A body is reported (entity id in the caller's list), put back at its last finite pose at rest, its
 * force and torque accumulators cleared, and the warm-start caches of everything it touches cleared: the
 * accumulated impulses of its contact manifolds (normal and tangent, from which the narrowphase and both
 * solvers warm-start) and the row forces of its joints. The next step then starts clean: no NaN or
 * Infinity reaches the narrowphase or a solver again (an unchecked NaN in a warm-start cache would stop
 * the same bodies on every later step).
 *
 * Two entry points: {@link containNonFiniteBodies} before the step (a state made non-finite between
 * steps, e.g. by writing the stores directly; it also clears every manifold's warm-start cache that
 * holds a non-finite number, whatever its bodies), and {@link clearBodyCaches} for the bodies the
 * integrate stage found non-finite after the solve (`integrate.ts` already kept their start-of-step pose).
 * The joint half of both ({@link clearJointCaches}, {@link clearNonFiniteJointCaches}) runs through the
 * world's joint stage (`systems/assembly/joint-stage.ts`), so an app without joints does not ship it.
 * No allocation.
 */

import { commitEntityList } from '../../components/entity-list';
import type { RigidBodyStore } from '../../components/rigid-body';
import type { ContactStore } from '../../components/contact';
import { JOINT_SLOTS, type JointStore } from '../../components/joint';

/** True when every number of body `e`'s pose, velocities and accumulators is finite. */
export function bodyStateFinite(b: RigidBodyStore, e: number): boolean {
  const i3 = 3 * e, i4 = 4 * e;
  const p = b.position, q = b.orientation, v = b.linearVelocity, w = b.angularVelocity, f = b.force, t = b.torque;
  // a sum is NaN when any term is NaN or when +Infinity and −Infinity meet, Infinity when one is infinite
  const s = p[i3] + p[i3 + 1] + p[i3 + 2] + q[i4] + q[i4 + 1] + q[i4 + 2] + q[i4 + 3]
    + v[i3] + v[i3 + 1] + v[i3 + 2] + w[i3] + w[i3 + 1] + w[i3 + 2]
    + f[i3] + f[i3 + 1] + f[i3 + 2] + t[i3] + t[i3 + 1] + t[i3 + 2];
  return s - s === 0;
}

/**
 * Finds the bodies whose state is not finite at the start of a step, reports each in `out`, restores it
 * (the previous pose when that is finite and a unit quaternion, else the origin and identity) at rest with
 * cleared accumulators, and clears its caches. Returns the number found.
 */
export function containNonFiniteBodies(b: RigidBodyStore, contacts: ContactStore, out: number[]): number {
  const members = commitEntityList(b.members), ents = members.dense;
  let found = 0;
  for (let k = 0; k < members.count; k++) {
    const e = ents[k];
    if (bodyStateFinite(b, e)) continue;
    found++;
    out.push(e);
    restoreBody(b, e);
    clearBodyCaches(contacts, e);
  }
  clearNonFiniteCaches(contacts);
  return found;
}

/**
 * Clears the warm-start caches that hold a non-finite number (written between steps) whatever their
 * bodies: a manifold's slots beyond its point count and the bilateral rows of the fast mode's direct
 * joint islands are not warm-started, so such a value would reach no body and stay in the store. One
 * sum over the contact caches (12 numbers per manifold) and 24 reads per joint; the manifolds are
 * visited one by one only when that sum is not finite.
 */
function clearNonFiniteCaches(contacts: ContactStore): void {
  const n = contacts.normalImpulse, t = contacts.tangentImpulse, count = contacts.count;
  // four independent sums (one dependency chain would cost an add's latency per number)
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (let i = 0; i < 4 * count; i += 4) { s0 += n[i]; s1 += n[i + 1]; s2 += n[i + 2]; s3 += n[i + 3]; }
  for (let i = 0; i < 8 * count; i += 4) { s0 += t[i]; s1 += t[i + 1]; s2 += t[i + 2]; s3 += t[i + 3]; }
  const s = s0 + s1 + s2 + s3;
  if (s - s !== 0) {
    for (let m = 0; m < count; m++) {
      let sm = n[4 * m] + n[4 * m + 1] + n[4 * m + 2] + n[4 * m + 3];
      for (let i = 8 * m; i < 8 * m + 8; i++) sm += t[i];
      if (sm - sm === 0) continue;
      n.fill(0, 4 * m, 4 * m + 4);
      t.fill(0, 8 * m, 8 * m + 8);
    }
  }
}

/** Clears the caches of every joint whose warm-start forces hold a non-finite number (the joint part of
 * the sweep above; the step calls it through the world's joint stage, `systems/assembly/joint-stage.ts`). */
export function clearNonFiniteJointCaches(joints: JointStore): void {
  const wf = joints.warmForce;
  for (let k = 0; k < joints.count; k++) {
    const j = joints.list[k], o = JOINT_SLOTS * j;
    let s = 0;
    for (let i = o; i < o + JOINT_SLOTS; i++) s += wf[i];
    if (s - s === 0) continue;
    joints.rowForce.fill(0, o, o + JOINT_SLOTS);
    wf.fill(0, o, o + JOINT_SLOTS);
    joints.force.fill(0, 3 * j, 3 * j + 3);
    joints.torque.fill(0, 3 * j, 3 * j + 3);
  }
}

function restoreBody(b: RigidBodyStore, e: number): void {
  const i3 = 3 * e, i4 = 4 * e;
  const pp = b.prevPosition, pq = b.prevOrientation;
  const ps = pp[i3] + pp[i3 + 1] + pp[i3 + 2];
  const qn = pq[i4] * pq[i4] + pq[i4 + 1] * pq[i4 + 1] + pq[i4 + 2] * pq[i4 + 2] + pq[i4 + 3] * pq[i4 + 3];
  const poseOk = ps - ps === 0 && qn > 0.5 && qn < 2;
  for (let k = 0; k < 3; k++) {
    b.position[i3 + k] = poseOk ? pp[i3 + k] : 0;
    b.linearVelocity[i3 + k] = 0;
    b.angularVelocity[i3 + k] = 0;
    b.force[i3 + k] = 0;
    b.torque[i3 + k] = 0;
  }
  if (poseOk) {
    const s = 1 / Math.sqrt(qn);
    for (let k = 0; k < 4; k++) b.orientation[i4 + k] = pq[i4 + k] * s;
  } else {
    b.orientation[i4] = 0; b.orientation[i4 + 1] = 0; b.orientation[i4 + 2] = 0; b.orientation[i4 + 3] = 1;
  }
  for (let k = 0; k < 3; k++) pp[i3 + k] = b.position[i3 + k];
  for (let k = 0; k < 4; k++) pq[i4 + k] = b.orientation[i4 + k];
}

/** Clears the accumulated impulses of every manifold body `e` is in (its joints: {@link clearJointCaches}). */
export function clearBodyCaches(contacts: ContactStore, e: number): void {
  for (let m = 0; m < contacts.count; m++) {
    if (contacts.bodyA[m] !== e && contacts.bodyB[m] !== e) continue;
    contacts.normalImpulse.fill(0, 4 * m, 4 * m + 4);
    contacts.tangentImpulse.fill(0, 8 * m, 8 * m + 8);
  }
}

/** Clears the row forces (average, warm-start) and the reported force / torque of every joint attached to
 * body `e` (called through the world's joint stage, `systems/assembly/joint-stage.ts`). */
export function clearJointCaches(joints: JointStore, e: number): void {
  for (let k = 0; k < joints.count; k++) {
    const j = joints.list[k];
    if (joints.bodyA[j] !== e && joints.bodyB[j] !== e) continue;
    joints.rowForce.fill(0, JOINT_SLOTS * j, JOINT_SLOTS * (j + 1));
    joints.warmForce.fill(0, JOINT_SLOTS * j, JOINT_SLOTS * (j + 1));
    joints.force.fill(0, 3 * j, 3 * j + 3);
    joints.torque.fill(0, 3 * j, 3 * j + 3);
  }
}
