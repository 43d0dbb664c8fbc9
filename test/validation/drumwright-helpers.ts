/**
 * Shared helpers of the Drumwright contact-scene tests (Drumwright 2019 §6.4 ramp, §6.5 sphere stacks, the box drop):
 * contact readers over the world's contact store (per-point normal and friction forces on one body, in
 * N), contact-point velocities, the accurate mode's failure counters, and mechanical energy.
 *
 * Impulse → force: the contact store keeps, per point, the normal impulse and the friction impulse
 * along the tangents t1, t2 = `tangentBasis(n)` of the manifold normal n (A → B; the assembly's basis).
 * In the accurate mode ('lcp') it is the impulse of the whole step (duration h). In the fast mode
 * ('pgs') it is the accumulated impulse of the last substep (duration h / substeps): the soft step
 * warm-starts each substep with the previous one's impulse. So force = impulse / duration.
 */
import {
  getAngularVelocity, getLinearVelocity, type PhysicsWorld,
} from '../../plugin/index';
import type { LcpSolver } from '../../systems/solve/lcp/stewart-trinkle';
import { MAX_MANIFOLD_POINTS } from '../../components/contact';
import { tangentBasis } from '../../math/vec3';
import type { PgsSolver } from '../../systems/solve/pgs/pgs-solver';
import type { PlusImpactStats } from '../../systems/solve/plus/plus-impact';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

export type Mode = 'pgs' | 'lcp';

/** One contact point as felt by one body (world frame, SI). */
export interface ContactReading {
  /** Contact point (m), midway between the surfaces, at the start of the last step. */
  point: [number, number, number];
  /** Unit direction of the normal force on the body (out of the other body). */
  normal: [number, number, number];
  /** Signed separation at the start of the last step (m; negative = penetration). */
  separation: number;
  /** Normal force on the body (N, ≥ 0). */
  normalForce: number;
  /** Friction force on the body (N, world vector, ⟂ normal). */
  friction: [number, number, number];
}

/** Duration (s) over which the stored contact impulses act, for a step of length h. */
export function impulseDuration(w: PhysicsWorld, h: number): number {
  return w.solver.kind === 'pgs' ? h / (w.solver as PgsSolver).options.substeps : h;
}

const basis = new Float64Array(9);

/** The contact points of `body` after the last step, with forces on `body` (N). */
export function contactsOf(w: PhysicsWorld, body: number, h: number): ContactReading[] {
  const c = w.contacts;
  const inv = 1 / impulseDuration(w, h);
  const out: ContactReading[] = [];
  for (let m = 0; m < c.count; m++) {
    const a = c.bodyA[m], b = c.bodyB[m];
    if ((a !== body && b !== body) || c.sensor[m]) continue;
    const sign = b === body ? 1 : -1; // the impulse acts along +n on B and −n on A
    basis[0] = c.normal[3 * m]; basis[1] = c.normal[3 * m + 1]; basis[2] = c.normal[3 * m + 2];
    tangentBasis(basis, 0, basis, 3, basis, 6);
    for (let k = 0; k < c.pointCount[m]; k++) {
      const s = MAX_MANIFOLD_POINTS * m + k;
      const pn = c.normalImpulse[s], p1 = c.tangentImpulse[2 * s], p2 = c.tangentImpulse[2 * s + 1];
      out.push({
        point: [c.point[3 * s], c.point[3 * s + 1], c.point[3 * s + 2]],
        normal: [sign * basis[0], sign * basis[1], sign * basis[2]],
        separation: c.separation[s],
        normalForce: pn * inv,
        friction: [0, 1, 2].map((i) => sign * inv * (p1 * basis[3 + i] + p2 * basis[6 + i])) as [number, number, number],
      });
    }
  }
  return out;
}

/** Velocity (m/s, world) of the material point of `body` at `point`, with the lever arm taken from
 * `com` (the centre of mass the point was computed at: the start of the last step). */
export function pointVelocity(
  w: PhysicsWorld, body: number, point: ArrayLike<number>, com: ArrayLike<number>,
): [number, number, number] {
  const v = getLinearVelocity(w, body), om = getAngularVelocity(w, body);
  const rx = point[0] - com[0], ry = point[1] - com[1], rz = point[2] - com[2];
  return [v[0] + om[1] * rz - om[2] * ry, v[1] + om[2] * rx - om[0] * rz, v[2] + om[0] * ry - om[1] * rx];
}

/** Failed or approximate contact solves of the last accurate-mode step: Lemke secondary rays, pivot
 * caps, results that failed the residual check, regularised retries and projected fallbacks. Always 0 in
 * the fast mode (it has no failure state). */
export function lcpFailures(w: PhysicsWorld): number {
  if (w.solver.kind !== 'lcp') return 0;
  const s = (w.solver as LcpSolver).stats;
  return s.secondaryRays + s.pivotLimits + s.inaccurateResults + s.regularizedRetries + s.projectedFallbacks;
}

/** Impact islands of the last accurate-mode step that the PLUS impact phase handed to its Poisson
 * fallback (round, interval or size budget exceeded). 0 in the fast mode. */
export function plusFallbacks(w: PhysicsWorld): number {
  if (w.solver.kind !== 'lcp') return 0;
  // the default impact phase is PLUS, whose stats extend ImpactStats with `fallbacks`
  const impact = (w.solver as LcpSolver).stats.impact as Partial<PlusImpactStats> | undefined;
  return impact?.fallbacks ?? 0;
}

/** Every failure counter of the last step: `lcpFailures` + `plusFallbacks`. */
export function solverFailures(w: PhysicsWorld): number {
  return lcpFailures(w) + plusFallbacks(w);
}

/** Kinetic + potential energy (J) of `ids` under gravity (0, −g, 0) (shared with the joint tests). */
export { energy } from './joints-helpers';

export const dot3 = (a: ArrayLike<number>, b: ArrayLike<number>): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const norm3 = (a: ArrayLike<number>): number => Math.hypot(a[0], a[1], a[2]);

/** Hamilton product a ⊗ b of quaternions [x, y, z, w]. */
export function quatMul(a: readonly number[], b: readonly number[]): [number, number, number, number] {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** Rotates v by the unit quaternion q [x, y, z, w]. */
export function quatRotate(q: readonly number[], v: readonly number[]): [number, number, number] {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}
