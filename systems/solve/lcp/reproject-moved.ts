/**
 * The accurate solver's `reproject` (`ConstraintSolver.reproject`): after the continuous pass moved
 * bodies back to their time of impact (`systems/integrate/continuous.ts`), each along its own straight
 * path, their joints are open by O(Δθ²) (8.5e-5 m on a 6-link chain); the rigid rows are projected again
 * from the moved poses (`projectJointPositions`, the step's 3b) and the moved bodies take the projected
 * poses. Poses only: velocities are kept. Here rather than in the step so that worlds without the
 * accurate solver do not carry it.
 */

import type { RigidBodyStore } from '../../../components/rigid-body';
import { quatMultiply } from '../../../math/quat';
import type { JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { projectJointPositions, type ImplicitJoints } from './joint-implicit';

/**
 * The moved bodies' pose deltas from the step's start pose (`store.prevPosition` / `prevOrientation`) into
 * `sb.dp` / `sb.dq`, the projection of the joint rows `p` (step h, s), and the moved bodies' projected
 * poses back into the store (x = x₀ + Δp, q = normalize(Δq ⊗ q₀), as `integrateBodies`). `moved[0 .. count)`:
 * entity ids (a body listed twice is written twice, with the same values).
 */
export function reprojectMoved(
  s: ImplicitJoints, p: JointProblem, sb: SolverBodies, h: number, store: RigidBodyStore, moved: Int32Array, count: number,
): void {
  const pos = store.position, q = store.orientation, p0 = store.prevPosition, q0 = store.prevOrientation;
  for (let k = 0; k < count; k++) {
    const e = moved[k], i = sb.indexOfEntity[e];
    if (i < 0) continue;
    const e3 = 3 * e, e4 = 4 * e, i3 = 3 * i, i4 = 4 * i;
    sb.dp[i3] = pos[e3] - p0[e3]; sb.dp[i3 + 1] = pos[e3 + 1] - p0[e3 + 1]; sb.dp[i3 + 2] = pos[e3 + 2] - p0[e3 + 2];
    // Δq = q ⊗ conj(q₀)
    const ax = q[e4], ay = q[e4 + 1], az = q[e4 + 2], aw = q[e4 + 3];
    const bx = -q0[e4], by = -q0[e4 + 1], bz = -q0[e4 + 2], bw = q0[e4 + 3];
    sb.dq[i4] = aw * bx + ax * bw + ay * bz - az * by;
    sb.dq[i4 + 1] = aw * by - ax * bz + ay * bw + az * bx;
    sb.dq[i4 + 2] = aw * bz + ax * by - ay * bx + az * bw;
    sb.dq[i4 + 3] = aw * bw - ax * bx - ay * by - az * bz;
  }
  projectJointPositions(s, p, sb, h);
  for (let k = 0; k < count; k++) {
    const e = moved[k], i = sb.indexOfEntity[e];
    if (i < 0) continue;
    const e3 = 3 * e, e4 = 4 * e, i3 = 3 * i, i4 = 4 * i;
    pos[e3] = p0[e3] + sb.dp[i3]; pos[e3 + 1] = p0[e3 + 1] + sb.dp[i3 + 1]; pos[e3 + 2] = p0[e3 + 2] + sb.dp[i3 + 2];
    quatMultiply(q, e4, sb.dq, i4, q0, e4);
    const inv = 1 / Math.sqrt(q[e4] * q[e4] + q[e4 + 1] * q[e4 + 1] + q[e4 + 2] * q[e4 + 2] + q[e4 + 3] * q[e4 + 3]);
    q[e4] *= inv; q[e4 + 1] *= inv; q[e4 + 2] *= inv; q[e4 + 3] *= inv;
  }
}
