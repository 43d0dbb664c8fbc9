/**
 * Continuous collision of fast and thin bodies against static geometry, after the integration (the
 * step's last stage before sleeping). Box2D v3's rule (`b2FinalizeBodiesTask` / `b2SolveContinuous`,
 * Catto 2023/2024): a body is "fast" when its motion in the step,
 *
 *   d = |Δp| + 2 sin(Δθ/2) · R_max          (R_max: the farthest collider point from the centre of mass)
 *
 * exceeds half its thinnest dimension R_min (sphere or capsule radius, smallest box half extent). Only
 * then can the discrete step carry it deeper into a static collider than a fraction of its own
 * thickness: a 0.18 m thin box hit on one corner at 45 m/s spins up to 35 rad/s in the solve and its
 * far end swings 0.3 m into the ground within the step; the penetration is then recovered by position
 * correction, which raises the energy (+1085 % in one step) with restitution 0.
 *
 * For each fast body: the static colliders the box swept by its path meets (the static tree queried with
 * its centre's segment from the start to the end of the step grown by R_max, and the planes; Box2D v3's
 * continuous pass queries the static tree with the union of the start and end boxes), whose separation
 * at the step start is s₀ (0 when apart) are checked at the end pose; when one is more than
 * `R_min / 4` deeper than min(s₀, 0), the step's path (position lerp, orientation nlerp from the
 * start pose to the end pose) is sampled at intervals of at most R_min / 2 of motion, the first sample
 * past half that depth is bisected, and the body is put at the last pose before it (its velocities are
 * kept: Box2D places a body at its time of impact the same way, and the next step's speculative contacts
 * stop it; ω is kept in body axes, i.e. turned back with the body: kept in the world, it met the inertia
 * of the earlier pose, and a thin body's rotational energy changed with the turn, fuzz seed mdp 3376: a
 * 224 kg thin body of inertias 208, 208, 0.32 kg·m², put back at its time of impact, gained 111 kJ, +51 % of
 * its energy in a step). Separations come from the narrowphase's collide functions with an unbounded margin, so every
 * shape pair the narrowphase knows is handled. Dynamic–dynamic pairs are left to the discrete step.
 * The candidates were the statics the body had a manifold with (the speculative pairs, swept along the
 * velocity of the step's start), which miss a static body the solve turns a body towards: fuzz seed 9091
 * (maximum-dissipation), a 0.028 kg thin box (half extents 1.8 × 0.8 × 0.13 m) on a hinge to a 79 kg box
 * spinning at 6 rad/s, leaving a static box's side at 16 m/s, was whipped back at 54 m/s within the step
 * and ended 0.5 m inside the static box, whose least-penetration face was then its bottom, lying on the
 * ground: pressed down by that face and up by the ground, it sank 1.5 to 3 cm per step until its centre
 * was under the ground.
 * A jointed body goes back with its whole joint group (the dynamic bodies connected to it through enabled
 * joints), every body of it to the same fraction of its own path, and the group's velocities scale by
 * one factor: the joints stay as the step left them. A light body whipped by a heavy jointed one passes
 * through the ground within a step (fuzz seed 298: a 0.026 kg body on a slider 34 m from a spinning
 * 56 kg body, 1.8 m under the ground after the first step); moved back alone it opened its joints, and
 * their position correction then added the energy the move had saved (23 of 200 fuzz scenes ran away).
 * Moving a group back along straight paths opens its joints by O(Δθ²) (8.5e-5 m on a 6-link chain
 * dropped on the ground, `test/validation/plus-joints.test.ts`): the accurate mode, whose joints end the
 * step projected to 1e-9 m, projects them again afterwards (`ConstraintSolver.reproject`, from the
 * bodies listed in `moved`).
 * No allocation once the scratch has grown.
 */

import { MotionType, type RigidBodyStore } from '../../components/rigid-body';
import { ShapeKind, type ColliderStore } from '../../components/collider';
import { createManifoldOut, POSED_AXES, POSED_WITH_AXES, type CollideContext, type ManifoldOut, type PosedShape } from '../narrowphase/manifold';
import { getCollideFn } from '../narrowphase/collide-table';
import { quatRotate, quatRotateInverse, quatToMat3 } from '../../math/quat';
import { growFloat64, growInt32, nextCapacity } from '../../components/capacity';
import type { SolverBodies } from '../assembly/solver-bodies';
import type { JointStore } from '../../components/joint';
import { shouldCollide, type BroadphaseState } from '../broadphase/broadphase';
import { createTreeHits, treeQuery, type TreeHits } from '../broadphase/dynamic-tree';
import { pairTableGet } from '../../components/pair-table';

/** Fraction of the thinnest dimension a body may move per step before it is checked (Box2D v3: 0.5). */
const FAST_FRACTION = 0.5;
/** Extra penetration (fraction of the thinnest dimension) the discrete step may leave before the body is
 * moved back to its time of impact. */
const DEPTH_FRACTION = 0.25;
/** Bisection steps on the interval of the first sample past the depth (2⁻¹² of that interval). */
const BISECTIONS = 12;
/** The collide margin of the separation queries (unit: m): every point within it is reported. */
const FAR = 1e4;
/** Most samples along one body's path. */
const MAX_SAMPLES = 64;

/** Scratch of {@link solveContinuous}, kept on the world. */
export interface ContinuousState {
  out: ManifoldOut;
  /** Posed shapes (with axes) of the moving collider and of the static one. */
  moving: PosedShape;
  fixed: PosedShape;
  /** `[2 × n]` the candidate pairs of one body: its collider, the static collider. */
  pairs: Int32Array;
  /** `[n]` each pair's separation at the step start, or 0 when apart (unit: m). */
  start: Float64Array;
  /** `[9]` rotation matrix; `[7]` the body pose at the sampled time. */
  rot: Float64Array;
  pose: Float64Array;
  /** The fast bodies of the step: `[n]` entity; `[3 × n]` its thinnest dimension R_min, path length and
   * reach R_max (the farthest point of its colliders from its centre; unit: m). */
  fast: Int32Array;
  fastSize: Float64Array;
  /** Scratch of the static tree query ({@link sweptStatics}): the hits, the query box `[6]`. */
  hits: TreeHits;
  box: Float64Array;
  /** Scratch: `[n]` the bodies of one joint group; `[entity capacity]` 1 while a body is in it. */
  group: Int32Array;
  inGroup: Uint8Array;
  /** Bodies moved back to their time of impact in the last step (a body of two moved groups counts twice). */
  count: number;
  /** `[count]` the entities moved back in the last step, in the order moved. */
  moved: Int32Array;
  /** The narrowphase's collide context (set by each call). */
  ctx: CollideContext | undefined;
}

export function createContinuousState(): ContinuousState {
  return {
    out: createManifoldOut(),
    moving: new Float64Array(POSED_WITH_AXES),
    fixed: new Float64Array(POSED_WITH_AXES),
    pairs: new Int32Array(32),
    start: new Float64Array(16),
    rot: new Float64Array(9),
    pose: new Float64Array(7),
    fast: new Int32Array(16),
    fastSize: new Float64Array(48),
    hits: createTreeHits(),
    box: new Float64Array(6),
    group: new Int32Array(16),
    inGroup: new Uint8Array(0),
    count: 0,
    moved: new Int32Array(16),
    ctx: undefined,
  };
}

/** The joint group of body `e` into `cs.group` ({@link jointGroup}); returns its size. */
export type JointGroupFn = (cs: ContinuousState, bodies: RigidBodyStore, joints: JointStore, e: number) => number;

/** Moves the fast bodies that went too deep into static colliders back to their time of impact; a
 * jointed body goes back with its joint group. `jointGroup` is {@link jointGroup}, passed by the world's
 * joint stage (`systems/assembly/joint-stage.ts`); without it (a world that never had a joint) every
 * body goes back alone. `broadphase`: its static tree and unbounded colliders give the statics swept by
 * each fast body's path ({@link sweptStatics}). */
export function solveContinuous(
  cs: ContinuousState, sb: SolverBodies, bodies: RigidBodyStore, colliders: ColliderStore, broadphase: BroadphaseState,
  gravity: Float64Array, joints: JointStore, ctx: CollideContext, jointGroup?: JointGroupFn,
): void {
  cs.count = 0;
  cs.ctx = ctx;
  // The fast bodies first (each found before any is moved back), then each one's static pairs from the
  // static tree (a query per fast body; a scan of the manifolds per fast body had made the pass quadratic:
  // on a pile of 4000 cubes falling 60 m it took longer than the rest of the step).
  let fastCount = 0;
  for (let i = 0; i < sb.count; i++) {
    const e = sb.entity[i];
    if (bodies.motionType[e] !== MotionType.dynamic) continue;
    let thin = Infinity, reach = 0;
    for (let c = colliders.firstCollider[e]; c >= 0; c = colliders.nextCollider[c]) {
      const k = colliders.shape[c];
      if (k === ShapeKind.none || colliders.isSensor[c] === 1) continue;
      const s = colliders.size, o = 3 * c;
      const lp = colliders.localPosition;
      const offset = Math.sqrt(lp[o] * lp[o] + lp[o + 1] * lp[o + 1] + lp[o + 2] * lp[o + 2]);
      // a sphere's size is (radius, 0, 0): its reach is a capsule's with no core
      if (k === ShapeKind.sphere || k === ShapeKind.capsule) { thin = Math.min(thin, s[o]); reach = Math.max(reach, offset + s[o] + s[o + 1]); }
      else if (k === ShapeKind.box) {
        thin = Math.min(thin, s[o], s[o + 1], s[o + 2]);
        reach = Math.max(reach, offset + Math.sqrt(s[o] * s[o] + s[o + 1] * s[o + 1] + s[o + 2] * s[o + 2]));
      } else { thin = 0; } // a shape kind this pass does not know: leave the body to the discrete step
    }
    if (!(thin > 0 && thin < Infinity)) continue;
    const motion = pathLength(bodies, e, reach);
    if (!(motion > FAST_FRACTION * thin)) continue;
    if (fastCount === cs.fast.length) {
      cs.fast = growInt32(cs.fast, 2 * fastCount);
      cs.fastSize = growFloat64(cs.fastSize, 6 * fastCount);
    }
    const f3 = 3 * fastCount;
    cs.fast[fastCount] = e; cs.fastSize[f3] = thin; cs.fastSize[f3 + 1] = motion; cs.fastSize[f3 + 2] = reach;
    fastCount++;
  }
  if (fastCount === 0) return;
  for (let f = 0; f < fastCount; f++) {
    const e = cs.fast[f], thin = cs.fastSize[3 * f], motion = cs.fastSize[3 * f + 1];
    const n = sweptStatics(cs, broadphase, bodies, colliders, e, cs.fastSize[3 * f + 2]);
    if (n === 0) continue;
    const depth = DEPTH_FRACTION * thin;
    for (let k = 0; k < n; k++) cs.start[k] = Math.min(0, separationAt(cs, bodies, colliders, e, k, 0));
    if (deepest(cs, bodies, colliders, e, n, 1) >= -depth) continue;
    // walk the path in samples of at most thin/2 of motion, then bisect the first one past depth/2
    const samples = Math.min(MAX_SAMPLES, Math.ceil(motion / (FAST_FRACTION * thin)));
    let lo = 0, hi = 1;
    for (let s = 1; s <= samples; s++) {
      const t = s / samples;
      if (deepest(cs, bodies, colliders, e, n, t) < -0.5 * depth) { hi = t; break; }
      lo = t;
    }
    for (let it = 0; it < BISECTIONS; it++) {
      const t = 0.5 * (lo + hi);
      if (deepest(cs, bodies, colliders, e, n, t) < -0.5 * depth) hi = t; else lo = t;
    }
    // the body and every body jointed to it (its joint group) go back to the same fraction of the step,
    // so that the joints stay as the step left them (one body moved alone opened its joints, and their
    // position correction then added the energy the move saved)
    let size = 1;
    if (jointGroup !== undefined) size = jointGroup(cs, bodies, joints, e);
    else cs.group[0] = e;
    keepEnergy(cs, bodies, size, gravity, lo);
    for (let g = 0; g < size; g++) {
      const b = cs.group[g];
      posAt(cs, bodies, b, lo);
      const p = bodies.position, q = bodies.orientation, w = bodies.angularVelocity, b3 = 3 * b, b4 = 4 * b, P = cs.pose;
      p[b3] = P[0]; p[b3 + 1] = P[1]; p[b3 + 2] = P[2];
      // ω turns back with the body (kept in body axes), so ½ ωᵀ I ω stays that of the end pose
      quatRotateInverse(w, b3, q, b4, w, b3);
      q[b4] = P[3]; q[b4 + 1] = P[4]; q[b4 + 2] = P[5]; q[b4 + 3] = P[6];
      quatRotate(w, b3, q, b4, w, b3);
    }
    if (cs.count + size > cs.moved.length) cs.moved = growInt32(cs.moved, 2 * (cs.count + size));
    for (let g = 0; g < size; g++) cs.moved[cs.count + g] = cs.group[g];
    cs.count += size;
  }
}

/**
 * The pairs of body e's colliders with the static colliders that the box swept by its path meets, into
 * `cs.pairs`; returns their number. The box: its centre's segment from the step start to the end grown by
 * `reach` (R_max, so that it holds every point of the body along the whole path), queried in the static
 * tree, and the unbounded colliders (planes). The collision filter and the joints that do not collide
 * connected apply, as in the broadphase; sensors and the shapes other than the primitives (meshes,
 * heightfields: left to the discrete step) are left out.
 */
function sweptStatics(
  cs: ContinuousState, bp: BroadphaseState, bodies: RigidBodyStore, colliders: ColliderStore, e: number, reach: number,
): number {
  const p = bodies.position, p0 = bodies.prevPosition, e3 = 3 * e, box = cs.box, hits = cs.hits;
  for (let k = 0; k < 3; k++) {
    box[k] = Math.min(p[e3 + k], p0[e3 + k]) - reach;
    box[k + 3] = Math.max(p[e3 + k], p0[e3 + k]) + reach;
  }
  hits.count = 0;
  treeQuery(bp.staticTree, box, 0, hits);
  for (let k = 0; k < bp.unboundedCount; k++) {
    if (hits.count === hits.items.length) hits.items = growInt32(hits.items, 2 * hits.count);
    hits.items[hits.count++] = bp.unbounded[k];
  }
  const excluded = bp.excludedPairs;
  let n = 0;
  for (let h = 0; h < hits.count; h++) {
    const other = hits.items[h], ob = colliders.body[other], ko = colliders.shape[other];
    if (ob < 0 || bodies.motionType[ob] !== MotionType.static || colliders.isSensor[other] === 1) continue;
    if (!(ko >= ShapeKind.sphere && ko <= ShapeKind.plane)) continue;
    if (excluded !== undefined && excluded.size > 0 && pairTableGet(excluded, e, ob) >= 0) continue;
    for (let mine = colliders.firstCollider[e]; mine >= 0; mine = colliders.nextCollider[mine]) {
      if (colliders.shape[mine] === ShapeKind.none || colliders.isSensor[mine] === 1 || !shouldCollide(colliders, mine, other)) continue;
      if (2 * (n + 1) > cs.pairs.length) {
        cs.pairs = growInt32(cs.pairs, 2 * nextCapacity(cs.pairs.length / 2, n + 1));
        cs.start = new Float64Array(cs.pairs.length / 2);
      }
      cs.pairs[2 * n] = mine;
      cs.pairs[2 * n + 1] = other;
      n++;
    }
  }
  return n;
}

/**
 * Moving the group `cs.group[0 .. n)` back to fraction t of the step raises its potential energy by
 * ΔU = −Σ m s g · (p(t) − p(1)) (s the gravity scale); all its velocities then scale by √((K − ΔU) / K)
 * (K the group's kinetic energy, linear and angular), so the group leaves the step with the mechanical
 * energy of the discrete step, never more, and the relative velocities at its joints keep their
 * directions.
 */
function keepEnergy(cs: ContinuousState, bodies: RigidBodyStore, n: number, g: Float64Array, t: number): void {
  let dU = 0, K = 0;
  const p = bodies.position, p0 = bodies.prevPosition;
  const v = bodies.linearVelocity, w = bodies.angularVelocity, q = bodies.orientation, I = bodies.inertiaLocal;
  const s = t - 1; // p(t) − p(1) = (t − 1)(p − p0)
  for (let k = 0; k < n; k++) {
    const e = cs.group[k], e3 = 3 * e, e4 = 4 * e, m = bodies.mass[e];
    dU -= m * bodies.gravityScale[e] * s * (g[0] * (p[e3] - p0[e3]) + g[1] * (p[e3 + 1] - p0[e3 + 1]) + g[2] * (p[e3 + 2] - p0[e3 + 2]));
    // ω in body axes: Rᵀ ω (rotation by the conjugate)
    const qx = -q[e4], qy = -q[e4 + 1], qz = -q[e4 + 2], qw = q[e4 + 3];
    const wx = w[e3], wy = w[e3 + 1], wz = w[e3 + 2];
    const tx = 2 * (qy * wz - qz * wy), ty = 2 * (qz * wx - qx * wz), tz = 2 * (qx * wy - qy * wx);
    const lx = wx + qw * tx + (qy * tz - qz * ty), ly = wy + qw * ty + (qz * tx - qx * tz), lz = wz + qw * tz + (qx * ty - qy * tx);
    K += 0.5 * m * (v[e3] * v[e3] + v[e3 + 1] * v[e3 + 1] + v[e3 + 2] * v[e3 + 2])
      + 0.5 * (I[e3] * lx * lx + I[e3 + 1] * ly * ly + I[e3 + 2] * lz * lz);
  }
  if (!(dU > 0) || !(K > 0)) return;
  const k = Math.sqrt(Math.max(0, K - dU) / K);
  for (let i = 0; i < n; i++) {
    const e3 = 3 * cs.group[i];
    for (let j = 0; j < 3; j++) { v[e3 + j] *= k; w[e3 + j] *= k; }
  }
}

/**
 * Body e and the dynamic bodies connected to it through enabled joints, into `cs.group`; returns their
 * number (1 for a body without joints). A flood over the joint list, one pass per layer.
 */
export function jointGroup(cs: ContinuousState, bodies: RigidBodyStore, joints: JointStore, e: number): number {
  const cap = bodies.motionType.length;
  if (cs.inGroup.length < cap) cs.inGroup = new Uint8Array(cap);
  const inGroup = cs.inGroup, mt = bodies.motionType, dyn = MotionType.dynamic;
  cs.group[0] = e;
  inGroup[e] = 1;
  let n = 1;
  for (let grew = true; grew;) {
    grew = false;
    for (let k = 0; k < joints.count; k++) {
      const j = joints.list[k];
      if (joints.enabled[j] !== 1) continue;
      const a = joints.bodyA[j], b = joints.bodyB[j];
      const ina = a < cap && inGroup[a] === 1, inb = b < cap && inGroup[b] === 1;
      if (ina === inb) continue;
      const other = ina ? b : a;
      if (!(other < cap) || mt[other] !== dyn) continue;
      if (n === cs.group.length) cs.group = growInt32(cs.group, 2 * n);
      cs.group[n++] = other;
      inGroup[other] = 1;
      grew = true;
    }
  }
  for (let k = 0; k < n; k++) inGroup[cs.group[k]] = 0;
  return n;
}

/** |Δp| + 2 |vec(q₁ q₀⁻¹)| R: the largest distance a point within R of the centre moved (unit: m). */
function pathLength(bodies: RigidBodyStore, e: number, reach: number): number {
  const p = bodies.position, p0 = bodies.prevPosition, q = bodies.orientation, q0 = bodies.prevOrientation;
  const e3 = 3 * e, e4 = 4 * e;
  const dx = p[e3] - p0[e3], dy = p[e3 + 1] - p0[e3 + 1], dz = p[e3 + 2] - p0[e3 + 2];
  // vector part of q₁ ⊗ conj(q₀) = sin(Δθ/2) · axis
  const ax = q[e4], ay = q[e4 + 1], az = q[e4 + 2], aw = q[e4 + 3];
  const bx = -q0[e4], by = -q0[e4 + 1], bz = -q0[e4 + 2], bw = q0[e4 + 3];
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  return Math.sqrt(dx * dx + dy * dy + dz * dz) + 2 * Math.sqrt(x * x + y * y + z * z) * reach;
}

/** min over the pairs of (separation at t − min(start separation, 0)): how much deeper than at the step
 * start (or than touching, for a pair apart at the start) the body is at t (unit: m; < 0 deeper). */
function deepest(cs: ContinuousState, bodies: RigidBodyStore, colliders: ColliderStore, e: number, n: number, t: number): number {
  let d = Infinity;
  for (let k = 0; k < n; k++) d = Math.min(d, separationAt(cs, bodies, colliders, e, k, t) - cs.start[k]);
  return d;
}

/** Body pose at fraction t of the step (position lerp, orientation nlerp) into `cs.pose`. */
function posAt(cs: ContinuousState, bodies: RigidBodyStore, e: number, t: number): void {
  const p = bodies.position, p0 = bodies.prevPosition, q = bodies.orientation, q0 = bodies.prevOrientation;
  const e3 = 3 * e, e4 = 4 * e, P = cs.pose;
  for (let k = 0; k < 3; k++) P[k] = p0[e3 + k] + t * (p[e3 + k] - p0[e3 + k]);
  const sign = q[e4] * q0[e4] + q[e4 + 1] * q0[e4 + 1] + q[e4 + 2] * q0[e4 + 2] + q[e4 + 3] * q0[e4 + 3] < 0 ? -1 : 1;
  let l = 0;
  for (let k = 0; k < 4; k++) { P[3 + k] = (1 - t) * q0[e4 + k] + t * sign * q[e4 + k]; l += P[3 + k] * P[3 + k]; }
  const inv = 1 / Math.sqrt(l);
  for (let k = 0; k < 4; k++) P[3 + k] *= inv;
}

/** Separation (unit: m) of candidate pair k with body `e` at fraction t of its path; +∞ when the collide
 * function reports no point. */
function separationAt(cs: ContinuousState, bodies: RigidBodyStore, colliders: ColliderStore, e: number, k: number, t: number): number {
  const mine = cs.pairs[2 * k], other = cs.pairs[2 * k + 1];
  posAt(cs, bodies, e, t);
  const P = cs.pose, A = cs.moving, B = cs.fixed, lp = colliders.localPosition, lq = colliders.localOrientation;
  // collider pose = body pose ∘ local pose
  quatToMat3(cs.rot, 0, P, 3);
  const r = cs.rot, o3 = 3 * mine, o4 = 4 * mine;
  const lx = lp[o3], ly = lp[o3 + 1], lz = lp[o3 + 2];
  A[0] = P[0] + r[0] * lx + r[1] * ly + r[2] * lz;
  A[1] = P[1] + r[3] * lx + r[4] * ly + r[5] * lz;
  A[2] = P[2] + r[6] * lx + r[7] * ly + r[8] * lz;
  const ax = P[3], ay = P[4], az = P[5], aw = P[6];
  const bx = lq[o4], by = lq[o4 + 1], bz = lq[o4 + 2], bw = lq[o4 + 3];
  A[3] = aw * bx + ax * bw + ay * bz - az * by;
  A[4] = aw * by - ax * bz + ay * bw + az * bx;
  A[5] = aw * bz + ax * by - ay * bx + az * bw;
  A[6] = aw * bw - ax * bx - ay * by - az * bz;
  loadShape(A, colliders, mine, cs.rot);
  const w = colliders.worldPose, wi = 7 * other;
  for (let j = 0; j < 7; j++) B[j] = w[wi + j];
  loadShape(B, colliders, other, cs.rot);
  let a = A, b = B, ka = colliders.shape[mine], kb = colliders.shape[other];
  let ca = mine, cb = other;
  if (ka > kb) { const s = a; a = b; b = s; const x = ka; ka = kb; kb = x; ca = other; cb = mine; }
  const collide = getCollideFn(ka, kb);
  if (collide === null) return Infinity;
  const out = cs.out;
  const ctx = cs.ctx as CollideContext;
  ctx.dataA = colliders.shapeData[ca];
  ctx.dataB = colliders.shapeData[cb];
  out.margin = FAR;
  collide(out, a, b, ctx);
  let s = Infinity;
  for (let j = 0; j < out.pointCount; j++) s = Math.min(s, out.separation[j]);
  return s;
}

/** Writes the size and the axes of collider c into a posed shape whose pose (0..6) is set. */
function loadShape(d: PosedShape, colliders: ColliderStore, c: number, rot: Float64Array): void {
  const s = colliders.size;
  d[7] = s[3 * c]; d[8] = s[3 * c + 1]; d[9] = s[3 * c + 2];
  quatToMat3(rot, 0, d, 3);
  for (let i = 0; i < 3; i++) {
    d[POSED_AXES + 3 * i] = rot[i]; d[POSED_AXES + 3 * i + 1] = rot[3 + i]; d[POSED_AXES + 3 * i + 2] = rot[6 + i];
  }
}
