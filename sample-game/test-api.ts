/**
 * `window.__game`: a small read-and-poke API over the running game for the end-to-end test
 * (`test/e2e/sample-game.test.ts`) and for poking at the game from the devtools console.
 * Screen coordinates are CSS pixels in the viewport (what `MouseEvent.clientX/Y` and Playwright's
 * `page.mouse` use). Lengths in m, speeds in m/s.
 */

import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import type { KnockdownGame } from './game';

export interface GameTestApi {
  /** Frames rendered so far. */
  readonly frames: number;
  /** Bodies in the world (ground, blocks, balls). */
  readonly bodies: number;
  /** Contact points handed to the solver in the last step. */
  readonly contacts: number;
  /** Physics steps taken so far. */
  readonly steps: number;
  /** Blocks knocked down since the last reset. */
  readonly score: number;
  /** Balls thrown since the last reset. */
  readonly ballsThrown: number;
  /** Number of blocks in the level. */
  readonly blockCount: number;
  /** "WebGL1" / "WebGL2" and the GL renderer string. */
  readonly webgl: { version: number; renderer: string };
  /** The level's structures, in order (index = `structure` argument below). */
  structures(): { name: string; kind: string; height: number }[];
  /** Throws a ball through screen point (x, y). Returns the ball's entity id. */
  throwBall(x: number, y: number): number;
  /** Resets the level (blocks back, balls removed, score 0). */
  reset(): void;
  /** Current centre height of the top block of a structure (default 0: the red tower). */
  towerTopY(structure?: number): number;
  /** Height of the top block of a structure (unit: m). */
  topBlockHeight(structure?: number): number;
  /** Screen point of a structure's axis at `heightFraction` (default 0.7) of its height. */
  structureScreenPoint(structure: number, heightFraction?: number): { x: number; y: number };
  /** Largest linear speed of any dynamic body (blocks and balls). */
  maxBodySpeed(): number;
  /** Largest linear speed of any block. */
  maxBlockSpeed(): number;
  /** Blocks slower than `speed` (default 0.2 m/s). */
  restingCount(speed?: number): number;
  /** Blocks whose centre is more than `distance` (default 0.5 m) away from where it started. */
  blocksMoved(distance?: number): number;
  /** Block centres, flat [x0, y0, z0, x1, …] in level order. */
  blockPositions(): number[];
  /** Entity ids of the live balls. */
  liveBalls(): number[];
}

declare global {
  interface Window {
    __game?: GameTestApi;
  }
}

export function createTestApi(game: KnockdownGame): GameTestApi {
  const { world, level, engine, scene } = game;
  const speedOf = (e: number): number => {
    const v = world.bodies.linearVelocity;
    return Math.hypot(v[3 * e], v[3 * e + 1], v[3 * e + 2]);
  };
  const structure = (i: number) => {
    const s = level.structures[i];
    if (s === undefined) throw new RangeError(`no structure ${i} (there are ${level.structures.length})`);
    return s;
  };
  const gl = engine.getGlInfo();
  return {
    get frames() { return game.frames; },
    get bodies() { return world.profiler.last.bodies; },
    get contacts() { return world.profiler.last.contacts; },
    get steps() { return world.stepCount; },
    get score() { return game.score; },
    get ballsThrown() { return game.ballsThrown; },
    get blockCount() { return level.blocks.length; },
    webgl: { version: engine.webGLVersion, renderer: gl.renderer },
    structures: () => level.structures.map((s) => ({ name: s.name, kind: s.kind, height: s.height })),
    throwBall: (x, y) => game.throwBall(x, y),
    reset: () => game.reset(),
    towerTopY: (i = 0) => world.bodies.position[3 * level.blocks[structure(i).top] + 1],
    topBlockHeight: (i = 0) => 2 * level.halfExtents[structure(i).top][1],
    structureScreenPoint: (i, heightFraction = 0.7) => {
      const s = structure(i);
      const point = new Vector3(s.base[0], s.height * heightFraction, s.base[2]);
      const camera = scene.activeCamera;
      if (camera === null) throw new Error('no active camera');
      const viewport = camera.viewport.toGlobal(engine.getRenderWidth(), engine.getRenderHeight());
      const p = Vector3.Project(point, Matrix.IdentityReadOnly, scene.getTransformMatrix(), viewport);
      const scale = engine.getHardwareScalingLevel(); // render px → CSS px
      const rect = game.canvas.getBoundingClientRect();
      return { x: rect.left + p.x * scale, y: rect.top + p.y * scale };
    },
    maxBodySpeed: () => {
      let m = 0;
      for (const e of level.blocks) m = Math.max(m, speedOf(e));
      for (const e of game.liveBalls()) m = Math.max(m, speedOf(e));
      return m;
    },
    maxBlockSpeed: () => {
      let m = 0;
      for (const e of level.blocks) m = Math.max(m, speedOf(e));
      return m;
    },
    restingCount: (speed = 0.2) => level.blocks.filter((e) => speedOf(e) < speed).length,
    blocksMoved: (distance = 0.5) => {
      const p = world.bodies.position;
      return level.blocks.filter((e, i) => {
        const s = level.startPositions[i];
        return Math.hypot(p[3 * e] - s[0], p[3 * e + 1] - s[1], p[3 * e + 2] - s[2]) > distance;
      }).length;
    },
    blockPositions: () => {
      const p = world.bodies.position;
      return level.blocks.flatMap((e) => [p[3 * e], p[3 * e + 1], p[3 * e + 2]]);
    },
    liveBalls: () => game.liveBalls(),
  };
}
