/**
 * The fast solver: soft-step projected Gauss–Seidel with substepping, warm starting, relaxation and
 * restitution (Catto, "Solver2D" 2024 / Box2D v3 soft step; friction projected onto the circular cone,
 * seed `001_14feb4e8b1fdd425.txt` via `research/seed-000-001-lcp-ccp.md` C3–C4).
 *
 * Per step of length h with n substeps (h_s = h / n):
 *   for each substep: integrate velocities → warm start → solve (soft bias) → integrate positions → relax
 *   then restitution once. The impulses left in the problem warm-start the next step.
 * See `README.md` in this folder for the equations, the parameters and why they were chosen.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { ConstraintSolver, SolveStats, StepContext } from '../constraint-solver';
import { integratePositions, integrateVelocities } from '../common/body-integration';
import {
  applyRestitutionRows, createPackedRows, currentSeparation, packRows, solveContactRows,
  unpackImpulses, warmStart, warmStartRows,
} from './contact-solve';
import {
  applyRestitutionBlocks, computeDelassusBlocks, createBlockScratch, markManifoldBlocks, solveContactBlocks,
} from './contact-block-solve';
import type { PgsOptions } from './pgs-options';
import { makeSoft, type Softness } from '../common/soft-constraint';
import { createJointSolveContext, solveJoints, warmStartJoints } from '../common/joint-solve'; // joints hook
import { beginJoints } from './pgs-joints';

export interface PgsSolver extends ConstraintSolver {
  readonly kind: 'pgs';
  readonly options: PgsOptions;
}

export function createPgsSolver(options: PgsOptions): PgsSolver {
  const soft: Softness = { biasRate: 0, massScale: 1, impulseScale: 0 };
  const stats: SolveStats = { iterations: 0 };
  const blocks = createBlockScratch();
  const jointCtx = createJointSolveContext(); // joints hook
  const rows = createPackedRows();
  return {
    kind: 'pgs',
    options,
    solve(problem: ConstraintProblem, bodies: SolverBodies, ctx: StepContext): SolveStats {
      const o = options;
      const n = o.substeps;
      const h = ctx.h / n;
      const invH = 1 / h;
      const maxHertz = 0.25 * invH;
      const hertz = o.contactHertz > 0 ? Math.min(o.contactHertz, maxHertz) : maxHertz;
      makeSoft(soft, hertz, o.contactDampingRatio, h);
      if (!o.warmStarting) problem.impulse.fill(0, 0, 3 * problem.contactCount);
      const exact = o.blockSolve === 'exact';
      const joints = ctx.joints !== undefined && ctx.joints.rowCount > 0 ? ctx.joints : undefined; // joints hook
      if (joints !== undefined) beginJoints(joints, bodies, jointCtx, o, h); // joints hook
      // The cone-projection sweeps run on an interleaved copy of the rows (contact-solve.ts); the exact
      // block sweeps on the problem itself.
      if (exact) {
        computeDelassusBlocks(problem, bodies, blocks);
        markManifoldBlocks(problem, blocks);
      }
      else packRows(problem, rows, bodies, o.manifoldSolve === 'block');
      // whether the separations stored in the packed rows match the pose deltas (true after packing)
      let separationsCurrent = true;
      for (let s = 0; s < n; s++) {
        integrateVelocities(bodies, h, o.maxAngularSpeed);
        if (joints !== undefined) warmStartJoints(joints, bodies, jointCtx); // joints hook: before contacts
        if (exact) warmStart(problem, bodies);
        else warmStartRows(rows, problem, bodies);
        for (let i = 0; i < o.iterations; i++) {
          if (joints !== undefined) solveJoints(joints, bodies, jointCtx, true); // joints hook
          if (exact) {
            solveContactBlocks(problem, bodies, blocks, o.friction, invH, soft, true, o.maxPushoutSpeed,
              currentSeparation);
          } else {
            solveContactRows(rows, problem, bodies, invH, soft, true, o.linearSlop, o.maxPushoutSpeed,
              !separationsCurrent);
            separationsCurrent = true;
          }
        }
        integratePositions(bodies, h);
        separationsCurrent = false;
        for (let i = 0; i < o.relaxIterations; i++) {
          if (joints !== undefined) solveJoints(joints, bodies, jointCtx, false); // joints hook
          if (exact) {
            solveContactBlocks(problem, bodies, blocks, o.friction, invH, soft, false, o.maxPushoutSpeed,
              currentSeparation);
          } else {
            solveContactRows(rows, problem, bodies, invH, soft, false, o.linearSlop, o.maxPushoutSpeed,
              !separationsCurrent);
            separationsCurrent = true;
          }
        }
      }
      if (exact) {
        // the eligible points of a manifold together, as the sweeps' normal pass
        applyRestitutionBlocks(problem, bodies, blocks, o.restitutionThreshold);
      } else {
        // one pass (Box2D v3): with manifoldSolve 'block' it is exact for each manifold on its own
        applyRestitutionRows(rows, problem, bodies, o.restitutionThreshold);
        unpackImpulses(rows, problem);
      }
      stats.iterations = n * (o.iterations + o.relaxIterations);
      return stats;
    },
  };
}
