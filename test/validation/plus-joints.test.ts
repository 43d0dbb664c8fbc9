/**
 * The PLUS impact phase with joints (Uchida, Sherman & Delp 2015 eqs. 2.1a–b, §3b; `systems/solve/plus/joint-space.ts`): the rigid joint
 * rows are permanent, perfectly plastic equality constraints of the impact, so each interval's impulse
 * is the one the articulated system takes, and the impact leaves the joint velocity errors at ≈ 0.
 *
 * Accurate mode (`solver: 'lcp'`, default PLUS impacts), zero gravity. The velocities are read right
 * after the impact phase by wrapping it (`lcp.impactPhase`), before the joint step and the contact LCP.
 * Closed forms: a body pinned at P takes an impulse J (along n, at Q) as
 *   I_P ω = ρ × n J,  ρ = Q − P,  I_P = I_cm + M (|d|² 1 − d dᵀ),  d = C − P,
 * so its effective mass at Q along n is m_eff = 1 / ((ρ × n)ᵀ I_P⁻¹ (ρ × n)); a ball m₁ arriving at v
 * then leaves at v₁ = v − (1 + e) v / (1 + m₁ / m_eff) (a single frictionless contact: Poisson's and
 * Newton's restitution agree). Each of these tests fails without the joints in the impact (the numbers
 * the former phase gave are quoted in each test).
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, addJoint, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld,
  type PhysicsWorld,
} from '../../plugin/index';
import type { SolverBodies } from '../../systems/assembly/solver-bodies';
import type { SolverProblem, StepContext } from '../../systems/solve/constraint-solver';
import { createPlusImpactPhase, type PlusImpactStats } from '../../systems/solve/plus/plus-impact';
import type { ImpactPhase } from '../../systems/solve/common/impact-phase';
import { contactNormalVelocity } from '../../systems/solve/plus/constraint-space';
import { anchorGap } from './joints-helpers';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

type V3 = [number, number, number];

/** Body velocities and kinetic energy right after the impact phase of each step, and its stats. */
interface Trace {
  v: Map<number, V3>;
  w: Map<number, V3>;
  keBefore: number;
  keAfter: number;
  /** Smallest normal velocity over the points of the impacting islands after the phase (m/s). */
  minNormalVelocity: number;
  stats: PlusImpactStats | undefined;
}

/** Kinetic energy of the dynamic solver bodies (J): ½ m v² + ½ ωᵀ I ω with I = (I⁻¹)⁻¹ (world). */
function kineticEnergy(b: SolverBodies): number {
  let e = 0;
  for (let i = 0; i < b.count; i++) {
    if (!(b.invMass[i] > 0)) continue;
    const v = b.v.subarray(3 * i, 3 * i + 3), w = b.w.subarray(3 * i, 3 * i + 3), m = b.invInertia.subarray(9 * i, 9 * i + 9);
    // Iω by solving I⁻¹ x = ω (Cramer)
    const det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
    const x0 = (w[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (w[1] * m[8] - m[5] * w[2]) + m[2] * (w[1] * m[7] - m[4] * w[2])) / det;
    const x1 = (m[0] * (w[1] * m[8] - m[5] * w[2]) - w[0] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * w[2] - w[1] * m[6])) / det;
    const x2 = (m[0] * (m[4] * w[2] - w[1] * m[7]) - m[1] * (m[3] * w[2] - w[1] * m[6]) + w[0] * (m[3] * m[7] - m[4] * m[6])) / det;
    e += 0.5 * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2) / b.invMass[i] + 0.5 * (w[0] * x0 + w[1] * x1 + w[2] * x2);
  }
  return e;
}

/** An accurate-mode world (gravity 0 unless given) whose PLUS phase is traced; `withoutJoints` sets the
 * PLUS option `joints: false` (jointed bodies impact as if free: the former behaviour), for the
 * comparisons quoted in the tests. */
function tracedWorld(ids: () => number[], withoutJoints = false, gravity: V3 = [0, 0, 0]): { w: PhysicsWorld; trace: Trace[] } {
  const plus = createPlusImpactPhase({ joints: !withoutJoints });
  const trace: Trace[] = [];
  const phase: ImpactPhase = {
    resolve(sp: SolverProblem, b: SolverBodies, ctx: StepContext) {
      const p = sp.contacts;
      const keBefore = kineticEnergy(b);
      const stats = plus.resolve(sp, b, ctx);
      let minNormalVelocity = Infinity;
      for (let c = 0; c < p.contactCount; c++) {
        if (stats.status[c] !== 0) minNormalVelocity = Math.min(minNormalVelocity, contactNormalVelocity(p, b, c));
      }
      const t: Trace = { v: new Map(), w: new Map(), keBefore, keAfter: kineticEnergy(b), minNormalVelocity, stats: { ...stats } };
      for (const e of ids()) {
        const i = b.indexOfEntity[e];
        t.v.set(e, [b.v[3 * i], b.v[3 * i + 1], b.v[3 * i + 2]]);
        t.w.set(e, [b.w[3 * i], b.w[3 * i + 1], b.w[3 * i + 2]]);
      }
      trace.push(t);
      return stats;
    },
  };
  const w = createPhysicsWorld({ solver: 'lcp', gravity, lcp: { impactPhase: phase } });
  return { w, trace };
}

const near = (a: ArrayLike<number>, b: ArrayLike<number>, tol: number) => {
  for (let i = 0; i < b.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThanOrEqual(tol);
};

/** Ball m₁ at v on a pinned body of effective mass m_eff: the ball's velocity after (m/s). */
const ballAfter = (v: number, e: number, m1: number, meff: number) => v - (1 + e) * v / (1 + m1 / meff);

describe('a ball hits a bob hanging on a rigid ball joint (central, horizontal, equal masses, e = 1)', () => {
  // pivot P = 0, bob (m = 1, r = 0.1, I_b = 2/5 m r² = 0.004 about every axis) at (0, −L, 0); ball (m = 1)
  // arrives along +x at the bob's centre height. ρ = (−r, −L, 0), ρ × x̂ = (0, 0, L), I_P,zz = I_b + m L²:
  // m_eff = (I_b + m L²) / L² = m + I_b / L² = 1.004 kg.
  const L = 1, r = 0.1, m = 1, Ib = 0.004, v = 2;
  function scene(withoutJoints = false) {
    let bob = -1, ball = -1;
    const { w, trace } = tracedWorld(() => [bob, ball], withoutJoints);
    const col = { shape: 'sphere' as const, radius: r, restitution: 1, friction: 0 };
    bob = addBody(w, { position: [0, -L, 0], mass: m, inertia: [Ib, Ib, Ib], collider: col, angularDamping: 0 });
    ball = addBody(w, { position: [-2 * r, -L, 0], mass: m, inertia: [Ib, Ib, Ib], linearVelocity: [v, 0, 0], collider: col, angularDamping: 0 });
    const joint = addJoint(w, { kind: 'ball', bodyA: bob, worldAnchor: [0, 0, 0] });
    stepWorld(w, 1 / 60);
    return { w, trace, bob, ball, joint };
  }

  it('closed form with the bob inertia: ball v₁ = (m − m_eff)/(m + m_eff) v, bob v₂ = 2 m v/(m + m_eff), ω = v₂/L; |G v| < 1e-9', () => {
    const { trace, bob, ball } = scene();
    const t = trace[0];
    const meff = m + Ib / (L * L);
    const v1 = (m - meff) / (m + meff) * v, v2 = 2 * m * v / (m + meff);
    expect(v1).toBeCloseTo(-0.003992016, 9);
    near(t.v.get(ball)!, [v1, 0, 0], 1e-6);
    near(t.v.get(bob)!, [v2, 0, 0], 1e-6);
    near(t.w.get(bob)!, [0, 0, v2 / L], 1e-6);
    near(t.w.get(ball)!, [0, 0, 0], 1e-12);
    expect(t.stats!.rounds).toBe(2);
    expect(t.stats!.jointRows).toBe(3);
    expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
    // e = 1: kinetic energy conserved; the pivot absorbs the momentum m v − (m v₁ + m v₂) (N·s)
    expect(Math.abs(t.keAfter - t.keBefore)).toBeLessThan(1e-9 * t.keBefore);
    const absorbed = m * v - (m * v1 + m * v2);
    expect(absorbed).toBeGreaterThan(7e-3);
    expect(Math.abs(t.stats!.jointImpulse[0] - absorbed)).toBeLessThan(1e-9);
  });

  it('without the joints in the impact (former phase) the bob is free: the ball stops, the bob takes v, ω = 0', () => {
    const { trace, bob, ball } = scene(true);
    const t = trace[0];
    near(t.v.get(ball)!, [0, 0, 0], 1e-9);
    near(t.v.get(bob)!, [v, 0, 0], 1e-9);
    near(t.w.get(bob)!, [0, 0, 0], 1e-12);
  });

  it('after the step the rod keeps its length (anchor gap < 1e-9 m) and the bob swings at the impact speed', () => {
    const { w, bob, joint } = scene();
    const meff = m + Ib / (L * L), v2 = 2 * m * v / (m + meff);
    for (let i = 0; i < 30; i++) {
      stepWorld(w, 1 / 60);
      expect(anchorGap(w, joint)).toBeLessThan(1e-9);
    }
    const p = getPosition(w, bob);
    expect(Math.abs(Math.hypot(p[0], p[1], p[2]) - L)).toBeLessThan(1e-9);
    // the speed decays only by the first-order joint step's own dissipation (v² h / L per step, relative)
    expect(Math.hypot(...getLinearVelocity(w, bob))).toBeLessThanOrEqual(v2 * (1 + 1e-9));
  });
});

describe('a ball hits a rod pendulum at its lower end (articulated effective mass ≠ the free body\'s)', () => {
  // Rod: box 0.1 × 1 × 0.1 m, M = 2 kg, I_cm = M/12 (b² + c², a² + c², a² + b²), hung by a ball joint at
  // its top end P = 0 (centre at (0, −0.5, 0)). The ball (m₁ = 1, r = 0.1, e = 1, μ = 0) hits the −x face
  // at Q = (−0.05, −0.9, 0): ρ × x̂ = (0, 0, 0.9), m_eff = I_P,zz / 0.81 with I_P,zz = I_zz + M 0.5².
  const M = 2, a = 0.1, b = 1, c = 0.1, r = 0.1, m1 = 1, v = 2;
  const I: V3 = [M / 12 * (b * b + c * c), M / 12 * (a * a + c * c), M / 12 * (a * a + b * b)];
  function scene(withoutJoints = false) {
    let rod = -1, ball = -1;
    const { w, trace } = tracedWorld(() => [rod, ball], withoutJoints);
    rod = addBody(w, { position: [0, -0.5, 0], mass: M, inertia: I, angularDamping: 0,
      collider: { shape: 'box', halfExtents: [a / 2, b / 2, c / 2], restitution: 1, friction: 0 } });
    ball = addBody(w, { position: [-a / 2 - r, -0.9, 0], mass: m1, inertia: [0.004, 0.004, 0.004], linearVelocity: [v, 0, 0],
      angularDamping: 0, collider: { shape: 'sphere', radius: r, restitution: 1, friction: 0 } });
    addJoint(w, { kind: 'ball', bodyA: rod, worldAnchor: [0, 0, 0] });
    stepWorld(w, 1 / 60);
    return { trace, rod, ball };
  }

  it('ball, rod ω and rod velocity match the pinned closed form to 1e-6; |G v| < 1e-9; energy conserved', () => {
    const { trace, rod, ball } = scene();
    const t = trace[0];
    const IPzz = I[2] + M * 0.25;
    const meff = IPzz / 0.81;
    expect(meff).toBeCloseTo(0.8251029, 6);
    const v1 = ballAfter(v, 1, m1, meff);
    const J = m1 * (v - v1);
    const omega = 0.9 * J / IPzz;
    near(t.v.get(ball)!, [v1, 0, 0], 1e-6);
    near(t.w.get(rod)!, [0, 0, omega], 1e-6);
    // the rod's centre moves as ω × (C − P) = ω × (0, −0.5, 0) = (0.5 ω, 0, 0)
    near(t.v.get(rod)!, [0.5 * omega, 0, 0], 1e-6);
    expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
    expect(Math.abs(t.keAfter - t.keBefore)).toBeLessThan(1e-9 * t.keBefore);
  });

  it('the free rod (former phase) has m_eff = 1/(1/M + 0.4²/I_zz) = 0.6894 kg: a different answer', () => {
    const { trace, ball } = scene(true);
    const meffFree = 1 / (1 / M + 0.16 / I[2]);
    expect(trace[0].v.get(ball)![0]).toBeCloseTo(ballAfter(v, 1, m1, meffFree), 9);
    expect(Math.abs(ballAfter(v, 1, m1, meffFree) - ballAfter(v, 1, m1, (I[2] + M * 0.25) / 0.81))).toBeGreaterThan(0.1);
  });
});

describe("Newton's cradle of 5 balls, each hung by its own rigid joint (e = 1, μ = 0)", () => {
  // Pivots at (2 r i, 0, 0), balls (m = 0.2, r = 0.1, I = 0.0008) at (2 r i, −L, 0), touching. Ball 0 is
  // pushed along the circle: v = 1 m/s at its centre, with the angular velocity the joint asks for.
  const r = 0.1, L = 1, m = 0.2, I = 2 / 5 * m * r * r, v = 1;
  function cradle(kind: 'ball' | 'distance', withoutJoints = false) {
    const ids: number[] = [], joints: number[] = [];
    const { w, trace } = tracedWorld(() => ids, withoutJoints);
    const col = { shape: 'sphere' as const, radius: r, restitution: 1, friction: 0, captureVelocity: 0.001 };
    for (let i = 0; i < 5; i++) {
      // ball joint: the ball turns with the rod (ω = v/L about z); distance joint: a point on a massless rod
      const spin = i === 0 && kind === 'ball' ? v / L : 0;
      ids.push(addBody(w, { position: [2 * r * i, -L, 0], mass: m, inertia: [I, I, I], collider: col, angularDamping: 0,
        linearVelocity: [i === 0 ? v : 0, 0, 0], angularVelocity: [0, 0, spin] }));
      joints.push(kind === 'ball'
        ? addJoint(w, { kind: 'ball', bodyA: ids[i], worldAnchor: [2 * r * i, 0, 0] })
        : addJoint(w, { kind: 'distance', bodyA: ids[i], anchorB: [2 * r * i, 0, 0] }));
    }
    stepWorld(w, 1 / 60);
    return { w, trace, ids, joints };
  }

  for (const kind of ['ball', 'distance'] as const) {
    it(`${kind} joints: (0, 0, 0, 0, v) right after the impact within 1e-6, 5 rounds, |G v| < 1e-9, energy kept; the rods hold`, () => {
      const { w, trace, ids, joints } = cradle(kind);
      const t = trace[0];
      expect(t.stats!.rounds).toBe(5);
      expect(t.stats!.fallbacks).toBe(0);
      expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
      const expected = [0, 0, 0, 0, v];
      for (let i = 0; i < 5; i++) {
        near(t.v.get(ids[i])!, [expected[i], 0, 0], 1e-6);
        near(t.w.get(ids[i])!, [0, 0, kind === 'ball' ? expected[i] / L : 0], 1e-6);
      }
      expect(Math.abs(t.keAfter - t.keBefore)).toBeLessThan(1e-9 * t.keBefore);
      // and after the step (joint step, contact LCP, projection): the same velocities, the rods hold
      for (let i = 0; i < 5; i++) near(getLinearVelocity<number[]>(w, ids[i]), [expected[i], 0, 0], 1e-6);
      for (let s = 0; s < 20; s++) {
        stepWorld(w, 1 / 60);
        for (let i = 0; i < 5; i++) {
          const p = getPosition(w, ids[i]);
          expect(Math.abs(Math.hypot(p[0] - 2 * r * i, p[1], p[2]) - L)).toBeLessThan(1e-9);
        }
        if (kind === 'ball') for (const j of joints) expect(anchorGap(w, j)).toBeLessThan(1e-9);
      }
      for (let i = 0; i < 4; i++) near(getLinearVelocity<number[]>(w, ids[i]), [0, 0, 0], 1e-6);
    });
  }

  it('ball joints without the joints in the impact (former phase): ball 0 keeps its spin, ends ≠ (0, 0, 0, 0, v)', () => {
    const { ids, w, trace } = cradle('ball', true);
    // the impact moves linear momentum only: ball 0 stops and keeps the spin v / L it had
    near(trace[0].v.get(ids[0])!, [0, 0, 0], 1e-9);
    near(trace[0].w.get(ids[0])!, [0, 0, v / L], 1e-9);
    // the joint step then turns that spin into motion: ball 0 moves on at 0.996e-3 m/s after the step
    // (1.008e-3 before the contact LCP took its blocks through the joints), where the impact with the
    // joints leaves it at 0 within 1e-6 (the test above)
    expect(Math.abs(getLinearVelocity(w, ids[0])[0])).toBeGreaterThan(1e-4);
  });
});

describe('an impact that would stretch a joint: a ball hits a hanging bob along the rod', () => {
  // Bob (m = 1, r = 0.1) at (0, −L, 0) on a ball joint at P = 0; the ball (m = 1) comes from below along
  // +y. ρ × ŷ = 0 and the rod blocks the bob along y: m_eff = ∞, so v₁ = −e v, the bob stays at rest and
  // the pivot absorbs (1 + e) m v.
  const L = 1, r = 0.1, m = 1, v = 2;
  function scene(e: number, withoutJoints = false) {
    let bob = -1, ball = -1;
    const { w, trace } = tracedWorld(() => [bob, ball], withoutJoints);
    const col = { shape: 'sphere' as const, radius: r, restitution: e, friction: 0.5 };
    bob = addBody(w, { position: [0, -L, 0], mass: m, inertia: [0.004, 0.004, 0.004], collider: col, angularDamping: 0 });
    ball = addBody(w, { position: [0, -L - 2 * r, 0], mass: m, inertia: [0.004, 0.004, 0.004], linearVelocity: [0, v, 0], collider: col, angularDamping: 0 });
    const joint = addJoint(w, { kind: 'ball', bodyA: bob, worldAnchor: [0, 0, 0] });
    stepWorld(w, 1 / 60);
    return { w, trace, bob, ball, joint };
  }

  for (const e of [1, 0.5]) {
    it(`e = ${e}: ball v₁ = −e v, bob at rest, pivot impulse (1 + e) m v, energy not increased, rod length unchanged`, () => {
      const { w, trace, bob, ball, joint } = scene(e);
      const t = trace[0];
      near(t.v.get(ball)!, [0, -e * v, 0], 1e-9);
      near(t.v.get(bob)!, [0, 0, 0], 1e-12);
      near(t.w.get(bob)!, [0, 0, 0], 1e-12);
      expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
      // the joint's row along y carries the whole momentum change of the ball
      const rowImpulse = Math.hypot(t.stats!.jointImpulse[0], t.stats!.jointImpulse[1], t.stats!.jointImpulse[2]);
      expect(Math.abs(rowImpulse - (1 + e) * m * v)).toBeLessThan(1e-9);
      expect(t.keAfter).toBeLessThanOrEqual(t.keBefore * (1 + 1e-12));
      expect(Math.abs(t.keAfter - e * e * t.keBefore)).toBeLessThan(1e-9);
      for (let i = 0; i < 10; i++) {
        stepWorld(w, 1 / 60);
        expect(anchorGap(w, joint)).toBeLessThan(1e-9);
      }
      near(getPosition<number[]>(w, bob), [0, -L, 0], 1e-9);
    });
  }

  it('former phase: the free bob takes the ball\'s velocity (ball stops), which the joint then removes plastically', () => {
    const { trace, bob, ball } = scene(1, true);
    near(trace[0].v.get(ball)!, [0, 0, 0], 1e-9);
    near(trace[0].v.get(bob)!, [0, v, 0], 1e-9);
  });
});

describe('a hinged door with a rigid angle limit at its stop (limits are unilateral in the impact)', () => {
  // Door: box 1 × 1 × 0.1 m, M = 2 kg, centre (0.5, 0, 0), hinge along world y at x = 0, limits [0, 1.5]
  // on the hinge coordinate (at the lower stop). A ball (m₁ = 1, e = 1, μ = 0) hits the door at x = 0.9.
  // Pushing it into the stop, the door cannot move (v₁ = −v); pushing it away, the limit would pull, is
  // released, and the door swings about the hinge: m_eff = I_hinge,yy / 0.81, I_hinge,yy = I_yy + M 0.5².
  const M = 2, r = 0.1, m1 = 1, v = 2;
  const I: V3 = [M / 12 * (1 + 0.01), M / 12 * (1 + 0.01), M / 12 * 2];
  function scene(side: 1 | -1) {
    let door = -1, ball = -1;
    const { w, trace } = tracedWorld(() => [door, ball]);
    door = addBody(w, { position: [0.5, 0, 0], mass: M, inertia: I, angularDamping: 0,
      collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.05], restitution: 1, friction: 0 } });
    ball = addBody(w, { position: [0.9, 0, side * (0.05 + r)], mass: m1, inertia: [0.004, 0.004, 0.004],
      linearVelocity: [0, 0, -side * v], angularDamping: 0, collider: { shape: 'sphere', radius: r, restitution: 1, friction: 0 } });
    addJoint(w, { kind: 'hinge', bodyA: door, worldAnchor: [0, 0, 0], worldAxis: [0, 1, 0], limits: { lower: 0, upper: 1.5 } });
    stepWorld(w, 1 / 60);
    return { trace, door, ball, w };
  }

  it('into the stop (ball from +z): the door stays, the ball rebounds at −v; the limit pushes (no release)', () => {
    const { trace, door, ball } = scene(1);
    const t = trace[0];
    near(t.v.get(ball)!, [0, 0, v], 1e-9);
    near(t.v.get(door)!, [0, 0, 0], 1e-9);
    near(t.w.get(door)!, [0, 0, 0], 1e-9);
    expect(t.stats!.limitReleases).toBe(0);
    expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
  });

  it('away from the stop (ball from −z): the limit is released and the door swings about its hinge (closed form to 1e-6)', () => {
    const { trace, door, ball } = scene(-1);
    const t = trace[0];
    const Ih = I[1] + M * 0.25, meff = Ih / 0.81;
    const v1 = ballAfter(v, 1, m1, meff);
    const omega = -0.9 * m1 * (v - v1) / Ih;
    near(t.v.get(ball)!, [0, 0, v1], 1e-6);
    near(t.w.get(door)!, [0, omega, 0], 1e-6);
    near(t.v.get(door)!, [0, 0, -0.5 * omega], 1e-6);
    expect(t.stats!.limitReleases).toBe(1);
    expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
    expect(Math.abs(t.keAfter - t.keBefore)).toBeLessThan(1e-9 * t.keBefore);
  });
});

describe('properties: seeded oblique frictional impacts on jointed chains', () => {
  it('120 cases: no kinetic-energy gain, |G v| < 1e-9 after the phase, nothing left approaching, no fallback', () => {
    let seed = 11;
    const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    let impacts = 0, worstGain = -Infinity, worstErr = 0;
    for (let n = 0; n < 120; n++) {
      const ids: number[] = [];
      const { w, trace } = tracedWorld(() => ids);
      const links = 1 + Math.floor(rnd() * 3), e = rnd(), mu = rnd() * 0.8;
      const col = { shape: 'box' as const, halfExtents: [0.05, 0.25, 0.05] as V3, restitution: e, friction: mu, minRestitution: 1 };
      for (let i = 0; i < links; i++) {
        ids.push(addBody(w, { position: [0, -0.25 - 0.5 * i, 0], mass: 0.5 + rnd(), angularDamping: 0, collider: col }));
        const kind = rnd() < 0.5 ? 'ball' : 'hinge';
        const anchor: V3 = [0, -0.5 * i, 0];
        if (i === 0) addJoint(w, { kind, bodyA: ids[0], worldAnchor: anchor, worldAxis: [0, 0, 1] });
        else addJoint(w, { kind, bodyA: ids[i - 1], bodyB: ids[i], worldAnchor: anchor, worldAxis: [0, 0, 1] });
      }
      const hit = Math.floor(rnd() * links), y = -0.5 * hit - 0.05 - 0.4 * rnd();
      const sp = 1 + 3 * rnd();
      const dir: V3 = [1, 0.8 * (rnd() - 0.5), 0.8 * (rnd() - 0.5)];
      ids.push(addBody(w, { position: [-0.05 - 0.1 - 0.001, y, 0.04 * (rnd() - 0.5)], mass: 0.3 + rnd(),
        linearVelocity: [sp * dir[0], sp * dir[1], sp * dir[2]], angularVelocity: [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5],
        angularDamping: 0, collider: { shape: 'sphere', radius: 0.1, restitution: e, friction: mu, minRestitution: 1 } }));
      stepWorld(w, 1 / 60);
      const t = trace[0];
      if (t.stats!.islands === 0) continue;
      impacts++;
      expect(t.stats!.fallbacks).toBe(0);
      expect(t.stats!.jointRows).toBeGreaterThan(0);
      worstGain = Math.max(worstGain, (t.keAfter - t.keBefore) / t.keBefore);
      worstErr = Math.max(worstErr, t.stats!.jointVelocityError);
      expect(t.keAfter).toBeLessThanOrEqual(t.keBefore * (1 + 1e-9));
      expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
      expect(t.minNormalVelocity).toBeGreaterThanOrEqual(-1e-6);
      for (let s = 0; s < 5; s++) stepWorld(w, 1 / 60);
      for (const id of ids) for (const x of [...getLinearVelocity(w, id), ...getAngularVelocity(w, id)]) expect(Number.isFinite(x)).toBe(true);
    }
    expect(impacts).toBeGreaterThan(100);
    expect(worstGain).toBeLessThanOrEqual(1e-9);
    expect(worstErr).toBeLessThan(1e-9);
  });
});

describe('a 6-link chain (ball joints) dropped on the ground under gravity (e = 0.5, μ = 0.5)', () => {
  it('every impact phase: |G v| < 1e-9 after it, no kinetic-energy gain, nothing left approaching; the joints hold (< √3·1e-9 m)', () => {
    const ids: number[] = [], joints: number[] = [];
    const { w, trace } = tracedWorld(() => ids, false, [0, -9.81, 0]);
    addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [5, 0.5, 5], restitution: 0.5, friction: 0.5 } });
    const col = { shape: 'box' as const, halfExtents: [0.2, 0.05, 0.05] as V3, restitution: 0.5, friction: 0.5 };
    for (let i = 0; i < 6; i++) {
      ids.push(addBody(w, { position: [0.4 * i, 1 + 0.1 * i, 0], mass: 1, collider: col }));
      if (i > 0) joints.push(addJoint(w, { kind: 'ball', bodyA: ids[i - 1], bodyB: ids[i], worldAnchor: [0.4 * i - 0.2, 0.95 + 0.1 * i, 0] }));
    }
    let impacts = 0, coupled = 0;
    for (let s = 0; s < 120; s++) {
      stepWorld(w, 1 / 60);
      const t = trace[trace.length - 1];
      for (const j of joints) expect(anchorGap(w, j)).toBeLessThan(Math.sqrt(3) * 1e-9);
      if (t.stats!.islands === 0) continue;
      impacts++;
      if (t.stats!.jointRows > 0) coupled++;
      expect(t.stats!.jointVelocityError).toBeLessThan(1e-9);
      expect(t.keAfter).toBeLessThanOrEqual(t.keBefore * (1 + 1e-9));
      expect(t.minNormalVelocity).toBeGreaterThanOrEqual(-1e-6);
    }
    expect(impacts).toBeGreaterThan(5);
    expect(coupled).toBe(impacts);
  });
});
