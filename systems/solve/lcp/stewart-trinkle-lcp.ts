/**
 * The Stewart–Trinkle LCP of one island and step (Stewart & Trinkle 1996, eqs. 17 and 25–29), formed from the assembled contact rows:
 *
 *         ⎡ D̄ᵀM⁻¹D̄   D̄ᵀM⁻¹n̄   Ē ⎤             ⎡ D̄ᵀ v_free                ⎤
 *     N = ⎢ n̄ᵀM⁻¹D̄   n̄ᵀM⁻¹n̄   0 ⎥,      b =  ⎢ n̄ᵀ v_free + Φ / h        ⎥,      (eq. 29)
 *         ⎣ −Ēᵀ        μ̄        0 ⎦             ⎣ 0                        ⎦
 *
 *     z = [β̄; c̄_n; λ̄] ≥ 0,   w = N z + b ≥ 0,   zᵀw = 0,
 *
 * where v_free = v + h M⁻¹ k is the velocity after the applied forces (gravity, forces, damping) alone,
 * n̄ = J_nᵀ and D̄ = J_Dᵀ hold the generalized normals and friction directions (columns per contact;
 * d_j = cos(2πj/k) t1 + sin(2πj/k) t2, see `friction-cone.ts`), Φ the signed separation at the start of
 * the step (the linearization point is q^l) and μ̄ = diag(μ). The rows mean
 *     w_β = λ e + D̄ᵀ v⁺            (friction-direction velocities plus the slip speed λ),
 *     w_n = Φ/h + n̄ᵀ v⁺ = Φ⁺/h     (the end-of-step gap over h: the position-level constraint),
 *     w_λ = μ c_n − eᵀβ            (the friction-cone slack),
 * with v⁺ = v_free + M⁻¹(n̄ c̄_n + D̄ β̄). Unknowns are impulses (c_n, β: N·s) and λ (m/s).
 *
 * Layout of z (the paper's order): all β blocks first (contact a's k values at `betaOffset[a]`), then
 * the p normal impulses (`normalIndex[a]`), then one λ per frictional contact (`lambdaIndex[a]`).
 * A frictionless contact (μ = 0) contributes c_n only: with μ = 0, eᵀβ ≤ μ c_n forces β = 0, so its β and
 * λ are dropped from the LCP (λ would be undetermined). N is `[n × n]` row-major, n = Σ (k_a + 2) over
 * frictional contacts + 1 per frictionless one. N is not symmetric and is never symmetrized.
 *
 * Allocation: none once the arrays have grown (geometric growth).
 */

import { nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { delassusBlock, type ContactRows } from './contact-rows';
import type { FrictionCone } from './friction-cone';
import { addJointDelassus, type JointContactLcp } from './joint-contact-lcp';

export interface StewartTrinkleLcp {
  /** LCP size (number of unknowns). */
  n: number;
  /** Contacts in the LCP. */
  p: number;
  /** `[p]` constraint-problem index of LCP contact a. */
  contact: Int32Array;
  /** `[p]` index of contact a's first β in z, −1 when it is frictionless. */
  betaOffset: Int32Array;
  /** `[p]` index of contact a's c_n in z. */
  normalIndex: Int32Array;
  /** `[p]` index of contact a's λ in z, −1 when it is frictionless. */
  lambdaIndex: Int32Array;
  /** `[n × n]` the matrix N, row-major. */
  N: Float64Array;
  /** `[n]` the vector b. */
  b: Float64Array;
  /** `[n]` solution z. */
  z: Float64Array;
  /** `[n]` w = N z + b. */
  w: Float64Array;
  /** `[9 p²]` Delassus blocks J_a M⁻¹ J_bᵀ in the (n, t1, t2) basis (scratch). */
  delassus: Float64Array;
  /** `[p²]` 1 when the block (a, b) is non-zero (scratch). */
  coupled: Uint8Array;
}

export function createStewartTrinkleLcp(): StewartTrinkleLcp {
  return {
    n: 0,
    p: 0,
    contact: new Int32Array(16),
    betaOffset: new Int32Array(16),
    normalIndex: new Int32Array(16),
    lambdaIndex: new Int32Array(16),
    N: new Float64Array(256),
    b: new Float64Array(16),
    z: new Float64Array(16),
    w: new Float64Array(16),
    delassus: new Float64Array(9 * 16),
    coupled: new Uint8Array(16),
  };
}

function ensure(lcp: StewartTrinkleLcp, p: number, n: number): void {
  if (lcp.contact.length < p) {
    const c = nextCapacity(lcp.contact.length, p);
    lcp.contact = new Int32Array(c);
    lcp.betaOffset = new Int32Array(c);
    lcp.normalIndex = new Int32Array(c);
    lcp.lambdaIndex = new Int32Array(c);
  }
  if (lcp.coupled.length < p * p) {
    const c = nextCapacity(lcp.coupled.length, p * p);
    lcp.coupled = new Uint8Array(c);
    lcp.delassus = new Float64Array(9 * c);
  }
  if (lcp.b.length < n) {
    const c = nextCapacity(lcp.b.length, n);
    lcp.b = new Float64Array(c);
    lcp.z = new Float64Array(c);
    lcp.w = new Float64Array(c);
  }
  if (lcp.N.length < n * n) lcp.N = new Float64Array(nextCapacity(lcp.N.length, n * n));
}

/**
 * Forms N and b (eq. 29), with the rows of `contact-rows.ts`, for the `count` contacts `contacts[start .. start + count)` whose `selected[c]`
 * is 1 (problem indices, in that order).
 *
 * @param freeVelocity `[3 × contactCount]` J_d v_free per contact for d = n, t1, t2 (unit: m/s)
 * @param gap `[contactCount]` Φ per contact at the start of the step (unit: m)
 * @param h step (unit: s), > 0
 * @param maxSize largest LCP worth forming (unknowns, default Infinity): above it only `lcp.p` and
 *   `lcp.n` are set (N, b and the index maps are not), for a caller that solves such an island otherwise.
 *   Forming costs O(p²) Delassus blocks and an n² matrix: on the resting sample level the four
 *   structures (LCPs of ~3 600 unknowns, above `maxLcpSize`) took ~50 ms per step to form and discard.
 * @param joints (optional) the contacts on direct joint islands: their blocks are taken through the
 *   islands' bilateral rows, J_a M̃⁻¹ J_bᵀ (`joint-contact-lcp.ts`)
 */
export function formStewartTrinkleLcp(
  lcp: StewartTrinkleLcp, p: ConstraintProblem, rows: ContactRows, sb: SolverBodies, cone: FrictionCone,
  contacts: Int32Array, start: number, count: number, selected: Uint8Array,
  freeVelocity: Float64Array, gap: Float64Array, h: number, maxSize = Infinity, joints?: JointContactLcp,
): void {
  const k = cone.k, cs = cone.cos, sn = cone.sin;
  // Layout.
  let np = 0, nf = 0;
  for (let i = start; i < start + count; i++) {
    const c = contacts[i];
    if (!selected[c]) continue;
    np++;
    if (p.friction[c] > 0) nf++;
  }
  const n = np + nf * (k + 1);
  lcp.p = np;
  lcp.n = n;
  if (n > maxSize) return;
  ensure(lcp, np, n);
  const F = nf * k; // number of β
  let a = 0, beta = 0, lam = 0;
  for (let i = start; i < start + count; i++) {
    const c = contacts[i];
    if (!selected[c]) continue;
    lcp.contact[a] = c;
    lcp.normalIndex[a] = F + a;
    if (p.friction[c] > 0) {
      lcp.betaOffset[a] = beta; beta += k;
      lcp.lambdaIndex[a] = F + np + lam; lam++;
    } else {
      lcp.betaOffset[a] = -1;
      lcp.lambdaIndex[a] = -1;
    }
    a++;
  }
  // Delassus blocks (symmetric: block (b, a) is the transpose of block (a, b)).
  const W = lcp.delassus, cp = lcp.coupled;
  for (let i = 0; i < np; i++) {
    for (let j = i; j < np; j++) {
      const o = 9 * (i * np + j);
      let on = delassusBlock(p, rows, sb, lcp.contact[i], lcp.contact[j], W, o);
      if (joints !== undefined && addJointDelassus(joints, lcp.contact[i], lcp.contact[j], W, o, !on)) on = true;
      cp[i * np + j] = on ? 1 : 0;
      cp[j * np + i] = on ? 1 : 0;
      if (on && j !== i) {
        const t = 9 * (j * np + i);
        for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) W[t + 3 * s + r] = W[o + 3 * r + s];
      }
    }
  }
  const N = lcp.N, bv = lcp.b;
  N.fill(0, 0, n * n);
  for (let i = 0; i < np; i++) {
    const ni = lcp.normalIndex[i], bi = lcp.betaOffset[i];
    for (let j = 0; j < np; j++) {
      if (!cp[i * np + j]) continue;
      const o = 9 * (i * np + j);
      const Wnn = W[o], Wn1 = W[o + 1], Wn2 = W[o + 2];
      const W1n = W[o + 3], W11 = W[o + 4], W12 = W[o + 5];
      const W2n = W[o + 6], W21 = W[o + 7], W22 = W[o + 8];
      const nj = lcp.normalIndex[j], bj = lcp.betaOffset[j];
      N[ni * n + nj] = Wnn; // n̄ᵀM⁻¹n̄
      if (bj >= 0) for (let l = 0; l < k; l++) N[ni * n + bj + l] = cs[l] * Wn1 + sn[l] * Wn2; // n̄ᵀM⁻¹D̄
      if (bi < 0) continue;
      for (let r = 0; r < k; r++) {
        const row = (bi + r) * n;
        const cr = cs[r], sr = sn[r];
        N[row + nj] = cr * W1n + sr * W2n; // D̄ᵀM⁻¹n̄
        if (bj < 0) continue;
        const x1 = cr * W11 + sr * W21, x2 = cr * W12 + sr * W22;
        for (let l = 0; l < k; l++) N[row + bj + l] = x1 * cs[l] + x2 * sn[l]; // D̄ᵀM⁻¹D̄
      }
    }
  }
  // Ē, −Ēᵀ, μ̄ and b.
  const invH = 1 / h;
  for (let i = 0; i < np; i++) {
    const c = lcp.contact[i], ni = lcp.normalIndex[i], bi = lcp.betaOffset[i], li = lcp.lambdaIndex[i];
    const un = freeVelocity[3 * c], u1 = freeVelocity[3 * c + 1], u2 = freeVelocity[3 * c + 2];
    bv[ni] = un + gap[c] * invH;
    if (bi < 0) continue;
    for (let r = 0; r < k; r++) {
      N[(bi + r) * n + li] = 1; // Ē
      N[li * n + bi + r] = -1; // −Ēᵀ
      bv[bi + r] = cs[r] * u1 + sn[r] * u2;
    }
    N[li * n + ni] = p.friction[c]; // μ̄
    bv[li] = 0;
  }
}

/**
 * Reads contact a's impulses off the solution z: writes (c_n, f1, f2) (unit: N·s; f1, f2 are the
 * friction impulse's t1, t2 components, f = D β) to `out[oo..oo+3)`.
 */
export function contactImpulseOf(lcp: StewartTrinkleLcp, cone: FrictionCone, a: number, out: Float64Array, oo: number): void {
  const z = lcp.z;
  out[oo] = z[lcp.normalIndex[a]];
  let f1 = 0, f2 = 0;
  const bi = lcp.betaOffset[a];
  if (bi >= 0) {
    for (let j = 0; j < cone.k; j++) { const bj = z[bi + j]; f1 += bj * cone.cos[j]; f2 += bj * cone.sin[j]; }
  }
  out[oo + 1] = f1;
  out[oo + 2] = f2;
}
