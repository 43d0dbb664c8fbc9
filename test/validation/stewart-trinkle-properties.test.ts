/**
 * Properties of every 'lcp' step on random scenes (seeded), from the step's equations (Stewart & Trinkle 1996
 * eqs. 27–29, dissipativity eq. 24):
 * - complementarity of eq. 28 for each contact in its island's LCP (`results.status` 1):
 *     c_n ≥ 0, w_n = Φ/h + v_n⁺ ≥ 0, c_n w_n = 0;
 *     β ≥ 0, w_β = λ e + Dᵀ(v⁺ + b_t) ≥ 0, βᵀ w_β = 0;   λ ≥ 0, w_λ = μ c_n − eᵀβ ≥ 0, λ w_λ = 0,
 *   so the friction impulse D β is inside the polyhedral cone (eq. 12); b_t is the friction rows'
 *   position-level term the solver adds to eq. 29's b (`LcpContactResults.tangentBias`: the lever arcs
 *   and the friction anchors' drift over h of a point that does not roll, systems/solve/lcp/friction-anchors.ts;
 *   0 for the paper's step);
 * - contacts the §4 active-set heuristic left out carry no impulse and are not violated: Φ/h + v_n⁺ ≥ 0;
 * - no contact that touches at the start of the step (Φ ≤ 0) is left approaching: v_n⁺ ≥ −1e-6 m/s.
 *   (A speculative contact, Φ > 0, may still approach at up to Φ/h: with c_n > 0 it closes exactly to
 *   contact at the end of the step, w_n = 0 — the paper's position-level condition.)
 * - dissipativity (§3.3, eq. 24): with no gravity, a closed frictional scene never gains kinetic energy.
 *   The theorem needs constant M, constant applied forces and contacts whose linearization holds (no
 *   penetration at the start of a step); spheres in a box of planes satisfy it (isotropic inertia, and the
 *   distance between spheres is convex, so the linearized step never ends in penetration).
 * "0" above means within round-off: w ≥ −ε m/s on the velocity rows and −1e-10 N·s on the cone row, and
 * complementarity as the min-map residual min(z_i, w_i) ≤ ε (z_i w_i = 0 with z, w ≥ 0 ⇔ min = 0; a
 * product test would scale with the impulses, which reach 100 N·s for the heavy boxes here). Lemke accepts a
 * solution when w ≥ −1e-10 · (max|b| + max|N| · Σ|z|) and |w_i| ≤ the same on its active set, in the LCP's
 * mixed units (max|N| ≥ 1: the Ē entries), and the active-set re-check uses 1e-10 m/s. ε is 1e-8 m/s, or
 * that acceptance bound taken over the contacts that share a dynamic body with the contact (part of its
 * island, so never above the bound Lemke applied), 1e-10 · Σ|z| there, when larger: a 537 kg box resting
 * on two of its four corner points (seed 4, steps 67–74) reads w_n = −1.46e-8 m/s on an unloaded corner
 * against 1.51e-8 for its contacts' Σ|z| = 151 N·s. The other worst values seen are about 1e-9 m/s on w_n,
 * 2e-10 m/s on active rows and 2e-12 N·s on w_λ.
 * v⁺ is read from the solver bodies after the step and J from the solver's rows (`LcpSolver.rows`).
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, stepWorld, type ColliderDef,
  type PhysicsWorld,
} from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import { rowVelocity } from '../../systems/solve/lcp/contact-rows';
import { createRandom, randomQuaternion, randomRange, type Random } from '../../scenes/prng';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const h = 1 / 60;
const TOL_V_MIN = 1e-8;
const TOL_IMPULSE = 1e-10;
const L = 2.5, HEIGHT = 4;

/** Floor y = 0, four walls at x, z = ±L (and a ceiling at y = HEIGHT when `closed`), static planes. */
function container(w: PhysicsWorld, random: Random, closed: boolean): void {
  const s = Math.SQRT1_2;
  const planes: [[number, number, number], [number, number, number, number]][] = [
    [[0, 0, 0], [0, 0, 0, 1]], [[L, 0, 0], [0, 0, s, s]], [[-L, 0, 0], [0, 0, -s, s]],
    [[0, 0, L], [-s, 0, 0, s]], [[0, 0, -L], [s, 0, 0, s]],
  ];
  if (closed) planes.push([[0, HEIGHT, 0], [1, 0, 0, 0]]);
  for (const [position, orientation] of planes) {
    addBody(w, { type: 'static', position, orientation, collider: { shape: 'plane', friction: randomRange(random, 0.2, 0.8) } });
  }
}

/** 8 bodies on a 3 × 3 grid of 1.25 m cells (two layers), random orientation, velocity and spin, no overlap. */
function scatter(w: PhysicsWorld, random: Random, shapes: ('sphere' | 'box' | 'capsule')[]): number[] {
  return shapes.map((shape, i) => {
    const friction = randomRange(random, 0.1, 0.9);
    let collider: ColliderDef;
    if (shape === 'sphere') collider = { shape, radius: randomRange(random, 0.2, 0.35), friction };
    else if (shape === 'box') {
      collider = { shape, friction, halfExtents: [randomRange(random, 0.15, 0.35), randomRange(random, 0.15, 0.35), randomRange(random, 0.15, 0.35)] };
    } else collider = { shape, radius: randomRange(random, 0.1, 0.2), halfHeight: randomRange(random, 0.1, 0.25), friction };
    const v = (a: number): [number, number, number] => [randomRange(random, -a, a), randomRange(random, -a, a), randomRange(random, -a, a)];
    return addBody(w, {
      position: [-1.25 + (i % 3) * 1.25, 0.7 + Math.floor(i / 3) * 1.25, randomRange(random, -1.2, 1.2)],
      orientation: randomQuaternion(random), linearVelocity: v(3), angularVelocity: v(4),
      density: randomRange(random, 300, 3000), linearDamping: 0, angularDamping: 0, collider,
    });
  });
}

/** Checks the step's properties (file header) for every contact of the last step; returns the count. */
function checkStep(w: PhysicsWorld): number {
  const solver = w.solver as LcpSolver, r = solver.results, p = w.problem, sb = w.solverBodies, k = r.k;
  expect(solver.stats.projectedFallbacks + solver.stats.regularizedRetries).toBe(0);
  // Σ|z| of the contacts that share a dynamic body with each contact: Lemke's acceptance scale (header)
  const zSum = (c: number): number => {
    let sum = 0;
    for (let e = 0; e < r.count; e++) {
      const shares = [p.bodyA[e], p.bodyB[e]].some((x) => sb.invMass[x] > 0 && (x === p.bodyA[c] || x === p.bodyB[c]));
      if (!shares) continue;
      sum += r.normal[e] + r.lambda[e];
      for (let j = 0; j < k; j++) sum += r.beta[k * e + j];
    }
    return sum;
  };
  for (let c = 0; c < r.count; c++) {
    const TOL_V = Math.max(TOL_V_MIN, 1e-10 * zSum(c));
    const vn = rowVelocity(p, solver.rows, c, 0, sb.v, sb.w);
    const gap = r.gap[c], wn = gap / h + vn, cn = r.normal[c];
    if (gap <= 0) expect(vn).toBeGreaterThanOrEqual(-1e-6);
    expect(wn).toBeGreaterThanOrEqual(-TOL_V);
    expect(cn).toBeGreaterThanOrEqual(0);
    if (r.status[c] === 0) { expect(cn).toBe(0); continue; }
    expect(r.status[c]).toBe(1);
    expect(Math.min(cn, wn)).toBeLessThanOrEqual(TOL_V); // c_n w_n = 0: one of them is 0
    const mu = p.friction[c], lambda = r.lambda[c];
    expect(lambda).toBeGreaterThanOrEqual(0);
    const u1 = rowVelocity(p, solver.rows, c, 1, sb.v, sb.w) + r.tangentBias[2 * c];
    const u2 = rowVelocity(p, solver.rows, c, 2, sb.v, sb.w) + r.tangentBias[2 * c + 1];
    let sum = 0;
    for (let j = 0; j < k; j++) {
      const beta = r.beta[k * c + j], a = (2 * Math.PI * j) / k;
      const wBeta = lambda + Math.cos(a) * u1 + Math.sin(a) * u2; // λ + d_jᵀ (v⁺ + b_t)
      expect(beta).toBeGreaterThanOrEqual(0);
      if (mu > 0) {
        expect(wBeta).toBeGreaterThanOrEqual(-TOL_V);
        expect(Math.min(beta, wBeta)).toBeLessThanOrEqual(TOL_V);
      }
      sum += beta;
    }
    const wLambda = mu * cn - sum; // inside the polyhedral cone: eᵀβ ≤ μ c_n
    expect(wLambda).toBeGreaterThanOrEqual(-TOL_IMPULSE);
    expect(Math.min(lambda, wLambda)).toBeLessThanOrEqual(TOL_V);
  }
  return r.count;
}

describe('Stewart–Trinkle step properties on random scenes (Stewart & Trinkle 1996 eqs. 24, 27–29)', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: 8 boxes, spheres and capsules under gravity in a walled box: complementarity, cone, no approach (2 s)`, () => {
      const random = createRandom(seed);
      // the paper's step as written (v_free = v + h M⁻¹ k, no gyroscopic term: eqs. 27–29)
      const w = createPhysicsWorld({ solver: 'lcp', lcp: { gyroscopic: false } });
      container(w, random, false);
      scatter(w, random, ['sphere', 'box', 'capsule', 'box', 'sphere', 'capsule', 'box', 'sphere']);
      let contacts = 0, active = 0;
      for (let i = 0; i < 120; i++) {
        stepWorld(w, h);
        contacts += checkStep(w);
        const r = (w.solver as LcpSolver).results;
        for (let c = 0; c < r.count; c++) if (r.normal[c] > 0) active++;
      }
      expect(contacts).toBeGreaterThan(500);
      expect(active).toBeGreaterThan(200);
    });
  }

  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: 8 spheres with zero gravity in a closed frictional box never gain kinetic energy (eq. 24, 3 s)`, () => {
      const random = createRandom(100 + seed);
      const w = createPhysicsWorld({ solver: 'lcp', gravity: [0, 0, 0] });
      container(w, random, true);
      const ids = scatter(w, random, ['sphere', 'sphere', 'sphere', 'sphere', 'sphere', 'sphere', 'sphere', 'sphere']);
      const mass = ids.map((e) => 1 / w.bodies.invMass[e]);
      const inertia = ids.map((e) => 1 / w.bodies.invInertiaLocal[3 * e]); // isotropic: (2/5) m r²
      const energy = () => ids.reduce((s, e, i) => {
        const v = getLinearVelocity(w, e), om = getAngularVelocity(w, e);
        return s + 0.5 * mass[i] * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2) + 0.5 * inertia[i] * (om[0] ** 2 + om[1] ** 2 + om[2] ** 2);
      }, 0);
      const e0 = energy();
      let e = e0, contacts = 0;
      for (let i = 0; i < 180; i++) {
        stepWorld(w, h);
        contacts += checkStep(w);
        const e1 = energy();
        expect(e1 - e).toBeLessThanOrEqual(1e-12 * e0);
        e = e1;
      }
      expect(contacts).toBeGreaterThan(500);
      expect(e).toBeLessThan(0.5 * e0); // friction and inelastic impacts did dissipate
    });
  }
});
