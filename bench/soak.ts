/**
 * Soak: 1e5 steps (default) of a world with churn, printing the heap and the step time at intervals:
 *
 *   npx tsx --expose-gc bench/soak.ts [--steps 100000] [--every 10000]
 *
 * The world keeps ~60 bodies (spheres, boxes, capsules) falling on a ground with a few joints; every
 * step one body is removed and a new one added (a joint every tenth step), so entity ids, manifolds and
 * joint rows churn. A flat heap (after GC) and a flat median step time mean the step neither leaks nor
 * slows down. Numbers are printed, never asserted (speed lives in benchmarks).
 */

import { addBody, removeBody } from '../plugin/bodies';
import { addJoint, hasJoint } from '../plugin/joints';
import { createPhysicsWorld } from '../plugin/world';
import { stepWorld } from '../plugin/step';
import { createRandom, randomRange } from '../scenes/prng';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const steps = arg('steps', 100_000);
const every = arg('every', 10_000);
const gc = (globalThis as { gc?: () => void }).gc;

const world = createPhysicsWorld();
const r = createRandom(99);
addBody(world, { type: 'static', collider: { shape: 'plane' } });
const live: number[] = [];
const joints: number[] = [];
function spawn(): number {
  const k = r();
  const collider = k < 1 / 3 ? { shape: 'sphere' as const, radius: randomRange(r, 0.1, 0.5) }
    : k < 2 / 3 ? { shape: 'box' as const, halfExtents: [randomRange(r, 0.1, 0.5), randomRange(r, 0.1, 0.5), randomRange(r, 0.1, 0.5)] }
      : { shape: 'capsule' as const, radius: randomRange(r, 0.1, 0.3), halfHeight: randomRange(r, 0.1, 0.5) };
  return addBody(world, { position: [randomRange(r, -4, 4), randomRange(r, 1, 6), randomRange(r, -4, 4)], collider });
}
for (let i = 0; i < 60; i++) live.push(spawn());

const times: number[] = [];
const t0 = performance.now();
console.log('step      heapUsed(MB)  median step (ms)  bodies  joints');
for (let s = 1; s <= steps; s++) {
  const victim = Math.floor(r() * live.length);
  removeBody(world, live[victim]); // its joints go with it
  live[victim] = spawn();
  if (s % 10 === 0) {
    const a = live[Math.floor(r() * live.length)], b = live[Math.floor(r() * live.length)];
    if (a !== b) joints.push(addJoint(world, { kind: 'ball', bodyA: a, bodyB: b }));
  }
  const t = performance.now();
  stepWorld(world, 1 / 60);
  times.push(performance.now() - t);
  if (s % every === 0) {
    gc?.();
    times.sort((x, y) => x - y);
    const kept = joints.filter((j) => hasJoint(world, j));
    joints.length = 0;
    joints.push(...kept);
    const alive = kept.length;
    console.log(`${String(s).padEnd(9)} ${(process.memoryUsage().heapUsed / 1e6).toFixed(2).padStart(12)}  ${times[times.length >> 1].toFixed(3).padStart(16)}  ${String(live.length).padStart(6)}  ${String(alive).padStart(6)}`);
    times.length = 0;
  }
}
console.log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s${gc ? '' : ' (run with --expose-gc for a heap after GC)'}`);
