/**
 * Havok (`@babylonjs/havok`, the WASM build Babylon.js ships) in Node, driven through its own C-style
 * API (`HP_*`), without Babylon: the reference engine every benchmark ratio is taken against.
 *
 * - {@link loadHavok} instantiates the module from its `.wasm` file (no fetch; once per process).
 * - {@link buildHavokScene} builds a scene description (`scenes/container.ts`) the way Babylon's
 *   `HavokPlugin` does: one shape per distinct collider, mass properties from the shape's density
 *   (mass / volume, so every body gets the description's mass), Havok's default damping, Babylon's
 *   material combine rules (friction: minimum, restitution: maximum), `ALWAYS_ACTIVE` activation
 *   (sleeping off), the world's default solver settings.
 *
 * Only this file and `rapier-scene.ts` import the reference engines; the Babylon-level benchmark
 * (`PhysicsAggregate` on `HavokPlugin`) reuses {@link loadHavok}.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics, { type HavokPhysicsWithBindings, type HP_BodyId, type HP_ShapeId } from '@babylonjs/havok';
import { SCENE_FRICTION, SCENE_RESTITUTION, type SceneBodySpec, type SceneSpec } from '../scenes/container';
import type { ReferenceScene } from './reference-scene';

let havok: Promise<HavokPhysicsWithBindings> | undefined;

/** The Havok module, instantiated once per process from `@babylonjs/havok/lib/esm/HavokPhysics.wasm`. */
export function loadHavok(): Promise<HavokPhysicsWithBindings> {
  if (havok === undefined) {
    const require = createRequire(import.meta.url);
    const file = readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm'));
    const wasmBinary = new Uint8Array(file).buffer;
    havok = HavokPhysics({ wasmBinary });
  }
  return havok;
}

/** Volume of a scene collider (unit: m³). */
export function colliderVolume(c: SceneBodySpec['collider']): number {
  return c.shape === 'box' ? 8 * c.halfExtents[0] * c.halfExtents[1] * c.halfExtents[2] : (4 / 3) * Math.PI * c.radius ** 3;
}

/** Builds `spec` in a new Havok world (see the file header). `dispose()` releases everything. */
export function buildHavokScene(hp: HavokPhysicsWithBindings, spec: SceneSpec, gravity: readonly [number, number, number] = [0, -9.81, 0]): ReferenceScene {
  const world = hp.HP_World_Create()[1];
  hp.HP_World_SetGravity(world, [gravity[0], gravity[1], gravity[2]]);
  const friction = spec.material?.friction ?? SCENE_FRICTION;
  const restitution = spec.material?.restitution ?? SCENE_RESTITUTION;
  const shapes = new Map<string, HP_ShapeId>();
  const shapeOf = (s: SceneBodySpec): HP_ShapeId => {
    const c = s.collider;
    const density = s.type === 'dynamic' ? s.mass / colliderVolume(c) : 0;
    const key = c.shape === 'box' ? `b${c.halfExtents.join(',')}/${density}` : `s${c.radius}/${density}`;
    let shape = shapes.get(key);
    if (shape === undefined) {
      shape = c.shape === 'box'
        ? hp.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [2 * c.halfExtents[0], 2 * c.halfExtents[1], 2 * c.halfExtents[2]])[1]
        : hp.HP_Shape_CreateSphere([0, 0, 0], c.radius)[1];
      hp.HP_Shape_SetMaterial(shape, [friction, friction, restitution, hp.MaterialCombine.MINIMUM, hp.MaterialCombine.MAXIMUM]);
      if (density > 0) hp.HP_Shape_SetDensity(shape, density);
      shapes.set(key, shape);
    }
    return shape;
  };
  const make = (s: SceneBodySpec): HP_BodyId => {
    const body = hp.HP_Body_Create()[1];
    const shape = shapeOf(s);
    hp.HP_Body_SetShape(body, shape);
    hp.HP_Body_SetMotionType(body, s.type === 'dynamic' ? hp.MotionType.DYNAMIC : hp.MotionType.STATIC);
    if (s.type === 'dynamic') {
      hp.HP_Body_SetMassProperties(body, hp.HP_Shape_BuildMassProperties(shape)[1]);
      hp.HP_Body_SetActivationControl(body, hp.ActivationControl.ALWAYS_ACTIVE);
    }
    hp.HP_Body_SetQTransform(body, [[...s.position], [...s.orientation]]);
    hp.HP_World_AddBody(world, body, false);
    return body;
  };
  const statics = spec.statics.map(make);
  const bodies = spec.dynamics.map(make);
  return {
    bodies: bodies.length,
    step(dt) {
      hp.HP_World_Step(world, dt);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const p = hp.HP_Body_GetQTransform(bodies[i])[1][0];
        out[3 * i] = p[0]; out[3 * i + 1] = p[1]; out[3 * i + 2] = p[2];
      }
    },
    dispose() {
      for (const b of [...bodies, ...statics]) {
        hp.HP_World_RemoveBody(world, b);
        hp.HP_Body_Release(b);
      }
      for (const s of shapes.values()) hp.HP_Shape_Release(s);
      hp.HP_World_Release(world);
    },
  };
}
