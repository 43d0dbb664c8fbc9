/**
 * GJK distance between two convex cores (Gilbert, Johnson & Keerthi 1988), in the formulation of
 * van den Bergen 2003 ("Collision Detection in Interactive 3D Environments" §4.3.4): the point v of the
 * Minkowski difference A − B closest to the origin is approached through simplices of support points
 * w = s_A(−v) − s_B(v); each simplex is reduced to the smallest sub-simplex holding its closest point
 * to the origin (Ericson, "Real-Time Collision Detection" §5.1.5 for the triangle's Voronoi regions,
 * §9.5.2 for the tetrahedron). The loop stops when |v|² − v·w ≤ ε |v|², ε = 1e-10, or ≤ τ |v| (the
 * lower bound v·w/|v| on the distance meets the upper bound |v| to relative accuracy ε or to the
 * absolute accuracy τ, `GjkScratch.tolerance`), when a support point repeats,
 * when |v| stops decreasing, or when the simplex holds the origin (the cores intersect). The closest
 * points are Σ λ_i a_i and Σ λ_i b_i with the barycentric weights λ of v on the final simplex.
 *
 * Nothing is allocated: the simplex lives in a {@link GjkScratch} the caller keeps (on the world).
 */

import { supportAlong, type ConvexProxy } from './convex-support';

/** Relative accuracy² of the distance (see the file header). */
const REL_EPS2 = 1e-10;
const MAX_ITERATIONS = 64;

/** The simplex and result buffers of one GJK run (reused). */
export interface GjkScratch {
  /** Simplex size (0 … 4). */
  count: number;
  /** `[3 × 4]` simplex points w_i = a_i − b_i, and the support points a_i on A, b_i on B. */
  w: Float64Array;
  a: Float64Array;
  b: Float64Array;
  /** `[4]` barycentric weights of v. */
  lambda: Float64Array;
  /** `[3]` v, the closest point of the simplex to the origin. */
  v: Float64Array;
  /** `[6]` scratch support points. */
  tmp: Float64Array;
  /** `[36]` the tetrahedron saved while its faces are tried (w, a, b). */
  save: Float64Array;
  /** `[43]` the best face so far (w, a, b, λ0..2, v, count). */
  best: Float64Array;
  /** Absolute accuracy of the distance (unit: m, default 1e-9): the loop also stops once the upper and
   * lower bounds on the distance are this close. The narrowphase uses 1e-6 m (curved pairs converge
   * only linearly, and a micrometre is far below the contact slop). */
  tolerance: number;
}

/** What {@link gjkDistance} finds. */
export interface GjkResult {
  /** Distance between the cores (unit: m); 0 when they intersect. */
  distance: number;
  /** `[3]` closest point on A's core (world). */
  pointA: Float64Array;
  /** `[3]` closest point on B's core (world). */
  pointB: Float64Array;
  /** True when the cores intersect (the simplex in the scratch then holds the origin, for EPA). */
  intersecting: boolean;
  iterations: number;
}

export function createGjkScratch(): GjkScratch {
  return {
    count: 0, w: new Float64Array(12), a: new Float64Array(12), b: new Float64Array(12),
    lambda: new Float64Array(4), v: new Float64Array(3), tmp: new Float64Array(6),
    save: new Float64Array(36), best: new Float64Array(43), tolerance: 1e-9,
  };
}

export function createGjkResult(): GjkResult {
  return { distance: 0, pointA: new Float64Array(3), pointB: new Float64Array(3), intersecting: false, iterations: 0 };
}

/**
 * Distance between the cores of `A` and `B` (radii not included) into `out`; see the file header.
 * The final simplex stays in `s` (EPA starts from it when the cores intersect).
 */
export function gjkDistance(s: GjkScratch, A: ConvexProxy, B: ConvexProxy, out: GjkResult): GjkResult {
  const v = s.v, t = s.tmp;
  v[0] = A.position[0] - B.position[0]; v[1] = A.position[1] - B.position[1]; v[2] = A.position[2] - B.position[2];
  if (v[0] === 0 && v[1] === 0 && v[2] === 0) v[0] = 1;
  s.count = 0;
  let vv = Infinity;
  out.intersecting = false;
  let it = 0;
  for (; it < MAX_ITERATIONS; it++) {
    supportAlong(A, v, 0, -1, t, 0);
    supportAlong(B, v, 0, 1, t, 3);
    const wx = t[0] - t[3], wy = t[1] - t[4], wz = t[2] - t[5];
    if (s.count > 0) {
      const vw = v[0] * wx + v[1] * wy + v[2] * wz;
      // bounds: |v| ≥ d ≥ v·w / |v|; stop when they meet, relatively or to `tolerance`
      if (vv - vw <= REL_EPS2 * vv || vv - vw <= s.tolerance * Math.sqrt(vv)) break;
      let repeated = false;
      for (let k = 0; k < s.count; k++) {
        if (s.w[3 * k] === wx && s.w[3 * k + 1] === wy && s.w[3 * k + 2] === wz) { repeated = true; break; }
      }
      if (repeated) break;
    }
    const k = s.count++;
    s.w[3 * k] = wx; s.w[3 * k + 1] = wy; s.w[3 * k + 2] = wz;
    s.a[3 * k] = t[0]; s.a[3 * k + 1] = t[1]; s.a[3 * k + 2] = t[2];
    s.b[3 * k] = t[3]; s.b[3 * k + 1] = t[4]; s.b[3 * k + 2] = t[5];
    if (solveSimplex(s)) { out.intersecting = true; break; }
    const nv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if (nv <= 1e-30 * (1 + scaleOf(s))) { out.intersecting = true; break; }
    if (nv >= vv) break;
    vv = nv;
  }
  out.iterations = it;
  // closest points from the barycentric weights
  let ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
  for (let k = 0; k < s.count; k++) {
    const l = s.lambda[k];
    ax += l * s.a[3 * k]; ay += l * s.a[3 * k + 1]; az += l * s.a[3 * k + 2];
    bx += l * s.b[3 * k]; by += l * s.b[3 * k + 1]; bz += l * s.b[3 * k + 2];
  }
  out.pointA[0] = ax; out.pointA[1] = ay; out.pointA[2] = az;
  out.pointB[0] = bx; out.pointB[1] = by; out.pointB[2] = bz;
  out.distance = out.intersecting ? 0 : Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return out;
}

function scaleOf(s: GjkScratch): number {
  let m = 0;
  for (let k = 0; k < 3 * s.count; k++) m = Math.max(m, Math.abs(s.w[k]));
  return m * m;
}

/** Keeps simplex vertices i0 < i1 < i2 (the first `n` of them), whose weights the caller wrote to
 * `s.lambda[0..n)` (weights go through the array: a double passed to a function V8 does not inline is
 * boxed, an allocation), moved to the front (ascending sources, so copying in order never overwrites a
 * source still to be read), and writes v = Σ λ_k w_k. */
function keep(s: GjkScratch, n: number, i0: number, i1: number, i2: number): void {
  move(s, 0, i0);
  if (n > 1) move(s, 1, i1);
  if (n > 2) move(s, 2, i2);
  s.count = n;
  const v = s.v;
  v[0] = 0; v[1] = 0; v[2] = 0;
  for (let k = 0; k < n; k++) {
    v[0] += s.lambda[k] * s.w[3 * k]; v[1] += s.lambda[k] * s.w[3 * k + 1]; v[2] += s.lambda[k] * s.w[3 * k + 2];
  }
}

function move(s: GjkScratch, k: number, i: number): void {
  if (i === k) return;
  s.w[3 * k] = s.w[3 * i]; s.w[3 * k + 1] = s.w[3 * i + 1]; s.w[3 * k + 2] = s.w[3 * i + 2];
  s.a[3 * k] = s.a[3 * i]; s.a[3 * k + 1] = s.a[3 * i + 1]; s.a[3 * k + 2] = s.a[3 * i + 2];
  s.b[3 * k] = s.b[3 * i]; s.b[3 * k + 1] = s.b[3 * i + 1]; s.b[3 * k + 2] = s.b[3 * i + 2];
}

/** Reduces the simplex to the sub-simplex closest to the origin and writes v; true when the origin is
 * inside a full tetrahedron. */
function solveSimplex(s: GjkScratch): boolean {
  switch (s.count) {
    case 1: s.lambda[0] = 1; keep(s, 1, 0, 0, 0); return false;
    case 2: segment(s, 0, 1); return false;
    case 3: triangle(s, 0, 1, 2); return false;
    default: return tetrahedron(s);
  }
}

function segment(s: GjkScratch, i: number, j: number): void {
  const w = s.w;
  const ax = w[3 * i], ay = w[3 * i + 1], az = w[3 * i + 2];
  const ex = w[3 * j] - ax, ey = w[3 * j + 1] - ay, ez = w[3 * j + 2] - az;
  const ee = ex * ex + ey * ey + ez * ez;
  const t = ee > 0 ? -(ax * ex + ay * ey + az * ez) / ee : 0;
  if (t <= 0) { s.lambda[0] = 1; keep(s, 1, i, 0, 0); }
  else if (t >= 1) { s.lambda[0] = 1; keep(s, 1, j, 0, 0); }
  else { s.lambda[0] = i < j ? 1 - t : t; s.lambda[1] = i < j ? t : 1 - t; keep(s, 2, Math.min(i, j), Math.max(i, j), 0); }
}

/** Closest point of triangle (i, j, k) to the origin (Ericson §5.1.5 with p = 0); indices ascending. */
function triangle(s: GjkScratch, i: number, j: number, k: number): void {
  const w = s.w;
  const ax = w[3 * i], ay = w[3 * i + 1], az = w[3 * i + 2];
  const bx = w[3 * j], by = w[3 * j + 1], bz = w[3 * j + 2];
  const cx = w[3 * k], cy = w[3 * k + 1], cz = w[3 * k + 2];
  const abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
  const d1 = -(abx * ax + aby * ay + abz * az), d2 = -(acx * ax + acy * ay + acz * az);
  if (d1 <= 0 && d2 <= 0) { s.lambda[0] = 1; keep(s, 1, i, 0, 0); return; }
  const d3 = -(abx * bx + aby * by + abz * bz), d4 = -(acx * bx + acy * by + acz * bz);
  if (d3 >= 0 && d4 <= d3) { s.lambda[0] = 1; keep(s, 1, j, 0, 0); return; }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) { const t = d1 / (d1 - d3); s.lambda[0] = 1 - t; s.lambda[1] = t; keep(s, 2, i, j, 0); return; }
  const d5 = -(abx * cx + aby * cy + abz * cz), d6 = -(acx * cx + acy * cy + acz * cz);
  if (d6 >= 0 && d5 <= d6) { s.lambda[0] = 1; keep(s, 1, k, 0, 0); return; }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) { const t = d2 / (d2 - d6); s.lambda[0] = 1 - t; s.lambda[1] = t; keep(s, 2, i, k, 0); return; }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const t = (d4 - d3) / (d4 - d3 + (d5 - d6));
    s.lambda[0] = 1 - t; s.lambda[1] = t; keep(s, 2, j, k, 0);
    return;
  }
  const den = va + vb + vc;
  if (!(den > 0)) { segment(s, i, j); return; } // degenerate (collinear) triangle
  const v = vb / den, u = vc / den;
  s.lambda[0] = 1 - v - u; s.lambda[1] = v; s.lambda[2] = u; keep(s, 3, i, j, k);
}

/** The tetrahedron 0 1 2 3: the origin inside (true), or the closest of the faces it is outside of. */
function tetrahedron(s: GjkScratch): boolean {
  const F = FACES, S = s.save, B = s.best;
  let bestD = Infinity, outside = 0;
  const lam = s.lambda, sv = s.v;
  // each face is tried on the full simplex, which is saved first and restored before each try
  for (let k = 0; k < 12; k++) { S[k] = s.w[k]; S[12 + k] = s.a[k]; S[24 + k] = s.b[k]; }
  // A nearly flat tetrahedron (volume below 1e-10 of its edge length cubed) cannot tell inside from
  // outside by the face signs: every face is tried, and it never reports the origin inside.
  const e1x = S[3] - S[0], e1y = S[4] - S[1], e1z = S[5] - S[2];
  const e2x = S[6] - S[0], e2y = S[7] - S[1], e2z = S[8] - S[2];
  const e3x = S[9] - S[0], e3y = S[10] - S[1], e3z = S[11] - S[2];
  const vol6 = e1x * (e2y * e3z - e2z * e3y) - e1y * (e2x * e3z - e2z * e3x) + e1z * (e2x * e3y - e2y * e3x);
  const edge = Math.max(Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z), Math.sqrt(e2x * e2x + e2y * e2y + e2z * e2z), Math.sqrt(e3x * e3x + e3y * e3y + e3z * e3z));
  const flat = !(Math.abs(vol6) > 1e-10 * edge * edge * edge);
  for (let f = 0; f < 4; f++) {
    const i = F[4 * f], j = F[4 * f + 1], k = F[4 * f + 2], o = F[4 * f + 3];
    const ax = S[3 * i], ay = S[3 * i + 1], az = S[3 * i + 2];
    const ux = S[3 * j] - ax, uy = S[3 * j + 1] - ay, uz = S[3 * j + 2] - az;
    const vx = S[3 * k] - ax, vy = S[3 * k + 1] - ay, vz = S[3 * k + 2] - az;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const so = -(nx * ax + ny * ay + nz * az);
    const sd = nx * (S[3 * o] - ax) + ny * (S[3 * o + 1] - ay) + nz * (S[3 * o + 2] - az);
    // skip the face when the origin is on the same side as the opposite vertex
    if (!flat && !(so * sd < 0)) continue;
    outside++;
    restore(s);
    s.count = 4;
    triangle(s, i, j, k);
    const d = sv[0] * sv[0] + sv[1] * sv[1] + sv[2] * sv[2];
    if (d < bestD) {
      bestD = d;
      for (let q = 0; q < 12; q++) { B[q] = s.w[q]; B[12 + q] = s.a[q]; B[24 + q] = s.b[q]; }
      B[36] = lam[0]; B[37] = lam[1]; B[38] = lam[2];
      B[39] = sv[0]; B[40] = sv[1]; B[41] = sv[2]; B[42] = s.count;
    }
  }
  if (!flat && outside === 0) {
    restore(s);
    s.count = 4;
    sv[0] = 0; sv[1] = 0; sv[2] = 0;
    return true;
  }
  for (let q = 0; q < 12; q++) { s.w[q] = B[q]; s.a[q] = B[12 + q]; s.b[q] = B[24 + q]; }
  lam[0] = B[36]; lam[1] = B[37]; lam[2] = B[38];
  sv[0] = B[39]; sv[1] = B[40]; sv[2] = B[41];
  s.count = B[42];
  return false;
}

function restore(s: GjkScratch): void {
  const S = s.save;
  for (let k = 0; k < 12; k++) { s.w[k] = S[k]; s.a[k] = S[12 + k]; s.b[k] = S[24 + k]; }
}

const FACES = [0, 1, 2, 3, 0, 1, 3, 2, 0, 2, 3, 1, 1, 2, 3, 0];
