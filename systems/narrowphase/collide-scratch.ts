/**
 * The collide functions' scratch arrays, one set per narrowphase (on its {@link ManifoldOut}, which
 * every collide function receives): nothing is allocated per pair, and nothing lives at module level.
 * Sizes in brackets; what each array holds is said where its collide function uses it.
 */

/** Scratch of `collide-box-box.ts`. */
export interface BoxBoxScratch {
  /** `[9]` a rotation matrix. */
  readonly rot: Float64Array;
  /** `[9]` A's body axis i in the world frame at 3i; the same for B. */
  readonly axA: Float64Array;
  readonly axB: Float64Array;
  /** `[3]` the best edge–edge axis so far. */
  readonly edgeAxis: Float64Array;
  /** `[24]` the separating-axis test's |u·oₘ| of face axis k at 3k + m and |d·u| at 18 + k (`collide-box-box.ts`). */
  readonly sat: Float64Array;
  /** `[16 × 5]` the incident face clipped by the side planes (ping-pong pair), stride 5 (`STRIDE` of
   * `collide-box-box.ts`): u, v, s, point id, edge tag. */
  readonly polyA: Float64Array;
  readonly polyB: Float64Array;
  /** `[16 × 4]` kept points: u, v, s, id. */
  readonly cand: Float64Array;
  /** `[4]` the four points kept by the reduction. */
  readonly pick: Int32Array;
  /** `[16]` the reduction's tri2(i0, i1, x) per candidate x. */
  readonly base01: Float64Array;
  /** `[3]` the reference face's half extents along u and v, and the clip slop. */
  readonly clipBounds: Float64Array;
  /** `[12]` two segments (start, direction each). */
  readonly segs: Float64Array;
  /** `[2]` closest-point parameters s, t of two segments. */
  readonly st: Float64Array;
}

/** Scratch of `collide-box-capsule.ts`. */
export interface BoxCapsuleScratch {
  /** `[3]` */
  readonly tmp: Float64Array;
  /** `[3]` segment start, box frame. */
  readonly p0: Float64Array;
  /** `[3]` segment vector, box frame. */
  readonly dl: Float64Array;
  /** `[8]` breakpoints. */
  readonly bp: Float64Array;
  /** `[12]` two segments (start, direction each). */
  readonly segs: Float64Array;
  /** `[2]` closest-point parameters s, t of two segments. */
  readonly st: Float64Array;
  /** `[4]` t0, t1, code0, code1. */
  readonly clipOut: Float64Array;
}

/** Scratch of `collide-capsule-capsule.ts`. */
export interface CapsuleCapsuleScratch {
  /** `[3]` the capsules' axes (world). */
  readonly uA: Float64Array;
  readonly uB: Float64Array;
  /** `[12]` P0, D1, Q0, D2. */
  readonly seg: Float64Array;
  /** `[2]` closest-point parameters s, t of two segments. */
  readonly st: Float64Array;
  /** `[3]` */
  readonly tmp: Float64Array;
}

/** Scratch of `collide-plane.ts`. */
export interface PlaneScratch {
  /** `[3]` the plane's normal (world). */
  readonly planeN: Float64Array;
  /** `[3]` */
  readonly tmp: Float64Array;
  /** `[3 × 8]` the box's corners (world), their depths and their order by depth. */
  readonly corner: Float64Array;
  readonly depth: Float64Array;
  readonly order: Int32Array;
}

/** Scratch of `collide-sphere-box.ts`. */
export interface SphereBoxScratch {
  /** `[3]` */
  readonly rel: Float64Array;
  /** `[3]` */
  readonly local: Float64Array;
  /** `[3]` */
  readonly tmp: Float64Array;
}

/** Scratch of `collide-sphere-capsule.ts`. */
export interface SphereCapsuleScratch {
  /** `[3]` */
  readonly axis: Float64Array;
  /** `[6]` */
  readonly tmp: Float64Array;
}

export interface CollideScratch {
  readonly boxBox: BoxBoxScratch;
  readonly boxCapsule: BoxCapsuleScratch;
  readonly capsuleCapsule: CapsuleCapsuleScratch;
  readonly plane: PlaneScratch;
  readonly sphereBox: SphereBoxScratch;
  readonly sphereCapsule: SphereCapsuleScratch;
}

export function createCollideScratch(): CollideScratch {
  return {
    boxBox: {
      rot: new Float64Array(9),
      axA: new Float64Array(9),
      axB: new Float64Array(9),
      edgeAxis: new Float64Array(3),
      sat: new Float64Array(24),
      polyA: new Float64Array(16 * 5),
      polyB: new Float64Array(16 * 5),
      cand: new Float64Array(16 * 4),
      pick: new Int32Array(4),
      base01: new Float64Array(16),
      clipBounds: new Float64Array(3),
      segs: new Float64Array(12),
      st: new Float64Array(2),
    },
    boxCapsule: {
      tmp: new Float64Array(3),
      p0: new Float64Array(3),
      dl: new Float64Array(3),
      bp: new Float64Array(8),
      segs: new Float64Array(12),
      st: new Float64Array(2),
      clipOut: new Float64Array(4),
    },
    capsuleCapsule: {
      uA: new Float64Array(3),
      uB: new Float64Array(3),
      seg: new Float64Array(12),
      st: new Float64Array(2),
      tmp: new Float64Array(3),
    },
    plane: {
      planeN: new Float64Array(3),
      tmp: new Float64Array(3),
      corner: new Float64Array(3 * 8),
      depth: new Float64Array(8),
      order: new Int32Array(8),
    },
    sphereBox: {
      rel: new Float64Array(3),
      local: new Float64Array(3),
      tmp: new Float64Array(3),
    },
    sphereCapsule: {
      axis: new Float64Array(3),
      tmp: new Float64Array(6),
    },
  };
}
