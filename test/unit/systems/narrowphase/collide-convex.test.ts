/**
 * The general convex manifold (GJK / EPA + clipping): point counts, normals, separations and feature
 * ids on configurations with known answers, and agreement with the dedicated box–box routine.
 */
import { describe, expect, it } from 'vitest';
import { ShapeKind } from '../../../../components/collider';
import { createCollideContext, createManifoldOut, withMargin, type ManifoldOut } from '../../../../systems/narrowphase/manifold';
import {
  collideConvexPair, createConvexScratch, makeConvexCollide, makePlaneConvexCollide,
} from '../../../../systems/narrowphase/collide-convex';
import { createConvexProxy, setProxyFromPose, setTriangleProxy } from '../../../../systems/shapes/convex-support';
import { collideBoxBox } from '../../../../systems/narrowphase/collide-box-box';
import { buildConvexHull, type ConvexHullData } from '../../../../systems/shapes/convex-hull';
import { axisAngle, ID, shape, type V3 } from './fixtures';
import { createRandom, randomQuaternion } from '../../../../scenes/prng';

function boxHull(a: number, b: number, c: number): ConvexHullData {
  const p: number[] = [];
  for (const x of [-a, a]) for (const y of [-b, b]) for (const z of [-c, c]) p.push(x, y, z);
  const h = buildConvexHull(p, { maxVertices: 64, weldDistance: 1e-6 });
  if ('field' in h) throw new Error(h.reason);
  return h;
}

const sorted = (m: ManifoldOut): number[] => [...m.separation.slice(0, m.pointCount)].sort((x, y) => x - y);

describe('convex manifold', () => {
  it('a box hull resting on a box (hull–box through GJK/EPA): 4 points at the box corners, normal +y, depth 0.01', () => {
    const collide = makeConvexCollide(ShapeKind.box, ShapeKind.convexHull);
    const ctx = createCollideContext();
    ctx.dataB = boxHull(0.5, 0.5, 0.5);
    const out = createManifoldOut();
    collide(withMargin(out, 0.02), shape([0, 0, 0], ID, [2, 0.5, 2]), shape([0.3, 0.99, -0.2], ID, [0, 0, 0]), ctx);
    expect(out.pointCount).toBe(4);
    expect([...out.normal]).toEqual([0, 1, 0]);
    for (const s of sorted(out)) expect(s).toBeCloseTo(-0.01, 12);
    for (let k = 0; k < 4; k++) expect(out.point[3 * k + 1]).toBeCloseTo(0.495, 12);
  });

  it('agrees with the dedicated box–box routine on random overlapping boxes: normal, deepest separation (1e-9)', () => {
    const rnd = createRandom(44);
    const collide = makeConvexCollide(ShapeKind.box, ShapeKind.convexHull);
    const ctx = createCollideContext();
    const out = createManifoldOut(), ref = createManifoldOut();
    let tested = 0;
    for (let trial = 0; trial < 300; trial++) {
      const hb: V3 = [0.2 + rnd(), 0.2 + rnd(), 0.2 + rnd()], ha: V3 = [0.2 + rnd(), 0.2 + rnd(), 0.2 + rnd()];
      ctx.dataB = boxHull(hb[0], hb[1], hb[2]);
      const qa = randomQuaternion(rnd), qb = randomQuaternion(rnd);
      const pb: V3 = [(2 * rnd() - 1) * 1.5, (2 * rnd() - 1) * 1.5, (2 * rnd() - 1) * 1.5];
      collide(withMargin(out, 0.0), shape([0, 0, 0], qa, ha), shape(pb, qb, [0, 0, 0]), ctx);
      collideBoxBox(withMargin(ref, 0.0), shape([0, 0, 0], qa, ha), shape(pb, qb, hb));
      if (ref.pointCount === 0 || out.pointCount === 0) { expect(out.pointCount).toBe(ref.pointCount); continue; }
      const dr = sorted(ref)[0], d = sorted(out)[0];
      // both routines pick the axis of least penetration; where two axes tie the normals may differ
      if (Math.abs(out.normal[0] * ref.normal[0] + out.normal[1] * ref.normal[1] + out.normal[2] * ref.normal[2]) < 1 - 1e-9) continue;
      tested++;
      expect(Math.abs(d - dr)).toBeLessThan(1e-9);
    }
    expect(tested).toBeGreaterThan(150);
  });

  it('feature ids stay the same when a resting cylinder moves slightly (warm starting)', () => {
    const collide = makeConvexCollide(ShapeKind.box, ShapeKind.cylinder);
    const ctx = createCollideContext();
    const out = createManifoldOut();
    collide(withMargin(out, 0.02), shape([0, 0, 0], ID, [2, 0.5, 2]), shape([0, 0.899, 0], ID, [0.3, 0.4, 0]), ctx);
    expect(out.pointCount).toBe(4);
    const ids = [...out.featureId.slice(0, 4)];
    collide(withMargin(out, 0.02), shape([0, 0, 0], ID, [2, 0.5, 2]), shape([0.01, 0.8991, 0.003], axisAngle(1, 0, 1, 2e-4), [0.3, 0.4, 0]), ctx);
    expect([...out.featureId.slice(0, 4)]).toEqual(ids);
  });

  it('the support interface collides a box with a triangle (setTriangleProxy): 4 points, normal −y, separation −0.01', () => {
    const cs = createConvexScratch();
    const box = createConvexProxy(), tri = createConvexProxy();
    setProxyFromPose(box, ShapeKind.box, [0.2, 0.49, 0.1, 0, 0, 0, 1], 0, [0.5, 0.5, 0.5], 0, undefined);
    setTriangleProxy(tri, -5, 0, -5, 0, 0, 5, 5, 0, -5); // counter-clockwise seen from +y
    const out = createManifoldOut();
    collideConvexPair(out, box, tri, 0.02, cs);
    expect(out.pointCount).toBe(4);
    expect(out.normal[1]).toBe(-1);
    expect(Math.abs(out.normal[0]) + Math.abs(out.normal[2])).toBe(0);
    for (const s of sorted(out)) expect(s).toBeCloseTo(-0.01, 12);
  });

  it('a tilted cylinder on a plane touches at its exact lowest rim point', () => {
    const collide = makePlaneConvexCollide(ShapeKind.cylinder);
    const out = createManifoldOut();
    const q = axisAngle(0.3, 0, 1, 0.4);
    const r = 0.3, h = 0.4;
    // lowest point of the bottom rim: centre − h·axis − r·(unit of −ŷ projected off the axis)
    const ax = [0, 0, 0];
    const c = [0, 1, 0];
    {
      const x = q[0], y = q[1], z = q[2], w = q[3];
      ax[0] = 2 * (x * y - w * z); ax[1] = 1 - 2 * (x * x + z * z); ax[2] = 2 * (y * z + w * x);
    }
    const down = [0 - -ax[1] * ax[0], -1 - -ax[1] * ax[1], 0 - -ax[1] * ax[2]];
    const l = Math.hypot(...down);
    const low = c[1] - h * ax[1] + (r * down[1]) / l;
    collide(withMargin(out, 2), shape([0, 0, 0], ID, [0, 0, 0]), shape(c as V3, q, [r, h, 0]), undefined);
    expect(out.pointCount).toBeGreaterThan(0);
    expect(Math.min(...out.separation.slice(0, out.pointCount))).toBeCloseTo(low, 12);
  });
});
