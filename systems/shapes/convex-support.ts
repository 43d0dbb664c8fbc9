/**
 * The support-function interface of every convex shape: a posed convex "proxy" and, for any direction
 * d, its support point s(d) = argmax_{x ∈ shape} d·x (Gilbert, Johnson & Keerthi 1988; van den Bergen
 * 2003, "Collision Detection in Interactive 3D Environments" §4.3), plus its supporting feature (the
 * face, edge or vertex farthest along d) from which the manifold clipping builds contact polygons.
 *
 * Shapes are split into a core and a radius, as in Bullet and Jolt: a sphere is a point of radius r, a
 * capsule a segment of radius r; a box, cylinder, hull or triangle has radius 0. GJK and EPA
 * (`gjk.ts`, `epa.ts`) work on the cores and the radii are added afterwards, so round shapes converge
 * exactly and quickly.
 *
 * For users of this interface (the triangle–convex path of meshes and heightfields): fill a proxy with
 * `setProxyFromPose` (a collider's posed shape) or `setTriangleProxy` (three world points), then call
 * `gjkDistance` / `epaPenetration` / `collideConvexPair`.
 */

import { ShapeKind } from '../../components/collider';
import type { ConvexHullData } from './convex-hull';

/** Proxy kind of a triangle (three world points; no ShapeKind of its own). */
export const TRIANGLE_PROXY = 100;

/** Number of rim points of a cylinder cap used as its supporting polygon (manifold clipping). */
export const CAP_POINTS = 8;

/** A convex shape at a world pose, read by the support functions. Reused; nothing allocated per use. */
export interface ConvexProxy {
  /** {@link ShapeKind} code (sphere, box, capsule, cylinder, convexHull) or {@link TRIANGLE_PROXY}. */
  kind: number;
  /** `[3]` world position of the shape's origin (unit: m). */
  position: Float64Array;
  /** `[9]` row-major world rotation R (world = R · local + position). */
  rotation: Float64Array;
  /** `[3]` the collider's `size` (see `components/collider.ts`). */
  size: Float64Array;
  /** Radius around the core (unit: m): sphere and capsule radius, 0 otherwise. */
  radius: number;
  /** The hull of a convex-hull proxy (or the proxy's own triangle polytope), else undefined. */
  hull: ConvexHullData | undefined;
  /** A triangle polytope owned by the proxy (`setTriangleProxy`). */
  triangle: MutablePolytope;
  /** `[3]` scratch: the direction of the last {@link support} call. */
  direction: Float64Array;
}

/** A small polytope whose arrays are filled in place (the triangle of a triangle proxy). */
export interface MutablePolytope extends ConvexHullData {
  vertices: Float64Array;
  facePlanes: Float64Array;
}

export function createConvexProxy(): ConvexProxy {
  const tri: MutablePolytope = {
    kindCode: ShapeKind.convexHull, vertexCount: 3, vertices: new Float64Array(9), faceCount: 2,
    faceStart: new Int32Array([0, 3, 6]), faceVertices: new Int32Array([0, 1, 2, 0, 2, 1]),
    facePlanes: new Float64Array(8), boundingRadius: 0, volume: 0, centroid: new Float64Array(3), unitInertia: new Float64Array(9),
  };
  return {
    kind: ShapeKind.sphere, position: new Float64Array(3), rotation: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    size: new Float64Array(3), radius: 0, hull: undefined, triangle: tri, direction: new Float64Array(3),
  };
}

/**
 * Fills `p` from a shape of kind `kind` at world position `pose[po..po+2]`, orientation
 * `pose[po+3..po+6]` (x y z w), dimensions `size[so..so+2]`, and hull `hull` (convex hulls only).
 */
export function setProxyFromPose(
  p: ConvexProxy, kind: number, pose: ArrayLike<number>, po: number, size: ArrayLike<number>, so: number,
  hull: ConvexHullData | undefined,
): void {
  p.kind = kind;
  p.position[0] = pose[po]; p.position[1] = pose[po + 1]; p.position[2] = pose[po + 2];
  const x = pose[po + 3], y = pose[po + 4], z = pose[po + 5], w = pose[po + 6];
  const r = p.rotation;
  r[0] = 1 - 2 * (y * y + z * z); r[1] = 2 * (x * y - w * z); r[2] = 2 * (x * z + w * y);
  r[3] = 2 * (x * y + w * z); r[4] = 1 - 2 * (x * x + z * z); r[5] = 2 * (y * z - w * x);
  r[6] = 2 * (x * z - w * y); r[7] = 2 * (y * z + w * x); r[8] = 1 - 2 * (x * x + y * y);
  p.size[0] = size[so]; p.size[1] = size[so + 1]; p.size[2] = size[so + 2];
  p.radius = kind === ShapeKind.sphere || kind === ShapeKind.capsule ? size[so] : 0;
  p.hull = hull;
}

/** Makes `p` the triangle (a, b, c) given in world coordinates (unit: m), counter-clockwise seen from
 * its front (normal (b − a) × (c − a)); both sides are faces. */
export function setTriangleProxy(
  p: ConvexProxy, ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
): void {
  const v = p.triangle.vertices;
  v[0] = ax; v[1] = ay; v[2] = az; v[3] = bx; v[4] = by; v[5] = bz; v[6] = cx; v[7] = cy; v[8] = cz;
  setTriangleProxyFrom(p, v, 0);
}

/** {@link setTriangleProxy} from the nine coordinates `verts[o..o+8]` (the form for loops: V8 boxes
 * doubles passed to a function it does not inline). */
export function setTriangleProxyFrom(p: ConvexProxy, verts: Float64Array, o: number): void {
  const ax = verts[o], ay = verts[o + 1], az = verts[o + 2], bx = verts[o + 3], by = verts[o + 4], bz = verts[o + 5];
  const cx = verts[o + 6], cy = verts[o + 7], cz = verts[o + 8];
  p.kind = TRIANGLE_PROXY;
  p.position[0] = 0; p.position[1] = 0; p.position[2] = 0;
  const r = p.rotation;
  r[0] = 1; r[1] = 0; r[2] = 0; r[3] = 0; r[4] = 1; r[5] = 0; r[6] = 0; r[7] = 0; r[8] = 1;
  p.radius = 0;
  const t = p.triangle, v = t.vertices;
  v[0] = ax; v[1] = ay; v[2] = az; v[3] = bx; v[4] = by; v[5] = bz; v[6] = cx; v[7] = cy; v[8] = cz;
  const ux = bx - ax, uy = by - ay, uz = bz - az, wx = cx - ax, wy = cy - ay, wz = cz - az;
  let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const l = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (l > 0) { nx /= l; ny /= l; nz /= l; }
  const d = nx * ax + ny * ay + nz * az;
  const P = t.facePlanes;
  P[0] = nx; P[1] = ny; P[2] = nz; P[3] = d; P[4] = -nx; P[5] = -ny; P[6] = -nz; P[7] = -d;
  p.hull = t;
}

/**
 * Support point of the core of `p` along the world direction (dx, dy, dz) (any length), written to
 * `out[o..o+2]` (world). Returns the index of the vertex for polytopes (−1 for smooth shapes).
 */
export function support(p: ConvexProxy, dx: number, dy: number, dz: number, out: Float64Array, o: number): number {
  const d = p.direction;
  d[0] = dx; d[1] = dy; d[2] = dz;
  return supportAlong(p, d, 0, 1, out, o);
}

/**
 * {@link support} along `sign` × `dir[k..k+2]` (sign ±1). The hot loops (GJK, EPA) call this form:
 * the direction stays in an array, so no double is passed between functions (V8 boxes doubles passed
 * to a function it does not inline, an allocation per call).
 */
export function supportAlong(p: ConvexProxy, dir: Float64Array, k: number, sign: number, out: Float64Array, o: number): number {
  const dx = sign * dir[k], dy = sign * dir[k + 1], dz = sign * dir[k + 2];
  const r = p.rotation, s = p.size;
  // local direction Rᵀ d
  const lx = r[0] * dx + r[3] * dy + r[6] * dz, ly = r[1] * dx + r[4] * dy + r[7] * dz, lz = r[2] * dx + r[5] * dy + r[8] * dz;
  let x = 0, y = 0, z = 0, index = -1;
  switch (p.kind) {
    case ShapeKind.sphere: break;
    case ShapeKind.box:
      x = lx >= 0 ? s[0] : -s[0]; y = ly >= 0 ? s[1] : -s[1]; z = lz >= 0 ? s[2] : -s[2];
      index = (lx >= 0 ? 1 : 0) | (ly >= 0 ? 2 : 0) | (lz >= 0 ? 4 : 0);
      break;
    case ShapeKind.capsule:
      y = ly >= 0 ? s[1] : -s[1];
      break;
    case ShapeKind.cylinder: {
      const l = Math.sqrt(lx * lx + lz * lz);
      if (l > 0) { x = (s[0] * lx) / l; z = (s[0] * lz) / l; }
      y = ly >= 0 ? s[1] : -s[1];
      break;
    }
    default: {
      const h = p.hull as ConvexHullData, v = h.vertices;
      let best = -Infinity;
      for (let i = 0; i < h.vertexCount; i++) {
        const d = v[3 * i] * lx + v[3 * i + 1] * ly + v[3 * i + 2] * lz;
        if (d > best) { best = d; index = i; }
      }
      x = v[3 * index]; y = v[3 * index + 1]; z = v[3 * index + 2];
    }
  }
  out[o] = p.position[0] + r[0] * x + r[1] * y + r[2] * z;
  out[o + 1] = p.position[1] + r[3] * x + r[4] * y + r[5] * z;
  out[o + 2] = p.position[2] + r[6] * x + r[7] * y + r[8] * z;
  return index;
}

/** The supporting feature of a core along a direction: 1 point (vertex), 2 (edge) or a polygon. */
export interface SupportFace {
  count: number;
  /** `[3 × max]` world points, counter-clockwise seen from outside (polygons). */
  points: Float64Array;
  /** `[max]` feature id of each point (vertex index on its shape). */
  ids: Int32Array;
  /** `[3]` outward unit normal of a polygon (count ≥ 3), world. */
  normal: Float64Array;
  /** Face index on its shape (for feature ids). */
  face: number;
}

export function createSupportFace(max = 64): SupportFace {
  return { count: 0, points: new Float64Array(3 * max), ids: new Int32Array(max), normal: new Float64Array(3), face: 0 };
}

function putLocal(p: ConvexProxy, f: SupportFace, x: number, y: number, z: number, id: number): void {
  if (f.count >= f.ids.length) return;
  const r = p.rotation, k = f.count++;
  f.points[3 * k] = p.position[0] + r[0] * x + r[1] * y + r[2] * z;
  f.points[3 * k + 1] = p.position[1] + r[3] * x + r[4] * y + r[5] * z;
  f.points[3 * k + 2] = p.position[2] + r[6] * x + r[7] * y + r[8] * z;
  f.ids[k] = id;
}

function setNormalLocal(p: ConvexProxy, f: SupportFace, x: number, y: number, z: number): void {
  const r = p.rotation;
  f.normal[0] = r[0] * x + r[1] * y + r[2] * z;
  f.normal[1] = r[3] * x + r[4] * y + r[5] * z;
  f.normal[2] = r[6] * x + r[7] * y + r[8] * z;
}

/**
 * The supporting feature of the core of `p` along world direction (dx, dy, dz) (unit length) into `f`:
 * a box's face most aligned with d; a hull's face with the largest n·d; a cylinder's cap (a polygon of
 * {@link CAP_POINTS} rim points at k·45°, plus the exact deepest rim point along d between its neighbours) when |d·axis| ≥ cos 45°, else its side segment; a capsule's segment
 * when |d·axis| ≤ cos 60°, else its end point; a sphere's centre.
 */
export function supportFace(p: ConvexProxy, dx: number, dy: number, dz: number, f: SupportFace): void {
  const r = p.rotation, s = p.size;
  const lx = r[0] * dx + r[3] * dy + r[6] * dz, ly = r[1] * dx + r[4] * dy + r[7] * dz, lz = r[2] * dx + r[5] * dy + r[8] * dz;
  f.count = 0;
  f.face = 0;
  switch (p.kind) {
    case ShapeKind.sphere: putLocal(p, f, 0, 0, 0, 0); return;
    case ShapeKind.capsule:
      if (Math.abs(ly) <= 0.5) { putLocal(p, f, 0, -s[1], 0, 0); putLocal(p, f, 0, s[1], 0, 1); } else putLocal(p, f, 0, ly > 0 ? s[1] : -s[1], 0, ly > 0 ? 1 : 0);
      return;
    case ShapeKind.box: {
      const ax = Math.abs(lx), ay = Math.abs(ly), az = Math.abs(lz);
      // axis i, sign; the face's 4 corners counter-clockwise seen from outside
      const i = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
      const sg = (i === 0 ? lx : i === 1 ? ly : lz) >= 0 ? 1 : -1;
      const j = (i + 1) % 3, k = (i + 2) % 3;
      f.face = 2 * i + (sg > 0 ? 1 : 0);
      // (j, k) = (i + 1, i + 2) mod 3 is right-handed about axis i: (1,1) (−1,1) (−1,−1) (1,−1) turns
      // counter-clockwise about +e_i, the reverse about −e_i
      const uj = sg > 0 ? BOX_UJ : BOX_UK, uk = sg > 0 ? BOX_UK : BOX_UJ;
      const ci = sg * s[i];
      for (let m = 0; m < 4; m++) {
        const cj = uj[m] * s[j], ck = uk[m] * s[k];
        const x = i === 0 ? ci : j === 0 ? cj : ck, y = i === 1 ? ci : j === 1 ? cj : ck, z = i === 2 ? ci : j === 2 ? cj : ck;
        putLocal(p, f, x, y, z, (x > 0 ? 1 : 0) | (y > 0 ? 2 : 0) | (z > 0 ? 4 : 0));
      }
      setNormalLocal(p, f, i === 0 ? sg : 0, i === 1 ? sg : 0, i === 2 ? sg : 0);
      return;
    }
    case ShapeKind.cylinder: {
      const rad = s[0], h = s[1];
      if (Math.abs(ly) >= Math.SQRT1_2) {
        const sg = ly > 0 ? 1 : -1;
        f.face = sg > 0 ? 1 : 0;
        // the exact deepest rim point along d, inserted between its two neighbouring rim points (a
        // tilted cylinder's lowest point is rarely one of the fixed ones)
        const l = Math.sqrt(lx * lx + lz * lz);
        const ex = l > 1e-9 ? lx / l : 0, ez = l > 1e-9 ? -lz / l : 0; // (cos, sin) of the support angle
        let best = -Infinity, bk = -1;
        for (let k = 0; k < CAP_POINTS; k++) {
          const d = CAP_COS[k] * ex + CAP_SIN[k] * ez;
          if (d > best) { best = d; bk = k; }
        }
        // the exact point lies after bk (counter-clockwise) when its angle is ahead of bk's
        const ahead = CAP_COS[bk] * ez - CAP_SIN[bk] * ex > 0;
        // (only when the cap is tilted by more than 1e-3 rad from d: below that the fixed rim points are
        // within 0.08 r · 1e-3 of the deepest one, and a resting cylinder keeps a fixed polygon)
        const insertAfter = l > 1e-3 && best < 1 - 1e-12 ? (ahead ? bk : (bk + CAP_POINTS - 1) % CAP_POINTS) : -1;
        for (let m = 0; m < CAP_POINTS; m++) {
          const k = sg > 0 ? m : CAP_POINTS - 1 - m;
          // angles k·45° counter-clockwise about +y, i.e. seen from above: (cos, −sin) in (x, z)
          if (sg < 0 && k === insertAfter) putLocal(p, f, rad * ex, sg * h, -rad * ez, CAP_POINTS);
          putLocal(p, f, rad * CAP_COS[k], sg * h, -rad * CAP_SIN[k], k);
          if (sg > 0 && k === insertAfter) putLocal(p, f, rad * ex, sg * h, -rad * ez, CAP_POINTS);
        }
        setNormalLocal(p, f, 0, sg, 0);
      } else {
        const l = Math.sqrt(lx * lx + lz * lz);
        const x = (rad * lx) / l, z = (rad * lz) / l;
        f.face = 2;
        putLocal(p, f, x, -h, z, 0); putLocal(p, f, x, h, z, 1);
      }
      return;
    }
    default: {
      const hull = p.hull as ConvexHullData, P = hull.facePlanes;
      let best = -Infinity, bf = 0;
      for (let g = 0; g < hull.faceCount; g++) {
        const d = P[4 * g] * lx + P[4 * g + 1] * ly + P[4 * g + 2] * lz;
        if (d > best) { best = d; bf = g; }
      }
      f.face = bf;
      const v = hull.vertices;
      for (let q = hull.faceStart[bf]; q < hull.faceStart[bf + 1]; q++) {
        const i = hull.faceVertices[q];
        putLocal(p, f, v[3 * i], v[3 * i + 1], v[3 * i + 2], i);
      }
      setNormalLocal(p, f, P[4 * bf], P[4 * bf + 1], P[4 * bf + 2]);
    }
  }
}

const BOX_UJ = [1, -1, -1, 1], BOX_UK = [1, 1, -1, -1];

/** cos and sin of k · 45°, k = 0 … 7, exact (no transcendental functions). */
const H = Math.SQRT1_2;
const CAP_COS = [1, H, 0, -H, -1, -H, 0, H];
const CAP_SIN = [0, H, 1, H, 0, -H, -1, -H];
