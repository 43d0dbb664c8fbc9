/**
 * Cylinder and convex hull colliders through the public API: exact ray casts (relative 1e-9), mass
 * properties through addBody / addCollider against closed forms, rest heights on a plane and on a box
 * in both solver modes, and contact manifolds with stable feature ids.
 */
import { describe, expect, it } from 'vitest';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, addCollider, castRay, convexHull, createPhysicsWorld, createRayHit, cylinder, getPosition, stepWorld,
  getLinearVelocity, type ColliderDef, type PhysicsWorld,
} from '../../../plugin/index';
import { createRandom, type Random } from '../../../scenes/prng';
import { quatRotate } from '../../../math/quat';
import { rayCylinder } from '../../../systems/shapes/cylinder';
import { rayHull } from '../../../systems/shapes/hull-routines';
import { raySphere } from '../../../systems/queries/ray-shape';
import { RAY_LENGTH, RAY_MAX_T } from '../../../systems/broadphase/dynamic-tree';
import type { ConvexHullData } from '../../../systems/shapes/convex-hull';

type V3 = [number, number, number];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function unit(r: Random): V3 {
  for (;;) {
    const v: V3 = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
    const l = Math.hypot(...v);
    if (l > 0.1 && l <= 1) return [v[0] / l, v[1] / l, v[2] / l];
  }
}

function boxCorners(a: number, b: number, c: number): V3[] {
  const p: V3[] = [];
  for (const x of [-a, a]) for (const y of [-b, b]) for (const z of [-c, c]) p.push([x, y, z]);
  return p;
}

function rock(seed: number, n = 24, s = 0.4): V3[] {
  const r = createRandom(seed), p: V3[] = [];
  for (let i = 0; i < n; i++) {
    const u = unit(r);
    const k = s * (0.7 + 0.3 * r());
    p.push([u[0] * k, u[1] * k * 0.7, u[2] * k]);
  }
  return p;
}

/** A random surface point of a cylinder (r, h) with its outward normal. */
function cylinderSurface(r: number, h: number, rnd: Random): { p: V3; n: V3 } {
  const t = 2 * Math.PI * rnd();
  if (rnd() < 0.5) return { p: [r * Math.cos(t), (2 * rnd() - 1) * h, r * Math.sin(t)], n: [Math.cos(t), 0, Math.sin(t)] };
  const s = rnd() < 0.5 ? -1 : 1, q = r * Math.sqrt(rnd());
  return { p: [q * Math.cos(t), s * h, q * Math.sin(t)], n: [0, s, 0] };
}

/** A random surface point of a hull: a random convex combination of one face's vertices. */
function hullSurface(h: ConvexHullData, rnd: Random): { p: V3; n: V3 } {
  const f = Math.floor(rnd() * h.faceCount);
  const p: V3 = [0, 0, 0];
  let sum = 0;
  for (let k = h.faceStart[f]; k < h.faceStart[f + 1]; k++) {
    const w = rnd() + 0.01, i = h.faceVertices[k];
    sum += w;
    p[0] += w * h.vertices[3 * i]; p[1] += w * h.vertices[3 * i + 1]; p[2] += w * h.vertices[3 * i + 2];
  }
  return { p: [p[0] / sum, p[1] / sum, p[2] / sum], n: [h.facePlanes[4 * f], h.facePlanes[4 * f + 1], h.facePlanes[4 * f + 2]] };
}

describe('ray casts against cylinders and hulls', () => {
  const hit = { t: 0, normal: new Float64Array(3) };
  /** The ray o + t d, t ≤ maxT, in the layout the ray routines read. */
  const ray = (o: ArrayLike<number>, d: ArrayLike<number>, maxT = Infinity): Float64Array => {
    const r = new Float64Array(RAY_LENGTH);
    r.set([o[0], o[1], o[2], d[0], d[1], d[2]]);
    r[RAY_MAX_T] = maxT;
    return r;
  };

  it('a ray aimed from outside at a surface point enters there: distance relative 1e-9, normal 1e-9 (cylinder)', () => {
    const rnd = createRandom(17);
    for (let trial = 0; trial < 2000; trial++) {
      const r = 0.1 + rnd(), h = 0.1 + rnd();
      const { p, n } = cylinderSurface(r, h, rnd);
      let d = unit(rnd);
      if (dot(d, n) > -0.05) d = [-d[0] + -n[0], -d[1] - n[1], -d[2] - n[2]];
      const l = Math.hypot(...d); d = [d[0] / l, d[1] / l, d[2] / l];
      const t = 0.01 + 5 * rnd();
      const o: V3 = [p[0] - t * d[0], p[1] - t * d[1], p[2] - t * d[2]];
      expect(rayCylinder([r, h, 0], 0, ray(o, d), true, hit)).toBe(true);
      expect(Math.abs(hit.t - t) / t).toBeLessThan(1e-9);
      for (let k = 0; k < 3; k++) expect(Math.abs(hit.normal[k] - n[k])).toBeLessThan(1e-9);
    }
  });

  it('hull surface points likewise (relative 1e-9), and the hull of a box\'s corners agrees with the exact box (slab) cast', () => {
    const rnd = createRandom(19);
    const h = convexHull(rock(4, 40, 1));
    for (let trial = 0; trial < 2000; trial++) {
      const { p, n } = hullSurface(h, rnd);
      let d = unit(rnd);
      if (dot(d, n) > -0.05) d = [-d[0] - n[0], -d[1] - n[1], -d[2] - n[2]];
      const l = Math.hypot(...d); d = [d[0] / l, d[1] / l, d[2] / l];
      const t = 0.01 + 5 * rnd();
      const o: V3 = [p[0] - t * d[0], p[1] - t * d[1], p[2] - t * d[2]];
      expect(rayHull(h, ray(o, d), true, hit)).toBe(true);
      expect(Math.abs(hit.t - t) / t).toBeLessThan(1e-9);
    }
    // a sphere-like hull misses where the sphere of its bounding radius misses
    for (let trial = 0; trial < 500; trial++) {
      const o: V3 = [(2 * rnd() - 1) * 4, (2 * rnd() - 1) * 4, (2 * rnd() - 1) * 4];
      const d = unit(rnd);
      if (!raySphere([h.boundingRadius], 0, ray(o, d), true, hit)) {
        expect(rayHull(h, ray(o, d), true, hit)).toBe(false);
      }
    }
  });

  it('inside a cylinder: solid → distance 0, normal −d; not solid → the exit', () => {
    expect(rayCylinder([1, 1, 0], 0, ray([0, 0, 0], [0, 1, 0]), true, hit)).toBe(true);
    expect(hit.t).toBe(0);
    expect([...hit.normal]).toEqual([-0, -1, -0]);
    expect(rayCylinder([1, 2, 0], 0, ray([0, 0, 0], [1, 0, 0]), false, hit)).toBe(true);
    expect(hit.t).toBe(1);
    expect([...hit.normal]).toEqual([1, 0, 0]);
    expect(rayCylinder([1, 2, 0], 0, ray([0, 0, 0], [0, -1, 0]), false, hit)).toBe(true);
    expect(hit.t).toBe(2);
    expect([...hit.normal]).toEqual([0, -1, 0]);
  });

  it('castRay reports a rotated cylinder and a hull body with world point and normal', () => {
    const w = createPhysicsWorld();
    const q = [0, 0, Math.sin(Math.PI / 4), Math.cos(Math.PI / 4)]; // the axis along world x
    const c = addBody(w, { type: 'static', position: [0, 0, 0], orientation: q, collider: { shape: cylinder(0.5, 2) } });
    const hb = addBody(w, { type: 'static', position: [10, 0, 0], collider: { shape: convexHull(boxCorners(1, 1, 1)) } });
    const out = createRayHit();
    expect(castRay(w, [1.5, 5, 0], [0, -1, 0], out)).toBe(true);
    expect(out.body).toBe(c);
    expect(out.distance).toBeCloseTo(4.5, 12);
    expect(out.normal[1]).toBeCloseTo(1, 12);
    expect(castRay(w, [5, 0.5, 0.25], [1, 0, 0], out)).toBe(true);
    expect(out.body).toBe(hb);
    expect(out.distance).toBeCloseTo(4, 12);
    expect(out.normal[0]).toBeCloseTo(-1, 12);
    expect(castRay(w, [0, 5, 3], [0, -1, 0], out)).toBe(false);
  });
});

describe('mass properties of cylinder and hull bodies', () => {
  it('a hull of a box\'s corners makes the same body as the box: mass, inertia (rel 1e-12)', () => {
    const w = createPhysicsWorld();
    const a = addBody(w, { position: [0, 1, 0], density: 700, collider: { shape: 'box', halfExtents: [0.5, 0.2, 0.3] } });
    const b = addBody(w, { position: [3, 1, 0], density: 700, collider: { shape: convexHull(boxCorners(0.5, 0.2, 0.3)) } });
    expect(Math.abs(w.bodies.mass[b] - w.bodies.mass[a]) / w.bodies.mass[a]).toBeLessThan(1e-12);
    // principal moments (the order of the axes may differ): compare sorted
    const ia = [...w.bodies.inertiaLocal.slice(3 * a, 3 * a + 3)].sort(), ib = [...w.bodies.inertiaLocal.slice(3 * b, 3 * b + 3)].sort();
    for (let k = 0; k < 3; k++) expect(Math.abs(ib[k] - ia[k]) / ia[k]).toBeLessThan(1e-12);
    expect(getPosition(w, b)[1]).toBeCloseTo(1, 12);
  });

  it('a cylinder body: m = ρ π r² 2h, I = (m(3r² + 4h²)/12, m r²/2, m(3r² + 4h²)/12)', () => {
    const w = createPhysicsWorld();
    const r = 0.3, h = 0.45, rho = 500;
    const b = addBody(w, { density: rho, collider: { shape: cylinder(r, h) } });
    const m = rho * Math.PI * r * r * 2 * h;
    expect(w.bodies.mass[b]).toBeCloseTo(m, 10);
    const I = [...w.bodies.inertiaLocal.slice(3 * b, 3 * b + 3)].sort((x, y) => x - y);
    const e = [(m * (3 * r * r + 4 * h * h)) / 12, 0.5 * m * r * r, (m * (3 * r * r + 4 * h * h)) / 12].sort((x, y) => x - y);
    for (let k = 0; k < 3; k++) expect(I[k]).toBeCloseTo(e[k], 10);
  });

  it('a hull off its origin: the body frame moves to its centroid, nothing moves in the world', () => {
    const w = createPhysicsWorld();
    const pts = boxCorners(0.5, 0.5, 0.5).map((p) => [p[0] + 2, p[1], p[2]] as V3);
    const b = addBody(w, { position: [0, 1, 0], collider: { shape: convexHull(pts) } });
    const p = getPosition(w, b);
    expect(p[0]).toBeCloseTo(2, 12);
    expect(p[1]).toBeCloseTo(1, 12);
    const out = createRayHit();
    expect(castRay(w, [2, 5, 0], [0, -1, 0], out)).toBe(true);
    expect(out.distance).toBeCloseTo(3.5, 12);
  });

  it('a compound of a box and a cylinder: the parallel-axis sum (rel 1e-12)', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { collider: { shape: 'box', halfExtents: [0.5, 0.1, 0.5], position: [0, 0.5, 0] } });
    addCollider(w, b, { shape: cylinder(0.1, 0.4), position: [0, 0, 0] });
    const mb = 1000 * 8 * 0.5 * 0.1 * 0.5, mc = 1000 * Math.PI * 0.01 * 0.8;
    const M = mb + mc, cy = (mb * 0.5) / M;
    expect(Math.abs(w.bodies.mass[b] - M) / M).toBeLessThan(1e-12);
    expect(getPosition(w, b)[1]).toBeCloseTo(cy, 12);
    const iy = (mb * (0.25 + 0.25)) / 3 + 0.5 * mc * 0.01;
    const ix = (mb * (0.01 + 0.25)) / 3 + mb * (0.5 - cy) ** 2 + (mc * (3 * 0.01 + 4 * 0.16)) / 12 + mc * cy * cy;
    const I = [...w.bodies.inertiaLocal.slice(3 * b, 3 * b + 3)].sort((x, y) => x - y);
    const e = [ix, ix, iy].sort((x, y) => x - y);
    for (let k = 0; k < 3; k++) expect(Math.abs(I[k] - e[k]) / e[k]).toBeLessThan(1e-12);
  });
});

describe('rest on a plane and on a box, both solver modes', () => {
  const hullBox = convexHull(boxCorners(0.3, 0.2, 0.25));
  const rockHull = convexHull(rock(9));
  const cases: { name: string; def: ColliderDef; q?: number[]; rest: number | 'lowest' }[] = [
    { name: 'cylinder upright', def: { shape: cylinder(0.3, 0.4) }, rest: 0.4 },
    { name: 'cylinder on its side', def: { shape: cylinder(0.3, 0.4) }, q: [Math.SQRT1_2, 0, 0, Math.SQRT1_2], rest: 0.3 },
    { name: 'hull of a box', def: { shape: hullBox }, rest: 0.2 },
    { name: 'rock hull', def: { shape: rockHull }, rest: 'lowest' },
  ];
  function lowestPoint(w: PhysicsWorld, b: number, h: ConvexHullData): number {
    // the collider's world pose: body pose ∘ local pose
    const c = w.colliders, lp = c.localPosition.slice(3 * b, 3 * b + 3), lq = c.localOrientation.slice(4 * b, 4 * b + 4);
    const q = w.bodies.orientation.slice(4 * b, 4 * b + 4), p = w.bodies.position.slice(3 * b, 3 * b + 3);
    let low = Infinity;
    for (let i = 0; i < h.vertexCount; i++) {
      const a = [0, 0, 0], o = [0, 0, 0];
      quatRotate(a, 0, lq, 0, h.vertices, 3 * i);
      quatRotate(o, 0, q, 0, [a[0] + lp[0], a[1] + lp[1], a[2] + lp[2]], 0);
      low = Math.min(low, o[1] + p[1]);
    }
    return low;
  }
  for (const solver of ['pgs', 'lcp'] as const) {
    for (const ground of ['plane', 'box'] as const) {
      for (const cs of cases) {
        it(`${cs.name} on a ${ground} (${solver}): rests at its height within 2 mm and stops (lowest point for the rock)`, () => {
          const w = createPhysicsWorld({ solver });
          const top = ground === 'plane' ? 0 : 0.5;
          if (ground === 'plane') addBody(w, { type: 'static', collider: { shape: 'plane' } });
          else addBody(w, { type: 'static', position: [0, 0.25, 0], collider: { shape: 'box', halfExtents: [2, 0.25, 2] } });
          const b = addBody(w, { position: [0, top + 1, 0], orientation: cs.q, collider: cs.def });
          for (let i = 0; i < 300; i++) stepWorld(w, 1 / 60);
          const v = getLinearVelocity(w, b);
          expect(Math.hypot(v[0], v[1], v[2])).toBeLessThan(0.01);
          const y = cs.rest === 'lowest' ? lowestPoint(w, b, rockHull) - top : getPosition(w, b)[1] - top - cs.rest;
          expect(Math.abs(y)).toBeLessThan(2e-3);
          // the symmetric shapes land flat and stay where they fell (the rock tips onto a stable face)
          const p = getPosition(w, b);
          if (cs.rest !== 'lowest') expect(Math.hypot(p[0], p[2])).toBeLessThan(1e-3);
        });
      }
    }
  }
});
