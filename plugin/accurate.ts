/**
 * babylon-ecs-physics/accurate: the opt-in accurate solver. Importing this entry once registers the
 * solver `'lcp'` (Stewart–Trinkle LCP time stepping solved by Lemke's algorithm, the PLUS impact
 * phase, implicit joints), so that
 * `createPhysicsWorld({ solver: 'lcp' })` and `world.setSolver('lcp')` work:
 *
 * ```ts
 * import 'babylon-ecs-physics/accurate';
 * import { createPhysicsWorld } from 'babylon-ecs-physics';
 * const world = createPhysicsWorld({ solver: 'lcp' });
 * ```
 *
 * The default entry never imports this module, so an app that only uses the fast solver does not
 * ship it. The registration runs when the module is evaluated; `registerAccurateSolver()` does the
 * same explicitly (for bundler setups that drop side-effect-only imports).
 */

import { createAccurateSolver } from './accurate-solver';
import { registerSolver } from './solver-registry';

/** Registers the accurate solver as `'lcp'` (idempotent). Importing this entry already did. */
export function registerAccurateSolver(): void {
  registerSolver('lcp', (options) => createAccurateSolver(options.lcp, options.experiments?.jointLimits));
}

registerAccurateSolver();

export { defaultAccurateOptions } from './accurate-solver';
export { IntervalEnd, RoundLabel, TangentState } from '../systems/solve/plus/plus-options';
export type { PlusOptions, PlusIntervalEvent, PlusRoundEvent } from '../systems/solve/plus/plus-options';
export type { LcpOptions } from './accurate-solver';
