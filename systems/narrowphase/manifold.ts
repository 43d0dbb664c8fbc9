/**
 * The narrowphase's scratch types: a posed shape and the manifold a collide function writes.
 * Both are reused across the whole step (no allocation).
 */

import { MAX_MANIFOLD_POINTS } from '../../components/contact';
import { createCollideScratch, type CollideScratch } from './collide-scratch';
import type { ShapeAsset } from '../../components/collider';

/**
 * A shape placed in the world: `[10]` = position (unit: m, world) at 0..2, orientation quaternion
 * x y z w at 3..6, and the collider's `size` triple at 7..9 (see `components/collider.ts`).
 * Optionally `[19]`: the body's axes in the world frame at 10..18 (axis i, the i-th column of the
 * rotation matrix of the quaternion, at 10 + 3i), which the narrowphase fills once per body and step
 * so that collide functions need not convert the quaternion for every pair (see {@link POSED_AXES}).
 */
export type PosedShape = Float64Array;

/** Offset of the optional body axes in a {@link PosedShape}; a shape of length ≥ POSED_WITH_AXES has them. */
export const POSED_AXES = 10;
export const POSED_WITH_AXES = 19;

/** A posed shape without the axes (`[10]`). */
export function createPosedShape(): PosedShape {
  return new Float64Array(10);
}

/** What a collide function writes: up to 4 points sharing one normal, or each with its own. */
export interface ManifoldOut {
  /** Input, set by the caller before each collide call: keep the points whose separation is below
   * this (unit: m; speculative contacts). A field rather than an argument: the narrowphase calls the
   * collide functions through a table, and a double passed to a call V8 does not inline is boxed (a
   * heap number per pair and step). */
  margin: number;
  /** Number of points written (0 = apart by more than the margin). */
  pointCount: number;
  /** `[3]` unit normal from shape A to shape B (world frame). */
  normal: Float64Array;
  /** True when the collide function gave each point a normal of its own in `pointNormal` (the
   * narrowphase sets it false before each call; `normal` is then a representative one). */
  pointNormals: boolean;
  /** `[3 × 4]` unit normal of each point from A to B (world frame), read when `pointNormals`. */
  pointNormal: Float64Array;
  /** `[3 × 4]` contact points (unit: m, world), midway between the two surfaces. */
  point: Float64Array;
  /** `[4]` signed separation along the normal (unit: m; negative = penetration). */
  separation: Float64Array;
  /** `[4]` feature ids, stable from step to step while the same features touch. */
  featureId: Uint32Array;
  /** The collide functions' scratch (`collide-scratch.ts`). */
  readonly scratch: CollideScratch;
}

export function createManifoldOut(): ManifoldOut {
  return {
    margin: 0,
    pointCount: 0,
    normal: new Float64Array(3),
    pointNormals: false,
    pointNormal: new Float64Array(3 * MAX_MANIFOLD_POINTS),
    point: new Float64Array(3 * MAX_MANIFOLD_POINTS),
    separation: new Float64Array(MAX_MANIFOLD_POINTS),
    featureId: new Uint32Array(MAX_MANIFOLD_POINTS),
    scratch: createCollideScratch(),
  };
}

/**
 * What a collide function may need beyond the two posed shapes: the shared assets of the two colliders
 * (convex hulls, meshes …; undefined for shapes described by `size` alone) and a scratch slot per
 * family of registered collide functions, made by them on first use (kept on the world's narrowphase,
 * so nothing is allocated per pair).
 */
export interface CollideContext {
  dataA: ShapeAsset | undefined;
  dataB: ShapeAsset | undefined;
  /** Scratch of registered collide functions by name (e.g. `convex`), created on first use. */
  scratch: { [family: string]: unknown };
}

export function createCollideContext(): CollideContext {
  return { dataA: undefined, dataB: undefined, scratch: {} };
}

/**
 * A collide function: writes the manifold of shapes `a` and `b` into `out`, keeping every point whose
 * separation is below `out.margin` (unit: m; speculative contacts, set by the caller), or sets
 * `out.pointCount = 0`. The narrowphase always passes `ctx`; without it (direct calls in tests) a
 * registered function makes one.
 */
export type CollideFn = (out: ManifoldOut, a: PosedShape, b: PosedShape, ctx?: CollideContext) => void;

/** Sets `out.margin` (unit: m) and returns `out`: `collide(withMargin(out, 0.02), a, b)`. */
export function withMargin(out: ManifoldOut, margin: number): ManifoldOut {
  out.margin = margin;
  return out;
}

/**
 * Reserves the next point of `out` and returns its index k (the caller writes `point[3k..3k+3]`,
 * `separation[k]` and `featureId[k]`), or −1 when `out` is full. For collide routines whose caller is too
 * large for {@link addPoint} to be inlined: numbers passed to a call that is not inlined are boxed (the
 * step would allocate).
 */
export function reservePoint(out: ManifoldOut): number {
  const k = out.pointCount;
  if (k >= MAX_MANIFOLD_POINTS) return -1;
  out.pointCount = k + 1;
  return k;
}

/** Appends one point to `out` (no-op when already full). */
export function addPoint(
  out: ManifoldOut, x: number, y: number, z: number, separation: number, featureId: number,
): void {
  const k = out.pointCount;
  if (k >= MAX_MANIFOLD_POINTS) return;
  out.point[3 * k] = x;
  out.point[3 * k + 1] = y;
  out.point[3 * k + 2] = z;
  out.separation[k] = separation;
  out.featureId[k] = featureId >>> 0;
  out.pointCount = k + 1;
}
