import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, getOrientation, getPosition, stepWorld } from '../../../../plugin/index';

describe('integrate: symplectic Euler against the exact solutions', () => {
  it('free fall: matches the discrete closed form to 1e-9 and x0 + v0 t + ½ g t² within ½ g h t', () => {
    const g = -9.81, dt = 1 / 60, substeps = 4, n = 120;
    const w = createPhysicsWorld({ gravity: [0, g, 0], pgs: { substeps } });
    const e = addBody(w, { position: [0, 100, 0], linearVelocity: [1, 2, 0], mass: 1, inertia: [1, 1, 1] });
    for (let i = 0; i < n; i++) stepWorld(w, dt);
    const [x, y] = getPosition(w, e);
    const h = dt / substeps, k = n * substeps, t = n * dt;
    // symplectic Euler (v then x): y_k = y0 + v0 t + g h² k (k + 1) / 2
    expect(y).toBeCloseTo(100 + 2 * t + (g * h * h * k * (k + 1)) / 2, 9);
    expect(x).toBeCloseTo(t, 12);
    const exact = 100 + 2 * t + 0.5 * g * t * t;
    expect(Math.abs(y - exact)).toBeLessThanOrEqual(0.5 * Math.abs(g) * h * t + 1e-12);
    expect(Math.abs(y - exact)).toBeGreaterThan(0); // the first-order error is really there
  });

  it('constant spin about a principal axis: the rotation angle is exactly ω t (exact rotation map)', () => {
    const dt = 1 / 60, substeps = 4, n = 60, omega = 3;
    const w = createPhysicsWorld({ gravity: [0, 0, 0], pgs: { substeps } });
    const e = addBody(w, { mass: 1, inertia: [1, 1, 1], angularVelocity: [0, omega, 0], angularDamping: 0 });
    for (let i = 0; i < n; i++) stepWorld(w, dt);
    const q = getOrientation(w, e);
    const angle = 2 * Math.atan2(q[1], q[3]);
    // quatIntegrate turns by |ω| h per step (a first-order update would give k · 2 atan(hω/2), 4e-5 rad short here).
    const expected = omega * n * dt;
    const wrapped = Math.atan2(Math.sin(expected), Math.cos(expected));
    expect(Math.abs(angle - wrapped)).toBeLessThan(1e-12);
    expect(q[0]).toBe(0);
    expect(q[2]).toBe(0);
    expect(Math.hypot(q[0], q[1], q[2], q[3])).toBeCloseTo(1, 12);
  });

  it('clears force accumulators after the step and applies F/m for exactly one step', () => {
    const dt = 0.01;
    const w = createPhysicsWorld({ gravity: [0, 0, 0], pgs: { substeps: 1 } });
    const e = addBody(w, { mass: 2, inertia: [1, 1, 1] });
    w.bodies.force[3 * e] = 4;
    stepWorld(w, dt);
    stepWorld(w, dt);
    expect(w.bodies.linearVelocity[3 * e]).toBeCloseTo(0.02, 12); // (4 / 2) · 0.01, once
    expect(w.bodies.force[3 * e]).toBe(0);
  });

  it('linear damping follows v / (1 + h c) per substep', () => {
    const dt = 0.1;
    const w = createPhysicsWorld({ gravity: [0, 0, 0], pgs: { substeps: 2 } });
    const e = addBody(w, { mass: 1, inertia: [1, 1, 1], linearVelocity: [1, 0, 0], linearDamping: 0.5 });
    stepWorld(w, dt);
    expect(w.bodies.linearVelocity[3 * e]).toBeCloseTo(1 / (1 + 0.05 * 0.5) ** 2, 12);
  });
});
