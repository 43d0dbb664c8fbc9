/**
 * Knock 'em down: the sample game, written against Babylon's Physics V2 API only, so the same code
 * runs on this engine (`EcsPhysicsPlugin`) or on Babylon's Havok plugin (`?engine=havok`): the level
 * (towers and a wall of blocks, `scenes/game-level.ts`), the balls and the jointed toys
 * (`scenes/game-joints.ts`) are `PhysicsAggregate`s and constraint classes. The player throws balls at
 * the level from the camera (click or tap) and scores one point per block knocked down or off its
 * place. Behind the towers, a hill of triangle-mesh terrain with barrels (cylinders) and rocks (convex
 * hulls) on it, and in front of the wall a table of five boxes (one body: a compound); see
 * `props-view.ts`. Beside it, a wrecking ball on a chain of ball-and-socket constraints, which the player swings
 * into the red tower ({@link KnockdownGame.swingWreckingBall}, key W), and a drawbridge on a motorised
 * 6-DoF hinge with limits in front of the blue tower, which the player raises and lowers
 * ({@link KnockdownGame.toggleDrawbridge}, key B).
 *
 * On this engine the contact solver can be switched live ({@link KnockdownGame.setSolverMode}) through
 * `plugin.world`: the fast one (PGS, Coulomb or maximum-dissipation friction) or the accurate one
 * (Stewart–Trinkle LCP per island solved by Lemke's algorithm, with PLUS impacts). The accurate solver
 * takes about 0.05–0.1 s per step on the level and up to ~0.5 s while a ball hits a tower (measured in
 * Node, see {@link ACCURATE_MODE_WARNING}), so in accurate mode the plugin takes one step per rendered
 * frame (slow motion). On this engine the plugin steps a fixed 1/60 s with an accumulator (at most 4
 * steps per frame) and interpolates the meshes; on Havok, Babylon's sub-time-step runs fixed 1/60 s
 * steps (as many as the frame lasted, no interpolation).
 */

import type { Engine } from '@babylonjs/core/Engines/engine.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import '@babylonjs/core/Meshes/instancedMesh.js'; // Mesh.createInstance
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { CreatePickingRayToRef, Ray } from '@babylonjs/core/Culling/ray.core.js';
import '@babylonjs/core/Culling/ray.js'; // scene picking for pointer events
import type { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import '@babylonjs/core/Physics/joinedPhysicsEngineComponent.js';
import '@babylonjs/core/Physics/v2/physicsEngineComponent.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsRaycastResult } from '@babylonjs/core/Physics/physicsRaycastResult.js';
import type { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import type { PhysicsEngine } from '@babylonjs/core/Physics/v2/physicsEngine.js';
import {
  PhysicsConstraintAxis, PhysicsConstraintMotorType, PhysicsPrestepType, PhysicsShapeType,
  type IPhysicsEnginePluginV2,
} from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { BallAndSocketConstraint, Physics6DoFConstraint, type PhysicsConstraint } from '@babylonjs/core/Physics/v2/physicsConstraint.js';
import type { PhysicsWorld } from '../plugin/index';
import { EcsPhysicsPlugin } from '../plugin/babylon/index';
import { gameLevelSpec, type GameLevelSpec, type StructureSpec } from '../scenes/game-level';
import type { QuatTuple, Vec3Tuple } from '../scenes/container';
import {
  DRAWBRIDGE_GAIN, DRAWBRIDGE_LIMITS, DRAWBRIDGE_LOWERED, DRAWBRIDGE_MAX_TORQUE, DRAWBRIDGE_RAISED, DRAWBRIDGE_SPEED,
  LINK_LENGTH, WRECKING_LINKS, WRECKING_PUSH_SPEED, gameJointsSpec, type GameJointsSpec,
} from '../scenes/game-joints';
import { createJointMeshes } from './joints-view';
import { createProps, type PropBodies } from './props-view';
import { aimVelocity } from './ballistics';
import { createStage, solidMaterial, STRUCTURE_COLOURS, type GameStage } from './scene-setup';
import { addStepProfile, clearFrameProfile, createFrameProfile, type FrameProfile } from './profile-overlay';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

/** Which physics engine runs the game: this one, or Babylon's Havok plugin. */
export type PhysicsEngineName = 'ecs' | 'havok';
import '../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

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
  /** The physics plugin (default: a new `EcsPhysicsPlugin` with the fast solver). Pass Babylon's
   * `HavokPlugin` to run the same game on Havok. */
  plugin?: IPhysicsEnginePluginV2;
}

interface BallSlot {
  mesh: Mesh;
  /** The ball's aggregate while it is in play. */
  aggregate: PhysicsAggregate | undefined;
}

const GRAVITY = 9.81;
/** Collision group bit of the thrown balls, and the mask of the aiming ray cast (everything else). */
const BALL_GROUP = 2;
const AIM_MASK = 0xffffffff & ~BALL_GROUP;

/** Friction and restitution of the level's and the toys' surfaces (the scenes' material). */
const SURFACE = { friction: 0.5, restitution: 0 } as const;
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
 * fallback. The 1.5 s (90 steps) after throwing one ball at the red tower took 35 s, one step up to 7 s.
 */
export const ACCURATE_MODE_WARNING =
  'Accurate mode: slow on big piles. ~0.05–0.1 s per step, up to ~0.5 s while a ball hits a tower ' +
  '(Lemke work budget, then the projected fallback). One step per frame: slow motion.';

/** The level as built in the scene: one aggregate per block, with the level's description. */
export interface LevelBodies {
  spec: GameLevelSpec;
  ground: PhysicsAggregate;
  /** One body per block, in the description's order. */
  blocks: PhysicsBody[];
  halfExtents: Vec3Tuple[];
  startPositions: Vec3Tuple[];
  startOrientations: QuatTuple[];
  structures: StructureSpec[];
  structureOf: number[];
}

/** The jointed toys as built in the scene. */
export interface ToyBodies {
  spec: GameJointsSpec;
  gallows: PhysicsAggregate[];
  links: PhysicsAggregate[];
  ball: PhysicsAggregate;
  drawbridge: PhysicsAggregate;
  /** The chain's ball-and-socket constraints: [beam–link 0, link 0–link 1, …, last link–ball]. */
  chain: BallAndSocketConstraint[];
  /** The drawbridge's 6-DoF hinge (ANGULAR_X limited and motorised). */
  hinge: Physics6DoFConstraint;
  /** Target hinge angle of the drawbridge (unit: rad). */
  drawbridgeTarget: number;
}

export class KnockdownGame {
  /** The physics plugin the scene runs on. */
  readonly plugin: IPhysicsEnginePluginV2;
  /** Which engine that is. */
  readonly engineName: PhysicsEngineName;
  /** The engine world when the game runs on this engine (undefined on Havok). */
  readonly world: PhysicsWorld | undefined;
  readonly level: LevelBodies;
  /** The wrecking ball and the drawbridge. */
  readonly toys: ToyBodies;
  /** The hill, barrels, rocks and the table (`props-view.ts`). */
  readonly props: PropBodies;
  readonly stage: GameStage;
  readonly scene: Scene;
  /** Physics totals of the frame being rendered (summed over its steps). */
  readonly frameProfile: FrameProfile = createFrameProfile();
  /** Frames rendered so far. */
  frames = 0;
  /** Physics steps taken so far. */
  steps = 0;
  /** Time of the last frame's physics, measured around Babylon's physics step (unit: ms). */
  lastPhysicsMs = 0;
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
  private readonly maxBalls: number;
  private readonly ballSpeed: number;
  private readonly ballRadius: number;
  private readonly ballMass: number;
  /** Bodies teleported to their node's pose at the next step (reset), then back to no prestep. */
  private readonly teleported: PhysicsBody[] = [];
  // Scratch for throws (a throw may allocate, but nothing per frame does).
  private readonly ray = new Ray(Vector3.Zero(), Vector3.Forward(), Number.MAX_VALUE);
  private readonly velocity = [0, 0, 0];
  private readonly aimTo = new Vector3();
  private readonly aimHit = new PhysicsRaycastResult();
  private physicsStart = 0;

  constructor(readonly engine: Engine, readonly canvas: HTMLCanvasElement, options: GameOptions = {}) {
    this.maxBalls = options.maxBalls ?? 8;
    this.ballSpeed = options.ballSpeed ?? 28;
    this.ballRadius = options.ballRadius ?? 0.3;
    this.ballMass = options.ballMass ?? 100;

    const levelSpec = gameLevelSpec();
    const groundHalf = levelSpec.ground.collider.shape === 'box' ? levelSpec.ground.collider.halfExtents : [40, 0.5, 40];
    this.stage = createStage(engine, canvas, groundHalf[0]);
    this.scene = this.stage.scene;
    this.scene.skipPointerMovePicking = true; // nothing reacts to hovering; picking 130 meshes per move is waste

    this.plugin = options.plugin ?? new EcsPhysicsPlugin({
      solver: 'pgs', profile: true, stepMode: 'fixed', maxSubSteps: 4,
      onAfterStep: (w) => { this.steps++; addStepProfile(this.frameProfile, w.profiler.last, w.solver.kind === 'lcp'); },
    });
    this.engineName = this.plugin instanceof EcsPhysicsPlugin ? 'ecs' : 'havok';
    this.world = this.plugin instanceof EcsPhysicsPlugin ? this.plugin.world : undefined;
    this.scene.enablePhysics(new Vector3(0, -GRAVITY, 0), this.plugin);
    if (this.engineName === 'havok') {
      // Havok: fixed 1/60 s steps through Babylon's own accumulator (as many per frame as the frame
      // lasted), the comparison point for this engine's fixed-step clock
      (this.scene.getPhysicsEngine() as PhysicsEngine).setSubTimeStep(1000 / 60);
    }

    this.level = this.buildLevel(levelSpec);
    this.toys = this.buildToys();
    this.props = createProps(this.scene, this.stage, SURFACE);
    this.knocked = new Uint8Array(this.level.blocks.length);
    this.createBalls();

    this.scene.onBeforePhysicsObservable.add(() => {
      this.physicsStart = performance.now();
      this.driveDrawbridge();
    });
    this.scene.onAfterPhysicsObservable.add(() => {
      this.lastPhysicsMs = performance.now() - this.physicsStart;
      if (this.engineName === 'havok') {
        this.steps++;
        this.frameProfile.total += this.lastPhysicsMs;
        this.frameProfile.steps++;
        this.frameProfile.bodies = this.bodyCount();
      }
      for (const b of this.teleported) b.disablePreStep = true;
      this.teleported.length = 0;
      this.afterPhysics();
    });
    this.scene.onAfterRenderObservable.add(() => { this.frames++; });
    this.listenForThrows();
    this.listenForKeys();
  }

  /** Bodies in the physics engine now (ground, blocks, toys, live balls). */
  bodyCount(): number {
    return this.scene.getPhysicsEngine()?.getPluginVersion() === 2
      ? 1 + this.level.blocks.length + this.toys.gallows.length + this.toys.links.length + 2 + 1 + this.props.bodies.length
        + this.liveBalls().length
      : 0;
  }

  private buildLevel(spec: GameLevelSpec): LevelBodies {
    const { scene, stage } = this;
    const g = spec.ground;
    const gh = g.collider.shape === 'box' ? g.collider.halfExtents : [40, 0.5, 40];
    // The ground's body: an invisible box under the visible ground plane (top face y = 0).
    const groundBox = CreateBox('ground-body', { width: 2 * gh[0], height: 2 * gh[1], depth: 2 * gh[2] }, scene);
    groundBox.position.set(...g.position);
    groundBox.isVisible = false;
    groundBox.isPickable = false;
    const ground = new PhysicsAggregate(groundBox, PhysicsShapeType.BOX, { mass: 0, ...SURFACE }, scene);

    const sources = new Map<string, Mesh>();
    const materials = new Map<string, StandardMaterial>();
    const structureOf: number[] = new Array<number>(spec.blocks.length).fill(-1);
    spec.structures.forEach((s, i) => { for (const b of s.blocks) structureOf[b] = i; });
    const halfExtents: Vec3Tuple[] = [], startPositions: Vec3Tuple[] = [], startOrientations: QuatTuple[] = [];
    const blocks = spec.blocks.map((b, i) => {
      if (b.collider.shape !== 'box') throw new Error('game level: every block is a box');
      const [hx, hy, hz] = b.collider.halfExtents;
      halfExtents.push([hx, hy, hz]);
      startPositions.push([...b.position]);
      startOrientations.push([...b.orientation]);
      const s = structureOf[i];
      // Alternate the shade layer by layer so the courses read clearly.
      const layer = Math.round((b.position[1] - hy) / (2 * hy));
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
      mesh.position.set(...b.position);
      mesh.rotationQuaternion = new Quaternion(...b.orientation);
      const aggregate = new PhysicsAggregate(mesh, PhysicsShapeType.BOX, {
        mass: b.mass, extents: new Vector3(2 * hx, 2 * hy, 2 * hz), center: Vector3.Zero(), ...SURFACE,
      }, scene);
      return aggregate.body;
    });
    return { spec, ground, blocks, halfExtents, startPositions, startOrientations, structures: spec.structures, structureOf };
  }

  private buildToys(): ToyBodies {
    const { scene } = this;
    const spec = gameJointsSpec();
    const meshes = createJointMeshes(this.stage, spec);
    const gallows = spec.gallows.map((g, i) => {
      const h = g.collider.shape === 'box' ? g.collider.halfExtents : [0.1, 0.1, 0.1];
      const box = CreateBox(`gallows-body-${i}`, { width: 2 * h[0], height: 2 * h[1], depth: 2 * h[2] }, scene);
      box.position.set(...g.position);
      box.isVisible = false;
      box.isPickable = false;
      return new PhysicsAggregate(box, PhysicsShapeType.BOX, { mass: 0, ...SURFACE }, scene);
    });
    const links = spec.links.map((l, i) => new PhysicsAggregate(meshes.links[i], PhysicsShapeType.CAPSULE, {
      mass: l.mass, radius: l.radius, pointA: new Vector3(0, -l.halfHeight, 0), pointB: new Vector3(0, l.halfHeight, 0), ...SURFACE,
    }, scene));
    const ballRadius = spec.ball.collider.shape === 'sphere' ? spec.ball.collider.radius : 0.5;
    const ball = new PhysicsAggregate(meshes.ball, PhysicsShapeType.SPHERE, {
      mass: spec.ball.mass, radius: ballRadius, center: Vector3.Zero(), ...SURFACE,
    }, scene);
    const dh = spec.drawbridge.collider.shape === 'box' ? spec.drawbridge.collider.halfExtents : [1, 1, 0.1];
    const drawbridge = new PhysicsAggregate(meshes.plank, PhysicsShapeType.BOX, {
      mass: spec.drawbridge.mass, extents: new Vector3(2 * dh[0], 2 * dh[1], 2 * dh[2]), center: Vector3.Zero(), ...SURFACE,
    }, scene);
    for (const a of [...links, ball, drawbridge]) a.body.setAngularDamping(0);

    // The chain: ball-and-socket constraints at the link ends, the first one to the gallows' beam.
    const [px, py, pz] = spec.pivot;
    const beam = gallows[1];
    const chain: BallAndSocketConstraint[] = [];
    let parent: PhysicsAggregate = beam;
    for (let i = 0; i <= WRECKING_LINKS; i++) {
      const child = i < WRECKING_LINKS ? links[i] : ball;
      const anchor = new Vector3(px, py - i * LINK_LENGTH, pz);
      const c = new BallAndSocketConstraint(
        anchor.subtract(parent.transformNode.position), anchor.subtract(child.transformNode.position),
        new Vector3(1, 0, 0), new Vector3(1, 0, 0), scene);
      parent.body.addConstraint(child.body, c);
      chain.push(c);
      parent = child;
    }

    // The drawbridge: a 6-DoF hinge (plank = parent, ground = child) about −x through the hinge line;
    // ANGULAR_X is the plank's rotation towards +z, limited to [−0.3, π/2] and motorised.
    const hingePoint = new Vector3(...spec.hingePoint);
    const axis = new Vector3(...spec.hingeAxis);
    const hinge = new Physics6DoFConstraint({
      pivotA: hingePoint.subtract(drawbridge.transformNode.position),
      pivotB: hingePoint.subtract(this.level.ground.transformNode.position),
      axisA: axis, axisB: axis,
    }, [
      { axis: PhysicsConstraintAxis.LINEAR_X, minLimit: 0, maxLimit: 0 },
      { axis: PhysicsConstraintAxis.LINEAR_Y, minLimit: 0, maxLimit: 0 },
      { axis: PhysicsConstraintAxis.LINEAR_Z, minLimit: 0, maxLimit: 0 },
      { axis: PhysicsConstraintAxis.ANGULAR_X, minLimit: DRAWBRIDGE_LIMITS.lower, maxLimit: DRAWBRIDGE_LIMITS.upper },
      { axis: PhysicsConstraintAxis.ANGULAR_Y, minLimit: 0, maxLimit: 0 },
      { axis: PhysicsConstraintAxis.ANGULAR_Z, minLimit: 0, maxLimit: 0 },
    ], scene);
    drawbridge.body.addConstraint(this.level.ground.body, hinge);
    hinge.setAxisMotorType(PhysicsConstraintAxis.ANGULAR_X, PhysicsConstraintMotorType.VELOCITY);
    hinge.setAxisMotorMaxForce(PhysicsConstraintAxis.ANGULAR_X, DRAWBRIDGE_MAX_TORQUE);
    hinge.setAxisMotorTarget(PhysicsConstraintAxis.ANGULAR_X, 0);
    return { spec, gallows, links, ball, drawbridge, chain, hinge, drawbridgeTarget: DRAWBRIDGE_RAISED };
  }

  /** True while the drawbridge is raised or rising (false: lowered or coming down). */
  get drawbridgeRaised(): boolean { return this.toys.drawbridgeTarget === DRAWBRIDGE_RAISED; }

  /**
   * The drawbridge's hinge angle from the plank's orientation (unit: rad; 0 upright, π/2 flat towards
   * +z): the plank turns about the world x axis only, so θ = 2 atan2(q_x, q_w).
   */
  get drawbridgeAngle(): number {
    const q = this.toys.drawbridge.transformNode.rotationQuaternion;
    return q === null ? 0 : 2 * Math.atan2(q.x, q.w);
  }

  /** The drawbridge's servo, before every physics step: motor speed = gain × (target − angle), at most 0.8 rad/s. */
  private driveDrawbridge(): void {
    const error = this.toys.drawbridgeTarget - this.drawbridgeAngle;
    const speed = Math.max(-DRAWBRIDGE_SPEED, Math.min(DRAWBRIDGE_SPEED, DRAWBRIDGE_GAIN * error));
    this.toys.hinge.setAxisMotorTarget(PhysicsConstraintAxis.ANGULAR_X, speed);
  }

  /**
   * Pushes the wrecking ball away from the red tower: the chain and the ball get the velocity of a
   * rigid rotation about the pivot, the ball's centre at 6 m/s; it swings out about 46° and back into
   * the tower about 2.4 s later. Replaces the chain's motion (pushing twice does not swing it higher).
   */
  swingWreckingBall(): void {
    const { pivot, pushDirection: d } = this.toys.spec;
    const L = pivot[1] - this.toys.spec.ball.position[1];
    const s = WRECKING_PUSH_SPEED / L;
    const w = new Vector3(-s * d[2], 0, s * d[0]);
    for (const a of [...this.toys.links, this.toys.ball]) {
      const p = a.transformNode.position;
      const r = new Vector3(p.x - pivot[0], p.y - pivot[1], p.z - pivot[2]);
      a.body.setLinearVelocity(Vector3.Cross(w, r));
      a.body.setAngularVelocity(w);
    }
  }

  /** Raises the drawbridge if it is down or coming down, else lowers it (its motor turns it at 0.8 rad/s). */
  toggleDrawbridge(): void {
    this.toys.drawbridgeTarget = this.drawbridgeRaised ? DRAWBRIDGE_LOWERED : DRAWBRIDGE_RAISED;
    this.onDrawbridgeChanged();
  }

  /**
   * Switches the live world's contact solver (this engine only), keeping every body where it is:
   * 'accurate' → `world.setSolver('lcp')` and one step per frame, 'fast' → `world.setSolver('pgs',
   * { pgs: { friction } })` and the fixed-step clock. Takes effect at the next step.
   */
  setSolverMode(mode: SolverMode): void {
    if (mode !== 'fast' && mode !== 'accurate') throw new RangeError(`unknown solver mode ${String(mode)}`);
    const world = this.world;
    if (world === undefined || !(this.plugin instanceof EcsPhysicsPlugin)) return;
    if (mode === 'accurate') world.setSolver('lcp');
    else world.setSolver('pgs', { pgs: { friction: this.friction } });
    this.plugin.setStepMode(mode === 'accurate' ? 'timeStep' : 'fixed');
    this.mode = mode;
    this.onModeChanged();
  }

  /** Sets the fast solver's friction law (this engine only; remembered in accurate mode). */
  setFrictionLaw(law: FrictionLawName): void {
    if (law !== 'coulomb' && law !== 'max-dissipation') throw new RangeError(`unknown friction law ${String(law)}`);
    if (this.world === undefined) return;
    this.friction = law;
    if (this.mode === 'fast') this.world.setSolver('pgs', { pgs: { friction: law } });
    this.onModeChanged();
  }

  /** Starts a new frame's physics totals (call after reading them). */
  clearFrameProfile(): void {
    clearFrameProfile(this.frameProfile);
  }

  private createBalls(): void {
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
      this.balls.push({ mesh, aggregate: undefined });
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
   * @returns the new ball's body.
   */
  throwBall(clientX: number, clientY: number): PhysicsBody {
    const { scene, stage, ray } = this;
    const rect = this.canvas.getBoundingClientRect();
    CreatePickingRayToRef(scene, clientX - rect.left, clientY - rect.top, null, ray, stage.camera);
    const camPos = stage.camera.globalPosition;
    const dir = ray.direction;
    const start = [camPos.x + dir.x * 1.2, camPos.y + dir.y * 1.2, camPos.z + dir.z * 1.2];
    // aim: a physics ray cast from the pointer (balls in flight are not in its mask)
    const reach = 60;
    this.aimTo.set(camPos.x + dir.x * reach, camPos.y + dir.y * reach, camPos.z + dir.z * reach);
    (scene.getPhysicsEngine() as PhysicsEngine).raycastToRef(camPos, this.aimTo, this.aimHit, { collideWith: AIM_MASK });
    const hit = this.aimHit.hasHit ? this.aimHit.hitPointWorld : this.aimTo;
    const target = [hit.x, hit.y, hit.z];
    aimVelocity(this.velocity, start, target, this.ballSpeed, GRAVITY);

    const slot = this.balls[this.nextBall];
    this.nextBall = (this.nextBall + 1) % this.balls.length;
    this.freeBall(slot);
    slot.mesh.position.set(start[0], start[1], start[2]);
    slot.mesh.rotationQuaternion = Quaternion.Identity();
    slot.mesh.setEnabled(true);
    const aggregate = new PhysicsAggregate(slot.mesh, PhysicsShapeType.SPHERE, {
      mass: this.ballMass, radius: this.ballRadius, center: Vector3.Zero(), friction: 0.5, restitution: 0.15,
    }, scene);
    aggregate.shape.filterMembershipMask = BALL_GROUP;
    aggregate.body.setAngularDamping(0.8);
    aggregate.body.setLinearVelocity(new Vector3(this.velocity[0], this.velocity[1], this.velocity[2]));
    slot.aggregate = aggregate;
    this.ballsThrown++;
    this.onScoreChanged();
    return aggregate.body;
  }

  private freeBall(slot: BallSlot): void {
    if (slot.aggregate === undefined) return;
    slot.aggregate.dispose(); // the body and its shape; the mesh stays for the next throw
    slot.aggregate = undefined;
    slot.mesh.setEnabled(false);
  }

  /** Puts every block back where it started, at rest, removes the balls and clears the score; the
   * wrecking ball hangs still again and the drawbridge stands raised. */
  reset(): void {
    for (const slot of this.balls) this.freeBall(slot);
    this.nextBall = 0;
    const { level, toys } = this;
    level.blocks.forEach((b, i) => this.teleport(b, level.startPositions[i], level.startOrientations[i]));
    const specs = [...toys.spec.links, toys.spec.ball, toys.spec.drawbridge];
    [...toys.links, toys.ball, toys.drawbridge].forEach((a, i) => this.teleport(a.body, specs[i].position, specs[i].orientation));
    const { props } = this;
    props.bodies.forEach((b, i) => this.teleport(b, props.startPositions[i], props.startOrientations[i]));
    toys.drawbridgeTarget = DRAWBRIDGE_RAISED;
    this.onDrawbridgeChanged();
    this.knocked.fill(0);
    this.score = 0;
    this.ballsThrown = 0;
    this.onScoreChanged();
  }

  /** Puts a body's node at a pose, at rest; the next step teleports the body there (TELEPORT prestep). */
  private teleport(body: PhysicsBody, p: readonly number[], q: readonly number[]): void {
    const node = body.transformNode;
    node.position.set(p[0], p[1], p[2]);
    node.rotationQuaternion = new Quaternion(q[0], q[1], q[2], q[3]);
    body.setLinearVelocity(Vector3.Zero());
    body.setAngularVelocity(Vector3.Zero());
    body.setPrestepType(PhysicsPrestepType.TELEPORT);
    this.teleported.push(body);
  }

  private afterPhysics(): void {
    const { level, knocked } = this;
    let changed = false;
    for (let i = 0; i < level.blocks.length; i++) {
      if (knocked[i] !== 0) continue;
      const p = level.blocks[i].transformNode.position;
      const s = level.startPositions[i];
      const drop = s[1] - p.y;
      const shift = Math.hypot(p.x - s[0], p.z - s[2]);
      if (drop > DROP_FRACTION * 2 * level.halfExtents[i][1] || shift > SHIFT_LIMIT) {
        knocked[i] = 1;
        this.score++;
        changed = true;
      }
    }
    for (const slot of this.balls) {
      if (slot.aggregate !== undefined && slot.mesh.position.y < FALL_LIMIT) this.freeBall(slot);
    }
    if (changed) this.onScoreChanged();
  }

  /** Bodies of the live balls. */
  liveBalls(): PhysicsBody[] {
    const out: PhysicsBody[] = [];
    for (const s of this.balls) if (s.aggregate !== undefined) out.push(s.aggregate.body);
    return out;
  }

  /** All constraints of the toys (the chain, then the hinge). */
  constraints(): PhysicsConstraint[] {
    return [...this.toys.chain, this.toys.hinge];
  }
}
