/**
 * Shape cast, overlap and proximity queries: time of impact against bisection, overlaps against a
 * brute force over every collider, distances against closed forms, filters, and bad input.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, convexHull, createPhysicsWorld, cylinder, handleIndex, PhysicsInputError, removeBody, setPosition, stepWorld, type ColliderDef,
  type PhysicsWorld,
} from '../../../plugin/index';
import {
  castShape, createOverlapList, createQueryShape, createShapeHit, overlapShape, pointProximity, shapeProximity, type QueryShapeDef,
} from '../../../plugin/index';
import { createRandom, randomQuaternion, type Random } from '../../../scenes/prng';

type V3 = [number, number, number];

function rockPoints(r: Random, s: number): V3[] {
  const p: V3[] = [];
  for (let i = 0; i < 16; i++) p.push([(2 * r() - 1) * s, (2 * r() - 1) * s, (2 * r() - 1) * s]);
  return p;
}

function randomCollider(r: Random): ColliderDef {
  switch (Math.floor(r() * 5)) {
    case 0: return { shape: 'sphere', radius: 0.2 + 0.5 * r() };
    case 1: return { shape: 'box', halfExtents: [0.2 + 0.5 * r(), 0.2 + 0.5 * r(), 0.2 + 0.5 * r()] };
    case 2: return { shape: 'capsule', radius: 0.2 + 0.3 * r(), halfHeight: 0.1 + 0.5 * r() };
    case 3: return { shape: cylinder(0.2 + 0.4 * r(), 0.1 + 0.5 * r()) };
    default: return { shape: convexHull(rockPoints(r, 0.6)) };
  }
}

function randomQueryShape(r: Random): QueryShapeDef {
  switch (Math.floor(r() * 5)) {
    case 0: return { shape: 'sphere', radius: 0.1 + 0.4 * r() };
    case 1: return { shape: 'box', halfExtents: [0.1 + 0.4 * r(), 0.1 + 0.4 * r(), 0.1 + 0.4 * r()] };
    case 2: return { shape: 'capsule', radius: 0.1 + 0.3 * r(), halfHeight: 0.1 + 0.4 * r() };
    case 3: return { shape: cylinder(0.1 + 0.3 * r(), 0.1 + 0.4 * r()) };
    default: return { shape: convexHull(rockPoints(r, 0.4)) };
  }
}

function scene(seed: number, n: number, spread = 6): { w: PhysicsWorld; r: Random; ids: number[] } {
  const r = createRandom(seed);
  const w = createPhysicsWorld();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(addBody(w, {
      type: r() < 0.5 ? 'static' : 'dynamic',
      position: [(2 * r() - 1) * spread, (2 * r() - 1) * spread, (2 * r() - 1) * spread],
      orientation: randomQuaternion(r),
      collider: randomCollider(r),
    }));
  }
  return { w, r, ids };
}

describe('shape cast', () => {
  it('time of impact agrees with bisection on the overlap test along the sweep (1e-6 m), random scenes', () => {
    const hit = createShapeHit(), list = createOverlapList();
    let hits = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { w, r } = scene(seed, 30);
      for (let q = 0; q < 20; q++) {
        const shape = randomQueryShape(r);
        const p: V3 = [(2 * r() - 1) * 8, (2 * r() - 1) * 8, (2 * r() - 1) * 8];
        const o = randomQuaternion(r);
        const target: V3 = [(2 * r() - 1) * 4, (2 * r() - 1) * 4, (2 * r() - 1) * 4];
        const d: V3 = [target[0] - p[0], target[1] - p[1], target[2] - p[2]];
        const len = Math.hypot(...d);
        const u: V3 = [d[0] / len, d[1] / len, d[2] / len];
        const maxT = 16;
        const at = (t: number): V3 => [p[0] + t * u[0], p[1] + t * u[1], p[2] + t * u[2]];
        if (overlapShape(w, shape, p, o, list) > 0) continue; // starts inside something
        const got = castShape(w, shape, p, o, d, hit, { maxDistance: maxT });
        // bisection: the first sample along the path that overlaps, then halve the interval
        let lo = 0, hi = -1;
        for (let k = 1; k <= 1600; k++) {
          const t = (k * maxT) / 1600;
          if (overlapShape(w, shape, at(t), o, list) > 0) { hi = t; lo = ((k - 1) * maxT) / 1600; break; }
        }
        if (hi < 0) {
          // no sampled overlap: any reported hit must be a graze shorter than the sampling step
          if (got) expect(overlapShape(w, shape, at(hit.distance + 1e-6), o, list)).toBeGreaterThanOrEqual(0);
          continue;
        }
        expect(got).toBe(true);
        for (let it = 0; it < 60; it++) {
          const mid = 0.5 * (lo + hi);
          if (overlapShape(w, shape, at(mid), o, list) > 0) hi = mid; else lo = mid;
        }
        expect(Math.abs(hit.distance - hi)).toBeLessThan(1e-6);
        // the normal points out of the collider, against the motion
        expect(hit.normal[0] * u[0] + hit.normal[1] * u[1] + hit.normal[2] * u[2]).toBeLessThanOrEqual(1e-9);
        hits++;
      }
    }
    expect(hits).toBeGreaterThan(30);
  });

  it('a sphere cast onto a sphere: the closed form (1e-9), point and normal', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { type: 'static', position: [5, 0.3, 0], collider: { shape: 'sphere', radius: 1 } });
    const hit = createShapeHit();
    expect(castShape(w, { shape: 'sphere', radius: 0.5 }, [0, 0, 0], [0, 0, 0, 1], [2, 0, 0], hit)).toBe(true);
    // centre path y = 0, other centre (5, 0.3): touch when |(t − 5, −0.3)| = 1.5
    const t = 5 - Math.sqrt(1.5 * 1.5 - 0.09);
    expect(Math.abs(hit.distance - t)).toBeLessThan(1e-9);
    expect(hit.body).toBe(b);
    const n = [(t - 5) / 1.5, -0.3 / 1.5, 0];
    for (let k = 0; k < 3; k++) expect(Math.abs(hit.normal[k] - n[k])).toBeLessThan(1e-6);
    expect(Math.abs(hit.point[0] - (5 + n[0]))).toBeLessThan(1e-6);
  });

  it('a box cast down onto a plane lands at the plane (1e-12); starting inside reports distance 0; maxDistance and filters cut it', () => {
    const w = createPhysicsWorld();
    const ground = addBody(w, { type: 'static', collider: { shape: 'plane' } });
    const hit = createShapeHit();
    const q45 = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];
    expect(castShape(w, { shape: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0, 3, 0], q45, [0, -1, 0], hit)).toBe(true);
    expect(Math.abs(hit.distance - (3 - Math.SQRT2 * 0.5))).toBeLessThan(1e-12);
    expect(hit.normal[1]).toBe(1);
    expect(castShape(w, { shape: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0, 3, 0], q45, [0, -1, 0], hit, { maxDistance: 2 })).toBe(false);
    expect(castShape(w, { shape: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0, 3, 0], q45, [0, -1, 0], hit, { excludeBodies: [ground] })).toBe(false);
    expect(castShape(w, { shape: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0, 3, 0], q45, [0, -1, 0], hit, { mask: 2 })).toBe(false);
    expect(castShape(w, { shape: 'sphere', radius: 1 }, [0, 0.5, 0], [0, 0, 0, 1], [1, 0, 0], hit)).toBe(true);
    expect(hit.distance).toBe(0);
    expect(castShape(w, { shape: 'sphere', radius: 1 }, [0, 3, 0], [0, 0, 0, 1], [0, 1, 0], hit)).toBe(false);
  });
});

describe('overlap', () => {
  it('equals the brute force over every collider (a cast of length 0 against each alone), random scenes', () => {
    const list = createOverlapList(), hit = createShapeHit();
    let found = 0;
    for (let seed = 11; seed <= 14; seed++) {
      const { w, r, ids } = scene(seed, 40, 3);
      for (let q = 0; q < 30; q++) {
        const shape = randomQueryShape(r);
        const p: V3 = [(2 * r() - 1) * 3, (2 * r() - 1) * 3, (2 * r() - 1) * 3];
        const o = randomQuaternion(r);
        const n = overlapShape(w, shape, p, o, list);
        // brute force: proximity restricted to one collider at a time (all other bodies excluded)
        const expected: number[] = [];
        for (const b of ids) {
          const others = ids.filter((i) => i !== b);
          if (shapeProximity(w, shape, p, o, hit, { excludeBodies: others, maxDistance: 0 })) expected.push(b);
        }
        expect(list.colliders.slice(0, n)).toEqual(expected);
        expect(list.bodies.slice(0, n)).toEqual(expected);
        found += n;
      }
    }
    expect(found).toBeGreaterThan(20);
  });

  it('sees a pose set since the last step (the trees are refitted first)', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { position: [0, 5, 0], collider: { shape: cylinder(0.5, 0.5) } });
    stepWorld(w, 1 / 60);
    const list = createOverlapList();
    const probe: QueryShapeDef = { shape: 'box', halfExtents: [0.2, 0.2, 0.2] };
    expect(overlapShape(w, probe, [0, 5, 0], [0, 0, 0, 1], list)).toBe(1);
    setPosition(w, b, [20, 5, 0]);
    expect(overlapShape(w, probe, [0, 5, 0], [0, 0, 0, 1], list)).toBe(0);
    expect(overlapShape(w, probe, [20, 5, 0.6], [0, 0, 0, 1], list)).toBe(1);
    expect(list.bodies[0]).toBe(b);
  });

  it('sensors only when asked; groups and masks both ways', () => {
    const w = createPhysicsWorld();
    const s = addBody(w, { type: 'static', collider: { shape: 'sphere', radius: 1, isSensor: true } });
    const g = addBody(w, { type: 'static', position: [0.5, 0, 0], collider: { shape: 'box', halfExtents: [1, 1, 1], group: 4, mask: 1 } });
    const list = createOverlapList();
    const sph: QueryShapeDef = { shape: 'sphere', radius: 0.2 };
    expect(overlapShape(w, sph, [0, 0, 0], [0, 0, 0, 1], list)).toBe(1);
    expect(list.colliders[0]).toBe(g);
    expect(overlapShape(w, sph, [0, 0, 0], [0, 0, 0, 1], list, { includeSensors: true })).toBe(2);
    expect(list.colliders.slice(0, 2)).toEqual([s, g]);
    expect(overlapShape(w, sph, [0, 0, 0], [0, 0, 0, 1], list, { mask: 1 })).toBe(0);
    expect(overlapShape(w, sph, [0, 0, 0], [0, 0, 0, 1], list, { group: 2 })).toBe(0);
  });
});

describe('proximity', () => {
  it('pointProximity: box, sphere and cylinder closed forms (1e-7)', () => {
    const w = createPhysicsWorld();
    addBody(w, { type: 'static', position: [0, 0, 0], collider: { shape: 'box', halfExtents: [1, 2, 3] } });
    addBody(w, { type: 'static', position: [20, 0, 0], collider: { shape: 'sphere', radius: 2 } });
    addBody(w, { type: 'static', position: [-20, 0, 0], collider: { shape: cylinder(1, 2) } });
    const hit = createShapeHit();
    const r = createRandom(3);
    for (let i = 0; i < 300; i++) {
      const p: V3 = [(2 * r() - 1) * 30, (2 * r() - 1) * 8, (2 * r() - 1) * 8];
      const db = Math.hypot(Math.max(0, Math.abs(p[0]) - 1), Math.max(0, Math.abs(p[1]) - 2), Math.max(0, Math.abs(p[2]) - 3));
      const ds = Math.max(0, Math.hypot(p[0] - 20, p[1], p[2]) - 2);
      const dc = Math.hypot(Math.max(0, Math.hypot(p[0] + 20, p[2]) - 1), Math.max(0, Math.abs(p[1]) - 2));
      expect(pointProximity(w, p, hit)).toBe(true);
      expect(Math.abs(hit.distance - Math.min(db, ds, dc))).toBeLessThan(1e-7 * (1 + hit.distance));
      const dmin = Math.min(db, ds, dc);
      if (dmin > 1e-6) expect(pointProximity(w, p, hit, { maxDistance: dmin * 0.999 })).toBe(false);
    }
  });

  it('shapeProximity: a sphere near a box: distance, closest points and normal', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { type: 'static', collider: { shape: 'box', halfExtents: [1, 1, 1] } });
    const hit = createShapeHit();
    expect(shapeProximity(w, { shape: 'sphere', radius: 0.5 }, [3, 0.2, 0], [0, 0, 0, 1], hit)).toBe(true);
    expect(hit.body).toBe(b);
    expect(hit.distance).toBeCloseTo(1.5, 12);
    for (let k = 0; k < 3; k++) expect(hit.normal[k]).toBeCloseTo(k === 0 ? 1 : 0, 12);
    expect(hit.point[0]).toBeCloseTo(1, 12);
    expect(hit.pointOnShape[0]).toBeCloseTo(2.5, 12);
  });
});

describe('handles', () => {
  it('results and excludeBodies speak public handles, also for a body whose store index was reused', () => {
    const w = createPhysicsWorld();
    const old = addBody(w, { type: 'static', collider: { shape: 'box', halfExtents: [1, 1, 1] } });
    removeBody(w, old);
    const b = addBody(w, { type: 'static', collider: { shape: 'box', halfExtents: [1, 1, 1] } });
    expect(handleIndex(b)).toBe(handleIndex(old));
    expect(b).not.toBe(old); // a newer generation at the same index
    const hit = createShapeHit();
    const sph: QueryShapeDef = { shape: 'sphere', radius: 0.5 };
    expect(castShape(w, sph, [5, 0, 0], [0, 0, 0, 1], [-1, 0, 0], hit)).toBe(true);
    expect(hit.body).toBe(b);
    expect(castShape(w, sph, [5, 0, 0], [0, 0, 0, 1], [-1, 0, 0], hit, { excludeBodies: [b] })).toBe(false);
    expect(castShape(w, sph, [5, 0, 0], [0, 0, 0, 1], [-1, 0, 0], hit, { excludeBodies: [old] })).toBe(true); // stale: excludes nothing
    expect(shapeProximity(w, sph, [3, 0, 0], [0, 0, 0, 1], hit)).toBe(true);
    expect(hit.body).toBe(b);
    expect(pointProximity(w, [3, 0, 0], hit)).toBe(true);
    expect(hit.body).toBe(b);
    expect(pointProximity(w, [3, 0, 0], hit, { excludeBodies: [b] })).toBe(false);
    const list = createOverlapList();
    expect(overlapShape(w, sph, [1.2, 0, 0], [0, 0, 0, 1], list)).toBe(1);
    expect(list.bodies[0]).toBe(b);
  });
});

describe('createQueryShape: a shape checked once', () => {
  it('gives the same results as its description in every query (bit for bit), random scenes and shapes', () => {
    const r = createRandom(41);
    for (let scene = 0; scene < 8; scene++) {
      const w = createPhysicsWorld();
      for (let i = 0; i < 12; i++) {
        addBody(w, { type: 'static', position: [(2 * r() - 1) * 3, (2 * r() - 1) * 3, (2 * r() - 1) * 3], orientation: randomQuaternion(r), collider: randomCollider(r) });
      }
      for (let k = 0; k < 10; k++) {
        const def = randomQueryShape(r), prepared = createQueryShape(def);
        const p: V3 = [(2 * r() - 1) * 4, (2 * r() - 1) * 4, (2 * r() - 1) * 4], q = randomQuaternion(r);
        const dir: V3 = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
        const a = createShapeHit(), b = createShapeHit();
        const ca = castShape(w, def, p, q, dir, a, { maxDistance: 8 }), cb = castShape(w, prepared, p, q, dir, b, { maxDistance: 8 });
        expect(cb).toBe(ca);
        if (ca) expect([b.collider, b.distance, ...b.point, ...b.normal]).toEqual([a.collider, a.distance, ...a.point, ...a.normal]);
        const la = createOverlapList(), lb = createOverlapList();
        overlapShape(w, def, p, q, la);
        overlapShape(w, prepared, p, q, lb);
        expect(lb.colliders.slice(0, lb.count)).toEqual(la.colliders.slice(0, la.count));
        const pa = shapeProximity(w, def, p, q, a), pb = shapeProximity(w, prepared, p, q, b);
        expect(pb).toBe(pa);
        if (pa) expect([b.collider, b.distance, ...b.pointOnShape]).toEqual([a.collider, a.distance, ...a.pointOnShape]);
      }
    }
  });

  it('checks the description when made (the same typed errors), keeps a frozen copy of it', () => {
    const expectField = (f: () => unknown, field: string): void => {
      let err: unknown;
      try { f(); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect((err as PhysicsInputError).field).toBe(field);
    };
    expectField(() => createQueryShape({ shape: 'sphere', radius: 0 }), 'shape.radius');
    expectField(() => createQueryShape({ shape: 'capsule', radius: 1, halfHeight: NaN }), 'shape.halfHeight');
    expectField(() => createQueryShape({ shape: 'box', halfExtents: [1, -1, 1] }), 'shape.halfExtents');
    expectField(() => createQueryShape({ shape: 'plane' } as unknown as QueryShapeDef), 'shape.shape');
    const def = { shape: 'sphere' as const, radius: 0.5 };
    const s = createQueryShape(def);
    def.radius = 2; // later changes to the description do not change the shape
    expect(s.description).toEqual({ shape: 'sphere', radius: 0.5 });
    expect(Object.isFrozen(s)).toBe(true);
    const w = createPhysicsWorld();
    addBody(w, { type: 'static', collider: { shape: 'plane' } });
    const hit = createShapeHit();
    expect(castShape(w, s, [0, 3, 0], [0, 0, 0, 1], [0, -1, 0], hit)).toBe(true);
    expect(hit.distance).toBeCloseTo(2.5, 12);
  });
});

describe('bad input: a typed error naming the field, nothing changed', () => {
  const w = createPhysicsWorld();
  addBody(w, { type: 'static', collider: { shape: 'box', halfExtents: [1, 1, 1] } });
  const hit = createShapeHit(), list = createOverlapList();
  const sph: QueryShapeDef = { shape: 'sphere', radius: 1 };
  const cases: [string, () => unknown, string][] = [
    ['zero direction', () => castShape(w, sph, [0, 5, 0], [0, 0, 0, 1], [0, 0, 0], hit), 'direction'],
    ['NaN direction', () => castShape(w, sph, [0, 5, 0], [0, 0, 0, 1], [NaN, 1, 0], hit), 'direction'],
    ['NaN position', () => castShape(w, sph, [0, NaN, 0], [0, 0, 0, 1], [0, -1, 0], hit), 'position'],
    ['zero orientation', () => overlapShape(w, sph, [0, 0, 0], [0, 0, 0, 0], list), 'orientation'],
    ['negative radius', () => overlapShape(w, { shape: 'sphere', radius: -1 }, [0, 0, 0], [0, 0, 0, 1], list), 'shape.radius'],
    ['unknown shape', () => overlapShape(w, { shape: 'plane' } as unknown as QueryShapeDef, [0, 0, 0], [0, 0, 0, 1], list), 'shape.shape'],
    ['box with a zero extent', () => overlapShape(w, { shape: 'box', halfExtents: [1, 0, 1] }, [0, 0, 0], [0, 0, 0, 1], list), 'shape.halfExtents'],
    ['negative maxDistance', () => castShape(w, sph, [0, 5, 0], [0, 0, 0, 1], [0, -1, 0], hit, { maxDistance: -1 }), 'maxDistance'],
    ['bad mask', () => shapeProximity(w, sph, [0, 5, 0], [0, 0, 0, 1], hit, { mask: 1.5 }), 'mask'],
    ['bad exclude', () => pointProximity(w, [0, 5, 0], hit, { excludeBodies: [0.5] }), 'excludeBodies[0]'],
    ['bad hit', () => pointProximity(w, [0, 5, 0], {} as never), 'hit'],
    ['bad list', () => overlapShape(w, sph, [0, 0, 0], [0, 0, 0, 1], {} as never), 'out'],
    ['NaN point', () => pointProximity(w, [0, 5, NaN], hit), 'point'],
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
