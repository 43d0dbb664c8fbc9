/**
 * vec3 helpers over `(array, offset)`: a vector is three consecutive numbers `a[o], a[o+1], a[o+2]`.
 * No classes, no allocation: every function writes into an output array at an offset.
 * The engine stores vectors stride-3 (`[3 × capacity]`, x y z per entity), see `components/README.md`.
 */

export type Vec3Array = Float64Array | number[];

/** Dot product of `a[ao..]` and `b[bo..]`. */
export function dot3(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): number {
  return a[ao] * b[bo] + a[ao + 1] * b[bo + 1] + a[ao + 2] * b[bo + 2];
}

/** `out[oo..] = a × b`. `out` may alias `a` or `b` only if the offsets differ from both. */
export function cross3(
  out: Vec3Array, oo: number,
  a: ArrayLike<number>, ao: number,
  b: ArrayLike<number>, bo: number,
): void {
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2];
  const bx = b[bo], by = b[bo + 1], bz = b[bo + 2];
  out[oo] = ay * bz - az * by;
  out[oo + 1] = az * bx - ax * bz;
  out[oo + 2] = ax * by - ay * bx;
}

/** Euclidean length of `a[ao..]`. */
export function length3(a: ArrayLike<number>, ao: number): number {
  return Math.sqrt(a[ao] * a[ao] + a[ao + 1] * a[ao + 1] + a[ao + 2] * a[ao + 2]);
}

/** Normalises `a[ao..]` in place; returns the original length (0 leaves the vector unchanged). */
export function normalize3(a: Vec3Array, ao: number): number {
  const l = length3(a, ao);
  if (l > 0) {
    const inv = 1 / l;
    a[ao] *= inv; a[ao + 1] *= inv; a[ao + 2] *= inv;
  }
  return l;
}

/** Writes a unit vector pair `(t1, t2)` orthogonal to the unit normal `n` so that `(n, t1, t2)` is right-handed.
 * Deterministic in `n` (the same normal always gives the same basis), which keeps warm-started friction
 * impulses meaningful from one step to the next. Branch on the smallest component (Erin Catto, "Computing a basis"). */
export function tangentBasis(
  n: ArrayLike<number>, no: number,
  t1: Vec3Array, t1o: number,
  t2: Vec3Array, t2o: number,
): void {
  const nx = n[no], ny = n[no + 1], nz = n[no + 2];
  let ax: number, ay: number, az: number;
  if (Math.abs(nx) >= 0.57735) { ax = ny; ay = -nx; az = 0; } else { ax = 0; ay = nz; az = -ny; }
  const inv = 1 / Math.sqrt(ax * ax + ay * ay + az * az);
  ax *= inv; ay *= inv; az *= inv;
  t1[t1o] = ax; t1[t1o + 1] = ay; t1[t1o + 2] = az;
  t2[t2o] = ny * az - nz * ay;
  t2[t2o + 1] = nz * ax - nx * az;
  t2[t2o + 2] = nx * ay - ny * ax;
}

/**
 * Closest points of two segments `P1 + s d1` and `P2 + t d2` with `s, t ∈ [0, 1]` (Ericson, "Real-Time
 * Collision Detection" §5.1.9, ClosestPtSegmentSegment). Writes `s` to `out[oo]` and `t` to `out[oo + 1]`.
 * A zero-length segment is treated as a point. For (nearly) parallel segments, where the closest pair is
 * not unique, `s` starts at 0 and the pair returned is still a closest pair.
 */
export function closestSegmentSegment(
  out: Vec3Array, oo: number,
  p1: ArrayLike<number>, p1o: number, d1: ArrayLike<number>, d1o: number,
  p2: ArrayLike<number>, p2o: number, d2: ArrayLike<number>, d2o: number,
): void {
  const rx = p1[p1o] - p2[p2o], ry = p1[p1o + 1] - p2[p2o + 1], rz = p1[p1o + 2] - p2[p2o + 2];
  const d1x = d1[d1o], d1y = d1[d1o + 1], d1z = d1[d1o + 2], d2x = d2[d2o], d2y = d2[d2o + 1], d2z = d2[d2o + 2];
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  const EPS = 1e-24;
  // Written without helper calls (this runs inside the narrowphase, where a call that is not inlined
  // passes and returns its numbers boxed: the step would allocate); u < 0 ? 0 : u > 1 ? 1 : u clamps u
  // to [0, 1].
  let s = 0, t = 0;
  if (a <= EPS && e <= EPS) {
    // two points: s = t = 0
  } else if (a <= EPS) {
    const u = f / e;
    t = u < 0 ? 0 : u > 1 ? 1 : u;
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e <= EPS) {
      const u = -c / a;
      s = u < 0 ? 0 : u > 1 ? 1 : u;
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = a * e - b * b; // = a e sin²θ ≥ 0
      if (denom > 1e-14 * a * e) {
        const u = (b * f - c * e) / denom;
        s = u < 0 ? 0 : u > 1 ? 1 : u;
      }
      t = (b * s + f) / e;
      if (t < 0) {
        const u = -c / a;
        t = 0; s = u < 0 ? 0 : u > 1 ? 1 : u;
      } else if (t > 1) {
        const u = (b - c) / a;
        t = 1; s = u < 0 ? 0 : u > 1 ? 1 : u;
      }
    }
  }
  out[oo] = s;
  out[oo + 1] = t;
}

