/**
 * The accurate mode as a world option (`docs/architecture.md`, "Solvers, per world"): creating a world in 'lcp' mode
 * and switching to it with `setSolver` give the same simulation; the options are validated with typed
 * errors; the impact-phase hook runs first on the pre-force velocities (as Simbody's semi-explicit Euler stepper orders it); the documented fallback after a Lemke failure (Cottle, Pang & Stone 1992: "log it and fall back: re-solve with slightly regularized data")
 * is taken and counted.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getOrientation, getPosition,
  PhysicsInputError, stepWorld, type PhysicsWorld,
} from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import type { ImpactPhase } from '../../systems/solve/common/impact-phase';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const dt = 1 / 60;

/** A small scene with resting, sliding, rolling and colliding contacts. */
function scene(w: PhysicsWorld): number[] {
  addBody(w, { type: 'static', collider: { shape: 'plane', friction: 0.6 } });
  return [
    addBody(w, { position: [0, 0.5, 0], orientation: [0, 0.2, 0, 0.98], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } }),
    addBody(w, { position: [0.1, 1.6, 0.05], linearVelocity: [0.5, 0, 0], collider: { shape: 'box', halfExtents: [0.4, 0.5, 0.3] } }),
    addBody(w, { position: [-3, 0.4, 0], linearVelocity: [4, 0, 0.3], angularVelocity: [0, 2, 0], collider: { shape: 'sphere', radius: 0.4 } }),
    addBody(w, { position: [2, 2, 0.5], angularVelocity: [3, 0, 1], collider: { shape: 'capsule', radius: 0.2, halfHeight: 0.4 } }),
  ];
}

function snapshot(w: PhysicsWorld, ids: number[]): number[] {
  return ids.flatMap((e) => [...getPosition(w, e), ...getOrientation(w, e), ...getLinearVelocity(w, e), ...getAngularVelocity(w, e)]);
}

describe('Stewart–Trinkle mode selection (docs/architecture.md: solvers, per world)', () => {
  it("gives the same result bitwise whether created in 'lcp' mode or switched with setSolver before the first step", () => {
    const a = createPhysicsWorld({ solver: 'lcp', lcp: { frictionDirections: 8 } });
    const b = createPhysicsWorld();
    b.setSolver('lcp', { lcp: { frictionDirections: 8 } });
    expect(b.solver.kind).toBe('lcp');
    const ia = scene(a), ib = scene(b);
    let contacts = 0;
    for (let i = 0; i < 180; i++) {
      stepWorld(a, dt);
      stepWorld(b, dt);
      contacts += a.problem.contactCount;
    }
    expect(contacts).toBeGreaterThan(0);
    expect(snapshot(b, ib)).toEqual(snapshot(a, ia));
  });

  it('rejects bad options with PhysicsInputError and leaves the solver unchanged', () => {
    const bad: Record<string, unknown>[] = [
      { frictionDirections: 7 }, { frictionDirections: 2 }, { frictionDirections: 66 }, { frictionDirections: NaN },
      { regularization: 0 }, { regularization: Infinity }, { maxLcpSize: 0 }, { fallbackIterations: 1.5 },
      { feasibilityTolerance: -1 }, { maxPivots: -1 }, { warmStart: 1 }, { activeSetHeuristic: 'yes' },
      { impactPhase: { resolve: 3 } },
    ];
    for (const lcp of bad) {
      expect(() => createPhysicsWorld({ solver: 'lcp', lcp })).toThrow(PhysicsInputError);
      const w = createPhysicsWorld();
      const before = w.solver;
      expect(() => w.setSolver('lcp', { lcp })).toThrow(PhysicsInputError);
      expect(w.solver).toBe(before);
    }
    expect(() => createPhysicsWorld({ solver: 'nope' as 'lcp' })).toThrow(PhysicsInputError);
  });
});

describe('impact-phase hook (Uchida, Sherman & Delp 2015 with time stepping: impact phase first, on the pre-force velocities)', () => {
  it('is called once per step, before gravity is applied, and its velocity changes are kept', () => {
    const seen: number[] = [];
    const impactPhase: ImpactPhase = {
      resolve(problem, bodies) {
        // The falling sphere (solver index 1; the plane is 0) before this step's gravity: the hook sees the
        // velocity the previous step ended with, and may change it (here: it stops the body).
        seen.push(bodies.v[4]);
        bodies.v[3] = 0; bodies.v[4] = 0; bodies.v[5] = 0;
        return { rounds: problem.contacts.contactCount };
      },
    };
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { impactPhase } });
    addBody(w, { type: 'static', collider: { shape: 'plane' } });
    const s = addBody(w, { position: [0, 5, 0], linearVelocity: [0, -1, 0], collider: { shape: 'sphere', radius: 0.5 } });
    stepWorld(w, dt);
    stepWorld(w, dt);
    expect(seen).toEqual([-1, -9.81 * dt]);
    expect(getLinearVelocity(w, s)[1]).toBeCloseTo(-9.81 * dt, 12);
    expect((w.solver as LcpSolver).stats.impact).toEqual({ rounds: 0 });
  });
});

describe('Lemke failure fallback (regularise and retry, then a projected solve)', () => {
  it('with a pivot cap of 1, every LCP takes the regularised retry and then the projected fallback; the box still rests', () => {
    // the sticking-support solve, which would take these islands first, is off (tested below)
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { maxPivots: 1, warmStart: false, supportSolve: false }, sleep: false });
    addBody(w, { type: 'static', collider: { shape: 'plane' } });
    const box = addBody(w, { position: [0, 0.5, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    const solver = w.solver as LcpSolver;
    let limits = 0, retries = 0, fallbacks = 0;
    for (let i = 0; i < 120; i++) {
      stepWorld(w, dt);
      limits += solver.stats.pivotLimits;
      retries += solver.stats.regularizedRetries;
      fallbacks += solver.stats.projectedFallbacks;
      // The fallback's friction stays inside the polyhedral cone, split on at most two adjacent edges.
      const r = solver.results;
      for (let c = 0; c < r.count; c++) {
        expect(r.status[c]).toBe(2);
        let sum = 0;
        for (let j = 0; j < r.k; j++) { expect(r.beta[r.k * c + j]).toBeGreaterThanOrEqual(0); sum += r.beta[r.k * c + j]; }
        expect(sum).toBeLessThanOrEqual(w.problem.friction[c] * r.normal[c] * (1 + 1e-12));
      }
    }
    expect(limits).toBe(120);
    expect(retries).toBe(120);
    expect(fallbacks).toBe(120);
    const p = getPosition(w, box);
    expect(Math.hypot(p[0], p[1] - 0.5, p[2])).toBeLessThan(1e-3);
  });

  it('islands larger than maxLcpSize go to the projected fallback without calling Lemke (support solve off)', () => {
    const w = createPhysicsWorld({ solver: 'lcp', lcp: { maxLcpSize: 10, supportSolve: false } });
    addBody(w, { type: 'static', collider: { shape: 'plane' } });
    addBody(w, { position: [0, 0.5, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    const solver = w.solver as LcpSolver;
    for (let i = 0; i < 10; i++) stepWorld(w, dt);
    expect(solver.stats.projectedFallbacks).toBe(1);
    expect(solver.stats.lcpSolves).toBe(0);
  });
});
