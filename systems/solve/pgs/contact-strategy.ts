/**
 * The fast solver's contact kernels as a strategy chosen once, when the solver is built, from the
 * friction law (`PgsOptions.friction`, `blockSolve`): the sweep calls the same five hooks whichever
 * law it runs, with no branch on the law inside the step.
 *
 * - `cone-projection` (Coulomb friction projected on the circular cone; Anitescu & Tasora 2010, Tasora
 *   et al. 2021): rows interleaved in a packed copy (`contact-solve.ts`), normal rows of a manifold
 *   solved as one block when `manifoldSolve` is 'block';
 * - `exact` (each contact's 3 × 3 block solved exactly for the friction law, Coulomb or maximum
 *   dissipation; the law's single-contact kernel in `../mdp/single-contact.ts`): on the problem itself
 *   (`contact-block-solve.ts`), built by `exact-block-strategy.ts`. That one is handed in by the caller
 *   (the world takes it from the opt-in entry `babylon-ecs-physics/max-dissipation`), so the default
 *   entry does not ship the exact kernels.
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { Softness } from '../common/soft-constraint';
import {
  applyRestitutionRows, createPackedRows, packRows, refreshTurnedRows, solveContactRows, unpackImpulses,
  warmStartRows,
} from './contact-solve';
import { keepSustainedImpulse } from './sustained-impulse';
import { nextCapacity } from '../../../components/capacity';
import { createInertiaRefresh, refreshTurnedInertia } from './inertia-refresh';
import { restingManifolds, type PgsSolverConfig } from './pgs-options';

/** The contact half of one fast-mode step (the joints run before it in each sweep). */
export interface ContactStrategy {
  /** Start of the step: the per-contact data the sweeps read (packed rows or Delassus blocks). */
  begin(p: ConstraintProblem, sb: SolverBodies): void;
  /** Start of a substep: applies the accumulated impulses. */
  warmStart(p: ConstraintProblem, sb: SolverBodies): void;
  /** One Gauss–Seidel sweep over the contacts (`useBias`: the soft step's solve sweep, else relax). */
  sweep(p: ConstraintProblem, sb: SolverBodies, invH: number, soft: Softness, useBias: boolean): void;
  /** The positions were integrated: separations must be re-evaluated from the pose deltas. */
  positionsMoved(): void;
  /** End of the step: restitution, and the impulses left in `p.impulse` for warm starting (a point's
   * impacts left out: `sustained-impulse.ts`; `h`: the substep, unit s). */
  finish(p: ConstraintProblem, sb: SolverBodies, h: number): void;
}

/** Builds a contact strategy for the options it is given. */
export type ContactStrategyFactory = (o: PgsSolverConfig) => ContactStrategy;

/**
 * The strategy `o` selects: `o.blockSolve` 'exact' → `exactBlocks` (the exact block solve of
 * `exact-block-strategy.ts`, passed in so that a solver built without it never imports the
 * max-dissipation kernel), else cone projection.
 * @throws Error when `o.blockSolve` is 'exact' and no `exactBlocks` factory is given (the world checks
 *   this first and throws its typed error).
 */
export function createContactStrategy(o: PgsSolverConfig, exactBlocks?: ContactStrategyFactory): ContactStrategy {
  if (o.blockSolve !== 'exact') return createConeProjection(o);
  if (exactBlocks === undefined) throw new Error("blockSolve 'exact' needs the exact block strategy factory");
  return exactBlocks(o);
}

function createConeProjection(o: PgsSolverConfig): ContactStrategy {
  const rows = createPackedRows();
  const inertia = createInertiaRefresh();
  // whether this step's first substep has been warm-started (the rows then hold the start's inertia)
  let firstSubstep = true;
  const manifoldBlocks = o.manifoldSolve !== 'rows';
  const resting = restingManifolds(o);
  // whether the separations stored in the packed rows match the pose deltas (true after packing)
  let separationsCurrent = true;
  // whether the lever rotations in the packed rows are this substep's (false after the warm start)
  let leversCurrent = false;
  // substep of the step (0-based): the resting manifolds' relaxation blocks of 'last-relax' act in the last
  let substep = 0;
  const lastRelaxOnly = resting === 'last-relax';
  // `[points]` each point's smallest normal impulse at the end of a substep of the step
  let smallest = new Float64Array(16);
  // `[solver bodies]` keepSustainedImpulse's scratch: the bodies of the step's left-out impacts
  let struck = new Uint8Array(16);
  return {
    begin(p, sb) {
      if (smallest.length < p.contactCount) smallest = new Float64Array(nextCapacity(smallest.length, p.contactCount));
      if (struck.length < sb.count) struck = new Uint8Array(nextCapacity(struck.length, sb.count));
      packRows(p, rows, sb, manifoldBlocks, resting);
      separationsCurrent = true;
      firstSubstep = true;
      substep = -1;
    },
    warmStart(p, sb) {
      // the bodies that turned within the step act through their current inverse inertia
      if (!firstSubstep && refreshTurnedInertia(inertia, sb) > 0) refreshTurnedRows(rows, p, sb, inertia);
      firstSubstep = false;
      // the end of the substep before: each point's smallest normal impulse of the step so far (`sustained-impulse.ts`)
      const track = substep < 0 ? 0 : substep === 0 ? 1 : 2;
      substep++;
      warmStartRows(rows, p, sb, smallest, track);
      leversCurrent = false;
    },
    sweep(p, sb, invH, soft, useBias) {
      solveContactRows(
        rows, p, sb, invH, soft, useBias, o.linearSlop, o.maxPushoutSpeed, !separationsCurrent, !leversCurrent,
        !lastRelaxOnly || substep === o.substeps - 1,
      );
      separationsCurrent = true;
      leversCurrent = true;
    },
    positionsMoved() { separationsCurrent = false; },
    finish(p, sb, h) {
      // one pass (Box2D v3): with manifoldSolve 'block' it is exact for each manifold on its own
      applyRestitutionRows(rows, p, sb, o.restitutionThreshold);
      unpackImpulses(rows, p);
      if (substep > 0) keepSustainedImpulse(p, sb, smallest, o.restitutionThreshold, struck, h);
    },
  };
}
