/**
 * Conformance: MESH and HEIGHTFIELD shapes, each at rest at its closed-form height, on this engine and
 * on Havok (Babylon Physics V2 API only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsMotionType, PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsShapeHeightField, PhysicsShapeMesh } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

function ball(ctx: Ctx, x: number, y: number, z = 0): PhysicsAggregate {
  const s = MeshBuilder.CreateSphere('ball', { diameter: 0.5 }, ctx.scene);
  s.position.set(x, y, z);
  return new PhysicsAggregate(s, PhysicsShapeType.SPHERE, { mass: 1, restitution: 0 }, ctx.scene);
}

const TOL = 0.01;

describe('V2 conformance: triangle mesh and heightfield', () => {
  it('a ball rests on a static MESH ground (a subdivided plane) at y = r (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      const g = MeshBuilder.CreateGround('mesh ground', { width: 10, height: 10, subdivisions: 4 }, ctx.scene);
      const body = new PhysicsBody(g, PhysicsMotionType.STATIC, false, ctx.scene);
      body.shape = new PhysicsShapeMesh(g, ctx.scene);
      const b = ball(ctx, 0.3, 1, -0.7);
      ctx.step(90);
      return b.transformNode.position.y;
    });
    expect(Math.abs(r.ecs - 0.25)).toBeLessThan(TOL);
    expect(Math.abs(r.havok - 0.25)).toBeLessThan(TOL);
  });

  it('a HEIGHTFIELD with a 1 m step (x > 0 high): balls rest at y = 1 + r on the high side and y = r on the low side (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      const nX = 11, nZ = 11, size = 10;
      const data = new Float32Array(nX * nZ);
      // Babylon's order (its ground meshes'): rows from +z to −z, x along a row: data[(nZ − 1 − iz) · nX + ix]
      for (let ix = 0; ix < nX; ix++) for (let iz = 0; iz < nZ; iz++) data[(nZ - 1 - iz) * nX + ix] = ix > 5 ? 1 : 0;
      const node = MeshBuilder.CreateBox('terrain', { size: 0.1 }, ctx.scene);
      const body = new PhysicsBody(node, PhysicsMotionType.STATIC, false, ctx.scene);
      body.shape = new PhysicsShapeHeightField(size, size, nX, nZ, data, ctx.scene);
      const high = ball(ctx, 3.3, 2), low = ball(ctx, -3.3, 1);
      ctx.step(90);
      return [high.transformNode.position.y, low.transformNode.position.y];
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x[0] - 1.25)).toBeLessThan(TOL);
      expect(Math.abs(x[1] - 0.25)).toBeLessThan(TOL);
    }
  });
});
