/**
 * Scene builders (scenes/*.ts): each creates the documented number of bodies, nothing overlaps by
 * more than 1 mm at the start (brute force over all pairs, exact box–box overlap by the separating
 * axis test), the pyramid's and the stack's neighbours touch exactly, and the random scenes are the
 * same for the same seed.
 */

import { describe, expect, it } from 'vitest';
import { query } from 'bitecs';
import { createPhysicsWorld } from '../../../plugin/world';
import { getOrientation, getPosition } from '../../../plugin/bodies';
import {
  buildContainer, buildGround, containerSpec, CONTAINER_DESCRIPTION, GROUND_DESCRIPTION, type SceneBodySpec,
  type SceneSpec,
} from '../../../scenes/container';
import { buildPile, dropGrid, pileSpec, PILE_DESCRIPTION } from '../../../scenes/pile';
import { buildSpheres, spheresSpec, SPHERES_DESCRIPTION } from '../../../scenes/spheres';
import { buildPyramid, pyramidSpec, PYRAMID_DESCRIPTION } from '../../../scenes/pyramid';
import { buildStack, stackSpec, STACK_DESCRIPTION } from '../../../scenes/stack';
import { createRandom, randomQuaternion } from '../../../scenes/prng';

/** Largest overlap allowed between two bodies at the start (unit: m). */
const TOLERANCE = 1e-3;

type Mat3 = number[]; // row-major 3 × 3, columns = body axes in the world frame

function rotation(q: readonly number[]): Mat3 {
  const [x, y, z, w] = q;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

function axis(r: Mat3, i: number): number[] {
  return [r[i], r[3 + i], r[6 + i]];
}

const dot = (a: number[], b: number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: number[], b: number[]): number[] =>
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/**
 * Overlap depth of two oriented boxes by the separating axis test (15 axes): the smallest overlap of
 * their projections (unit: m). Positive = they overlap by that much; ≤ 0 = separated (or touching).
 */
function boxOverlap(a: SceneBodySpec, b: SceneBodySpec): number {
  if (a.collider.shape !== 'box' || b.collider.shape !== 'box') throw new Error('boxes only');
  const ha = a.collider.halfExtents, hb = b.collider.halfExtents;
  const ra = rotation(a.orientation), rb = rotation(b.orientation);
  const A = [0, 1, 2].map((i) => axis(ra, i)), B = [0, 1, 2].map((i) => axis(rb, i));
  const d = [b.position[0] - a.position[0], b.position[1] - a.position[1], b.position[2] - a.position[2]];
  const axes = [...A, ...B];
  for (const u of A) for (const v of B) axes.push(cross(u, v));
  let least = Infinity;
  for (const l of axes) {
    const len = Math.hypot(l[0], l[1], l[2]);
    if (len < 1e-9) continue; // parallel edges: covered by the face axes
    const n = [l[0] / len, l[1] / len, l[2] / len];
    const pa = ha[0] * Math.abs(dot(A[0], n)) + ha[1] * Math.abs(dot(A[1], n)) + ha[2] * Math.abs(dot(A[2], n));
    const pb = hb[0] * Math.abs(dot(B[0], n)) + hb[1] * Math.abs(dot(B[1], n)) + hb[2] * Math.abs(dot(B[2], n));
    least = Math.min(least, pa + pb - Math.abs(dot(d, n)));
  }
  return least;
}

/** Overlap depth of a sphere and an oriented box, or of two spheres (unit: m; > 0 = overlap). */
function overlap(a: SceneBodySpec, b: SceneBodySpec): number {
  if (a.collider.shape === 'box' && b.collider.shape === 'box') return boxOverlap(a, b);
  if (a.collider.shape === 'sphere' && b.collider.shape === 'sphere') {
    const d = Math.hypot(b.position[0] - a.position[0], b.position[1] - a.position[1], b.position[2] - a.position[2]);
    return a.collider.radius + b.collider.radius - d;
  }
  const [s, box] = a.collider.shape === 'sphere' ? [a, b] : [b, a];
  if (s.collider.shape !== 'sphere' || box.collider.shape !== 'box') throw new Error('unreachable');
  // Sphere centre in the box frame, clamped to the box: distance from the closest point.
  const r = rotation(box.orientation);
  const d = [s.position[0] - box.position[0], s.position[1] - box.position[1], s.position[2] - box.position[2]];
  let dist2 = 0;
  for (let i = 0; i < 3; i++) {
    const local = dot(axis(r, i), d);
    const h = box.collider.halfExtents[i];
    const excess = Math.abs(local) - h;
    if (excess > 0) dist2 += excess * excess;
  }
  return s.collider.radius - Math.sqrt(dist2); // (inside the box counts as at least the radius)
}

/** Radius of a sphere around the body's centre that holds the whole shape (unit: m). */
function boundingRadius(s: SceneBodySpec): number {
  return s.collider.shape === 'sphere' ? s.collider.radius : Math.hypot(...s.collider.halfExtents);
}

/** Largest overlap between any two bodies of the scene (static–static pairs excluded). */
function worstOverlap(spec: SceneSpec): number {
  const all = [...spec.statics, ...spec.dynamics];
  let worst = -Infinity;
  for (let i = spec.statics.length; i < all.length; i++) {
    const a = all[i];
    const ra = boundingRadius(a);
    for (let j = 0; j < i; j++) {
      const b = all[j];
      const dx = a.position[0] - b.position[0], dy = a.position[1] - b.position[1], dz = a.position[2] - b.position[2];
      const reach = ra + boundingRadius(b);
      if (dx * dx + dy * dy + dz * dz > reach * reach) continue; // bounding spheres apart
      worst = Math.max(worst, overlap(a, b));
    }
  }
  return worst;
}

function bodyCount(world: ReturnType<typeof createPhysicsWorld>): number {
  return query(world.ecs, [world.bodies]).length;
}

describe('scene descriptions', () => {
  it('each scene has a one-line description', () => {
    for (const d of [PILE_DESCRIPTION, SPHERES_DESCRIPTION, PYRAMID_DESCRIPTION, STACK_DESCRIPTION,
      CONTAINER_DESCRIPTION, GROUND_DESCRIPTION]) {
      expect(d.length).toBeGreaterThan(10);
      expect(d).not.toContain('\n');
    }
  });
});

describe('container', () => {
  it('is a floor with its top at y = 0 and four walls whose inner faces bound the given size', () => {
    const world = createPhysicsWorld();
    const ids = buildContainer(world, { width: 12, depth: 8, wallHeight: 3, thickness: 0.5 });
    expect(ids).toHaveLength(5);
    expect(bodyCount(world)).toBe(5);
    const spec = containerSpec({ width: 12, depth: 8, wallHeight: 3, thickness: 0.5 });
    const top = (s: SceneBodySpec, k: number): number =>
      s.collider.shape === 'box' ? s.position[k] + s.collider.halfExtents[k] : NaN;
    const bottom = (s: SceneBodySpec, k: number): number =>
      s.collider.shape === 'box' ? s.position[k] - s.collider.halfExtents[k] : NaN;
    expect(top(spec[0], 1)).toBeCloseTo(0, 12);
    expect(top(spec[1], 0)).toBeCloseTo(-6, 12);
    expect(bottom(spec[2], 0)).toBeCloseTo(6, 12);
    expect(top(spec[3], 2)).toBeCloseTo(-4, 12);
    expect(bottom(spec[4], 2)).toBeCloseTo(4, 12);
    for (const wall of spec.slice(1)) {
      expect(bottom(wall, 1)).toBeCloseTo(0, 12);
      expect(top(wall, 1)).toBeCloseTo(3, 12);
    }
    for (let i = 0; i < 5; i++) expect(getPosition(world, ids[i])).toEqual(spec[i].position);
  });

  it('the ground alone is one static box with its top at y = 0', () => {
    const world = createPhysicsWorld();
    const id = buildGround(world, { halfSize: 10 });
    expect(bodyCount(world)).toBe(1);
    expect(getPosition(world, id)[1]).toBeCloseTo(-0.5, 12);
  });
});

describe('pile', () => {
  it('creates 1000 cubes (default) in the container, none overlapping, all inside the walls', () => {
    const world = createPhysicsWorld();
    const pile = buildPile(world, { seed: 42 });
    expect(pile.bodies).toHaveLength(1000);
    expect(pile.statics).toHaveLength(5);
    expect(pile.count).toBe(1000);
    expect(bodyCount(world)).toBe(1005);
    expect(worstOverlap(pile.spec)).toBeLessThanOrEqual(TOLERANCE);
    for (const c of pile.spec.dynamics) {
      const r = boundingRadius(c);
      expect(Math.abs(c.position[0]) + r).toBeLessThan(12);
      expect(Math.abs(c.position[2]) + r).toBeLessThan(12);
      expect(c.position[1] - r).toBeGreaterThan(0);
      expect(Math.hypot(...c.orientation)).toBeCloseTo(1, 12);
    }
    // 144 cubes per layer: 7 layers 2 m apart.
    const ys = pile.spec.dynamics.map((c) => c.position[1]);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(11.5);
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(12.5);
  });

  it('the world holds the described poses', () => {
    const world = createPhysicsWorld();
    const pile = buildPile(world, { count: 30, seed: 3 });
    expect(pile.bodies).toHaveLength(30);
    expect(bodyCount(world)).toBe(35);
    pile.bodies.forEach((e, i) => {
      const s = pile.spec.dynamics[i];
      expect(getPosition(world, e)).toEqual(s.position);
      const q = getOrientation(world, e);
      for (let k = 0; k < 4; k++) expect(q[k]).toBeCloseTo(s.orientation[k], 12);
    });
  });

  it('is deterministic for a seed and changes with it', () => {
    expect(pileSpec({ seed: 7 })).toEqual(pileSpec({ seed: 7 }));
    const a = buildPile(createPhysicsWorld(), { seed: 7, count: 100 }).spec;
    const b = buildPile(createPhysicsWorld(), { seed: 7, count: 100 }).spec;
    expect(a).toEqual(b);
    expect(pileSpec({ seed: 8, count: 100 }).dynamics[0].position).not.toEqual(a.dynamics[0].position);
  });

  it('the drop grid refuses a spacing too small for the jitter', () => {
    expect(() => dropGrid({
      count: 2, width: 10, depth: 10, spacing: 1.8, jitter: 0.1, boundingRadius: 0.866, clearance: 0.5,
      random: createRandom(1),
    })).toThrow(RangeError);
  });
});

describe('spheres', () => {
  it('creates 1000 spheres (default), none overlapping, all inside the walls', () => {
    const world = createPhysicsWorld();
    const scene = buildSpheres(world, { seed: 5 });
    expect(scene.bodies).toHaveLength(1000);
    expect(bodyCount(world)).toBe(1005);
    expect(worstOverlap(scene.spec)).toBeLessThanOrEqual(TOLERANCE);
    for (const s of scene.spec.dynamics) {
      expect(s.collider).toEqual({ shape: 'sphere', radius: 0.5 });
      expect(Math.abs(s.position[0]) + 0.5).toBeLessThan(12);
      expect(Math.abs(s.position[2]) + 0.5).toBeLessThan(12);
      expect(s.position[1]).toBeGreaterThan(0.5);
    }
  });

  it('is deterministic for a seed', () => {
    expect(spheresSpec({ seed: 11 })).toEqual(spheresSpec({ seed: 11 }));
    expect(spheresSpec({ seed: 12 }).dynamics[0].position).not.toEqual(spheresSpec({ seed: 11 }).dynamics[0].position);
  });
});

describe('pyramid', () => {
  it('has 210 cubes for a base of 20, and the top is the last one', () => {
    const world = createPhysicsWorld();
    const p = buildPyramid(world);
    expect(p.bodies).toHaveLength(210);
    expect(bodyCount(world)).toBe(211);
    expect(p.top).toBe(p.bodies[209]);
    expect(p.topStart).toEqual([0, 19.5, 0]);
    expect(getPosition(world, p.top)).toEqual([0, 19.5, 0]);
    expect(pyramidSpec({ base: 4 }).dynamics).toHaveLength(10);
  });

  for (const gap of [0, 0.01]) {
    it(`no two boxes overlap and neighbours are exactly ${gap} m apart (gap ${gap})`, () => {
      const spec = pyramidSpec({ gap });
      expect(worstOverlap(spec)).toBeLessThanOrEqual(TOLERANCE);
      const d = spec.dynamics;
      // Axis-aligned boxes: brute force over all pairs; neighbours share a face up to `gap`.
      let horizontal = 0, vertical = 0;
      for (let i = 0; i < d.length; i++) {
        for (let j = i + 1; j < d.length; j++) {
          const dx = Math.abs(d[i].position[0] - d[j].position[0]);
          const dy = Math.abs(d[i].position[1] - d[j].position[1]);
          expect(dx >= 1 + gap - 1e-12 || dy >= 1 + gap - 1e-12).toBe(true);
          if (dy < 1e-12 && Math.abs(dx - (1 + gap)) < 1e-12) horizontal++;
          if (Math.abs(dy - (1 + gap)) < 1e-12 && dx < 1 + gap) vertical++;
        }
      }
      // 19 + 18 + … + 0 side-by-side neighbours; every box above the base rests on two below.
      expect(horizontal).toBe(190);
      expect(vertical).toBe(2 * (210 - 20));
      // The base row stands on the ground (top face y = 0).
      const base = d.filter((c) => c.position[1] < 1);
      expect(base).toHaveLength(20);
      for (const c of base) expect(c.position[1] - 0.5).toBeCloseTo(gap, 12);
    });
  }
});

describe('stack', () => {
  it('has 20 cubes by default, the top one last, at y = 19.5', () => {
    const world = createPhysicsWorld();
    const s = buildStack(world);
    expect(s.bodies).toHaveLength(20);
    expect(bodyCount(world)).toBe(21);
    expect(s.top).toBe(s.bodies[19]);
    expect(s.topStart).toEqual([0, 19.5, 0]);
    expect(buildStack(createPhysicsWorld(), { count: 5 }).bodies).toHaveLength(5);
  });

  for (const gap of [0, 0.001]) {
    it(`each cube stands exactly on the one below (gap ${gap})`, () => {
      const spec = stackSpec({ gap });
      expect(worstOverlap(spec)).toBeLessThanOrEqual(TOLERANCE);
      const d = spec.dynamics;
      expect(d[0].position[1] - 0.5).toBeCloseTo(gap, 12);
      for (let i = 1; i < d.length; i++) {
        expect(d[i].position[0]).toBe(0);
        expect(d[i].position[2]).toBe(0);
        expect(d[i].position[1] - d[i - 1].position[1]).toBeCloseTo(1 + gap, 12);
      }
    });
  }
});

describe('prng', () => {
  it('mulberry32 is deterministic, in [0, 1), and its quaternions are unit', () => {
    const a = createRandom(123), b = createRandom(123);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    const q = randomQuaternion(createRandom(9));
    expect(Math.hypot(...q)).toBeCloseTo(1, 12);
  });
});

describe('the overlap test of this file', () => {
  it('finds a 1 cm overlap of two rotated boxes', () => {
    const s = Math.SQRT1_2;
    const a: SceneBodySpec = {
      type: 'dynamic', position: [0, 0, 0], orientation: [0, s, 0, s], mass: 1,
      collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] },
    };
    const b: SceneBodySpec = { ...a, position: [0.99, 0, 0], orientation: [0, 0, 0, 1] };
    expect(boxOverlap(a, b)).toBeCloseTo(0.01, 12);
    const c: SceneBodySpec = { ...a, position: [0.99 + 0.5 + Math.SQRT1_2 + 0.01, 0, 0], orientation: [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)] };
    expect(boxOverlap(b, c)).toBeLessThan(0); // a 45°-turned box 1 cm past the corner
  });
});
