/**
 * The physics world: one bitecs world holding this world's own component stores, the contact store,
 * the step's scratch (broadphase, narrowphase, solver bodies, constraint problem) and the solver.
 * Each world owns its stores, so several worlds with different solvers can run side by side.
 */

import { createWorld, type World } from 'bitecs';
import { createRigidBodyStore, type RigidBodyStore } from '../components/rigid-body';
import { createColliderStore, type ColliderStore } from '../components/collider';
import { createJointStore, type JointStore } from '../components/joint';
import { createContactStore, type ContactStore } from '../components/contact';
import { createBroadphase, type BroadphaseState } from '../systems/broadphase/broadphase';
import { createNarrowphase, type NarrowphaseState } from '../systems/narrowphase/narrowphase';
import { createSolverBodies, type SolverBodies } from '../systems/assembly/solver-bodies';
import { createConstraintProblem, type ConstraintProblem } from '../systems/assembly/constraint-problem';
import type { ConstraintSolver, SolverKind, StepContext } from '../systems/solve/constraint-solver';
import { createPgsSolver } from '../systems/solve/pgs/pgs-solver';
import { defaultPgsOptions, type PgsOptions } from '../systems/solve/pgs/pgs-options';
import { createProfiler, type Profiler } from './profiler';
import { PhysicsInputError } from './errors';
import { readVec3, type Vec3Like } from './validate';

export interface PhysicsWorldOptions {
  /** Gravity (unit: m/s², world frame, default (0, −9.81, 0)). */
  gravity?: Vec3Like;
  /** Contact solver (default 'pgs'). */
  solver?: SolverKind;
  /** PGS solver options (see `PgsOptions`). */
  pgs?: Partial<PgsOptions>;
  /** Distance below which shapes produce (speculative) contact points (unit: m, default 0.02). */
  contactMargin?: number;
  /** Record per-stage times and counts (default false). */
  profile?: boolean;
  /** Initial entity capacity; stores grow as needed (default 64). */
  initialCapacity?: number;
}

export interface PhysicsWorld {
  /** The bitecs world (entity index and queries). */
  readonly ecs: World;
  /** Gravity `[3]` (unit: m/s², world frame). Write to change it. */
  readonly gravity: Float64Array;
  /** RigidBody component store of this world (also the bitecs component). */
  readonly bodies: RigidBodyStore;
  /** Collider component store of this world. */
  readonly colliders: ColliderStore;
  /** Joint component store of this world. */
  readonly joints: JointStore;
  /** Pooled contact manifolds and begin / end events of the last step. */
  readonly contacts: ContactStore;
  readonly broadphase: BroadphaseState;
  readonly narrowphase: NarrowphaseState;
  readonly solverBodies: SolverBodies;
  readonly problem: ConstraintProblem;
  /** The current contact solver. */
  solver: ConstraintSolver;
  readonly profiler: Profiler;
  /** Speculative contact distance (unit: m). */
  contactMargin: number;
  /** Steps taken so far. */
  stepCount: number;
  /** Simulated time (unit: s). */
  time: number;
  /** Bodies whose state became non-finite in the last step (they were stopped), by entity id. */
  readonly nonFiniteBodies: number[];
  /** The context handed to the solver (reused every step). */
  readonly stepContext: StepContext;
  /** Switches the contact solver; takes effect at the next step. Warm-start impulses are kept. */
  setSolver(kind: SolverKind, options?: { pgs?: Partial<PgsOptions> }): void;
}

export function createPhysicsWorld(options: PhysicsWorldOptions = {}): PhysicsWorld {
  const gravity = options.gravity === undefined
    ? new Float64Array([0, -9.81, 0])
    : new Float64Array(readVec3(-1, 'gravity', options.gravity));
  const margin = options.contactMargin ?? 0.02;
  if (!(margin >= 0) || !Number.isFinite(margin)) {
    throw new PhysicsInputError(-1, 'contactMargin', margin, 'must be a finite number ≥ 0');
  }
  const cap = options.initialCapacity ?? 64;
  if (!Number.isInteger(cap) || cap < 1) {
    throw new PhysicsInputError(-1, 'initialCapacity', cap, 'must be a positive integer');
  }
  const solver = makeSolver(options.solver ?? 'pgs', options.pgs);
  const world: PhysicsWorld = {
    ecs: createWorld(),
    gravity,
    bodies: createRigidBodyStore(cap),
    colliders: createColliderStore(cap),
    joints: createJointStore(),
    contacts: createContactStore(),
    broadphase: createBroadphase(),
    narrowphase: createNarrowphase(),
    solverBodies: createSolverBodies(cap),
    problem: createConstraintProblem(),
    solver,
    profiler: createProfiler(options.profile ?? false),
    contactMargin: margin,
    stepCount: 0,
    time: 0,
    nonFiniteBodies: [],
    stepContext: { h: 1 / 60, gravity },
    setSolver(kind, opts) {
      this.solver = makeSolver(kind, opts?.pgs);
    },
  };
  return world;
}

function makeSolver(kind: SolverKind, pgs: Partial<PgsOptions> | undefined): ConstraintSolver {
  if (kind === 'pgs') return createPgsSolver(validatePgsOptions({ ...defaultPgsOptions(), ...pgs }));
  throw new PhysicsInputError(-1, 'solver', kind, "unknown solver (available: 'pgs')");
}

function validatePgsOptions(o: PgsOptions): PgsOptions {
  const ints: (keyof PgsOptions)[] = ['substeps', 'iterations'];
  for (const k of ints) {
    const v = o[k] as number;
    if (!Number.isInteger(v) || v < 1) throw new PhysicsInputError(-1, `pgs.${k}`, v, 'must be an integer ≥ 1');
  }
  if (!Number.isInteger(o.relaxIterations) || o.relaxIterations < 0) {
    throw new PhysicsInputError(-1, 'pgs.relaxIterations', o.relaxIterations, 'must be an integer ≥ 0');
  }
  const nonNeg: (keyof PgsOptions)[] = ['contactHertz', 'contactDampingRatio', 'maxPushoutSpeed', 'linearSlop',
    'restitutionThreshold', 'maxAngularSpeed'];
  for (const k of nonNeg) {
    const v = o[k] as number;
    if (!Number.isFinite(v) || v < 0) throw new PhysicsInputError(-1, `pgs.${k}`, v, 'must be a finite number ≥ 0');
  }
  return o;
}
