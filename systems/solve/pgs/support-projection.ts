/**
 * Support projection (fast mode, experiment switch `supportProjection`, off by default): after a step's
 * substeps, the overlap the soft contacts leave is removed on positions, lower bodies first, each
 * manifold moving only its upper body. This is the shock propagation of Guendelman, Bridson & Fedkiw
 * 2003 §6 on positions (the bodies of a lower level of the contact graph are held fixed, infinite mass,
 * while the level above is corrected), with the penetration measured again from the current poses at
 * every point (the nonlinear position correction of Erleben 2007, §"stabilization").
 *
 * Why it was tried: at rest the soft contact of the solve sweeps balances its load at a separation
 * s = −F / (m_eff ω²) (`README.md`, "Known limit"), so a stack of n boxes sinks by the sum of its
 * contacts' compressions, quadratic in n (a 20-cube stack 28 mm). Moving each upper body out of its
 * support, bottom level first, removes the whole stack's compression in one pass; the velocities are
 * not touched.
 *
 * Why it is off (measured, `README.md`): the projection removes every overlap it visits (after it no point
 * of a 20-cube stack is deeper than the slop), but the soft rows still balance their loads only at
 * s = −F / (m_eff ω²), so in the next step they let the structure fall back towards that compression
 * (the 20-stack's top 3.8 mm per step, lifted again by the projection): the stack never rests within a
 * step, the corner-after-corner rows feed a sway (0.5 m over 10 s) and Pyramid(50)'s boxes tilt and
 * climb (top 17 cm higher after 3 s).
 *
 * Levels: 0 for static and kinematic bodies; a dynamic body's level is one more than the lowest level
 * of a body it touches through a loaded manifold (a point with a normal impulse this step), found by a
 * breadth-first search over those manifolds. Bodies no loaded manifold joins to a static body keep the
 * level {@link UNREACHED}.
 *
 * Per manifold, in order of its upper level (the larger of its two bodies' levels), each point's
 * current separation s_i is measured from the pose deltas (the anchors rotated exactly):
 *   s_i = n·((Δp_B + Δq_B r_B) − (Δp_A + Δq_A r_A)) + (s₀ − n·(r_B − r_A))
 * and the manifold's bodies are moved apart along n by d = min(max_i(−s_i) − slop, maxCorrection) when
 * positive: all of it on the upper body when the levels differ, shared by inverse mass when they are
 * equal. Translations only (a per-point correction with rotation, one corner after the other, tilted
 * the boxes by the order of their corners and the stacks fell).
 *
 * No allocation once the arrays have grown to the scene.
 */

import { growInt32, nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';

/** Level of a dynamic body that no loaded manifold joins to a static or kinematic body. */
export const UNREACHED = 0x3fffffff;

/** Overlap left in place by the projection (unit: m). */
export const PROJECTION_SLOP = 2.5e-4;

/** Largest move of a manifold's bodies per step (unit: m); deeper overlaps are left to the solve sweeps'
 * push-out. */
export const MAX_PROJECTION = 0.02;

export interface SupportProjection {
  /** `[bodies]` level of each solver body (see the header). */
  level: Int32Array;
  /** `[bodies + 1]` CSR offsets of each body's loaded manifolds in {@link adjacency}. */
  start: Int32Array;
  /** `[2 × manifolds]` first point index of each loaded manifold, listed under both its bodies. */
  adjacency: Int32Array;
  /** `[bodies]` breadth-first queue. */
  queue: Int32Array;
  /** `[manifolds]` first point of each manifold, in the problem's order. */
  first: Int32Array;
  /** `[manifolds]` first points in order of upper level. */
  order: Int32Array;
  /** `[levels + 2]` counting-sort buckets. */
  bucket: Int32Array;
}

export function createSupportProjection(): SupportProjection {
  return {
    level: new Int32Array(16), start: new Int32Array(17), adjacency: new Int32Array(32), queue: new Int32Array(16),
    first: new Int32Array(16), order: new Int32Array(16), bucket: new Int32Array(16),
  };
}

function ensure(a: Int32Array, n: number): Int32Array {
  return a.length >= n ? a : growInt32(a, nextCapacity(a.length, n));
}

/** One past the last point of the manifold whose first point is c (its points are consecutive, share
 * the store's manifold slot `storeIndex >> 2` and the two bodies). */
function manifoldEnd(p: ConstraintProblem, c: number): number {
  const m = p.storeIndex[c] >> 2, n = p.contactCount, a = p.bodyA[c], b = p.bodyB[c];
  let e = c + 1;
  while (e < n && p.storeIndex[e] >> 2 === m && p.bodyA[e] === a && p.bodyB[e] === b) e++;
  return e;
}

/** Whether the manifold of points c … e − 1 carried a normal impulse this step. */
function loaded(p: ConstraintProblem, c: number, e: number): boolean {
  for (let i = c; i < e; i++) if (p.impulse[3 * i] > 0) return true;
  return false;
}

/**
 * Moves the bodies out of their supports in the pose deltas `sb.dp` (see the header). Call after the
 * step's substeps, with the step's impulses in `p.impulse` (they mark the loaded manifolds).
 */
export function projectSupports(s: SupportProjection, p: ConstraintProblem, sb: SolverBodies): void {
  const n = p.contactCount, nb = sb.count;
  if (n === 0) return;
  const im = sb.invMass;
  s.first = ensure(s.first, n);
  s.order = ensure(s.order, n);
  s.start = ensure(s.start, nb + 1);
  s.adjacency = ensure(s.adjacency, 2 * n);
  s.level = ensure(s.level, nb);
  s.queue = ensure(s.queue, nb);
  const first = s.first, start = s.start, adj = s.adjacency, level = s.level, queue = s.queue;
  // manifolds (first points) and the CSR adjacency of the loaded ones by body (`order` holds 1 for a
  // loaded manifold until the sort)
  let mc = 0;
  start.fill(0, 0, nb + 1);
  for (let c = 0; c < n;) {
    const e = manifoldEnd(p, c);
    const isLoaded = loaded(p, c, e);
    s.order[mc] = isLoaded ? 1 : 0;
    first[mc++] = c;
    if (isLoaded) { start[p.bodyA[c] + 1]++; start[p.bodyB[c] + 1]++; }
    c = e;
  }
  for (let i = 0; i < nb; i++) start[i + 1] += start[i];
  for (let k = 0; k < mc; k++) {
    if (s.order[k] === 0) continue;
    const c = first[k];
    adj[start[p.bodyA[c]]++] = c;
    adj[start[p.bodyB[c]]++] = c;
  }
  // the fill advanced start[i] to the old start[i + 1]: shift back
  for (let i = nb; i > 0; i--) start[i] = start[i - 1];
  start[0] = 0;
  // breadth-first levels from the static and kinematic bodies
  let head = 0, tail = 0, maxLevel = 0;
  for (let i = 0; i < nb; i++) {
    if (im[i] === 0) { level[i] = 0; queue[tail++] = i; } else level[i] = UNREACHED;
  }
  while (head < tail) {
    const i = queue[head++], next = level[i] + 1;
    for (let k = start[i]; k < start[i + 1]; k++) {
      const c = adj[k], j = p.bodyA[c] === i ? p.bodyB[c] : p.bodyA[c];
      if (level[j] !== UNREACHED) continue;
      level[j] = next;
      if (next > maxLevel) maxLevel = next;
      queue[tail++] = j;
    }
  }
  // manifolds in order of their upper level (counting sort, stable; unreached last)
  const levels = maxLevel + 2;
  s.bucket = ensure(s.bucket, levels + 1);
  const bucket = s.bucket, order = s.order;
  bucket.fill(0, 0, levels + 1);
  for (let k = 0; k < mc; k++) bucket[upperLevel(p, level, first[k], maxLevel) + 1]++;
  for (let l = 0; l < levels; l++) bucket[l + 1] += bucket[l];
  for (let k = 0; k < mc; k++) order[bucket[upperLevel(p, level, first[k], maxLevel)]++] = first[k];
  for (let k = 0; k < mc; k++) projectManifold(p, sb, level, order[k]);
}

/** The larger level of the manifold's two bodies (unreached: maxLevel + 1). */
function upperLevel(p: ConstraintProblem, level: Int32Array, c: number, maxLevel: number): number {
  const la = level[p.bodyA[c]], lb = level[p.bodyB[c]];
  const l = la > lb ? la : lb;
  return l === UNREACHED ? maxLevel + 1 : l;
}

/** Current separation of point c from the pose deltas, the anchors rotated exactly (unit: m). */
export function exactSeparation(p: ConstraintProblem, sb: SolverBodies, c: number): number {
  const d = p.direction, o = 9 * c, nx = d[o], ny = d[o + 1], nz = d[o + 2];
  return p.baseSeparation[c]
    + movedAnchorAlong(sb, p.bodyB[c], p.rB, 3 * c, nx, ny, nz)
    - movedAnchorAlong(sb, p.bodyA[c], p.rA, 3 * c, nx, ny, nz);
}

/** n·(Δp + Δq r) for body i's anchor r = `r[ro..ro+2]` (Δq r: the quaternion rotation, written out). */
function movedAnchorAlong(sb: SolverBodies, i: number, r: Float64Array, ro: number, nx: number, ny: number, nz: number): number {
  const q = sb.dq, qo = 4 * i, i3 = 3 * i, dp = sb.dp;
  const qx = q[qo], qy = q[qo + 1], qz = q[qo + 2], qw = q[qo + 3];
  const vx = r[ro], vy = r[ro + 1], vz = r[ro + 2];
  const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
  const x = vx + qw * tx + (qy * tz - qz * ty) + dp[i3];
  const y = vy + qw * ty + (qz * tx - qx * tz) + dp[i3 + 1];
  const z = vz + qw * tz + (qx * ty - qy * tx) + dp[i3 + 2];
  return nx * x + ny * y + nz * z;
}

/** Moves the bodies of the manifold whose first point is c apart along its normal (see the header). */
function projectManifold(p: ConstraintProblem, sb: SolverBodies, level: Int32Array, c: number): void {
  const a = p.bodyA[c], b = p.bodyB[c], im = sb.invMass;
  const wa = im[a], wb = im[b];
  if (wa === 0 && wb === 0) return;
  const e = manifoldEnd(p, c);
  let deepest = 0;
  for (let i = c; i < e; i++) {
    const depth = -exactSeparation(p, sb, i);
    if (depth > deepest) deepest = depth;
  }
  let move = deepest - PROJECTION_SLOP;
  if (!(move > 0)) return;
  if (move > MAX_PROJECTION) move = MAX_PROJECTION;
  // shares of A and B: the upper body alone when the levels differ, else by inverse mass
  const la = level[a], lb = level[b];
  let shareA: number, shareB: number;
  if (wa === 0 || la < lb) { shareA = 0; shareB = 1; } else if (wb === 0 || lb < la) { shareA = 1; shareB = 0; } else {
    shareA = wa / (wa + wb); shareB = wb / (wa + wb);
  }
  const d = p.direction, o = 9 * c, dp = sb.dp;
  const nx = d[o], ny = d[o + 1], nz = d[o + 2];
  if (shareB > 0) {
    const m = move * shareB, b3 = 3 * b;
    dp[b3] += m * nx; dp[b3 + 1] += m * ny; dp[b3 + 2] += m * nz;
  }
  if (shareA > 0) {
    const m = move * shareA, a3 = 3 * a;
    dp[a3] -= m * nx; dp[a3 + 1] -= m * ny; dp[a3 + 2] -= m * nz;
  }
}
