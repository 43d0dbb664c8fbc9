/**
 * The sample game's level: towers and a wall of wooden blocks on a ground, for the player to knock
 * down with thrown balls. Like every scene it is first a pure description ({@link gameLevelSpec}: no
 * engine calls), then added to a world ({@link buildGameLevel}); tests, benchmarks and the sample game
 * share it. No Babylon imports, no printing.
 *
 * Conventions (see `container.ts`): SI units, y up, the ground's top face is the plane y = 0,
 * friction 0.5, restitution 0. Every block is an axis-aligned box (identity orientation); crossed
 * layers use swapped half extents instead of a rotation. Blocks touch exactly (or are `gap` apart).
 *
 * Layout, seen from the default camera on +z looking towards −z:
 * - "red tower"   at x = −5, z = −2: Jenga-style, 10 crossed layers of 3 planks (1.5 × 0.3 × 0.5 m).
 * - "blue tower"  at x =  0, z = −5: 8 layers of 2 × 2 cubes (0.6 m), 4.8 m high.
 * - "green tower" at x = +5, z = −2: like the red one.
 * - "yellow wall" at z = +1, centred on x = 0: 5 rows of bricks (0.8 × 0.4 × 0.4 m) in running bond,
 *   half bricks at the ends of the odd rows.
 */

import type { PhysicsWorld } from '../plugin/world';
import {
  addSceneBodies, groundSpec, IDENTITY, type QuatTuple, type SceneBodySpec, type Vec3Tuple,
} from './container';

/** One line describing the scene. */
export const GAME_LEVEL_DESCRIPTION =
  'Two Jenga towers, a tower of cubes and a brick wall (129 wooden blocks, 300 kg/m³) on a static ground box.';

/** Density of every block (unit: kg/m³; light wood). */
export const BLOCK_DENSITY = 300;

/** What a structure is built like. */
export type StructureKind = 'tower' | 'wall';

/** A tower or wall of the level. */
export interface StructureSpec {
  /** Human name, e.g. "red tower". */
  name: string;
  kind: StructureKind;
  /** Centre of the structure's footprint on the ground (unit: m, world, y = 0). */
  base: Vec3Tuple;
  /** Height of its top face above the ground when built (unit: m). */
  height: number;
  /** Indices into the level's `blocks` (bottom layer first). */
  blocks: number[];
  /** Index into `blocks` of the block whose top is highest (the last one of the top layer). */
  top: number;
}

/** The pure description of the level. */
export interface GameLevelSpec {
  /** The ground (static box, top face y = 0). */
  ground: SceneBodySpec;
  /** Every block, structure by structure, bottom layer first. */
  blocks: SceneBodySpec[];
  /** The towers and walls. */
  structures: StructureSpec[];
}

/** Options of {@link gameLevelSpec} / {@link buildGameLevel}. */
export interface GameLevelOptions {
  /** Gap between blocks and between the bottom layer and the ground (unit: m, default 0). */
  gap?: number;
  /** Half size of the ground's top face (unit: m, default 40). */
  groundHalfSize?: number;
}

/** The level added to a world. */
export interface GameLevel {
  /** Entity id of the ground. */
  ground: number;
  /** Half extents of the ground box (unit: m). */
  groundHalfExtents: Vec3Tuple;
  /** Entity ids of the blocks (same order as `spec.blocks`). */
  blocks: number[];
  /** Half extents of each block (unit: m, body axes), same order as `blocks`. */
  halfExtents: Vec3Tuple[];
  /** Start position of each block (unit: m, world), same order as `blocks`. */
  startPositions: Vec3Tuple[];
  /** Start orientation of each block (x y z w), same order as `blocks`. */
  startOrientations: QuatTuple[];
  /** For each block, the index of its structure in `structures`. */
  structureOf: number[];
  /** The towers and walls. */
  structures: StructureSpec[];
  /** The description the world was built from. */
  spec: GameLevelSpec;
}

function block(position: Vec3Tuple, halfExtents: Vec3Tuple): SceneBodySpec {
  const mass = BLOCK_DENSITY * 8 * halfExtents[0] * halfExtents[1] * halfExtents[2];
  return {
    type: 'dynamic', position, orientation: [...IDENTITY] as QuatTuple,
    collider: { shape: 'box', halfExtents }, mass,
  };
}

/** Jenga tower: `layers` crossed layers of 3 planks; even layers run along x, odd along z. */
function jengaTower(
  out: SceneBodySpec[], name: string, base: Vec3Tuple, layers: number, gap: number,
): StructureSpec {
  const long = 0.75, thick = 0.15, wide = 0.25;
  const pitchY = 2 * thick + gap, pitchSide = 2 * wide + gap;
  const blocks: number[] = [];
  for (let l = 0; l < layers; l++) {
    const y = gap + thick + l * pitchY;
    for (let k = -1; k <= 1; k++) {
      blocks.push(out.length);
      if (l % 2 === 0) out.push(block([base[0], y, base[2] + k * pitchSide], [long, thick, wide]));
      else out.push(block([base[0] + k * pitchSide, y, base[2]], [wide, thick, long]));
    }
  }
  return { name, kind: 'tower', base, height: layers * pitchY, blocks, top: blocks[blocks.length - 1] };
}

/** Tower of `layers` layers of 2 × 2 cubes. */
function cubeTower(
  out: SceneBodySpec[], name: string, base: Vec3Tuple, layers: number, gap: number,
): StructureSpec {
  const h = 0.3;
  const pitch = 2 * h + gap;
  const blocks: number[] = [];
  for (let l = 0; l < layers; l++) {
    const y = gap + h + l * pitch;
    for (const dx of [-0.5, 0.5]) {
      for (const dz of [-0.5, 0.5]) {
        blocks.push(out.length);
        out.push(block([base[0] + dx * pitch, y, base[2] + dz * pitch], [h, h, h]));
      }
    }
  }
  return { name, kind: 'tower', base, height: layers * pitch, blocks, top: blocks[blocks.length - 1] };
}

/**
 * Brick wall along x in running bond: even rows have `perRow` bricks, odd rows `perRow − 1` bricks
 * shifted by half a brick plus a half brick at each end, so both ends are flush (a full brick
 * overhanging the end by half its length would stand exactly on its tipping point).
 */
function brickWall(
  out: SceneBodySpec[], name: string, base: Vec3Tuple, rows: number, perRow: number, gap: number,
): StructureSpec {
  const hx = 0.4, hy = 0.2, hz = 0.2;
  const pitchX = 2 * hx + gap, pitchY = 2 * hy + gap;
  const halfLength = (perRow * pitchX - gap) / 2; // from the wall's centre to its end face
  const blocks: number[] = [];
  for (let r = 0; r < rows; r++) {
    const y = gap + hy + r * pitchY;
    if (r % 2 === 0) {
      for (let i = 0; i < perRow; i++) {
        blocks.push(out.length);
        out.push(block([base[0] + (i - (perRow - 1) / 2) * pitchX, y, base[2]], [hx, hy, hz]));
      }
    } else {
      const halfBrick = hx / 2;
      blocks.push(out.length);
      out.push(block([base[0] - halfLength + halfBrick, y, base[2]], [halfBrick, hy, hz]));
      for (let i = 0; i < perRow - 1; i++) {
        blocks.push(out.length);
        out.push(block([base[0] + (i - (perRow - 2) / 2) * pitchX, y, base[2]], [hx, hy, hz]));
      }
      blocks.push(out.length);
      out.push(block([base[0] + halfLength - halfBrick, y, base[2]], [halfBrick, hy, hz]));
    }
  }
  return { name, kind: 'wall', base, height: rows * pitchY, blocks, top: blocks[blocks.length - 1] };
}

/**
 * Describes the level (see the file header): the ground, then the red, blue and green towers and the
 * yellow wall, each bottom layer first.
 */
export function gameLevelSpec(options: GameLevelOptions = {}): GameLevelSpec {
  const gap = options.gap ?? 0;
  const blocks: SceneBodySpec[] = [];
  const structures = [
    jengaTower(blocks, 'red tower', [-5, 0, -2], 10, gap),
    cubeTower(blocks, 'blue tower', [0, 0, -5], 8, gap),
    jengaTower(blocks, 'green tower', [5, 0, -2], 10, gap),
    brickWall(blocks, 'yellow wall', [0, 0, 1], 5, 7, gap),
  ];
  return { ground: groundSpec({ halfSize: options.groundHalfSize ?? 40 }), blocks, structures };
}

/**
 * Adds the level of {@link gameLevelSpec} to `world` (ground first, then the blocks) and returns the
 * entity ids with their half extents and start poses.
 * @throws PhysicsInputError from `addBody` for bad options (e.g. a negative ground size).
 */
export function buildGameLevel(world: PhysicsWorld, options: GameLevelOptions = {}): GameLevel {
  const spec = gameLevelSpec(options);
  const [ground] = addSceneBodies(world, [spec.ground]);
  const blocks = addSceneBodies(world, spec.blocks);
  const halfExtents: Vec3Tuple[] = [];
  const startPositions: Vec3Tuple[] = [];
  const startOrientations: QuatTuple[] = [];
  for (const b of spec.blocks) {
    if (b.collider.shape !== 'box') throw new Error('game level: every block is a box');
    halfExtents.push([...b.collider.halfExtents]);
    startPositions.push([...b.position]);
    startOrientations.push([...b.orientation]);
  }
  const structureOf: number[] = new Array<number>(blocks.length).fill(-1);
  spec.structures.forEach((s, i) => { for (const b of s.blocks) structureOf[b] = i; });
  const g = spec.ground.collider;
  const groundHalfExtents: Vec3Tuple = g.shape === 'box' ? [...g.halfExtents] : [0, 0, 0];
  return {
    ground, groundHalfExtents, blocks, halfExtents, startPositions, startOrientations, structureOf,
    structures: spec.structures, spec,
  };
}
