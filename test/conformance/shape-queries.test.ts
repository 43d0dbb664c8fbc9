/**
 * Conformance: HavokPlugin's shape queries (`shapeCast`, `shapeProximity`, `pointProximity`, outside
 * Babylon's plugin interface), on this engine and on Havok, against closed forms.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3, Quaternion } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsShapeBox, PhysicsShapeConvexHull, PhysicsShapeCylinder, PhysicsShapeSphere } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { ShapeCastResult } from '@babylonjs/core/Physics/shapeCastResult.js';
import { ProximityCastResult } from '@babylonjs/core/Physics/proximityCastResult.js';
import type { IPhysicsShapeCastQuery } from '@babylonjs/core/Physics/physicsShapeCastQuery.js';
import type { IPhysicsShapeProximityCastQuery } from '@babylonjs/core/Physics/physicsShapeProximityCastQuery.js';
import type { IPhysicsPointProximityQuery } from '@babylonjs/core/Physics/physicsPointProximityQuery.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

interface ShapeQueries {
  shapeCast(q: IPhysicsShapeCastQuery, a: ShapeCastResult, b: ShapeCastResult): void;
  shapeProximity(q: IPhysicsShapeProximityCastQuery, a: ProximityCastResult, b: ProximityCastResult): void;
  pointProximity(q: IPhysicsPointProximityQuery, r: ProximityCastResult): void;
}

/** A static unit box on its top face at y = 1 (centre y = 0.5), and the plugin's shape queries. */
function scene(ctx: Ctx): { box: PhysicsAggregate; q: ShapeQueries } {
  const b = MeshBuilder.CreateBox('box', { size: 1 }, ctx.scene);
  b.position.y = 0.5;
  const box = new PhysicsAggregate(b, PhysicsShapeType.BOX, { mass: 0 }, ctx.scene);
  ctx.step(1);
  return { box, q: ctx.plugin as unknown as ShapeQueries };
}

describe('V2 conformance: shape queries (HavokPlugin methods)', () => {
  it('shapeCast: a sphere r 0.5 swept from y = 5 to y = −5 meets the box top at fraction 0.35, point (0, 1, 0), normal +y (ours 1e-6, Havok 1e-2)', () => {
    const r = both((ctx) => {
      const { box, q } = scene(ctx);
      const input = new ShapeCastResult(), hit = new ShapeCastResult();
      q.shapeCast({
        shape: new PhysicsShapeSphere(Vector3.Zero(), 0.5, ctx.scene), rotation: Quaternion.Identity(),
        startPosition: new Vector3(0, 5, 0), endPosition: new Vector3(0, -5, 0), shouldHitTriggers: false,
      }, input, hit);
      return { f: hit.hitFraction, body: hit.body === box.body, p: hit.hitPoint.asArray(), n: hit.hitNormal.asArray(), pin: input.hitPoint.asArray() };
    });
    for (const [x, tol] of [[r.ecs, 1e-6], [r.havok, 1e-2]] as const) {
      expect(x.body).toBe(true);
      expect(Math.abs(x.f - 0.35)).toBeLessThan(tol);
      expect(Math.abs(x.p[1] - 1)).toBeLessThan(tol);
      expect(Math.abs(x.n[1] - 1)).toBeLessThan(tol);
    }
  });

  it('shapeProximity: a 0.4 m cube centred at y = 3 is 1.8 m above the box (ours 1e-6, Havok 1e-2); pointProximity: (0, 4, 0) is 3 m above it', () => {
    const r = both((ctx) => {
      const { box, q } = scene(ctx);
      const input = new ProximityCastResult(), hit = new ProximityCastResult();
      q.shapeProximity({
        shape: new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(0.4, 0.4, 0.4), ctx.scene),
        position: new Vector3(0, 3, 0), rotation: Quaternion.Identity(), maxDistance: 10, shouldHitTriggers: false,
      }, input, hit);
      const point = new ProximityCastResult();
      q.pointProximity({ position: new Vector3(0.2, 4, 0.1), maxDistance: 10, collisionFilter: {}, shouldHitTriggers: false }, point);
      return { d: hit.hitDistance, body: hit.body === box.body, pd: point.hitDistance, pbody: point.body === box.body, py: point.hitPoint.y };
    });
    for (const [x, tol] of [[r.ecs, 1e-6], [r.havok, 1e-2]] as const) {
      expect(x.body).toBe(true);
      expect(Math.abs(x.d - 1.8)).toBeLessThan(tol);
      expect(x.pbody).toBe(true);
      expect(Math.abs(x.pd - 3)).toBeLessThan(tol);
      expect(Math.abs(x.py - 1)).toBeLessThan(tol);
    }
  });

  it('shapeCast of a CYLINDER (r 0.3, length 1, upright) down onto a CONVEX_HULL cube top at y = 1: fraction (5 − 0.5 − 1) / 10 = 0.35; ignoreBody skips the cube for the trigger under it only with shouldHitTriggers (ours 1e-6, Havok 1e-2)', () => {
    const r = both((ctx) => {
      const cube = MeshBuilder.CreateBox('cube', { size: 1 }, ctx.scene);
      cube.position.y = 0.5;
      const hull = new PhysicsAggregate(cube, PhysicsShapeType.CONVEX_HULL, { mass: 0 }, ctx.scene);
      const pad = MeshBuilder.CreateBox('pad', { size: 1 }, ctx.scene);
      pad.position.y = -1;
      const trigger = new PhysicsAggregate(pad, PhysicsShapeType.BOX, { mass: 0 }, ctx.scene);
      trigger.shape.isTrigger = true;
      ctx.step(1);
      const q = ctx.plugin as unknown as ShapeQueries;
      const input = new ShapeCastResult(), hit = new ShapeCastResult();
      const shape = new PhysicsShapeCylinder(new Vector3(0, -0.5, 0), new Vector3(0, 0.5, 0), 0.3, ctx.scene);
      const cast = (ignoreBody: PhysicsAggregate['body'] | undefined, shouldHitTriggers: boolean): [number, string] => {
        q.shapeCast({ shape, rotation: Quaternion.Identity(), startPosition: new Vector3(0, 5, 0), endPosition: new Vector3(0, -5, 0),
          shouldHitTriggers, ignoreBody }, input, hit);
        return [hit.hasHit ? hit.hitFraction : -1, hit.body === hull.body ? 'hull' : hit.body === trigger.body ? 'trigger' : 'none'];
      };
      return [cast(undefined, false), cast(hull.body, false), cast(hull.body, true)];
    });
    for (const [x, tol] of [[r.ecs, 1e-6], [r.havok, 1e-2]] as const) {
      expect(x[0][1]).toBe('hull');
      expect(Math.abs(x[0][0] - 0.35)).toBeLessThan(tol);
      expect(x[1]).toEqual([-1, 'none']);
      expect(x[2][1]).toBe('trigger');
      expect(Math.abs(x[2][0] - 0.5)).toBeLessThan(tol); // the cylinder's bottom meets the pad top y = −0.5
    }
  });

  it('shapeProximity of a convex hull (a 0.4 m cube mesh) 1.8 m above a box, rotated 45° about y: still 1.8 m (ours 1e-6, Havok 1e-2)', () => {
    const r = both((ctx) => {
      const { box, q } = scene(ctx);
      const m = MeshBuilder.CreateBox('probe', { size: 0.4 }, ctx.scene);
      m.setEnabled(false);
      const input = new ProximityCastResult(), hit = new ProximityCastResult();
      q.shapeProximity({
        shape: new PhysicsShapeConvexHull(m, ctx.scene), position: new Vector3(0, 3, 0),
        rotation: Quaternion.RotationAxis(Vector3.Up(), Math.PI / 4), maxDistance: 10, shouldHitTriggers: false,
      }, input, hit);
      const near = hit.hitDistance, found = hit.body === box.body;
      q.shapeProximity({
        shape: new PhysicsShapeConvexHull(m, ctx.scene), position: new Vector3(0, 3, 0),
        rotation: Quaternion.Identity(), maxDistance: 1, shouldHitTriggers: false,
      }, input, hit);
      return { near, found, beyond: hit.hasHit };
    });
    for (const [x, tol] of [[r.ecs, 1e-6], [r.havok, 1e-2]] as const) {
      expect(x.found).toBe(true);
      expect(Math.abs(x.near - 1.8)).toBeLessThan(tol);
      expect(x.beyond).toBe(false); // maxDistance 1 < 1.8
    }
  });
});
