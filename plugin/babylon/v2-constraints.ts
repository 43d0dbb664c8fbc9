/**
 * Babylon Physics V2 constraints → engine joints. Each constraint added to a body pair becomes one
 * engine joint (a constraint object added to several pairs makes several, as in Havok). The six
 * Babylon axes are the engine's six joint coordinates in the same frame: x = `axisA`, y = `perpAxisA`
 * (default `axisA.getNormalToRef`, as Havok), z = x × y; B's frame from `axisB` / `perpAxisB`. The
 * joint's zero is where the two frames coincide, as in Havok.
 *
 * | Babylon type | locked axes (Havok's table) | engine joint |
 * |---|---|---|
 * | BALL_AND_SOCKET | linear x y z | sixDof |
 * | HINGE | linear x y z, angular y z | sixDof (angular x free) |
 * | SLIDER | linear y z, angular y z | sixDof (slide along and spin about x) |
 * | PRISMATIC | linear y z, angular x y z | sixDof |
 * | LOCK | all six | sixDof |
 * | DISTANCE (maxDistance) | LINEAR_DISTANCE limited to [d, d] (a rod) | distance |
 * | SIX_DOF (limits) | min = max = 0 locked, else limited [min, max]; stiffness / damping soft | sixDof, or distance for LINEAR_DISTANCE alone; LINEAR_DISTANCE with other axes: sixDof plus a distance joint between the same pivots |
 *
 * Axis mode and limit changes rebuild the engine joint from the record (the frames are explicit, so
 * nothing but the warm start is lost); motors and friction are set in place. Velocity motors are the
 * engine's; position motors are a servo run before each step: the velocity that reaches the target in
 * one step, bounded by the motor's maximum force.
 */

import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import {
  PhysicsConstraintAxisLimitMode, PhysicsConstraintMotorType, PhysicsConstraintType,
  type PhysicsConstraintParameters,
} from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import type { PhysicsConstraint, Physics6DoFLimit } from '@babylonjs/core/Physics/v2/physicsConstraint.js';
import type { JointAxisName, JointAxisSpec, JointDef } from '../joints';
import { PhysicsInputError } from '../errors';
import { quatConj, quatRot, type BodyRecord, type JointRecord, type V3 } from './v2-records';

export const AXIS_NAMES: readonly JointAxisName[] = ['linearX', 'linearY', 'linearZ', 'angularX', 'angularY', 'angularZ'];
const BABYLON_AXIS = ['LINEAR_X', 'LINEAR_Y', 'LINEAR_Z', 'ANGULAR_X', 'ANGULAR_Y', 'ANGULAR_Z', 'LINEAR_DISTANCE'];
const TYPE_NAMES = ['', 'BALL_AND_SOCKET', 'DISTANCE', 'HINGE', 'SLIDER', 'LOCK', 'PRISMATIC', 'SIX_DOF'];
/** A motor without a maximum force set pushes without bound (Havok's default). */
export const UNBOUNDED_MOTOR_FORCE = 1e30;
const FREE: number = PhysicsConstraintAxisLimitMode.FREE, LIMITED: number = PhysicsConstraintAxisLimitMode.LIMITED;
const LOCKED: number = PhysicsConstraintAxisLimitMode.LOCKED;

let nextConstraintId = 1;
const constraintIds = new WeakMap<PhysicsConstraint, number>();

/** Name of a constraint in error messages: `constraint #2 (HINGE)`. */
export function constraintLabel(c: PhysicsConstraint): string {
  let id = constraintIds.get(c);
  if (id === undefined) { id = nextConstraintId++; constraintIds.set(c, id); }
  return `constraint #${id} (${TYPE_NAMES[c.type] ?? c.type})`;
}

/** Checks a Babylon axis argument. @throws PhysicsInputError naming the constraint */
export function readAxis(c: PhysicsConstraint, axis: unknown, field: string): number {
  if (typeof axis !== 'number' || !Number.isInteger(axis) || axis < 0 || axis > 6) {
    throw new PhysicsInputError(-1, `${constraintLabel(c)}.${field}`, axis, 'must be a PhysicsConstraintAxis (0..6)');
  }
  return axis;
}

/** A new joint record with the axis modes of the constraint's type and its 6-DoF limits. */
export function newJointRecord(constraint: PhysicsConstraint, parent: BodyRecord, child: BodyRecord): JointRecord {
  const label = constraintLabel(constraint);
  const o: PhysicsConstraintParameters = constraint.options ?? {};
  const rec: JointRecord = {
    eid: -1, distanceEid: -1, constraint, parent, child,
    mode: [FREE, FREE, FREE, FREE, FREE, FREE, FREE],
    minLimit: [-Infinity, -Infinity, -Infinity, -Infinity, -Infinity, -Infinity, -Infinity],
    maxLimit: [Infinity, Infinity, Infinity, Infinity, Infinity, Infinity, Infinity],
    stiffness: [0, 0, 0, 0, 0, 0, 0], damping: [0, 0, 0, 0, 0, 0, 0], friction: [0, 0, 0, 0, 0, 0, 0],
    motorType: [0, 0, 0, 0, 0, 0, 0], motorTarget: [0, 0, 0, 0, 0, 0, 0],
    motorMaxForce: [UNBOUNDED_MOTOR_FORCE, UNBOUNDED_MOTOR_FORCE, UNBOUNDED_MOTOR_FORCE, UNBOUNDED_MOTOR_FORCE,
      UNBOUNDED_MOTOR_FORCE, UNBOUNDED_MOTOR_FORCE, UNBOUNDED_MOTOR_FORCE],
    enabled: true,
    collisions: o.collision === true,
  };
  const lock = (...axes: number[]): void => { for (const a of axes) rec.mode[a] = LOCKED; };
  switch (constraint.type) {
    case PhysicsConstraintType.LOCK: lock(0, 1, 2, 3, 4, 5); break;
    case PhysicsConstraintType.HINGE: lock(0, 1, 2, 4, 5); break;
    case PhysicsConstraintType.PRISMATIC: lock(1, 2, 3, 4, 5); break;
    case PhysicsConstraintType.SLIDER: lock(1, 2, 4, 5); break;
    case PhysicsConstraintType.BALL_AND_SOCKET: lock(0, 1, 2); break;
    case PhysicsConstraintType.DISTANCE: {
      const d = o.maxDistance ?? 0;
      if (typeof d !== 'number' || !Number.isFinite(d) || d < 0) {
        throw new PhysicsInputError(-1, `${label}.maxDistance`, d, 'must be a finite number ≥ 0');
      }
      rec.mode[6] = LIMITED; rec.minLimit[6] = d; rec.maxLimit[6] = d;
      break;
    }
    case PhysicsConstraintType.SIX_DOF: {
      const limits = (constraint as PhysicsConstraint & { limits?: Physics6DoFLimit[] }).limits ?? [];
      if (!Array.isArray(limits)) throw new PhysicsInputError(-1, `${label}.limits`, limits, 'must be an array of Physics6DoFLimit');
      for (const l of limits) {
        const a = readAxis(constraint, l?.axis, 'limits.axis');
        const f = `${label}.limits[${BABYLON_AXIS[a]}]`;
        const num = (name: string, v: unknown, nonNeg: boolean): number | undefined => {
          if (v === undefined || v === null) return undefined;
          if (typeof v !== 'number' || !Number.isFinite(v) || (nonNeg && v < 0)) {
            throw new PhysicsInputError(-1, `${f}.${name}`, v, nonNeg ? 'must be a finite number ≥ 0' : 'must be a finite number');
          }
          return v;
        };
        const lo = num('minLimit', l.minLimit, false), hi = num('maxLimit', l.maxLimit, false);
        if (lo === 0 && hi === 0) rec.mode[a] = LOCKED;
        else if (lo !== undefined || hi !== undefined) {
          rec.mode[a] = LIMITED;
          if (lo !== undefined) rec.minLimit[a] = lo;
          if (hi !== undefined) rec.maxLimit[a] = hi;
        }
        rec.stiffness[a] = num('stiffness', l.stiffness, true) ?? 0;
        rec.damping[a] = num('damping', l.damping, true) ?? 0;
      }
      break;
    }
    default:
      throw new PhysicsInputError(-1, `${label}.type`, constraint.type, 'unknown PhysicsConstraintType');
  }
  return rec;
}

function readOptV3(label: string, field: string, v: Vector3 | undefined, d: V3): V3 {
  if (v === undefined || v === null) return d;
  const out: V3 = [v.x, v.y, v.z];
  if (!out.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new PhysicsInputError(-1, `${label}.${field}`, out, 'must be a Vector3 of finite numbers');
  }
  return out;
}

/** Node-frame point / direction → the body frame of `rec` (centre of mass, inertia axes). */
function toBodyPoint(rec: BodyRecord, p: V3): V3 {
  return quatRot(quatConj(rec.comRotation), [p[0] - rec.com[0], p[1] - rec.com[1], p[2] - rec.com[2]]);
}
function toBodyDir(rec: BodyRecord, d: V3): V3 {
  return quatRot(quatConj(rec.comRotation), d);
}

/**
 * The engine joint description of a record (frames from the constraint's options).
 * LINEAR_DISTANCE alone is a distance joint; combined with other constrained axes, this is the 6-DoF
 * joint of the other axes and {@link distancePartDef} the distance joint next to it.
 * @throws PhysicsInputError naming the constraint for non-finite options, zero axes, a limit outside
 *   the engine's range (minLimit > maxLimit).
 */
export function jointDef(rec: JointRecord): JointDef {
  const c = rec.constraint;
  const label = constraintLabel(c);
  const o: PhysicsConstraintParameters = c.options ?? {};
  const pivotA = readOptV3(label, 'pivotA', o.pivotA, [0, 0, 0]);
  const pivotB = readOptV3(label, 'pivotB', o.pivotB, [0, 0, 0]);
  const axisA = readOptV3(label, 'axisA', o.axisA, [1, 0, 0]);
  const axisB = readOptV3(label, 'axisB', o.axisB, [1, 0, 0]);
  const perp = (axis: V3, given: Vector3 | undefined, field: string): V3 => {
    if (given !== undefined && given !== null) return readOptV3(label, field, given, [0, 1, 0]);
    const n = new Vector3();
    new Vector3(axis[0], axis[1], axis[2]).getNormalToRef(n);
    return [n.x, n.y, n.z];
  };
  for (const [f, v] of [['axisA', axisA], ['axisB', axisB]] as const) {
    if (!(Math.hypot(v[0], v[1], v[2]) > 1e-9)) throw new PhysicsInputError(-1, `${label}.${f}`, v, 'must be a non-zero direction');
  }
  const perpA = perp(axisA, o.perpAxisA, 'perpAxisA');
  const perpB = perp(axisB, o.perpAxisB, 'perpAxisB');
  const common = {
    bodyA: rec.parent.eid,
    bodyB: rec.child.eid,
    anchorA: toBodyPoint(rec.parent, pivotA),
    anchorB: toBodyPoint(rec.child, pivotB),
    collideConnected: rec.collisions,
  };
  if (rec.mode[6] !== FREE && !hasSixDof(rec)) return distanceDef(rec, label, common);
  const spec = (a: number): JointAxisSpec => {
    if (rec.mode[a] === FREE) return 'free';
    if (rec.mode[a] === LOCKED) return 'locked';
    const lo = rec.minLimit[a], hi = rec.maxLimit[a];
    if (lo > hi) throw new PhysicsInputError(-1, `${label}.limits[${BABYLON_AXIS[a]}]`, [lo, hi], 'minLimit must be ≤ maxLimit');
    return rec.stiffness[a] > 0 ? { lower: lo, upper: hi, stiffness: rec.stiffness[a], damping: rec.damping[a] } : { lower: lo, upper: hi };
  };
  // a soft LOCKED axis makes its group (linear or angular) a spring, as far as the engine's per-group stiffness goes
  let k = Infinity, b = 0, ka = Infinity, ba = 0;
  for (let a = 0; a < 6; a++) {
    if (rec.mode[a] !== LOCKED || !(rec.stiffness[a] > 0)) continue;
    if (a < 3) { k = rec.stiffness[a]; b = rec.damping[a]; } else { ka = rec.stiffness[a]; ba = rec.damping[a]; }
  }
  return {
    kind: 'sixDof', ...common,
    axis: toBodyDir(rec.parent, axisA), normal: toBodyDir(rec.parent, perpA),
    axisB: toBodyDir(rec.child, axisB), normalB: toBodyDir(rec.child, perpB),
    linear: [spec(0), spec(1), spec(2)], angular: [spec(3), spec(4), spec(5)],
    stiffness: k, damping: b, angularStiffness: ka, angularDamping: ba,
  };
}

/** The distance joint of a LINEAR_DISTANCE axis: a rod (min = max, a spring with stiffness) or a rope
 * range [min, max] between the pivots. */
function distanceDef(rec: JointRecord, label: string, common: Pick<JointDef, 'bodyA' | 'bodyB' | 'anchorA' | 'anchorB' | 'collideConnected'>): JointDef {
  const lo = rec.mode[6] === LOCKED ? 0 : Math.max(0, rec.minLimit[6]);
  const hi = rec.mode[6] === LOCKED ? 0 : rec.maxLimit[6];
  if (lo > hi) throw new PhysicsInputError(-1, `${label}.limits[LINEAR_DISTANCE]`, [lo, hi], 'minLimit must be ≤ maxLimit');
  const k = rec.stiffness[6], b = rec.damping[6];
  if (k > 0 && lo === hi) return { kind: 'distance', ...common, length: lo, stiffness: k, damping: b };
  return lo === hi ? { kind: 'distance', ...common, length: lo } : { kind: 'distance', ...common, minLength: lo, maxLength: hi };
}

/** True when the record needs a 6-DoF joint: some axis other than LINEAR_DISTANCE is constrained, or
 * LINEAR_DISTANCE is free (a constraint with every axis free is a 6-DoF joint that holds nothing). */
export function hasSixDof(rec: JointRecord): boolean {
  if (rec.mode[6] === FREE) return true;
  for (let a = 0; a < 6; a++) if (rec.mode[a] !== FREE) return true;
  return false;
}

/**
 * The second engine joint of a record that combines LINEAR_DISTANCE with other constrained axes (a
 * distance joint between the same pivots, next to the 6-DoF joint of the other axes); undefined when
 * the record is one joint.
 * @throws PhysicsInputError as {@link jointDef}.
 */
export function distancePartDef(rec: JointRecord): JointDef | undefined {
  if (rec.mode[6] === FREE || !hasSixDof(rec)) return undefined;
  const label = constraintLabel(rec.constraint);
  const o: PhysicsConstraintParameters = rec.constraint.options ?? {};
  const common = {
    bodyA: rec.parent.eid,
    bodyB: rec.child.eid,
    anchorA: toBodyPoint(rec.parent, readOptV3(label, 'pivotA', o.pivotA, [0, 0, 0])),
    anchorB: toBodyPoint(rec.child, readOptV3(label, 'pivotB', o.pivotB, [0, 0, 0])),
    collideConnected: rec.collisions,
  };
  return distanceDef(rec, label, common);
}

/** True when the axis takes a motor or friction in the engine (a free or limited axis of the 6-DoF joint). */
export function axisIsDriven(rec: JointRecord, a: number): boolean {
  return a < 6 && hasSixDof(rec) && rec.mode[a] !== LOCKED;
}

export { LOCKED, LIMITED, FREE };
export const MOTOR_VELOCITY: number = PhysicsConstraintMotorType.VELOCITY;
export const MOTOR_POSITION: number = PhysicsConstraintMotorType.POSITION;
