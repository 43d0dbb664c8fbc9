/**
 * Triangle meshes and heightfields: validation (typed errors naming the field), ray casts against
 * analytic intersections (relative 1e-9), rest heights of sphere / capsule / box in both solver modes
 * against the same body on a plane, and mesh / heightfield colliders in the broadphase and queries.
 */
import { describe, expect, it } from 'vitest';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, addCollider, castRay, castRayAll, createHeightfield, createPhysicsWorld, createRayHit, createRayHitList,
  createTriangleMesh, getLinearVelocity, getPosition, PhysicsInputError, removeBody, setLinearVelocity, setPosition, stepWorld, type ColliderDef,
  type PhysicsWorld, type TriangleMesh,
} from '../../../plugin/index';
import { createRandom, randomQuaternion, randomRange } from '../../../scenes/prng';
import { quatRotate } from '../../../math/quat';
import { flatGridMesh } from '../../fixtures/flat-grid-mesh';

function flatHeightfield(n: number, size: number, height = 0): TriangleMesh {
  return createHeightfield({ samplesX: n + 1, samplesZ: n + 1, sizeX: size, sizeZ: size, heights: new Array((n + 1) * (n + 1)).fill(height) });
}

function expectInputError(f: () => unknown, field: string): void {
  let err: unknown;
  try { f(); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(PhysicsInputError);
  expect((err as PhysicsInputError).field).toBe(field);
}

describe('triangle mesh and heightfield validation', () => {
  const v = [0, 0, 0, 1, 0, 0, 0, 0, 1];
  it('mesh: NaN vertices, bad counts, out-of-range / non-integer indices, degenerate triangles', () => {
    expectInputError(() => createTriangleMesh({ vertices: [0, 0, 0, 1, 0, NaN, 0, 0, 1], indices: [0, 2, 1] }), 'vertices[5]');
    expectInputError(() => createTriangleMesh({ vertices: [0, 0, 0, 1, 0], indices: [0, 2, 1] }), 'vertices');
    expectInputError(() => createTriangleMesh({ vertices: v, indices: [0, 2, 3] }), 'indices[2]');
    expectInputError(() => createTriangleMesh({ vertices: v, indices: [0, 1.5, 2] }), 'indices[1]');
    expectInputError(() => createTriangleMesh({ vertices: v, indices: [0, 2, -1] }), 'indices[2]');
    expectInputError(() => createTriangleMesh({ vertices: v, indices: [0, 2] }), 'indices');
    expectInputError(() => createTriangleMesh({ vertices: v, indices: [0, 2, 1, 1, 1, 2] }), 'indices[3]');
    expectInputError(() => createTriangleMesh({ vertices: [...v, 2, 0, 0], indices: [0, 2, 1, 0, 1, 3] }), 'indices[3]'); // collinear
    expectInputError(() => createTriangleMesh(null as never), 'mesh');
  });
  it('heightfield: the sample count must match the size; NaN heights; holes', () => {
    const ok = { samplesX: 3, samplesZ: 2, sizeX: 2, sizeZ: 1, heights: [0, 0, 0, 0, 0, 0] };
    expect(createHeightfield(ok).triangleCount).toBe(4);
    expectInputError(() => createHeightfield({ ...ok, heights: [0, 0, 0, 0, 0] }), 'heights');
    expectInputError(() => createHeightfield({ ...ok, heights: [0, 0, NaN, 0, 0, 0] }), 'heights[2]');
    expectInputError(() => createHeightfield({ ...ok, samplesX: 1 }), 'samplesX');
    expectInputError(() => createHeightfield({ ...ok, samplesZ: 2.5 }), 'samplesZ');
    expectInputError(() => createHeightfield({ ...ok, sizeX: 0 }), 'sizeX');
    expectInputError(() => createHeightfield({ ...ok, sizeZ: Infinity }), 'sizeZ');
    expectInputError(() => createHeightfield({ ...ok, heightScale: 0 }), 'heightScale');
    expectInputError(() => createHeightfield({ ...ok, holes: [true] }), 'holes');
    expectInputError(() => createHeightfield({ ...ok, holes: [true, true] }), 'holes');
    expectInputError(() => createHeightfield({ ...ok, holes: [true, 'no' as never] }), 'holes[1]');
    expect(createHeightfield({ ...ok, holes: [true, false] }).triangleCount).toBe(2);
  });
  it('colliders: a mesh or heightfield needs a static or kinematic body, and a made asset', () => {
    const w = createPhysicsWorld();
    const mesh = flatGridMesh(2, 1);
    expectInputError(() => addBody(w, { mass: 1, inertia: [1, 1, 1], collider: { shape: 'mesh', mesh } }), 'collider.shape');
    expectInputError(() => addBody(w, { type: 'static', collider: { shape: 'mesh', mesh: { vertices: [] } as never } }), 'collider.mesh');
    expectInputError(() => addBody(w, { type: 'static', collider: { shape: 'heightfield', heightfield: mesh } }), 'collider.heightfield');
    const d = addBody(w, { collider: { shape: 'sphere', radius: 1 } });
    expectInputError(() => addCollider(w, d, { shape: 'mesh', mesh }), 'collider.shape');
    const k = addBody(w, { type: 'kinematic', collider: { shape: 'mesh', mesh } });
    expect(k).toBeGreaterThanOrEqual(0);
  });
});

describe('ray casts against meshes and heightfields (analytic, relative 1e-9)', () => {
  it('a closed box mesh, posed at random: entry distance, point and normal of its faces', () => {
    // the 12 triangles of a box with half extents (1, 0.5, 2), outward counter-clockwise
    const h = [1, 0.5, 2];
    const corners: number[] = [];
    for (let i = 0; i < 8; i++) corners.push(i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]);
    const faces = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];
    const indices: number[] = [];
    for (const f of faces) indices.push(f[0], f[1], f[2], f[0], f[2], f[3]);
    const mesh = createTriangleMesh({ vertices: corners, indices });
    const r = createRandom(5);
    const w = createPhysicsWorld();
    const q = randomQuaternion(r);
    const p: [number, number, number] = [3, -1, 2];
    const body = addBody(w, { type: 'static', position: p, orientation: q, collider: { shape: 'mesh', mesh } });
    const box = addBody(w, { type: 'static', position: [p[0], p[1] + 20, p[2]], orientation: q, collider: { shape: 'box', halfExtents: h } });
    const hit = createRayHit(), ref = createRayHit();
    let hits = 0;
    for (let i = 0; i < 300; i++) {
      const dir = [randomRange(r, -1, 1), randomRange(r, -1, 1), randomRange(r, -1, 1)];
      const dl = Math.hypot(dir[0], dir[1], dir[2]);
      const o = [0, 1, 2].map((k) => p[k] - (8 * dir[k]) / dl + randomRange(r, -1.5, 1.5));
      const ok = castRay(w, o, dir, hit, { maxDistance: 15 });
      // the same ray against the analytic box 20 m above (the box's slab test is exact)
      const okRef = castRay(w, [o[0], o[1] + 20, o[2]], dir, ref, { maxDistance: 15 });
      expect(ok).toBe(okRef);
      if (!ok) continue;
      hits++;
      expect(hit.body).toBe(body);
      expect(ref.body).toBe(box);
      expect(Math.abs(hit.distance - ref.distance)).toBeLessThan(1e-9 * ref.distance);
      for (let k = 0; k < 3; k++) expect(Math.abs(hit.normal[k] - ref.normal[k])).toBeLessThan(1e-9);
    }
    expect(hits).toBeGreaterThan(100);
  });

  it('a sloped heightfield (a plane y = a x + b z + c sampled on the grid), posed: against the plane', () => {
    const a = 0.3, b = -0.2, c = 0.5, n = 17, size = 16;
    const heights: number[] = [];
    for (let iz = 0; iz < n; iz++) for (let ix = 0; ix < n; ix++) {
      const x = (ix / (n - 1) - 0.5) * size, z = (iz / (n - 1) - 0.5) * size;
      heights.push(a * x + b * z + c);
    }
    const hf = createHeightfield({ samplesX: n, samplesZ: n, sizeX: size, sizeZ: size, heights });
    const w = createPhysicsWorld();
    const q = [0, Math.sin(0.2), 0, Math.cos(0.2)];
    const pos = [1, 2, -3];
    addBody(w, { type: 'static', position: pos, orientation: q, collider: { shape: 'heightfield', heightfield: hf } });
    const r = createRandom(9);
    const hit = createRayHit();
    // the plane's normal and a point, in the world
    const nLocal = [-a, 1, -b], len = Math.hypot(-a, 1, -b);
    const nw = [0, 0, 0];
    quatRotate(nw, 0, q, 0, nLocal.map((x) => x / len), 0);
    const p0 = [0, 0, 0];
    quatRotate(p0, 0, q, 0, [0, c, 0], 0);
    for (let k = 0; k < 3; k++) p0[k] += pos[k];
    let hits = 0;
    for (let i = 0; i < 200; i++) {
      const target = [0, 0, 0];
      quatRotate(target, 0, q, 0, [randomRange(r, -6, 6), 0, randomRange(r, -6, 6)], 0);
      const o = [pos[0] + target[0] + randomRange(r, -1, 1), pos[1] + 10, pos[2] + target[2] + randomRange(r, -1, 1)];
      const d = [target[0] + pos[0] - o[0], -10 + randomRange(r, -1, 1), target[2] + pos[2] - o[2]];
      expect(castRay(w, o, d, hit)).toBe(true);
      hits++;
      const dl = Math.hypot(d[0], d[1], d[2]);
      const u = d.map((x) => x / dl);
      const t = ((p0[0] - o[0]) * nw[0] + (p0[1] - o[1]) * nw[1] + (p0[2] - o[2]) * nw[2]) / (u[0] * nw[0] + u[1] * nw[1] + u[2] * nw[2]);
      expect(Math.abs(hit.distance - t)).toBeLessThan(1e-9 * t);
      for (let k = 0; k < 3; k++) expect(Math.abs(hit.normal[k] - nw[k])).toBeLessThan(1e-9);
    }
    expect(hits).toBe(200);
  });

  it('holes let rays through; filters apply; castRayAll lists the heightfield once', () => {
    const hf = createHeightfield({
      samplesX: 3, samplesZ: 3, sizeX: 2, sizeZ: 2, heights: new Array(9).fill(0), holes: [true, false, false, false],
    });
    const w = createPhysicsWorld();
    const g = addBody(w, { type: 'static', collider: { shape: 'heightfield', heightfield: hf, group: 2 } });
    const hit = createRayHit();
    expect(castRay(w, [-0.5, 1, -0.5], [0, -1, 0], hit)).toBe(false); // through the hole
    expect(castRay(w, [0.5, 1, 0.5], [0, -1, 0], hit)).toBe(true);
    expect(hit.body).toBe(g);
    expect(hit.distance).toBe(1);
    expect(castRay(w, [0.5, 1, 0.5], [0, -1, 0], hit, { mask: 1 })).toBe(false);
    expect(castRay(w, [0.5, 1, 0.5], [0, -1, 0], hit, { excludeBodies: [g] })).toBe(false);
    const list = createRayHitList();
    expect(castRayAll(w, [0.5, 1, 0.5], [0, -1, 0], list)).toBe(1);
    // from below, the surface is hit from its back with the normal against the ray
    expect(castRay(w, [0.5, -1, 0.5], [0, 1, 0], hit)).toBe(true);
    expect(hit.normal[1]).toBe(-1);
  });
});

type Shape = 'sphere' | 'capsule' | 'box';
const SHAPES: Record<Shape, { def: ColliderDef; rest: number }> = {
  sphere: { def: { shape: 'sphere', radius: 0.5 }, rest: 0.5 },
  // lying on its side (rotated about z)
  capsule: { def: { shape: 'capsule', radius: 0.3, halfHeight: 0.5 }, rest: 0.3 },
  box: { def: { shape: 'box', halfExtents: [0.4, 0.25, 0.3] }, rest: 0.25 },
};

function ground(w: PhysicsWorld, kind: 'plane' | 'mesh' | 'heightfield'): void {
  if (kind === 'plane') addBody(w, { type: 'static', collider: { shape: 'plane' } });
  else if (kind === 'mesh') addBody(w, { type: 'static', collider: { shape: 'mesh', mesh: flatGridMesh(8, 1.25) } });
  else addBody(w, { type: 'static', collider: { shape: 'heightfield', heightfield: flatHeightfield(10, 10) } });
}

/** Drops the shape from 0.2 m above its rest height at (x, z) and returns its height after 2 s. */
function restHeight(solver: 'pgs' | 'lcp', kind: 'plane' | 'mesh' | 'heightfield', shape: Shape, x: number, z: number): number {
  const w = createPhysicsWorld({ solver });
  ground(w, kind);
  const s = SHAPES[shape];
  const q = shape === 'capsule' ? [0, 0, Math.SQRT1_2, Math.SQRT1_2] : [0, 0.2, 0, Math.sqrt(1 - 0.04)];
  const b = addBody(w, { position: [x, s.rest + 0.2, z], orientation: q, collider: s.def });
  for (let i = 0; i < 120; i++) stepWorld(w, 1 / 60);
  return getPosition(w, b)[1];
}

describe('rest height on a mesh and a heightfield equals that on a plane, both solver modes', () => {
  for (const solver of ['pgs', 'lcp'] as const) {
    for (const shape of ['sphere', 'capsule', 'box'] as const) {
      it(`${shape} (${solver}), over a vertex, an edge and a face`, () => {
        const plane = restHeight(solver, 'plane', shape, 0, 0);
        expect(Math.abs(plane - SHAPES[shape].rest)).toBeLessThan(5e-3);
        for (const [x, z] of [[0, 0], [0.625, 0.1], [0.3, 0.2]]) {
          for (const kind of ['mesh', 'heightfield'] as const) {
            const y = restHeight(solver, kind, shape, x, z);
            expect(Math.abs(y - plane), `${kind} at (${x}, ${z}): ${y} vs plane ${plane}`).toBeLessThan(1e-3);
          }
        }
      });
    }
  }
});

describe('mesh colliders in the world', () => {
  it('a mesh asset is shared by many colliders; removing bodies and moving a kinematic mesh', () => {
    const w = createPhysicsWorld();
    const mesh = flatGridMesh(2, 1);
    const a = addBody(w, { type: 'static', collider: { shape: 'mesh', mesh } });
    addCollider(w, a, { shape: 'mesh', mesh, position: [5, 0, 0] });
    const k = addBody(w, { type: 'kinematic', position: [10, 0, 0], collider: { shape: 'mesh', mesh } });
    const ball = addBody(w, { position: [5, 1, 0], collider: { shape: 'sphere', radius: 0.5 } });
    for (let i = 0; i < 90; i++) stepWorld(w, 1 / 60);
    expect(getPosition(w, ball)[1]).toBeCloseTo(0.5, 2);
    expect(w.colliders.shapeData.filter((x) => x === mesh).length).toBe(3);
    setPosition(w, k, [5, 3, 0]);
    const hit = createRayHit();
    expect(castRay(w, [5, 10, 0], [0, -1, 0], hit)).toBe(true);
    expect(hit.body).toBe(k);
    removeBody(w, a);
    for (let i = 0; i < 30; i++) stepWorld(w, 1 / 60);
    expect(getPosition(w, ball)[1]).toBeLessThan(0.4); // its ground is gone
  });
});

/** A roof (ridge up, `sign` 1) or a valley (`sign` −1) along z: two slopes of 1 in 2 meeting at x = 0. */
function vMesh(sign: 1 | -1): TriangleMesh {
  const y = sign > 0 ? 1 : 0, yo = sign > 0 ? 0 : 1;
  const vertices = [-2, yo, -3, 0, y, -3, 2, yo, -3, -2, yo, 3, 0, y, 3, 2, yo, 3];
  // counter-clockwise seen from above
  return createTriangleMesh({ vertices, indices: [0, 3, 4, 0, 4, 1, 1, 4, 5, 1, 5, 2] });
}

describe('convex and concave edges', () => {
  it('the ridge of a roof is an active edge; the valley of a V is not', () => {
    const roof = vMesh(1), valley = vMesh(-1);
    // the triangles along the ridge / valley line share it: bit set on the roof, clear in the valley
    const ridgeFlags = Array.from(roof.edgeFlags).reduce((a, b) => a + b, 0);
    const valleyFlags = Array.from(valley.edgeFlags).reduce((a, b) => a + b, 0);
    expect(ridgeFlags).toBeGreaterThan(valleyFlags);
  });

  for (const solver of ['pgs', 'lcp'] as const) {
    it(`a sphere on a roof's ridge rolls off; in a valley it rests on both slopes at r / cos θ (${solver})`, () => {
      const w = createPhysicsWorld({ solver });
      addBody(w, { type: 'static', collider: { shape: 'mesh', mesh: vMesh(1) } });
      const r = 0.3, cos = 2 / Math.sqrt(5);
      const ball = addBody(w, { position: [0.01, 1 + r / cos + 0.01, 0], collider: { shape: 'sphere', radius: r } });
      for (let i = 0; i < 90; i++) stepWorld(w, 1 / 60);
      expect(getPosition(w, ball)[0]).toBeGreaterThan(0.5);
      const v = createPhysicsWorld({ solver });
      addBody(v, { type: 'static', collider: { shape: 'mesh', mesh: vMesh(-1) } });
      const b2 = addBody(v, { position: [0.6, 1.2, 0.5], collider: { shape: 'sphere', radius: r } });
      for (let i = 0; i < 300; i++) stepWorld(v, 1 / 60);
      const p = getPosition(v, b2);
      expect(Math.abs(p[0])).toBeLessThan(0.01);
      expect(Math.abs(p[1] - r / cos)).toBeLessThan(5e-3);
    });
  }
});

describe('kinematic meshes and heightfield holes', () => {
  it('a box rides a kinematic mesh platform set moving at 1 m/s: friction carries it, slipping v² / 2 μ g first', () => {
    const w = createPhysicsWorld();
    const platform = addBody(w, { type: 'kinematic', collider: { shape: 'mesh', mesh: flatGridMesh(4, 1) } });
    const box = addBody(w, { position: [0, 0.25, 0], collider: { shape: 'box', halfExtents: [0.25, 0.25, 0.25] } });
    for (let i = 0; i < 30; i++) stepWorld(w, 1 / 60); // settle
    setLinearVelocity(w, platform, [1, 0, 0]);
    for (let i = 0; i < 60; i++) stepWorld(w, 1 / 60);
    const p = getPosition(w, box);
    // friction μ = 0.5 brings the box to the platform's speed after v / μ g, slipping v² / (2 μ g) behind it
    const slip = 1 / (2 * 0.5 * 9.81);
    expect(Math.abs(getPosition(w, platform)[0] - p[0] - slip)).toBeLessThan(0.01);
    expect(Math.abs(getLinearVelocity(w, box)[0] - 1)).toBeLessThan(0.01);
    expect(Math.abs(p[1] - 0.25)).toBeLessThan(5e-3);
  });

  it('a ball drops through a heightfield hole and rests on the cells beside it', () => {
    const n = 4;
    const holes = new Array<boolean>(n * n).fill(false);
    holes[1 * n + 1] = true; // the cell [-1, 0] × [-1, 0] of a 4 × 4 m field
    const heightfield = createHeightfield({ samplesX: n + 1, samplesZ: n + 1, sizeX: 4, sizeZ: 4, heights: new Array((n + 1) * (n + 1)).fill(0), holes });
    const w = createPhysicsWorld();
    addBody(w, { type: 'static', collider: { shape: 'heightfield', heightfield } });
    const through = addBody(w, { position: [-0.5, 1, -0.5], collider: { shape: 'sphere', radius: 0.2 } });
    const rests = addBody(w, { position: [0.5, 1, 0.5], collider: { shape: 'sphere', radius: 0.2 } });
    for (let i = 0; i < 90; i++) stepWorld(w, 1 / 60);
    expect(getPosition(w, through)[1]).toBeLessThan(-1);
    expect(getPosition(w, rests)[1]).toBeCloseTo(0.2, 2);
  });
});
