/**
 * Scene-level validation of the fast (PGS) mode against closed forms and conservation laws.
 * dt = 1/60 throughout, default PGS options unless a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld,
  type PhysicsWorld,
} from '../../plugin/index';

const dt = 1 / 60;
const g = 9.81;

function run(w: PhysicsWorld, seconds: number, each?: (step: number) => void): void {
  const n = Math.round(seconds / dt);
  for (let i = 0; i < n; i++) {
    stepWorld(w, dt);
    each?.(i);
  }
}

function addGround(w: PhysicsWorld, kind: 'plane' | 'box', friction = 0.5): number {
  return kind === 'plane'
    ? addBody(w, { type: 'static', collider: { shape: 'plane', friction } })
    : addBody(w, { type: 'static', position: [0, -1, 0], collider: { shape: 'box', halfExtents: [20, 1, 20], friction } });
}

describe('resting contact', () => {
  for (const ground of ['plane', 'box'] as const) {
    it(`a unit box resting on a ${ground} stays put for 10 s (drift < 1 mm)`, () => {
      const w = createPhysicsWorld();
      addGround(w, ground);
      const box = addBody(w, { position: [0, 0.5, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });
      run(w, 10);
      const p = getPosition(w, box);
      expect(Math.hypot(p[0], p[1] - 0.5, p[2])).toBeLessThan(1e-3);
      expect(Math.hypot(...getLinearVelocity(w, box))).toBeLessThan(1e-3);
    });
  }

  it('a sphere resting on a box ground stays put for 10 s', () => {
    const w = createPhysicsWorld();
    addGround(w, 'box');
    const s = addBody(w, { position: [0, 0.5, 0], collider: { shape: 'sphere', radius: 0.5 } });
    run(w, 10);
    const p = getPosition(w, s);
    expect(Math.hypot(p[0], p[1] - 0.5, p[2])).toBeLessThan(1e-3);
  });
});

describe('box on a 30° incline (Coulomb friction)', () => {
  const theta = Math.PI / 6;
  function incline(mu: number) {
    const w = createPhysicsWorld();
    const q = [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)]; // rotate +30° about z: slope rises towards −x… see below
    // The ramp is a big static box whose top face passes through the origin, tilted by θ about z.
    const nx = -Math.sin(theta), ny = Math.cos(theta); // top-face normal of the tilted ramp
    addBody(w, {
      type: 'static', position: [-nx * 1, -ny * 1, 0], orientation: q,
      collider: { shape: 'box', halfExtents: [30, 1, 5], friction: mu },
    });
    const box = addBody(w, {
      position: [nx * 0.5, ny * 0.5, 0], orientation: q,
      collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu },
    });
    const down = [-Math.cos(theta), -Math.sin(theta), 0]; // down-slope unit vector
    const along = () => {
      const p = getPosition(w, box);
      return p[0] * down[0] + p[1] * down[1] + p[2] * down[2];
    };
    const speed = () => {
      const v = getLinearVelocity(w, box);
      return v[0] * down[0] + v[1] * down[1] + v[2] * down[2];
    };
    return { w, box, along, speed };
  }

  it('μ = 0.3 slides with a = g (sin 30° − μ cos 30°) within 1 %', () => {
    const mu = 0.3;
    const { w, speed } = incline(mu);
    run(w, 0.5);
    const v0 = speed(), t0 = w.time;
    run(w, 1.5);
    const a = (speed() - v0) / (w.time - t0);
    const expected = g * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.01);
  });

  it('μ = 0.7 (> tan 30°) sticks: moves less than 1 mm in 10 s', () => {
    const { w, along, box } = incline(0.7);
    const s0 = along();
    run(w, 10);
    expect(Math.abs(along() - s0)).toBeLessThan(1e-3);
    expect(Math.hypot(...getAngularVelocity(w, box))).toBeLessThan(1e-2);
  });
});

describe('stacking', () => {
  it('a stack of 10 unit boxes stands for 10 s with its top box within 1 cm of its start', () => {
    const w = createPhysicsWorld();
    addGround(w, 'box');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(addBody(w, { position: [0, 0.5 + i, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } }));
    }
    const top = ids[9];
    run(w, 10);
    const p = getPosition(w, top);
    expect(Math.hypot(p[0], p[1] - 9.5, p[2])).toBeLessThan(0.01);
  });
});

describe('conservation', () => {
  it('momentum is conserved in a free two-body collision (off-centre spheres, zero gravity)', () => {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const a = addBody(w, { position: [-2, 0, 0], linearVelocity: [4, 0.5, 0], mass: 1, collider: { shape: 'sphere', radius: 0.5, restitution: 0.5 } });
    const b = addBody(w, { position: [2, 0.4, 0.2], linearVelocity: [-3, 0, 0], mass: 3, collider: { shape: 'box', halfExtents: [0.5, 0.4, 0.6], restitution: 0.5 } });
    const momentum = () => {
      const va = getLinearVelocity(w, a), vb = getLinearVelocity(w, b);
      return [0, 1, 2].map((k) => va[k] * 1 + vb[k] * 3);
    };
    const p0 = momentum();
    let touched = false;
    run(w, 2, () => { if (w.contacts.begin.count > 0) touched = true; });
    expect(touched).toBe(true);
    const p1 = momentum();
    for (let k = 0; k < 3; k++) expect(p1[k]).toBeCloseTo(p0[k], 9);
    // the collision really exchanged momentum
    expect(getLinearVelocity(w, a)[0]).toBeLessThan(4 - 1);
  });

  it('no energy is gained in a closed scene with zero restitution', () => {
    const w = createPhysicsWorld();
    addGround(w, 'box');
    for (const [x, z] of [[-6, 0], [6, 0], [0, -6], [0, 6]]) {
      addBody(w, { type: 'static', position: [x, 3, z], collider: { shape: 'box', halfExtents: [x === 0 ? 6 : 0.5, 3, z === 0 ? 6 : 0.5] } });
    }
    const ids: number[] = [];
    let s = 1;
    const r = () => ((s = (s * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 40; i++) {
      const p = [(r() - 0.5) * 8, 1 + i * 0.6, (r() - 0.5) * 8];
      const v = [(r() - 0.5) * 6, (r() - 0.5) * 6, (r() - 0.5) * 6];
      ids.push(addBody(w, i % 2 === 0
        ? { position: p, linearVelocity: v, collider: { shape: 'sphere', radius: 0.3 }, angularDamping: 0 }
        : { position: p, linearVelocity: v, collider: { shape: 'box', halfExtents: [0.3, 0.2, 0.25] }, angularDamping: 0 }));
    }
    const energy = () => {
      let e = 0;
      for (const id of ids) {
        const m = w.bodies.mass[id];
        const v = getLinearVelocity(w, id), om = getAngularVelocity(w, id);
        const y = w.bodies.position[3 * id + 1];
        // rotational energy ½ ωᵀ I ω with I = R diag(I_body) Rᵀ: use the body-frame components
        const q = w.bodies.orientation.subarray(4 * id, 4 * id + 4);
        const [x, yq, z, ww] = q;
        const wl = [
          (1 - 2 * (yq * yq + z * z)) * om[0] + 2 * (x * yq + ww * z) * om[1] + 2 * (x * z - ww * yq) * om[2],
          2 * (x * yq - ww * z) * om[0] + (1 - 2 * (x * x + z * z)) * om[1] + 2 * (yq * z + ww * x) * om[2],
          2 * (x * z + ww * yq) * om[0] + 2 * (yq * z - ww * x) * om[1] + (1 - 2 * (x * x + yq * yq)) * om[2],
        ];
        const I = w.bodies.inertiaLocal.subarray(3 * id, 3 * id + 3);
        e += 0.5 * m * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2) + 0.5 * (I[0] * wl[0] ** 2 + I[1] * wl[1] ** 2 + I[2] * wl[2] ** 2) + m * g * y;
      }
      return e;
    };
    let prev = energy();
    const e0 = prev;
    let worst = 0;
    run(w, 6, () => {
      const e = energy();
      worst = Math.max(worst, (e - prev) / e0);
      prev = e;
    });
    // per step, the total energy may not rise by more than a part in 10⁴ of the initial energy
    // (position correction of resting contacts moves bodies by at most the slop)
    expect(worst).toBeLessThan(1e-4);
    expect(prev).toBeLessThan(e0);
  });
});
