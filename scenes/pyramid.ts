/**
 * The pyramid scene: a 2D pyramid (in the x–y plane) of unit cubes standing on the ground. The base
 * row has 20 cubes, each row one fewer, so 20 + 19 + … + 1 = 210 cubes. Neighbouring cubes touch
 * exactly (or are `gap` apart), the bottom row touches the ground (or floats `gap` above it).
 */

import type { PhysicsWorld } from '../plugin/world';
import {
  BODY_MASS, buildSpec, CUBE_HALF_EXTENT, groundSpec, IDENTITY, type BuiltScene, type QuatTuple,
  type SceneSpec, type Vec3Tuple,
} from './container';

/** One line describing the scene. */
export const PYRAMID_DESCRIPTION =
  'A 2D pyramid of 210 unit cubes (1 kg) with a base of 20, cubes exactly touching, on a static ground box.';

/** Options of {@link pyramidSpec} / {@link buildPyramid}. */
export interface PyramidOptions {
  /** Cubes in the bottom row (default 20); the pyramid has base·(base+1)/2 cubes. */
  base?: number;
  /** Gap between neighbouring cubes and between the bottom row and the ground (unit: m, default 0). */
  gap?: number;
}

/** The pyramid added to a world. */
export interface PyramidScene extends BuiltScene {
  /** Entity id of the single cube of the top row. */
  top: number;
  /** Start position of the top cube (unit: m, world). */
  topStart: Vec3Tuple;
}

/**
 * Describes the pyramid: the ground (top face y = 0), then the cubes row by row from the bottom,
 * left to right. Row i (from 0) has base − i cubes centred on x = 0 at y = 0.5 + gap + i·(1 + gap);
 * the last cube is the top.
 */
export function pyramidSpec(options: PyramidOptions = {}): SceneSpec {
  const base = options.base ?? 20;
  const gap = options.gap ?? 0;
  const h = CUBE_HALF_EXTENT;
  const pitch = 2 * h + gap;
  const dynamics: SceneSpec['dynamics'] = [];
  for (let i = 0; i < base; i++) {
    const n = base - i;
    for (let j = 0; j < n; j++) {
      dynamics.push({
        type: 'dynamic',
        position: [(j - (n - 1) / 2) * pitch, h + gap + i * pitch, 0],
        orientation: [...IDENTITY] as QuatTuple,
        collider: { shape: 'box', halfExtents: [h, h, h] },
        mass: BODY_MASS,
      });
    }
  }
  return { statics: [groundSpec()], dynamics };
}

/**
 * Builds the pyramid of {@link pyramidSpec} in `world`: base (default 20) cubes in the bottom row,
 * 210 in all, neighbours `gap` apart (default 0: exactly touching). Returns the top cube and its
 * start position.
 */
export function buildPyramid(world: PhysicsWorld, options: PyramidOptions = {}): PyramidScene {
  const built = buildSpec(world, pyramidSpec(options));
  const last = built.bodies.length - 1;
  return { ...built, top: built.bodies[last], topStart: [...built.spec.dynamics[last].position] };
}
