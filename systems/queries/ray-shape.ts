/**
 * Queries: the exact intersection of a ray with one shape, in the shape's local frame.
 * Reads: nothing of the world (the caller passes the shape and the ray). Writes: `out.t`, `out.normal`.
 *
 * The ray is `o + t d` with a unit direction `d`, `t ∈ [0, maxT]` (unit: m). Shapes are centred on
 * their local origin, with the axes of `components/collider.ts` (capsule core on local y, plane
 * normal local +y, the plane the boundary of the solid half-space y ≤ 0).
 *
 * Conventions (Rapier's `solid` flag, Jolt's "treat convex as solid"):
 * - a ray whose origin is outside the shape reports its first entry: `t`, and the outward unit normal
 *   at the entry point (normal · d ≤ 0);
 * - a ray whose origin is inside (or on the surface of) the shape: with `solid`, the hit is at t = 0
 *   with normal −d (there is no surface there); without `solid`, the hit is where the ray leaves the
 *   shape, with the outward unit normal there (normal · d ≥ 0).
 *
 * Precision: every root is taken in a form without cancellation. For the quadratics of the sphere and
 * the capsule's cylinder the discriminant is computed from the closest-approach vector h = m − (m·d) d,
 * r² − |h|², rather than as b² − c (Haines, Günther, Akenine-Möller, "Precision Improvements for
 * Ray/Sphere Intersection", Ray Tracing Gems, 2019, §7.2, eq. 7.5); the entry root −b − √disc adds two
 * numbers of the same sign. The box uses the slab method (Kay and Kajiya 1986; Ericson, "Real-Time
 * Collision Detection" §5.3.3), with rays parallel to a slab handled without dividing by zero.
 */

import { ShapeKind, type ShapeAsset } from '../../components/collider';
import { getShapeRoutines } from '../shapes/shape-registry';
import { RAY_MAX_T } from '../broadphase/dynamic-tree';

/** The result of one ray–shape test (reused by the caller; nothing is allocated). */
export interface RayShapeHit {
  /** Distance along the unit direction (unit: m). */
  t: number;
  /** `[3]` unit normal at the hit (shape-local frame), see the file header for its sign. */
  normal: Float64Array;
}

export function createRayShapeHit(): RayShapeHit {
  return { t: 0, normal: new Float64Array(3) };
}

/**
 * Intersects the ray in `ray` (shape-local, laid out as `dynamic-tree.ts` `RAY_LENGTH`: origin
 * `[0..2]`, unit direction `[3..5]`, maximum distance `[RAY_MAX_T]`; the other slots are scratch a
 * routine may overwrite) with the shape `kind` of dimensions `size[so..so+2]` and asset `data` (see
 * `components/collider.ts`). Returns true and fills `out` when the ray hits with
 * `0 ≤ t ≤ ray[RAY_MAX_T]`; returns false (and leaves `out` unspecified) otherwise.
 */
export function rayCastShape(
  kind: number, size: ArrayLike<number>, so: number, data: ShapeAsset | undefined,
  ray: Float64Array, solid: boolean, out: RayShapeHit,
): boolean {
  switch (kind) {
    case ShapeKind.sphere: return raySphere(size, so, ray, solid, out);
    case ShapeKind.box: return rayBox(size, so, ray, solid, out);
    case ShapeKind.capsule: return rayCapsule(size, so, ray, solid, out);
    case ShapeKind.plane: return rayPlane(ray, solid, out);
    default: {
      // registered shapes (cylinder, convex hull …)
      const r = getShapeRoutines(kind);
      return r !== undefined && r.rayCast(size, so, data, ray, solid, out);
    }
  }
}

function setInsideHit(out: RayShapeHit, ray: Float64Array): true {
  out.t = 0;
  out.normal[0] = -ray[3]; out.normal[1] = -ray[4]; out.normal[2] = -ray[5];
  return true;
}

/** Sphere of radius `size[so]` centred at the origin. */
export function raySphere(size: ArrayLike<number>, so: number, ray: Float64Array, solid: boolean, out: RayShapeHit): boolean {
  const r = size[so];
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5];
  const b = ox * dx + oy * dy + oz * dz;
  const c = ox * ox + oy * oy + oz * oz - r * r;
  if (c > 0 && b > 0) return false; // outside and moving away
  const hx = ox - b * dx, hy = oy - b * dy, hz = oz - b * dz;
  const disc = r * r - (hx * hx + hy * hy + hz * hz);
  if (disc < 0) return false;
  const sq = Math.sqrt(disc);
  let t: number;
  if (c <= 0) {
    if (solid) return setInsideHit(out, ray);
    t = -b + sq; // exit
  } else {
    t = -b - sq;
  }
  if (t > ray[RAY_MAX_T]) return false;
  const inv = 1 / r;
  out.t = t;
  out.normal[0] = (ox + t * dx) * inv; out.normal[1] = (oy + t * dy) * inv; out.normal[2] = (oz + t * dz) * inv;
  return true;
}

/** Box of half extents `size[so..so+2]` centred at the origin, by the slab method. */
export function rayBox(size: ArrayLike<number>, so: number, ray: Float64Array, solid: boolean, out: RayShapeHit): boolean {
  let tEnter = -Infinity, tExit = Infinity, enterAxis = -1, exitAxis = -1;
  for (let i = 0; i < 3; i++) {
    const o = ray[i], d = ray[3 + i], h = size[so + i];
    if (d === 0) {
      if (o < -h || o > h) return false; // parallel to the slab and outside it
      continue;
    }
    const inv = 1 / d;
    let t1 = (-h - o) * inv, t2 = (h - o) * inv;
    if (t1 > t2) { const s = t1; t1 = t2; t2 = s; }
    if (t1 > tEnter) { tEnter = t1; enterAxis = i; }
    if (t2 < tExit) { tExit = t2; exitAxis = i; }
    if (tEnter > tExit || tExit < 0) return false;
  }
  const n = out.normal;
  if (tEnter < 0) { // inside (or on the surface, leaving)
    if (solid) return setInsideHit(out, ray);
    if (tExit > ray[RAY_MAX_T]) return false;
    out.t = tExit;
    n[0] = 0; n[1] = 0; n[2] = 0;
    n[exitAxis] = ray[3 + exitAxis] > 0 ? 1 : -1;
    return true;
  }
  if (tEnter > ray[RAY_MAX_T]) return false;
  out.t = tEnter;
  n[0] = 0; n[1] = 0; n[2] = 0;
  n[enterAxis] = ray[3 + enterAxis] > 0 ? -1 : 1;
  return true;
}

/** Capsule: radius `size[so]` around the segment from (0, −hh, 0) to (0, hh, 0), hh = `size[so + 1]`.
 * The union of the finite cylinder and the two end spheres; the entry is the first entry into any of
 * the three, the exit the last exit (the ray meets a convex set in one interval). */
export function rayCapsule(size: ArrayLike<number>, so: number, ray: Float64Array, solid: boolean, out: RayShapeHit): boolean {
  const r = size[so], hh = size[so + 1];
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5];
  const cy = oy < -hh ? -hh : oy > hh ? hh : oy;
  const inside = ox * ox + (oy - cy) * (oy - cy) + oz * oz <= r * r;
  if (inside && solid) return setInsideHit(out, ray);
  const n = out.normal;
  // side of the infinite cylinder x² + z² = r², kept where |y| ≤ hh
  let best = inside ? -Infinity : Infinity;
  let nx = 0, ny = 0, nz = 0;
  const a = dx * dx + dz * dz;
  if (a > 0) {
    const b = (ox * dx + oz * dz) / a; // the 2D closest approach is at t = −b
    const px = ox - b * dx, pz = oz - b * dz;
    const disc = r * r - (px * px + pz * pz);
    if (disc >= 0) {
      const half = Math.sqrt(disc / a);
      const t = inside ? -b + half : -b - half;
      const y = oy + t * dy;
      if (t >= 0 && y >= -hh && y <= hh && (inside ? t > best : t < best)) {
        best = t;
        const inv = 1 / r;
        nx = (ox + t * dx) * inv; ny = 0; nz = (oz + t * dz) * inv;
      }
    }
  }
  // the two end spheres: from inside their exit (wherever the origin is), from outside their entry
  for (let s = -1; s <= 1; s += 2) {
    const ey = oy - s * hh;
    const b = ox * dx + ey * dy + oz * dz;
    const c = ox * ox + ey * ey + oz * oz - r * r;
    if (!inside && c > 0 && b > 0) continue; // outside this sphere and moving away
    const hx = ox - b * dx, hy = ey - b * dy, hz = oz - b * dz;
    const disc = r * r - (hx * hx + hy * hy + hz * hz);
    if (disc < 0) continue;
    const sq = Math.sqrt(disc);
    // from outside the capsule the origin is outside both spheres (c > 0): the entry root
    const t = inside ? -b + sq : -b - sq;
    if (inside ? !(t > best) : !(t < best)) continue;
    const inv = 1 / r;
    best = t;
    nx = (ox + t * dx) * inv; ny = (ey + t * dy) * inv; nz = (oz + t * dz) * inv;
  }
  if (!(best >= 0) || best === Infinity || best > ray[RAY_MAX_T]) return false;
  out.t = best;
  n[0] = nx; n[1] = ny; n[2] = nz;
  return true;
}

/** The half-space y ≤ 0 (a plane through the origin with outward normal +y). */
export function rayPlane(ray: Float64Array, solid: boolean, out: RayShapeHit): boolean {
  const oy = ray[1], dy = ray[4];
  if (oy <= 0) {
    if (solid) return setInsideHit(out, ray);
    if (!(dy > 0)) return false; // never leaves
  } else if (!(dy < 0)) {
    return false; // above, moving away or parallel
  }
  const t = -oy / dy;
  if (t > ray[RAY_MAX_T]) return false;
  out.t = t;
  out.normal[0] = 0; out.normal[1] = 1; out.normal[2] = 0;
  return true;
}
