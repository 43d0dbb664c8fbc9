/**
 * Narrowphase stage: box–box contact manifold (A = box, B = box).
 *
 * Algorithm:
 * 1. Separating axis test over the 15 candidate axes of two oriented boxes (Gottschalk, Lin & Manocha,
 *    "OBBTree", SIGGRAPH 1996; Ericson, "Real-Time Collision Detection" §4.4.1): the 3 face normals of
 *    A, the 3 of B and the 9 cross products aᵢ × bⱼ. Cross products of (nearly) parallel edges
 *    (|aᵢ × bⱼ| < `EDGE_PARALLEL_SIN`) are skipped: for parallel edges they are redundant. Any
 *    axis separating the boxes by `margin` or more ends the test with no contact.
 * 2. Axis choice with hysteresis, as in Box2D (b2CollidePolygons: B's face only if better by a
 *    tolerance) and ODE / Bullet's dBoxBox2 (edge axes only if better than faces by a factor 1.05):
 *    B's best face replaces A's best face only when its separation is larger by
 *    tol(s) = `AXIS_BIAS_REL`·|s| + `AXIS_BIAS_ABS`, and an edge axis replaces the chosen
 *    face only when larger by the same tolerance. Nearly tied axes then never flip from step to step
 *    (no jitter in stacks); the cost is that the chosen axis's depth may exceed the true minimum
 *    depth by up to that tolerance (only on such near ties).
 * 3. Face axis: the reference face is the chosen face of its box (facing the other box); the incident
 *    face is the face of the other box most anti-parallel to it. The incident quad is clipped
 *    (Sutherland–Hodgman) against the 4 side planes of the reference face (incident vertices less than
 *    a slop, `CLIP_SLOP_REL` × the smallest face half extent, outside a plane are kept), points
 *    with separation below the margin are kept, and more than 4 are reduced to 4 with the usual
 *    keep-the-deepest, maximise-the-area heuristic (Bullet's btPersistentManifold, Jolt's
 *    PruneContactPoints): the deepest, then the farthest from it, then the pair that maximises the
 *    area of the quad.
 * 4. Edge axis: one point midway between the closest points of the two supporting edges (closest
 *    points of segments: Ericson §5.1.9).
 * Points lie midway between the surfaces; the normal always points from A to B, also when B's face is
 * the reference.
 *
 * Feature ids (stable while the same features touch):
 * - face contact: bit 12 = reference box is B, bits 9..11 reference face, bits 6..8 incident face
 *   (face index = 2·axis + (negative side ? 1 : 0)), bits 0..5 the point: the unordered pair of the two
 *   polygon edges meeting at it, each tagged 0..3 for the incident quad's edges and 4..7 for the
 *   reference face's side planes (+u, −u, +v, −v), encoded min·8 + max. An incident vertex is thus
 *   (its two edges), a clipped point (incident edge, side plane), a reference corner (two side planes).
 * - edge contact: bit 13 set, bits 4..7 A's edge, bits 0..3 B's edge (edge index = 4·axis + sign bits
 *   of the two other axes).
 */

import { closestSegmentSegment } from '../../math/vec3';
import { reservePoint, type ManifoldOut, type PosedShape } from './manifold';
import type { BoxBoxScratch } from './collide-scratch';

// The constants below are written as their numbers in the code, each followed by its name in a comment: V8 does
// not fold a module-level constant into a function it optimises normally, it loads it at every use (see
// `systems/solve/pgs/contact-solve.ts`). POSED_AXES = 10 (manifold.ts: a posed shape's axes start there).
// - EDGE_PARALLEL_SIN = 1e-5: cross-product axes shorter than this (sine of the edge angle) are skipped.
// - AXIS_BIAS_REL = 0.05: relative part of the axis-choice tolerance (ODE / Bullet's 1.05 fudge factor).
// - AXIS_BIAS_ABS = 5e-4: absolute part of the axis-choice tolerance (unit: m; Box2D uses 0.1 linear slop = 0.5 mm).
// - CLIP_SLOP_REL = 1e-3: incident vertices less than this fraction of the smallest face half extent outside a side
//   plane are kept as they are instead of being clipped, so a stack of equal, aligned boxes keeps its point ids (and
//   does not grow near-duplicate points) while it jitters by less than that. Points created by clipping lie exactly
//   on the side planes.
// - DEPTH_TIE_REL = 1e-6: depths closer than this fraction of the face size count as equal when picking the deepest
//   point.
// - EDGE_FLAG = 1 << 13 = 8192, REF_B_FLAG = 1 << 12 = 4096: the feature id bits (file header).
// - STRIDE = 5: polygon vertices, stride 5: u, v, s (height above the reference face), point id, tag of the outgoing
//   edge; kept points, stride 4: u, v, s, id.

/** Whether the normal of a box–box manifold with first feature id `id` is B's face normal (B's face
 * was the reference face); otherwise it is A's face normal or an edge–edge axis. */
export function boxBoxNormalOnB(id: number): boolean {
  return (id & (4096 /* REF_B_FLAG */ | 8192 /* EDGE_FLAG */)) === 4096 /* REF_B_FLAG */;
}

/**
 * Box A vs box B (half extents at indices 7..9, with their axes: posed shapes of POSED_WITH_AXES numbers,
 * as the narrowphase makes them). Up to 4 points with separation (unit: m) below `out.margin` (unit: m).
 * Normal (world frame) from A to B.
 */
export function collideBoxBox(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  const sc = out.scratch.boxBox;
  out.pointCount = 0;
  const X = 10 /* POSED_AXES */, dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  // the face axes, A's then B's (axis u of box f against the other box o: s = |d·u| − h_fᵢ − Σₘ h_oₘ |u·oₘ|,
  // as in boxesApartOn): the first that separates by the margin ends the test
  let sepA = -Infinity, faceA = 0, sepB = -Infinity, faceB = 0;
  const c = sc.sat; // kept for the edge axes' bounds: c[3i + j] = |aᵢ·bⱼ| (i < 3), c[18 + i] = |d·aᵢ|
  for (let k = 0; k < 6; k++) {
    const f = k < 3 ? a : b, o = k < 3 ? b : a, i = X + 3 * (k % 3), ux = f[i], uy = f[i + 1], uz = f[i + 2];
    let r = 0;
    for (let m = 0; m < 3; m++) {
      const cm = Math.abs(ux * o[X + 3 * m] + uy * o[X + 3 * m + 1] + uz * o[X + 3 * m + 2]);
      c[3 * k + m] = cm;
      r += o[7 + m] * cm;
    }
    const du = Math.abs(dx * ux + dy * uy + dz * uz);
    c[18 + k] = du;
    const s = du - f[7 + k % 3] - r;
    if (!(s < margin)) return;
    if (k < 3) { if (s > sepA) { sepA = s; faceA = k; } } else if (s > sepB) { sepB = s; faceB = k - 3; }
  }
  // the face: B's only when better by the axis-choice tolerance AXIS_BIAS_REL |s| + AXIS_BIAS_ABS (written
  // out: a call that is not inlined passes and returns its numbers boxed); an edge axis only when above `beat`
  let refIsB = false, sep = sepA;
  if (sepB > sepA + (0.05 /* AXIS_BIAS_REL */ * Math.abs(sepA) + 5e-4 /* AXIS_BIAS_ABS */)) { refIsB = true; sep = sepB; }
  const beat = sep + (0.05 /* AXIS_BIAS_REL */ * Math.abs(sep) + 5e-4 /* AXIS_BIAS_ABS */);
  // the pair may touch: the edge tests and the contact read the axes from sc.axA / sc.axB
  for (let t = 0; t < 9; t++) { sc.axA[t] = a[X + t]; sc.axB[t] = b[X + t]; }
  // Edge cross axes aᵢ × bⱼ. With L' = aᵢ × bⱼ = c̃ᵢ₁ⱼ aᵢ₂ − c̃ᵢ₂ⱼ aᵢ₁ (c̃ the signed aₘ·bⱼ, i₁ = i + 1, i₂ = i + 2
  // mod 3; Gottschalk, Lin & Manocha 1996), |d·L'| − Σₘ h_Aₘ |L'·aₘ| − Σₘ h_Bₘ |L'·bₘ| is at most N below, and
  // the separation along L = L'/|L'| is that over |L'| ≤ 1: when N (plus a slack far above the rounding) is
  // negative, below the margin and below `beat`, the axis can neither separate the boxes nor be chosen,
  // and its exact test (a square root and three divisions) is skipped.
  const slack = 1e-9 * (1 + c[18] + c[19] + c[20] + a[7] + a[8] + a[9] + b[7] + b[8] + b[9]);
  let sepE = -Infinity, edgeI = -1, edgeJ = -1;
  for (let i = 0; i < 3; i++) {
    const ax = sc.axA[3 * i], ay = sc.axA[3 * i + 1], az = sc.axA[3 * i + 2], i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (let j = 0; j < 3; j++) {
      const j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const n = c[18 + i2] * c[3 * i1 + j] + c[18 + i1] * c[3 * i2 + j] - a[7 + i1] * c[3 * i2 + j] - a[7 + i2] * c[3 * i1 + j]
        - b[7 + j1] * c[3 * i + j2] - b[7 + j2] * c[3 * i + j1] + slack;
      if (n < 0 && n < margin && n <= beat) continue;
      const bx = sc.axB[3 * j], by = sc.axB[3 * j + 1], bz = sc.axB[3 * j + 2];
      let lx = ay * bz - az * by, ly = az * bx - ax * bz, lz = ax * by - ay * bx;
      const len = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (len < 1e-5 /* EDGE_PARALLEL_SIN */) continue;
      lx /= len; ly /= len; lz /= len;
      // Σₘ h_m |L·aₘ| and Σₘ h_m |L·bₘ|, summed from 0 in the order m = 0, 1, 2
      let ra = 0, rb = 0;
      for (let m = 0; m < 3; m++) {
        ra += a[7 + m] * Math.abs(lx * a[X + 3 * m] + ly * a[X + 3 * m + 1] + lz * a[X + 3 * m + 2]);
        rb += b[7 + m] * Math.abs(lx * b[X + 3 * m] + ly * b[X + 3 * m + 1] + lz * b[X + 3 * m + 2]);
      }
      const dl = dx * lx + dy * ly + dz * lz;
      const s = Math.abs(dl) - ra - rb;
      if (!(s < margin)) return;
      if (s > sepE) {
        sepE = s; edgeI = i; edgeJ = j;
        const sgn = dl < 0 ? -1 : 1; // orient from A to B
        sc.edgeAxis[0] = sgn * lx; sc.edgeAxis[1] = sgn * ly; sc.edgeAxis[2] = sgn * lz;
      }
    }
  }

  if (edgeI >= 0 && sepE > beat) {
    edgeContact(sc, out, a, b, edgeI, edgeJ);
  } else if (refIsB) {
    faceContact(sc, out, b, sc.axB, a, sc.axA, faceB, true);
  } else {
    faceContact(sc, out, a, sc.axA, b, sc.axB, faceA, false);
  }
}

/**
 * Whether the posed boxes `a`, `b` (with their axes) are apart by `out.margin` or more along axis `k` of
 * {@link collideBoxBox}'s separating-axis test (0..2 A's face axes, 3..5 B's, 6 + 3i + j the edge axis
 * L = aᵢ × bⱼ / |aᵢ × bⱼ|, never when aᵢ and bⱼ are parallel within `EDGE_PARALLEL_SIN`), computed with
 * that test's arithmetic, term for term (|d·u| − h_F − Σₘ h_Oₘ |u·oₘ| for the face axis u of box F, O the other
 * box; |d·L| − Σₘ h_Aₘ |L·aₘ| − Σₘ h_Bₘ |L·bₘ| for an edge axis; the sums from 0 in the order m = 0, 1, 2): when
 * they are, that test finds no contact either. A pair apart at one step is mostly apart along the same axis
 * at the next, so the narrowphase tries that axis first (temporal coherence: the cached separating axis,
 * Ericson, "Real-Time Collision Detection" §4.4.1).
 */
export function boxesApartOn(out: ManifoldOut, a: PosedShape, b: PosedShape, k: number): boolean {
  const X = 10 /* POSED_AXES */, f = k < 3 ? a : b, o = k < 3 || k > 5 ? b : a, i = X + 3 * (k % 3), j = X + 3 * ((k - 6) % 3);
  let lx = f[i], ly = f[i + 1], lz = f[i + 2], s = -f[7 + k % 3], r = 0;
  if (k > 5) {
    const ax = a[X + k - 6 - (k % 3)], ay = a[X + k - 5 - (k % 3)], az = a[X + k - 4 - (k % 3)]; // aᵢ, i = ⌊(k − 6) / 3⌋
    const bx = b[j], by = b[j + 1], bz = b[j + 2];
    lx = ay * bz - az * by; ly = az * bx - ax * bz; lz = ax * by - ay * bx;
    const len = Math.sqrt(lx * lx + ly * ly + lz * lz);
    if (len < 1e-5 /* EDGE_PARALLEL_SIN */) return false;
    lx /= len; ly /= len; lz /= len;
    for (let m = 0; m < 3; m++) r += a[7 + m] * Math.abs(lx * a[X + 3 * m] + ly * a[X + 3 * m + 1] + lz * a[X + 3 * m + 2]);
    s = -r;
    r = 0;
  }
  for (let m = 0; m < 3; m++) r += o[7 + m] * Math.abs(lx * o[X + 3 * m] + ly * o[X + 3 * m + 1] + lz * o[X + 3 * m + 2]);
  return !(Math.abs((b[0] - a[0]) * lx + (b[1] - a[1]) * ly + (b[2] - a[2]) * lz) + s - r < out.margin);
}

/**
 * Face contact: reference box `R` (axes `axR`, face axis `k`), incident box `I`. Writes the normal
 * (from A to B: the reference face normal, negated when R is B) and the clipped, reduced points.
 */
function faceContact(
  sc: BoxBoxScratch, out: ManifoldOut, R: PosedShape, axR: Float64Array, I: PosedShape, axI: Float64Array,
  k: number, refIsB: boolean,
): void {
  const margin = out.margin;
  const dx = I[0] - R[0], dy = I[1] - R[1], dz = I[2] - R[2];
  const sig = dx * axR[3 * k] + dy * axR[3 * k + 1] + dz * axR[3 * k + 2] < 0 ? -1 : 1;
  const nx = sig * axR[3 * k], ny = sig * axR[3 * k + 1], nz = sig * axR[3 * k + 2]; // reference face normal
  const nSign = refIsB ? -1 : 1;
  out.normal[0] = nSign * nx; out.normal[1] = nSign * ny; out.normal[2] = nSign * nz;
  const refFace = 2 * k + (sig > 0 ? 0 : 1);

  // incident face: the face of I most anti-parallel to the reference normal
  let j = 0, bestAbs = -1, dotJ = 0;
  for (let m = 0; m < 3; m++) {
    const d = nx * axI[3 * m] + ny * axI[3 * m + 1] + nz * axI[3 * m + 2];
    if (Math.abs(d) > bestAbs) { bestAbs = Math.abs(d); j = m; dotJ = d; }
  }
  const tau = dotJ > 0 ? -1 : 1;
  const incFace = 2 * j + (tau > 0 ? 0 : 1);
  const ju = (j + 1) % 3, jv = (j + 2) % 3;
  const hIj = I[7 + j], hIu = I[7 + ju], hIv = I[7 + jv];
  const ku = (k + 1) % 3, kv = (k + 2) % 3;
  const hRk = R[7 + k], hRu = R[7 + ku], hRv = R[7 + kv];
  // incident face centre relative to R's centre
  const cx = dx + tau * hIj * axI[3 * j], cy = dy + tau * hIj * axI[3 * j + 1], cz = dz + tau * hIj * axI[3 * j + 2];
  const rux = axR[3 * ku], ruy = axR[3 * ku + 1], ruz = axR[3 * ku + 2];
  const rvx = axR[3 * kv], rvy = axR[3 * kv + 1], rvz = axR[3 * kv + 2];
  // incident vertices in cyclic order: (su, sv) = (+,+), (−,+), (−,−), (+,−); edge m joins vertex m to m + 1
  for (let m = 0; m < 4; m++) {
    const su = m === 0 || m === 3 ? hIu : -hIu;
    const sv = m < 2 ? hIv : -hIv;
    const px = cx + su * axI[3 * ju] + sv * axI[3 * jv];
    const py = cy + su * axI[3 * ju + 1] + sv * axI[3 * jv + 1];
    const pz = cz + su * axI[3 * ju + 2] + sv * axI[3 * jv + 2];
    const o = 5 /* STRIDE */ * m;
    sc.polyA[o] = px * rux + py * ruy + pz * ruz;
    sc.polyA[o + 1] = px * rvx + py * rvy + pz * rvz;
    sc.polyA[o + 2] = px * nx + py * ny + pz * nz - hRk;
    sc.polyA[o + 3] = pairId((m + 3) % 4, m);
    sc.polyA[o + 4] = m;
  }
  const slop = 1e-3 /* CLIP_SLOP_REL */ * Math.min(hRu, hRv, hIu, hIv);
  sc.clipBounds[0] = hRu; sc.clipBounds[1] = hRv; sc.clipBounds[2] = slop;
  // Clip against the side planes +u, −u, +v, −v (tags 4..7). A pass that would keep every vertex
  // copies the polygon unchanged, so it is skipped.
  let poly = sc.polyA, spare = sc.polyB, count = 4;
  for (let pass = 0; pass < 4; pass++) {
    const coord = pass >> 1, sign = (pass & 1) === 0 ? 1 : -1;
    if (allInside(sc, poly, count, coord, sign)) continue;
    count = clip(sc, poly, count, spare, coord, sign, 4 + pass);
    const t = poly; poly = spare; spare = t;
  }

  let kept = 0;
  for (let m = 0; m < count; m++) {
    const o = 5 /* STRIDE */ * m;
    if (!(poly[o + 2] < margin)) continue;
    const c = 4 * kept++;
    sc.cand[c] = poly[o]; sc.cand[c + 1] = poly[o + 1]; sc.cand[c + 2] = poly[o + 2]; sc.cand[c + 3] = poly[o + 3];
  }
  let n = kept;
  if (kept > 4) {
    reduce(sc, kept); // ties within DEPTH_TIE_REL (hRu + hRv), from sc.clipBounds
    n = 4;
  }
  const base = (refIsB ? 4096 /* REF_B_FLAG */ : 0) | (refFace << 9) | (incFace << 6);
  for (let m = 0; m < n; m++) {
    const c = 4 * (kept > 4 ? sc.pick[m] : m);
    const u = sc.cand[c], v = sc.cand[c + 1], s = sc.cand[c + 2];
    const h = hRk + 0.5 * s; // midway between the reference face and the incident point
    const k = reservePoint(out);
    if (k < 0) break;
    out.point[3 * k] = R[0] + u * rux + v * rvx + h * nx;
    out.point[3 * k + 1] = R[1] + u * ruy + v * rvy + h * ny;
    out.point[3 * k + 2] = R[2] + u * ruz + v * rvz + h * nz;
    out.separation[k] = s;
    out.featureId[k] = (base | sc.cand[c + 3]) >>> 0;
  }
}

function pairId(x: number, y: number): number {
  return x < y ? 8 * x + y : 8 * y + x;
}

/** Whether every vertex of `src` is inside the plane of {@link clip} (within the slop), as clip tests it. */
function allInside(sc: BoxBoxScratch, src: Float64Array, n: number, coord: number, sign: number): boolean {
  const limit = sc.clipBounds[coord], slop = sc.clipBounds[2];
  for (let i = 0; i < n; i++) if (!(sign * src[5 /* STRIDE */ * i + coord] - limit <= slop)) return false;
  return true;
}

/**
 * One Sutherland–Hodgman pass against the plane sign · coordinate[coord] = limit, keeping the side
 * below it, from polygon `src` (`n` vertices) into `dst`; returns the new vertex count. Vertices up to
 * `slop` beyond the plane count as inside and are kept unchanged (a vertex lying on the plane up to
 * rounding or jitter keeps its id); created vertices lie exactly on the plane. `tag` (4..7) names the
 * plane in the ids of the vertices it creates. limit = `sc.clipBounds[coord]`, slop = `sc.clipBounds[2]`
 * (read from there rather than passed: a double argument to a call that is not inlined is boxed).
 */
function clip(sc: BoxBoxScratch, src: Float64Array, n: number, dst: Float64Array, coord: number, sign: number, tag: number): number {
  const limit = sc.clipBounds[coord], slop = sc.clipBounds[2];
  let m = 0;
  for (let i = 0; i < n; i++) {
    const ia = 5 /* STRIDE */ * i, ib = 5 /* STRIDE */ * ((i + 1) % n);
    const da = sign * src[ia + coord] - limit, db = sign * src[ib + coord] - limit;
    const inA = da <= slop, inB = db <= slop;
    const edgeTag = src[ia + 4];
    if (inA) {
      const o = 5 /* STRIDE */ * m++;
      dst[o] = src[ia]; dst[o + 1] = src[ia + 1]; dst[o + 2] = src[ia + 2]; dst[o + 3] = src[ia + 3];
      // leaving the polygon from a vertex on (or within slop of) the plane: the next edge runs along it
      dst[o + 4] = !inB && da >= 0 ? tag : edgeTag;
    }
    // a crossing creates a vertex unless the inside end is itself on the plane (within slop)
    if ((inA && !inB && da < 0) || (!inA && inB && db < 0)) {
      const t = da / (da - db);
      const o = 5 /* STRIDE */ * m++;
      dst[o] = src[ia] + t * (src[ib] - src[ia]);
      dst[o + 1] = src[ia + 1] + t * (src[ib + 1] - src[ia + 1]);
      dst[o + 2] = src[ia + 2] + t * (src[ib + 2] - src[ia + 2]);
      dst[o + coord] = sign * limit;
      dst[o + 3] = pairId(edgeTag, tag);
      dst[o + 4] = inA ? tag : edgeTag;
    }
  }
  return m;
}

/**
 * Picks 4 of the `n` (> 4) candidates into `sc.pick`: the deepest (ties within DEPTH_TIE_REL times the
 * reference face's two half extents, `sc.clipBounds[0] + sc.clipBounds[1]`, by order), the farthest
 * from it, then the pair maximising the area of the convex hull of the four.
 */
function reduce(sc: BoxBoxScratch, n: number): void {
  const tie = 1e-6 /* DEPTH_TIE_REL */ * (sc.clipBounds[0] + sc.clipBounds[1]);
  let i0 = 0;
  for (let i = 1; i < n; i++) if (sc.cand[4 * i + 2] < sc.cand[4 * i0 + 2] - tie) i0 = i;
  const u0 = sc.cand[4 * i0], v0 = sc.cand[4 * i0 + 1];
  let i1 = -1, bestD = -1;
  for (let i = 0; i < n; i++) {
    if (i === i0) continue;
    const du = sc.cand[4 * i] - u0, dv = sc.cand[4 * i + 1] - v0;
    const d = du * du + dv * dv;
    if (d > bestD * (1 + 1e-9)) { bestD = d; i1 = i; }
  }
  // the triangles (i0, i1, x) are shared by all the quads: computed once
  for (let i = 0; i < n; i++) sc.base01[i] = tri2(sc, i0, i1, i);
  let i2 = -1, i3 = -1, bestArea = -1;
  for (let p = 0; p < n; p++) {
    if (p === i0 || p === i1) continue;
    for (let q = p + 1; q < n; q++) {
      if (q === i0 || q === i1) continue;
      const area = hullArea4(sc.base01[p], tri2(sc, i0, p, q), sc.base01[q], tri2(sc, i1, p, q));
      if (area > bestArea * (1 + 1e-9)) { bestArea = area; i2 = p; i3 = q; }
    }
  }
  sc.pick[0] = i0; sc.pick[1] = i1; sc.pick[2] = i2; sc.pick[3] = i3;
}

/** Twice the signed area of the triangle of candidates p, q, r in the (u, v) plane. */
function tri2(sc: BoxBoxScratch, p: number, q: number, r: number): number {
  const pu = sc.cand[4 * p], pv = sc.cand[4 * p + 1];
  return (sc.cand[4 * q] - pu) * (sc.cand[4 * r + 1] - pv) - (sc.cand[4 * q + 1] - pv) * (sc.cand[4 * r] - pu);
}

/**
 * Twice the area of the convex hull of 4 candidates p, q, r, s from their signed triangles
 * a = tri2(sc, p, q, r), b = tri2(sc, p, r, s), c = tri2(sc, p, q, s), d = tri2(sc, q, r, s): the largest |shoelace|
 * over the 3 cyclic orders and the 4 triangles (a self-intersecting order or a reflex quad never
 * exceeds the hull).
 */
function hullArea4(a: number, b: number, c: number, d: number): number {
  // fanned from p: shoelace(pqrs) = a + b, shoelace(pqsr) = c − b, shoelace(prqs) = c − a
  return Math.max(Math.abs(a + b), Math.abs(c - b), Math.abs(a - c),
    Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d));
}

/** Edge–edge contact along the chosen cross axis (`sc.edgeAxis`, oriented from A to B). */
function edgeContact(sc: BoxBoxScratch, out: ManifoldOut, a: PosedShape, b: PosedShape, i: number, j: number): void {
  const margin = out.margin;
  const lx = sc.edgeAxis[0], ly = sc.edgeAxis[1], lz = sc.edgeAxis[2];
  const idA = supportEdge(sc.segs, 0, a, sc.axA, i, sc.edgeAxis, 1);
  const idB = supportEdge(sc.segs, 6, b, sc.axB, j, sc.edgeAxis, -1);
  closestSegmentSegment(sc.st, 0, sc.segs, 0, sc.segs, 3, sc.segs, 6, sc.segs, 9);
  const s = sc.st[0], t = sc.st[1];
  const pax = sc.segs[0] + s * sc.segs[3], pay = sc.segs[1] + s * sc.segs[4], paz = sc.segs[2] + s * sc.segs[5];
  const pbx = sc.segs[6] + t * sc.segs[9], pby = sc.segs[7] + t * sc.segs[10], pbz = sc.segs[8] + t * sc.segs[11];
  const separation = (pbx - pax) * lx + (pby - pay) * ly + (pbz - paz) * lz;
  if (!(separation < margin)) return;
  out.normal[0] = lx; out.normal[1] = ly; out.normal[2] = lz;
  const k = reservePoint(out);
  if (k < 0) return;
  out.point[3 * k] = 0.5 * (pax + pbx); out.point[3 * k + 1] = 0.5 * (pay + pby); out.point[3 * k + 2] = 0.5 * (paz + pbz);
  out.separation[k] = separation;
  out.featureId[k] = (8192 /* EDGE_FLAG */ | (idA << 4) | idB) >>> 0;
}

/**
 * Writes the edge of box `s` parallel to its axis `i` that is extreme in direction `dir`·L, L = `l[0..3]`
 * (start at `o`, direction vector at `o + 3`) and returns its edge index 4·i + sign bits. (L is read
 * from its array: numbers passed to a call that is not inlined are boxed.)
 */
function supportEdge(
  out: Float64Array, o: number, s: PosedShape, ax: Float64Array, i: number, l: Float64Array, dir: number,
): number {
  const lx = l[0], ly = l[1], lz = l[2];
  const k1 = (i + 1) % 3, k2 = (i + 2) % 3;
  const s1 = dir * (lx * ax[3 * k1] + ly * ax[3 * k1 + 1] + lz * ax[3 * k1 + 2]) < 0 ? -1 : 1;
  const s2 = dir * (lx * ax[3 * k2] + ly * ax[3 * k2 + 1] + lz * ax[3 * k2 + 2]) < 0 ? -1 : 1;
  const h1 = s1 * s[7 + k1], h2 = s2 * s[7 + k2], hi = s[7 + i];
  for (let c = 0; c < 3; c++) {
    const centre = s[c] + h1 * ax[3 * k1 + c] + h2 * ax[3 * k2 + c];
    out[o + c] = centre - hi * ax[3 * i + c];
    out[o + 3 + c] = 2 * hi * ax[3 * i + c];
  }
  return 4 * i + (s1 > 0 ? 1 : 0) + (s2 > 0 ? 2 : 0);
}
