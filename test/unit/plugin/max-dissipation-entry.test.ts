/**
 * The exact friction solve is an opt-in entry: `friction: 'max-dissipation'` and
 * `pgs.blockSolve: 'exact'` need `plugin/max-dissipation.ts` (`babylon-ecs-physics/max-dissipation`).
 * Without it they throw a `FrictionLawNotRegisteredError` that names the import and change nothing.
 * This file must not import that entry statically (vitest isolates each test file's modules, so the
 * exact block solve is unregistered here until the last test imports it).
 */

import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, FrictionLawNotRegisteredError, getAngularVelocity, getPosition, PhysicsInputError,
  setAngularVelocity, stepWorld,
} from '../../../plugin/index';
import { getExactBlockSolve } from '../../../plugin/solver-registry';

describe('max-dissipation entry', () => {
  it("without the entry, friction 'max-dissipation' throws a typed error that names the import", () => {
    expect(getExactBlockSolve()).toBeUndefined();
    let error: unknown;
    try {
      createPhysicsWorld({ friction: 'max-dissipation' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FrictionLawNotRegisteredError);
    expect(error).toBeInstanceOf(PhysicsInputError);
    expect((error as PhysicsInputError).field).toBe('friction');
    expect((error as Error).message).toContain("import 'babylon-ecs-physics/max-dissipation';");
    expect(() => createPhysicsWorld({ pgs: { blockSolve: 'exact' } })).toThrow(/pgs\.blockSolve.*max-dissipation/);
  });

  it('setSolver with the exact block solve throws and the world keeps its solver', () => {
    const world = createPhysicsWorld();
    const before = world.solver;
    expect(() => world.setSolver('pgs', { pgs: { friction: 'max-dissipation' } })).toThrow(FrictionLawNotRegisteredError);
    expect(world.solver).toBe(before);
  });

  it('after importing the entry, the exact block solve builds and steps (a spinning box stops, resting)', async () => {
    const entry = await import('../../../plugin/max-dissipation');
    expect(getExactBlockSolve()).toBeDefined();
    // a spinning box on the ground: both laws stop it; the exact solve is the one that runs here
    const run = (friction: 'coulomb' | 'max-dissipation'): [number, number] => {
      const world = createPhysicsWorld({ friction });
      addBody(world, { type: 'static', collider: { shape: 'plane' } });
      const box = addBody(world, { position: [0, 0.5, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
      setAngularVelocity(world, box, [0, 5, 0]);
      for (let i = 0; i < 120; i++) stepWorld(world, 1 / 60);
      return [getPosition(world, box)[1], getAngularVelocity(world, box)[1]];
    };
    const [yMdp, wMdp] = run('max-dissipation');
    expect(yMdp).toBeCloseTo(0.5, 2);
    expect(Math.abs(wMdp)).toBeLessThan(1e-3);
    expect(createPhysicsWorld({ friction: 'max-dissipation' }).solver.kind).toBe('pgs');
    entry.registerMaxDissipation(); // idempotent
    expect(getExactBlockSolve()).toBeDefined();
  });
});
