/**
 * babylon-ecs-physics: the engine's public API (no Babylon imports here; see `./babylon`). This
 * default entry carries the fast solver `'pgs'` with Coulomb friction; the accurate solver `'lcp'` is
 * the opt-in entry `babylon-ecs-physics/accurate` (`./accurate.ts`), and the exact friction solve
 * (`friction: 'max-dissipation'`) the opt-in entry `babylon-ecs-physics/max-dissipation`
 * (`./max-dissipation.ts`).
 */

export { createPhysicsWorld } from './world';
export type { PhysicsWorld, PhysicsWorldOptions } from './world';
export { stepWorld } from './step';
export {
  addBody, removeBody, hasBody, setCollider, getShape, getPosition, getOrientation, getLinearVelocity,
  getAngularVelocity, getMass, setPosition, setOrientation, setLinearVelocity, setAngularVelocity,
  applyForce, applyTorque, applyImpulse, applyAngularImpulse,
} from './bodies';
export type { BodyDef, ColliderDef, ColliderCommon, Out3, Out4 } from './bodies';
export {
  setMotionType, getMotionType, setMassProperties, setDamping, getDamping, setGravityScale, getGravityScale,
} from './body-properties';
export type { BodyMass } from './body-properties';
export {
  addJoint, removeJoint, hasJoint, setJointMotor, setJointFriction, setJointLimits, getJointForce, getJointTorque, getJointImpulse,
  getJointMotorForce, getJointCoordinate, getJointSwingTwist, setJointSwingLimit, isJointBroken,
} from './joints';
export type {
  JointDef, JointDefCommon, JointAxisName, JointAxisSpec, JointLimits, JointSwingLimit, JointMotorDef, JointKindName,
} from './joints';
export { sleeping, isSleeping, sleepNow, keepAsleep, wakeUp, getAllowSleep, setAllowSleep, setSleepEnabled } from './sleep';
export type { SleepOptions, IslandState } from '../systems/islands/islands';
export { addCollider, removeCollider, hasCollider, getColliderBody, getBodyColliders } from './colliders';
export { cylinder, convexHull } from './shapes';
export type { CylinderShape, ConvexHull, ConvexHullOptions } from './shapes';
export type { ConvexHullData } from '../systems/shapes/convex-hull';
export { entityHandle, handleIndex } from './handles';
export { castRay, castRayAll, castRayAny, createRayHit, createRayHitList } from './queries';
export { createTriangleMesh } from './triangle-mesh';
export type { TriangleMesh, TriangleMeshDef } from './triangle-mesh';
export { createHeightfield } from './heightfield';
export type { HeightfieldDef } from './heightfield';
export type { RayHit, RayHitList, RayCastOptions, QueryFilterDef } from './queries';
export { castShape, overlapShape, shapeProximity, pointProximity, createShapeHit, createOverlapList, createQueryShape } from './shape-queries';
export type { ShapeHit, OverlapList, QueryShapeDef, QueryShape, ShapeCastOptions, ProximityOptions } from './shape-queries';
export {
  PhysicsInputError, UnknownEntityError, NonFiniteStateError, SolverNotRegisteredError, FrictionLawNotRegisteredError,
} from './errors';
export type { SolverOptions } from './solver-registry';
export type { Vec3Like, QuatLike } from './validate';
export { STAGES } from './profiler';
export type { StepProfile, StageName, Profiler } from './profiler';
export type { PgsOptions } from '../systems/solve/pgs/pgs-options';
export type { FrictionLaw } from '../systems/solve/mdp/single-contact';
export type { LcpSolverOptions } from '../systems/solve/lcp/lcp-options';
export type { ShapeKindName, ShapeAsset } from '../components/collider';
export type { ContactStore } from '../components/contact';
export type { PairTable } from '../components/pair-table';
export type { PairEvents } from '../components/pair-events';
export type { LcpOptions } from './accurate-solver';
export type { SolverKind } from '../systems/solve/constraint-solver';
export { MotionType } from '../components/rigid-body';
export { ShapeKind, CombineRule } from '../components/collider';
export type { CombineRuleName } from '../components/collider';
export { JointKind, AxisMode, WORLD_BODY } from '../components/joint';
