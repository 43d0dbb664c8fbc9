/**
 * The step's one store stage after the solve: the only place where the solver's results go back to the
 * ECS stores (with `integrate`, which scatters the poses and velocities).
 * - contacts: each point's accumulated impulses (n, t1, t2) into the contact store, keyed by its slot,
 *   for the next step's warm start (`assembly.ts` `storeImpulses`);
 * - joints: each row's force (impulse / impulse time) for warm starting, the step-averaged row forces,
 *   the constraint force and torque on body B, and breaking (`joint-rows.ts` `storeJointResults`).
 */

import type { ContactStore } from '../../components/contact';
import type { JointStore } from '../../components/joint';
import type { SolverProblem } from '../solve/constraint-solver';
import { storeImpulses } from './assembly';
import { storeJointResults } from './joint-rows';

/** Stores the solved problem's results; `broken` receives the entity ids of the joints that broke. */
export function storeResults(problem: SolverProblem, contacts: ContactStore, joints: JointStore, broken: number[]): void {
  storeImpulses(problem.contacts, contacts);
  storeJointResults(joints, problem.joints, broken);
}
