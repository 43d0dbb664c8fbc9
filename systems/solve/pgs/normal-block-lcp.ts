/**
 * The LCP of one manifold's normal rows (k ≤ 4 points), solved exactly, for the fast solver's block
 * sweeps and its restitution pass (`contact-solve.ts`):
 *
 *   y = M x + q ≥ 0,  x ≥ 0,  xᵀ y = 0,   M = J_n M⁻¹ J_nᵀ (+ the soft rows' compliance), k × k.
 *
 * Its data and scratch live in a {@link NormalBlockLcp} owned by the solver's packed rows.
 * Allocation: none.
 */

/**
 * Pivot tolerance of the normal blocks (dimensionless): an LDLᵀ pivot below this fraction of its
 * diagonal entry marks a row that depends on the rows before it. The normal rows of four coplanar
 * points (a face on a face) have a Delassus block of rank 3: a normal force and two torques. The
 * pivot of such a dependent row is round-off (about 1e-16 of the diagonal).
 */
const BLOCK_PIVOT_TOLERANCE = 1e-9;
/**
 * Residual tolerance of a dependent row (relative to the largest |q_i|). A set with a dependent row has
 * an exact solution only when that row's equation follows from the others; four points of one face
 * whose targets are not an affine function of the point (a speculative corner's s/h next to touching
 * corners) are inconsistent, and the set's solution then leaves the dependent row's y ≠ 0. A set is
 * refused when that solution pushes the dependent point (x > 0) while it separates faster than its
 * target (y above this tolerance): that push is not complementary and adds energy. Measured on a thin
 * box coming down on one end with three nearly collinear contact points on that end (fast mode,
 * max-dissipation, relaxation sweep): x up to 1.3e6 N·s with y = 5754 m/s at the dependent point, the
 * box left at 1368 m/s (energy ×3384 in one step). A dependent row left approaching faster than its
 * target (y < 0) is kept, as a Gauss–Seidel sweep would leave it: refusing those too (taking the exact
 * LCP answer, which carries the face on three of its corners) made the 1000-box pile's mean worst
 * penetration over its last 300 steps 23–26 % deeper (seeds 2, 3), as the load jumped between corners.
 */
const DEPENDENT_RESIDUAL_TOLERANCE = 1e-9;

/** The block LCP's data and scratch (one per solver, on its packed rows). */
export interface NormalBlockLcp {
  /** `[4 × 4]` M, row-major (unit: 1/kg). */
  readonly M: Float64Array;
  /** `[4]` q (unit: m/s). */
  readonly q: Float64Array;
  /** `[4]` the impulses λ⁰ before the solve (unit: N·s). */
  readonly lam: Float64Array;
  /** `[4]` the solution x (unit: N·s). */
  readonly x: Float64Array;
  /** `[4 × 4]`, `[4]` the LDLᵀ factor L, D of the set tried; `[4]`, `[4]` two work vectors. */
  readonly L: Float64Array;
  readonly D: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  /** `[1]` the largest |q_i| of the block being solved (unit: m/s): the scale of the residual tests. Kept
   * here rather than passed to the set solves, which would box it on every call that is not inlined. */
  readonly qMax: Float64Array;
}

export function createNormalBlockLcp(): NormalBlockLcp {
  return {
    M: new Float64Array(16), q: new Float64Array(4), lam: new Float64Array(4), x: new Float64Array(4),
    L: new Float64Array(16), D: new Float64Array(4), y: new Float64Array(4), z: new Float64Array(4),
    qMax: new Float64Array(1),
  };
}

/** The proper non-empty subsets of 4, 3 and 2 points by decreasing size (bit i = point i). */
const SUBSETS_4 = [14, 13, 11, 7, 12, 10, 9, 6, 5, 3, 8, 4, 2, 1] as const;
const SUBSETS_3 = [6, 5, 3, 4, 2, 1] as const;
const SUBSETS_2 = [2, 1] as const;
/** Block principal pivoting steps before the enumeration of every set (see {@link solveBlockLcp}). */
const BLOCK_PIVOTS = 4;

/**
 * Solves the LCP of one normal block exactly (Murty 1988, ch. 1; for two points this is Box2D v2's
 * block solver, `b2ContactSolver::SolveVelocityConstraints`):
 *   y = M x + q ≥ 0,  x ≥ 0,  xᵀ y = 0,   M = `s.M` (k × k, symmetric positive semidefinite), q = `s.q`.
 * The empty set is tried first (every point separates: q ≥ 0). Then block principal pivoting (Júdice &
 * Pires 1994) from the set that carried impulse before (or, for a new block, the points that approach):
 * solve the set, keep its points with x > 0 and add the points off it with y < 0, at most
 * {@link BLOCK_PIVOTS} times; a resting block is solved by its first set. If that does not settle, every
 * set is tried, the full set first, then by decreasing size.
 * When M restricted to a set is singular (rigid rows of four coplanar points), the set's solutions form
 * a line x_b + t z (M z = 0: all give the same velocities); the point of the line closest to the
 * impulses λ⁰ = `s.lam` the block had before is taken (the least change: the split of the load among
 * the points stays the warm-started one, and a symmetric landing from λ⁰ = 0 gets the symmetric split).
 * Writes x into `s.x`; returns false when no set passes (round-off on the boundary of a set, or two
 * dependent rows), and the caller then solves the rows one after the other.
 */
export function solveBlockLcp(s: NormalBlockLcp, k: number): boolean {
  const q = s.q, x = s.x, lam = s.lam;
  let qMax = 0, separating = true, carried = 0, approaching = 0;
  for (let i = 0; i < k; i++) {
    const a = Math.abs(q[i]);
    if (a > qMax) qMax = a;
    if (!(q[i] >= 0)) { separating = false; approaching |= 1 << i; }
    if (lam[i] > 0) carried |= 1 << i;
  }
  if (separating) {
    for (let i = 0; i < k; i++) x[i] = 0;
    return true;
  }
  if (!(qMax < Infinity)) return false;
  s.qMax[0] = qMax;
  let mask = carried !== 0 ? carried : approaching;
  for (let it = 0; it < BLOCK_PIVOTS; it++) {
    const next = tryActiveSet(s, k, mask);
    if (next === -1) return true;
    if (next <= 0 || next === mask) break;
    mask = next;
  }
  if (tryActiveSet(s, k, (1 << k) - 1) === -1) return true;
  const subsets = k === 4 ? SUBSETS_4 : k === 3 ? SUBSETS_3 : SUBSETS_2;
  for (let t = 0; t < subsets.length; t++) if (tryActiveSet(s, k, subsets[t]) === -1) return true;
  return false;
}

/** Tries active set `mask` (bit i = point i) of the block LCP: solves M_SS x_S = −q_S by LDLᵀ (one
 * dependent row allowed, see {@link solveBlockLcp}) and accepts it when x_S ≥ 0 and y_j ≥ 0 off the set
 * (both to 1e-12 relative). Returns −1 when accepted (x in `s.x`), else the next set to try (the
 * points of the set with x ≥ 0 and those off it with y < 0), or −2 when the factorization failed. */
function tryActiveSet(s: NormalBlockLcp, k: number, mask: number): number {
  // one or two points: written out
  const i0 = 31 - Math.clz32(mask & -mask), rest = mask & (mask - 1);
  if (rest === 0) return trySmallSet(s, k, mask, i0, -1);
  if ((rest & (rest - 1)) === 0) return trySmallSet(s, k, mask, i0, 31 - Math.clz32(rest));
  return mask === (1 << k) - 1 ? tryFullSet(s, k) : tryAnySet(s, k, mask);
}

/** {@link tryActiveSet} for any set but the full one ({@link tryFullSet}), by a masked LDLᵀ. */
function tryAnySet(s: NormalBlockLcp, k: number, mask: number): number {
  const M = s.M, q = s.q, L = s.L, D = s.D, y = s.y, z = s.z, lam = s.lam;
  let dependent = -1;
  for (let i = 0; i < k; i++) {
    if ((mask >> i & 1) === 0) continue;
    for (let j = 0; j < i; j++) {
      if ((mask >> j & 1) === 0) continue;
      if (D[j] === 0) { L[4 * i + j] = 0; continue; }
      let sum = M[4 * i + j];
      for (let l = 0; l < j; l++) if ((mask >> l & 1) !== 0) sum -= L[4 * i + l] * D[l] * L[4 * j + l];
      L[4 * i + j] = sum / D[j];
    }
    let d = M[4 * i + i];
    for (let l = 0; l < i; l++) if ((mask >> l & 1) !== 0) d -= L[4 * i + l] * L[4 * i + l] * D[l];
    if (!(d > BLOCK_PIVOT_TOLERANCE * M[4 * i + i])) {
      if (dependent >= 0 || !(M[4 * i + i] > 0)) return -2;
      dependent = i;
      d = 0;
    }
    D[i] = d;
  }
  // forward (L u = −q), diagonal (u / D, 0 for the dependent row), backward (Lᵀ x = u)
  for (let i = 0; i < k; i++) {
    if ((mask >> i & 1) === 0) continue;
    let sum = -q[i];
    for (let l = 0; l < i; l++) if ((mask >> l & 1) !== 0) sum -= L[4 * i + l] * y[l];
    y[i] = sum;
  }
  for (let i = 0; i < k; i++) if ((mask >> i & 1) !== 0) y[i] = D[i] === 0 ? 0 : y[i] / D[i];
  for (let i = k - 1; i >= 0; i--) {
    if ((mask >> i & 1) === 0) continue;
    let sum = y[i];
    for (let l = i + 1; l < k; l++) if ((mask >> l & 1) !== 0) sum -= L[4 * l + i] * y[l];
    y[i] = sum;
  }
  if (dependent >= 0) {
    // the null vector z (Lᵀ z = e_dependent, so M z = L D e_dependent = 0), then x_b + t z closest to λ⁰
    let zz = 0, zd = 0;
    for (let i = k - 1; i >= 0; i--) {
      if ((mask >> i & 1) === 0) continue;
      let sum = i === dependent ? 1 : 0;
      for (let l = i + 1; l < k; l++) if ((mask >> l & 1) !== 0) sum -= L[4 * l + i] * z[l];
      z[i] = sum;
      zz += sum * sum;
      zd += sum * (y[i] - lam[i]);
    }
    const t = -zd / zz;
    for (let i = 0; i < k; i++) if ((mask >> i & 1) !== 0) y[i] += t * z[i];
    // a dependent point pushed while it separates faster than its target: refused
    if (y[dependent] > 0) {
      let yd = q[dependent];
      for (let i = 0; i < k; i++) if ((mask >> i & 1) !== 0) yd += M[4 * dependent + i] * y[i];
      if (yd > DEPENDENT_RESIDUAL_TOLERANCE * s.qMax[0]) return -2;
    }
  }
  return finishSet(s, k, mask);
}

/** {@link tryAnySet} for the full set of k points: the same operations in the same order, without the
 * set's membership tests. */
function tryFullSet(s: NormalBlockLcp, k: number): number {
  const M = s.M, q = s.q, L = s.L, D = s.D, y = s.y, z = s.z, lam = s.lam;
  let dependent = -1;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < i; j++) {
      if (D[j] === 0) { L[4 * i + j] = 0; continue; }
      let sum = M[4 * i + j];
      for (let l = 0; l < j; l++) sum -= L[4 * i + l] * D[l] * L[4 * j + l];
      L[4 * i + j] = sum / D[j];
    }
    let d = M[4 * i + i];
    for (let l = 0; l < i; l++) d -= L[4 * i + l] * L[4 * i + l] * D[l];
    if (!(d > BLOCK_PIVOT_TOLERANCE * M[4 * i + i])) {
      if (dependent >= 0 || !(M[4 * i + i] > 0)) return -2;
      dependent = i;
      d = 0;
    }
    D[i] = d;
  }
  for (let i = 0; i < k; i++) {
    let sum = -q[i];
    for (let l = 0; l < i; l++) sum -= L[4 * i + l] * y[l];
    y[i] = sum;
  }
  for (let i = 0; i < k; i++) y[i] = D[i] === 0 ? 0 : y[i] / D[i];
  for (let i = k - 1; i >= 0; i--) {
    let sum = y[i];
    for (let l = i + 1; l < k; l++) sum -= L[4 * l + i] * y[l];
    y[i] = sum;
  }
  if (dependent >= 0) {
    let zz = 0, zd = 0;
    for (let i = k - 1; i >= 0; i--) {
      let sum = i === dependent ? 1 : 0;
      for (let l = i + 1; l < k; l++) sum -= L[4 * l + i] * z[l];
      z[i] = sum;
      zz += sum * sum;
      zd += sum * (y[i] - lam[i]);
    }
    const t = -zd / zz;
    for (let i = 0; i < k; i++) y[i] += t * z[i];
    if (y[dependent] > 0) {
      let yd = q[dependent];
      for (let i = 0; i < k; i++) yd += M[4 * dependent + i] * y[i];
      if (yd > DEPENDENT_RESIDUAL_TOLERANCE * s.qMax[0]) return -2;
    }
  }
  // the checks of finishSet with every point in the set: x ≥ 0 (to 1e-12 relative)
  let xMax = 0;
  for (let i = 0; i < k; i++) if (y[i] > xMax) xMax = y[i];
  const tolX = 1e-12 * xMax;
  let next = 0;
  for (let i = 0; i < k; i++) if (y[i] >= -tolX) next |= 1 << i;
  if (next !== (1 << k) - 1) return next;
  const x = s.x;
  for (let i = 0; i < k; i++) x[i] = y[i] > 0 ? y[i] : 0;
  return -1;
}

/** The checks of {@link tryActiveSet} on the set's solution x_S in `s.y`: x_S ≥ 0 and y_j ≥ 0 off
 * the set (to 1e-12 relative); returns −1 and writes `s.x` when both hold, else the next set. */
function finishSet(s: NormalBlockLcp, k: number, mask: number): number {
  const M = s.M, q = s.q, x = s.x, y = s.y;
  let xMax = 0;
  for (let i = 0; i < k; i++) if ((mask >> i & 1) !== 0 && y[i] > xMax) xMax = y[i];
  const tolX = 1e-12 * xMax, tolY = 1e-12 * s.qMax[0];
  let next = 0;
  for (let i = 0; i < k; i++) if ((mask >> i & 1) !== 0 && y[i] >= -tolX) next |= 1 << i;
  for (let j = 0; j < k; j++) {
    if ((mask >> j & 1) !== 0) continue;
    let yj = q[j];
    for (let i = 0; i < k; i++) if ((mask >> i & 1) !== 0) yj += M[4 * j + i] * y[i];
    if (yj < -tolY) next |= 1 << j;
  }
  if (next !== mask) return next;
  for (let i = 0; i < k; i++) x[i] = (mask >> i & 1) !== 0 && y[i] > 0 ? y[i] : 0;
  return -1;
}

/** {@link tryActiveSet} for a set of one point i or two points i < j, written out. */
function trySmallSet(s: NormalBlockLcp, k: number, mask: number, i: number, j: number): number {
  const M = s.M, q = s.q, y = s.y, lam = s.lam;
  const mii = M[5 * i];
  if (!(mii > 0)) return -2;
  if (j < 0) {
    y[i] = -q[i] / mii;
    return finishSet(s, k, mask);
  }
  const mjj = M[5 * j], mij = M[4 * i + j];
  const l = mij / mii, d = mjj - l * mij;
  if (d > BLOCK_PIVOT_TOLERANCE * mjj) {
    const xj = (-q[j] + l * q[i]) / d;
    y[j] = xj;
    y[i] = -q[i] / mii - l * xj;
  } else {
    // dependent (two coincident points): x_i = −q_i/m_ii, x_j = 0, moved along z = (−l, 1) to λ⁰;
    // row j's residual is q_j − l q_i whatever t: a push at j while it separates is refused
    const xi = -q[i] / mii;
    const t = -(-l * (xi - lam[i]) - lam[j]) / (l * l + 1);
    if (t > 0 && q[j] - l * q[i] > DEPENDENT_RESIDUAL_TOLERANCE * s.qMax[0]) return -2;
    y[i] = xi - t * l;
    y[j] = t;
  }
  return finishSet(s, k, mask);
}
