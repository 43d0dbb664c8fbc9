/**
 * Cylinders and convex hulls on triangle meshes and heightfields: rest heights against the closed forms
 * (cylinder on its cap: its half height; on its side: its radius; the hull of a box's corners: its half
 * height; a square pyramid on its base: a quarter of its height, the height of its centroid) and against
 * the same body on a plane, in both solver modes, dropped over a vertex, an edge and a face of the grid;
 * a cylinder rolling across the mesh; a hull against a ridge (an active edge).
 */
import { describe, expect, it } from 'vitest';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, convexHull, createHeightfield, createPhysicsWorld, createTriangleMesh, cylinder, getLinearVelocity, getPosition,
  setAngularVelocity, setLinearVelocity, stepWorld, type ColliderDef, type PhysicsWorld,
} from '../../../plugin/index';
import { flatGridMesh } from '../../fixtures/flat-grid-mesh';

type V3 = [number, number, number];

function boxCorners(a: number, b: number, c: number): V3[] {
  const out: V3[] = [];
  for (const x of [-a, a]) for (const y of [-b, b]) for (const z of [-c, c]) out.push([x, y, z]);
  return out;
}

/** A square pyramid: base 2a × 2a at y = 0, apex at y = h; its centroid is at y = h / 4. */
function pyramid(a: number, h: number): V3[] {
  return [[-a, 0, -a], [a, 0, -a], [a, 0, a], [-a, 0, a], [0, h, 0]];
}

type Ground = 'plane' | 'mesh' | 'heightfield';
const mesh = flatGridMesh(8, 1.25);
const heightfield = createHeightfield({ samplesX: 11, samplesZ: 11, sizeX: 10, sizeZ: 10, heights: new Array(121).fill(0) });

function ground(w: PhysicsWorld, kind: Ground): void {
  if (kind === 'plane') addBody(w, { type: 'static', collider: { shape: 'plane' } });
  else if (kind === 'mesh') addBody(w, { type: 'static', collider: { shape: 'mesh', mesh } });
  else addBody(w, { type: 'static', collider: { shape: 'heightfield', heightfield } });
}

const yaw = (a: number): number[] => [0, Math.sin(a / 2), 0, Math.cos(a / 2)];
/** yaw(a) · (90° about x): the local y axis along z, then turned by a about y. */
const sideways = (a: number): number[] => {
  const s = Math.sin(a / 2), c = Math.cos(a / 2), h = Math.SQRT1_2;
  return [c * h, s * h, -s * h, c * h];
};
const CASES: { name: string; def: ColliderDef; q: number[]; rest: number }[] = [
  { name: 'cylinder on its cap', def: { shape: cylinder(0.3, 0.4) }, q: yaw(0.4), rest: 0.4 },
  // on its side: the axis (local y) along z, then yawed
  { name: 'cylinder on its side', def: { shape: cylinder(0.3, 0.4) }, q: sideways(0.4), rest: 0.3 },
  { name: 'hull of a box', def: { shape: convexHull(boxCorners(0.4, 0.25, 0.3)) }, q: yaw(0.4), rest: 0.25 },
  { name: 'pyramid hull', def: { shape: convexHull(pyramid(0.35, 0.6)) }, q: yaw(0.3), rest: 0.15 },
];

/** Drops the shape from 0.2 m above its rest height at (x, z); its height and speed after 2 s. */
function rest(solver: 'pgs' | 'lcp', kind: Ground, c: (typeof CASES)[number], x: number, z: number): { y: number; speed: number; drift: number } {
  const w = createPhysicsWorld({ solver, sleep: false });
  ground(w, kind);
  const b = addBody(w, { position: [x, c.rest + 0.2, z], orientation: c.q, collider: c.def });
  const p0 = getPosition(w, b);
  for (let i = 0; i < 120; i++) stepWorld(w, 1 / 60);
  const p = getPosition(w, b), v = getLinearVelocity(w, b);
  return { y: p[1], speed: Math.hypot(v[0], v[1], v[2]), drift: Math.hypot(p[0] - p0[0], p[2] - p0[2]) };
}

describe('cylinder and hull rest heights on a mesh and a heightfield, both solver modes', () => {
  for (const solver of ['pgs', 'lcp'] as const) {
    for (const c of CASES) {
      it(`${c.name} (${solver}): the closed form within 2 mm, the plane's height within 1 mm, over a vertex, an edge and a face`, () => {
        const plane = rest(solver, 'plane', c, 0, 0);
        expect(Math.abs(plane.y - c.rest), `plane ${plane.y}`).toBeLessThan(2e-3);
        for (const [x, z] of [[0, 0], [0.625, 0.1], [0.3, 0.2], [-1.7, 2.2]]) {
          for (const kind of ['mesh', 'heightfield'] as const) {
            const r = rest(solver, kind, c, x, z);
            expect(Math.abs(r.y - c.rest), `${kind} at (${x}, ${z}): ${r.y} vs ${c.rest}`).toBeLessThan(2e-3);
            expect(Math.abs(r.y - plane.y), `${kind} at (${x}, ${z}): ${r.y} vs plane ${plane.y}`).toBeLessThan(1e-3);
            expect(r.speed, `${kind} at (${x}, ${z}) still moving`).toBeLessThan(0.01);
            expect(r.drift, `${kind} at (${x}, ${z}) drifted`).toBeLessThan(2e-3);
          }
        }
      });
    }
  }
});

describe('convex shapes rolling and on ridges', () => {
  it('on a posed mesh (moved and turned about y): the same heights above its surface', () => {
    for (const c of [CASES[0], CASES[1], CASES[3]]) {
      const w = createPhysicsWorld({ sleep: false });
      addBody(w, { type: 'static', position: [0.3, 0.5, -0.2], orientation: yaw(0.7), collider: { shape: 'mesh', mesh } });
      const b = addBody(w, { position: [0.9, 0.5 + c.rest + 0.2, 0.4], orientation: c.q, collider: c.def });
      for (let i = 0; i < 120; i++) stepWorld(w, 1 / 60);
      expect(Math.abs(getPosition(w, b)[1] - 0.5 - c.rest), c.name).toBeLessThan(2e-3);
    }
  });

  it('a cylinder rolling on its side across the mesh keeps its axis height r (within 1 mm) and rolls on', () => {
    for (const kind of ['plane', 'mesh', 'heightfield'] as const) {
      const w = createPhysicsWorld({ sleep: false });
      ground(w, kind);
      // axis along z: rolls along x
      const b = addBody(w, { position: [-3, 0.3, 0.37], orientation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2], collider: { shape: cylinder(0.3, 0.4), friction: 0.8 } });
      for (let i = 0; i < 10; i++) stepWorld(w, 1 / 60);
      setLinearVelocity(w, b, [2, 0, 0]);
      setAngularVelocity(w, b, [0, 0, -2 / 0.3]); // rolling without slipping at 2 m/s
      let minY = Infinity, maxY = -Infinity;
      for (let i = 0; i < 120; i++) {
        stepWorld(w, 1 / 60);
        const y = getPosition(w, b)[1];
        minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      }
      expect(maxY - minY, `${kind} height range`).toBeLessThan(1e-3);
      expect(Math.abs(minY - 0.3), kind).toBeLessThan(2e-3);
      const p = getPosition(w, b);
      // rolling without slipping loses nothing to friction: 2 s at 2 m/s
      expect(Math.abs(p[0] - (-3 + 4)), `${kind} rolled to ${p[0]}`).toBeLessThan(0.05);
    }
  });

  it('a hull box over a roof ridge (an active edge) tips to one side and slides down the slope', () => {
    const roof = createTriangleMesh({
      vertices: [-2, 0, -2, 0, 1, -2, 0, 1, 2, -2, 0, 2, 2, 0, -2, 2, 0, 2],
      indices: [0, 3, 2, 0, 2, 1, 1, 2, 5, 1, 5, 4],
    });
    const w = createPhysicsWorld({ sleep: false });
    addBody(w, { type: 'static', collider: { shape: 'mesh', mesh: roof, friction: 0.1 } });
    const box = convexHull(boxCorners(0.2, 0.2, 0.2));
    const b = addBody(w, { position: [0.05, 1.5, 0], collider: { shape: box, friction: 0.1 } });
    for (let i = 0; i < 180; i++) stepWorld(w, 1 / 60);
    const p = getPosition(w, b);
    // it tips off the ridge to the side of its centre and slides down the 27° slope (μ = 0.1 < tan 27°)
    expect(p[0]).toBeGreaterThan(0.5);
    expect(p[1]).toBeLessThan(1);
  });
});
