/**
 * Convex hull building (quickhull) and hull mass properties against closed forms and a second method.
 */
import { describe, expect, it } from 'vitest';
import { buildConvexHull, type ConvexHullData } from '../../../../systems/shapes/convex-hull';
import { convexHull, cylinder } from '../../../../plugin/shapes';
import { PhysicsInputError } from '../../../../plugin/errors';
import { cylinderMass } from '../../../../systems/shapes/cylinder';
import { createRandom } from '../../../../scenes/prng';

const OPTS = { maxVertices: 64, weldDistance: 1e-4 };

function build(points: number[][], opts = OPTS): ConvexHullData {
  const h = buildConvexHull(points.flat(), opts);
  if ('field' in h) throw new Error(h.reason);
  return h;
}

function boxCorners(a: number, b: number, c: number): number[][] {
  const p: number[][] = [];
  for (const x of [-a, a]) for (const y of [-b, b]) for (const z of [-c, c]) p.push([x, y, z]);
  return p;
}

/** Volume by the divergence theorem: Σ_f area_f · d_f / 3 (a second method beside the tetrahedra). */
function divergenceVolume(h: ConvexHullData): number {
  let v = 0;
  for (let f = 0; f < h.faceCount; f++) {
    const s = h.faceStart[f], e = h.faceStart[f + 1];
    let ax = 0, ay = 0, az = 0;
    for (let k = s; k < e; k++) {
      const i = h.faceVertices[k], j = h.faceVertices[k + 1 < e ? k + 1 : s];
      const p = h.vertices.subarray(3 * i, 3 * i + 3), q = h.vertices.subarray(3 * j, 3 * j + 3);
      ax += p[1] * q[2] - p[2] * q[1]; ay += p[2] * q[0] - p[0] * q[2]; az += p[0] * q[1] - p[1] * q[0];
    }
    const area = 0.5 * (ax * h.facePlanes[4 * f] + ay * h.facePlanes[4 * f + 1] + az * h.facePlanes[4 * f + 2]);
    v += (area * h.facePlanes[4 * f + 3]) / 3;
  }
  return v;
}

describe('convex hull (quickhull)', () => {
  it('the hull of a box\'s corners (with interior points and near-duplicates) is the box: 8 vertices, 6 quadrilateral faces, its volume, centroid and inertia (rel 1e-12)', () => {
    const a = 0.5, b = 0.25, c = 0.75;
    const pts = boxCorners(a, b, c);
    const rnd = createRandom(3);
    for (let i = 0; i < 50; i++) pts.push([(2 * rnd() - 1) * a, (2 * rnd() - 1) * b, (2 * rnd() - 1) * c]);
    pts.push([a + 1e-6, b, c], [-a, -b - 5e-5, -c]);
    const h = build(pts);
    expect(h.vertexCount).toBe(8);
    expect(h.faceCount).toBe(6);
    for (let f = 0; f < 6; f++) expect(h.faceStart[f + 1] - h.faceStart[f]).toBe(4);
    const V = 8 * a * b * c;
    expect(Math.abs(h.volume - V) / V).toBeLessThan(1e-12);
    for (let k = 0; k < 3; k++) expect(Math.abs(h.centroid[k])).toBeLessThan(1e-12);
    // box inertia per unit density: V (b² + c²) / 3 …
    const I = [(V * (b * b + c * c)) / 3, (V * (a * a + c * c)) / 3, (V * (a * a + b * b)) / 3];
    for (let k = 0; k < 3; k++) expect(Math.abs(h.unitInertia[4 * k] - I[k]) / I[k]).toBeLessThan(1e-12);
    for (const k of [1, 2, 3, 5, 6, 7]) expect(Math.abs(h.unitInertia[k])).toBeLessThan(1e-14);
  });

  it('random clouds: every point inside every face plane, vertices are input points, Euler V − E + F = 2, volume = divergence-theorem volume (rel 1e-12)', () => {
    const rnd = createRandom(11);
    for (let trial = 0; trial < 30; trial++) {
      const n = 8 + Math.floor(rnd() * 200);
      const pts: number[][] = [];
      for (let i = 0; i < n; i++) pts.push([rnd() * 2 - 1, (rnd() * 2 - 1) * 0.5, rnd() * 3 - 1.5]);
      const h = build(pts, { maxVertices: 1000, weldDistance: 1e-6 });
      let worst = -Infinity;
      for (const p of pts) {
        for (let f = 0; f < h.faceCount; f++) {
          worst = Math.max(worst, p[0] * h.facePlanes[4 * f] + p[1] * h.facePlanes[4 * f + 1] + p[2] * h.facePlanes[4 * f + 2] - h.facePlanes[4 * f + 3]);
        }
      }
      expect(worst).toBeLessThan(1e-9);
      const input = new Set(pts.map((p) => p.join(',')));
      let foreign = 0;
      for (let i = 0; i < h.vertexCount; i++) if (!input.has([h.vertices[3 * i], h.vertices[3 * i + 1], h.vertices[3 * i + 2]].join(','))) foreign++;
      expect(foreign).toBe(0);
      const edges = h.faceVertices.length / 2;
      expect(h.vertexCount - edges + h.faceCount).toBe(2);
      expect(Math.abs(h.volume - divergenceVolume(h)) / h.volume).toBeLessThan(1e-12);
    }
  });

  it('keeps at most maxVertices vertices, farthest points first', () => {
    const rnd = createRandom(5);
    const pts: number[][] = [];
    for (let i = 0; i < 500; i++) {
      const z = 2 * rnd() - 1, t = 2 * Math.PI * rnd(), r = Math.sqrt(1 - z * z);
      pts.push([r * Math.cos(t), r * Math.sin(t), z]);
    }
    const h = build(pts, { maxVertices: 20, weldDistance: 1e-4 });
    expect(h.vertexCount).toBeLessThanOrEqual(20);
    expect(h.vertexCount).toBeGreaterThanOrEqual(12);
    expect(h.volume).toBeGreaterThan(0.5 * (4 / 3) * Math.PI);
  });

  it('a prism of 512 sides approaches the cylinder\'s closed-form mass properties (rel 1e-4)', () => {
    const r = 0.4, hh = 0.7, pts: number[][] = [];
    for (let k = 0; k < 512; k++) {
      const t = (2 * Math.PI * k) / 512;
      pts.push([r * Math.cos(t), -hh, r * Math.sin(t)], [r * Math.cos(t), hh, r * Math.sin(t)]);
    }
    const h = build(pts, { maxVertices: 2000, weldDistance: 0 });
    const m = cylinderMass(r, hh, 1);
    expect(Math.abs(h.volume - m.mass) / m.mass).toBeLessThan(1e-4);
    for (const k of [0, 4, 8]) expect(Math.abs(h.unitInertia[k] - m.tensor[k]) / m.tensor[k]).toBeLessThan(1e-4);
    // closed form itself: m = ρ π r² 2h, I_y = m r²/2, I_x = m (3r² + 4h²)/12
    expect(m.mass).toBeCloseTo(Math.PI * r * r * 2 * hh, 14);
    expect(m.tensor[4]).toBeCloseTo(0.5 * m.mass * r * r, 14);
    expect(m.tensor[0]).toBeCloseTo((m.mass * (3 * r * r + 4 * hh * hh)) / 12, 14);
  });

  it('an off-centre hull has its centroid where the points are', () => {
    const h = build(boxCorners(0.5, 0.5, 0.5).map((p) => [p[0] + 3, p[1] - 1, p[2] + 0.5]));
    expect(h.centroid[0]).toBeCloseTo(3, 12);
    expect(h.centroid[1]).toBeCloseTo(-1, 12);
    expect(h.centroid[2]).toBeCloseTo(0.5, 12);
  });
});

describe('convexHull / cylinder bad input: a typed error naming the field', () => {
  const cases: [string, () => unknown, string][] = [
    ['three points', () => convexHull([[0, 0, 0], [1, 0, 0], [0, 1, 0]]), 'points'],
    ['four points, two welded', () => convexHull([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1e-5]]), 'points'],
    ['coplanar', () => convexHull([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0.5, 0.2, 0]]), 'points'],
    ['collinear', () => convexHull([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]]), 'points'],
    ['NaN', () => convexHull([[0, 0, 0], [1, 0, 0], [0, NaN, 0], [0, 0, 1]]), 'points[2]'],
    ['Infinity in flat coordinates', () => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Infinity]), 'points[3]'],
    ['not a 3-vector', () => convexHull([[0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]), 'points[0]'],
    ['flat coordinates not in threes', () => convexHull([0, 0, 0, 1]), 'points'],
    ['not an array', () => convexHull(null as unknown as number[]), 'points'],
    ['maxVertices 3', () => convexHull(boxCorners(1, 1, 1), { maxVertices: 3 }), 'maxVertices'],
    ['weldDistance −1', () => convexHull(boxCorners(1, 1, 1), { weldDistance: -1 }), 'weldDistance'],
    ['cylinder radius 0', () => cylinder(0, 1), 'radius'],
    ['cylinder halfHeight NaN', () => cylinder(1, NaN), 'halfHeight'],
  ];
  for (const [name, f, field] of cases) {
    it(name, () => {
      let err: unknown;
      try { f(); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect((err as PhysicsInputError).field).toBe(field);
    });
  }
});
