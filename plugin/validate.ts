/**
 * Input validation shared by the public functions. Every reader throws a {@link PhysicsInputError}
 * naming the entity, the field and the value; none of them changes any state.
 */

import { PhysicsInputError } from './errors';

/** Where a getter writes a vector: a `Float64Array` / array `[3]` or an object with x, y, z. */
export type Out3 = Float64Array | number[] | { x: number; y: number; z: number };

/** Throws when `world` is not a world made by `createPhysicsWorld` (null, undefined, another object). */
export function requireWorld(world: object | null | undefined): void {
  // typed structurally (not as PhysicsWorld) so that this module does not import world.ts, which imports it
  const w = world as { bodies?: unknown; ecs?: unknown } | null | undefined;
  if (typeof w !== 'object' || w === null || w.bodies === undefined || w.ecs === undefined) {
    throw new PhysicsInputError(-1, 'world', world, 'must be a world made by createPhysicsWorld', 'argument');
  }
}

/** Checks a getter's optional `out` argument: undefined, an array / typed array of at least `n` numbers,
 * or an object (written as {x, y, z[, w]}). */
export function checkOut(entity: number, out: unknown, n: number): void {
  if (out === undefined) return;
  if (Array.isArray(out) || out instanceof Float64Array) {
    if (Array.isArray(out) || out.length >= n) return;
  } else if (typeof out === 'object' && out !== null && !ArrayBuffer.isView(out) && Object.isExtensible(out)) return;
  throw new PhysicsInputError(entity, 'out', out, 'must be an array or an object (or omitted)');
}

/** Reads an optional boolean (`fallback` when undefined); anything else than true / false is an error. */
export function readBoolean(entity: number, field: string, v: unknown, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new PhysicsInputError(entity, field, v, 'must be true or false');
  return v;
}

/** A 3-vector: `[x, y, z]`, a typed array, or any `{ x, y, z }` (e.g. Babylon's Vector3). */
export type Vec3Like = ArrayLike<number> | { x: number; y: number; z: number };
/** A quaternion x y z w: `[x, y, z, w]` or any `{ x, y, z, w }` (e.g. Babylon's Quaternion). */
export type QuatLike = ArrayLike<number> | { x: number; y: number; z: number; w: number };

/** Reads the `n` finite components (3 or 4) of a vector or quaternion: from an array-like of length `n`,
 * or from an object's x, y, z (, w) when it has the key `x` (3) / `w` (4) and no numeric `length`
 * (Babylon's Vector3 has a `length()` method, so array-likes are told apart by a numeric `length`, not
 * by the presence of the key). `shape` completes the error of anything else ("must be ...").
 * @throws PhysicsInputError */
function readComponents(entity: number, field: string, v: unknown, n: 3 | 4, shape: string, who?: string): number[] {
  const out: number[] = [];
  if (typeof v === 'object' && v !== null && (n === 3 ? 'x' : 'w') in v && typeof (v as { length?: unknown }).length !== 'number') {
    const o = v as Record<string, number>;
    out.push(o.x, o.y, o.z);
    if (n === 4) out.push(o.w);
  } else if (v !== null && typeof v === 'object' && (v as ArrayLike<number>).length === n) {
    const a = v as ArrayLike<number>;
    for (let i = 0; i < n; i++) out.push(a[i]);
  } else throw new PhysicsInputError(entity, field, v, `must be ${shape}`, who);
  for (let i = 0; i < n; i++) {
    if (typeof out[i] !== 'number' || !Number.isFinite(out[i])) {
      throw new PhysicsInputError(entity, field, out, 'components must be finite numbers', who);
    }
  }
  return out;
}

/** Reads a finite 3-vector. */
export function readVec3(entity: number, field: string, v: Vec3Like, who?: string): [number, number, number] {
  return readComponents(entity, field, v, 3, 'a 3-vector', who) as [number, number, number];
}

/** Reads a quaternion and normalises it; a zero or non-finite quaternion is an error. */
export function readQuat(entity: number, field: string, q: QuatLike): [number, number, number, number] {
  const out = readComponents(entity, field, q, 4, 'a quaternion [x, y, z, w]');
  const l = Math.hypot(out[0], out[1], out[2], out[3]);
  if (!(l > 1e-12)) throw new PhysicsInputError(entity, field, out, 'cannot be normalised (zero length)');
  return [out[0] / l, out[1] / l, out[2] / l, out[3] / l];
}

/** Reads a finite number, optionally requiring > 0 or ≥ 0. */
export function readNumber(
  entity: number, field: string, v: unknown, rule: 'finite' | 'positive' | 'nonNegative',
): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new PhysicsInputError(entity, field, v, 'must be a finite number');
  }
  if (rule === 'positive' && !(v > 0)) throw new PhysicsInputError(entity, field, v, 'must be > 0');
  if (rule === 'nonNegative' && !(v >= 0)) throw new PhysicsInputError(entity, field, v, 'must be ≥ 0');
  return v;
}
