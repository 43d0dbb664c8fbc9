/**
 * The joint islands the accurate step's contacts are seen through (`joint-contact-lcp.ts`): the direct
 * islands of the bilateral rows, plus the rigid limit rows at their stop after the joint pass on v_free
 * (step 1b): pushing (impulse > 0), or with C + h min(0, J v) ≤ 1e-6 (a load that reaches the limit only
 * through a contact, e.g. a plank on feet on sliders, falls freely in 1b with the limit idle).
 *
 * Why: the contact LCP eliminates the joint rows it is given (M̃⁻¹ = M⁻¹ − M⁻¹ Gᵀ (W + Γ)⁻¹ G M⁻¹, see
 * `joint-contact-lcp.ts`), and the joint pass after the contacts (2b) then enforces every joint row,
 * limits included. A limit at its stop that the contact LCP does not see is a rigid row of 2b all the
 * same, so the velocities 2b leaves differ from those the LCP solved for: a 0.1 kg capsule on a hinge at
 * its limit to a 910 kg sphere (fuzz seed 27, shrunk) had the LCP push its ground contact apart at
 * +148 m/s on its own mass while 2b gave the point −104 m/s, and the pair sank through the ground.
 * Holding the pushing limits as equality rows of the elimination is the choice the impact phase makes
 * too (`../plus/joint-space.ts`: rigid limits at their stop are impact rows); a limit that the contact
 * impulses would make pull is released by 2b, which is then again one round of block Gauss–Seidel.
 *
 * The converse, after 2b: a rigid limit idle after 1b that 2b makes push was reached through the contacts
 * within the step (`releaseJointCoupling` takes it, once, and the contacts are solved again).
 *
 * When no rigid limit is at its stop after 1b, the joint step's own islands are used unchanged (no cost, the same
 * results). Otherwise one more envelope factorization of the islands with those rows (Γ of the spring
 * rows as in the joint step, 0 for rigid rows and limits). Allocation: none once grown to the scene.
 */

import { RowType, type JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { growFloat64, nextCapacity } from '../../../components/capacity';
import { buildJointIslands, createJointDirect, factorJointIslands, type JointDirect } from '../common/joint-direct';
import { rowVelocity } from '../common/joint-solve';
import { kineticEnergy } from './kinetic-energy';
import { ACCURATE_PIVOT_TOLERANCE } from './joint-implicit';

/** A rigid limit row is at its stop when C + h min(0, J v) ≤ this after 1b (unit: m or rad). */
const AT_STOP = 1e-6;

export interface JointCouplingIslands {
  /** The islands with the pushing limits (its own factorization; used only when a limit pushes). */
  readonly direct: JointDirect;
  /** `[≥ joint rows]` 1 for the rows of `direct`: bilateral (rigid, spring) rows and pushing rigid limits; 2 for a limit
   * released in this step (never taken again). */
  include: Uint8Array;
  /** Pushing rigid limit rows taken in the last call (after a release: those still taken). */
  limits: number;
  /** `[3 × bodies]`, `[3 × bodies]`, `[joint rows]`: the velocities and joint impulses after step 1b, kept
   * while limits are taken (to solve the contacts again after a release). */
  v: Float64Array;
  w: Float64Array;
  impulse: Float64Array;
  /** The contacts are solved without the joints (each body's own mass) for the rest of the step. */
  uncoupled: boolean;
  /** Kinetic energy of the solver bodies after 1b (unit: J) and their total mass (kg), kept with them. */
  energy: number;
  /** `[1]` a kinetic energy (`kineticEnergy`'s result). */
  readonly energyNow: Float64Array;
  mass: number;
  /** `[9]` scratch: one body's world inertia. */
  readonly inertia: Float64Array;
}

export function createJointCouplingIslands(): JointCouplingIslands {
  const direct = createJointDirect();
  direct.pivotTolerance = ACCURATE_PIVOT_TOLERANCE; // the joint step's (joint-implicit.ts)
  return {
    direct, include: new Uint8Array(16), limits: 0, uncoupled: false,
    v: new Float64Array(48), w: new Float64Array(48), impulse: new Float64Array(16), energy: 0, mass: 0, inertia: new Float64Array(9),
    energyNow: new Float64Array(1),
  };
}

/**
 * The islands to see the contacts through this step: `own` (the joint step's direct islands, built and
 * factored by step 1b) when no rigid limit row is at its stop, else `s.direct` built over the bilateral
 * rows and those limits and factored (h: the step, s). Call after step 1b (the rows evaluated at q0, `p.impulse` its
 * result) and before the contact LCP.
 */
export function jointCouplingIslands(s: JointCouplingIslands, own: JointDirect, p: JointProblem, sb: SolverBodies, h: number): JointDirect {
  const n = p.rowCount;
  if (s.include.length < n) s.include = new Uint8Array(nextCapacity(s.include.length, n));
  const inc = s.include;
  let limits = 0;
  for (let r = 0; r < n; r++) {
    const t = p.rowType[r];
    if (t !== RowType.limit) { inc[r] = t === RowType.rigid || t === RowType.spring ? 1 : 0; continue; }
    const take = p.stiffness[r] === Infinity
      && (p.impulse[r] > 0 || p.error[r] + h * Math.min(0, rowVelocity(p, sb.v, sb.w, r)) <= AT_STOP);
    inc[r] = take ? 1 : 0;
    if (take) limits++;
  }
  s.limits = limits;
  s.uncoupled = false;
  // the state after 1b, to solve again without the limits the contacts make release, or uncoupled
  const n3 = 3 * sb.count;
  if (s.v.length < n3) { s.v = growFloat64(s.v, n3); s.w = growFloat64(s.w, n3); }
  if (s.impulse.length < n) s.impulse = growFloat64(s.impulse, n);
  for (let i = 0; i < n3; i++) { s.v[i] = sb.v[i]; s.w[i] = sb.w[i]; }
  for (let r = 0; r < n; r++) s.impulse[r] = p.impulse[r];
  kineticEnergy(sb, s.inertia, s.energyNow, 0);
  s.energy = s.energyNow[0];
  let m = 0;
  for (let i = 0; i < sb.count; i++) if (sb.invMass[i] > 0) m += 1 / sb.invMass[i];
  s.mass = m;
  if (limits === 0) return own;
  buildJointIslands(s.direct, p, sb, inc);
  factorJointIslands(s.direct, p, sb, p.gamma);
  return s.direct;
}

/** The velocities and joint impulses after 1b back. */
function restore(s: JointCouplingIslands, p: JointProblem, sb: SolverBodies): void {
  const n3 = 3 * sb.count;
  for (let i = 0; i < n3; i++) { sb.v[i] = s.v[i]; sb.w[i] = s.w[i]; }
  for (let r = 0; r < p.rowCount; r++) p.impulse[r] = s.impulse[r];
}

/**
 * After the joint pass 2b: when a rigid limit row the contacts were not seen through pushes now (and the
 * step gained no energy), takes it, puts the state after 1b back and returns the islands with it. When a limit row the contacts were seen through no longer pushes (2b released
 * it, so the contact LCP solved for the wrong assembly), drops the released limits, puts the velocities
 * and joint impulses back to their state after 1b and returns the islands to see the contacts through
 * instead (`own` when no limit is left); the caller then solves the contacts and 2b again. When the step
 * gained kinetic energy (below), drops every limit; when it gains it with no limit taken (or left), sets
 * `s.uncoupled`, puts the state after 1b back and returns `own`: the caller then solves the contacts on
 * the bodies' own masses (one round of block Gauss–Seidel with the joints, as before the coupling).
 * Through the bilateral rows alone a contact between two links of a loop may see only one direction of
 * relative motion, mostly tangential, and meet Painlevé's condition W̃_nn ≤ μ ‖(W̃_n1, W̃_n2)‖, where the
 * LCP's solution is an impulsive jam with an unbounded normal impulse: fuzz seed 1484 (two light bodies in a
 * loop of four joints with a 28 kg one, 3.6 cm deep) took 1.3e6 N·s and gave the loop 1.8e5 J in a step.
 * `onlyAll` (after a first release): only the energy test applies. Returns undefined when nothing changes.
 */
export function releaseJointCoupling(
  s: JointCouplingIslands, own: JointDirect, p: JointProblem, sb: SolverBodies, pushSpeed: number, onlyAll: boolean,
): JointDirect | undefined {
  const n = p.rowCount, inc = s.include;
  // a contact held against limits that lock it is an over-constrained set: its LCP then asks for huge
  // impulses (fuzz seed 197: 4e8 N·s, bodies at 3e6 m/s after 2b); the contact solve and the joint pass
  // dissipate, except the push-out of penetrations (at most pushSpeed): more kinetic energy than after
  // 1b plus ½ m_total pushSpeed² releases every limit (the coupling of the bilateral rows alone), and
  // with no limit left uncouples the contacts
  kineticEnergy(sb, s.inertia, s.energyNow, 0);
  const all = !(s.energyNow[0] <= s.energy + 0.5 * s.mass * pushSpeed * pushSpeed);
  // a rigid limit the contacts drove to its stop: not at it after 1b (not taken), pushing after 2b. The
  // contacts were solved for an assembly free along it, and 2b then stopped the assembly there and undid
  // them: a 0.05 kg sphere on a slider 1.5 mm from its limit, on a rolling 899 kg sphere, had its ground
  // contact pushed 8 m/s up along the slider by the LCP and −2.5 m/s after 2b (fuzz seed 1748, shrunk;
  // the sphere went through the ground). Such limits are taken too, once (a limit released later is
  // not taken again), and the contacts and 2b solved again from the state after 1b.
  if (!all && !s.uncoupled) {
    let engaged = 0;
    for (let r = 0; r < n; r++) {
      if (inc[r] === 0 && p.rowType[r] === RowType.limit && p.stiffness[r] === Infinity && p.impulse[r] > 0) { inc[r] = 1; engaged++; }
    }
    if (engaged > 0) {
      s.limits += engaged;
      restore(s, p, sb);
      buildJointIslands(s.direct, p, sb, inc);
      factorJointIslands(s.direct, p, sb, p.gamma);
      return s.direct;
    }
  }
  if (s.limits === 0) {
    if (!all || s.uncoupled) return undefined;
    s.uncoupled = true;
    restore(s, p, sb);
    return own;
  }
  if (onlyAll && !all) return undefined;
  let released = 0;
  for (let r = 0; r < n; r++) {
    if (inc[r] === 1 && p.rowType[r] === RowType.limit && (all || !(p.impulse[r] > 0))) { inc[r] = 2; released++; }
  }
  if (released === 0) return undefined;
  s.limits -= released;
  restore(s, p, sb);
  if (s.limits === 0) return own;
  buildJointIslands(s.direct, p, sb, inc);
  factorJointIslands(s.direct, p, sb, p.gamma);
  return s.direct;
}

/**
 * After the last of the coupling's attempts (`stewart-trinkle.ts`, step 2): a step that still has more
 * kinetic energy than after 1b plus ½ m_total pushSpeed² (the guard of {@link releaseJointCoupling}) is
 * solved once more from the state after 1b with the contacts uncoupled from the joints (`s.uncoupled`;
 * returns `own`), as when no limit is left. Returns undefined when the step does not gain that much or was
 * already uncoupled. Fuzz seed 197 at a3821d0: the coupled LCP of a 0.037 kg body whipped at 130 m/s on
 * joints against heavier ones asked for impulses that put bodies at 7.8e8 m/s in the fourth attempt, and
 * 2b left an 82 kg body at 1.1e4 m/s (6.5e9 J from 4.6e5 J) when the attempts ran out.
 */
export function uncoupleOnGain(s: JointCouplingIslands, own: JointDirect, p: JointProblem, sb: SolverBodies, pushSpeed: number): JointDirect | undefined {
  if (s.uncoupled) return undefined;
  kineticEnergy(sb, s.inertia, s.energyNow, 0);
  if (s.energyNow[0] <= s.energy + 0.5 * s.mass * pushSpeed * pushSpeed) return undefined;
  s.uncoupled = true;
  restore(s, p, sb);
  return own;
}
