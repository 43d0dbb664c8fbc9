/**
 * Babylon Physics V2 shapes → engine colliders: parameter checks, the collider each shape becomes,
 * its mass properties from the density, its local bounding box and its debug geometry.
 *
 * | Babylon shape | engine collider |
 * |---|---|
 * | SPHERE (center, radius) | sphere, centred at `center` |
 * | BOX (center, rotation, extents) | box with half extents `extents / 2`, posed at (center, rotation) |
 * | CAPSULE (pointA, pointB, radius) | capsule of half height |B − A| / 2 around the segment's midpoint |
 * | CONTAINER with one child | the child at its translation / rotation (uniform scale) |
 * | CYLINDER, CONVEX_HULL, MESH, HEIGHTFIELD, CONTAINER with several children | not supported yet: a typed error |
 *
 * Mass properties are the standard solid-body formulas at the shape's density (Havok's default
 * 1000 kg/m³), about the shape's centre; Babylon reports inertia per unit mass.
 */

import { Vector3, Quaternion, Matrix } from '@babylonjs/core/Maths/math.vector.js';
import { BoundingBox } from '@babylonjs/core/Culling/boundingBox.js';
import { CreateBoxVertexData } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateSphereVertexData } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { CreateCapsuleVertexData } from '@babylonjs/core/Meshes/Builders/capsuleBuilder.js';
import { PhysicsShapeType, type PhysicsShapeParameters } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import type { PhysicsShape } from '@babylonjs/core/Physics/v2/physicsShape.js';
import type { PhysicsMaterial } from '@babylonjs/core/Physics/v2/physicsMaterial.js';
import { shapeMassProperties } from '../../components/mass-properties';
import { ShapeKind, type CombineRuleName } from '../../components/collider';
import type { ColliderDef } from '../bodies';
import { PhysicsInputError } from '../errors';
import {
  isIdentityQuat, quatFromYTo, quatMul, quatRot, type Q4, type ResolvedMaterial, type ShapeGeometry, type ShapeRecord, type V3,
} from './v2-records';

export const SHAPE_TYPE_NAMES = ['SPHERE', 'CAPSULE', 'CYLINDER', 'BOX', 'CONVEX_HULL', 'CONTAINER', 'MESH', 'HEIGHTFIELD'];

/** Name of a shape in error messages: `shape #3 (BOX)`. */
export function shapeLabel(rec: ShapeRecord | undefined): string {
  return rec === undefined ? 'shape (disposed)' : `shape #${rec.id} (${SHAPE_TYPE_NAMES[rec.type] ?? rec.type})`;
}

function readV3(field: string, v: unknown, fallback: V3): V3 {
  if (v === undefined || v === null) return [fallback[0], fallback[1], fallback[2]];
  const o = v as { x?: unknown; y?: unknown; z?: unknown };
  const out: V3 = [o.x as number, o.y as number, o.z as number];
  if (!out.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new PhysicsInputError(-1, field, out, 'must be a Vector3 of finite numbers');
  }
  return out;
}

function readQ4(field: string, v: unknown): Q4 {
  if (v === undefined || v === null) return [0, 0, 0, 1];
  const o = v as { x?: unknown; y?: unknown; z?: unknown; w?: unknown };
  const q: Q4 = [o.x as number, o.y as number, o.z as number, o.w as number];
  if (!q.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new PhysicsInputError(-1, field, q, 'must be a Quaternion of finite numbers');
  }
  const l = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(l > 1e-12)) throw new PhysicsInputError(-1, field, q, 'cannot be normalised (zero length)');
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

function readPositive(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || !(v > 0)) {
    throw new PhysicsInputError(-1, field, v, 'must be a finite number > 0');
  }
  return v;
}

/** Havok's default material before `setMaterial`. */
export function defaultMaterial(): ResolvedMaterial {
  return { friction: 0.5, staticFriction: 0.5, restitution: 0, frictionCombine: 1, restitutionCombine: 2 };
}

/**
 * The geometry of a new shape from its Babylon parameters (Havok's defaults for missing ones), or
 * undefined for a container.
 * @throws PhysicsInputError for NaN / infinite / non-positive sizes, or a shape type the engine does
 *   not have yet (cylinder, convex hull, mesh, heightfield).
 */
export function geometryFromParameters(label: string, type: number, o: PhysicsShapeParameters): ShapeGeometry | undefined {
  switch (type as PhysicsShapeType) {
    case PhysicsShapeType.SPHERE: {
      const radius = readPositive(`${label}.radius`, o.radius ?? 1);
      return { kind: 'sphere', size: [radius, 0, 0], center: readV3(`${label}.center`, o.center, [0, 0, 0]), rotation: [0, 0, 0, 1] };
    }
    case PhysicsShapeType.BOX: {
      const e = readV3(`${label}.extents`, o.extents, [1, 1, 1]);
      if (!(e[0] > 0 && e[1] > 0 && e[2] > 0)) throw new PhysicsInputError(-1, `${label}.extents`, e, 'must be > 0 on every axis');
      return {
        kind: 'box', size: [e[0] / 2, e[1] / 2, e[2] / 2],
        center: readV3(`${label}.center`, o.center, [0, 0, 0]), rotation: readQ4(`${label}.rotation`, o.rotation),
      };
    }
    case PhysicsShapeType.CAPSULE: {
      const a = readV3(`${label}.pointA`, o.pointA, [0, 0, 0]);
      const b = readV3(`${label}.pointB`, o.pointB, [0, 1, 0]);
      const radius = readPositive(`${label}.radius`, o.radius);
      const d: V3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      const rotation: Q4 = len > 1e-12 ? quatFromYTo([d[0] / len, d[1] / len, d[2] / len]) : [0, 0, 0, 1];
      return {
        kind: 'capsule', size: [radius, len / 2, 0],
        center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2], rotation,
      };
    }
    case PhysicsShapeType.CONTAINER:
      return undefined;
    default:
      throw new PhysicsInputError(-1, `${label}.type`, SHAPE_TYPE_NAMES[type] ?? type,
        'not supported by this engine yet (supported: SPHERE, BOX, CAPSULE, CONTAINER with one child)');
  }
}

/**
 * The collider geometry of a shape in the node frame, resolving a one-child container to its child;
 * undefined for an empty container (no collider).
 * @throws PhysicsInputError for a container with several children (compound colliders are not in the
 *   engine yet), a non-uniform child scale, or a disposed child.
 */
export function effectiveGeometry(shape: PhysicsShape): ShapeGeometry | undefined {
  const rec = shape._pluginData as ShapeRecord | undefined;
  if (rec === undefined || rec.disposed) throw new PhysicsInputError(-1, 'shape', 'disposed', 'the shape was disposed');
  if (rec.geometry !== undefined) return rec.geometry;
  if (rec.children.length === 0) return undefined;
  if (rec.children.length > 1) {
    throw new PhysicsInputError(-1, `${shapeLabel(rec)}.children`, rec.children.length,
      'a container with several children needs compound colliders, which this engine does not have yet');
  }
  const c = rec.children[0];
  const g = effectiveGeometry(c.shape);
  if (g === undefined) return undefined;
  const s = c.scale;
  const uniform = Math.abs(s[0] - s[1]) < 1e-9 && Math.abs(s[0] - s[2]) < 1e-9;
  if (!uniform && g.kind !== 'box') {
    throw new PhysicsInputError(-1, `${shapeLabel(rec)}.children[0].scale`, s, 'must be uniform for a sphere or capsule child');
  }
  if (!uniform && !isIdentityQuat(g.rotation)) {
    throw new PhysicsInputError(-1, `${shapeLabel(rec)}.children[0].scale`, s, 'must be uniform for a rotated box child');
  }
  const scaledCenter: V3 = [g.center[0] * s[0], g.center[1] * s[1], g.center[2] * s[2]];
  const p = quatRot(c.rotation, scaledCenter);
  const size: V3 = g.kind === 'box' ? [g.size[0] * s[0], g.size[1] * s[1], g.size[2] * s[2]] : [g.size[0] * s[0], g.size[1] * s[0], 0];
  return {
    kind: g.kind, size,
    center: [p[0] + c.translation[0], p[1] + c.translation[1], p[2] + c.translation[2]],
    rotation: quatMul(c.rotation, g.rotation),
  };
}

/** The material, filter and trigger flag that apply to a shape's collider (a container's own, once set). */
export function effectiveShapeRecord(shape: PhysicsShape): ShapeRecord {
  const rec = shape._pluginData as ShapeRecord;
  if (rec.geometry === undefined && rec.children.length === 1 && !rec.materialSet) {
    return effectiveShapeRecord(rec.children[0].shape);
  }
  return rec;
}

const COMBINE_NAMES: CombineRuleName[] = ['geometricMean', 'minimum', 'maximum', 'arithmeticMean', 'multiply'];

/** The engine collider for a shape geometry with a shape record's material, filter and trigger flag. */
export function colliderDef(g: ShapeGeometry, rec: ShapeRecord): ColliderDef {
  const m = rec.material;
  const common = {
    friction: m.friction,
    restitution: m.restitution,
    frictionCombine: COMBINE_NAMES[m.frictionCombine],
    restitutionCombine: COMBINE_NAMES[m.restitutionCombine],
    group: rec.membership,
    mask: rec.collideMask,
    isSensor: rec.isTrigger,
  };
  if (g.kind === 'sphere') return { shape: 'sphere', radius: g.size[0], ...common };
  if (g.kind === 'box') return { shape: 'box', halfExtents: g.size, ...common };
  return { shape: 'capsule', radius: g.size[0], halfHeight: g.size[1], ...common };
}

/**
 * Babylon material → resolved material, with Havok's defaults for missing fields: friction 0.5,
 * static friction = friction, restitution 0, friction combine MINIMUM, restitution combine MAXIMUM.
 * @throws PhysicsInputError for a negative or non-finite value, restitution > 1, an unknown mode.
 */
export function resolveMaterial(label: string, m: PhysicsMaterial): ResolvedMaterial {
  if (typeof m !== 'object' || m === null) throw new PhysicsInputError(-1, `${label}.material`, m, 'must be a PhysicsMaterial object');
  const num = (field: string, v: unknown, d: number): number => {
    if (v === undefined) return d;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new PhysicsInputError(-1, `${label}.material.${field}`, v, 'must be a finite number ≥ 0');
    }
    return v;
  };
  const friction = num('friction', m.friction, 0.5);
  const staticFriction = num('staticFriction', m.staticFriction, friction);
  const restitution = num('restitution', m.restitution, 0);
  if (restitution > 1) throw new PhysicsInputError(-1, `${label}.material.restitution`, restitution, 'must be ≤ 1');
  const mode = (field: string, v: unknown, d: number): number => {
    if (v === undefined) return d;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 4) {
      throw new PhysicsInputError(-1, `${label}.material.${field}`, v, 'must be a PhysicsMaterialCombineMode (0..4)');
    }
    return v;
  };
  return {
    friction, staticFriction, restitution,
    frictionCombine: mode('frictionCombine', m.frictionCombine, 1),
    restitutionCombine: mode('restitutionCombine', m.restitutionCombine, 2),
  };
}

const ENGINE_KIND = { sphere: ShapeKind.sphere, box: ShapeKind.box, capsule: ShapeKind.capsule } as const;

/** Mass (kg) and principal inertia per unit mass (m², shape axes) of a geometry at a density (kg/m³). */
export function geometryMass(g: ShapeGeometry, density: number): { mass: number; inertia: V3 } {
  const mp = shapeMassProperties(ENGINE_KIND[g.kind], g.size, density);
  const m = mp.mass;
  return { mass: m, inertia: [mp.inertia[0] / m, mp.inertia[1] / m, mp.inertia[2] / m] };
}

/** Local AABB of a geometry in the node frame: [min, max]. */
export function geometryBounds(g: ShapeGeometry): [V3, V3] {
  // half extents of the shape's own box, then the rotated box's AABB
  const h: V3 = g.kind === 'sphere' ? [g.size[0], g.size[0], g.size[0]]
    : g.kind === 'box' ? g.size : [g.size[0], g.size[1] + g.size[0], g.size[0]];
  const q = g.rotation;
  const ax = quatRot(q, [1, 0, 0]), ay = quatRot(q, [0, 1, 0]), az = quatRot(q, [0, 0, 1]);
  const min: V3 = [0, 0, 0], max: V3 = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    const e = Math.abs(ax[k]) * h[0] + Math.abs(ay[k]) * h[1] + Math.abs(az[k]) * h[2];
    min[k] = g.center[k] - e;
    max[k] = g.center[k] + e;
  }
  if (g.kind === 'sphere') for (let k = 0; k < 3; k++) { min[k] = g.center[k] - g.size[0]; max[k] = g.center[k] + g.size[0]; }
  return [min, max];
}

/** Babylon BoundingBox of a geometry (or an empty box at the origin). */
export function geometryBoundingBox(g: ShapeGeometry | undefined, world: Matrix = Matrix.IdentityReadOnly as Matrix): BoundingBox {
  if (g === undefined) return new BoundingBox(Vector3.Zero(), Vector3.Zero(), world);
  const [min, max] = geometryBounds(g);
  return new BoundingBox(Vector3.FromArray(min), Vector3.FromArray(max), world);
}

/** Triangles of a geometry in the node frame (positions xyz, indices), for Babylon's PhysicsViewer. */
export function geometryTriangles(g: ShapeGeometry | undefined): { positions: Float32Array; indices: Uint32Array } {
  if (g === undefined) return { positions: new Float32Array(0), indices: new Uint32Array(0) };
  const vd = g.kind === 'sphere' ? CreateSphereVertexData({ diameter: 2 * g.size[0], segments: 12 })
    : g.kind === 'box' ? CreateBoxVertexData({ width: 2 * g.size[0], height: 2 * g.size[1], depth: 2 * g.size[2] })
      : CreateCapsuleVertexData({ radius: g.size[0], height: 2 * (g.size[1] + g.size[0]), tessellation: 12, subdivisions: 1 });
  const src = vd.positions ?? [];
  const positions = new Float32Array(src.length);
  const q = g.rotation, p: V3 = [0, 0, 0];
  for (let i = 0; i < src.length; i += 3) {
    quatRot(q, [src[i], src[i + 1], src[i + 2]], p);
    positions[i] = p[0] + g.center[0];
    positions[i + 1] = p[1] + g.center[1];
    positions[i + 2] = p[2] + g.center[2];
  }
  return { positions, indices: Uint32Array.from(vd.indices ?? []) };
}

/** Babylon Quaternion / Vector3 from plain arrays (API boundary only). */
export function toVector3(v: ArrayLike<number>): Vector3 { return new Vector3(v[0], v[1], v[2]); }
export function toQuaternion(q: ArrayLike<number>): Quaternion { return new Quaternion(q[0], q[1], q[2], q[3]); }
