/**
 * A hash of every store of a world (bodies, colliders, joints, contacts, the entity index), for the
 * bad-input catalogue (a rejected call leaves it bit-identical) and the determinism tests. FNV-1a (32 bit)
 * over the bytes of every typed-array column and every number field, in a fixed order. No Babylon, no
 * Node APIs: it runs in the browser too.
 */

import { getAllEntities } from 'bitecs';
import type { PhysicsWorld } from '../../plugin/world';

function hashBytes(h: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);

function hashNumber(h: number, x: number): number {
  f64[0] = x;
  return hashBytes(h, f64Bytes);
}

function hashStore(h: number, store: object): number {
  const keys = Object.keys(store).sort();
  for (const k of keys) {
    const v = (store as Record<string, unknown>)[k];
    if (ArrayBuffer.isView(v)) {
      const view = v;
      h = hashBytes(h, new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    } else if (typeof v === 'number') {
      h = hashNumber(h, v);
    } else if (v instanceof Map) {
      for (const [a, b] of v) { h = hashNumber(h, Number(a)); h = hashNumber(h, Number(b)); }
    }
  }
  return h;
}

/** FNV-1a hash (hex) of the world's stores and the fields a call may change. */
export function worldHash(w: PhysicsWorld): string {
  let h = 0x811c9dc5;
  h = hashStore(h, w.bodies);
  h = hashStore(h, w.colliders);
  h = hashStore(h, w.joints);
  h = hashStore(h, w.contacts);
  h = hashStore(h, w.handles);
  h = hashBytes(h, new Uint8Array(w.gravity.buffer, w.gravity.byteOffset, w.gravity.byteLength));
  h = hashNumber(h, w.contactMargin);
  h = hashNumber(h, w.stepCount);
  h = hashNumber(h, w.time);
  h = hashNumber(h, w.nonFiniteBodies.length);
  for (const e of getAllEntities(w.ecs)) h = hashNumber(h, e);
  for (const e of w.nonFiniteBodies) h = hashNumber(h, e);
  return h.toString(16).padStart(8, '0');
}

/** FNV-1a hash (hex) of the dynamic state only: positions, orientations, velocities of the given bodies
 * (the determinism tests; independent of store capacities). */
export function stateHash(w: PhysicsWorld, bodies: readonly number[]): string {
  let h = 0x811c9dc5;
  const b = w.bodies;
  for (const e of bodies) {
    for (let k = 0; k < 3; k++) h = hashNumber(h, b.position[3 * e + k]);
    for (let k = 0; k < 4; k++) h = hashNumber(h, b.orientation[4 * e + k]);
    for (let k = 0; k < 3; k++) h = hashNumber(h, b.linearVelocity[3 * e + k]);
    for (let k = 0; k < 3; k++) h = hashNumber(h, b.angularVelocity[3 * e + k]);
  }
  return h.toString(16).padStart(8, '0');
}
