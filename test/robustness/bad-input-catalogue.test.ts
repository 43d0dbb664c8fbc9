/**
 * The bad-input catalogue: invalid calls to every public function, each on a fresh copy of the same
 * small world (bodies, an extra collider, joints, one step taken). Each call must throw the named
 * typed error (the `PhysicsInputError` family; `field` checked where given) and leave every store of
 * the world bit-identical (`worldHash`: bodies, colliders, joints, contacts, handle generations, the
 * entity index, gravity, margins, counters). No call may throw a bare TypeError or change anything.
 */

import { describe, expect, it } from 'vitest';
import {
  addBody, addCollider, addJoint, applyAngularImpulse, applyForce, applyImpulse, applyTorque, castRay, castRayAll,
  castRayAny, createPhysicsWorld, createRayHit, createRayHitList, getAllowSleep, getAngularVelocity, getBodyColliders,
  getColliderBody, getDamping, getGravityScale, getJointCoordinate, getJointForce, getJointImpulse, getJointMotorForce,
  getJointSwingTwist, getJointTorque, getLinearVelocity, getMass, getMotionType, getOrientation, getPosition, getShape,
  hasBody, hasCollider, hasJoint, isJointBroken, isSleeping, PhysicsInputError, removeBody, removeCollider, removeJoint,
  setAllowSleep, setAngularVelocity, setCollider, setDamping, setGravityScale, setJointFriction, setJointLimits,
  setJointMotor, setJointSwingLimit, setLinearVelocity, setMassProperties, setMotionType, setOrientation, setPosition,
  setSleepEnabled, sleeping, SolverNotRegisteredError, stepWorld, UnknownEntityError, wakeUp,
  type PhysicsWorld,
} from '../../plugin/index';
import { WorldInputError } from '../../plugin/errors';
import { worldHash } from './world-hash';

interface Ctx {
  w: PhysicsWorld;
  /** A dynamic sphere, a dynamic box (with an extra collider `extra`), a static box, the ground. */
  ball: number; box: number; wall: number; ground: number;
  extra: number;
  /** A hinge ball–box, a ball joint box–world, a distance joint ball–box. */
  hinge: number; ballJoint: number; rope: number;
  /** A removed body's, collider's and joint's handles (their indices reused by newer entities). */
  staleBody: number; staleCollider: number; staleJoint: number;
}

function build(): Ctx {
  const w = createPhysicsWorld({ sleep: sleeping() });
  const ground = addBody(w, { type: 'static', collider: { shape: 'plane' } });
  const tmp = addBody(w, { position: [9, 9, 9], collider: { shape: 'sphere', radius: 0.2 } });
  removeBody(w, tmp);
  const ball = addBody(w, { position: [0, 1, 0], collider: { shape: 'sphere', radius: 0.5 } });
  const box = addBody(w, { position: [2, 1, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
  const tmpC = addCollider(w, box, { shape: 'sphere', radius: 0.1, position: [0, 0.6, 0] });
  removeCollider(w, tmpC);
  const extra = addCollider(w, box, { shape: 'sphere', radius: 0.2, position: [0.6, 0, 0] });
  const wall = addBody(w, { type: 'static', position: [5, 1, 0], collider: { shape: 'box', halfExtents: [0.2, 1, 1] } });
  const tmpJ = addJoint(w, { kind: 'fixed', bodyA: ball, bodyB: box });
  removeJoint(w, tmpJ);
  const hinge = addJoint(w, { kind: 'hinge', bodyA: ball, bodyB: box, worldAnchor: [1, 1, 0], worldAxis: [0, 0, 1] });
  const ballJoint = addJoint(w, { kind: 'ball', bodyA: box, worldAnchor: [2, 2, 0] });
  const rope = addJoint(w, { kind: 'distance', bodyA: ball, bodyB: box, maxLength: 3 });
  stepWorld(w, 1 / 60);
  return { w, ball, box, wall, ground, extra, hinge, ballJoint, rope, staleBody: tmp, staleCollider: tmpC, staleJoint: tmpJ };
}

type ErrorClass = new (...args: never[]) => Error;
interface Case {
  name: string;
  call: (c: Ctx) => unknown;
  error: ErrorClass;
  field?: string;
  /** Changes the world before the hash (e.g. a first, valid force). */
  setup?: (c: Ctx) => void;
}

const NaN3 = [NaN, 0, 0] as const;
const sphere = { shape: 'sphere', radius: 0.5 } as const;
/** A value the types forbid, passed as if they allowed it. */
const any = (v: unknown): never => v as never;

/** Makes the ball's mass and inertia 1e-300 (valid), so a moderate impulse overflows its velocity. */
const tiny = (c: Ctx): void => setMassProperties(c.w, c.ball, { mass: 1e-300, inertia: [1e-300, 1e-300, 1e-300] });

const PIE = PhysicsInputError, UEE = UnknownEntityError, WIE = WorldInputError;

const CASES: Case[] = [
  // ---- the world argument and stepWorld
  { name: 'stepWorld(null)', call: () => stepWorld(any(null), 1 / 60), error: PIE, field: 'world' },
  { name: 'stepWorld(undefined)', call: () => stepWorld(any(undefined), 1 / 60), error: PIE, field: 'world' },
  { name: 'stepWorld({})', call: () => stepWorld(any({}), 1 / 60), error: PIE, field: 'world' },
  { name: 'stepWorld dt NaN', call: (c) => stepWorld(c.w, NaN), error: PIE, field: 'dt' },
  { name: 'stepWorld dt 0', call: (c) => stepWorld(c.w, 0), error: PIE, field: 'dt' },
  { name: 'stepWorld dt −1/60', call: (c) => stepWorld(c.w, -1 / 60), error: PIE, field: 'dt' },
  { name: 'stepWorld dt 10', call: (c) => stepWorld(c.w, 10), error: PIE, field: 'dt' },
  { name: 'stepWorld dt 1e6', call: (c) => stepWorld(c.w, 1e6), error: PIE, field: 'dt' },
  { name: 'stepWorld dt Infinity', call: (c) => stepWorld(c.w, Infinity), error: PIE, field: 'dt' },
  { name: 'stepWorld dt "0.016"', call: (c) => stepWorld(c.w, any('0.016')), error: PIE, field: 'dt' },
  { name: 'stepWorld dt undefined', call: (c) => stepWorld(c.w, any(undefined)), error: PIE, field: 'dt' },
  { name: 'world.gravity[1] = NaN', setup: (c) => { c.w.gravity[1] = NaN; }, call: (c) => stepWorld(c.w, 1 / 60), error: WIE, field: 'gravity' },
  { name: 'world.gravity[0] = Infinity', setup: (c) => { c.w.gravity[0] = Infinity; }, call: (c) => stepWorld(c.w, 1 / 60), error: WIE, field: 'gravity' },
  { name: 'world.contactMargin = NaN', setup: (c) => { c.w.contactMargin = NaN; }, call: (c) => stepWorld(c.w, 1 / 60), error: WIE, field: 'contactMargin' },
  { name: 'world.contactMargin = −0.1', setup: (c) => { c.w.contactMargin = -0.1; }, call: (c) => stepWorld(c.w, 1 / 60), error: WIE, field: 'contactMargin' },
  { name: 'world.contactMargin = "0.02"', setup: (c) => { c.w.contactMargin = any('0.02'); }, call: (c) => stepWorld(c.w, 1 / 60), error: WIE, field: 'contactMargin' },
  { name: 'world.throwOnNonFinite = "yes"', setup: (c) => { c.w.throwOnNonFinite = any('yes'); }, call: (c) => stepWorld(c.w, 1 / 60), error: WIE, field: 'throwOnNonFinite' },
  { name: 'setSolver("toString")', call: (c) => c.w.setSolver(any('toString')), error: SolverNotRegisteredError, field: 'solver' },
  { name: 'setSolver("havok")', call: (c) => c.w.setSolver(any('havok')), error: SolverNotRegisteredError, field: 'solver' },
  { name: 'setSolver pgs substeps 0', call: (c) => c.w.setSolver('pgs', { pgs: { substeps: 0 } }), error: WIE, field: 'pgs.substeps' },
  { name: 'setSolver pgs friction "toString"', call: (c) => c.w.setSolver('pgs', { pgs: { friction: any('toString') } }), error: WIE, field: 'friction' },
  { name: 'setSolver options null', call: (c) => c.w.setSolver('pgs', any(null)), error: WIE },

  // ---- addBody
  { name: 'addBody(null world)', call: () => addBody(any(null), {}), error: PIE, field: 'world' },
  { name: 'addBody(w, null)', call: (c) => addBody(c.w, any(null)), error: PIE, field: 'body' },
  { name: 'addBody(w, "sphere")', call: (c) => addBody(c.w, any('sphere')), error: PIE, field: 'body' },
  { name: 'addBody type "toString"', call: (c) => addBody(c.w, any({ type: 'toString', collider: sphere })), error: PIE, field: 'type' },
  { name: 'addBody type "hasOwnProperty"', call: (c) => addBody(c.w, any({ type: 'hasOwnProperty', collider: sphere })), error: PIE, field: 'type' },
  { name: 'addBody type 0', call: (c) => addBody(c.w, any({ type: 0, collider: sphere })), error: PIE, field: 'type' },
  { name: 'addBody position NaN', call: (c) => addBody(c.w, any({ position: NaN3, collider: sphere })), error: PIE, field: 'position' },
  { name: 'addBody position [1, 2]', call: (c) => addBody(c.w, any({ position: [1, 2], collider: sphere })), error: PIE, field: 'position' },
  { name: 'addBody position "0,0,0"', call: (c) => addBody(c.w, any({ position: '0,0,0', collider: sphere })), error: PIE, field: 'position' },
  { name: 'addBody position {x, y}', call: (c) => addBody(c.w, any({ position: { x: 1, y: 2 }, collider: sphere })), error: PIE, field: 'position' },
  { name: 'addBody position null', call: (c) => addBody(c.w, any({ position: null, collider: sphere })), error: PIE, field: 'position' },
  { name: 'addBody orientation zero', call: (c) => addBody(c.w, any({ orientation: [0, 0, 0, 0], collider: sphere })), error: PIE, field: 'orientation' },
  { name: 'addBody orientation NaN', call: (c) => addBody(c.w, any({ orientation: [NaN, 0, 0, 1], collider: sphere })), error: PIE, field: 'orientation' },
  { name: 'addBody linearVelocity Infinity', call: (c) => addBody(c.w, any({ linearVelocity: [Infinity, 0, 0], collider: sphere })), error: PIE, field: 'linearVelocity' },
  { name: 'addBody angularVelocity ["1", 0, 0]', call: (c) => addBody(c.w, any({ angularVelocity: ['1', 0, 0], collider: sphere })), error: PIE, field: 'angularVelocity' },
  { name: 'addBody mass −1', call: (c) => addBody(c.w, any({ mass: -1, collider: sphere })), error: PIE, field: 'mass' },
  { name: 'addBody mass 0', call: (c) => addBody(c.w, any({ mass: 0, collider: sphere })), error: PIE, field: 'mass' },
  { name: 'addBody mass NaN', call: (c) => addBody(c.w, any({ mass: NaN, collider: sphere })), error: PIE, field: 'mass' },
  { name: 'addBody mass "1"', call: (c) => addBody(c.w, any({ mass: '1', collider: sphere })), error: PIE, field: 'mass' },
  { name: 'addBody inertia [0, 1, 1]', call: (c) => addBody(c.w, any({ mass: 1, inertia: [0, 1, 1], collider: sphere })), error: PIE, field: 'inertia' },
  { name: 'addBody density 0', call: (c) => addBody(c.w, any({ density: 0, collider: sphere })), error: PIE, field: 'density' },
  { name: 'addBody linearDamping −1', call: (c) => addBody(c.w, any({ linearDamping: -1, collider: sphere })), error: PIE, field: 'linearDamping' },
  { name: 'addBody angularDamping NaN', call: (c) => addBody(c.w, any({ angularDamping: NaN, collider: sphere })), error: PIE, field: 'angularDamping' },
  { name: 'addBody gravityScale Infinity', call: (c) => addBody(c.w, any({ gravityScale: Infinity, collider: sphere })), error: PIE, field: 'gravityScale' },
  { name: 'addBody allowSleep "yes"', call: (c) => addBody(c.w, any({ allowSleep: 'yes', collider: sphere })), error: PIE, field: 'allowSleep' },
  { name: 'addBody dynamic without mass or collider', call: (c) => addBody(c.w, {}), error: PIE, field: 'mass' },
  { name: 'addBody mass without inertia or collider', call: (c) => addBody(c.w, { mass: 1 }), error: PIE, field: 'inertia' },
  { name: 'addBody dynamic plane', call: (c) => addBody(c.w, { collider: { shape: 'plane' } }), error: PIE, field: 'collider.shape' },
  { name: 'addBody collider null', call: (c) => addBody(c.w, any({ collider: null })), error: PIE, field: 'collider' },
  { name: 'addBody collider shape "toString"', call: (c) => addBody(c.w, any({ collider: { shape: 'toString', radius: 1 } })), error: PIE, field: 'collider.shape' },
  { name: 'addBody collider shape "torus"', call: (c) => addBody(c.w, any({ collider: { shape: 'torus', radius: 1 } })), error: PIE, field: 'collider.shape' },
  { name: 'addBody sphere radius 0', call: (c) => addBody(c.w, { collider: { shape: 'sphere', radius: 0 } }), error: PIE, field: 'collider.radius' },
  { name: 'addBody sphere radius NaN', call: (c) => addBody(c.w, { collider: { shape: 'sphere', radius: NaN } }), error: PIE, field: 'collider.radius' },
  { name: 'addBody box halfExtents [1, 0, 1]', call: (c) => addBody(c.w, { collider: { shape: 'box', halfExtents: [1, 0, 1] } }), error: PIE, field: 'collider.halfExtents' },
  { name: 'addBody capsule halfHeight −1', call: (c) => addBody(c.w, { collider: { shape: 'capsule', radius: 0.5, halfHeight: -1 } }), error: PIE, field: 'collider.halfHeight' },
  { name: 'addBody friction −1', call: (c) => addBody(c.w, { collider: { ...sphere, friction: -1 } }), error: PIE, field: 'collider.friction' },
  { name: 'addBody friction NaN', call: (c) => addBody(c.w, { collider: { ...sphere, friction: NaN } }), error: PIE, field: 'collider.friction' },
  { name: 'addBody restitution 2', call: (c) => addBody(c.w, { collider: { ...sphere, restitution: 2 } }), error: PIE, field: 'collider.restitution' },
  { name: 'addBody restitution −0.1', call: (c) => addBody(c.w, { collider: { ...sphere, restitution: -0.1 } }), error: PIE, field: 'collider.restitution' },
  { name: 'addBody isSensor "yes"', call: (c) => addBody(c.w, any({ collider: { ...sphere, isSensor: 'yes' } })), error: PIE, field: 'collider.isSensor' },
  { name: 'addBody isSensor 1', call: (c) => addBody(c.w, any({ collider: { ...sphere, isSensor: 1 } })), error: PIE, field: 'collider.isSensor' },
  { name: 'addBody group −1', call: (c) => addBody(c.w, { collider: { ...sphere, group: -1 } }), error: PIE, field: 'collider.group' },
  { name: 'addBody mask 2^33', call: (c) => addBody(c.w, { collider: { ...sphere, mask: 2 ** 33 } }), error: PIE, field: 'collider.mask' },
  { name: 'addBody frictionCombine "toString"', call: (c) => addBody(c.w, any({ collider: { ...sphere, frictionCombine: 'toString' } })), error: PIE, field: 'collider.frictionCombine' },
  { name: 'addBody restitutionCombine "max"', call: (c) => addBody(c.w, any({ collider: { ...sphere, restitutionCombine: 'max' } })), error: PIE, field: 'collider.restitutionCombine' },
  { name: 'addBody captureVelocity −1', call: (c) => addBody(c.w, { collider: { ...sphere, captureVelocity: -1 } }), error: PIE, field: 'collider.captureVelocity' },
  { name: 'addBody minRestitution 2', call: (c) => addBody(c.w, { collider: { ...sphere, minRestitution: 2 } }), error: PIE, field: 'collider.minRestitution' },
  { name: 'addBody collider position NaN', call: (c) => addBody(c.w, any({ collider: { ...sphere, position: NaN3 } })), error: PIE, field: 'collider.position' },
  { name: 'addBody collider orientation zero', call: (c) => addBody(c.w, { collider: { ...sphere, orientation: [0, 0, 0, 0] } }), error: PIE, field: 'collider.orientation' },
  { name: 'addBody collider density −5', call: (c) => addBody(c.w, { collider: { ...sphere, density: -5 } }), error: PIE, field: 'collider.density' },

  // ---- bodies: handles and values
  { name: 'getPosition(stale body)', call: (c) => getPosition(c.w, c.staleBody), error: UEE },
  { name: 'getPosition(never a body)', call: (c) => getPosition(c.w, 9999), error: UEE },
  { name: 'getPosition(a joint handle)', call: (c) => getPosition(c.w, c.hinge), error: UEE },
  { name: 'getPosition(−1)', call: (c) => getPosition(c.w, -1), error: UEE },
  { name: 'getPosition("1")', call: (c) => getPosition(c.w, any('1')), error: UEE },
  { name: 'getPosition(null world)', call: (c) => getPosition(any(null), c.ball), error: PIE, field: 'world' },
  { name: 'getPosition out = 5', call: (c) => getPosition(c.w, c.ball, any(5)), error: PIE, field: 'out' },
  { name: 'getOrientation out = null', call: (c) => getOrientation(c.w, c.ball, any(null)), error: PIE, field: 'out' },
  { name: 'getLinearVelocity out = "v"', call: (c) => getLinearVelocity(c.w, c.ball, any('v')), error: PIE, field: 'out' },
  { name: 'getAngularVelocity(stale)', call: (c) => getAngularVelocity(c.w, c.staleBody), error: UEE },
  { name: 'getMass(stale)', call: (c) => getMass(c.w, c.staleBody), error: UEE },
  { name: 'getShape(stale)', call: (c) => getShape(c.w, c.staleBody), error: UEE },
  { name: 'removeBody(stale)', call: (c) => removeBody(c.w, c.staleBody), error: UEE },
  { name: 'removeBody(1.5)', call: (c) => removeBody(c.w, 1.5), error: UEE },
  { name: 'removeBody(null world)', call: (c) => removeBody(any(null), c.ball), error: PIE, field: 'world' },
  { name: 'hasBody(null world)', call: (c) => hasBody(any(null), c.ball), error: PIE, field: 'world' },
  { name: 'setPosition NaN', call: (c) => setPosition(c.w, c.ball, NaN3), error: PIE, field: 'position' },
  { name: 'setPosition undefined', call: (c) => setPosition(c.w, c.ball, any(undefined)), error: PIE, field: 'position' },
  { name: 'setPosition(stale)', call: (c) => setPosition(c.w, c.staleBody, [0, 0, 0]), error: UEE },
  { name: 'setOrientation zero', call: (c) => setOrientation(c.w, c.ball, [0, 0, 0, 0]), error: PIE, field: 'orientation' },
  { name: 'setOrientation null', call: (c) => setOrientation(c.w, c.ball, any(null)), error: PIE, field: 'orientation' },
  { name: 'setLinearVelocity NaN', call: (c) => setLinearVelocity(c.w, c.ball, NaN3), error: PIE, field: 'linearVelocity' },
  { name: 'setAngularVelocity "fast"', call: (c) => setAngularVelocity(c.w, c.ball, any('fast')), error: PIE, field: 'angularVelocity' },
  { name: 'applyForce NaN', call: (c) => applyForce(c.w, c.ball, NaN3), error: PIE, field: 'force' },
  { name: 'applyForce point Infinity', call: (c) => applyForce(c.w, c.ball, [1, 0, 0], [Infinity, 0, 0]), error: PIE, field: 'point' },
  { name: 'applyForce 1e308 twice (accumulator overflow)', setup: (c) => applyForce(c.w, c.ball, [1e308, 0, 0]), call: (c) => applyForce(c.w, c.ball, [1e308, 0, 0]), error: PIE, field: 'force' },
  { name: 'applyForce torque overflow at a far point', call: (c) => applyForce(c.w, c.ball, [0, 1e308, 0], [100, 1, 0]), error: PIE, field: 'point' },
  { name: 'applyTorque 1e308 twice', setup: (c) => applyTorque(c.w, c.ball, [0, 1e308, 0]), call: (c) => applyTorque(c.w, c.ball, [0, 1e308, 0]), error: PIE, field: 'torque' },
  { name: 'applyTorque(stale)', call: (c) => applyTorque(c.w, c.staleBody, [1, 0, 0]), error: UEE },
  { name: 'applyImpulse NaN', call: (c) => applyImpulse(c.w, c.ball, NaN3), error: PIE, field: 'impulse' },
  { name: 'applyImpulse overflowing the velocity', setup: tiny, call: (c) => applyImpulse(c.w, c.ball, [1e10, 0, 0]), error: PIE, field: 'impulse' },
  { name: 'applyImpulse overflowing the angular velocity at a point', setup: tiny, call: (c) => applyImpulse(c.w, c.ball, [0, 1e-5, 0], [1e300, 1, 0]), error: PIE, field: 'point' },
  { name: 'applyImpulse point [1, 2]', call: (c) => applyImpulse(c.w, c.ball, [1, 0, 0], any([1, 2])), error: PIE, field: 'point' },
  { name: 'applyAngularImpulse overflowing the angular velocity', setup: tiny, call: (c) => applyAngularImpulse(c.w, c.ball, [1e10, 0, 0]), error: PIE, field: 'angularImpulse' },
  { name: 'applyAngularImpulse null', call: (c) => applyAngularImpulse(c.w, c.ball, any(null)), error: PIE, field: 'angularImpulse' },
  { name: 'setCollider null', call: (c) => setCollider(c.w, c.ball, any(null)), error: PIE, field: 'collider' },
  { name: 'setCollider plane on dynamic', call: (c) => setCollider(c.w, c.ball, { shape: 'plane' }), error: PIE, field: 'collider.shape' },
  { name: 'setCollider(stale)', call: (c) => setCollider(c.w, c.staleBody, sphere), error: UEE },

  // ---- body properties
  { name: 'setMotionType "toString"', call: (c) => setMotionType(c.w, c.ball, any('toString')), error: PIE, field: 'motionType' },
  { name: 'setMotionType "Dynamic"', call: (c) => setMotionType(c.w, c.ball, any('Dynamic')), error: PIE, field: 'motionType' },
  { name: 'setMotionType static→dynamic without mass', call: (c) => setMotionType(c.w, c.wall, 'dynamic'), error: PIE, field: 'mass' },
  { name: 'setMotionType(stale)', call: (c) => setMotionType(c.w, c.staleBody, 'static'), error: UEE },
  { name: 'getMotionType(stale)', call: (c) => getMotionType(c.w, c.staleBody), error: UEE },
  { name: 'setMassProperties mass −1', call: (c) => setMassProperties(c.w, c.ball, { mass: -1, inertia: [1, 1, 1] }), error: PIE, field: 'mass' },
  { name: 'setMassProperties inertia [1, 0, 1]', call: (c) => setMassProperties(c.w, c.ball, { mass: 1, inertia: [1, 0, 1] }), error: PIE, field: 'inertia' },
  { name: 'setMassProperties null', call: (c) => setMassProperties(c.w, c.ball, any(null)), error: PIE, field: 'massProperties' },
  { name: 'setMassProperties on a static body', call: (c) => setMassProperties(c.w, c.wall, { mass: 1, inertia: [1, 1, 1] }), error: PIE, field: 'mass' },
  { name: 'setDamping linear −1', call: (c) => setDamping(c.w, c.ball, { linear: -1 }), error: PIE, field: 'linearDamping' },
  { name: 'setDamping null', call: (c) => setDamping(c.w, c.ball, any(null)), error: PIE, field: 'damping' },
  { name: 'getDamping(stale)', call: (c) => getDamping(c.w, c.staleBody), error: UEE },
  { name: 'setGravityScale NaN', call: (c) => setGravityScale(c.w, c.ball, NaN), error: PIE, field: 'gravityScale' },
  { name: 'getGravityScale(stale)', call: (c) => getGravityScale(c.w, c.staleBody), error: UEE },

  // ---- sleeping
  { name: 'setAllowSleep "no"', call: (c) => setAllowSleep(c.w, c.ball, any('no')), error: PIE, field: 'allowSleep' },
  { name: 'getAllowSleep(stale)', call: (c) => getAllowSleep(c.w, c.staleBody), error: UEE },
  { name: 'isSleeping(stale)', call: (c) => isSleeping(c.w, c.staleBody), error: UEE },
  { name: 'wakeUp(stale)', call: (c) => wakeUp(c.w, c.staleBody), error: UEE },
  { name: 'setSleepEnabled "yes"', call: (c) => setSleepEnabled(c.w, any('yes')), error: WIE, field: 'sleep.enabled' },
  { name: 'setSleepEnabled(null world)', call: () => setSleepEnabled(any(null), true), error: PIE, field: 'world' },

  // ---- colliders
  { name: 'addCollider(stale body)', call: (c) => addCollider(c.w, c.staleBody, sphere), error: UEE },
  { name: 'addCollider null def', call: (c) => addCollider(c.w, c.box, any(null)), error: PIE, field: 'collider' },
  { name: 'addCollider plane on dynamic', call: (c) => addCollider(c.w, c.box, { shape: 'plane' }), error: PIE, field: 'collider.shape' },
  { name: 'addCollider radius −1', call: (c) => addCollider(c.w, c.box, { shape: 'sphere', radius: -1 }), error: PIE, field: 'collider.radius' },
  { name: 'addCollider(null world)', call: (c) => addCollider(any(null), c.box, sphere), error: PIE, field: 'world' },
  { name: 'removeCollider(stale)', call: (c) => removeCollider(c.w, c.staleCollider), error: UEE },
  { name: 'removeCollider(never)', call: (c) => removeCollider(c.w, 9999), error: UEE },
  { name: 'removeCollider("1")', call: (c) => removeCollider(c.w, any('1')), error: UEE },
  { name: 'removeCollider(a joint handle)', call: (c) => removeCollider(c.w, c.hinge), error: UEE },
  { name: 'hasCollider(null world)', call: (c) => hasCollider(any(null), c.extra), error: PIE, field: 'world' },
  { name: 'getColliderBody(stale)', call: (c) => getColliderBody(c.w, c.staleCollider), error: UEE },
  { name: 'getBodyColliders out "x"', call: (c) => getBodyColliders(c.w, c.box, any('x')), error: PIE, field: 'out' },
  { name: 'getBodyColliders(stale)', call: (c) => getBodyColliders(c.w, c.staleBody), error: UEE },

  // ---- joints
  { name: 'addJoint(w, null)', call: (c) => addJoint(c.w, any(null)), error: PIE, field: 'joint' },
  { name: 'addJoint(null world)', call: (c) => addJoint(any(null), { kind: 'ball', bodyA: c.ball }), error: PIE, field: 'world' },
  { name: 'addJoint kind "toString"', call: (c) => addJoint(c.w, any({ kind: 'toString', bodyA: c.ball })), error: PIE, field: 'joint.kind' },
  { name: 'addJoint kind "weld"', call: (c) => addJoint(c.w, any({ kind: 'weld', bodyA: c.ball })), error: PIE, field: 'joint.kind' },
  { name: 'addJoint bodyA stale', call: (c) => addJoint(c.w, { kind: 'ball', bodyA: c.staleBody }), error: UEE },
  { name: 'addJoint bodyB stale', call: (c) => addJoint(c.w, { kind: 'ball', bodyA: c.ball, bodyB: c.staleBody }), error: UEE },
  { name: 'addJoint bodyA "1"', call: (c) => addJoint(c.w, any({ kind: 'ball', bodyA: '1' })), error: PIE, field: 'joint.bodyA' },
  { name: 'addJoint bodyA undefined', call: (c) => addJoint(c.w, any({ kind: 'ball' })), error: PIE, field: 'joint.bodyA' },
  { name: 'addJoint bodyB = bodyA', call: (c) => addJoint(c.w, { kind: 'ball', bodyA: c.ball, bodyB: c.ball }), error: PIE, field: 'joint.bodyB' },
  { name: 'addJoint worldAnchor NaN', call: (c) => addJoint(c.w, any({ kind: 'ball', bodyA: c.ball, worldAnchor: NaN3 })), error: PIE },
  { name: 'addJoint worldAxis zero', call: (c) => addJoint(c.w, { kind: 'hinge', bodyA: c.ball, worldAxis: [0, 0, 0] }), error: PIE },
  { name: 'addJoint hinge limits lower > upper', call: (c) => addJoint(c.w, { kind: 'hinge', bodyA: c.ball, limits: { lower: 1, upper: -1 } }), error: PIE },
  { name: 'addJoint hinge limits beyond π', call: (c) => addJoint(c.w, { kind: 'hinge', bodyA: c.ball, limits: { lower: -4, upper: 4 } }), error: PIE },
  { name: 'addJoint slider motor maxForce −1', call: (c) => addJoint(c.w, { kind: 'slider', bodyA: c.ball, motor: { speed: 1, maxForce: -1 } }), error: PIE },
  { name: 'addJoint distance length −1', call: (c) => addJoint(c.w, { kind: 'distance', bodyA: c.ball, bodyB: c.box, length: -1 }), error: PIE },
  { name: 'addJoint sixDof linear of 2', call: (c) => addJoint(c.w, any({ kind: 'sixDof', bodyA: c.ball, linear: ['locked', 'free'] })), error: PIE },
  { name: 'addJoint sixDof axis "toString"', call: (c) => addJoint(c.w, any({ kind: 'sixDof', bodyA: c.ball, linear: ['toString', 'free', 'free'] })), error: PIE },
  { name: 'addJoint stiffness −1', call: (c) => addJoint(c.w, { kind: 'ball', bodyA: c.ball, stiffness: -1 }), error: PIE },
  { name: 'addJoint breakForce 0', call: (c) => addJoint(c.w, { kind: 'ball', bodyA: c.ball, breakForce: 0 }), error: PIE },
  { name: 'addJoint collideConnected "yes"', call: (c) => addJoint(c.w, any({ kind: 'ball', bodyA: c.ball, bodyB: c.box, collideConnected: 'yes' })), error: PIE },
  { name: 'addJoint swingLimit 4 rad', call: (c) => addJoint(c.w, { kind: 'ball', bodyA: c.ball, swingLimit: 4 }), error: PIE },
  { name: 'removeJoint(stale)', call: (c) => removeJoint(c.w, c.staleJoint), error: UEE },
  { name: 'removeJoint(a body handle)', call: (c) => removeJoint(c.w, c.ball), error: UEE },
  { name: 'hasJoint(null world)', call: (c) => hasJoint(any(null), c.hinge), error: PIE, field: 'world' },
  { name: 'setJointMotor(stale)', call: (c) => setJointMotor(c.w, c.staleJoint, { speed: 1, maxForce: 1 }), error: UEE },
  { name: 'setJointMotor speed NaN', call: (c) => setJointMotor(c.w, c.hinge, { speed: NaN, maxForce: 1 }), error: PIE },
  { name: 'setJointMotor null', call: (c) => setJointMotor(c.w, c.hinge, any(null)), error: PIE },
  { name: 'setJointMotor axis "toString"', call: (c) => setJointMotor(c.w, c.hinge, { speed: 1, maxForce: 1 }, any('toString')), error: PIE, field: 'axis' },
  { name: 'setJointMotor on a locked axis', call: (c) => setJointMotor(c.w, c.hinge, { speed: 1, maxForce: 1 }, 'linearX'), error: PIE, field: 'axis' },
  { name: 'setJointMotor on a distance joint', call: (c) => setJointMotor(c.w, c.rope, { speed: 1, maxForce: 1 }), error: PIE },
  { name: 'setJointFriction −1', call: (c) => setJointFriction(c.w, c.hinge, -1), error: PIE, field: 'friction' },
  { name: 'setJointLimits lower > upper', call: (c) => setJointLimits(c.w, c.hinge, { lower: 1, upper: 0 }), error: PIE },
  { name: 'setJointLimits null', call: (c) => setJointLimits(c.w, c.hinge, any(null)), error: PIE },
  { name: 'setJointSwingLimit on a hinge', call: (c) => setJointSwingLimit(c.w, c.hinge, 1), error: PIE, field: 'swingLimit' },
  { name: 'setJointSwingLimit −1', call: (c) => setJointSwingLimit(c.w, c.ballJoint, -1), error: PIE },
  { name: 'getJointForce(stale)', call: (c) => getJointForce(c.w, c.staleJoint), error: UEE },
  { name: 'getJointForce out 7', call: (c) => getJointForce(c.w, c.hinge, any(7)), error: PIE, field: 'out' },
  { name: 'getJointTorque(a body handle)', call: (c) => getJointTorque(c.w, c.ball), error: UEE },
  { name: 'getJointImpulse dt 0', call: (c) => getJointImpulse(c.w, c.hinge, 0), error: PIE, field: 'dt' },
  { name: 'getJointMotorForce axis "up"', call: (c) => getJointMotorForce(c.w, c.hinge, any('up')), error: PIE, field: 'axis' },
  { name: 'getJointCoordinate(stale)', call: (c) => getJointCoordinate(c.w, c.staleJoint), error: UEE },
  { name: 'getJointSwingTwist of a distance joint', call: (c) => getJointSwingTwist(c.w, c.rope), error: PIE },
  { name: 'isJointBroken(stale)', call: (c) => isJointBroken(c.w, c.staleJoint), error: UEE },

  // ---- queries
  { name: 'castRay(null world)', call: () => castRay(any(null), [0, 5, 0], [0, -1, 0], createRayHit()), error: PIE, field: 'world' },
  { name: 'castRay origin NaN', call: (c) => castRay(c.w, NaN3, [0, -1, 0], createRayHit()), error: PIE, field: 'origin' },
  { name: 'castRay origin null', call: (c) => castRay(c.w, any(null), [0, -1, 0], createRayHit()), error: PIE, field: 'origin' },
  { name: 'castRay direction zero', call: (c) => castRay(c.w, [0, 5, 0], [0, 0, 0], createRayHit()), error: PIE, field: 'direction' },
  { name: 'castRay maxDistance −1', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), { maxDistance: -1 }), error: PIE, field: 'maxDistance' },
  { name: 'castRay mask −1', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), { mask: -1 }), error: PIE, field: 'mask' },
  { name: 'castRay group 1.5', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), { group: 1.5 }), error: PIE, field: 'group' },
  { name: 'castRay includeSensors "yes"', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), any({ includeSensors: 'yes' })), error: PIE, field: 'includeSensors' },
  { name: 'castRay solid 1', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), any({ solid: 1 })), error: PIE, field: 'solid' },
  { name: 'castRay excludeBodies "x"', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), any({ excludeBodies: 'x' })), error: PIE, field: 'excludeBodies' },
  { name: 'castRay excludeBodies [1.5]', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), { excludeBodies: [1.5] }), error: PIE, field: 'excludeBodies[0]' },
  { name: 'castRay hit null', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], any(null)), error: PIE, field: 'hit' },
  { name: 'castRay options 5', call: (c) => castRay(c.w, [0, 5, 0], [0, -1, 0], createRayHit(), any(5)), error: PIE, field: 'options' },
  { name: 'castRayAll hits null', call: (c) => castRayAll(c.w, [0, 5, 0], [0, -1, 0], any(null)), error: PIE, field: 'hits' },
  { name: 'castRayAll(null world)', call: () => castRayAll(any(null), [0, 5, 0], [0, -1, 0], createRayHitList()), error: PIE, field: 'world' },
  { name: 'castRayAny direction Infinity', call: (c) => castRayAny(c.w, [0, 5, 0], [Infinity, -1, 0]), error: PIE, field: 'direction' },
];

const CREATE_CASES: { name: string; options: unknown; field: string }[] = [
  { name: 'null', options: null, field: 'options' },
  { name: '"fast"', options: 'fast', field: 'options' },
  { name: 'gravity NaN', options: { gravity: [0, NaN, 0] }, field: 'gravity' },
  { name: 'gravity [0, −9.81]', options: { gravity: [0, -9.81] }, field: 'gravity' },
  { name: 'contactMargin −1', options: { contactMargin: -1 }, field: 'contactMargin' },
  { name: 'contactMargin NaN', options: { contactMargin: NaN }, field: 'contactMargin' },
  { name: 'initialCapacity 0', options: { initialCapacity: 0 }, field: 'initialCapacity' },
  { name: 'profile "yes"', options: { profile: 'yes' }, field: 'profile' },
  { name: 'throwOnNonFinite 1', options: { throwOnNonFinite: 1 }, field: 'throwOnNonFinite' },
  { name: 'friction "toString"', options: { friction: 'toString' }, field: 'friction' },
  { name: 'pgs.iterations 1.5', options: { pgs: { iterations: 1.5 } }, field: 'pgs.iterations' },
  { name: 'pgs.warmStarting "yes"', options: { pgs: { warmStarting: 'yes' } }, field: 'pgs.warmStarting' },
  { name: 'pgs.gyroscopic 1', options: { pgs: { gyroscopic: 1 } }, field: 'pgs.gyroscopic' },
  { name: 'experiments.jointSolver "toString"', options: { experiments: { jointSolver: 'toString' } }, field: 'experiments.jointSolver' },
  { name: 'pgs.contactHertz −1', options: { pgs: { contactHertz: -1 } }, field: 'pgs.contactHertz' },
  { name: 'pgs null', options: { pgs: null }, field: 'pgs' },
  { name: 'sleep 5', options: { sleep: 5 }, field: 'sleep' },
  { name: 'solver "toString"', options: { solver: 'toString' }, field: 'solver' },
];

describe('bad-input catalogue', () => {
  it(`has at least 100 invalid calls (${CASES.length + CREATE_CASES.length})`, () => {
    expect(CASES.length + CREATE_CASES.length).toBeGreaterThanOrEqual(100);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const ctx = build();
      c.setup?.(ctx);
      const before = worldHash(ctx.w);
      let caught: unknown;
      try { c.call(ctx); } catch (e) { caught = e; }
      expect(caught, 'must throw').toBeInstanceOf(c.error);
      if (c.field !== undefined) expect((caught as PhysicsInputError).field).toBe(c.field);
      expect((caught as Error).message).not.toMatch(/undefined is not|Cannot read|is not a function/);
      expect(worldHash(ctx.w), 'the world must be unchanged').toBe(before);
    });
  }

  for (const c of CREATE_CASES) {
    it(`createPhysicsWorld(${c.name})`, () => {
      let caught: unknown;
      try { createPhysicsWorld(any(c.options)); } catch (e) { caught = e; }
      expect(caught).toBeInstanceOf(PhysicsInputError);
      expect((caught as PhysicsInputError).field).toBe(c.field);
      expect((caught as Error).message.startsWith('world: ') || (caught as Error).message.startsWith('argument')).toBe(true);
    });
  }

  it('messages quote strings, name the subject once, and say "world" for world-level errors', () => {
    const ctx = build();
    const msg = (f: () => unknown): string => { try { f(); } catch (e) { return (e as Error).message; } return ''; };
    expect(msg(() => addBody(ctx.w, any({ type: 'toString', collider: sphere })))).toContain('type = "toString"');
    expect(msg(() => getPosition(ctx.w, ctx.staleBody))).toBe(`entity ${ctx.staleBody}: not a live body of this world (never added, removed, or a stale handle)`);
    expect(msg(() => removeJoint(ctx.w, ctx.staleJoint))).toContain('not a live joint');
    expect(msg(() => removeCollider(ctx.w, ctx.staleCollider))).toContain('not a live collider');
    expect(msg(() => createPhysicsWorld({ contactMargin: -1 }))).toMatch(/^world: contactMargin = -1/);
  });
});
