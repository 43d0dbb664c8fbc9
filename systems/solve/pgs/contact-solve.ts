/**
 * PGS contact kernels over the assembled rows (see `systems/solve/pgs/README.md`):
 * warm start, one Gauss–Seidel sweep (normal row with soft bias, then the two friction rows projected
 * onto the friction disk |λ_t| ≤ μ λ_n; for a manifold of k ≥ 2 points, two tangent rows at its centre and
 * a twist row sharing the disk of radius Σ μ_i λ_n,i), and the restitution pass. With `manifoldSolve: 'block'` the
 * normal rows of the 2–4 points of one manifold are solved together, exactly (a small LCP over the
 * manifold's Delassus block, {@link solveNormalBlock}), in the sweeps and in the restitution pass.
 *
 * The cone-projection sweeps run on the solver's own interleaved copy of the rows ({@link PackedRows},
 * the `…Rows` kernels): one Float64Array with a fixed stride {@link ROW_STRIDE} per contact point
 * holding everything a sweep reads for that point, so a sweep streams through one array instead of a
 * dozen ConstraintProblem columns (which every solver and the tests read, and which stay as they are).
 * It is packed once per step from the problem; the impulses and the largest normal impulses are copied
 * back at the end of the step. `warmStart`, `currentSeparation` (`../common/contact-separation.ts`) and
 * `applyRestitution` run on the ConstraintProblem itself (the exact block sweeps of
 * `contact-block-solve.ts`).
 * Reads and writes only the ConstraintProblem (or its packed copy) and the SolverBodies.
 *
 * Packed layout of point c's normal row, at `ROW_STRIDE · c` in `data` (doubles):
 *
 * | offset          | what                                                                  |
 * |-----------------|-----------------------------------------------------------------------|
 * | 0 .. 2          | normal n (unit, world)                                                |
 * | 3 .. 5          | angular Jacobian on A: rA × n (m)                                     |
 * | 6 .. 8          | angular Jacobian on B: rB × n (m)                                     |
 * | 9 .. 11         | I_A⁻¹ (rA × n) (1/(kg·m))                                             |
 * | 12 .. 14        | I_B⁻¹ (rB × n) (1/(kg·m))                                             |
 * | 15              | effective mass of n (kg)                                              |
 * | 16              | accumulated normal impulse (N·s)                                      |
 * | 17              | separation at the start of the step (m)                               |
 * | 18              | friction coefficient μ                                                |
 * | 19              | largest normal impulse seen in the solve (N·s)                        |
 * | 20              | current separation (m), kept between sweeps (see solveContactRows)    |
 * | 21              | normal block: k ≥ 2 at the first point of a manifold of k points, 0 at |
 * |                 | the other points of that manifold, 1 for a manifold of one point, −1   |
 * |                 | for rows one after the other (`manifoldSolve: 'rows'`, or a manifold at |
 * |                 | rest with 'block'); a manifold at rest that is one block in the         |
 * |                 | relaxation sweeps only ('block-relax'): 16 + k at its first point, −2  |
 * |                 | at the others                                                          |
 * | 22 .. 25        | row of the manifold's normal Delassus block: A_ij, j = 0 .. k − 1 (1/kg) |
 * | 26              | offset in `friction` of the friction record solved after this point's  |
 * |                 | normal row, or −1 (a point of a manifold before its last)              |
 *
 * Friction records in `friction`, one per point, or one per manifold of k ≥ 2 points with one normal
 * (friction at the manifold's centre, see solveContactRows), one after the other:
 *
 * | offset          | what                                                                  |
 * |-----------------|-----------------------------------------------------------------------|
 * | 15 d + 0 .. 14  | tangent t_{d+1} (d = 0, 1): direction, r_A × t, r_B × t, I_A⁻¹ (r_A × t), |
 * |                 | I_B⁻¹ (r_B × t), as the normal row above; r the point's or the centre's  |
 * | 30 .. 31        | effective masses of t1, t2 (kg)                                       |
 * | 32 .. 33        | accumulated impulses along t1, t2 (N·s)                               |
 * | 34 .. 35        | lever rotation of t1, t2 in this substep (m/s; see solveContactRows)  |
 * | 36              | k: the points it serves (the last is the point that names it)         |
 * | 37 .. 42        | the levers r̄_A, r̄_B of the point, or of the manifold's centre (m)      |
 * | 43 .. 48        | k ≥ 2: twist row, I_A⁻¹ n, I_B⁻¹ n (1/(kg·m²))                         |
 * | 49, 50          | k ≥ 2: twist effective mass (kg·m²), accumulated twist impulse (N·m·s) |
 * | 51              | k ≥ 2: mean distance of the points from the centre in the contact plane (m) |
 * | 52 .. 53        | k ≥ 2: the tangent rows' coupling to the twist row, n · (I_A⁻¹ (r̄_A × t) +    |
 * |                 | I_B⁻¹ (r̄_B × t)) for t1, t2 (1/(kg·m))                                  |
 *
 * Names used in the code for these offsets: a normal row's `ROW_JA` 3, `ROW_JB` 6, `ROW_IA` 9, `ROW_IB` 12 (also
 * inside a friction record's direction blocks, `ROW_DIR` = 15 doubles each), `ROW_EM` 15, `ROW_IMP` 16,
 * `ROW_SEP` 17, `ROW_MU` 18, `ROW_MAXN` 19, `ROW_CUR` 20, `ROW_BLK` 21, `ROW_DEL` 22, `ROW_FRC` 26, and
 * `ROW_STRIDE` = 28 doubles per point; a friction record's `FR_EM` 30, `FR_IMP` 32, `FR_ROT` 34, `FR_K` 36,
 * `FR_RA` 37, `FR_RB` 40, `FR_WIA` 43, `FR_WIB` 46, `FR_WEM` 49, `FR_WIMP` 50, `FR_REACH` 51, `FR_CPL` 52, and its
 * length `FR_POINT` = 43 (one point) or `FR_MANIFOLD` = 54 (a manifold); the normal-block marks of a manifold at
 * rest solved as one block in the relaxation sweeps only (offset `ROW_BLK`), `REST_BLOCK` + k = 16 + k at its
 * first point and `REST_MEMBER` = −2 at its other points. The sweeps write the gap {@link SPECULATIVE_MIN_GAP}
 * and `LEVER_MIN_SPIN_ANGLE` (see {@link solveContactRows}) as numbers too.
 *
 * The code writes each offset as its number followed by its name in a block comment (`R[o + 16]`, commented
 * `ROW_IMP`), not as a module constant: V8 (TurboFan, Node 20) does not fold a module-level `const` into the code of a function
 * it optimises normally; it loads it from the module's context at every use (a load, a tag check, an untag
 * and one more overflow-checked add per access), and the sweeps index with these offsets dozens of times per
 * point. Written as numbers: Box3D's Pyramid(20) 55.3 → 46.9 M instructions per step (`bench/README.md`).
 */

import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import type { Softness } from '../common/soft-constraint';
import { growFloat64, nextCapacity } from '../../../components/capacity';
import { createNormalBlockLcp, solveBlockLcp, type NormalBlockLcp } from './normal-block-lcp';
import type { InertiaRefresh } from './inertia-refresh';
import type { RestingManifolds } from './pgs-options';

export interface PackedRows {
  /** `[28 × capacity]` (`ROW_STRIDE`) the interleaved normal rows (layout above). */
  data: Float64Array;
  /** `[≤ 43 × capacity]` the friction records (layout above). */
  friction: Float64Array;
  /** The normal blocks' LCP data and scratch (`normal-block-lcp.ts`). */
  readonly block: NormalBlockLcp;
}

export function createPackedRows(capacity = 256): PackedRows {
  return { data: new Float64Array(28 /* ROW_STRIDE */ * capacity), friction: new Float64Array(43 /* FR_POINT */ * capacity), block: createNormalBlockLcp() };
}

/**
 * Copies the rows of every contact point of `p` into `r` (growing it when needed). With `blocks`
 * (`manifoldSolve: 'block'`), also marks the normal blocks: the points of one manifold (consecutive,
 * same bodies, same normal; `storeIndex` = manifold × 4 + point) with their Delassus block
 * A_ij = J_i M⁻¹ J_jᵀ of the normal rows,
 *   A_ij = (1/m_A + 1/m_B) + (r_Ai × n)·I_A⁻¹(r_Aj × n) + (r_Bi × n)·I_B⁻¹(r_Bj × n)   (unit: 1/kg).
 * Without, every point is its own block of one (the rows one after the other). `resting` says what a
 * manifold at rest gets (`restingManifolds` of `pgs-options.ts`): 'relax', one block in the relaxation
 * sweeps and its rows in the biased sweeps (from {@link RELAX_REST_STEPS} calm steps on; one block in
 * every sweep before); 'last-relax' the same, but the block only in the relaxation sweep of the step's
 * last substep (the sweep's `restBlocks`); 'block', one block in every sweep; 'rows', its rows in every
 * sweep.
 */
/**
 * A manifold at rest keeps its rows one after the other (cheaper; measured on the 1000-box pile: the
 * block solve of every manifold made the solve stage about 60 % slower, of the manifolds not at rest
 * 20 %); with `manifoldSolve: 'block-relax'` it is one block in the relaxation sweeps from
 * {@link RELAX_REST_STEPS} calm steps on, its rows in the biased sweeps. Calm = every point that touches carried impulse in the last step and every point's normal
 * speed at assembly is at most {@link BLOCK_REST_SPEED}; at rest = calm now and in the
 * {@link BLOCK_REST_STEPS} steps before (the contact store's `calmSteps`). The steps right after an
 * impact are calm but not at rest (the soft contact is still spreading the impact's impulse): with the
 * calm test alone a flat drop at h = 1e-2 s spun at 4.7e-2 rad/s. A loaded stack is at rest although its
 * warm start is large (an earlier test on the warm start's push, Σλ⁰ (1/m_A + 1/m_B) ≤ 0.3 m/s, sent
 * the bottom manifolds of a 20-box stack to the block solve every step: stack 40 % slower).
 */
const BLOCK_REST_SPEED = 0.1;
/** See {@link BLOCK_REST_SPEED}: calm steps before a manifold counts as at rest. */
const BLOCK_REST_STEPS = 2;
/**
 * Calm steps before a manifold at rest leaves the biased sweeps' block for its rows (`manifoldSolve:
 * 'block-relax'`): it stays one block in the relaxation sweeps. Solved corner after corner in
 * the biased sweeps while it still settles, a face landing flat took the first corner's extra impulse
 * into its tilt (a cube dropped flat from 1 m ended 1.3e-6 m sideways); after 30 calm steps (0.5 s at
 * 60 Hz) it is 1e-18 m. Shared with the exact block sweeps.
 */
export const RELAX_REST_STEPS = 30;
/**
 * Updates the calm-step counter (`calmSteps`) of the manifold of points c … c + k − 1 by the rule above
 * (its impulses λ⁰ are the warm start in `p.impulse`) and returns whether the manifold is at rest. Shared
 * with the exact block sweeps (`contact-block-solve.ts`).
 */
export function manifoldAtRest(p: ConstraintProblem, c: number, k: number, restSteps = BLOCK_REST_STEPS): boolean {
  let calm = k > 1;
  for (let i = 0; i < k && calm; i++) {
    if (!(p.impulse[3 * (c + i)] > 0 || p.separation[c + i] > SPECULATIVE_MIN_GAP)) calm = false;
    if (Math.abs(p.relativeVelocity[c + i]) > BLOCK_REST_SPEED) calm = false;
  }
  const before = p.calmSteps[c];
  const steps = calm ? (before < 255 ? before + 1 : 255) : 0;
  for (let i = 0; i < k; i++) p.calmSteps[c + i] = steps;
  return calm && before >= restSteps;
}
export function packRows(
  p: ConstraintProblem, r: PackedRows, sb: SolverBodies, blocks: boolean, resting: RestingManifolds,
): void {
  const n = p.contactCount;
  if (r.data.length < 28 /* ROW_STRIDE */ * n) {
    r.data = growFloat64(r.data, 28 /* ROW_STRIDE */ * nextCapacity(r.data.length / 28 /* ROW_STRIDE */, n));
  }
  if (r.friction.length < 43 /* FR_POINT */ * n) r.friction = growFloat64(r.friction, 43 /* FR_POINT */ * nextCapacity(r.friction.length / 43 /* FR_POINT */, n));
  copyRows(p, r.data);
  markBlocks(p, r, sb, blocks, resting);
}

/** The points' normal rows into `R` (the first of {@link packRows}'s passes; each pass is a function with one loop
 * whose first pass does nothing: README "Loops compiled on the stack"). */
function copyRows(p: ConstraintProblem, R: Float64Array): void {
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const em = p.effectiveMass, imp = p.impulse;
  for (let c = -1; c < p.contactCount; c++) {
    if (c < 0) continue;
    const m = c & 0xffffff, o = 28 /* ROW_STRIDE */ * m, c3 = 3 * m, s = 9 * m; // masked as in solveContactRows
    R[o] = dir[s]; R[o + 1] = dir[s + 1]; R[o + 2] = dir[s + 2];
    R[o + 3] = jA[s]; R[o + 4] = jA[s + 1]; R[o + 5] = jA[s + 2];
    R[o + 6] = jB[s]; R[o + 7] = jB[s + 1]; R[o + 8] = jB[s + 2];
    R[o + 9] = iA[s]; R[o + 10] = iA[s + 1]; R[o + 11] = iA[s + 2];
    R[o + 12] = iB[s]; R[o + 13] = iB[s + 1]; R[o + 14] = iB[s + 2];
    R[o + 15 /* ROW_EM */] = em[c3];
    R[o + 16 /* ROW_IMP */] = imp[c3];
    R[o + 17 /* ROW_SEP */] = p.separation[c];
    R[o + 20 /* ROW_CUR */] = p.separation[c]; // the current separation while the pose deltas are 0
    R[o + 18 /* ROW_MU */] = p.friction[c];
    R[o + 19 /* ROW_MAXN */] = p.maxNormalImpulse[c];
  }
}

/** The manifolds' marks in `R` (a block of k points, a block at rest, rows) and their Delassus blocks, and their
 * friction records in `F`: one per manifold of k ≥ 2 points with one normal, else one per point (the second of
 * {@link packRows}'s passes, after the rows are copied). */
function markBlocks(p: ConstraintProblem, r: PackedRows, sb: SolverBodies, blocks: boolean, resting: RestingManifolds): void {
  const n = p.contactCount, im = sb.invMass, store = p.storeIndex, R = r.data, F = r.friction;
  for (let c = -1, f = 0; c < n;) {
    if (c < 0) { c = 0; continue; }
    const m = store[c] >> 2;
    let k = 1;
    while (c + k < n && store[c + k] >> 2 === m) k++;
    const o = 28 /* ROW_STRIDE */ * (c & 0xffffff); // masked as in solveContactRows
    // the mark of the first point and of the others: a block of k (k, 0); a manifold at rest (calm for
    // BLOCK_REST_STEPS steps) one block in the relaxation sweeps only (REST_BLOCK + k, REST_MEMBER), or its
    // rows ('rows', or one point: −1); without blocks, rows (−1)
    let first = -1, member = -1;
    if (blocks) {
      first = k;
      member = 0;
      if (resting !== 'block' && manifoldAtRest(p, c, k, resting === 'rows' ? BLOCK_REST_STEPS : RELAX_REST_STEPS)) {
        first = resting === 'rows' || k < 2 ? -1 : 16 /* REST_BLOCK */ + k;
        member = first < 0 ? -1 : (-2 /* REST_MEMBER */);
      }
    }
    R[o + 21 /* ROW_BLK */] = first;
    for (let i = 1; i < k; i++) R[o + 28 /* ROW_STRIDE */ * i + 21 /* ROW_BLK */] = member;
    if (first >= 2) packDelassus(R, o, k, im[p.bodyA[c]] + im[p.bodyB[c]]);
    if (k >= 2 && packFriction(F, f, R, p, sb, c, k) === true) {
      for (let i = 0; i < k; i++) R[o + 28 /* ROW_STRIDE */ * i + 26 /* ROW_FRC */] = i < k - 1 ? -1 : f;
      f += 54 /* FR_MANIFOLD */;
    } else {
      // one point, or a manifold whose points do not share one normal (a mesh's): every point its own record.
      // Not its last points that happen to share one: a mesh manifold's points then switched between the two
      // forms from step to step, and a rock landing on the game's hill (rock 0 at k = 5 of game-props.test.ts)
      // came to rest rocking at 1.2 cm/s (per point: 0.13 cm/s)
      for (let i = 0; i < k; i++, f += 43 /* FR_POINT */) {
        packFriction(F, f, R, p, sb, c + i, 1);
        R[o + 28 /* ROW_STRIDE */ * i + 26 /* ROW_FRC */] = f;
      }
    }
    c += k;
  }
}

/**
 * Writes at `f` in `F` the friction record of the points c … c + k − 1 of one manifold and returns true;
 * for k ≥ 2, false (nothing written) when they do not share one normal (a mesh's points with normals of
 * their own) or all lie at their centre. Its two tangent rows act through the centre of the points (levers
 * r̄_A, r̄_B, the means of the points'; a point's own for k = 1), and for k ≥ 2 a twist row about the
 * normal, J_w = [0, −nᵀ, 0, nᵀ], holds the manifold's turning (friction per convex manifold as in bepuphysics
 * v2, Nordby 2019). The points' accumulated tangent impulses λ_i become the manifold's: F = Σ λ_i along
 * t1, t2, and the twist λ_w = Σ n · (d_i × λ_i), d_i = r_Ai − r̄_A ({@link unpackImpulses} spreads them back).
 */
function packFriction(
  F: Float64Array, fi: number, R: Float64Array, p: ConstraintProblem, sb: SolverBodies, ci: number, ki: number,
): boolean {
  // indices masked as in solveContactRows
  const f = fi & 0x3fffffff, c = ci & 0xffffff, k = ki & 7;
  const o = 28 /* ROW_STRIDE */ * c, nx = R[o], ny = R[o + 1], nz = R[o + 2];
  for (let i = 1; i < k; i++) {
    const oi = o + 28 /* ROW_STRIDE */ * i;
    if (R[oi] !== nx || R[oi + 1] !== ny || R[oi + 2] !== nz) return false;
  }
  const rA = p.rA, rB = p.rB, dir = p.direction, imp = p.impulse, c3 = 3 * c, inv = 1 / k;
  let ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
  for (let i3 = c3; i3 < c3 + 3 * k; i3 += 3) {
    ax += rA[i3]; ay += rA[i3 + 1]; az += rA[i3 + 2];
    bx += rB[i3]; by += rB[i3 + 1]; bz += rB[i3 + 2];
  }
  ax *= inv; ay *= inv; az *= inv; bx *= inv; by *= inv; bz *= inv;
  const s9 = 9 * c;
  let dd = 0, reach = 0, f1 = 0, f2 = 0, tw = 0;
  for (let i3 = c3; i3 < c3 + 3 * k; i3 += 3) {
    const dx = rA[i3] - ax, dy = rA[i3 + 1] - ay, dz = rA[i3 + 2] - az;
    // d = a t1 + b t2 (+ along n): n · (d × (λ1 t1 + λ2 t2)) = a λ2 − b λ1 (t1 × t2 = n)
    const da = dx * dir[s9 + 3] + dy * dir[s9 + 4] + dz * dir[s9 + 5], db = dx * dir[s9 + 6] + dy * dir[s9 + 7] + dz * dir[s9 + 8];
    const d2 = da * da + db * db;
    dd += d2; reach += Math.sqrt(d2);
    f1 += imp[i3 + 1]; f2 += imp[i3 + 2]; tw += da * imp[i3 + 2] - db * imp[i3 + 1];
  }
  if (k > 1 && !(dd > 1e-12)) return false;
  const im = sb.invMass, I = sb.invInertia, a = 9 * (p.bodyA[c] & 0xffffff), b = 9 * (p.bodyB[c] & 0xffffff);
  const mAB = im[p.bodyA[c]] + im[p.bodyB[c]];
  F[f + 37 /* FR_RA */] = ax; F[f + 38 /* FR_RA + 1 */] = ay; F[f + 39 /* FR_RA + 2 */] = az;
  F[f + 40 /* FR_RB */] = bx; F[f + 41 /* FR_RB + 1 */] = by; F[f + 42 /* FR_RB + 2 */] = bz;
  for (let d = 0; d < 2; d++) {
    // r × t, I⁻¹ (r × t) and the effective mass, as the assembly forms them
    const od = f + 15 /* ROW_DIR */ * d, s = s9 + 3 + 3 * d;
    const tx = dir[s], ty = dir[s + 1], tz = dir[s + 2];
    F[od] = tx; F[od + 1] = ty; F[od + 2] = tz;
    F[od + 3 /* ROW_JA */] = ay * tz - az * ty; F[od + 4 /* ROW_JA + 1 */] = az * tx - ax * tz; F[od + 5 /* ROW_JA + 2 */] = ax * ty - ay * tx;
    F[od + 6 /* ROW_JB */] = by * tz - bz * ty; F[od + 7 /* ROW_JB + 1 */] = bz * tx - bx * tz; F[od + 8 /* ROW_JB + 2 */] = bx * ty - by * tx;
    refreshResponse(F, od + 3 /* ROW_JA */, F, od + 9 /* ROW_IA */, I, a);
    refreshResponse(F, od + 6 /* ROW_JB */, F, od + 12 /* ROW_IB */, I, b);
    F[f + 30 /* FR_EM */ + d] = inverseMass(F, od, mAB);
  }
  F[f + 32 /* FR_IMP */] = f1; F[f + 33 /* FR_IMP + 1 */] = f2;
  F[f + 34 /* FR_ROT */] = 0; F[f + 35 /* FR_ROT + 1 */] = 0;
  F[f + 36 /* FR_K */] = k;
  if (k < 2) return true;
  refreshResponse(R, o, F, f + 43 /* FR_WIA */, I, a);
  refreshResponse(R, o, F, f + 46 /* FR_WIB */, I, b);
  packTwist(F, f, R, o);
  F[f + 50 /* FR_WIMP */] = tw;
  F[f + 51 /* FR_REACH */] = reach * inv;
  return true;
}

/** The Delassus block A_ij of the normal rows of the k points packed at `o` (see {@link packRows}), mAB = 1/m_A + 1/m_B. */
function packDelassus(R: Float64Array, at: number, kk: number, mAB: number): void {
  const o = at & 0x3fffffff, k = kk & 7; // masked as in solveContactRows
  for (let i = 0; i < k; i++) {
    const oi = o + 28 /* ROW_STRIDE */ * i;
    for (let j = 0; j < k; j++) {
      const oj = o + 28 /* ROW_STRIDE */ * j;
      R[oi + 22 /* ROW_DEL */ + j] = mAB
        + R[oi + 3 /* ROW_JA */] * R[oj + 9 /* ROW_IA */] + R[oi + 4 /* ROW_JA + 1 */] * R[oj + 10 /* ROW_IA + 1 */] + R[oi + 5 /* ROW_JA + 2 */] * R[oj + 11 /* ROW_IA + 2 */]
        + R[oi + 6 /* ROW_JB */] * R[oj + 12 /* ROW_IB */] + R[oi + 7 /* ROW_JB + 1 */] * R[oj + 13 /* ROW_IB + 1 */] + R[oi + 8 /* ROW_JB + 2 */] * R[oj + 14 /* ROW_IB + 2 */];
    }
  }
}

/** 1 / (mAB + (r_A × d)·I_A⁻¹(r_A × d) + (r_B × d)·I_B⁻¹(r_B × d)) of the row at `od` (0 if not positive). */
function inverseMass(R: Float64Array, od: number, mAB: number): number {
  const e = mAB
    + R[od + 3 /* ROW_JA */] * R[od + 9 /* ROW_IA */] + R[od + 4 /* ROW_JA + 1 */] * R[od + 10 /* ROW_IA + 1 */] + R[od + 5 /* ROW_JA + 2 */] * R[od + 11 /* ROW_IA + 2 */]
    + R[od + 6 /* ROW_JB */] * R[od + 12 /* ROW_IB */] + R[od + 7 /* ROW_JB + 1 */] * R[od + 13 /* ROW_IB + 1 */] + R[od + 8 /* ROW_JB + 2 */] * R[od + 14 /* ROW_IB + 2 */];
  return e > 0 ? 1 / e : 0;
}

/** The twist row's effective mass 1 / (n · I_A⁻¹ n + n · I_B⁻¹ n) (0 if not positive) and the tangent rows'
 * coupling to it, n · (I_A⁻¹ (r̄_A × t) + I_B⁻¹ (r̄_B × t)), into the record at `f`; n is the normal of the
 * point packed at `o` in `R`. Only indices and arrays are passed: packFriction is too large for V8 to inline
 * this call, and each number passed to a call that is not inlined is boxed (a new heap number per manifold
 * and step: about 27 KB per step on Box3D's 20-row pyramid when n's components were passed). */
function packTwist(F: Float64Array, f: number, R: Float64Array, o: number): void {
  const nx = R[o], ny = R[o + 1], nz = R[o + 2];
  const e = nx * (F[f + 43 /* FR_WIA */] + F[f + 46 /* FR_WIB */]) + ny * (F[f + 44 /* FR_WIA + 1 */] + F[f + 47 /* FR_WIB + 1 */])
    + nz * (F[f + 45 /* FR_WIA + 2 */] + F[f + 48 /* FR_WIB + 2 */]);
  F[f + 49 /* FR_WEM */] = e > 0 ? 1 / e : 0;
  for (let d = 0; d < 2; d++) {
    const od = f + 15 /* ROW_DIR */ * d;
    F[f + 52 /* FR_CPL */ + d] = nx * (F[od + 9 /* ROW_IA */] + F[od + 12 /* ROW_IB */]) + ny * (F[od + 10 /* ROW_IA + 1 */] + F[od + 13 /* ROW_IB + 1 */])
      + nz * (F[od + 11 /* ROW_IA + 2 */] + F[od + 14 /* ROW_IB + 2 */]);
  }
}

/**
 * Refreshes the rows of the points that touch a body marked in `ir` (`inertia-refresh.ts`: it turned
 * within the step and its inverse inertia is anisotropic) with that body's current world inverse
 * inertia: the impulse responses I⁻¹ (r × d) of the marked side, the effective masses of the three
 * directions, and the Delassus block of the point's manifold when it is solved as one block. The
 * Jacobians (levers, directions) are those of the step's start. Same formulas as the assembly and
 * {@link packRows}.
 */
export function refreshTurnedRows(r: PackedRows, p: ConstraintProblem, sb: SolverBodies, ir: InertiaRefresh): void {
  const R = r.data, F = r.friction, turned = ir.turned, I = ir.inertia, im = sb.invMass;
  // its first pass does nothing (README "Loops compiled on the stack")
  for (let c = -1; c < p.contactCount; c++) {
    if (c < 0) continue;
    const a = p.bodyA[c], b = p.bodyB[c];
    const ta = turned[a] === 1, tb = turned[b] === 1;
    if (!ta && !tb) continue;
    const o = 28 /* ROW_STRIDE */ * c;
    const mAB = im[a] + im[b];
    if (ta) refreshResponse(R, o + 3 /* ROW_JA */, R, o + 9 /* ROW_IA */, I, 9 * a);
    if (tb) refreshResponse(R, o + 6 /* ROW_JB */, R, o + 12 /* ROW_IB */, I, 9 * b);
    R[o + 15 /* ROW_EM */] = inverseMass(R, o, mAB);
    // the friction record the point names (tangent rows, and a manifold's twist row)
    const f = R[o + 26 /* ROW_FRC */] | 0;
    if (f < 0) continue;
    for (let d = 0; d < 2; d++) {
      const od = f + 15 /* ROW_DIR */ * d;
      if (ta) refreshResponse(F, od + 3 /* ROW_JA */, F, od + 9 /* ROW_IA */, I, 9 * a);
      if (tb) refreshResponse(F, od + 6 /* ROW_JB */, F, od + 12 /* ROW_IB */, I, 9 * b);
      F[f + 30 /* FR_EM */ + d] = inverseMass(F, od, mAB);
    }
    if (F[f + 36 /* FR_K */] > 1) {
      if (ta) refreshResponse(R, o, F, f + 43 /* FR_WIA */, I, 9 * a);
      if (tb) refreshResponse(R, o, F, f + 46 /* FR_WIB */, I, 9 * b);
      packTwist(F, f, R, o);
    }
  }
  refreshTurnedBlocks(r, p, sb, ir);
}

/** The Delassus blocks of the manifolds solved as one block (marked k ≥ 2 at their first point) whose bodies
 * turned, for {@link refreshTurnedRows} (a loop of its own: README "Loops compiled on the stack"). */
function refreshTurnedBlocks(r: PackedRows, p: ConstraintProblem, sb: SolverBodies, ir: InertiaRefresh): void {
  const R = r.data, turned = ir.turned, im = sb.invMass;
  for (let c = -1; c < p.contactCount; c++) {
    if (c < 0) continue;
    const o = 28 /* ROW_STRIDE */ * c, kr = R[o + 21 /* ROW_BLK */] | 0, k = kr > 16 /* REST_BLOCK */ ? kr - 16 /* REST_BLOCK */ : kr;
    if (k < 2) continue;
    const a = p.bodyA[c], b = p.bodyB[c];
    if (turned[a] === 1 || turned[b] === 1) packDelassus(R, o, k, im[a] + im[b]);
    c += k - 1;
  }
}

/** G[g..g+3] = M (R[j..j+3]) for the row-major 3 × 3 matrix M at I[m..m+9]. */
function refreshResponse(R: Float64Array, j: number, G: Float64Array, g: number, I: Float64Array, m: number): void {
  const ux = R[j], uy = R[j + 1], uz = R[j + 2];
  G[g] = I[m] * ux + I[m + 1] * uy + I[m + 2] * uz;
  G[g + 1] = I[m + 3] * ux + I[m + 4] * uy + I[m + 5] * uz;
  G[g + 2] = I[m + 6] * ux + I[m + 7] * uy + I[m + 8] * uz;
}

/**
 * Largest gap that counts as touching (unit: m): rows with s ≤ this take the soft law, rows above it
 * the rigid speculative law (bias s/h). A speculative row closes its gap exactly to first order, so
 * the corners of a face that lands flat end the substep at s = 0 up to round-off (1e-16 m), and with
 * the switch at 0 round-off alone decided which corners were soft and which rigid (the block then split
 * the load unevenly: 1e-2 rad/s of spin after a flat landing at h = 0.05 s). And a corner left at a
 * small positive gap by the first-order rotation of the separation (measured 1.4e-9 m) stayed rigid
 * while the other three sank softly: a box tilted 20° came to rest on that corner, tilted, its lowest
 * corner 1.29 mm deep instead of 0.97 mm. A gap of 1 µm is below both, and below 1e-3 of the soft
 * contacts' own resting compression (about 1 mm at h = 0.05 s).
 */
const SPECULATIVE_MIN_GAP = 1e-6;

/**
 * The normal rows of the points `idx[0 … count)` of one manifold (same bodies, same normal) as one LCP,
 * the other impulses held:
 *   y = (A + Γ) λ + (J_n v + target − A λ⁰) ≥ 0 ⟂ λ ≥ 0,
 *   A_ij = 1/m_A + 1/m_B + (r_Ai × n)·I_A⁻¹(r_Aj × n) + (r_Bi × n)·I_B⁻¹(r_Bj × n)   (unit: 1/kg),
 * target_i = `target[i]` (m/s), Γ_ii = A_ii (1/massScale − 1) where `soft[i]` is 1, else 0; solved by
 * `solveBlockLcp` (`normal-block-lcp.ts`, on `blk`) (a singular block keeps the split closest to λ⁰), and the impulse changes applied
 * to the two bodies. Returns false, changing nothing, when a velocity is not finite or no active set
 * passed. Used by the exact block sweeps (`contact-block-solve.ts`) for the normal rows of a manifold
 * and their restitution pass; works on the ConstraintProblem.
 */
export function solveNormalSet(
  blk: NormalBlockLcp, p: ConstraintProblem, sb: SolverBodies, idx: Int32Array, target: Float64Array, soft: Uint8Array,
  count: number, massScale: number,
): boolean {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const imp = p.impulse, M = blk.M, q = blk.q, lam = blk.lam, x = blk.x;
  const c = idx[0], a = p.bodyA[c], b = p.bodyB[c];
  const a3 = 3 * a, b3 = 3 * b, mA = im[a], mB = im[b], mAB = mA + mB;
  const dvx = v[b3] - v[a3], dvy = v[b3 + 1] - v[a3 + 1], dvz = v[b3 + 2] - v[a3 + 2];
  let idle = true;
  for (let i = 0; i < count; i++) {
    const o = 9 * idx[i];
    const un = dir[o] * dvx + dir[o + 1] * dvy + dir[o + 2] * dvz
      + jB[o] * w[b3] + jB[o + 1] * w[b3 + 1] + jB[o + 2] * w[b3 + 2]
      - jA[o] * w[a3] - jA[o + 1] * w[a3 + 1] - jA[o + 2] * w[a3 + 2];
    if (!(un - un === 0)) return false;
    lam[i] = imp[3 * idx[i]];
    q[i] = un + target[i];
    if (lam[i] !== 0 || q[i] < 0) idle = false;
  }
  // no impulse and none wanted: nothing to do (a speculative or separating manifold)
  if (idle) return true;
  for (let i = 0; i < count; i++) {
    const o = 9 * idx[i];
    for (let j = i; j < count; j++) {
      const oj = 9 * idx[j];
      M[4 * i + j] = M[4 * j + i] = mAB
        + jA[o] * iA[oj] + jA[o + 1] * iA[oj + 1] + jA[o + 2] * iA[oj + 2]
        + jB[o] * iB[oj] + jB[o + 1] * iB[oj + 1] + jB[o + 2] * iB[oj + 2];
    }
    for (let j = 0; j < count; j++) q[i] -= M[4 * i + j] * lam[j];
    if (soft[i] === 1) {
      // the compliance γ_i = A_ii (1/massScale − 1) acts on the impulse above the rest load: q_i − γ_i λ̄_i
      q[i] -= M[5 * i] * (1 / massScale - 1) * Math.min(p.restLoad[idx[i]], lam[i]);
      M[5 * i] /= massScale; // A_ii + γ_i
    }
  }
  if (!solveBlockLcp(blk, count)) return false;
  let P = 0, uAx = 0, uAy = 0, uAz = 0, uBx = 0, uBy = 0, uBz = 0;
  for (let i = 0; i < count; i++) {
    const ci = idx[i], o = 9 * ci;
    const l = x[i] - lam[i];
    imp[3 * ci] = x[i];
    if (l > p.maxNormalImpulse[ci]) p.maxNormalImpulse[ci] = l;
    P += l;
    uAx += l * iA[o]; uAy += l * iA[o + 1]; uAz += l * iA[o + 2];
    uBx += l * iB[o]; uBy += l * iB[o + 1]; uBz += l * iB[o + 2];
  }
  const o = 9 * c, nx = dir[o], ny = dir[o + 1], nz = dir[o + 2];
  v[a3] -= mA * P * nx; v[a3 + 1] -= mA * P * ny; v[a3 + 2] -= mA * P * nz;
  v[b3] += mB * P * nx; v[b3 + 1] += mB * P * ny; v[b3 + 2] += mB * P * nz;
  w[a3] -= uAx; w[a3 + 1] -= uAy; w[a3 + 2] -= uAz;
  w[b3] += uBx; w[b3 + 1] += uBy; w[b3 + 2] += uBz;
  return true;
}
/**
 * Smallest Σ e_i² / Σ |d_i|² with which {@link unpackImpulses} carries a manifold's remaining twist by forces
 * across the slip (u_i = n × F/|F|, s_i = τ e_i / Σ e_j²); below it, by the least-norm spread
 * (u_i = n × d_i, s_i = τ / Σ |d_j|²). At 0.25 the spread across the slip gives no point more than 4 times
 * the largest impulse of the least-norm spread (|e_i| ≤ |d_i|). Points nearly in a line with the slip
 * perpendicular to it make Σ e_i² tiny: fuzz seed 8579 (fast Coulomb, no joints), a 22.5 kg flat box sliding
 * along a static box's side on two points 0.55 m apart one above the other, slipping nearly perpendicular to their line
 * (Σ e² = 1.4e-6 against Σ |d|² = 0.15, the bound was 1e-6): a twist of 12 N·s was spread as ±7294 N·s per
 * point (cone limits 37 and 65 N·s) summing to the manifold's 78 N·s; the next step one point was lost and
 * the other's 7294 N·s was warm-started alone, +1.7 % of the scene's energy in a step.
 */
export const MIN_ACROSS_SPREAD = 0.25;

/** Copies the accumulated and the largest normal impulses back into `p` (warm start, restitution). */
export function unpackImpulses(r: PackedRows, p: ConstraintProblem): void {
  const R = r.data, F = r.friction, imp = p.impulse, rA = p.rA;
  // its first pass does nothing (README "Loops compiled on the stack")
  for (let ci = -1; ci < p.contactCount; ci++) {
    if (ci < 0) continue;
    const c = ci & 0xffffff, o = 28 /* ROW_STRIDE */ * c, c3 = 3 * c; // masked as in solveContactRows
    imp[c3] = R[o + 16 /* ROW_IMP */];
    p.maxNormalImpulse[c] = R[o + 19 /* ROW_MAXN */];
    const fr = R[o + 26 /* ROW_FRC */] | 0, f = fr & 0x3fffffff;
    if (fr < 0) continue;
    const k = F[f + 36 /* FR_K */] & 7;
    if (k === 1) { imp[c3 + 1] = F[f + 32 /* FR_IMP */]; imp[c3 + 2] = F[f + 33 /* FR_IMP + 1 */]; continue; }
    // a manifold's friction spread back over its points: λ_i = w_i F + s_i u_i, with the weights
    // w_i = μ_i λ_n,i / Σ μ_j λ_n,j (1/k without load), so that a sliding manifold's points are each on their
    // own cone, and the twist τ = λ_w − n · (Σ w_i d_i × F) that these leave carried by forces across the
    // slip, u_i = n × F/|F|, s_i = τ e_i / Σ e_j², e_i = d_i · F/|F| (their sum is 0 and they change no |λ_i|
    // to first order), or without F by u_i = n × d_i, s_i = τ / Σ |d_j|². The sum is F and the twist
    // Σ n · (d_i × λ_i) is λ_w (Σ d_i = 0; in (t1, t2) coordinates n × (x, y) = (−y, x))
    const c0 = c - k + 1;
    const ax = F[f + 37 /* FR_RA */], ay = F[f + 38 /* FR_RA + 1 */], az = F[f + 39 /* FR_RA + 2 */];
    const t1x = F[f], t1y = F[f + 1], t1z = F[f + 2], t2x = F[f + 15 /* ROW_DIR */], t2y = F[f + 16 /* ROW_DIR + 1 */], t2z = F[f + 17 /* ROW_DIR + 2 */];
    const f1 = F[f + 32 /* FR_IMP */], f2 = F[f + 33 /* FR_IMP + 1 */], fl = Math.sqrt(f1 * f1 + f2 * f2);
    const u1 = fl > 0 ? f1 / fl : 0, u2 = fl > 0 ? f2 / fl : 0;
    let load = 0;
    for (let i = c0; i <= c; i++) load += R[28 /* ROW_STRIDE */ * i + 18 /* ROW_MU */] * R[28 /* ROW_STRIDE */ * i + 16 /* ROW_IMP */];
    let dd = 0, ee = 0, ga = 0, gb = 0;
    for (let i = c0; i <= c; i++) {
      const i3 = 3 * i, wi = load > 0 ? R[28 /* ROW_STRIDE */ * i + 18 /* ROW_MU */] * R[28 /* ROW_STRIDE */ * i + 16 /* ROW_IMP */] / load : 1 / k;
      const dx = rA[i3] - ax, dy = rA[i3 + 1] - ay, dz = rA[i3 + 2] - az;
      const da = dx * t1x + dy * t1y + dz * t1z, db = dx * t2x + dy * t2y + dz * t2z;
      const e = da * u1 + db * u2;
      dd += da * da + db * db; ee += e * e; ga += wi * da; gb += wi * db;
    }
    const tau = F[f + 50 /* FR_WIMP */] - (ga * f2 - gb * f1), across = ee > MIN_ACROSS_SPREAD * dd;
    const tw = tau / (across ? ee : dd);
    for (let i = c0; i <= c; i++) {
      const i3 = 3 * i, wi = load > 0 ? R[28 /* ROW_STRIDE */ * i + 18 /* ROW_MU */] * R[28 /* ROW_STRIDE */ * i + 16 /* ROW_IMP */] / load : 1 / k;
      const dx = rA[i3] - ax, dy = rA[i3 + 1] - ay, dz = rA[i3 + 2] - az;
      const da = dx * t1x + dy * t1y + dz * t1z, db = dx * t2x + dy * t2y + dz * t2z;
      const s = tw * (across ? da * u1 + db * u2 : 1), x = across ? u1 : da, y = across ? u2 : db;
      imp[i3 + 1] = wi * f1 - s * y;
      imp[i3 + 2] = wi * f2 + s * x;
    }
  }
}

/** Applies the accumulated impulses of every point to the bodies (warm start). */
export function warmStart(p: ConstraintProblem, sb: SolverBodies): void {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB, imp = p.impulse;
  for (let c = 0; c < p.contactCount; c++) {
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const mA = im[a], mB = im[b];
    let px = 0, py = 0, pz = 0;
    for (let d = 0; d < 3; d++) {
      const l = imp[c3 + d];
      const o = c9 + 3 * d;
      px += l * dir[o]; py += l * dir[o + 1]; pz += l * dir[o + 2];
      w[a3] -= l * iA[o]; w[a3 + 1] -= l * iA[o + 1]; w[a3 + 2] -= l * iA[o + 2];
      w[b3] += l * iB[o]; w[b3 + 1] += l * iB[o + 1]; w[b3 + 2] += l * iB[o + 2];
    }
    v[a3] -= mA * px; v[a3 + 1] -= mA * py; v[a3 + 2] -= mA * pz;
    v[b3] += mB * px; v[b3 + 1] += mB * py; v[b3 + 2] += mB * pz;
  }
}

/**
 * {@link warmStart} on the packed rows: applies the accumulated impulses of every point to the bodies
 * (same operations in the same order as `warmStart`). The bodies' velocities are updated in place rather
 * than held in locals across the loop as the sweep does: V8 compiles this loop on the stack (OSR) in
 * the first steps of a scene that starts at rest, when every impulse is still 0 and the arithmetic has
 * never run, and code compiled then kept loop-carried velocities as boxed numbers (Box3D's Pyramid(50):
 * about 325 KB allocated per step in 3 runs of 5, `bench/README.md`).
 * With `track` 1 or 2 it also notes each point's normal impulse at the end of the substep before (the
 * impulses it applies) in `min` `[≥ points]`, as `trackSmallestImpulse` of `sustained-impulse.ts` does in a
 * pass of its own: 1 = the first substep's end (min ← λ_n), 2 = a later one (min ← min(min, λ_n)); 0 = none.
 */
export function warmStartRows(r: PackedRows, p: ConstraintProblem, sb: SolverBodies, min: Float64Array, track: number): void {
  const v = sb.v, w = sb.w, im = sb.invMass, R = r.data, F = r.friction, bodyA = p.bodyA, bodyB = p.bodyB, n = p.contactCount;
  // its first pass does nothing (README "Loops compiled on the stack"); indices masked as in solveContactRows
  for (let c = -1; c < n; c++) {
    if (c < 0) continue;
    const o = 28 /* ROW_STRIDE */ * (c & 0xffffff);
    const l0 = R[o + 16 /* ROW_IMP */], fr = R[o + 26 /* ROW_FRC */] | 0, f = fr & 0x3fffffff;
    if (track !== 0 && (track === 1 || l0 < min[c])) min[c] = l0;
    // the normal impulse and, at a record's point, the record's tangent (and twist) impulses; a point without
    // impulse would add zeros (about a third of the points of a resting pile)
    const l1 = fr < 0 ? 0 : F[f + 32 /* FR_IMP */], l2 = fr < 0 ? 0 : F[f + 33 /* FR_IMP + 1 */];
    const lw = fr < 0 || F[f + 36 /* FR_K */] === 1 ? 0 : F[f + 50 /* FR_WIMP */];
    if (l0 === 0 && l1 === 0 && l2 === 0 && lw === 0) continue;
    const a = bodyA[c] & 0xffffff, b = bodyB[c] & 0xffffff, a3 = 3 * a, b3 = 3 * b, mA = im[a], mB = im[b];
    // Σ_d λ_d d, Σ_d λ_d I⁻¹(r × d) over n (here), t1, t2 (the record), and λ_w I⁻¹ n (the twist)
    let px = l0 * R[o], py = l0 * R[o + 1], pz = l0 * R[o + 2];
    let uAx = l0 * R[o + 9 /* ROW_IA */], uAy = l0 * R[o + 10 /* ROW_IA + 1 */], uAz = l0 * R[o + 11 /* ROW_IA + 2 */];
    let uBx = l0 * R[o + 12 /* ROW_IB */], uBy = l0 * R[o + 13 /* ROW_IB + 1 */], uBz = l0 * R[o + 14 /* ROW_IB + 2 */];
    if (l1 !== 0 || l2 !== 0) {
      const o2 = f + 15 /* ROW_DIR */;
      px += l1 * F[f] + l2 * F[o2]; py += l1 * F[f + 1] + l2 * F[o2 + 1]; pz += l1 * F[f + 2] + l2 * F[o2 + 2];
      uAx += l1 * F[f + 9 /* ROW_IA */] + l2 * F[o2 + 9 /* ROW_IA */];
      uAy += l1 * F[f + 10 /* ROW_IA + 1 */] + l2 * F[o2 + 10 /* ROW_IA + 1 */];
      uAz += l1 * F[f + 11 /* ROW_IA + 2 */] + l2 * F[o2 + 11 /* ROW_IA + 2 */];
      uBx += l1 * F[f + 12 /* ROW_IB */] + l2 * F[o2 + 12 /* ROW_IB */];
      uBy += l1 * F[f + 13 /* ROW_IB + 1 */] + l2 * F[o2 + 13 /* ROW_IB + 1 */];
      uBz += l1 * F[f + 14 /* ROW_IB + 2 */] + l2 * F[o2 + 14 /* ROW_IB + 2 */];
    }
    if (lw !== 0) {
      uAx += lw * F[f + 43 /* FR_WIA */]; uAy += lw * F[f + 44 /* FR_WIA + 1 */]; uAz += lw * F[f + 45 /* FR_WIA + 2 */];
      uBx += lw * F[f + 46 /* FR_WIB */]; uBy += lw * F[f + 47 /* FR_WIB + 1 */]; uBz += lw * F[f + 48 /* FR_WIB + 2 */];
    }
    w[a3] -= uAx; w[a3 + 1] -= uAy; w[a3 + 2] -= uAz;
    w[b3] += uBx; w[b3 + 1] += uBy; w[b3 + 2] += uBz;
    v[a3] -= mA * px; v[a3 + 1] -= mA * py; v[a3 + 2] -= mA * pz;
    v[b3] += mB * px; v[b3 + 1] += mB * py; v[b3 + 2] += mB * pz;
  }
}

/**
 * The normal rows of the k ≥ 2 points of one manifold (packed at `o`), solved as one block for a sweep
 * of {@link solveContactRows}, on the velocities in `sb` (the caller stores its copies back first).
 * Each row keeps its own law (speculative, soft or rigid, as in the sweep); a soft row is rigid
 * complementarity with compliance γ = A_ii · impulseScale / massScale (its update is exactly the
 * single-row solve of that), so the block is the LCP y = (A + Γ) λ + (v_n + bias − A λ⁰) ≥ 0 ⟂ λ ≥ 0,
 * solved by `solveBlockLcp` (`normal-block-lcp.ts`). Returns whether it solved the block with finite
 * velocities; when not (no active set passed, or the velocities were not finite) it changed nothing and
 * the caller solves the manifold's rows one after the other in this sweep.
 */
function solveNormalBlock(
  r: PackedRows, kk: number, sb: SolverBodies, a: number, b: number, invH: number, soft: Softness,
  useBias: boolean, slop: number, maxPushout: number, refreshSeparation: boolean, rl: Float64Array, cc: number,
): boolean {
  const v = sb.v, w = sb.w, dp = sb.dp, th = sb.dtheta, R = r.data;
  const blk = r.block, M = blk.M, q = blk.q, x = blk.x, lam = blk.lam;
  // indices masked as in solveContactRows (k ≤ 4): the compiler drops the index arithmetic's overflow checks
  const k = kk & 7, c = cc & 0xffffff, o = 28 /* ROW_STRIDE */ * c, a3 = 3 * (a & 0xffffff), b3 = 3 * (b & 0xffffff);
  const mA = sb.invMass[a], mB = sb.invMass[b], rs = refreshSeparation === true, ub = useBias === true;
  const softMass = soft.massScale, softImpulse = soft.impulseScale, biasRate = soft.biasRate;
  const nx = R[o], ny = R[o + 1], nz = R[o + 2];
  const dvx = v[b3] - v[a3], dvy = v[b3 + 1] - v[a3 + 1], dvz = v[b3 + 2] - v[a3 + 2];
  const wAx = w[a3], wAy = w[a3 + 1], wAz = w[a3 + 2], wBx = w[b3], wBy = w[b3 + 1], wBz = w[b3 + 2];
  const vn0 = nx * dvx + ny * dvy + nz * dvz;
  let dpn = 0, thAx = 0, thAy = 0, thAz = 0, thBx = 0, thBy = 0, thBz = 0;
  if (rs) {
    dpn = nx * (dp[b3] - dp[a3]) + ny * (dp[b3 + 1] - dp[a3 + 1]) + nz * (dp[b3 + 2] - dp[a3 + 2]);
    thAx = th[a3]; thAy = th[a3 + 1]; thAz = th[a3 + 2]; thBx = th[b3]; thBy = th[b3 + 1]; thBz = th[b3 + 2];
  }
  let finite = true, idle = true;
  for (let i = 0; i < k; i++) {
    const oi = o + 28 /* ROW_STRIDE */ * i;
    const jAx = R[oi + 3 /* ROW_JA */], jAy = R[oi + 4 /* ROW_JA + 1 */], jAz = R[oi + 5 /* ROW_JA + 2 */];
    const jBx = R[oi + 6 /* ROW_JB */], jBy = R[oi + 7 /* ROW_JB + 1 */], jBz = R[oi + 8 /* ROW_JB + 2 */];
    let s: number;
    if (rs) {
      s = R[oi + 17 /* ROW_SEP */] + dpn + thBx * jBx + thBy * jBy + thBz * jBz - thAx * jAx - thAy * jAy - thAz * jAz;
      R[oi + 20 /* ROW_CUR */] = s;
    } else {
      s = R[oi + 20 /* ROW_CUR */];
    }
    let bi = 0, gamma = 0;
    if (s > 1e-6 /* SPECULATIVE_MIN_GAP */) {
      bi = s * invH;
    } else if (ub) {
      const sc = s + slop < 0 ? s + slop : 0;
      bi = Math.max(biasRate * sc, -maxPushout);
      gamma = R[oi + 22 /* ROW_DEL */ + i] * softImpulse / softMass;
    }
    const vn = vn0 + jBx * wBx + jBy * wBy + jBz * wBz - jAx * wAx - jAy * wAy - jAz * wAz;
    if (!(vn - vn === 0)) finite = false;
    const l0 = R[oi + 16 /* ROW_IMP */];
    lam[i] = l0;
    // the compliance acts on the impulse above the rest load λ̄: γ (λ − λ̄), so q takes −γ λ̄
    q[i] = vn + bi - gamma * Math.min(rl[c + i], l0);
    M[5 * i] = gamma; // the diagonal's compliance, completed below
    if (l0 !== 0 || vn + bi < 0) idle = false;
  }
  // no impulse and none wanted: nothing to do (a speculative or separating manifold)
  if (idle && finite) return true;
  for (let i = 0; i < k; i++) {
    const oi = o + 28 /* ROW_STRIDE */ * i;
    let qi = q[i];
    for (let j = 0; j < k; j++) {
      const aij = R[oi + 22 /* ROW_DEL */ + j];
      qi -= aij * lam[j];
      if (j !== i) M[4 * i + j] = aij;
    }
    M[5 * i] += R[oi + 22 /* ROW_DEL */ + i];
    q[i] = qi;
  }
  let P = 0, uAx = 0, uAy = 0, uAz = 0, uBx = 0, uBy = 0, uBz = 0;
  if (finite && solveBlockLcp(blk, k) === true) {
    for (let i = 0; i < k; i++) {
      const oi = o + 28 /* ROW_STRIDE */ * i;
      const l = x[i] - lam[i];
      R[oi + 16 /* ROW_IMP */] = x[i];
      if (l > R[oi + 19 /* ROW_MAXN */]) R[oi + 19 /* ROW_MAXN */] = l;
      P += l;
      uAx += l * R[oi + 9 /* ROW_IA */]; uAy += l * R[oi + 10 /* ROW_IA + 1 */]; uAz += l * R[oi + 11 /* ROW_IA + 2 */];
      uBx += l * R[oi + 12 /* ROW_IB */]; uBy += l * R[oi + 13 /* ROW_IB + 1 */]; uBz += l * R[oi + 14 /* ROW_IB + 2 */];
    }
    v[a3] -= mA * P * nx; v[a3 + 1] -= mA * P * ny; v[a3 + 2] -= mA * P * nz;
    v[b3] += mB * P * nx; v[b3 + 1] += mB * P * ny; v[b3 + 2] += mB * P * nz;
    w[a3] -= uAx; w[a3 + 1] -= uAy; w[a3 + 2] -= uAz;
    w[b3] += uBx; w[b3 + 1] += uBy; w[b3 + 2] += uBz;
    return finite;
  }
  // no active set passed (round-off, or velocities not finite): the caller solves the rows one by one
  return false;
}

/**
 * One Gauss–Seidel sweep over all contact points, on the packed rows (`packed-rows.ts`). The normal rows
 * of a manifold marked as a block by {@link packRows} are solved together by {@link solveNormalBlock}
 * at its first point (a manifold at rest marked for the relaxation sweeps: only in a relaxation sweep
 * with `restBlocks`, default true; 'last-relax' passes it in the last substep only); the rest of this
 * comment is the row of one point.
 * Normal row: s = current separation; s > 0 (speculative): bias = s/h, rigid; otherwise with
 * `useBias` bias = max(biasRate·min(s + slop, 0), −maxPushout) with the soft mass / impulse scales,
 * and without it (relax pass) bias = 0, rigid. λ_n ← max(λ_n + Δ, 0).
 * Friction rows: Δλ_t = −m_t (J_t v) for t1 and t2, then the accumulated (λ_t1, λ_t2) is projected
 * onto the disk of radius μ λ_n (the circular Coulomb cone at the current normal impulse).
 * The current separation is `currentSeparation`'s (`../common/contact-separation.ts`), from the same
 * terms in the same order. It only changes when the positions are integrated, so it is computed by the
 * first sweep after that (`refreshSeparation`), which stores it in the rows for the following sweeps (packRows stores the
 * value for zero pose deltas).
 * Lever rotation: the levers r_A, r_B are frozen at the start of the step, but the material points at
 * the contact turn with their bodies, so their velocities v + ω × R(θ) r change within the step by
 * ω × (θ × r) to first order in the rotation θ. The friction rows drive the relative velocity of those
 * points at the middle of the substep to zero:
 *   J_t v + t · (ω_B × (θ_B × r_B) − ω_A × (θ_A × r_A)),   θ = Δθ + (h/2) ω,
 * computed by the first sweep of each substep (`refreshLevers`) and kept in the rows; 0 when |ω| |θ| of
 * both bodies is below `LEVER_MIN_SPIN_ANGLE` = 1e-9 rad²/s (bodies at rest: the term is second order; at the
 * bound it is at most 1e-9 m/s per metre of lever, far below any slip the friction rows resolve). Without it a
 * body riding a turning body (a box on a turntable) followed the table's point on a straight line for
 * the whole step: all of the step's centripetal impulse was asked for in its first substep, the
 * friction cone capped it above ω² r = μ g / 4, and the box crept outwards (3.2 cm/s at half its slip
 * speed; off the table at 90 %). With the middle of the substep the box's path is the chord of the
 * table point's arc: the drift is 4th order in ω h (`test/validation/turntable-static-friction.test.ts`).
 * A sphere rolling on a plane turns about an axis in the contact plane, perpendicular to its lever
 * r along the normal, so θ ∥ ω and ω × (θ × r) ∥ r lies along the normal: its friction rows are
 * unchanged (the rolling sphere keeps 5/7 v0, `test/validation/rolling-sphere.test.ts`).
 */
export function solveContactRows(
  r: PackedRows, p: ConstraintProblem, sb: SolverBodies, invH: number, soft: Softness, useBias: boolean,
  slop: number, maxPushout: number, refreshSeparation: boolean, refreshLevers: boolean, restBlocks = true,
): void {
  // Only arrays are read before the loop, and its first pass (c = −1) does nothing: a call that V8 runs in the
  // interpreter up to the loop's first back edge (then into the loop's on-stack compiled code) computes no
  // number, which would be boxed (README "Loops compiled on the stack"); so the numbers of `soft` and h/2 are
  // read where they are used.
  // Each point loads its bodies' velocities from `sb` and stores them back when done: no number is carried
  // from one point to the next in a local (V8's on-stack compiled code of this loop kept such loop-carried
  // numbers boxed, and was then used for every later sweep: the JIT lottery of `bench/README.md`).
  const rl = p.restLoad, bodyA = p.bodyA, bodyB = p.bodyB, n = p.contactCount;
  const v = sb.v, w = sb.w, im = sb.invMass, dp = sb.dp, th = sb.dtheta, R = r.data, F = r.friction;
  // the flags as booleans the compiler knows (a parameter of unknown type is tested by a generic sequence at each use)
  const biased = useBias === true, refresh = refreshSeparation === true, levers = refreshLevers === true;
  // a manifold at rest is one block in the relaxation sweeps only (its rows in the biased sweeps; with
  // 'last-relax' only in the last substep's, `restBlocks`)
  const rowsNow = biased || restBlocks !== true;
  // whether the current normal block was solved (with finite velocities)
  let blockSolved = true;
  for (let c = -1; c < n; c++) {
    if (c < 0) continue;
    // indices masked to 24 bits (fewer than 2^24 points and bodies): their ranges known, the compiler drops the
    // overflow checks of the index arithmetic below
    const o = 28 /* ROW_STRIDE */ * (c & 0xffffff);
    const br = R[o + 21 /* ROW_BLK */] | 0;
    const blk = br > 16 /* REST_BLOCK */ ? (rowsNow ? -1 : br - 16 /* REST_BLOCK */) : br === (-2 /* REST_MEMBER */) ? (rowsNow ? -1 : 0) : br;
    let total: number, finite: boolean;
    // ---- normal rows of a manifold of k ≥ 2 points, solved as one block by its first point (its rows
    // one by one when the block is not solved: `blockSolved` false for its other points too)
    if (blk >= 2) {
      blockSolved = solveNormalBlock(r, blk, sb, bodyA[c], bodyB[c], invH, soft, biased, slop, maxPushout, refresh, rl, c) === true;
    }
    const fr = R[o + 26 /* ROW_FRC */] | 0, f = fr & 0x3fffffff;
    // a point of a solved block that names no friction record has nothing left to do (its bodies not read); at
    // the block's first point (blk ≥ 2), neither have the points up to its last, which names the manifold's record
    if (fr < 0 && blk >= 0 && blk !== 1 && blockSolved) {
      c += blk && blk - 2;
      continue;
    }
    const a = bodyA[c] & 0xffffff, b = bodyB[c] & 0xffffff, a3 = 3 * a, b3 = 3 * b, mA = im[a], mB = im[b];
    let vAx = v[a3], vAy = v[a3 + 1], vAz = v[a3 + 2], wAx = w[a3], wAy = w[a3 + 1], wAz = w[a3 + 2];
    let vBx = v[b3], vBy = v[b3 + 1], vBz = v[b3 + 2], wBx = w[b3], wBy = w[b3 + 1], wBz = w[b3 + 2];
    if (blk >= 0 && blk !== 1 && blockSolved) {
      total = R[o + 16 /* ROW_IMP */];
      finite = true;
    } else {
      // ---- normal row (direction block at o)
      const nx = R[o], ny = R[o + 1], nz = R[o + 2];
      const jAx = R[o + 3 /* ROW_JA */], jAy = R[o + 4 /* ROW_JA + 1 */], jAz = R[o + 5 /* ROW_JA + 2 */];
      const jBx = R[o + 6 /* ROW_JB */], jBy = R[o + 7 /* ROW_JB + 1 */], jBz = R[o + 8 /* ROW_JB + 2 */];
      let s: number;
      if (refresh) {
        s = R[o + 17 /* ROW_SEP */]
          + nx * (dp[b3] - dp[a3]) + ny * (dp[b3 + 1] - dp[a3 + 1]) + nz * (dp[b3 + 2] - dp[a3 + 2])
          + th[b3] * jBx + th[b3 + 1] * jBy + th[b3 + 2] * jBz
          - th[a3] * jAx - th[a3 + 1] * jAy - th[a3 + 2] * jAz;
        R[o + 20 /* ROW_CUR */] = s;
      } else {
        s = R[o + 20 /* ROW_CUR */];
      }
      let bias = 0, massScale = 1, impulseScale = 0;
      if (s > 1e-6 /* SPECULATIVE_MIN_GAP */) {
        bias = s * invH;
      } else if (biased) {
        const sc = s + slop < 0 ? s + slop : 0;
        bias = Math.max(soft.biasRate * sc, -maxPushout);
        massScale = soft.massScale;
        impulseScale = soft.impulseScale;
      }
      const vn = nx * (vBx - vAx) + ny * (vBy - vAy) + nz * (vBz - vAz)
        + jBx * wBx + jBy * wBy + jBz * wBz
        - jAx * wAx - jAy * wAy - jAz * wAz;
      const old = R[o + 16 /* ROW_IMP */];
      // the soft row leaks only the impulse above the manifold's rest load (0 unless `rest-load.ts` runs)
      let l = -R[o + 15 /* ROW_EM */] * massScale * (vn + bias) - impulseScale * (old - Math.min(rl[c], old));
      total = old + l > 0 ? old + l : 0;
      l = total - old;
      R[o + 16 /* ROW_IMP */] = total;
      if (l > R[o + 19 /* ROW_MAXN */]) R[o + 19 /* ROW_MAXN */] = l;
      vAx -= mA * l * nx; vAy -= mA * l * ny; vAz -= mA * l * nz;
      vBx += mB * l * nx; vBy += mB * l * ny; vBz += mB * l * nz;
      wAx -= l * R[o + 9 /* ROW_IA */]; wAy -= l * R[o + 10 /* ROW_IA + 1 */]; wAz -= l * R[o + 11 /* ROW_IA + 2 */];
      wBx += l * R[o + 12 /* ROW_IB */]; wBy += l * R[o + 13 /* ROW_IB + 1 */]; wBz += l * R[o + 14 /* ROW_IB + 2 */];
      finite = vn - vn === 0;
    }

    // ---- friction rows (direction blocks at o1 = t1, o2 = t2 of the friction record f that the point names:
    // its own, or its manifold's at the manifold's last point, after all its normal rows; the points before
    // that take none)
    if (fr < 0) {
      v[a3] = vAx; v[a3 + 1] = vAy; v[a3 + 2] = vAz; w[a3] = wAx; w[a3 + 1] = wAy; w[a3 + 2] = wAz;
      v[b3] = vBx; v[b3 + 1] = vBy; v[b3 + 2] = vBz; w[b3] = wBx; w[b3 + 1] = wBy; w[b3 + 2] = wBz;
      continue;
    }
    const fk = F[f + 36 /* FR_K */], central = fk > 1;
    const o1 = f, o2 = f + 15 /* ROW_DIR */;
    // the disk's radius: μ λ_n, or Σ μ_i λ_n,i over the manifold's points
    let maxF = R[o + 18 /* ROW_MU */] * total;
    if (central) {
      // written out, in the points' order (k ≤ 4): a loop here let V8 compile the sweep on the stack at its entry,
      // with the bodies' velocities boxed (the step allocated up to 31 KB on Box3D's pile of 400)
      const p3 = o - 3 * 28 /* ROW_STRIDE */, p2 = o - 2 * 28 /* ROW_STRIDE */, p1 = o - 28 /* ROW_STRIDE */;
      maxF = fk > 3 ? R[p3 + 18 /* ROW_MU */] * R[p3 + 16 /* ROW_IMP */] : 0;
      if (fk > 2) maxF += R[p2 + 18 /* ROW_MU */] * R[p2 + 16 /* ROW_IMP */];
      maxF += R[p1 + 18 /* ROW_MU */] * R[p1 + 16 /* ROW_IMP */];
      maxF += R[o + 18 /* ROW_MU */] * R[o + 16 /* ROW_IMP */];
    }
    if (levers) {
      // the lever rotation of the substep's middle (leverRotation): ω × (θ × r), θ = Δθ + (h/2) ω
      const halfH = 0.5 / invH;
      const aX = th[a3] + halfH * wAx, aY = th[a3 + 1] + halfH * wAy, aZ = th[a3 + 2] + halfH * wAz;
      const bX = th[b3] + halfH * wBx, bY = th[b3 + 1] + halfH * wBy, bZ = th[b3 + 2] + halfH * wBz;
      // |ω|² |θ|² of each body: the term is at most |ω_A| |θ_A| |r_A| + |ω_B| |θ_B| |r_B|, left out (0) below
      // LEVER_MIN_SPIN_ANGLE² on both bodies (a body at rest: |ω| ≤ 1e-4 rad/s in a standing pyramid)
      const kA = (wAx * wAx + wAy * wAy + wAz * wAz) * (aX * aX + aY * aY + aZ * aZ);
      const kB = (wBx * wBx + wBy * wBy + wBz * wBz) * (bX * bX + bY * bY + bZ * bZ);
      if (kA < 1e-9 * 1e-9 /* LEVER_MIN_SPIN_ANGLE² */ && kB < 1e-9 * 1e-9 /* LEVER_MIN_SPIN_ANGLE² */) {
        F[f + 34 /* FR_ROT */] = 0; F[f + 35 /* FR_ROT + 1 */] = 0;
      } else {
        // the levers of the point, or of the manifold's centre
        const rAx = F[f + 37 /* FR_RA */], rAy = F[f + 38 /* FR_RA + 1 */], rAz = F[f + 39 /* FR_RA + 2 */];
        const rBx = F[f + 40 /* FR_RB */], rBy = F[f + 41 /* FR_RB + 1 */], rBz = F[f + 42 /* FR_RB + 2 */];
        const cAx = aY * rAz - aZ * rAy, cAy = aZ * rAx - aX * rAz, cAz = aX * rAy - aY * rAx;
        const cBx = bY * rBz - bZ * rBy, cBy = bZ * rBx - bX * rBz, cBz = bX * rBy - bY * rBx;
        const ux = wBy * cBz - wBz * cBy - (wAy * cAz - wAz * cAy);
        const uy = wBz * cBx - wBx * cBz - (wAz * cAx - wAx * cAz);
        const uz = wBx * cBy - wBy * cBx - (wAx * cAy - wAy * cAx);
        F[f + 34 /* FR_ROT */] = F[o1] * ux + F[o1 + 1] * uy + F[o1 + 2] * uz;
        F[f + 35 /* FR_ROT + 1 */] = F[o2] * ux + F[o2 + 1] * uy + F[o2 + 2] * uz;
      }
    }
    const old1 = F[f + 32 /* FR_IMP */], old2 = F[f + 33 /* FR_IMP + 1 */];
    const oldW = central ? F[f + 50 /* FR_WIMP */] : 0;
    // A point left without impulse (speculative or separating: λ_n = 0) and without friction impulse
    // has a friction disk of radius 0: its friction rows would project onto 0 and add nothing (zeros
    // of either sign). They are skipped, unless the velocities are not finite (vn − vn ≠ 0), where the
    // rows would spread the NaN as before.
    if ((central ? maxF === 0 : total === 0) && old1 === 0 && old2 === 0 && oldW === 0 && finite) {
      v[a3] = vAx; v[a3 + 1] = vAy; v[a3 + 2] = vAz; w[a3] = wAx; w[a3 + 1] = wAy; w[a3 + 2] = wAz;
      v[b3] = vBx; v[b3 + 1] = vBy; v[b3 + 2] = vBz; w[b3] = wBx; w[b3 + 1] = wBy; w[b3 + 2] = wBz;
      continue;
    }
    const t1x = F[o1], t1y = F[o1 + 1], t1z = F[o1 + 2];
    const t2x = F[o2], t2y = F[o2 + 1], t2z = F[o2 + 2];
    const dvx = vBx - vAx, dvy = vBy - vAy, dvz = vBz - vAz;
    const vt1 = t1x * dvx + t1y * dvy + t1z * dvz
      + F[o1 + 6 /* ROW_JB */] * wBx + F[o1 + 7 /* ROW_JB + 1 */] * wBy + F[o1 + 8 /* ROW_JB + 2 */] * wBz
      - F[o1 + 3 /* ROW_JA */] * wAx - F[o1 + 4 /* ROW_JA + 1 */] * wAy - F[o1 + 5 /* ROW_JA + 2 */] * wAz + F[f + 34 /* FR_ROT */];
    const vt2 = t2x * dvx + t2y * dvy + t2z * dvz
      + F[o2 + 6 /* ROW_JB */] * wBx + F[o2 + 7 /* ROW_JB + 1 */] * wBy + F[o2 + 8 /* ROW_JB + 2 */] * wBz
      - F[o2 + 3 /* ROW_JA */] * wAx - F[o2 + 4 /* ROW_JA + 1 */] * wAy - F[o2 + 5 /* ROW_JA + 2 */] * wAz + F[f + 35 /* FR_ROT + 1 */];
    // each row with its own effective mass; a point that slides (outside the disk) takes one step of their
    // common mass m̄ = 2 / (1/m_t1 + 1/m_t2) along the slip instead, then the disk: at the sweep's fixed point
    // its friction then opposes its slip (README "Friction rows")
    const m1 = F[f + 30 /* FR_EM */], m2 = F[f + 31 /* FR_EM + 1 */];
    let t1 = old1 - m1 * vt1;
    let t2 = old2 - m2 * vt2;
    let len2 = t1 * t1 + t2 * t2;
    // a manifold: one budget for its tangent and twist rows, projected together, |F|² + (λ_w / d̄)² ≤ (Σ μ_i λ_n,i)²
    // (with a budget each, a face sliding while it spins took twice the friction: a cube at 1.12 m/s and 6 rad/s
    // slowed to 0.30 m/s in 10 steps, 0.98 m/s per point, 0.82 m/s so). The twist row is solved after the tangent
    // rows' unprojected update, n · (ω_B − ω_A) taking their change Σ_d Δλ_d n · (I_A⁻¹ (r̄_A × t_d) + I_B⁻¹ (r̄_B × t_d))
    // (the coupling, packed):
    // solved from the same velocities, the three rows ignored their coupling, which is strong on a thin body
    // (a 42 kg capsule landing at 39 m/s and 97 rad/s on the ends of its axis left at 1860 rad/s, +20 % of the
    // scene's energy in a step; fuzz seed 754)
    let twj = 0;
    if (central) {
      const vw0 = R[o] * (wBx - wAx) + R[o + 1] * (wBy - wAy) + R[o + 2] * (wBz - wAz)
        + (t1 - old1) * F[f + 52 /* FR_CPL */] + (t2 - old2) * F[f + 53 /* FR_CPL + 1 */];
      twj = oldW - F[f + 49 /* FR_WEM */] * vw0;
      const q = twj / F[f + 51 /* FR_REACH */];
      const g2 = len2 + q * q;
      if (g2 > maxF * maxF) { const sc = maxF / Math.sqrt(g2); t1 *= sc; t2 *= sc; twj *= sc; }
      len2 = 0;
    }
    if (len2 > maxF * maxF) {
      if (m1 !== m2) {
        const m = 2 * m1 * m2 / (m1 + m2);
        t1 = old1 - m * vt1; t2 = old2 - m * vt2;
        len2 = t1 * t1 + t2 * t2;
      }
      if (len2 > maxF * maxF) {
        const sc = maxF / Math.sqrt(len2);
        t1 *= sc; t2 *= sc;
      }
    }
    F[f + 32 /* FR_IMP */] = t1; F[f + 33 /* FR_IMP + 1 */] = t2;
    const l1 = t1 - old1, l2 = t2 - old2;
    const px = l1 * t1x + l2 * t2x;
    const py = l1 * t1y + l2 * t2y;
    const pz = l1 * t1z + l2 * t2z;
    vAx -= mA * px; vAy -= mA * py; vAz -= mA * pz;
    vBx += mB * px; vBy += mB * py; vBz += mB * pz;
    wAx -= l1 * F[o1 + 9 /* ROW_IA */] + l2 * F[o2 + 9 /* ROW_IA */];
    wAy -= l1 * F[o1 + 10 /* ROW_IA + 1 */] + l2 * F[o2 + 10 /* ROW_IA + 1 */];
    wAz -= l1 * F[o1 + 11 /* ROW_IA + 2 */] + l2 * F[o2 + 11 /* ROW_IA + 2 */];
    wBx += l1 * F[o1 + 12 /* ROW_IB */] + l2 * F[o2 + 12 /* ROW_IB */];
    wBy += l1 * F[o1 + 13 /* ROW_IB + 1 */] + l2 * F[o2 + 13 /* ROW_IB + 1 */];
    wBz += l1 * F[o1 + 14 /* ROW_IB + 2 */] + l2 * F[o2 + 14 /* ROW_IB + 2 */];
    if (central) {
      // the twist row (projected above with the tangent rows): n · (ω_B − ω_A) → 0
      const tw = twj;
      F[f + 50 /* FR_WIMP */] = tw;
      const lw = tw - oldW;
      wAx -= lw * F[f + 43 /* FR_WIA */]; wAy -= lw * F[f + 44 /* FR_WIA + 1 */]; wAz -= lw * F[f + 45 /* FR_WIA + 2 */];
      wBx += lw * F[f + 46 /* FR_WIB */]; wBy += lw * F[f + 47 /* FR_WIB + 1 */]; wBz += lw * F[f + 48 /* FR_WIB + 2 */];
    }
    v[a3] = vAx; v[a3 + 1] = vAy; v[a3 + 2] = vAz; w[a3] = wAx; w[a3 + 1] = wAy; w[a3 + 2] = wAz;
    v[b3] = vBx; v[b3 + 1] = vBy; v[b3 + 2] = vBz; w[b3] = wBx; w[b3 + 1] = wBy; w[b3 + 2] = wBz;
  }
}

/**
 * Restitution pass after the substeps (Box2D v3 `b2ApplyRestitution`): for points that approached
 * faster than `threshold` and carried a normal impulse, drive the normal relative velocity to
 * −e·v_n(assembly), keeping λ_n ≥ 0. Points `from` … `to` − 1 (default: all), one after the other.
 */
export function applyRestitution(
  p: ConstraintProblem, sb: SolverBodies, threshold: number, from = 0, to = p.contactCount,
): void {
  const v = sb.v, w = sb.w, im = sb.invMass;
  const dir = p.direction, jA = p.angularA, jB = p.angularB, iA = p.invInertiaAngularA, iB = p.invInertiaAngularB;
  const imp = p.impulse, em = p.effectiveMass;
  for (let c = from; c < to; c++) {
    const e = p.restitution[c];
    const rv = p.relativeVelocity[c];
    if (e === 0 || rv > -threshold || p.maxNormalImpulse[c] === 0) continue;
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c, c9 = 9 * c;
    const nx = dir[c9], ny = dir[c9 + 1], nz = dir[c9 + 2];
    const vn = nx * (v[b3] - v[a3]) + ny * (v[b3 + 1] - v[a3 + 1]) + nz * (v[b3 + 2] - v[a3 + 2])
      + jB[c9] * w[b3] + jB[c9 + 1] * w[b3 + 1] + jB[c9 + 2] * w[b3 + 2]
      - jA[c9] * w[a3] - jA[c9 + 1] * w[a3 + 1] - jA[c9 + 2] * w[a3 + 2];
    const old = imp[c3];
    let l = -em[c3] * (vn + e * rv);
    const total = old + l > 0 ? old + l : 0;
    l = total - old;
    imp[c3] = total;
    const mA = im[a], mB = im[b];
    v[a3] -= mA * l * nx; v[a3 + 1] -= mA * l * ny; v[a3 + 2] -= mA * l * nz;
    v[b3] += mB * l * nx; v[b3 + 1] += mB * l * ny; v[b3 + 2] += mB * l * nz;
    w[a3] -= l * iA[c9]; w[a3 + 1] -= l * iA[c9 + 1]; w[a3 + 2] -= l * iA[c9 + 2];
    w[b3] += l * iB[c9]; w[b3 + 1] += l * iB[c9 + 1]; w[b3 + 2] += l * iB[c9 + 2];
  }
}

/**
 * {@link applyRestitution} on the packed rows (restitution and approach speed from the problem), with
 * the eligible points of one manifold solved as one block: their rigid normal rows with the targets
 * J_n v ≥ −e v⁻ are one LCP (the block's, see `solveBlockLcp` (`normal-block-lcp.ts`)), so the corners of a face that
 * lands flat rebound together. Returns the largest impulse change (unit: N·s).
 */
export function applyRestitutionRows(r: PackedRows, p: ConstraintProblem, sb: SolverBodies, threshold: number): number {
  const v = sb.v, w = sb.w, im = sb.invMass, R = r.data;
  const blk = r.block, M = blk.M, q = blk.q, x = blk.x;
  let change = 0;
  // its first pass does nothing (README "Loops compiled on the stack")
  for (let c = -1; c < p.contactCount;) {
    if (c < 0) { c = 0; continue; }
    const o = 28 /* ROW_STRIDE */ * c;
    // a manifold marked −1 (no Delassus block packed) takes its rows one after the other
    const kr = R[o + 21 /* ROW_BLK */] | 0, k = kr > 16 /* REST_BLOCK */ ? kr - 16 /* REST_BLOCK */ : kr > 0 ? kr : 1;
    // the eligible points of the block (bit i for point c + i)
    let mask = 0, count = 0;
    for (let i = 0; i < k; i++) {
      const ci = c + i;
      if (p.restitution[ci] === 0 || p.relativeVelocity[ci] > -threshold || R[o + 28 /* ROW_STRIDE */ * i + 19 /* ROW_MAXN */] === 0) continue;
      mask |= 1 << i; count++;
    }
    if (count === 0) { c += k; continue; }
    const a = p.bodyA[c], b = p.bodyB[c];
    const a3 = 3 * a, b3 = 3 * b, mA = im[a], mB = im[b];
    const nx = R[o], ny = R[o + 1], nz = R[o + 2];
    if (count >= 2) {
      // the LCP over the eligible points, numbered 0 .. count − 1 in order
      let ok = true;
      for (let i = 0, u = 0; i < k; i++) {
        if ((mask >> i & 1) === 0) continue;
        const oi = o + 28 /* ROW_STRIDE */ * i;
        const vn = nx * (v[b3] - v[a3]) + ny * (v[b3 + 1] - v[a3 + 1]) + nz * (v[b3 + 2] - v[a3 + 2])
          + R[oi + 6 /* ROW_JB */] * w[b3] + R[oi + 7 /* ROW_JB + 1 */] * w[b3 + 1] + R[oi + 8 /* ROW_JB + 2 */] * w[b3 + 2]
          - R[oi + 3 /* ROW_JA */] * w[a3] - R[oi + 4 /* ROW_JA + 1 */] * w[a3 + 1] - R[oi + 5 /* ROW_JA + 2 */] * w[a3 + 2];
        if (!(vn - vn === 0)) ok = false;
        let qi = vn + p.restitution[c + i] * p.relativeVelocity[c + i];
        for (let j = 0, t = 0; j < k; j++) {
          if ((mask >> j & 1) === 0) continue;
          const aij = R[oi + 22 /* ROW_DEL */ + j];
          qi -= aij * R[o + 28 /* ROW_STRIDE */ * j + 16 /* ROW_IMP */];
          M[4 * u + t] = aij;
          t++;
        }
        q[u] = qi;
        blk.lam[u] = R[oi + 16 /* ROW_IMP */];
        u++;
      }
      if (ok && solveBlockLcp(blk, count)) {
        let P = 0, uAx = 0, uAy = 0, uAz = 0, uBx = 0, uBy = 0, uBz = 0;
        for (let i = 0, u = 0; i < k; i++) {
          if ((mask >> i & 1) === 0) continue;
          const oi = o + 28 /* ROW_STRIDE */ * i;
          const l = x[u++] - R[oi + 16 /* ROW_IMP */];
          R[oi + 16 /* ROW_IMP */] += l;
          if (Math.abs(l) > change) change = Math.abs(l);
          P += l;
          uAx += l * R[oi + 9 /* ROW_IA */]; uAy += l * R[oi + 10 /* ROW_IA + 1 */]; uAz += l * R[oi + 11 /* ROW_IA + 2 */];
          uBx += l * R[oi + 12 /* ROW_IB */]; uBy += l * R[oi + 13 /* ROW_IB + 1 */]; uBz += l * R[oi + 14 /* ROW_IB + 2 */];
        }
        v[a3] -= mA * P * nx; v[a3 + 1] -= mA * P * ny; v[a3 + 2] -= mA * P * nz;
        v[b3] += mB * P * nx; v[b3 + 1] += mB * P * ny; v[b3 + 2] += mB * P * nz;
        w[a3] -= uAx; w[a3 + 1] -= uAy; w[a3 + 2] -= uAz;
        w[b3] += uBx; w[b3 + 1] += uBy; w[b3 + 2] += uBz;
        c += k;
        continue;
      }
    }
    // one point, or no active set passed: the rows one after the other
    for (let i = 0; i < k; i++) {
      if ((mask >> i & 1) === 0) continue;
      const oi = o + 28 /* ROW_STRIDE */ * i;
      const vn = nx * (v[b3] - v[a3]) + ny * (v[b3 + 1] - v[a3 + 1]) + nz * (v[b3 + 2] - v[a3 + 2])
        + R[oi + 6 /* ROW_JB */] * w[b3] + R[oi + 7 /* ROW_JB + 1 */] * w[b3 + 1] + R[oi + 8 /* ROW_JB + 2 */] * w[b3 + 2]
        - R[oi + 3 /* ROW_JA */] * w[a3] - R[oi + 4 /* ROW_JA + 1 */] * w[a3 + 1] - R[oi + 5 /* ROW_JA + 2 */] * w[a3 + 2];
      const old = R[oi + 16 /* ROW_IMP */];
      let l = -R[oi + 15 /* ROW_EM */] * (vn + p.restitution[c + i] * p.relativeVelocity[c + i]);
      const total = old + l > 0 ? old + l : 0;
      l = total - old;
      R[oi + 16 /* ROW_IMP */] = total;
      if (l === 0) continue;
      if (Math.abs(l) > change) change = Math.abs(l);
      v[a3] -= mA * l * nx; v[a3 + 1] -= mA * l * ny; v[a3 + 2] -= mA * l * nz;
      v[b3] += mB * l * nx; v[b3 + 1] += mB * l * ny; v[b3 + 2] += mB * l * nz;
      w[a3] -= l * R[oi + 9 /* ROW_IA */]; w[a3 + 1] -= l * R[oi + 10 /* ROW_IA + 1 */]; w[a3 + 2] -= l * R[oi + 11 /* ROW_IA + 2 */];
      w[b3] += l * R[oi + 12 /* ROW_IB */]; w[b3 + 1] += l * R[oi + 13 /* ROW_IB + 1 */]; w[b3 + 2] += l * R[oi + 14 /* ROW_IB + 2 */];
    }
    c += k;
  }
  return change;
}
