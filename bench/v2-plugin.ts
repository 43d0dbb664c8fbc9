/**
 * Babylon-level benchmark: the 1000-cube pile (`scenes/pile.ts`) built through Babylon's Physics V2
 * API (`PhysicsAggregate` on TransformNodes, NullEngine) on this engine (`EcsPhysicsPlugin`) and on
 * Babylon's `HavokPlugin`, in the same process; and the adapter's own cost: the same pile stepped
 * through the V2 plugin (`plugin.executeStep`: prestep, step, velocity limits, write-back of 1000 node
 * transforms, events) against the engine's direct API (`stepWorld` alone).
 *
 * What is timed: one `executeStep(1/60, bodies)` per frame (what Babylon calls from `scene.render()`;
 * the rest of Babylon's frame is the same for every engine) and, for the direct row, one `stepWorld`.
 * The runs take turns of 30 frames (who goes first alternates), medians over all frames; ratios are
 * taken between numbers measured in the same seconds. Both plugins run with their defaults (their
 * bodies fall asleep once the pile rests) and, in a second row each, with every body kept awake
 * (ours: `sleep: false`; Havok: `setActivationControl(ALWAYS_ACTIVE)`). The adapter's cost is the
 * always-awake V2 row against the direct API (whose world has sleeping off too).
 *
 * Run with `npm run bench -- --scene v2-pile` (or `npx tsx bench/v2-plugin.ts [--steps N]`).
 */

import { NullEngine } from '@babylonjs/core/Engines/nullEngine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { FreeCamera } from '@babylonjs/core/Cameras/freeCamera.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import type { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import type { PhysicsEngine } from '@babylonjs/core/Physics/v2/physicsEngine.js';
import { PhysicsActivationControl, PhysicsShapeType, type IPhysicsEnginePluginV2 } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { HavokPlugin } from '@babylonjs/core/Physics/v2/Plugins/havokPlugin.js';
import { EcsPhysicsPlugin } from '../plugin/babylon/index';
import { createPhysicsWorld } from '../plugin/world';
import { stepWorld } from '../plugin/step';
import { pileSpec } from '../scenes/pile';
import { buildSpec, SCENE_FRICTION, SCENE_RESTITUTION, type SceneBodySpec } from '../scenes/container';
import { loadHavok } from './havok-scene';

const DT = 1 / 60;
const TURN = 30;

/** One timed configuration: `frame()` advances one frame of 1/60 s and is what gets timed. */
interface Runner { name: string; frame(): void; lowestY(): number; dispose(): void }

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.95 * s.length))];
}

/** The pile built with PhysicsAggregate on TransformNodes in a NullEngine scene with `plugin`. */
function v2Pile(name: string, plugin: IPhysicsEnginePluginV2, keepAwake = false): Runner {
  const engine = new NullEngine();
  const scene = new Scene(engine);
  new FreeCamera('camera', new Vector3(0, 10, -30), scene);
  scene.enablePhysics(new Vector3(0, -9.81, 0), plugin);
  const spec = pileSpec();
  const add = (s: SceneBodySpec, i: number): PhysicsAggregate => {
    const node = new TransformNode(`b${i}`, scene);
    node.position.set(...s.position);
    node.rotationQuaternion = new Quaternion(...s.orientation);
    const c = s.collider;
    return c.shape === 'box'
      ? new PhysicsAggregate(node, PhysicsShapeType.BOX, {
        mass: s.mass, extents: new Vector3(2 * c.halfExtents[0], 2 * c.halfExtents[1], 2 * c.halfExtents[2]),
        center: Vector3.Zero(), friction: SCENE_FRICTION, restitution: SCENE_RESTITUTION,
      }, scene)
      : new PhysicsAggregate(node, PhysicsShapeType.SPHERE, {
        mass: s.mass, radius: c.radius, center: Vector3.Zero(), friction: SCENE_FRICTION, restitution: SCENE_RESTITUTION,
      }, scene);
  };
  spec.statics.forEach((s, i) => add(s, -1 - i));
  const dynamics = spec.dynamics.map((s, i) => add(s, i));
  if (keepAwake && plugin instanceof HavokPlugin) {
    for (const a of dynamics) plugin.setActivationControl(a.body, PhysicsActivationControl.ALWAYS_ACTIVE);
  }
  const bodies: PhysicsBody[] = (scene.getPhysicsEngine() as PhysicsEngine).getBodies();
  return {
    name,
    frame: () => plugin.executeStep(DT, bodies),
    lowestY: () => Math.min(...dynamics.map((a) => a.transformNode.position.y)),
    dispose: () => { scene.dispose(); engine.dispose(); },
  };
}

/** The same pile through the engine's direct API: one `stepWorld` per frame, nothing else. */
function directPile(): Runner {
  const world = createPhysicsWorld({ sleep: false });
  const built = buildSpec(world, pileSpec());
  // the V2 plugin gives bodies Havok's default angular damping (0.1 /s): the same here, so both step the same physics
  for (const e of built.bodies) world.bodies.angularDamping[e] = 0.1;
  return {
    name: 'ours, direct API (stepWorld)',
    frame: () => stepWorld(world, DT),
    lowestY: () => Math.min(...built.bodies.map((e) => world.bodies.position[3 * e + 1])),
    dispose: () => undefined,
  };
}

export interface V2BenchRow { name: string; medianMs: number; p95Ms: number; lowestY: number }

/** Runs the Babylon-level rows (`steps` frames each, interleaved) and returns one row per runner. */
export async function runV2Bench(steps = 600): Promise<V2BenchRow[]> {
  const hk = await loadHavok();
  const runners: Runner[] = [
    v2Pile('ours through V2 (EcsPhysicsPlugin, sleep off)', new EcsPhysicsPlugin({ solver: 'pgs', sleep: false })),
    directPile(),
    v2Pile('Havok through V2 (HavokPlugin, default sleeping)', new HavokPlugin(true, hk)),
    v2Pile('Havok through V2 (HavokPlugin, always active)', new HavokPlugin(true, hk), true),
    v2Pile('ours through V2 (EcsPhysicsPlugin, default sleeping)', new EcsPhysicsPlugin({ solver: 'pgs' })),
  ];
  const times = runners.map(() => [] as number[]);
  for (let done = 0, turn = 0; done < steps; done += TURN, turn++) {
    const n = Math.min(TURN, steps - done);
    const order = runners.map((_, i) => (i + turn) % runners.length);
    for (const i of order) {
      const r = runners[i];
      for (let k = 0; k < n; k++) {
        const t0 = performance.now();
        r.frame();
        times[i].push(performance.now() - t0);
      }
    }
  }
  const rows = runners.map((r, i) => ({ name: r.name, medianMs: median(times[i]), p95Ms: p95(times[i]), lowestY: r.lowestY() }));
  for (const r of runners) r.dispose();
  return rows;
}

/** Prints the rows: ms per frame, the ratio to Havok and the adapter's cost over the direct API. */
export function formatV2Bench(rows: V2BenchRow[], steps: number): string {
  const ours = rows[0], direct = rows[1], havok = rows[2];
  const lines = [`\nv2-pile: the 1000-cube pile through Babylon's Physics V2 API (PhysicsAggregate, NullEngine), ${steps} frames of 1/60 s each, interleaved`];
  lines.push(`  ${'runner'.padEnd(52)}${'median ms'.padStart(11)}${'p95 ms'.padStart(9)}${'vs Havok'.padStart(10)}${'lowest y'.padStart(10)}`);
  for (const r of rows) {
    lines.push(`  ${r.name.padEnd(52)}${r.medianMs.toFixed(2).padStart(11)}${r.p95Ms.toFixed(2).padStart(9)}`
      + `${(r.medianMs / havok.medianMs).toFixed(2).padStart(10)}${r.lowestY.toFixed(2).padStart(10)}`);
  }
  const overhead = (ours.medianMs - direct.medianMs) / direct.medianMs;
  lines.push(`  adapter cost: V2 executeStep (sleep off) vs direct stepWorld = ${(100 * overhead).toFixed(1)} % of the step `
    + `(${(ours.medianMs - direct.medianMs).toFixed(2)} ms per frame: prestep scan, velocity limits, 1000 node write-backs)`);
  return lines.join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--steps');
  const steps = i >= 0 ? Number(process.argv[i + 1]) : 600;
  runV2Bench(steps).then((rows) => process.stdout.write(formatV2Bench(rows, steps))).catch((e: unknown) => {
    process.stderr.write(`bench v2: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
