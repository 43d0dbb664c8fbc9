/**
 * Narrowphase stage: reuse of a box–box manifold while the pair's relative pose barely changes
 * (temporal coherence: the body-pair cache of Rouwé 2021, Jolt Physics' contact constraint manager,
 * with a bound on the displacement instead of separate translation and rotation thresholds).
 *
 * When the full collide function has made a manifold of three or four points, {@link storeReuse} keeps beside it
 * the relative pose it was made at (B's collider pose in A's collider frame: translation t₀ and
 * quaternion q₀ = q_A⁻¹ q_B), the collide margin it was made with, the normal in the frame of the box
 * it belongs to (the reference face's box) and each point as two material
 * points: p_A = p − s/2 n on A's surface, in A's frame, and p_B = p + s/2 n on B's surface, in B's
 * frame (p the midpoint, s the separation). At later steps {@link refreshManifold} measures how far any
 * point of B can have moved relative to A since then,
 *
 *   δ = |t − t₀| + 2 sin(Δθ/2) R_B,   with cos(Δθ/2) = |q · q₀| (Δθ the angle of q q₀⁻¹),
 *
 * R_B B's bounding radius (the half diagonal). While δ ≤ {@link REUSE_SLIDE}, the step's margin is at
 * most {@link REUSE_SLIDE} above the stored one and every refreshed point stays below the margin, the
 * manifold keeps its points, feature ids and normal direction, and only their world positions and
 * separations are refreshed from the current poses: p_A and p_B carried by their bodies, the normal by
 * its box, s = (p_B − p_A) · n, the point midway. Otherwise the collide function runs in full.
 *
 * What this changes against running the separating-axis test every step (checked against the full test
 * on random poses in `test/unit/systems/narrowphase/manifold-reuse.test.ts`):
 * - a face manifold's normal is exactly the full test's (it is carried by the reference face's box);
 * - a point made by an incident vertex keeps its exact separation (the vertex is a material point of its
 *   box, the reference face's plane is carried by the other); a corner of the reference face under the
 *   incident face is off by at most δ tan(tilt), the tilt of the incident face to the reference face
 *   (0 for boxes lying flat on each other); a point where an incident edge crosses a side plane of the
 *   reference face stays a material point of the edge where the full test's slides along it (measured
 *   off by at most 0.7 δ);
 * - only a manifold of {@link REUSE_MIN_POINTS} or more points (a face on a face) is reused: a box on an
 *   edge or a corner (an edge–edge point, or one or two face points) is made in full every step;
 * - a point the full test would add or drop within δ of the margin or of a side plane, or a near tie of
 *   two axes, is decided at the next full computation (as the axis hysteresis does already).
 * Only the fast modes reuse manifolds (`NarrowphaseState.reuseManifolds`, set by the step); the accurate
 * mode makes every manifold in full.
 *
 * A point the full test would add as the bodies approach cannot be missed into penetration: it was
 * at least the stored margin (≥ the contact margin) away when the manifold was made, it has come at
 * most δ closer, and the step's speculative part of the margin cannot have grown by more than
 * {@link REUSE_SLIDE}, or the manifold is made in full.
 */

import type { ContactStore } from '../../components/contact';
import { quatMultiply, quatRotate, quatRotateInverse } from '../../math/quat';
import type { ManifoldOut, PosedShape } from './manifold';

/** Largest displacement (unit: m) of any point of B relative to A since a manifold was made, up to which
 * the manifold is refreshed instead of made again; also the most the collide margin may have grown. */
export const REUSE_SLIDE = 5e-4;

/** Fewest points a manifold must have to be reused: a face resting on a face (three or four points). A
 * manifold of one or two points (a box on an edge or a corner) is made in full every step: as it tips,
 * the corners that are about to touch are not in it (measured on the 1000-cube pile, seeds 1–6: reusing
 * those too made the worst transient penetration of steps 300–600 deeper in every seed, 22 → 40 mm
 * on average). */
export const REUSE_MIN_POINTS = 3;

/** `reuse` codes of the contact store: no stored manifold, normal carried by A's box, by B's box. */
export const REUSE_NONE = 0, REUSE_NORMAL_ON_A = 1, REUSE_NORMAL_ON_B = 2;

/** Writes B's pose in A's frame, t = q_A⁻¹ (x_B − x_A) at `d[o..o+3]` and q = q_A⁻¹ q_B at `d[o+3..o+7]`
 * (`w`: scratch of 7). */
function relativePose(d: Float64Array, o: number, a: PosedShape, b: PosedShape, w: Float64Array): void {
  for (let i = 0; i < 3; i++) { w[i] = b[i] - a[i]; w[3 + i] = -a[3 + i]; }
  w[6] = a[6];
  quatRotateInverse(d, o, a, 3, w, 0);
  quatMultiply(d, o + 3, w, 3, b, 3);
}

/**
 * Stores the reuse data of manifold `m` from `out`, the collide function's output for the posed boxes
 * `a`, `b` made with the margin `out.margin`. `normalOnB`: the normal belongs to B's box (B's face was
 * the reference face). A manifold without points stores nothing (it is made in full next step).
 */
export function storeReuse(cs: ContactStore, m: number, out: ManifoldOut, a: PosedShape, b: PosedShape, normalOnB: boolean): void {
  const n = out.pointCount, w = out.scratch.boxBox.segs, N = out.normal, pts = cs.reusePoints;
  cs.reuse[m] = n < REUSE_MIN_POINTS || out.pointNormals ? REUSE_NONE : normalOnB ? REUSE_NORMAL_ON_B : REUSE_NORMAL_ON_A;
  if (cs.reuse[m] === REUSE_NONE) return;
  relativePose(cs.reusePose, 8 * m, a, b, w);
  cs.reusePose[8 * m + 7] = out.margin;
  quatRotateInverse(cs.reuseNormal, 3 * m, normalOnB ? b : a, 3, N, 0);
  for (let k = 0; k < n; k++) {
    // p_A = p − s/2 n in A's frame, p_B = p + s/2 n in B's
    const h = 0.5 * out.separation[k], q = 6 * (4 /* MAX_MANIFOLD_POINTS */ * m + k);
    for (let i = 0; i < 3; i++) {
      w[i] = out.point[3 * k + i] - h * N[i] - a[i];
      w[3 + i] = out.point[3 * k + i] + h * N[i] - b[i];
    }
    quatRotateInverse(pts, q, a, 3, w, 0);
    quatRotateInverse(pts, q + 3, b, 3, w, 3);
  }
}

/**
 * Refreshes manifold `m` of the posed boxes `a`, `b` into `out` (normal, points, separations, the stored
 * feature ids, in the stored order) when it may be reused at the margin `out.margin` (see the module's
 * comment), and returns true; returns false (and leaves `out` without points) when the collide function
 * must make it in full.
 */
export function refreshManifold(cs: ContactStore, m: number, out: ManifoldOut, a: PosedShape, b: PosedShape): boolean {
  out.pointCount = 0;
  const code = cs.reuse[m], margin = out.margin, pose = cs.reusePose, o = 8 * m;
  if (code === REUSE_NONE || !(margin <= pose[o + 7] + REUSE_SLIDE)) return false;
  const w = out.scratch.boxBox.segs, r = out.scratch.boxBox.rot, N = out.normal;
  relativePose(r, 0, a, b, w);
  let e2 = 0, c = 0; // |t − t₀|² and |q · q₀| = cos(Δθ/2)
  for (let i = 0; i < 4; i++) {
    if (i < 3) e2 += (r[i] - pose[o + i]) * (r[i] - pose[o + i]);
    c += r[3 + i] * pose[o + 3 + i];
  }
  c = Math.abs(c);
  if (!(Math.sqrt(e2) + 2 * Math.sqrt((c >= 1 ? 0 : 1 - c * c) * (b[7] * b[7] + b[8] * b[8] + b[9] * b[9])) <= REUSE_SLIDE)) return false;
  quatRotate(N, 0, code === REUSE_NORMAL_ON_B ? b : a, 3, cs.reuseNormal, 3 * m); // carried by its box
  const n = cs.pointCount[m], pts = cs.reusePoints, P = 4 /* MAX_MANIFOLD_POINTS */;
  for (let k = 0; k < n; k++) {
    // p_A and p_B carried by their boxes; the point midway, s = (p_B − p_A) · n
    quatRotate(w, 0, a, 3, pts, 6 * (P * m + k));
    quatRotate(w, 3, b, 3, pts, 6 * (P * m + k) + 3);
    let s = 0;
    for (let i = 0; i < 3; i++) {
      const pa = a[i] + w[i], pb = b[i] + w[3 + i];
      out.point[3 * k + i] = 0.5 * (pa + pb);
      s += (pb - pa) * N[i];
    }
    if (!(s < margin)) return false;
    out.separation[k] = s;
    out.featureId[k] = cs.featureId[P * m + k];
  }
  out.pointCount = n;
  return true;
}
