/**
 * Conformance: sleeping and activation (`startAsleep`, Havok's `setActivationControl`), on this engine
 * and on Havok (Babylon Physics V2 API only). Havok sleeps resting bodies by default; so does the
 * plugin's world.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsActivationControl, PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import type { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { both, loadHavok, makeCtx, type Ctx } from './harness';
import type { EcsPhysicsPlugin } from '../../plugin/babylon/index';
import { isSleeping } from '../../plugin/sleep';

beforeAll(async () => { await loadHavok(); });

/** Havok's and this plugin's `setActivationControl` (outside Babylon's plugin interface). */
function activation(ctx: Ctx, body: PhysicsBody, mode: PhysicsActivationControl): void {
  (ctx.plugin as unknown as { setActivationControl(b: PhysicsBody, m: number): void }).setActivationControl(body, mode);
}

function ground(ctx: Ctx): void {
  const g = MeshBuilder.CreateBox('ground', { width: 20, height: 1, depth: 20 }, ctx.scene);
  g.position.y = -0.5;
  new PhysicsAggregate(g, PhysicsShapeType.BOX, { mass: 0 }, ctx.scene);
}

describe('V2 conformance: sleeping and activation', () => {
  it('startAsleep: a box created asleep 3 m up hangs there for 1 s (|Δy| < 1e-9); an impulse wakes it and it falls (ours and Havok)', () => {
    const r = both((ctx) => {
      const b = MeshBuilder.CreateBox('asleep', { size: 1 }, ctx.scene);
      b.position.y = 3;
      const a = new PhysicsAggregate(b, PhysicsShapeType.BOX, { mass: 1, startAsleep: true }, ctx.scene);
      ctx.step(60);
      const hang = Math.abs(b.position.y - 3);
      a.body.applyImpulse(new Vector3(0, 0.001, 0), b.position);
      ctx.step(30);
      return { hang, fell: 3 - b.position.y };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.hang).toBeLessThan(1e-9);
      expect(x.fell).toBeGreaterThan(1); // ½ g t² = 1.23 m in 0.5 s
    }
  });

  it('ALWAYS_INACTIVE: a box kept inactive in mid-air holds a box dropped onto it (both stay put: the upper one rests 1 m above, ± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      const low = MeshBuilder.CreateBox('inactive', { size: 1 }, ctx.scene);
      low.position.y = 3;
      const a = new PhysicsAggregate(low, PhysicsShapeType.BOX, { mass: 1 }, ctx.scene);
      activation(ctx, a.body, PhysicsActivationControl.ALWAYS_INACTIVE);
      const high = MeshBuilder.CreateBox('dropped', { size: 1 }, ctx.scene);
      high.position.y = 5;
      new PhysicsAggregate(high, PhysicsShapeType.BOX, { mass: 1 }, ctx.scene);
      ctx.step(90);
      return { low: low.position.y, high: high.position.y };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x.low - 3)).toBeLessThan(1e-6);
      expect(Math.abs(x.high - 4)).toBeLessThan(0.01);
    }
  });

  it('a resting box falls asleep within 1 s of landing (ours: the engine reports it sleeping); ALWAYS_ACTIVE keeps its twin awake; a velocity wakes the sleeper', () => {
    const ctx = makeEcs();
    ground(ctx.ctx);
    const mk = (x: number): PhysicsAggregate => {
      const b = MeshBuilder.CreateBox('b', { size: 1 }, ctx.ctx.scene);
      b.position.set(x, 0.6, 0);
      return new PhysicsAggregate(b, PhysicsShapeType.BOX, { mass: 1 }, ctx.ctx.scene);
    };
    const sleeper = mk(0), awake = mk(3);
    activation(ctx.ctx, awake.body, PhysicsActivationControl.ALWAYS_ACTIVE);
    ctx.ctx.step(90);
    const eid = (b: PhysicsBody): number => (b._pluginData as { eid: number }).eid;
    expect(isSleeping(ctx.plugin.world, eid(sleeper.body))).toBe(true);
    expect(isSleeping(ctx.plugin.world, eid(awake.body))).toBe(false);
    sleeper.body.setLinearVelocity(new Vector3(1, 0, 0));
    expect(isSleeping(ctx.plugin.world, eid(sleeper.body))).toBe(false);
    ctx.ctx.dispose();
  });
});

function makeEcs(): { ctx: Ctx; plugin: EcsPhysicsPlugin } {
  const ctx = makeCtx('ecs');
  return { ctx, plugin: ctx.plugin as EcsPhysicsPlugin };
}
