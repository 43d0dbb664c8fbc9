/**
 * EcsPhysicsPlugin: Babylon's Physics V2 plugin interface (`IPhysicsEnginePluginV2`) over one engine
 * world, so code written for Havok runs unchanged:
 *
 * ```ts
 * scene.enablePhysics(new Vector3(0, -9.81, 0), new EcsPhysicsPlugin({ solver: 'pgs' }));
 * new PhysicsAggregate(mesh, PhysicsShapeType.BOX, { mass: 1 }, scene);
 * ```
 *
 * Synchronous, no WASM. `plugin.world` is the engine world, for the engine's own API (profiler,
 * solver switch, joint readers, contact store). Where Babylon leaves semantics open, the plugin does
 * what Babylon's HavokPlugin does (defaults, call order, event shapes), measured on Havok 1.3.14.
 *
 * One Babylon body = one engine body (thin instances: one engine body per instance). Every value is
 * checked before it reaches the world: a bad value throws the engine's {@link PhysicsInputError}
 * naming the body (`body "mesh name"`), shape (`shape #3 (BOX)`) or constraint and the field, and the
 * world is unchanged. Units SI, y up, world frame unless a name says otherwise.
 *
 * `executeStep(delta, bodies)`: bodies whose prestep is enabled push their node transform in
 * (TELEPORT) or drive towards it (ACTION), pending kinematic targets become velocities, the world
 * steps (within the velocity limits), moved bodies write their transforms back (Havok's `sync`), then
 * collision and trigger events go to the observables. Nothing is allocated per step beyond Babylon's
 * own event objects (reused here).
 */

import '@babylonjs/core/Physics/joinedPhysicsEngineComponent.js';
import '@babylonjs/core/Physics/v2/physicsEngineComponent.js';
import { Observable } from '@babylonjs/core/Misc/observable.js';
import { Matrix, Quaternion, TmpVectors, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import type { BoundingBox } from '@babylonjs/core/Culling/boundingBox.js';
import type { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import type { Nullable } from '@babylonjs/core/types.js';
import {
  PhysicsEventType, PhysicsMotionType, PhysicsPrestepType,
  type ConstrainedBodyPair, type IBasePhysicsCollisionEvent, type IPhysicsCollisionEvent, type IPhysicsEnginePluginV2,
  type PhysicsConstraintAxis, type PhysicsConstraintAxisLimitMode, type PhysicsConstraintMotorType,
  type PhysicsMassProperties, type PhysicsShapeParameters, type PhysicsShapeType,
} from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import type { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import type { PhysicsShape } from '@babylonjs/core/Physics/v2/physicsShape.js';
import type { PhysicsConstraint } from '@babylonjs/core/Physics/v2/physicsConstraint.js';
import type { PhysicsMaterial } from '@babylonjs/core/Physics/v2/physicsMaterial.js';
import { PhysicsRaycastResult, type IRaycastQuery } from '@babylonjs/core/Physics/physicsRaycastResult.js';
import { createPhysicsWorld, type PhysicsWorld, type PhysicsWorldOptions } from '../world';
import { stepWorld } from '../step';
import {
  addBody, applyAngularImpulse as engineAngularImpulse, applyImpulse as engineImpulse, hasBody, removeBody as engineRemoveBody,
  setCollider, setOrientation, setPosition, type BodyDef,
} from '../bodies';
import { addCollider, hasCollider, removeCollider } from '../colliders';
import { rebaseBodyFrame } from '../body-mass';
import {
  getDamping, getGravityScale, setDamping, setGravityScale, setMassProperties as engineSetMass, setMotionType as engineSetMotionType,
} from '../body-properties';
import { addJoint, removeJoint, setJointFriction, setJointMotor } from '../joints';
import { quatMultiply, quatRotate, quatRotateInverse } from '../../math/quat';
import { eulerXyz } from '../../systems/assembly/joint-rows';
import { PhysicsInputError } from '../errors';
import { castRay, castRayAll, createRayHit, createRayHitList, type RayCastOptions, type RayHit } from '../queries';
import {
  castShape, createShapeHit, pointProximity as enginePointProximity, shapeProximity as engineShapeProximity,
  type ProximityOptions, type QueryShapeDef, type ShapeCastOptions, type ShapeHit,
} from '../shape-queries';
import type { IPhysicsShapeCastQuery } from '@babylonjs/core/Physics/physicsShapeCastQuery.js';
import type { IPhysicsShapeProximityCastQuery } from '@babylonjs/core/Physics/physicsShapeProximityCastQuery.js';
import type { IPhysicsPointProximityQuery } from '@babylonjs/core/Physics/physicsPointProximityQuery.js';
import type { ShapeCastResult } from '@babylonjs/core/Physics/shapeCastResult.js';
import type { ProximityCastResult } from '@babylonjs/core/Physics/proximityCastResult.js';
import { MotionType } from '../../components/rigid-body';
import { pairTableGet } from '../../components/pair-table';
import { MAX_MANIFOLD_POINTS } from '../../components/contact';
import { wakeBodies } from '../wake';
import { handleIndex } from '../handles';
import { keepAsleep, setAllowSleep, sleeping, sleepNow } from '../sleep';
import { advanceClock, type StepClock } from './attach-physics';
import { detAtan2 } from '../../math/deterministic-math';
import {
  quatMul, quatRot, type BodyRecord, type JointRecord, type Q4, type ShapeGeometry, type ShapeRecord, type V3,
} from './v2-records';
import {
  colliderDef, defaultMaterial, flattenShape, shapeContains, geometryFromParameters, leavesBoundingBox, leavesMass, leavesTriangles, resolveMaterial,
  shapeLabel, type ResolvedMass, type ShapeLeaf,
} from './v2-shapes';
import {
  AXIS_NAMES, axisIsDriven, constraintLabel, distancePartDef, jointDef, LIMITED, LOCKED, MOTOR_POSITION, MOTOR_VELOCITY, newJointRecord, readAxis,
  UNBOUNDED_MOTOR_FORCE,
} from './v2-constraints';

/** Havok's event mask bits (`HP_Body_SetEventMask`), so masks written for Havok mean the same here. */
export const EventMask = { collisionStarted: 1, collisionContinued: 2, collisionFinished: 4 } as const;
const COLLISION_EVENTS = 7;

export interface EcsPhysicsPluginOptions extends PhysicsWorldOptions {
  /**
   * How `executeStep(delta)` advances the world:
   * - 'delta' (default, HavokPlugin's default): one step of Babylon's frame delta;
   * - 'timeStep': one step of `setTimeStep`'s value per frame (as `new HavokPlugin(false)`);
   * - 'fixed': the engine's fixed-step clock: whole steps of `setTimeStep`'s value with an
   *   accumulator (at most `maxSubSteps` per frame), node transforms interpolated between the last two
   *   steps.
   */
  stepMode?: 'delta' | 'timeStep' | 'fixed';
  /** 'fixed' mode: most steps per frame (default 4); the rest of a long frame is dropped. */
  maxSubSteps?: number;
  /** The most hits a ray cast into an array reports, as Havok's plugin parameter (default: no limit);
   * see {@link EcsPhysicsPlugin.setMaxQueryCollectorHits}. */
  maxQueryCollectorHits?: number;
  /** Called after every engine step inside `executeStep` (before the write-back), e.g. to read
   * `world.profiler.last`. */
  onAfterStep?: (world: PhysicsWorld) => void;
}

const NO_MASS: PhysicsMassProperties = {};
const DYNAMIC: number = PhysicsMotionType.DYNAMIC;

/** Babylon Physics V2 plugin over one engine world (see the file header). */
export class EcsPhysicsPlugin implements IPhysicsEnginePluginV2 {
  /** The engine world. */
  world: PhysicsWorld;
  name = 'EcsPhysicsPlugin';
  onCollisionObservable = new Observable<IPhysicsCollisionEvent>();
  onCollisionEndedObservable = new Observable<IBasePhysicsCollisionEvent>();
  onTriggerCollisionObservable = new Observable<IBasePhysicsCollisionEvent>();

  private timeStep = 1 / 60;
  private stepMode: 'delta' | 'timeStep' | 'fixed';
  private readonly clock: StepClock;
  private readonly onAfterStep: ((world: PhysicsWorld) => void) | undefined;
  private maxLinearVelocity = 200;
  private maxAngularVelocity = 100;
  private maxQueryHits = Infinity;
  /** Body record by engine body id. */
  private readonly recordOf: (BodyRecord | undefined)[] = [];
  /** Body record by engine collider id (a compound body has several). */
  private readonly colliderOwner: (BodyRecord | undefined)[] = [];
  private readonly targets: BodyRecord[] = [];
  /** Bodies created with `startAsleep`: put to sleep before the next step, once their shape and mass are set. */
  private readonly sleepers: BodyRecord[] = [];
  /** Joint records with a position motor on a driven axis (an array: iterated each step without allocating). */
  private readonly servos: JointRecord[] = [];
  private nextShapeId = 1;
  private eventBodies = 0;
  private continuedBodies = 0;
  private begunStamp = new Uint32Array(64);
  private stamp = 0;
  // reused event objects and scratch (no allocation per step)
  private readonly evt: IPhysicsCollisionEvent = {
    collider: undefined as unknown as PhysicsBody, collidedAgainst: undefined as unknown as PhysicsBody,
    colliderIndex: 0, collidedAgainstIndex: 0, type: PhysicsEventType.COLLISION_STARTED,
    point: new Vector3(), normal: new Vector3(), distance: 0, impulse: 0,
  };
  private readonly evtB: IPhysicsCollisionEvent = {
    collider: undefined as unknown as PhysicsBody, collidedAgainst: undefined as unknown as PhysicsBody,
    colliderIndex: 0, collidedAgainstIndex: 0, type: PhysicsEventType.COLLISION_STARTED,
    point: new Vector3(), normal: new Vector3(), distance: 0, impulse: 0,
  };
  private readonly trig: IBasePhysicsCollisionEvent = {
    collider: undefined as unknown as PhysicsBody, collidedAgainst: undefined as unknown as PhysicsBody,
    colliderIndex: 0, collidedAgainstIndex: 0, type: PhysicsEventType.TRIGGER_ENTERED,
  };
  private readonly q1: Q4 = [0, 0, 0, 1];
  private readonly q2: Q4 = [0, 0, 0, 1];
  private readonly v1: V3 = [0, 0, 0];
  private readonly v2: V3 = [0, 0, 0];
  private readonly m1 = new Matrix();
  private readonly quat = new Quaternion();

  /**
   * @param options everything `createPhysicsWorld` takes (gravity is set by `scene.enablePhysics`),
   *   plus the step mode.
   * @throws PhysicsInputError for a bad world option or step mode.
   */
  constructor(options: EcsPhysicsPluginOptions = {}) {
    const mode = options.stepMode ?? 'delta';
    if (mode !== 'delta' && mode !== 'timeStep' && mode !== 'fixed') {
      throw new PhysicsInputError(-1, 'stepMode', mode, "must be 'delta', 'timeStep' or 'fixed'");
    }
    const maxSub = options.maxSubSteps ?? 4;
    if (!Number.isInteger(maxSub) || maxSub < 1) throw new PhysicsInputError(-1, 'maxSubSteps', maxSub, 'must be an integer ≥ 1');
    if (options.onAfterStep !== undefined && typeof options.onAfterStep !== 'function') {
      throw new PhysicsInputError(-1, 'onAfterStep', options.onAfterStep, 'must be a function');
    }
    if (options.maxQueryCollectorHits !== undefined) this.setMaxQueryCollectorHits(options.maxQueryCollectorHits);
    this.stepMode = mode;
    this.clock = { fixedTimeStep: this.timeStep, maxSubSteps: maxSub, acc: 0 };
    this.onAfterStep = options.onAfterStep;
    // Havok sleeps resting bodies by default: so does this plugin's world, unless `sleep` is given
    this.world = createPhysicsWorld({ ...options, sleep: options.sleep === undefined ? sleeping() : options.sleep });
  }

  /** How `executeStep` advances the world (see {@link EcsPhysicsPluginOptions.stepMode}); switchable at run time. */
  getStepMode(): 'delta' | 'timeStep' | 'fixed' { return this.stepMode; }

  /** Switches the step mode (e.g. 'timeStep' for one step per frame with a slow solver). @throws PhysicsInputError */
  setStepMode(mode: 'delta' | 'timeStep' | 'fixed'): void {
    if (mode !== 'delta' && mode !== 'timeStep' && mode !== 'fixed') {
      throw new PhysicsInputError(-1, 'stepMode', mode, "must be 'delta', 'timeStep' or 'fixed'");
    }
    this.stepMode = mode;
    this.clock.acc = 0;
  }

  // ---------------------------------------------------------------- world

  getPluginVersion(): number { return 2; }

  /** Havok's `isSupported`: always true (no WASM to load). */
  isSupported(): boolean { return true; }

  /**
   * The world's gravity (m/s²). Havok's optional `worldPosition` selects a floating-origin world region;
   * this engine has one world, so a `worldPosition` to set one region's gravity is refused.
   * @throws PhysicsInputError (field `gravity`) for a non-finite vector, (field `worldPosition`) when one
   *   is given.
   */
  setGravity(gravity: Vector3, worldPosition?: Vector3): void {
    const g = readV3(-1, 'gravity', gravity);
    if (worldPosition !== undefined && worldPosition !== null) {
      throw new PhysicsInputError(-1, 'worldPosition', worldPosition.asArray?.() ?? worldPosition,
        'gravity per world region is not supported: this engine has one world (call setGravity(gravity))');
    }
    this.world.gravity.set(g);
  }

  /** Havok's `getGravity`: a new Vector3 of the world's gravity (m/s²); one world, so `worldPosition` changes nothing. */
  getGravity(worldPosition?: Vector3): Vector3 {
    void worldPosition;
    const g = this.world.gravity;
    return new Vector3(g[0], g[1], g[2]);
  }

  /**
   * Havok's `setMaxQueryCollectorHits`: the most hits a ray cast into an array reports (the nearest n).
   * Default: no limit (every hit, nearest first; Havok reports 1 until this is raised).
   * @throws PhysicsInputError (field `maxQueryCollectorHits`) for a value that is not an integer ≥ 1.
   */
  setMaxQueryCollectorHits(maxQueryCollectorHits: number): void {
    if (!(Number.isInteger(maxQueryCollectorHits) && maxQueryCollectorHits >= 1) && maxQueryCollectorHits !== Infinity) {
      throw new PhysicsInputError(-1, 'maxQueryCollectorHits', maxQueryCollectorHits, 'must be an integer ≥ 1 (or Infinity: no limit)');
    }
    this.maxQueryHits = maxQueryCollectorHits;
  }

  /** The most hits a ray cast into an array reports (Infinity: no limit, the default). */
  getMaxQueryCollectorHits(): number { return this.maxQueryHits; }

  setTimeStep(timeStep: number): void {
    if (typeof timeStep !== 'number' || !Number.isFinite(timeStep) || !(timeStep > 0)) {
      throw new PhysicsInputError(-1, 'timeStep', timeStep, 'must be a finite number > 0 (unit: s)');
    }
    this.timeStep = timeStep;
    (this.clock as { fixedTimeStep: number }).fixedTimeStep = timeStep;
  }

  getTimeStep(): number { return this.timeStep; }

  /**
   * World speed limits (m/s, rad/s; Havok's defaults 200 and 100). They act inside the step, as Havok's,
   * the same way with both solvers: the velocity update (each substep's in the fast mode, the free
   * velocity of the step in the accurate mode) scales |v| and |ω| down to the limits, so the contact
   * solve and the positions see limited velocities.
   * @throws PhysicsInputError for a limit that is not a number > 0.
   */
  setVelocityLimits(maxLinearVelocity: number, maxAngularVelocity: number): void {
    for (const [f, v] of [['maxLinearVelocity', maxLinearVelocity], ['maxAngularVelocity', maxAngularVelocity]] as const) {
      if (typeof v !== 'number' || Number.isNaN(v) || !(v > 0)) throw new PhysicsInputError(-1, f, v, 'must be a number > 0');
    }
    this.maxLinearVelocity = maxLinearVelocity;
    this.maxAngularVelocity = maxAngularVelocity;
  }
  getMaxLinearVelocity(): number { return this.maxLinearVelocity; }
  getMaxAngularVelocity(): number { return this.maxAngularVelocity; }

  executeStep(delta: number, bodies: PhysicsBody[]): void {
    if (typeof delta !== 'number' || !Number.isFinite(delta) || !(delta > 0)) {
      throw new PhysicsInputError(-1, 'delta', delta, 'must be a finite number > 0 (unit: s)');
    }
    if (this.sleepers.length > 0) this.fallAsleep();
    // node transforms pushed in by the prestep are checked for every body before any is applied
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i];
      if (!b.disablePreStep) this.checkPrestep(b);
    }
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i];
      if (!b.disablePreStep) this.prestep(b);
    }
    let steps = 1, h = delta;
    if (this.stepMode === 'timeStep') h = this.timeStep;
    else if (this.stepMode === 'fixed') { h = this.timeStep; steps = advanceClock(this.clock, delta); }
    for (let s = 0; s < steps; s++) {
      this.applyTargets(h);
      this.applyServos(h);
      this.limitSpeeds();
      stepWorld(this.world, h);
      if (this.onAfterStep !== undefined) this.onAfterStep(this.world);
      if (s < steps - 1) this.dispatchEvents();
    }
    const alpha = this.stepMode === 'fixed' ? this.clock.acc / this.timeStep : 1;
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i];
      if (!b.disableSync) this.syncBody(b, alpha);
    }
    if (steps > 0) this.dispatchEvents();
  }

  // ---------------------------------------------------------------- bodies

  initBody(body: PhysicsBody, motionType: PhysicsMotionType, position: Vector3, orientation: Quaternion): void {
    const label = bodyLabel(body);
    const p = readV3(-1, `${label}.position`, position);
    const q = readQ4(-1, `${label}.orientation`, orientation);
    readMotion(label, motionType);
    const rec = this.createRecord(body, 0, motionType, p, q, [1, 1, 1]);
    body._pluginData = rec;
    if (body.startAsleep === true) this.sleepers.push(rec);
  }

  initBodyInstances(body: PhysicsBody, motionType: PhysicsMotionType, mesh: Mesh): void {
    const label = bodyLabel(body);
    readMotion(label, motionType);
    const st = mesh._thinInstanceDataStorage;
    const n = st?.instancesCount ?? 0;
    const data = st?.matrixData;
    if (!data) throw new PhysicsInputError(-1, `${label}.thinInstances`, n, 'the mesh has no thin-instance matrices');
    const poses = readInstancePoses(label, data, 0, n);
    const list = body._pluginDataInstances as BodyRecord[];
    for (let i = 0; i < n; i++) {
      const rec = this.createRecord(body, i, motionType, poses[i].p, poses[i].q, poses[i].s);
      list.push(rec);
      if (body.startAsleep === true) this.sleepers.push(rec);
    }
  }

  updateBodyInstances(body: PhysicsBody, mesh: Mesh): void {
    const label = bodyLabel(body);
    const st = mesh._thinInstanceDataStorage;
    const n = st?.instancesCount ?? 0;
    const data = st?.matrixData;
    if (!data) throw new PhysicsInputError(-1, `${label}.thinInstances`, n, 'the mesh has no thin-instance matrices');
    const list = body._pluginDataInstances as BodyRecord[];
    const poses = readInstancePoses(label, data, 0, n);
    const template = list[0];
    while (list.length > n) this.destroyRecord(list.pop()!);
    for (let i = 0; i < list.length; i++) this.teleport(list[i], poses[i].p, poses[i].q);
    for (let i = list.length; i < n; i++) {
      const rec = this.createRecord(body, i, template?.motion ?? PhysicsMotionType.DYNAMIC, poses[i].p, poses[i].q, poses[i].s);
      if (template !== undefined) {
        rec.userMass = template.userMass;
        rec.eventMask = template.eventMask;
      }
      list.push(rec);
      const shape = template?.shape ?? body.shape;
      if (shape) this.applyShape(rec, shape);
      this.countEvents(rec, 0, rec.eventMask);
    }
  }

  removeBody(body: PhysicsBody): void {
    for (const rec of recordsOf(body)) this.destroyRecord(rec);
  }

  disposeBody(body: PhysicsBody): void {
    for (const rec of recordsOf(body)) if (!rec.disposed) this.destroyRecord(rec);
  }

  sync(body: PhysicsBody): void { this.syncBody(body, 1); }

  syncTransform(body: PhysicsBody, transformNode: TransformNode): void {
    const rec = this.single(body, 'syncTransform');
    this.writeNode(rec, transformNode, 1);
  }

  /**
   * Havok's `setPhysicsBodyTransformation`: the prestep of one body now, from `node`'s world transform:
   * TELEPORT moves the body there (thin instances: every instance to its matrix), ACTION sets it as the
   * target transform, DISABLED does nothing (Havok logs a warning).
   * @throws PhysicsInputError naming the body for a missing node, a non-finite node transform, a
   *   disposed body.
   */
  setPhysicsBodyTransformation(body: PhysicsBody, node: TransformNode): void {
    const recs = this.liveRecords(body, 'transformation');
    if (typeof node !== 'object' || node === null || typeof (node as Partial<TransformNode>).computeWorldMatrix !== 'function') {
      throw new PhysicsInputError(recs[0]?.eid ?? -1, `${bodyLabel(body)}.transformNode`, node, 'must be a TransformNode');
    }
    node.computeWorldMatrix(true);
    this.checkPrestep(body, node);
    this.prestep(body, node);
  }

  setShape(body: PhysicsBody, shape: Nullable<PhysicsShape>): void {
    const recs = this.liveRecords(body, 'shape');
    if (shape) {
      const srec = shape._pluginData as ShapeRecord | undefined;
      if (srec === undefined || srec.disposed) throw new PhysicsInputError(recs[0]?.eid ?? -1, `${bodyLabel(body)}.shape`, 'disposed', 'the shape was disposed');
      // validate for every instance before changing any
      flattenShape(shape);
      for (const rec of recs) this.resolveMass(rec, shape, rec.userMass);
    }
    for (const rec of recs) {
      if (shape) this.applyShape(rec, shape);
      else this.clearShape(rec);
    }
  }

  getShape(body: PhysicsBody): Nullable<PhysicsShape> {
    return this.recordAt(body, undefined, 'shape').shape;
  }

  getShapeType(shape: PhysicsShape): PhysicsShapeType {
    return this.shapeRecord(shape, 'type').type;
  }

  setEventMask(body: PhysicsBody, eventMask: number, instanceIndex?: number): void {
    const m = readMask(`${bodyLabel(body)}.eventMask`, eventMask);
    for (const rec of this.targetsOf(body, instanceIndex, 'eventMask')) this.setMask(rec, m);
  }

  getEventMask(body: PhysicsBody, instanceIndex?: number): number {
    return this.recordAt(body, instanceIndex, 'eventMask').eventMask;
  }

  setMotionType(body: PhysicsBody, motionType: PhysicsMotionType, instanceIndex?: number): void {
    readMotion(bodyLabel(body), motionType);
    const recs = this.targetsOf(body, instanceIndex, 'motionType');
    if (motionType === PhysicsMotionType.DYNAMIC) {
      for (const rec of recs) {
        checkDynamicLeaves(rec, rec.shape ? flattenShape(rec.shape) : []);
        if (!(rec.mass > 0 && rec.inertia[0] > 0 && rec.inertia[1] > 0 && rec.inertia[2] > 0)) {
          throw new PhysicsInputError(rec.eid, `${bodyLabel(body)}.motionType`, 'DYNAMIC', 'a dynamic body needs mass > 0 and inertia > 0');
        }
      }
    }
    for (const rec of recs) {
      engineSetMotionType(this.world, rec.eid, motionName(motionType),
        motionType === PhysicsMotionType.DYNAMIC ? engineMass(rec) : undefined);
      rec.motion = motionType;
    }
  }

  getMotionType(body: PhysicsBody, instanceIndex?: number): PhysicsMotionType {
    return this.recordAt(body, instanceIndex, 'motionType').motion;
  }

  computeMassProperties(body: PhysicsBody, instanceIndex?: number): PhysicsMassProperties {
    const rec = this.recordAt(body, instanceIndex, 'massProperties');
    const r = this.resolveMass(rec, rec.shape, NO_MASS);
    return massOut(r.mass, r.inertia, r.com, r.rot);
  }

  setMassProperties(body: PhysicsBody, massProps: PhysicsMassProperties, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'massProperties');
    const label = bodyLabel(body);
    if (typeof massProps !== 'object' || massProps === null) throw new PhysicsInputError(-1, `${label}.massProperties`, massProps, 'must be an object');
    const resolved = recs.map((rec) => this.resolveMass(rec, rec.shape, massProps));
    recs.forEach((rec, i) => {
      rec.userMass = massProps;
      this.applyMass(rec, resolved[i]);
    });
  }

  getMassProperties(body: PhysicsBody, instanceIndex?: number): PhysicsMassProperties {
    const rec = this.recordAt(body, instanceIndex, 'massProperties');
    return massOut(rec.mass, rec.inertia, rec.com, rec.comRotation);
  }

  setLinearDamping(body: PhysicsBody, damping: number, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'linearDamping');
    readNonNeg(recs[0]?.eid ?? -1, `${bodyLabel(body)}.linearDamping`, damping);
    for (const rec of recs) setDamping(this.world, rec.eid, { linear: damping });
  }
  getLinearDamping(body: PhysicsBody, instanceIndex?: number): number {
    return getDamping(this.world, this.recordAt(body, instanceIndex, 'linearDamping').eid).linear;
  }
  setAngularDamping(body: PhysicsBody, damping: number, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'angularDamping');
    readNonNeg(recs[0]?.eid ?? -1, `${bodyLabel(body)}.angularDamping`, damping);
    for (const rec of recs) setDamping(this.world, rec.eid, { angular: damping });
  }
  getAngularDamping(body: PhysicsBody, instanceIndex?: number): number {
    return getDamping(this.world, this.recordAt(body, instanceIndex, 'angularDamping').eid).angular;
  }

  /** Linear velocity of the centre of mass (m/s, world), as Havok's. */
  setLinearVelocity(body: PhysicsBody, linVel: Vector3, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'linearVelocity');
    const v = readV3(recs[0]?.eid ?? -1, `${bodyLabel(body)}.linearVelocity`, linVel);
    const b = this.world.bodies;
    for (const rec of recs) {
      if (b.motionType[handleIndex(rec.eid)] === MotionType.static) continue;
      wakeBodies(this.world, handleIndex(rec.eid)); // the engine's wake rule (plugin/sleep.ts)
      b.linearVelocity.set(v, 3 * handleIndex(rec.eid));
    }
  }

  getLinearVelocityToRef(body: PhysicsBody, linVel: Vector3, instanceIndex?: number): void {
    const rec = this.recordAt(body, instanceIndex, 'linearVelocity');
    const v = this.world.bodies.linearVelocity, i = 3 * handleIndex(rec.eid);
    linVel.set(v[i], v[i + 1], v[i + 2]);
  }

  setAngularVelocity(body: PhysicsBody, angVel: Vector3, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'angularVelocity');
    const w = readV3(recs[0]?.eid ?? -1, `${bodyLabel(body)}.angularVelocity`, angVel);
    const b = this.world.bodies;
    for (const rec of recs) {
      if (b.motionType[handleIndex(rec.eid)] === MotionType.static) continue;
      wakeBodies(this.world, handleIndex(rec.eid));
      b.angularVelocity.set(w, 3 * handleIndex(rec.eid));
    }
  }

  getAngularVelocityToRef(body: PhysicsBody, angVel: Vector3, instanceIndex?: number): void {
    const rec = this.recordAt(body, instanceIndex, 'angularVelocity');
    const w = this.world.bodies.angularVelocity, i = 3 * handleIndex(rec.eid);
    angVel.set(w[i], w[i + 1], w[i + 2]);
  }

  applyImpulse(body: PhysicsBody, impulse: Vector3, location: Vector3, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'impulse');
    const label = bodyLabel(body);
    const j = readV3(recs[0]?.eid ?? -1, `${label}.impulse`, impulse);
    const p = readV3(recs[0]?.eid ?? -1, `${label}.location`, location);
    for (const rec of recs) engineImpulse(this.world, rec.eid, j, p);
  }

  applyAngularImpulse(body: PhysicsBody, angularImpulse: Vector3, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'angularImpulse');
    const l = readV3(recs[0]?.eid ?? -1, `${bodyLabel(body)}.angularImpulse`, angularImpulse);
    for (const rec of recs) engineAngularImpulse(this.world, rec.eid, l);
  }

  /** A force (N) at a world point for the next step: Havok applies it as the impulse F · timeStep now. */
  applyForce(body: PhysicsBody, force: Vector3, location: Vector3, instanceIndex?: number): void {
    const f = readV3(-1, `${bodyLabel(body)}.force`, force);
    const s = this.timeStep;
    this.applyImpulse(body, TmpVectors.Vector3[5].set(f[0] * s, f[1] * s, f[2] * s), location, instanceIndex);
  }

  /** A torque (N·m): Havok applies it as the angular impulse τ · timeStep now. */
  applyTorque(body: PhysicsBody, torque: Vector3, instanceIndex?: number): void {
    const t = readV3(-1, `${bodyLabel(body)}.torque`, torque);
    const s = this.timeStep;
    this.applyAngularImpulse(body, TmpVectors.Vector3[5].set(t[0] * s, t[1] * s, t[2] * s), instanceIndex);
  }

  setGravityFactor(body: PhysicsBody, factor: number, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'gravityFactor');
    readFinite(recs[0]?.eid ?? -1, `${bodyLabel(body)}.gravityFactor`, factor);
    for (const rec of recs) setGravityScale(this.world, rec.eid, factor);
  }

  /**
   * Sleep control of a body (Havok's `setActivationControl`; `PhysicsActivationControl`):
   * SIMULATION_CONTROLLED (0) the body sleeps when its island rests (the default), ALWAYS_ACTIVE (1) it
   * never sleeps (and wakes now), ALWAYS_INACTIVE (2) it falls asleep now and bodies hitting it do not
   * wake it (it acts as fixed, as in Havok; a call that moves or pushes it does wake it).
   * @throws PhysicsInputError for an unknown mode or a disposed body.
   */
  setActivationControl(body: PhysicsBody, controlMode: number, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'activationControl');
    if (controlMode !== 0 && controlMode !== 1 && controlMode !== 2) {
      throw new PhysicsInputError(recs[0]?.eid ?? -1, `${bodyLabel(body)}.activationControl`, controlMode,
        'must be a PhysicsActivationControl (SIMULATION_CONTROLLED 0, ALWAYS_ACTIVE 1, ALWAYS_INACTIVE 2)');
    }
    const sleepOn = this.world.islands !== undefined && this.world.islands.options.enabled;
    for (const rec of recs) {
      setAllowSleep(this.world, rec.eid, controlMode !== 1);
      if (controlMode === 2 && sleepOn && rec.motion === DYNAMIC) keepAsleep(this.world, rec.eid);
    }
  }

  /** The body's sleep control as {@link setActivationControl} takes it. */
  getActivationControl(body: PhysicsBody, instanceIndex?: number): number {
    const a = this.world.bodies.allowSleep[handleIndex(this.recordAt(body, instanceIndex, 'activationControl').eid)];
    return a === 0 ? 1 : a === 2 ? 2 : 0;
  }

  getGravityFactor(body: PhysicsBody, instanceIndex?: number): number {
    return getGravityScale(this.world, this.recordAt(body, instanceIndex, 'gravityFactor').eid);
  }

  /**
   * The node pose the body should reach in the next step: its velocities are set to get there in one
   * step (and kept afterwards, as Havok does).
   */
  setTargetTransform(body: PhysicsBody, position: Vector3, rotation: Quaternion, instanceIndex?: number): void {
    const recs = this.targetsOf(body, instanceIndex, 'targetTransform');
    const label = bodyLabel(body);
    const p = readV3(recs[0]?.eid ?? -1, `${label}.targetPosition`, position);
    const q = readQ4(recs[0]?.eid ?? -1, `${label}.targetRotation`, rotation);
    for (const rec of recs) {
      wakeBodies(this.world, handleIndex(rec.eid));
      rec.target.set(p, 0);
      rec.target.set(q, 3);
      if (!rec.hasTarget) { rec.hasTarget = true; this.targets.push(rec); }
    }
  }

  getBodyGeometry(body: PhysicsBody): object {
    const rec = this.recordAt(body, undefined, 'geometry');
    return leavesTriangles(rec.shape ? flattenShape(rec.shape) : []);
  }

  getBodyBoundingBox(body: PhysicsBody): BoundingBox {
    const rec = this.recordAt(body, undefined, 'boundingBox');
    return leavesBoundingBox(rec.shape ? flattenShape(rec.shape) : [], body.transformNode.getWorldMatrix());
  }

  setCollisionCallbackEnabled(body: PhysicsBody, enabled: boolean, instanceIndex?: number): void {
    readBool(`${bodyLabel(body)}.collisionCallbackEnabled`, enabled);
    for (const rec of this.targetsOf(body, instanceIndex, 'collisionCallback')) this.setMask(rec, enabled ? COLLISION_EVENTS : 0);
  }

  setCollisionEndedCallbackEnabled(body: PhysicsBody, enabled: boolean, instanceIndex?: number): void {
    readBool(`${bodyLabel(body)}.collisionEndedCallbackEnabled`, enabled);
    for (const rec of this.targetsOf(body, instanceIndex, 'collisionEndedCallback')) {
      this.setMask(rec, enabled ? rec.eventMask | EventMask.collisionFinished : rec.eventMask & ~EventMask.collisionFinished);
    }
  }

  getCollisionObservable(body: PhysicsBody, instanceIndex?: number): Observable<IPhysicsCollisionEvent> {
    const rec = this.recordAt(body, instanceIndex, 'collisionObservable') as BodyRecord & { obs?: Observable<IPhysicsCollisionEvent> };
    return (rec.obs ??= new Observable<IPhysicsCollisionEvent>());
  }

  getCollisionEndedObservable(body: PhysicsBody, instanceIndex?: number): Observable<IBasePhysicsCollisionEvent> {
    const rec = this.recordAt(body, instanceIndex, 'collisionEndedObservable') as BodyRecord & { endObs?: Observable<IBasePhysicsCollisionEvent> };
    return (rec.endObs ??= new Observable<IBasePhysicsCollisionEvent>());
  }

  // ---------------------------------------------------------------- shapes

  initShape(shape: PhysicsShape, type: PhysicsShapeType, options: PhysicsShapeParameters): void {
    const id = this.nextShapeId;
    const label = `shape #${id} (${['SPHERE', 'CAPSULE', 'CYLINDER', 'BOX', 'CONVEX_HULL', 'CONTAINER', 'MESH', 'HEIGHTFIELD'][type] ?? type})`;
    const geometry = geometryFromParameters(label, type, options ?? {});
    this.nextShapeId++;
    const rec: ShapeRecord = {
      id, type, geometry, children: [], material: defaultMaterial(), materialSet: false, filterSet: false, densitySet: false, density: 1000,
      membership: 0xffffffff, collideMask: 0xffffffff, isTrigger: false, bodies: new Set(), disposed: false,
    };
    shape._pluginData = rec;
  }

  setShapeFilterMembershipMask(shape: PhysicsShape, membershipMask: number): void {
    const rec = this.shapeRecord(shape, 'filterMembershipMask');
    rec.membership = readMask(`${shapeLabel(rec)}.filterMembershipMask`, membershipMask);
    rec.filterSet = true;
    this.refreshShape(shape);
  }
  getShapeFilterMembershipMask(shape: PhysicsShape): number { return this.shapeRecord(shape, 'filterMembershipMask').membership; }

  setShapeFilterCollideMask(shape: PhysicsShape, collideMask: number): void {
    const rec = this.shapeRecord(shape, 'filterCollideMask');
    rec.collideMask = readMask(`${shapeLabel(rec)}.filterCollideMask`, collideMask);
    rec.filterSet = true;
    this.refreshShape(shape);
  }
  getShapeFilterCollideMask(shape: PhysicsShape): number { return this.shapeRecord(shape, 'filterCollideMask').collideMask; }

  setMaterial(shape: PhysicsShape, material: PhysicsMaterial): void {
    const rec = this.shapeRecord(shape, 'material');
    rec.material = resolveMaterial(shapeLabel(rec), material);
    rec.materialSet = true;
    this.refreshShape(shape);
  }

  getMaterial(shape: PhysicsShape): PhysicsMaterial {
    const m = this.shapeRecord(shape, 'material').material;
    return { friction: m.friction, staticFriction: m.staticFriction, restitution: m.restitution,
      frictionCombine: m.frictionCombine, restitutionCombine: m.restitutionCombine };
  }

  setDensity(shape: PhysicsShape, density: number): void {
    const rec = this.shapeRecord(shape, 'density');
    if (typeof density !== 'number' || !Number.isFinite(density) || !(density > 0)) {
      throw new PhysicsInputError(-1, `${shapeLabel(rec)}.density`, density, 'must be a finite number > 0 (kg/m³)');
    }
    rec.density = density;
    rec.densitySet = true;
    this.refreshShape(shape, true);
  }
  getDensity(shape: PhysicsShape): number { return this.shapeRecord(shape, 'density').density; }

  addChild(shape: PhysicsShape, newChild: PhysicsShape, translation?: Vector3, rotation?: Quaternion, scale?: Vector3): void {
    const rec = this.shapeRecord(shape, 'children');
    const label = shapeLabel(rec);
    if (rec.geometry !== undefined) throw new PhysicsInputError(-1, `${label}.addChild`, 'not a container', 'only a CONTAINER shape takes children');
    this.shapeRecord(newChild, 'child');
    if (shapeContains(newChild, shape)) throw new PhysicsInputError(-1, `${label}.children`, shapeLabel(newChild._pluginData as ShapeRecord), 'a container cannot hold itself');
    const t = translation ? readV3(-1, `${label}.child.translation`, translation) : [0, 0, 0] as V3;
    const r = rotation ? readQ4(-1, `${label}.child.rotation`, rotation) : [0, 0, 0, 1] as Q4;
    const s = scale ? readV3(-1, `${label}.child.scale`, scale) : [1, 1, 1] as V3;
    if (!(s[0] > 0 && s[1] > 0 && s[2] > 0)) throw new PhysicsInputError(-1, `${label}.child.scale`, s, 'must be > 0 on every axis');
    rec.children.push({ shape: newChild, translation: t, rotation: r, scale: s });
    try {
      flattenShape(shape); // a cycle (a container inside itself), a disposed or badly scaled leaf
      this.refreshShape(shape, true);
    } catch (e) {
      rec.children.pop();
      throw e;
    }
  }

  removeChild(shape: PhysicsShape, childIndex: number): void {
    const rec = this.shapeRecord(shape, 'children');
    if (!Number.isInteger(childIndex) || childIndex < 0 || childIndex >= rec.children.length) {
      throw new PhysicsInputError(-1, `${shapeLabel(rec)}.childIndex`, childIndex, `must be an integer in 0..${rec.children.length - 1}`);
    }
    const [removed] = rec.children.splice(childIndex, 1);
    try {
      this.refreshShape(shape, true);
    } catch (e) {
      rec.children.splice(childIndex, 0, removed);
      throw e;
    }
  }

  getNumChildren(shape: PhysicsShape): number { return this.shapeRecord(shape, 'children').children.length; }

  getBoundingBox(shape: PhysicsShape): BoundingBox {
    this.shapeRecord(shape, 'boundingBox');
    return leavesBoundingBox(flattenShape(shape));
  }

  disposeShape(shape: PhysicsShape): void {
    const rec = shape._pluginData as ShapeRecord | undefined;
    if (rec === undefined || rec.disposed) return;
    rec.disposed = true;
  }

  setTrigger(shape: PhysicsShape, isTrigger: boolean): void {
    const rec = this.shapeRecord(shape, 'isTrigger');
    if (typeof isTrigger !== 'boolean') throw new PhysicsInputError(-1, `${shapeLabel(rec)}.isTrigger`, isTrigger, 'must be a boolean');
    rec.isTrigger = isTrigger;
    this.refreshShape(shape);
  }

  // ---------------------------------------------------------------- constraints

  /** Babylon calls `addConstraint`; a constraint is only built when it is added to a body pair. */
  initConstraint(constraint: PhysicsConstraint, body: PhysicsBody, childBody: PhysicsBody): void {
    this.addConstraint(body, childBody, constraint);
  }

  addConstraint(body: PhysicsBody, childBody: PhysicsBody, constraint: PhysicsConstraint, instanceIndex?: number, childInstanceIndex?: number): void {
    const label = constraintLabel(constraint);
    const parent = this.recordAt(body, instanceIndex, `${label}.parent`);
    const child = this.recordAt(childBody, childInstanceIndex, `${label}.child`);
    if (parent === child) throw new PhysicsInputError(parent.eid, `${label}.child`, bodyLabel(childBody), 'must differ from the parent body');
    const rec = newJointRecord(constraint, parent, child);
    const def = jointDef(rec), part = distancePartDef(rec);
    rec.eid = addJoint(this.world, def);
    if (part !== undefined) rec.distanceEid = addJoint(this.world, part);
    const list = (constraint._pluginData ??= []) as JointRecord[];
    list.push(rec);
  }

  setEnabled(constraint: PhysicsConstraint, isEnabled: boolean): void {
    const recs = this.jointRecords(constraint, 'isEnabled');
    readBool(`${constraintLabel(constraint)}.isEnabled`, isEnabled);
    for (const rec of recs) {
      if (rec.enabled === !!isEnabled) continue;
      rec.enabled = !!isEnabled;
      this.rebuild(rec);
    }
  }
  getEnabled(constraint: PhysicsConstraint): boolean {
    const recs = constraint._pluginData as JointRecord[] | undefined;
    return recs !== undefined && recs.length > 0 && recs[0].enabled;
  }

  setCollisionsEnabled(constraint: PhysicsConstraint, isEnabled: boolean): void {
    readBool(`${constraintLabel(constraint)}.isCollisionsEnabled`, isEnabled);
    for (const rec of this.jointRecords(constraint, 'isCollisionsEnabled')) {
      rec.collisions = !!isEnabled;
      this.rebuild(rec);
    }
  }
  getCollisionsEnabled(constraint: PhysicsConstraint): boolean {
    const recs = constraint._pluginData as JointRecord[] | undefined;
    return recs !== undefined && recs.length > 0 && recs[0].collisions;
  }

  setAxisFriction(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, friction: number): void {
    const a = readAxis(constraint, axis, 'axis');
    const recs = this.jointRecords(constraint, 'axisFriction');
    readNonNeg(-1, `${constraintLabel(constraint)}.friction`, friction);
    for (const rec of recs) { rec.friction[a] = friction; this.applyDrive(rec, a); }
  }
  getAxisFriction(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<number> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.friction[a]);
  }

  setAxisMode(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, limitMode: PhysicsConstraintAxisLimitMode): void {
    const a = readAxis(constraint, axis, 'axis');
    const mode: number = limitMode;
    if (mode !== 0 && mode !== 1 && mode !== 2) {
      throw new PhysicsInputError(-1, `${constraintLabel(constraint)}.axisMode`, limitMode, 'must be a PhysicsConstraintAxisLimitMode (0..2)');
    }
    this.changeAxes(constraint, 'axisMode', (rec) => { rec.mode[a] = limitMode; });
  }
  getAxisMode(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<PhysicsConstraintAxisLimitMode> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.mode[a]);
  }

  setAxisMinLimit(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, minLimit: number): void {
    const a = readAxis(constraint, axis, 'axis');
    readFinite(-1, `${constraintLabel(constraint)}.minLimit`, minLimit);
    this.changeAxes(constraint, 'minLimit', (rec) => { rec.minLimit[a] = minLimit; if (rec.mode[a] !== LOCKED) rec.mode[a] = LIMITED; });
  }
  getAxisMinLimit(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<number> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.minLimit[a]);
  }

  setAxisMaxLimit(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, limit: number): void {
    const a = readAxis(constraint, axis, 'axis');
    readFinite(-1, `${constraintLabel(constraint)}.maxLimit`, limit);
    this.changeAxes(constraint, 'maxLimit', (rec) => { rec.maxLimit[a] = limit; if (rec.mode[a] !== LOCKED) rec.mode[a] = LIMITED; });
  }
  getAxisMaxLimit(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<number> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.maxLimit[a]);
  }

  setAxisMotorType(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, motorType: PhysicsConstraintMotorType): void {
    const a = readAxis(constraint, axis, 'axis');
    const mt: number = motorType;
    if (mt !== 0 && mt !== 1 && mt !== 2) {
      throw new PhysicsInputError(-1, `${constraintLabel(constraint)}.motorType`, motorType, 'must be a PhysicsConstraintMotorType (0..2)');
    }
    for (const rec of this.jointRecords(constraint, 'motorType')) { rec.motorType[a] = motorType; this.applyDrive(rec, a); }
  }
  getAxisMotorType(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<PhysicsConstraintMotorType> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.motorType[a]);
  }

  setAxisMotorTarget(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, target: number): void {
    const a = readAxis(constraint, axis, 'axis');
    readFinite(-1, `${constraintLabel(constraint)}.motorTarget`, target);
    for (const rec of this.jointRecords(constraint, 'motorTarget')) { rec.motorTarget[a] = target; this.applyDrive(rec, a); }
  }
  getAxisMotorTarget(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<number> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.motorTarget[a]);
  }

  setAxisMotorMaxForce(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, maxForce: number): void {
    const a = readAxis(constraint, axis, 'axis');
    readNonNeg(-1, `${constraintLabel(constraint)}.motorMaxForce`, maxForce);
    for (const rec of this.jointRecords(constraint, 'motorMaxForce')) { rec.motorMaxForce[a] = maxForce; this.applyDrive(rec, a); }
  }
  getAxisMotorMaxForce(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis): Nullable<number> {
    return this.firstAxisValue(constraint, axis, (r, a) => r.motorMaxForce[a]);
  }

  disposeConstraint(constraint: PhysicsConstraint): void {
    const recs = constraint._pluginData as JointRecord[] | undefined;
    if (!recs) return;
    for (const rec of recs) {
      this.removeJoints(rec);
      rec.enabled = false;
      this.dropServo(rec);
    }
    recs.length = 0;
  }

  getBodiesUsingConstraint(constraint: PhysicsConstraint): ConstrainedBodyPair[] {
    const recs = (constraint._pluginData ?? []) as JointRecord[];
    const out: ConstrainedBodyPair[] = [];
    for (const r of recs) {
      if (r.parent.disposed || r.child.disposed) continue;
      out.push({ parentBody: r.parent.body, parentBodyIndex: r.parent.index, childBody: r.child.body, childBodyIndex: r.child.index });
    }
    return out;
  }

  // ---------------------------------------------------------------- queries

  /**
   * Ray cast from `from` to `to` (world) through the engine's ray cast query (`castRay` /
   * `castRayAll`): each result is `reset(from, to)`, then filled with the body, instance index, shape,
   * hit point and outward normal (world) and the distance from `from` (m), nearest first. One result:
   * the closest hit; an empty array: every hit, one result appended per collider; a filled array: as
   * many hits as it has entries. `query`: `membership` (default all bits) must meet a shape's collide
   * mask and `collideWith` (default all bits) its membership; triggers only with `shouldHitTriggers`;
   * `ignoreBody` (all its instances) never hit. A ray starting inside a shape hits it at distance 0.
   * @throws PhysicsInputError for NaN / infinite points or non-integer masks (results stay reset).
   */
  raycast(from: Vector3, to: Vector3, result: PhysicsRaycastResult | PhysicsRaycastResult[], query?: IRaycastQuery): void {
    const results = Array.isArray(result) ? result : [result];
    for (const r of results) r.reset(from, to);
    const o = readV3(-1, 'raycast.from', from);
    const t = readV3(-1, 'raycast.to', to);
    const d: V3 = [t[0] - o[0], t[1] - o[1], t[2] - o[2]];
    const len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    const opts = this.rayOptions;
    opts.group = query?.membership === undefined ? 0xffffffff : readMask('raycast.query.membership', query.membership);
    opts.mask = query?.collideWith === undefined ? 0xffffffff : readMask('raycast.query.collideWith', query.collideWith);
    opts.includeSensors = query?.shouldHitTriggers === true;
    opts.maxDistance = len;
    const ex = this.rayExclude;
    ex.length = 0;
    if (query?.ignoreBody) for (const rec of recordsOf(query.ignoreBody)) if (!rec.disposed) ex.push(rec.eid);
    if (!(len > 0)) return;
    if (!Array.isArray(result)) {
      if (castRay(this.world, o, d, this.rayHit, opts)) this.fillResult(result, this.rayHit);
      return;
    }
    const n = Math.min(castRayAll(this.world, o, d, this.rayHits, opts), this.maxQueryHits);
    const list = this.rayHits.hits;
    if (result.length === 0) {
      for (let i = 0; i < n; i++) {
        const r = new PhysicsRaycastResult();
        r.reset(from, to);
        if (this.fillResult(r, list[i])) result.push(r);
      }
      return;
    }
    let k = 0;
    for (let i = 0; i < n && k < result.length; i++) if (this.fillResult(result[k], list[i])) k++;
  }

  /**
   * Havok's `shapeCast` (outside Babylon's plugin interface): sweeps `query.shape` (one convex leaf:
   * sphere, box, capsule, cylinder or hull) at `query.rotation` from `startPosition` to `endPosition`
   * through the engine's `castShape` and reports the first body met: `hitShapeResult` gets the body,
   * its shape, the contact point (world) and the normal out of the hit body; `inputShapeResult` the
   * point on the cast shape and the opposite normal; both the fraction of the segment travelled.
   * @throws PhysicsInputError for a container or mesh query shape, NaN positions, a disposed shape.
   */
  shapeCast(query: IPhysicsShapeCastQuery, inputShapeResult: ShapeCastResult, hitShapeResult: ShapeCastResult): void {
    inputShapeResult.reset();
    hitShapeResult.reset();
    const def = this.queryShape(query.shape, 'shapeCast.shape');
    const start = readV3(-1, 'shapeCast.startPosition', query.startPosition);
    const end = readV3(-1, 'shapeCast.endPosition', query.endPosition);
    const q = readQ4(-1, 'shapeCast.rotation', query.rotation);
    const d: V3 = [end[0] - start[0], end[1] - start[1], end[2] - start[2]];
    const len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (!(len > 0)) return;
    const pose = this.queryPose(def.geometry, start, q);
    const hit = this.shapeHit;
    const opts = this.shapeQueryOptions(query.shouldHitTriggers, query.ignoreBody);
    opts.maxDistance = len;
    if (!castShape(this.world, def.def, pose.p, pose.q, d, hit, opts)) return;
    if (!this.fillShapeResult(hitShapeResult, hit, hit.point, hit.normal, 1)) return;
    this.fillShapeResult(inputShapeResult, hit, hit.pointOnShape, hit.normal, -1, query.shape);
    inputShapeResult.setHitFraction(hit.distance / len);
    hitShapeResult.setHitFraction(hit.distance / len);
  }

  /**
   * Havok's `shapeProximity`: the body nearest to `query.shape` at (`position`, `rotation`) within
   * `maxDistance`, through the engine's `shapeProximity`: closest points on both, the normal out of the
   * hit body, the distance between the surfaces.
   * @throws as {@link shapeCast}.
   */
  shapeProximity(query: IPhysicsShapeProximityCastQuery, inputShapeResult: ProximityCastResult, hitShapeResult: ProximityCastResult): void {
    inputShapeResult.reset();
    hitShapeResult.reset();
    const def = this.queryShape(query.shape, 'shapeProximity.shape');
    const p = readV3(-1, 'shapeProximity.position', query.position);
    const q = readQ4(-1, 'shapeProximity.rotation', query.rotation);
    const maxD = readNonNeg(-1, 'shapeProximity.maxDistance', query.maxDistance);
    const pose = this.queryPose(def.geometry, p, q);
    const hit = this.shapeHit;
    const opts = this.shapeQueryOptions(query.shouldHitTriggers, query.ignoreBody);
    opts.maxDistance = maxD;
    if (!engineShapeProximity(this.world, def.def, pose.p, pose.q, hit, opts)) return;
    if (!this.fillShapeResult(hitShapeResult, hit, hit.point, hit.normal, 1)) return;
    this.fillShapeResult(inputShapeResult, hit, hit.pointOnShape, hit.normal, -1, query.shape);
    inputShapeResult.setHitDistance(hit.distance);
    hitShapeResult.setHitDistance(hit.distance);
  }

  /**
   * Havok's `pointProximity`: the body nearest to `query.position` within `maxDistance` (membership /
   * collideWith filter as for ray casts), its closest point, the normal out of it and the distance.
   * @throws PhysicsInputError for a NaN position or a bad filter.
   */
  pointProximity(query: IPhysicsPointProximityQuery, result: ProximityCastResult): void {
    result.reset();
    const p = readV3(-1, 'pointProximity.position', query.position);
    const maxD = readNonNeg(-1, 'pointProximity.maxDistance', query.maxDistance);
    const opts = this.shapeQueryOptions(query.shouldHitTriggers, query.ignoreBody) as ProximityOptions & { group: number; mask: number };
    const f = query.collisionFilter;
    opts.group = f?.membership === undefined ? 0xffffffff : readMask('pointProximity.collisionFilter.membership', f.membership);
    opts.mask = f?.collideWith === undefined ? 0xffffffff : readMask('pointProximity.collisionFilter.collideWith', f.collideWith);
    opts.maxDistance = maxD;
    const hit = this.shapeHit;
    if (!enginePointProximity(this.world, p, hit, opts)) return;
    if (!this.fillShapeResult(result, hit, hit.point, hit.normal, 1)) return;
    result.setHitDistance(hit.distance);
  }

  private readonly shapeHit = createShapeHit();
  private readonly shapeExclude: number[] = [];
  private readonly shapeOpts: ShapeCastOptions & ProximityOptions & { group: number; mask: number } = {
    group: 0xffffffff, mask: 0xffffffff, includeSensors: false, excludeBodies: this.shapeExclude, maxDistance: 0,
  };

  private shapeQueryOptions(shouldHitTriggers: unknown, ignoreBody: PhysicsBody | undefined): ShapeCastOptions & ProximityOptions {
    const o = this.shapeOpts;
    o.group = 0xffffffff; o.mask = 0xffffffff;
    o.includeSensors = shouldHitTriggers === true;
    this.shapeExclude.length = 0;
    if (ignoreBody) for (const rec of recordsOf(ignoreBody)) if (!rec.disposed) this.shapeExclude.push(rec.eid);
    return o;
  }

  /** The engine query shape of a Babylon shape with one convex leaf. */
  private queryShape(shape: PhysicsShape, field: string): { def: QueryShapeDef; geometry: ShapeGeometry } {
    const rec = this.shapeRecord(shape, field);
    const leaves = flattenShape(shape);
    if (leaves.length !== 1) throw new PhysicsInputError(-1, field, shapeLabel(rec), 'must be one convex shape (not a container of several)');
    const g = leaves[0].geometry;
    const def = colliderDef(leaves[0]) as unknown as QueryShapeDef & { shape: unknown };
    if (g.kind === 'mesh' || g.kind === 'heightfield') throw new PhysicsInputError(-1, field, shapeLabel(rec), 'must be a convex shape (not a mesh or heightfield)');
    return { def, geometry: g };
  }

  /** World pose of a query shape's leaf: position p + q c, orientation q ⊗ r. */
  private queryPose(g: ShapeGeometry, p: V3, q: Q4): { p: V3; q: Q4 } {
    const c = quatRot(q, g.center);
    return { p: [p[0] + c[0], p[1] + c[1], p[2] + c[2]], q: quatMul(q, g.rotation) };
  }

  /** Fills a Babylon casting result from an engine shape hit (sign −1: the normal reversed, for the query shape's side). */
  private fillShapeResult(r: ShapeCastResult | ProximityCastResult, hit: ShapeHit, point: ArrayLike<number>, n: ArrayLike<number>, sign: number, shape?: PhysicsShape): boolean {
    const rec = this.recordOf[handleIndex(hit.body)];
    if (rec === undefined || rec.disposed) return false;
    if (shape === undefined) {
      r.body = rec.body;
      r.bodyIndex = rec.index;
      r.shape = rec.shape ?? undefined;
    } else {
      r.shape = shape;
    }
    r.setHitData({ x: sign * n[0], y: sign * n[1], z: sign * n[2] }, { x: point[0], y: point[1], z: point[2] });
    return true;
  }

  private readonly rayHit = createRayHit();
  private readonly rayHits = createRayHitList();
  private readonly rayExclude: number[] = [];
  private readonly rayOptions: RayCastOptions & { group: number; mask: number } = {
    group: 0xffffffff, mask: 0xffffffff, includeSensors: false, maxDistance: 0, excludeBodies: this.rayExclude, solid: true,
  };

  /** Writes an engine ray hit into a Babylon result; false for a body this plugin does not know. */
  private fillResult(r: PhysicsRaycastResult, hit: RayHit): boolean {
    const rec = this.recordOf[handleIndex(hit.body)];
    if (rec === undefined || rec.disposed) return false;
    r.body = rec.body;
    r.bodyIndex = rec.index;
    r.shape = rec.shape ?? undefined;
    const n = hit.normal, p = hit.point;
    r.setHitData({ x: n[0], y: n[1], z: n[2] }, { x: p[0], y: p[1], z: p[2] });
    r.setHitDistance(hit.distance);
    return true;
  }

  dispose(): void {
    for (const rec of this.recordOf) if (rec !== undefined && !rec.disposed) this.destroyRecord(rec);
    this.onCollisionObservable.clear();
    this.onCollisionEndedObservable.clear();
    this.onTriggerCollisionObservable.clear();
  }

  // ================================================================ internals

  private createRecord(body: PhysicsBody, index: number, motion: PhysicsMotionType, p: V3, q: Q4, scale: V3): BodyRecord {
    const def: BodyDef = {
      type: motionName(motion), position: p, orientation: q, linearDamping: 0, angularDamping: 0.1,
    };
    if (motion === PhysicsMotionType.DYNAMIC) { def.mass = 1; def.inertia = [1, 1, 1]; }
    const eid = addBody(this.world, def);
    const rec: BodyRecord = {
      eid, body, index, motion, shape: null, userMass: NO_MASS, mass: 1, inertia: [1, 1, 1], com: [0, 0, 0],
      comRotation: [0, 0, 0, 1], colliders: [], eventMask: 0, hasTarget: false, target: new Float64Array(7), scale, disposed: false,
    };
    this.recordOf[handleIndex(eid)] = rec;
    this.colliderOwner[handleIndex(eid)] = rec;
    return rec;
  }

  private destroyRecord(rec: BodyRecord): void {
    if (rec.disposed) return;
    rec.disposed = true;
    this.countEvents(rec, rec.eventMask, 0);
    if (rec.shape) (rec.shape._pluginData as ShapeRecord | undefined)?.bodies.delete(rec);
    if (hasBody(this.world, rec.eid)) engineRemoveBody(this.world, rec.eid);
    if (this.recordOf[handleIndex(rec.eid)] === rec) this.recordOf[handleIndex(rec.eid)] = undefined;
    if (this.colliderOwner[handleIndex(rec.eid)] === rec) this.colliderOwner[handleIndex(rec.eid)] = undefined;
    for (const c of rec.colliders) if (this.colliderOwner[handleIndex(c)] === rec) this.colliderOwner[handleIndex(c)] = undefined;
    rec.colliders.length = 0;
    if (rec.hasTarget) {
      rec.hasTarget = false;
      const i = this.targets.indexOf(rec);
      if (i >= 0) this.targets.splice(i, 1);
    }
    for (let k = this.servos.length - 1; k >= 0; k--) {
      const j = this.servos[k];
      if (j.parent === rec || j.child === rec) this.dropServo(j);
    }
  }

  /**
   * Resolved mass properties of a record with a shape and user overrides (validates; changes nothing).
   * As Havok: each field the user gave overrides the one computed from the shape's leaves at their
   * densities; the others stay computed (a new `setMassProperties` call replaces the previous overrides).
   */
  private resolveMass(rec: BodyRecord, shape: PhysicsShape | null, user: PhysicsMassProperties): ResolvedMass {
    const label = bodyLabel(rec.body);
    const leaves = shape ? flattenShape(shape) : [];
    if (rec.motion === DYNAMIC) checkDynamicLeaves(rec, leaves);
    const computed = leavesMass(leaves);
    let mass = 1, inertia: V3 = [1, 1, 1], com: V3 = [0, 0, 0], rot: Q4 = [0, 0, 0, 1];
    if (computed !== undefined) ({ mass, inertia, com, rot } = computed);
    if (user.mass !== undefined) {
      if (typeof user.mass !== 'number' || !Number.isFinite(user.mass) || user.mass < 0) {
        throw new PhysicsInputError(rec.eid, `${label}.massProperties.mass`, user.mass, 'must be a finite number ≥ 0 (kg)');
      }
      mass = user.mass;
    }
    if (user.inertia !== undefined && user.inertia !== null) {
      inertia = readV3(rec.eid, `${label}.massProperties.inertia`, user.inertia);
      if (!(inertia[0] >= 0 && inertia[1] >= 0 && inertia[2] >= 0)) {
        throw new PhysicsInputError(rec.eid, `${label}.massProperties.inertia`, inertia, 'must be ≥ 0 on every axis (per unit mass, m²)');
      }
    }
    if (user.centerOfMass !== undefined && user.centerOfMass !== null) com = readV3(rec.eid, `${label}.massProperties.centerOfMass`, user.centerOfMass);
    if (user.inertiaOrientation !== undefined && user.inertiaOrientation !== null) {
      rot = readQ4(rec.eid, `${label}.massProperties.inertiaOrientation`, user.inertiaOrientation);
    }
    if (rec.motion === DYNAMIC && !(mass > 0 && inertia[0] > 0 && inertia[1] > 0 && inertia[2] > 0)) {
      throw new PhysicsInputError(rec.eid, `${label}.massProperties`, [mass, ...inertia],
        'a dynamic body needs mass > 0 and inertia > 0 (Babylon makes a body with mass 0 STATIC)');
    }
    return { mass, inertia, com, rot };
  }

  /**
   * Writes resolved mass properties into the record and the world: the engine body frame moves to the
   * centre of mass and inertia axes (`rebaseBodyFrame`: colliders, joint frames and velocities are
   * re-expressed, nothing moves in the world), then a dynamic body takes the mass and inertia.
   */
  private applyMass(rec: BodyRecord, r: ResolvedMass): void {
    const s = this.world.colliders, e = handleIndex(rec.eid);
    // the node frame expressed in the current body frame is the engine's origin frame (op, oq):
    // the new origin (centre of mass) there is op + oq·com, the new axes oq ⊗ rot
    const oq = s.originOrientation.subarray(4 * e, 4 * e + 4);
    const c = quatRot(oq, r.com);
    c[0] += s.originPosition[3 * e]; c[1] += s.originPosition[3 * e + 1]; c[2] += s.originPosition[3 * e + 2];
    const axes = quatMul(oq, r.rot);
    const l = Math.hypot(axes[0], axes[1], axes[2], axes[3]);
    for (let k = 0; k < 4; k++) axes[k] /= l;
    rebaseBodyFrame(this.world, e, c, axes);
    rec.mass = r.mass; rec.inertia = r.inertia; rec.com = r.com; rec.comRotation = r.rot;
    if (rec.motion === DYNAMIC) engineSetMass(this.world, rec.eid, engineMass(rec));
  }

  private applyShape(rec: BodyRecord, shape: PhysicsShape): void {
    const old = rec.shape;
    if (old && old !== shape) (old._pluginData as ShapeRecord | undefined)?.bodies.delete(rec);
    rec.shape = shape;
    (shape._pluginData as ShapeRecord).bodies.add(rec);
    const mass = this.resolveMass(rec, shape, rec.userMass);
    // the colliders first, then the mass properties (they override whatever the colliders imply)
    this.writeColliders(rec);
    this.applyMass(rec, mass);
  }

  private clearShape(rec: BodyRecord): void {
    if (rec.shape) (rec.shape._pluginData as ShapeRecord | undefined)?.bodies.delete(rec);
    rec.shape = null;
    this.writeColliders(rec);
  }

  /**
   * The engine colliders of a record's shape: the first leaf on the body's own entity, the others as
   * extra colliders (`addCollider`), each at its pose in the node frame (= the body's origin frame).
   */
  private writeColliders(rec: BodyRecord): void {
    const ids = rec.colliders, w = this.world;
    for (let i = ids.length - 1; i >= 0; i--) {
      const c = ids[i];
      if (c === rec.eid) continue;
      if (hasCollider(w, c)) removeCollider(w, c);
      if (this.colliderOwner[handleIndex(c)] === rec) this.colliderOwner[handleIndex(c)] = undefined;
    }
    ids.length = 0;
    const leaves = rec.shape ? flattenShape(rec.shape) : [];
    if (leaves.length === 0) {
      if (hasCollider(w, rec.eid)) removeCollider(w, rec.eid);
      return;
    }
    setCollider(w, rec.eid, colliderDef(leaves[0]));
    ids.push(rec.eid);
    for (let i = 1; i < leaves.length; i++) {
      const c = addCollider(w, rec.eid, colliderDef(leaves[i]));
      ids.push(c);
      this.colliderOwner[handleIndex(c)] = rec;
    }
  }

  /** Pushes a shape change to every body using it (directly or through containers, at any depth). */
  private refreshShape(shape: PhysicsShape, massToo = false): void {
    const users = this.shapeUsers(shape);
    // validate every user before changing any
    for (const b of users) { flattenShape(b.shape!); if (massToo) this.resolveMass(b, b.shape, b.userMass); }
    for (const b of users) {
      this.writeColliders(b);
      if (massToo) this.applyMass(b, this.resolveMass(b, b.shape, b.userMass));
    }
  }

  /** Live body records whose shape is `shape` or contains it. */
  private shapeUsers(shape: PhysicsShape): BodyRecord[] {
    const out: BodyRecord[] = [];
    for (const b of this.recordOf) {
      if (b === undefined || b.disposed || !b.shape) continue;
      if (shapeContains(b.shape, shape)) out.push(b);
    }
    return out;
  }

  /** Sets the engine pose from a node pose: x = p_n + q_n c, q = q_n r. */
  private teleport(rec: BodyRecord, p: ArrayLike<number>, q: ArrayLike<number>): void {
    const c = quatRot(q, rec.com);
    setPosition(this.world, rec.eid, [p[0] + c[0], p[1] + c[1], p[2] + c[2]]);
    setOrientation(this.world, rec.eid, quatMul(q, rec.comRotation));
  }

  /** q_n c in the world frame (the centre of mass from the node origin). Allocation-free. */
  private comOffsetWorld(rec: BodyRecord, out: V3): void {
    const b = this.world.bodies, i4 = 4 * handleIndex(rec.eid);
    const o = b.orientation;
    const r = rec.comRotation;
    // q_n = q r⁻¹
    this.q2[0] = -r[0]; this.q2[1] = -r[1]; this.q2[2] = -r[2]; this.q2[3] = r[3];
    this.q1[0] = o[i4]; this.q1[1] = o[i4 + 1]; this.q1[2] = o[i4 + 2]; this.q1[3] = o[i4 + 3];
    quatMul(this.q1, this.q2, this.q1);
    quatRot(this.q1, rec.com, out);
  }

  /** Throws PhysicsInputError naming the body when the node transform a prestep would push in is not finite. */
  private checkPrestep(body: PhysicsBody, node: TransformNode = body.transformNode): void {
    const type = body.getPrestepType();
    if (type !== PhysicsPrestepType.TELEPORT && type !== PhysicsPrestepType.ACTION) return;
    if ((body._pluginDataInstances as BodyRecord[]).length > 0) return; // thin instances: readInstancePoses checks each matrix
    node.computeWorldMatrix(true);
    const p = node.absolutePosition, q = node.absoluteRotationQuaternion;
    if (!(Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.z))) {
      throw new PhysicsInputError(-1, `${bodyLabel(body)}.position`, [p.x, p.y, p.z], 'the node position pushed in by the prestep must be finite');
    }
    if (!(Number.isFinite(q.x) && Number.isFinite(q.y) && Number.isFinite(q.z) && Number.isFinite(q.w)) || !(q.lengthSquared() > 1e-24)) {
      throw new PhysicsInputError(-1, `${bodyLabel(body)}.rotationQuaternion`, [q.x, q.y, q.z, q.w],
        'the node rotation pushed in by the prestep must be a finite, non-zero quaternion');
    }
  }

  private prestep(body: PhysicsBody, node: TransformNode = body.transformNode): void {
    const type = body.getPrestepType();
    if (type === PhysicsPrestepType.TELEPORT) {
      const list = body._pluginDataInstances as BodyRecord[];
      if (list.length > 0) {
        const data = (body.transformNode as Mesh)._thinInstanceDataStorage?.matrixData;
        if (!data) return;
        // every matrix checked before any instance moves; allocation-free (plugin scratch)
        const label = bodyLabel(body), v = this.v1, q = this.q1, sc = this.v2;
        for (let i = 0; i < list.length; i++) readInstancePose(label, data, i, this.m1, this.quat, v, q, sc);
        for (let i = 0; i < list.length; i++) {
          readInstancePose(label, data, i, this.m1, this.quat, v, q, sc);
          this.teleport(list[i], v, q);
        }
        return;
      }
      const rec = body._pluginData as BodyRecord | undefined;
      if (!rec || rec.disposed) return;
      node.computeWorldMatrix(true);
      const p = node.absolutePosition, q = node.absoluteRotationQuaternion;
      this.v1[0] = p.x; this.v1[1] = p.y; this.v1[2] = p.z;
      this.q1[0] = q.x; this.q1[1] = q.y; this.q1[2] = q.z; this.q1[3] = q.w;
      this.teleport(rec, this.v1, this.q1);
    } else if (type === PhysicsPrestepType.ACTION) {
      node.computeWorldMatrix(true);
      this.setTargetTransform(body, node.absolutePosition, node.absoluteRotationQuaternion);
    }
  }

  /** `startAsleep` bodies fall asleep (dynamic ones, with sleeping on for the world). */
  private fallAsleep(): void {
    const sleepOn = this.world.islands !== undefined && this.world.islands.options.enabled;
    for (let k = 0; k < this.sleepers.length; k++) {
      const rec = this.sleepers[k];
      if (sleepOn && !rec.disposed && this.world.bodies.motionType[handleIndex(rec.eid)] === MotionType.dynamic) sleepNow(this.world, rec.eid);
    }
    this.sleepers.length = 0;
  }

  /** Pending targets → velocities that reach them in one step of h (exact for the engine's integrator). */
  private applyTargets(h: number): void {
    const b = this.world.bodies;
    for (let k = 0; k < this.targets.length; k++) {
      const rec = this.targets[k];
      rec.hasTarget = false;
      if (rec.disposed || b.motionType[handleIndex(rec.eid)] === MotionType.static) continue;
      const t = rec.target, i3 = 3 * handleIndex(rec.eid), i4 = 4 * handleIndex(rec.eid);
      // target body frame: x* = p* + q* c, q* = q* r
      this.q1[0] = t[3]; this.q1[1] = t[4]; this.q1[2] = t[5]; this.q1[3] = t[6];
      quatRot(this.q1, rec.com, this.v1);
      b.linearVelocity[i3] = (t[0] + this.v1[0] - b.position[i3]) / h;
      b.linearVelocity[i3 + 1] = (t[1] + this.v1[1] - b.position[i3 + 1]) / h;
      b.linearVelocity[i3 + 2] = (t[2] + this.v1[2] - b.position[i3 + 2]) / h;
      quatMul(this.q1, rec.comRotation, this.q1);
      // Δq = q* q⁻¹ = (v, w), w ≥ 0; ω h = 2 atan2(|v|, w) v̂ (the exact rotation of quatIntegrate)
      this.q2[0] = -b.orientation[i4]; this.q2[1] = -b.orientation[i4 + 1]; this.q2[2] = -b.orientation[i4 + 2]; this.q2[3] = b.orientation[i4 + 3];
      quatMul(this.q1, this.q2, this.q1);
      const sgn = this.q1[3] < 0 ? -1 : 1;
      const vx = sgn * this.q1[0], vy = sgn * this.q1[1], vz = sgn * this.q1[2], w = sgn * this.q1[3];
      const s = Math.sqrt(vx * vx + vy * vy + vz * vz);
      const f = s > 1e-12 ? (2 * detAtan2(s, w)) / (s * h) : 2 / h;
      b.angularVelocity[i3] = vx * f; b.angularVelocity[i3 + 1] = vy * f; b.angularVelocity[i3 + 2] = vz * f;
    }
    this.targets.length = 0;
  }

  /**
   * Position motors: before each step, each servo axis's motor speed becomes the velocity that closes
   * the error to its target in one step (err / h; angles wrapped to (−π, π]), under the maximum force
   * set on the axis (`applyDrive`). Allocation-free: the joint coordinate is read from the joint
   * columns with the plugin's scratch, and only the motor speed column is written.
   */
  private applyServos(h: number): void {
    const js = this.world.joints;
    for (let k = 0; k < this.servos.length; k++) {
      const rec = this.servos[k];
      if (rec.eid < 0 || !this.jointAlive(rec)) continue;
      for (let a = 0; a < 6; a++) {
        if (rec.motorType[a] !== MOTOR_POSITION || !axisIsDriven(rec, a)) continue;
        let err = rec.motorTarget[a] - this.jointCoordinate(handleIndex(rec.eid), a);
        if (a >= 3) { while (err > Math.PI) err -= 2 * Math.PI; while (err < -Math.PI) err += 2 * Math.PI; }
        js.motorSpeed[6 * handleIndex(rec.eid) + a] = err / h;
      }
    }
  }

  private readonly jq = new Float64Array(16);
  private readonly jv = new Float64Array(12);
  private readonly jr = new Float64Array(4);

  /** Joint coordinate `a` (0..2: m along A's frame axes; 3..5: XYZ Euler angles of B's frame in A's,
   * rad) of engine joint `j`, as `getJointCoordinate` reads it, without allocating. */
  private jointCoordinate(j: number, a: number): number {
    const js = this.world.joints, P = this.world.bodies.position, Q = this.world.bodies.orientation;
    const A = js.bodyA[j], B = js.bodyB[j];
    const q = this.jq, v = this.jv;
    quatMultiply(q, 0, Q, 4 * A, js.frameA, 4 * j); // A's joint frame, world
    if (a < 3) {
      quatRotate(v, 0, Q, 4 * A, js.anchorA, 3 * j);
      quatRotate(v, 3, Q, 4 * B, js.anchorB, 3 * j);
      v[6] = P[3 * B] + v[3] - P[3 * A] - v[0];
      v[7] = P[3 * B + 1] + v[4] - P[3 * A + 1] - v[1];
      v[8] = P[3 * B + 2] + v[5] - P[3 * A + 2] - v[2];
      quatRotateInverse(v, 9, q, 0, v, 6); // d in A's joint frame
      return v[9 + a];
    }
    quatMultiply(q, 4, Q, 4 * B, js.frameB, 4 * j); // B's joint frame, world
    q[8] = -q[0]; q[9] = -q[1]; q[10] = -q[2]; q[11] = q[3];
    quatMultiply(this.jr, 0, q, 8, q, 4); // B's frame in A's
    eulerXyz(v, 0, this.jr);
    return v[a - 3];
  }

  /** Hands the speed limits to the world's solver (both solvers scale |v| and |ω| down in their velocity
   * update, `pgs.maxLinearSpeed` / `lcp.maxLinearSpeed` and the angular ones); read every step, so a
   * `world.setSolver` at run time keeps the limits. */
  private limitSpeeds(): void {
    // both solvers' options carry the two limits (pgs-options.ts, lcp-options.ts); they are read each step
    const o = (this.world.solver as unknown as { options: { maxLinearSpeed: number; maxAngularSpeed: number } }).options;
    o.maxLinearSpeed = this.maxLinearVelocity;
    o.maxAngularSpeed = this.maxAngularVelocity;
  }

  private syncBody(body: PhysicsBody, alpha: number): void {
    const list = body._pluginDataInstances as BodyRecord[];
    if (list.length > 0) {
      const mesh = body.transformNode as Mesh;
      const data = mesh._thinInstanceDataStorage?.matrixData;
      if (!data) return;
      for (let i = 0; i < list.length; i++) this.writeInstance(list[i], data, i, alpha);
      mesh.thinInstanceBufferUpdated('matrix');
      return;
    }
    const rec = body._pluginData as BodyRecord | undefined;
    if (!rec || rec.disposed) return;
    this.writeNode(rec, body.transformNode, alpha);
  }

  /** Interpolated engine pose (alpha ∈ [0, 1] between the start and the end of the last step) → node pose. */
  private interpolatedNodePose(rec: BodyRecord, alpha: number, p: V3, q: Q4): void {
    const b = this.world.bodies, i3 = 3 * handleIndex(rec.eid), i4 = 4 * handleIndex(rec.eid);
    let qx = b.orientation[i4], qy = b.orientation[i4 + 1], qz = b.orientation[i4 + 2], qw = b.orientation[i4 + 3];
    let px = b.position[i3], py = b.position[i3 + 1], pz = b.position[i3 + 2];
    if (alpha < 1) {
      const a0 = 1 - alpha;
      const pq = b.prevOrientation;
      const d = pq[i4] * qx + pq[i4 + 1] * qy + pq[i4 + 2] * qz + pq[i4 + 3] * qw;
      const s = d < 0 ? -alpha : alpha;
      qx = a0 * pq[i4] + s * qx; qy = a0 * pq[i4 + 1] + s * qy; qz = a0 * pq[i4 + 2] + s * qz; qw = a0 * pq[i4 + 3] + s * qw;
      const l = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
      qx /= l; qy /= l; qz /= l; qw /= l;
      const pp = b.prevPosition;
      px = a0 * pp[i3] + alpha * px; py = a0 * pp[i3 + 1] + alpha * py; pz = a0 * pp[i3 + 2] + alpha * pz;
    }
    const r = rec.comRotation;
    this.q2[0] = -r[0]; this.q2[1] = -r[1]; this.q2[2] = -r[2]; this.q2[3] = r[3];
    this.q1[0] = qx; this.q1[1] = qy; this.q1[2] = qz; this.q1[3] = qw;
    quatMul(this.q1, this.q2, q);
    quatRot(q, rec.com, this.v1);
    p[0] = px - this.v1[0]; p[1] = py - this.v1[1]; p[2] = pz - this.v1[2];
  }

  private readonly np: V3 = [0, 0, 0];
  private readonly nq: Q4 = [0, 0, 0, 1];

  private writeNode(rec: BodyRecord, node: TransformNode, alpha: number): void {
    this.interpolatedNodePose(rec, alpha, this.np, this.nq);
    const p = this.np, q = this.nq;
    const parent = node.parent;
    this.quat.set(q[0], q[1], q[2], q[3]);
    if (parent && !parent.getWorldMatrix().isIdentity()) {
      // as HavokPlugin: compose the world transform, bring it into the parent's space, keep the node's scaling
      parent.computeWorldMatrix(true);
      const scaling = TmpVectors.Vector3[1].copyFrom(node.scaling);
      const world = TmpVectors.Matrix[0];
      Matrix.ComposeToRef(node.absoluteScaling, this.quat, TmpVectors.Vector3[0].set(p[0], p[1], p[2]), world);
      const inv = TmpVectors.Matrix[1];
      parent.getWorldMatrix().invertToRef(inv);
      world.multiplyToRef(inv, this.m1);
      this.m1.decomposeToTransformNode(node);
      node.rotationQuaternion?.normalize();
      node.scaling.copyFrom(scaling);
      return;
    }
    node.position.set(p[0], p[1], p[2]);
    if (node.rotationQuaternion) node.rotationQuaternion.copyFrom(this.quat);
    else this.quat.toEulerAnglesToRef(node.rotation);
  }

  private writeInstance(rec: BodyRecord, m: Float32Array, index: number, alpha: number): void {
    this.interpolatedNodePose(rec, alpha, this.np, this.nq);
    const [x, y, z, w] = this.nq;
    const s = rec.scale, o = 16 * index;
    // Babylon matrices are row-vector (row i = image of axis i), translation in row 3
    m[o] = (1 - 2 * (y * y + z * z)) * s[0]; m[o + 1] = 2 * (x * y + w * z) * s[0]; m[o + 2] = 2 * (x * z - w * y) * s[0]; m[o + 3] = 0;
    m[o + 4] = 2 * (x * y - w * z) * s[1]; m[o + 5] = (1 - 2 * (x * x + z * z)) * s[1]; m[o + 6] = 2 * (y * z + w * x) * s[1]; m[o + 7] = 0;
    m[o + 8] = 2 * (x * z + w * y) * s[2]; m[o + 9] = 2 * (y * z - w * x) * s[2]; m[o + 10] = (1 - 2 * (x * x + y * y)) * s[2]; m[o + 11] = 0;
    m[o + 12] = this.np[0]; m[o + 13] = this.np[1]; m[o + 14] = this.np[2]; m[o + 15] = 1;
  }

  // ---------------------------------------------------------------- events

  private setMask(rec: BodyRecord, mask: number): void {
    this.countEvents(rec, rec.eventMask, mask);
    rec.eventMask = mask;
  }

  private countEvents(_rec: BodyRecord, before: number, after: number): void {
    this.eventBodies += (after !== 0 ? 1 : 0) - (before !== 0 ? 1 : 0);
    this.continuedBodies += ((after & EventMask.collisionContinued) !== 0 ? 1 : 0) - ((before & EventMask.collisionContinued) !== 0 ? 1 : 0);
  }

  private dispatchEvents(): void {
    const cs = this.world.contacts, col = this.world.colliders;
    const hasTriggerObservers = this.onTriggerCollisionObservable.hasObservers();
    if (this.eventBodies === 0 && !hasTriggerObservers) return;
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    if (this.begunStamp.length < cs.capacity) this.begunStamp = new Uint32Array(cs.capacity);
    for (let k = 0; k < cs.begin.count; k++) {
      const a = cs.begin.a[k], b = cs.begin.b[k];
      const m = pairTableGet(cs.slotOfPair, a, b);
      if (m >= 0) this.begunStamp[m] = this.stamp;
      if (col.isSensor[a] | col.isSensor[b]) this.trigger(a, b, PhysicsEventType.TRIGGER_ENTERED);
      else if (m >= 0) this.collision(m, a, b, PhysicsEventType.COLLISION_STARTED, EventMask.collisionStarted);
    }
    if (this.continuedBodies > 0) {
      for (let m = 0; m < cs.count; m++) {
        if (!cs.touching[m] || cs.sensor[m] || this.begunStamp[m] === this.stamp) continue;
        this.collision(m, cs.colliderA[m], cs.colliderB[m], PhysicsEventType.COLLISION_CONTINUED, EventMask.collisionContinued);
      }
    }
    for (let k = 0; k < cs.end.count; k++) {
      const a = cs.end.a[k], b = cs.end.b[k];
      const ra = this.colliderOwner[a], rb = this.colliderOwner[b];
      if (ra === undefined || rb === undefined) continue; // a removed body or collider: its events are dropped, as in Havok
      if (col.isSensor[a] | col.isSensor[b]) this.trigger(a, b, PhysicsEventType.TRIGGER_EXITED);
      else this.ended(ra, rb);
    }
  }

  /**
   * A trigger event of collider pair (a, b): `collider` is the body that entered or left,
   * `collidedAgainst` the trigger. Two triggers report each other too (as Havok): the moving one is
   * the `collider` (dynamic before animated before static; the first of the pair on a tie).
   */
  private trigger(a: number, b: number, type: PhysicsEventType): void {
    const col = this.world.colliders;
    const ra = this.colliderOwner[a], rb = this.colliderOwner[b];
    if (ra === undefined || rb === undefined) return;
    const bothSensors = col.isSensor[a] === 1 && col.isSensor[b] === 1;
    const aEnters = bothSensors ? ra.motion >= rb.motion : col.isSensor[b] === 1;
    const other = aEnters ? ra : rb, trig = aEnters ? rb : ra;
    const e = this.trig;
    e.collider = other.body; e.colliderIndex = other.index;
    e.collidedAgainst = trig.body; e.collidedAgainstIndex = trig.index;
    e.type = type;
    this.onTriggerCollisionObservable.notifyObservers(e);
  }

  private collision(m: number, a: number, b: number, type: PhysicsEventType, bit: number): void {
    const ra = this.colliderOwner[a], rb = this.colliderOwner[b];
    if (ra === undefined || rb === undefined) return;
    const aWants = (ra.eventMask & bit) !== 0;
    if (!aWants && (rb.eventMask & bit) === 0) return;
    const cs = this.world.contacts;
    const flip = !aWants; // the collider is a body that asked for the event (A first)
    const rc = flip ? rb : ra, ro = flip ? ra : rb;
    const sign = flip ? -1 : 1;
    // deepest point; the point on the collider's surface; impulse summed over the step
    const P = MAX_MANIFOLD_POINTS;
    let best = 0, sep = Infinity, impulse = 0;
    for (let k = 0; k < cs.pointCount[m]; k++) {
      const s = cs.separation[P * m + k];
      if (s < sep) { sep = s; best = k; }
      impulse += cs.normalImpulse[P * m + k];
    }
    const solver = this.world.solver as { kind: string; options?: { substeps?: number } };
    if (solver.kind === 'pgs') impulse *= solver.options?.substeps ?? 1;
    const nx = sign * cs.normal[3 * m], ny = sign * cs.normal[3 * m + 1], nz = sign * cs.normal[3 * m + 2];
    const pi = 3 * (P * m + best);
    if (sep === Infinity) sep = 0;
    const half = 0.5 * sep;
    // The manifold was found at the start of the step; observers see post-step transforms (as Havok's
    // events), so each surface point moves with its body's displacement over the step.
    const pos = this.world.bodies.position, prev = this.world.bodies.prevPosition, c3 = 3 * handleIndex(rc.eid), o3 = 3 * handleIndex(ro.eid);
    const dcx = pos[c3] - prev[c3], dcy = pos[c3 + 1] - prev[c3 + 1], dcz = pos[c3 + 2] - prev[c3 + 2];
    const dox = pos[o3] - prev[o3], doy = pos[o3 + 1] - prev[o3 + 1], doz = pos[o3 + 2] - prev[o3 + 2];
    const distance = sep + nx * (dox - dcx) + ny * (doy - dcy) + nz * (doz - dcz);
    const e = this.evt;
    e.collider = rc.body; e.colliderIndex = rc.index; e.collidedAgainst = ro.body; e.collidedAgainstIndex = ro.index;
    e.type = type;
    e.point!.set(cs.point[pi] - nx * half + dcx, cs.point[pi + 1] - ny * half + dcy, cs.point[pi + 2] - nz * half + dcz);
    e.normal!.set(nx, ny, nz);
    e.distance = distance;
    e.impulse = impulse;
    this.onCollisionObservable.notifyObservers(e);
    const oc = (rc as BodyRecord & { obs?: Observable<IPhysicsCollisionEvent> }).obs;
    const oo = (ro as BodyRecord & { obs?: Observable<IPhysicsCollisionEvent> }).obs;
    if (oc) oc.notifyObservers(e);
    if (oo) {
      const f = this.evtB;
      f.collider = ro.body; f.colliderIndex = ro.index; f.collidedAgainst = rc.body; f.collidedAgainstIndex = rc.index;
      f.type = type;
      f.point!.set(cs.point[pi] + nx * half + dox, cs.point[pi + 1] + ny * half + doy, cs.point[pi + 2] + nz * half + doz);
      f.normal!.set(-nx, -ny, -nz);
      f.distance = e.distance;
      f.impulse = impulse;
      oo.notifyObservers(f);
    }
  }

  private ended(ra: BodyRecord, rb: BodyRecord): void {
    const bit = EventMask.collisionFinished;
    const aWants = (ra.eventMask & bit) !== 0;
    if (!aWants && (rb.eventMask & bit) === 0) return;
    const rc = aWants ? ra : rb, ro = aWants ? rb : ra;
    const e = this.trig;
    e.collider = rc.body; e.colliderIndex = rc.index; e.collidedAgainst = ro.body; e.collidedAgainstIndex = ro.index;
    e.type = PhysicsEventType.COLLISION_FINISHED;
    this.onCollisionEndedObservable.notifyObservers(e);
    const oc = (rc as BodyRecord & { endObs?: Observable<IBasePhysicsCollisionEvent> }).endObs;
    const oo = (ro as BodyRecord & { endObs?: Observable<IBasePhysicsCollisionEvent> }).endObs;
    if (oc) oc.notifyObservers(e);
    if (oo) {
      const f = this.evtB;
      f.collider = ro.body; f.colliderIndex = ro.index; f.collidedAgainst = rc.body; f.collidedAgainstIndex = rc.index;
      f.type = PhysicsEventType.COLLISION_FINISHED;
      oo.notifyObservers(f);
    }
  }

  // ---------------------------------------------------------------- constraint internals

  private jointAlive(rec: JointRecord): boolean {
    return !rec.parent.disposed && !rec.child.disposed;
  }

  private jointRecords(constraint: PhysicsConstraint, field: string): JointRecord[] {
    const recs = constraint._pluginData as JointRecord[] | undefined;
    if (!recs || recs.length === 0) {
      throw new PhysicsInputError(-1, `${constraintLabel(constraint)}.${field}`, 'not added',
        'the constraint is not added to a body pair yet (body.addConstraint), or was disposed');
    }
    return recs;
  }

  private firstAxisValue<T extends number>(constraint: PhysicsConstraint, axis: PhysicsConstraintAxis, get: (r: JointRecord, a: number) => number): Nullable<T> {
    const recs = constraint._pluginData as JointRecord[] | undefined;
    if (!recs || recs.length === 0) return null;
    return get(recs[0], readAxis(constraint, axis, 'axis')) as T;
  }

  /** Changes axis settings on every joint of a constraint, rebuilding each; all or nothing. */
  private changeAxes(constraint: PhysicsConstraint, field: string, change: (r: JointRecord) => void): void {
    const recs = this.jointRecords(constraint, field);
    const saved = recs.map((r) => [r.mode.slice(), r.minLimit.slice(), r.maxLimit.slice()] as const);
    try {
      for (const r of recs) { change(r); if (r.enabled && this.jointAlive(r)) { jointDef(r); distancePartDef(r); } }
    } catch (e) {
      recs.forEach((r, i) => {
        for (let a = 0; a < 7; a++) { r.mode[a] = saved[i][0][a]; r.minLimit[a] = saved[i][1][a]; r.maxLimit[a] = saved[i][2][a]; }
      });
      throw e;
    }
    for (const r of recs) this.rebuild(r);
  }

  /** Removes and re-adds the engine joint of a record from its description (or only removes it, disabled). */
  private rebuild(rec: JointRecord): void {
    if (!this.jointAlive(rec)) return;
    const def = rec.enabled ? jointDef(rec) : undefined;
    const part = rec.enabled ? distancePartDef(rec) : undefined;
    this.removeJoints(rec);
    this.dropServo(rec);
    if (def === undefined) return;
    rec.eid = addJoint(this.world, def);
    if (part !== undefined) rec.distanceEid = addJoint(this.world, part);
    for (let a = 0; a < 6; a++) this.applyDrive(rec, a);
  }

  /** Removes a record's engine joints (both, for LINEAR_DISTANCE with other axes); none left after. */
  private removeJoints(rec: JointRecord): void {
    if (this.jointAlive(rec)) {
      if (rec.eid >= 0) removeJoint(this.world, rec.eid);
      if (rec.distanceEid >= 0) removeJoint(this.world, rec.distanceEid);
    }
    rec.eid = -1;
    rec.distanceEid = -1;
  }

  /** Motor and friction of one axis into the engine joint (position motors: the servo before each step). */
  private applyDrive(rec: JointRecord, a: number): void {
    if (a >= 6 || rec.eid < 0 || !this.jointAlive(rec)) return;
    const driven = axisIsDriven(rec, a);
    const type = rec.motorType[a];
    if (driven) {
      const maxForce = type === MOTOR_VELOCITY || type === MOTOR_POSITION ? Math.min(rec.motorMaxForce[a], UNBOUNDED_MOTOR_FORCE) : 0;
      setJointMotor(this.world, rec.eid, { speed: type === MOTOR_VELOCITY ? rec.motorTarget[a] : 0, maxForce }, AXIS_NAMES[a]);
      if (type === 0) setJointFriction(this.world, rec.eid, rec.friction[a], AXIS_NAMES[a]);
    }
    let servo = false;
    for (let k = 0; k < 6; k++) if (rec.motorType[k] === MOTOR_POSITION && axisIsDriven(rec, k)) servo = true;
    if (!servo) this.dropServo(rec);
    else if (this.servos.indexOf(rec) < 0) this.servos.push(rec);
  }

  private dropServo(rec: JointRecord): void {
    const i = this.servos.indexOf(rec);
    if (i >= 0) this.servos.splice(i, 1);
  }

  // ---------------------------------------------------------------- record lookup

  private shapeRecord(shape: PhysicsShape, field: string): ShapeRecord {
    const rec = shape?._pluginData as ShapeRecord | undefined;
    if (rec === undefined || rec.disposed) throw new PhysicsInputError(-1, `shape.${field}`, 'disposed', 'the shape was disposed (or never initialised)');
    return rec;
  }

  /** The records a per-body call acts on: one instance, or all (Havok: `instanceIndex` undefined = all). */
  private targetsOf(body: PhysicsBody, instanceIndex: number | undefined, field: string): BodyRecord[] {
    const list = body._pluginDataInstances as BodyRecord[];
    if (list.length > 0 && instanceIndex === undefined) {
      for (const r of list) if (r.disposed) throw disposedError(body, field);
      return list;
    }
    return [this.recordAt(body, instanceIndex, field)];
  }

  private liveRecords(body: PhysicsBody, field: string): BodyRecord[] {
    return this.targetsOf(body, undefined, field);
  }

  private single(body: PhysicsBody, field: string): BodyRecord {
    return this.recordAt(body, undefined, field);
  }

  private recordAt(body: PhysicsBody, instanceIndex: number | undefined, field: string): BodyRecord {
    const list = body?._pluginDataInstances as BodyRecord[] | undefined;
    let rec: BodyRecord | undefined;
    if (list && list.length > 0) {
      const i = instanceIndex ?? 0;
      if (!Number.isInteger(i) || i < 0 || i >= list.length) {
        throw new PhysicsInputError(-1, `${bodyLabel(body)}.instanceIndex`, instanceIndex, `must be an integer in 0..${list.length - 1}`);
      }
      rec = list[i];
    } else {
      if (instanceIndex !== undefined && instanceIndex !== 0) {
        throw new PhysicsInputError(-1, `${bodyLabel(body)}.instanceIndex`, instanceIndex, 'the body has no thin instances');
      }
      rec = body?._pluginData as BodyRecord | undefined;
    }
    if (!rec || rec.disposed) throw disposedError(body, field);
    return rec;
  }
}

// ------------------------------------------------------------------ helpers

function bodyLabel(body: PhysicsBody | undefined): string {
  const name = body?.transformNode?.name;
  return name === undefined ? 'body' : `body "${name}"`;
}

function disposedError(body: PhysicsBody, field: string): PhysicsInputError {
  return new PhysicsInputError(-1, `${bodyLabel(body)}.${field}`, 'disposed', 'the body was disposed (or never initialised)');
}

function recordsOf(body: PhysicsBody): BodyRecord[] {
  const list = body._pluginDataInstances as BodyRecord[];
  if (list.length > 0) return list.slice();
  const rec = body._pluginData as BodyRecord | undefined;
  return rec ? [rec] : [];
}

function motionName(m: PhysicsMotionType): 'static' | 'kinematic' | 'dynamic' {
  return m === PhysicsMotionType.STATIC ? 'static' : m === PhysicsMotionType.ANIMATED ? 'kinematic' : 'dynamic';
}

/** Meshes and heightfields have no volume: the engine takes them on static and kinematic bodies only.
 * @throws PhysicsInputError naming the body (field `shape`) */
function checkDynamicLeaves(rec: BodyRecord, leaves: readonly ShapeLeaf[]): void {
  for (const l of leaves) {
    if (l.geometry.kind === 'mesh' || l.geometry.kind === 'heightfield') {
      throw new PhysicsInputError(rec.eid, `${bodyLabel(rec.body)}.shape`, l.geometry.kind.toUpperCase(),
        'a MESH or HEIGHTFIELD shape needs a STATIC or ANIMATED body (it has no volume: use CONVEX_HULL for a dynamic body)');
    }
  }
}

function readMotion(label: string, m: unknown): void {
  if (m !== PhysicsMotionType.STATIC && m !== PhysicsMotionType.ANIMATED && m !== PhysicsMotionType.DYNAMIC) {
    throw new PhysicsInputError(-1, `${label}.motionType`, m, 'must be a PhysicsMotionType (STATIC 0, ANIMATED 1, DYNAMIC 2)');
  }
}

function engineMass(rec: BodyRecord): { mass: number; inertia: V3 } {
  const m = rec.mass;
  return { mass: m, inertia: [rec.inertia[0] * m, rec.inertia[1] * m, rec.inertia[2] * m] };
}

function massOut(mass: number, inertia: V3, com: V3, rot: Q4): PhysicsMassProperties {
  return {
    mass, inertia: new Vector3(inertia[0], inertia[1], inertia[2]),
    centerOfMass: new Vector3(com[0], com[1], com[2]), inertiaOrientation: new Quaternion(rot[0], rot[1], rot[2], rot[3]),
  };
}

function readV3(entity: number, field: string, v: unknown): V3 {
  const o = v as { x?: unknown; y?: unknown; z?: unknown } | null | undefined;
  const out = [o?.x, o?.y, o?.z] as V3;
  if (!out.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new PhysicsInputError(entity, field, out, 'must be a Vector3 of finite numbers');
  }
  return out;
}

function readQ4(entity: number, field: string, v: unknown): Q4 {
  const o = v as { x?: unknown; y?: unknown; z?: unknown; w?: unknown } | null | undefined;
  const q = [o?.x, o?.y, o?.z, o?.w] as Q4;
  if (!q.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new PhysicsInputError(entity, field, q, 'must be a Quaternion of finite numbers');
  }
  const l = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(l > 1e-12)) throw new PhysicsInputError(entity, field, q, 'cannot be normalised (zero length)');
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

function readFinite(entity: number, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new PhysicsInputError(entity, field, v, 'must be a finite number');
  return v;
}

function readNonNeg(entity: number, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new PhysicsInputError(entity, field, v, 'must be a finite number ≥ 0');
  return v;
}

function readBool(field: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new PhysicsInputError(-1, field, v, 'must be a boolean');
  return v;
}

function readMask(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -0x80000000 || v > 0xffffffff) {
    throw new PhysicsInputError(-1, field, v, 'must be a 32-bit integer mask');
  }
  return v >>> 0;
}

/**
 * Pose of thin instance `i` from Babylon's matrix buffer into `p` (position), `q` (rotation without
 * scale) and `s` (scale), with the caller's scratch matrix and quaternion: allocation-free.
 * @throws PhysicsInputError for a non-finite matrix or a zero scale.
 */
function readInstancePose(label: string, m: Float32Array, i: number, rot: Matrix, qs: Quaternion, p: V3, q: Q4, s: V3): void {
  const o = 16 * i;
  s[0] = Math.hypot(m[o], m[o + 1], m[o + 2]); s[1] = Math.hypot(m[o + 4], m[o + 5], m[o + 6]); s[2] = Math.hypot(m[o + 8], m[o + 9], m[o + 10]);
  p[0] = m[o + 12]; p[1] = m[o + 13]; p[2] = m[o + 14];
  if (!(Number.isFinite(p[0]) && Number.isFinite(p[1]) && Number.isFinite(p[2]) && s[0] > 0 && s[1] > 0 && s[2] > 0
    && Number.isFinite(s[0]) && Number.isFinite(s[1]) && Number.isFinite(s[2]))) {
    throw new PhysicsInputError(-1, `${label}.thinInstance[${i}].matrix`, [...p, ...s], 'must be a finite matrix with non-zero scale');
  }
  rot.setRowFromFloats(0, m[o] / s[0], m[o + 1] / s[0], m[o + 2] / s[0], 0);
  rot.setRowFromFloats(1, m[o + 4] / s[1], m[o + 5] / s[1], m[o + 6] / s[1], 0);
  rot.setRowFromFloats(2, m[o + 8] / s[2], m[o + 9] / s[2], m[o + 10] / s[2], 0);
  rot.setRowFromFloats(3, 0, 0, 0, 1);
  Quaternion.FromRotationMatrixToRef(rot, qs);
  q[0] = qs.x; q[1] = qs.y; q[2] = qs.z; q[3] = qs.w;
}

/** Poses (position, rotation without scale, scale) of thin instances from Babylon's matrix buffer. */
function readInstancePoses(label: string, m: Float32Array, start: number, end: number): { p: V3; q: Q4; s: V3 }[] {
  const out: { p: V3; q: Q4; s: V3 }[] = [];
  const rot = new Matrix();
  const q = new Quaternion();
  for (let i = start; i < end; i++) {
    const o = 16 * i;
    const s: V3 = [Math.hypot(m[o], m[o + 1], m[o + 2]), Math.hypot(m[o + 4], m[o + 5], m[o + 6]), Math.hypot(m[o + 8], m[o + 9], m[o + 10])];
    const p: V3 = [m[o + 12], m[o + 13], m[o + 14]];
    if (![...s, ...p].every((x) => Number.isFinite(x)) || !(s[0] > 0 && s[1] > 0 && s[2] > 0)) {
      throw new PhysicsInputError(-1, `${label}.thinInstance[${i}].matrix`, [...p, ...s], 'must be a finite matrix with non-zero scale');
    }
    rot.setRowFromFloats(0, m[o] / s[0], m[o + 1] / s[0], m[o + 2] / s[0], 0);
    rot.setRowFromFloats(1, m[o + 4] / s[1], m[o + 5] / s[1], m[o + 6] / s[1], 0);
    rot.setRowFromFloats(2, m[o + 8] / s[2], m[o + 9] / s[2], m[o + 10] / s[2], 0);
    rot.setRowFromFloats(3, 0, 0, 0, 1);
    Quaternion.FromRotationMatrixToRef(rot, q);
    out.push({ p, q: [q.x, q.y, q.z, q.w], s });
  }
  return out;
}
