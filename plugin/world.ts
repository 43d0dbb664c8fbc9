/**
 * The physics world: one bitecs world holding this world's own component stores, the contact store,
 * the step's scratch (broadphase, narrowphase, solver bodies, constraint problem) and the solver.
 * Each world owns its stores, so several worlds with different solvers can run side by side.
 */

import { createWorld, type World } from 'bitecs';
import { createHandleTable, type HandleTable } from '../components/entity-handle';
import { createContinuousState, type ContinuousState } from '../systems/integrate/continuous';
import { createRigidBodyStore, type RigidBodyStore } from '../components/rigid-body';
import { createColliderStore, type ColliderStore } from '../components/collider';
import { createJointStore, type JointStore } from '../components/joint';
import { createContactStore, type ContactStore } from '../components/contact';
import { createBroadphase, type BroadphaseState } from '../systems/broadphase/broadphase';
import { createNarrowphase, type NarrowphaseState } from '../systems/narrowphase/narrowphase';
import { createSolverBodies, type SolverBodies } from '../systems/assembly/solver-bodies';
import { createConstraintProblem, type ConstraintProblem } from '../systems/assembly/constraint-problem';
import type { JointStage } from '../systems/assembly/joint-stage';
import { createIslandState, type IslandState } from '../systems/islands/islands';
import type { ConstraintSolver, SolverKind, SolverProblem, StepContext } from '../systems/solve/constraint-solver';
import { createPgsSolver } from '../systems/solve/pgs/pgs-solver';
import { defaultPgsOptions, type PgsExperiments, type PgsOptions, type PgsSolverConfig } from '../systems/solve/pgs/pgs-options';
import type { LcpExperiments } from '../systems/solve/lcp/lcp-options';
import type { LcpOptions } from './accurate-solver';
import { getExactBlockSolve, getSolverFactory, registeredSolvers, type SolverOptions } from './solver-registry';
import type { QueryScratch } from '../systems/queries/ray-cast';
import { createProfiler, now, type Profiler } from './profiler';
import { FrictionLawNotRegisteredError, SolverNotRegisteredError, WorldInputError } from './errors';
import { readVec3, type Vec3Like } from './validate';

export interface PhysicsWorldOptions {
  /** Gravity (unit: m/s², world frame, default (0, −9.81, 0)). */
  gravity?: Vec3Like;
  /** Contact solver (default 'pgs', the fast solver). 'lcp', the accurate solver, needs
   * `import 'babylon-ecs-physics/accurate'` first; without it this throws `SolverNotRegisteredError`. */
  solver?: SolverKind;
  /** PGS solver options (see `PgsOptions`). */
  pgs?: Partial<PgsOptions>;
  /** Friction law of the world (default 'coulomb'); shorthand for `pgs.friction`. 'max-dissipation'
   * selects the exact per-contact block solve (Preclik, Eibl & Rüde 2018), which needs
   * `import 'babylon-ecs-physics/max-dissipation'` first; without it this throws
   * `FrictionLawNotRegisteredError`. */
  friction?: 'coulomb' | 'max-dissipation';
  /** Accurate (Stewart–Trinkle LCP) solver options (see `LcpOptions`). */
  lcp?: Partial<LcpOptions>;
  /** @internal Switches for experiments and benchmarks (`PgsExperiments`, `LcpExperiments`), not public options. */
  experiments?: Partial<PgsExperiments & LcpExperiments>;
  /** Distance below which shapes produce (speculative) contact points (unit: m, default 0.02). */
  contactMargin?: number;
  /** Record per-stage times and counts (default false). */
  profile?: boolean;
  /** Initial entity capacity; stores grow as needed (default 64). */
  initialCapacity?: number;
  /** Sleeping (default on): islands whose bodies all stay below 0.05 m/s and 0.05 rad/s for 0.5 s
   * sleep and cost nothing until something wakes them (`systems/islands/islands.ts`). `false` turns it
   * off (benchmarks compare with it off); `sleeping({ ... })` from `plugin/sleep.ts` sets the
   * thresholds. `setSleepEnabled` switches it at run time. */
  sleep?: IslandState | boolean;
  /** Throw a `NonFiniteStateError` after a step in which a body's state became non-finite (default false:
   * the body is only reported in `nonFiniteBodies`; it is contained either way). */
  throwOnNonFinite?: boolean;
}

/**
 * A physics world: what an app reads and calls besides the functions (`addBody`, `stepWorld`, ...).
 *
 * The same object also carries the engine's internals (component stores, broadphase and narrowphase
 * state, the solver problem and scratch), tagged internal below: the engine's own systems use them,
 * the published type declarations and the API reference leave them out (`stripInternal`), and they may
 * change in any release. An app that adds its own components to the engine's entities uses `ecs`.
 */
export interface PhysicsWorld {
  /** The kind of the current contact solver: 'pgs' (fast) or 'lcp' (accurate). */
  readonly solverKind: SolverKind;
  /** The bitecs world (entity index and queries). */
  readonly ecs: World;
  /** Gravity `[3]` (unit: m/s², world frame). Write to change it. */
  readonly gravity: Float64Array;
  /** @internal RigidBody component store of this world (also the bitecs component). */
  readonly bodies: RigidBodyStore;
  /** @internal Collider component store of this world. */
  readonly colliders: ColliderStore;
  /** @internal Joint component store of this world. */
  readonly joints: JointStore;
  /** @internal The generation of every entity index (`components/entity-handle.ts`): the public handles
   * of bodies, colliders and joints are generation × 2²² + index. */
  readonly handles: HandleTable;
  /** Pooled contact manifolds and begin / end events of the last step. */
  readonly contacts: ContactStore;
  /** @internal */
  readonly broadphase: BroadphaseState;
  /** @internal */
  readonly narrowphase: NarrowphaseState;
  /** @internal */
  readonly solverBodies: SolverBodies;
  /** @internal */
  readonly problem: ConstraintProblem;
  /** @internal The joint stage (`systems/assembly/joint-stage.ts`): installed by the first `addJoint`,
   * undefined while the world never had a joint (the step then skips the joint rows). */
  jointStage: JointStage | undefined;
  /** Islands, sleeping and waking (`systems/islands/islands.ts`), when sleeping is on; undefined
   * otherwise (`setSleepEnabled` in `plugin/sleep.ts` switches it at run time). */
  islands: IslandState | undefined;
  /** @internal What the solver receives each step: `{ contacts: problem }`, and the joint rows
   * (`joints`, `systems/assembly/joint-rows.ts`) with the joint stage's kernels once it is installed. */
  readonly solverProblem: SolverProblem;
  /** @internal Scratch of the world queries, made by the first query (`plugin/queries.ts`, so an app
   * without queries does not ship them); queries are not re-entrant. */
  queries: QueryScratch | undefined;
  /** @internal The current contact solver. */
  solver: ConstraintSolver;
  readonly profiler: Profiler;
  /** Speculative contact distance (unit: m). */
  contactMargin: number;
  /** Steps taken so far. */
  stepCount: number;
  /** Simulated time (unit: s). */
  time: number;
  /** Bodies whose state became non-finite in the last step (they were stopped), by handle. */
  readonly nonFiniteBodies: number[];
  /** Joints that broke in the last step (their force or torque exceeded `breakForce` / `breakTorque`),
   * by handle; valid until the next step. A broken joint stays in the world, disabled. */
  readonly brokenJoints: number[];
  /** @internal Scratch of the continuous pass (`systems/integrate/continuous.ts`). */
  readonly continuous: ContinuousState;
  /** @internal The context handed to the solver (reused every step). */
  readonly stepContext: StepContext;
  /** Throw `NonFiniteStateError` after a step that contained a non-finite body (boolean; checked at
   * the start of every step). */
  throwOnNonFinite: boolean;
  /** Steps in which the contact solver failed internally (an error, or a non-finite result) and the fast
   * solver solved the step instead. */
  solverFallbacks: number;
  /** @internal The fast solver used for those steps (made at the first failure). */
  fallbackSolver: ConstraintSolver | undefined;
  /** Switches the contact solver; takes effect at the next step. Warm-start impulses are kept.
   * @throws SolverNotRegisteredError for 'lcp' without `import 'babylon-ecs-physics/accurate'` (the
   * world keeps its solver); PhysicsInputError for bad options. */
  setSolver(kind: SolverKind, options?: SolverOptions): void;
}

export function createPhysicsWorld(options: PhysicsWorldOptions = {}): PhysicsWorld {
  if (typeof options !== 'object' || options === null) {
    throw new WorldInputError('options', options, 'must be an options object (or omitted)');
  }
  for (const key of ['profile', 'throwOnNonFinite'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') {
      throw new WorldInputError(key, options[key], 'must be true or false');
    }
  }
  const gravity = options.gravity === undefined
    ? new Float64Array([0, -9.81, 0])
    : new Float64Array(readVec3(-1, 'gravity', options.gravity, 'world'));
  const margin = options.contactMargin ?? 0.02;
  if (typeof margin !== 'number' || !(margin >= 0) || !Number.isFinite(margin)) {
    throw new WorldInputError('contactMargin', margin, 'must be a finite number ≥ 0');
  }
  const cap = options.initialCapacity ?? 64;
  if (!Number.isInteger(cap) || cap < 1) {
    throw new WorldInputError('initialCapacity', cap, 'must be a positive integer');
  }
  const sleep = options.sleep === undefined || options.sleep === true ? createIslandState()
    : options.sleep === false ? undefined : options.sleep;
  if (sleep !== undefined && (typeof sleep !== 'object' || sleep === null || typeof sleep.stage !== 'object')) {
    throw new WorldInputError('sleep', sleep, 'must be true, false or sleeping({ ... }) from plugin/sleep.ts');
  }
  const pgs = options.friction === undefined ? options.pgs : { friction: options.friction, ...options.pgs };
  const solver = makeSolver(options.solver ?? 'pgs', { pgs, lcp: options.lcp, experiments: options.experiments });
  const joints = createJointStore();
  const broadphase = createBroadphase();
  broadphase.excludedPairs = joints.excludedPairs;
  const problem = createConstraintProblem();
  const world: PhysicsWorld = {
    ecs: createWorld(),
    gravity,
    bodies: createRigidBodyStore(cap),
    colliders: createColliderStore(cap),
    joints,
    handles: createHandleTable(cap),
    contacts: createContactStore(),
    broadphase,
    narrowphase: createNarrowphase(),
    solverBodies: createSolverBodies(cap),
    problem,
    jointStage: undefined,
    islands: sleep,
    solverProblem: { contacts: problem, joints: undefined, jointKernels: undefined, fastJoints: undefined },
    queries: undefined,
    solver,
    profiler: createProfiler(options.profile ?? false),
    contactMargin: margin,
    stepCount: 0,
    time: 0,
    nonFiniteBodies: [],
    throwOnNonFinite: options.throwOnNonFinite ?? false,
    solverFallbacks: 0,
    fallbackSolver: undefined,
    brokenJoints: [],
    continuous: createContinuousState(),
    stepContext: { h: 1 / 60, gravity, profile: false, clock: now, detail: {} },
    get solverKind() { return this.solver.kind; },
    setSolver(kind, opts) {
      this.solver = makeSolver(kind, opts === undefined ? {} : opts);
      // the new solver reports its own details; drop the old one's (allocation at switch time only)
      this.stepContext.detail = {};
    },
  };
  return world;
}

/**
 * Builds the solver `kind`: the fast solver here, any other from the solver registry
 * (`./solver-registry.ts`; the accurate `'lcp'` is registered by `babylon-ecs-physics/accurate`).
 * @throws SolverNotRegisteredError when `kind` is not registered (it names the import to add).
 */
function makeSolver(kind: SolverKind, opts: SolverOptions): ConstraintSolver {
  if (typeof opts !== 'object' || opts === null) throw new WorldInputError('solver options', opts, 'must be an object');
  for (const key of ['pgs', 'lcp'] as const) {
    const v: unknown = opts[key];
    if (v !== undefined && (typeof v !== 'object' || v === null)) throw new WorldInputError(key, v, 'must be an options object');
  }
  if (kind === 'pgs') {
    const o = resolvePgsOptions(opts.pgs, opts.experiments);
    const exactBlocks = o.blockSolve === 'exact' ? getExactBlockSolve() : undefined;
    if (o.blockSolve === 'exact' && exactBlocks === undefined) {
      throw o.friction === 'max-dissipation'
        ? new FrictionLawNotRegisteredError('friction', o.friction)
        : new FrictionLawNotRegisteredError('pgs.blockSolve', o.blockSolve);
    }
    return createPgsSolver(o, exactBlocks);
  }
  const factory = getSolverFactory(kind);
  if (factory === undefined) throw new SolverNotRegisteredError(kind, ['pgs', ...registeredSolvers()]);
  return factory(opts);
}

function resolvePgsOptions(partial: Partial<PgsOptions> | undefined, ex: Partial<PgsExperiments> | undefined): PgsSolverConfig {
  const o: PgsSolverConfig = { ...defaultPgsOptions(), ...partial };
  if (ex?.manifoldSolve !== undefined) o.manifoldSolve = ex.manifoldSolve;
  if (ex?.jointSolver !== undefined) o.jointSolver = ex.jointSolver;
  if (o.friction !== 'coulomb' && o.friction !== 'max-dissipation') {
    throw new WorldInputError('friction', o.friction, "must be 'coulomb' or 'max-dissipation'");
  }
  if (o.blockSolve !== 'cone-projection' && o.blockSolve !== 'exact') {
    throw new WorldInputError('pgs.blockSolve', o.blockSolve, "must be 'cone-projection' or 'exact'");
  }
  const ms = o.manifoldSolve;
  if (ms !== 'block' && ms !== 'block-rows' && ms !== 'block-last-relax' && ms !== 'block-relax' && ms !== 'block-always' && ms !== 'rows') {
    throw new WorldInputError('experiments.manifoldSolve', ms, "must be 'block', 'block-rows', 'block-last-relax', 'block-relax', 'block-always' or 'rows'");
  }
  if (o.jointSolver !== 'direct' && o.jointSolver !== 'gauss-seidel') {
    throw new WorldInputError('experiments.jointSolver', o.jointSolver, "must be 'direct' or 'gauss-seidel'");
  }
  if (o.friction === 'max-dissipation') {
    if (partial?.blockSolve === 'cone-projection') {
      throw new WorldInputError('pgs.blockSolve', 'cone-projection',
        "the 'max-dissipation' friction law needs blockSolve 'exact'");
    }
    o.blockSolve = 'exact';
  }
  return validatePgsOptions(o);
}

function validatePgsOptions<T extends PgsOptions>(o: T): T {
  const ints: (keyof PgsOptions)[] = ['substeps', 'iterations'];
  for (const k of ints) {
    const v = o[k] as number;
    if (!Number.isInteger(v) || v < 1) throw new WorldInputError(`pgs.${k}`, v, 'must be an integer ≥ 1');
  }
  if (!Number.isInteger(o.relaxIterations) || o.relaxIterations < 0) {
    throw new WorldInputError('pgs.relaxIterations', o.relaxIterations, 'must be an integer ≥ 0');
  }
  for (const k of ['warmStarting', 'gyroscopic'] as const) {
    if (typeof o[k] !== 'boolean') throw new WorldInputError(`pgs.${k}`, o[k], 'must be true or false');
  }
  const nonNeg: (keyof PgsOptions)[] = ['contactHertz', 'contactDampingRatio', 'maxPushoutSpeed', 'linearSlop',
    'restitutionThreshold', 'maxAngularSpeed', 'jointHertz', 'jointDampingRatio'];
  for (const k of nonNeg) {
    const v = o[k] as number;
    if (!Number.isFinite(v) || v < 0) throw new WorldInputError(`pgs.${k}`, v, 'must be a finite number ≥ 0');
  }
  if (typeof o.maxLinearSpeed !== 'number' || !(o.maxLinearSpeed > 0)) {
    throw new WorldInputError('pgs.maxLinearSpeed', o.maxLinearSpeed, 'must be a number > 0 (unit: m/s; Infinity: no limit)');
  }
  return o;
}
