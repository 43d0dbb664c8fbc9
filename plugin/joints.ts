/**
 * Public functions to add, remove, drive and read joints. Each validates its whole input first and
 * throws a typed {@link PhysicsInputError} (naming the entity, field and value) before changing anything.
 *
 * A joint is an entity of its own (the Joint component, `components/joint.ts`) between body A and body
 * B, or between body A and the world when B is omitted. It is solved with the contacts: in the fast
 * mode as soft constraints inside the PGS substeps (`systems/solve/common/joint-solve.ts`), in the
 * accurate mode by the implicit solve of Drumwright's scheme (`systems/solve/lcp/joint-implicit.ts`;
 * Drumwright 2019 §4.2, eqs. 59–62).
 *
 * Frames and units. Anchors are points body-local to their body, from its centre of mass (unit: m);
 * with B the world, B's anchor is a world point. Axes are unit vectors body-local to A (normalised on
 * entry). The joint frame is x = the axis, y = the normal (Gram–Schmidt against x; default a fixed
 * perpendicular of x), z = x × y. The pose at creation is the joint's zero: angles and slides are
 * measured from it. Lengths in m, angles in rad, forces in N, torques in N·m, speeds in m/s or rad/s.
 */

import type { Out3 } from './validate';
import { addComponent, addEntity, removeEntity } from 'bitecs';
import { ensureHandleCapacity, indexHandle, resolveHandle, retireIndex } from '../components/entity-handle';
import {
  AxisMode, ensureJointCapacity, JOINT_SLOTS, JointKind, registerJoint, unregisterJoint, WORLD_BODY,
  type AxisModeName, type JointKindName,
} from '../components/joint';
import { eulerXyz, swingTwist } from '../systems/assembly/joint-rows';
import { JOINT_STAGE } from '../systems/assembly/joint-stage';
import { PhysicsInputError, UnknownEntityError } from './errors';
import { checkOut, readNumber, readVec3, requireWorld, type Vec3Like } from './validate';
import type { PhysicsWorld } from './world';
import { wakeBodies } from './wake';
import { bodyIndex } from './handles';

/** One of the six joint axes: translation along / rotation about the joint frame's x, y, z. */
export type JointAxisName = 'linearX' | 'linearY' | 'linearZ' | 'angularX' | 'angularY' | 'angularZ';
const AXIS_NAMES: readonly JointAxisName[] = ['linearX', 'linearY', 'linearZ', 'angularX', 'angularY', 'angularZ'];

/**
 * Range of a joint coordinate: lower ≤ upper (m for linear axes, rad for angular ones). One side may be
 * open: lower = −Infinity or upper = +Infinity (that side gets no row). Rigid by default; a finite
 * `stiffness` makes each limit Drumwright's unilateral spring-damper, pushing only:
 * λ = max(0, −k φ − b φ̇) with φ the distance past the limit, integrated implicitly (Drumwright 2019
 * §5, eqs. 68 and 83–85; the limit example of §5.4).
 */
export interface JointLimits {
  lower: number;
  upper: number;
  /** Limit stiffness (N/m or N·m/rad, > 0; default Infinity = rigid). */
  stiffness?: number;
  /** Limit damping (N·s/m or N·m·s/rad, ≥ 0, default 0; used when `stiffness` is finite). */
  damping?: number;
}

/**
 * Swing cone of a ball joint: the joint axis (frame x) of B may swing away from A's by at most the
 * half-angle (rad, in (0, π)). `halfAngle: [θy, θz]` makes the cone elliptical: with the swing written as
 * the rotation vector φ a (a ⊥ x, in A's joint frame), (φ a_y / θy)² + (φ a_z / θz)² ≤ 1, so θy bounds
 * the swing about the frame's y axis and θz the swing about its z axis. Rigid by default; `stiffness` /
 * `damping` as in {@link JointLimits}.
 */
export interface JointSwingLimit {
  halfAngle: number | readonly [number, number];
  /** N·m/rad, > 0; default Infinity = rigid. */
  stiffness?: number;
  /** N·m·s/rad, ≥ 0, default 0. */
  damping?: number;
}

/** A motor: drives the axis velocity to `speed` (m/s or rad/s) with at most `maxForce` (N or N·m, ≥ 0;
 * 0 turns the motor off). */
export interface JointMotorDef { speed: number; maxForce: number }

/** Mode of one 6-DoF axis: free, locked, or limited to a range. */
export type JointAxisSpec = 'free' | 'locked' | JointLimits;

export interface JointDefCommon {
  /** Body A (entity id of a body of this world). */
  bodyA: number;
  /** Body B; omitted = the world. */
  bodyB?: number;
  /** Anchor on A (unit: m, body-local to A). Default: from `worldAnchor`, else A's centre of mass. */
  anchorA?: Vec3Like;
  /** Anchor on B (unit: m, body-local to B; a world point when B is the world). Default: from
   * `worldAnchor`; else the point that coincides with A's anchor at creation (distance joints: B's
   * centre of mass, or the world origin). */
  anchorB?: Vec3Like;
  /** Both anchors from one world point at creation (unit: m). Not with anchorA / anchorB. */
  worldAnchor?: Vec3Like;
  /** Joint axis (frame x), unit vector body-local to A. Default A's x axis. Not with worldAxis. */
  axis?: Vec3Like;
  /** Joint axis in the world frame at creation. */
  worldAxis?: Vec3Like;
  /** Joint frame y (perpendicular to the axis), body-local to A. Not with worldNormal. */
  normal?: Vec3Like;
  /** Joint frame y in the world frame at creation. */
  worldNormal?: Vec3Like;
  /** B's joint axis (frame x), unit vector body-local to B (world when B is the world). Default: the
   * axis that coincides with A's at creation, so the creation pose is the joint's zero. Given, the
   * joint's zero is where the two frames coincide (Babylon / Havok style `axisB`). */
  axisB?: Vec3Like;
  /** B's joint frame y, body-local to B (with `axisB`; default a fixed perpendicular of `axisB`). */
  normalB?: Vec3Like;
  /** Stiffness of the locked linear rows (N/m, ≥ 0; default Infinity = rigid). A finite value makes them
   * spring-dampers (Drumwright's model; 0 with damping 0 frees them). Distance joints: the spring
   * towards `length`. */
  stiffness?: number;
  /** Damping of the locked linear rows (N·s/m, ≥ 0, default 0; used when `stiffness` is finite). */
  damping?: number;
  /** Stiffness of the locked angular rows (N·m/rad, ≥ 0; default Infinity = rigid). */
  angularStiffness?: number;
  /** Damping of the locked angular rows (N·m·s/rad, ≥ 0, default 0). */
  angularDamping?: number;
  /** The joint breaks when its constraint force exceeds this (N, > 0, default Infinity). */
  breakForce?: number;
  /** The joint breaks when its constraint torque exceeds this (N·m, > 0, default Infinity). */
  breakTorque?: number;
  /** Let the two bodies collide with each other (default false). */
  collideConnected?: boolean;
}

/** A joint description (see {@link addJoint}). */
export type JointDef = JointDefCommon & (
  | { kind: 'ball';
      /** Swing cone about the joint axis: a half-angle (rad, in (0, π)), [about y, about z] for an
       * elliptical cone, or {@link JointSwingLimit} (with stiffness and damping). */
      swingLimit?: number | readonly [number, number] | JointSwingLimit;
      /** Range of the twist angle about the joint axis (rad, within ±π). */
      twistLimit?: JointLimits }
  | { kind: 'hinge'; limits?: JointLimits; motor?: JointMotorDef;
      /** Dry friction torque of the hinge (N·m, ≥ 0, default 0), active while no motor drives it. */
      friction?: number }
  | { kind: 'slider'; limits?: JointLimits; motor?: JointMotorDef;
      /** Dry friction force of the slide (N, ≥ 0, default 0), active while no motor drives it. */
      friction?: number }
  | { kind: 'fixed' }
  | { kind: 'distance'; length?: number; minLength?: number; maxLength?: number }
  | { kind: 'sixDof'; linear?: readonly [JointAxisSpec, JointAxisSpec, JointAxisSpec];
      angular?: readonly [JointAxisSpec, JointAxisSpec, JointAxisSpec] }
);

const NEW = -1;

/** The store index of joint `handle`, or −1 when it is not a joint of `world` (broken joints included,
 * until removed; a stale handle of a removed joint is not). */
export function jointIndex(world: PhysicsWorld, handle: unknown): number {
  const i = resolveHandle(world.handles, world.ecs, handle);
  return i > 0 && i < world.joints.capacity && world.joints.listIndex[i] >= 0 ? i : -1;
}

/** True when `joint` is a joint of `world` (broken joints included, until removed). */
export function hasJoint(world: PhysicsWorld, joint: number): boolean {
  requireWorld(world);
  return jointIndex(world, joint) >= 0;
}

function requireJoint(world: PhysicsWorld, handle: number): number {
  requireWorld(world);
  const i = jointIndex(world, handle);
  if (i < 0) throw new UnknownEntityError(handle, 'joint');
  return i;
}

// Small vector helpers on plain arrays (public API path, not the step: allocation is fine here).
type V3 = [number, number, number];
type Q4 = [number, number, number, number];
function rot(q: ArrayLike<number>, o: number, v: V3): V3 {
  const qx = q[o], qy = q[o + 1], qz = q[o + 2], qw = q[o + 3];
  const tx = 2 * (qy * v[2] - qz * v[1]), ty = 2 * (qz * v[0] - qx * v[2]), tz = 2 * (qx * v[1] - qy * v[0]);
  return [v[0] + qw * tx + (qy * tz - qz * ty), v[1] + qw * ty + (qz * tx - qx * tz), v[2] + qw * tz + (qx * ty - qy * tx)];
}
function rotInv(q: ArrayLike<number>, o: number, v: V3): V3 {
  return rot([-q[o], -q[o + 1], -q[o + 2], q[o + 3]], 0, v);
}
function mul(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): Q4 {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}
function conj(q: ArrayLike<number>, o: number): Q4 {
  return [-q[o], -q[o + 1], -q[o + 2], q[o + 3]];
}
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Unit quaternion of the rotation whose matrix has columns x, y, z (orthonormal, right-handed). */
function quatFromBasis(x: V3, y: V3, z: V3): Q4 {
  const m00 = x[0], m11 = y[1], m22 = z[2];
  const tr = m00 + m11 + m22;
  let q: Q4;
  if (tr > 0) {
    const s = 2 * Math.sqrt(tr + 1);
    q = [(y[2] - z[1]) / s, (z[0] - x[2]) / s, (x[1] - y[0]) / s, 0.25 * s];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [0.25 * s, (y[0] + x[1]) / s, (z[0] + x[2]) / s, (y[2] - z[1]) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(y[0] + x[1]) / s, 0.25 * s, (z[1] + y[2]) / s, (z[0] - x[2]) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(z[0] + x[2]) / s, (z[1] + y[2]) / s, 0.25 * s, (x[1] - y[0]) / s];
  }
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

/** The joint frame (x = axis, y = the normal made orthogonal to x, or a fixed perpendicular) as a quaternion. */
function frameFromAxes(x: V3, yIn: V3 | undefined, field: string): Q4 {
  let y: V3;
  if (yIn !== undefined) {
    const d = dot(yIn, x);
    y = [yIn[0] - d * x[0], yIn[1] - d * x[1], yIn[2] - d * x[2]];
    const l = Math.hypot(y[0], y[1], y[2]);
    if (!(l > 1e-6)) throw new PhysicsInputError(NEW, field, yIn, 'must not be parallel to the axis');
    y = [y[0] / l, y[1] / l, y[2] / l];
  } else {
    // a fixed perpendicular: the unit axis least aligned with x, made orthogonal
    const ax = Math.abs(x[0]), ay = Math.abs(x[1]), az = Math.abs(x[2]);
    const e: V3 = ay <= ax && ay <= az ? [0, 1, 0] : az <= ax ? [0, 0, 1] : [1, 0, 0];
    const z0 = cross(x, e);
    const lz = Math.hypot(z0[0], z0[1], z0[2]);
    const zz: V3 = [z0[0] / lz, z0[1] / lz, z0[2] / lz];
    y = cross(zz, x);
  }
  return quatFromBasis(x, y, cross(x, y));
}

function readUnit(field: string, v: Vec3Like, entity = NEW): V3 {
  const u = readVec3(entity, field, v);
  const l = Math.hypot(u[0], u[1], u[2]);
  if (!(l > 1e-9)) throw new PhysicsInputError(entity, field, u, 'must be a non-zero vector (a direction)');
  return [u[0] / l, u[1] / l, u[2] / l];
}

function readStiffness(field: string, v: unknown): number {
  if (v === undefined) return Infinity;
  if (typeof v !== 'number' || Number.isNaN(v) || !(v >= 0)) {
    throw new PhysicsInputError(NEW, field, v, 'must be a number ≥ 0 (Infinity = rigid)');
  }
  return v;
}

function readThreshold(field: string, v: unknown): number {
  if (v === undefined) return Infinity;
  if (typeof v !== 'number' || Number.isNaN(v) || !(v > 0)) {
    throw new PhysicsInputError(NEW, field, v, 'must be a number > 0 (Infinity = unbreakable)');
  }
  return v;
}

/** Reads { lower, upper, stiffness?, damping? }: [lower, upper, k, b]. Finite angular bounds within ±π
 * (±π/2 for `half`); an open side is −Infinity / +Infinity. */
function readLimits(
  entity: number, field: string, l: unknown, angular: boolean, half = false,
): [number, number, number, number] {
  if (typeof l !== 'object' || l === null) throw new PhysicsInputError(entity, field, l, 'must be { lower, upper }');
  const { lower, upper, stiffness, damping } = l as { lower: unknown; upper: unknown; stiffness?: unknown; damping?: unknown };
  const bound = half ? Math.PI / 2 : Math.PI;
  for (const [name, x, open] of [['lower', lower, -Infinity], ['upper', upper, Infinity]] as const) {
    if (typeof x !== 'number' || Number.isNaN(x)) throw new PhysicsInputError(entity, `${field}.${name}`, x, 'must be a number');
    if (x === open) continue;
    if (!Number.isFinite(x)) {
      throw new PhysicsInputError(entity, `${field}.${name}`, x, `must be finite (or ${open} for an open ${name} side)`);
    }
    if (angular && !(x >= -bound && x <= bound)) {
      throw new PhysicsInputError(entity, `${field}.${name}`, x, `must be within ±${half ? 'π/2' : 'π'} rad`);
    }
  }
  if ((lower as number) > (upper as number)) {
    throw new PhysicsInputError(entity, field, [lower, upper], 'lower must be ≤ upper');
  }
  const [k, b] = readLimitSoftness(entity, field, stiffness, damping);
  return [lower as number, upper as number, k, b];
}

/** Limit stiffness (> 0, default Infinity) and damping (≥ 0, default 0). */
function readLimitSoftness(entity: number, field: string, stiffness: unknown, damping: unknown): [number, number] {
  let k = Infinity;
  if (stiffness !== undefined) {
    if (typeof stiffness !== 'number' || Number.isNaN(stiffness) || !(stiffness > 0)) {
      throw new PhysicsInputError(entity, `${field}.stiffness`, stiffness, 'must be a number > 0 (Infinity = rigid)');
    }
    k = stiffness;
  }
  const b = damping === undefined ? 0 : readNumber(entity, `${field}.damping`, damping, 'nonNegative');
  return [k, b];
}

/** Reads a swing limit: [θy, θz, k, b] with both half-angles in (0, π). */
function readSwing(entity: number, field: string, s: unknown): [number, number, number, number] {
  const spec = typeof s === 'number' || Array.isArray(s) ? { halfAngle: s } : s;
  if (typeof spec !== 'object' || spec === null) {
    throw new PhysicsInputError(entity, field, s, 'must be a half-angle (rad) or { halfAngle, stiffness?, damping? }');
  }
  const { halfAngle, stiffness, damping } = spec as { halfAngle: unknown; stiffness?: unknown; damping?: unknown };
  let pair: [unknown, unknown];
  if (typeof halfAngle === 'number') pair = [halfAngle, halfAngle];
  else if (Array.isArray(halfAngle) && halfAngle.length === 2) pair = [halfAngle[0], halfAngle[1]];
  else throw new PhysicsInputError(entity, `${field}.halfAngle`, halfAngle, 'must be a number or [about y, about z] (rad)');
  for (let i = 0; i < 2; i++) {
    const x = pair[i];
    if (typeof x !== 'number' || !(x > 0 && x < Math.PI)) {
      throw new PhysicsInputError(entity, `${field}.halfAngle`, halfAngle, 'half-angles must be in (0, π) rad');
    }
  }
  const [k, b] = readLimitSoftness(entity, field, stiffness, damping);
  return [pair[0] as number, pair[1] as number, k, b];
}

function readMotor(entity: number, field: string, m: unknown): [number, number] {
  if (typeof m !== 'object' || m === null) throw new PhysicsInputError(entity, field, m, 'must be { speed, maxForce }');
  const { speed, maxForce } = m as { speed: unknown; maxForce: unknown };
  return [readNumber(entity, `${field}.speed`, speed, 'finite'), readNumber(entity, `${field}.maxForce`, maxForce, 'nonNegative')];
}

interface Resolved {
  kind: number;
  a: number;
  b: number;
  anchorA: V3;
  anchorB: V3;
  frameA: Q4;
  frameB: Q4;
  mode: number[];
  lower: number[];
  upper: number[];
  limitK: number[];
  limitB: number[];
  swing: [number, number];
  motorSpeed: number[];
  motorMax: number[];
  friction: number[];
  restLength: number;
  k: number; c: number; ka: number; ca: number;
  breakForce: number; breakTorque: number;
  collide: boolean;
}

/** The two bodies' poses at the joint's creation (body B = the world: the origin) and the maps between
 * their frames. */
interface JointPoses {
  pA: V3; pB: V3; qA: Q4; qB: Q4;
  toLocalB: (w: V3) => V3;
  toWorldA: (l: V3) => V3;
}

function posesOf(world: PhysicsWorld, a: number, b: number): JointPoses {
  const P = world.bodies.position, Q = world.bodies.orientation;
  const pA: V3 = [P[3 * a], P[3 * a + 1], P[3 * a + 2]];
  const pB: V3 = b === WORLD_BODY ? [0, 0, 0] : [P[3 * b], P[3 * b + 1], P[3 * b + 2]];
  const qA: Q4 = [Q[4 * a], Q[4 * a + 1], Q[4 * a + 2], Q[4 * a + 3]];
  const qB: Q4 = b === WORLD_BODY ? [0, 0, 0, 1] : [Q[4 * b], Q[4 * b + 1], Q[4 * b + 2], Q[4 * b + 3]];
  const toLocalB = (w: V3): V3 => rotInv(qB, 0, [w[0] - pB[0], w[1] - pB[1], w[2] - pB[2]]);
  const toWorldA = (l: V3): V3 => { const r = rot(qA, 0, l); return [r[0] + pA[0], r[1] + pA[1], r[2] + pA[2]]; };
  return { pA, pB, qA, qB, toLocalB, toWorldA };
}

/** Validates the kind and the bodies (`def.bodyB` omitted: the world). */
function resolveBodies(world: PhysicsWorld, def: JointDef): { kind: number; a: number; b: number } {
  if (typeof def !== 'object' || def === null) throw new PhysicsInputError(NEW, 'joint', def, 'must be a joint description');
  const kindName = def.kind;
  if (typeof kindName !== 'string' || !Object.prototype.hasOwnProperty.call(JointKind, kindName)) {
    throw new PhysicsInputError(NEW, 'joint.kind', kindName,
      "must be 'ball', 'hinge', 'slider', 'fixed', 'distance' or 'sixDof'");
  }
  const kind = JointKind[kindName];
  const a = bodyIndex(world, def.bodyA);
  if (a < 0) {
    if (typeof def.bodyA === 'number') throw new UnknownEntityError(def.bodyA);
    throw new PhysicsInputError(NEW, 'joint.bodyA', def.bodyA, 'must be the handle of a body');
  }
  let b = WORLD_BODY;
  if (def.bodyB !== undefined) {
    b = bodyIndex(world, def.bodyB);
    if (b < 0) {
      if (typeof def.bodyB === 'number') throw new UnknownEntityError(def.bodyB);
      throw new PhysicsInputError(NEW, 'joint.bodyB', def.bodyB, 'must be the handle of a body (or omitted: the world)');
    }
    if (b === a) throw new PhysicsInputError(NEW, 'joint.bodyB', def.bodyB, 'must differ from bodyA');
  }
  return { kind, a, b };
}

/** The anchors in the bodies' frames: from `worldAnchor`, or `anchorA` (default the origin) and
 * `anchorB` (default where anchor A is now; a distance joint's defaults to B's origin). */
function resolveAnchors(def: JointDef, kind: number, ps: JointPoses): [V3, V3] {
  const { pA, qA, toLocalB, toWorldA } = ps;
  let anchorA: V3, anchorB: V3;
  if (def.worldAnchor !== undefined) {
    if (def.anchorA !== undefined || def.anchorB !== undefined) {
      throw new PhysicsInputError(NEW, 'joint.worldAnchor', def.worldAnchor, 'give either worldAnchor or anchorA / anchorB');
    }
    const wA = readVec3(NEW, 'joint.worldAnchor', def.worldAnchor);
    anchorA = rotInv(qA, 0, [wA[0] - pA[0], wA[1] - pA[1], wA[2] - pA[2]]);
    anchorB = toLocalB(wA);
  } else {
    anchorA = def.anchorA === undefined ? [0, 0, 0] : readVec3(NEW, 'joint.anchorA', def.anchorA);
    if (def.anchorB !== undefined) anchorB = readVec3(NEW, 'joint.anchorB', def.anchorB);
    else anchorB = kind === JointKind.distance ? [0, 0, 0] : toLocalB(toWorldA(anchorA));
  }
  return [anchorA, anchorB];
}

/** The joint frames on A (from `axis` / `worldAxis` and `normal` / `worldNormal`) and on B (from
 * `axisB` / `normalB`, else the frame on A as it is now). */
function resolveFrames(def: JointDef, ps: JointPoses): [Q4, Q4] {
  const { qA, qB } = ps;
  let x: V3 = [1, 0, 0];
  if (def.worldAxis !== undefined) {
    if (def.axis !== undefined) throw new PhysicsInputError(NEW, 'joint.worldAxis', def.worldAxis, 'give either axis or worldAxis');
    x = rotInv(qA, 0, readUnit('joint.worldAxis', def.worldAxis));
  } else if (def.axis !== undefined) {
    x = readUnit('joint.axis', def.axis);
  }
  let yIn: V3 | undefined;
  if (def.worldNormal !== undefined) {
    if (def.normal !== undefined) throw new PhysicsInputError(NEW, 'joint.worldNormal', def.worldNormal, 'give either normal or worldNormal');
    yIn = rotInv(qA, 0, readUnit('joint.worldNormal', def.worldNormal));
  } else if (def.normal !== undefined) {
    yIn = readUnit('joint.normal', def.normal);
  }
  const frameA = frameFromAxes(x, yIn, 'joint.normal');
  let frameB: Q4;
  if (def.axisB !== undefined) {
    const xB = readUnit('joint.axisB', def.axisB);
    const yB = def.normalB === undefined ? undefined : readUnit('joint.normalB', def.normalB);
    frameB = frameFromAxes(xB, yB, 'joint.normalB');
  } else {
    if (def.normalB !== undefined) throw new PhysicsInputError(NEW, 'joint.normalB', def.normalB, 'needs axisB');
    frameB = mul(conj(qB, 0), 0, mul(qA, 0, frameA, 0), 0);
  }
  return [frameA, frameB];
}

/** Stiffness, damping and breaking thresholds. */
function resolveSprings(def: JointDef): { k: number; c: number; ka: number; ca: number; breakForce: number; breakTorque: number } {
  const k = readStiffness('joint.stiffness', def.stiffness);
  const c = def.damping === undefined ? 0 : readNumber(NEW, 'joint.damping', def.damping, 'nonNegative');
  const ka = readStiffness('joint.angularStiffness', def.angularStiffness);
  const ca = def.angularDamping === undefined ? 0 : readNumber(NEW, 'joint.angularDamping', def.angularDamping, 'nonNegative');
  const breakForce = readThreshold('joint.breakForce', def.breakForce);
  const breakTorque = readThreshold('joint.breakTorque', def.breakTorque);
  if (def.collideConnected !== undefined && typeof def.collideConnected !== 'boolean') {
    throw new PhysicsInputError(NEW, 'joint.collideConnected', def.collideConnected, 'must be a boolean');
  }
  return { k, c, ka, ca, breakForce, breakTorque };
}

type JointAxes = Pick<Resolved, 'mode' | 'lower' | 'upper' | 'limitK' | 'limitB' | 'swing' | 'motorSpeed' | 'motorMax' | 'friction' | 'restLength'>;

/** Each of the six axes' mode, limits, limit softness, motor and friction, by joint kind; the swing
 * cone; a distance joint's rest length. */
function resolveAxes(def: JointDef, b: number, anchorA: V3, anchorB: V3, ps: JointPoses): JointAxes {
  const { pB, qB, toWorldA } = ps;
  const L: number = AxisMode.locked, F: number = AxisMode.free, Lim: number = AxisMode.limited;
  let mode: number[] = [L, L, L, L, L, L];
  const lower = [-Infinity, -Infinity, -Infinity, -Infinity, -Infinity, -Infinity];
  const upper = [Infinity, Infinity, Infinity, Infinity, Infinity, Infinity];
  const limitK = [Infinity, Infinity, Infinity, Infinity, Infinity, Infinity];
  const limitB = [0, 0, 0, 0, 0, 0];
  const swing: [number, number] = [0, 0];
  const motorSpeed = [0, 0, 0, 0, 0, 0];
  const motorMax = [0, 0, 0, 0, 0, 0];
  const friction = [0, 0, 0, 0, 0, 0];
  let restLength = 0;
  switch (def.kind) {
    case 'ball':
      mode = [L, L, L, F, F, F];
      if (def.twistLimit !== undefined) {
        [lower[3], upper[3], limitK[3], limitB[3]] = readLimits(NEW, 'joint.twistLimit', def.twistLimit, true);
        mode[3] = Lim;
      }
      if (def.swingLimit !== undefined) {
        [swing[0], swing[1], limitK[4], limitB[4]] = readSwing(NEW, 'joint.swingLimit', def.swingLimit);
      }
      break;
    case 'hinge':
    case 'slider': {
      const i = def.kind === 'hinge' ? 3 : 0;
      mode[i] = F;
      if (def.limits !== undefined) {
        [lower[i], upper[i], limitK[i], limitB[i]] = readLimits(NEW, 'joint.limits', def.limits, i === 3);
        mode[i] = Lim;
      }
      if (def.motor !== undefined) [motorSpeed[i], motorMax[i]] = readMotor(NEW, 'joint.motor', def.motor);
      if (def.friction !== undefined) friction[i] = readNumber(NEW, 'joint.friction', def.friction, 'nonNegative');
      break;
    }
    case 'fixed':
      break;
    case 'distance': {
      const wA = toWorldA(anchorA);
      const wB = b === WORLD_BODY ? anchorB : (() => { const r = rot(qB, 0, anchorB); return [r[0] + pB[0], r[1] + pB[1], r[2] + pB[2]] as V3; })();
      const current = Math.hypot(wB[0] - wA[0], wB[1] - wA[1], wB[2] - wA[2]);
      const length = def.length === undefined ? current : readNumber(NEW, 'joint.length', def.length, 'nonNegative');
      let lo = length, hi = length;
      if (def.minLength !== undefined || def.maxLength !== undefined) {
        lo = def.minLength === undefined ? 0 : readNumber(NEW, 'joint.minLength', def.minLength, 'nonNegative');
        hi = def.maxLength === undefined ? Infinity : readLength('joint.maxLength', def.maxLength);
        if (lo > hi) throw new PhysicsInputError(NEW, 'joint.minLength', [lo, hi], 'minLength must be ≤ maxLength');
      }
      mode = [F, F, F, F, F, F];
      lower[0] = lo; upper[0] = hi;
      restLength = length;
      break;
    }
    case 'sixDof': {
      const specs = [...(def.linear ?? ['locked', 'locked', 'locked']), ...(def.angular ?? ['locked', 'locked', 'locked'])];
      if (def.linear !== undefined && (!Array.isArray(def.linear) || def.linear.length !== 3)) {
        throw new PhysicsInputError(NEW, 'joint.linear', def.linear, 'must be 3 axis specs');
      }
      if (def.angular !== undefined && (!Array.isArray(def.angular) || def.angular.length !== 3)) {
        throw new PhysicsInputError(NEW, 'joint.angular', def.angular, 'must be 3 axis specs');
      }
      for (let i = 0; i < 6; i++) {
        const s = specs[i];
        const field = `joint.${i < 3 ? 'linear' : 'angular'}[${i % 3}]`;
        if (s === 'free') mode[i] = F;
        else if (s === 'locked') mode[i] = L;
        else {
          [lower[i], upper[i], limitK[i], limitB[i]] = readLimits(NEW, field, s, i >= 3, i === 4);
          mode[i] = Lim;
        }
      }
      break;
    }
  }
  return { mode, lower, upper, limitK, limitB, swing, motorSpeed, motorMax, friction, restLength };
}

function resolve(world: PhysicsWorld, def: JointDef): Resolved {
  const { kind, a, b } = resolveBodies(world, def);
  const ps = posesOf(world, a, b);
  const [anchorA, anchorB] = resolveAnchors(def, kind, ps);
  const [frameA, frameB] = resolveFrames(def, ps);
  const springs = resolveSprings(def);
  const axes = resolveAxes(def, b, anchorA, anchorB, ps);
  return { kind, a, b, anchorA, anchorB, frameA, frameB, ...axes, ...springs, collide: def.collideConnected ?? false };
}

function readLength(field: string, v: unknown): number {
  if (v === Infinity) return v;
  return readNumber(NEW, field, v, 'nonNegative');
}

/**
 * Adds a joint and returns its entity id.
 *
 * Kinds: `ball` (ball-and-socket: the anchors coincide), `hinge` (revolute about the axis; optional
 * `limits` in rad within ±π and `motor`), `slider` (prismatic along the axis, no rotation; `limits` in
 * m, `motor`), `fixed` (weld), `distance` (|anchor gap| = `length`, default the current distance; with
 * `minLength` / `maxLength` a rope or a range, and with a finite `stiffness` a spring towards
 * `length`), `sixDof` (per-axis 'free' | 'locked' | { lower, upper } for linear x y z and angular x y z,
 * the XYZ Euler angles of B's frame relative to A's; the y angle must stay within ±π/2).
 *
 * Ball joints may limit the swing of B's axis in a cone about A's (`swingLimit`: half-angle in (0, π), or
 * two half-angles [about y, about z] for an elliptical cone) and the twist about it (`twistLimit`, rad
 * within ±π): the swing–twist decomposition of the relative rotation (see {@link getJointSwingTwist}),
 * one unilateral angular row each, e.g. for ragdoll shoulders and hips.
 *
 * Limits are rigid unless given a `stiffness` (then a unilateral spring-damper, {@link JointLimits});
 * one side of a range may be open (±Infinity).
 *
 * Rigid by default (stiffness Infinity); the two bodies do not collide unless `collideConnected`.
 * @throws UnknownEntityError when bodyA / bodyB is not a body of this world; PhysicsInputError for a
 *   bad kind, NaN or infinite anchors, zero or parallel axes, lower > upper, angular limits outside
 *   ±π, negative stiffness or damping, limit stiffness ≤ 0, swing half-angles outside (0, π),
 *   non-positive break thresholds, bodyB = bodyA.
 */
export function addJoint(world: PhysicsWorld, def: JointDef): number {
  requireWorld(world);
  const r = resolve(world, def);
  // All input is valid: only now does the world change.
  installJointStage(world);
  const eid = addEntity(world.ecs);
  wakeBodies(world, r.a, r.b);
  ensureHandleCapacity(world.handles, eid);
  const s = world.joints;
  ensureJointCapacity(s, eid);
  addComponent(world.ecs, eid, s);
  s.kind[eid] = r.kind;
  s.bodyA[eid] = r.a;
  s.bodyB[eid] = r.b;
  for (let k = 0; k < 3; k++) { s.anchorA[3 * eid + k] = r.anchorA[k]; s.anchorB[3 * eid + k] = r.anchorB[k]; }
  for (let k = 0; k < 4; k++) { s.frameA[4 * eid + k] = r.frameA[k]; s.frameB[4 * eid + k] = r.frameB[k]; }
  for (let k = 0; k < 6; k++) {
    s.axisMode[6 * eid + k] = r.mode[k];
    s.lower[6 * eid + k] = r.lower[k];
    s.upper[6 * eid + k] = r.upper[k];
    s.limitStiffness[6 * eid + k] = r.limitK[k];
    s.limitDamping[6 * eid + k] = r.limitB[k];
    s.motorSpeed[6 * eid + k] = r.motorSpeed[k];
    s.motorMaxForce[6 * eid + k] = r.motorMax[k];
    s.friction[6 * eid + k] = r.friction[k];
  }
  s.swingLimit[2 * eid] = r.swing[0];
  s.swingLimit[2 * eid + 1] = r.swing[1];
  s.restLength[eid] = r.restLength;
  s.stiffness[eid] = r.k;
  s.damping[eid] = r.c;
  s.angularStiffness[eid] = r.ka;
  s.angularDamping[eid] = r.ca;
  s.breakForce[eid] = r.breakForce;
  s.breakTorque[eid] = r.breakTorque;
  s.collideConnected[eid] = r.collide ? 1 : 0;
  s.enabled[eid] = 1;
  s.rowForce.fill(0, JOINT_SLOTS * eid, JOINT_SLOTS * eid + JOINT_SLOTS);
  s.warmForce.fill(0, JOINT_SLOTS * eid, JOINT_SLOTS * eid + JOINT_SLOTS);
  s.force.fill(0, 3 * eid, 3 * eid + 3);
  s.torque.fill(0, 3 * eid, 3 * eid + 3);
  registerJoint(s, eid);
  return indexHandle(world.handles, eid);
}

/**
 * Installs the joint stage on `world` (idempotent): from the next step on, the step assembles, solves
 * and stores the joint rows (`systems/assembly/joint-stage.ts`). Only `addJoint` calls it, so an app
 * that never imports `addJoint` never ships the joint code.
 */
function installJointStage(world: PhysicsWorld): void {
  if (world.jointStage !== undefined) return;
  world.jointStage = JOINT_STAGE;
  const sp = world.solverProblem;
  sp.joints = JOINT_STAGE.createProblem();
  sp.jointKernels = JOINT_STAGE.kernels;
  sp.fastJoints = JOINT_STAGE.fastJoints;
}

/**
 * Removes a joint (broken or not). Its bodies may collide again from the next step.
 * @throws PhysicsInputError when `eid` is not a joint of this world.
 */
export function removeJoint(world: PhysicsWorld, joint: number): void {
  const eid = requireJoint(world, joint);
  wakeBodies(world, world.joints.bodyA[eid], world.joints.bodyB[eid]);
  unregisterJoint(world.joints, eid);
  removeEntity(world.ecs, eid);
  retireIndex(world.handles, eid);
}

/** Removes every joint attached to body `body` (called by `removeBody`). */
export function removeJointsOfBody(world: PhysicsWorld, body: number): void {
  const s = world.joints;
  for (let i = s.count - 1; i >= 0; i--) {
    const e = s.list[i];
    if (s.bodyA[e] === body || s.bodyB[e] === body) {
      unregisterJoint(s, e);
      removeEntity(world.ecs, e);
      retireIndex(world.handles, e);
    }
  }
}

function axisIndex(world: PhysicsWorld, eid: number, axis: JointAxisName | undefined, field: string): number {
  const s = world.joints;
  if (axis === undefined) {
    if (s.kind[eid] === JointKind.hinge) return 3;
    if (s.kind[eid] === JointKind.slider || s.kind[eid] === JointKind.distance) return 0;
    throw new PhysicsInputError(eid, field, axis, "give the axis ('linearX' … 'angularZ') for this joint kind");
  }
  const i = AXIS_NAMES.indexOf(axis);
  if (i < 0) throw new PhysicsInputError(eid, field, axis, "must be 'linearX', 'linearY', 'linearZ', 'angularX', 'angularY' or 'angularZ'");
  return i;
}

/**
 * Sets (or, with maxForce 0, turns off) the motor of a joint axis: drives the axis velocity to `speed`
 * (m/s or rad/s) with a force or torque of at most `maxForce` (N or N·m). Default axis: the hinge angle
 * (angularX) or the slide (linearX); sixDof joints need it. Not for locked axes or distance joints.
 * @throws PhysicsInputError (unknown joint, NaN, maxForce < 0, a locked axis).
 */
export function setJointMotor(world: PhysicsWorld, joint: number, motor: JointMotorDef, axis?: JointAxisName): void {
  const eid = requireJoint(world, joint);
  const [speed, maxForce] = readMotor(joint, 'motor', motor);
  const s = world.joints;
  if (s.kind[eid] === JointKind.distance) throw new PhysicsInputError(joint, 'motor', motor, 'distance joints have no motor');
  const i = axisIndex(world, eid, axis, 'axis');
  if (s.axisMode[6 * eid + i] === AxisMode.locked) {
    throw new PhysicsInputError(joint, 'axis', AXIS_NAMES[i], 'is locked: a motor needs a free or limited axis');
  }
  if (s.motorMaxForce[6 * eid + i] === 0) s.warmForce[JOINT_SLOTS * eid + 18 + i] = 0;
  s.motorSpeed[6 * eid + i] = speed;
  s.motorMaxForce[6 * eid + i] = maxForce;
  wakeBodies(world, world.joints.bodyA[eid], world.joints.bodyB[eid]);
}

/**
 * Sets the dry friction of a joint axis: a force (N, linear axes) or torque (N·m, angular axes) of at
 * most `friction` that opposes the axis velocity (a velocity row with target 0, solved like a motor, so
 * the axis sticks while the load stays below it). Active while no motor drives the axis; 0 turns it
 * off. Default axis as for {@link setJointMotor}. Not for locked axes or distance joints.
 * @throws PhysicsInputError (unknown joint, NaN or negative friction, a locked axis, a distance joint).
 */
export function setJointFriction(world: PhysicsWorld, joint: number, friction: number, axis?: JointAxisName): void {
  const eid = requireJoint(world, joint);
  const f = readNumber(joint, 'friction', friction, 'nonNegative');
  const s = world.joints;
  if (s.kind[eid] === JointKind.distance) throw new PhysicsInputError(joint, 'friction', friction, 'distance joints have no joint friction');
  const i = axisIndex(world, eid, axis, 'axis');
  if (s.axisMode[6 * eid + i] === AxisMode.locked) {
    throw new PhysicsInputError(joint, 'axis', AXIS_NAMES[i], 'is locked: joint friction needs a free or limited axis');
  }
  if (s.motorMaxForce[6 * eid + i] === 0 && s.friction[6 * eid + i] === 0) s.warmForce[JOINT_SLOTS * eid + 18 + i] = 0;
  s.friction[6 * eid + i] = f;
  wakeBodies(world, world.joints.bodyA[eid], world.joints.bodyB[eid]);
}

/**
 * Sets the limits of a joint axis (m or rad), making it limited; distance joints: the length range.
 * A finite `stiffness` (with `damping`) makes them soft (see {@link JointLimits}); one side may be open
 * (±Infinity). Ball joints: 'angularX' is the twist range about the joint axis (same as `twistLimit`).
 * Default axis as for {@link setJointMotor}.
 * @throws PhysicsInputError (unknown joint, NaN, lower > upper, a finite bound at the wrong infinity,
 *   angular outside ±π, stiffness ≤ 0, damping < 0, a locked axis, angularY / angularZ of a ball joint
 *   with a swing cone).
 */
export function setJointLimits(world: PhysicsWorld, joint: number, limits: JointLimits, axis?: JointAxisName): void {
  const eid = requireJoint(world, joint);
  const s = world.joints;
  const i = axisIndex(world, eid, axis, 'axis');
  const [lo, hi, k, b] = readLimits(joint, 'limits', limits, i >= 3, i === 4 && s.kind[eid] === JointKind.sixDof);
  if (s.kind[eid] === JointKind.distance) {
    if (lo < 0) throw new PhysicsInputError(joint, 'limits.lower', lo, 'a length must be ≥ 0');
  } else if (s.axisMode[6 * eid + i] === AxisMode.locked) {
    throw new PhysicsInputError(joint, 'axis', AXIS_NAMES[i], 'is locked');
  } else if (s.kind[eid] === JointKind.ball && i >= 4 && s.swingLimit[2 * eid] > 0) {
    throw new PhysicsInputError(joint, 'axis', AXIS_NAMES[i], 'this ball joint has a swing cone (use setJointSwingLimit)');
  } else {
    s.axisMode[6 * eid + i] = AxisMode.limited;
  }
  s.lower[6 * eid + i] = lo;
  s.upper[6 * eid + i] = hi;
  s.limitStiffness[6 * eid + i] = k;
  s.limitDamping[6 * eid + i] = b;
  wakeBodies(world, world.joints.bodyA[eid], world.joints.bodyB[eid]);
}

/**
 * Sets (or, with `undefined`, removes) the swing cone of a ball joint: a half-angle in (0, π) rad,
 * [about y, about z] for an elliptical cone, or a {@link JointSwingLimit} (with stiffness, damping).
 * @throws PhysicsInputError (unknown joint, not a ball joint, half-angles outside (0, π), stiffness ≤ 0,
 *   damping < 0, a ball joint with angularY / angularZ limits).
 */
export function setJointSwingLimit(
  world: PhysicsWorld, joint: number, swing: number | readonly [number, number] | JointSwingLimit | undefined,
): void {
  const eid = requireJoint(world, joint);
  const s = world.joints;
  if (s.kind[eid] !== JointKind.ball) throw new PhysicsInputError(joint, 'swingLimit', swing, 'only ball joints have a swing cone');
  if (swing === undefined) {
    s.swingLimit[2 * eid] = 0;
    s.swingLimit[2 * eid + 1] = 0;
    return;
  }
  const [ty, tz, k, b] = readSwing(joint, 'swingLimit', swing);
  if (s.axisMode[6 * eid + 4] !== AxisMode.free || s.axisMode[6 * eid + 5] !== AxisMode.free) {
    throw new PhysicsInputError(joint, 'swingLimit', swing, 'this ball joint has angularY / angularZ limits');
  }
  s.swingLimit[2 * eid] = ty;
  s.swingLimit[2 * eid + 1] = tz;
  s.limitStiffness[6 * eid + 4] = k;
  s.limitDamping[6 * eid + 4] = b;
  wakeBodies(world, world.joints.bodyA[eid], world.joints.bodyB[eid]);
}

function write3(out: Out3, a: Float64Array, o: number): void {
  if (Array.isArray(out) || out instanceof Float64Array) { out[0] = a[o]; out[1] = a[o + 1]; out[2] = a[o + 2]; } else {
    out.x = a[o]; out.y = a[o + 1]; out.z = a[o + 2];
  }
}

/**
 * The constraint force the joint applied to body B in the last step, averaged over the step (unit: N,
 * world frame; body A received the opposite): the sum of its linear rows (anchor, limit and motor rows).
 * A broken joint keeps the force of the step in which it broke.
 */
export function getJointForce<T extends Out3 = number[]>(world: PhysicsWorld, joint: number, out?: T): T {
  const eid = requireJoint(world, joint);
  checkOut(joint, out, 3);
  const o = out ?? ([0, 0, 0] as unknown as T);
  write3(o, world.joints.force, 3 * eid);
  return o;
}

/** The constraint torque the joint's angular rows applied to body B in the last step, averaged over the
 * step (N·m, world). */
export function getJointTorque<T extends Out3 = number[]>(world: PhysicsWorld, joint: number, out?: T): T {
  const eid = requireJoint(world, joint);
  checkOut(joint, out, 3);
  const o = out ?? ([0, 0, 0] as unknown as T);
  write3(o, world.joints.torque, 3 * eid);
  return o;
}

/** The constraint impulse of the last step (N·s, world, on body B): force × the step's dt is what the
 * bodies received over the step; `dt` is the step length. */
export function getJointImpulse(world: PhysicsWorld, joint: number, dt: number): number[] {
  const f = getJointForce(world, joint);
  const h = readNumber(joint, 'dt', dt, 'positive');
  return [f[0] * h, f[1] * h, f[2] * h];
}

/** The motor force (N) or torque (N·m) of an axis, averaged over the last step, signed along the axis (the
 * joint friction force on an axis without a motor). */
export function getJointMotorForce(world: PhysicsWorld, joint: number, axis?: JointAxisName): number {
  const eid = requireJoint(world, joint);
  const i = axisIndex(world, eid, axis, 'axis');
  return world.joints.rowForce[JOINT_SLOTS * eid + 18 + i];
}

/** True once the joint broke (it stays, disabled, until removed). */
export function isJointBroken(world: PhysicsWorld, joint: number): boolean {
  const eid = requireJoint(world, joint);
  return world.joints.enabled[eid] === 0;
}

/**
 * The current coordinate of a joint axis from the bodies' poses: translation of B's anchor relative to
 * A's along A's joint frame (m), or the XYZ Euler angle of B's frame relative to A's (rad); distance
 * joints: the anchor distance (m). Default axis as for {@link setJointMotor}. Ball joints: the angular
 * axes still read the Euler angles; their swing and twist (what `swingLimit` / `twistLimit` bound) are
 * read by {@link getJointSwingTwist}.
 */
export function getJointCoordinate(world: PhysicsWorld, joint: number, axis?: JointAxisName): number {
  const eid = requireJoint(world, joint);
  const s = world.joints;
  const i = s.kind[eid] === JointKind.distance ? 0 : axisIndex(world, eid, axis, 'axis');
  const a = s.bodyA[eid], b = s.bodyB[eid];
  const P = world.bodies.position, Q = world.bodies.orientation;
  const qA = [Q[4 * a], Q[4 * a + 1], Q[4 * a + 2], Q[4 * a + 3]];
  const qB = b === WORLD_BODY ? [0, 0, 0, 1] : [Q[4 * b], Q[4 * b + 1], Q[4 * b + 2], Q[4 * b + 3]];
  const pB = b === WORLD_BODY ? [0, 0, 0] : [P[3 * b], P[3 * b + 1], P[3 * b + 2]];
  const wa = rot(qA, 0, [s.anchorA[3 * eid], s.anchorA[3 * eid + 1], s.anchorA[3 * eid + 2]]);
  const wb = rot(qB, 0, [s.anchorB[3 * eid], s.anchorB[3 * eid + 1], s.anchorB[3 * eid + 2]]);
  const d: V3 = [pB[0] + wb[0] - P[3 * a] - wa[0], pB[1] + wb[1] - P[3 * a + 1] - wa[1], pB[2] + wb[2] - P[3 * a + 2] - wa[2]];
  if (s.kind[eid] === JointKind.distance) return Math.hypot(d[0], d[1], d[2]);
  const fa = mul(qA, 0, s.frameA, 4 * eid);
  const fb = mul(qB, 0, s.frameB, 4 * eid);
  if (i < 3) {
    const e: V3 = [i === 0 ? 1 : 0, i === 1 ? 1 : 0, i === 2 ? 1 : 0];
    return dot(rot(fa, 0, e), d);
  }
  const out = new Float64Array(3);
  eulerXyz(out, 0, mul(conj(fa, 0), 0, fb, 0));
  return out[i - 3];
}

/**
 * The swing and twist of a joint from the bodies' poses: the swing–twist decomposition of B's joint frame
 * relative to A's, q = F_A⁻¹ F_B = q_swing q_twist, with the twist about the joint axis (frame x).
 * Returns `[φ, τ, r_y, r_z]` (rad): φ ∈ [0, π] the swing angle between the two frames' x axes (what a
 * ball joint's `swingLimit` bounds), τ ∈ [−π, π] the twist angle about the axis (what `twistLimit`
 * bounds), and (r_y, r_z) = φ a the swing as a rotation vector in A's joint frame (a ⊥ x; an elliptical
 * cone bounds (r_y/θy)² + (r_z/θz)²). For any joint kind except distance.
 * @throws PhysicsInputError (unknown joint, a distance joint).
 */
export function getJointSwingTwist<T extends Float64Array | number[] = number[]>(world: PhysicsWorld, joint: number, out?: T): T {
  const eid = requireJoint(world, joint);
  checkOut(joint, out, 4);
  const s = world.joints;
  if (s.kind[eid] === JointKind.distance) throw new PhysicsInputError(joint, 'joint', eid, 'a distance joint has no swing or twist');
  const a = s.bodyA[eid], b = s.bodyB[eid];
  const Q = world.bodies.orientation;
  const qA = [Q[4 * a], Q[4 * a + 1], Q[4 * a + 2], Q[4 * a + 3]];
  const qB = b === WORLD_BODY ? [0, 0, 0, 1] : [Q[4 * b], Q[4 * b + 1], Q[4 * b + 2], Q[4 * b + 3]];
  const fa = mul(qA, 0, s.frameA, 4 * eid);
  const fb = mul(qB, 0, s.frameB, 4 * eid);
  const r = new Float64Array(4);
  swingTwist(r, 0, mul(conj(fa, 0), 0, fb, 0));
  const o = out ?? ([0, 0, 0, 0] as unknown as T);
  for (let k = 0; k < 4; k++) o[k] = r[k];
  return o;
}

export type { JointKindName, AxisModeName };
