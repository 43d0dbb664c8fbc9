/**
 * Shared helpers of the joint validation tests: stepping, energies, anchor gaps.
 */
import {
  getAngularVelocity, getJointCoordinate, getLinearVelocity, getPosition, stepWorld, type PhysicsWorld,
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
