/**
 * The fast solver's exact contact strategy: each contact's 3 × 3 block solved exactly for the
 * friction law (Coulomb or maximum dissipation, Preclik, Eibl & Rüde 2018) by nonlinear block
 * Gauss–Seidel on the problem itself (`contact-block-solve.ts`, the single-contact kernel in
 * `../mdp/single-contact.ts`). Selected by `PgsOptions.blockSolve` 'exact'; the world gets this factory
 * from the opt-in entry `babylon-ecs-physics/max-dissipation`, so apps without it do not ship it.
 */

import { warmStart } from './contact-solve';
import { currentSeparation } from '../common/contact-separation';
import {
  applyRestitutionBlocks, computeDelassusBlocks, createBlockScratch, markManifoldBlocks, refreshTurnedBlocks,
  solveContactBlocks,
} from './contact-block-solve';
import { createInertiaRefresh, refreshTurnedInertia } from './inertia-refresh';
import type { ContactStrategy } from './contact-strategy';
import { restingManifolds, type PgsSolverConfig } from './pgs-options';
import { keepSustainedImpulse, trackSmallestImpulse } from './sustained-impulse';
import { nextCapacity } from '../../../components/capacity';

/** The exact block strategy for options `o` (its friction law is `o.friction`). */
export function createExactBlockStrategy(o: PgsSolverConfig): ContactStrategy {
  const blocks = createBlockScratch();
  const inertia = createInertiaRefresh();
  // whether this step's first substep has been warm-started (the blocks then hold the start's inertia)
  let firstSubstep = true;
  const law = o.friction;
  // whether the lever rotations held in the scratch are this substep's (false after the warm start)
  let leversCurrent = false;
  const resting = restingManifolds(o);
  // substep of the step (0-based): the resting manifolds' relaxation sets of 'last-relax' act in the last
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
      computeDelassusBlocks(p, sb, blocks);
      markManifoldBlocks(p, blocks, resting);
      firstSubstep = true;
      substep = -1;
    },
    warmStart(p, sb) {
      // the bodies that turned within the step act through their current inverse inertia
      if (!firstSubstep && refreshTurnedInertia(inertia, sb) > 0) refreshTurnedBlocks(p, sb, blocks, inertia);
      firstSubstep = false;
      if (substep >= 0) trackSmallestImpulse(p.impulse, 3, 0, p.contactCount, smallest, substep === 0);
      substep++;
      warmStart(p, sb);
      leversCurrent = false;
    },
    sweep(p, sb, invH, soft, useBias) {
      solveContactBlocks(
        p, sb, blocks, law, invH, soft, useBias, o.maxPushoutSpeed, currentSeparation, !leversCurrent,
        !lastRelaxOnly || substep === o.substeps - 1,
      );
      leversCurrent = true;
    },
    positionsMoved() { /* the blocks read the separations from the pose deltas in every sweep */ },
    // the eligible points of a manifold together, as the sweeps' normal pass
    finish(p, sb, h) {
      applyRestitutionBlocks(p, sb, blocks, o.restitutionThreshold);
      if (substep > 0) keepSustainedImpulse(p, sb, smallest, o.restitutionThreshold, struck, h);
    },
  };
}
