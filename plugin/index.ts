/**
 * babylon-ecs-physics: the engine's public API (no Babylon imports here; see `./babylon`). This
 * default entry carries the fast solver `'pgs'`; the accurate solver `'lcp'` is the opt-in entry
 * `babylon-ecs-physics/accurate` (`./accurate.ts`).
 */

export { createPhysicsWorld } from './world';
export type { PhysicsWorld, PhysicsWorldOptions } from './world';
export { stepWorld } from './step';
export {
  addBody, removeBody, hasBody, setCollider, getShape, getPosition, getOrientation, getLinearVelocity,
  getAngularVelocity, getMass, setPosition, setOrientation, setLinearVelocity, setAngularVelocity,
  applyForce, applyTorque, applyImpulse, applyAngularImpulse,
} from './bodies';
export type { BodyDef, ColliderDef } from './bodies';
export {
  setMotionType, getMotionType, setMassProperties, setDamping, getDamping, setGravityScale, getGravityScale,
} from './body-properties';
export type { BodyMass } from './body-properties';
export {
  addJoint, removeJoint, hasJoint, setJointMotor, setJointFriction, setJointLimits, getJointForce, getJointTorque, getJointImpulse,
  getJointMotorForce, getJointCoordinate, getJointSwingTwist, setJointSwingLimit, isJointBroken,
} from './joints';
export type {
  JointDef, JointAxisName, JointAxisSpec, JointLimits, JointSwingLimit, JointMotorDef, JointKindName,
} from './joints';
export { addCollider, removeCollider, hasCollider, getColliderBody, getBodyColliders } from './colliders';
export { castRay, castRayAll, castRayAny, createRayHit, createRayHitList } from './queries';
export type { RayHit, RayHitList, RayCastOptions, QueryFilterDef } from './queries';
export { PhysicsInputError, UnknownEntityError, NonFiniteStateError, SolverNotRegisteredError } from './errors';
export type { SolverOptions } from './solver-registry';
export type { Vec3Like, QuatLike } from './validate';
export { STAGES } from './profiler';
export type { StepProfile, StageName, Profiler } from './profiler';
export type { PgsOptions } from '../systems/solve/pgs/pgs-options';
export type { LcpOptions } from './accurate-solver';
export type { LcpSolver, LcpSolveStats, LcpContactResults } from '../systems/solve/lcp/stewart-trinkle';
export type { ImpactPhase, ImpactStats } from '../systems/solve/common/impact-phase';
export type { SolverKind } from '../systems/solve/constraint-solver';
export { MotionType } from '../components/rigid-body';
export { ShapeKind, CombineRule } from '../components/collider';
export type { CombineRuleName } from '../components/collider';
export { JointKind, AxisMode, WORLD_BODY } from '../components/joint';
