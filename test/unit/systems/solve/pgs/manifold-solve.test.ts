/**
 * `experiments.manifoldSolve` (an experiment switch, not a public option) (systems/solve/pgs/README.md, "Normal rows of a manifold as one block"): the option
 * is validated with a typed error, and on a box dropped flat onto a plane at h = 1/60 (the default game
 * step, where the whole impact falls in one relaxation sweep) 'block' keeps it flat while 'rows' spins it.
 * Measured: largest |ω| 6.0e-3 rad/s with 'block', 10.6 rad/s with 'rows'.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, PhysicsInputError, stepWorld,
} from '../../../../../plugin/index';

function flatDropSpin(manifoldSolve: 'block' | 'rows'): number {
  const w = createPhysicsWorld({ gravity: [0, -9.8, 0], experiments: { manifoldSolve } });
  addBody(w, { type: 'static', collider: { shape: 'plane' } });
  const box = addBody(w, {
    position: [0, 0.525, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.1, 0.025, 0.05] },
  });
  let spin = 0;
  for (let s = 0; s < 120; s++) {
    stepWorld(w, 1 / 60);
    spin = Math.max(spin, Math.hypot(...getAngularVelocity(w, box)));
  }
  return spin;
}

describe('pgs.manifoldSolve', () => {
  it("rejects anything but 'block' and 'rows' with a PhysicsInputError naming the field", () => {
    let err: unknown;
    try {
      createPhysicsWorld({ experiments: { manifoldSolve: 'jacobi' as unknown as 'rows' } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PhysicsInputError);
    expect((err as PhysicsInputError).field).toBe('experiments.manifoldSolve');
  });

  it("a flat drop at h = 1/60: 'block' (default) |ω| ≤ 0.01 rad/s, 'rows' |ω| > 1 rad/s", () => {
    expect(flatDropSpin('block')).toBeLessThanOrEqual(0.01);
    expect(flatDropSpin('rows')).toBeGreaterThan(1);
  });
});
