/**
 * Lemke's complementary pivoting algorithm for the linear complementarity problem LCP(M, q):
 *
 *     find z, w ∈ Rⁿ   with   w = M z + q,   w ≥ 0,   z ≥ 0,   zᵀw = 0
 *
 * for a dense, not necessarily symmetric M. This file stands alone (no imports) so it can be used and
 * tested without the rest of the engine. See `README.md` next to it for the algorithm with equations.
 *
 * Sources:
 * - C. E. Lemke, "Bimatrix equilibrium points and mathematical programming", Management Science 11
 *   (1965) 681–689: the scheme (artificial variable z₀ with a covering vector, complementary pivoting).
 * - R. W. Cottle, J.-S. Pang, R. E. Stone, *The Linear Complementarity Problem* (Academic Press 1992):
 *   §4.4 (Lemke's method, Alg. 4.4.1; Thm 4.4.12 termination for copositive-plus-like data) and §4.9
 *   (degeneracy resolution by the lexicographic minimum-ratio rule, which makes cycling impossible).
 * - Stewart & Trinkle 1996, eq. 17 and eqs. 27–29 (the LCP of one time step), eqs. 18–19 (its matrix is copositive
 *   and LCP(N, 0) has only solutions z with zᵀb = 0, so CPS Thm 4.4.12 applies: Lemke with
 *   lexicographic pivoting terminates with a solution, never on a secondary ray, in exact arithmetic),
 *   §C1 (pseudocode, explicit tableau), Part E (pitfalls: degeneracy is common in contact LCPs, always
 *   check the residual).
 *
 * Layouts (all plain typed or JS arrays, nothing is retained between calls except the workspace):
 * - `M`: `[n × n]` row-major, `M[i*n + j]` = M_ij. Only the first n·n entries are read.
 * - `q`, `z`, `w`, `covering`: `[n]`.
 * - `activeSet`: `[activeSetCount]` distinct indices in `0..n-1`.
 * Units: whatever the caller's LCP has (for the Stewart–Trinkle step, z holds impulses N·s and λ m/s,
 * w holds velocities m/s and an impulse slack N·s); the tolerances below are relative to the data.
 *
 * Pivoting rule (CPS Alg. 4.4.1 with §4.9): tableau rows encode I·w − M·z − d·z₀ = q. First z₀ enters
 * and the row of the lexicographically smallest (q_i, B⁻¹_i·)/d_i leaves (the most negative q_i/d_i).
 * Then, repeatedly, the complement of the variable that just left enters, and the leaving row is the
 * lexicographic minimum of (rhs_i, B⁻¹_i·)/c_i over rows with c_i > 0 (c = entering column, B⁻¹ = the
 * current w-columns of the tableau). One exception: if z₀'s row ties with the minimum on rhs_i/c_i alone,
 * z₀ leaves (that pivot ends the run with a solution). Stop when z₀ leaves (`solved`), when no c_i > 0
 * (`secondary-ray`), at the pivot or work cap (`pivot-limit`), or when the path returns to a state it
 * visited (`pivot-limit`, `cycled`; see `CYCLE_WINDOW`). After `solved`, the answer is polished by
 * re-solving the final principal system M_BB z_B = −q_B from the original data (B = basic z's). If
 * that fails, the tableau's own values are checked with the same feasibility test; if they fail too, the
 * status is `inaccurate` (no solution is ever claimed unchecked).
 *
 * Tolerances (all relative, see `LemkeOptions`):
 * - pivot: a column entry is a candidate pivot only if it is > `pivotTolerance · max(1, max|col|, max|M|, max d)`
 *   (default 1e-9; the 1 is the scale of the identity block of the tableau). A principal block in the
 *   warm start / polish counts as singular when an LU pivot is ≤ `pivotTolerance · max|M|`. Why not
 *   smaller: the tie test below treats rows with |rhs| ≲ tieTolerance · max|q| as degenerate (ratio 0)
 *   whatever their pivot entry, but a round-off rhs of −1.5e-10 over an entry of 1.1e-10 is a ratio of
 *   −1.28, a step backwards that makes the tableau infeasible. With 1e-12 this happened on a captured
 *   Stewart–Trinkle LCP (`test/validation/lemke-regression.test.ts`); 1e-10 was already enough there.
 * - ties in the ratio test: on the right-hand side, x_i/c_i and x_j/c_j tie when pivoting on either row
 *   leaves the other at or above minus its own noise level tieTolerance · (|x| + s), s = max|q|:
 *   `|x_i c_j − x_j c_i| ≤ tieTolerance · min((|x_j| + s) c_i, (|x_i| + s) c_j)`; in the basis-inverse
 *   columns, `|a − b| ≤ tieTolerance · (max(|a|, |b|) + c_i + c_j)` with a = B⁻¹_ik c_j, b = B⁻¹_jk c_i
 *   (default 1e-10). The right-hand-side test was `tieTolerance · (max(|x_i c_j|, |x_j c_i|) + s (c_i + c_j))`:
 *   it let two rows with x ≈ 1.2e-10 s and c = 4.5e-5 and 1.0 tie, the lexicographic rule picked the
 *   small entry, and the other row's basic value became −2.7e-6 (c_j/c_i times the noise); on a
 *   740-unknown LCP of a struck tower of boxes the infeasible tableau then cycled (period 4 after 154
 *   pivots, to the pivot cap). With this test and the clean-up of basic values below it is solved in
 *   695 pivots.
 * - basic values: after each pivot a negative right-hand side (round-off, or a tie's bounded overshoot)
 *   is set to 0, the value it has in exact arithmetic; left negative, a later ratio test divides it by a
 *   small entry and steps backwards (seen on the same LCP: −5.6e-11 / 2.3e-7).
 * - work: `LemkeResult.work` counts the entries a solve touches; `maxWork` caps it (and skips a run whose
 *   predicted work n·(2n + 2)·(1 + n₋/2) exceeds it). The pivot updates only the non-zero entries of the
 *   pivot row in the rows with a non-zero in the entering column (the same result as the dense update).
 * - feasibility of a result (warm start and the final polish): z ≥ −ε, w ≥ −ε, and |w_i| ≤ ε on the
 *   active set, with ε = `feasibilityTolerance · (max|q| + max|M| · Σ|z_j|)` (default 1e-10).
 *
 * Errors: `LcpInputError` (n not a positive integer; an array too short; NaN or ±Infinity in M, q or the
 * covering vector; a covering entry ≤ 0; a bad pivot cap or work cap; an active-set index out of range
 * or repeated),
 * thrown before anything is written (z, w and the workspace are untouched).
 *
 * Allocation: none once the workspace capacity is ≥ n (the result object is the workspace's own and is
 * overwritten by the next solve).
 */

/** Bad input to `solveLemke`. `field` names the argument, `index` the flat index into it (−1 for scalars). */
export class LcpInputError extends Error {
  readonly field: string;
  readonly index: number;
  readonly value: number;
  constructor(field: string, index: number, value: number, reason: string) {
    super(`${field}${index >= 0 ? `[${index}]` : ''} = ${String(value)}: ${reason}`);
    this.name = 'LcpInputError';
    this.field = field;
    this.index = index;
    this.value = value;
  }
}

/**
 * - `solved`: a complementary solution was found (by Lemke, or by the warm start with 0 pivots).
 * - `trivial`: q ≥ 0, so z = 0, w = q (0 pivots).
 * - `secondary-ray`: the entering column had no positive entry: Lemke stopped on a ray. For
 *   copositive-plus M (and the Stewart–Trinkle matrices, Stewart & Trinkle 1996 eq. 18) this proves the LCP infeasible,
 *   up to round-off; in general it only means Lemke found no solution.
 * - `pivot-limit`: `maxPivots` pivots, or `maxWork` work, without termination.
 * - `inaccurate`: z₀ left the basis, but neither the polished nor the tableau solution passes the
 *   feasibility test (round-off ruined the tableau), so no solution is claimed. z and w hold the
 *   tableau's values (w = M z + q), as on a ray.
 */
export type LemkeStatus = 'solved' | 'trivial' | 'secondary-ray' | 'pivot-limit' | 'inaccurate';

export interface LemkeResult {
  status: LemkeStatus;
  /** Tableau pivots performed, including the first (z₀ entering). 0 for `trivial` and an accepted warm start. */
  pivots: number;
  /** True when the warm-start active set was accepted (then `pivots` = 0). */
  warmStarted: boolean;
  /** Value of the artificial variable z₀ at exit: 0 when solved, > 0 on a ray or at the pivot cap. */
  z0: number;
  /**
   * Work of the solve, in matrix entries touched (≈ multiply–adds): n·(2n + 2) to set up the tableau,
   * per pivot the pivot row plus nnz(pivot row) × (rows with a non-zero in the entering column), and
   * m³/3 + n² per principal solve of m unknowns (warm start, polish). Proportional to the time of the
   * solve; see `maxWork`.
   */
  work: number;
  /** True when the run stopped because the path came back to a state it had visited
   * (`pivot-limit`; see `CYCLE_WINDOW`). */
  cycled: boolean;
  /** True when `maxWork` stopped the run (`pivot-limit`): reached, or predicted (see `maxWork`). */
  workLimited: boolean;
  /** Principal-pivoting repairs of the warm start's active set before it was accepted (0 if the guess
   * was right, or without a warm start; see `LemkeOptions.maxWarmStartRepairs`). */
  repairs: number;
}

export interface LemkeOptions {
  /** Covering vector d `[n]`, every entry finite and > 0 (default all ones). */
  covering?: ArrayLike<number>;
  /** Pivot cap (default 50·n + 100). A positive integer. */
  maxPivots?: number;
  /**
   * Work cap, in the units of `LemkeResult.work` (entries touched; default Infinity = none). The warm
   * start and the final polish are skipped when they would pass it (a solution is then checked on the
   * tableau's values, n² more), so a solve ends at most one pivot and n² past it. The run
   * stops with `pivot-limit` (`workLimited`) after the pivot that reaches it, or does not start (after
   * the warm start, before the tableau is set up) when its predicted work n·(2n + 2)·(1 + n₋/2) would
   * exceed it, n₋ = the number of q_i < 0: Lemke takes about one pivot per violated row, each touching
   * about half of the tableau (struck tower of boxes, n = 740–970, n₋ = 317–454: 1.7–4.3e8 predicted,
   * 3.0e8 for the one that finished; the others cycled or ran past 2e9). A number > 0. A caller with a
   * time budget for several LCPs (one per island) passes what is left of it.
   */
  maxWork?: number;
  /**
   * Warm start: a guess of the active set B = {i : z_i > 0}. The principal system M_BB z_B = −q_B is
   * solved first (dense LU with partial pivoting on the workspace, O(|B|³)); with z_i = 0 off B, the
   * result is accepted if z_B ≥ 0, w = M z + q ≥ 0 and w_B = 0 within the feasibility tolerance, and
   * returned with 0 pivots (`warmStarted: true`). Otherwise (wrong guess, singular M_BB) full Lemke runs
   * from scratch, as if no guess had been given. This is what an engine does from one time step to the
   * next: the rows that were active in the previous step's solution (mapped to this step's rows through
   * the contact store's feature ids) are usually still exactly the active ones for resting and steadily
   * sliding contacts, so the solve collapses to one small LU. Ignored when q ≥ 0 (`trivial` wins), or
   * when its LU (m³/3 + n², see `LemkeResult.work`) would exceed `maxWork`.
   * Not to be confused with Stewart–Trinkle's §4 heuristic of which *contacts* enter the LCP at all.
   */
  activeSet?: ArrayLike<number>;
  /** Number of entries of `activeSet` to use (default `activeSet.length`), so a preallocated buffer can be passed. */
  activeSetCount?: number;
  /**
   * Repairs of a rejected warm start (default 8; 0 = accept or reject the guess as it is): block principal
   * pivoting (Kostreva 1978; Júdice & Pires 1994): every i in B with z_i < −ε leaves B, every i outside B
   * with w_i < −ε enters it, and the principal system is solved again (whenever M_BB is singular, the
   * variable whose LU column had no pivot leaves B first), until a solution passes the test, nothing changes, the budget `maxWork` cannot pay for the next LU, or this many
   * repairs were made; then full Lemke runs as without a guess. Each repair is one LU (m³/3 + n²). Why:
   * a resting stack's degenerate LCP (dependent corner normals, zero friction) drifts by round-off until
   * a contact left out of the guess reads w = −4e-8 m/s against ε = 3.8e-8; one exchange fixes that,
   * whereas a cold Lemke run on the 800-unknown stack costs ~200–650 pivots (5e7–1.2e8 work).
   * Convergence is proven for P-matrices only (with Murty's single exchange as a safeguard), hence the
   * cap: a repair only ever returns a solution that passed the same test as the guess.
   */
  maxWarmStartRepairs?: number;
  /** Relative pivot tolerance (default 1e-9; see the file header). */
  pivotTolerance?: number;
  /** Relative tolerance for ties in the ratio test (default 1e-10). */
  tieTolerance?: number;
  /** Relative feasibility tolerance for accepting a solution (default 1e-10). */
  feasibilityTolerance?: number;
  /**
   * @internal For tests only: `'smallest-index'` replaces the lexicographic tie-break by "smallest row
   * index among the rows with the minimum ratio", which can cycle on degenerate problems (CPS §4.9).
   */
  degeneracyRule?: 'lexicographic' | 'smallest-index';
  /**
   * @internal For tests: stop when the path returns to a state seen in the last `CYCLE_WINDOW` pivots
   * (`cycled`). Default true with the lexicographic rule, false with `'smallest-index'` (whose cycling
   * the tests demonstrate).
   */
  detectCycles?: boolean;
  /**
   * @internal For tests and diagnostics: called after every pivot with the basis (`basis[row]` is the
   * basic variable of that row: `i` = w_i, `n + i` = z_i, `2n` = z₀; only rows 0..n-1 are meaningful,
   * the array has the workspace's capacity) and the pivot count so far. The array is the workspace's
   * own; copy it if you keep it.
   */
  onPivot?: (basis: Int32Array, pivots: number) => void;
}

/**
 * Reusable scratch for `solveLemke`: the dense tableau `[n × (2n + 2)]` row-major (columns w₁..wₙ,
 * z₁..zₙ, z₀, rhs), the basis, an LU buffer `[n × n]` and a few `[n]` vectors. Create once; it grows
 * geometrically (to max(n, 2·capacity)) when a larger problem comes.
 */
export class LemkeWorkspace {
  private cap = 0;
  /** @internal */ tableau = new Float64Array(0);
  /** @internal */ basis = new Int32Array(0);
  /** @internal */ lu = new Float64Array(0);
  /** @internal */ perm = new Int32Array(0);
  /** @internal */ idx = new Int32Array(0);
  /** @internal */ zs = new Float64Array(0);
  /** @internal */ ws = new Float64Array(0);
  /** @internal */ cols = new Int32Array(0);
  /** @internal Iterative-refinement scratch of the principal solve `[n]`. */
  refine = new Float64Array(0);
  /** @internal Membership marks of the principal-pivoting repair `[n]`. */
  mark = new Uint8Array(0);
  /** @internal The feasibility tolerance ε of the last principal solve. */
  eps = 0;
  /** @internal The variable whose LU column had no pivot in the last singular principal solve (−1: none). */
  dependent = -1;
  /** @internal Two 32-bit hashes of the last `CYCLE_WINDOW` path states (cycle detection). */
  seen1 = new Int32Array(CYCLE_WINDOW);
  /** @internal */ seen2 = new Int32Array(CYCLE_WINDOW);
  /** @internal The validated input of the current solve (scales and settings). */
  readonly run: LemkeRun = createLemkeRun();
  /** @internal The ratio test's scale max|q| and tie tolerance `[2]`, for `lessRatio` and `tie` (an array, not
   * numbers: numbers passed to a call V8 does not inline are boxed on the heap). */
  readonly tieScale = new Float64Array(2);
  /** The result of the last solve (overwritten by the next one). */
  readonly result: LemkeResult = {
    status: 'trivial', pivots: 0, warmStarted: false, z0: 0, work: 0, cycled: false, workLimited: false, repairs: 0,
  };

  constructor(capacity = 8) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new LcpInputError('capacity', -1, capacity, 'must be a positive integer');
    }
    this.allocate(capacity);
  }

  /** Largest n solvable without reallocating. */
  get capacity(): number {
    return this.cap;
  }

  /** Grows (never shrinks) so that problems of size n need no allocation. */
  ensureCapacity(n: number): void {
    if (n > this.cap) this.allocate(Math.max(n, 2 * this.cap));
  }

  private allocate(cap: number): void {
    this.cap = cap;
    this.tableau = new Float64Array(cap * (2 * cap + 2));
    this.basis = new Int32Array(cap);
    this.lu = new Float64Array(cap * cap);
    this.perm = new Int32Array(cap);
    this.idx = new Int32Array(cap);
    this.zs = new Float64Array(cap);
    this.ws = new Float64Array(cap);
    this.cols = new Int32Array(2 * cap + 2);
    this.mark = new Uint8Array(cap);
    this.refine = new Float64Array(cap);
  }
}

/**
 * Cycle detection window (pivots). With the lexicographic rule Lemke's path never returns to a state
 * (basis and entering variable) in exact arithmetic (CPS §4.9); in floating point it can: on a
 * 970-unknown LCP of a struck tower of boxes the path entered a cycle of period 10 after 217 pivots and ran
 * to the pivot cap (3 980 pivots, ~7 s). The state's hash (two independent 32-bit sums of per-variable
 * keys, updated per pivot) is compared with the last CYCLE_WINDOW states; a repeat stops the run as at the
 * pivot cap (`cycled`), which costs O(CYCLE_WINDOW) per pivot against the pivot's O(n)–O(n²). Off by
 * default with the test-only `'smallest-index'` rule, whose cycling the tests demonstrate.
 */
const CYCLE_WINDOW = 64;

/** Key of variable v (0..2n) in the state hash: murmur3's 32-bit finalizer of v + 1 (or of a second seed). */
function variableKey(v: number, seed: number): number {
  let h = (v + 1) ^ seed;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
const SEED_1 = 0;
const SEED_2 = 0x9e3779b9 | 0;

const DEFAULT_PIVOT_TOL = 1e-9;
const DEFAULT_TIE_TOL = 1e-10;
const DEFAULT_FEAS_TOL = 1e-10;
/** Default `LemkeOptions.maxWarmStartRepairs`. */
const DEFAULT_WARM_START_REPAIRS = 8;

type Writable = { [i: number]: number; readonly length: number };

/**
 * Solves LCP(M, q): w = M z + q, w ≥ 0, z ≥ 0, zᵀw = 0, by Lemke's method with the lexicographic
 * minimum-ratio rule (see the file header for sources, layouts and tolerances).
 *
 * @param ws workspace (grown if n > capacity)
 * @param n problem size, a positive integer
 * @param M `[n × n]` row-major
 * @param q `[n]`
 * @param z out `[n]`: the solution (tiny negatives within tolerance are clamped to 0). On
 *   `secondary-ray` / `pivot-limit`: the z part of the last almost-complementary basic solution.
 * @param w out `[n]`: always recomputed as M z + q from the z written.
 * @returns `ws.result` (reused object)
 * @throws LcpInputError on bad input, before anything is written.
 */
export function solveLemke(
  ws: LemkeWorkspace,
  n: number,
  M: ArrayLike<number>,
  q: ArrayLike<number>,
  z: Writable,
  w: Writable,
  options?: LemkeOptions,
): LemkeResult {
  const s = ws.run;
  readLemkeInput(s, n, M, q, z, w, options); // nothing is written before all checks pass

  ws.ensureCapacity(n);
  const res = ws.result;
  res.pivots = 0;
  res.warmStarted = false;
  res.z0 = 0;
  res.work = 0;
  res.cycled = false;
  res.workLimited = false;
  res.repairs = 0;

  // ---- trivial: q ≥ 0 → z = 0, w = q ----
  if (s.qMin >= 0) {
    for (let i = 0; i < n; i++) { z[i] = 0; w[i] = q[i]; }
    res.status = 'trivial';
    return res;
  }

  if (options?.activeSet !== undefined && warmStartWithRepairs(ws, n, M, q, z, w, options.activeSet)) return res;

  // ---- Lemke ----
  const stride = 2 * n + 2;
  if (res.work + n * stride * (1 + s.qNegative / 2) > s.maxWork) {
    // the budget cannot pay for the predicted run: stop as at the pivot cap, with z = 0 (w = q)
    for (let i = 0; i < n; i++) { z[i] = 0; w[i] = q[i]; }
    res.status = 'pivot-limit';
    res.workLimited = true;
    return res;
  }
  const status = runLemkePath(ws, n, M, q, options?.covering, options?.onPivot);
  writeLemkeSolution(ws, n, M, q, z, w, status);
  return res;
}

/**
 * @internal What `solveLemke` reads from its input and options, validated (the workspace's `run`,
 * reused): the scales of M, q and the covering vector, and the settings with their defaults.
 */
export interface LemkeRun {
  /** max |M_ij|, max |q_i|, min q_i, and the number of q_i < 0. */
  mMax: number;
  qMax: number;
  qMin: number;
  qNegative: number;
  /** max d_i of the covering vector (1 without one). */
  dMax: number;
  maxPivots: number;
  maxWork: number;
  /** Entries of the warm start's active set in use (0 without one). */
  activeSetCount: number;
  maxRepairs: number;
  pivotTol: number;
  tieTol: number;
  feasTol: number;
  lexicographic: boolean;
  detectCycles: boolean;
}

/**
 * @internal The options object of an engine caller that solves again and again: the fields the engine
 * sets (the warm start, the pivot and work caps, the tie tolerance at its default), in one shape for every
 * caller. `solveLemke` reads an options field of several shapes as a boxed number, a heap allocation per
 * solve (the three shapes of its callers in the accurate step cost two numbers per solve).
 */
export function createLemkeOptions(): LemkeOptions {
  return { activeSet: undefined, activeSetCount: 0, maxPivots: 100, maxWork: Infinity, tieTolerance: DEFAULT_TIE_TOL };
}

/** @internal */
export function createLemkeRun(): LemkeRun {
  return {
    mMax: 0, qMax: 0, qMin: 0, qNegative: 0, dMax: 1, maxPivots: 0, maxWork: Infinity, activeSetCount: 0,
    maxRepairs: 0, pivotTol: 0, tieTol: 0, feasTol: 0, lexicographic: true, detectCycles: true,
  };
}

/** Validates the input of `solveLemke` into `s`; throws `LcpInputError` before anything is written. */
function readLemkeInput(
  s: LemkeRun, n: number, M: ArrayLike<number>, q: ArrayLike<number>, z: Writable, w: Writable,
  options: LemkeOptions | undefined,
): void {
  if (!Number.isInteger(n) || n <= 0) throw new LcpInputError('n', -1, n, 'must be a positive integer');
  checkLength('M', M, n * n);
  checkLength('q', q, n);
  checkLength('z', z, n);
  checkLength('w', w, n);
  let mMax = 0;
  for (let k = 0; k < n * n; k++) {
    const v = M[k];
    if (!Number.isFinite(v)) throw new LcpInputError('M', k, v, 'must be finite');
    const a = Math.abs(v);
    if (a > mMax) mMax = a;
  }
  let qMax = 0;
  let qMin = Infinity;
  let qNegative = 0;
  for (let i = 0; i < n; i++) {
    const v = q[i];
    if (!Number.isFinite(v)) throw new LcpInputError('q', i, v, 'must be finite');
    if (Math.abs(v) > qMax) qMax = Math.abs(v);
    if (v < qMin) qMin = v;
    if (v < 0) qNegative++;
  }
  const d = options?.covering;
  let dMax = 1;
  if (d !== undefined) {
    checkLength('covering', d, n);
    dMax = 0;
    for (let i = 0; i < n; i++) {
      const v = d[i];
      if (!Number.isFinite(v) || !(v > 0)) throw new LcpInputError('covering', i, v, 'must be finite and > 0');
      if (v > dMax) dMax = v;
    }
  }
  const maxPivots = options?.maxPivots ?? 50 * n + 100;
  if (!Number.isInteger(maxPivots) || maxPivots < 1) {
    throw new LcpInputError('maxPivots', -1, maxPivots, 'must be a positive integer');
  }
  // The numeric options are read with `if`s rather than `?.` and `??`: merged with their `undefined`, a
  // number read from an options object is boxed, a heap allocation per solve.
  let maxWork = Infinity, pivotTol = DEFAULT_PIVOT_TOL, tieTol = DEFAULT_TIE_TOL, feasTol = DEFAULT_FEAS_TOL;
  if (options !== undefined && options !== null) {
    if (options.maxWork !== undefined && options.maxWork !== null) maxWork = options.maxWork;
    if (options.pivotTolerance !== undefined && options.pivotTolerance !== null) pivotTol = options.pivotTolerance;
    if (options.tieTolerance !== undefined && options.tieTolerance !== null) tieTol = options.tieTolerance;
    if (options.feasibilityTolerance !== undefined && options.feasibilityTolerance !== null) feasTol = options.feasibilityTolerance;
  }
  if (!(maxWork > 0)) throw new LcpInputError('maxWork', -1, maxWork, 'must be > 0');
  const act = options?.activeSet;
  let actCount = 0;
  if (act !== undefined) {
    actCount = options?.activeSetCount ?? act.length;
    if (!Number.isInteger(actCount) || actCount < 0 || actCount > act.length || actCount > n) {
      throw new LcpInputError('activeSetCount', -1, actCount, `must be an integer in 0..min(${act.length}, n)`);
    }
    for (let a = 0; a < actCount; a++) {
      const v = act[a];
      if (!Number.isInteger(v) || v < 0 || v >= n) throw new LcpInputError('activeSet', a, v, `must be an integer in 0..${n - 1}`);
      for (let b = 0; b < a; b++) if (act[b] === v) throw new LcpInputError('activeSet', a, v, 'repeated index');
    }
  }
  checkTol('pivotTolerance', pivotTol);
  checkTol('tieTolerance', tieTol);
  checkTol('feasibilityTolerance', feasTol);
  const lexicographic = (options?.degeneracyRule ?? 'lexicographic') === 'lexicographic';
  const detectCycles = options?.detectCycles ?? lexicographic;
  const maxRepairs = options?.maxWarmStartRepairs ?? DEFAULT_WARM_START_REPAIRS;
  if (!Number.isInteger(maxRepairs) || maxRepairs < 0) {
    throw new LcpInputError('maxWarmStartRepairs', -1, maxRepairs, 'must be an integer ≥ 0');
  }
  s.mMax = mMax; s.qMax = qMax; s.qMin = qMin; s.qNegative = qNegative; s.dMax = dMax;
  s.maxPivots = maxPivots; s.maxWork = maxWork; s.activeSetCount = actCount; s.maxRepairs = maxRepairs;
  s.pivotTol = pivotTol; s.tieTol = tieTol; s.feasTol = feasTol;
  s.lexicographic = lexicographic; s.detectCycles = detectCycles;
}

/**
 * The warm start: tries the guessed active set `act` (if the work cap can pay for its LU) and repairs
 * it by block principal pivoting (Kostreva 1978; Júdice & Pires 1994) when it is nearly right. Returns
 * true, with z, w and `ws.result` written, when a guess passed the acceptance test; false (nothing
 * written but the result's `work`) when full Lemke must run.
 */
function warmStartWithRepairs(
  ws: LemkeWorkspace, n: number, M: ArrayLike<number>, q: ArrayLike<number>, z: Writable, w: Writable,
  act: ArrayLike<number>,
): boolean {
  const s = ws.run, res = ws.result;
  const { maxRepairs } = s;
  const idx = ws.idx, mark = ws.mark;
  let m = s.activeSetCount;
  for (let a = 0; a < m; a++) idx[a] = act[a];
  // the guess and its repairs may spend at most what setting up the tableau costs, ten times over
  const warmWork = Math.min(s.maxWork, 10 * n * (2 * n + 2) + principalWork(n, m));
  for (let round = 0; round <= maxRepairs; round++) {
    if (res.work + principalWork(n, m) > warmWork) break;
    res.work += principalWork(n, m);
    // M_BB singular: the variable whose LU column had no pivot depends on the ones before it (a
    // fourth corner normal of a box face lying flat); it leaves B (its w is checked with the others)
    // and the LU starts again, at most m times.
    let outcome = principalSolve(ws, n, M, q, idx, m);
    while (outcome === PRINCIPAL_SINGULAR && ws.dependent >= 0 && m > 1) {
      let a = 0;
      while (idx[a] !== ws.dependent) a++;
      for (; a < m - 1; a++) idx[a] = idx[a + 1];
      m--;
      if (res.work + principalWork(n, m) > warmWork) break;
      res.work += principalWork(n, m);
      outcome = principalSolve(ws, n, M, q, idx, m);
    }
    if (outcome === PRINCIPAL_SOLVED) {
      for (let i = 0; i < n; i++) { z[i] = ws.zs[i]; w[i] = ws.ws[i]; }
      res.status = 'solved';
      res.warmStarted = true;
      res.repairs = round;
      return true;
    }
    if (outcome !== PRINCIPAL_INFEASIBLE || round === maxRepairs) break;
    // Exchange the infeasible pairs: z_i < −ε leaves B, w_i < −ε (i ∉ B) enters; the others stay.
    for (let i = 0; i < n; i++) mark[i] = 0;
    for (let a = 0; a < m; a++) mark[idx[a]] = 1;
    const eps = ws.eps;
    let changed = false;
    for (let i = 0; i < n; i++) {
      if (mark[i] === 1 && ws.zs[i] < -eps) { mark[i] = 0; changed = true; }
      else if (mark[i] === 0 && ws.ws[i] < -eps) { mark[i] = 2; changed = true; }
    }
    if (!changed) break;
    // entering variables first: if they make M_BB singular, the LU finds an older member dependent
    // on them and that one leaves, not the variable that just entered (which would only re-enter)
    m = 0;
    for (let i = 0; i < n; i++) if (mark[i] === 2) idx[m++] = i;
    for (let i = 0; i < n; i++) if (mark[i] === 1) idx[m++] = i;
    if (m === 0) break;
  }
  return false;
}

/**
 * Lemke's path: sets up the tableau and pivots, with the lexicographic minimum-ratio rule, until z₀
 * leaves the basis (`solved`), no row bounds the entering variable (`secondary-ray`), or a cap stops it
 * (`pivot-limit`: pivots, work, or a detected cycle). Leaves the final tableau and basis in `ws` and
 * the pivot count and work in `ws.result`.
 */
function runLemkePath(
  ws: LemkeWorkspace, n: number, M: ArrayLike<number>, q: ArrayLike<number>,
  d: ArrayLike<number> | undefined, onPivot: LemkeOptions['onPivot'],
): LemkeStatus {
  const s = ws.run, res = ws.result;
  const { maxPivots, maxWork, lexicographic } = s;
  const sc = ws.tieScale;
  sc[0] = s.qMax; sc[1] = s.tieTol;
  // Tableau rows encode  I·w − M·z − d·z₀ = q  (CPS (4.4.1)). Column j of the tableau is variable j:
  // 0..n-1 = w, n..2n-1 = z, 2n = z₀, 2n+1 = rhs. The w-columns hold the basis inverse B⁻¹ at all times.
  const stride = 2 * n + 2;
  res.work += n * stride;
  const T = ws.tableau;
  const basis = ws.basis;
  const colZ0 = 2 * n;
  const colRhs = 2 * n + 1;
  for (let i = 0; i < n; i++) {
    const r = i * stride;
    for (let j = 0; j < n; j++) { T[r + j] = 0; T[r + n + j] = -M[i * n + j]; }
    T[r + i] = 1;
    T[r + colZ0] = d === undefined ? -1 : -d[i];
    T[r + colRhs] = q[i];
    basis[i] = i;
  }
  const colScale = Math.max(s.mMax, s.dMax, 1);

  // First pivot: z₀ enters at the level that makes every w_i = q_i + d_i z₀ ≥ 0. The leaving row is the
  // lexicographic minimum of (q_i, B⁻¹_i·)/d_i (B⁻¹ = I), i.e. the most negative q_i/d_i with ties broken
  // lexicographically, so that every row of [rhs | B⁻¹] is lexicographically positive afterwards.
  let r = 0;
  for (let i = 1; i < n; i++) {
    if (lessRatio(T, stride, n, i, r, colZ0, -1, colRhs, sc, lexicographic)) r = i;
  }
  let entering = colZ0;
  let pivots = 0;
  let status: LemkeStatus;
  // state hash: Σ keys of the basic variables (the initial basis is w), plus the entering variable's key
  let h1 = 0, h2 = 0;
  for (let i = 0; i < n; i++) { h1 = (h1 + variableKey(i, SEED_1)) | 0; h2 = (h2 + variableKey(i, SEED_2)) | 0; }
  const seen1 = ws.seen1, seen2 = ws.seen2;
  for (;;) {
    if (pivots >= maxPivots) { status = 'pivot-limit'; break; }
    if (res.work >= maxWork) { status = 'pivot-limit'; res.workLimited = true; break; }
    res.work += pivot(T, stride, n, r, entering, ws.cols);
    pivots++;
    // Every basic value is ≥ 0 on Lemke's path (the first pivot makes w = q + d z₀ ≥ 0, the ratio test
    // keeps it). A negative value here is round-off (or the tie tolerance's bounded overshoot): set it to
    // the exact 0 it stands for, or a later ratio test divides it by a tiny pivot entry and steps backwards.
    for (let i = 0; i < n; i++) if (T[i * stride + colRhs] < 0) T[i * stride + colRhs] = 0;
    const leaving = basis[r];
    basis[r] = entering;
    if (onPivot !== undefined) onPivot(basis, pivots);
    if (leaving === colZ0) { status = 'solved'; break; }
    h1 = (h1 + variableKey(entering, SEED_1) - variableKey(leaving, SEED_1)) | 0;
    h2 = (h2 + variableKey(entering, SEED_2) - variableKey(leaving, SEED_2)) | 0;
    entering = leaving < n ? leaving + n : leaving - n; // complement of the variable that left
    if (s.detectCycles) {
      const s1 = (h1 + variableKey(entering, SEED_1)) | 0, s2 = (h2 + variableKey(entering, SEED_2)) | 0;
      const window = Math.min(pivots - 1, CYCLE_WINDOW);
      let repeat = false;
      for (let k = 0; k < window; k++) if (seen1[k] === s1 && seen2[k] === s2) { repeat = true; break; }
      if (repeat) { status = 'pivot-limit'; res.cycled = true; break; }
      seen1[(pivots - 1) % CYCLE_WINDOW] = s1;
      seen2[(pivots - 1) % CYCLE_WINDOW] = s2;
    }
    // Ratio test over rows with a positive entry in the entering column.
    let cMax = 0;
    for (let i = 0; i < n; i++) { const c = T[i * stride + entering]; if (c > cMax) cMax = c; }
    const thresh = s.pivotTol * Math.max(cMax, colScale);
    r = -1;
    let z0Row = -1;
    for (let i = 0; i < n; i++) {
      const c = T[i * stride + entering];
      if (!(c > thresh)) continue;
      if (basis[i] === colZ0) z0Row = i;
      if (r < 0 || lessRatio(T, stride, n, i, r, entering, 1, colRhs, sc, lexicographic)) r = i;
    }
    if (r < 0) { status = 'secondary-ray'; break; }
    // If z₀'s row ties with the minimum ratio on the right-hand side, let z₀ leave: that pivot ends the
    // run with a solution (standard practice; it cannot create a cycle because nothing follows it).
    if (z0Row >= 0 && z0Row !== r &&
        tie(T, z0Row * stride, r * stride, entering, 1, colRhs, sc)) {
      r = z0Row;
    }
  }
  res.pivots = pivots;
  return status;
}

/**
 * Reads the basic solution off the final tableau of `runLemkePath` and writes z and w = M z + q: when
 * solved, polished by one principal solve from the original data (kept if it passes the acceptance
 * test), else the tableau's values checked by the same test (`inaccurate` if they fail it).
 */
function writeLemkeSolution(
  ws: LemkeWorkspace, n: number, M: ArrayLike<number>, q: ArrayLike<number>, z: Writable, w: Writable,
  status: LemkeStatus,
): void {
  const s = ws.run, res = ws.result;
  const T = ws.tableau, basis = ws.basis;
  const stride = 2 * n + 2, colZ0 = 2 * n, colRhs = 2 * n + 1;
  for (let j = 0; j < n; j++) ws.zs[j] = 0;
  let z0 = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const v = basis[i];
    const x = T[i * stride + colRhs];
    if (v === colZ0) z0 = x;
    else if (v >= n) { ws.zs[v - n] = x; ws.idx[count++] = v - n; }
  }
  res.z0 = status === 'solved' ? 0 : z0;
  res.status = status;

  if (status === 'solved') {
    // Polish: re-solve the final principal system M_BB z_B = −q_B from the original data (one LU of the
    // active block). The final basis is nonsingular, so M_BB is too; this removes the round-off the
    // tableau accumulated over the pivots. Kept only if it passes the same feasibility test. Skipped
    // when the work cap cannot pay for it (the tableau values are then checked, for n² more).
    const polish = principalWork(n, count);
    if (res.work + polish <= s.maxWork) {
      res.work += polish;
      if (solvePrincipal(ws, n, M, q, ws.idx, count)) {
        for (let i = 0; i < n; i++) { z[i] = ws.zs[i]; w[i] = ws.ws[i]; }
        return;
      }
    }
    res.work += n * n;
    // Re-read the tableau values (solvePrincipal overwrote the scratch) and check them with the same
    // test: a tableau that round-off has ruined (e.g. after a pivot on a numerically zero entry) must
    // not be reported as a solution.
    for (let j = 0; j < n; j++) ws.zs[j] = 0;
    for (let i = 0; i < n; i++) {
      const v = basis[i];
      if (v >= n && v < colZ0) ws.zs[v - n] = T[i * stride + colRhs];
    }
    if (!isFeasible(ws.zs, n, M, q, s, ws.ws)) res.status = 'inaccurate';
    for (let j = 0; j < n; j++) if (ws.zs[j] < 0) ws.zs[j] = 0;
  }
  for (let j = 0; j < n; j++) z[j] = ws.zs[j];
  for (let i = 0; i < n; i++) {
    let sum = q[i];
    for (let j = 0; j < n; j++) sum += M[i * n + j] * ws.zs[j];
    w[i] = sum;
  }
}

/**
 * The acceptance test of a solution (same as `solvePrincipal`'s): z ≥ −ε, w = M z + q ≥ −ε and
 * min(z_i, |w_i|) ≤ ε, ε = feasTol · (max|q| + max|M| Σ|z|), the scales and tolerance read from the run `s`
 * (numbers passed to a call V8 does not inline are boxed on the heap). `wv` is scratch `[n]`.
 */
function isFeasible(
  zs: Float64Array, n: number, M: ArrayLike<number>, q: ArrayLike<number>, s: LemkeRun, wv: Float64Array,
): boolean {
  const { mMax, qMax, feasTol } = s;
  let zSum = 0;
  for (let j = 0; j < n; j++) zSum += Math.abs(zs[j]);
  if (!Number.isFinite(zSum)) return false;
  const eps = feasTol * (qMax + mMax * zSum);
  for (let i = 0; i < n; i++) {
    let s = q[i];
    for (let j = 0; j < n; j++) s += M[i * n + j] * zs[j];
    wv[i] = s;
    if (!(s >= -eps) || !(zs[i] >= -eps) || Math.min(zs[i], Math.abs(s)) > eps) return false;
  }
  return true;
}

/** Collects the active set {i : z_i > threshold} of a solution into `out` (e.g. for the next warm start); returns its size. */
export function activeSetOf(z: ArrayLike<number>, n: number, out: Writable, threshold = 0): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (z[i] > threshold) out[k++] = i;
  return k;
}

// ------------------------------------------------------------------------------------------------

function checkLength(field: string, a: ArrayLike<number>, need: number): void {
  if (a === null || typeof a !== 'object' || !(a.length >= need)) {
    throw new LcpInputError(field, -1, a?.length ?? NaN, `needs length ≥ ${need}`);
  }
}

function checkTol(field: string, v: number): void {
  if (!Number.isFinite(v) || v < 0) throw new LcpInputError(field, -1, v, 'must be finite and ≥ 0');
}

/**
 * True when the ratios x1/c1 and x2/c2 (c1, c2 > 0) of two right-hand-side values tie: when pivoting on
 * either row leaves the other row's value ≥ −tol·(|x| + s), its own noise level (no division). Pivoting
 * on row 1 sets row 2 to x2 − c2·x1/c1 = (x2 c1 − x1 c2)/c1, so the test is
 * |x1 c2 − x2 c1| ≤ tol · min((|x2| + s) c1, (|x1| + s) c2).
 * Rows start at r1 and r2 of the tableau T; x is their entry of column `colRhs`, c = sign · their entry of
 * column `col` (sign ±1); s = sc[0] (max|q|), tol = sc[1]. Indices and arrays, not numbers: the ratio test
 * calls it at every row of every pivot, and numbers passed to a call V8 does not inline are boxed on the
 * heap (about 70 KB per step on a 200-body pile when it took them).
 */
function tie(T: Float64Array, r1: number, r2: number, col: number, sign: number, colRhs: number, sc: Float64Array): boolean {
  const x1 = T[r1 + colRhs], c1 = sign * T[r1 + col], x2 = T[r2 + colRhs], c2 = sign * T[r2 + col], sq = sc[0];
  return Math.abs(x1 * c2 - x2 * c1) <= sc[1] * Math.min((Math.abs(x2) + sq) * c1, (Math.abs(x1) + sq) * c2);
}

/**
 * Ratio-test order: is row i strictly before row j? Rows are compared by (rhs_i, B⁻¹_i·)/c_i, component
 * by component (lexicographic, CPS §4.9), ties decided by the tie tolerance `sc[1]` at the scale `sc[0]`
 * (max|q|). With the naive rule only rhs/c is compared and a tie goes to the smaller row index.
 * c_i = sign · T[i, col] (sign ±1). Takes column indices and an array, not numbers (see `tie`).
 */
function lessRatio(
  T: Float64Array, stride: number, n: number, i: number, j: number, col: number, sign: number, colRhs: number,
  sc: Float64Array, lexicographic: boolean,
): boolean {
  const ri = i * stride;
  const rj = j * stride;
  const ci = sign * T[ri + col], cj = sign * T[rj + col], tol = sc[1];
  const xi = T[ri + colRhs], xj = T[rj + colRhs];
  if (!tie(T, ri, rj, col, sign, colRhs, sc)) return xi * cj < xj * ci;
  if (!lexicographic) return i < j;
  let a: number, b: number;
  for (let k = 0; k < n; k++) {
    a = T[ri + k] * cj;
    b = T[rj + k] * ci;
    if (Math.abs(a - b) > tol * (Math.max(Math.abs(a), Math.abs(b)) + (ci + cj))) return a < b;
  }
  // Rows of B⁻¹ are linearly independent, so an exact lexicographic tie cannot happen; in floating
  // point it means the basis is numerically singular. Fall back to the index for determinism.
  return i < j;
}

/**
 * Gauss–Jordan pivot on (r, c): scale row r so T[r,c] = 1, eliminate column c from the other rows.
 * Only the non-zero entries of row r are applied (their column indices gathered into `cols`, `[stride]`),
 * and rows with a zero in column c are skipped: the skipped updates are x − f·0 = x, so the result is
 * the same as the dense update, at the cost nnz(row r) × nnz(column c) instead of n × (2n + 2). Contact
 * LCPs are block-sparse (two contacts couple only through a shared body), and so are their tableaus.
 * Returns the work done (entries touched: the pivot row, then nnz(row r) per updated row).
 */
function pivot(T: Float64Array, stride: number, n: number, r: number, c: number, cols: Int32Array): number {
  const rr = r * stride;
  const inv = 1 / T[rr + c];
  let nz = 0;
  for (let k = 0; k < stride; k++) {
    const x = T[rr + k];
    if (x === 0) continue;
    T[rr + k] = x * inv;
    if (k !== c) cols[nz++] = k;
  }
  T[rr + c] = 1;
  let work = stride + n;
  for (let i = 0; i < n; i++) {
    if (i === r) continue;
    const ri = i * stride;
    const f = T[ri + c];
    if (f === 0) continue;
    for (let a = 0; a < nz; a++) { const k = cols[a]; T[ri + k] -= f * T[rr + k]; }
    T[ri + c] = 0;
    work += nz;
  }
  return work;
}

/** Work of one principal solve of m unknowns in an LCP of size n (LU m³/3, then w = M z + q: n²). */
function principalWork(n: number, m: number): number {
  return (m * m * m) / 3 + 3 * m * m + n * n;
}

/**
 * Solves the principal system M_BB z_B = −q_B for B = idx[0..m), sets z_i = 0 off B, w = M z + q, and
 * accepts if z_B ≥ −ε, w ≥ −ε and |w_B| ≤ ε (ε from the feasibility tolerance). Results in ws.zs / ws.ws
 * (tiny negative z clamped to 0). Returns false on a (numerically) singular M_BB or an infeasible result.
 */
function solvePrincipal(
  ws: LemkeWorkspace, n: number, M: ArrayLike<number>, q: ArrayLike<number>, idx: Int32Array, m: number,
): boolean {
  return principalSolve(ws, n, M, q, idx, m) === PRINCIPAL_SOLVED;
}

/** `principalSolve` outcomes. */
const PRINCIPAL_SOLVED = 0;
const PRINCIPAL_SINGULAR = 1;
const PRINCIPAL_INFEASIBLE = 2;

/**
 * `solvePrincipal` with the reason of a failure: `PRINCIPAL_SINGULAR` (numerically singular M_BB, or a
 * non-finite z), or `PRINCIPAL_INFEASIBLE`, in which case ws.zs holds z (unclamped, z = 0 off B), ws.ws
 * holds w = M z + q in full and ws.eps the tolerance ε of the test, for the principal-pivoting repair.
 */
function principalSolve(
  ws: LemkeWorkspace, n: number, M: ArrayLike<number>, q: ArrayLike<number>, idx: Int32Array, m: number,
): number {
  // the scales and tolerances of the run (`ws.run`): read here rather than passed, since numbers passed
  // to a call V8 does not inline are boxed on the heap
  const { mMax, qMax, pivotTol, feasTol } = ws.run;
  const A = ws.lu;
  const perm = ws.perm;
  const zs = ws.zs;
  const wv = ws.ws;
  for (let a = 0; a < m; a++) {
    const ia = idx[a];
    for (let b = 0; b < m; b++) A[a * m + b] = M[ia * n + idx[b]];
    perm[a] = a;
  }
  // LU with partial pivoting, in place (Doolittle, row-major m × m).
  const singular = pivotTol * Math.max(mMax, Number.MIN_VALUE);
  for (let k = 0; k < m; k++) {
    let p = k;
    let best = Math.abs(A[k * m + k]);
    for (let i = k + 1; i < m; i++) {
      const v = Math.abs(A[i * m + k]);
      if (v > best) { best = v; p = i; }
    }
    if (!(best > singular)) { ws.dependent = idx[k]; return PRINCIPAL_SINGULAR; }
    if (p !== k) {
      for (let j = 0; j < m; j++) { const t = A[k * m + j]; A[k * m + j] = A[p * m + j]; A[p * m + j] = t; }
      const t = perm[k]; perm[k] = perm[p]; perm[p] = t;
    }
    const piv = A[k * m + k];
    for (let i = k + 1; i < m; i++) {
      const f = A[i * m + k] / piv;
      A[i * m + k] = f;
      if (f === 0) continue;
      for (let j = k + 1; j < m; j++) A[i * m + j] -= f * A[k * m + j];
    }
  }
  // Forward / back substitution into wv[0..m) as scratch, then scatter into zs.
  for (let a = 0; a < m; a++) {
    let s = -q[idx[perm[a]]];
    for (let b = 0; b < a; b++) s -= A[a * m + b] * wv[b];
    wv[a] = s;
  }
  for (let a = m - 1; a >= 0; a--) {
    let s = wv[a];
    for (let b = a + 1; b < m; b++) s -= A[a * m + b] * wv[b];
    wv[a] = s / A[a * m + a];
  }
  // One step of iterative refinement (residual from the original M, correction through the same LU):
  // the active blocks of resting boxes are nearly singular (dependent corner normals), and the plain
  // solve left w off B at −5e-8 m/s against a tolerance of 3.8e-8 (round-off, not a wrong basis).
  const r = ws.refine;
  for (let a = 0; a < m; a++) {
    const ia = idx[perm[a]];
    let s = -q[ia];
    for (let b = 0; b < m; b++) s -= M[ia * n + idx[b]] * wv[b];
    r[a] = s;
  }
  for (let a = 0; a < m; a++) {
    let s = r[a];
    for (let b = 0; b < a; b++) s -= A[a * m + b] * r[b];
    r[a] = s;
  }
  for (let a = m - 1; a >= 0; a--) {
    let s = r[a];
    for (let b = a + 1; b < m; b++) s -= A[a * m + b] * r[b];
    r[a] = s / A[a * m + a];
  }
  for (let a = 0; a < m; a++) wv[a] += r[a];
  for (let i = 0; i < n; i++) zs[i] = 0;
  let zSum = 0;
  for (let a = 0; a < m; a++) { zs[idx[a]] = wv[a]; zSum += Math.abs(wv[a]); }
  if (!Number.isFinite(zSum)) { ws.dependent = -1; return PRINCIPAL_SINGULAR; }
  const eps = feasTol * (qMax + mMax * zSum);
  ws.eps = eps;
  let feasible = true;
  for (let a = 0; a < m; a++) if (zs[idx[a]] < -eps) feasible = false;
  for (let i = 0; i < n; i++) {
    let s = q[i];
    for (let j = 0; j < n; j++) s += M[i * n + j] * zs[j];
    wv[i] = s;
    if (s < -eps) feasible = false;
  }
  for (let a = 0; a < m; a++) if (Math.abs(wv[idx[a]]) > eps) feasible = false;
  if (!feasible) return PRINCIPAL_INFEASIBLE;
  for (let a = 0; a < m; a++) if (zs[idx[a]] < 0) zs[idx[a]] = 0;
  return PRINCIPAL_SOLVED;
}
