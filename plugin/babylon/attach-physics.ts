/**
 * attachPhysics: drives a {@link PhysicsWorld} from a Babylon.js scene's render loop.
 *
 * Once per rendered frame (on `scene.onBeforeRenderObservable`, i.e. after animations and the camera
 * update, before world matrices are computed for drawing) the frame time is added to an accumulator,
 * the world advances a whole number of fixed steps `stepWorld(world, fixedTimeStep)`, and every linked
 * node receives the pose interpolated between the start and the end of the last step:
 *
 *   acc   += min(frameTime, fixedTimeStep · maxSubSteps)        (clamp: no spiral of death)
 *   steps  = number of whole fixedTimeSteps taken out of acc    (at most maxSubSteps)
 *   alpha  = acc / fixedTimeStep ∈ [0, 1)
 *   node.position           = lerp(prevPosition, position, alpha)
 *   node.rotationQuaternion = nlerp(prevOrientation, orientation, alpha)   (shortest arc)
 *
 * The rendered pose therefore lags the simulated one by less than one fixed step, and never jumps.
 * Nothing is allocated per frame.
 */

import { Quaternion } from '@babylonjs/core/Maths/math.vector.js';
import type { Observer } from '@babylonjs/core/Misc/observable.js';
import type { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import type { Scene } from '@babylonjs/core/scene.js';
import { addBody, hasBody, type BodyDef } from '../bodies';
import { handleIndex } from '../handles';
import { PhysicsInputError, UnknownEntityError } from '../errors';
import { stepWorld } from '../step';
import type { PhysicsWorld } from '../world';

export interface AttachPhysicsOptions {
  /** Length of one physics step (unit: s, default 1/60). Must be a finite number > 0. */
  fixedTimeStep?: number;
  /** Most steps taken in one rendered frame (integer ≥ 1, default 4). Frame time beyond
   * `fixedTimeStep · maxSubSteps` is dropped, so after a hitch the simulation slows down instead of
   * trying to catch up (no spiral of death). */
  maxSubSteps?: number;
  /**
   * Returns the time elapsed since the previous frame (unit: s). Called once per frame.
   * Default: `scene.getEngine().getDeltaTime() / 1000`. Override it for a deterministic clock (tests,
   * recordings, lockstep networking). Negative or non-finite values count as 0.
   */
  getFrameTime?: () => number;
  /** Called after every fixed step, with the world (e.g. to read `world.contacts` events or
   * `world.profiler.last`, which only describe the last step). Default: none. */
  onAfterStep?: (world: PhysicsWorld) => void;
}

/** What {@link attachPhysics} returns. */
export interface PhysicsAttachment {
  /** The world being stepped. */
  readonly world: PhysicsWorld;
  /** The fixed step (unit: s). */
  readonly fixedTimeStep: number;
  /** Most steps per frame. */
  readonly maxSubSteps: number;
  /** Steps taken in the last frame (0 … maxSubSteps). */
  readonly stepsLastFrame: number;
  /** Interpolation factor used for the last frame's transforms: accumulator / fixedTimeStep ∈ [0, 1). */
  readonly alpha: number;
  /** Time left in the accumulator after the last frame (unit: s, in [0, fixedTimeStep)). */
  readonly accumulator: number;
  /** Steps taken since attaching (by frames and by {@link stepOnce}). */
  readonly totalSteps: number;
  /** Number of linked nodes. */
  readonly linkCount: number;
  /** True after {@link dispose}. */
  readonly disposed: boolean;
  /**
   * While true, frames take no steps and the accumulator keeps its value (the frame time is dropped);
   * linked nodes are still written every frame, so poses set through the engine API show up.
   * Default false.
   */
  paused: boolean;
  /**
   * Makes `node` follow body `entity` (its centre-of-mass pose, world frame). The node should have no
   * parent (its position and rotation are written as world values). If `node.rotationQuaternion` is
   * null a Quaternion is created for it (Babylon then ignores `node.rotation`). The node takes the
   * body's current pose at once. Linking an already linked node moves it to the new entity.
   * Call {@link unlink} before `removeBody`: entity ids are recycled.
   * @throws UnknownEntityError when `entity` is not a live body of the world.
   * @throws PhysicsInputError when the handle is disposed or `node` is not a TransformNode.
   */
  link(node: TransformNode, entity: number): void;
  /** Stops writing `node`'s transform (it keeps its last pose). Returns false if it was not linked. */
  unlink(node: TransformNode): boolean;
  /** The entity linked to `node`, or -1. */
  entityOf(node: TransformNode): number;
  /**
   * Takes one fixed step now (also while paused) and writes the linked transforms; the accumulator
   * is not changed. No-op after dispose.
   */
  stepOnce(): void;
  /** Removes the render-loop observer and all links. Nodes keep their last pose. Idempotent. */
  dispose(): void;
}

/** Accumulator state of a fixed-step clock. */
export interface StepClock {
  /** unit: s */
  readonly fixedTimeStep: number;
  readonly maxSubSteps: number;
  /** Time not yet simulated (unit: s). */
  acc: number;
}

/**
 * Advances a fixed-step clock by one frame: adds `frameTime` (unit: s, clamped to
 * `[0, fixedTimeStep · maxSubSteps]`, NaN counts as 0) to the accumulator and takes out whole steps.
 * @returns the number of fixed steps to take this frame (0 … maxSubSteps).
 */
export function advanceClock(clock: StepClock, frameTime: number): number {
  const h = clock.fixedTimeStep;
  const maxFrame = h * clock.maxSubSteps;
  const dt = frameTime > 0 ? (frameTime < maxFrame ? frameTime : maxFrame) : 0; // NaN → 0
  clock.acc += dt;
  let steps = 0;
  // The tolerance keeps e.g. 2 × (1/120) from leaving 1/60 − ε in the accumulator (0 steps, then 2).
  const eps = h * 1e-9;
  while (clock.acc >= h - eps && steps < clock.maxSubSteps) {
    clock.acc -= h;
    steps++;
  }
  if (clock.acc < 0) clock.acc = 0;
  // After maxSubSteps steps the clamp guarantees acc < h (up to rounding); keep the invariant exactly.
  if (clock.acc >= h) clock.acc = h * (1 - 1e-9);
  return steps;
}

function validateOptions(o: AttachPhysicsOptions): { h: number; maxSub: number } {
  const h = o.fixedTimeStep ?? 1 / 60;
  if (typeof h !== 'number' || !Number.isFinite(h) || !(h > 0)) {
    throw new PhysicsInputError(-1, 'fixedTimeStep', h, 'must be a finite number > 0 (unit: s)');
  }
  const maxSub = o.maxSubSteps ?? 4;
  if (typeof maxSub !== 'number' || !Number.isInteger(maxSub) || maxSub < 1) {
    throw new PhysicsInputError(-1, 'maxSubSteps', maxSub, 'must be an integer ≥ 1');
  }
  if (o.getFrameTime !== undefined && typeof o.getFrameTime !== 'function') {
    throw new PhysicsInputError(-1, 'getFrameTime', o.getFrameTime, 'must be a function returning seconds');
  }
  if (o.onAfterStep !== undefined && typeof o.onAfterStep !== 'function') {
    throw new PhysicsInputError(-1, 'onAfterStep', o.onAfterStep, 'must be a function');
  }
  return { h, maxSub };
}

function isTransformNode(n: unknown): n is TransformNode {
  return typeof n === 'object' && n !== null && 'position' in n && 'rotationQuaternion' in n;
}

/**
 * Steps `world` from `scene`'s render loop with a fixed time step, an accumulator and interpolated
 * transforms (see the file header). Several attachments may share a scene; one world should have
 * only one attachment.
 * @param scene the Babylon scene whose `onBeforeRenderObservable` drives the world.
 * @param world the physics world to step.
 * @param options fixed step (default 1/60 s), max sub-steps (default 4), frame clock, step callback.
 * @returns a handle to link nodes to bodies, pause, single-step and dispose.
 * @throws PhysicsInputError for a bad option (fixedTimeStep not finite > 0, maxSubSteps not an
 *   integer ≥ 1, getFrameTime / onAfterStep not functions); nothing is registered then.
 */
export function attachPhysics(
  scene: Scene, world: PhysicsWorld, options: AttachPhysicsOptions = {},
): PhysicsAttachment {
  const { h, maxSub } = validateOptions(options);
  const getFrameTime = options.getFrameTime ?? (() => scene.getEngine().getDeltaTime() / 1000);
  const onAfterStep = options.onAfterStep;
  const clock: StepClock = { fixedTimeStep: h, maxSubSteps: maxSub, acc: 0 };

  // Links: dense parallel arrays (swap-remove) plus node → slot for O(1) unlink.
  const nodes: TransformNode[] = [];
  const entities: number[] = [];
  const slotOf = new Map<TransformNode, number>();

  let stepsLastFrame = 0;
  let alpha = 0;
  let totalSteps = 0;
  let disposed = false;
  let observer: Observer<Scene> | null = null;

  function step(): void {
    stepWorld(world, h);
    totalSteps++;
    if (onAfterStep !== undefined) onAfterStep(world);
  }

  function writeTransforms(): void {
    const b = world.bodies;
    // Read the columns every frame: they are reallocated when the stores grow.
    const p = b.position, pp = b.prevPosition, q = b.orientation, pq = b.prevOrientation;
    const a = alpha, oneMinusA = 1 - alpha;
    for (let i = 0; i < nodes.length; i++) {
      const e = entities[i];
      if (!hasBody(world, e)) continue;
      const node = nodes[i];
      const ix = handleIndex(e); // handle → store index (components/entity-handle.ts)
      const e3 = 3 * ix, e4 = 4 * ix;
      node.position.set(
        pp[e3] * oneMinusA + p[e3] * a,
        pp[e3 + 1] * oneMinusA + p[e3 + 1] * a,
        pp[e3 + 2] * oneMinusA + p[e3 + 2] * a,
      );
      let x0 = pq[e4], y0 = pq[e4 + 1], z0 = pq[e4 + 2], w0 = pq[e4 + 3];
      const x1 = q[e4], y1 = q[e4 + 1], z1 = q[e4 + 2], w1 = q[e4 + 3];
      if (x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1 < 0) { x0 = -x0; y0 = -y0; z0 = -z0; w0 = -w0; }
      const x = x0 * oneMinusA + x1 * a, y = y0 * oneMinusA + y1 * a;
      const z = z0 * oneMinusA + z1 * a, w = w0 * oneMinusA + w1 * a;
      const len = Math.sqrt(x * x + y * y + z * z + w * w);
      const inv = len > 1e-12 ? 1 / len : 0;
      const rq = node.rotationQuaternion;
      if (inv === 0) rq?.set(x1, y1, z1, w1);
      else rq?.set(x * inv, y * inv, z * inv, w * inv);
    }
  }

  function onFrame(): void {
    if (disposed) return;
    if (handle.paused) {
      stepsLastFrame = 0;
    } else {
      const steps = advanceClock(clock, getFrameTime());
      for (let s = 0; s < steps; s++) step();
      stepsLastFrame = steps;
      alpha = clock.acc / h;
    }
    writeTransforms();
  }

  const handle: PhysicsAttachment = {
    world,
    fixedTimeStep: h,
    maxSubSteps: maxSub,
    get stepsLastFrame() { return stepsLastFrame; },
    get alpha() { return alpha; },
    get accumulator() { return clock.acc; },
    get totalSteps() { return totalSteps; },
    get linkCount() { return nodes.length; },
    get disposed() { return disposed; },
    paused: false,
    link(node: TransformNode, entity: number): void {
      if (disposed) throw new PhysicsInputError(entity, 'attachment', 'disposed', 'cannot link after dispose()');
      if (!isTransformNode(node)) {
        throw new PhysicsInputError(entity, 'node', node, 'must be a Babylon TransformNode (e.g. a Mesh)');
      }
      if (!hasBody(world, entity)) throw new UnknownEntityError(entity);
      node.rotationQuaternion ??= new Quaternion();
      const slot = slotOf.get(node);
      if (slot === undefined) {
        slotOf.set(node, nodes.length);
        nodes.push(node);
        entities.push(entity);
      } else {
        entities[slot] = entity;
      }
      const p = world.bodies.position, q = world.bodies.orientation, i = handleIndex(entity);
      node.position.set(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
      node.rotationQuaternion.set(q[4 * i], q[4 * i + 1], q[4 * i + 2], q[4 * i + 3]);
    },
    unlink(node: TransformNode): boolean {
      const slot = slotOf.get(node);
      if (slot === undefined) return false;
      const last = nodes.length - 1;
      if (slot !== last) {
        nodes[slot] = nodes[last];
        entities[slot] = entities[last];
        slotOf.set(nodes[slot], slot);
      }
      nodes.pop();
      entities.pop();
      slotOf.delete(node);
      return true;
    },
    entityOf(node: TransformNode): number {
      const slot = slotOf.get(node);
      return slot === undefined ? -1 : entities[slot];
    },
    stepOnce(): void {
      if (disposed) return;
      step();
      writeTransforms();
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      scene.onBeforeRenderObservable.remove(observer);
      observer = null;
      nodes.length = 0;
      entities.length = 0;
      slotOf.clear();
    },
  };

  observer = scene.onBeforeRenderObservable.add(onFrame);
  return handle;
}

/**
 * Adds a body and links `node` to it. Missing `position` / `orientation` in `def` are taken from the
 * node (`node.position`, and `node.rotationQuaternion`, or else `node.rotation` as Euler angles).
 * @returns the new entity id.
 * @throws PhysicsInputError for a bad body definition (nothing is added then), UnknownEntityError never.
 */
export function linkNewBody(
  world: PhysicsWorld, handle: PhysicsAttachment, node: TransformNode, def: BodyDef,
): number {
  if (!isTransformNode(node)) {
    throw new PhysicsInputError(-1, 'node', node, 'must be a Babylon TransformNode (e.g. a Mesh)');
  }
  if (handle.disposed) throw new PhysicsInputError(-1, 'attachment', 'disposed', 'cannot link after dispose()');
  if (handle.world !== world) {
    throw new PhysicsInputError(-1, 'attachment', 'other world', 'the handle belongs to another world');
  }
  // Plain arrays: Babylon's Vector3 / Quaternion are not passed on as they are (they carry a
  // `length()` method, which the engine's array-or-{x,y,z} readers would misread).
  const np = node.position;
  const nq = node.rotationQuaternion
    ?? Quaternion.FromEulerAngles(node.rotation.x, node.rotation.y, node.rotation.z);
  const position = def.position ?? [np.x, np.y, np.z];
  const orientation = def.orientation ?? [nq.x, nq.y, nq.z, nq.w];
  const e = addBody(world, { ...def, position, orientation });
  handle.link(node, e);
  return e;
}
