/**
 * The robustness fuzz as a long-run script:
 *
 *   npm run fuzz -- --scenes 10000 --mode pgs [--start 0] [--steps 600] [--joints on|off] [--no-collisions]
 *                   [--workers N] [--verbose] [--hash]
 *   npm run fuzz -- --mode pgs --seeds 27,45,129     (exactly these seeds, one process: the regression
 *                   seeds of test/robustness/fuzz-failures.ts)
 *
 * Runs seeded random abuse scenes (`scenes/fuzz.ts`) and prints the failures by kind: exceptions from
 * `stepWorld`, non-finite bodies, runaway speeds, bodies below the ground, energy rises in joint-free
 * scenes. `--hash` also prints, per seed in seed order, one line `seed <n> <hash>`: the 64-bit FNV-1a of the
final state of every dynamic body (position, orientation, linear and angular velocity, as the bytes of their float64
values, in body order) and of the step a failure stopped the scene at (−1 when none), so two versions of the engine
compare for bit-identity over whole ranges (`diff` of the two outputs). `--workers N` splits the seeds over N child processes (one per core; the results are the
 * same as in one process, every scene being independent and seeded). Exit code 1 when any scene failed.
 */

import { spawn } from 'node:child_process';
import { buildFuzzScene, checkFuzzScene, type FuzzFailure, type FuzzMode, type FuzzScene } from '../scenes/fuzz';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const seedList = arg('seeds', '') === '' ? undefined : arg('seeds', '').split(',').map(Number);
if (seedList !== undefined && !seedList.every((s) => Number.isInteger(s) && s >= 0)) throw new Error('--seeds must be a comma list of integers ≥ 0');
const scenes = seedList?.length ?? Number(arg('scenes', '100'));
const start = Number(arg('start', '0'));
const steps = Number(arg('steps', '600'));
const workers = Number(arg('workers', '1'));
const mode = arg('mode', 'pgs') as FuzzMode;
const jointsArg = arg('joints', 'random');
const joints = jointsArg === 'on' ? true : jointsArg === 'off' ? false : undefined;
const verbose = process.argv.includes('--verbose');
const json = process.argv.includes('--json'); // child mode: one JSON line of results
const hash = process.argv.includes('--hash');
if (!['pgs', 'mdp', 'lcp'].includes(mode)) throw new Error(`--mode must be pgs, mdp or lcp (got ${mode})`);
if (!(Number.isInteger(workers) && workers >= 1)) throw new Error(`--workers must be an integer ≥ 1 (got ${workers})`);

type Failure = FuzzFailure & { bodies: number; joints: number; kinds: string };
interface Result { failures: Failure[]; withJoints: number; hashes: [number, string][] }

/** FNV-1a (64-bit) over the float64 bytes of every dynamic body's state, then the failure step. */
function stateHash(scene: FuzzScene, failedAt: number): string {
  const b = scene.world.bodies;
  const values: number[] = [];
  for (const id of scene.dynamics) {
    for (let k = 0; k < 3; k++) values.push(b.position[3 * id + k]);
    for (let k = 0; k < 4; k++) values.push(b.orientation[4 * id + k]);
    for (let k = 0; k < 3; k++) values.push(b.linearVelocity[3 * id + k]);
    for (let k = 0; k < 3; k++) values.push(b.angularVelocity[3 * id + k]);
  }
  values.push(failedAt);
  const bytes = new Uint8Array(Float64Array.from(values).buffer);
  const prime = 0x100000001b3n, mask = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  for (const byte of bytes) h = ((h ^ BigInt(byte)) * prime) & mask;
  return h.toString(16).padStart(16, '0');
}

function runRange(from: number, count: number): Result {
  const failures: Failure[] = [];
  const hashes: [number, string][] = [];
  let withJoints = 0;
  for (let k = 0; k < count; k++) {
    const s = seedList !== undefined ? seedList[k] : from + k;
    const scene = buildFuzzScene(s, { mode, joints, collisions: !process.argv.includes('--no-collisions') });
    if (scene.joints.length > 0) withJoints++;
    const f = checkFuzzScene(scene, { steps });
    if (hash) hashes.push([s, stateHash(scene, f?.step ?? -1)]);
    if (f !== undefined) {
      failures.push({ ...f, bodies: scene.dynamics.length, joints: scene.joints.length, kinds: scene.jointKinds.join(',') });
      if (verbose) console.error(`seed ${s}: ${f.kind} at step ${f.step}: ${f.detail} (${scene.dynamics.length} bodies, joints ${scene.jointKinds.join(',') || 'none'})`);
    }
  }
  return { failures, withJoints, hashes };
}

function runChild(from: number, count: number): Promise<Result> {
  const args = process.argv.slice(1).filter((_, i, a) => !['--workers', '--start', '--scenes'].includes(a[i]) && !['--workers', '--start', '--scenes'].includes(a[i - 1]));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...args, '--start', String(from), '--scenes', String(count), '--json'],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try { resolve(JSON.parse(line) as Result); } catch { reject(new Error(`worker ${from}+${count} exited ${code}: ${out}`)); }
    });
  });
}

async function main(): Promise<void> {
  const t0 = performance.now();
  let result: Result;
  if (json || workers === 1 || seedList !== undefined) {
    result = runRange(start, scenes);
    if (json) { console.log(JSON.stringify(result)); return; }
  } else {
    const per = Math.ceil(scenes / workers), jobs: Promise<Result>[] = [];
    for (let w = 0; w < workers && w * per < scenes; w++) jobs.push(runChild(start + w * per, Math.min(per, scenes - w * per)));
    const parts = await Promise.all(jobs);
    result = { failures: parts.flatMap((p) => p.failures), withJoints: parts.reduce((n, p) => n + p.withJoints, 0), hashes: parts.flatMap((p) => p.hashes) };
  }
  if (hash) for (const [s, h] of [...result.hashes].sort((a, b) => a[0] - b[0])) console.log(`seed ${s} ${h}`);
  const secs = (performance.now() - t0) / 1000;
  const byKind = new Map<string, number>();
  for (const f of result.failures) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  const which = seedList !== undefined ? `the ${scenes} seeds given` : `seeds ${start}..${start + scenes - 1}`;
  console.log(`mode ${mode}: ${scenes} scenes (${which}, ${result.withJoints} with joints), ${steps} steps each, ${secs.toFixed(1)} s (${(secs / scenes).toFixed(2)} s per scene, ${seedList !== undefined ? 1 : workers} worker${workers > 1 && seedList === undefined ? 's' : ''})`);
  console.log(`failed scenes: ${result.failures.length}${result.failures.length ? ' (' + [...byKind].map(([k, n]) => `${k} ${n}`).join(', ') + ')' : ''}`);
  const sorted = [...result.failures].sort((a, b) => a.bodies + a.joints - (b.bodies + b.joints));
  for (const f of sorted.slice(0, 10)) {
    console.log(`  seed ${f.seed}: ${f.kind} at step ${f.step}: ${f.detail}; ${f.bodies} bodies, joints [${f.kinds}]`);
  }
  if (verbose) console.log(`all failed seeds: ${result.failures.map((f) => f.seed).sort((a, b) => a - b).join(' ')}`);
  process.exitCode = result.failures.length > 0 ? 1 : 0;
}

void main();
