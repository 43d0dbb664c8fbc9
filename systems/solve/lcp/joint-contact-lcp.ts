/**
 * Contacts seen through the joints in the accurate mode's LCP: the Delassus blocks of the contacts on the
 * bodies of a direct joint island taken with the island's bilateral rows held (their Schur complement),
 * so that Stewart–Trinkle's LCP (eq. 29) is solved for the jointed assembly rather than for each body
 * alone.
 *
 * Why: the accurate step solves the joints (`joint-implicit.ts`, step 1b) and the contacts (the island
 * LCPs, step 2) one after the other, with one more joint pass after the contacts (2b). That is one round
 * of block Gauss–Seidel between two exact blocks, and it converges at the rate of the mass ratio through
 * the joint. A 0.03 kg sphere on a sixDof joint to a 229 kg box falling onto the ground (fuzz seed 92,
 * shrunk): the LCP stops the sphere alone (its own mass), the joint pass 2b then gives the pair their
 * common velocity, which is the box's, and the box pulls the sphere 1.5 m into the ground by step 26.
 * Of the accurate mode's 23 failing fuzz seeds (0..199), 21 were bodies pressed under the ground this way.
 *
 * The coupled LCP. With the island's bilateral rows G (rigid and spring rows, factored W + Γ =
 * G M⁻¹ Gᵀ + Γ by `joint-direct.ts`) satisfied by the joint pass at v1 (G v1 + bias + Γ λ = 0), a
 * contact impulse z changes the velocity by M⁻¹ Jᵀ z, and the next exact joint solve adds
 * −M⁻¹ Gᵀ (W + Γ)⁻¹ G M⁻¹ Jᵀ z. So the velocity the contacts end with is v1 + M̃⁻¹ Jᵀ z with
 *
 *   M̃⁻¹ = M⁻¹ − M⁻¹ Gᵀ (W + Γ)⁻¹ G M⁻¹,
 *   J_a M̃⁻¹ J_bᵀ = J_a M⁻¹ J_bᵀ − g_aᵀ u_b,   g_c = G M⁻¹ J_cᵀ,   u_c = (W + Γ)⁻¹ g_c,
 *
 * (per direction n, t1, t2 of each contact) and the LCP of eq. 29 formed with these blocks is the exact
 * step of contacts and bilateral joint rows together (the KKT system of both, the joint rows eliminated).
 * M̃⁻¹ is symmetric positive semi-definite, so N keeps the structure Lemke needs. The joint pass 2b
 * (an exact solve of the island's bilateral rows) applies the −M⁻¹ Gᵀ(W + Γ)⁻¹ G M⁻¹ Jᵀ z part. Two
 * contacts on different bodies of one joint island now interact, so the contact islands are joined through
 * the joint islands (`links`). Limit and motor rows are not part of G: they stay in the joint passes.
 * The projected fallback of an island keeps the bodies' own masses.
 *
 * Every contact with a dynamic body in a direct joint island is coupled (no mass-ratio threshold: the
 * accurate mode solves the step it states). Cost per coupled contact and side: three solves with the
 * island's factor, and one dot product over the shared positions per pair of contacts on one island.
 * No allocation once the arrays have grown to the scene.
 */

import { growInt32, nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { JointProblem } from '../../assembly/joint-rows';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { solveJointIsland, type JointDirect } from '../common/joint-direct';
import type { ContactRows } from './contact-rows';

export interface JointContactLcp {
  /** Entries this step: a contact and one direct joint island it touches (a contact has at most two). */
  count: number;
  /** `[count]` the entry's contact, island, the positions lo..hi of the island's rows that share a body
   * with the contact, and the start of its three u vectors in `U` (3 × the island's positions) and of its
   * three g vectors in `G` (3 × (hi − lo + 1)). */
  contact: Int32Array;
  island: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  uOffset: Int32Array;
  gOffset: Int32Array;
  /** `[contacts]` the first entry of contact c, −1 when it touches no direct island; its entries are
   * consecutive. */
  firstEntry: Int32Array;
  /** g = G M⁻¹ J_cᵀ over lo..hi per direction; u = (W + Γ)⁻¹ g over the island's positions per direction. */
  G: Float64Array;
  U: Float64Array;
  /** `[2 × linkCount]` pairs of solver bodies joined through a joint island (`buildIslands`' links). */
  links: Int32Array;
  linkCount: number;
  /** `[d.n]` Σ_a u_a z_a of the current trial solution (per island position; `coupledVelocity`). */
  Y: Float64Array;
  /** Scratch: `[solver bodies]` direct island of a body (−1 outside), `[islands]` a contact body of it. */
  bodyIsland: Int32Array;
  representative: Int32Array;
  /** The direct joint islands of the step (set by `beginJointContactLcp`). */
  direct: JointDirect | undefined;
}

export function createJointContactLcp(): JointContactLcp {
  return {
    count: 0, contact: new Int32Array(16), island: new Int32Array(16), lo: new Int32Array(16), hi: new Int32Array(16),
    uOffset: new Int32Array(16), gOffset: new Int32Array(16), firstEntry: new Int32Array(16),
    G: new Float64Array(64), U: new Float64Array(64), links: new Int32Array(32), linkCount: 0,
    Y: new Float64Array(16), bodyIsland: new Int32Array(16), representative: new Int32Array(16), direct: undefined,
  };
}

function growEntries(s: JointContactLcp, n: number): void {
  if (s.contact.length >= n) return;
  const c = nextCapacity(s.contact.length, n);
  s.contact = growInt32(s.contact, c); s.island = growInt32(s.island, c); s.lo = growInt32(s.lo, c);
  s.hi = growInt32(s.hi, c); s.uOffset = growInt32(s.uOffset, c); s.gOffset = growInt32(s.gOffset, c);
  s.links = growInt32(s.links, 2 * c);
}

/**
 * (G M⁻¹ J_cᵀ) for joint row r and contact c's row along direction d (0 = n, 1 = t1, 2 = t2), with the
 * contact's witness-point rows (`contact-rows.ts`); 0 unless they share a dynamic body. The joint row
 * reads (−lin, jA) on A and (lin, jB) on B (`joint-solve.ts`); the contact row (−d, −r_A × d) on A and
 * (d, r_B × d) on B. Written to `out[o]` (unit 1/kg): a number returned from a call V8 does not inline is
 * boxed on the heap.
 */
function rowCoupling(
  jp: JointProblem, im: Float64Array, nb: number, r: number, p: ConstraintProblem, rows: ContactRows, c: number, d: number,
  out: Float64Array, o: number,
): void {
  const ai = jp.rowA[r], bi = jp.rowB[r], oi = 3 * r, ca = p.bodyA[c], cb = p.bodyB[c], oc = 9 * c + 3 * d;
  const lin = jp.linear, jA = jp.angularA, jB = jp.angularB;
  const n = p.direction, iAc = rows.invInertiaAngularA, iBc = rows.invInertiaAngularB;
  const ll = lin[oi] * n[oc] + lin[oi + 1] * n[oc + 1] + lin[oi + 2] * n[oc + 2];
  let v = 0;
  if (ai < nb && im[ai] > 0) {
    if (ai === ca) v += im[ai] * ll - (jA[oi] * iAc[oc] + jA[oi + 1] * iAc[oc + 1] + jA[oi + 2] * iAc[oc + 2]);
    else if (ai === cb) v += -im[ai] * ll + jA[oi] * iBc[oc] + jA[oi + 1] * iBc[oc + 1] + jA[oi + 2] * iBc[oc + 2];
  }
  if (bi < nb && im[bi] > 0) {
    if (bi === cb) v += im[bi] * ll + jB[oi] * iBc[oc] + jB[oi + 1] * iBc[oc + 1] + jB[oi + 2] * iBc[oc + 2];
    else if (bi === ca) v += -im[bi] * ll - (jB[oi] * iAc[oc] + jB[oi + 1] * iAc[oc + 1] + jB[oi + 2] * iAc[oc + 2]);
  }
  out[o] = v;
}

/**
 * After the first joint pass (the direct islands factored at this step's rows) and the contact rows:
 * finds the contacts on the direct islands, computes their g and u vectors and the links that join their
 * contact islands. Returns whether any contact is coupled. Uses `d.x` as scratch.
 */
export function beginJointContactLcp(
  s: JointContactLcp, d: JointDirect, jp: JointProblem, p: ConstraintProblem, rows: ContactRows, sb: SolverBodies,
): boolean {
  s.count = 0;
  s.linkCount = 0;
  s.direct = d;
  const nc = p.contactCount, nb = sb.count, im = sb.invMass;
  if (s.firstEntry.length < nc) s.firstEntry = new Int32Array(nextCapacity(s.firstEntry.length, nc));
  s.firstEntry.fill(-1, 0, nc);
  if (d.n === 0 || nc === 0) return false;
  if (s.bodyIsland.length < nb) s.bodyIsland = new Int32Array(nextCapacity(s.bodyIsland.length, nb));
  if (s.representative.length < d.islandCount) s.representative = new Int32Array(nextCapacity(s.representative.length, d.islandCount));
  if (s.Y.length < d.n) s.Y = new Float64Array(nextCapacity(s.Y.length, d.n));
  const bi = s.bodyIsland, rep = s.representative;
  bi.fill(-1, 0, nb);
  rep.fill(-1, 0, d.islandCount);
  for (let k = 0; k < d.islandCount; k++) {
    for (let i = d.islandStart[k]; i < d.islandStart[k + 1]; i++) {
      const r = d.row[i], a = jp.rowA[r], b = jp.rowB[r];
      if (a < nb && im[a] > 0) bi[a] = k;
      if (b < nb && im[b] > 0) bi[b] = k;
    }
  }
  // entries: one per (contact, island) pair
  let n = 0, uSize = 0, gSize = 0;
  for (let c = 0; c < nc; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const ka = a < nb && im[a] > 0 ? bi[a] : -1, kb = b < nb && im[b] > 0 ? bi[b] : -1;
    for (let side = 0; side < 2; side++) {
      const k = side === 0 ? ka : kb;
      if (k < 0 || (side === 1 && kb === ka)) continue;
      const s0 = d.islandStart[k], s1 = d.islandStart[k + 1];
      let lo = s1, hi = s0 - 1;
      for (let i = s0; i < s1; i++) {
        const r = d.row[i], ra = jp.rowA[r], rb = jp.rowB[r];
        if (ra === a || rb === a || ra === b || rb === b) { if (i < lo) lo = i; hi = i; }
      }
      if (hi < lo) continue;
      growEntries(s, n + 1);
      if (s.firstEntry[c] < 0) s.firstEntry[c] = n;
      s.contact[n] = c; s.island[n] = k; s.lo[n] = lo; s.hi[n] = hi;
      s.uOffset[n] = uSize; s.gOffset[n] = gSize;
      uSize += 3 * (s1 - s0);
      gSize += 3 * (hi - lo + 1);
      // join the contact islands through the joint island
      const body = (side === 0 ? a : b);
      if (rep[k] < 0) rep[k] = body;
      else if (rep[k] !== body) { s.links[2 * s.linkCount] = rep[k]; s.links[2 * s.linkCount + 1] = body; s.linkCount++; }
      n++;
    }
  }
  s.count = n;
  if (n === 0) return false;
  if (s.U.length < uSize) s.U = new Float64Array(nextCapacity(s.U.length, uSize));
  if (s.G.length < gSize) s.G = new Float64Array(nextCapacity(s.G.length, gSize));
  const x = d.x, U = s.U, G = s.G;
  for (let e = 0; e < n; e++) {
    const c = s.contact[e], k = s.island[e], s0 = d.islandStart[k], s1 = d.islandStart[k + 1], m = s1 - s0;
    const lo = s.lo[e], hi = s.hi[e], len = hi - lo + 1;
    for (let dir = 0; dir < 3; dir++) {
      const go = s.gOffset[e] + dir * len, uo = s.uOffset[e] + dir * m - s0;
      x.fill(0, s0, s1);
      for (let i = lo; i <= hi; i++) { rowCoupling(jp, im, nb, d.row[i], p, rows, c, dir, x, i); G[go + i - lo] = x[i]; }
      solveJointIsland(d, k, lo);
      for (let i = s0; i < s1; i++) U[uo + i] = x[i];
    }
  }
  return true;
}

/**
 * Adds the joint term −g_aᵀ u_b of contacts a and b (problem indices) to their 3×3 Delassus block
 * `out[o + 3 i + j]` (i: direction of a, j: of b; unit: 1/kg). `zero`: the block holds nothing yet (the
 * two contacts share no body) and is written from 0. Returns whether the contacts share a joint island.
 */
export function addJointDelassus(s: JointContactLcp, a: number, b: number, out: Float64Array, o: number, zero: boolean): boolean {
  const ea0 = s.firstEntry[a], eb0 = s.firstEntry[b];
  if (ea0 < 0 || eb0 < 0) return false;
  const d = s.direct as JointDirect;
  let shared = false;
  const G = s.G, U = s.U;
  for (let ea = ea0; ea < s.count && s.contact[ea] === a; ea++) {
    for (let eb = eb0; eb < s.count && s.contact[eb] === b; eb++) {
      const k = s.island[ea];
      if (s.island[eb] !== k) continue;
      if (!shared && zero) for (let t = 0; t < 9; t++) out[o + t] = 0;
      shared = true;
      const lo = s.lo[ea], len = s.hi[ea] - lo + 1, m = d.islandStart[k + 1] - d.islandStart[k];
      const uBase = s.uOffset[eb] + lo - d.islandStart[k];
      for (let i = 0; i < 3; i++) {
        const go = s.gOffset[ea] + i * len;
        for (let j = 0; j < 3; j++) {
          const uo = uBase + j * m;
          let dot = 0;
          for (let q = 0; q < len; q++) dot += G[go + q] * U[uo + q];
          out[o + 3 * i + j] -= dot;
        }
      }
    }
  }
  return shared;
}

/** Clears the trial sum Y over the islands the contacts `list[cs .. ce)` touch. */
export function resetJointTrial(s: JointContactLcp, list: Int32Array, cs: number, ce: number): void {
  const d = s.direct as JointDirect;
  for (let i = cs; i < ce; i++) {
    const c = list[i];
    for (let e = s.firstEntry[c]; e >= 0 && e < s.count && s.contact[e] === c; e++) {
      const k = s.island[e];
      s.Y.fill(0, d.islandStart[k], d.islandStart[k + 1]);
    }
  }
}

/** Adds contact c's trial impulse (c_n, f1, f2 along n, t1, t2; N·s) to the trial sum Y. */
export function addJointTrialImpulse(s: JointContactLcp, c: number, ln: number, l1: number, l2: number): void {
  const d = s.direct as JointDirect, Y = s.Y, U = s.U;
  for (let e = s.firstEntry[c]; e >= 0 && e < s.count && s.contact[e] === c; e++) {
    const k = s.island[e], s0 = d.islandStart[k], s1 = d.islandStart[k + 1], m = s1 - s0, uo = s.uOffset[e] - s0;
    for (let i = s0; i < s1; i++) Y[i] += U[uo + i] * ln + U[uo + m + i] * l1 + U[uo + 2 * m + i] * l2;
  }
}

/** The joint term of contact c's normal velocity change under the trial impulses: −g_cᵀ Y (m/s). */
export function jointTrialVelocity(s: JointContactLcp, c: number): number {
  let v = 0;
  const Y = s.Y, G = s.G;
  for (let e = s.firstEntry[c]; e >= 0 && e < s.count && s.contact[e] === c; e++) {
    const lo = s.lo[e], hi = s.hi[e], go = s.gOffset[e] - lo;
    for (let i = lo; i <= hi; i++) v -= G[go + i] * Y[i];
  }
  return v;
}
