/**
 * The joint kernels the fast solver reaches through the world's joint stage
 * (`systems/assembly/joint-stage.ts`) rather than by import: the solve context, the start of a joint
 * step, the warm start and the Gauss–Seidel / direct sweeps of `joint-solve.ts`.
 *
 * Why a table: an app that never makes a joint must not ship the joint solve (about 20 KB minified
 * with the direct solver of `joint-direct.ts`). `addJoint` installs the stage, whose `kernels` is
 * {@link JOINT_KERNELS}; the fast solver (`../pgs/pgs-solver.ts`) imports only the type below and
 * takes the table from `SolverProblem.jointKernels`, set from the first joint on. The accurate solver
 * (an opt-in entry) imports the kernels directly.
 */

import { beginJointStep, createJointSolveContext, solveJoints, warmStartJoints, type JointSolveContext } from './joint-solve';
import {
  beginCoupling, createJointContactCoupling, finishCoupling, solveCoupling, warmStartCoupling,
} from './joint-contact-coupling';

/** The joint solve as the fast solver calls it (each member is the `joint-solve.ts` function named). */
export interface JointKernels {
  /** `createJointSolveContext`: one per solver (allocates; made at the solver's first joint step). */
  createContext(): JointSolveContext;
  /** `beginJointStep`: bias rate, mass / impulse scales, impulse bounds, warm start, direct islands. */
  beginStep: typeof beginJointStep;
  /** `warmStartJoints`: start of a substep (rows re-evaluated at the current pose, their warm-start
   * impulses applied). */
  warmStart: typeof warmStartJoints;
  /** `solveJoints`: one Gauss–Seidel sweep over the rows (biased, or the relax sweep). */
  solve: typeof solveJoints;
  /** The contact rows solved through the direct joint islands (`joint-contact-coupling.ts`): its state
   * (one per solver), and its start of step, substep warm start, pass after each joint sweep and end of step. */
  createCoupling: typeof createJointContactCoupling;
  beginCoupling: typeof beginCoupling;
  warmStartCoupling: typeof warmStartCoupling;
  solveCoupling: typeof solveCoupling;
  finishCoupling: typeof finishCoupling;
}

/** The kernels of `joint-solve.ts` (read only; the same for every world). */
export const JOINT_KERNELS = {
  createContext: createJointSolveContext,
  beginStep: beginJointStep,
  warmStart: warmStartJoints,
  solve: solveJoints,
  createCoupling: createJointContactCoupling,
  beginCoupling,
  warmStartCoupling,
  solveCoupling,
  finishCoupling,
} as const satisfies JointKernels;
