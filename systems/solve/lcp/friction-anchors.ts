/**
 * The friction rows' position-level terms: lever arcs and friction anchors, so that a sticking contact
 * holds its position in the accurate step, not only its velocity.
 *
 * Stewart–Trinkle's friction rows hold a sticking contact at the velocity level: the end-of-step relative
 * tangential velocity is zero with the levers of the start of the step (Stewart & Trinkle 1996, eq. 28),
 * and q⁺ = q + h v⁺ (eq. 27) moves each centre of mass along a straight line while each body turns by
 * hω. On a kinematic turntable the table's contact point moves along an arc and the box along the
 * tangent: the two material points that touch part by r ω² h² / 2 per step, nothing brings them back,
 * and a box at 95 % of the slip speed crept outwards at 3.7 cm/s until the friction it needed left the
 * cone. Two terms b_t = (b_1, b_2) are added to the friction rows' b (eq. 29), so that the rows read
 *
 *     w_β = λ e + D̄ᵀ (v⁺ + b_t),
 *
 * and a sticking point ends the step at relative tangential velocity −b_t:
 *
 * 1. **Lever arcs.** Over the step, a body turning at ω moves its material point at lever r by
 *    (R(hω) − I) r = h ω × r + ½ h² ω × (ω × r) + O(h³), while the rows see only h ω × r. The second-order
 *    term of both bodies,
 *
 *        b_arc = ½ h [ω_B × (ω_B × r_B) − ω_A × (ω_A × r_A)]   (along t1, t2),
 *
 *    makes the relative tangential displacement of the two material points over the step zero, not
 *    only their velocity at its start.
 * 2. **Friction anchors.** A point that sticks keeps, in each body's frame, the material point that was at
 *    the contact when it began to stick (the contact store's `anchorA` / `anchorB`, set through the
 *    problem's `anchorAction`). At the next step the anchors' separation e = p_B − p_A is measured along
 *    the tangents (assembly: `drift`), and b gains ē / h: the residual drift (rounding, the O(h³) term,
 *    a step in which the point slid a little) closes within a step, as the normal rows' Φ / h closes a gap.
 *
 * Both terms apply only to a point whose two bodies do not roll over each other: a rolling contact sticks
 * at the velocity level, but its material points part by r (θ − sin θ) per step (the cycloid), and
 * holding them would brake the roll. A point whose bodies turn relative to each other about a tangent axis
 * by more than {@link ANCHOR_MAX_TURN} in the step gets neither and loses its anchor. An anchor is also
 * dropped when the point slides (λ > 0), opens, or drifts further than {@link ANCHOR_MAX_DRIFT}; a drift
 * below {@link ANCHOR_MIN_DRIFT} (the rounding of the poses) counts as none. With b_t = 0 the step is the
 * paper's; the terms are what eq. 29's Φ / h term is for the normal, applied to the tangent plane.
 */

import {
  ANCHOR_DROP, ANCHOR_KEEP, ANCHOR_SET, type ConstraintProblem,
} from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { rowVelocityAt, type ContactRows } from './contact-rows';

/** Relative turn about a tangent axis within one step (unit: rad) above which a point counts as rolling. */
export const ANCHOR_MAX_TURN = 1e-3;
/** Largest anchor drift (unit: m) the friction rows correct; beyond it the point is anchored anew. */
export const ANCHOR_MAX_DRIFT = 0.01;
/** Drift (unit: m) below which an anchored point's drift is taken as zero: the rounding of the poses
 * (a 1 m body's position has ulp 2e-16 m) must not reach the friction rows. */
export const ANCHOR_MIN_DRIFT = 1e-9;
/** End-of-step gap (unit: m) up to which a point counts as closed. */
export const ANCHOR_TOUCH = 1e-6;
/** Relative tangential speed (unit: m/s) at the end of the step below which a point counts as sticking. */
export const ANCHOR_STICK_SPEED = 1e-4;

/** Scratch of {@link tangentTurnRate2}'s result (a number returned from a call V8 does not inline is boxed
 * on the heap). No simulation state. */
const turn = new Float64Array(1);

/** Squared relative angular speed of contact c's bodies about the tangent plane's axes (unit: rad²/s²),
 * written to `out[0]`. */
function tangentTurnRate2(p: ConstraintProblem, bodies: SolverBodies, c: number, out: Float64Array): void {
  const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], w = bodies.w, d = 9 * c;
  const wx = w[b3] - w[a3], wy = w[b3 + 1] - w[a3 + 1], wz = w[b3 + 2] - w[a3 + 2];
  const wn = wx * p.direction[d] + wy * p.direction[d + 1] + wz * p.direction[d + 2];
  out[0] = wx * wx + wy * wy + wz * wz - wn * wn;
}

/**
 * Before the LCP: the friction rows' position-level terms of every point (unit: m/s) into `bias`
 * (`[2 × contacts]`, along t1, t2): the lever arcs, plus ē / h for a usable anchored point, which is marked
 * {@link ANCHOR_KEEP} in `anchorAction` (every other point {@link ANCHOR_DROP}). `bodies` holds the free
 * velocities.
 */
export function tangentBiases(p: ConstraintProblem, bodies: SolverBodies, bias: Float64Array, h: number): void {
  const maxRate2 = (ANCHOR_MAX_TURN / h) * (ANCHOR_MAX_TURN / h), invH = 1 / h;
  const maxDrift2 = ANCHOR_MAX_DRIFT * ANCHOR_MAX_DRIFT;
  const w = bodies.w, rA = p.rA, rB = p.rB, dir = p.direction, half = 0.5 * h;
  for (let c = 0; c < p.contactCount; c++) {
    p.anchorAction[c] = ANCHOR_DROP;
    bias[2 * c] = 0;
    bias[2 * c + 1] = 0;
    tangentTurnRate2(p, bodies, c, turn);
    if (turn[0] > maxRate2) continue;
    let e1 = p.drift[2 * c], e2 = p.drift[2 * c + 1];
    const e2sum = e1 * e1 + e2 * e2;
    if (p.anchored[c] === 1 && e2sum <= maxDrift2) p.anchorAction[c] = ANCHOR_KEEP;
    // a drift below the pose's rounding is none (it would break the exact degeneracy of a resting face)
    if (p.anchorAction[c] !== ANCHOR_KEEP || e2sum < ANCHOR_MIN_DRIFT * ANCHOR_MIN_DRIFT) { e1 = 0; e2 = 0; }
    // lever arcs: ½ h [ω_B × (ω_B × r_B) − ω_A × (ω_A × r_A)] along t1, t2
    const a3 = 3 * p.bodyA[c], b3 = 3 * p.bodyB[c], c3 = 3 * c, d9 = 9 * c;
    const awx = w[a3], awy = w[a3 + 1], awz = w[a3 + 2], bwx = w[b3], bwy = w[b3 + 1], bwz = w[b3 + 2];
    const ax = rA[c3], ay = rA[c3 + 1], az = rA[c3 + 2], bx = rB[c3], by = rB[c3 + 1], bz = rB[c3 + 2];
    const aDot = awx * ax + awy * ay + awz * az, aw2 = awx * awx + awy * awy + awz * awz;
    const bDot = bwx * bx + bwy * by + bwz * bz, bw2 = bwx * bwx + bwy * bwy + bwz * bwz;
    // ω × (ω × r) = (ω · r) ω − |ω|² r
    const gx = half * (bDot * bwx - bw2 * bx - aDot * awx + aw2 * ax);
    const gy = half * (bDot * bwy - bw2 * by - aDot * awy + aw2 * ay);
    const gz = half * (bDot * bwz - bw2 * bz - aDot * awz + aw2 * az);
    const b1 = dir[d9 + 3] * gx + dir[d9 + 4] * gy + dir[d9 + 5] * gz + e1 * invH;
    const b2 = dir[d9 + 6] * gx + dir[d9 + 7] * gy + dir[d9 + 8] * gz + e2 * invH;
    bias[2 * c] = b1;
    bias[2 * c + 1] = b2;
  }
}

/**
 * After the solve: decides each point's anchor from the end-of-step velocities (`bodies`), the gaps
 * Φ (`gap`, `[contacts]`, unit: m) and the position-level terms (`bias`, from {@link tangentBiases}): a
 * point that ends the step closed (Φ + h J_n v⁺ ≤ {@link ANCHOR_TOUCH}), whose relative tangential speed
 * with its terms is below {@link ANCHOR_STICK_SPEED} and whose bodies do not roll over each other keeps
 * its anchor ({@link ANCHOR_KEEP}) or gets one ({@link ANCHOR_SET}); every other point drops it. Closed,
 * not loaded: a face resting on a face has four corners and a degenerate LCP that may load any two of
 * them, differently from step to step.
 */
export function decideAnchors(
  p: ConstraintProblem, rows: ContactRows, bodies: SolverBodies, gap: Float64Array, bias: Float64Array, h: number,
): void {
  const maxRate2 = (ANCHOR_MAX_TURN / h) * (ANCHOR_MAX_TURN / h);
  const stick2 = ANCHOR_STICK_SPEED * ANCHOR_STICK_SPEED;
  for (let c = 0; c < p.contactCount; c++) {
    const kept = p.anchorAction[c] === ANCHOR_KEEP;
    p.anchorAction[c] = ANCHOR_DROP;
    rowVelocityAt(p, rows, c, 0, bodies.v, bodies.w, turn, 0);
    if (!(gap[c] + h * turn[0] <= ANCHOR_TOUCH)) continue;
    rowVelocityAt(p, rows, c, 1, bodies.v, bodies.w, turn, 0);
    const u1 = turn[0] + bias[2 * c];
    rowVelocityAt(p, rows, c, 2, bodies.v, bodies.w, turn, 0);
    const u2 = turn[0] + bias[2 * c + 1];
    if (u1 * u1 + u2 * u2 > stick2) continue;
    tangentTurnRate2(p, bodies, c, turn);
    if (turn[0] > maxRate2) continue;
    p.anchorAction[c] = kept ? ANCHOR_KEEP : ANCHOR_SET;
  }
}
