/**
 * Shared helpers of the joint validation tests: stepping, energies, anchor gaps.
 */
import { expect } from 'vitest';
import {
  addBody, addJoint, createPhysicsWorld, getAngularVelocity, getJointCoordinate, getJointForce, getLinearVelocity,
  getPosition, stepWorld, type JointDef, type PhysicsWorld, type PhysicsWorldOptions,
} from '../../plugin/index';

export const g = 9.81;

export function run(w: PhysicsWorld, dt: number, seconds: number, each?: (step: number, t: number) => void): void {
  const n = Math.round(seconds / dt);
  for (let i = 0; i < n; i++) {
    stepWorld(w, dt);
    each?.(i, (i + 1) * dt);
  }
}

/** Distance between the two anchors of a (non-distance) joint, from its linear coordinates (m). */
export function anchorGap(w: PhysicsWorld, joint: number): number {
  return Math.hypot(
    getJointCoordinate(w, joint, 'linearX'), getJointCoordinate(w, joint, 'linearY'), getJointCoordinate(w, joint, 'linearZ'),
  );
}

/** Kinetic + potential energy of bodies with principal inertia along the body axes (J). Rotational
 * energy uses the world angular velocity and the body's world inertia R diag(I) Rᵀ. */
export function energy(w: PhysicsWorld, ids: number[], gravity = g): number {
  let e = 0;
  const B = w.bodies;
  for (const id of ids) {
    const m = B.mass[id];
    const v = getLinearVelocity(w, id), om = getAngularVelocity(w, id), p = getPosition(w, id);
    // ω in body axes: Rᵀ ω
    const q = Array.from(B.orientation.subarray(4 * id, 4 * id + 4));
    const [qx, qy, qz, qw] = [-q[0], -q[1], -q[2], q[3]];
    const tx = 2 * (qy * om[2] - qz * om[1]), ty = 2 * (qz * om[0] - qx * om[2]), tz = 2 * (qx * om[1] - qy * om[0]);
    const wl = [om[0] + qw * tx + (qy * tz - qz * ty), om[1] + qw * ty + (qz * tx - qx * tz), om[2] + qw * tz + (qx * ty - qy * tx)];
    const I = B.inertiaLocal;
    e += 0.5 * m * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
      + 0.5 * (I[3 * id] * wl[0] ** 2 + I[3 * id + 1] * wl[1] ** 2 + I[3 * id + 2] * wl[2] ** 2)
      + m * gravity * p[1];
  }
  return e;
}

/**
 * A 1 kg particle at x0 on a spring row φ = −x (a 6-DoF joint to the world: linear x a spring (k, b),
 * the rest free), no gravity; `dup` adds the same joint twice (implicit Euler, stability, redundancy).
 */
export function springParticle(options: PhysicsWorldOptions, k: number, b: number, x0: number, dup = false) {
  const w = createPhysicsWorld({ ...options, gravity: [0, 0, 0] });
  const p = addBody(w, { position: [x0, 0, 0], mass: 1, inertia: [1, 1, 1], angularDamping: 0 });
  const def: JointDef = {
    kind: 'sixDof', bodyA: p, anchorA: [0, 0, 0], anchorB: [0, 0, 0], linear: ['locked', 'free', 'free'],
    angular: ['free', 'free', 'free'], stiffness: k, damping: b,
  };
  addJoint(w, def);
  if (dup) addJoint(w, def);
  return { w, p };
}

/** Unconditional stability: over k ∈ 1e3…1e15, b ∈ {0, 1, 1e3, 1e6, 1e12}, h ∈ {1e-6 … 1e-1}, E = ½kx² + ½mv² never increases. */
export function expectSpringEnergyNeverIncreases(options: PhysicsWorldOptions): void {
  for (const k of [1e3, 1e6, 1e9, 1e12, 1e15]) {
    for (const b of [0, 1, 1e3, 1e6, 1e12]) {
      for (const h of [1e-6, 1e-4, 1e-2, 1e-1]) {
        const { w, p } = springParticle(options, k, b, 1);
        let E = 0.5 * k;
        for (let i = 0; i < 200; i++) {
          stepWorld(w, h);
          const x = getPosition(w, p)[0], v = getLinearVelocity(w, p)[0];
          const En = 0.5 * k * x * x + 0.5 * v * v;
          expect(Number.isFinite(En)).toBe(true);
          expect(En).toBeLessThanOrEqual(E * (1 + 1e-12) + 1e-300);
          E = En;
        }
      }
    }
  }
}

/**
 * Redundant constraints: a spring joint (k, 3) duplicated equals one joint (2k, 6) over `steps` steps of 1e-2 s
 * (velocities to 1e-12 of the run's velocity scale), and for k ≤ `forceKMax` the two rows share the
 * force (to 1e-9 relative + `forceAbsTol` N).
 */
export function expectDuplicatedSpringEqualsDouble(
  options: PhysicsWorldOptions, ks: number[], steps: number, forceKMax: number, forceAbsTol: number,
): void {
  for (const k of ks) {
    const two = springParticle(options, k, 3, 1, true);
    const one = springParticle(options, 2 * k, 6, 1);
    const va: number[] = [], vb: number[] = [];
    for (let i = 0; i < steps; i++) {
      stepWorld(two.w, 1e-2);
      stepWorld(one.w, 1e-2);
      va.push(getLinearVelocity(two.w, two.p)[0]);
      vb.push(getLinearVelocity(one.w, one.p)[0]);
    }
    // relative to the run's velocity scale (the velocity crosses zero, so per-step ratios are meaningless)
    const scale = Math.max(...vb.map(Math.abs));
    expect(Math.max(...va.map((v, i) => Math.abs(v - vb[i])))).toBeLessThanOrEqual(1e-12 * scale);
    if (k <= forceKMax) {
      const [ja, jb] = [two.w.joints.list[0], two.w.joints.list[1]];
      const fa = getJointForce(two.w, ja)[0], fb = getJointForce(two.w, jb)[0];
      expect(Math.abs(fa - fb)).toBeLessThanOrEqual(1e-9 * Math.abs(fa) + forceAbsTol);
    }
  }
}
