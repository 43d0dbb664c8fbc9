import { describe, expect, it } from 'vitest';
import {
  box3dPileSpec, box3dPyramidSpec, eulerYxzQuaternion, PILE_BIN_INNER, pileQuality, pyramidQuality,
} from '../../../scenes/box3d-benchmark';
import { createPhysicsWorld } from '../../../plugin/world';
import { buildSpec } from '../../../scenes/container';

/** Rotation matrix (row-major) of a unit quaternion x y z w. */
function matrixOf(q: readonly number[]): number[] {
  const [x, y, z, w] = q;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
  ];
}
function mul(a: number[], b: number[]): number[] {
  const c = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) c[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return c;
}
const rx = (t: number): number[] => [1, 0, 0, 0, Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t)];
const ry = (t: number): number[] => [Math.cos(t), 0, Math.sin(t), 0, 1, 0, -Math.sin(t), 0, Math.cos(t)];
const rz = (t: number): number[] => [Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t), 0, 0, 0, 1];

describe("Box3D's benchmark scenes", () => {
  it('Euler angles compose as R_y · R_x · R_z (brute-force matrix product)', () => {
    for (const [a, b, c] of [[0.3, 1.1, 2.9], [3.0, 0.1, 1.7], [0, 0, 0]]) {
      const got = matrixOf(eulerYxzQuaternion(a, b, c));
      const want = mul(mul(ry(b), rx(a)), rz(c));
      for (let i = 0; i < 9; i++) expect(got[i]).toBeCloseTo(want[i], 14);
    }
  });

  it('Pyramid(rows): row i holds rows − i boxes at y = (2i + 1)/2, touching, centred; slab max(40, 2·rows + 20) wide', () => {
    for (const rows of [3, 20, 50]) {
      const spec = box3dPyramidSpec(rows);
      expect(spec.dynamics.length).toBe((rows * (rows + 1)) / 2);
      expect(spec.statics[0].collider).toEqual({ shape: 'box', halfExtents: [Math.max(40, 2 * rows + 20) / 2, 0.5, Math.max(40, 2 * rows + 20) / 2] });
      expect(spec.statics[0].position).toEqual([0, -0.5, 0]);
      let k = 0;
      for (let i = 0; i < rows; i++) {
        const row = spec.dynamics.slice(k, k + rows - i);
        k += rows - i;
        const xs = row.map((b) => b.position[0]);
        for (const b of row) expect(b.position[1]).toBe((2 * i + 1) / 2);
        expect(xs[0] + xs[xs.length - 1]).toBeCloseTo(0, 12);
        for (let j = 1; j < xs.length; j++) expect(xs[j] - xs[j - 1]).toBeCloseTo(1, 12);
      }
      expect(spec.dynamics[spec.dynamics.length - 1].position).toEqual([0, rows - 0.5, 0]);
      expect(spec.material?.friction).toBe(0.6);
      expect(spec.dynamics[0].mass).toBe(1000);
    }
  });

  it('Pyramid metrics: zero drift and full height at the start, drift measured from the start', () => {
    const spec = box3dPyramidSpec(4);
    const final = new Float64Array(spec.dynamics.flatMap((b) => b.position));
    expect(pyramidQuality(spec, final)).toEqual({ maxDrift: 0, meanDrift: 0, topHeightRetained: 1 });
    final[final.length - 2] = 0.35; // top box from y = 3.5 down to 0.35
    const q = pyramidQuality(spec, final);
    expect(q.topHeightRetained).toBeCloseTo(0.1, 12);
    expect(q.maxDrift).toBeCloseTo(3.15, 12);
    expect(q.meanDrift).toBeCloseTo(3.15 / 10, 12);
  });

  it('Pile(count): 20 × 20 layers 1.1 m apart from y = 2, boxes and spheres alternating, jitter within ±0.05, bin inner width 23', () => {
    const spec = box3dPileSpec(1000);
    expect(spec.dynamics.length).toBe(1000);
    expect(PILE_BIN_INNER).toBeCloseTo(23, 12);
    const layers = 3, wall = 4 + 1.32 * layers;
    // the −x wall: inner face at x = −11.5, 1 m thick, wall m high
    expect(spec.statics[1].position[0]).toBeCloseTo(-12, 12);
    expect(spec.statics[1].position[1]).toBeCloseTo(wall / 2, 12);
    expect(spec.statics[1].collider).toMatchObject({ halfExtents: [0.5, expect.closeTo(wall / 2, 12), 12.5] });
    let boxes = 0;
    spec.dynamics.forEach((b, n) => {
      const layer = Math.floor(n / 400), ix = (n % 400) % 20, iz = Math.floor((n % 400) / 20);
      expect(b.position[1]).toBeCloseTo(2 + 1.1 * layer, 12);
      expect(Math.abs(b.position[0] - (ix - 9.5) * 1.1)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(b.position[2] - (iz - 9.5) * 1.1)).toBeLessThanOrEqual(0.05);
      expect(b.collider.shape).toBe((ix + iz + layer) % 2 === 0 ? 'box' : 'sphere');
      if (b.collider.shape === 'box') boxes++;
      expect(Math.hypot(...b.orientation)).toBeCloseTo(1, 12);
    });
    expect(boxes).toBe(500);
    // the first body's draws from mulberry32(1234): jitter x, jitter z, then the three angles
    expect(spec.dynamics[0].mass).toBeCloseTo(729, 9);
    expect(spec.dynamics[1].mass).toBeCloseTo((4 / 3) * Math.PI * 0.45 ** 3 * 1000, 9);
  });

  it('Pile metric: escaped counts bodies below −1 m, past a wall by more than 0.5 m, or non-finite', () => {
    const q = pileQuality(new Float64Array([0, 1, 0, 0, -1.5, 0, 12.1, 1, 0, 0, 2, -11.9, NaN, 0, 0]));
    expect(q).toEqual({ escaped: 3, pileHeight: 2 });
  });

  it('both scenes build in a world with their mass and material', () => {
    const world = createPhysicsWorld();
    const built = buildSpec(world, box3dPileSpec(10));
    expect(built.bodies.length).toBe(10);
    expect(built.statics.length).toBe(5);
  });
});
