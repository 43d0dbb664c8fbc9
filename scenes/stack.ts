/**
 * The stack scene: a vertical column of unit cubes on the ground, each standing exactly on the one
 * below (or `gap` above it).
 */

import type { PhysicsWorld } from '../plugin/world';
import {
  BODY_MASS, buildSpec, CUBE_HALF_EXTENT, groundSpec, IDENTITY, type BuiltScene, type QuatTuple,
  type SceneSpec, type Vec3Tuple,
} from './container';

/** One line describing the scene. */
export const STACK_DESCRIPTION = 'A vertical stack of 20 unit cubes (1 kg) on a static ground box, cubes exactly touching.';

/** Options of {@link stackSpec} / {@link buildStack}. */
export interface StackOptions {
  /** Number of cubes (default 20). */
  count?: number;
  /** Gap between neighbouring cubes and between the lowest cube and the ground (unit: m, default 0). */
  gap?: number;
}

/** The stack added to a world. */
export interface StackScene extends BuiltScene {
  /** Entity id of the top cube. */
  top: number;
  /** Start position of the top cube (unit: m, world). */
  topStart: Vec3Tuple;
}

/**
 * Describes the stack: the ground (top face y = 0), then `count` cubes from the bottom up, cube i
 * (from 0) at (0, 0.5 + gap + i·(1 + gap), 0).
 */
export function stackSpec(options: StackOptions = {}): SceneSpec {
  const count = options.count ?? 20;
  const gap = options.gap ?? 0;
  const h = CUBE_HALF_EXTENT;
  const dynamics: SceneSpec['dynamics'] = [];
  for (let i = 0; i < count; i++) {
    dynamics.push({
      type: 'dynamic',
      position: [0, h + gap + i * (2 * h + gap), 0],
      orientation: [...IDENTITY] as QuatTuple,
      collider: { shape: 'box', halfExtents: [h, h, h] },
      mass: BODY_MASS,
    });
  }
  return { statics: [groundSpec()], dynamics };
}

/**
 * Builds the stack of {@link stackSpec} in `world`: `count` (default 20) unit cubes, `gap` (default
 * 0) apart. Returns the top cube and its start position.
 */
export function buildStack(world: PhysicsWorld, options: StackOptions = {}): StackScene {
  const built = buildSpec(world, stackSpec(options));
  const last = built.bodies.length - 1;
  return { ...built, top: built.bodies[last], topStart: [...built.spec.dynamics[last].position] };
}
