/**
 * Conformance: `physicsEngine.raycastToRef` / `raycast` with one or many results, membership /
 * collide filters, ignored body and triggers, on this engine and on Havok (Babylon Physics V2 API only).
 * Closed forms: the hit distance along a vertical ray is the gap to the first surface.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsRaycastResult } from '@babylonjs/core/Physics/physicsRaycastResult.js';
import type { PhysicsEngine } from '@babylonjs/core/Physics/v2/physicsEngine.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

/** A static box at (0, y, 0) with a 1 m cube, and a sphere r = 0.5 on top at y + 2 (a 0.5 m gap). */
function column(ctx: Ctx) {
  const box = MeshBuilder.CreateBox('box', { size: 1 }, ctx.scene);
  const ba = new PhysicsAggregate(box, PhysicsShapeType.BOX, { mass: 0 }, ctx.scene);
  const s = MeshBuilder.CreateSphere('ball', { diameter: 1 }, ctx.scene);
  s.position.y = 2;
  const sa = new PhysicsAggregate(s, PhysicsShapeType.SPHERE, { mass: 0 }, ctx.scene);
  return { box: ba, ball: sa, engine: ctx.scene.getPhysicsEngine() as PhysicsEngine };
}

describe('V2 conformance: ray casts', () => {
  it('nearest hit: a ray down from y = 5 hits the sphere top at distance 2.5 (1e-6), normal +y, then the box under it', () => {
    const r = both((ctx) => {
      const { engine, ball, box } = column(ctx);
      ctx.step();
      const res = new PhysicsRaycastResult();
      engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), res);
      const first = { hit: res.hasHit, d: res.hitDistance, ny: res.hitNormalWorld.y, py: res.hitPointWorld.y, ball: res.body === ball.body };
      engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), res, { ignoreBody: ball.body });
      const second = { d: res.hitDistance, box: res.body === box.body };
      engine.raycastToRef(new Vector3(3, 5, 0), new Vector3(3, -5, 0), res);
      return { first, second, miss: res.hasHit };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.first.hit).toBe(true);
      expect(x.first.ball).toBe(true);
      expect(x.first.d).toBeCloseTo(2.5, 5);
      expect(x.first.py).toBeCloseTo(2.5, 5);
      expect(x.first.ny).toBeCloseTo(1, 5);
      expect(x.second.box).toBe(true);
      expect(x.second.d).toBeCloseTo(4.5, 5);
      expect(x.miss).toBe(false);
    }
  });

  it('filtered: collideWith must meet the shape\'s membership, membership its collide mask (ours and Havok)', () => {
    const r = both((ctx) => {
      const { engine, ball } = column(ctx);
      ball.shape.filterMembershipMask = 2;
      ball.shape.filterCollideMask = 1;
      ctx.step();
      const res = new PhysicsRaycastResult();
      const cast = (q: { membership?: number; collideWith?: number }): number => {
        engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), res, q);
        return res.hasHit ? Math.round(res.hitDistance * 10) / 10 : -1;
      };
      return [cast({ collideWith: 1 }), cast({ collideWith: 2 }), cast({ collideWith: 2, membership: 1 }), cast({})];
    });
    // collideWith 1 skips the ball (membership 2) and hits the box at 4.5; collideWith 2 hits the ball
    expect(r.ecs).toEqual([4.5, 2.5, 2.5, 2.5]);
    expect(r.havok).toEqual(r.ecs);
  });

  it('triggers are skipped unless shouldHitTriggers (ours and Havok)', () => {
    const r = both((ctx) => {
      const { engine, ball } = column(ctx);
      ball.shape.isTrigger = true;
      ctx.step();
      const res = new PhysicsRaycastResult();
      engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), res);
      const skip = res.hitDistance;
      engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), res, { shouldHitTriggers: true });
      return [skip, res.hitDistance];
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x[0]).toBeCloseTo(4.5, 5);
      expect(x[1]).toBeCloseTo(2.5, 5);
    }
  });

  it('many results (raycastToRef into an empty array, raycastMulti): every hit, nearest first (sphere 2.5, box 4.5); Havok collects one hit per query by default', () => {
    const r = both((ctx) => {
      const { engine } = column(ctx);
      ctx.step();
      const hits: PhysicsRaycastResult[] = [];
      engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), hits);
      const multi = engine.raycastMulti(new Vector3(0, 5, 0), new Vector3(0, -5, 0));
      return [...hits, ...multi].map((h) => Math.round(h.hitDistance * 1000) / 1000);
    });
    expect(r.ecs).toEqual([2.5, 4.5, 2.5, 4.5]);
    // HavokPlugin's default query collector holds one hit (setMaxQueryCollectorHits raises it)
    expect(r.havok[0]).toBe(2.5);
  });

  it('setMaxQueryCollectorHits(n): a ray cast into an array reports the n nearest hits (3 bodies in a column: n 1 → 2.5, n 8 → all three, ours and Havok; n 2 → 2.5, 4.5 ours, Havok\'s collector of 2 still reports all three)', () => {
    const r = both((ctx) => {
      const { engine } = column(ctx);
      const low = MeshBuilder.CreateBox('low', { size: 1 }, ctx.scene);
      low.position.y = -3;
      new PhysicsAggregate(low, PhysicsShapeType.BOX, { mass: 0 }, ctx.scene);
      ctx.step();
      const plugin = ctx.plugin as unknown as { setMaxQueryCollectorHits(n: number): void };
      const cast = (): number[] => {
        const hits: PhysicsRaycastResult[] = [];
        engine.raycastToRef(new Vector3(0, 5, 0), new Vector3(0, -5, 0), hits);
        return hits.map((h) => Math.round(h.hitDistance * 1000) / 1000);
      };
      plugin.setMaxQueryCollectorHits(1);
      const one = cast();
      plugin.setMaxQueryCollectorHits(2);
      const two = cast();
      plugin.setMaxQueryCollectorHits(8);
      return { one, two, eight: cast() };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.one).toEqual([2.5]);
      expect(x.eight).toEqual([2.5, 4.5, 7.5]);
    }
    expect(r.ecs.two).toEqual([2.5, 4.5]);
    expect(r.havok.two).toEqual([2.5, 4.5, 7.5]);
  });
});
