/**
 * Benchmark: ms per step (and per stage, for ours) on the standard scenes, ours (PGS) against Havok
 * (`@babylonjs/havok`, WASM), Rapier (`@dimforge/rapier3d-simd-compat`, WASM SIMD) and cannon-es in the
 * same process, reported as ratios to Havok. Run with `npm run bench` (see bench/README.md).
 *
 * For each scene, each engine builds the same description (`scenes/*.ts`), takes `--steps` steps of
 * 1/60 s (no sleeping) and records each step's wall time with `performance.now()`. The engines run
 * side by side in the same process, taking turns of 30 steps (who goes first alternates between
 * repeats), because the machine is shared and noisy: only the ratio of two numbers measured in the
 * same seconds means much.
 *
 * Options:
 *   --json           one JSON object per line and per engine × scene, nothing else
 *   --scene NAME     pile | pile-4000 | spheres | pyramid | stack | box3d-pyramid-20 | box3d-pyramid-50 |
 *                    box3d-pile-1000 | box3d-pile-4000 | joint-grid | ragdoll-pile | four-balls | cradle
 *                    (repeatable, or a comma list; default all). The box3d-* scenes are Box3D's public
 *                    benchmark scenes `Pyramid(rows)` and `Pile(count)` (`scenes/box3d-benchmark.ts`)
 *                    with their metrics. Havok and Rapier run every scene without joints; cannon-es
 *                    skips the scenes of more than 1275 bodies (it takes over 0.3 s per step there). four-balls (Stewart & Trinkle 1996 §4, h = 1/60
 *                    here) and cradle (Newton's cradle, 5 balls, e = 1, zero gravity) have no cannon-es
 *                    version. The jointed scenes (joint-grid, ragdoll-pile) also report joint counts
 *                    and the joint errors of both engines (anchor gap, hinge axis, hinge limits).
 *   --engine NAME    ours | havok | rapier | cannon (repeatable, or a comma list; default all)
 *   --solver NAME    pgs | mdp | lcp | pgs-gs | pgs-sleep for our engine (repeatable, or a comma list;
 *                    default pgs, plus pgs-sleep on box3d-pyramid-50): pgs = the fast solver (cone
 *                    projection, sleeping off as in every run), pgs-sleep = the same with sleeping on (the
 *                    scene's settled step, the median of its last 100 steps, is reported as a fraction
 *                    of the awake one), mdp = the fast solver with
 *                    maximum-dissipation friction (exact block solve), pgs-gs = the fast solver with
 *                    its joint rows swept by Gauss–Seidel (`experiments.jointSolver: 'gauss-seidel'`) instead
 *                    of solved directly per joint island, lcp = the accurate solver
 *                    (Stewart–Trinkle + Lemke, PLUS impacts). lcp runs only on the scenes where its
 *                    dense LCPs fit (stack, joint-grid, ragdoll-pile and the seed scenes) unless --scene
 *                    names others. On the jointed scenes a run of it stops at the first step slower
 *                    than 1 s (the rows then cover the steps taken, and say why it stopped).
 *   --pgs K=V,…      fast-solver options for our engine (numbers and booleans of `PgsOptions`, e.g.
 *                    `--pgs iterations=1,substeps=4`), to compare settings at equal quality
 *   --steps N        steps per run (default 600)
 *   --repeat R       runs per engine × scene; the reported times are the median of the runs' medians
 *                    (default 1)
 */

import { availableParallelism, loadavg } from 'node:os';
import { createPhysicsWorld, type PhysicsWorld } from '../plugin/world';
import { stepWorld } from '../plugin/step';
import { STAGES, type StageName } from '../plugin/profiler';
import type { SceneSpec, Vec3Tuple } from '../scenes/container';
import { buildPile, pileSpec, PILE_DESCRIPTION } from '../scenes/pile';
import { buildSpheres, spheresSpec, SPHERES_DESCRIPTION } from '../scenes/spheres';
import { buildPyramid, pyramidSpec, PYRAMID_DESCRIPTION } from '../scenes/pyramid';
import { buildStack, stackSpec, STACK_DESCRIPTION } from '../scenes/stack';
import { buildCannonJointedScene, buildCannonScene, cannonMaxPenetration, snapshotPositions } from './cannon-scenes';
import { buildHavokScene, loadHavok } from './havok-scene';
import { buildRapierScene, loadRapier } from './rapier-scene';
import { formatV2Bench, runV2Bench } from './v2-plugin';
import type { ReferenceScene } from './reference-scene';
import {
  box3dPileSpec, box3dPyramidSpec, buildBox3dPile, buildBox3dPyramid, pileQuality, PYRAMID_STANDING_HEIGHT, pyramidQuality,
} from '../scenes/box3d-benchmark';
import { buildFourBalls } from '../scenes/stewart-trinkle';
import { addBody } from '../plugin/bodies';
import { buildJointGrid, jointGridSpec, JOINT_GRID_DESCRIPTION } from '../scenes/joint-grid';
import { buildRagdollPile, ragdollPileSpec, RAGDOLL_PILE_DESCRIPTION } from '../scenes/ragdoll-pile';
import { localJoints, measureJoints, type JointedSceneSpec, type JointErrors, type LocalJoint, type PoseReader } from '../scenes/jointed';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

/** Scenes of 1000 and 4000 bodies whose cost ratio (the growth) the summary reports. */
const GROWTH_PAIRS: readonly (readonly [SceneName, SceneName])[] = [['pile', 'pile-4000'], ['box3d-pile-1000', 'box3d-pile-4000']];

/** Fixed time step of every run (unit: s). */
const DT = 1 / 60;
import '../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')
/** A structure stood when its top box ends within this distance of its start (unit: m). */
const STOOD_TOLERANCE = 0.05;

/** On the jointed scenes, a run of the accurate solver stops after the first step that took longer
 * than this (unit: ms). Not on the other scenes: the stack's first lcp step alone takes ~1.3 s. */
const LCP_STEP_BUDGET_MS = 1000;

type SceneName = 'pile' | 'pile-4000' | 'spheres' | 'pyramid' | 'stack' | 'box3d-pyramid-20' | 'box3d-pyramid-50'
  | 'box3d-pile-1000' | 'box3d-pile-4000' | 'joint-grid' | 'ragdoll-pile' | 'four-balls' | 'cradle';
/** An engine with a solver: ours with each of its solvers, or a reference engine. */
type EngineName = 'ours' | 'ours-mdp' | 'ours-lcp' | 'ours-pgs-gs' | 'ours-sleep' | 'havok' | 'rapier' | 'cannon';
type OtherEngine = 'havok' | 'rapier' | 'cannon';
const OTHER_ENGINES: readonly OtherEngine[] = ['havok', 'rapier', 'cannon'];
type OurSolver = 'pgs' | 'mdp' | 'lcp' | 'pgs-gs' | 'pgs-sleep';
const OUR_SOLVERS: readonly OurSolver[] = ['pgs', 'mdp', 'lcp', 'pgs-gs', 'pgs-sleep'];
const OUR_ENGINE: Record<OurSolver, EngineName> = {
  pgs: 'ours', mdp: 'ours-mdp', lcp: 'ours-lcp', 'pgs-gs': 'ours-pgs-gs', 'pgs-sleep': 'ours-sleep',
};
/** Steps at the end of a run over which the settled step time is taken (`Row.settledMs`). */
const SETTLED_STEPS = 100;

interface SceneEntry {
  description: string;
  /** Builds the scene in our world; `top` / `topStart` only for structures that should stand;
   * `spec` (with its joints) and `joints` for the jointed scenes. */
  build(world: PhysicsWorld): { bodies: number[]; top?: number; topStart?: Vec3Tuple; spec?: SceneSpec; joints?: number[] };
  /** The same description, for cannon-es (none for the seed scenes); jointed scenes give a
   * `JointedSceneSpec`, built in cannon-es with its constraints. */
  spec?: () => SceneSpec;
  /** Whether the scene is a structure whose top box should stay put. */
  standing: boolean;
  /** Gravity (unit: m/s², default (0, −9.81, 0)). */
  gravity?: Vec3Tuple;
  /** Whether the accurate solver runs it by default (its dense LCPs fit). */
  lcpFits: boolean;
  /** A run of the accurate solver stops after the first step slower than this (unit: ms; default:
   * never). */
  lcpStepBudgetMs?: number;
  /** Whether cannon-es runs it (default true; false on the scenes where it takes over 0.3 s a step). */
  cannon?: boolean;
  /** Whether ours also runs it with sleeping on (`pgs-sleep`) by default, to report the settled step
   * with sleeping on as a fraction of the awake one. */
  sleepRow?: boolean;
  /** Scene-specific metrics (Box3D's) from the final body centres `[3 × bodies]`, every engine. */
  quality?: (spec: SceneSpec, final: Float64Array) => Record<string, number>;
  /** Whether the scene's `quality` says the structure stood (Box3D's pyramids). */
  stoodBy?: (quality: Record<string, number>) => boolean;
}

/** Wall height of the 4000-cube pile's container (unit: m): its heap is about 14 m deep. */
const PILE_4000_WALL = 32;

/** Newton's cradle: five touching balls (r = 0.5 m, 1 kg, e = 1, μ = 0), the first arriving at 1 m/s. */
function buildCradle(world: PhysicsWorld): { bodies: number[] } {
  const ball = { shape: 'sphere' as const, radius: 0.5, restitution: 1, friction: 0 };
  const bodies = [addBody(world, { position: [-0.2, 0, 0], linearVelocity: [1, 0, 0], mass: 1, collider: ball, angularDamping: 0 })];
  for (let i = 1; i < 5; i++) bodies.push(addBody(world, { position: [i, 0, 0], mass: 1, collider: ball, angularDamping: 0 }));
  return { bodies };
}

/** Box3D's `Pyramid(rows)`: stood = the top box kept ≥ 95 % of its height. */
function box3dPyramidEntry(rows: number): SceneEntry {
  return {
    description: `Box3D's Pyramid(${rows}): ${(rows * (rows + 1)) / 2} unit boxes (1000 kg) in a 2D pyramid, friction 0.6, on a slab; metrics: drift, top height retained.`,
    build: (w) => buildBox3dPyramid(w, rows), spec: () => box3dPyramidSpec(rows), standing: true, lcpFits: false,
    cannon: rows <= 50, sleepRow: rows === 50, quality: (spec, final) => ({ ...pyramidQuality(spec, final) }),
    stoodBy: (q) => q.topHeightRetained >= PYRAMID_STANDING_HEIGHT,
  };
}

/** Box3D's `Pile(count)`: boxes and spheres of size 0.9 m in a bin; metric: escaped bodies. */
function box3dPileEntry(count: number): SceneEntry {
  return {
    description: `Box3D's Pile(${count}): boxes and spheres (0.9 m, density 1000) alternating on a 20 × 20 grid, random Euler angles, in a bin of inner width 23 m; metric: escaped.`,
    build: (w) => buildBox3dPile(w, count), spec: () => box3dPileSpec(count), standing: false, lcpFits: false,
    cannon: count <= 1000, quality: (_spec, final) => ({ ...pileQuality(final) }),
  };
}

const SCENES: Record<SceneName, SceneEntry> = {
  pile: { description: PILE_DESCRIPTION, build: (w) => buildPile(w), spec: () => pileSpec(), standing: false, lcpFits: false },
  'pile-4000': {
    description: `4000 unit cubes (1 kg, random orientations) dropped from a jittered grid (28 layers) into a 24 m × 24 m container with ${PILE_4000_WALL} m walls.`,
    build: (w) => buildPile(w, { count: 4000, container: { wallHeight: PILE_4000_WALL } }),
    spec: () => pileSpec({ count: 4000, container: { wallHeight: PILE_4000_WALL } }), standing: false, lcpFits: false, cannon: false,
  },
  spheres: {
    description: SPHERES_DESCRIPTION, build: (w) => buildSpheres(w), spec: () => spheresSpec(), standing: false, lcpFits: false,
  },
  pyramid: {
    description: PYRAMID_DESCRIPTION, build: (w) => buildPyramid(w), spec: () => pyramidSpec(), standing: true, lcpFits: false,
  },
  stack: { description: STACK_DESCRIPTION, build: (w) => buildStack(w), spec: () => stackSpec(), standing: true, lcpFits: true },
  'box3d-pyramid-20': box3dPyramidEntry(20),
  'box3d-pyramid-50': box3dPyramidEntry(50),
  'box3d-pile-1000': box3dPileEntry(1000),
  'box3d-pile-4000': box3dPileEntry(4000),
  'joint-grid': {
    description: JOINT_GRID_DESCRIPTION, build: (w) => buildJointGrid(w), spec: () => jointGridSpec(), standing: false, lcpFits: true,
    lcpStepBudgetMs: LCP_STEP_BUDGET_MS,
  },
  'ragdoll-pile': {
    description: RAGDOLL_PILE_DESCRIPTION, build: (w) => buildRagdollPile(w), spec: () => ragdollPileSpec(), standing: false,
    lcpFits: true, lcpStepBudgetMs: LCP_STEP_BUDGET_MS,
  },
  'four-balls': {
    description: 'Stewart & Trinkle 1996 §4: four balls on a table, a fifth thrown into them.',
    build: (w) => ({ bodies: buildFourBalls(w).balls }), standing: false, lcpFits: true,
  },
  cradle: {
    description: "Newton's cradle: 5 touching balls, e = 1, μ = 0, zero gravity; the first arrives at 1 m/s.",
    build: buildCradle, standing: false, gravity: [0, 0, 0], lcpFits: true,
  },
};
const SCENE_NAMES = Object.keys(SCENES) as SceneName[];

/** One engine × scene measurement (one run, or the median over repeats). */
interface Row {
  engine: 'ours' | OtherEngine;
  /** Our solver; 'gs' for cannon-es, 'default' for Havok and Rapier. */
  solver: OurSolver | 'gs' | 'default';
  scene: SceneName;
  /** Dynamic bodies. */
  bodies: number;
  steps: number;
  /** Median wall time per step (unit: ms). */
  medianMs: number;
  /** Mean CPU time of the process per step (unit: ms; user + system, `process.cpuUsage()`): unlike the
   * wall time, not inflated by the scheduler when the machine is loaded (see {@link cpuNow}). */
  cpuMs: number;
  /** Median wall time of the last {@link SETTLED_STEPS} steps (unit: ms; ours only): a standing
   * structure has settled by then. */
  settledMs?: number;
  /** Mean CPU time per step over the last {@link SETTLED_STEPS} steps (unit: ms; ours only). */
  settledCpuMs?: number;
  /** 95th percentile (nearest rank) wall time per step (unit: ms). */
  p95Ms: number;
  /** Median time per stage (unit: ms); empty for cannon-es. */
  stages: Partial<Record<StageName, number>>;
  /** Top box within 5 cm of its start at the end (pyramid, stack); null for the other scenes. */
  stood: boolean | null;
  /** Distance of the top box from its start at the end (unit: m); null when there is no top box. */
  topDisplacement: number | null;
  /** Largest penetration over the last step's contact points (unit: m, ≥ 0); NaN (JSON null) for
   * Havok and Rapier (not measured). */
  maxPenetration: number;
  /** Scene-specific metrics (Box3D's scenes: maxDrift, meanDrift, topHeightRetained / escaped,
   * pileHeight). */
  quality?: Record<string, number>;
  /** Dynamic bodies that ended below the floor (y < −0.5 m) or with a non-finite position. */
  escaped: number;
  /** Median solve-stage time per contact point (unit: µs); null for cannon-es. */
  solveUsPerContact: number | null;
  /** Final velocities' x components (cradle only; unit: m/s). */
  finalVx?: number[];
  /** Jointed scenes only: the number of joints. */
  joints?: number;
  /** Jointed scenes only: the largest anchor gap over all joints after the last step (unit: m). */
  jointGapEnd?: number;
  /** Jointed scenes only: the largest anchor gap over all joints and all steps (unit: m). */
  jointGapMax?: number;
  /** Jointed scenes only: the largest angle between a hinge's axis on its two bodies, over all
   * hinges and steps (unit: rad; null without hinges). */
  hingeAxisErrorMax?: number | null;
  /** Jointed scenes only: the largest amount by which a hinge angle left its limits, over all
   * limited hinges and steps (unit: rad; null without limited hinges). cannon-es hinges have no
   * limits. */
  hingeLimitExcessMax?: number | null;
  /** Set when the run stopped before `--steps` (the accurate solver's 1 s step budget): why. */
  stopped?: string;
}

interface Options {
  json: boolean;
  scenes: SceneName[];
  /** Whether --scene was given (then the accurate solver runs on every named scene). */
  scenesGiven: boolean;
  engines: EngineName[];
  solvers: OurSolver[];
  steps: number;
  repeat: number;
  /** Whether --solver was given (then pgs-sleep runs on every scene if named). */
  solversGiven: boolean;
  /** `--pgs`: fast-solver options of our engine. */
  pgs: Record<string, number | boolean>;
  /** Run the Babylon-level rows (`bench/v2-plugin.ts`): with `--scene v2-pile`, or when no scene is named. */
  v2: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { json: false, scenes: [], scenesGiven: false, engines: [], solvers: [], solversGiven: false, steps: 600, repeat: 1, pgs: {}, v2: false };
  let engineNames: ('ours' | OtherEngine)[] = [];
  const value = (i: number, flag: string): string => {
    const v = argv[i];
    if (v === undefined) throw new Error(`${flag} needs a value`);
    return v;
  };
  const positiveInt = (v: string, flag: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') o.json = true;
    else if (a === '--scene') {
      for (const s of value(++i, a).split(',')) {
        if (s === 'v2-pile') { o.v2 = true; continue; }
        if (!(s in SCENES)) throw new Error(`unknown scene ${s} (scenes: ${SCENE_NAMES.join(', ')}, v2-pile)`);
        if (!o.scenes.includes(s as SceneName)) o.scenes.push(s as SceneName);
      }
    } else if (a === '--engine') {
      for (const s of value(++i, a).split(',')) {
        if (s !== 'ours' && !OTHER_ENGINES.includes(s as OtherEngine)) throw new Error(`unknown engine ${s} (engines: ours, havok, rapier, cannon)`);
        if (!engineNames.includes(s as 'ours' | OtherEngine)) engineNames.push(s as 'ours' | OtherEngine);
      }
    } else if (a === '--solver') {
      for (const s of value(++i, a).split(',')) {
        if (!OUR_SOLVERS.includes(s as OurSolver)) throw new Error(`unknown solver ${s} (solvers: ${OUR_SOLVERS.join(', ')})`);
        if (!o.solvers.includes(s as OurSolver)) o.solvers.push(s as OurSolver);
      }
    } else if (a === '--pgs') {
      for (const kv of value(++i, a).split(',')) {
        const [k, v] = kv.split('=');
        if (k === undefined || v === undefined || k === '') throw new Error(`--pgs takes key=value pairs, got ${kv}`);
        o.pgs[k] = v === 'true' ? true : v === 'false' ? false : Number(v);
        if (typeof o.pgs[k] === 'number' && !Number.isFinite(o.pgs[k])) throw new Error(`--pgs ${k} must be a number or a boolean, got ${v}`);
      }
    } else if (a === '--steps') o.steps = positiveInt(value(++i, a), a);
    else if (a === '--repeat') o.repeat = positiveInt(value(++i, a), a);
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: tsx bench/run.ts [--json] [--scene NAME]… [--engine ours|havok|rapier|cannon]… [--solver pgs|mdp|lcp|pgs-gs]… [--pgs K=V,…] [--steps N] [--repeat R]\n');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  o.scenesGiven = o.scenes.length > 0 || o.v2;
  if (!o.scenesGiven) { o.scenes = [...SCENE_NAMES]; o.v2 = true; }
  if (engineNames.length === 0) engineNames = ['ours', ...OTHER_ENGINES];
  o.solversGiven = o.solvers.length > 0;
  if (o.solvers.length === 0) o.solvers = ['pgs', 'pgs-sleep'];
  if (engineNames.includes('ours')) for (const s of o.solvers) o.engines.push(OUR_ENGINE[s]);
  for (const e of OTHER_ENGINES) if (engineNames.includes(e)) o.engines.push(e);
  return o;
}

function median(a: ArrayLike<number>): number {
  const s = Array.from(a).sort((x, y) => x - y);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function mean(a: ArrayLike<number>): number {
  let t = 0;
  for (let i = 0; i < a.length; i++) t += a[i];
  return a.length > 0 ? t / a.length : NaN;
}

/** Nearest-rank percentile, p in (0, 1]. */
function percentile(a: ArrayLike<number>, p: number): number {
  const s = Array.from(a).sort((x, y) => x - y);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)];
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function countEscaped(positions: Iterable<ArrayLike<number>>): number {
  let n = 0;
  for (const p of positions) {
    if (!(Number.isFinite(p[0]) && Number.isFinite(p[1]) && Number.isFinite(p[2])) || p[1] < -0.5) n++;
  }
  return n;
}

/** A scene's joints in body-local terms, the worst errors of the current step and the worst over the
 * run so far. {@link JointTracker.after} runs after each step, outside the timed interval. */
interface JointTracker {
  count: number;
  /** Hinges, and hinges with limits. */
  hinges: number;
  limited: number;
  /** Measures the current poses and updates the maxima. */
  after(): void;
  /** The measures of the last call and the maxima over all calls. */
  last: JointErrors;
  max: JointErrors;
}

function isJointed(spec: SceneSpec | undefined): spec is JointedSceneSpec {
  return spec !== undefined && Array.isArray((spec as Partial<JointedSceneSpec>).joints);
}

function trackJoints(joints: LocalJoint[], pose: PoseReader): JointTracker {
  const t: JointTracker = {
    count: joints.length,
    hinges: joints.filter((j) => j.axisA !== undefined).length,
    limited: joints.filter((j) => j.limits !== undefined).length,
    last: { gap: 0, axisError: 0, limitExcess: 0 },
    max: { gap: 0, axisError: 0, limitExcess: 0 },
    after() {
      measureJoints(joints, pose, t.last);
      // `!(x <= max)`: a NaN becomes the maximum and stays.
      if (!(t.last.gap <= t.max.gap)) t.max.gap = t.last.gap;
      if (!(t.last.axisError <= t.max.axisError)) t.max.axisError = t.last.axisError;
      if (!(t.last.limitExcess <= t.max.limitExcess)) t.max.limitExcess = t.last.limitExcess;
    },
  };
  return t;
}

function jointColumns(t: JointTracker | undefined): Partial<Row> {
  if (t === undefined) return {};
  return {
    joints: t.count, jointGapEnd: t.last.gap, jointGapMax: t.max.gap,
    hingeAxisErrorMax: t.hinges > 0 ? t.max.axisError : null, hingeLimitExcessMax: t.limited > 0 ? t.max.limitExcess : null,
  };
}

/** One engine running one scene: built up front, then stepped in chunks, then summarised. */
interface Run {
  /** Takes steps `from .. to − 1` (timing each one). */
  stepRange(from: number, to: number): void;
  /** The measurement after the last step. */
  finish(): Row;
}

/**
 * CPU time of this process so far (unit: ms; user + system). A step's wall time on a loaded machine is
 * its CPU time plus the time the scheduler gave the core to other processes: a step longer than a
 * scheduler slice (the bench runs at nice 19, whose slices are short) is preempted and waits, one
 * shorter mostly is not, so wall-time ratios between a 0.5 ms and a 2.5 ms step are inflated
 * (Box3D's Pyramid(20): 38–78 × Havok in wall time at load 25–34, about 3 × in CPU time). The CPU
 * time counts the process's other threads too (V8's compiler and GC helpers), for both engines.
 */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** `--pgs`: fast-solver options of our engine (set by `main`). */
let pgsOverrides: Record<string, number | boolean> = {};

function startOurs(name: SceneName, steps: number, solver: OurSolver): Run {
  const entry = SCENES[name];
  const world = createPhysicsWorld({
    gravity: entry.gravity ?? [0, -9.81, 0], profile: true, sleep: solver === 'pgs-sleep',
    ...(solver === 'lcp' ? { solver: 'lcp' as const } : solver === 'mdp' ? { friction: 'max-dissipation' as const, pgs: pgsOverrides }
      : solver === 'pgs-gs' ? { pgs: pgsOverrides, experiments: { jointSolver: 'gauss-seidel' as const } } : { pgs: pgsOverrides }),
  });
  const scene = entry.build(world);
  const times = new Float64Array(steps);
  const stageTimes = STAGES.map(() => new Float64Array(steps));
  const stages = world.profiler.last.stages;
  const perContact = new Float64Array(steps).fill(NaN);
  const P = world.bodies.position, Q = world.bodies.orientation;
  const tracker = isJointed(scene.spec) ? trackJoints(localJoints(scene.spec), (i, p, q) => {
    const e = scene.bodies[i];
    p[0] = P[3 * e]; p[1] = P[3 * e + 1]; p[2] = P[3 * e + 2];
    q[0] = Q[4 * e]; q[1] = Q[4 * e + 1]; q[2] = Q[4 * e + 2]; q[3] = Q[4 * e + 3];
  }) : undefined;
  const budget = solver === 'lcp' ? entry.lcpStepBudgetMs ?? Infinity : Infinity;
  /** Steps taken (fewer than `steps` when the run stopped early). */
  let taken = 0;
  let cpu = 0;
  const cpuTimes = new Float64Array(steps);
  let stopped: string | undefined;
  return {
    stepRange(from, to) {
      for (let i = from; i < to && stopped === undefined; i++) {
        const c0 = cpuNow(), t0 = performance.now();
        stepWorld(world, DT);
        times[i] = performance.now() - t0;
        cpuTimes[i] = cpuNow() - c0;
        cpu += cpuTimes[i];
        for (let s = 0; s < STAGES.length; s++) stageTimes[s][i] = stages[STAGES[s]];
        const n = world.profiler.last.contacts;
        if (n > 0) perContact[i] = (1000 * stages.solve) / n;
        tracker?.after();
        taken = i + 1;
        if (times[i] > budget) {
          stopped = `stopped after step ${i + 1} of ${steps}: it took ${(times[i] / 1000).toFixed(1)} s (budget ${budget / 1000} s per step)`;
        }
      }
    },
    finish() {
      const pos = world.bodies.position;
      let topDisplacement: number | null = null;
      if (entry.standing && scene.top !== undefined && scene.topStart !== undefined) {
        const t = 3 * scene.top;
        topDisplacement = distance([pos[t], pos[t + 1], pos[t + 2]], scene.topStart);
      }
      const c = world.contacts;
      let maxPenetration = 0;
      for (let m = 0; m < c.count; m++) {
        if (c.sensor[m]) continue;
        for (let k = 0; k < c.pointCount[m]; k++) maxPenetration = Math.max(maxPenetration, -c.separation[4 * m + k]);
      }
      const stageMedians: Partial<Record<StageName, number>> = {};
      STAGES.forEach((s, i) => { stageMedians[s] = median(stageTimes[i].subarray(0, taken)); });
      const measured = Array.from(perContact.subarray(0, taken)).filter((x) => !Number.isNaN(x));
      const lv = world.bodies.linearVelocity;
      const stepTimes = times.subarray(0, taken);
      const final = new Float64Array(3 * scene.bodies.length);
      scene.bodies.forEach((e, i) => { final[3 * i] = pos[3 * e]; final[3 * i + 1] = pos[3 * e + 1]; final[3 * i + 2] = pos[3 * e + 2]; });
      const outcome = sceneOutcome(entry, scene.spec, final, topDisplacement);
      return {
        engine: 'ours', solver, scene: name, bodies: scene.bodies.length, steps: taken,
        solveUsPerContact: measured.length > 0 ? median(measured) : null,
        ...(name === 'cradle' ? { finalVx: scene.bodies.map((e) => lv[3 * e]) } : {}),
        ...jointColumns(tracker),
        ...(stopped !== undefined ? { stopped } : {}),
        medianMs: median(stepTimes), p95Ms: percentile(stepTimes, 0.95), stages: stageMedians, cpuMs: cpu / Math.max(1, taken),
        settledMs: median(stepTimes.subarray(Math.max(0, taken - SETTLED_STEPS))),
        settledCpuMs: mean(cpuTimes.subarray(Math.max(0, taken - SETTLED_STEPS), taken)),
        ...outcome, topDisplacement, maxPenetration,
        escaped: countEscaped(scene.bodies.map((e) => [pos[3 * e], pos[3 * e + 1], pos[3 * e + 2]])),
      };
    },
  };
}

function startCannon(name: SceneName, steps: number): Run {
  const entry = SCENES[name];
  if (entry.spec === undefined) throw new Error(`scene ${name} has no cannon-es version`);
  const spec = entry.spec();
  const { world, bodies } = isJointed(spec) ? buildCannonJointedScene(spec) : buildCannonScene(spec);
  const tracker = isJointed(spec) ? trackJoints(localJoints(spec), (i, p, q) => {
    const b = bodies[i];
    p[0] = b.position.x; p[1] = b.position.y; p[2] = b.position.z;
    q[0] = b.quaternion.x; q[1] = b.quaternion.y; q[2] = b.quaternion.z; q[3] = b.quaternion.w;
  }) : undefined;
  const times = new Float64Array(steps);
  let before = snapshotPositions(world);
  let cpu = 0;
  return {
    stepRange(from, to) {
      for (let i = from; i < to; i++) {
        if (i === steps - 1) before = snapshotPositions(world);
        const c0 = cpuNow(), t0 = performance.now();
        world.step(DT);
        times[i] = performance.now() - t0;
        cpu += cpuNow() - c0;
        tracker?.after();
      }
    },
    finish() {
      let topDisplacement: number | null = null;
      if (entry.standing) {
        const last = bodies.length - 1;
        const p = bodies[last].position;
        topDisplacement = distance([p.x, p.y, p.z], spec.dynamics[last].position);
      }
      const final = new Float64Array(3 * bodies.length);
      bodies.forEach((b, i) => { final[3 * i] = b.position.x; final[3 * i + 1] = b.position.y; final[3 * i + 2] = b.position.z; });
      return {
        engine: 'cannon', solver: 'gs', scene: name, bodies: bodies.length, steps,
        medianMs: median(times), p95Ms: percentile(times, 0.95), stages: {}, cpuMs: cpu / steps,
        ...sceneOutcome(entry, spec, final, topDisplacement),
        topDisplacement, maxPenetration: cannonMaxPenetration(world, before),
        escaped: countEscaped(bodies.map((b) => [b.position.x, b.position.y, b.position.z])),
        solveUsPerContact: null,
        ...jointColumns(tracker),
      };
    },
  };
}

/** Stood, and the scene's own metrics, from the final centres `final` `[3 × bodies]` (spec order). */
function sceneOutcome(entry: SceneEntry, spec: SceneSpec | undefined, final: Float64Array, topDisplacement: number | null): Pick<Row, 'stood' | 'quality'> {
  const quality = entry.quality !== undefined && spec !== undefined ? entry.quality(spec, final) : undefined;
  const stood = quality !== undefined && entry.stoodBy !== undefined ? entry.stoodBy(quality)
    : topDisplacement === null ? null : topDisplacement <= STOOD_TOLERANCE;
  return { stood, ...(quality !== undefined ? { quality } : {}) };
}

/** The reference engines' modules, loaded once before the runs (see `main`). */
const reference: { havok?: Awaited<ReturnType<typeof loadHavok>>; rapier?: Awaited<ReturnType<typeof loadRapier>> } = {};

/** Havok or Rapier running scene `name` (built from its description, sleeping off, their defaults). */
function startReference(engine: 'havok' | 'rapier', name: SceneName, steps: number): Run {
  const entry = SCENES[name];
  if (entry.spec === undefined) throw new Error(`scene ${name} has no description for ${engine}`);
  const spec = entry.spec();
  const gravity = entry.gravity ?? [0, -9.81, 0];
  let scene: ReferenceScene;
  if (engine === 'havok') {
    if (reference.havok === undefined) throw new Error('Havok is not loaded');
    scene = buildHavokScene(reference.havok, spec, gravity);
  } else {
    if (reference.rapier === undefined) throw new Error('Rapier is not loaded');
    scene = buildRapierScene(reference.rapier, spec, DT, gravity);
  }
  const times = new Float64Array(steps);
  let cpu = 0;
  return {
    stepRange(from, to) {
      for (let i = from; i < to; i++) {
        const c0 = cpuNow(), t0 = performance.now();
        scene.step(DT);
        times[i] = performance.now() - t0;
        cpu += cpuNow() - c0;
      }
    },
    finish() {
      const final = new Float64Array(3 * scene.bodies);
      scene.readPositions(final);
      scene.dispose();
      let topDisplacement: number | null = null;
      if (entry.standing) {
        const t = 3 * (scene.bodies - 1);
        topDisplacement = distance([final[t], final[t + 1], final[t + 2]], spec.dynamics[scene.bodies - 1].position);
      }
      const positions: number[][] = [];
      for (let i = 0; i < scene.bodies; i++) positions.push([final[3 * i], final[3 * i + 1], final[3 * i + 2]]);
      return {
        engine, solver: 'default', scene: name, bodies: scene.bodies, steps,
        medianMs: median(times), p95Ms: percentile(times, 0.95), stages: {}, cpuMs: cpu / steps,
        ...sceneOutcome(entry, spec, final, topDisplacement),
        topDisplacement, maxPenetration: NaN, escaped: countEscaped(positions), solveUsPerContact: null,
      };
    },
  };
}

const STARTERS: Record<EngineName, (name: SceneName, steps: number) => Run> = {
  ours: (n, s) => startOurs(n, s, 'pgs'),
  'ours-mdp': (n, s) => startOurs(n, s, 'mdp'),
  'ours-pgs-gs': (n, s) => startOurs(n, s, 'pgs-gs'),
  'ours-lcp': (n, s) => startOurs(n, s, 'lcp'),
  'ours-sleep': (n, s) => startOurs(n, s, 'pgs-sleep'),
  havok: (n, s) => startReference('havok', n, s),
  rapier: (n, s) => startReference('rapier', n, s),
  cannon: startCannon,
};

/** The engines that run scene `name`: cannon-es only where the scene has a cannon version (and is
 * not too big for it), Havok and Rapier on every described scene without joints, the accurate solver
 * only where its LCPs fit (unless the scene was named on the command line). */
function enginesFor(name: SceneName, o: Options): EngineName[] {
  const entry = SCENES[name];
  return o.engines.filter((e) => (e === 'cannon' ? entry.spec !== undefined && entry.cannon !== false
    : e === 'havok' || e === 'rapier' ? entry.spec !== undefined && !isJointed(entry.spec())
      : e === 'ours-lcp' ? entry.lcpFits || o.scenesGiven
        : e === 'ours-sleep' ? entry.sleepRow === true || o.solversGiven : true));
}

/** Steps per turn when the engines take turns (0.5 s of simulated time). */
const CHUNK = 30;

/**
 * Runs one scene on every engine, interleaved: both worlds are built first, then the engines take
 * turns of {@link CHUNK} steps (who goes first alternates with `turn`), so a burst of load from
 * elsewhere on the machine hits both engines in the same second of wall time, not one of them alone.
 */
function runInterleaved(name: SceneName, engines: EngineName[], steps: number, turn: number): Row[] {
  const order = turn % 2 === 0 ? engines : [...engines].reverse();
  const runs = order.map((e) => STARTERS[e](name, steps));
  for (let from = 0; from < steps; from += CHUNK) {
    const to = Math.min(steps, from + CHUNK);
    for (const r of runs) r.stepRange(from, to);
  }
  const rows = runs.map((r) => r.finish());
  return engines.map((e) => rows[order.indexOf(e)]);
}

/** Merges repeated runs: median of the medians (and of the p95s and stage medians); the outcome
 * (stood, displacement, penetration, escaped) of the last run. */
function mergeRuns(runs: Row[]): Row {
  const last = runs[runs.length - 1];
  if (runs.length === 1) return last;
  const stages: Partial<Record<StageName, number>> = {};
  for (const s of STAGES) {
    if (last.stages[s] !== undefined) stages[s] = median(runs.map((r) => r.stages[s] ?? NaN));
  }
  return {
    ...last,
    medianMs: median(runs.map((r) => r.medianMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    p95Ms: median(runs.map((r) => r.p95Ms)),
    ...(last.settledMs !== undefined ? { settledMs: median(runs.map((r) => r.settledMs ?? NaN)) } : {}),
    ...(last.settledCpuMs !== undefined ? { settledCpuMs: median(runs.map((r) => r.settledCpuMs ?? NaN)) } : {}),
    stages,
  };
}

/** A few short runs of every engine so the first measured scene does not pay for JIT warm-up. */
function warmUp(o: Options): void {
  const warm = { ...o, scenesGiven: false };
  runInterleaved('stack', enginesFor('stack', warm), 60, 0);
  for (const name of ['spheres', 'pile', 'joint-grid'] as const) {
    runInterleaved(name, enginesFor(name, warm).filter((e) => e !== 'ours-lcp' && e !== 'ours-sleep'), 10, 0);
  }
}

/** The mean cpu ms per step of `engine` (ours: pgs) in `rows`, or undefined. */
function cpuOf(rows: Row[], engine: Row['engine']): number | undefined {
  return rows.find((r) => r.engine === engine && (engine !== 'ours' || r.solver === 'pgs'))?.cpuMs;
}

/** The median ms per step of `engine` (ours: pgs) in `rows`, or undefined. */
function msOf(rows: Row[], engine: Row['engine']): number | undefined {
  return rows.find((r) => r.engine === engine && (engine !== 'ours' || r.solver === 'pgs'))?.medianMs;
}

const fmt = (x: number | null, digits = 2): string => (x === null || Number.isNaN(x) ? '–' : x.toFixed(digits));
const pad = (s: string, n: number): string => s.padStart(n);

function printScene(name: SceneName, rows: Row[], steps: number, repeat: number): void {
  const out: string[] = [];
  out.push(`\n${name}: ${SCENES[name].description}`);
  out.push(`  ${steps} steps of 1/60 s${repeat > 1 ? `, median of ${repeat} runs` : ''}`);
  const head = ['engine', 'bodies', 'median ms', 'p95 ms', 'cpu ms', ...STAGES.map((s) => s.slice(0, 7)),
    'stood', 'top Δ m', 'max pen mm', 'escaped', 'µs/contact'];
  const widths = [14, 7, 10, 8, 8, ...STAGES.map(() => 8), 6, 8, 11, 8, 11];
  out.push('  ' + head.map((h, i) => (i === 0 ? h.padEnd(widths[i]) : pad(h, widths[i]))).join(''));
  for (const r of rows) {
    const cells = [
      `${r.engine}/${r.solver}`.padEnd(widths[0]),
      pad(String(r.bodies), widths[1]),
      pad(fmt(r.medianMs), widths[2]),
      pad(fmt(r.p95Ms), widths[3]),
      pad(fmt(r.cpuMs), widths[4]),
      ...STAGES.map((s, i) => pad(fmt(r.stages[s] ?? null, 3), widths[5 + i])),
      pad(r.stood === null ? '–' : r.stood ? 'yes' : 'NO', widths[5 + STAGES.length]),
      pad(fmt(r.topDisplacement, 3), widths[6 + STAGES.length]),
      pad(fmt(r.maxPenetration * 1000, 1), widths[7 + STAGES.length]),
      pad(String(r.escaped), widths[8 + STAGES.length]),
      pad(fmt(r.solveUsPerContact, 2), widths[9 + STAGES.length]),
    ];
    out.push('  ' + cells.join(''));
    if (r.quality !== undefined) {
      out.push(`    ${Object.entries(r.quality).map(([k, v]) => `${k} ${fmt(v, 3)}`).join(', ')}`);
    }
    if (r.finalVx) out.push(`    final v_x: (${r.finalVx.map((x) => x.toFixed(7)).join(', ')}) m/s`);
    if (r.stopped !== undefined) out.push(`    ${r.engine}/${r.solver} ${r.stopped}`);
  }
  if (rows.some((r) => r.joints !== undefined)) {
    out.push(`  joints: ${rows.find((r) => r.joints !== undefined)?.joints ?? 0}; errors of each engine `
      + '(anchor gap: largest over the joints; hinge axis angle and limit excess: largest over the hinges)');
    const jh = ['engine', 'steps', 'gap end mm', 'gap max mm', 'axis max °', 'limit max °'];
    const jw = [14, 7, 12, 12, 12, 12];
    out.push('  ' + jh.map((h, i) => (i === 0 ? h.padEnd(jw[i]) : pad(h, jw[i]))).join(''));
    const deg = 180 / Math.PI;
    for (const r of rows) {
      if (r.joints === undefined) continue;
      out.push('  ' + [
        `${r.engine}/${r.solver}`.padEnd(jw[0]), pad(String(r.steps), jw[1]),
        pad(fmt((r.jointGapEnd ?? NaN) * 1000, 3), jw[2]), pad(fmt((r.jointGapMax ?? NaN) * 1000, 3), jw[3]),
        pad(fmt(r.hingeAxisErrorMax == null ? null : r.hingeAxisErrorMax * deg, 3), jw[4]),
        pad(fmt(r.hingeLimitExcessMax == null ? null : r.hingeLimitExcessMax * deg, 3), jw[5]),
      ].join(''));
    }
  }
  const havok = msOf(rows, 'havok'), havokCpu = cpuOf(rows, 'havok');
  if (havok !== undefined && havokCpu !== undefined) {
    const ratios = rows.filter((r) => r.engine !== 'havok')
      .map((r) => `${r.engine}/${r.solver} ${fmt(r.medianMs / havok, 3)} (cpu ${fmt(r.cpuMs / havokCpu, 3)})`);
    if (ratios.length > 0) out.push(`  ratio to Havok (median wall ms per step; mean cpu ms per step): ${ratios.join(', ')}`);
  }
  const awake = rows.find((r) => r.engine === 'ours' && r.solver === 'pgs');
  const asleep = rows.find((r) => r.engine === 'ours' && r.solver === 'pgs-sleep');
  if (awake?.settledCpuMs !== undefined && asleep?.settledCpuMs !== undefined && awake.settledMs !== undefined && asleep.settledMs !== undefined) {
    out.push(`  sleeping on, settled (last ${SETTLED_STEPS} steps): cpu ${fmt(asleep.settledCpuMs, 3)} ms = `
      + `${fmt((100 * asleep.settledCpuMs) / awake.settledCpuMs, 1)} % of the awake step (${fmt(awake.settledCpuMs, 3)} ms); `
      + `median wall ${fmt(asleep.settledMs, 3)} ms = ${fmt((100 * asleep.settledMs) / awake.settledMs, 1)} %`);
  }
  const ours = msOf(rows, 'ours'), cannon = msOf(rows, 'cannon');
  if (ours !== undefined && cannon !== undefined) out.push(`  ratio ours/cannon (median ms per step): ${fmt(ours / cannon, 3)}`);
  process.stdout.write(out.join('\n') + '\n');
}

async function main(): Promise<void> {
  let o: Options;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`bench: ${(e as Error).message}\n`);
    process.exit(2);
  }
  if (!o.json) {
    process.stdout.write(`bench: ${o.steps} steps of 1/60 s per run, ${o.repeat} run(s) per engine × scene; `
      + `${availableParallelism()} CPUs, load average ${loadavg()[0].toFixed(2)} (1 min) at start; node ${process.version}\n`);
  }
  pgsOverrides = o.pgs;
  if (o.engines.includes('havok')) reference.havok = await loadHavok();
  if (o.engines.includes('rapier')) reference.rapier = await loadRapier();
  warmUp(o);
  const all: Row[] = [];
  for (const name of o.scenes) {
    const engines = enginesFor(name, o);
    if (engines.length === 0) continue;
    const runs = new Map<EngineName, Row[]>(engines.map((e) => [e, []]));
    // an untimed run of this very scene first (all its steps): the JIT compiles the paths this scene
    // takes (a 2D pyramid's manifolds coming to rest take other branches than a pile's); on a loaded
    // machine an optimizing compile can take seconds of wall time, during which the step runs
    // unoptimized and allocates (garbage collections of 20–80 ms at load 25)
    runInterleaved(name, engines, o.steps, 1);
    for (let r = 0; r < o.repeat; r++) {
      const rows = runInterleaved(name, engines, o.steps, r);
      engines.forEach((e, i) => runs.get(e)?.push(rows[i]));
    }
    const rows = engines.map((e) => mergeRuns(runs.get(e) ?? []));
    all.push(...rows);
    if (o.json) {
      for (const r of rows) process.stdout.write(JSON.stringify(r) + '\n');
    } else {
      printScene(name, rows, o.steps, o.repeat);
    }
  }
  if (!o.json) {
    const lines = ['\nsummary: median wall ms per step (ratio to Havok) | mean cpu ms per step (ratio), same process, engines interleaved:'];
    const engines: Row['engine'][] = ['ours', 'havok', 'rapier', 'cannon'];
    lines.push(`  ${'scene'.padEnd(18)}${engines.map((e) => e.padStart(30)).join('')}`);
    for (const name of o.scenes) {
      const rows = all.filter((r) => r.scene === name);
      const havok = msOf(rows, 'havok'), havokCpu = cpuOf(rows, 'havok');
      const cells = engines.map((e) => {
        const ms = msOf(rows, e), cpu = cpuOf(rows, e);
        if (ms === undefined || cpu === undefined) return '–'.padStart(30);
        const other = havok !== undefined && havokCpu !== undefined && e !== 'havok';
        return `${fmt(ms)}${other ? ` (${fmt(ms / havok)})` : ''} | ${fmt(cpu)}${other ? ` (${fmt(cpu / havokCpu)})` : ''}`.padStart(30);
      });
      if (rows.length > 0) lines.push(`  ${name.padEnd(18)}${cells.join('')}`);
    }
    // cost growth from 1000 to 4000 bodies (issue target: at most 4.2 ×), when both sizes ran
    for (const [small, big] of GROWTH_PAIRS) {
      const a = all.filter((r) => r.scene === small), b = all.filter((r) => r.scene === big);
      const cells = engines.flatMap((e) => {
        const ca = cpuOf(a, e), cb = cpuOf(b, e);
        return ca === undefined || cb === undefined ? [] : [`${e} ${fmt(cb / ca)} ×`];
      });
      if (cells.length > 0) lines.push(`  growth ${small} → ${big} (mean cpu ms per step): ${cells.join(', ')}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  }
  if (o.v2 && !o.json) process.stdout.write(formatV2Bench(await runV2Bench(o.steps), o.steps));
  if (!o.json) process.stdout.write(`load average ${loadavg()[0].toFixed(2)} (1 min) at the end\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
