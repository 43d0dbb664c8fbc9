/**
 * Soft joint limits: Drumwright's unilateral spring-damper (Drumwright 2019 §5.4, Fig. 6;
 * §5.2–§5.4, eq. 68 and eqs. 83–85). A limit with a finite stiffness
 * k and damping b is a unilateral row solved with the implicit spring law
 *
 *   γ = 1/(h(hk + b)),  β = k/(hk + b),  Δλ = −(J v + β C + γ λ)/(W + γ),  λ ≥ 0,
 *
 * so a single row takes exactly λ = max(0, c/a) per step with c = −k φ0 − (hk + b)(G v0 + h G M⁻¹ f),
 * a = 1 + (h²k + hb) W (Drumwright 2019 §5.3, eqs. 83–85 with one row). The fast mode does the same per substep. Plus the ball joint's swing
 * cone and twist limits (`swingLimit`, `twistLimit`).
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, addJoint, createPhysicsWorld, getAngularVelocity, getJointCoordinate, getJointForce, getJointSwingTwist,
  getLinearVelocity, getPosition, setAngularVelocity, setLinearVelocity, setOrientation, setPosition, stepWorld,
  type PhysicsWorld,
} from '../../plugin/index';
import { JOINT_SLOTS } from '../../components/joint';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

const g = 9.81;

describe('T5: range-of-motion limit restitution (pendulum as a hinge, θ ≥ 0, k = 1e12, b = 0, accurate mode)', () => {
  // The minimal-coordinate pendulum of Drumwright 2019 §5.4 (m = L = 1, g = 9.81, θ = 0 hanging down) realised as a hinge
  // to the world with a point-like bob: the limit row's W in the space the hinge leaves free is exactly
  // 1/(m L² + I) (I = the bob's own inertia about the hinge axis), ω = sqrt(k W).
  const m = 1, L = 1, I = 1e-6, k = 1e12, vImpact = 4.4294;
  const W = 1 / (m * L * L + I), omega = Math.sqrt(k * W);

  /** Starts 2.5 steps above the limit moving towards it at 4.4294 rad/s; runs until the limit lets go. */
  function impact(h: number) {
    const w = createPhysicsWorld({ solver: 'lcp', gravity: [0, -g, 0] });
    const bob = addBody(w, { position: [0, -L, 0], mass: m, inertia: [I, I, I], angularDamping: 0, linearDamping: 0 });
    // lower limit 0, no upper side (one-sided range)
    const j = addJoint(w, { kind: 'hinge', bodyA: bob, worldAnchor: [0, 0, 0], worldAxis: [0, 0, 1],
      limits: { lower: 0, upper: Infinity, stiffness: k, damping: 0 } });
    // the hinge angle is the world's frame relative to the bob's: turning the bob by α about +z gives θ = −α
    const theta0 = 2.5 * vImpact * h, a0 = -theta0;
    setPosition(w, bob, [L * Math.sin(a0), -L * Math.cos(a0), 0]);
    setOrientation(w, bob, [0, 0, Math.sin(a0 / 2), Math.cos(a0 / 2)]);
    setAngularVelocity(w, bob, [0, 0, vImpact]);
    setLinearVelocity(w, bob, [vImpact * L * Math.cos(a0), vImpact * L * Math.sin(a0), 0]);
    expect(getJointCoordinate(w, j)).toBeCloseTo(theta0, 12);
    const rate = () => -getAngularVelocity(w, bob)[2]; // dθ/dt
    let v = NaN, rebound = NaN, penetration = 0, active = false, steps = 0;
    for (; steps < 5000; steps++) {
      const before = rate();
      stepWorld(w, h);
      const f = w.joints.rowForce[JOINT_SLOTS * j + 6 + 3]; // lower-limit slot of the hinge angle
      penetration = Math.max(penetration, -getJointCoordinate(w, j));
      if (f > 0 && !active) { active = true; v = -before; }
      if (active && f === 0) { rebound = rate(); break; }
    }
    return { e: rebound / v, v, penetration, steps };
  }

  const restitution = (hw: number) => (1 + hw * hw) ** (-Math.PI / (2 * Math.atan(hw)));

  it('e = rebound / impact speed: h = 1e-5 dead (< 0.02), 1e-6 0.25 ± 0.02, 1e-7 0.855 ± 0.01, 1e-8 0.984 ± 0.005; penetration ≤ 1.1 v/ω', () => {
    // measured: e = 0.0050, 0.25000, 0.85388, 0.98441; penetration 2.2e-7, 2.2e-6, 4.1e-6, 4.4e-6 rad (v/ω = 4.43e-6)
    const want: [number, number, number][] = [[1e-5, 0, 0.02], [1e-6, 0.25, 0.02], [1e-7, 0.855, 0.01], [1e-8, 0.984, 0.005]];
    for (const [h, e, tol] of want) {
      const r = impact(h);
      expect(Math.abs(r.v / vImpact - 1)).toBeLessThan(1e-6); // gravity adds nothing measurable over 2.5 steps
      if (e === 0) {
        expect(r.e).toBeGreaterThanOrEqual(0);
        expect(r.e).toBeLessThan(tol);
      } else {
        expect(Math.abs(r.e - e)).toBeLessThan(tol);
      }
      expect(r.penetration).toBeLessThanOrEqual(1.1 * r.v / omega);
      expect(r.steps).toBeLessThan(400); // the contact lasts about π/(ω h) steps at small h
    }
  });

  it('e matches (1 + (hω)²)^(−π/(2 atan hω)) within ±0.02 for hω ≤ 1', () => {
    // measured |e − formula|: 1.4e-7 (hω = 1), 1.2e-3 (0.3), 9.7e-4 (0.1), 1.4e-6 (0.01)
    for (const h of [1e-6, 3e-7, 1e-7, 1e-8]) {
      const hw = h * omega;
      expect(hw).toBeLessThanOrEqual(1 + 1e-6);
      expect(Math.abs(impact(h).e - restitution(hw))).toBeLessThan(0.02);
    }
  });
});

describe('T7: a particle on a unilateral spring (6-DoF joint to the world, soft lower limit on the height)', () => {
  const m = 1, k = 1e4, b = 20, h = 1e-3, y0 = 0.05;

  /** The particle (point mass, no rotation) at height y0 above the spring's rest point, released at rest. */
  function particle(solver: 'lcp' | 'pgs'): { w: PhysicsWorld; p: number; j: number } {
    const w = createPhysicsWorld({ solver, gravity: [0, -g, 0], pgs: { substeps: 4 }, sleep: false });
    const p = addBody(w, { position: [0, 0, 0], mass: m, inertia: [1, 1, 1], angularDamping: 0, linearDamping: 0 });
    // frame x pointing down: the linear coordinate is B's anchor (the world point at the start) relative to
    // A's (the particle) along −y, i.e. the particle's height above it; lower limit 0, no upper side
    const j = addJoint(w, { kind: 'sixDof', bodyA: p, worldAxis: [0, -1, 0],
      linear: [{ lower: 0, upper: Infinity, stiffness: k, damping: b }, 'free', 'free'], angular: ['free', 'free', 'free'] });
    setPosition(w, p, [0, y0, 0]);
    return { w, p, j };
  }

  /** Drumwright's unilateral step for one row, closed form (Drumwright 2019 eqs. 83–85): φ = y, G = 1, W = 1/m, f = −m g. */
  function closedForm(y: number, v: number, hs: number): number {
    const c = -k * y - (hs * k + b) * (v - hs * g);
    const a = 1 + (hs * hs * k + hs * b) / m;
    return Math.max(0, c / a);
  }

  it('accurate mode: λ = max(0, c/a) every step to 1e-12 (relative to m g), and the state follows the closed form', () => {
    const { w, p, j } = particle('lcp');
    let y = y0, v = 0, worstForce = 0, worstState = 0, contacts = 0, separations = 0;
    for (let i = 0; i < 2000; i++) {
      const yIn = getPosition(w, p)[1], vIn = getLinearVelocity(w, p)[1];
      const lam = closedForm(yIn, vIn, h);
      stepWorld(w, h);
      // the joint force on body B (the world) along the row; the particle gets the opposite
      const got = -getJointForce(w, j)[1];
      worstForce = Math.max(worstForce, Math.abs(got - lam) / (m * g));
      if (lam > 0) contacts++; else separations++;
      // independent closed-form trajectory (symplectic Euler with the closed-form λ)
      const lamRef = closedForm(y, v, h);
      v += h * (-g + lamRef / m);
      y += h * v;
      worstState = Math.max(worstState, Math.abs(getPosition(w, p)[1] - y), Math.abs(getLinearVelocity(w, p)[1] - v) * h);
    }
    expect(contacts).toBeGreaterThan(100);
    expect(separations).toBeGreaterThan(100); // it bounces: both branches of the max are exercised
    // measured: force 2.9e-15 (of m g), state 7.6e-18 m
    expect(worstForce).toBeLessThan(1e-12);
    expect(worstState).toBeLessThan(1e-12);
  });

  it('fast mode (4 substeps): the same law per substep, h_s = h/4; the step force is the substeps\' mean to 1e-12', () => {
    const { w, p, j } = particle('pgs');
    const n = 4;
    const hs = h / n;
    let worstForce = 0, worstState = 0, contacts = 0;
    let y = y0, v = 0;
    for (let i = 0; i < 2000; i++) {
      let mean = 0;
      for (let s = 0; s < n; s++) {
        const lam = closedForm(y, v, hs);
        mean += lam / n;
        v += hs * (-g + lam / m);
        y += hs * v;
      }
      stepWorld(w, h);
      if (mean > 0) contacts++;
      worstForce = Math.max(worstForce, Math.abs(-getJointForce(w, j)[1] - mean) / (m * g));
      worstState = Math.max(worstState, Math.abs(getPosition(w, p)[1] - y), Math.abs(getLinearVelocity(w, p)[1] - v) * h);
    }
    expect(contacts).toBeGreaterThan(100);
    // measured: force 1.8e-13 (of m g), state 1.8e-16 m
    expect(worstForce).toBeLessThan(1e-12);
    expect(worstState).toBeLessThan(1e-12);
  });

  it('at rest the penetration is m g / k to 1e-3 relative (b > 0), in both modes', () => {
    for (const solver of ['lcp', 'pgs'] as const) {
      const { w, p } = particle(solver);
      for (let i = 0; i < 5000; i++) stepWorld(w, h);
      const depth = -getPosition(w, p)[1];
      // measured: 4.4e-16 (accurate), 0 (fast) relative
      expect(Math.abs(depth / (m * g / k) - 1)).toBeLessThan(1e-3);
      expect(Math.abs(getLinearVelocity(w, p)[1])).toBeLessThan(1e-6);
    }
  });
});

describe('ball joint swing cone and twist limits (ragdoll shoulders and hips)', () => {
  const m = 1, Lr = 1, t = 0.1;
  const Il = m * (Lr * Lr + t * t) / 12, Ia = m * (2 * t * t) / 12;
  const deg = Math.PI / 180;

  /** A 1 m rod (1 kg, 0.1 m square section) hanging from a static base by a ball joint at its top end, the
   * joint axis down the rod, frame y = world z (so frame z = world −x); kicked with angular velocity `kick`
   * (world, rad/s) about the pivot. */
  function rod(solver: 'lcp' | 'pgs', swing: number | readonly [number, number], kick: readonly number[], twist?: [number, number]) {
    const w = createPhysicsWorld({ solver, gravity: [0, -g, 0] });
    const base = addBody(w, { type: 'static', position: [0, 0, 0] });
    const r = addBody(w, { position: [0, -0.5, 0], mass: m, inertia: [Il, Ia, Il], angularDamping: 0 });
    const j = addJoint(w, { kind: 'ball', bodyA: base, bodyB: r, worldAnchor: [0, 0, 0], worldAxis: [0, -1, 0], worldNormal: [0, 0, 1],
      swingLimit: swing, twistLimit: twist === undefined ? undefined : { lower: twist[0], upper: twist[1] } });
    setAngularVelocity(w, r, kick);
    setLinearVelocity(w, r, [0.5 * kick[2], 0, -0.5 * kick[0]]); // ω × (0, −0.5, 0)
    return { w, j };
  }

  /** Largest swing past the cone, φ − φ_max(β) (rad), and the largest swing, over `seconds`. */
  function swingRun(solver: 'lcp' | 'pgs', dt: number, half: [number, number], kick: readonly number[]) {
    const { w, j } = rod(solver, half, kick);
    let over = -Infinity, maxSwing = 0;
    for (let i = 0; i < Math.round(2 / dt); i++) {
      stepWorld(w, dt);
      const [phi, , ry, rz] = getJointSwingTwist(w, j);
      maxSwing = Math.max(maxSwing, phi);
      if (phi > 1e-9) over = Math.max(over, phi - phi / Math.hypot(ry / half[0], rz / half[1]));
    }
    return { over, maxSwing };
  }

  // measured, overshoot past the cone φ − φ_max(β): accurate 1/240: 0 (1e-16 rad: circular, about y, about z),
  // 0.012° (diagonal kick, the rod then slides along the rim: the rows are linearised at the start of the
  // step); fast 1/60: −0.022°, −0.010°, −0.009° (stops short: speculative rows), diagonal 0.042°
  for (const [solver, dt] of [['lcp', 1 / 240], ['pgs', 1 / 60]] as const) {
    it(`${solver}, dt 1/${Math.round(1 / dt)}: a rod kicked sideways stops at the cone (overshoot < 0.5°): circular and elliptical`, () => {
      const circ = swingRun(solver, dt, [0.5, 0.5], [0, 0, 5]);
      expect(circ.over).toBeLessThan(0.5 * deg);
      expect(circ.maxSwing).toBeGreaterThan(0.5 - 0.5 * deg); // it reaches the cone
      // elliptical [θy, θz] = [0.35, 0.7]: a kick about world z (frame y) meets θy, about world x (frame −z) θz
      const aboutY = swingRun(solver, dt, [0.35, 0.7], [0, 0, 5]);
      expect(aboutY.over).toBeLessThan(0.5 * deg);
      expect(Math.abs(aboutY.maxSwing - 0.35)).toBeLessThan(0.5 * deg);
      const aboutZ = swingRun(solver, dt, [0.35, 0.7], [5, 0, 0]);
      expect(aboutZ.over).toBeLessThan(0.5 * deg);
      expect(Math.abs(aboutZ.maxSwing - 0.7)).toBeLessThan(0.5 * deg);
      const diagonal = swingRun(solver, dt, [0.35, 0.7], [4, 0, 4]);
      expect(diagonal.over).toBeLessThan(0.5 * deg);
      expect(diagonal.over).toBeGreaterThan(-0.5 * deg);
    });

    // measured: the twist stops at the limit to 1e-14° in both modes (lower and upper)
    it(`${solver}, dt 1/${Math.round(1 / dt)}: a rod spun about its axis stops at the twist limits (overshoot < 0.5°)`, () => {
      for (const spin of [8, -8]) {
        // spin about world y = −(joint axis): positive spin drives the twist negative
        const { w, j } = rod(solver, 0.5, [0, spin, 0], [-0.3, 0.4]);
        let lo = Infinity, hi = -Infinity;
        for (let i = 0; i < Math.round(1 / dt); i++) {
          stepWorld(w, dt);
          const tw = getJointSwingTwist(w, j)[1];
          lo = Math.min(lo, tw); hi = Math.max(hi, tw);
        }
        const reached = spin > 0 ? lo : hi, limit = spin > 0 ? -0.3 : 0.4;
        expect(Math.abs(reached - limit)).toBeLessThan(0.5 * deg);
      }
    });
  }
});

describe('elliptical cone: no spurious limit near the neutral pose', () => {
  // C is the signed distance to the cone's ellipse in the swing rotation vector (bounded gradient); a
  // radial measure such as φ_max(β) − φ changes as fast as the azimuth β near φ = 0 and, linearised over
  // the step, fired the limit there (7.6 N·m at φ = 0.005 rad in the accurate mode before the change).
  for (const solver of ['lcp', 'pgs'] as const) {
    it(`${solver}: a rod swung fast through the pole past the narrow side (θ = [0.15, 1.2]) gets no limit force while φ < 0.1`, () => {
      const w = createPhysicsWorld({ solver, gravity: [0, 0, 0] });
      const base = addBody(w, { type: 'static', position: [0, 0, 0] });
      const r = addBody(w, { position: [0, -0.5, 0], mass: 1, inertia: [0.0842, 0.00167, 0.0842], angularDamping: 0 });
      const j = addJoint(w, { kind: 'ball', bodyA: base, bodyB: r, worldAnchor: [0, 0, 0], worldAxis: [0, -1, 0], worldNormal: [0, 0, 1],
        swingLimit: [0.15, 1.2] });
      // tilt 0.3 rad about world x (frame −z, the wide side), then swing back across the pole with a small
      // sideways component (it passes 0.005 rad from the axis)
      const al = -0.3, rr = [0, -0.5 * Math.cos(al), -0.5 * Math.sin(al)], om = [6, 0, 0.1];
      setPosition(w, r, rr);
      setOrientation(w, r, [Math.sin(al / 2), 0, 0, Math.cos(al / 2)]);
      setAngularVelocity(w, r, om);
      setLinearVelocity(w, r, [om[1] * rr[2] - om[2] * rr[1], om[2] * rr[0] - om[0] * rr[2], om[0] * rr[1] - om[1] * rr[0]]);
      let near = 0, minSwing = Infinity;
      for (let i = 0; i < 30; i++) {
        const phi = getJointSwingTwist(w, j)[0];
        minSwing = Math.min(minSwing, phi);
        stepWorld(w, 1 / 60);
        if (phi < 0.1) { near++; expect(w.joints.rowForce[JOINT_SLOTS * j + 10]).toBe(0); }
      }
      expect(near).toBeGreaterThan(0);
      expect(minSwing).toBeLessThan(0.01);
    });
  }
});

describe('soft swing cone: statics', () => {
  it('a horizontal rod sags onto a soft cone (k = 1000 N·m/rad, b = 5): k (φ − θ) = m g (L/2) cos φ to 1e-9, both modes', () => {
    const m = 1, L = 1, t = 0.1, theta = 0.3, k = 1000, b = 5;
    // equilibrium by Newton: f(φ) = k (φ − θ) − m g (L/2) cos φ = 0
    let phi = theta;
    for (let i = 0; i < 50; i++) phi -= (k * (phi - theta) - m * g * (L / 2) * Math.cos(phi)) / (k + m * g * (L / 2) * Math.sin(phi));
    for (const solver of ['lcp', 'pgs'] as const) {
      const w = createPhysicsWorld({ solver, gravity: [0, -g, 0], sleep: false });
      const base = addBody(w, { type: 'static', position: [0, 0, 0] });
      const Il = m * (L * L + t * t) / 12, Ia = m * (2 * t * t) / 12;
      const r = addBody(w, { position: [L / 2, 0, 0], mass: m, inertia: [Ia, Il, Il], angularDamping: 0 });
      const j = addJoint(w, { kind: 'ball', bodyA: base, bodyB: r, worldAnchor: [0, 0, 0], worldAxis: [1, 0, 0],
        swingLimit: { halfAngle: theta, stiffness: k, damping: b } });
      for (let i = 0; i < 240 * 4; i++) stepWorld(w, 1 / 240);
      const swing = getJointSwingTwist(w, j)[0];
      // measured relative error of the penetration φ − θ = 4.68e-3 rad: 1.2e-14 (accurate), 2.5e-13 (fast)
      expect(Math.abs((swing - theta) / (phi - theta) - 1)).toBeLessThan(1e-9);
      expect(Math.hypot(...getAngularVelocity(w, r))).toBeLessThan(1e-6);
    }
  });
});
