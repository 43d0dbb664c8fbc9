/**
 * Public factory of heightfield shape assets: a regular grid of heights, `samplesX × samplesZ` samples
 * spanning `sizeX × sizeZ` metres, centred on the collider's origin in x and z, heights along +y
 * (times `heightScale`), optionally with holes (cells without ground). Shared by every collider that
 * references it (`{ shape: 'heightfield', heightfield }`), on static or kinematic bodies.
 *
 * Sample (ix, iz), `heights[iz · samplesX + ix]`, sits at x = (ix / (samplesX − 1) − ½) sizeX,
 * z = (iz / (samplesZ − 1) − ½) sizeZ. Each cell is two triangles split along its diagonal from
 * (ix, iz) to (ix + 1, iz + 1). The grid is stored as the triangles of a triangle mesh with its BVH and
 * active edges (`systems/shapes/triangle-mesh.ts`), so contacts, internal-edge handling and ray casts
 * are those of meshes.
 *
 * @example
 * const hf = createHeightfield({ samplesX: 65, samplesZ: 65, sizeX: 64, sizeZ: 64, heights });
 * addBody(world, { type: 'static', collider: { shape: 'heightfield', heightfield: hf } });
 */

import { buildTriangleMesh, type TriangleMesh } from '../systems/shapes/triangle-mesh';
import { PhysicsInputError } from './errors';
import { registerTerrainRoutines } from './terrain-routines';

/** A heightfield description. */
export interface HeightfieldDef {
  /** Samples along x (integer ≥ 2). */
  samplesX: number;
  /** Samples along z (integer ≥ 2). */
  samplesZ: number;
  /** Extent along x (unit: m, > 0). */
  sizeX: number;
  /** Extent along z (unit: m, > 0). */
  sizeZ: number;
  /** `[samplesX × samplesZ]` heights, x fastest: `heights[iz · samplesX + ix]` (unit: m before `heightScale`). */
  heights: ArrayLike<number>;
  /** Multiplies every height (finite, ≠ 0; default 1). */
  heightScale?: number;
  /** `[(samplesX − 1) × (samplesZ − 1)]` true (or 1) for a cell with no ground, x fastest (default none). */
  holes?: ArrayLike<boolean | number>;
}

/**
 * Validates and builds a heightfield.
 * @throws PhysicsInputError (entity −1) naming the field: `heightfield`, `samplesX`, `samplesZ`,
 *   `sizeX`, `sizeZ`, `heightScale`, `heights` (not an array, or its length is not samplesX × samplesZ),
 *   `heights[i]` (NaN or infinite), `holes` (wrong length, or every cell a hole), `holes[i]`.
 */
export function createHeightfield(def: HeightfieldDef): TriangleMesh {
  if (typeof def !== 'object' || def === null) throw new PhysicsInputError(-1, 'heightfield', def, 'must be a heightfield description');
  const nx = readCount('samplesX', def.samplesX), nz = readCount('samplesZ', def.samplesZ);
  const sx = readSize('sizeX', def.sizeX), sz = readSize('sizeZ', def.sizeZ);
  const scale = def.heightScale ?? 1;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale === 0) {
    throw new PhysicsInputError(-1, 'heightScale', scale, 'must be a finite number ≠ 0');
  }
  const h = def.heights;
  if (typeof h !== 'object' || h === null || typeof h.length !== 'number') {
    throw new PhysicsInputError(-1, 'heights', h, 'must be an array of samplesX × samplesZ numbers');
  }
  if (h.length !== nx * nz) {
    throw new PhysicsInputError(-1, 'heights', `length ${h.length}`, `the sample count must match the size: samplesX × samplesZ = ${nx * nz}`);
  }
  const vertices = new Float64Array(3 * nx * nz);
  for (let iz = 0; iz < nz; iz++) {
    for (let ix = 0; ix < nx; ix++) {
      const i = iz * nx + ix, y = h[i];
      if (typeof y !== 'number' || !Number.isFinite(y)) throw new PhysicsInputError(-1, `heights[${i}]`, y, 'must be a finite number');
      vertices[3 * i] = (ix / (nx - 1) - 0.5) * sx;
      vertices[3 * i + 1] = y * scale;
      vertices[3 * i + 2] = (iz / (nz - 1) - 0.5) * sz;
    }
  }
  const cells = (nx - 1) * (nz - 1);
  const holes = def.holes;
  if (holes !== undefined) {
    if (typeof holes !== 'object' || holes === null || holes.length !== cells) {
      throw new PhysicsInputError(-1, 'holes', holes, `must be an array of (samplesX − 1) × (samplesZ − 1) = ${cells} flags`);
    }
    let solid = 0;
    for (let i = 0; i < cells; i++) {
      const x = holes[i];
      if (x !== true && x !== false && x !== 0 && x !== 1) throw new PhysicsInputError(-1, `holes[${i}]`, x, 'must be a boolean (or 0 / 1)');
      if (!x) solid++;
    }
    if (solid === 0) throw new PhysicsInputError(-1, 'holes', 'all cells', 'at least one cell must have ground');
  }
  const tris: number[] = [];
  for (let iz = 0; iz < nz - 1; iz++) {
    for (let ix = 0; ix < nx - 1; ix++) {
      if (holes !== undefined && holes[iz * (nx - 1) + ix]) continue;
      const p00 = iz * nx + ix, p10 = p00 + 1, p01 = p00 + nx, p11 = p01 + 1;
      // counter-clockwise seen from +y (scale > 0): normals up
      if (scale > 0) tris.push(p00, p01, p11, p00, p11, p10); else tris.push(p00, p11, p01, p00, p10, p11);
    }
  }
  registerTerrainRoutines();
  return buildTriangleMesh('heightfield', vertices, Uint32Array.from(tris));
}

function readCount(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 2) throw new PhysicsInputError(-1, field, v, 'must be an integer ≥ 2');
  return v;
}

function readSize(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || !(v > 0)) throw new PhysicsInputError(-1, field, v, 'must be a finite number > 0 (unit: m)');
  return v;
}
