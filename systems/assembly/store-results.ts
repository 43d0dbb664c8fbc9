/**
 * The step's one store stage after the solve: the only place where the solver's results go back to the
 * ECS stores (with `integrate`, which scatters the poses and velocities).
 * - contacts: each point's accumulated impulses (n, t1, t2) into the contact store, keyed by its slot,
 *   for the next step's warm start (`assembly.ts` `storeImpulses`);
 * - joints: each row's force (impulse / impulse time) for warm starting, the step-averaged row forces,
 *   the constraint force and torque on body B, and breaking (`joint-rows.ts` `storeJointResults`,
 *   called through the world's joint stage, `joint-stage.ts`: a world that never had a joint has no
 *   joint results, and an app without joints does not ship that code).
 */

import type { ContactStore } from '../../components/contact';
import type { RigidBodyStore } from '../../components/rigid-body';
import type { JointStore } from '../../components/joint';
import type { SolverProblem } from '../solve/constraint-solver';
import { storeImpulses } from './assembly';
import type { JointStage } from './joint-stage';

/** Stores the solved problem's results; `broken` receives the entity ids of the joints that broke.
 * `jointStage` is the world's (undefined while it never had a joint: then only the contacts). */
export function storeResults(
  problem: SolverProblem, contacts: ContactStore, bodies: RigidBodyStore, joints: JointStore, broken: number[],
  jointStage: JointStage | undefined,
): void {
  storeImpulses(problem.contacts, contacts, bodies);
  if (jointStage !== undefined && problem.joints !== undefined) jointStage.store(joints, problem.joints, broken);
}
