/**
 * Shock propagation for heavy bodies resting on light ones (fast mode): after a substep's solve sweeps
 * and before its positions are integrated, a heavy body that approaches a much lighter body below it,
 * which itself rests on a static body, is stopped against it as if the light body were static. This is
 * the shock propagation of Guendelman, Bridson & Fedkiw 2003 (the bodies of a lower layer of the contact
 * graph get infinite mass while the layer above is solved), on velocities as in Erleben 2007, restricted
 * to the first layer above the static bodies and to pairs with a mass ratio.
 *
 * Why: Gauss–Seidel on a light body squeezed between the ground and a heavy body converges at the rate of
 * the mass ratio. A 0.11 kg box under a 464 kg box sliding over it (the robustness fuzz, 4100 : 1): each
 * sweep, the ground row lifts the light box and the heavy row pushes it back down with a share m_light /
 * m_heavy of the heavy box's approach taken out, so the heavy box keeps sinking and presses the light one
 * 0.94 m into the ground. Solved with the light body frozen, the heavy body's approach is removed at once,
 * and the light body, supported by the ground, carries nothing it cannot hold.
 *
 * Which contact points: a dynamic body U at least {@link MIN_MASS_RATIO} times heavier than the dynamic
 * body L it touches, the normal from L to U within 60° of "up" ({@link MIN_UP_LOAD}; against gravity: a
 * heavy body pushing a light one sideways along the ground is not stopped by it), and L touching a static
 * or kinematic body below it (normal from it to L within 45° of up, {@link MIN_UP_SUPPORT}). First L's own support points are solved as plastic
 * contacts of L against the static body, then each heavy point as a plastic contact of U against a
 * static L: U's normal velocity at the point is raised to 0 (to −s/h for a speculative point, s > 0 its
 * current separation) by an impulse on U alone (L's support points: on L alone). That is a plastic impact of U on a fixed surface, so it
 * never adds kinetic energy when the point approaches (target 0); it never moves L, and does nothing
 * when no pair has the mass ratio (a pile of equal boxes pays one scan of its points per step). The
 * contact rows' accumulated impulses are not changed.
 *
 * Measured on the robustness fuzz's failing seeds (fast Coulomb mode, 600 steps; with the joint coupling
 * of `../common/joint-contact-coupling.ts` in both runs): 40 joint-free below-ground seeds (every third
 * of the long run's list): none fails (40 without); the 65 energy-rise seeds: 14 (65 without); 80
 * jointed below-ground seeds: 8 (15 without).
 *
 * No allocation once the arrays have grown to the scene.
 */

import { growInt32, growUint8, nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { currentSeparation } from '../common/contact-separation';

/**
 * Mass ratio m_U / m_L from which a heavy body is stopped against a light one below it. The sweeps take a
 * share of about m_L / (m_L + m_U) of the heavy body's approach out per sweep, so the default 8 biased
 * sweeps of a step (4 substeps of 2) leave about (r / (1 + r))⁸ of it: 47 % at r = 10, 17 % at r = 4. At 10, an 836 kg box landing at 25 m/s on a 167 kg body lying on the
 * ground (fuzz seed 2816, r = 5) pressed it 11 cm into the ground within the step, and the overlap's
 * recovery raised the scene's energy by 4.9 % in a step; it holds at 4. Equal bodies (piles, pyramids,
 * r = 1) keep the plain sweeps.
 */
export const MIN_MASS_RATIO = 4;

/** cos 45°: how close to "up" (against gravity) a light body's supporting normal (from the static body
 * to it) must be. */
const MIN_UP_SUPPORT = 0.7071067811865476;

/**
 * cos 60°: how close to "up" the normal from a light body L to the heavy body U resting on it must be. A
 * heavy capsule or sphere lying on a light body off its top touches it at normals 45–60° from up, where
 * the sweeps squeeze L as they do under a body straight above it: with 45° the fuzz's maximum-dissipation
 * seeds 5509, 6753 and 7137 (no joints; a 959 kg capsule on a 36 kg one, normals 46–49° from up) rose by
 * 1.0–1.6 % of their energy in a step as the overlap was recovered, and a 400 kg sphere on the top edges
 * of two 0.05 kg cubes (normals 50° from up) pressed through the edges to the ground. The pass is a
 * plastic impact of U on a fixed L, so a wider cone never adds energy; it only stops U's approach along
 * n as L's support would (a push 60° from up on a body that friction holds on the ground).
 */
const MIN_UP_LOAD = 0.5;

/** Separation (m) above which a point is speculative (the contact sweep's gap). */
const SPECULATIVE_MIN_GAP = 1e-6;

/** Passes over the points per substep. */
const PASSES = 2;

export interface ShockPropagation {
  /** Points of this step (contact point indices) and whether the body moved is B (1) or A (0): first
   * the support points of the light bodies (moved: the light body), then the heavy-on-light points
   * (moved: the heavy body). */
  count: number;
  point: Int32Array;
  upperIsB: Uint8Array;
  /** `[solver bodies]` 1 when the body rests on a static or kinematic body. */
  supported: Uint8Array;
  /** `[solver bodies]` 1 when the body is the light one of a point (under a heavy body). */
  squeezed: Uint8Array;
}

export function createShockPropagation(): ShockPropagation {
  return {
    count: 0, point: new Int32Array(16), upperIsB: new Uint8Array(16), supported: new Uint8Array(16),
    squeezed: new Uint8Array(16),
  };
}

/**
 * Start of a step: finds the points (see the header). `gravity` `[3]` (unit: m/s², world frame); with no
 * gravity there is no "up" and nothing is done.
 */
export function beginShockPropagation(s: ShockPropagation, p: ConstraintProblem, sb: SolverBodies, gravity: Float64Array): void {
  s.count = 0;
  const gx = gravity[0], gy = gravity[1], gz = gravity[2];
  const g2 = gx * gx + gy * gy + gz * gz;
  if (!(g2 > 0) || p.contactCount === 0) return;
  const gl = Math.sqrt(g2), ux = -gx / gl, uy = -gy / gl, uz = -gz / gl;
  const im = sb.invMass, d = p.direction, n = p.contactCount;
  // any pair with the mass ratio at all? (most scenes: none, and nothing more is done)
  let any = false;
  for (let c = 0; c < n; c++) {
    const ma = im[p.bodyA[c]], mb = im[p.bodyB[c]];
    if ((ma > 0 && mb >= MIN_MASS_RATIO * ma) || (mb > 0 && ma >= MIN_MASS_RATIO * mb)) { any = true; break; }
  }
  if (!any) return;
  if (s.supported.length < sb.count) s.supported = new Uint8Array(nextCapacity(s.supported.length, sb.count));
  const sup = s.supported;
  sup.fill(0, 0, sb.count);
  for (let c = 0; c < n; c++) {
    const a = p.bodyA[c], b = p.bodyB[c], o = 9 * c;
    const up = d[o] * ux + d[o + 1] * uy + d[o + 2] * uz; // n from A to B, against gravity
    if (im[a] === 0 && im[b] > 0 && up >= MIN_UP_SUPPORT) sup[b] = 1;
    else if (im[b] === 0 && im[a] > 0 && -up >= MIN_UP_SUPPORT) sup[a] = 1;
  }
  // the light bodies squeezed under a heavy one: their own support points are solved first (each
  // substep: L against the static body, then U against L), so neither sinks
  if (s.squeezed.length < sb.count) s.squeezed = new Uint8Array(nextCapacity(s.squeezed.length, sb.count));
  const sq = s.squeezed;
  sq.fill(0, 0, sb.count);
  for (let c = 0; c < n; c++) {
    const side = heavyOnLight(p, im, sup, c, ux, uy, uz);
    if (side >= 0) sq[side === 1 ? p.bodyA[c] : p.bodyB[c]] = 1;
  }
  let k = 0;
  for (let c = 0; c < n; c++) {
    const a = p.bodyA[c], b = p.bodyB[c], o = 9 * c;
    const up = d[o] * ux + d[o + 1] * uy + d[o + 2] * uz;
    if (im[a] === 0 && sq[b] === 1 && up >= MIN_UP_SUPPORT) k = push(s, k, c, 1);
    else if (im[b] === 0 && sq[a] === 1 && -up >= MIN_UP_SUPPORT) k = push(s, k, c, 0);
  }
  for (let c = 0; c < n; c++) {
    const side = heavyOnLight(p, im, sup, c, ux, uy, uz);
    if (side >= 0) k = push(s, k, c, side);
  }
  s.count = k;
}

/** 1 when contact point c is a heavy B above a light supported A, 0 for a heavy A above a light supported
 * B, −1 otherwise. */
function heavyOnLight(p: ConstraintProblem, im: Float64Array, sup: Uint8Array, c: number, ux: number, uy: number, uz: number): number {
  const a = p.bodyA[c], b = p.bodyB[c], o = 9 * c, d = p.direction;
  const ma = im[a], mb = im[b];
  if (!(ma > 0 && mb > 0)) return -1;
  const up = d[o] * ux + d[o + 1] * uy + d[o + 2] * uz;
  if (up >= MIN_UP_LOAD && ma >= MIN_MASS_RATIO * mb && sup[a] === 1) return 1;
  if (-up >= MIN_UP_LOAD && mb >= MIN_MASS_RATIO * ma && sup[b] === 1) return 0;
  return -1;
}

/** Appends point c (its upper body B when `upperIsB` is 1) at slot k; returns k + 1. */
function push(s: ShockPropagation, k: number, c: number, upperIsB: number): number {
  if (k >= s.point.length) {
    const cap = nextCapacity(s.point.length, k + 1);
    s.point = growInt32(s.point, cap);
    s.upperIsB = growUint8(s.upperIsB, cap);
  }
  s.point[k] = c;
  s.upperIsB[k] = upperIsB;
  return k + 1;
}

/**
 * After a substep's solve sweeps, before its positions are integrated (`invH` = 1 / substep length):
 * each point's heavy body stopped against its light one as if that were static (see the header).
 */
export function applyShockPropagation(s: ShockPropagation, p: ConstraintProblem, sb: SolverBodies, invH: number): void {
  if (s.count === 0) return;
  const v = sb.v, w = sb.w, im = sb.invMass, d = p.direction;
  for (let pass = 0; pass < PASSES; pass++) {
    for (let k = 0; k < s.count; k++) {
      const c = s.point[k], o = 9 * c, a = p.bodyA[c], b = p.bodyB[c];
      // the target normal speed: 0 at contact, −s/h for a speculative point (s > 0 its current separation)
      const sep = currentSeparation(p, sb, c, a, b);
      const target = sep > SPECULATIVE_MIN_GAP ? -sep * invH : 0;
      // the upper body U (B, or A) and the sign that turns n into "away from the lower body"
      const upperIsB = s.upperIsB[k] === 1, sign = upperIsB ? 1 : -1;
      const u3 = 3 * (upperIsB ? b : a), m = im[upperIsB ? b : a];
      const j = upperIsB ? p.angularB : p.angularA, iU = upperIsB ? p.invInertiaAngularB : p.invInertiaAngularA;
      const nx = d[o], ny = d[o + 1], nz = d[o + 2];
      // U's point velocity away from L must reach the target
      const vn = sign * (nx * v[u3] + ny * v[u3 + 1] + nz * v[u3 + 2] + j[o] * w[u3] + j[o + 1] * w[u3 + 1] + j[o + 2] * w[u3 + 2]);
      if (vn >= target) continue;
      const W = m + j[o] * iU[o] + j[o + 1] * iU[o + 1] + j[o + 2] * iU[o + 2];
      const l = (target - vn) / W;
      v[u3] += sign * m * l * nx; v[u3 + 1] += sign * m * l * ny; v[u3 + 2] += sign * m * l * nz;
      w[u3] += sign * l * iU[o]; w[u3 + 1] += sign * l * iU[o + 1]; w[u3 + 2] += sign * l * iU[o + 2];
    }
  }
}
