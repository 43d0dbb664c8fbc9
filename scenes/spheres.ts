/**
 * The spheres scene: 1000 spheres of radius 0.5 m dropped from a jittered 3D grid into the walled
 * container of `container.ts` (24 m × 24 m inner floor).
 */

import type { PhysicsWorld } from '../plugin/world';
import {
  BODY_MASS, buildSpec, CONTAINER_INNER_SIZE, containerSpec, IDENTITY, SPHERE_RADIUS, type BuiltScene, type ContainerOptions,
  type QuatTuple, type SceneSpec,
} from './container';
import { dropGrid } from './pile';
import { createRandom } from './prng';

/** One line describing the scene. */
export const SPHERES_DESCRIPTION =
  '1000 spheres (radius 0.5 m, 1 kg) dropped from a jittered grid into a 24 m × 24 m walled container.';

/** Options of {@link spheresSpec} / {@link buildSpheres}. */
export interface SpheresOptions {
  /** Number of spheres (default 1000). */
  count?: number;
  /** PRNG seed for the jitter (default 1). Same seed → same scene. */
  seed?: number;
  /** Grid spacing (unit: m, default 1.25). */
  spacing?: number;
  /** Position jitter on each axis, ± (unit: m, default 0.1). */
  jitter?: number;
  /** The container (default 24 m × 24 m inner, walls 8 m high). */
  container?: ContainerOptions;
}

/** The spheres scene added to a world. */
export interface SpheresScene extends BuiltScene {
  /** Number of spheres. */
  count: number;
}

/**
 * Describes the scene: the container, then `count` spheres (radius 0.5 m, 1 kg) on a jittered grid
 * (spacing 1.25 m, jitter ±0.1 m, lowest point 0.5 m above the floor; with the defaults 361 spheres
 * per layer, 3 layers).
 */
export function spheresSpec(options: SpheresOptions = {}): SceneSpec {
  const container = options.container ?? {};
  const positions = dropGrid({
    count: options.count ?? 1000,
    width: container.width ?? CONTAINER_INNER_SIZE,
    depth: container.depth ?? CONTAINER_INNER_SIZE,
    spacing: options.spacing ?? 1.25,
    jitter: options.jitter ?? 0.1,
    boundingRadius: SPHERE_RADIUS,
    clearance: 0.5,
    random: createRandom(options.seed ?? 1),
  });
  return {
    statics: containerSpec(container),
    dynamics: positions.map((position) => ({
      type: 'dynamic' as const,
      position,
      orientation: [...IDENTITY] as QuatTuple,
      collider: { shape: 'sphere' as const, radius: SPHERE_RADIUS },
      mass: BODY_MASS,
    })),
  };
}

/**
 * Builds the scene of {@link spheresSpec} in `world`: `count` (default 1000) spheres dropped into
 * the walled container, deterministic for a given `seed` (default 1).
 */
export function buildSpheres(world: PhysicsWorld, options: SpheresOptions = {}): SpheresScene {
  const built = buildSpec(world, spheresSpec(options));
  return { ...built, count: built.bodies.length };
}
