/**
 * The fast solver: soft-step projected Gauss–Seidel with substepping, warm starting, relaxation and
 * restitution (Catto, "Solver2D" 2024 / Box2D v3 soft step; friction projected onto the circular cone,
 * Tasora & Anitescu 2011; Anitescu & Tasora 2010).
 *
 * Per step of length h with n substeps (h_s = h / n):
 *   for each substep: integrate velocities (and the gyroscopic term, `integrateGyroscopic`) → warm start → solve (soft bias) → shock propagation (heavy
 *   bodies on light supported ones, `shock-propagation.ts`) → integrate positions → relax
 *   then restitution once. The impulses left in the problem warm-start the next step (a point's impact
 *   in the step's last substep left out, `sustained-impulse.ts`).
 * See `README.md` in this folder for the equations, the parameters and why they were chosen.
 */

import type { SolverBodies } from '../../assembly/solver-bodies';
import type { ConstraintSolver, SolverProblem, SolveStats, StepContext } from '../constraint-solver';
import { integrateGyroscopic, integratePositions, integrateVelocities } from '../common/body-integration';
import { createContactStrategy, type ContactStrategyFactory } from './contact-strategy';
import type { PgsSolverConfig } from './pgs-options';
import { makeSoft, type Softness } from '../common/soft-constraint';
import type { PgsJoints } from './pgs-joints';
import { createSupportSeed, seedSupports } from './rest-load';
import { applyShockPropagation, beginShockPropagation, createShockPropagation } from './shock-propagation';

export interface PgsSolver extends ConstraintSolver {
  readonly kind: 'pgs';
  readonly options: PgsSolverConfig;
}

/**
 * The fast solver for `options`. `exactBlocks` builds the exact contact strategy when
 * `options.blockSolve` is 'exact' (`createExactBlockStrategy` of `exact-block-strategy.ts`); it is
 * passed in so that the default entry does not ship the exact kernels.
 */
export function createPgsSolver(options: PgsSolverConfig, exactBlocks?: ContactStrategyFactory): PgsSolver {
  const soft: Softness = { biasRate: 0, massScale: 1, impulseScale: 0 };
  const stats: SolveStats = { iterations: 0 };
  const contacts = createContactStrategy(options, exactBlocks); // the friction law, chosen once
  // the joint part, made at the first step with joint rows by the factory and from the kernels the
  // world's joint stage provides (`SolverProblem.fastJoints`, `jointKernels`): a world without joints
  // never ships nor builds it
  let pgsJoints: PgsJoints | undefined;
  // heavy bodies on light ones that rest on static bodies (`shock-propagation.ts`)
  const shock = createShockPropagation();
  const gyroInertia = new Float64Array(9); // integrateGyroscopic's scratch
  // new resting supports start with their loads and rest loads (`rest-load.ts`)
  const seed = createSupportSeed();
  // the inputs `soft` was made from: it is made again only when one changes. This runs once per step, so V8
  // optimises it only after thousands of steps (and again after each deoptimisation); until then each number
  // makeSoft computes is a new boxed number (about 170 B per step; README "Loops compiled on the stack")
  let softHertz = -1, softZeta = -1, softH = -1;
  return {
    kind: 'pgs',
    options,
    solve(solverProblem: SolverProblem, bodies: SolverBodies, ctx: StepContext): SolveStats {
      const problem = solverProblem.contacts;
      const o = options;
      const n = o.substeps;
      const h = ctx.h / n;
      const invH = 1 / h;
      const maxHertz = 0.25 * invH;
      const hertz = o.contactHertz > 0 ? Math.min(o.contactHertz, maxHertz) : maxHertz;
      if (hertz !== softHertz || o.contactDampingRatio !== softZeta || h !== softH) {
        makeSoft(soft, hertz, o.contactDampingRatio, h);
        softHertz = hertz; softZeta = o.contactDampingRatio; softH = h;
      }
      if (!o.warmStarting) problem.impulse.fill(0, 0, 3 * problem.contactCount);
      const jp = solverProblem.joints, jk = solverProblem.jointKernels, jf = solverProblem.fastJoints;
      let joints: PgsJoints | undefined;
      if (jp !== undefined && jp.rowCount > 0 && jk !== undefined && jf !== undefined) {
        joints = pgsJoints ??= jf(jk);
        joints.begin(jp, bodies, o, h, problem, soft);
      }
      if (o.warmStarting) seedSupports(seed, problem, bodies, ctx.gravity, h);
      contacts.begin(problem, bodies);
      beginShockPropagation(shock, problem, bodies, ctx.gravity);
      for (let s = 0; s < n; s++) {
        integrateVelocities(bodies, h, o.maxAngularSpeed, o.maxLinearSpeed);
        if (o.gyroscopic) integrateGyroscopic(bodies, h, gyroInertia);
        if (joints !== undefined) joints.warmStart(bodies); // joints before contacts (Box2D v3 order)
        contacts.warmStart(problem, bodies);
        for (let i = 0; i < o.iterations; i++) {
          if (joints !== undefined) joints.solve(bodies, true);
          contacts.sweep(problem, bodies, invH, soft, true);
        }
        applyShockPropagation(shock, problem, bodies, invH);
        integratePositions(bodies, h);
        contacts.positionsMoved();
        for (let i = 0; i < o.relaxIterations; i++) {
          if (joints !== undefined) joints.solve(bodies, false);
          contacts.sweep(problem, bodies, invH, soft, false);
        }
      }
      contacts.finish(problem, bodies, h);
      if (joints !== undefined) joints.finish();
      stats.iterations = n * (o.iterations + o.relaxIterations);
      return stats;
    },
  };
}
