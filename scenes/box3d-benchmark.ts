/**
 * Box3D's public benchmark scenes, reproduced exactly so that our numbers compare with the published
 * Box3D / Havok / Oimo table (the `babylon-box3d` benchmark harness, 2026-09): `Pyramid(rows)` and
 * `Pile(count)`, both with friction 0.6, restitution 0, density 1000 kg/m³, 600 steps of 1/60 s.
 *
 * - **Pyramid(rows)**: a 2D pyramid (x–y plane) of unit boxes, `rows` boxes in the bottom row; row i
 *   (from 0) has rows − i boxes at y = (2i + 1)/2 m, x = (i + 1)/2 + (j − i) − rows/2 m for
 *   j = i … rows − 1, boxes exactly touching. Ground: a static slab 1 m thick, top face y = 0,
 *   max(40, 2·rows + 20) m wide and deep. Each box weighs 1000 kg. Metrics: the largest and the mean
 *   distance of a box from its start, and the top box's retained height (final y / start y).
 * - **Pile(count)**: boxes (edge 0.9 m, 729 kg) and spheres (diameter 0.9 m, 381.7 kg) alternating
 *   (box where ix + iz + layer is even) on a 20 × 20 grid, spacing 1.1 m, layers 1.1 m apart from
 *   y = 2 m, each body moved by ±0.05 m in x and z and turned by Euler angles (x, y, z) uniform in
 *   [0, π), all from mulberry32(1234) drawn in the order jitter x, jitter z, angle x, y, z per body.
 *   The Euler angles compose as Babylon's `Quaternion.FromEulerAngles` does: R = R_y · R_x · R_z.
 *   A bin of inner width 23 m (20 · 1.1 + 1) with 1 m thick walls 4 + 1.32 · layers m high on a slab
 *   27 m wide. Metric: escaped bodies (below y = −1 m, outside the walls by more than 0.5 m, or
 *   non-finite) and the pile's height (the highest body centre).
 *
 * Pure descriptions (no engine calls): ours builds them with `buildSpec`, the benchmark builds the same
 * descriptions in Havok, Rapier and cannon-es.
 */

import type { PhysicsWorld } from '../plugin/world';
import { buildSpec, staticBox, type BuiltScene, type QuatTuple, type SceneBodySpec, type SceneSpec, type Vec3Tuple } from './container';
import { createRandom } from './prng';
import { detCos, detSin } from '../math/deterministic-math';

/** Friction of every collider of Box3D's benchmark scenes (dimensionless). */
export const BOX3D_FRICTION = 0.6;
/** Density of every body of Box3D's benchmark scenes (unit: kg/m³). */
export const BOX3D_DENSITY = 1000;
/** Steps of one run of Box3D's benchmark (1/60 s each: 10 s). */
export const BOX3D_STEPS = 600;

/** A pyramid stands when its top box keeps at least this fraction of its start height. */
export const PYRAMID_STANDING_HEIGHT = 0.95;

/** Quality of a pyramid run (Box3D's metrics). */
export interface PyramidQuality {
  /** Largest distance of a box from its start (unit: m). */
  maxDrift: number;
  /** Mean distance of the boxes from their starts (unit: m). */
  meanDrift: number;
  /** Final height of the top box's centre over its start height (1 = unmoved). */
  topHeightRetained: number;
}

/** Quality of a pile run (Box3D's metric and the pile height). */
export interface PileQuality {
  /** Bodies below y = −1 m, more than 0.5 m outside a wall's inner face, or non-finite. */
  escaped: number;
  /** The highest body centre (unit: m). */
  pileHeight: number;
}

/** Rotation R = R_y(ry) · R_x(rx) · R_z(rz) as a unit quaternion x y z w (angles in rad). */
export function eulerYxzQuaternion(rx: number, ry: number, rz: number): QuatTuple {
  const sx = detSin(rx / 2), cx = detCos(rx / 2);
  const sy = detSin(ry / 2), cy = detCos(ry / 2);
  const sz = detSin(rz / 2), cz = detCos(rz / 2);
  // q_y · q_x = (cy sx, sy cx, −sy sx, cy cx); then · q_z
  const ax = cy * sx, ay = sy * cx, az = -sy * sx, aw = cy * cx;
  return [ax * cz + ay * sz, ay * cz - ax * sz, aw * sz + az * cz, aw * cz - az * sz];
}

/** Describes `Pyramid(rows)` (see the file header): ground slab first, then the boxes row by row
 * from the bottom, left to right; the last box is the top.
 * @throws RangeError when rows is not an integer ≥ 1. */
export function box3dPyramidSpec(rows: number): SceneSpec {
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`box3dPyramidSpec: rows must be an integer ≥ 1, got ${rows}`);
  const h = 0.5;
  const dynamics: SceneBodySpec[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = i; j < rows; j++) {
      dynamics.push({
        type: 'dynamic', position: [(i + 1) * h + 2 * (j - i) * h - h * rows, (2 * i + 1) * h, 0], orientation: [0, 0, 0, 1],
        collider: { shape: 'box', halfExtents: [h, h, h] }, mass: BOX3D_DENSITY,
      });
    }
  }
  const half = Math.max(40, 2 * rows + 20) / 2;
  return {
    statics: [staticBox([0, -0.5, 0], [half, 0.5, half])], dynamics, material: { friction: BOX3D_FRICTION, restitution: 0 },
  };
}

/** Box3D's pyramid metrics from the final centres `final` `[3 × boxes]` (unit: m, spec order). */
export function pyramidQuality(spec: SceneSpec, final: ArrayLike<number>): PyramidQuality {
  let maxDrift = 0, sum = 0;
  const n = spec.dynamics.length;
  for (let i = 0; i < n; i++) {
    const p = spec.dynamics[i].position;
    const d = Math.hypot(final[3 * i] - p[0], final[3 * i + 1] - p[1], final[3 * i + 2] - p[2]);
    if (!(d <= maxDrift)) maxDrift = d;
    sum += d;
  }
  return { maxDrift, meanDrift: sum / n, topHeightRetained: final[3 * (n - 1) + 1] / spec.dynamics[n - 1].position[1] };
}

/** Bodies per layer of `Pile(count)` (a 20 × 20 grid). */
const PILE_PER_SIDE = 20;
/** Grid spacing and layer pitch of `Pile(count)` (unit: m). */
const PILE_SPACING = 1.1;
/** Box edge and sphere diameter of `Pile(count)` (unit: m). */
export const PILE_BODY_SIZE = 0.9;

/** Inner width of `Pile(count)`'s bin (unit: m): 20 · 1.1 + 1 = 23. */
export const PILE_BIN_INNER = PILE_PER_SIDE * PILE_SPACING + 1;

/** Describes `Pile(count)` (see the file header): slab, the four walls (−x, +x, −z, +z), then the
 * bodies in grid order (x fastest, then z, then layers).
 * @throws RangeError when count is not an integer ≥ 1. */
export function box3dPileSpec(count: number): SceneSpec {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`box3dPileSpec: count must be an integer ≥ 1, got ${count}`);
  const perLayer = PILE_PER_SIDE * PILE_PER_SIDE;
  const inner = PILE_BIN_INNER, half = inner / 2;
  const layers = Math.ceil(count / perLayer);
  const wall = 4 + layers * PILE_SPACING * 1.2;
  const random = createRandom(1234);
  const s = PILE_BODY_SIZE / 2;
  const boxMass = BOX3D_DENSITY * PILE_BODY_SIZE ** 3;
  const sphereMass = BOX3D_DENSITY * (4 / 3) * Math.PI * s * s * s;
  const dynamics: SceneBodySpec[] = [];
  for (let n = 0; n < count; n++) {
    const layer = Math.floor(n / perLayer), cell = n % perLayer;
    const ix = cell % PILE_PER_SIDE, iz = Math.floor(cell / PILE_PER_SIDE);
    const box = (ix + iz + layer) % 2 === 0;
    const x = (ix - (PILE_PER_SIDE - 1) / 2) * PILE_SPACING + (random() - 0.5) * 0.1;
    const z = (iz - (PILE_PER_SIDE - 1) / 2) * PILE_SPACING + (random() - 0.5) * 0.1;
    const rx = random() * Math.PI, ry = random() * Math.PI, rz = random() * Math.PI;
    dynamics.push({
      type: 'dynamic', position: [x, 2 + layer * PILE_SPACING, z], orientation: eulerYxzQuaternion(rx, ry, rz),
      collider: box ? { shape: 'box', halfExtents: [s, s, s] } : { shape: 'sphere', radius: s },
      mass: box ? boxMass : sphereMass,
    });
  }
  const t = 1;
  const statics: SceneBodySpec[] = [
    staticBox([0, -0.5, 0], [(inner + 4) / 2, 0.5, (inner + 4) / 2]),
    staticBox([-half - t / 2, wall / 2, 0], [t / 2, wall / 2, inner / 2 + t]),
    staticBox([half + t / 2, wall / 2, 0], [t / 2, wall / 2, inner / 2 + t]),
    staticBox([0, wall / 2, -half - t / 2], [inner / 2, wall / 2, t / 2]),
    staticBox([0, wall / 2, half + t / 2], [inner / 2, wall / 2, t / 2]),
  ];
  return { statics, dynamics, material: { friction: BOX3D_FRICTION, restitution: 0 } };
}

/** Box3D's pile metric from the final centres `final` `[3 × bodies]` (unit: m, spec order). */
export function pileQuality(final: ArrayLike<number>): PileQuality {
  const limit = PILE_BIN_INNER / 2 + 0.5;
  let escaped = 0, pileHeight = 0;
  for (let i = 0; 3 * i < final.length; i++) {
    const x = final[3 * i], y = final[3 * i + 1], z = final[3 * i + 2];
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) || y < -1 || Math.abs(x) > limit || Math.abs(z) > limit) escaped++;
    if (y > pileHeight) pileHeight = y;
  }
  return { escaped, pileHeight };
}

/** `Pyramid(rows)` added to a world; `top` is the top box. */
export interface Box3dPyramidScene extends BuiltScene {
  top: number;
  topStart: Vec3Tuple;
}

/** Builds `Pyramid(rows)` in `world`. */
export function buildBox3dPyramid(world: PhysicsWorld, rows: number): Box3dPyramidScene {
  const built = buildSpec(world, box3dPyramidSpec(rows));
  const last = built.bodies.length - 1;
  return { ...built, top: built.bodies[last], topStart: [...built.spec.dynamics[last].position] };
}

/** Builds `Pile(count)` in `world`. */
export function buildBox3dPile(world: PhysicsWorld, count: number): BuiltScene {
  return buildSpec(world, box3dPileSpec(count));
}
