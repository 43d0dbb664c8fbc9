/**
 * Scene builders, shared part: the scene description every builder produces, the function that adds
 * a description to a world, and the static ground and walled container the other scenes stand in.
 *
 * Every scene is first a pure description (`…Spec` functions: positions, orientations, shapes and
 * masses, no engine calls), then added to a world (`build…`). The benchmark builds the very same
 * descriptions in cannon-es (`bench/cannon-scenes.ts`), so both engines run identical scenes.
 *
 * Conventions for all scenes: SI units, y up, the floor's top face is the plane y = 0, friction 0.5,
 * restitution 0, unit cubes (half extent 0.5 m) and spheres of radius 0.5 m with a mass of 1 kg.
 * No Babylon imports, no printing.
 */

import { addBody, setAngularVelocity, setLinearVelocity, setOrientation, setPosition } from '../plugin/bodies';
import type { PhysicsWorld } from '../plugin/world';

/** A 3-vector x y z (unit: m unless said otherwise). */
export type Vec3Tuple = [number, number, number];
/** A unit quaternion x y z w. */
export type QuatTuple = [number, number, number, number];

/** The collider of a scene body (lengths in m). */
export type SceneShape =
  | { shape: 'box'; halfExtents: Vec3Tuple }
  | { shape: 'sphere'; radius: number };

/** One body of a scene description. */
export interface SceneBodySpec {
  type: 'static' | 'dynamic';
  /** Centre of mass (unit: m, world frame). */
  position: Vec3Tuple;
  /** Orientation (world from body), unit quaternion x y z w. */
  orientation: QuatTuple;
  collider: SceneShape;
  /** Mass (unit: kg); 0 for static bodies. */
  mass: number;
}

/** Surface material of every collider of a scene (dimensionless coefficients). */
export interface SceneMaterial {
  friction: number;
  restitution: number;
}

/** A scene description: static bodies first, then dynamic ones. */
export interface SceneSpec {
  /** Static bodies (ground, walls). */
  statics: SceneBodySpec[];
  /** Dynamic bodies, in the order they are added. */
  dynamics: SceneBodySpec[];
  /** Material of every collider (default friction {@link SCENE_FRICTION}, restitution
   * {@link SCENE_RESTITUTION}). */
  material?: SceneMaterial;
}

/** What every builder returns: the entity ids it created, in the order of its description. */
export interface BuiltScene {
  /** Entity ids of the dynamic bodies (same order as `spec.dynamics`). */
  bodies: number[];
  /** Entity ids of the static bodies (same order as `spec.statics`). */
  statics: number[];
  /** The description the world was built from. */
  spec: SceneSpec;
}

/** Coulomb friction of every scene collider (dimensionless). */
export const SCENE_FRICTION = 0.5;
/** Restitution of every scene collider (dimensionless). */
export const SCENE_RESTITUTION = 0;
/** Half extent of the scenes' unit cubes (unit: m). */
export const CUBE_HALF_EXTENT = 0.5;
/** Radius of the scenes' spheres (unit: m). */
export const SPHERE_RADIUS = 0.5;
/** Mass of every dynamic body in the scenes (unit: kg). */
export const BODY_MASS = 1;
/** The identity orientation. */
export const IDENTITY: QuatTuple = [0, 0, 0, 1];

/** Adds the bodies of a description to `world` (default material: friction 0.5, restitution 0) and
 * returns their ids. */
export function addSceneBodies(
  world: PhysicsWorld, specs: readonly SceneBodySpec[],
  material: SceneMaterial = { friction: SCENE_FRICTION, restitution: SCENE_RESTITUTION },
): number[] {
  const ids: number[] = [];
  for (const s of specs) {
    ids.push(addBody(world, {
      type: s.type,
      position: s.position,
      orientation: s.orientation,
      ...(s.type === 'dynamic' ? { mass: s.mass } : {}),
      collider: s.collider.shape === 'box'
        ? { shape: 'box', halfExtents: s.collider.halfExtents, ...material }
        : { shape: 'sphere', radius: s.collider.radius, ...material },
    }));
  }
  return ids;
}

/** Puts bodies back at the given poses (m, unit quaternions x y z w), at rest: a level's reset. */
export function resetPoses(
  world: PhysicsWorld, ids: readonly number[], positions: readonly Vec3Tuple[], orientations: readonly QuatTuple[],
): void {
  const zero = [0, 0, 0];
  ids.forEach((e, i) => {
    setPosition(world, e, positions[i]);
    setOrientation(world, e, orientations[i]);
    setLinearVelocity(world, e, zero);
    setAngularVelocity(world, e, zero);
  });
}

/** Adds a whole description: statics, then dynamics. */
export function buildSpec(world: PhysicsWorld, spec: SceneSpec): BuiltScene {
  const statics = addSceneBodies(world, spec.statics, spec.material);
  const bodies = addSceneBodies(world, spec.dynamics, spec.material);
  return { bodies, statics, spec };
}

/** A static box (no rotation). */
export function staticBox(position: Vec3Tuple, halfExtents: Vec3Tuple): SceneBodySpec {
  return { type: 'static', position, orientation: [...IDENTITY], collider: { shape: 'box', halfExtents }, mass: 0 };
}

/** Options of {@link groundSpec}. */
export interface GroundOptions {
  /** Half size of the ground's top face along x and z (unit: m, default 50). */
  halfSize?: number;
  /** Thickness of the ground box (unit: m, default 1). */
  thickness?: number;
}

/** One line describing the ground. */
export const GROUND_DESCRIPTION = 'A static ground box whose top face is the plane y = 0.';

/**
 * The ground: one static box of the given half size (default 50 m) and thickness (default 1 m),
 * top face at y = 0.
 */
export function groundSpec(options: GroundOptions = {}): SceneBodySpec {
  const half = options.halfSize ?? 50;
  const t = options.thickness ?? 1;
  return staticBox([0, -t / 2, 0], [half, t / 2, half]);
}

/** Adds the ground of {@link groundSpec} and returns its entity id. */
export function buildGround(world: PhysicsWorld, options: GroundOptions = {}): number {
  return addSceneBodies(world, [groundSpec(options)])[0];
}

/** Default inner size of the container along x and z (unit: m). */
export const CONTAINER_INNER_SIZE = 24;
/** Default height of the container's walls above the floor (unit: m). */
export const CONTAINER_WALL_HEIGHT = 8;

/** Options of {@link containerSpec}. */
export interface ContainerOptions {
  /** Inner size along x, between the walls' inner faces (unit: m, default 24). */
  width?: number;
  /** Inner size along z (unit: m, default 24). */
  depth?: number;
  /** Height of the walls above the floor (unit: m, default 8). */
  wallHeight?: number;
  /** Thickness of the floor and the walls (unit: m, default 1). */
  thickness?: number;
}

/** One line describing the container. */
export const CONTAINER_DESCRIPTION =
  'A static floor box (top at y = 0) and four static walls around a 24 m × 24 m inner floor, 8 m high.';

/**
 * The walled container: a floor box whose top is y = 0 and which reaches under the walls, and four
 * walls standing on it whose inner faces are at x = ±width/2 and z = ±depth/2. Order: floor, −x, +x,
 * −z, +z walls.
 */
export function containerSpec(options: ContainerOptions = {}): SceneBodySpec[] {
  const w = options.width ?? CONTAINER_INNER_SIZE;
  const d = options.depth ?? CONTAINER_INNER_SIZE;
  const h = options.wallHeight ?? CONTAINER_WALL_HEIGHT;
  const t = options.thickness ?? 1;
  const hw = w / 2, hd = d / 2;
  return [
    staticBox([0, -t / 2, 0], [hw + t, t / 2, hd + t]),
    staticBox([-hw - t / 2, h / 2, 0], [t / 2, h / 2, hd + t]),
    staticBox([hw + t / 2, h / 2, 0], [t / 2, h / 2, hd + t]),
    staticBox([0, h / 2, -hd - t / 2], [hw, h / 2, t / 2]),
    staticBox([0, h / 2, hd + t / 2], [hw, h / 2, t / 2]),
  ];
}

/** Adds the container of {@link containerSpec} and returns the ids: floor, then the four walls. */
export function buildContainer(world: PhysicsWorld, options: ContainerOptions = {}): number[] {
  return addSceneBodies(world, containerSpec(options));
}
