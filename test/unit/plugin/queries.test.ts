/**
 * World ray casts: every shape against analytic intersections (relative 1e-9 on the distance), and
 * random scenes against a brute force that marches along the ray with point-in-shape tests.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, castRay, castRayAll, castRayAny, createPhysicsWorld, createRayHit, createRayHitList, PhysicsInputError,
  removeBody, setLinearVelocity, setPosition, stepWorld, type ColliderDef, type PhysicsWorld,
} from '../../../plugin/index';
import { createRandom, randomQuaternion, randomRange, type Random } from '../../../scenes/prng';
import { quatRotate, quatRotateInverse } from '../../../math/quat';

type V3 = [number, number, number];
type Q = [number, number, number, number];

function unit(r: Random): V3 {
  for (;;) {
    const v: V3 = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
    const l = Math.hypot(...v);
    if (l > 0.1 && l <= 1) return [v[0] / l, v[1] / l, v[2] / l];
  }
}
const rot = (q: Q, v: V3): V3 => { const o: V3 = [0, 0, 0]; quatRotate(o, 0, q, 0, v, 0); return o; };
const unrot = (q: Q, v: V3): V3 => { const o: V3 = [0, 0, 0]; quatRotateInverse(o, 0, q, 0, v, 0); return o; };
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];

/** A random surface point of a shape (local frame) with its outward unit normal. */
function surfacePoint(def: ColliderDef, r: Random): { p: V3; n: V3 } {
  switch (def.shape) {
    case 'sphere': { const u = unit(r); return { p: scale(u, def.radius), n: u }; }
    case 'box': {
      const h = def.halfExtents as V3;
      const axis = Math.floor(3 * r()), sign = r() < 0.5 ? -1 : 1;
      const p: V3 = [(2 * r() - 1) * h[0], (2 * r() - 1) * h[1], (2 * r() - 1) * h[2]];
      p[axis] = sign * h[axis];
      const n: V3 = [0, 0, 0]; n[axis] = sign;
      return { p, n };
    }
    case 'capsule': {
      const rad = def.radius, hh = def.halfHeight;
      if (r() < 0.5) {
        const phi = 2 * Math.PI * r();
        const n: V3 = [Math.cos(phi), 0, Math.sin(phi)];
        return { p: [rad * n[0], (2 * r() - 1) * hh, rad * n[2]], n };
      }
      const u = unit(r), end = u[1] >= 0 ? hh : -hh;
      return { p: [rad * u[0], end + rad * u[1], rad * u[2]], n: u };
    }
    default: return { p: [randomRange(r, -20, 20), 0, randomRange(r, -20, 20)], n: [0, 1, 0] };
  }
}

function randomShape(r: Random): ColliderDef {
  const k = Math.floor(3 * r());
  if (k === 0) return { shape: 'sphere', radius: randomRange(r, 0.2, 2) };
  if (k === 1) return { shape: 'box', halfExtents: [randomRange(r, 0.2, 2), randomRange(r, 0.2, 2), randomRange(r, 0.2, 2)] };
  return { shape: 'capsule', radius: randomRange(r, 0.2, 1), halfHeight: randomRange(r, 0, 1.5) };
}

function oneBodyWorld(def: ColliderDef, pos: V3, q: Q): PhysicsWorld {
  const world = createPhysicsWorld();
  lastBody = addBody(world, { type: def.shape === 'plane' ? 'static' : 'dynamic', position: pos, orientation: q, collider: def });
  return world;
}
let lastBody = -1;

const SHAPES: ColliderDef[] = [
  { shape: 'sphere', radius: 0.7 },
  { shape: 'box', halfExtents: [0.3, 1.1, 0.6] },
  { shape: 'capsule', radius: 0.4, halfHeight: 0.9 },
  { shape: 'capsule', radius: 0.5, halfHeight: 0 },
  { shape: 'plane' },
];

describe('castRay against analytic intersections (relative 1e-9)', () => {
  for (const def of SHAPES) {
    it(`${def.shape as string}${def.shape === 'capsule' ? ` hh=${def.halfHeight}` : ''}: entry point, distance and normal`, () => {
      const r = createRandom(11);
      const hit = createRayHit();
      for (let trial = 0; trial < 300; trial++) {
        const pos: V3 = [randomRange(r, -30, 30), randomRange(r, -30, 30), randomRange(r, -30, 30)];
        const q = randomQuaternion(r);
        const world = oneBodyWorld(def, pos, q);
        const s = surfacePoint(def, r);
        const p = add(pos, rot(q, s.p)), n = rot(q, s.n);
        let d = unit(r);
        if (dot(d, n) > 0) d = scale(d, -1);
        if (dot(d, n) > -0.05) continue; // not grazing
        const t = randomRange(r, 0.01, 60);
        const origin = sub(p, scale(d, t));
        // an unnormalised direction: distances are still along the unit direction
        const ok = castRay(world, origin, scale(d, 3.7), hit);
        expect(ok).toBe(true);
        expect(Math.abs(hit.distance - t) / t).toBeLessThan(1e-9);
        for (let k = 0; k < 3; k++) {
          expect(Math.abs(hit.point[k] - p[k])).toBeLessThan(1e-9 * (1 + Math.abs(p[k]) + t));
          expect(Math.abs(hit.normal[k] - n[k])).toBeLessThan(1e-9);
        }
        expect(hit.body).toBe(lastBody);
        expect(hit.collider).toBe(lastBody);
        // just short of the hit: nothing; any-hit agrees
        expect(castRay(world, origin, d, hit, { maxDistance: t * (1 - 1e-6) })).toBe(false);
        expect(castRayAny(world, origin, d, { maxDistance: t * (1 + 1e-6) })).toBe(true);
        expect(castRayAny(world, origin, d, { maxDistance: t * (1 - 1e-6) })).toBe(false);
      }
    });
    it(`${def.shape as string}: a ray from inside exits where the geometry says (solid: false), or hits at 0 (solid)`, () => {
      const r = createRandom(12);
      const hit = createRayHit();
      for (let trial = 0; trial < 200; trial++) {
        const pos: V3 = [randomRange(r, -5, 5), randomRange(r, -5, 5), randomRange(r, -5, 5)];
        const q = randomQuaternion(r);
        const world = oneBodyWorld(def, pos, q);
        const s = surfacePoint(def, r);
        // an interior point: the centre (or a point below the plane), nudged
        const inner: V3 = def.shape === 'plane' ? [s.p[0] + randomRange(r, -3, 3), -randomRange(r, 0.01, 3), s.p[2] + randomRange(r, -3, 3)]
          : scale(unit(r), 0.1);
        const p = add(pos, rot(q, s.p)), n = rot(q, s.n);
        const origin = add(pos, rot(q, inner));
        const seg = sub(p, origin), t = Math.hypot(...seg);
        const d = scale(seg, 1 / t);
        if (dot(d, n) < 0.05) continue; // exit not grazing
        expect(castRay(world, origin, d, hit, { solid: false })).toBe(true);
        expect(Math.abs(hit.distance - t) / t).toBeLessThan(1e-9);
        for (let k = 0; k < 3; k++) expect(Math.abs(hit.normal[k] - n[k])).toBeLessThan(1e-9);
        expect(castRay(world, origin, d, hit)).toBe(true);
        expect(hit.distance).toBe(0);
        for (let k = 0; k < 3; k++) expect(Math.abs(hit.normal[k] + d[k])).toBeLessThan(1e-12);
      }
    });
  }

  it('box: rays parallel to a face, inside and outside its slab', () => {
    const world = oneBodyWorld({ shape: 'box', halfExtents: [1, 2, 3] }, [0, 0, 0], [0, 0, 0, 1]);
    const hit = createRayHit();
    expect(castRay(world, [-5, 1.5, 2.9], [1, 0, 0], hit)).toBe(true);
    expect(hit.distance).toBe(4);
    expect([...hit.normal]).toEqual([-1, 0, 0]);
    expect(castRay(world, [-5, 2.0000001, 0], [1, 0, 0], hit)).toBe(false);
    // exactly on the face plane counts as touching
    expect(castRay(world, [-5, 2, 0], [1, 0, 0], hit)).toBe(true);
    expect(hit.distance).toBe(4);
  });

  it('a ray pointing away or passing by misses', () => {
    const world = oneBodyWorld({ shape: 'sphere', radius: 1 }, [0, 0, 0], [0, 0, 0, 1]);
    const hit = createRayHit();
    expect(castRay(world, [0, 0, 5], [0, 0, 1], hit)).toBe(false);
    expect(castRay(world, [0, 1.0000001, 5], [0, 0, -1], hit)).toBe(false);
    expect(castRay(world, [0, 0.9999999, 5], [0, 0, -1], hit)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------
// Brute force: march along the ray with point-in-shape tests, refine the first entry by bisection.

interface Body { id: number; def: ColliderDef; pos: V3; q: Q; group: number; mask: number; sensor: boolean }

function inside(b: Body, x: V3): boolean {
  const l = unrot(b.q, sub(x, b.pos));
  const def = b.def;
  switch (def.shape) {
    case 'sphere': return dot(l, l) <= def.radius * def.radius;
    case 'box': { const h = def.halfExtents as V3; return Math.abs(l[0]) <= h[0] && Math.abs(l[1]) <= h[1] && Math.abs(l[2]) <= h[2]; }
    case 'capsule': {
      const y = Math.max(-def.halfHeight, Math.min(def.halfHeight, l[1]));
      return l[0] * l[0] + (l[1] - y) ** 2 + l[2] * l[2] <= def.radius * def.radius;
    }
    default: return l[1] <= 0;
  }
}

/** First entry distance of the ray into body b within [0, maxT] by marching (step h) and bisection. */
function bruteEntry(b: Body, o: V3, d: V3, maxT: number, h: number): number {
  if (inside(b, o)) return 0;
  let prev = 0;
  for (let t = h; t <= maxT + h; t += h) {
    const tt = Math.min(t, maxT);
    if (inside(b, add(o, scale(d, tt)))) {
      let lo = prev, hi = tt;
      for (let k = 0; k < 80; k++) { const m = 0.5 * (lo + hi); if (inside(b, add(o, scale(d, m)))) hi = m; else lo = m; }
      return hi;
    }
    prev = tt;
    if (tt === maxT) break;
  }
  return Infinity;
}

function randomScene(seed: number, n: number): { world: PhysicsWorld; bodies: Body[] } {
  const r = createRandom(seed);
  const world = createPhysicsWorld();
  const bodies: Body[] = [];
  for (let i = 0; i < n; i++) {
    const def = randomShape(r);
    const pos: V3 = [randomRange(r, -10, 10), randomRange(r, -10, 10), randomRange(r, -10, 10)];
    const q = randomQuaternion(r);
    const group = 1 << Math.floor(4 * r()), mask = r() < 0.2 ? 0b0101 : 0xffffffff, sensor = r() < 0.15;
    const id = addBody(world, { position: pos, orientation: q, collider: { ...def, group, mask, isSensor: sensor } });
    bodies.push({ id, def, pos, q, group, mask, sensor });
  }
  return { world, bodies };
}

describe('castRay on random scenes against a marching brute force', () => {
  const { world, bodies } = randomScene(21, 40);
  const r = createRandom(22);
  const rays: { o: V3; d: V3 }[] = [];
  for (let i = 0; i < 60; i++) {
    const o: V3 = [randomRange(r, -15, 15), randomRange(r, -15, 15), randomRange(r, -15, 15)];
    const target = bodies[Math.floor(r() * bodies.length)].pos;
    const d = sub(add(target, [randomRange(r, -1, 1), randomRange(r, -1, 1), randomRange(r, -1, 1)]), o);
    rays.push({ o, d: scale(d, 1 / Math.hypot(...d)) });
  }
  const maxT = 40, step = 2e-3;
  const entries = rays.map(({ o, d }) => bodies.map((b) => bruteEntry(b, o, d, maxT, step)));

  function check(filter: { group?: number; mask?: number; includeSensors?: boolean; excludeBodies?: number[] }): void {
    const hit = createRayHit();
    const list = createRayHitList();
    let hitsSeen = 0;
    rays.forEach(({ o, d }, i) => {
      const passing = bodies.filter((b) => (b.group & (filter.mask ?? 0xffffffff)) !== 0
        && ((filter.group ?? 0xffffffff) & b.mask) !== 0 && (filter.includeSensors === true || !b.sensor)
        && !(filter.excludeBodies ?? []).includes(b.id));
      const expected = passing.map((b) => ({ id: b.id, t: entries[i][bodies.indexOf(b)] })).filter((e) => e.t <= maxT)
        .sort((a, b) => a.t - b.t);
      const ok = castRay(world, o, d, hit, { ...filter, maxDistance: maxT });
      expect(ok).toBe(expected.length > 0);
      expect(castRayAny(world, o, d, { ...filter, maxDistance: maxT })).toBe(ok);
      const count = castRayAll(world, o, d, list, { ...filter, maxDistance: maxT });
      expect(count).toBe(expected.length);
      if (!ok) return;
      hitsSeen++;
      // closest: the same body and distance (to the bisection's resolution)
      expect(hit.body).toBe(expected[0].id);
      expect(Math.abs(hit.distance - expected[0].t)).toBeLessThan(1e-9 * (1 + expected[0].t));
      for (let k = 0; k < count; k++) {
        expect(list.hits[k].collider).toBe(expected[k].id);
        expect(Math.abs(list.hits[k].distance - expected[k].t)).toBeLessThan(1e-9 * (1 + expected[k].t));
      }
    });
    expect(hitsSeen).toBeGreaterThan(10);
  }

  it('closest, any and all hits: the same bodies and distances (no filter)', () => check({}));
  it('sensors included', () => check({ includeSensors: true }));
  it('query mask selects groups; query group meets collider masks', () => {
    check({ mask: 0b0011 });
    check({ group: 0b0010 });
  });
  it('excluded bodies are never reported', () => check({ excludeBodies: [1, 3, 5, 8, 13, 21, 34] }));
});

describe('ray cast bookkeeping', () => {
  it('a removed body is not hit; hit objects are reused', () => {
    const world = createPhysicsWorld();
    const a = addBody(world, { position: [0, 0, 0], collider: { shape: 'sphere', radius: 1 } });
    const b = addBody(world, { position: [0, 0, -5], collider: { shape: 'box', halfExtents: [1, 1, 1] } });
    const list = createRayHitList();
    expect(castRayAll(world, [0, 0, 5], [0, 0, -1], list)).toBe(2);
    const objects = [...list.hits];
    expect(list.hits.map((h) => h.body)).toEqual([a, b]);
    expect(list.hits[1].distance).toBe(9);
    removeBody(world, a);
    expect(castRayAll(world, [0, 0, 5], [0, 0, -1], list)).toBe(1);
    expect(list.hits[0].body).toBe(b);
    expect(list.hits.every((h, i) => h === objects[i])).toBe(true);
  });

  it('a body moved by setPosition-like writes is seen at its current pose', () => {
    const world = createPhysicsWorld();
    const a = addBody(world, { position: [0, 0, 0], collider: { shape: 'sphere', radius: 1 } });
    world.bodies.position[3 * a] = 10;
    const hit = createRayHit();
    expect(castRay(world, [10, 5, 0], [0, -1, 0], hit)).toBe(true);
    expect(hit.distance).toBe(4);
  });
});

describe('ray casts see the current poses through the broadphase trees', () => {
  it('after a query, a setPosition far away and a step are both seen by the next query', () => {
    const world = createPhysicsWorld({ gravity: [0, 0, 0] });
    const a = addBody(world, { position: [0, 0, 0], collider: { shape: 'sphere', radius: 1 } });
    const hit = createRayHit();
    expect(castRay(world, [0, 5, 0], [0, -1, 0], hit)).toBe(true);
    setPosition(world, a, [30, 0, 0]); // far beyond its fat AABB
    expect(castRay(world, [0, 5, 0], [0, -1, 0], hit)).toBe(false);
    expect(castRay(world, [30, 5, 0], [0, -1, 0], hit)).toBe(true);
    expect(hit.distance).toBe(4);
    setLinearVelocity(world, a, [0, 60, 0]);
    stepWorld(world, 1 / 60); // moves 1 m up
    expect(castRay(world, [30, 5, 0], [0, -1, 0], hit)).toBe(true);
    expect(hit.distance).toBeCloseTo(3, 12);
    const b = addBody(world, { type: 'static', position: [30, -10, 0], collider: { shape: 'box', halfExtents: [1, 1, 1] } });
    const list = createRayHitList();
    expect(castRayAll(world, [30, 5, 0], [0, -1, 0], list)).toBe(2);
    expect(list.hits[1].body).toBe(b);
    removeBody(world, a);
    expect(castRay(world, [30, 5, 0], [0, -1, 0], hit)).toBe(true);
    expect(hit.body).toBe(b);
  });
});

describe('ray cast bad input: typed errors naming the field, nothing changed', () => {
  const world = createPhysicsWorld();
  addBody(world, { position: [0, 0, 0], collider: { shape: 'sphere', radius: 1 } });
  const hit = createRayHit();
  hit.distance = 123;
  const cases: [string, () => unknown][] = [
    ['origin', () => castRay(world, [NaN, 0, 0], [0, -1, 0], hit)],
    ['origin', () => castRay(world, [0, 0], [0, -1, 0], hit)],
    ['direction', () => castRay(world, [0, 5, 0], [0, 0, 0], hit)],
    ['direction', () => castRay(world, [0, 5, 0], { x: 0, y: Infinity, z: 0 }, hit)],
    ['direction', () => castRayAny(world, [0, 5, 0], [0, NaN, 0])],
    ['maxDistance', () => castRay(world, [0, 5, 0], [0, -1, 0], hit, { maxDistance: -1 })],
    ['maxDistance', () => castRay(world, [0, 5, 0], [0, -1, 0], hit, { maxDistance: NaN })],
    ['mask', () => castRay(world, [0, 5, 0], [0, -1, 0], hit, { mask: 1.5 })],
    ['group', () => castRay(world, [0, 5, 0], [0, -1, 0], hit, { group: -1 })],
    ['excludeBodies[1]', () => castRay(world, [0, 5, 0], [0, -1, 0], hit, { excludeBodies: [0, NaN] })],
    ['includeSensors', () => castRay(world, [0, 5, 0], [0, -1, 0], hit, { includeSensors: 1 as unknown as boolean })],
    ['hit', () => castRay(world, [0, 5, 0], [0, -1, 0], {} as never)],
    ['hits', () => castRayAll(world, [0, 5, 0], [0, -1, 0], {} as never)],
  ];
  for (const [field, call] of cases) {
    it(`${field}`, () => {
      let err: unknown;
      try { call(); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect((err as PhysicsInputError).field).toBe(field);
      expect(hit.distance).toBe(123);
    });
  }
});
