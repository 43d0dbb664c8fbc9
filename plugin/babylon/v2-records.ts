/**
 * What the Physics V2 adapter keeps on Babylon's objects (`PhysicsBody._pluginData` /
 * `_pluginDataInstances`, `PhysicsShape._pluginData`, `PhysicsConstraint._pluginData`), and the small
 * quaternion / vector helpers the adapter needs on plain arrays.
 *
 * Frames. A Babylon body sits on a node (position p_n, rotation q_n, world frame). The engine body's
 * origin is its centre of mass and its axes are its principal axes of inertia: the body frame, at
 * (c, r) in the node frame (c = centre of mass, r = inertia orientation). So the engine pose is
 * x = p_n + q_n c, q = q_n r, and the node pose read back is q_n = q r⁻¹, p_n = x − q_n c.
 */

import type { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import type { PhysicsShape } from '@babylonjs/core/Physics/v2/physicsShape.js';
import type { PhysicsConstraint } from '@babylonjs/core/Physics/v2/physicsConstraint.js';
import type { PhysicsMassProperties } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';

export type V3 = [number, number, number];
export type Q4 = [number, number, number, number];

/** The geometry an engine collider can take: kind, size and its pose in the node frame. */
export interface ShapeGeometry {
  kind: 'sphere' | 'box' | 'capsule' | 'cylinder' | 'hull' | 'mesh' | 'heightfield';
  /** sphere (r, 0, 0); box half extents; capsule and cylinder (r, half height of the segment, 0); hull,
   * mesh, heightfield: unused (their asset holds the geometry). Unit: m. */
  size: V3;
  /** The engine shape asset of a hull (`convexHull`), mesh (`createTriangleMesh`) or heightfield
   * (`createHeightfield`), in the shape's own frame. */
  asset?: object;
  /** Hull, mesh, heightfield: vertices `[3 n]` and triangles `[3 m]` in the shape's frame (bounds,
   * debug geometry). */
  points?: Float64Array;
  triangles?: Uint32Array;
  /** Centre in the node frame (unit: m). */
  center: V3;
  /** Rotation of the shape's own axes in the node frame (capsule: its segment along the shape's y). */
  rotation: Q4;
}

/** Resolved material of a shape (Babylon's `PhysicsMaterial` with Havok's defaults filled in). */
export interface ResolvedMaterial {
  friction: number;
  staticFriction: number;
  restitution: number;
  /** Babylon `PhysicsMaterialCombineMode` codes. */
  frictionCombine: number;
  restitutionCombine: number;
}

export interface ShapeChild { shape: PhysicsShape; translation: V3; rotation: Q4; scale: V3 }

/** `PhysicsShape._pluginData`. */
export interface ShapeRecord {
  readonly id: number;
  /** Babylon `PhysicsShapeType`. */
  readonly type: number;
  /** The collider geometry (undefined for containers). */
  geometry: ShapeGeometry | undefined;
  children: ShapeChild[];
  material: ResolvedMaterial;
  /** True once `setMaterial` was called (a container's own material overrides its children's). */
  materialSet: boolean;
  /** True once a filter mask was set (a container's masks override its children's). */
  filterSet: boolean;
  /** True once `setDensity` was called (a container's density overrides its children's). */
  densitySet: boolean;
  /** kg/m³ (Havok's default 1000). */
  density: number;
  membership: number;
  collideMask: number;
  isTrigger: boolean;
  /** Body records using this shape (to push changes to their colliders). */
  readonly bodies: Set<BodyRecord>;
  disposed: boolean;
}

/** `PhysicsBody._pluginData` (one per body) or one entry of `_pluginDataInstances`. */
export interface BodyRecord {
  /** Engine body entity id. */
  eid: number;
  readonly body: PhysicsBody;
  /** Thin-instance index (0 for a plain body). */
  readonly index: number;
  /** Babylon `PhysicsMotionType`. */
  motion: number;
  shape: PhysicsShape | null;
  /** The fields the user set with `setMassProperties` (Havok keeps and re-applies them on `setShape`). */
  userMass: PhysicsMassProperties;
  /** Resolved mass (kg) and inertia per unit mass (m², principal, body axes). */
  mass: number;
  inertia: V3;
  /** Body frame in the node frame: centre of mass and inertia orientation. */
  com: V3;
  comRotation: Q4;
  /** Engine collider ids of the shape's leaves (the first is the body's own entity). */
  readonly colliders: number[];
  eventMask: number;
  /** A target pose is pending (`setTargetTransform`): position, then quaternion. */
  hasTarget: boolean;
  readonly target: Float64Array;
  /** Thin instances: the instance matrix's scale (kept on write-back). */
  readonly scale: V3;
  disposed: boolean;
}

/** One engine joint made from a Babylon constraint for one body pair. */
export interface JointRecord {
  /** Engine joint entity id (−1 while disabled). */
  eid: number;
  /** The distance joint next to it when LINEAR_DISTANCE is combined with other constrained axes (−1: none). */
  distanceEid: number;
  readonly constraint: PhysicsConstraint;
  readonly parent: BodyRecord;
  readonly child: BodyRecord;
  /** Per Babylon axis 0..6 (LINEAR_X … LINEAR_DISTANCE): mode, limits, friction, motor. */
  readonly mode: number[];
  readonly minLimit: number[];
  readonly maxLimit: number[];
  readonly stiffness: number[];
  readonly damping: number[];
  readonly friction: number[];
  readonly motorType: number[];
  readonly motorTarget: number[];
  readonly motorMaxForce: number[];
  enabled: boolean;
  collisions: boolean;
}

export function quatMul(a: ArrayLike<number>, b: ArrayLike<number>, out: Q4 = [0, 0, 0, 1]): Q4 {
  const ax = a[0], ay = a[1], az = a[2], aw = a[3], bx = b[0], by = b[1], bz = b[2], bw = b[3];
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by - ax * bz + ay * bw + az * bx;
  out[2] = aw * bz + ax * by - ay * bx + az * bw;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

export function quatConj(q: ArrayLike<number>): Q4 {
  return [-q[0], -q[1], -q[2], q[3]];
}

/** v rotated by the unit quaternion q. */
export function quatRot(q: ArrayLike<number>, v: ArrayLike<number>, out: V3 = [0, 0, 0]): V3 {
  const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
  const vx = v[0], vy = v[1], vz = v[2];
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  out[0] = vx + qw * tx + (qy * tz - qz * ty);
  out[1] = vy + qw * ty + (qz * tx - qx * tz);
  out[2] = vz + qw * tz + (qx * ty - qy * tx);
  return out;
}

/** The shortest rotation taking the unit y axis to the unit vector d. */
export function quatFromYTo(d: V3): Q4 {
  // q = normalize(1 + y·d, y × d), y × d = (d.z, 0, −d.x)
  const w = 1 + d[1];
  if (w < 1e-9) return [1, 0, 0, 0]; // d = −y: half turn about x
  const l = Math.sqrt(w * w + d[2] * d[2] + d[0] * d[0]);
  return [d[2] / l, 0, -d[0] / l, w / l];
}

export function isIdentityQuat(q: ArrayLike<number>, tol = 1e-9): boolean {
  return Math.abs(Math.abs(q[3]) - 1) <= tol;
}
