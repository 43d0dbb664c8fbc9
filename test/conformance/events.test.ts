/**
 * Conformance: collision and trigger events through Babylon's observables and event masks, and
 * bodies disposed mid-run, on this engine and on Havok (Babylon Physics V2 API only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsEventType, PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import type { PhysicsEngine } from '@babylonjs/core/Physics/v2/physicsEngine.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

function ground(ctx: Ctx): PhysicsAggregate {
  const g = MeshBuilder.CreateBox('ground', { width: 20, height: 1, depth: 20 }, ctx.scene);
  g.position.y = -0.5;
  return new PhysicsAggregate(g, PhysicsShapeType.BOX, { mass: 0, restitution: 0 }, ctx.scene);
}

function ball(ctx: Ctx, y: number, x = 0): PhysicsAggregate {
  const s = MeshBuilder.CreateSphere('ball', { diameter: 1 }, ctx.scene);
  s.position.set(x, y, 0);
  return new PhysicsAggregate(s, PhysicsShapeType.SPHERE, { mass: 1, restitution: 0 }, ctx.scene);
}

/** Event types in order with consecutive repeats collapsed: STARTED, CONTINUED, FINISHED … */
function collapse(types: string[]): string[] {
  return types.filter((t, i) => i === 0 || t !== types[i - 1]);
}

describe('V2 conformance: collision events', () => {
  it('a landing gives STARTED then CONTINUED each step; a lift-off gives FINISHED (ours: exactly that sequence; Havok: the same apart from a rebound)', () => {
    const r = both((ctx) => {
      ground(ctx);
      const b = ball(ctx, 1.5);
      b.body.setCollisionCallbackEnabled(true);
      const types: string[] = [];
      const details: { collider: boolean; ny: number; py: number; impulse: number }[] = [];
      ctx.plugin.onCollisionObservable.add((e) => {
        types.push(e.type);
        details.push({ collider: e.collider === b.body, ny: e.normal!.y, py: e.point!.y, impulse: e.impulse });
      });
      ctx.plugin.onCollisionEndedObservable.add((e) => types.push(e.type));
      ctx.step(60);
      const restImpulse = details[details.length - 1]?.impulse ?? 0;
      b.body.setLinearVelocity(new Vector3(0, 6, 0));
      ctx.step(10);
      return { types, first: details[0], restImpulse };
    });
    const S = PhysicsEventType.COLLISION_STARTED, C = PhysicsEventType.COLLISION_CONTINUED, F = PhysicsEventType.COLLISION_FINISHED;
    expect(collapse(r.ecs.types)).toEqual([S, C, F]);
    expect(collapse(r.havok.types)[0]).toBe(S);
    expect(collapse(r.havok.types).at(-1)).toBe(F);
    for (const x of [r.ecs, r.havok]) {
      // the ball (the body that asked for events) is the collider; the normal points from it to the ground
      expect(x.first.collider).toBe(true);
      expect(x.first.ny).toBeCloseTo(-1, 6);
    }
    // the point is on the ball's surface at the ground (ours ± 3 cm after the step); Havok reports its
    // first contact speculatively, up to one step's travel (~7 cm here) before the surfaces meet
    expect(Math.abs(r.ecs.first.py)).toBeLessThan(0.03);
    expect(Math.abs(r.havok.first.py)).toBeLessThan(0.1);
    // resting: the normal impulse per step carries the weight, m g h (± 10 %)
    expect(Math.abs(r.ecs.restImpulse - 9.81 / 60) / (9.81 / 60)).toBeLessThan(0.1);
    expect(Math.abs(r.havok.restImpulse - 9.81 / 60) / (9.81 / 60)).toBeLessThan(0.1);
  });

  it('event masks: no callback → no events; collision-ended callback alone → FINISHED only (ours and Havok)', () => {
    const r = both((ctx) => {
      ground(ctx);
      const quiet = ball(ctx, 1.5);
      const endOnly = ball(ctx, 1.5, 3);
      endOnly.body.setCollisionEndedCallbackEnabled(true);
      const seen: string[] = [];
      ctx.plugin.onCollisionObservable.add((e) => seen.push(`${e.collider === quiet.body ? 'quiet' : 'end'}:${e.type}`));
      ctx.plugin.onCollisionEndedObservable.add((e) => seen.push(`${e.collider === quiet.body ? 'quiet' : 'end'}:${e.type}`));
      ctx.step(60);
      quiet.body.setLinearVelocity(new Vector3(0, 6, 0));
      endOnly.body.setLinearVelocity(new Vector3(0, 6, 0));
      ctx.step(10);
      return [...new Set(seen)];
    });
    expect(r.ecs).toEqual(['end:COLLISION_FINISHED']);
    expect(r.havok).toEqual(['end:COLLISION_FINISHED']);
  });

  it('per-body observables: each body of the pair gets the event as its collider, with its own normal (ours and Havok)', () => {
    const r = both((ctx) => {
      const g = ground(ctx);
      const b = ball(ctx, 1.5);
      b.body.setCollisionCallbackEnabled(true);
      const got: { who: string; self: boolean; ny: number }[] = [];
      b.body.getCollisionObservable().add((e) => got.push({ who: 'ball', self: e.collider === b.body, ny: e.normal!.y }));
      g.body.getCollisionObservable().add((e) => got.push({ who: 'ground', self: e.collider === g.body, ny: e.normal!.y }));
      ctx.step(40);
      return got.slice(0, 2);
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x).toHaveLength(2);
      const ballE = x.find((e) => e.who === 'ball')!, groundE = x.find((e) => e.who === 'ground')!;
      expect(ballE.self).toBe(true);
      expect(groundE.self).toBe(true);
      expect(ballE.ny).toBeCloseTo(-1, 6);
      expect(groundE.ny).toBeCloseTo(1, 6);
    }
  });

  it('trigger: a ball falling through a trigger box gives TRIGGER_ENTERED then TRIGGER_EXITED and falls freely (ours and Havok)', () => {
    const r = both((ctx) => {
      const t = MeshBuilder.CreateBox('trigger', { size: 2 }, ctx.scene);
      const ta = new PhysicsAggregate(t, PhysicsShapeType.BOX, { mass: 0, isTriggerShape: true }, ctx.scene);
      const b = ball(ctx, 3);
      const ev: { type: string; collider: boolean; y: number }[] = [];
      ctx.plugin.onTriggerCollisionObservable.add((e) => ev.push({ type: e.type, collider: e.collider === b.body, y: b.transformNode.position.y }));
      ctx.step(60);
      void ta;
      return { ev, y: b.transformNode.position.y };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.ev.map((e) => e.type)).toEqual([PhysicsEventType.TRIGGER_ENTERED, PhysicsEventType.TRIGGER_EXITED]);
      expect(x.ev[0].collider).toBe(true); // the body entering, against the trigger
      // enters when the ball's bottom reaches the trigger's top (y ≈ 1.5), leaves when its top passes the bottom (y ≈ −1.5)
      expect(Math.abs(x.ev[0].y - 1.5)).toBeLessThan(0.3);
      expect(Math.abs(x.ev[1].y + 1.5)).toBeLessThan(0.4);
    }
    // the trigger exerts no force: free fall for 1 s from y = 3 (ours: the integrator's own ½ g t² (1 + 1/n), ± 2 %)
    const free = 3 - 0.5 * 9.81;
    expect(Math.abs(r.ecs.y - free)).toBeLessThan(0.1);
    expect(Math.abs(r.havok.y - free)).toBeLessThan(0.1);
  });

  it('a body disposed mid-run: its events stop, the others go on, the engine forgets it (ours and Havok)', () => {
    const r = both((ctx) => {
      ground(ctx);
      const a = ball(ctx, 0.5), b = ball(ctx, 0.5, 3);
      a.body.setCollisionCallbackEnabled(true);
      b.body.setCollisionCallbackEnabled(true);
      let fromA = 0, fromB = 0;
      ctx.plugin.onCollisionObservable.add((e) => { if (e.collider === a.body) fromA++; else if (e.collider === b.body) fromB++; });
      ctx.step(10);
      a.transformNode.dispose();
      const aBefore = fromA, bBefore = fromB;
      ctx.step(10);
      return {
        aAfter: fromA - aBefore, bAfter: fromB - bBefore, bodies: (ctx.scene.getPhysicsEngine() as PhysicsEngine).getBodies().length,
        disposed: a.body.isDisposed, y: b.transformNode.position.y,
      };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.aAfter).toBe(0);
      expect(x.bAfter).toBeGreaterThan(5);
      expect(x.bodies).toBe(2); // ground and b
      expect(x.disposed).toBe(true);
      expect(Math.abs(x.y - 0.5)).toBeLessThan(0.01);
    }
  });
});
