/**
 * Public factory of triangle-mesh shape assets. A mesh is made once and shared by every collider that
 * references it (`{ shape: 'mesh', mesh }`), on static or kinematic bodies (a mesh has no volume, so no
 * mass: dynamic bodies take convex shapes).
 *
 * @example
 * const ground = createTriangleMesh({ vertices: [-10, 0, -10, 10, 0, -10, 10, 0, 10, -10, 0, 10], indices: [0, 2, 1, 0, 3, 2] });
 * addBody(world, { type: 'static', collider: { shape: 'mesh', mesh: ground } });
 */

import { buildTriangleMesh, type TriangleMesh } from '../systems/shapes/triangle-mesh';
import { PhysicsInputError } from './errors';
import { registerTerrainRoutines } from './terrain-routines';

export type { TriangleMesh } from '../systems/shapes/triangle-mesh';

/** A triangle mesh description. */
export interface TriangleMeshDef {
  /** Vertex positions x y z, `[3 × vertexCount]` (unit: m, the collider's frame). */
  vertices: ArrayLike<number>;
  /** Vertex indices, three per triangle, counter-clockwise seen from the front (the face normal
   * (v1 − v0) × (v2 − v0) points to the side bodies rest on). */
  indices: ArrayLike<number>;
}

/**
 * Validates and builds a triangle mesh (its BVH and active edges, `systems/shapes/triangle-mesh.ts`).
 * @throws PhysicsInputError (entity −1) naming the field: `mesh` (not an object), `vertices` (not an
 *   array of 3 × n ≥ 9 numbers), `vertices[i]` (NaN or infinite), `indices` (not an array of 3 × m ≥ 3
 *   numbers), `indices[i]` (not an integer, or out of range), `indices[3t]` (triangle t degenerate: two
 *   equal indices or zero area).
 */
export function createTriangleMesh(def: TriangleMeshDef): TriangleMesh {
  if (typeof def !== 'object' || def === null) throw new PhysicsInputError(-1, 'mesh', def, 'must be { vertices, indices }');
  const vertices = readVertices(def.vertices);
  const indices = readIndices(def.indices, vertices.length / 3);
  checkTriangles(vertices, indices);
  registerTerrainRoutines();
  return buildTriangleMesh('mesh', vertices, indices);
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { length?: unknown }).length === 'number';
}

/** Finite coordinates, three per vertex, at least one triangle's worth. */
export function readVertices(v: unknown): Float64Array {
  if (!isArrayLike(v) || v.length < 9 || v.length % 3 !== 0) {
    throw new PhysicsInputError(-1, 'vertices', v, 'must be an array of x y z coordinates (a multiple of 3, at least 9)');
  }
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new PhysicsInputError(-1, `vertices[${i}]`, x, 'must be a finite number (unit: m)');
    out[i] = x;
  }
  return out;
}

function readIndices(v: unknown, vertexCount: number): Uint32Array {
  if (!isArrayLike(v) || v.length < 3 || v.length % 3 !== 0) {
    throw new PhysicsInputError(-1, 'indices', v, 'must be an array of vertex indices, three per triangle');
  }
  const out = new Uint32Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x >= vertexCount) {
      throw new PhysicsInputError(-1, `indices[${i}]`, x, `must be an integer vertex index in [0, ${vertexCount})`);
    }
    out[i] = x;
  }
  return out;
}

/** Rejects degenerate triangles: two equal indices, or an area below 1e-12 of the squared longest edge. */
export function checkTriangles(v: Float64Array, idx: Uint32Array): void {
  for (let t = 0; 3 * t < idx.length; t++) {
    const a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
    const ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
    const wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
    const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    const cross2 = nx * nx + ny * ny + nz * nz;
    const l2 = Math.max(ux * ux + uy * uy + uz * uz, wx * wx + wy * wy + wz * wz);
    if (a === b || b === c || a === c || !(cross2 > 1e-24 * l2 * l2)) {
      throw new PhysicsInputError(-1, `indices[${3 * t}]`, [idx[3 * t], idx[3 * t + 1], idx[3 * t + 2]],
        `triangle ${t} is degenerate (zero area)`);
    }
  }
}
