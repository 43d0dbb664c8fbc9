/**
 * Knock 'em down: the sample game. The level (towers and a wall of blocks, `scenes/game-level.ts`)
 * stands on a ground; the player throws balls at it from the camera (click or tap), and scores one
 * point per block knocked down or off its place. Two jointed toys stand beside it
 * (`scenes/game-joints.ts`): a wrecking ball on a chain of ball joints, which the player swings into
 * the red tower ({@link KnockdownGame.swingWreckingBall}, key W), and a drawbridge on a motorised hinge
 * in front of the blue tower, which the player raises and lowers ({@link KnockdownGame.toggleDrawbridge},
 * key B) and which thrown balls knock back. The physics world is stepped from the render loop by
 * `attachPhysics`, which also moves the meshes (interpolated). One mesh per body: each group of
 * blocks of the same size and colour is one source mesh with instances (each instance has its own
 * transform), so the whole level draws in a few draw calls.
 *
 * The contact solver can be switched live, without a reset ({@link KnockdownGame.setSolverMode}): the
 * fast one (PGS, with the Coulomb or the maximum-dissipation friction law) or the accurate one
 * (Stewart–Trinkle LCP per island solved by Lemke's algorithm, with PLUS impacts). The accurate solver
 * takes about 0.05–0.1 s per step on the level and up to ~0.5 s while a ball hits a tower (measured in
 * Node, see {@link ACCURATE_MODE_WARNING}; bounded by `lcp.lemkeWorkBudget`), so in accurate mode the game takes one step
 * per rendered frame: the world runs in slow motion and the page stays responsive between steps.
 * The joints live in the world, so they carry over a solver switch: the chain and the drawbridge keep
 * their state (the fast mode solves them as soft constraints in its substeps, the accurate mode by the
 * implicit joint solve with position projection).
 */

import type { Engine } from '@babylonjs/core/Engines/engine.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import '@babylonjs/core/Meshes/instancedMesh.js'; // Mesh.createInstance
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { CreatePickingRayToRef, Ray } from '@babylonjs/core/Culling/ray.core.js';
import '@babylonjs/core/Culling/ray.js'; // Scene.pickWithRay
import type { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import {
  addBody, createPhysicsWorld, removeBody, type PhysicsWorld,
} from '../plugin/index';
import { attachPhysics, type PhysicsAttachment } from '../plugin/babylon/index';
import { buildGameLevel, type GameLevel } from '../scenes/game-level';
import { resetPoses } from '../scenes/container';
import {
  buildGameJoints, driveDrawbridge, isDrawbridgeRaised, resetGameJoints, setDrawbridgeRaised, swingWreckingBall,
  type GameJoints,
} from '../scenes/game-joints';
import { createJointMeshes } from './joints-view';
import { aimVelocity } from './ballistics';
import { createStage, solidMaterial, STRUCTURE_COLOURS, type GameStage } from './scene-setup';
import { addStepProfile, clearFrameProfile, createFrameProfile, type FrameProfile } from './profile-overlay';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

/** Tunables of the game. */
export interface GameOptions {
  /** Most balls alive at once; throwing another removes the oldest (default 8). */
  maxBalls?: number;
  /** Throw speed (unit: m/s, default 28). */
  ballSpeed?: number;
  /** Ball radius (unit: m, default 0.3). */
  ballRadius?: number;
  /** Ball mass (unit: kg, default 100: a hollow iron ball; a cube of the blue tower weighs 65 kg, a plank
   * 34 kg). Lighter balls bounce off the Jenga towers, whose layers are clamped by the weight above. */
  ballMass?: number;
}

interface BallSlot {
  mesh: Mesh;
  /** Entity id, or -1 while the slot is free. */
  entity: number;
}

const GRAVITY = 9.81;
/** A block counts as knocked down when its centre dropped by more than this fraction of its height… */
const DROP_FRACTION = 0.5;
/** …or moved sideways by more than this (unit: m). */
const SHIFT_LIMIT = 0.6;
/** Balls below this height fell off the ground and are removed (unit: m). */
const FALL_LIMIT = -20;

/** Which contact solver the game runs: 'fast' = PGS, 'accurate' = LCP (Lemke) + PLUS impacts. */
export type SolverMode = 'fast' | 'accurate';
/** Friction law of the fast solver. */
export type FrictionLawName = 'coulomb' | 'max-dissipation';

/**
 * What the HUD says in accurate mode. Measured in Node 20 on the level (129 blocks, ~1 700 contact
 * points; a 2-core machine shared with other jobs, so ±50 %): PGS 3–8 ms per step (median at rest,
 * either friction law). LCP: 130 ms per step at rest (median; up to 0.6 s): the four structures are
 * four islands whose LCPs exceed `maxLcpSize` (1 000 unknowns), so each goes to the projected
 * fallback. The 1.5 s (90 steps) after throwing one ball at the red tower took 35 s, one step up to 7 s
 * (Lemke, up to 1 500 pivots on LCPs of 500–1 000 unknowns; the PLUS impact phase up to 3.5 s). Four
 * balls hitting four structures at once: one step took 63 s (54 000 pivots). Even near rest a single
 * step can take minutes: switching 20 PGS steps after a reset, the third accurate step took 254 s
 * (two LCPs of up to 890 unknowns, 89 200 pivots: Lemke ran to its 50 n + 100 pivot cap, then the
 * regularised retry did too, then the projected fallback), while switching right at the reset gave
 * steps under 0.7 s for the first 30 steps.
 */
export const ACCURATE_MODE_WARNING =
  'Accurate mode: slow on big piles. ~0.05–0.1 s per step, up to ~0.5 s while a ball hits a tower ' +
  '(Lemke work budget, then the projected fallback). One step per frame: slow motion.';

export class KnockdownGame {
  readonly world: PhysicsWorld;
  readonly level: GameLevel;
  /** The wrecking ball and the drawbridge. */
  readonly toys: GameJoints;
  readonly physics: PhysicsAttachment;
  readonly stage: GameStage;
  readonly scene: Scene;
  /** Physics totals of the frame being rendered (summed over its steps). */
  readonly frameProfile: FrameProfile = createFrameProfile();
  /** Frames rendered so far. */
  frames = 0;
  /** Balls thrown since the last reset. */
  ballsThrown = 0;
  /** Blocks knocked down since the last reset. */
  score = 0;
  /** Called when the score or the ball count changes. */
  onScoreChanged: () => void = () => undefined;
  /** Called when the drawbridge is told to rise or to come down. */
  onDrawbridgeChanged: () => void = () => undefined;
  /** Called when the solver mode or the friction law changes. */
  onModeChanged: () => void = () => undefined;
  /** The solver running now. */
  get solverMode(): SolverMode { return this.mode; }
  /** The fast solver's friction law (kept while in accurate mode, applied when switching back). */
  get frictionLaw(): FrictionLawName { return this.friction; }
  /** While false (another scene is shown), clicks on the canvas throw nothing. */
  active = true;

  private mode: SolverMode = 'fast';
  private friction: FrictionLawName = 'coulomb';

  private readonly knocked: Uint8Array;
  private readonly balls: BallSlot[] = [];
  private nextBall = 0;
  private readonly ballEntities = new Set<number>();
  private readonly maxBalls: number;
  private readonly ballSpeed: number;
  private readonly ballRadius: number;
  private readonly ballMass: number;
  // Scratch for throws (a throw may allocate, but nothing per frame does).
  private readonly ray = new Ray(Vector3.Zero(), Vector3.Forward(), Number.MAX_VALUE);
  private readonly velocity = [0, 0, 0];

  constructor(readonly engine: Engine, readonly canvas: HTMLCanvasElement, options: GameOptions = {}) {
    this.maxBalls = options.maxBalls ?? 8;
    this.ballSpeed = options.ballSpeed ?? 28;
    this.ballRadius = options.ballRadius ?? 0.3;
    this.ballMass = options.ballMass ?? 100;

    this.world = createPhysicsWorld({ gravity: [0, -GRAVITY, 0], solver: 'pgs', profile: true });
    this.level = buildGameLevel(this.world);
    this.toys = buildGameJoints(this.world);
    this.knocked = new Uint8Array(this.level.blocks.length);

    this.stage = createStage(engine, canvas, this.level.groundHalfExtents[0]);
    this.scene = this.stage.scene;
    this.scene.skipPointerMovePicking = true; // nothing reacts to hovering; picking 130 meshes per move is waste

    this.physics = attachPhysics(this.scene, this.world, {
      fixedTimeStep: 1 / 60,
      maxSubSteps: 4,
      onAfterStep: (w) => {
        addStepProfile(this.frameProfile, w.profiler.last, w.solver.kind === 'lcp');
        driveDrawbridge(w, this.toys); // the drawbridge's servo, for the next step
      },
    });
    this.createBlockMeshes();
    this.createBallMeshes();
    createJointMeshes(this.stage, this.physics, this.toys);

    // Runs after the physics observer (registered first): score and ball clean-up see this frame's poses.
    this.scene.onBeforeRenderObservable.add(() => this.afterPhysics());
    this.scene.onAfterRenderObservable.add(() => { this.frames++; });
    this.listenForThrows();
    this.listenForKeys();
  }

  /** True while the drawbridge is raised or rising (false: lowered or coming down). */
  get drawbridgeRaised(): boolean { return isDrawbridgeRaised(this.toys); }

  /**
   * Pushes the wrecking ball away from the red tower (`swingWreckingBall`: the chain turns rigidly about
   * its pivot, the ball at 6 m/s); it swings out about 46° and back into the tower about 2.4 s later.
   */
  swingWreckingBall(): void {
    swingWreckingBall(this.world, this.toys);
  }

  /** Raises the drawbridge if it is down or coming down, else lowers it (its motor turns it at 0.8 rad/s). */
  toggleDrawbridge(): void {
    setDrawbridgeRaised(this.toys, !isDrawbridgeRaised(this.toys));
    this.onDrawbridgeChanged();
  }

  /**
   * Switches the live world's contact solver, keeping every body where it is (no reset):
   * 'accurate' → `world.setSolver('lcp')` (Stewart–Trinkle LCP + PLUS impacts, default options),
   * 'fast' → `world.setSolver('pgs', { pgs: { friction } })` with the current friction law. Takes
   * effect at the next step. In accurate mode the render loop takes one step per frame (see the
   * file header); in fast mode up to 4 fixed steps of 1/60 s.
   */
  setSolverMode(mode: SolverMode): void {
    if (mode !== 'fast' && mode !== 'accurate') throw new RangeError(`unknown solver mode ${String(mode)}`);
    if (mode === 'accurate') this.world.setSolver('lcp');
    else this.world.setSolver('pgs', { pgs: { friction: this.friction } });
    this.mode = mode;
    // The attachment's clock takes up to 4 steps per frame; in accurate mode each step can take
    // seconds, so the clock is paused and afterPhysics takes exactly one step per frame instead.
    this.physics.paused = mode === 'accurate';
    this.onModeChanged();
  }

  /**
   * Sets the fast solver's friction law. In fast mode it applies at once
   * (`world.setSolver('pgs', { pgs: { friction: law } })`); in accurate mode it is only remembered (the
   * accurate solver has its own polyhedral Coulomb cone) and applies when switching back to fast.
   */
  setFrictionLaw(law: FrictionLawName): void {
    if (law !== 'coulomb' && law !== 'max-dissipation') throw new RangeError(`unknown friction law ${String(law)}`);
    this.friction = law;
    if (this.mode === 'fast') this.world.setSolver('pgs', { pgs: { friction: law } });
    this.onModeChanged();
  }

  /** Starts a new frame's physics totals (call after reading them). */
  clearFrameProfile(): void {
    clearFrameProfile(this.frameProfile);
  }

  private createBlockMeshes(): void {
    const { scene, stage, level } = this;
    const sources = new Map<string, Mesh>();
    const materials = new Map<string, StandardMaterial>();
    level.blocks.forEach((entity, i) => {
      const [hx, hy, hz] = level.halfExtents[i];
      const s = level.structureOf[i];
      // Alternate the shade layer by layer so the courses read clearly.
      const layer = Math.round((level.startPositions[i][1] - hy) / (2 * hy));
      const shade = layer % 2;
      const materialKey = `${s}/${shade}`;
      let material = materials.get(materialKey);
      if (material === undefined) {
        const base = STRUCTURE_COLOURS[s % STRUCTURE_COLOURS.length];
        const colour = shade === 0 ? base : Color3.Lerp(base, Color3.White(), 0.22);
        material = solidMaterial(scene, `block-material-${materialKey}`, colour);
        materials.set(materialKey, material);
      }
      const key = `${materialKey}/${hx}/${hy}/${hz}`;
      let mesh: AbstractMesh;
      const source = sources.get(key);
      if (source === undefined) {
        const box = CreateBox(`block-${i}`, { width: 2 * hx, height: 2 * hy, depth: 2 * hz }, scene);
        box.material = material;
        box.receiveShadows = true;
        stage.shadows.addShadowCaster(box);
        sources.set(key, box);
        mesh = box;
      } else {
        mesh = source.createInstance(`block-${i}`);
      }
      this.physics.link(mesh, entity);
    });
  }

  private createBallMeshes(): void {
    const material = solidMaterial(this.scene, 'ball-material', Color3.FromHexString('#2b2f3a'));
    material.specularColor = new Color3(0.6, 0.6, 0.6);
    material.specularPower = 48;
    const first = CreateSphere('ball-0', { diameter: 2 * this.ballRadius, segments: 16 }, this.scene);
    first.material = material;
    for (let i = 0; i < this.maxBalls; i++) {
      const mesh = i === 0 ? first : first.clone(`ball-${i}`);
      mesh.isPickable = false;
      mesh.receiveShadows = true;
      mesh.setEnabled(false);
      this.stage.shadows.addShadowCaster(mesh);
      this.balls.push({ mesh, entity: -1 });
    }
  }

  private listenForThrows(): void {
    // A tap is a press and release within a few pixels and a short time; anything else is a camera drag.
    let downX = 0, downY = 0, downT = 0, downId = -1;
    this.canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || !this.active) return;
      downX = e.clientX; downY = e.clientY; downT = e.timeStamp; downId = e.pointerId;
    });
    this.canvas.addEventListener('pointerup', (e) => {
      if (e.pointerId !== downId) return;
      downId = -1;
      if (!this.active) return;
      const moved = Math.hypot(e.clientX - downX, e.clientY - downY);
      if (moved <= 6 && e.timeStamp - downT < 450) this.throwBall(e.clientX, e.clientY);
    });
    this.canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  private listenForKeys(): void {
    window.addEventListener('keydown', (e) => {
      if (!this.active || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const key = e.key.toLowerCase();
      if (key === 'w') this.swingWreckingBall();
      else if (key === 'b') this.toggleDrawbridge();
    });
  }

  /**
   * Throws a ball from the camera towards what is under the screen point (clientX, clientY) (unit:
   * CSS px, viewport), on a ballistic arc at the throw speed; the oldest ball goes when all are in use.
   * @returns the new ball's entity id.
   */
  throwBall(clientX: number, clientY: number): number {
    const { scene, stage, ray } = this;
    const rect = this.canvas.getBoundingClientRect();
    CreatePickingRayToRef(scene, clientX - rect.left, clientY - rect.top, null, ray, stage.camera);
    const camPos = stage.camera.globalPosition;
    const dir = ray.direction;
    const start = [camPos.x + dir.x * 1.2, camPos.y + dir.y * 1.2, camPos.z + dir.z * 1.2];
    const pick = scene.pickWithRay(ray, (m) => m.isPickable && m.isEnabled() && !m.name.startsWith('ball-'));
    const hit = pick?.hit === true && pick.pickedPoint !== null ? pick.pickedPoint : undefined;
    const reach = 60;
    const target = hit !== undefined
      ? [hit.x, hit.y, hit.z]
      : [camPos.x + dir.x * reach, camPos.y + dir.y * reach, camPos.z + dir.z * reach];
    aimVelocity(this.velocity, start, target, this.ballSpeed, GRAVITY);

    const slot = this.balls[this.nextBall];
    this.nextBall = (this.nextBall + 1) % this.balls.length;
    this.freeBall(slot);
    const entity = addBody(this.world, {
      position: start,
      linearVelocity: this.velocity,
      mass: this.ballMass,
      angularDamping: 0.8,
      collider: { shape: 'sphere', radius: this.ballRadius, friction: 0.5, restitution: 0.15 },
    });
    slot.entity = entity;
    this.ballEntities.add(entity);
    this.physics.link(slot.mesh, entity);
    slot.mesh.setEnabled(true);
    this.ballsThrown++;
    this.onScoreChanged();
    return entity;
  }

  private freeBall(slot: BallSlot): void {
    if (slot.entity < 0) return;
    this.physics.unlink(slot.mesh);
    removeBody(this.world, slot.entity);
    this.ballEntities.delete(slot.entity);
    slot.entity = -1;
    slot.mesh.setEnabled(false);
  }

  /** Puts every block back where it started, at rest, removes the balls and clears the score; the
   * wrecking ball hangs still again and the drawbridge stands raised. */
  reset(): void {
    const { world, level } = this;
    for (const slot of this.balls) this.freeBall(slot);
    this.nextBall = 0;
    resetPoses(world, level.blocks, level.startPositions, level.startOrientations);
    resetGameJoints(world, this.toys);
    this.onDrawbridgeChanged();
    this.knocked.fill(0);
    this.score = 0;
    this.ballsThrown = 0;
    this.onScoreChanged();
  }

  private afterPhysics(): void {
    // Accurate mode: one step per rendered frame (the attachment is paused; stepOnce writes the poses).
    if (this.mode === 'accurate') this.physics.stepOnce();
    const { level, knocked } = this;
    const p = this.world.bodies.position;
    let changed = false;
    for (let i = 0; i < level.blocks.length; i++) {
      if (knocked[i] !== 0) continue;
      const e = level.blocks[i];
      const s = level.startPositions[i];
      const drop = s[1] - p[3 * e + 1];
      const shift = Math.hypot(p[3 * e] - s[0], p[3 * e + 2] - s[2]);
      if (drop > DROP_FRACTION * 2 * level.halfExtents[i][1] || shift > SHIFT_LIMIT) {
        knocked[i] = 1;
        this.score++;
        changed = true;
      }
    }
    for (const slot of this.balls) {
      if (slot.entity >= 0 && p[3 * slot.entity + 1] < FALL_LIMIT) this.freeBall(slot);
    }
    if (changed) this.onScoreChanged();
  }

  /** Entity ids of the live balls. */
  liveBalls(): number[] {
    return [...this.ballEntities];
  }
}
