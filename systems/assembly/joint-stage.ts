/**
 * The joint stage of the step: what a world runs for its joints once it has had one. `addJoint`
 * (`plugin/joints.ts`) installs it on the world (`world.jointStage`, and its kernels on
 * `world.solverProblem.jointKernels`) the first time a joint is made; from then on the step assembles
 * the joint rows (stage 4), the fast solver solves them with the contacts (stage 5) and the results go
 * back to the joint store (`store-results.ts`), exactly as before the stage existed. A world without
 * a joint skips all three and has no joint problem (`SolverProblem.joints` undefined: no joint rows,
 * which is what the assembly would have produced).
 *
 * Why a stage: the joint code (the joint problem and row assembly of `joint-rows.ts`, the Gauss–Seidel and direct
 * solves of `systems/solve/common/`, the fast solver's joint part `systems/solve/pgs/pgs-joints.ts`) is the largest part of the step, and an app that never imports `addJoint`
 * must not ship it. The step, the results stage and the fast solver reach it only through this table;
 * a bundler then drops it from an app without joints. The stage is a read-only table of pure
 * functions (the same for every world); the scratch stays on the world's joint problem and on the
 * solver.
 */

import type { JointStore } from '../../components/joint';
import { jointGroup, type JointGroupFn } from '../integrate/continuous';
import { clearJointCaches, clearNonFiniteJointCaches } from '../integrate/non-finite';
import type { RigidBodyStore } from '../../components/rigid-body';
import { JOINT_KERNELS, type JointKernels } from '../solve/common/joint-kernels';
import { createPgsJoints, type PgsJoints } from '../solve/pgs/pgs-joints';
import { assembleJoints, createJointProblem, storeJointResults, type JointProblem } from './joint-rows';
import type { SolverBodies } from './solver-bodies';

/** What the step calls for the joints of a world that has had one. */
export interface JointStage {
  /** `assembleJoints`: gathers the enabled joints into the joint problem and decides their rows, at the
   * start-of-step pose (after `gatherBodies`); returns the number of rows. */
  assemble(js: JointStore, bodies: RigidBodyStore, sb: SolverBodies, p: JointProblem): number;
  /** `storeJointResults`: the rows' forces back to the joint store (warm start, reported force and
   * torque) and breaking (the broken joints' entity ids appended to `broken`). */
  store(js: JointStore, p: JointProblem, broken: number[]): void;
  /** The joint solve both solvers call (`SolverProblem.jointKernels`). */
  kernels: JointKernels;
  /** The fast solver's joint part (`SolverProblem.fastJoints`). */
  fastJoints: (k: JointKernels) => PgsJoints;
  /** Makes the world's joint problem (`SolverProblem.joints`), once, when the stage is installed. */
  createProblem: () => JointProblem;
  /** Fault containment's joint half (`integrate/non-finite.ts`): clears the caches of body e's joints. */
  clearCaches(js: JointStore, e: number): void;
  /** Clears the caches of every joint whose warm-start forces are not finite. */
  clearNonFinite(js: JointStore): void;
  /** The continuous pass's joint groups (`integrate/continuous.ts` `jointGroup`). */
  group: JointGroupFn;
}

/** The joint stage (read only; the same for every world). */
export const JOINT_STAGE = {
  assemble: assembleJoints,
  store: storeJointResults,
  kernels: JOINT_KERNELS,
  fastJoints: createPgsJoints,
  createProblem: () => createJointProblem(),
  clearCaches: clearJointCaches,
  clearNonFinite: clearNonFiniteJointCaches,
  group: jointGroup,
} as const satisfies JointStage;
