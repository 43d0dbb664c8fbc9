/**
 * The solver registry: the default entry builds only the fast solver; 'lcp' needs the opt-in entry
 * `plugin/accurate.ts` (`babylon-ecs-physics/accurate`). Without it, asking for 'lcp' throws a
 * `SolverNotRegisteredError` that names the import, and changes nothing. This file must not import
 * the accurate entry statically (vitest isolates each test file's modules, so the registry starts
 * with 'pgs' alone here).
 */

import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, PhysicsInputError, SolverNotRegisteredError, stepWorld, getPosition,
} from '../../../plugin/index';
import { registeredSolvers } from '../../../plugin/solver-registry';
import type { SolverKind } from '../../../systems/solve/constraint-solver';

describe('solver registry', () => {
  it("without the accurate entry, solver 'lcp' throws a typed error that names the import", () => {
    expect(registeredSolvers()).toEqual([]);
    let error: unknown;
    try {
      createPhysicsWorld({ solver: 'lcp' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SolverNotRegisteredError);
    expect(error).toBeInstanceOf(PhysicsInputError);
    expect((error as SolverNotRegisteredError).field).toBe('solver');
    expect((error as SolverNotRegisteredError).kind).toBe('lcp');
    expect((error as Error).message).toContain("import 'babylon-ecs-physics/accurate';");
  });

  it("setSolver('lcp') without it throws and the world keeps its fast solver", () => {
    const world = createPhysicsWorld();
    const before = world.solver;
    expect(() => world.setSolver('lcp')).toThrow(SolverNotRegisteredError);
    expect(world.solver).toBe(before);
    expect(world.solver.kind).toBe('pgs');
  });

  it('an unknown kind throws SolverNotRegisteredError listing what is registered', () => {
    expect(() => createPhysicsWorld({ solver: 'fast' as SolverKind })).toThrow(/unknown solver \(registered: 'pgs'/);
  });

  it("after importing the accurate entry, 'lcp' builds and steps (and options are still validated)", async () => {
    const accurate = await import('../../../plugin/accurate');
    expect(registeredSolvers()).toEqual(['lcp']);
    const world = createPhysicsWorld({ solver: 'lcp' });
    expect(world.solver.kind).toBe('lcp');
    const ball = addBody(world, { position: [0, 0.6, 0], collider: { shape: 'sphere', radius: 0.5 } });
    addBody(world, { type: 'static', collider: { shape: 'plane' } });
    for (let i = 0; i < 60; i++) stepWorld(world, 1 / 60);
    expect(getPosition(world, ball)[1]).toBeCloseTo(0.5, 3);
    world.setSolver('pgs');
    world.setSolver('lcp');
    expect(world.solver.kind).toBe('lcp');
    expect(() => createPhysicsWorld({ solver: 'lcp', lcp: { frictionDirections: 3 } })).toThrow(PhysicsInputError);
    accurate.registerAccurateSolver(); // idempotent
    expect(registeredSolvers()).toEqual(['lcp']);
  });
});
