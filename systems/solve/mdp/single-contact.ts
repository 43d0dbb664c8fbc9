/**
 * Exact single-contact impulse solver for the maximum-dissipation friction law of
 * Preclik, Eibl & Rüde, "The Maximum Dissipation Principle in Rigid-Body Dynamics with Purely
 * Inelastic Impacts" (Preclik, Eibl & Rüde 2018, §3.2, Fig. 5, Eqs. 6–9, Appendix A), with the
 * corrections listed in `README.md`, and the impulsive
 * Coulomb law of the same paper (Fig. 1, impact rows) for comparison.
 *
 * Problem (paper §3.2, the reduced form of Eq. 3 / Eq. 5), in the contact frame (n, t, o):
 *
 *     x* ∈ argmin ½ xᵀA x − xᵀb   s.t.  ‖x_to‖₂ ≤ μ x_n,   a_nᵀx − b_n ≥ 0 ⊥ x_n ≥ 0,   a_nᵀx ≥ 0
 *
 * - `A`: the 3×3 Delassus block of the contact (Eq. 2 projected on the frame, `Qᵀ A_jj Q`), row-major,
 *   symmetric positive definite. Unit: 1/kg ((m/s) per (N·s)).
 * - `b`: MINUS the free relative contact velocity of the contact in its frame (all other impulses
 *   applied, this contact's own impulse removed), b = −(δv_n, δv_t, δv_o). Unit: m/s. `b_n > 0` means
 *   approaching. In time stepping the gap term is folded in: b_n ← b_n − ξ_eff/δt (§3.1, eq. 5).
 * - `x`: the contact impulse (normal, t, o). Unit: N·s. The post-impulse relative velocity is
 *   s = A x − b, and ½ xᵀA x − xᵀb is the change of kinetic energy of an isolated contact (J).
 *
 * Laws:
 * - `'max-dissipation'` (MDP, paper Eq. 3): the unique minimiser above (paper §3.2; the problem is
 *   strictly convex on a convex set).
 * - `'coulomb'` (impulsive Coulomb, paper Fig. 1 impact rows: Signorini on the post-impulse normal
 *   velocity, cone, and a frictional impulse that directly opposes the post-impulse slip,
 *   ‖s_to‖ x_to = −μ x_n s_to). It can have several solutions (paper §4.1, Table 1), so this module
 *   makes it a function: a separating contact (b_n < 0) gets no impulse, exactly as the MDP law's
 *   pressure constraint (3d) demands; otherwise the most dissipative Coulomb solution (lowest
 *   ½xᵀAx − xᵀb) is returned. Every Coulomb solution with b_n ≥ 0 is feasible for the MDP problem,
 *   so this choice coincides with the MDP answer whenever that answer is itself a Coulomb solution
 *   (stick, frictionless, and every contact without normal–tangential coupling, §3.2).
 *   `coulombCandidates(ws, true)` lists all of them (no separating-contact rule there).
 *
 * Root finding (the sliding case), in three layers:
 * 1. Eq. 8 (the stationarity condition Eq. 7) is a degree-2 trigonometric polynomial g(α) whose
 *    coefficients are computed in closed form from a compact formula of g (identical to
 *    Appendix A). The circle is mapped to the line by t = tan((α − β)/2), with the excluded point
 *    α = β + π placed where |g| is largest among 8 samples, which gives a quartic with a well-scaled
 *    leading coefficient (the paper's complex quartic in y = e^{iα} in real form). Its real roots are
 *    isolated exactly by recursive derivative bracketing (quartic → cubic → quadratic → linear), each
 *    bracket is solved by safeguarded Newton (Newton with bisection fallback), and each root is
 *    polished by Newton on g(α). Critical points where the quartic touches zero are kept too
 *    (near-double roots lie slightly off |y| = 1). No ml-matrix, no companion matrix, no allocation.
 * 2. The angle is ill-conditioned where the optimum lies far out along an asymptote of a hyperbola
 *    (b_n → 0⁺: relative error ~ ε·‖x_to‖/(μ b_n/A_nn), found while validating; 3e-4 at b_n = 1e-12 and
 *    a fallback at 1e-300 before this layer). For hyperbolas the stationary points are also solved in
 *    asymptotic coordinates y = y0 + w p + (β²/w) m (another quartic, exact and continuous down to
 *    b_n = 0, where it becomes the two rays of Eq. 9).
 * 3. Every candidate is polished by Newton on the KKT system in Cartesian coordinates y = x_to, which is
 *    well-conditioned on the whole curve; candidates that are not on the curve are dropped (so only
 *    feasible energies are compared), and the lowest energy wins (never "closest to the
 *    previous iterate"). A dense sampler with golden-section refinement remains as a last resort
 *    (`SingleContactCase.SlideFallback`); it was never taken in the validation tests.
 * A and b are first scaled by powers of two (exact; the solution is homogeneous) so that no
 * intermediate overflows or underflows.
 *
 * Warm start (MDP only, when the caller passes a `guess`, e.g. the contact's impulse from the previous
 * Gauss–Seidel sweep): with b_n > 0 the MDP problem is convex (the plane of maximum compression meets
 * the cone in a convex set; the reduced objective is strictly convex), so a KKT point with λ ≥ 0 is
 * the unique minimiser. `mdpWarmStart` runs Newton on the KKT system from the guess's direction and
 * answers only when λ ≥ 0, both residuals are at the rounding level and a forward error bound is
 * ≤ 1e-10·‖x‖; otherwise the three layers above answer. The guess only picks where Newton starts; it
 * never selects among solutions (never "closest to the previous iterate"). About 3 Newton
 * steps, 6–9 times cheaper than the root isolation. The Coulomb law ignores the guess (several
 * solutions; its answer is the most dissipative one, which needs them all).
 *
 * No allocation per call: the problem, the results and all scratch live in a
 * {@link SingleContactWorkspace} that the caller owns (one per solver) and passes to every call. The
 * scalar state is kept in the fields of that object, not in `let`s, which V8 (Node 20) boxes on every
 * store.
 */

import { detAcos, detAtan, detAtan2, detCos, detPow2, detSin } from '../../../math/deterministic-math';

/** The friction law of a contact. */
export type FrictionLaw = 'max-dissipation' | 'coulomb';

/**
 * Which branch of the case analysis (paper §3.2, Fig. 5) produced the impulse.
 * Returned by the solvers; cheap to histogram in tests and the profiler.
 */
export const SingleContactCase = {
  /** b_n < 0: the contact separates by itself, x = 0 (both laws). */
  Separating: 0,
  /** μ = 0, b_n ≥ 0: x = (b_n/A_nn, 0, 0). */
  Frictionless: 1,
  /** P1: the unconstrained minimum x0 = A⁻¹b is in the cone, x = x0 (zero post-impulse velocity). */
  Stick: 2,
  /** b_n = 0 and P1 false, with x = 0: P2 (degenerate ellipse) for MDP; the take-off solution for Coulomb. */
  GrazingPoint: 3,
  /** b_n = 0, P1 and P2 false: the impulse lies on one of the asymptote rays (Eq. 9, corrected). */
  GrazingRay: 4,
  /** b_n > 0, P1 false: sliding on the boundary of the conic section, via the quartic (Eq. 8). */
  Slide: 5,
  /** Sliding, but the quartic produced no admissible root and the dense-sampling fallback was used. */
  SlideFallback: 6,
  /** Coulomb law only: no Coulomb solution was found; the MDP impulse was written instead. */
  CoulombNoSolution: 7,
} as const;
export type SingleContactCase = (typeof SingleContactCase)[keyof typeof SingleContactCase];

/** Maximum number of Coulomb solutions of one contact, `coulombCandidates(ws, true)` (0, stick, ≤ 4 slides). */
export const MAX_COULOMB_SOLUTIONS = 6;

/**
 * Relative tolerance of the symmetry check: |A_ij − A_ji| ≤ SYMMETRY_RTOL · max|A_kl|. Generous
 * enough for a block assembled as Qᵀ A_w Q in float64 (asymmetry of a few ulp), tight enough to catch
 * a wrong index or a transposed lever arm. The solver then uses the mean of the two entries.
 */
export const SYMMETRY_RTOL = 1e-10;

/**
 * Bad input at the public boundary of the contact solver: a non-finite number, μ < 0, a non-symmetric
 * or non-positive-definite Delassus block, an unknown law, or an array too short.
 * `field` names the offending input (e.g. `"A[1][2]"`, `"b[0]"`, `"mu"`), `value` is what was passed.
 */
export class ContactInputError extends Error {
  readonly field: string;
  readonly value: unknown;
  constructor(field: string, value: unknown, reason: string) {
    super(`contact solver input ${field} = ${String(value)}: ${reason}`);
    this.name = 'ContactInputError';
    this.field = field;
    this.value = value;
  }
}

type NumArray = ArrayLike<number>;
type OutArray = Float64Array | number[];

// ---------------------------------------------------------------------------------------------------
// Public entry points
// ---------------------------------------------------------------------------------------------------

/**
 * Solve one contact exactly and write its impulse.
 *
 * @param ws the caller's workspace (`createSingleContactWorkspace`); after the call it also tells what
 *   the MDP warm start did (`warmSteps`, `warmAccepted`).
 * @param A 3×3 Delassus block in the contact frame (n, t, o), row-major, 9 numbers from `aOffset`.
 *   Symmetric (within SYMMETRY_RTOL) and positive definite. Unit 1/kg.
 * @param b minus the free relative contact velocity (n, t, o), 3 numbers from `bOffset`. Unit m/s.
 * @param mu friction coefficient μ ≥ 0 (dimensionless, finite).
 * @param law `'max-dissipation'` (paper Eq. 3) or `'coulomb'` (impulsive Coulomb, see module doc).
 * @param out receives the impulse (x_n, x_t, x_o) at `outOffset`. Unit N·s.
 * @param guess optional: an impulse (x_n, x_t, x_o) near the answer, 3 numbers from `guessOffset`
 *   (N·s), typically the contact's impulse from the previous Gauss–Seidel sweep or time step. Only the
 *   direction of (x_t, x_o) is used, as the starting point of the MDP warm start (see
 *   `mdpWarmStart`); the answer does not depend on it beyond rounding. Ignored by the Coulomb law,
 *   whose answer is the best of several solutions and needs the full analysis.
 * @returns the case taken (`SingleContactCase`).
 * @throws ContactInputError naming the field and value on NaN/±Infinity, μ < 0, a non-symmetric block,
 *   A_nn ≤ 0 or a non-positive-definite block, an unknown law, or arrays too short (including a guess
 *   array shorter than guessOffset + 3). Nothing is written to `out` when it throws. A non-finite
 *   guess is not an error: it is ignored.
 */
export function solveSingleContact(
  ws: SingleContactWorkspace, A: NumArray, b: NumArray, mu: number, law: FrictionLaw, out: OutArray,
  aOffset = 0, bOffset = 0, outOffset = 0, guess?: NumArray | null, guessOffset = 0,
): SingleContactCase {
  validateInput(A, aOffset, b, bOffset, mu);
  if (law !== 'max-dissipation' && law !== 'coulomb') {
    throw new ContactInputError('law', law, "must be 'max-dissipation' or 'coulomb'");
  }
  validateOut(out, outOffset, 3);
  if (guess != null && (typeof guess.length !== 'number' || guess.length < guessOffset + 3)) {
    throw new ContactInputError('guess', `length ${guess.length}`, `needs 3 entries from offset ${guessOffset}`);
  }
  return solveSingleContactUnchecked(ws, A, b, mu, law, out, aOffset, bOffset, outOffset, guess, guessOffset);
}

/**
 * Same as `solveSingleContact` without input validation, for inner loops whose input was validated
 * once upstream (e.g. the block Gauss–Seidel sweep, which passes the contact's previous impulse as
 * `guess`). Garbage in, garbage out.
 */
export function solveSingleContactUnchecked(
  ws: SingleContactWorkspace, A: NumArray, b: NumArray, mu: number, law: FrictionLaw, out: OutArray,
  aOffset = 0, bOffset = 0, outOffset = 0, guess?: NumArray | null, guessOffset = 0,
): SingleContactCase {
  ws.muIn[0] = mu;
  return solveSingleContactAt(ws, A, b, ws.muIn, 0, law, out, aOffset, bOffset, outOffset, guess ?? null, guessOffset);
}

/**
 * Same as `solveSingleContactUnchecked`, with μ read from `friction[frictionOffset]` (for instance a
 * contact's entry of the assembled rows' friction array) instead of passed as a number: a fractional
 * number passed to a function V8 does not inline is boxed on the heap at each call, and the step
 * allocates nothing.
 */
export function solveSingleContactAt(
  ws: SingleContactWorkspace, A: NumArray, b: NumArray, friction: NumArray, frictionOffset: number,
  law: FrictionLaw, out: OutArray, aOffset: number, bOffset: number, outOffset: number,
  guess: NumArray | null, guessOffset: number,
): SingleContactCase {
  loadProblem(ws, A, aOffset, b, bOffset, friction, frictionOffset);
  ws.warmSteps = -1;
  ws.warmAccepted = 0;
  let status: SingleContactCase;
  if (law === 'coulomb') status = solveCoulomb(ws);
  else if (guess == null) status = solveMdp(ws, false);
  else {
    ws.GT = guess[guessOffset + 1];
    ws.GO = guess[guessOffset + 2];
    status = solveMdp(ws, true);
  }
  out[outOffset] = ws.XN * ws.X_SCALE;
  out[outOffset + 1] = ws.XT * ws.X_SCALE;
  out[outOffset + 2] = ws.XO * ws.X_SCALE;
  return status;
}

/**
 * ½ xᵀA x − xᵀb: the kinetic-energy change of an isolated contact under impulse x (the post-impulse energy E⁺ of paper §2).
 * A row-major 3×3 (from `aOffset`), b and x 3-vectors. Unit J when A is 1/kg, b m/s, x N·s.
 */
export function contactEnergy(
  A: NumArray, b: NumArray, x: NumArray, aOffset = 0, bOffset = 0, xOffset = 0,
): number {
  const x0 = x[xOffset], x1 = x[xOffset + 1], x2 = x[xOffset + 2];
  let e = 0;
  for (let i = 0; i < 3; i++) {
    const xi = x[xOffset + i];
    const Ax = A[aOffset + 3 * i] * x0 + A[aOffset + 3 * i + 1] * x1 + A[aOffset + 3 * i + 2] * x2;
    e += xi * (0.5 * Ax - b[bOffset + i]);
  }
  return e;
}

// ---------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------

/** Checks a contact's A (9 numbers from `ao`), b (3 from `bo`) and μ as `solveSingleContact` does.
 * @throws ContactInputError naming the first bad field. */
export function validateInput(A: NumArray, ao: number, b: NumArray, bo: number, mu: number): void {
  if (A == null || typeof A.length !== 'number' || A.length < ao + 9) {
    throw new ContactInputError('A', A == null ? A : `length ${A.length}`, `needs 9 entries from offset ${ao}`);
  }
  if (b == null || typeof b.length !== 'number' || b.length < bo + 3) {
    throw new ContactInputError('b', b == null ? b : `length ${b.length}`, `needs 3 entries from offset ${bo}`);
  }
  let maxAbs = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const v = A[ao + 3 * i + j];
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new ContactInputError(`A[${i}][${j}]`, v, 'must be a finite number');
      }
      maxAbs = Math.max(maxAbs, Math.abs(v));
    }
  }
  for (let i = 0; i < 3; i++) {
    const v = b[bo + i];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ContactInputError(`b[${i}]`, v, 'must be a finite number');
    }
  }
  if (typeof mu !== 'number' || !Number.isFinite(mu)) {
    throw new ContactInputError('mu', mu, 'must be a finite number');
  }
  if (mu < 0) throw new ContactInputError('mu', mu, 'friction coefficient must be ≥ 0');
  for (let i = 0; i < 3; i++) {
    for (let j = i + 1; j < 3; j++) {
      const u = A[ao + 3 * i + j], l = A[ao + 3 * j + i];
      if (Math.abs(u - l) > SYMMETRY_RTOL * maxAbs) {
        throw new ContactInputError(`A[${i}][${j}]`, u,
          `Delassus block must be symmetric, but A[${j}][${i}] = ${l}`);
      }
    }
  }
  // Positive definiteness via the leading minors of the symmetrised block: A_nn > 0 and the Schur
  // complement Â (Eq. of §3.2) positive definite. Any contact with one dynamic body of finite mass has
  // a definite block (the (1/m)E₃ term of Eq. 2); a semidefinite one means two non-dynamic bodies.
  const ann = A[ao];
  if (!(ann > 0)) throw new ContactInputError('A[0][0]', ann, 'normal effective inverse mass must be > 0');
  // (all entries divided by A_nn first, so the test cannot overflow for any representable block)
  const p = 0.5 * (A[ao + 1] / ann + A[ao + 3] / ann), q = 0.5 * (A[ao + 2] / ann + A[ao + 6] / ann);
  const ato = 0.5 * (A[ao + 5] / ann + A[ao + 7] / ann);
  const P = A[ao + 4] / ann - p * p, R = ato - p * q, T = A[ao + 8] / ann - q * q;
  if (!(P > 0) || !(P * T - R * R > 0)) {
    throw new ContactInputError('A', `[${Array.prototype.slice.call(A, ao, ao + 9).join(', ')}]`,
      'Delassus block must be positive definite');
  }
}

function validateOut(out: OutArray, oo: number, n: number): void {
  if (out == null || typeof out.length !== 'number' || out.length < oo + n) {
    throw new ContactInputError('out', out == null ? out : `length ${out.length}`,
      `needs ${n} entries from offset ${oo}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Problem state and scratch (one workspace per solver, no allocation)
// ---------------------------------------------------------------------------------------------------

/**
 * The loaded problem, the solver's scalar results and its scratch arrays: one per solver (the fast
 * solver's exact block sweeps own one), passed to every solve. The doubles are the fields of one
 * object, not `let`s of a closure or a module: V8 (Node 20) boxes every double stored into a context
 * variable in a fresh HeapNumber, so ~40 such stores per solve were the garbage of the solver; the
 * double fields of an object are updated in place. The upper-case fields are doubles.
 */
export interface SingleContactWorkspace {
  // Block entries (symmetrised, normalised), right-hand side (normalised), μ.
  ANN: number; ANT: number; ANO: number; ATT: number; ATO: number; AOO: number;
  BN: number; BT: number; BO: number; MU: number;
  // Schur complement Â = [[P, R], [R, T]] and reduced right-hand side b̂ = (E, F) (paper §3.2).
  P: number; R: number; T: number; E: number; F: number;
  // Unconstrained minimum x0 = A⁻¹b.
  X0N: number; X0T: number; X0O: number;
  // Result (in normalised units until multiplied by X_SCALE).
  XN: number; XT: number; XO: number;
  /** Impulse of the original problem = X_SCALE × impulse of the normalised one (a power of two). */
  X_SCALE: number;
  // Asymptotic coordinates of a hyperbolic conic section (set by `hyperbolaGeometry`).
  HB: number; HY0T: number; HY0O: number; HPT: number; HPO: number; HMT: number; HMO: number;
  // Output of the Newton polishes (`polishMdp`, `polishCoulomb`) and of `mdpSlideFallback`.
  PY_T: number; PY_O: number; FB_T: number; FB_O: number;
  // Tangential part of the guess (original units; only its direction is used, by `mdpWarmStart`).
  GT: number; GO: number;
  /** What the MDP warm start did in the last solve: −1 = not tried (no guess, or not a sliding
   * contact), else the Newton steps it took; `warmAccepted` 1 when it answered (else the full root
   * isolation did). */
  warmSteps: number;
  warmAccepted: number;
  /** `[2 × 16]` candidate tangential impulses y = x_to (pairs), from the angle and hyperbola roots. */
  readonly yc: Float64Array;
  /** `[4 × (MAX_COULOMB_SOLUTIONS + 2)]` Coulomb candidates (x_n, x_t, x_o, energy), plus room for
   * rejected duplicates. */
  readonly cand: Float64Array;
  /** `[8]` candidate angles written by `trigRoots` (≤ 4 sign changes + ≤ 3 touching critical points). */
  readonly roots: Float64Array;
  /** `[5]` coefficients (ascending) of the polynomial handed to `polyRealRoots` (degree ≤ 4). */
  readonly quart: Float64Array;
  /** polyD[d]: the derivative of degree d of that polynomial (`[d + 1]`); rootD[d]: its real roots
   * (`[8]`); troots = rootD[4], the real roots written by `polyRealRoots`. */
  readonly polyD: readonly Float64Array[];
  readonly rootD: readonly Float64Array[];
  readonly troots: Float64Array;
  /** Bit view of one double, for `pow2Exponent` (HI_WORD: the word holding sign and exponent). */
  readonly f64Bits: Float64Array;
  readonly u32Bits: Uint32Array;
  /** μ passed by `solveSingleContactUnchecked` to `solveSingleContactAt` (`[1]`). */
  readonly muIn: Float64Array;
}

export function createSingleContactWorkspace(): SingleContactWorkspace {
  const f64Bits = new Float64Array(1);
  const rootD = [new Float64Array(8), new Float64Array(8), new Float64Array(8), new Float64Array(8), new Float64Array(8)];
  return {
    ANN: 0, ANT: 0, ANO: 0, ATT: 0, ATO: 0, AOO: 0,
    BN: 0, BT: 0, BO: 0, MU: 0,
    P: 0, R: 0, T: 0, E: 0, F: 0,
    X0N: 0, X0T: 0, X0O: 0,
    XN: 0, XT: 0, XO: 0,
    X_SCALE: 1,
    HB: 0, HY0T: 0, HY0O: 0, HPT: 0, HPO: 0, HMT: 0, HMO: 0,
    PY_T: 0, PY_O: 0, FB_T: 0, FB_O: 0,
    GT: 0, GO: 0,
    warmSteps: -1, warmAccepted: 0,
    yc: new Float64Array(2 * 16),
    cand: new Float64Array(4 * (MAX_COULOMB_SOLUTIONS + 2)),
    roots: new Float64Array(8),
    quart: new Float64Array(5),
    polyD: [new Float64Array(1), new Float64Array(2), new Float64Array(3), new Float64Array(4), new Float64Array(5)],
    rootD,
    troots: rootD[4],
    f64Bits,
    u32Bits: new Uint32Array(f64Bits.buffer),
    muIn: new Float64Array(1),
  };
}

/** The word of a double's bit view that holds its sign and exponent (1 on little-endian machines). */
const HI_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // little-endian: word 1

const TWO_600 = detPow2(600);

/** POW2_NEG[k + 1000] = 2^−k for k = −1000…1000 (exact powers of two). */
const POW2_NEG = Float64Array.from({ length: 2001 }, (_, i) => detPow2(1000 - i));

/**
 * ⌊log₂ v⌋ clamped to [−1000, 1000], for v > 0 finite, so that v·2^−k ∈ [1, 2[ within the clamp (exact
 * scaling by POW2_NEG[k + 1000]). Read from the exponent field of v (subnormal v scaled by 2^600 first);
 * returns a small integer, which V8 passes without allocating.
 */
function pow2Exponent(ws: SingleContactWorkspace, v: number): number {
  ws.f64Bits[0] = v;
  const e = (ws.u32Bits[HI_WORD] >>> 20) & 0x7ff; // biased exponent: ⌊log₂ v⌋ + 1023 for normal v
  let k = e - 1023;
  if (e === 0) { // subnormal: scale by 2^600 (exact) into the normal range and read the exponent there
    ws.f64Bits[0] = v * TWO_600;
    k = ((ws.u32Bits[HI_WORD] >>> 20) & 0x7ff) - 1023 - 600;
  }
  return k < -1000 ? -1000 : k > 1000 ? 1000 : k;
}

/**
 * Load one problem into the workspace. The solution is positively homogeneous:
 * x*(sA, tb) = (t/s) x*(A, b) for s, t > 0 (the constraints are cones and a plane through
 * b_n-scaled points), so A is scaled to A_nn ≈ 1 and b to ‖b‖∞ ≈ 1 by powers of two (exact in floating
 * point) before solving; this keeps every intermediate away from overflow and underflow. μ is read from
 * `friction[fo]` (dimensionless, ≥ 0).
 */
export function loadProblem(
  ws: SingleContactWorkspace, A: NumArray, ao: number, b: NumArray, bo: number, friction: NumArray, fo: number,
): void {
  const a0 = A[ao], b0 = b[bo], b1 = b[bo + 1], b2 = b[bo + 2];
  const sa = POW2_NEG[pow2Exponent(ws, a0) + 1000];
  const m01 = Math.abs(b0) > Math.abs(b1) ? Math.abs(b0) : Math.abs(b1);
  const bmax = m01 > Math.abs(b2) ? m01 : Math.abs(b2);
  const sb = bmax > 0 ? POW2_NEG[pow2Exponent(ws, bmax) + 1000] : 1;
  const ann = a0 * sa;
  const ant = 0.5 * (A[ao + 1] + A[ao + 3]) * sa;
  const ano = 0.5 * (A[ao + 2] + A[ao + 6]) * sa;
  const att = A[ao + 4] * sa;
  const ato = 0.5 * (A[ao + 5] + A[ao + 7]) * sa;
  const aoo = A[ao + 8] * sa;
  const bn = b0 * sb, bt = b1 * sb, bov = b2 * sb;
  // Eliminate the normal component (paper §3.2): x_n = (b_n − A_nt x_t − A_no x_o)/A_nn.
  const P = att - ant * ant / ann;
  const R = ato - ant * ano / ann;
  const T = aoo - ano * ano / ann;
  const E = bt - ant * bn / ann;
  const F = bov - ano * bn / ann;
  const det = P * T - R * R;
  const x0t = (T * E - R * F) / det;
  const x0o = (P * F - R * E) / det;
  ws.X_SCALE = sa / sb;
  ws.ANN = ann; ws.ANT = ant; ws.ANO = ano; ws.ATT = att; ws.ATO = ato; ws.AOO = aoo;
  ws.BN = bn; ws.BT = bt; ws.BO = bov; ws.MU = friction[fo];
  ws.P = P; ws.R = R; ws.T = T; ws.E = E; ws.F = F;
  ws.X0T = x0t;
  ws.X0O = x0o;
  ws.X0N = (bn - ant * x0t - ano * x0o) / ann;
}

/** ‖(a, b)‖₂ without overflow or underflow of the squares. */
function hyp(a: number, b: number): number {
  const ma = Math.abs(a), mb = Math.abs(b);
  const m = ma > mb ? ma : mb;
  if (m === 0 || !(m < Infinity)) return m;
  if (m > 1e-150 && m < 1e150) return Math.sqrt(a * a + b * b);
  const ra = a / m, rb = b / m;
  return m * Math.sqrt(ra * ra + rb * rb);
}

/** Predicate P1 of Fig. 5: x0 lies in the friction cone (x0_n ≥ 0 ∧ ‖x0_to‖ ≤ μ x0_n). */
function p1(ws: SingleContactWorkspace): boolean {
  return ws.X0N >= 0 && hyp(ws.X0T, ws.X0O) <= ws.MU * ws.X0N;
}

/** Full energy ½xᵀAx − xᵀb of (xn, xt, xo) for the loaded problem. */
function energy(ws: SingleContactWorkspace, xn: number, xt: number, xo: number): number {
  const sn = ws.ANN * xn + ws.ANT * xt + ws.ANO * xo;
  const st = ws.ANT * xn + ws.ATT * xt + ws.ATO * xo;
  const so = ws.ANO * xn + ws.ATO * xt + ws.AOO * xo;
  return xn * (0.5 * sn - ws.BN) + xt * (0.5 * st - ws.BT) + xo * (0.5 * so - ws.BO);
}

function setResult(ws: SingleContactWorkspace, xn: number, xt: number, xo: number): void {
  ws.XN = xn;
  ws.XT = xt;
  ws.XO = xo;
}

// ---------------------------------------------------------------------------------------------------
// Maximum-dissipation law (paper Fig. 5 with the corrections of README.md)
// ---------------------------------------------------------------------------------------------------

/**
 * The MDP law on the loaded problem. With `useGuess`, the sliding case first tries the warm start
 * from the guess's direction (ws.GT, ws.GO) (`mdpWarmStart`) and falls back to the full analysis
 * (`mdpSlide`).
 */
function solveMdp(ws: SingleContactWorkspace, useGuess: boolean): SingleContactCase {
  if (ws.BN < 0) { // separating: the pressure constraint (3d) forbids any non-zero impulse
    setResult(ws, 0, 0, 0);
    return SingleContactCase.Separating;
  }
  if (ws.MU === 0) { // frictionless: the conic section is the single point (b_n/A_nn, 0, 0)
    setResult(ws, ws.BN / ws.ANN, 0, 0);
    return SingleContactCase.Frictionless;
  }
  if (p1(ws)) { // stick: x0 is feasible (it lies on the plane of maximum compression by construction)
    setResult(ws, ws.X0N, ws.X0T, ws.X0O);
    return SingleContactCase.Stick;
  }
  if (ws.BN === 0) return mdpGrazing(ws);
  if (useGuess) {
    ws.warmSteps = 0;
    if (mdpWarmStart(ws)) {
      ws.warmAccepted = 1;
      return SingleContactCase.Slide;
    }
  }
  return mdpSlide(ws);
}

/**
 * b_n = 0, μ > 0, P1 false (paper §3.2 end, Eq. 9). P2 (A_nn > μS): the conic section is the point 0.
 * Otherwise the feasible set is the cone spanned by the two asymptote rays α0 ± Δα (a single ray
 * α0 + π for the parabola A_nn = μS; the paper's "r(A_nt, A_no)" has the wrong sign),
 * and the minimum lies on one of them. The paper's Eq. 9 picks the ray by the side of x0_to, which is
 * only right for isotropic Â (fixture V7b): both rays are evaluated here and the lower
 * energy kept.
 */
function mdpGrazing(ws: SingleContactWorkspace): SingleContactCase {
  const S = hyp(ws.ANT, ws.ANO);
  if (ws.ANN > ws.MU * S) { // P2
    setResult(ws, 0, 0, 0);
    return SingleContactCase.GrazingPoint;
  }
  const a0 = detAtan2(ws.ANO, ws.ANT);
  const da = detAcos(clamp(-ws.ANN / (ws.MU * S), -1, 1));
  let bestE = 0, bestT = 0, bestO = 0;
  for (let k = 0; k < 2; k++) {
    const al = k === 0 ? a0 - da : a0 + da;
    const c = detCos(al), s = detSin(al);
    const uAu = ws.P * c * c + 2 * ws.R * c * s + ws.T * s * s;
    const r = Math.max(0, (c * ws.E + s * ws.F) / uAu); // minimiser of ½r²uᵀÂu − r uᵀb̂ over r ≥ 0
    const e = 0.5 * r * r * uAu - r * (c * ws.E + s * ws.F);
    if (e < bestE) {
      bestE = e;
      bestT = r * c;
      bestO = r * s;
    }
  }
  setResult(ws, (ws.BN - ws.ANT * bestT - ws.ANO * bestO) / ws.ANN, bestT, bestO);
  return SingleContactCase.GrazingRay;
}

/**
 * Sliding (b_n > 0, μ > 0, P1 false; paper §3.2, Eqs. 6–8, Fig. 5 last branch). The solution is the
 * lowest-energy stationary point of f_obj on the boundary of the conic section. Candidates:
 *
 * 1. The roots of Eq. 8, g(α) = k0 + k1c cos α + k1s sin α + k2c cos 2α + k2s sin 2α
 *    (= c0 + c1 cos(α+φ1) + c2 cos(2α+φ2), Appendix A), written as g = f_obj'(α) · f_r(α)³/(μ b_n)
 *    (compact form, expanded by hand):
 *      k0  = (3/2) μ A_nn (a_o b̂_t − a_t b̂_o)
 *      k1c = μ² b_n (a_t R − a_o P) − A_nn² b̂_o − μ² a_t m
 *      k1s = μ² b_n (a_t T − a_o R) + A_nn² b̂_t − μ² a_o m,      m = a_t b̂_o − a_o b̂_t
 *      k2c = μ A_nn (b_n R − ½(a_o b̂_t + a_t b̂_o))
 *      k2s = μ A_nn (½ b_n (T − P) − ½(a_o b̂_o − a_t b̂_t))
 *    with a = (A_nt, A_no), Â = [[P, R], [R, T]], b̂ = (b̂_t, b̂_o); roots outside I (f_r ≤ 0) dropped.
 * 2. Hyperbola only (A_nn < μS): the stationary points in asymptotic coordinates (`hyperbolaRoots`),
 *    which stay exact when the optimum lies far out along an asymptote (b_n → 0⁺), where the angle of
 *    item 1 is within O(b_n) of a pole of r̄ and loses relative accuracy ~ ε·r/(μ b_n/A_nn).
 *
 * Every candidate is then polished by Newton on the KKT system in Cartesian coordinates
 * (`polishMdp`), which is well-conditioned everywhere on the curve, and the lowest energy wins.
 */
function mdpSlide(ws: SingleContactWorkspace): SingleContactCase {
  const mu = ws.MU, ann = ws.ANN, pt = ws.ANT, po = ws.ANO, bn = ws.BN;
  const m = pt * ws.F - po * ws.E;
  const k0 = 1.5 * mu * ann * (po * ws.E - pt * ws.F);
  const k1c = mu * mu * bn * (pt * ws.R - po * ws.P) - ann * ann * ws.F - mu * mu * pt * m;
  const k1s = mu * mu * bn * (pt * ws.T - po * ws.R) + ann * ann * ws.E - mu * mu * po * m;
  const k2c = mu * ann * (bn * ws.R - 0.5 * (po * ws.E + pt * ws.F));
  const k2s = mu * ann * (0.5 * bn * (ws.T - ws.P) - 0.5 * (po * ws.F - pt * ws.E));
  const nr = trigRoots(ws, k0, k1c, k1s, k2c, k2s);
  let ny = 0;
  for (let i = 0; i < nr; i++) {
    const al = polishTrigRoot(ws.roots[i], k0, k1c, k1s, k2c, k2s);
    const c = detCos(al), s = detSin(al);
    const fr = ann + mu * (pt * c + po * s); // Eq. 6: α ∈ I ⇔ f_r(α) > 0
    if (!(fr > 0)) continue;
    const r = mu * bn / fr;
    ws.yc[2 * ny] = r * c;
    ws.yc[2 * ny + 1] = r * s;
    ny++;
  }
  if (ann < mu * hyp(pt, po)) ny = hyperbolaRoots(ws, ny);
  let found = false, bestF = Infinity, bestT = 0, bestO = 0;
  for (let i = 0; i < ny; i++) {
    polishMdp(ws, ws.yc[2 * i], ws.yc[2 * i + 1]);
    // Energies may only be compared between points on the curve: drop a candidate that is not on
    // it (a root of an ill-conditioned generator, e.g. the asymptotic one for κ → 1⁺).
    if (!onConicBoundary(ws, ws.PY_T, ws.PY_O)) continue;
    const fo = fObjAt(ws, ws.PY_T, ws.PY_O);
    if (fo < bestF) {
      found = true;
      bestF = fo;
      bestT = ws.PY_T;
      bestO = ws.PY_O;
    }
  }
  let status: SingleContactCase = SingleContactCase.Slide;
  if (!found) {
    mdpSlideFallback(ws);
    bestT = ws.FB_T;
    bestO = ws.FB_O;
    status = SingleContactCase.SlideFallback;
  }
  setResult(ws, (ws.BN - ws.ANT * bestT - ws.ANO * bestO) / ws.ANN, bestT, bestO);
  return status;
}

/** Most Newton steps of the MDP warm start before it gives up (and the full analysis runs). */
const WARM_MAX_ITER = 16;
/**
 * Conditioning guard of the warm start: its answer must also have a certified forward error bound
 * ‖x − x*‖ ≤ WARM_RTOL·‖x‖, x* the exact minimiser of the loaded problem (see `mdpWarmStart`). On the
 * pile scene the bound is typically 1e-13–1e-12 and the actual error 1e-16–1e-14.
 */
const WARM_RTOL = 1e-10;
/**
 * Rounding level of the certificate: a residual counts as converged at 8 ulps of its own scale (the
 * sum of the absolute values of its terms); the forward bound adds 16 ulps of that scale for the
 * rounding of the residuals themselves (each is a few rounded products and sums).
 */
const EPS8 = 8 * Number.EPSILON, EPS16 = 16 * Number.EPSILON;
/** The warm start works on impulses and block entries in ]1/WARM_RANGE, WARM_RANGE[ (normalised units). */
const WARM_RANGE = 1e100;

/**
 * Warm start of the sliding MDP case (b_n > 0, μ > 0, P1 false): local Newton from a guessed
 * direction, accepted only with a certificate of global optimality; returns false (nothing written)
 * otherwise, and the caller runs the full analysis (`mdpSlide`).
 *
 * Why a local method can be exact here. With b_n > 0 the Signorini condition forces s_n = 0 (x_n = 0
 * would need x = 0, which leaves s_n = −b_n < 0), so the feasible set is the plane of maximum
 * compression intersected with the cone: in y = x_to, K = {c(y) ≤ 0}, c(y) = A_nn‖y‖ + μaᵀy − μb_n,
 * which is convex (‖y‖ ≤ μx_n with x_n affine in y: a second-order cone constraint; the region
 * inside an ellipse, or inside one branch of a hyperbola). The objective ½yᵀÂy − yᵀb̂ is strictly
 * convex (Â, the Schur complement of A_nn in A, is positive definite). So the problem (paper §3.2) is convex for every block, ellipse or hyperbola, and a KKT point
 * Ây − b̂ + λ∇c(y) = 0, c(y) = 0 with λ ≥ 0 is its unique minimiser; the other stationary points of
 * f_obj on the boundary (the second local minimum of Figs. 2–4 among them) all have λ < 0. (This does
 * not hold for the Coulomb law, which is not an optimisation problem and can have several solutions.)
 *
 * Start: the lower-f_obj of two boundary points, on the ray of the guess (ws.GT, ws.GO; only its
 * direction matters) and on the ray of the unconstrained minimum x0_to; a ray outside I (f_r ≤ 0) or a
 * zero or non-finite direction is skipped.
 *
 * Iteration: y stays on the boundary, y = r̄(u)u with r̄ = μb_n/f_r(u) (radial retraction). Each step
 * is Newton on the reduced KKT system along the unit tangent τ ⟂ ∇c: s = −τᵀ∇f / τᵀ(Â + λ⁺H_c)τ,
 * with H_c = A_nn(I − uuᵀ)/‖y‖ the curvature of c and λ = −∇cᵀ∇f/‖∇c‖² the least-squares multiplier
 * (clamped at 0, so the step is a descent direction), capped at ‖y‖/2 and halved until f_obj does
 * not increase. Quadratic convergence: about 3 steps from the previous sweep's impulse.
 *
 * Acceptance, checked before every step at y with that λ:
 * 1. λ ≥ 0, the sign that singles out the minimiser;
 * 2. residuals at the rounding level: |c(y)| ≤ EPS8·s3 and |τᵀ∇f| ≤ EPS8·s12 (s3, s12 = the sums of
 *    the absolute values of their terms). y is then the exact KKT point, hence the exact minimiser, of
 *    the problem with b̂ and μb_n perturbed by those amounts (backward error of a few ulps, as for the
 *    polished candidates of the full analysis);
 * 3. a forward error bound ≤ WARM_RTOL·‖x‖. With ȳ = r̄(u)u the exact boundary point on the ray of y,
 *    δ = (|c(y)| + EPS16·s3)/f_r ≥ ‖y − ȳ‖ and ρ = |τᵀ∇f| + EPS16·s12 ≥ ‖∇L(y)‖, L(z) = f(z) + λc(z)
 *    is σ-strongly convex (σ = λ_min(Â), λ ≥ 0) with ∇L(ȳ) = ∇L(y) + Â(ȳ − y); f(y*) ≤ f(ȳ) (ȳ is
 *    feasible) and λc(y*) ≤ 0 give ‖ȳ − y*‖ ≤ 2(ρ + λ_max(Â)δ)/σ, so
 *        ‖y − y*‖ ≤ δ + 2(ρ + λ_max(Â)δ)/σ,   |x_n − x_n*| ≤ (S/A_nn)‖y − y*‖.
 *    This rejects only ill-conditioned problems (an optimum far out along a hyperbola's asymptote,
 *    where f_r → 0 and the radial retraction loses accuracy; an ill-conditioned Â): the full
 *    analysis, with its asymptotic coordinates, answers those.
 * Gives up (false) when it stalls, when the step search fails, or after WARM_MAX_ITER steps.
 */
function mdpWarmStart(ws: SingleContactWorkspace): boolean {
  const ann = ws.ANN, pt = ws.ANT, po = ws.ANO, mu = ws.MU, bn = ws.BN;
  const P = ws.P, R = ws.R, T = ws.T, E = ws.E, F = ws.F;
  const mbn = mu * bn;
  // (Everything below is written out inline, with plain square roots guarded by the range checks: a
  // call that passes or returns a double which V8 does not inline allocates a HeapNumber.)
  // Extreme eigenvalues of Â (σ with the rounding of its determinant taken off) and the f_r rounding.
  const hd = 0.5 * (P - T), lmax = 0.5 * (P + T) + Math.sqrt(hd * hd + R * R);
  const sigma = (P * T - R * R - EPS16 * (P * T + R * R)) / lmax;
  const S = Math.sqrt(pt * pt + po * po);
  if (!(sigma > 0) || !(lmax < WARM_RANGE) || !(mu * S < WARM_RANGE)) return false;
  const frErr = EPS16 * (ann + mu * S), xnGain = 1 + S / ann;
  const absE = Math.abs(E) + Math.abs(F);
  // Two starting points on the boundary, the guess's direction and x0_to's; the lower f_obj is used.
  let ut = 0, uo = 0, fr = 0, r = 0, fo = Infinity;
  for (let k = 0; k < 2; k++) {
    let vt = k === 0 ? ws.GT : ws.X0T, vo = k === 0 ? ws.GO : ws.X0O;
    const m = Math.max(Math.abs(vt), Math.abs(vo));
    if (!(m > 0 && m < Infinity)) continue;
    vt /= m;
    vo /= m;
    const nv = Math.sqrt(vt * vt + vo * vo);
    vt /= nv;
    vo /= nv;
    const frv = ann + mu * (pt * vt + po * vo); // Eq. 6: the ray meets the boundary ⇔ f_r > 0
    if (!(frv > 0)) continue;
    const rv = mbn / frv;
    if (!(rv > 1 / WARM_RANGE && rv < WARM_RANGE)) continue;
    const yt = rv * vt, yo = rv * vo;
    const fv = 0.5 * (P * yt * yt + 2 * R * yt * yo + T * yo * yo) - (E * yt + F * yo);
    if (fv < fo) {
      ut = vt; uo = vo; fr = frv; r = rv; fo = fv;
    }
  }
  if (!(fo < Infinity)) return false;
  for (let it = 0; it <= WARM_MAX_ITER; it++) {
    const yt = r * ut, yo = r * uo;
    const nt = ann * ut + mu * pt, no = ann * uo + mu * po; // ∇c(y)
    const nn = Math.sqrt(nt * nt + no * no);
    if (!(nn > 1 / WARM_RANGE)) return false;
    const tt = -no / nn, to = nt / nn; // unit tangent of the boundary at y
    const dt = P * yt + R * yo - E, dO = R * yt + T * yo - F; // ∇f(y) = Ây − b̂
    const gtau = tt * dt + to * dO;
    const lam = -(nt * dt + no * dO) / (nn * nn);
    const frLow = fr - frErr;
    if (lam >= 0 && frLow > 0) {
      // Certificate (see above): both residuals at their rounding level (backward error), and a
      // forward error bound of at most WARM_RTOL·‖x‖ (the problem is not too ill-conditioned).
      const s12 = Math.abs(P * yt) + Math.abs(R * yo) + Math.abs(R * yt) + Math.abs(T * yo) + absE;
      const ag = Math.abs(gtau);
      if (ag <= EPS8 * s12) {
        const ny = Math.sqrt(yt * yt + yo * yo);
        const ac = Math.abs(ann * ny + mu * (pt * yt + po * yo) - mbn); // |c(y)|
        const s3 = ann * ny + mu * (Math.abs(pt * yt) + Math.abs(po * yo)) + mbn;
        if (ac <= EPS8 * s3) {
          const xn = (bn - pt * yt - po * yo) / ann;
          const delta = (ac + EPS16 * s3) / frLow;
          const err = xnGain * (delta + 2 * (ag + EPS16 * s12 + lmax * delta) / sigma);
          if (!(err <= WARM_RTOL * Math.sqrt(xn * xn + ny * ny))) return false; // converged, not certifiable
          ws.XN = xn;
          ws.XT = yt;
          ws.XO = yo;
          return true;
        }
      }
    }
    if (it === WARM_MAX_ITER) break;
    ws.warmSteps++;
    // Newton step along τ on the reduced KKT system, λ clamped at 0 (τᵀÂτ ≥ σ > 0 keeps h > 0).
    const tu = ut * to - uo * tt; // τ · u⊥
    const h = P * tt * tt + 2 * R * tt * to + T * to * to + (lam > 0 ? lam * ann * tu * tu / r : 0);
    let step = -gtau / h;
    if (Math.abs(step) <= 2 * Number.EPSILON * r) return false; // stalled without a certificate
    if (!(Math.abs(step) <= 0.5 * r)) {
      if (!(Math.abs(step) < Infinity)) return false;
      step = step > 0 ? 0.5 * r : -0.5 * r;
    }
    let moved = false;
    for (let k = 0; k < 40; k++) {
      // |y + sτ| ≥ r/2, and r is in range: the squares below neither overflow nor underflow.
      const zt = yt + step * tt, zo = yo + step * to;
      const nz = Math.sqrt(zt * zt + zo * zo);
      const vt = zt / nz, vo = zo / nz;
      const frz = ann + mu * (pt * vt + po * vo);
      if (frz > 0) {
        const rz = mbn / frz;
        const wt = rz * vt, wo = rz * vo;
        const fz = 0.5 * (P * wt * wt + 2 * R * wt * wo + T * wo * wo) - (E * wt + F * wo);
        // Descent while far; near convergence f_obj changes by rounding only, and Newton is trusted.
        if (rz < WARM_RANGE && (fz <= fo || Math.abs(step) <= 1e-8 * r)) {
          ut = vt;
          uo = vo;
          r = rz;
          fr = frz;
          fo = fz;
          moved = true;
          break;
        }
      }
      step *= 0.5;
    }
    if (!moved) return false;
  }
  return false;
}



/**
 * Asymptotic coordinates of the boundary of a hyperbolic conic section (A_nn < μS, b_n > 0). With
 * e1 = a/S, e2 ⟂ e1, κ = μS/A_nn > 1 and β = μ b_n/A_nn, the boundary ‖y‖ = β − κ y·e1 is exactly
 *     y(w) = y0 + w p + v m,   w v = β²,  w, v > 0,
 *     y0 = βκ/(κ²−1) e1,  p = (−e1/(κ²−1) + e2/√(κ²−1))/2,  m = (−e1/(κ²−1) − e2/√(κ²−1))/2
 * (from the focus–directrix form (κ²−1)(y1 − y0)² − y2² = β²/(κ²−1); p and m point along the two
 * asymptotes, and β → 0 continuously gives the two rays of the b_n = 0 case). Well-conditioned unless
 * κ → 1⁺ (then the angle parametrisation is the accurate one).
 */
function hyperbolaGeometry(ws: SingleContactWorkspace): void {
  const S = hyp(ws.ANT, ws.ANO);
  const e1t = ws.ANT / S, e1o = ws.ANO / S, e2t = -e1o, e2o = e1t;
  const kap = ws.MU * S / ws.ANN;
  ws.HB = ws.MU * ws.BN / ws.ANN;
  const k2m1 = (kap - 1) * (kap + 1), sq = Math.sqrt(k2m1);
  const y0 = ws.HB * kap / k2m1;
  ws.HY0T = y0 * e1t;
  ws.HY0O = y0 * e1o;
  ws.HPT = 0.5 * (-e1t / k2m1 + e2t / sq);
  ws.HPO = 0.5 * (-e1o / k2m1 + e2o / sq);
  ws.HMT = 0.5 * (-e1t / k2m1 - e2t / sq);
  ws.HMO = 0.5 * (-e1o / k2m1 - e2o / sq);
}

/**
 * Solve ws.quart (degree ≤ 4, trailing zero leading coefficients dropped) for the asymptotic coordinate
 * of one side (side 0: w ∈ [β, ∞[, towards p; side 1: v ∈ ]β, ∞[, towards m) and write the points
 * y = y0 + w p + v m, w v = β², to ws.yc from index n (the smaller coordinate is β²/the larger, so no
 * term cancels). Returns the new count.
 */
function hyperbolaPoints(ws: SingleContactWorkspace, side: number, n: number): number {
  let deg = 4;
  while (deg > 0 && ws.quart[deg] === 0) deg--;
  const nt = polyRealRoots(ws, deg, ws.HB, Infinity);
  const b2 = ws.HB * ws.HB;
  for (let i = 0; i < nt && n < 16; i++) {
    const big = ws.troots[i];
    if (!(big > 0) || (side === 1 && big === ws.HB)) continue;
    const small = b2 / big;
    const w = side === 0 ? big : small, v = side === 0 ? small : big;
    ws.yc[2 * n] = ws.HY0T + w * ws.HPT + v * ws.HMT;
    ws.yc[2 * n + 1] = ws.HY0O + w * ws.HPO + v * ws.HMO;
    n++;
  }
  return n;
}

/**
 * MDP stationary points on a hyperbolic conic section in asymptotic coordinates, appended to ws.yc from
 * index n; returns the new count. df/dw = 0 for f = ½yᵀÂy − yᵀb̂ on y(w), times w³, is the quartic
 * (the β²/w cross terms cancel because Â is symmetric)
 *     (pᵀÂp) w⁴ + (g0·p) w³ − β² (g0·m) w − β⁴ (mᵀÂm) = 0,   g0 = Ây0 − b̂,
 * and its mirror image (p ↔ m) in v. These stay exact when the optimum lies far out along an
 * asymptote (b_n → 0⁺), where the angle of Eq. 8 is within O(b_n) of a pole of r̄.
 */
function hyperbolaRoots(ws: SingleContactWorkspace, n: number): number {
  hyperbolaGeometry(ws);
  const g0t = ws.P * ws.HY0T + ws.R * ws.HY0O - ws.E, g0o = ws.R * ws.HY0T + ws.T * ws.HY0O - ws.F;
  const pAp = ws.P * ws.HPT * ws.HPT + 2 * ws.R * ws.HPT * ws.HPO + ws.T * ws.HPO * ws.HPO;
  const mAm = ws.P * ws.HMT * ws.HMT + 2 * ws.R * ws.HMT * ws.HMO + ws.T * ws.HMO * ws.HMO;
  const gp = g0t * ws.HPT + g0o * ws.HPO, gm = g0t * ws.HMT + g0o * ws.HMO;
  const b2 = ws.HB * ws.HB;
  for (let side = 0; side < 2; side++) {
    ws.quart[4] = side === 0 ? pAp : mAm;
    ws.quart[3] = side === 0 ? gp : gm;
    ws.quart[2] = 0;
    ws.quart[1] = -b2 * (side === 0 ? gm : gp);
    ws.quart[0] = -b2 * b2 * (side === 0 ? mAm : pAp);
    n = hyperbolaPoints(ws, side, n);
  }
  return n;
}

/** Largest relative step of a Newton polish (`polishMdp`, `polishCoulomb`). */
const POLISH_MAX_STEP = 0.1;

/**
 * Newton polish of a stationary point of the sliding problem in Cartesian coordinates y = x_to, on the
 * KKT system of min ½yᵀÂy − yᵀb̂ s.t. c(y) = A_nn‖y‖ + μ aᵀy − μ b_n = 0 (the cone on the plane of
 * maximum compression, paper §3.2):  Ây − b̂ + λ∇c(y) = 0,  c(y) = 0,  ∇c = A_nn y/‖y‖ + μa.
 * ∇c ≠ 0 on the curve, so this is well-conditioned even where the angle parametrisation is not.
 * At most 8 steps; stops when the residual stops decreasing or a step exceeds POLISH_MAX_STEP·‖y‖,
 * and keeps the best iterate. Writes PY_T/O.
 */
function polishMdp(ws: SingleContactWorkspace, yt: number, yo: number): void {
  ws.PY_T = yt;
  ws.PY_O = yo;
  let bestRes = Infinity, lam = 0;
  for (let it = 0; it < 8; it++) {
    const ny = hyp(yt, yo);
    if (!(ny > 0)) return;
    const ut = yt / ny, uo = yo / ny;
    const nt = ws.ANN * ut + ws.MU * ws.ANT, no = ws.ANN * uo + ws.MU * ws.ANO;
    const gt = ws.P * yt + ws.R * yo - ws.E, go = ws.R * yt + ws.T * yo - ws.F;
    if (it === 0) lam = -(nt * gt + no * go) / (nt * nt + no * no);
    const f1 = gt + lam * nt, f2 = go + lam * no;
    const f3 = ws.ANN * ny + ws.MU * (ws.ANT * yt + ws.ANO * yo) - ws.MU * ws.BN;
    // Each equation relative to its own rounding scale, so that neither hides the other (near the
    // apex ‖y‖ = O(b_n) ≪ ‖b̂‖ and c(y) is many orders below the gradient terms).
    const s12 = Math.abs(ws.P * yt) + Math.abs(ws.R * yo) + Math.abs(ws.R * yt) + Math.abs(ws.T * yo)
      + Math.abs(ws.E) + Math.abs(ws.F) + Math.abs(lam) * (Math.abs(nt) + Math.abs(no));
    const s3 = ws.ANN * ny + ws.MU * (Math.abs(ws.ANT * yt) + Math.abs(ws.ANO * yo)) + ws.MU * Math.abs(ws.BN);
    const res = hyp(hyp(f1, f2) / s12, f3 / s3);
    if (!(res < bestRes)) return;
    bestRes = res;
    ws.PY_T = yt;
    ws.PY_O = yo;
    if (res === 0) return;
    const h = lam * ws.ANN / ny;
    const j11 = ws.P + h * (1 - ut * ut), j12 = ws.R - h * ut * uo, j22 = ws.T + h * (1 - uo * uo);
    // Solve [[j11, j12, nt], [j12, j22, no], [nt, no, 0]] d = −(f1, f2, f3) by Cramer's rule.
    const det = -j11 * no * no + 2 * j12 * nt * no - j22 * nt * nt;
    if (!(Math.abs(det) > 0)) return;
    const r1 = -f1, r2 = -f2, r3 = -f3;
    const d0 = (r1 * (-no * no) - j12 * (-no * r3) + nt * (r2 * no - j22 * r3)) / det;
    const d1 = (j11 * (r2 * 0 - no * r3) - r1 * (j12 * 0 - no * nt) + nt * (j12 * r3 - r2 * nt)) / det;
    const d2 = (j11 * (j22 * r3 - r2 * no) - j12 * (j12 * r3 - r2 * nt) + r1 * (j12 * no - j22 * nt)) / det;
    // A polish, not a search: a step larger than POLISH_MAX_STEP·‖y‖ means the residual is dominated
    // by rounding at a scale the point does not have (e.g. a solution of size O(b_n) ≪ ‖b‖).
    if (!(hyp(d0, d1) <= POLISH_MAX_STEP * ny)) return;
    yt += d0;
    yo += d1;
    lam += d2;
  }
}

/** Relative tolerance of "y lies on the boundary of the conic section", c(y) = 0. */
const CURVE_RTOL = 1e-10;

/** |c(y)| ≤ CURVE_RTOL × scale, c(y) = A_nn‖y‖ + μ aᵀy − μ b_n (‖x_to‖ = μ x_n on the plane). */
function onConicBoundary(ws: SingleContactWorkspace, yt: number, yo: number): boolean {
  const ny = hyp(yt, yo);
  const c = ws.ANN * ny + ws.MU * (ws.ANT * yt + ws.ANO * yo) - ws.MU * ws.BN;
  const scale = ws.ANN * ny + ws.MU * (Math.abs(ws.ANT * yt) + Math.abs(ws.ANO * yo)) + ws.MU * Math.abs(ws.BN);
  return Math.abs(c) <= CURVE_RTOL * scale;
}

/** Reduced objective ½ x_toᵀÂx_to − x_toᵀb̂ (= full energy + b_n²/(2A_nn) on the plane). */
function fObjAt(ws: SingleContactWorkspace, xt: number, xo: number): number {
  return 0.5 * (ws.P * xt * xt + 2 * ws.R * xt * xo + ws.T * xo * xo) - (ws.E * xt + ws.F * xo);
}

/** f_obj(α) on the boundary γ(α) = r̄(α)(cos α, sin α), r̄ = μ b_n/f_r (paper §3.2); +∞ outside I. */
function fObjAngle(ws: SingleContactWorkspace, al: number): number {
  const c = detCos(al), s = detSin(al);
  const fr = ws.ANN + ws.MU * (ws.ANT * c + ws.ANO * s);
  if (!(fr > 0)) return Infinity;
  const r = ws.MU * ws.BN / fr;
  return fObjAt(ws, r * c, r * s);
}

const FALLBACK_SAMPLES = 2048;

/**
 * Last resort (never taken in the validation tests): sample f_obj densely over I (Eq. 6) and refine
 * the best sample by golden-section search between its neighbours. Accurate to the golden-section
 * tolerance, but it can miss a global minimum narrower than the sample spacing.
 */
function mdpSlideFallback(ws: SingleContactWorkspace): void {
  const S = hyp(ws.ANT, ws.ANO);
  let lo: number, width: number;
  if (ws.ANN <= ws.MU * S) {
    const a0 = detAtan2(ws.ANO, ws.ANT);
    const da = detAcos(clamp(-ws.ANN / (ws.MU * S), -1, 1));
    lo = a0 - da;
    width = 2 * da;
  } else {
    lo = 0;
    width = 2 * Math.PI;
  }
  const h = width / FALLBACK_SAMPLES;
  let best = 0, bestF = Infinity;
  for (let i = 0; i < FALLBACK_SAMPLES; i++) {
    const fo = fObjAngle(ws, lo + (i + 0.5) * h);
    if (fo < bestF) {
      bestF = fo;
      best = i;
    }
  }
  let a = lo + (best - 0.5) * h, d = lo + (best + 1.5) * h;
  const gr = 0.5 * (Math.sqrt(5) - 1);
  let b = d - gr * (d - a), c = a + gr * (d - a);
  let fb = fObjAngle(ws, b), fc = fObjAngle(ws, c);
  for (let it = 0; it < 200 && d - a > 1e-15 * (1 + Math.abs(a)); it++) {
    if (fb < fc) {
      d = c; c = b; fc = fb;
      b = d - gr * (d - a);
      fb = fObjAngle(ws, b);
    } else {
      a = b; b = c; fb = fc;
      c = a + gr * (d - a);
      fc = fObjAngle(ws, c);
    }
  }
  const al = fb < fc ? b : c;
  const cs = detCos(al), sn = detSin(al);
  const r = ws.MU * ws.BN / (ws.ANN + ws.MU * (ws.ANT * cs + ws.ANO * sn));
  ws.FB_T = r * cs;
  ws.FB_O = r * sn;
}

// ---------------------------------------------------------------------------------------------------
// Impulsive Coulomb law
// ---------------------------------------------------------------------------------------------------

function solveCoulomb(ws: SingleContactWorkspace): SingleContactCase {
  if (ws.BN < 0) {
    setResult(ws, 0, 0, 0);
    return SingleContactCase.Separating;
  }
  if (ws.MU === 0) {
    setResult(ws, ws.BN / ws.ANN, 0, 0);
    return SingleContactCase.Frictionless;
  }
  // x0 minimises the energy over all of R³, so when it is a Coulomb solution it is the most
  // dissipative one.
  if (p1(ws)) {
    setResult(ws, ws.X0N, ws.X0T, ws.X0O);
    return SingleContactCase.Stick;
  }
  const n = coulombCandidates(ws, false);
  if (n === 0) {
    solveMdp(ws, false);
    return SingleContactCase.CoulombNoSolution;
  }
  let best = 0;
  for (let i = 1; i < n; i++) if (ws.cand[4 * i + 3] < ws.cand[4 * best + 3]) best = i;
  setResult(ws, ws.cand[4 * best], ws.cand[4 * best + 1], ws.cand[4 * best + 2]);
  if (ws.BN === 0) {
    return ws.cand[4 * best] === 0 && ws.cand[4 * best + 1] === 0 && ws.cand[4 * best + 2] === 0
      ? SingleContactCase.GrazingPoint : SingleContactCase.GrazingRay;
  }
  return SingleContactCase.Slide;
}

/**
 * Fill ws.cand with Coulomb solutions of the loaded problem. With `all`, the zero impulse (b_n ≤ 0) and
 * the stick impulse are included and slides with b_n < 0 are searched too (the full Fig. 1 model);
 * without it (the solver, already past b_n < 0 and P1), the zero impulse is included only for b_n = 0.
 *
 * A sliding Coulomb impulse is x = x_n w(α), w = (1, μ cos α, μ sin α), with s_n = 0 ⇒
 * x_n = b_n/f_r(α) > 0, and s_to ∥ −d. The parallelism condition cross(d, s_to)·f_r = 0 is the
 * trigonometric polynomial h(α) = b_n cross(d, (A w)_to) − f_r(α) cross(d, b_to):
 *   k0 = −½μ(A_nt b_o − A_no b_t),  k1c = b_n A_no − A_nn b_o,  k1s = A_nn b_t − b_n A_nt,
 *   k2c = μ(b_n A_to − ½(A_nt b_o + A_no b_t)),  k2s = μ(½ b_n (A_oo − A_tt) − ½(A_no b_o − A_nt b_t)).
 */
export function coulombCandidates(ws: SingleContactWorkspace, all: boolean): number {
  let n = 0;
  if (ws.BN <= 0 && (all || ws.BN === 0)) n = pushCandidate(ws, n, 0, 0, 0);
  if (all && p1(ws)) n = pushCandidate(ws, n, ws.X0N, ws.X0T, ws.X0O);
  if (ws.MU === 0) {
    if (all && ws.BN > 0) n = pushCandidate(ws, n, ws.BN / ws.ANN, 0, 0);
    return n;
  }
  const mu = ws.MU, ann = ws.ANN, pt = ws.ANT, po = ws.ANO, bn = ws.BN, bt = ws.BT, bo = ws.BO;
  if (bn === 0) {
    // Slides along the asymptote rays (f_r = 0, x_n free): x_n from cross(d, x_n (A w)_to − b_to) = 0.
    const S = hyp(pt, po);
    if (ann <= mu * S) {
      const a0 = detAtan2(po, pt);
      const da = detAcos(clamp(-ann / (mu * S), -1, 1));
      const rays = da === Math.PI ? 1 : 2;
      for (let k = 0; k < rays; k++) {
        const al = k === 0 ? a0 + da : a0 - da;
        const c = detCos(al), s = detSin(al);
        const wt = pt + mu * (ws.ATT * c + ws.ATO * s), wo = po + mu * (ws.ATO * c + ws.AOO * s); // (A w)_to
        const den = c * wo - s * wt;
        if (den === 0) continue;
        const xn = (c * bo - s * bt) / den;
        if (xn > 0) n = acceptCoulombSlide(ws, n, mu * xn * c, mu * xn * s, false);
      }
    }
    return n;
  }
  if (bn < 0 && !all) return n;
  const k0 = -0.5 * mu * (pt * bo - po * bt);
  const k1c = bn * po - ann * bo;
  const k1s = ann * bt - bn * pt;
  const k2c = mu * (bn * ws.ATO - 0.5 * (pt * bo + po * bt));
  const k2s = mu * (0.5 * bn * (ws.AOO - ws.ATT) - 0.5 * (po * bo - pt * bt));
  const nr = trigRoots(ws, k0, k1c, k1s, k2c, k2s);
  for (let i = 0; i < nr; i++) {
    const al = polishTrigRoot(ws.roots[i], k0, k1c, k1s, k2c, k2s);
    const c = detCos(al), s = detSin(al);
    const fr = ann + mu * (pt * c + po * s);
    if (fr === 0) continue;
    const xn = bn / fr;
    if (xn > 0) n = acceptCoulombSlide(ws, n, mu * xn * c, mu * xn * s, true);
  }
  if (bn > 0 && ann < mu * hyp(pt, po)) n = coulombHyperbola(ws, n);
  return n;
}

/**
 * Sliding Coulomb impulses on a hyperbolic conic section in asymptotic coordinates (see
 * `hyperbolaGeometry`): cross(y, Ây − b̂) = ½yᵀMy + lᵀy with M = [[2R, T−P], [T−P, −2R]],
 * l = (−b̂_o, b̂_t); on y(w), times w², it is the quartic
 *     ½pᵀMp w⁴ + (pᵀMy0 + lᵀp) w³ + (½y0ᵀMy0 + β² pᵀMm + lᵀy0) w² + β²(mᵀMy0 + lᵀm) w + ½β⁴ mᵀMm
 * (and its mirror image p ↔ m in v). M is indefinite, so leading coefficients may vanish.
 * Candidates are appended to ws.cand through `acceptCoulombSlide`. Returns the new count.
 */
function coulombHyperbola(ws: SingleContactWorkspace, n: number): number {
  hyperbolaGeometry(ws);
  const m11 = 2 * ws.R, m12 = ws.T - ws.P, m22 = -2 * ws.R, lt = -ws.F, lo = ws.E;
  const my0t = m11 * ws.HY0T + m12 * ws.HY0O, my0o = m12 * ws.HY0T + m22 * ws.HY0O;
  const pMp = m11 * ws.HPT * ws.HPT + 2 * m12 * ws.HPT * ws.HPO + m22 * ws.HPO * ws.HPO;
  const mMm = m11 * ws.HMT * ws.HMT + 2 * m12 * ws.HMT * ws.HMO + m22 * ws.HMO * ws.HMO;
  const pMm = m11 * ws.HPT * ws.HMT + m12 * (ws.HPT * ws.HMO + ws.HPO * ws.HMT) + m22 * ws.HPO * ws.HMO;
  const pL = ws.HPT * my0t + ws.HPO * my0o + lt * ws.HPT + lo * ws.HPO;
  const mL = ws.HMT * my0t + ws.HMO * my0o + lt * ws.HMT + lo * ws.HMO;
  const b2 = ws.HB * ws.HB;
  const mid = 0.5 * (ws.HY0T * my0t + ws.HY0O * my0o) + b2 * pMm + lt * ws.HY0T + lo * ws.HY0O;
  let ny = 0;
  for (let side = 0; side < 2; side++) {
    ws.quart[4] = 0.5 * (side === 0 ? pMp : mMm);
    ws.quart[3] = side === 0 ? pL : mL;
    ws.quart[2] = mid;
    ws.quart[1] = b2 * (side === 0 ? mL : pL);
    ws.quart[0] = 0.5 * b2 * b2 * (side === 0 ? mMm : pMp);
    ny = hyperbolaPoints(ws, side, ny);
  }
  for (let i = 0; i < ny; i++) n = acceptCoulombSlide(ws, n, ws.yc[2 * i], ws.yc[2 * i + 1], true);
  return n;
}

/** Relative tolerance for "the post-impulse slip is parallel to −d" and "ν ≥ 0" of a root. */
const COULOMB_RTOL = 1e-9;

/**
 * Check a sliding Coulomb candidate with tangential impulse y = x_to (optionally Newton-polished
 * first) and append it to ws.cand if it is one: x_n from the plane s_n = 0, x_n > 0, on the cone
 * boundary, s_to = Ây − b̂ parallel to −y (ν ≥ 0).
 */
function acceptCoulombSlide(ws: SingleContactWorkspace, n: number, yt: number, yo: number, polish: boolean): number {
  if (polish) {
    polishCoulomb(ws, yt, yo);
    yt = ws.PY_T;
    yo = ws.PY_O;
  }
  const ny = hyp(yt, yo);
  const xn = (ws.BN - ws.ANT * yt - ws.ANO * yo) / ws.ANN;
  if (!(xn > 0) || !(ny > 0)) return n;
  const st = ws.P * yt + ws.R * yo - ws.E, so = ws.R * yt + ws.T * yo - ws.F; // s_to on the plane s_n = 0
  // rounding scale of s_to, and of the cone condition ‖y‖ = μ x_n (relative to the impulse itself)
  const sScale = Math.abs(ws.P * yt) + Math.abs(ws.R * yo) + Math.abs(ws.R * yt) + Math.abs(ws.T * yo)
    + Math.abs(ws.E) + Math.abs(ws.F);
  const cross = (yt * so - yo * st) / ny; // must vanish: s_to ∥ d
  const along = (yt * st + yo * so) / ny; // = −ν, must be ≤ 0
  if (Math.abs(ny - ws.MU * xn) > COULOMB_RTOL * (ny + ws.MU * xn) || Math.abs(cross) > COULOMB_RTOL * sScale
    || along > COULOMB_RTOL * sScale) return n;
  return pushCandidate(ws, n, xn, yt, yo);
}

/**
 * Newton polish of a sliding Coulomb impulse in Cartesian coordinates y = x_to:
 * G(y) = (cross(y, Ây − b̂), c(y)) = 0 with c(y) = A_nn‖y‖ + μ aᵀy − μ b_n (the cone on the plane).
 * At most 8 steps, stops when the residual stops decreasing or a step exceeds POLISH_MAX_STEP·‖y‖,
 * keeps the best iterate (PY_T/O).
 */
function polishCoulomb(ws: SingleContactWorkspace, yt: number, yo: number): void {
  ws.PY_T = yt;
  ws.PY_O = yo;
  let bestRes = Infinity;
  for (let it = 0; it < 8; it++) {
    const ny = hyp(yt, yo);
    if (!(ny > 0)) return;
    const gt = ws.P * yt + ws.R * yo - ws.E, go = ws.R * yt + ws.T * yo - ws.F;
    const g1 = yt * go - yo * gt;
    const g2 = ws.ANN * ny + ws.MU * (ws.ANT * yt + ws.ANO * yo) - ws.MU * ws.BN;
    // Each equation relative to its own rounding scale (see polishMdp).
    const s1 = ny * (Math.abs(ws.P * yt) + Math.abs(ws.R * yo) + Math.abs(ws.R * yt) + Math.abs(ws.T * yo)
      + Math.abs(ws.E) + Math.abs(ws.F));
    const s2 = ws.ANN * ny + ws.MU * (Math.abs(ws.ANT * yt) + Math.abs(ws.ANO * yo)) + ws.MU * Math.abs(ws.BN);
    const res = hyp(g1 / s1, g2 / s2);
    if (!(res < bestRes)) return;
    bestRes = res;
    ws.PY_T = yt;
    ws.PY_O = yo;
    if (res === 0) return;
    const a11 = go + yt * ws.R - yo * ws.P, a12 = yt * ws.T - gt - yo * ws.R;
    const nt = ws.ANN * yt / ny + ws.MU * ws.ANT, no = ws.ANN * yo / ny + ws.MU * ws.ANO;
    const det = a11 * no - a12 * nt;
    if (!(Math.abs(det) > 0)) return;
    const d0 = (-g1 * no + a12 * g2) / det, d1 = (-a11 * g2 + nt * g1) / det;
    if (!(hyp(d0, d1) <= POLISH_MAX_STEP * ny)) return;
    yt += d0;
    yo += d1;
  }
}

function pushCandidate(ws: SingleContactWorkspace, n: number, xn: number, xt: number, xo: number): number {
  // Drop duplicates (a double root reported twice, the stick impulse found again as a ν = 0 slide).
  const tol = 1e-12 * (Math.abs(xn) + Math.abs(xt) + Math.abs(xo)) + 1e-300;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(ws.cand[4 * i] - xn) + Math.abs(ws.cand[4 * i + 1] - xt) + Math.abs(ws.cand[4 * i + 2] - xo);
    if (d <= tol) return n;
  }
  if (n >= MAX_COULOMB_SOLUTIONS) return n;
  ws.cand[4 * n] = xn;
  ws.cand[4 * n + 1] = xt;
  ws.cand[4 * n + 2] = xo;
  ws.cand[4 * n + 3] = energy(ws, xn, xt, xo);
  return n + 1;
}

// ---------------------------------------------------------------------------------------------------
// Roots of a degree-2 trigonometric polynomial
// ---------------------------------------------------------------------------------------------------

/** Roots beyond this modulus are not searched (impulses ~1e100 times the problem's scale). */
const ROOT_MODULUS_CAP = 1e100;

function trigEval(al: number, k0: number, k1c: number, k1s: number, k2c: number, k2s: number): number {
  const c = detCos(al), s = detSin(al);
  return k0 + k1c * c + k1s * s + k2c * (c * c - s * s) + k2s * (2 * s * c);
}

/** cos and sin of the 8 sample angles jπ/4 used to place the excluded point of `trigRoots`. */
const SAMPLE_COS = Float64Array.from({ length: 8 }, (_, j) => detCos(j * Math.PI / 4));
const SAMPLE_SIN = Float64Array.from({ length: 8 }, (_, j) => detSin(j * Math.PI / 4));

/**
 * Angles α where g(α) = k0 + k1c cos α + k1s sin α + k2c cos 2α + k2s sin 2α changes sign, plus the
 * critical points where g nearly touches zero, written to ws.roots. Returns the count.
 *
 * Method: with t = tan((α − β)/2), (1 + t²)² g is the quartic
 *   (K0+K1c+K2c) + (2K1s+4K2s) t + (2K0−6K2c) t² + (2K1s−4K2s) t³ + (K0−K1c+K2c) t⁴
 * (K = the coefficients of g(β + ·)). Its leading coefficient is g(β + π); β is chosen so
 * that this is the largest |g| among 8 equispaced samples, so the quartic is well scaled and its real
 * roots lie inside the Cauchy bound. Real roots are isolated by the roots of the derivative
 * (`polyRealRoots`, recursively down to the linear derivative) and solved by safeguarded Newton.
 */
function trigRoots(ws: SingleContactWorkspace, k0: number, k1c: number, k1s: number, k2c: number, k2s: number): number {
  let jBest = 0, gBest = -1;
  for (let j = 0; j < 8; j++) {
    const c = SAMPLE_COS[j], s = SAMPLE_SIN[j];
    const gv = Math.abs(k0 + k1c * c + k1s * s + k2c * (c * c - s * s) + k2s * (2 * s * c));
    if (gv > gBest) {
      gBest = gv;
      jBest = j;
    }
  }
  if (!(gBest > 0)) return 0; // g ≡ 0 (8 zero samples of a degree-2 trigonometric polynomial)
  const beta = jBest * Math.PI / 4 - Math.PI;
  const cb = detCos(beta), sb = detSin(beta), c2b = detCos(2 * beta), s2b = detSin(2 * beta);
  const K1c = k1c * cb + k1s * sb, K1s = k1s * cb - k1c * sb;
  const K2c = k2c * c2b + k2s * s2b, K2s = k2s * c2b - k2c * s2b;
  ws.quart[0] = k0 + K1c + K2c;
  ws.quart[1] = 2 * K1s + 4 * K2s;
  ws.quart[2] = 2 * k0 - 6 * K2c;
  ws.quart[3] = 2 * K1s - 4 * K2s;
  ws.quart[4] = k0 - K1c + K2c;
  const nt = polyRealRoots(ws, 4, -Infinity, Infinity);
  for (let i = 0; i < nt; i++) ws.roots[i] = beta + 2 * detAtan(ws.troots[i]);
  return nt;
}

/**
 * Newton polish of a root of g in α (at most 3 steps, each accepted only if |g| decreases and the
 * step is small, so a polish never jumps to another root).
 */
function polishTrigRoot(al: number, k0: number, k1c: number, k1s: number, k2c: number, k2s: number): number {
  let gv = trigEval(al, k0, k1c, k1s, k2c, k2s);
  for (let it = 0; it < 3 && gv !== 0; it++) {
    const c = detCos(al), s = detSin(al);
    const dg = -k1c * s + k1s * c - 4 * k2c * s * c + 2 * k2s * (c * c - s * s);
    if (dg === 0) break;
    const step = gv / dg;
    if (!(Math.abs(step) < 1e-3)) break;
    const an = al - step;
    const gn = trigEval(an, k0, k1c, k1s, k2c, k2s);
    if (!(Math.abs(gn) < Math.abs(gv))) break;
    al = an;
    gv = gn;
  }
  return al;
}

function polyEval(c: Float64Array, deg: number, x: number): number {
  let v = c[deg];
  for (let i = deg - 1; i >= 0; i--) v = v * x + c[i];
  return v;
}

/** Σ|c_i||x|^i: the scale of the rounding error of evaluating the polynomial at x. */
function polyEvalAbs(c: Float64Array, deg: number, x: number): number {
  const ax = Math.abs(x);
  let v = Math.abs(c[deg]);
  for (let i = deg - 1; i >= 0; i--) v = v * ax + Math.abs(c[i]);
  return v;
}

/** Relative size under which a critical value of the quartic counts as touching zero (a double root). */
const TOUCH_RTOL = 1e-10;

/**
 * Real roots in [lo, hi] of the polynomial ws.quart[0..deg] (ascending, ws.quart[deg] ≠ 0, deg ≤ 4) into
 * ws.troots, ascending; returns the count. Exact isolation by recursion on derivatives: the roots of the
 * derivative split [lo, hi] into intervals where the polynomial is monotone, one root per sign change
 * (safeguarded Newton), plus critical points where the polynomial touches zero (double roots).
 */
function polyRealRoots(ws: SingleContactWorkspace, deg: number, lo: number, hi: number): number {
  const cd = ws.quart[deg];
  let bound = 0;
  for (let i = 0; i < deg; i++) bound = Math.max(bound, Math.abs(ws.quart[i] / cd));
  bound += 1; // Cauchy: every root (real or complex) has modulus < bound
  const a = Math.max(lo, -bound, -ROOT_MODULUS_CAP), b = Math.min(hi, bound, ROOT_MODULUS_CAP);
  if (!(a < b) || deg < 1) return 0;
  const top = ws.polyD[deg];
  for (let i = 0; i <= deg; i++) top[i] = ws.quart[i];
  for (let d = deg - 1; d >= 1; d--) {
    const hi1 = ws.polyD[d + 1], lo1 = ws.polyD[d];
    for (let i = 0; i <= d; i++) lo1[i] = (i + 1) * hi1[i + 1];
  }
  // Degree 1: the linear root.
  const r1 = -ws.polyD[1][0] / ws.polyD[1][1];
  let n = r1 > a && r1 < b ? 1 : 0;
  ws.rootD[1][0] = r1;
  for (let d = 2; d <= deg; d++) {
    n = bracketedRoots(ws.polyD[d], d, ws.rootD[d - 1], n, a, b, ws.rootD[d], d === deg ? TOUCH_RTOL : 0);
  }
  if (deg < 4) for (let i = 0; i < n; i++) ws.troots[i] = ws.rootD[deg][i];
  return n;
}

/**
 * Roots of the polynomial c (degree `deg`) on [lo, hi], given its sorted critical points `crit`
 * (the polynomial is monotone between consecutive ones): one root per sign change, found by
 * safeguarded Newton. With touchRtol > 0, a critical point where |p| ≤ touchRtol · Σ|c_i||x|^i is also
 * reported (a double root, or a near-double root that lost its sign change to rounding).
 */
function bracketedRoots(
  c: Float64Array, deg: number, crit: Float64Array, nCrit: number, lo: number, hi: number,
  out: Float64Array, touchRtol: number,
): number {
  let n = 0;
  let xa = lo, pa = polyEval(c, deg, lo);
  for (let i = 0; i <= nCrit; i++) {
    const xb = i < nCrit ? crit[i] : hi;
    const pb = polyEval(c, deg, xb);
    if (pa === 0) {
      if (n === 0 || out[n - 1] !== xa) out[n++] = xa;
    } else if (pb !== 0 && (pa < 0) !== (pb < 0)) {
      out[n++] = safeNewton(c, deg, xa, xb, pa);
    }
    if (i < nCrit && pb !== 0 && touchRtol > 0
      && Math.abs(pb) <= touchRtol * polyEvalAbs(c, deg, xb)) {
      out[n++] = xb;
    }
    xa = xb;
    pa = pb;
  }
  if (pa === 0 && (n === 0 || out[n - 1] !== xa)) out[n++] = xa;
  return n;
}

/** Root of c in ]xa, xb[ where c changes sign (pa = c(xa)): Newton with a bisection safeguard. */
function safeNewton(c: Float64Array, deg: number, xa: number, xb: number, pa: number): number {
  // Orient the bracket so that p(xl) < 0 < p(xh).
  let xl = xa, xh = xb;
  if (pa > 0) {
    xl = xb;
    xh = xa;
  }
  let x = 0.5 * (xa + xb);
  let dxOld = Math.abs(xb - xa), dx = dxOld;
  for (let it = 0; it < 200; it++) {
    // p and p' by Horner.
    let p = c[deg], dp = 0;
    for (let i = deg - 1; i >= 0; i--) {
      dp = dp * x + p;
      p = p * x + c[i];
    }
    if (p === 0) return x;
    if (p < 0) xl = x;
    else xh = x;
    const newton = x - p / dp;
    const inside = dp !== 0 && (newton - xl) * (newton - xh) < 0;
    if (!inside || Math.abs(2 * p) > Math.abs(dxOld * dp)) {
      dxOld = dx;
      dx = 0.5 * (xh - xl);
      x = xl + dx;
    } else {
      dxOld = dx;
      dx = p / dp;
      x = newton;
    }
    if (Math.abs(dx) <= 2e-16 * Math.max(1, Math.abs(x))) return x;
  }
  return x;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
