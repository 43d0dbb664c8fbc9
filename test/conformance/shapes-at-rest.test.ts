/**
 * Conformance: every shape comes to rest at its closed-form height on a static box ground, on this
 * engine and on Havok (Babylon Physics V2 API only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3, Quaternion } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsShapeBox, PhysicsShapeContainer } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { PhysicsMotionType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

function ground(ctx: Ctx): PhysicsAggregate {
  const g = MeshBuilder.CreateBox('ground', { width: 20, height: 1, depth: 20 }, ctx.scene);
  g.position.y = -0.5;
  return new PhysicsAggregate(g, PhysicsShapeType.BOX, { mass: 0, restitution: 0 }, ctx.scene);
}

/** Rest height tolerance: 1 cm (soft contacts and Havok's collision tolerance both sit within it). */
const TOL = 0.01;

describe('V2 conformance: shapes at rest at their closed-form heights', () => {
  it('sphere r = 0.5 rests at y = 0.5 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const s = MeshBuilder.CreateSphere('s', { diameter: 1 }, ctx.scene);
      s.position.y = 1.5;
      new PhysicsAggregate(s, PhysicsShapeType.SPHERE, { mass: 1, restitution: 0 }, ctx.scene);
      ctx.step(120);
      return s.position.y;
    });
    expect(Math.abs(r.ecs - 0.5)).toBeLessThan(TOL);
    expect(Math.abs(r.havok - 0.5)).toBeLessThan(TOL);
  });

  it('unit box rests at y = 0.5 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const b = MeshBuilder.CreateBox('b', { size: 1 }, ctx.scene);
      b.position.y = 1.2;
      new PhysicsAggregate(b, PhysicsShapeType.BOX, { mass: 1, restitution: 0 }, ctx.scene);
      ctx.step(120);
      return b.position.y;
    });
    expect(Math.abs(r.ecs - 0.5)).toBeLessThan(TOL);
    expect(Math.abs(r.havok - 0.5)).toBeLessThan(TOL);
  });

  it('capsule (r 0.3, length 1.4) lying on its side rests at y = 0.3 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const c = MeshBuilder.CreateCapsule('c', { radius: 0.3, height: 1.4 }, ctx.scene);
      c.position.y = 1;
      c.rotationQuaternion = Quaternion.RotationAxis(new Vector3(0, 0, 1), Math.PI / 2);
      new PhysicsAggregate(c, PhysicsShapeType.CAPSULE, { mass: 1, restitution: 0 }, ctx.scene);
      ctx.step(120);
      return c.position.y;
    });
    expect(Math.abs(r.ecs - 0.3)).toBeLessThan(TOL);
    expect(Math.abs(r.havok - 0.3)).toBeLessThan(TOL);
  });

  it('box shape rotated 90° about z (extents 2 × 0.4 × 1) rests on its long side at y = 1 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const node = MeshBuilder.CreateBox('n', { size: 0.1 }, ctx.scene);
      node.position.y = 2;
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      body.shape = new PhysicsShapeBox(Vector3.Zero(), Quaternion.RotationAxis(new Vector3(0, 0, 1), Math.PI / 2), new Vector3(2, 0.4, 1), ctx.scene);
      body.setMassProperties({ mass: 1 });
      ctx.step(120);
      return node.position.y;
    });
    expect(Math.abs(r.ecs - 1)).toBeLessThan(TOL);
    expect(Math.abs(r.havok - 1)).toBeLessThan(TOL);
  });

  it('container with one box child offset by (0, 0.5, 0) rests with the node at y = 0 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const node = MeshBuilder.CreateBox('n', { size: 0.1 }, ctx.scene);
      node.position.y = 1;
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      const container = new PhysicsShapeContainer(ctx.scene);
      container.addChildFromParent(node, new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(1, 1, 1), ctx.scene), node);
      body.shape = container;
      body.setMassProperties({ mass: 1 });
      ctx.step(120);
      return node.position.y;
    });
    expect(Math.abs(r.ecs - 0.5)).toBeLessThan(TOL);
    expect(Math.abs(r.havok - 0.5)).toBeLessThan(TOL);
  });
});
