/**
 * The maximum-dissipation friction law as a world option (Preclik, Eibl & Rüde 2018,
 * §3.1, eq. 5): nonlinear block Gauss–Seidel with the exact
 * single-contact solve.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getPosition, PhysicsInputError, stepWorld, type PhysicsWorldOptions,
} from '../../plugin/index';
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

const dt = 1 / 60;

function granularColumn(options: PhysicsWorldOptions): number[][] {
  const w = createPhysicsWorld(options);
  addBody(w, { type: 'static', position: [0, -1, 0], collider: { shape: 'box', halfExtents: [5, 1, 5], friction: 0.5 } });
  for (const [x, z] of [[-1.6, 0], [1.6, 0], [0, -1.6], [0, 1.6]]) {
    addBody(w, { type: 'static', position: [x, 4, z], collider: { shape: 'box', halfExtents: [x === 0 ? 1.6 : 0.1, 4, z === 0 ? 1.6 : 0.1], friction: 0.5 } });
  }
  const ids: number[] = [];
  let s = 3;
  const r = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 60; i++) {
    const layer = Math.floor(i / 9), k = i % 9;
    ids.push(addBody(w, {
      position: [-1 + (k % 3) + 0.1 * (r() - 0.5), 0.3 + layer * 0.65, -1 + Math.floor(k / 3) + 0.1 * (r() - 0.5)],
      linearVelocity: [r() - 0.5, 0, r() - 0.5],
      collider: { shape: 'sphere', radius: 0.3, friction: 0.5 },
    }));
  }
  const traj: number[][] = [];
  for (let step = 0; step < 120; step++) {
    stepWorld(w, dt);
    if (step % 10 === 9) traj.push(ids.flatMap((id) => getPosition(w, id, [0, 0, 0])));
  }
  return traj;
}

describe('friction: "max-dissipation" (Preclik, Eibl & Rüde)', () => {
  it('a granular column of spheres: MDP and Coulomb give the same trajectories (Preclik, Eibl & Rüde 2018 §3.2: uncoupled contacts)', () => {
    const mdp = granularColumn({ friction: 'max-dissipation' });
    const coulomb = granularColumn({ friction: 'coulomb', pgs: { blockSolve: 'exact' } });
    let moved = 0;
    for (let f = 0; f < mdp.length; f++) {
      for (let k = 0; k < mdp[f].length; k++) {
        expect(Math.abs(mdp[f][k] - coulomb[f][k])).toBeLessThan(1e-9);
        moved = Math.max(moved, Math.abs(mdp[f][k] - mdp[0][k]));
      }
    }
    expect(moved).toBeGreaterThan(0.1); // the column really flowed
  });

  it('a world switched to max-dissipation keeps a 10-box stack standing for 10 s (top within 1 cm)', () => {
    const w = createPhysicsWorld({ friction: 'max-dissipation' });
    addBody(w, { type: 'static', position: [0, -1, 0], collider: { shape: 'box', halfExtents: [20, 1, 20] } });
    let top = 0;
    for (let i = 0; i < 10; i++) top = addBody(w, { position: [0, 0.5 + i, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
    for (let i = 0; i < 600; i++) stepWorld(w, dt);
    const p = getPosition(w, top);
    expect(Math.hypot(p[0], p[1] - 9.5, p[2])).toBeLessThan(0.01);
  });

  it('a box on a 30° incline: μ = 0.3 slides at g (sin θ − μ cos θ) within 1 %, μ = 0.7 sticks (< 1 mm in 10 s)', () => {
    const theta = Math.PI / 6;
    for (const mu of [0.3, 0.7]) {
      const w = createPhysicsWorld({ friction: 'max-dissipation' });
      const q = [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)];
      const nx = -Math.sin(theta), ny = Math.cos(theta);
      addBody(w, { type: 'static', position: [-nx, -ny, 0], orientation: q, collider: { shape: 'box', halfExtents: [30, 1, 5], friction: mu } });
      const box = addBody(w, { position: [nx * 0.5, ny * 0.5, 0], orientation: q, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu } });
      const down = [-Math.cos(theta), -Math.sin(theta), 0];
      const along = () => { const p = getPosition(w, box); return p[0] * down[0] + p[1] * down[1]; };
      const speed = () => { const v = w.bodies.linearVelocity; return v[3 * box] * down[0] + v[3 * box + 1] * down[1]; };
      if (mu === 0.3) {
        for (let i = 0; i < 30; i++) stepWorld(w, dt);
        const v0 = speed(), t0 = w.time;
        for (let i = 0; i < 90; i++) stepWorld(w, dt);
        const a = (speed() - v0) / (w.time - t0);
        const expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
        expect(Math.abs(a - expected) / expected).toBeLessThan(0.01);
      } else {
        const s0 = along();
        for (let i = 0; i < 600; i++) stepWorld(w, dt);
        expect(Math.abs(along() - s0)).toBeLessThan(1e-3);
      }
    }
  });

  it('rejects max-dissipation with the cone projection, and unknown laws, before creating anything', () => {
    expect(() => createPhysicsWorld({ friction: 'max-dissipation', pgs: { blockSolve: 'cone-projection' } })).toThrow(PhysicsInputError);
    expect(() => createPhysicsWorld({ friction: 'viscous' as never })).toThrow(/friction/);
  });
});
