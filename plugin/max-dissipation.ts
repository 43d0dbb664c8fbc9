/**
 * babylon-ecs-physics/max-dissipation: the opt-in exact friction of the fast solver. Importing this
 * entry once registers the exact per-contact block solve (each contact's 3 × 3 block solved exactly for
 * its friction law; maximum dissipation after Preclik, Eibl & Rüde 2018), so that
 * `createPhysicsWorld({ friction: 'max-dissipation' })` and `pgs: { blockSolve: 'exact' }` work:
 *
 * ```ts
 * import 'babylon-ecs-physics/max-dissipation';
 * import { createPhysicsWorld } from 'babylon-ecs-physics';
 * const world = createPhysicsWorld({ friction: 'max-dissipation' });
 * ```
 *
 * Without it those options throw `FrictionLawNotRegisteredError`, which names this import. The default
 * entry never imports this module, so an app on Coulomb friction does not ship the exact kernels.
 * `registerMaxDissipation()` does the same explicitly (for bundler setups that drop side-effect-only
 * imports).
 */

import { createExactBlockStrategy } from '../systems/solve/pgs/exact-block-strategy';
import { registerExactBlockSolve } from './solver-registry';

/** Registers the exact block solve (idempotent). Importing this entry already did. */
export function registerMaxDissipation(): void {
  registerExactBlockSolve(createExactBlockStrategy);
}

registerMaxDissipation();
