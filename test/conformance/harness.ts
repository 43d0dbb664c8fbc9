/**
 * Conformance harness: the same scenario, written only with Babylon's public Physics V2 API, runs on
 * this engine (`EcsPhysicsPlugin`) and on Babylon's HavokPlugin (`@babylonjs/havok`, loaded in Node
 * from its .wasm file), under NullEngine with a pinned 1/60 s frame.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { FreeCamera } from '@babylonjs/core/Cameras/freeCamera.js';
import { HavokPlugin } from '@babylonjs/core/Physics/v2/Plugins/havokPlugin.js';
import type { IPhysicsEnginePluginV2 } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { EcsPhysicsPlugin, type EcsPhysicsPluginOptions } from '../../plugin/babylon/index';

export type EngineName = 'ecs' | 'havok';

type HavokModule = Awaited<ReturnType<typeof HavokPhysics>>;
let havok: HavokModule | undefined;

/** Loads Havok's WASM once per test file (from node_modules, no network). */
export async function loadHavok(): Promise<HavokModule> {
  if (havok) return havok;
  const require = createRequire(import.meta.url);
  const wasm = require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm');
  const bytes = readFileSync(wasm);
  havok = await HavokPhysics({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  return havok;
}

export interface Ctx {
  readonly engine: EngineName;
  readonly scene: Scene;
  readonly plugin: IPhysicsEnginePluginV2;
  /** Advances n frames of 1/60 s (one physics step each). */
  step(n?: number): void;
  dispose(): void;
}

export function makeCtx(engine: EngineName, options: EcsPhysicsPluginOptions = {}, gravity = new Vector3(0, -9.81, 0)): Ctx {
  const nullEngine = new NullEngine();
  nullEngine.getDeltaTime = () => 1000 / 60;
  nullEngine.getCaps().instancedArrays = true;
  const scene = new Scene(nullEngine);
  new FreeCamera('camera', new Vector3(0, 5, -10), scene);
  let plugin: IPhysicsEnginePluginV2;
  if (engine === 'havok') {
    if (!havok) throw new Error('call loadHavok() first');
    plugin = new HavokPlugin(true, havok);
  } else {
    plugin = new EcsPhysicsPlugin(options);
  }
  scene.enablePhysics(gravity, plugin);
  return {
    engine, scene, plugin,
    step(n = 1) { for (let i = 0; i < n; i++) scene.render(); },
    dispose() { scene.dispose(); nullEngine.dispose(); },
  };
}

/** Runs a scenario on both engines and returns both results (ours first). */
export function both<T>(run: (ctx: Ctx) => T, options?: EcsPhysicsPluginOptions): { ecs: T; havok: T } {
  const a = makeCtx('ecs', options);
  let ecs: T, hk: T;
  try { ecs = run(a); } finally { a.dispose(); }
  const b = makeCtx('havok');
  try { hk = run(b); } finally { b.dispose(); }
  return { ecs, havok: hk };
}
