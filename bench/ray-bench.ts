/**
 * Ray-cast benchmark: 10,000 random rays into the 1000-box pile, closest hit, on our engine, Havok
 * (`@babylonjs/havok` WASM, `HP_World_CastRayWithCollector`, as Babylon's `HavokPlugin.raycast`) and
 * cannon-es (`World.raycastClosest`), in the same process, reported as ratios.
 *
 * The pile is settled on our engine (`pileSpec`, 1000 unit cubes in the container, 240 steps), and its
 * poses copied into Havok and cannon-es, so the three cast into the very same boxes. Rays start on a
 * sphere of radius 30 m around the pile and aim at a random point of its bounds (maximum 60 m); most
 * hit a cube or the container. Each engine casts the rays in rounds of 1000, the engines taking turns
 * (the order rotating each round); the time per 1000 rays is the median of the rounds. The hits are
 * checked against each other (same ray hits or misses; distances within 1e-3 m, Havok computing in
 * float32).
 *
 * Run: `npm run bench:rays` (options: `--rays N`, `--repeat R` rounds per engine … see below).
 */

import * as CANNON from 'cannon-es';
import type { HavokPhysicsWithBindings } from '@babylonjs/havok';
import { createPhysicsWorld } from '../plugin/world';
import { stepWorld } from '../plugin/step';
import { getOrientation, getPosition } from '../plugin/bodies';
import { castRay, createRayHit } from '../plugin/queries';
import { buildPile } from '../scenes/pile';
import { containerSpec } from '../scenes/container';
import { createRandom, randomRange } from '../scenes/prng';
import { loadHavok } from './havok-scene';
import { buildCannonScene } from './cannon-scenes';
import type { SceneSpec } from '../scenes/container';

interface Engine {
  name: string;
  /** Casts rays [from, to) of the set; writes each distance (NaN = miss) into `out`. */
  cast(from: number, to: number, out: Float64Array): void;
}

const MAX_DISTANCE = 60;

function settledPile(steps: number): { spec: SceneSpec; world: ReturnType<typeof createPhysicsWorld> } {
  const world = createPhysicsWorld();
  const pile = buildPile(world, { count: 1000, seed: 1 });
  for (let i = 0; i < steps; i++) stepWorld(world, 1 / 60);
  const spec: SceneSpec = {
    statics: containerSpec(),
    dynamics: pile.bodies.map((b) => ({
      type: 'dynamic' as const, position: getPosition<[number, number, number]>(world, b, [0, 0, 0]),
      orientation: getOrientation<[number, number, number, number]>(world, b, [0, 0, 0, 1]),
      collider: { shape: 'box' as const, halfExtents: [0.5, 0.5, 0.5] as [number, number, number] }, mass: 1,
    })),
  };
  return { spec, world };
}

function makeRays(n: number, seed: number): Float64Array {
  const r = createRandom(seed);
  const rays = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    let x: number, y: number, z: number, l: number;
    do { x = randomRange(r, -1, 1); y = randomRange(r, -1, 1); z = randomRange(r, -1, 1); l = Math.hypot(x, y, z); } while (l > 1 || l < 0.1);
    const o = [30 * x / l, 3 + 30 * Math.abs(y) / l, 30 * z / l];
    const t = [randomRange(r, -11, 11), randomRange(r, 0, 6), randomRange(r, -11, 11)];
    const d = [t[0] - o[0], t[1] - o[1], t[2] - o[2]], dl = Math.hypot(d[0], d[1], d[2]);
    rays.set([o[0], o[1], o[2], d[0] / dl, d[1] / dl, d[2] / dl], 6 * i);
  }
  return rays;
}

function ours(world: ReturnType<typeof createPhysicsWorld>, rays: Float64Array): Engine {
  const hit = createRayHit();
  const o = new Float64Array(3), d = new Float64Array(3);
  const options = { maxDistance: MAX_DISTANCE };
  return {
    name: 'ours',
    cast(from, to, out) {
      for (let i = from; i < to; i++) {
        o[0] = rays[6 * i]; o[1] = rays[6 * i + 1]; o[2] = rays[6 * i + 2];
        d[0] = rays[6 * i + 3]; d[1] = rays[6 * i + 4]; d[2] = rays[6 * i + 5];
        out[i] = castRay(world, o, d, hit, options) ? hit.distance : NaN;
      }
    },
  };
}

function havok(hp: HavokPhysicsWithBindings, spec: SceneSpec, rays: Float64Array): Engine {
  const world = hp.HP_World_Create()[1];
  for (const s of [...spec.statics, ...spec.dynamics]) {
    if (s.collider.shape !== 'box') throw new Error('boxes only');
    const h = s.collider.halfExtents;
    const shape = hp.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [2 * h[0], 2 * h[1], 2 * h[2]])[1];
    const body = hp.HP_Body_Create()[1];
    hp.HP_Body_SetShape(body, shape);
    hp.HP_Body_SetMotionType(body, hp.MotionType.STATIC);
    hp.HP_Body_SetQTransform(body, [[...s.position], [...s.orientation]]);
    hp.HP_World_AddBody(world, body, false);
  }
  hp.HP_World_Step(world, 0); // builds the broadphase
  const collector = hp.HP_QueryCollector_Create(1)[1];
  const ignore = [BigInt(0)] as unknown as Parameters<HavokPhysicsWithBindings['HP_World_CastRayWithCollector']>[2][4];
  return {
    name: 'havok',
    cast(from, to, out) {
      for (let i = from; i < to; i++) {
        const ox = rays[6 * i], oy = rays[6 * i + 1], oz = rays[6 * i + 2];
        const end: [number, number, number] = [ox + MAX_DISTANCE * rays[6 * i + 3], oy + MAX_DISTANCE * rays[6 * i + 4], oz + MAX_DISTANCE * rays[6 * i + 5]];
        hp.HP_World_CastRayWithCollector(world, collector, [[ox, oy, oz], end, [~0, ~0], false, ignore]);
        out[i] = hp.HP_QueryCollector_GetNumHits(collector)[1] > 0
          ? hp.HP_QueryCollector_GetCastRayResult(collector, 0)[1][0] * MAX_DISTANCE : NaN;
      }
    },
  };
}

function cannon(spec: SceneSpec, rays: Float64Array): Engine {
  const { world } = buildCannonScene(spec);
  for (const b of world.bodies) { b.type = CANNON.Body.STATIC; b.mass = 0; b.updateMassProperties(); b.aabbNeedsUpdate = true; }
  const from = new CANNON.Vec3(), to = new CANNON.Vec3(), result = new CANNON.RaycastResult();
  return {
    name: 'cannon',
    cast(a, b, out) {
      for (let i = a; i < b; i++) {
        from.set(rays[6 * i], rays[6 * i + 1], rays[6 * i + 2]);
        to.set(from.x + MAX_DISTANCE * rays[6 * i + 3], from.y + MAX_DISTANCE * rays[6 * i + 4], from.z + MAX_DISTANCE * rays[6 * i + 5]);
        result.reset();
        out[i] = world.raycastClosest(from, to, {}, result) ? result.distance : NaN;
      }
    },
  };
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
}

export interface RayBenchResult { rays: number; msPer1000: Record<string, number>; hits: number; disagreements: Record<string, number> }

/** Runs the benchmark (see the file header). */
export async function runRayBench(rayCount = 10_000, round = 1000): Promise<RayBenchResult> {
  const { spec, world } = settledPile(240);
  const rays = makeRays(rayCount, 7);
  const engines = [ours(world, rays), havok(await loadHavok(), spec, rays), cannon(spec, rays)];
  const dist = engines.map(() => new Float64Array(rayCount));
  const times: number[][] = engines.map(() => []);
  // warm-up round (JIT), not timed
  engines.forEach((e, k) => e.cast(0, Math.min(round, rayCount), dist[k]));
  for (let r = 0; r * round < rayCount; r++) {
    for (let j = 0; j < engines.length; j++) {
      const k = (j + r) % engines.length;
      const t = performance.now();
      engines[k].cast(r * round, Math.min(rayCount, (r + 1) * round), dist[k]);
      times[k].push((performance.now() - t) * (1000 / Math.min(round, rayCount - r * round)));
    }
  }
  const msPer1000: Record<string, number> = {}, disagreements: Record<string, number> = {};
  engines.forEach((e, k) => { msPer1000[e.name] = median(times[k]); });
  let hits = 0;
  for (let i = 0; i < rayCount; i++) if (!Number.isNaN(dist[0][i])) hits++;
  for (let k = 1; k < engines.length; k++) {
    let bad = 0;
    for (let i = 0; i < rayCount; i++) {
      const a = dist[0][i], b = dist[k][i];
      if (Number.isNaN(a) !== Number.isNaN(b) || Math.abs(a - b) > 1e-3) bad++;
    }
    disagreements[engines[k].name] = bad;
  }
  return { rays: rayCount, msPer1000, hits, disagreements };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, def: number): number => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : def;
  };
  const res = await runRayBench(arg('--rays', 10_000));
  const m = res.msPer1000;
  console.log(`${res.rays} random rays into the settled 1000-box pile (${res.hits} hit), ms per 1000 rays (median of rounds):`);
  for (const [name, ms] of Object.entries(m)) console.log(`  ${name.padEnd(7)} ${ms.toFixed(3)} ms`);
  console.log(`  ours / havok ${(m.ours / m.havok).toFixed(2)}, ours / cannon ${(m.ours / m.cannon).toFixed(2)}`);
  console.log(`  rays whose hit differs from ours by more than 1 mm: ${JSON.stringify(res.disagreements)}`);
}
