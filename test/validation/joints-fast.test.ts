/**
 * Joints in the fast (PGS) mode against closed forms and conservation laws; dt = 1/60 and default
 * options (4 substeps, joint rows solved directly per island) unless a test says otherwise.
 * Sources: Drumwright 2019
 * §5.2 (T1, T2, T6 adapted to the engine) and the scene criteria.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, addJoint, applyForce, createPhysicsWorld, getAngularVelocity, getJointCoordinate, getJointForce,
  getJointMotorForce, getJointTorque, getLinearVelocity, getPosition, isJointBroken, setJointMotor, stepWorld,
  type JointDef, type PhysicsWorld,
} from '../../plugin/index';
import {
  anchorGap, energy, expectDuplicatedSpringEqualsDouble, expectSpringEnergyNeverIncreases, g, run, springParticle,
} from './joints-helpers';

const dt = 1 / 60;

/** Zero crossings (downward in x) → mean period. */
function period(w: PhysicsWorld, body: number, seconds: number): number {
  let prev = getPosition(w, body)[0];
  const crossings: number[] = [];
  run(w, dt, seconds, (_i, t) => {
    const x = getPosition(w, body)[0];
    if (prev > 0 && x <= 0) crossings.push(t - dt * x / (x - prev));
    prev = x;
  });
  return (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1);
}

describe('pendulum period (small angle, closed form)', () => {
  const L = 1, m = 1, I = 1e-3, theta0 = 5 * Math.PI / 180;
  const amplitude = 1 + theta0 * theta0 / 16; // finite-amplitude correction of the period (≈ 0.05 %)
  const cases: [string, (b: number) => JointDef, number][] = [
    ['hinge', (b) => ({ kind: 'hinge', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [0, 0, 1] }),
      2 * Math.PI * Math.sqrt((I + m * L * L) / (m * g * L))], // compound pendulum: I_pivot = I + m L²
    ['ball', (b) => ({ kind: 'ball', bodyA: b, worldAnchor: [0, 0, 0] }),
      2 * Math.PI * Math.sqrt((I + m * L * L) / (m * g * L))],
    ['distance (rod)', (b) => ({ kind: 'distance', bodyA: b, anchorB: [0, 0, 0] }),
      2 * Math.PI * Math.sqrt(L / g)], // the bob turns freely: a simple pendulum
  ];
  for (const [name, def, T0] of cases) {
    it(`${name}: period within 1 % of 2π√(I_pivot / (m g L)) (5°, 30 s)`, () => {
      const w = createPhysicsWorld();
      const b = addBody(w, { position: [L * Math.sin(theta0), -L * Math.cos(theta0), 0], mass: m, inertia: [I, I, I], angularDamping: 0 });
      addJoint(w, def(b));
      const T = period(w, b, 30);
      expect(Math.abs(T / (T0 * amplitude) - 1)).toBeLessThan(0.01);
    });
  }
});

/** A chain of `links` rods (1 kg, 0.5 m) from a world pivot, ending in a ball of mass `ratio` kg, laid
 * out straight at `tilt` from the downward vertical. Returns the joint ids and the end body. */
function chain(w: PhysicsWorld, links: number, ratio: number, tilt: number) {
  const Lk = 0.5, dir = [Math.sin(tilt), -Math.cos(tilt), 0];
  const joints: number[] = [];
  let prev = -1, end = -1;
  for (let i = 0; i <= links; i++) {
    const heavy = i === links;
    const m = heavy ? ratio : 1;
    const I = heavy ? 0.4 * m * 0.25 * 0.25 : m * Lk * Lk / 12;
    const pos = [dir[0] * Lk * (i + 0.5), 10 + dir[1] * Lk * (i + 0.5), 0];
    const b = addBody(w, { position: pos, mass: m, inertia: [I, I, I] });
    const anchor = [dir[0] * Lk * i, 10 + dir[1] * Lk * i, 0];
    joints.push(addJoint(w, prev < 0
      ? { kind: 'ball', bodyA: b, worldAnchor: anchor }
      : { kind: 'ball', bodyA: prev, bodyB: b, worldAnchor: anchor }));
    prev = b;
    end = b;
  }
  return { joints, end };
}

function maxGap(w: PhysicsWorld, joints: number[]): number {
  let m = 0;
  for (const j of joints) m = Math.max(m, anchorGap(w, j));
  return m;
}

describe('chain of 20 links with a 100:1 end mass (the issue\'s bar: separation < 1 cm at dt 1/60)', () => {
  for (const deg of [0, 45]) {
    it(`released ${deg}° from the vertical: every joint's anchor gap stays below 1 cm for 10 s`, () => {
      const w = createPhysicsWorld();
      const { joints, end } = chain(w, 20, 100, deg * Math.PI / 180);
      if (deg === 0) applyForce(w, end, [3000, 0, 0]); // a sideways kick on the end mass
      let worst = 0;
      run(w, dt, 10, () => { worst = Math.max(worst, maxGap(w, joints)); });
      expect(worst).toBeLessThan(0.01);
      expect(Number.isFinite(getPosition(w, end)[1])).toBe(true);
    });
  }

  it('released horizontally (the end mass falls 10 m and whips the chain): no blow-up, gaps below 5 cm', () => {
    // Not the bar: the light links reach tens of rad/s, and the gap within a substep is the
    // linearisation error ~ h²ω²r of the frozen Jacobians (h = 1/240 s).
    const w = createPhysicsWorld();
    const { joints, end } = chain(w, 20, 100, Math.PI / 2);
    let worst = 0;
    run(w, dt, 10, () => { worst = Math.max(worst, maxGap(w, joints)); });
    expect(worst).toBeLessThan(0.05);
    expect(Math.hypot(...getPosition(w, end).map((x, k) => x - [0, 10, 0][k]))).toBeLessThan(10.25 + 0.05);
  });
});

describe('energy of undamped joint systems does not grow', () => {
  for (const kind of ['hinge', 'ball'] as const) {
    it(`double pendulum (${kind}s), released horizontal, 10 s`, () => {
      const w = createPhysicsWorld();
      const opts = { mass: 1, inertia: [1e-3, 1 / 12, 1 / 12] as [number, number, number], angularDamping: 0 };
      const a = addBody(w, { position: [0.5, 0, 0], ...opts });
      const b = addBody(w, { position: [1.5, 0, 0], ...opts });
      const j = (bodyA: number, bodyB: number | undefined, x: number): JointDef => (kind === 'hinge'
        ? { kind, bodyA, bodyB, worldAnchor: [x, 0, 0], worldAxis: [0, 0, 1] }
        : { kind, bodyA, bodyB, worldAnchor: [x, 0, 0] });
      addJoint(w, j(a, undefined, 0));
      addJoint(w, j(a, b, 1));
      const E0 = energy(w, [a, b]);
      const scale = 2 * 1 * g * 2; // m_total g L_total: the potential-energy range (J)
      const series: number[] = [];
      run(w, dt, 10, () => series.push(energy(w, [a, b])));
      // bounded: symplectic Euler's O(h) energy oscillation, 0.5 % of the energy scale
      expect(Math.max(...series) - E0).toBeLessThan(0.005 * scale);
      // no secular growth: the last two seconds hold no more energy than the first two
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      expect(mean(series.slice(-120))).toBeLessThanOrEqual(mean(series.slice(0, 120)) + 1e-9);
    });
  }
});

describe('a hinge keeps its axis, a slider keeps its line', () => {
  it('a door (10 kg, COM 0.5 m off a vertical hinge) swinging at 2 rad/s: axis error < 1e-3 rad, anchor gap < 1 mm', () => {
    const w = createPhysicsWorld();
    // ω = 2 rad/s about the hinge: the centre of mass moves at ω × (0.5, 0, 0) = (0, 0, −1) m/s
    const door = addBody(w, {
      position: [0.5, 1, 0], mass: 10, collider: { shape: 'box', halfExtents: [0.5, 1, 0.05] },
      angularVelocity: [0, 2, 0], linearVelocity: [0, 0, -1], angularDamping: 0,
    });
    const hinge = addJoint(w, { kind: 'hinge', bodyA: door, worldAnchor: [0, 1, 0], worldAxis: [0, 1, 0] });
    let axisErr = 0, gap = 0, minSpeed = Infinity;
    run(w, dt, 10, () => {
      axisErr = Math.max(axisErr, Math.abs(getJointCoordinate(w, hinge, 'angularY')), Math.abs(getJointCoordinate(w, hinge, 'angularZ')));
      gap = Math.max(gap, anchorGap(w, hinge));
      minSpeed = Math.min(minSpeed, Math.abs(getAngularVelocity(w, door)[1]));
    });
    expect(axisErr).toBeLessThan(1e-3);
    expect(gap).toBeLessThan(1e-3);
    // the gravity torque (49 N·m) is carried by the hinge: the joint torque is perpendicular to the axis
    const tq = getJointTorque(w, hinge);
    expect(Math.abs(tq[1])).toBeLessThan(1e-6 * Math.hypot(...tq));
    expect(Math.hypot(...tq)).toBeGreaterThan(40);
    expect(minSpeed).toBeGreaterThan(2 * (1 - 1e-3)); // it keeps turning: no energy sink on the free axis
  });

  it('a slider tilted 30°, anchor off the centre of mass: s(1 s) = the discrete closed form to 1e-9 (g sin30° t²/2 within 1 %), off-line < 0.1 mm', () => {
    const w = createPhysicsWorld();
    const th = Math.PI / 6, axis = [Math.cos(th), -Math.sin(th), 0];
    const body = addBody(w, { position: [0, 0, 0], mass: 2, inertia: [0.1, 0.2, 0.3] });
    const slider = addJoint(w, { kind: 'slider', bodyA: body, anchorA: [0.3, 0.2, 0.1], worldAxis: axis });
    let off = 0, turn = 0;
    run(w, dt, 1, () => {
      off = Math.max(off, Math.hypot(getJointCoordinate(w, slider, 'linearY'), getJointCoordinate(w, slider, 'linearZ')));
      turn = Math.max(turn, ...(['angularX', 'angularY', 'angularZ'] as const).map((a) => Math.abs(getJointCoordinate(w, slider, a))));
    });
    // the slide of B (world) relative to A is −s; symplectic Euler over n = 240 substeps of h = dt/4 gives
    // exactly s = a h² n(n + 1)/2 (a = g sin 30°), 0.42 % above the continuous a t²/2
    const s = -getJointCoordinate(w, slider, 'linearX');
    const a = g * Math.sin(th), hs = dt / 4, n = 240;
    expect(Math.abs(s / (a * hs * hs * n * (n + 1) / 2) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(s / (0.5 * a) - 1)).toBeLessThan(0.01);
    expect(off).toBeLessThan(1e-4);
    expect(turn).toBeLessThan(1e-4);
  });
});

describe('limits hold and motors reach their speed with bounded force', () => {
  it('hinge limits ±30°: a pendulum kicked at 5 rad/s stops at the limit (overshoot < 0.5°)', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { position: [0, -1, 0], mass: 1, inertia: [0.01, 0.01, 0.01], angularVelocity: [0, 0, 5], linearVelocity: [5, 0, 0] });
    const j = addJoint(w, { kind: 'hinge', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [0, 0, 1], limits: { lower: -Math.PI / 6, upper: Math.PI / 6 } });
    let maxAngle = -Infinity, minAngle = Infinity;
    run(w, dt, 5, () => {
      const a = getJointCoordinate(w, j);
      maxAngle = Math.max(maxAngle, a); minAngle = Math.min(minAngle, a);
    });
    // B is the world: the joint angle is the world's rotation relative to the body, −(body angle)
    expect(Math.max(maxAngle, -minAngle)).toBeLessThan(Math.PI / 6 + 0.5 * Math.PI / 180);
    expect(Math.max(maxAngle, -minAngle)).toBeGreaterThan(Math.PI / 6 - 0.5 * Math.PI / 180); // it reached it
  });

  it('slider lower limit: a 2 kg body dropped on a vertical slider rests at the limit (error < 1 mm)', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { position: [0, 0, 0], mass: 2, inertia: [0.1, 0.1, 0.1] });
    const j = addJoint(w, { kind: 'slider', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [0, 1, 0], limits: { lower: -0.5, upper: 0.5 } });
    let worst = 0;
    run(w, dt, 3, () => { worst = Math.max(worst, getJointCoordinate(w, j)); });
    // coordinate = slide of the world anchor relative to the body along +y = −y_body
    expect(getPosition(w, b)[1]).toBeCloseTo(-0.5, 3);
    expect(worst).toBeLessThan(0.5 + 1e-3);
    expect(Math.abs(getLinearVelocity(w, b)[1])).toBeLessThan(1e-3);
  });

  it('hinge motor: a wheel (I = 0.5 kg·m²) spun up by ≤ 2 N·m reaches 10 rad/s after I ω / τ = 2.5 s', () => {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const wheel = addBody(w, { position: [0, 0, 0], mass: 5, inertia: [0.5, 0.3, 0.3], angularDamping: 0 });
    const j = addJoint(w, { kind: 'hinge', bodyA: wheel, worldAnchor: [0, 0, 0], worldAxis: [1, 0, 0], motor: { speed: 10, maxForce: 2 } });
    let maxTorque = 0;
    const speedAt: Record<number, number> = {};
    run(w, dt, 4, (i) => {
      maxTorque = Math.max(maxTorque, Math.abs(getJointMotorForce(w, j)));
      if (i + 1 === 120) speedAt[2] = getAngularVelocity(w, wheel)[0];
    });
    // the motor drives the world relative to the wheel: the wheel turns at −speed
    expect(Math.abs(speedAt[2] / -8 - 1)).toBeLessThan(0.01); // τ t / I = 8 rad/s at 2 s
    expect(getAngularVelocity(w, wheel)[0]).toBeCloseTo(-10, 6);
    expect(maxTorque).toBeLessThanOrEqual(2 * (1 + 1e-12));
    expect(Math.abs(getJointMotorForce(w, j))).toBeLessThan(1e-9); // no load at speed
  });

  it('slider motor: lifts 2 kg at 0.5 m/s with m g = 19.6 N; with 10 N < m g it sinks at (10 − m g)/m', () => {
    for (const maxForce of [50, 10]) {
      const w = createPhysicsWorld();
      const b = addBody(w, { position: [0, 0, 0], mass: 2, inertia: [0.1, 0.1, 0.1] });
      // body B = the lift, A = a static frame: the motor drives B's slide relative to A along +y
      const frame = addBody(w, { type: 'static', position: [0, 0, 0] });
      const j = addJoint(w, { kind: 'slider', bodyA: frame, bodyB: b, worldAnchor: [0, 0, 0], worldAxis: [0, 1, 0] });
      setJointMotor(w, j, { speed: 0.5, maxForce });
      run(w, dt, 2);
      if (maxForce === 50) {
        expect(getLinearVelocity(w, b)[1]).toBeCloseTo(0.5, 6);
        expect(Math.abs(getJointMotorForce(w, j) / (2 * g) - 1)).toBeLessThan(0.01);
      } else {
        const v0 = getLinearVelocity(w, b)[1];
        stepWorld(w, dt);
        expect(Math.abs((getLinearVelocity(w, b)[1] - v0) / dt / ((10 - 2 * g) / 2) - 1)).toBeLessThan(0.01);
        expect(Math.abs(getJointMotorForce(w, j))).toBeCloseTo(10, 9);
      }
    }
  });
});

describe('redundant constraints solve without blowing up or drifting', () => {
  it('a duplicated ball joint swings like the single one (period within 0.1 %), and the pair carries the same force', () => {
    const make = (dup: boolean) => {
      const w = createPhysicsWorld();
      const b = addBody(w, { position: [Math.sin(0.3), -Math.cos(0.3), 0], mass: 1, inertia: [1e-3, 1e-3, 1e-3], angularDamping: 0 });
      const j1 = addJoint(w, { kind: 'ball', bodyA: b, worldAnchor: [0, 0, 0] });
      const j2 = dup ? addJoint(w, { kind: 'ball', bodyA: b, worldAnchor: [0, 0, 0] }) : -1;
      return { w, b, j1, j2 };
    };
    const one = make(false), two = make(true);
    const T1 = period(one.w, one.b, 20), T2 = period(two.w, two.b, 20);
    expect(Math.abs(T2 / T1 - 1)).toBeLessThan(1e-3);
    const f1 = getJointForce(one.w, one.j1);
    const f2a = getJointForce(two.w, two.j1), f2b = getJointForce(two.w, two.j2);
    const sum = [0, 1, 2].map((k) => f2a[k] + f2b[k]);
    expect(Math.hypot(...sum.map((x, k) => x - f1[k]))).toBeLessThan(0.01 * Math.hypot(...f1));
    expect(anchorGap(two.w, two.j1)).toBeLessThan(1e-4);
  });

  /** A Grashof crank-rocker four-bar (ground 2, crank 0.5, coupler 2, rocker 1.5 m: s + l < p + q, so it
   * never reaches a change point where the loop's constraint Jacobian loses rank), all four joints
   * hinges about z: 4 × 5 = 20 rows on 3 bodies (18 DoF) leave 1 DoF, so 3 rows are redundant. */
  function fourBar(w: PhysicsWorld) {
    const O2 = [0, 0], O4 = [2, 0], B = [0, 0.5];
    const d = Math.hypot(O4[0] - B[0], O4[1] - B[1]);
    const r1 = 2, r2 = 1.5, aa = (r1 * r1 - r2 * r2 + d * d) / (2 * d), hh = Math.sqrt(r1 * r1 - aa * aa);
    const ux = (O4[0] - B[0]) / d, uy = (O4[1] - B[1]) / d;
    const C = [B[0] + aa * ux - hh * uy, B[1] + aa * uy + hh * ux];
    const rod = (p0: number[], p1: number[]) => {
      const L = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]), ang = Math.atan2(p1[1] - p0[1], p1[0] - p0[0]);
      return addBody(w, {
        position: [(p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2, 0], orientation: [0, 0, Math.sin(ang / 2), Math.cos(ang / 2)],
        mass: L, inertia: [1e-3 * L, L * L * L / 12, L * L * L / 12], angularDamping: 0,
      });
    };
    const crank = rod(O2, B), coupler = rod(B, C), rocker = rod(O4, C);
    const z = [0, 0, 1];
    const joints = [
      addJoint(w, { kind: 'hinge', bodyA: crank, worldAnchor: [O2[0], O2[1], 0], worldAxis: z }),
      addJoint(w, { kind: 'hinge', bodyA: crank, bodyB: coupler, worldAnchor: [B[0], B[1], 0], worldAxis: z }),
      addJoint(w, { kind: 'hinge', bodyA: coupler, bodyB: rocker, worldAnchor: [C[0], C[1], 0], worldAxis: z }),
      addJoint(w, { kind: 'hinge', bodyA: rocker, worldAnchor: [O4[0], O4[1], 0], worldAxis: z }),
    ];
    return { ids: [crank, coupler, rocker], joints };
  }

  function closure(w: PhysicsWorld, joints: number[]): { gap: number; axis: number } {
    let gap = 0, axis = 0;
    for (const j of joints) {
      gap = Math.max(gap, anchorGap(w, j));
      axis = Math.max(axis, Math.abs(getJointCoordinate(w, j, 'angularY')), Math.abs(getJointCoordinate(w, j, 'angularZ')));
    }
    return { gap, axis };
  }

  it('a four-bar linkage with four hinges (3 redundant rows) swings 10 s under gravity without blowing up or drifting', () => {
    const w = createPhysicsWorld();
    const { ids, joints } = fourBar(w);
    const E0 = energy(w, ids);
    const h = dt / 4; // the substep
    let gap = 0, axis = 0, Emax = -Infinity, wMax = 0, slowGap = 0, slowSteps = 0;
    run(w, dt, 10, () => {
      const c = closure(w, joints);
      gap = Math.max(gap, c.gap); axis = Math.max(axis, c.axis);
      Emax = Math.max(Emax, energy(w, ids));
      const speeds = ids.map((id) => Math.hypot(...getAngularVelocity(w, id)));
      wMax = Math.max(wMax, ...speeds);
      if (Math.max(...speeds) < 0.5) { slowGap = Math.max(slowGap, c.gap); slowSteps++; }
    });
    // the crank whips through at ~12 rad/s: the closure error is the frozen-Jacobian drift within a
    // substep, ~ h² ω² r (r = 2 m, the longest link); it must stay within that bound …
    expect(gap).toBeLessThan(h * h * wMax * wMax * 2);
    expect(axis).toBeLessThan(1e-3);
    // … and not accumulate: whenever the linkage is slow again, the loop is closed to 0.1 mm
    expect(slowSteps).toBeGreaterThan(5);
    expect(slowGap).toBeLessThan(1e-4);
    expect(Emax - E0).toBeLessThan(0.005 * 4 * g * 1.5); // 0.5 % of m_total g (height range)
  });

  it('the same four-bar driven by a crank motor (3 rad/s, ≤ 100 N·m) turns full circles for 10 s: gaps < 1 mm', () => {
    const w = createPhysicsWorld();
    const { joints } = fourBar(w);
    setJointMotor(w, joints[0], { speed: 3, maxForce: 100 });
    let gap = 0, axis = 0, turns = 0, prev = getJointCoordinate(w, joints[0]);
    run(w, dt, 10, () => {
      const c = closure(w, joints);
      gap = Math.max(gap, c.gap); axis = Math.max(axis, c.axis);
      const a = getJointCoordinate(w, joints[0]);
      if (prev > 2 && a < -2) turns++;
      prev = a;
    });
    expect(gap).toBeLessThan(1e-3);
    expect(axis).toBeLessThan(1e-3);
    expect(turns).toBeGreaterThanOrEqual(4); // 30 rad in 10 s ≈ 4.8 turns
  });
});

describe('kinematic and static bodies', () => {
  it('a pendulum hanging from a kinematic carriage moving at 1 m/s follows it (gap < 0.1 mm, 5 s)', () => {
    const w = createPhysicsWorld();
    const cart = addBody(w, { type: 'kinematic', position: [0, 5, 0], linearVelocity: [1, 0, 0] });
    const bob = addBody(w, { position: [0, 4, 0], mass: 1, inertia: [0.01, 0.01, 0.01] });
    const j = addJoint(w, { kind: 'ball', bodyA: cart, bodyB: bob, worldAnchor: [0, 5, 0] });
    let gap = 0;
    run(w, dt, 5, () => { gap = Math.max(gap, anchorGap(w, j)); });
    expect(gap).toBeLessThan(1e-4);
    expect(getPosition(w, bob)[0]).toBeGreaterThan(4.5);
  });
});

describe('breaking', () => {
  it('a pendulum bob on a joint with breakForce 15 N breaks on the way down (tension 3 m g cos φ), is reported once, then falls freely', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { position: [1, 0, 0], mass: 1, inertia: [1e-3, 1e-3, 1e-3] });
    const j = addJoint(w, { kind: 'ball', bodyA: b, worldAnchor: [0, 0, 0], breakForce: 15 });
    let brokeAt = -1, reports = 0, tensionBefore = 0;
    for (let i = 0; i < 120 && brokeAt < 0; i++) {
      tensionBefore = Math.hypot(...getJointForce(w, j));
      stepWorld(w, dt);
      if (w.brokenJoints.includes(j)) { brokeAt = i; reports++; }
    }
    expect(brokeAt).toBeGreaterThan(0);
    expect(isJointBroken(w, j)).toBe(true);
    expect(tensionBefore).toBeLessThanOrEqual(15);
    // after breaking: no more reports, free fall (Δv = g dt), and no joint force
    const v0 = getLinearVelocity(w, b);
    stepWorld(w, dt);
    expect(w.brokenJoints.length).toBe(0);
    const v1 = getLinearVelocity(w, b);
    expect(v1[0]).toBeCloseTo(v0[0], 12);
    expect(v1[1] - v0[1]).toBeCloseTo(-g * dt, 12);
    expect(reports).toBe(1);
  });

  it('with breakForce 100 N (> the 3 m g peak) it never breaks', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { position: [1, 0, 0], mass: 1, inertia: [1e-3, 1e-3, 1e-3] });
    const j = addJoint(w, { kind: 'ball', bodyA: b, worldAnchor: [0, 0, 0], breakForce: 100 });
    let peak = 0;
    run(w, dt, 3, () => { peak = Math.max(peak, Math.hypot(...getJointForce(w, j))); });
    expect(isJointBroken(w, j)).toBe(false);
    expect(Math.abs(peak / (3 * g) - 1)).toBeLessThan(0.05); // 3 m g at the bottom (point mass)
  });
});

describe('spring joints: Drumwright\'s rows are the implicit Euler step (Drumwright 2019 §3.1.3; stability; redundant springs)', () => {
  /** A particle on a spring row φ = −x (6-DoF joint, linear x a spring, the rest free) to the world. */
  const FAST_1X1 = { pgs: { substeps: 1, iterations: 1, relaxIterations: 0 } };
  const particle = (o: { k: number; b: number; h: number; x0: number; dup?: boolean }) =>
    springParticle(FAST_1X1, o.k, o.b, o.x0, o.dup);

  it('T1: k = 1e6, b = 3, h = 1e-2, f = 0.5, x0 = 1: 1000 steps equal the closed-form implicit Euler to 1e-12', () => {
    const k = 1e6, b = 3, h = 1e-2, f = 0.5, m = 1;
    const { w, p } = particle({ k, b, h, x0: 1 });
    let x = 1, v = 0, worst = 0;
    for (let i = 0; i < 1000; i++) {
      applyForce(w, p, [f, 0, 0]);
      stepWorld(w, h);
      v = (v + (h / m) * (f - k * x)) / (1 + h * b / m + h * h * k / m);
      x = x + h * v;
      worst = Math.max(worst, Math.abs(getPosition(w, p)[0] - x));
    }
    expect(worst).toBeLessThan(1e-12);
    expect(getPosition(w, p)[0]).toBeCloseTo(f / k, 12);
  });

  it('T2: unconditional stability, k ∈ 1e3…1e15, b ∈ {0, 1, 1e3, 1e6, 1e12}, h ∈ {1e-6, 1e-4, 1e-2, 1e-1}: energy never increases', () => {
    expectSpringEnergyNeverIncreases(FAST_1X1);
  });

  it('T6: a duplicated spring joint (k, b) equals one joint with (2k, 2b), and the two rows share the force', () => {
    expectDuplicatedSpringEqualsDouble(FAST_1X1, [1e2, 1e5, 1e8], 100, Infinity, 1e-15);
  });

  it('a soft distance joint (4 substeps) is the implicit Euler recurrence at h/4 (1e-9) and oscillates at √(k/m) (1 %)', () => {
    const k = 400, m = 1, zeta = 0.05, b = 2 * zeta * Math.sqrt(k * m), hs = dt / 4;
    const w = createPhysicsWorld({ gravity: [0, 0, 0], sleep: false });
    const body = addBody(w, { position: [1.1, 0, 0], mass: m, inertia: [1, 1, 1] });
    addJoint(w, { kind: 'distance', bodyA: body, anchorB: [0, 0, 0], length: 1, stiffness: k, damping: b });
    let x = 0.1, v = 0, worst = 0;
    const xs: number[] = [];
    run(w, dt, 3, () => {
      for (let s = 0; s < 4; s++) {
        v = (v - (hs / m) * k * x) / (1 + hs * b / m + hs * hs * k / m);
        x += hs * v;
      }
      const xe = getPosition(w, body)[0] - 1;
      worst = Math.max(worst, Math.abs(xe - x));
      xs.push(xe);
    });
    expect(worst).toBeLessThan(1e-9);
    const ups: number[] = []; // upward zero crossings
    for (let i = 1; i < xs.length; i++) if (xs[i - 1] < 0 && xs[i] >= 0) ups.push(i - xs[i] / (xs[i] - xs[i - 1]));
    const T = (ups[ups.length - 1] - ups[0]) * dt / (ups.length - 1);
    const wd = Math.sqrt(k / m) * Math.sqrt(1 - zeta * zeta);
    expect(Math.abs(T / (2 * Math.PI / wd) - 1)).toBeLessThan(0.01);
  });
});
