/**
 * Shape casts, overlaps and proximity queries against triangle meshes and heightfields, compared with
 * a second representation of the same surface: a closed box mesh (12 triangles) against the box
 * collider at the same pose, and a flat heightfield against a plane, for random query shapes (sphere,
 * box, capsule, cylinder, hull), poses and directions.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, castShape, convexHull, createHeightfield, createOverlapList, createPhysicsWorld, createShapeHit, createTriangleMesh,
  cylinder, overlapShape, pointProximity, shapeProximity, type ColliderDef, type PhysicsWorld, type QueryShapeDef,
} from '../../../plugin/index';
import { createRandom, randomQuaternion, type Random } from '../../../scenes/prng';

type V3 = [number, number, number];

/** The box [−a, a] × [−b, b] × [−c, c] as a closed mesh, faces counter-clockwise seen from outside. */
function boxMesh(a: number, b: number, c: number): ReturnType<typeof createTriangleMesh> {
  const vertices: number[] = [];
  for (let i = 0; i < 8; i++) vertices.push(i & 1 ? a : -a, i & 2 ? b : -b, i & 4 ? c : -c);
  // quads (outward normal by the right-hand rule), two triangles each
  const quads = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];
  const indices: number[] = [];
  for (const [p, q, r, s] of quads) indices.push(p, q, r, p, r, s);
  return createTriangleMesh({ vertices, indices });
}

function rockPoints(r: Random, s: number): V3[] {
  const p: V3[] = [];
  for (let i = 0; i < 16; i++) p.push([(2 * r() - 1) * s, (2 * r() - 1) * s, (2 * r() - 1) * s]);
  return p;
}

function randomQueryShape(r: Random): QueryShapeDef {
  switch (Math.floor(r() * 5)) {
    case 0: return { shape: 'sphere', radius: 0.1 + 0.3 * r() };
    case 1: return { shape: 'box', halfExtents: [0.1 + 0.3 * r(), 0.1 + 0.3 * r(), 0.1 + 0.3 * r()] };
    case 2: return { shape: 'capsule', radius: 0.1 + 0.2 * r(), halfHeight: 0.1 + 0.3 * r() };
    case 3: return { shape: cylinder(0.1 + 0.2 * r(), 0.1 + 0.3 * r()) };
    default: return { shape: convexHull(rockPoints(r, 0.3)) };
  }
}

const A = 0.9, B = 0.5, C = 0.7;
const POSE = { position: [0.3, 1.2, -0.4] as V3, orientation: [0.1, 0.3, -0.2, Math.sqrt(1 - 0.14)] as [number, number, number, number] };

function world(collider: ColliderDef): PhysicsWorld {
  const w = createPhysicsWorld();
  addBody(w, { type: 'static', ...POSE, collider });
  return w;
}

/** A random point outside the box grown by 5 cm (so a shape centred there that meets the box meets
 * its surface), within `reach` m of its centre along each of its axes, in the world. */
function outsidePoint(r: Random, reach = 2.5): V3 {
  for (;;) {
    const p: V3 = [(2 * r() - 1) * reach, (2 * r() - 1) * reach, (2 * r() - 1) * reach];
    if (Math.abs(p[0]) > A + 0.05 || Math.abs(p[1]) > B + 0.05 || Math.abs(p[2]) > C + 0.05) {
      // to the world: R p + x
      const [x, y, z, w] = POSE.orientation;
      const tx = 2 * (y * p[2] - z * p[1]), ty = 2 * (z * p[0] - x * p[2]), tz = 2 * (x * p[1] - y * p[0]);
      return [
        POSE.position[0] + p[0] + w * tx + (y * tz - z * ty),
        POSE.position[1] + p[1] + w * ty + (z * tx - x * tz),
        POSE.position[2] + p[2] + w * tz + (x * ty - y * tx),
      ];
    }
  }
}

describe('shape queries against a closed box mesh equal those against the box', () => {
  const meshWorld = world({ shape: 'mesh', mesh: boxMesh(A, B, C) });
  const boxWorld = world({ shape: 'box', halfExtents: [A, B, C] });

  it('castShape: hit or miss alike, distance within 1e-6 m, normals alike (200 random casts)', () => {
    const r = createRandom(11), hm = createShapeHit(), hb = createShapeHit();
    let hits = 0;
    for (let i = 0; i < 200; i++) {
      const shape = randomQueryShape(r), p = outsidePoint(r), q = randomQuaternion(r);
      // aim roughly at the box
      const d: V3 = [POSE.position[0] - p[0] + (2 * r() - 1), POSE.position[1] - p[1] + (2 * r() - 1), POSE.position[2] - p[2] + (2 * r() - 1)];
      const a = castShape(meshWorld, shape, p, q, d, hm, { maxDistance: 6 });
      const b = castShape(boxWorld, shape, p, q, d, hb, { maxDistance: 6 });
      expect(a, `cast ${i}`).toBe(b);
      if (!a) continue;
      hits++;
      expect(Math.abs(hm.distance - hb.distance), `cast ${i}: ${hm.distance} vs ${hb.distance}`).toBeLessThan(1e-6);
      // at the touch the normals agree unless the touch is on an edge or corner (any normal between faces)
      if (hb.distance > 0) {
        const dot = hm.normal[0] * hb.normal[0] + hm.normal[1] * hb.normal[1] + hm.normal[2] * hb.normal[2];
        expect(dot, `cast ${i} normals`).toBeGreaterThan(0.5);
      }
    }
    expect(hits).toBeGreaterThan(50);
  });

  it('overlapShape and shapeProximity: the same answers (distance within 1e-6 m; 300 random shapes)', () => {
    const r = createRandom(12), hm = createShapeHit(), hb = createShapeHit(), lm = createOverlapList(), lb = createOverlapList();
    let overlaps = 0;
    for (let i = 0; i < 300; i++) {
      const shape = randomQueryShape(r), p = outsidePoint(r, 1.3), q = randomQuaternion(r);
      const nm = overlapShape(meshWorld, shape, p, q, lm), nb = overlapShape(boxWorld, shape, p, q, lb);
      expect(nm, `overlap ${i}`).toBe(nb);
      overlaps += nb;
      expect(shapeProximity(meshWorld, shape, p, q, hm)).toBe(true);
      expect(shapeProximity(boxWorld, shape, p, q, hb)).toBe(true);
      expect(Math.abs(hm.distance - hb.distance), `proximity ${i}: ${hm.distance} vs ${hb.distance}`).toBeLessThan(1e-6);
    }
    expect(overlaps).toBeGreaterThan(20);
    expect(overlaps).toBeLessThan(280);
  });

  it('pointProximity: the distance from outside points to the mesh equals that to the box (1e-9 m)', () => {
    const r = createRandom(13), hm = createShapeHit(), hb = createShapeHit();
    for (let i = 0; i < 200; i++) {
      const p = outsidePoint(r);
      expect(pointProximity(meshWorld, p, hm)).toBe(true);
      expect(pointProximity(boxWorld, p, hb)).toBe(true);
      expect(Math.abs(hm.distance - hb.distance), `point ${i}`).toBeLessThan(1e-9);
      for (let k = 0; k < 3; k++) expect(Math.abs(hm.point[k] - hb.point[k])).toBeLessThan(1e-6);
    }
  });
});

describe('shape queries against a flat heightfield equal those against a plane', () => {
  it('castShape down onto it, shapeProximity above it: distances within 1e-6 m (100 random shapes)', () => {
    const hf = createHeightfield({ samplesX: 21, samplesZ: 21, sizeX: 20, sizeZ: 20, heights: new Array(441).fill(0.5) });
    const fieldWorld = createPhysicsWorld(), planeWorld = createPhysicsWorld();
    addBody(fieldWorld, { type: 'static', collider: { shape: 'heightfield', heightfield: hf } });
    addBody(planeWorld, { type: 'static', position: [0, 0.5, 0], collider: { shape: 'plane' } });
    const r = createRandom(14), hf1 = createShapeHit(), hp = createShapeHit();
    for (let i = 0; i < 100; i++) {
      const shape = randomQueryShape(r), q = randomQuaternion(r);
      const p: V3 = [(2 * r() - 1) * 7, 2 + 2 * r(), (2 * r() - 1) * 7];
      const d: V3 = [(2 * r() - 1) * 0.5, -1, (2 * r() - 1) * 0.5];
      expect(castShape(fieldWorld, shape, p, q, d, hf1)).toBe(true);
      expect(castShape(planeWorld, shape, p, q, d, hp)).toBe(true);
      expect(Math.abs(hf1.distance - hp.distance), `cast ${i}`).toBeLessThan(1e-6);
      // the normal at the touch comes from GJK's closest points about 1e-9 m apart: within 1e-2 rad
      expect(hf1.normal[1], `cast ${i} normal`).toBeGreaterThan(Math.cos(1e-2));
      expect(shapeProximity(fieldWorld, shape, p, q, hf1)).toBe(true);
      expect(shapeProximity(planeWorld, shape, p, q, hp)).toBe(true);
      expect(Math.abs(hf1.distance - hp.distance), `proximity ${i}`).toBeLessThan(1e-6);
    }
  });
});
