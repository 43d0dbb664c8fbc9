import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, type PgsOptions } from '../../../../../plugin/index';
import { acquireManifold } from '../../../../../components/contact';
import { assembleContacts, gatherBodies } from '../../../../../systems/assembly/assembly';

/**
 * A sphere (mass m, radius r) hitting static ground at one point straight below its centre with
 * velocity (u, −vn, 0). Closed form for a rigid impact with Coulomb friction (no normal–tangent
 * coupling because r ∥ n): λ_n = m vn (1 + e); tangential effective mass m_t = 1/(1/m + r²/I) = 2m/7;
 * sticking if m_t |u| ≤ μ λ_n (the contact point stops: v_x = u − m_t u / m), else sliding with
 * λ_t = μ λ_n.
 */
function impact(u: number, vn: number, mu: number, e: number, opts: Partial<PgsOptions> = {}) {
  const w = createPhysicsWorld({
    gravity: [0, 0, 0],
    pgs: { substeps: 1, iterations: 8, relaxIterations: 1, restitutionThreshold: 1, ...opts },
  });
  const m = 2, r = 0.5;
  const ground = addBody(w, { type: 'static', collider: { shape: 'plane', friction: mu, restitution: e } });
  const ball = addBody(w, {
    position: [0, r, 0], linearVelocity: [u, -vn, 0], mass: m,
    collider: { shape: 'sphere', radius: r, friction: mu, restitution: e },
  });
  const k = acquireManifold(w.contacts, ball, ground);
  w.contacts.normal.set([0, -1, 0], 3 * k); // from A (ball) to B (ground)
  w.contacts.point.set([0, 0, 0], 12 * k);
  w.contacts.separation[4 * k] = 0;
  w.contacts.pointCount[k] = 1;
  w.contacts.friction[k] = mu;
  w.contacts.restitution[k] = e;
  gatherBodies(w.bodies, w.gravity, w.solverBodies);
  assembleContacts(w.contacts, w.bodies, w.solverBodies, w.problem, w.colliders);
  w.solver.solve(w.solverProblem, w.solverBodies, { h: 1 / 60, gravity: w.gravity, profile: false, clock: () => 0, detail: {} });
  const i = w.solverBodies.indexOfEntity[ball];
  const v = Array.from(w.solverBodies.v.subarray(3 * i, 3 * i + 3));
  const om = Array.from(w.solverBodies.w.subarray(3 * i, 3 * i + 3));
  return { v, om, m, r, impulse: Array.from(w.problem.impulse.subarray(0, 3)) };
}

describe('PGS on a single contact against the closed form', () => {
  it('sticking: the contact point stops, the ball rolls (v_x = 5u/7)', () => {
    const u = 1, vn = 3, mu = 0.5;
    const { v, om, r, m, impulse } = impact(u, vn, mu, 0);
    expect(v[1]).toBeCloseTo(0, 10);
    expect(impulse[0]).toBeCloseTo(m * vn, 10);
    expect(v[0]).toBeCloseTo((5 / 7) * u, 10);
    expect(v[0] + om[2] * r).toBeCloseTo(0, 10); // contact-point velocity v + ω × (0, −r, 0)
  });

  it('sliding: friction on the cone boundary, λ_t = μ λ_n', () => {
    const u = 10, vn = 2, mu = 0.3;
    const { v, om, r, m, impulse } = impact(u, vn, mu, 0);
    expect(v[1]).toBeCloseTo(0, 10);
    expect(Math.hypot(impulse[1], impulse[2])).toBeCloseTo(mu * m * vn, 10);
    expect(v[0]).toBeCloseTo(u - mu * vn, 10);
    // angular: I Δω = r × λ_t at (0, −r, 0): Δω_z = −(−r)(−μ m vn)… sign from r × F, F = (−μ m vn, 0, 0)
    const I = 0.4 * m * r * r;
    expect(om[2]).toBeCloseTo((-r * mu * m * vn) / I, 10);
  });

  it('restitution above the threshold: v_n ends at e · v_n, λ_n = m v_n (1 + e)', () => {
    const vn = 5, e = 0.5;
    const { v, m, impulse } = impact(0, vn, 0, e);
    expect(v[1]).toBeCloseTo(e * vn, 10);
    expect(impulse[0]).toBeCloseTo(m * vn * (1 + e), 10);
  });

  it('restitution below the threshold is not applied', () => {
    const { v } = impact(0, 0.5, 0, 0.8);
    expect(v[1]).toBeCloseTo(0, 10);
  });

  it('a separating contact gets no impulse', () => {
    const { v, impulse } = impact(1, -2, 0.5, 0);
    expect(impulse[0]).toBe(0);
    expect(v).toEqual([1, 2, 0]);
  });
});
