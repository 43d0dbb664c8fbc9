/**
 * Conformance: a 100-box pile stays finite and above the ground on both engines; bad input to the
 * plugin throws the engine's typed error naming the body / shape / constraint and the field, and
 * leaves the world unchanged (ours; Havok does not check its input).
 */
import type { GroundMesh } from '@babylonjs/core/Meshes/groundMesh.js';
import { ShapeCastResult } from '@babylonjs/core/Physics/shapeCastResult.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsConstraintAxis, PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsShapeContainer, PhysicsShapeConvexHull, PhysicsShapeCylinder, PhysicsShapeGroundMesh, PhysicsShapeHeightField, PhysicsShapeMesh, PhysicsShapeSphere } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { HingeConstraint, LockConstraint, Physics6DoFConstraint } from '@babylonjs/core/Physics/v2/physicsConstraint.js';
import { PhysicsInputError } from '../../plugin/index';
import type { EcsPhysicsPlugin } from '../../plugin/babylon/index';
import { both, loadHavok, makeCtx, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

function ground(ctx: Ctx): PhysicsAggregate {
  const g = MeshBuilder.CreateBox('ground', { width: 40, height: 1, depth: 40 }, ctx.scene);
  g.position.y = -0.5;
  return new PhysicsAggregate(g, PhysicsShapeType.BOX, { mass: 0 }, ctx.scene);
}

/** A snapshot of every body's state in the engine world (to show a rejected call changed nothing). */
function snapshot(plugin: EcsPhysicsPlugin): string {
  const w = plugin.world;
  return JSON.stringify([w.stepCount, Array.from(w.bodies.position.slice(0, 3 * 16)), Array.from(w.bodies.linearVelocity.slice(0, 3 * 16)),
    Array.from(w.bodies.mass.slice(0, 16)), Array.from(w.colliders.size.slice(0, 3 * 16)), w.joints.count]);
}

describe('V2 conformance: robustness', () => {
  it('a 100-box pile dropped in a 5 × 5 × 4 block: no NaN, every box above the ground (y > 0.45) after 2 s, ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const boxes: PhysicsAggregate[] = [];
      for (let i = 0; i < 100; i++) {
        const b = MeshBuilder.CreateBox(`b${i}`, { size: 1 }, ctx.scene);
        b.position.set((i % 5) * 1.05 - 2, 0.6 + Math.floor(i / 25) * 1.1, (Math.floor(i / 5) % 5) * 1.05 - 2);
        boxes.push(new PhysicsAggregate(b, PhysicsShapeType.BOX, { mass: 1 }, ctx.scene));
      }
      ctx.step(120);
      const ys = boxes.map((b) => b.transformNode.position.y);
      return { finite: ys.every(Number.isFinite), lowest: Math.min(...ys) };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.finite).toBe(true);
      expect(x.lowest).toBeGreaterThan(0.45);
    }
  });

  it('bad input throws PhysicsInputError naming body / shape / constraint and field; the world is unchanged', () => {
    const ctx = makeCtx('ecs');
    try {
      const plugin = ctx.plugin as EcsPhysicsPlugin;
      ground(ctx);
      const box = MeshBuilder.CreateBox('crate', { size: 1 }, ctx.scene);
      box.position.y = 2;
      const a = new PhysicsAggregate(box, PhysicsShapeType.BOX, { mass: 1 }, ctx.scene);
      const other = MeshBuilder.CreateBox('other', { size: 1 }, ctx.scene);
      other.position.set(3, 2, 0);
      const o = new PhysicsAggregate(other, PhysicsShapeType.BOX, { mass: 1 }, ctx.scene);
      ctx.step(5);
      const before = snapshot(plugin);
      const expectError = (fn: () => void, field: RegExp): void => {
        let err: unknown;
        try { fn(); } catch (e) { err = e; }
        expect(err).toBeInstanceOf(PhysicsInputError);
        expect((err as PhysicsInputError).field).toMatch(field);
        expect(snapshot(plugin)).toBe(before);
      };
      expectError(() => a.body.setLinearVelocity(new Vector3(NaN, 0, 0)), /^body "crate"\.linearVelocity$/);
      expectError(() => a.body.applyImpulse(new Vector3(1, 0, 0), new Vector3(0, Infinity, 0)), /^body "crate"\.location$/);
      expectError(() => a.body.setMassProperties({ mass: -1 }), /^body "crate"\.massProperties\.mass$/);
      expectError(() => a.body.setLinearDamping(-2), /^body "crate"\.linearDamping$/);
      expectError(() => a.body.setGravityFactor(NaN), /^body "crate"\.gravityFactor$/);
      expectError(() => { a.shape.material = { friction: -0.5 }; }, /^shape #\d+ \(BOX\)\.material\.friction$/);
      expectError(() => { a.shape.material = { restitution: 1.5 }; }, /restitution$/);
      expectError(() => new PhysicsShapeSphere(Vector3.Zero(), 0, ctx.scene), /^shape #\d+ \(SPHERE\)\.radius$/);
      expectError(() => new PhysicsShapeCylinder(Vector3.Zero(), Vector3.Zero(), 0.5, ctx.scene), /^shape #\d+ \(CYLINDER\)\.pointB$/);
      expectError(() => new PhysicsShapeHeightField(10, 10, 3, 3, new Float32Array(8), ctx.scene), /^shape #\d+ \(HEIGHTFIELD\)\.heightFieldData$/);
      expectError(() => new PhysicsShapeGroundMesh(MeshBuilder.CreateSphere('notGround', { diameter: 1 }, ctx.scene) as unknown as GroundMesh, ctx.scene),
        /^shape #\d+ \(HEIGHTFIELD\)\.groundMesh$/); // vertices not on a regular x–z grid
      expectError(() => new PhysicsShapeConvexHull(MeshBuilder.CreatePlane('flat', { size: 1 }, ctx.scene), ctx.scene),
        /^shape #\d+ \(CONVEX_HULL\)\./); // coplanar points: no volume
      expectError(() => { const m = new PhysicsShapeMesh(MeshBuilder.CreateGround('g', { width: 2, height: 2 }, ctx.scene), ctx.scene); a.body.shape = m; },
        /^body "crate"\.shape$/); // a mesh on a dynamic body
      expectError(() => a.body.addConstraint(o.body, new HingeConstraint(new Vector3(NaN, 0, 0), Vector3.Zero(), Vector3.Right(), Vector3.Right(), ctx.scene)),
        /^constraint #\d+ \(HINGE\)\.pivotA$/);
      const six = new Physics6DoFConstraint({}, [{ axis: PhysicsConstraintAxis.ANGULAR_X, minLimit: 0.5, maxLimit: -0.5 }], ctx.scene);
      expectError(() => a.body.addConstraint(o.body, six), /^constraint #\d+ \(SIX_DOF\)\.limits\[ANGULAR_X\]$/);
      expectError(() => six.setAxisMode(PhysicsConstraintAxis.ANGULAR_X, 1), /^constraint #\d+ \(SIX_DOF\)\.axisMode$/);
      expectError(() => a.body.setCollisionCallbackEnabled('yes' as unknown as boolean), /^body "crate"\.collisionCallbackEnabled$/);
      expectError(() => plugin.setActivationControl(a.body, 7), /^body "crate"\.activationControl$/);
      expectError(() => { a.shape.material = { friction: 0.5, staticFriction: NaN }; }, /^shape #\d+ \(BOX\)\.material\.staticFriction$/);
      expectError(() => plugin.setVelocityLimits(NaN, 10), /^maxLinearVelocity$/);
      expectError(() => plugin.setPhysicsBodyTransformation(a.body, null as never), /^body "crate"\.transformNode$/);
      expectError(() => plugin.setMaxQueryCollectorHits(0), /^maxQueryCollectorHits$/);
      expectError(() => plugin.setGravity(new Vector3(0, -9.81, 0), new Vector3(100, 0, 0)), /^worldPosition$/);
      expectError(() => plugin.setGravity(new Vector3(0, NaN, 0)), /^gravity$/);
      const castInput = new ShapeCastResult(), castHit = new ShapeCastResult();
      const probe = new PhysicsShapeSphere(Vector3.Zero(), 0.2, ctx.scene);
      expectError(() => plugin.shapeCast({ shape: probe, rotation: Quaternion.Identity(), startPosition: new Vector3(NaN, 0, 0),
        endPosition: Vector3.Zero(), shouldHitTriggers: false }, castInput, castHit), /^shapeCast\.startPosition$/);
      const two = new PhysicsShapeContainer(ctx.scene);
      two.addChild(new PhysicsShapeSphere(Vector3.Zero(), 0.2, ctx.scene));
      two.addChild(new PhysicsShapeSphere(Vector3.Right(), 0.2, ctx.scene));
      expectError(() => plugin.shapeCast({ shape: two, rotation: Quaternion.Identity(), startPosition: Vector3.Zero(),
        endPosition: Vector3.Up(), shouldHitTriggers: false }, castInput, castHit), /^shapeCast\.shape$/);
      // a container inside itself
      const loop = new PhysicsShapeContainer(ctx.scene);
      loop.addChild(new PhysicsShapeSphere(Vector3.Zero(), 0.5, ctx.scene));
      expectError(() => loop.addChild(loop), /^shape #\d+ \(CONTAINER\)\.children$/);
      expect(loop.getNumChildren()).toBe(1);
      // a constraint flag that is not a boolean
      const lock = new LockConstraint(Vector3.Zero(), new Vector3(3, 0, 0), Vector3.Right(), Vector3.Right(), ctx.scene);
      a.body.addConstraint(o.body, lock);
      const withLock = snapshot(plugin);
      let flagErr: unknown;
      try { plugin.setEnabled(lock, 0 as unknown as boolean); } catch (e) { flagErr = e; }
      expect((flagErr as PhysicsInputError).field).toMatch(/^constraint #\d+ \(LOCK\)\.isEnabled$/);
      expect(snapshot(plugin)).toBe(withLock);
      // a NaN node position pushed in by the TELEPORT prestep: named, and no body moves in that step
      o.body.disablePreStep = false;
      a.body.disablePreStep = false;
      other.position.x = NaN;
      let stepErr: unknown;
      try { ctx.step(1); } catch (e) { stepErr = e; }
      expect(stepErr).toBeInstanceOf(PhysicsInputError);
      expect((stepErr as PhysicsInputError).field).toBe('body "other".position');
      expect(snapshot(plugin)).toBe(withLock);
      other.position.x = 3;
      o.body.disablePreStep = true;
      a.body.disablePreStep = true;
      lock.dispose();
      // a disposed body and a disposed shape are named too
      const shape = a.shape;
      a.dispose();
      const after = snapshot(plugin);
      let err: unknown;
      try { plugin.setLinearVelocity(a.body, new Vector3(1, 0, 0)); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect((err as PhysicsInputError).field).toBe('body "crate".linearVelocity');
      err = undefined;
      try { shape.material = { friction: 0.3 }; } catch (e) { err = e; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect(snapshot(plugin)).toBe(after);
    } finally {
      ctx.dispose();
    }
  });
});
