/**
 * The sample game's props: a hill of triangle-mesh terrain behind the towers, barrels (cylinders) and
 * rocks (convex hulls) on and around it, and a table made of boxes (one body, five colliders: a
 * compound). A pure description ({@link gamePropsSpec}) and its builder for an engine world
 * ({@link buildGameProps}); the sample game builds the same description through Babylon's Physics V2
 * API (`sample-game/props-view.ts`).
 *
 * The hill: h(x, z) = H (1 − r²)² for r = |(x − cx, z − cz)| / R < 1 (0 outside), sampled on a grid of
 * {@link HILL_CELLS}² cells over a square of side 2R, so it meets the ground (y = 0) at its rim; its
 * steepest slope is 8 H / (3√3 R) (at r = 1/√3), 17° for H = 1, R = 5, below the friction angle of the
 * scenes' material (atan 0.5 = 27°) and below a barrel's tipping angle (atan(r / h) = 34°).
 * Conventions as in `container.ts` (SI units, y up, friction 0.5, restitution 0). No Babylon imports.
 */

import { addBody } from '../plugin/bodies';
import { addCollider } from '../plugin/colliders';
import { convexHull, cylinder } from '../plugin/shapes';
import { createTriangleMesh } from '../plugin/triangle-mesh';
import type { PhysicsWorld } from '../plugin/world';
import { createRandom } from './prng';
import type { QuatTuple, Vec3Tuple } from './container';

/** Hill centre (x, z), radius R and height H (unit: m). */
export const HILL = { x: 0, z: -12, radius: 5, height: 1 } as const;
/** Grid cells along each side of the hill's square. */
export const HILL_CELLS = 16;
/** Density of the props (unit: kg/m³): barrels and the table are wood, rocks stone (masses follow
 * from the shapes). */
const WOOD = 600, STONE = 2500;

/** Height of the hill's surface at (x, z) (unit: m). */
export function hillHeight(x: number, z: number): number {
  const dx = (x - HILL.x) / HILL.radius, dz = (z - HILL.z) / HILL.radius;
  const r2 = dx * dx + dz * dz;
  return r2 < 1 ? HILL.height * (1 - r2) * (1 - r2) : 0;
}

/** One barrel: a cylinder about its local y axis. */
export interface BarrelSpec { position: Vec3Tuple; orientation: QuatTuple; radius: number; halfHeight: number; density: number }
/** One rock: the convex hull of `points` (body frame, flat x y z). */
export interface RockSpec { position: Vec3Tuple; orientation: QuatTuple; points: number[]; density: number }
/** One box of the table, placed in the table's frame. */
export interface TablePart { offset: Vec3Tuple; halfExtents: Vec3Tuple }
/** The table: one body whose colliders are its top and four legs. */
export interface TableSpec { position: Vec3Tuple; orientation: QuatTuple; parts: TablePart[]; density: number }

export interface GamePropsSpec {
  /** The hill as a triangle mesh (world frame): vertices `[3 × n]`, triangles counter-clockwise from above. */
  hill: { vertices: number[]; indices: number[] };
  barrels: BarrelSpec[];
  rocks: RockSpec[];
  table: TableSpec;
}

const IDENTITY: QuatTuple = [0, 0, 0, 1];

/** The hill's grid: (cells + 1)² vertices over the square of side 2R about its centre. */
function hillMesh(): { vertices: number[]; indices: number[] } {
  const n = HILL_CELLS, side = 2 * HILL.radius, vertices: number[] = [], indices: number[] = [];
  for (let iz = 0; iz <= n; iz++) {
    for (let ix = 0; ix <= n; ix++) {
      const x = HILL.x - HILL.radius + (side * ix) / n, z = HILL.z - HILL.radius + (side * iz) / n;
      vertices.push(x, hillHeight(x, z), z);
    }
  }
  for (let iz = 0; iz < n; iz++) {
    for (let ix = 0; ix < n; ix++) {
      const a = iz * (n + 1) + ix, b = a + 1, c = a + n + 1, d = c + 1;
      indices.push(a, c, d, a, d, b); // counter-clockwise seen from +y
    }
  }
  return { vertices, indices };
}

/** A rock: `count` points on a squashed sphere of radius `size`, jittered (deterministic per seed). */
function rockPoints(seed: number, size: number, count = 14): number[] {
  const rnd = createRandom(seed), out: number[] = [];
  for (let i = 0; i < count; i++) {
    // a unit direction by rejection, then a radius in [0.75, 1] × size
    let x: number, y: number, z: number, l: number;
    do { x = 2 * rnd() - 1; y = 2 * rnd() - 1; z = 2 * rnd() - 1; l = Math.hypot(x, y, z); } while (l > 1 || l < 0.2);
    const r = size * (0.75 + 0.25 * rnd());
    out.push((r * x) / l, (0.6 * r * y) / l, (r * z) / l);
  }
  return out;
}

/** Standing on the hill at (x, z), its base `lift` above the highest point of the surface within
 * `reach` of (x, z) (its footprint; unit: m). */
function onHill(x: number, z: number, lift: number, reach = 0.3): Vec3Tuple {
  let top = hillHeight(x, z);
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    top = Math.max(top, hillHeight(x + reach * Math.cos(a), z + reach * Math.sin(a)));
  }
  return [x, top + lift, z];
}

/** The props (see the file header). */
export function gamePropsSpec(): GamePropsSpec {
  const barrel = (p: Vec3Tuple): BarrelSpec => ({
    position: p, orientation: [...IDENTITY], radius: 0.3, halfHeight: 0.45, density: WOOD,
  });
  const barrels = [
    barrel(onHill(0, -12, 0.46)), barrel(onHill(5.6, -12.4, 0.46)), barrel(onHill(-6.2, -8, 0.46)), barrel(onHill(6.5, -9, 0.46)),
  ];
  const rocks: RockSpec[] = [[-2.2, -10.4, 1], [-5.6, -13.6, 2], [1.2, -17.6, 3], [7.2, -6.4, 4]].map(([x, z, seed]) => {
    const points = rockPoints(seed, 0.45);
    return { position: onHill(x, z, 0.45, 0), orientation: [...IDENTITY], points, density: STONE };
  });
  const top = 0.04, legH = 0.36;
  const parts: TablePart[] = [{ offset: [0, legH, 0], halfExtents: [0.7, top, 0.45] }];
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) parts.push({ offset: [sx * 0.6, 0, sz * 0.35], halfExtents: [0.05, legH - top, 0.05] });
  const table: TableSpec = { position: [-3.3, legH - top + 0.01, 3.4], orientation: [0, Math.sin(0.2), 0, Math.cos(0.2)], parts, density: WOOD };
  return { hill: hillMesh(), barrels, rocks, table };
}

/** What {@link buildGameProps} made: the hill's body and the props' bodies (body handles). */
export interface GameProps {
  spec: GamePropsSpec;
  hill: number;
  barrels: number[];
  rocks: number[];
  table: number;
}

/** Adds the props of {@link gamePropsSpec} to `world` (friction 0.5, restitution 0). */
export function buildGameProps(world: PhysicsWorld, spec: GamePropsSpec = gamePropsSpec()): GameProps {
  const surface = { friction: 0.5, restitution: 0 };
  const mesh = createTriangleMesh({ vertices: spec.hill.vertices, indices: spec.hill.indices });
  const hill = addBody(world, { type: 'static', collider: { shape: 'mesh', mesh, ...surface } });
  const barrels = spec.barrels.map((b) => addBody(world, {
    position: b.position, orientation: b.orientation, density: b.density, collider: { shape: cylinder(b.radius, b.halfHeight), ...surface },
  }));
  const rocks = spec.rocks.map((r) => addBody(world, {
    position: r.position, orientation: r.orientation, density: r.density, collider: { shape: convexHull(r.points), ...surface },
  }));
  const t = spec.table, [first, ...rest] = t.parts;
  const table = addBody(world, {
    position: t.position, orientation: t.orientation, density: t.density,
    collider: { shape: 'box', halfExtents: first.halfExtents, position: first.offset, ...surface },
  });
  for (const p of rest) addCollider(world, table, { shape: 'box', halfExtents: p.halfExtents, position: p.offset, density: t.density, ...surface });
  return { spec, hill, barrels, rocks, table };
}
