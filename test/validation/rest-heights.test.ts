/**
 * Rest height of every shape on every ground, in both solver modes: sphere, box, capsule (on its
 * side), cylinder (on its cap and on its side), the convex hull of a box's corners and a square
 * pyramid hull (on its base: its centroid at a quarter of its height), each dropped from 0.2 m above
 * its rest on a plane, a static box, a flat triangle mesh and a flat heightfield (ground top at
 * y = 0), settles for 2 s: its height is the closed form within 2 mm, and it has stopped.
 */
import { describe, expect, it } from 'vitest';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, convexHull, createHeightfield, createPhysicsWorld, cylinder, getLinearVelocity, getPosition,
  stepWorld, type ColliderDef, type PhysicsWorld,
} from '../../plugin/index';
import { flatGridMesh } from '../fixtures/flat-grid-mesh';

type V3 = [number, number, number];
type Ground = 'plane' | 'box' | 'mesh' | 'heightfield';

const MESH = flatGridMesh(8, 1.25);
const FIELD = createHeightfield({ samplesX: 11, samplesZ: 11, sizeX: 10, sizeZ: 10, heights: new Array(121).fill(0) });

function ground(w: PhysicsWorld, kind: Ground): void {
  if (kind === 'plane') addBody(w, { type: 'static', collider: { shape: 'plane' } });
  else if (kind === 'box') addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [5, 0.5, 5] } });
  else if (kind === 'mesh') addBody(w, { type: 'static', collider: { shape: 'mesh', mesh: MESH } });
  else addBody(w, { type: 'static', collider: { shape: 'heightfield', heightfield: FIELD } });
}

const corners = (a: number, b: number, c: number): V3[] => [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => [x * a, y * b, z * c] as V3)));
const yaw = (a: number): number[] => [0, Math.sin(a / 2), 0, Math.cos(a / 2)];
/** yaw(a) · (90° about x): the local y axis along z, turned by a about y. */
const sideways = (a: number): number[] => [Math.cos(a / 2) * Math.SQRT1_2, Math.sin(a / 2) * Math.SQRT1_2, -Math.sin(a / 2) * Math.SQRT1_2, Math.cos(a / 2) * Math.SQRT1_2];

const SHAPES: { name: string; def: ColliderDef; q: number[]; rest: number }[] = [
  { name: 'sphere r 0.4', def: { shape: 'sphere', radius: 0.4 }, q: yaw(0), rest: 0.4 },
  { name: 'box 0.4 × 0.25 × 0.3', def: { shape: 'box', halfExtents: [0.4, 0.25, 0.3] }, q: yaw(0.3), rest: 0.25 },
  { name: 'capsule r 0.3 on its side', def: { shape: 'capsule', radius: 0.3, halfHeight: 0.5 }, q: sideways(0.3), rest: 0.3 },
  { name: 'cylinder on its cap', def: { shape: cylinder(0.3, 0.4) }, q: yaw(0.3), rest: 0.4 },
  { name: 'cylinder on its side', def: { shape: cylinder(0.3, 0.4) }, q: sideways(0.3), rest: 0.3 },
  { name: 'hull of a box', def: { shape: convexHull(corners(0.4, 0.25, 0.3)) }, q: yaw(0.3), rest: 0.25 },
  { name: 'pyramid hull (h 0.6)', def: { shape: convexHull([[-0.35, 0, -0.35], [0.35, 0, -0.35], [0.35, 0, 0.35], [-0.35, 0, 0.35], [0, 0.6, 0]]) }, q: yaw(0.3), rest: 0.15 },
];

describe('rest height of every shape on a plane, a box, a mesh and a heightfield, both solver modes', () => {
  for (const solver of ['pgs', 'lcp'] as const) {
    for (const s of SHAPES) {
      it(`${s.name} (${solver}): the closed form within 2 mm on each ground, at rest`, () => {
        for (const kind of ['plane', 'box', 'mesh', 'heightfield'] as const) {
          const w = createPhysicsWorld({ solver, sleep: false });
          ground(w, kind);
          const b = addBody(w, { position: [0.3, s.rest + 0.2, 0.2], orientation: s.q, collider: s.def });
          for (let i = 0; i < 120; i++) stepWorld(w, 1 / 60);
          const y = getPosition(w, b)[1], v = getLinearVelocity(w, b);
          expect(Math.abs(y - s.rest), `${kind}: ${y} vs ${s.rest}`).toBeLessThan(2e-3);
          expect(Math.hypot(v[0], v[1], v[2]), `${kind}: still moving`).toBeLessThan(0.01);
        }
      });
    }
  }
});
