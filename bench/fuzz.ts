/**
 * The robustness fuzz as a long-run script:
 *
 *   npm run fuzz -- --scenes 10000 --mode pgs [--start 0] [--steps 600] [--joints on|off] [--no-collisions] [--verbose]
 *
 * Runs seeded random abuse scenes (`scenes/fuzz.ts`) and prints the failures by kind: exceptions from
 * `stepWorld`, non-finite bodies, runaway speeds, bodies below the ground, energy rises in joint-free
 * scenes. Exit code 1 when any scene failed.
 */

import { buildFuzzScene, checkFuzzScene, type FuzzFailure, type FuzzMode } from '../scenes/fuzz';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const scenes = Number(arg('scenes', '100'));
const start = Number(arg('start', '0'));
const steps = Number(arg('steps', '600'));
const mode = arg('mode', 'pgs') as FuzzMode;
const jointsArg = arg('joints', 'random');
const joints = jointsArg === 'on' ? true : jointsArg === 'off' ? false : undefined;
const verbose = process.argv.includes('--verbose');
if (!['pgs', 'mdp', 'lcp'].includes(mode)) throw new Error(`--mode must be pgs, mdp or lcp (got ${mode})`);

const byKind = new Map<string, number>();
const failures: (FuzzFailure & { bodies: number; joints: number; kinds: string })[] = [];
let withJoints = 0;
const t0 = performance.now();
for (let s = start; s < start + scenes; s++) {
  const scene = buildFuzzScene(s, { mode, joints, collisions: !process.argv.includes('--no-collisions') });
  if (scene.joints.length > 0) withJoints++;
  const f = checkFuzzScene(scene, { steps });
  if (f !== undefined) {
    byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
    failures.push({ ...f, bodies: scene.dynamics.length, joints: scene.joints.length, kinds: scene.jointKinds.join(',') });
    if (verbose) console.log(`seed ${s}: ${f.kind} at step ${f.step}: ${f.detail} (${scene.dynamics.length} bodies, joints ${scene.jointKinds.join(',') || 'none'})`);
  }
}
const secs = (performance.now() - t0) / 1000;
console.log(`mode ${mode}: ${scenes} scenes (seeds ${start}..${start + scenes - 1}, ${withJoints} with joints), ${steps} steps each, ${secs.toFixed(1)} s`);
console.log(`failed scenes: ${failures.length}${failures.length ? ' (' + [...byKind].map(([k, n]) => `${k} ${n}`).join(', ') + ')' : ''}`);
failures.sort((a, b) => a.bodies + a.joints - (b.bodies + b.joints));
for (const f of failures.slice(0, 10)) {
  console.log(`  seed ${f.seed}: ${f.kind} at step ${f.step}: ${f.detail}; ${f.bodies} bodies, joints [${f.kinds}]`);
}
process.exitCode = failures.length > 0 ? 1 : 0;
