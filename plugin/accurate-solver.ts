/**
 * The accurate solver `'lcp'` as a world builds it: Stewart–Trinkle time stepping solved by Lemke's
 * algorithm (`systems/solve/lcp/`), preceded by the PLUS impact phase (`systems/solve/plus/`) unless
 * the options choose another phase or none. This is the one place where the two meet: the solver
 * folders never import each other, the `'lcp'` solver reaches the impact phase through the
 * `ImpactPhase` interface (`systems/solve/common/impact-phase.ts`).
 */

import { solverBodiesFinite } from '../systems/assembly/solver-bodies';
import { createLcpSolver, type LcpSolver } from '../systems/solve/lcp/stewart-trinkle';
import { defaultLcpOptions, type LcpExperiments, type LcpSolverOptions } from '../systems/solve/lcp/lcp-options';
import { createPlusImpactPhase } from '../systems/solve/plus/plus-impact';
import { checkPlusOptions, defaultPlusOptions, type PlusOptions } from '../systems/solve/plus/plus-options';
import type { ImpactPhase } from '../systems/solve/common/impact-phase';
import { WorldInputError } from './errors';

/** Options of the accurate solver: the Stewart–Trinkle / Lemke step's (`LcpSolverOptions`) and the
 * choice of its impact phase. */
export interface LcpOptions extends LcpSolverOptions {
  /**
   * How impacts are resolved before the contact LCP (default 'plus'): 'plus' runs the PLUS impact
   * phase (Uchida, Sherman & Delp 2015; `systems/solve/plus/`) first, on the pre-force velocities;
   * 'none' makes every impact perfectly inelastic (the Stewart–Trinkle step has no restitution).
   * Ignored when `impactPhase` is given.
   */
  impacts: 'plus' | 'none';
  /** Options of the PLUS impact phase (see `PlusOptions`; default: its defaults). */
  plus: Partial<PlusOptions>;
  /**
   * @internal A custom impact phase run first, on the pre-force velocities (see
   * `systems/solve/common/impact-phase.ts`); overrides `impacts`. Default undefined.
   */
  impactPhase: ImpactPhase | undefined;
}

/** The defaults of every accurate-solver option. */
export function defaultAccurateOptions(): LcpOptions {
  return { ...defaultLcpOptions(), impacts: 'plus', plus: {}, impactPhase: undefined };
}

/**
 * Validates `partial` over the defaults and builds the `'lcp'` solver with its impact phase.
 * @throws PhysicsInputError (entity −1, field `lcp.<name>` or `plus.<name>`) for an invalid option.
 */
export function createAccurateSolver(
  partial: Partial<LcpOptions> | undefined, jointLimits: LcpExperiments['jointLimits'] = 'lcp',
): LcpSolver {
  const o = validateLcpOptions({ ...defaultAccurateOptions(), ...partial });
  if (jointLimits !== 'lcp' && jointLimits !== 'sweeps') {
    throw new WorldInputError('experiments.jointLimits', jointLimits, "must be 'lcp' or 'sweeps'");
  }
  let impact = o.impactPhase;
  if (impact === undefined && o.impacts === 'plus') {
    const plus = { ...defaultPlusOptions(), ...o.plus };
    const problem = checkPlusOptions(plus);
    if (problem !== undefined) throw new WorldInputError(problem.field, problem.value, problem.reason);
    impact = createPlusImpactPhase(plus);
  }
  const solver = createLcpSolver({ ...o, jointLimits }, impact);
  return {
    ...solver,
    // a result that is not finite is an internal failure (`SolveStats.failed`: the step solves again
    // with the fast solver); the check lives here so that an app on the fast mode does not ship it
    solve(problem, bodies, ctx) {
      const stats = solver.solve(problem, bodies, ctx);
      stats.failed = !solverBodiesFinite(bodies);
      return stats;
    },
  };
}

function validateLcpOptions(o: LcpOptions): LcpOptions {
  const k = o.frictionDirections;
  if (!Number.isInteger(k) || k < 4 || k > 64 || k % 2 !== 0) {
    throw new WorldInputError('lcp.frictionDirections', k, 'must be an even integer in 4..64');
  }
  for (const key of ['activeSetHeuristic', 'warmStart', 'supportSolve', 'gyroscopic'] as const) {
    if (typeof o[key] !== 'boolean') throw new WorldInputError(`lcp.${key}`, o[key], 'must be a boolean');
  }
  if (!Number.isFinite(o.regularization) || !(o.regularization > 0)) {
    throw new WorldInputError('lcp.regularization', o.regularization, 'must be a finite number > 0');
  }
  if (typeof o.maxPushoutSpeed !== 'number' || Number.isNaN(o.maxPushoutSpeed) || !(o.maxPushoutSpeed > 0)) {
    throw new WorldInputError('lcp.maxPushoutSpeed', o.maxPushoutSpeed, 'must be a number > 0 (unit: m/s; Infinity = no bound)');
  }
  for (const key of ['maxLinearSpeed', 'maxAngularSpeed'] as const) {
    if (typeof o[key] !== 'number' || Number.isNaN(o[key]) || !(o[key] > 0)) {
      throw new WorldInputError(`lcp.${key}`, o[key], `must be a number > 0 (unit: ${key === 'maxLinearSpeed' ? 'm/s' : 'rad/s'}; Infinity = no limit)`);
    }
  }
  if (!Number.isFinite(o.feasibilityTolerance) || o.feasibilityTolerance < 0) {
    throw new WorldInputError('lcp.feasibilityTolerance', o.feasibilityTolerance, 'must be a finite number ≥ 0');
  }
  for (const key of ['maxLcpSize', 'fallbackIterations', 'fallbackMinIterations'] as const) {
    if (!Number.isInteger(o[key]) || o[key] < 1) throw new WorldInputError(`lcp.${key}`, o[key], 'must be an integer ≥ 1');
  }
  if (typeof o.geometricStiffness !== 'boolean') {
    throw new WorldInputError('lcp.geometricStiffness', o.geometricStiffness, 'must be a boolean');
  }
  if (!Number.isInteger(o.jointProjection) || o.jointProjection < 0) {
    throw new WorldInputError('lcp.jointProjection', o.jointProjection, 'must be an integer ≥ 0 (0 = off)');
  }
  if (!Number.isFinite(o.jointProjectionTolerance) || !(o.jointProjectionTolerance > 0)) {
    throw new WorldInputError('lcp.jointProjectionTolerance', o.jointProjectionTolerance, 'must be a finite number > 0');
  }
  if (typeof o.lemkeWorkBudget !== 'number' || Number.isNaN(o.lemkeWorkBudget) || !(o.lemkeWorkBudget > 0)) {
    throw new WorldInputError('lcp.lemkeWorkBudget', o.lemkeWorkBudget, 'must be a number > 0 (Infinity = no budget)');
  }
  if (!Number.isInteger(o.maxPivots) || o.maxPivots < 0) {
    throw new WorldInputError('lcp.maxPivots', o.maxPivots, 'must be an integer ≥ 0 (0 = the default 4·n + 100)');
  }
  if (o.impacts !== 'plus' && o.impacts !== 'none') {
    throw new WorldInputError('lcp.impacts', o.impacts, "must be 'plus' or 'none'");
  }
  const ip: unknown = o.impactPhase;
  if (ip !== undefined && (typeof ip !== 'object' || ip === null || typeof (ip as { resolve?: unknown }).resolve !== 'function')) {
    throw new WorldInputError('lcp.impactPhase', ip, 'must be undefined or an object with a resolve(problem, bodies, ctx) method');
  }
  return o;
}
