/**
 * Public functions to add, remove, read and push bodies. Each validates its whole input first and
 * throws a typed error (naming the entity, field and value) before changing anything.
 */

import { addComponent, addEntity, removeEntity } from 'bitecs';
import { ensureHandleCapacity, indexHandle, retireIndex } from '../components/entity-handle';
import { bodyIndex } from './handles';
import { ensureRigidBodyCapacity, MotionType, type MotionTypeName } from '../components/rigid-body';
import {
  CombineRule, ensureColliderCapacity, MassOverride, ShapeKind, type CombineRuleName, type ShapeAsset, type ShapeKindName,
} from '../components/collider';
import { getShapeHooks, type ShapeHooks } from './shape-hooks';
import { quatMultiply, quatRotate } from '../math/quat';
import { shapeMassProperties } from '../components/mass-properties';
import { pushEndEvent, releaseManifold } from '../components/contact';
import { addToEntityList, removeFromEntityList } from '../components/entity-list';
import { PhysicsInputError, UnknownEntityError } from './errors';
import { checkOut, readBoolean, readNumber, readQuat, readVec3, requireWorld, type QuatLike, type Out3, type Vec3Like } from './validate';
import type { PhysicsWorld } from './world';
import { removeJointsOfBody } from './joints';
import { wakeBodies } from './wake';
import { WORLD_BODY } from '../components/joint';
import type { TriangleMesh } from '../systems/shapes/triangle-mesh';

/** The fields every collider definition has, whatever its shape (see `ColliderDef`). */
export interface ColliderCommon {
  /** Coulomb friction μ (default 0.5): the kinetic coefficient μ_d, for contacts that slide. */
  friction?: number;
  /** Static friction μ_s (default: `friction`): the coefficient of contacts that do not slip (tangential
   * speed below 1 cm/s at the start of the step), so a body at rest holds until the tangential load
   * exceeds μ_s N, then slides with μ_d (the two-coefficient Coulomb law). */
  staticFriction?: number;
  /** Restitution e ∈ [0, 1] (default 0). In the accurate mode, the PLUS COR at zero approach speed (e_max). */
  restitution?: number;
  /** PLUS capture velocity (unit: m/s, ≥ 0, default 0.2): slower impacts do not rebound. */
  captureVelocity?: number;
  /** PLUS plastic deformation velocity (unit: m/s, > 0, default 0.1): the COR is `minRestitution` above it. */
  plasticVelocity?: number;
  /** PLUS minimum COR e_min ∈ [0, 1] (default 1: the COR is `restitution` at every speed above capture). */
  minRestitution?: number;
  /** Collision group bits (default 1). */
  group?: number;
  /** Collision mask bits (default 0xFFFFFFFF). */
  mask?: number;
  /** Sensor: events only, no contact forces (default false). */
  isSensor?: boolean;
  /** How a pair's friction is combined (default 'engine': √(μa μb)); see `CombineRule`. */
  frictionCombine?: CombineRuleName;
  /** How a pair's restitution is combined (default 'engine': max(ea, eb)); see `CombineRule`. */
  restitutionCombine?: CombineRuleName;
  /** Centre of the collider in the body's origin frame (unit: m, default 0): the frame the body was
   * created at by `addBody` (its position and orientation), which moves with the body. */
  position?: Vec3Like;
  /** Orientation of the collider in the body's origin frame, x y z w (default identity); normalised on entry. */
  orientation?: QuatLike;
  /** Density (unit: kg/m³, > 0; default: the body's `density` for the collider of `addBody`, 1000 for
   * `addCollider`), from which the collider's share of the body's mass is taken. */
  density?: number;
}

/** A collider description: shape (lengths in m), local pose on the body, material, filter. */
export type ColliderDef = ColliderCommon & (
  | { shape: 'sphere'; radius: number }
  | { shape: 'box'; halfExtents: Vec3Like }
  | { shape: 'capsule'; radius: number; halfHeight: number }
  | { shape: 'plane' }
  /** A shape made by a shape function: `cylinder(radius, halfHeight)`, `convexHull(points)` (shared). */
  | { shape: ShapeAsset }
  /** A triangle mesh made by `createTriangleMesh` (static or kinematic bodies). */
  | { shape: 'mesh'; mesh: TriangleMesh }
  /** A heightfield made by `createHeightfield` (static or kinematic bodies). */
  | { shape: 'heightfield'; heightfield: TriangleMesh }
);

export interface BodyDef {
  /** default 'dynamic' */
  type?: MotionTypeName;
  /** Position of the body frame (unit: m, world, default origin). The body frame is the centre-of-mass
   * frame: when the collider is offset (`collider.position` / `orientation`), the frame moves to the
   * collider's centre of mass and principal axes once it is placed (see `plugin/body-mass.ts`). */
  position?: Vec3Like;
  /** Orientation x y z w (default identity); normalised on entry. */
  orientation?: QuatLike;
  /** Velocity of the centre of mass (unit: m/s, world, default 0). Kinematic bodies keep it. */
  linearVelocity?: Vec3Like;
  /** unit: rad/s, world (default 0). */
  angularVelocity?: Vec3Like;
  /** Mass (unit: kg). Overrides the density; dynamic bodies need a mass or a collider with volume. */
  mass?: number;
  /** Density (unit: kg/m³, default 1000) used with the collider's volume when `mass` is not given. */
  density?: number;
  /** Principal moments of inertia (unit: kg·m², body axes). Default: from the collider, scaled to the mass. */
  inertia?: Vec3Like;
  /** unit: 1/s (default 0) */
  linearDamping?: number;
  /**
   * Angular damping rate (unit: 1/s, default 0: no damping, so rolling and spinning bodies keep their
   * energy exactly; Havok defaults to 0.1, which the Babylon adapter may apply for Havok parity).
   */
  angularDamping?: number;
  /** default 1 */
  gravityScale?: number;
  /** Whether the body may sleep when its island rests (default true; see `plugin/sleep.ts`). */
  allowSleep?: boolean;
  /** Whether a dynamic body starts asleep (default false; Box2D's `isAwake = false`): at rest, it costs
   * nothing until an awake body touches it or a public call wakes it. Ignored when the world's sleeping
   * is off, or with `allowSleep: false`. A body that starts asleep cannot start moving: a non-zero
   * `linearVelocity` or `angularVelocity` with it throws a PhysicsInputError. */
  startAsleep?: boolean;
  collider?: ColliderDef;
}

/** The collider's material numbers: friction, restitution and the PLUS parameters. */
type MaterialKey = 'friction' | 'staticFriction' | 'restitution' | 'captureVelocity' | 'plasticVelocity' | 'minRestitution';

interface ResolvedCollider extends Record<MaterialKey, number> {
  kind: number;
  size: [number, number, number];
  group: number;
  mask: number;
  isSensor: boolean;
  frictionCombine: number;
  restitutionCombine: number;
  position: [number, number, number];
  orientation: [number, number, number, number];
  /** undefined: the caller's default */
  density: number | undefined;
  /** The shared asset of a shape that has one (convex hull, mesh, heightfield), else undefined. */
  data: ShapeAsset | undefined;
}

/** Validates a collider description (changes nothing); `entity` names the body in errors. */
export function resolveCollider(entity: number, def: ColliderDef): ResolvedCollider {
  if (typeof def !== 'object' || def === null) {
    throw new PhysicsInputError(entity, 'collider', def, "must be a collider description { shape: 'sphere' | 'box' | 'capsule' | 'plane', ... }");
  }
  let kind: number;
  let size: [number, number, number];
  let data: ShapeAsset | undefined;
  const shape: unknown = def.shape;
  if (typeof shape === 'object' && shape !== null) {
    const hooks = getShapeHooks();
    if (hooks === undefined) throw new PhysicsInputError(entity, 'collider.shape', shape, 'must be a shape name or a shape made by cylinder() / convexHull()');
    ({ kind, size, data } = hooks.resolve(entity, shape));
  } else switch (def.shape) {
    case 'sphere':
      kind = ShapeKind.sphere;
      size = [readNumber(entity, 'collider.radius', def.radius, 'positive'), 0, 0];
      break;
    case 'box': {
      kind = ShapeKind.box;
      size = readVec3(entity, 'collider.halfExtents', def.halfExtents);
      if (!(size[0] > 0 && size[1] > 0 && size[2] > 0)) {
        throw new PhysicsInputError(entity, 'collider.halfExtents', size, 'must be > 0');
      }
      break;
    }
    case 'capsule':
      kind = ShapeKind.capsule;
      size = [readNumber(entity, 'collider.radius', def.radius, 'positive'),
        readNumber(entity, 'collider.halfHeight', def.halfHeight, 'nonNegative'), 0];
      break;
    case 'plane':
      kind = ShapeKind.plane;
      size = [0, 0, 0];
      break;
    case 'mesh':
    case 'heightfield': {
      kind = def.shape === 'mesh' ? ShapeKind.mesh : ShapeKind.heightfield;
      const a: unknown = def.shape === 'mesh' ? def.mesh : def.heightfield;
      if (typeof a !== 'object' || a === null || (a as { kind?: unknown }).kind !== def.shape || !((a as TriangleMesh).nodeBox instanceof Float64Array)) {
        throw new PhysicsInputError(entity, `collider.${def.shape}`, a,
          def.shape === 'mesh' ? 'must be made by createTriangleMesh' : 'must be made by createHeightfield');
      }
      data = a as TriangleMesh;
      size = [0, 0, 0];
      break;
    }
    default:
      throw new PhysicsInputError(entity, 'collider.shape', (def as { shape: unknown }).shape,
        "must be 'sphere', 'box', 'capsule', 'plane', 'mesh', 'heightfield', or a shape made by cylinder() / convexHull()");
  }
  // the material numbers, in this order (the first bad one is reported): default (−1: the friction's),
  // rule (1: ≥ 0 and ≤ 1, 2: > 0, else ≥ 0)
  const material = {} as Record<MaterialKey, number>;
  for (const [key, fallback, rule] of [['friction', 0.5, 0], ['staticFriction', -1, 0], ['restitution', 0, 1],
    ['captureVelocity', 0.2, 0], ['plasticVelocity', 0.1, 2], ['minRestitution', 1, 1]] as const) {
    const v = readNumber(entity, `collider.${key}`, def[key] ?? (fallback < 0 ? material.friction : fallback), rule === 2 ? 'positive' : 'nonNegative');
    if (rule === 1 && v > 1) throw new PhysicsInputError(entity, `collider.${key}`, v, 'must be ≤ 1');
    material[key] = v;
  }
  const group = def.group ?? 1;
  const mask = def.mask ?? 0xffffffff;
  if (!Number.isInteger(group) || group < 0 || group > 0xffffffff) {
    throw new PhysicsInputError(entity, 'collider.group', group, 'must be a 32-bit unsigned integer');
  }
  if (!Number.isInteger(mask) || mask < 0 || mask > 0xffffffff) {
    throw new PhysicsInputError(entity, 'collider.mask', mask, 'must be a 32-bit unsigned integer');
  }
  const frictionCombine = readCombineRule(entity, 'collider.frictionCombine', def.frictionCombine);
  const restitutionCombine = readCombineRule(entity, 'collider.restitutionCombine', def.restitutionCombine);
  const position = def.position === undefined ? [0, 0, 0] as [number, number, number] : readVec3(entity, 'collider.position', def.position);
  const orientation = def.orientation === undefined ? [0, 0, 0, 1] as [number, number, number, number]
    : readQuat(entity, 'collider.orientation', def.orientation);
  const density = def.density === undefined ? undefined : readNumber(entity, 'collider.density', def.density, 'positive');
  return {
    kind, size, ...material, group, mask,
    isSensor: readBoolean(entity, 'collider.isSensor', def.isSensor, false), frictionCombine, restitutionCombine,
    position, orientation, density, data,
  };
}

/** Planes need a static body, meshes and heightfields a static or kinematic one (they have no volume).
 * @throws PhysicsInputError (field `collider.shape`) */
export function checkShapeMotion(entity: number, c: ResolvedCollider, motion: number): void {
  if (c.kind === ShapeKind.plane && motion !== MotionType.static) {
    throw new PhysicsInputError(entity, 'collider.shape', 'plane', 'a plane must be on a static body');
  }
  if ((c.kind === ShapeKind.mesh || c.kind === ShapeKind.heightfield) && motion === MotionType.dynamic) {
    throw new PhysicsInputError(entity, 'collider.shape', (c.data as { kind?: string } | undefined)?.kind, 'a mesh or heightfield must be on a static or kinematic body');
  }
}

/** Whether a resolved collider's shape is a registered one (mass from its routines, possibly off-centre). */
function isRegisteredShape(kind: number): boolean {
  return kind > ShapeKind.plane;
}

/** Whether a resolved collider sits on its body's frame (no offset, no rotation). */
export function isCentred(c: ResolvedCollider): boolean {
  const p = c.position, q = c.orientation;
  return p[0] === 0 && p[1] === 0 && p[2] === 0 && q[0] === 0 && q[1] === 0 && q[2] === 0 && q[3] === 1;
}

function readCombineRule(entity: number, field: string, v: unknown): number {
  if (v === undefined) return CombineRule.engine;
  if (typeof v !== 'string' || !Object.prototype.hasOwnProperty.call(CombineRule, v)) {
    throw new PhysicsInputError(entity, field, v,
      "must be 'engine', 'geometricMean', 'minimum', 'maximum', 'arithmeticMean' or 'multiply'");
  }
  return CombineRule[v as CombineRuleName];
}

/**
 * Adds a body (and its collider, if given) and returns its entity id.
 * @throws PhysicsInputError for NaN / infinite values, non-positive mass, density or size, a zero
 *   quaternion, a plane on a non-static body, or a dynamic body with neither mass nor a volume.
 */
export function addBody(world: PhysicsWorld, def: BodyDef = {}): number {
  requireWorld(world);
  const e = -1;
  if (typeof def !== 'object' || def === null) throw new PhysicsInputError(e, 'body', def, 'must be a body description (an object)');
  const typeName = def.type ?? 'dynamic';
  if (typeof typeName !== 'string' || !Object.prototype.hasOwnProperty.call(MotionType, typeName)) {
    throw new PhysicsInputError(e, 'type', typeName, "must be 'dynamic', 'kinematic' or 'static'");
  }
  const motion = MotionType[typeName];
  const position = def.position === undefined ? [0, 0, 0] : readVec3(e, 'position', def.position);
  const orientation = def.orientation === undefined ? [0, 0, 0, 1] : readQuat(e, 'orientation', def.orientation);
  const v = def.linearVelocity === undefined ? [0, 0, 0] : readVec3(e, 'linearVelocity', def.linearVelocity);
  const w = def.angularVelocity === undefined ? [0, 0, 0] : readVec3(e, 'angularVelocity', def.angularVelocity);
  const linearDamping = readNumber(e, 'linearDamping', def.linearDamping ?? 0, 'nonNegative');
  const angularDamping = readNumber(e, 'angularDamping', def.angularDamping ?? 0, 'nonNegative');
  const gravityScale = readNumber(e, 'gravityScale', def.gravityScale ?? 1, 'finite');
  const allowSleep = def.allowSleep ?? true;
  if (typeof allowSleep !== 'boolean') throw new PhysicsInputError(e, 'allowSleep', allowSleep, 'must be a boolean');
  const startAsleep = def.startAsleep ?? false;
  if (typeof startAsleep !== 'boolean') throw new PhysicsInputError(e, 'startAsleep', startAsleep, 'must be a boolean');
  if (startAsleep && (v[0] !== 0 || v[1] !== 0 || v[2] !== 0 || w[0] !== 0 || w[1] !== 0 || w[2] !== 0)) {
    throw new PhysicsInputError(e, 'startAsleep', startAsleep, 'a body that starts asleep must start at rest (zero velocities)');
  }
  const collider = def.collider === undefined ? undefined : resolveCollider(e, def.collider);
  if (collider !== undefined) checkShapeMotion(e, collider, motion);
  let mass = 0;
  let inertia: [number, number, number] = [0, 0, 0];
  if (motion === MotionType.dynamic) {
    const density = collider?.density ?? readNumber(e, 'density', def.density ?? 1000, 'positive');
    const fromShape = collider === undefined ? undefined : isRegisteredShape(collider.kind)
      ? (getShapeHooks() as ShapeHooks).mass(collider, density) : shapeMassProperties(collider.kind, collider.size, density);
    if (def.mass !== undefined) {
      mass = readNumber(e, 'mass', def.mass, 'positive');
    } else if (fromShape !== undefined && Number.isFinite(fromShape.mass)) {
      mass = fromShape.mass;
    } else {
      throw new PhysicsInputError(e, 'mass', def.mass, 'a dynamic body needs a mass or a collider with a volume');
    }
    if (def.inertia !== undefined) {
      inertia = readVec3(e, 'inertia', def.inertia);
      if (!(inertia[0] > 0 && inertia[1] > 0 && inertia[2] > 0)) {
        throw new PhysicsInputError(e, 'inertia', inertia, 'must be > 0');
      }
    } else if (fromShape !== undefined && Number.isFinite(fromShape.mass)) {
      const s = mass / fromShape.mass;
      inertia = [fromShape.inertia[0] * s, fromShape.inertia[1] * s, fromShape.inertia[2] * s];
    } else {
      throw new PhysicsInputError(e, 'inertia', def.inertia, 'a dynamic body without a collider needs an inertia');
    }
  }

  // All input is valid: only now does the world change.
  const eid = addEntity(world.ecs);
  ensureHandleCapacity(world.handles, eid);
  const b = world.bodies;
  ensureRigidBodyCapacity(b, eid);
  ensureColliderCapacity(world.colliders, eid);
  addComponent(world.ecs, eid, b);
  addToEntityList(b.members, eid);
  b.motionType[eid] = motion;
  b.mass[eid] = mass;
  b.invMass[eid] = mass > 0 ? 1 / mass : 0;
  for (let k = 0; k < 3; k++) {
    b.inertiaLocal[3 * eid + k] = inertia[k];
    b.invInertiaLocal[3 * eid + k] = inertia[k] > 0 ? 1 / inertia[k] : 0;
    b.position[3 * eid + k] = position[k];
    b.prevPosition[3 * eid + k] = position[k];
    b.linearVelocity[3 * eid + k] = motion === MotionType.static ? 0 : v[k];
    b.angularVelocity[3 * eid + k] = motion === MotionType.static ? 0 : w[k];
    b.force[3 * eid + k] = 0;
    b.torque[3 * eid + k] = 0;
  }
  for (let k = 0; k < 4; k++) {
    b.orientation[4 * eid + k] = orientation[k];
    b.prevOrientation[4 * eid + k] = orientation[k];
  }
  b.linearDamping[eid] = linearDamping;
  b.angularDamping[eid] = angularDamping;
  b.gravityScale[eid] = gravityScale;
  b.sleeping[eid] = 0;
  b.sleepTime[eid] = 0;
  b.allowSleep[eid] = allowSleep ? 1 : 0;
  const cs = world.colliders;
  cs.shape[eid] = ShapeKind.none;
  cs.body[eid] = eid;
  cs.firstCollider[eid] = -1;
  cs.nextCollider[eid] = -1;
  for (let k = 0; k < 3; k++) cs.originPosition[3 * eid + k] = 0;
  for (let k = 0; k < 4; k++) cs.originOrientation[4 * eid + k] = k === 3 ? 1 : 0;
  cs.massOverride[eid] = (def.mass !== undefined ? MassOverride.mass : 0) | (def.inertia !== undefined ? MassOverride.inertia : 0);
  if (collider !== undefined) {
    if (collider.density === undefined) collider.density = def.density ?? 1000;
    const registered = isRegisteredShape(collider.kind);
    if (motion === MotionType.dynamic && !registered && !isCentred(collider)) centreOnCollider(world, eid, collider, def.inertia !== undefined);
    writeCollider(world, eid, eid, collider);
    // registered shapes may have their centre of mass off the collider origin and a full inertia
    // tensor: the general compound path moves the body frame to their principal frame
    if (registered && motion === MotionType.dynamic) (getShapeHooks() as ShapeHooks).updateBodyMass(world, eid);
  }
  const islands = world.islands;
  if (startAsleep && allowSleep && motion === MotionType.dynamic && islands !== undefined && islands.options.enabled) {
    islands.stage.sleepBody(islands, b, eid);
  }
  return indexHandle(world.handles, eid);
}


/**
 * A dynamic body whose one collider is offset: its centre of mass is the collider's centre and its
 * principal axes the collider's axes (unless the user gave the inertia: then only the centre moves), so
 * the body frame moves there and the origin frame is kept as the inverse of that move (the general
 * case, several colliders, is `plugin/body-mass.ts`).
 */
function centreOnCollider(world: PhysicsWorld, eid: number, c: ResolvedCollider, keepAxes: boolean): void {
  const b = world.bodies, s = world.colliders;
  const r = [0, 0, 0];
  quatRotate(r, 0, b.orientation, 4 * eid, c.position, 0);
  for (let k = 0; k < 3; k++) { b.position[3 * eid + k] += r[k]; b.prevPosition[3 * eid + k] += r[k]; }
  // origin in the new frame: position −P⁻¹ c, orientation P⁻¹ (P = the collider's orientation, or identity)
  const inv = keepAxes ? [0, 0, 0, 1] : [-c.orientation[0], -c.orientation[1], -c.orientation[2], c.orientation[3]];
  if (!keepAxes) {
    quatMultiply(b.orientation, 4 * eid, b.orientation, 4 * eid, c.orientation, 0);
    quatMultiply(b.prevOrientation, 4 * eid, b.prevOrientation, 4 * eid, c.orientation, 0);
  }
  quatRotate(s.originPosition, 3 * eid, inv, 0, c.position, 0);
  for (let k = 0; k < 3; k++) s.originPosition[3 * eid + k] = -s.originPosition[3 * eid + k];
  for (let k = 0; k < 4; k++) s.originOrientation[4 * eid + k] = inv[k];
}

/** Writes collider `eid` of body `body` (linking it into the body's collider list if it is new). */
export function writeCollider(world: PhysicsWorld, eid: number, body: number, c: ResolvedCollider): void {
  const s = world.colliders;
  world.broadphase.stale = true; // queries refit the trees first
  addComponent(world.ecs, eid, s);
  addToEntityList(s.members, eid);
  let linked = false;
  for (let k = s.firstCollider[body]; k >= 0; k = s.nextCollider[k]) if (k === eid) { linked = true; break; }
  if (!linked) {
    s.body[eid] = body;
    s.nextCollider[eid] = s.firstCollider[body];
    s.firstCollider[body] = eid;
  }
  // local pose = origin frame ∘ the given pose (both in the centre-of-mass frame)
  quatRotate(s.localPosition, 3 * eid, s.originOrientation, 4 * body, c.position, 0);
  for (let k = 0; k < 3; k++) s.localPosition[3 * eid + k] += s.originPosition[3 * body + k];
  quatMultiply(s.localOrientation, 4 * eid, s.originOrientation, 4 * body, c.orientation, 0);
  s.density[eid] = c.density ?? (s.density[eid] > 0 ? s.density[eid] : 1000);
  s.shape[eid] = c.kind;
  s.shapeData[eid] = c.data;
  s.size[3 * eid] = c.size[0];
  s.size[3 * eid + 1] = c.size[1];
  s.size[3 * eid + 2] = c.size[2];
  for (const k of ['friction', 'staticFriction', 'restitution', 'captureVelocity', 'plasticVelocity', 'minRestitution',
    'group', 'mask', 'frictionCombine', 'restitutionCombine'] as const) s[k][eid] = c[k];
  s.isSensor[eid] = c.isSensor ? 1 : 0;
}

/** True when `body` is a live body of `world` (a stale handle of a removed body is not). */
export function hasBody(world: PhysicsWorld, body: number): boolean {
  requireWorld(world);
  return bodyIndex(world, body) >= 0;
}

/** The store index of body `handle`. @throws UnknownEntityError when it is not a live body. */
export function requireBody(world: PhysicsWorld, handle: number): number {
  requireWorld(world);
  const i = bodyIndex(world, handle);
  if (i < 0) throw new UnknownEntityError(handle);
  return i;
}

/**
 * Replaces the collider on the body's own entity (the one `addBody` made). The mass is not recomputed
 * (give it at `addBody`, or use `addCollider` / `removeCollider`, which do).
 * @throws UnknownEntityError, PhysicsInputError
 */
export function setCollider(world: PhysicsWorld, body: number, def: ColliderDef): void {
  const eid = requireBody(world, body);
  const c = resolveCollider(body, def);
  checkShapeMotion(body, c, world.bodies.motionType[eid]);
  wakeBodies(world, eid, WORLD_BODY, true);
  writeCollider(world, eid, eid, c);
}

/** The collider shape name of a body, or undefined when it has none. */
export function getShape(world: PhysicsWorld, body: number): ShapeKindName | undefined {
  const eid = requireBody(world, body);
  const k = world.colliders.shape[eid];
  const names: ShapeKindName[] = ['sphere', 'box', 'capsule', 'plane', 'cylinder', 'convexHull', 'mesh', 'heightfield'];
  return k === 0 ? undefined : names[k - 1];
}

/**
 * Removes a body and the joints attached to it; its contacts end (end events are reported after the
 * next step for pairs that touched).
 * @throws UnknownEntityError
 */
export function removeBody(world: PhysicsWorld, body: number): void {
  const eid = requireBody(world, body);
  wakeBodies(world, eid, WORLD_BODY, true); // what rested on it falls
  removeJointsOfBody(world, eid);
  const cs = world.contacts;
  for (let m = cs.count - 1; m >= 0; m--) {
    if (cs.bodyA[m] === eid || cs.bodyB[m] === eid) {
      if (cs.touching[m]) world.narrowphase.pendingEnd.push(cs.colliderA[m], cs.colliderB[m]);
      releaseManifold(cs, m);
    }
  }
  // the body's colliders: its own entity's, and the collider entities addCollider made
  const s = world.colliders;
  for (let c = s.firstCollider[eid]; c >= 0;) {
    const next = s.nextCollider[c];
    s.shape[c] = ShapeKind.none;
    s.shapeData[c] = undefined;
    s.body[c] = -1;
    s.nextCollider[c] = -1;
    if (c !== eid) { removeEntity(world.ecs, c); removeFromEntityList(s.members, c); retireIndex(world.handles, c); }
    c = next;
  }
  s.firstCollider[eid] = -1;
  world.colliders.shape[eid] = ShapeKind.none;
  world.bodies.motionType[eid] = MotionType.static;
  world.bodies.invMass[eid] = 0;
  removeEntity(world.ecs, eid);
  removeFromEntityList(world.bodies.members, eid);
  removeFromEntityList(s.members, eid);
  retireIndex(world.handles, eid);
}

/** Moves end events queued by `removeBody` / `removeCollider` into the event list of the current step. */
export function flushPendingEndEvents(world: PhysicsWorld): void {
  const p = world.narrowphase.pendingEnd;
  for (let i = 0; i < p.length; i += 2) pushEndEvent(world.contacts, p[i], p[i + 1]);
  p.length = 0;
}

export type { Out3 } from './validate';
/** Where a getter writes a quaternion: a `Float64Array` / array `[4]` (x y z w) or an object with x, y, z, w. */
export type Out4 = Float64Array | number[] | { x: number; y: number; z: number; w: number };

/** Writes `a[o .. o + n)` (n = 3 or 4) into `out`: an array / Float64Array, or an object's x, y, z (, w). */
function writeOut(out: Out3 | Out4, a: Float64Array, o: number, n: 3 | 4): void {
  if (Array.isArray(out) || out instanceof Float64Array) {
    for (let k = 0; k < n; k++) out[k] = a[o + k];
  } else {
    out.x = a[o]; out.y = a[o + 1]; out.z = a[o + 2];
    if (n === 4) (out as { w: number }).w = a[o + 3];
  }
}

/** Centre-of-mass position (unit: m, world). Writes into `out` (array or {x,y,z}) and returns it. */
export function getPosition<T extends Out3 = number[]>(world: PhysicsWorld, body: number, out?: T): T {
  const eid = requireBody(world, body);
  checkOut(body, out, 3);
  const o = out ?? ([0, 0, 0] as unknown as T);
  writeOut(o, world.bodies.position, 3 * eid, 3);
  return o;
}

/** Orientation quaternion x y z w. */
export function getOrientation<T extends Out4 = number[]>(world: PhysicsWorld, body: number, out?: T): T {
  const eid = requireBody(world, body);
  checkOut(body, out, 4);
  const o = out ?? ([0, 0, 0, 1] as unknown as T);
  writeOut(o, world.bodies.orientation, 4 * eid, 4);
  return o;
}

/** Linear velocity (unit: m/s, world). */
export function getLinearVelocity<T extends Out3 = number[]>(world: PhysicsWorld, body: number, out?: T): T {
  const eid = requireBody(world, body);
  checkOut(body, out, 3);
  const o = out ?? ([0, 0, 0] as unknown as T);
  writeOut(o, world.bodies.linearVelocity, 3 * eid, 3);
  return o;
}

/** Angular velocity (unit: rad/s, world). */
export function getAngularVelocity<T extends Out3 = number[]>(world: PhysicsWorld, body: number, out?: T): T {
  const eid = requireBody(world, body);
  checkOut(body, out, 3);
  const o = out ?? ([0, 0, 0] as unknown as T);
  writeOut(o, world.bodies.angularVelocity, 3 * eid, 3);
  return o;
}

/** Mass (unit: kg; 0 for static and kinematic bodies). */
export function getMass(world: PhysicsWorld, body: number): number {
  const eid = requireBody(world, body);
  return world.bodies.mass[eid];
}

/** Teleports a body (unit: m, world). Its contacts are re-found at the next step. */
export function setPosition(world: PhysicsWorld, body: number, p: Vec3Like): void {
  const eid = requireBody(world, body);
  const v = readVec3(body, 'position', p);
  wakeBodies(world, eid, WORLD_BODY, true);
  for (let k = 0; k < 3; k++) {
    world.bodies.position[3 * eid + k] = v[k];
    world.bodies.prevPosition[3 * eid + k] = v[k];
  }
}

/** Sets the orientation (normalised on entry). */
export function setOrientation(world: PhysicsWorld, body: number, q: QuatLike): void {
  const eid = requireBody(world, body);
  const v = readQuat(body, 'orientation', q);
  wakeBodies(world, eid, WORLD_BODY, true);
  for (let k = 0; k < 4; k++) {
    world.bodies.orientation[4 * eid + k] = v[k];
    world.bodies.prevOrientation[4 * eid + k] = v[k];
  }
}

/** Sets the linear velocity (unit: m/s, world). Ignored for static bodies. */
export function setLinearVelocity(world: PhysicsWorld, body: number, vel: Vec3Like): void {
  const eid = requireBody(world, body);
  const v = readVec3(body, 'linearVelocity', vel);
  if (world.bodies.motionType[eid] === MotionType.static) return;
  wakeBodies(world, eid);
  for (let k = 0; k < 3; k++) world.bodies.linearVelocity[3 * eid + k] = v[k];
}

/** Sets the angular velocity (unit: rad/s, world). Ignored for static bodies. */
export function setAngularVelocity(world: PhysicsWorld, body: number, vel: Vec3Like): void {
  const eid = requireBody(world, body);
  const v = readVec3(body, 'angularVelocity', vel);
  if (world.bodies.motionType[eid] === MotionType.static) return;
  wakeBodies(world, eid);
  for (let k = 0; k < 3; k++) world.bodies.angularVelocity[3 * eid + k] = v[k];
}

/**
 * Adds a force (unit: N, world) for the next step, at the centre of mass or at a world point
 * (unit: m), which also adds the torque (p − x) × F. Forces are cleared after every step.
 */
export function applyForce(world: PhysicsWorld, body: number, force: Vec3Like, point?: Vec3Like): void {
  const eid = requireBody(world, body);
  const f = readVec3(body, 'force', force);
  const p = point === undefined ? undefined : readVec3(body, 'point', point);
  wakeBodies(world, eid);
  const b = world.bodies, i = 3 * eid;
  const fx = b.force[i] + f[0], fy = b.force[i + 1] + f[1], fz = b.force[i + 2] + f[2];
  if (!Number.isFinite(fx + fy + fz)) {
    throw new PhysicsInputError(body, 'force', f, 'overflows the force accumulator (the sum this step is not finite)');
  }
  let tx = b.torque[i], ty = b.torque[i + 1], tz = b.torque[i + 2];
  if (p !== undefined) {
    const rx = p[0] - b.position[i], ry = p[1] - b.position[i + 1], rz = p[2] - b.position[i + 2];
    tx += ry * f[2] - rz * f[1];
    ty += rz * f[0] - rx * f[2];
    tz += rx * f[1] - ry * f[0];
    if (!Number.isFinite(tx + ty + tz)) {
      throw new PhysicsInputError(body, 'point', p, 'the torque (p − x) × F overflows the torque accumulator');
    }
  }
  b.force[i] = fx; b.force[i + 1] = fy; b.force[i + 2] = fz;
  b.torque[i] = tx; b.torque[i + 1] = ty; b.torque[i + 2] = tz;
}

/** Adds a torque (unit: N·m, world) for the next step. */
export function applyTorque(world: PhysicsWorld, body: number, torque: Vec3Like): void {
  const eid = requireBody(world, body);
  const t = readVec3(body, 'torque', torque);
  wakeBodies(world, eid);
  const b = world.bodies, i = 3 * eid;
  const tx = b.torque[i] + t[0], ty = b.torque[i + 1] + t[1], tz = b.torque[i + 2] + t[2];
  if (!Number.isFinite(tx + ty + tz)) {
    throw new PhysicsInputError(body, 'torque', t, 'overflows the torque accumulator (the sum this step is not finite)');
  }
  b.torque[i] = tx; b.torque[i + 1] = ty; b.torque[i + 2] = tz;
}

/**
 * Applies an impulse (unit: N·s, world) now: Δv = J / m, and at a world point p also
 * Δω = I⁻¹ ((p − x) × J). Dynamic bodies only (others ignore it).
 * @throws UnknownEntityError; PhysicsInputError for a non-finite impulse or point, or one that makes the
 *   velocity non-finite (e.g. 1e308 twice), before anything changes.
 */
export function applyImpulse(world: PhysicsWorld, body: number, impulse: Vec3Like, point?: Vec3Like): void {
  const eid = requireBody(world, body);
  const j = readVec3(body, 'impulse', impulse);
  const p = point === undefined ? undefined : readVec3(body, 'point', point);
  const b = world.bodies, i = 3 * eid;
  if (b.motionType[eid] !== MotionType.dynamic) return;
  const im = b.invMass[eid];
  const v = [b.linearVelocity[i] + j[0] * im, b.linearVelocity[i + 1] + j[1] * im, b.linearVelocity[i + 2] + j[2] * im];
  if (!Number.isFinite(v[0] + v[1] + v[2])) {
    throw new PhysicsInputError(body, 'impulse', j, 'overflows the velocity');
  }
  let dw: [number, number, number] | undefined;
  if (p !== undefined) {
    const rx = p[0] - b.position[i], ry = p[1] - b.position[i + 1], rz = p[2] - b.position[i + 2];
    dw = angularVelocityAfter(world, eid, ry * j[2] - rz * j[1], rz * j[0] - rx * j[2], rx * j[1] - ry * j[0]);
    if (!Number.isFinite(dw[0] + dw[1] + dw[2])) {
      throw new PhysicsInputError(body, 'point', p, 'overflows the angular velocity');
    }
  }
  wakeBodies(world, eid);
  b.linearVelocity[i] = v[0]; b.linearVelocity[i + 1] = v[1]; b.linearVelocity[i + 2] = v[2];
  if (dw !== undefined) { b.angularVelocity[i] = dw[0]; b.angularVelocity[i + 1] = dw[1]; b.angularVelocity[i + 2] = dw[2]; }
}

/** Applies an angular impulse (unit: N·m·s, world) now: Δω = I⁻¹ L. Dynamic bodies only.
 * @throws UnknownEntityError; PhysicsInputError for a non-finite impulse or one that makes ω non-finite. */
export function applyAngularImpulse(world: PhysicsWorld, body: number, impulse: Vec3Like): void {
  const eid = requireBody(world, body);
  const l = readVec3(body, 'angularImpulse', impulse);
  if (world.bodies.motionType[eid] !== MotionType.dynamic) return;
  const w = angularVelocityAfter(world, eid, l[0], l[1], l[2]);
  if (!Number.isFinite(w[0] + w[1] + w[2])) {
    throw new PhysicsInputError(body, 'angularImpulse', l, 'overflows the angular velocity');
  }
  wakeBodies(world, eid);
  const i = 3 * eid;
  world.bodies.angularVelocity[i] = w[0]; world.bodies.angularVelocity[i + 1] = w[1]; world.bodies.angularVelocity[i + 2] = w[2];
}

/** ω + R diag(I⁻¹) Rᵀ L for body `eid` (not written). */
function angularVelocityAfter(world: PhysicsWorld, eid: number, lx: number, ly: number, lz: number): [number, number, number] {
  const b = world.bodies;
  const q = b.orientation, qi = 4 * eid;
  const x = q[qi], y = q[qi + 1], z = q[qi + 2], w = q[qi + 3];
  const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
  const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
  const r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
  const i = 3 * eid;
  const d0 = b.invInertiaLocal[i], d1 = b.invInertiaLocal[i + 1], d2 = b.invInertiaLocal[i + 2];
  const a0 = d0 * (r00 * lx + r10 * ly + r20 * lz);
  const a1 = d1 * (r01 * lx + r11 * ly + r21 * lz);
  const a2 = d2 * (r02 * lx + r12 * ly + r22 * lz);
  return [
    b.angularVelocity[i] + r00 * a0 + r01 * a1 + r02 * a2,
    b.angularVelocity[i + 1] + r10 * a0 + r11 * a1 + r12 * a2,
    b.angularVelocity[i + 2] + r20 * a0 + r21 * a1 + r22 * a2,
  ];
}
