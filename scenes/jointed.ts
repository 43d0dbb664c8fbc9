/**
 * Scenes with joints, shared part: the joint description the jointed scenes produce next to their
 * bodies, the function that adds a jointed description to a world, and the joint-quality measures
 * (anchor gap, hinge axis error, hinge limit excess) computed the same way for any engine from body
 * poses.
 *
 * Like the bodies, every joint is first a pure description in world coordinates at the start
 * (anchor point, hinge axis), then added to a world (`buildJointedSpec`). The benchmark builds the very
 * same description in cannon-es (`bench/cannon-scenes.ts`), so both engines run identical scenes.
 * No Babylon imports, no printing.
 */

import { addJoint } from '../plugin/joints';
import type { PhysicsWorld } from '../plugin/world';
import { buildSpec, type BuiltScene, type QuatTuple, type SceneSpec, type Vec3Tuple } from './container';
import { detAtan2 } from '../math/deterministic-math';

/** Body index of {@link SceneJointSpec.bodyB} that means the world. */
export const WORLD = -1;

/** One joint of a scene description. All vectors in the world frame at the start. */
export interface SceneJointSpec {
  /** 'ball' (the anchors coincide, rotation free) or 'hinge' (rotation about `axis` only). */
  kind: 'ball' | 'hinge';
  /** Body A: index into `spec.dynamics`. */
  bodyA: number;
  /** Body B: index into `spec.dynamics`, or {@link WORLD}. */
  bodyB: number;
  /** The joint point at the start (unit: m, world). */
  anchor: Vec3Tuple;
  /** Hinge: the hinge axis; ball with a cone: the cone (twist) axis; at the start (unit vector, world). */
  axis?: Vec3Tuple;
  /** Ball only: half-angle of the swing cone about `axis` (unit: rad, in (0, π)); none = free. */
  swing?: number;
  /** Ball only: range of the twist about `axis` (unit: rad, within ±π); none = free. */
  twist?: { lower: number; upper: number };
  /** Hinge only: range of the hinge angle (unit: rad, within ±π), measured from the start pose,
   * positive = right-handed about `axis`. */
  limits?: { lower: number; upper: number };
}

/** A scene description with joints. */
export interface JointedSceneSpec extends SceneSpec {
  /** Joints between the dynamic bodies (or a dynamic body and the world), in the order they are added. */
  joints: SceneJointSpec[];
}

/** A jointed description added to a world. */
export interface BuiltJointedScene extends BuiltScene {
  /** Entity ids of the joints (same order as `spec.joints`). */
  joints: number[];
  spec: JointedSceneSpec;
}

/**
 * Adds a whole jointed description: statics, dynamics, then the joints (rigid, the connected bodies
 * do not collide with each other).
 */
export function buildJointedSpec(world: PhysicsWorld, spec: JointedSceneSpec): BuiltJointedScene {
  const built = buildSpec(world, spec);
  const joints = spec.joints.map((j) => addJoint(world, {
    ...(j.kind === 'hinge'
      ? { kind: 'hinge' as const, worldAxis: j.axis ?? [1, 0, 0], ...(j.limits ? { limits: { ...j.limits } } : {}) }
      : {
        kind: 'ball' as const,
        ...(j.axis ? { worldAxis: j.axis } : {}),
        ...(j.swing !== undefined ? { swingLimit: j.swing } : {}),
        ...(j.twist ? { twistLimit: { ...j.twist } } : {}),
      }),
    bodyA: built.bodies[j.bodyA],
    ...(j.bodyB === WORLD ? {} : { bodyB: built.bodies[j.bodyB] }),
    worldAnchor: j.anchor,
  }));
  return { ...built, spec, joints };
}

// ---------------------------------------------------------------------------------------------------
// Small rigid-transform helpers on tuples (set-up and measurement code, not the step).

/** v rotated by the unit quaternion q (x y z w). */
export function rotate(q: readonly number[], v: readonly number[]): Vec3Tuple {
  const [qx, qy, qz, qw] = q;
  const tx = 2 * (qy * v[2] - qz * v[1]), ty = 2 * (qz * v[0] - qx * v[2]), tz = 2 * (qx * v[1] - qy * v[0]);
  return [v[0] + qw * tx + (qy * tz - qz * ty), v[1] + qw * ty + (qz * tx - qx * tz), v[2] + qw * tz + (qx * ty - qy * tx)];
}

/** v rotated by the inverse of the unit quaternion q. */
export function rotateInverse(q: readonly number[], v: readonly number[]): Vec3Tuple {
  return rotate([-q[0], -q[1], -q[2], q[3]], v);
}

/** The product a·b of two quaternions (x y z w): rotation b, then a. */
export function quatMultiply(a: readonly number[], b: readonly number[]): QuatTuple {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}

const sub = (a: readonly number[], b: readonly number[]): Vec3Tuple => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: readonly number[], b: readonly number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: readonly number[], b: readonly number[]): Vec3Tuple =>
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** A unit vector perpendicular to the unit vector `a` (fixed choice: a × the least aligned unit axis). */
function perpendicular(a: readonly number[]): Vec3Tuple {
  const ax = Math.abs(a[0]), ay = Math.abs(a[1]), az = Math.abs(a[2]);
  const e = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  const p = cross(a, e);
  const l = Math.hypot(p[0], p[1], p[2]);
  return [p[0] / l, p[1] / l, p[2] / l];
}

// ---------------------------------------------------------------------------------------------------
// Joint quality, engine-independent.

/** A joint in body-local terms, precomputed from the description: what the measures compare. */
export interface LocalJoint {
  /** Body A index (into `spec.dynamics`) and body B index ({@link WORLD} = the world). */
  bodyA: number;
  bodyB: number;
  /** Anchor on A (unit: m, body-local to A, from its centre of mass). */
  anchorA: Vec3Tuple;
  /** Anchor on B (unit: m, body-local to B; a world point when B is the world). */
  anchorB: Vec3Tuple;
  /** Hinges: the axis body-local to A and to B (unit vectors). */
  axisA?: Vec3Tuple;
  axisB?: Vec3Tuple;
  /** Hinges: a reference direction perpendicular to the axis, body-local to A and to B (unit
   * vectors, equal in the world at the start); the hinge angle is the angle between them. */
  refA?: Vec3Tuple;
  refB?: Vec3Tuple;
  /** Hinges with limits: the range of the angle (unit: rad). */
  limits?: { lower: number; upper: number };
  /** Ball joints with a swing cone: the cone axis body-local to A and B, the half-angle and the twist
   * range (unit: rad). */
  cone?: { axisA: Vec3Tuple; axisB: Vec3Tuple; angle: number; twist?: { lower: number; upper: number } };
}

/** The joints of `spec` in body-local terms, from the start poses of its dynamic bodies. */
export function localJoints(spec: JointedSceneSpec): LocalJoint[] {
  const d = spec.dynamics;
  return spec.joints.map((j) => {
    const a = d[j.bodyA];
    const b = j.bodyB === WORLD ? undefined : d[j.bodyB];
    const toA = (v: readonly number[]): Vec3Tuple => rotateInverse(a.orientation, v);
    const toB = (v: readonly number[]): Vec3Tuple => (b === undefined ? [v[0], v[1], v[2]] : rotateInverse(b.orientation, v));
    const out: LocalJoint = {
      bodyA: j.bodyA, bodyB: j.bodyB,
      anchorA: toA(sub(j.anchor, a.position)),
      anchorB: b === undefined ? [...j.anchor] : toB(sub(j.anchor, b.position)),
    };
    if (j.kind === 'hinge') {
      const axis = j.axis ?? [1, 0, 0];
      const l = Math.hypot(axis[0], axis[1], axis[2]);
      const u = [axis[0] / l, axis[1] / l, axis[2] / l];
      const r = perpendicular(u);
      out.axisA = toA(u); out.axisB = toB(u);
      out.refA = toA(r); out.refB = toB(r);
      if (j.limits) out.limits = { ...j.limits };
    } else if (j.swing !== undefined && j.axis) {
      const l = Math.hypot(j.axis[0], j.axis[1], j.axis[2]);
      const u = [j.axis[0] / l, j.axis[1] / l, j.axis[2] / l];
      out.cone = { axisA: toA(u), axisB: toB(u), angle: j.swing, ...(j.twist ? { twist: { ...j.twist } } : {}) };
    }
    return out;
  });
}

/** Reads the pose of dynamic body `i` (index into `spec.dynamics`) from some engine: position (m)
 * and orientation (unit quaternion x y z w), world frame. */
export type PoseReader = (i: number, position: number[], orientation: number[]) => void;

/** Worst joint errors of one configuration (see {@link measureJoints}). */
export interface JointErrors {
  /** Largest distance between the two anchors of a joint (unit: m). */
  gap: number;
  /** Largest angle between a hinge's axis on A and its axis on B (unit: rad). */
  axisError: number;
  /** Largest amount by which a hinge angle lies outside its limits (unit: rad, ≥ 0). */
  limitExcess: number;
}

/**
 * The worst joint errors of the current poses: the largest anchor gap over all joints, the largest
 * hinge axis misalignment and the largest hinge limit violation. Non-finite poses give NaN.
 * `out` is reused when given.
 */
export function measureJoints(joints: readonly LocalJoint[], pose: PoseReader, out?: JointErrors): JointErrors {
  const r = out ?? { gap: 0, axisError: 0, limitExcess: 0 };
  r.gap = 0; r.axisError = 0; r.limitExcess = 0;
  const pA = [0, 0, 0], qA = [0, 0, 0, 1], pB = [0, 0, 0], qB = [0, 0, 0, 1];
  for (const j of joints) {
    pose(j.bodyA, pA, qA);
    if (j.bodyB === WORLD) { pB[0] = pB[1] = pB[2] = 0; qB[0] = qB[1] = qB[2] = 0; qB[3] = 1; } else pose(j.bodyB, pB, qB);
    const wa = rotate(qA, j.anchorA), wb = rotate(qB, j.anchorB);
    const gap = Math.hypot(pB[0] + wb[0] - pA[0] - wa[0], pB[1] + wb[1] - pA[1] - wa[1], pB[2] + wb[2] - pA[2] - wa[2]);
    if (!(gap <= r.gap)) r.gap = gap; // NaN propagates
    if (j.axisA && j.axisB && j.refA && j.refB) {
      const ua = rotate(qA, j.axisA), ub = rotate(qB, j.axisB);
      const c = cross(ua, ub);
      const err = detAtan2(Math.hypot(c[0], c[1], c[2]), dot(ua, ub));
      if (!(err <= r.axisError)) r.axisError = err;
      if (j.limits) {
        // Hinge angle: B's reference direction about A's axis, relative to A's reference direction.
        const ra = rotate(qA, j.refA), rb = rotate(qB, j.refB);
        const angle = detAtan2(dot(cross(ra, rb), ua), dot(ra, rb));
        const excess = Math.max(0, j.limits.lower - angle, angle - j.limits.upper);
        if (!(excess <= r.limitExcess)) r.limitExcess = excess;
      }
    }
  }
  return r;
}
