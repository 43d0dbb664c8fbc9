/**
 * The solvers a world can be built with, by kind. The fast solver `'pgs'` is always there (the world
 * registers it); the accurate solver `'lcp'` (Stewart–Trinkle + Lemke, PLUS impacts) is
 * registered by importing the opt-in entry `babylon-ecs-physics/accurate`, so an app that never uses
 * it never ships it. `createPhysicsWorld({ solver })` and `world.setSolver(kind)` look the kind up
 * here and throw `SolverNotRegisteredError` when it is missing.
 *
 * The registry is process-wide (one per loaded copy of the package): registering is a one-time setup
 * step, like Babylon's side-effect imports, not state of any world.
 */

import type { ConstraintSolver, SolverKind } from '../systems/solve/constraint-solver';
import type { PgsExperiments, PgsOptions } from '../systems/solve/pgs/pgs-options';
import type { LcpExperiments } from '../systems/solve/lcp/lcp-options';
import type { ContactStrategyFactory } from '../systems/solve/pgs/contact-strategy';
import type { LcpOptions } from './accurate-solver';

/** The per-solver option groups of `createPhysicsWorld` / `setSolver`; each solver reads its own. */
export interface SolverOptions {
  /** Fast solver options (see `PgsOptions`). */
  pgs?: Partial<PgsOptions>;
  /** Accurate solver options (see `LcpOptions`). */
  lcp?: Partial<LcpOptions>;
  /** @internal Switches for experiments and benchmarks (`PgsExperiments`, `LcpExperiments`), not public options. */
  experiments?: Partial<PgsExperiments & LcpExperiments>;
}

/** Builds a solver from the options (validating them; throws `PhysicsInputError` for bad ones). */
export type SolverFactory = (options: SolverOptions) => ConstraintSolver;

const factories = new Map<SolverKind, SolverFactory>();

/** Registers (or replaces) the factory of solver `kind`. Called by the entries, once. */
export function registerSolver(kind: SolverKind, factory: SolverFactory): void {
  factories.set(kind, factory);
}

/** The factory of `kind`, or undefined when that solver was not registered. */
export function getSolverFactory(kind: SolverKind): SolverFactory | undefined {
  return factories.get(kind);
}

/** The kinds registered so far, in registration order. */
export function registeredSolvers(): SolverKind[] {
  return [...factories.keys()];
}

let exactBlocks: ContactStrategyFactory | undefined;

/**
 * Registers the fast solver's exact contact strategy (the per-contact 3 × 3 block solve that the
 * 'max-dissipation' friction law and `pgs.blockSolve: 'exact'` need). Called once by the opt-in entry
 * `babylon-ecs-physics/max-dissipation`.
 */
export function registerExactBlockSolve(factory: ContactStrategyFactory): void {
  exactBlocks = factory;
}

/** The registered exact contact strategy factory, or undefined before the opt-in entry ran. */
export function getExactBlockSolve(): ContactStrategyFactory | undefined {
  return exactBlocks;
}
