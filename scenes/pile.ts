/**
 * The pile scene: 1000 unit cubes dropped from a jittered 3D grid, with random orientations, into
 * the walled container of `container.ts` (24 m × 24 m inner floor), where they settle into a heap
 * about 3 to 4 m deep. Also the jittered drop grid, shared with the spheres scene.
 */

import type { PhysicsWorld } from '../plugin/world';
import {
  BODY_MASS, buildSpec, CONTAINER_INNER_SIZE, containerSpec, CUBE_HALF_EXTENT, IDENTITY, type BuiltScene, type ContainerOptions,
  type QuatTuple, type SceneSpec, type Vec3Tuple,
} from './container';
import { createRandom, randomQuaternion, randomRange, type Random } from './prng';

/** One line describing the scene. */
export const PILE_DESCRIPTION =
  '1000 unit cubes (1 kg, random orientations) dropped from a jittered grid into a 24 m × 24 m walled container.';

/** Options of {@link dropGrid}. */
export interface DropGridOptions {
  /** Number of positions (bodies). */
  count: number;
  /** Inner size of the container along x and z (unit: m). */
  width: number;
  depth: number;
  /** Distance between neighbouring grid points on every axis (unit: m). */
  spacing: number;
  /** Each coordinate is moved by a uniform random offset in [−jitter, jitter] (unit: m). */
  jitter: number;
  /** Radius of a sphere that bounds the body in any orientation (unit: m). */
  boundingRadius: number;
  /** Height of the lowest point of the first layer's bounding spheres above the floor (unit: m). */
  clearance: number;
  /** Random source for the jitter. */
  random: Random;
}

/**
 * Positions on a 3D grid over the container's floor, filled layer by layer (x fastest, then z, then
 * up), each moved by a random jitter. Two bodies whose bounding spheres have radius `boundingRadius`
 * never overlap as long as `spacing − 2·jitter ≥ 2·boundingRadius`, and no body reaches a wall:
 * the grid keeps `boundingRadius + jitter` from the inner faces.
 * @throws RangeError when the spacing is too small for the jitter and the bounding radius, or the
 *   container is too small for a single grid point.
 */
export function dropGrid(o: DropGridOptions): Vec3Tuple[] {
  const reach = o.boundingRadius + o.jitter;
  if (o.spacing - 2 * o.jitter < 2 * o.boundingRadius) {
    throw new RangeError(`dropGrid: spacing ${o.spacing} m is too small for jitter ${o.jitter} m and bounding radius ${o.boundingRadius} m`);
  }
  const nx = Math.floor((o.width - 2 * reach) / o.spacing) + 1;
  const nz = Math.floor((o.depth - 2 * reach) / o.spacing) + 1;
  if (!(nx >= 1 && nz >= 1)) throw new RangeError('dropGrid: the container is too small for one body');
  const x0 = -((nx - 1) * o.spacing) / 2;
  const z0 = -((nz - 1) * o.spacing) / 2;
  const y0 = o.clearance + reach;
  const out: Vec3Tuple[] = [];
  for (let i = 0; i < o.count; i++) {
    const ix = i % nx, iz = Math.floor(i / nx) % nz, iy = Math.floor(i / (nx * nz));
    out.push([
      x0 + ix * o.spacing + randomRange(o.random, -o.jitter, o.jitter),
      y0 + iy * o.spacing + randomRange(o.random, -o.jitter, o.jitter),
      z0 + iz * o.spacing + randomRange(o.random, -o.jitter, o.jitter),
    ]);
  }
  return out;
}

/** Options of {@link pileSpec} / {@link buildPile}. */
export interface PileOptions {
  /** Number of cubes (default 1000). */
  count?: number;
  /** PRNG seed for the jitter and orientations (default 1). Same seed → same scene. */
  seed?: number;
  /** Grid spacing (unit: m, default 2). */
  spacing?: number;
  /** Position jitter on each axis, ± (unit: m, default 0.1). */
  jitter?: number;
  /** Random orientations (default true); false keeps the cubes axis-aligned. */
  randomOrientation?: boolean;
  /** The container (default 24 m × 24 m inner, walls 8 m high). */
  container?: ContainerOptions;
}

/** The pile described by {@link pileSpec}, added to a world. */
export interface PileScene extends BuiltScene {
  /** Number of cubes. */
  count: number;
}

/**
 * Describes the pile: the container, then `count` unit cubes (half extent 0.5 m, 1 kg) at the points
 * of {@link dropGrid} (spacing 2 m, jitter ±0.1 m, lowest point 0.5 m above the floor; with the
 * defaults 144 cubes per layer, 7 layers, the top one at about 13.5 m).
 */
export function pileSpec(options: PileOptions = {}): SceneSpec {
  const count = options.count ?? 1000;
  const random = createRandom(options.seed ?? 1);
  const container = options.container ?? {};
  const positions = dropGrid({
    count,
    width: container.width ?? CONTAINER_INNER_SIZE,
    depth: container.depth ?? CONTAINER_INNER_SIZE,
    spacing: options.spacing ?? 2,
    jitter: options.jitter ?? 0.1,
    boundingRadius: Math.sqrt(3) * CUBE_HALF_EXTENT,
    clearance: 0.5,
    random,
  });
  const h = CUBE_HALF_EXTENT;
  return {
    statics: containerSpec(container),
    dynamics: positions.map((position) => ({
      type: 'dynamic' as const,
      position,
      orientation: (options.randomOrientation ?? true) ? randomQuaternion(random) : [...IDENTITY] as QuatTuple,
      collider: { shape: 'box' as const, halfExtents: [h, h, h] as Vec3Tuple },
      mass: BODY_MASS,
    })),
  };
}

/**
 * Builds the pile of {@link pileSpec} in `world`: `count` (default 1000) unit cubes dropped into the
 * walled container, deterministic for a given `seed` (default 1).
 */
export function buildPile(world: PhysicsWorld, options: PileOptions = {}): PileScene {
  const built = buildSpec(world, pileSpec(options));
  return { ...built, count: built.bodies.length };
}
