import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, STAGES, stepWorld } from '../../../plugin/index';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'

function boxOnGround(options: Parameters<typeof createPhysicsWorld>[0]) {
  const w = createPhysicsWorld(options);
  addBody(w, { type: 'static', collider: { shape: 'plane' } });
  addBody(w, { position: [0, 0.5, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
  addBody(w, { position: [5, 3, 0], collider: { shape: 'sphere', radius: 0.5 } });
  for (let i = 0; i < 5; i++) stepWorld(w, 1 / 60);
  return w;
}

describe('profiler', () => {
  it('is off by default and then records nothing', () => {
    const w = boxOnGround({});
    expect(w.profiler.enabled).toBe(false);
    expect(w.profiler.last.total).toBe(0);
    for (const s of STAGES) expect(w.profiler.last.stages[s]).toBe(0);
    expect(w.profiler.last.bodies).toBe(0);
  });

  it('records every stage and the counts of the last step', () => {
    const w = boxOnGround({ profile: true });
    const last = w.profiler.last;
    let sum = 0;
    for (const s of STAGES) {
      expect(last.stages[s]).toBeGreaterThanOrEqual(0);
      sum += last.stages[s];
    }
    expect(last.total).toBeGreaterThan(0);
    expect(sum).toBeLessThanOrEqual(last.total + 1e-9);
    expect(last.bodies).toBe(3);
    expect(last.pairs).toBe(2); // plane–box and plane–sphere (sphere 3 m up: inside the plane's unbounded AABB)
    expect(last.manifolds).toBe(1); // the sphere is too far from the plane for points
    expect(last.contacts).toBe(4); // the box's four bottom corners
    expect(last.iterations).toBe(4 * 3); // 4 substeps × (2 sweeps + 1 relaxation)
  });

  it('the accurate solver reports its sub-stages (impact phase, LCP build, Lemke) and counters', () => {
    const w = boxOnGround({ profile: true, solver: 'lcp' });
    const d = w.profiler.last.solverDetail;
    for (const key of ['impactMs', 'lcpBuildMs', 'lemkeMs', 'lemkePivots', 'islands', 'lcpSize', 'impactRounds', 'impactIntervals']) {
      expect(d[key], key).toBeGreaterThanOrEqual(0);
    }
    expect(d.islands).toBe(1);
    expect(d.lcpSize).toBeGreaterThan(0);
  });
});

describe('profiler after a solver switch', () => {
  it('drops the accurate solver\'s details when switching back to PGS', () => {
    const w = boxOnGround({ profile: true, solver: 'lcp' });
    expect(Object.keys(w.profiler.last.solverDetail).length).toBeGreaterThan(0);
    w.setSolver('pgs');
    stepWorld(w, 1 / 60);
    expect(w.profiler.last.solverDetail).toEqual({});
  });
});
