/**
 * Babylon Physics V2 shapes → engine colliders: parameter checks, the collider each shape becomes,
 * its mass properties from the density, its local bounding box and its debug geometry.
 *
 * | Babylon shape | engine collider |
 * |---|---|
 * | SPHERE (center, radius) | sphere, centred at `center` |
 * | BOX (center, rotation, extents) | box with half extents `extents / 2`, posed at (center, rotation) |
 * | CAPSULE (pointA, pointB, radius) | capsule of half height |B − A| / 2 around the segment's midpoint |
 * | CONTAINER | one collider per leaf child at its translation / rotation / scale (a compound body) |
 * | MESH | a triangle mesh of the mesh's vertices (static or animated bodies) |
 * | HEIGHTFIELD | a heightfield centred on the node |
 * | CYLINDER (pointA, pointB, radius) | cylinder of half height |B − A| / 2, its axis along the segment, around the segment's midpoint |
 * | CONVEX_HULL | the convex hull (quickhull) of the mesh's vertices, mass from its volume integrals |
 *
 * Mass properties are the standard solid-body formulas at the shape's density (Havok's default
 * 1000 kg/m³), about the shape's centre; Babylon reports inertia per unit mass.
 */

import { Vector3, Quaternion, Matrix } from '@babylonjs/core/Maths/math.vector.js';
import { BoundingBox } from '@babylonjs/core/Culling/boundingBox.js';
import { CreateBoxVertexData } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateSphereVertexData } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { CreateCapsuleVertexData } from '@babylonjs/core/Meshes/Builders/capsuleBuilder.js';
import { CreateCylinderVertexData } from '@babylonjs/core/Meshes/Builders/cylinderBuilder.js';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh.js';
import { Matrix as BMatrix } from '@babylonjs/core/Maths/math.vector.js';
import { convexHull, cylinder, type ConvexHull } from '../shapes';
import { createTriangleMesh } from '../triangle-mesh';
import { createHeightfield } from '../heightfield';
import { PhysicsShapeType, type PhysicsShapeParameters } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import type { PhysicsShape } from '@babylonjs/core/Physics/v2/physicsShape.js';
import type { PhysicsMaterial } from '@babylonjs/core/Physics/v2/physicsMaterial.js';
import { shapeMassProperties } from '../../components/mass-properties';
import { quatToMat3 } from '../../math/quat';
import { mat3ToQuat, symmetricEigen3 } from '../../math/sym-eigen3';
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
    case PhysicsShapeType.CYLINDER: {
      const a = readV3(`${label}.pointA`, o.pointA, [0, 0, 0]);
      const b = readV3(`${label}.pointB`, o.pointB, [0, 1, 0]);
      const radius = readPositive(`${label}.radius`, o.radius);
      const d: V3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      if (!(len > 1e-9)) throw new PhysicsInputError(-1, `${label}.pointB`, b, 'must differ from pointA (the cylinder axis)');
      return {
        kind: 'cylinder', size: [radius, len / 2, 0],
        center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2], rotation: quatFromYTo([d[0] / len, d[1] / len, d[2] / len]),
      };
    }
    case PhysicsShapeType.CONVEX_HULL: {
      const { points } = meshVertices(label, o, false);
      const hull = engineShape(label, () => convexHull(points));
      const tris: number[] = [];
      for (let f = 0; f < hull.faceCount; f++) {
        const s = hull.faceStart[f], e = hull.faceStart[f + 1];
        for (let k = s + 1; k + 1 < e; k++) tris.push(hull.faceVertices[s], hull.faceVertices[k], hull.faceVertices[k + 1]);
      }
      return {
        kind: 'hull', size: [0, 0, 0], center: [0, 0, 0], rotation: [0, 0, 0, 1], asset: hull,
        points: Float64Array.from(hull.vertices), triangles: Uint32Array.from(tris),
      };
    }
    case PhysicsShapeType.MESH: {
      const { points, triangles } = meshVertices(label, o, true);
      const asset = engineShape(label, () => createTriangleMesh({ vertices: points, indices: triangles }));
      return { kind: 'mesh', size: [0, 0, 0], center: [0, 0, 0], rotation: [0, 0, 0, 1], asset, points, triangles };
    }
    case PhysicsShapeType.HEIGHTFIELD:
      return heightfieldGeometry(label, o);
    case PhysicsShapeType.CONTAINER:
      return undefined;
    default:
      throw new PhysicsInputError(-1, `${label}.type`, SHAPE_TYPE_NAMES[type] ?? type, 'unknown PhysicsShapeType');
  }
}

/** Runs an engine shape factory, naming the Babylon shape in its error (`shape #3 (MESH).vertices[7]`). */
function engineShape<T>(label: string, make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof PhysicsInputError) {
      // the engine's message is `subject: field = value: reason`: keep the reason, name the Babylon shape
      const m = e.message, at = m.indexOf(': ', m.indexOf(`${e.field} = `) + e.field.length + 3);
      throw new PhysicsInputError(-1, `${label}.${e.field}`, e.value, at >= 0 ? m.slice(at + 2) : m);
    }
    throw e;
  }
}

/**
 * The vertices (and triangles) of `options.mesh` in the body frame, as Havok's plugin takes them: the
 * mesh's own positions scaled by its absolute scaling, with `includeChildMeshes` its child meshes
 * (those without a body of their own) in the mesh's frame; triangles wound counter-clockwise seen
 * from the front in the engine's right-handed sense (a left-handed scene's index order reversed).
 * @throws PhysicsInputError (field `mesh`) when there is no mesh or it has no positions.
 */
function meshVertices(label: string, o: PhysicsShapeParameters, withTriangles: boolean): { points: Float64Array; triangles: Uint32Array } {
  const mesh: Mesh | undefined = o.mesh;
  if (mesh === undefined || mesh === null || typeof (mesh as Partial<Mesh>).getVerticesData !== 'function') {
    throw new PhysicsInputError(-1, `${label}.mesh`, mesh, 'must be a Mesh with vertex positions');
  }
  mesh.computeWorldMatrix(true);
  const s = mesh.absoluteScaling;
  const rootScaled = BMatrix.Scaling(s.x, s.y, s.z);
  const parts: { m: Mesh; toRoot: BMatrix }[] = [{ m: mesh, toRoot: rootScaled }];
  if (o.includeChildMeshes === true) {
    const worldToRootScaled = mesh.computeWorldMatrix(true).clone().invert().multiply(rootScaled);
    for (const c of mesh.getChildMeshes<AbstractMesh>(false)) {
      if ((c as AbstractMesh & { physicsBody?: unknown }).physicsBody) continue;
      const src = (c as AbstractMesh & { sourceMesh?: Mesh }).sourceMesh ?? (c as Mesh);
      if (typeof src.getVerticesData !== 'function') continue;
      parts.push({ m: src, toRoot: c.computeWorldMatrix(true).multiply(worldToRootScaled) });
    }
  }
  const pts: number[] = [], tris: number[] = [];
  const leftHanded = !mesh.getScene().useRightHandedSystem;
  const v = new Vector3();
  for (const { m, toRoot } of parts) {
    const data = m.getVerticesData(VertexBuffer.PositionKind) ?? [];
    const base = pts.length / 3;
    for (let i = 0; i + 2 < data.length; i += 3) {
      Vector3.TransformCoordinatesFromFloatsToRef(data[i], data[i + 1], data[i + 2], toRoot, v);
      pts.push(v.x, v.y, v.z);
    }
    if (!withTriangles) continue;
    const idx = m.getIndices() ?? [];
    for (let i = 0; i + 2 < idx.length; i += 3) {
      if (leftHanded) tris.push(base + idx[i + 2], base + idx[i + 1], base + idx[i]);
      else tris.push(base + idx[i], base + idx[i + 1], base + idx[i + 2]);
    }
  }
  if (pts.length === 0) throw new PhysicsInputError(-1, `${label}.mesh`, mesh.name, 'has no vertex positions');
  return { points: Float64Array.from(pts), triangles: Uint32Array.from(tris) };
}

/**
 * A heightfield from `PhysicsShapeHeightField(sizeX, sizeZ, samplesX, samplesZ, data)`: Babylon's data
 * order is that of its ground meshes (`PhysicsShapeGroundMesh`): rows from +z to −z, x along each row,
 * `data[(samplesZ − 1 − iz) · samplesX + ix]` (measured: Havok puts the samples there), the engine's
 * `heights[iz · samplesX + ix]`; centred on the node in x and z, heights along +y.
 * With `groundMesh` (`PhysicsShapeGroundMesh`) and no data, the samples are the ground mesh's own
 * vertices: see {@link groundMeshHeightfield}.
 * @throws PhysicsInputError for missing or bad sizes, sample counts or data, or a ground mesh whose
 *   vertices do not form a regular grid.
 */
function heightfieldGeometry(label: string, o: PhysicsShapeParameters): ShapeGeometry {
  const nX = o.numHeightFieldSamplesX, nZ = o.numHeightFieldSamplesZ, data = o.heightFieldData;
  if (o.groundMesh !== undefined && o.groundMesh !== null && data === undefined) return groundMeshHeightfield(label, o.groundMesh);
  for (const [f, v] of [['numHeightFieldSamplesX', nX], ['numHeightFieldSamplesZ', nZ]] as const) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 2) throw new PhysicsInputError(-1, `${label}.${f}`, v, 'must be an integer ≥ 2');
  }
  const sizeX = readPositive(`${label}.heightFieldSizeX`, o.heightFieldSizeX);
  const sizeZ = readPositive(`${label}.heightFieldSizeZ`, o.heightFieldSizeZ);
  const nx = nX as number, nz = nZ as number;
  if (data === undefined || data === null || typeof data.length !== 'number' || data.length !== nx * nz) {
    throw new PhysicsInputError(-1, `${label}.heightFieldData`, data?.length, `must hold samplesX × samplesZ = ${nx * nz} heights`);
  }
  const heights = new Float64Array(nx * nz);
  for (let ix = 0; ix < nx; ix++) for (let iz = 0; iz < nz; iz++) heights[iz * nx + ix] = data[(nz - 1 - iz) * nx + ix];
  return heightfieldOf(label, nx, nz, sizeX, sizeZ, heights, [0, 0, 0]);
}

/**
 * A heightfield from a ground mesh (`PhysicsShapeGroundMesh`, a mesh made by `CreateGround` /
 * `CreateGroundFromHeightMap` or any mesh whose vertices form a regular x–z grid): the vertices in the
 * node frame (scaled by the mesh's absolute scaling, as MESH shapes are), one sample per grid point,
 * the height the vertex's y, the field centred on the grid's centre. So the collision surface is the
 * rendered ground. (Havok's plugin instead assumes a square grid, takes the heights relative to the
 * lowest vertex and cells of the smaller side's spacing: it matches the rendered ground only for a
 * square grid whose lowest point is at y = 0.)
 * @throws PhysicsInputError (field `groundMesh`) for a mesh without positions or whose vertices do not
 *   form a regular grid of at least 2 × 2 points.
 */
function groundMeshHeightfield(label: string, mesh: Mesh): ShapeGeometry {
  const field = `${label}.groundMesh`;
  const pos = typeof (mesh as Partial<Mesh>).getVerticesData === 'function' ? mesh.getVerticesData(VertexBuffer.PositionKind) : null;
  if (pos === null || pos.length < 12) throw new PhysicsInputError(-1, field, (mesh as Partial<Mesh>).name, 'must be a Mesh with vertex positions');
  mesh.computeWorldMatrix(true);
  const sc = mesh.absoluteScaling;
  const n = pos.length / 3;
  const xs = new Float64Array(n), ys = new Float64Array(n), zs = new Float64Array(n);
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < n; i++) {
    xs[i] = pos[3 * i] * sc.x; ys[i] = pos[3 * i + 1] * sc.y; zs[i] = pos[3 * i + 2] * sc.z;
    if (!Number.isFinite(xs[i] + ys[i] + zs[i])) throw new PhysicsInputError(-1, field, mesh.name, `vertex ${i} is not finite`);
    minX = Math.min(minX, xs[i]); maxX = Math.max(maxX, xs[i]); minZ = Math.min(minZ, zs[i]); maxZ = Math.max(maxZ, zs[i]);
  }
  const sizeX = maxX - minX, sizeZ = maxZ - minZ;
  const nx = gridCount(xs, minX, sizeX), nz = gridCount(zs, minZ, sizeZ);
  if (!(sizeX > 0 && sizeZ > 0) || nx < 2 || nz < 2) throw new PhysicsInputError(-1, field, mesh.name, 'its vertices must form a regular x–z grid of at least 2 × 2 points');
  const heights = new Float64Array(nx * nz), seen = new Uint8Array(nx * nz);
  const dx = sizeX / (nx - 1), dz = sizeZ / (nz - 1);
  for (let i = 0; i < n; i++) {
    const fx = (xs[i] - minX) / dx, fz = (zs[i] - minZ) / dz;
    const ix = Math.round(fx), iz = Math.round(fz);
    if (Math.abs(fx - ix) > 1e-3 || Math.abs(fz - iz) > 1e-3) {
      throw new PhysicsInputError(-1, field, mesh.name, `vertex ${i} is off the regular ${nx} × ${nz} x–z grid`);
    }
    heights[iz * nx + ix] = ys[i];
    seen[iz * nx + ix] = 1;
  }
  for (let k = 0; k < seen.length; k++) {
    if (seen[k] === 0) throw new PhysicsInputError(-1, field, mesh.name, `grid point ${k} of the ${nx} × ${nz} x–z grid has no vertex`);
  }
  return heightfieldOf(label, nx, nz, sizeX, sizeZ, heights, [(minX + maxX) / 2, 0, (minZ + maxZ) / 2]);
}

/** Number of distinct grid coordinates (within 1e-6 of the extent) among `v`, sorted; 0 for an empty extent. */
function gridCount(v: Float64Array, min: number, extent: number): number {
  if (!(extent > 0)) return 0;
  const u = Array.from(v, (x) => (x - min) / extent).sort((a, b) => a - b);
  let count = 1;
  for (let i = 1; i < u.length; i++) if (u[i] - u[i - 1] > 1e-6) count++;
  return count;
}

/** The engine heightfield (`heights[iz · nx + ix]`, −z to +z rows) centred at `center` in the node frame,
 * with its debug triangles. */
function heightfieldOf(label: string, nx: number, nz: number, sizeX: number, sizeZ: number, heights: Float64Array, center: V3): ShapeGeometry {
  const asset = engineShape(label, () => createHeightfield({ samplesX: nx, samplesZ: nz, sizeX, sizeZ, heights }));
  const points = new Float64Array(3 * nx * nz), tris: number[] = [];
  for (let iz = 0; iz < nz; iz++) {
    for (let ix = 0; ix < nx; ix++) {
      const k = iz * nx + ix;
      points[3 * k] = -sizeX / 2 + (ix * sizeX) / (nx - 1); points[3 * k + 1] = heights[k]; points[3 * k + 2] = -sizeZ / 2 + (iz * sizeZ) / (nz - 1);
      if (ix + 1 < nx && iz + 1 < nz) tris.push(k, k + nx, k + 1, k + 1, k + nx, k + nx + 1);
    }
  }
  return { kind: 'heightfield', size: [0, 0, 0], center, rotation: [0, 0, 0, 1], asset, points, triangles: Uint32Array.from(tris) };
}

/** One collider of a (possibly compound) shape: its geometry in the node frame, the shape record its
 * material, filter and trigger flag come from, and its density (kg/m³). */
export interface ShapeLeaf {
  geometry: ShapeGeometry;
  /** Material source (the outermost container whose material was set, else the leaf shape). */
  material: ShapeRecord;
  /** Filter source (the outermost container whose masks were set, else the leaf shape). */
  filter: ShapeRecord;
  isTrigger: boolean;
  density: number;
}

/**
 * The colliders a shape becomes, in the node frame: a plain shape is one leaf; a container is its
 * children's leaves, each placed by the child's translation / rotation / scale (nested containers
 * compose). Material, filter masks, trigger flag and density set on a container apply to all its
 * leaves (the outermost container that set one wins); otherwise each leaf keeps its own.
 * @throws PhysicsInputError for a disposed child, a non-uniform scale on a sphere / capsule child or
 *   on a rotated box, or containers nested in a cycle.
 */
export function flattenShape(shape: PhysicsShape, out: ShapeLeaf[] = []): ShapeLeaf[] {
  const rec = shape._pluginData as ShapeRecord | undefined;
  if (rec === undefined || rec.disposed) throw new PhysicsInputError(-1, 'shape', 'disposed', 'the shape was disposed');
  out.length = 0;
  visitShape(rec, undefined, undefined, undefined, undefined, false, out, 0);
  return out;
}

/** True when `shape` is `part` or holds it (through containers, at any depth). */
export function shapeContains(shape: PhysicsShape, part: PhysicsShape, depth = 0): boolean {
  if (shape === part) return true;
  const r = shape._pluginData as ShapeRecord | undefined;
  if (r === undefined || depth > 32) return false;
  return r.children.some((c) => shapeContains(c.shape, part, depth + 1));
}

function visitShape(
  rec: ShapeRecord, material: ShapeRecord | undefined, filter: ShapeRecord | undefined, density: number | undefined,
  pose: { t: V3; r: Q4; s: V3 } | undefined, trigger: boolean, out: ShapeLeaf[], depth: number,
): void {
  if (depth > 32) throw new PhysicsInputError(-1, `${shapeLabel(rec)}.children`, depth, 'containers nested too deep (a cycle?)');
  const m = material ?? (rec.materialSet ? rec : undefined);
  const f = filter ?? (rec.filterSet ? rec : undefined);
  const d = density ?? (rec.densitySet ? rec.density : undefined);
  const trig = trigger || rec.isTrigger;
  if (rec.geometry !== undefined) {
    const g = pose === undefined ? rec.geometry : placeGeometry(rec, rec.geometry, pose);
    out.push({ geometry: g, material: m ?? rec, filter: f ?? rec, isTrigger: trig, density: d ?? rec.density });
    return;
  }
  for (let i = 0; i < rec.children.length; i++) {
    const c = rec.children[i];
    const cr = c.shape._pluginData as ShapeRecord | undefined;
    if (cr === undefined || cr.disposed) {
      throw new PhysicsInputError(-1, `${shapeLabel(rec)}.children[${i}]`, 'disposed', 'the child shape was disposed');
    }
    // compose: outer pose ∘ child pose (scale applies to the child's own geometry, then the outer one)
    let cp = { t: c.translation, r: c.rotation, s: c.scale };
    if (pose !== undefined) {
      const sc: V3 = [c.translation[0] * pose.s[0], c.translation[1] * pose.s[1], c.translation[2] * pose.s[2]];
      if (!isUniform(pose.s) && !isIdentityQuat(c.rotation)) {
        throw new PhysicsInputError(-1, `${shapeLabel(rec)}.children[${i}].scale`, pose.s, 'must be uniform around a rotated child');
      }
      const t = quatRot(pose.r, sc);
      cp = {
        t: [t[0] + pose.t[0], t[1] + pose.t[1], t[2] + pose.t[2]], r: quatMul(pose.r, c.rotation),
        s: [c.scale[0] * pose.s[0], c.scale[1] * pose.s[1], c.scale[2] * pose.s[2]],
      };
    }
    visitShape(cr, m, f, d, cp, trig, out, depth + 1);
  }
}

function isUniform(s: V3): boolean {
  return Math.abs(s[0] - s[1]) < 1e-9 * Math.abs(s[0]) && Math.abs(s[0] - s[2]) < 1e-9 * Math.abs(s[0]);
}

/** A leaf geometry placed by a container child's pose (translation, rotation, scale). */
function placeGeometry(rec: ShapeRecord, g: ShapeGeometry, c: { t: V3; r: Q4; s: V3 }): ShapeGeometry {
  const s = c.s;
  const uniform = isUniform(s);
  if (!uniform && g.kind !== 'box') {
    throw new PhysicsInputError(-1, `${shapeLabel(rec)}.scale`, s, 'must be uniform for a sphere or capsule child');
  }
  if (!uniform && !isIdentityQuat(g.rotation)) {
    throw new PhysicsInputError(-1, `${shapeLabel(rec)}.scale`, s, 'must be uniform for a rotated box child');
  }
  const scaledCenter: V3 = [g.center[0] * s[0], g.center[1] * s[1], g.center[2] * s[2]];
  const p = quatRot(c.r, scaledCenter);
  const size: V3 = g.kind === 'box' ? [g.size[0] * s[0], g.size[1] * s[1], g.size[2] * s[2]] : [g.size[0] * s[0], g.size[1] * s[0], 0];
  return {
    kind: g.kind, size,
    center: [p[0] + c.t[0], p[1] + c.t[1], p[2] + c.t[2]],
    rotation: quatMul(c.r, g.rotation),
  };
}

const COMBINE_NAMES: CombineRuleName[] = ['geometricMean', 'minimum', 'maximum', 'arithmeticMean', 'multiply'];

/** The engine collider of a shape leaf, at its pose in the node frame (the body's origin frame). */
export function colliderDef(leaf: ShapeLeaf): ColliderDef {
  const m = leaf.material.material, g = leaf.geometry;
  const common = {
    friction: m.friction,
    staticFriction: m.staticFriction,
    restitution: m.restitution,
    frictionCombine: COMBINE_NAMES[m.frictionCombine],
    restitutionCombine: COMBINE_NAMES[m.restitutionCombine],
    group: leaf.filter.membership,
    mask: leaf.filter.collideMask,
    isSensor: leaf.isTrigger,
    position: g.center,
    orientation: g.rotation,
    density: leaf.density,
  };
  switch (g.kind) {
    case 'sphere': return { shape: 'sphere', radius: g.size[0], ...common };
    case 'box': return { shape: 'box', halfExtents: g.size, ...common };
    case 'capsule': return { shape: 'capsule', radius: g.size[0], halfHeight: g.size[1], ...common };
    case 'cylinder': return { shape: cylinder(g.size[0], g.size[1]), ...common };
    case 'hull': return { shape: g.asset as ConvexHull, ...common };
    case 'mesh': return { shape: 'mesh', mesh: g.asset as never, ...common };
    default: return { shape: 'heightfield', heightfield: g.asset as never, ...common };
  }
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

const ENGINE_KIND: Record<string, number> = { sphere: ShapeKind.sphere, box: ShapeKind.box, capsule: ShapeKind.capsule };

/**
 * Mass (kg), centre of mass (m, shape frame) and inertia tensor about it (row-major `[9]`, kg·m², shape
 * axes) of a geometry at a density (kg/m³): closed forms for sphere, box, capsule and cylinder (a solid
 * cylinder about its y axis: I_y = m r² / 2, I_x = I_z = m (3 r² + h²) / 12), the hull's own volume
 * integrals; meshes and heightfields have no volume (mass 0).
 */
export function geometryMass(g: ShapeGeometry, density: number): { mass: number; center: V3; tensor: number[] } {
  if (g.kind === 'mesh' || g.kind === 'heightfield') return { mass: 0, center: [0, 0, 0], tensor: [0, 0, 0, 0, 0, 0, 0, 0, 0] };
  if (g.kind === 'hull') {
    const h = g.asset as ConvexHull;
    return { mass: density * h.volume, center: [h.centroid[0], h.centroid[1], h.centroid[2]], tensor: Array.from(h.unitInertia, (x) => density * x) };
  }
  let m: number, d: V3;
  if (g.kind === 'cylinder') {
    const r = g.size[0], len = 2 * g.size[1];
    m = density * Math.PI * r * r * len;
    d = [(m * (3 * r * r + len * len)) / 12, (m * r * r) / 2, (m * (3 * r * r + len * len)) / 12];
  } else {
    const mp = shapeMassProperties(ENGINE_KIND[g.kind], g.size, density);
    m = mp.mass; d = [mp.inertia[0], mp.inertia[1], mp.inertia[2]];
  }
  return { mass: m, center: [0, 0, 0], tensor: [d[0], 0, 0, 0, d[1], 0, 0, 0, d[2]] };
}

/** Local AABB of a geometry in the node frame: [min, max]. */
export function geometryBounds(g: ShapeGeometry): [V3, V3] {
  if (g.points !== undefined) {
    const min: V3 = [Infinity, Infinity, Infinity], max: V3 = [-Infinity, -Infinity, -Infinity], p: V3 = [0, 0, 0];
    for (let i = 0; i < g.points.length; i += 3) {
      quatRot(g.rotation, [g.points[i], g.points[i + 1], g.points[i + 2]], p);
      for (let k = 0; k < 3; k++) {
        const x = p[k] + g.center[k];
        if (x < min[k]) min[k] = x;
        if (x > max[k]) max[k] = x;
      }
    }
    return [min, max];
  }
  // half extents of the shape's own box, then the rotated box's AABB
  const h: V3 = g.kind === 'sphere' ? [g.size[0], g.size[0], g.size[0]]
    : g.kind === 'box' ? g.size : g.kind === 'cylinder' ? [g.size[0], g.size[1], g.size[0]] : [g.size[0], g.size[1] + g.size[0], g.size[0]];
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

/** Babylon BoundingBox of a shape's leaves (their union; an empty box at the origin for none). */
export function leavesBoundingBox(leaves: readonly ShapeLeaf[], world: Matrix = Matrix.IdentityReadOnly as Matrix): BoundingBox {
  if (leaves.length === 0) return new BoundingBox(Vector3.Zero(), Vector3.Zero(), world);
  const min: V3 = [Infinity, Infinity, Infinity], max: V3 = [-Infinity, -Infinity, -Infinity];
  for (const l of leaves) {
    const [a, b] = geometryBounds(l.geometry);
    for (let k = 0; k < 3; k++) { min[k] = Math.min(min[k], a[k]); max[k] = Math.max(max[k], b[k]); }
  }
  return new BoundingBox(Vector3.FromArray(min), Vector3.FromArray(max), world);
}

/** Triangles of a shape's leaves in the node frame (positions xyz, indices), for Babylon's PhysicsViewer. */
export function leavesTriangles(leaves: readonly ShapeLeaf[]): { positions: Float32Array; indices: Uint32Array } {
  const parts = leaves.map((l) => geometryTriangles(l.geometry));
  let np = 0, ni = 0;
  for (const t of parts) { np += t.positions.length; ni += t.indices.length; }
  const positions = new Float32Array(np), indices = new Uint32Array(ni);
  let op = 0, oi = 0;
  for (const t of parts) {
    positions.set(t.positions, op);
    for (let i = 0; i < t.indices.length; i++) indices[oi + i] = t.indices[i] + op / 3;
    op += t.positions.length; oi += t.indices.length;
  }
  return { positions, indices };
}

/** Mass properties in Babylon's form: mass (kg), principal inertia per unit mass (m²), centre of mass
 * and inertia orientation (node frame). */
export interface ResolvedMass { mass: number; inertia: V3; com: V3; rot: Q4 }

/**
 * Mass properties of a shape's leaves at their densities: total mass, centre of mass c = Σ mᵢ pᵢ / M,
 * inertia tensor about c by the parallel-axis theorem, I = Σ Rᵢ Dᵢ Rᵢᵀ + mᵢ (|dᵢ|² E − dᵢ dᵢᵀ),
 * dᵢ = pᵢ − c (Goldstein, "Classical Mechanics", 3rd ed., §5.3, eq. 5.17), diagonalised (Jacobi) into
 * principal moments and the inertia orientation. One leaf: its own centre and axes, exactly.
 * Undefined when there is no leaf.
 */
export function leavesMass(leaves: readonly ShapeLeaf[]): ResolvedMass | undefined {
  if (leaves.length === 0) return undefined;
  const parts = leaves.map((l) => geometryMass(l.geometry, l.density));
  if (leaves.length === 1) {
    const g = leaves[0].geometry, m = parts[0], t = m.tensor;
    if (m.center[0] === 0 && m.center[1] === 0 && m.center[2] === 0 && t[1] === 0 && t[2] === 0 && t[5] === 0 && m.mass > 0) {
      // a centred shape on its principal axes: exactly its own centre and axes
      return {
        mass: m.mass, inertia: [t[0] / m.mass, t[4] / m.mass, t[8] / m.mass],
        com: [g.center[0], g.center[1], g.center[2]], rot: [g.rotation[0], g.rotation[1], g.rotation[2], g.rotation[3]],
      };
    }
  }
  // each leaf: centre cᵢ = centre + R c_local, tensor R T Rᵀ (node frame)
  const r = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  let mass = 0;
  const c: V3 = [0, 0, 0];
  const centers = leaves.map((l, i) => {
    const p = quatRot(l.geometry.rotation, parts[i].center);
    for (let k = 0; k < 3; k++) p[k] += l.geometry.center[k];
    mass += parts[i].mass;
    for (let k = 0; k < 3; k++) c[k] += parts[i].mass * p[k];
    return p;
  });
  if (!(mass > 0)) return undefined;
  for (let k = 0; k < 3; k++) c[k] /= mass;
  const t = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  leaves.forEach((l, i) => {
    const m = parts[i].mass, T = parts[i].tensor;
    if (!(m > 0)) return;
    quatToMat3(r, 0, l.geometry.rotation, 0);
    const p = centers[i], dv = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
    const dd = dv[0] * dv[0] + dv[1] * dv[1] + dv[2] * dv[2];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        let own = 0; // (R T Rᵀ)_ab
        for (let u = 0; u < 3; u++) for (let v = 0; v < 3; v++) own += r[3 * a + u] * T[3 * u + v] * r[3 * b + v];
        t[3 * a + b] += own + m * ((a === b ? dd : 0) - dv[a] * dv[b]);
      }
    }
  });
  t[3] = t[1]; t[6] = t[2]; t[7] = t[5];
  const values = [0, 0, 0], vectors = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  symmetricEigen3(t, values, vectors);
  const rot: Q4 = [0, 0, 0, 1];
  if (!(vectors[0] === 1 && vectors[4] === 1 && vectors[8] === 1)) mat3ToQuat(rot, 0, vectors);
  return { mass, inertia: [values[0] / mass, values[1] / mass, values[2] / mass], com: c, rot };
}

/** Triangles of a geometry in the node frame (positions xyz, indices), for Babylon's PhysicsViewer. */
export function geometryTriangles(g: ShapeGeometry | undefined): { positions: Float32Array; indices: Uint32Array } {
  if (g === undefined) return { positions: new Float32Array(0), indices: new Uint32Array(0) };
  const vd = g.points !== undefined ? { positions: g.points, indices: g.triangles ?? [] }
    : g.kind === 'sphere' ? CreateSphereVertexData({ diameter: 2 * g.size[0], segments: 12 })
      : g.kind === 'box' ? CreateBoxVertexData({ width: 2 * g.size[0], height: 2 * g.size[1], depth: 2 * g.size[2] })
        : g.kind === 'cylinder' ? CreateCylinderVertexData({ diameter: 2 * g.size[0], height: 2 * g.size[1], tessellation: 16 })
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
