/**
 * `window.__game`: a small read-and-poke API over the running game for the end-to-end test
 * (`test/e2e/sample-game.test.ts`) and for poking at the game from the devtools console.
 * Screen coordinates are CSS pixels in the viewport (what `MouseEvent.clientX/Y` and Playwright's
 * `page.mouse` use). Lengths in m, speeds in m/s.
 */

import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import type { FrictionLawName, KnockdownGame, SolverMode } from './game';
import type { FrictionLabView } from './friction-lab-view';
import type { Scene } from '@babylonjs/core/scene.js';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine.js';
import type { FrictionLabDifference } from '../scenes/friction-lab';
import type { PhysicsWorld } from '../plugin/index';
import type { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';

/** The scenes of the sample game. */
export type SceneName = 'knockdown' | 'friction-lab';

/** What main.ts hands over about the scene switch. */
export interface SceneSwitch {
  /** The scene shown now. */
  readonly active: SceneName;
  /** Shows a scene (creates the friction lab the first time). */
  show(name: SceneName): void;
  /** The friction lab, once it has been opened. */
  readonly lab: FrictionLabView | undefined;
}

/** The friction lab as seen by the test (`window.__game.lab`). */
export interface FrictionLabTestApi {
  /** Frames rendered by the lab's scene. */
  readonly frames: number;
  /** Steps taken by each of the two worlds since the last launch. */
  readonly steps: number;
  /** Launches so far (1 when opened, +1 per relaunch). */
  readonly launches: number;
  /** Simulated time since the last launch (unit: s). */
  readonly time: number;
  /** Dynamic bodies per world (rods + spheres). */
  readonly bodiesPerWorld: number;
  /** Friction law of each world's solver, left then right. */
  readonly laws: string[];
  /** Per-body differences between the two worlds now (m, rad; see `frictionLabDifference`). */
  difference(): FrictionLabDifference;
  /** All dynamic body centres of both worlds, flat [x, y, z, …], left world first. */
  positions(): number[];
  /** Throws everything again. */
  relaunch(): void;
}

export interface GameTestApi {
  /** The physics engine the game runs on: 'ecs' (this engine, through the V2 plugin) or 'havok'. */
  readonly engineName: string;
  /** Frames rendered so far. */
  readonly frames: number;
  /** Bodies in the world (ground, blocks, balls). */
  readonly bodies: number;
  /** Contact points handed to the solver in the last step (−1 on Havok: not reported). */
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
  /** Throws a ball through screen point (x, y). Returns the number of balls thrown. */
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
  /** Indices of the live balls (their count is what matters). */
  liveBalls(): number[];
  /** The solver the game runs ('fast' = PGS, 'accurate' = LCP + PLUS). */
  readonly solverMode: SolverMode;
  /** The fast solver's friction law. */
  readonly frictionLaw: FrictionLawName;
  /** `world.solver.kind` of the game's world ('pgs' or 'lcp'). */
  readonly solverKind: string;
  /** Friction law in the game world's PGS solver options ('none' while the accurate solver runs). */
  readonly solverFriction: string;
  /** A copy of the last step's `profiler.last.solverDetail` (meaningful in accurate mode only). */
  solverDetail(): Record<string, number>;
  /** Time of the last step (unit: ms; Havok: the last frame's physics). */
  readonly lastStepMs: number;
  /** Time of the last frame's physics, around Babylon's physics step (unit: ms), either engine. */
  readonly lastPhysicsMs: number;
  /** Lowest bottom of any block, as centre height minus half height (unit: m; ≈ 0 when resting on the
   * ground; exact for upright blocks, a tipped block's corner can be lower). */
  lowestBlockBottom(): number;
  /** Bodies of the jointed toys: the gallows (static), the chain's links, the wrecking ball, the drawbridge. */
  readonly toyBodyCount: number;
  /** Bodies of the props: the hill (static), the barrels, the rocks and the table. */
  readonly propBodyCount: number;
  /** Centres of the dynamic props (barrels, rocks, table), flat x y z (unit: m, world). */
  propPositions(): number[];
  /** Fastest dynamic prop's speed (unit: m/s). */
  maxPropSpeed(): number;
  /** Centre of the wrecking ball (unit: m, world). */
  wreckingBallPosition(): number[];
  /** Speed of the wrecking ball (unit: m/s). */
  wreckingBallSpeed(): number;
  /** Largest gap between the two pivots of any constraint of the chain now (unit: m, world). */
  chainGap(): number;
  /** Pushes the wrecking ball (what key W does). */
  swingWreckingBall(): void;
  /** The drawbridge's hinge angle (unit: rad; 0 upright, π/2 flat), from the plank's orientation. */
  readonly drawbridgeAngle: number;
  /** The drawbridge's target: true = raised. */
  readonly drawbridgeRaised: boolean;
  /** Blocks of one structure whose centre is more than `distance` (default 0.5 m) from where it started. */
  structureBlocksMoved(structure: number, distance?: number): number;
  /** The scene shown now. */
  readonly scene: SceneName;
  /** Shows a scene. */
  showScene(name: SceneName): void;
  /** The friction lab, or null before it was first opened. */
  readonly lab: FrictionLabTestApi | null;
}

declare global {
  interface Window {
    __game?: GameTestApi;
  }
}

function labApi(view: FrictionLabView): FrictionLabTestApi {
  const sides = () => [view.lab.coulomb, view.lab.maxDissipation];
  return {
    get frames() { return view.frames; },
    get steps() { return view.steps; },
    get launches() { return view.launches; },
    get time() { return view.lab.coulomb.world.time; },
    get bodiesPerWorld() { return view.lab.coulomb.scene.rods.length + view.lab.coulomb.scene.spheres.length; },
    get laws() { return sides().map((s) => solverFriction(s.world)); },
    difference: () => view.difference(),
    positions: () => sides().flatMap((s) => {
      const p = s.world.bodies.position;
      return [...s.scene.rods, ...s.scene.spheres].flatMap((e) => [p[3 * e], p[3 * e + 1], p[3 * e + 2]]);
    }),
    relaunch: () => view.relaunch(),
  };
}

/** The friction law of a world's PGS solver (from its options), or 'none' for another solver. */
function solverFriction(world: PhysicsWorld): string {
  const o = (world.solver as { options?: { friction?: unknown } }).options;
  return world.solver.kind === 'pgs' && typeof o?.friction === 'string' ? o.friction : 'none';
}

/** Screen point (CSS px, viewport) of a world point. */
function project(scene: Scene, engine: AbstractEngine, canvas: HTMLCanvasElement, point: Vector3): { x: number; y: number } {
  const camera = scene.activeCamera;
  if (camera === null) throw new Error('no active camera');
  const viewport = camera.viewport.toGlobal(engine.getRenderWidth(), engine.getRenderHeight());
  const p = Vector3.Project(point, Matrix.IdentityReadOnly, scene.getTransformMatrix(), viewport);
  const scale = engine.getHardwareScalingLevel(); // render px → CSS px
  const rect = canvas.getBoundingClientRect();
  return { x: rect.left + p.x * scale, y: rect.top + p.y * scale };
}

export function createTestApi(game: KnockdownGame, scenes: SceneSwitch): GameTestApi {
  const { level, engine, scene } = game;
  const v = new Vector3();
  const speedOf = (b: PhysicsBody): number => {
    b.getLinearVelocityToRef(v);
    return v.length();
  };
  const posOf = (b: PhysicsBody): Vector3 => b.transformNode.position;
  const structure = (i: number) => {
    const s = level.structures[i];
    if (s === undefined) throw new RangeError(`no structure ${i} (there are ${level.structures.length})`);
    return s;
  };
  const movedFrom = (b: PhysicsBody, i: number): number => {
    const p = posOf(b), s = level.startPositions[i];
    return Math.hypot(p.x - s[0], p.y - s[1], p.z - s[2]);
  };
  /** World point of a constraint pivot on a body (the node's world matrix applied to the body-local pivot). */
  const pivotWorld = (b: PhysicsBody, pivot: Vector3 | undefined): Vector3 =>
    Vector3.TransformCoordinates(pivot ?? Vector3.Zero(), b.transformNode.computeWorldMatrix(true));
  const gl = engine.getGlInfo();
  let labTestApi: FrictionLabTestApi | undefined;
  return {
    get engineName() { return game.engineName; },
    get frames() { return game.frames; },
    get bodies() { return game.world?.profiler.last.bodies ?? game.bodyCount(); },
    get contacts() { return game.world?.profiler.last.contacts ?? -1; },
    get steps() { return game.steps; },
    get score() { return game.score; },
    get ballsThrown() { return game.ballsThrown; },
    get blockCount() { return level.blocks.length; },
    webgl: { version: engine.webGLVersion, renderer: gl.renderer },
    structures: () => level.structures.map((s) => ({ name: s.name, kind: s.kind, height: s.height })),
    throwBall: (x, y) => { game.throwBall(x, y); return game.ballsThrown; },
    reset: () => game.reset(),
    towerTopY: (i = 0) => posOf(level.blocks[structure(i).top]).y,
    topBlockHeight: (i = 0) => 2 * level.halfExtents[structure(i).top][1],
    structureScreenPoint: (i, heightFraction = 0.7) => {
      const s = structure(i);
      return project(scene, engine, game.canvas, new Vector3(s.base[0], s.height * heightFraction, s.base[2]));
    },
    maxBodySpeed: () => {
      let m = 0;
      for (const b of level.blocks) m = Math.max(m, speedOf(b));
      for (const b of game.liveBalls()) m = Math.max(m, speedOf(b));
      return m;
    },
    maxBlockSpeed: () => {
      let m = 0;
      for (const b of level.blocks) m = Math.max(m, speedOf(b));
      return m;
    },
    restingCount: (speed = 0.2) => level.blocks.filter((b) => speedOf(b) < speed).length,
    blocksMoved: (distance = 0.5) => level.blocks.filter((b, i) => movedFrom(b, i) > distance).length,
    blockPositions: () => level.blocks.flatMap((b) => { const p = posOf(b); return [p.x, p.y, p.z]; }),
    liveBalls: () => game.liveBalls().map((_, i) => i),
    get solverMode() { return game.solverMode; },
    get frictionLaw() { return game.frictionLaw; },
    get solverKind() { return game.world?.solver.kind ?? 'havok'; },
    get solverFriction() { return game.world === undefined ? 'none' : solverFriction(game.world); },
    solverDetail: () => ({ ...(game.world?.profiler.last.solverDetail ?? {}) }),
    get lastStepMs() { return game.world?.profiler.last.total ?? game.lastPhysicsMs; },
    get lastPhysicsMs() { return game.lastPhysicsMs; },
    lowestBlockBottom: () => {
      let low = Infinity;
      level.blocks.forEach((b, i) => { low = Math.min(low, posOf(b).y - level.halfExtents[i][1]); });
      return low;
    },
    get toyBodyCount() { return game.toys.gallows.length + game.toys.links.length + 2; },
    get propBodyCount() { return 1 + game.props.bodies.length; },
    propPositions: () => game.props.bodies.flatMap((b) => { const p = posOf(b); return [p.x, p.y, p.z]; }),
    maxPropSpeed: () => Math.max(...game.props.bodies.map((b) => speedOf(b))),
    wreckingBallPosition: () => { const p = posOf(game.toys.ball.body); return [p.x, p.y, p.z]; },
    wreckingBallSpeed: () => speedOf(game.toys.ball.body),
    chainGap: () => Math.max(...game.toys.chain.map((c) => {
      const [pair] = c.getBodiesUsingConstraint();
      const o = c.options;
      return Vector3.Distance(pivotWorld(pair.parentBody, o.pivotA), pivotWorld(pair.childBody, o.pivotB));
    })),
    swingWreckingBall: () => game.swingWreckingBall(),
    get drawbridgeAngle() { return game.drawbridgeAngle; },
    get drawbridgeRaised() { return game.drawbridgeRaised; },
    structureBlocksMoved: (i, distance = 0.5) =>
      structure(i).blocks.filter((b) => movedFrom(level.blocks[b], b) > distance).length,
    get scene() { return scenes.active; },
    showScene: (name) => scenes.show(name),
    get lab() {
      const view = scenes.lab;
      if (view === undefined) return null;
      labTestApi ??= labApi(view);
      return labTestApi;
    },
  };
}
