/**
 * Run-time changes to a body's motion type, mass properties, damping and gravity scale. Each function
 * validates its whole input first and throws a typed {@link PhysicsInputError} naming the entity, the
 * field and the value before changing anything.
 */

import { MotionType, type MotionTypeName } from '../components/rigid-body';
import { ShapeKind } from '../components/collider';
import { PhysicsInputError } from './errors';
import { requireBody } from './bodies';
import { readNumber, readVec3, type Vec3Like } from './validate';
import type { PhysicsWorld } from './world';
import { wakeBodies } from './wake';
import { WORLD_BODY } from '../components/joint';


/** Mass (kg, > 0) and principal inertia (kg·m², body axes, each > 0) of a dynamic body. */
export interface BodyMass { mass: number; inertia: Vec3Like }

function readMass(eid: number, m: BodyMass): [number, [number, number, number]] {
  if (typeof m !== 'object' || m === null) throw new PhysicsInputError(eid, 'massProperties', m, 'must be { mass, inertia }');
  const mass = readNumber(eid, 'mass', m.mass, 'positive');
  const inertia = readVec3(eid, 'inertia', m.inertia);
  if (!(inertia[0] > 0 && inertia[1] > 0 && inertia[2] > 0)) {
    throw new PhysicsInputError(eid, 'inertia', inertia, 'must be > 0 on every axis');
  }
  return [mass, inertia];
}

function writeMass(world: PhysicsWorld, eid: number, mass: number, inertia: readonly number[]): void {
  const b = world.bodies;
  b.mass[eid] = mass;
  b.invMass[eid] = mass > 0 ? 1 / mass : 0;
  for (let k = 0; k < 3; k++) {
    b.inertiaLocal[3 * eid + k] = inertia[k];
    b.invInertiaLocal[3 * eid + k] = inertia[k] > 0 ? 1 / inertia[k] : 0;
  }
}

/**
 * Switches a body's motion type in place (pose and, for dynamic and kinematic bodies, velocities
 * kept). A body becoming dynamic needs its mass properties: `mass` (or the ones it had as a dynamic
 * body). Static and kinematic bodies have infinite mass (mass 0, inverse mass 0); a static body's
 * velocities are zeroed.
 * @throws UnknownEntityError; PhysicsInputError for an unknown type, or a dynamic body without mass.
 */
export function setMotionType(world: PhysicsWorld, body: number, type: MotionTypeName, mass?: BodyMass): void {
  const eid = requireBody(world, body);
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(MotionType, type)) {
    throw new PhysicsInputError(body, 'motionType', type, "must be 'dynamic', 'kinematic' or 'static'");
  }
  const code = MotionType[type];
  const b = world.bodies;
  if (code === MotionType.dynamic) {
    const s = world.colliders;
    for (let c = s.firstCollider[eid]; c >= 0; c = s.nextCollider[c]) {
      if (s.shape[c] === ShapeKind.mesh || s.shape[c] === ShapeKind.heightfield) {
        throw new PhysicsInputError(body, 'motionType', type, 'a body with a mesh or heightfield collider cannot be dynamic');
      }
    }
  }
  let m: [number, [number, number, number]] | undefined;
  if (code === MotionType.dynamic) {
    if (mass !== undefined) m = readMass(body, mass);
    else if (b.mass[eid] > 0) {
      m = [b.mass[eid], [b.inertiaLocal[3 * eid], b.inertiaLocal[3 * eid + 1], b.inertiaLocal[3 * eid + 2]]];
    } else throw new PhysicsInputError(body, 'mass', mass, 'a body becoming dynamic needs { mass, inertia }');
  }
  wakeBodies(world, eid, WORLD_BODY, true); // before the change: a sleeping body leaves its island awake
  b.motionType[eid] = code;
  if (m !== undefined) writeMass(world, eid, m[0], m[1]);
  else writeMass(world, eid, 0, [0, 0, 0]);
  if (code === MotionType.static) {
    b.linearVelocity.fill(0, 3 * eid, 3 * eid + 3);
    b.angularVelocity.fill(0, 3 * eid, 3 * eid + 3);
  }
  b.force.fill(0, 3 * eid, 3 * eid + 3);
  b.torque.fill(0, 3 * eid, 3 * eid + 3);
}

/** The motion type of a body. @throws UnknownEntityError */
export function getMotionType(world: PhysicsWorld, body: number): MotionTypeName {
  const eid = requireBody(world, body);
  const t = world.bodies.motionType[eid];
  return t === MotionType.dynamic ? 'dynamic' : t === MotionType.kinematic ? 'kinematic' : 'static';
}

/**
 * Sets the mass (kg) and principal inertia (kg·m², body axes) of a dynamic body.
 * @throws UnknownEntityError; PhysicsInputError for a non-positive or non-finite value, or a body that
 *   is not dynamic (static and kinematic bodies have infinite mass).
 */
export function setMassProperties(world: PhysicsWorld, body: number, mass: BodyMass): void {
  const eid = requireBody(world, body);
  const [m, inertia] = readMass(body, mass);
  if (world.bodies.motionType[eid] !== MotionType.dynamic) {
    throw new PhysicsInputError(body, 'mass', m, 'only a dynamic body has a finite mass');
  }
  wakeBodies(world, eid);
  writeMass(world, eid, m, inertia);
}

/**
 * Sets the damping rates (unit: 1/s, ≥ 0): v ← v / (1 + h c). An omitted rate is left as it is.
 * @throws UnknownEntityError, PhysicsInputError
 */
export function setDamping(world: PhysicsWorld, body: number, damping: { linear?: number; angular?: number }): void {
  const eid = requireBody(world, body);
  if (typeof damping !== 'object' || damping === null) {
    throw new PhysicsInputError(body, 'damping', damping, 'must be { linear?, angular? } (unit: 1/s)');
  }
  const lin = damping.linear === undefined ? undefined : readNumber(body, 'linearDamping', damping.linear, 'nonNegative');
  const ang = damping.angular === undefined ? undefined : readNumber(body, 'angularDamping', damping.angular, 'nonNegative');
  if (lin !== undefined) world.bodies.linearDamping[eid] = lin;
  if (ang !== undefined) world.bodies.angularDamping[eid] = ang;
}

/** Linear and angular damping rates (unit: 1/s). @throws UnknownEntityError */
export function getDamping(world: PhysicsWorld, body: number): { linear: number; angular: number } {
  const eid = requireBody(world, body);
  return { linear: world.bodies.linearDamping[eid], angular: world.bodies.angularDamping[eid] };
}

/** Sets the multiplier on world gravity (dimensionless, finite; 0 = no gravity). @throws UnknownEntityError, PhysicsInputError */
export function setGravityScale(world: PhysicsWorld, body: number, scale: number): void {
  const eid = requireBody(world, body);
  const g = readNumber(body, 'gravityScale', scale, 'finite');
  wakeBodies(world, eid);
  world.bodies.gravityScale[eid] = g;
}

/** The multiplier on world gravity. @throws UnknownEntityError */
export function getGravityScale(world: PhysicsWorld, body: number): number {
  const eid = requireBody(world, body);
  return world.bodies.gravityScale[eid];
}
