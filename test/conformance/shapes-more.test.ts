/**
 * Conformance: CYLINDER, CONVEX_HULL, MESH and HEIGHTFIELD shapes, each at rest at its closed-form
 * height and (solids) with closed-form mass properties, on this engine and on Havok (Babylon Physics
 * V2 API only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3, Quaternion } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsMotionType, PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsShapeConvexHull, PhysicsShapeCylinder, PhysicsShapeGroundMesh, PhysicsShapeHeightField, PhysicsShapeMesh } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

function ground(ctx: Ctx): void {
  const g = MeshBuilder.CreateBox('ground', { width: 20, height: 1, depth: 20 }, ctx.scene);
  g.position.y = -0.5;
  new PhysicsAggregate(g, PhysicsShapeType.BOX, { mass: 0, restitution: 0 }, ctx.scene);
}

function ball(ctx: Ctx, x: number, y: number, z = 0): PhysicsAggregate {
  const s = MeshBuilder.CreateSphere('ball', { diameter: 0.5 }, ctx.scene);
  s.position.set(x, y, z);
  return new PhysicsAggregate(s, PhysicsShapeType.SPHERE, { mass: 1, restitution: 0 }, ctx.scene);
}

const TOL = 0.01;

describe('V2 conformance: cylinder and convex hull', () => {
  it('a cylinder (r 0.4, length 1) rests upright at y = 0.5 and on its side at y = 0.4 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const up = MeshBuilder.CreateCylinder('up', { diameter: 0.8, height: 1 }, ctx.scene);
      up.position.set(-2, 0.6, 0);
      new PhysicsAggregate(up, PhysicsShapeType.CYLINDER, { mass: 1, restitution: 0 }, ctx.scene);
      const side = MeshBuilder.CreateCylinder('side', { diameter: 0.8, height: 1 }, ctx.scene);
      side.rotationQuaternion = Quaternion.RotationAxis(new Vector3(0, 0, 1), Math.PI / 2);
      side.position.set(2, 0.5, 0);
      const sa = new PhysicsAggregate(side, PhysicsShapeType.CYLINDER, { mass: 1, restitution: 0 }, ctx.scene);
      sa.body.setAngularDamping(2);
      ctx.step(120);
      return [up.position.y, side.position.y];
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x[0] - 0.5)).toBeLessThan(TOL);
      expect(Math.abs(x[1] - 0.4)).toBeLessThan(TOL);
    }
  });

  it('cylinder mass properties: m = ρ π r² h, I/m = ((3r² + h²)/12, r²/2, (3r² + h²)/12) about its axis (ours 1e-9; Havok 1 %)', () => {
    const r = both((ctx) => {
      const node = MeshBuilder.CreateBox('n', { size: 0.1 }, ctx.scene);
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      body.shape = new PhysicsShapeCylinder(new Vector3(0, -0.5, 0), new Vector3(0, 0.5, 0), 0.4, ctx.scene);
      const m = body.getMassProperties();
      return [m.mass!, m.inertia!.x, m.inertia!.y, m.inertia!.z];
    });
    const R = 0.4, H = 1;
    const expected = [1000 * Math.PI * R * R * H, (3 * R * R + H * H) / 12, (R * R) / 2, (3 * R * R + H * H) / 12];
    r.ecs.forEach((v, i) => expect(Math.abs(v - expected[i]) / expected[i]).toBeLessThan(1e-9));
    // Havok may order the principal axes differently: compare the sorted moments
    const sorted = (a: number[]): number[] => [a[0], ...a.slice(1).sort((p, q) => p - q)];
    sorted(r.havok).forEach((v, i) => expect(Math.abs(v - sorted(expected)[i]) / sorted(expected)[i]).toBeLessThan(0.01));
  });

  it('the convex hull of a 1 m cube mesh: mass 1000 kg, I/m = 1/6, rests at y = 0.5 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const cube = MeshBuilder.CreateBox('cube', { size: 1 }, ctx.scene);
      cube.position.y = 1;
      const body = new PhysicsBody(cube, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      body.shape = new PhysicsShapeConvexHull(cube, ctx.scene);
      const m = body.getMassProperties();
      ctx.step(120);
      return [m.mass!, m.inertia!.x, m.inertia!.y, m.inertia!.z, cube.position.y];
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x[0] - 1000) / 1000).toBeLessThan(0.01);
      for (let k = 1; k < 4; k++) expect(Math.abs(x[k] - 1 / 6) * 6).toBeLessThan(0.01);
      expect(Math.abs(x[4] - 0.5)).toBeLessThan(TOL);
    }
  });
  it('the convex hull of a cone mesh (base radius 0.5, height 1, 32 sides): centre of mass h/4 above the base (node y −0.25; ours 1e-5, Havok 1e-3), mass ρ A h / 3 of the 32-gon base (ours 1e-9, Havok 1 %), rests on its base at y = 0.5 (± 1 cm)', () => {
    const r = both((ctx) => {
      ground(ctx);
      const cone = MeshBuilder.CreateCylinder('cone', { diameterTop: 0, diameterBottom: 1, height: 1, tessellation: 32 }, ctx.scene);
      cone.position.y = 0.8;
      const body = new PhysicsBody(cone, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      body.shape = new PhysicsShapeConvexHull(cone, ctx.scene);
      const m = body.getMassProperties();
      ctx.step(120);
      return [m.mass!, m.centerOfMass!.x, m.centerOfMass!.y, m.centerOfMass!.z, cone.position.y];
    });
    const area = 0.5 * 32 * 0.25 * Math.sin((2 * Math.PI) / 32); // the 32-gon of circumradius 0.5
    const mass = (1000 * area * 1) / 3;
    // ours 1e-5: the mesh's apex is 32 float32 vertices a few µm apart, welded into one hull vertex
    for (const [x, tolC, tolM] of [[r.ecs, 1e-5, 1e-9], [r.havok, 1e-3, 0.01]] as const) {
      expect(Math.abs(x[0] - mass) / mass).toBeLessThan(tolM);
      expect(Math.abs(x[1])).toBeLessThan(tolC);
      expect(Math.abs(x[2] + 0.25)).toBeLessThan(tolC);
      expect(Math.abs(x[3])).toBeLessThan(tolC);
      expect(Math.abs(x[4] - 0.5)).toBeLessThan(TOL);
    }
  });
});

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

  /** A 10 × 10 m ground of 10 × 10 cells whose vertices are lifted by `lift(x, z)`, as a PhysicsShapeGroundMesh body. */
  function liftedGround(ctx: Ctx, lift: (x: number, z: number) => number, opts = { width: 10, height: 10, subdivisionsX: 10, subdivisionsY: 10 }): void {
    const g = MeshBuilder.CreateGround('ground', { ...opts, updatable: true }, ctx.scene);
    const pos = g.getVerticesData('position')!;
    for (let i = 0; i < pos.length; i += 3) pos[i + 1] = lift(pos[i], pos[i + 2]);
    g.updateVerticesData('position', pos);
    g.refreshBoundingInfo();
    const body = new PhysicsBody(g, PhysicsMotionType.STATIC, false, ctx.scene);
    body.shape = new PhysicsShapeGroundMesh(g, ctx.scene);
  }

  it('PhysicsShapeGroundMesh: a ground with a 1 m step (x > 0.5 high, lowest point y = 0): balls rest at 1 + r and r (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      liftedGround(ctx, (x) => (x > 0.5 ? 1 : 0));
      const high = ball(ctx, 3.3, 2), low = ball(ctx, -3.3, 1, 2.2);
      ctx.step(90);
      return [high.transformNode.position.y, low.transformNode.position.y];
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x[0] - 1.25)).toBeLessThan(TOL);
      expect(Math.abs(x[1] - 0.25)).toBeLessThan(TOL);
    }
  });

  it('PhysicsShapeGroundMesh whose lowest point is y = −1: ours rests on the rendered ground (r and −1 + r, ± 1 cm); Havok lifts its field by the lowest height (+1 m)', () => {
    const r = both((ctx) => {
      liftedGround(ctx, (x) => (x > 0.5 ? 0 : -1));
      const high = ball(ctx, 3.3, 2), low = ball(ctx, -3.3, 1);
      ctx.step(90);
      return [high.transformNode.position.y, low.transformNode.position.y];
    });
    expect(Math.abs(r.ecs[0] - 0.25)).toBeLessThan(TOL);
    expect(Math.abs(r.ecs[1] - -0.75)).toBeLessThan(TOL);
    // Havok's plugin stores the heights relative to the lowest vertex: its field sits 1 m above the mesh
    expect(Math.abs(r.havok[0] - 1.25)).toBeLessThan(TOL);
    expect(Math.abs(r.havok[1] - 0.25)).toBeLessThan(TOL);
  });

  it('PhysicsShapeGroundMesh on a 20 × 6 m ground of 20 × 3 cells, sloped 0.1 in x and 0.05 in z: a ball rests on the rendered slope (ours, ± 1 cm; Havok assumes a square grid)', () => {
    const r = both((ctx) => {
      liftedGround(ctx, (x, z) => 0.1 * (x + 10) + 0.05 * z, { width: 20, height: 6, subdivisionsX: 20, subdivisionsY: 3 });
      const m = MeshBuilder.CreateSphere('s', { diameter: 0.5 }, ctx.scene);
      m.position.set(7.3, 3, 1.1);
      const a = new PhysicsAggregate(m, PhysicsShapeType.SPHERE, { mass: 1, restitution: 0, friction: 1 }, ctx.scene);
      a.body.setAngularDamping(1000);
      ctx.step(90);
      return [m.position.x, m.position.y, m.position.z];
    });
    // a sphere of radius r on the plane y = 0.1 (x + 10) + 0.05 z: its centre is r / cos θ above the plane at its (x, z)
    const [x, y, z] = r.ecs;
    const expected = 0.1 * (x + 10) + 0.05 * z + 0.25 * Math.sqrt(1 + 0.01 + 0.0025);
    expect(Math.abs(y - expected)).toBeLessThan(TOL);
  });
});
