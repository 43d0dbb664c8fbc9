/**
 * Cylinder routines: the solid cylinder of radius r and half height h about the collider-local y axis
 * (caps at y = ±h), `size = (r, h, 0)`.
 * - Mass (closed form): m = ρ π r² 2h, I_y = m r² / 2, I_x = I_z = m (3 r² + (2h)²) / 12.
 * - World AABB (exact): with a = R ŷ the world axis, the half extent on world axis i is
 *   h |a_i| + r √(1 − a_i²) (the cap disc's extent plus the axis segment's).
 * - Ray cast (exact): the ray's interval inside the infinite cylinder x² + z² ≤ r² intersected with
 *   its interval inside the slab |y| ≤ h; the entry is the later of the two entries, its normal that
 *   of the constraint that bound it (side: (x, 0, z)/r; cap: ±ŷ). The quadratic's roots are taken
 *   without cancellation (discriminant from the closest-approach vector, as `ray-shape.ts`; the second
 *   root as c/q, Press et al., "Numerical Recipes", 3rd ed., §5.6).
 */

import type { LocalRayHit, ShapeMass, ShapeRoutines } from './shape-registry';
import { RAY_MAX_T } from '../broadphase/dynamic-tree';

export function cylinderMass(r: number, h: number, density: number): ShapeMass {
  const m = density * Math.PI * r * r * 2 * h;
  const ix = (m * (3 * r * r + 4 * h * h)) / 12, iy = 0.5 * m * r * r;
  return { mass: m, center: [0, 0, 0], tensor: [ix, 0, 0, 0, iy, 0, 0, 0, ix] };
}

/** Ray `o + t d` (|d| = 1, cylinder frame; `ray` laid out as `systems/broadphase/dynamic-tree.ts`
 * `RAY_LENGTH`) against the cylinder r = `size[so]`, h = `size[so + 1]`, t ≤ `ray[RAY_MAX_T]`; see the
 * file header. */
export function rayCylinder(size: ArrayLike<number>, so: number, ray: Float64Array, solid: boolean, out: LocalRayHit): boolean {
  const r = size[so], h = size[so + 1];
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5], maxT = ray[RAY_MAX_T];
  // infinite cylinder interval
  let c0 = -Infinity, c1 = Infinity;
  const a = dx * dx + dz * dz;
  const c = ox * ox + oz * oz - r * r;
  if (a === 0) {
    if (c > 0) return false;
  } else {
    const b = ox * dx + oz * dz;
    const k = b / a;
    const hx = ox - k * dx, hz = oz - k * dz;
    const disc = r * r - (hx * hx + hz * hz);
    if (disc < 0) return false;
    const sq = Math.sqrt(a * disc);
    const q = -(b + (b >= 0 ? sq : -sq));
    if (q === 0) { c0 = 0; c1 = 0; } else {
      const t1 = q / a, t2 = c / q;
      c0 = Math.min(t1, t2); c1 = Math.max(t1, t2);
    }
  }
  // slab interval
  let s0 = -Infinity, s1 = Infinity, capSign0 = 0, capSign1 = 0;
  if (dy === 0) {
    if (oy > h || oy < -h) return false;
  } else {
    const ta = (-h - oy) / dy, tb = (h - oy) / dy;
    if (ta < tb) { s0 = ta; s1 = tb; capSign0 = -1; capSign1 = 1; } else { s0 = tb; s1 = ta; capSign0 = 1; capSign1 = -1; }
  }
  const t0 = Math.max(c0, s0), t1 = Math.min(c1, s1);
  if (t0 > t1 || t1 < 0) return false;
  const n = out.normal;
  if (t0 <= 0) {
    if (solid) { out.t = 0; n[0] = -dx; n[1] = -dy; n[2] = -dz; return true; }
    if (t1 > maxT) return false;
    out.t = t1;
    if (s1 <= c1) { n[0] = 0; n[1] = capSign1; n[2] = 0; } else {
      const x = ox + t1 * dx, z = oz + t1 * dz, l = Math.sqrt(x * x + z * z);
      if (l > 0) { n[0] = x / l; n[1] = 0; n[2] = z / l; } else { n[0] = 1; n[1] = 0; n[2] = 0; }
    }
    return true;
  }
  if (t0 > maxT) return false;
  out.t = t0;
  if (s0 >= c0) { n[0] = 0; n[1] = capSign0; n[2] = 0; } else {
    const x = ox + t0 * dx, z = oz + t0 * dz, l = Math.sqrt(x * x + z * z);
    if (l > 0) { n[0] = x / l; n[1] = 0; n[2] = z / l; } else { n[0] = 1; n[1] = 0; n[2] = 0; }
  }
  return true;
}


/** The registered routines of {@link ShapeKind.cylinder}. */
export const CYLINDER_ROUTINES: ShapeRoutines = {
  aabb(size, so, _data, pose, po, out, o) {
    const r = size[so], h = size[so + 1];
    const x = pose[po + 3], y = pose[po + 4], z = pose[po + 5], w = pose[po + 6];
    const ax = 2 * (x * y - w * z), ay = 1 - 2 * (x * x + z * z), az = 2 * (y * z + w * x);
    const ex = h * Math.abs(ax) + r * Math.sqrt(Math.max(0, 1 - ax * ax));
    const ey = h * Math.abs(ay) + r * Math.sqrt(Math.max(0, 1 - ay * ay));
    const ez = h * Math.abs(az) + r * Math.sqrt(Math.max(0, 1 - az * az));
    out[o] = pose[po] - ex; out[o + 1] = pose[po + 1] - ey; out[o + 2] = pose[po + 2] - ez;
    out[o + 3] = pose[po] + ex; out[o + 4] = pose[po + 1] + ey; out[o + 5] = pose[po + 2] + ez;
  },
  boundingRadius(size, so) {
    return Math.sqrt(size[so] * size[so] + size[so + 1] * size[so + 1]);
  },
  rayCast(size, so, _data, ray, solid, out) {
    return rayCylinder(size, so, ray, solid, out);
  },
  mass(size, so, _data, density) {
    return cylinderMass(size[so], size[so + 1], density);
  },
};
