/**
 * The two numerical examples of Stewart & Trinkle 1996 (§4 and Table I: the spinning rod and the
 * four balls), as scene builders for the
 * validation tests and the benchmark. These are paper scenes, not engine-comparison scenes, so they do
 * not go through the `SceneSpec` layer of `container.ts`.
 *
 * Frames: the engine is y-up. The paper's 2D rod lives in its (x, y) plane with y up, which is the
 * engine's (x, y) plane unchanged (rotation angle θ about +z, counter-clockwise). The paper's ball
 * example is z-up; it is mapped by the proper rotation (x, y, z)_paper → (x, z, −y)_engine, i.e.
 * engine = (x_p, z_p, −y_p) and paper = (x_e, −z_e, y_e). Every body has zero damping (the paper has
 * none) and the ground is a static plane through the origin (the table, top face y = 0).
 * SI units; g = 9.81 m/s² (the engine's default gravity; the paper does not state g; a
 * reproduction with 9.81 matches it).
 */

import { addBody } from '../plugin/bodies';
import type { PhysicsWorld } from '../plugin/world';
import { detCos, detSin } from '../math/deterministic-math';

/** Parameters of the spinning rod (Stewart & Trinkle 1996 §4). */
export const ROD = {
  /** Distance between the end-disc centres l (unit: m). */
  length: 0.5,
  /** Half-width = end radius ρ (unit: m). */
  radius: 0.05,
  /** Mass m (unit: kg). */
  mass: 1,
  /** Moment of inertia J about the axis normal to the plane of motion (unit: kg·m²). */
  inertia: 0.002,
  /** Friction coefficient μ between rod and table. */
  friction: 0.6,
  /** Initial angle θ₀ to the horizontal (unit: rad). */
  angle: Math.PI / 6,
  /** Initial angular velocity θ̇₀ (unit: rad/s, counter-clockwise; + reproduces the paper's figures). */
  angularVelocity: 4,
  /** Initial height of the centre of mass above the table (unit: m; not in the paper's text). */
  height: 1,
} as const;

export interface RodScene {
  /** The table (static plane y = 0). */
  table: number;
  /** The rod (capsule: core segment along its body y axis, feature id 0 = −y end, 1 = +y end). */
  rod: number;
}

/**
 * The spinning rod falling onto a table (paper §4, Figs. 2–5), in the engine's x–y plane: a capsule of
 * core length l = 0.5 m and radius ρ = 0.05 m, m = 1 kg, J = 0.002 kg·m² (all three principal moments,
 * so no gyroscopic coupling can take it out of the plane), μ = 0.6, centre at (0, 1, 0), axis at θ = 30°
 * to the horizontal (the body y axis is rotated by θ − 90° about z), θ̇ = +4 rad/s about +z, at rest
 * otherwise. The motion stays in the plane z = 0 by symmetry (see the validation test).
 */
export function buildRod(world: PhysicsWorld): RodScene {
  const table = addBody(world, { type: 'static', collider: { shape: 'plane', friction: ROD.friction } });
  const a = ROD.angle - Math.PI / 2;
  const rod = addBody(world, {
    position: [0, ROD.height, 0],
    orientation: [0, 0, detSin(a / 2), detCos(a / 2)],
    angularVelocity: [0, 0, ROD.angularVelocity],
    mass: ROD.mass,
    inertia: [ROD.inertia, ROD.inertia, ROD.inertia],
    linearDamping: 0,
    angularDamping: 0,
    collider: { shape: 'capsule', radius: ROD.radius, halfHeight: ROD.length / 2, friction: ROD.friction },
  });
  return { table, rod };
}

/** Parameters of the four-ball example (Stewart & Trinkle 1996 §4 and Table I), in the paper's z-up frame. */
export const FOUR_BALLS = {
  /** Radius (unit: m). */
  radius: 0.1,
  /** Mass of each ball (unit: kg). */
  mass: 1,
  /** Friction coefficient of every contact (ball–table and ball–ball). */
  friction: 0.4,
  /** Initial centres (unit: m, paper frame, z up): the thrown ball, then the line of three. */
  positions: [[0, 0, 1], [1, 0, 0.1], [1.2 + 1e-5, 0, 0.1], [1.4 + 2e-5, 0, 0.1]],
  /** Initial velocity of the thrown ball (unit: m/s, paper frame); the others start at rest. */
  throwVelocity: [1.5, 0.1, 0],
} as const;

/** Paper frame (z up) → engine frame (y up): (x, y, z) → (x, z, −y). */
export function paperToEngine(p: ArrayLike<number>): [number, number, number] {
  return [p[0], p[2], -p[1]];
}

/** Engine frame (y up) → paper frame (z up): (x, y, z) → (x, −z, y). */
export function engineToPaper(e: ArrayLike<number>): [number, number, number] {
  return [e[0], -e[2], e[1]];
}

export interface FourBallScene {
  /** The table (static plane, engine y = 0). */
  table: number;
  /** The balls: [thrown, first, second, third stationary]. */
  balls: number[];
}

/**
 * Four balls on a table (paper §4, Figs. 6–8, Table I): radius 0.1 m, 1 kg, I = (2/5) m r² =
 * 0.004 kg·m², μ = 0.4 everywhere, inelastic; the thrown ball starts at (0, 0, 1) with velocity
 * (1.5, 0.1, 0) (paper frame), the three others at rest on the table with 10⁻⁵ m gaps.
 */
export function buildFourBalls(world: PhysicsWorld): FourBallScene {
  const f = FOUR_BALLS;
  const table = addBody(world, { type: 'static', collider: { shape: 'plane', friction: f.friction } });
  const inertia = 0.4 * f.mass * f.radius * f.radius;
  const balls = f.positions.map((p, i) => addBody(world, {
    position: paperToEngine(p),
    linearVelocity: i === 0 ? paperToEngine(f.throwVelocity) : [0, 0, 0],
    mass: f.mass,
    inertia: [inertia, inertia, inertia],
    linearDamping: 0,
    angularDamping: 0,
    collider: { shape: 'sphere', radius: f.radius, friction: f.friction },
  }));
  return { table, balls };
}
