/**
 * Seeded random abuse scenes and the checks run on them (the robustness fuzz).
 *
 * A scene: a static ground plane (y = 0), 0–4 static boxes on it, 5–60 dynamic spheres, boxes and
 * capsules of 0.05–3 m (radius or half extent) and 0.01–1000 kg (log-uniform), thrown at up to 50 m/s
 * with random spins, and (in half the scenes) random joints (ball, hinge, slider, fixed, distance,
 * sixDof) between some of them or to the world. Restitution is 0 everywhere, so with no joints a step may
 * never add energy. 600 steps at dt = 1/60 by default.
 *
 * The checks after every step (`runFuzzScene`): no exception from `stepWorld`, no body reported in
 * `world.nonFiniteBodies`, no non-finite or runaway state (speed ≤ `maxSpeed`, |position| ≤ 1e6 m), no
 * dynamic body whose centre is below the ground; in scenes without joints the total mechanical energy
 * (kinetic + gravitational, ground as zero) never rising by more than 1 % (+ 1e-6 J) in a step, and in
 * scenes with joints (no motors) never exceeding 2 × its start value + 1 J. The jointed bound detects
 * explosions (they multiply the energy by 10 to 1e20 within steps), not drift: the fast mode's rigid
 * joint position correction slowly spins up a spinning jointed assembly (it pulls the anchors that the
 * linearized substeps let drift outwards back in, and the assembly turns faster as its angular momentum
 * is kept): +21 % in 600 steps for fuzz seed 47 (three bodies turning at 15 rad/s, anchors up to 15 m
 * from the centres), none with `jointHertz: 0`.
 *
 * No Babylon imports, no printing. The same seed gives the same scene everywhere.
 */

import { addBody, type ColliderDef } from '../plugin/bodies';
import { addJoint, type JointDef } from '../plugin/joints';
import { registerAccurateSolver } from '../plugin/accurate';
import { createPhysicsWorld, type PhysicsWorld } from '../plugin/world';
import { stepWorld } from '../plugin/step';
import { MotionType } from '../components/rigid-body';
import { createRandom, randomQuaternion, randomRange, type Random } from './prng';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

/** The solver configurations the fuzz runs: fast Coulomb, fast maximum-dissipation, accurate. */
export type FuzzMode = 'pgs' | 'mdp' | 'lcp';
import '../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

registerAccurateSolver(); // the fuzz / tests run the accurate mode too

/** What one fuzz scene contains (for the report and for shrinking). */
export interface FuzzScene {
  world: PhysicsWorld;
  /** Whether the dynamic bodies collide (the below-ground check applies only then). */
  collisions: boolean;
  seed: number;
  dynamics: number[];
  joints: number[];
  /** Joint kinds in the order added. */
  jointKinds: string[];
}

/** Options of a fuzz scene. */
export interface FuzzSceneOptions {
  /** Solver configuration (default 'pgs'). */
  mode?: FuzzMode;
  /** Force joints on (true), off (false) or random (undefined: half the scenes). */
  joints?: boolean;
  /** Keep only these dynamic body indices (shrinking); joints between kept bodies survive. */
  keep?: readonly number[];
  /** Keep only these joint indices (shrinking). */
  keepJoints?: readonly number[];
  /** Dynamic bodies collide (default true); false gives them mask 0 (joints and gravity only). */
  collisions?: boolean;
}

function logUniform(r: Random, lo: number, hi: number): number {
  // lo · (hi / lo)^u without a transcendental: a product of 2^k steps would bias; use a piecewise
  // geometric table instead (deterministic and cheap): 24 log-spaced knots, linear in between.
  const u = r() * 24;
  const k = Math.floor(u);
  const ratio = hi / lo;
  let a = lo;
  // knot k = lo · ratio^(k/24), by repeated multiplication with the 24th root found by bisection
  const step = root24(ratio);
  for (let i = 0; i < k; i++) a *= step;
  return a + (a * step - a) * (u - k);
}

function root24(x: number): number {
  let lo = 1, hi = x;
  for (let i = 0; i < 200; i++) {
    const m = 0.5 * (lo + hi);
    let p = 1;
    for (let j = 0; j < 24; j++) p *= m;
    if (p > x) hi = m; else lo = m;
  }
  return lo;
}

function randomCollider(r: Random, collide: boolean): ColliderDef {
  const noCollide = collide ? {} : { mask: 0 };
  const pick = r();
  if (pick < 1 / 3) return { shape: 'sphere', radius: randomRange(r, 0.05, 3), restitution: 0, ...noCollide };
  if (pick < 2 / 3) {
    return {
      shape: 'box', restitution: 0, ...noCollide,
      halfExtents: [randomRange(r, 0.05, 3), randomRange(r, 0.05, 3), randomRange(r, 0.05, 3)],
    };
  }
  return { shape: 'capsule', radius: randomRange(r, 0.05, 3), halfHeight: randomRange(r, 0.05, 3), restitution: 0, ...noCollide };
}

function randomUnit(r: Random): [number, number, number] {
  for (;;) {
    const x = 2 * r() - 1, y = 2 * r() - 1, z = 2 * r() - 1;
    const l2 = x * x + y * y + z * z;
    if (l2 > 1e-4 && l2 <= 1) { const l = Math.sqrt(l2); return [x / l, y / l, z / l]; }
  }
}

/** Builds the fuzz scene of `seed` in a new world. */
export function buildFuzzScene(seed: number, options: FuzzSceneOptions = {}): FuzzScene {
  const mode = options.mode ?? 'pgs';
  const world = mode === 'lcp'
    ? createPhysicsWorld({ solver: 'lcp' })
    : createPhysicsWorld({ friction: mode === 'mdp' ? 'max-dissipation' : 'coulomb' });
  const r = createRandom(seed * 2654435761 + 12345);
  addBody(world, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
  const staticCount = Math.floor(r() * 5);
  for (let i = 0; i < staticCount; i++) {
    const he: [number, number, number] = [randomRange(r, 0.2, 4), randomRange(r, 0.2, 2), randomRange(r, 0.2, 4)];
    addBody(world, {
      type: 'static', position: [randomRange(r, -15, 15), he[1], randomRange(r, -15, 15)],
      orientation: [0, 0, 0, 1], collider: { shape: 'box', halfExtents: he, restitution: 0 },
    });
  }
  const n = 5 + Math.floor(r() * 56);
  const coin = r() < 0.5; // drawn always, so forcing joints on or off keeps the rest of the scene
  const withJoints = options.joints ?? coin;
  const keep = options.keep === undefined ? undefined : new Set(options.keep);
  const dynamics: number[] = [];
  const index: number[] = []; // scene index -> entity (or -1 when not kept)
  for (let i = 0; i < n; i++) {
    const collider = randomCollider(r, options.collisions ?? true);
    const mass = logUniform(r, 0.01, 1000);
    const position: [number, number, number] = [randomRange(r, -15, 15), randomRange(r, 3.5, 30), randomRange(r, -15, 15)];
    const orientation = randomQuaternion(r);
    const speed = 50 * r();
    const dir = randomUnit(r);
    const spin = randomUnit(r);
    const spinRate = 20 * r();
    if (keep !== undefined && !keep.has(i)) { index.push(-1); continue; }
    const e = addBody(world, {
      position, orientation, mass, collider,
      linearVelocity: [dir[0] * speed, dir[1] * speed, dir[2] * speed],
      angularVelocity: [spin[0] * spinRate, spin[1] * spinRate, spin[2] * spinRate],
    });
    dynamics.push(e);
    index.push(e);
  }
  const joints: number[] = [];
  const jointKinds: string[] = [];
  if (withJoints) {
    const count = 1 + Math.floor(r() * Math.max(1, n / 2));
    const keepJ = options.keepJoints === undefined ? undefined : new Set(options.keepJoints);
    const kinds = ['ball', 'hinge', 'slider', 'fixed', 'distance', 'sixDof'] as const;
    for (let j = 0; j < count; j++) {
      const ia = Math.floor(r() * n);
      let ib = Math.floor(r() * (n + 1)) - 1; // −1 = the world
      if (ib === ia) ib = -1;
      const kind = kinds[Math.floor(r() * kinds.length)];
      const axis = randomUnit(r);
      const limited = r() < 0.5;
      const lim = randomRange(r, 0.1, 1.5);
      const a = index[ia], b = ib < 0 ? -1 : index[ib];
      if (a < 0 || (ib >= 0 && b < 0) || (keepJ !== undefined && !keepJ.has(j))) continue;
      const P = world.bodies.position;
      const anchor: [number, number, number] = b < 0
        ? [P[3 * a], P[3 * a + 1] + 1, P[3 * a + 2]]
        : [0.5 * (P[3 * a] + P[3 * b]), 0.5 * (P[3 * a + 1] + P[3 * b + 1]), 0.5 * (P[3 * a + 2] + P[3 * b + 2])];
      const common = { bodyA: a, ...(b < 0 ? {} : { bodyB: b }), worldAxis: axis };
      let def: JointDef;
      switch (kind) {
        case 'ball': def = { ...common, kind, worldAnchor: anchor, ...(limited ? { swingLimit: lim } : {}) }; break;
        case 'hinge': def = { ...common, kind, worldAnchor: anchor, ...(limited ? { limits: { lower: -lim, upper: lim } } : {}) }; break;
        case 'slider': def = { ...common, kind, worldAnchor: anchor, ...(limited ? { limits: { lower: -lim, upper: lim } } : {}) }; break;
        case 'fixed': def = { ...common, kind, worldAnchor: anchor }; break;
        case 'distance': def = { ...common, kind, ...(b < 0 ? { anchorB: anchor } : {}) }; break;
        default: def = {
          ...common, kind: 'sixDof', worldAnchor: anchor,
          linear: ['locked', limited ? { lower: -lim, upper: lim } : 'free', 'locked'],
          angular: ['free', limited ? { lower: -lim, upper: lim } : 'locked', 'free'],
        };
      }
      joints.push(addJoint(world, def));
      jointKinds.push(kind);
    }
  }
  return { world, collisions: options.collisions ?? true, seed, dynamics, joints, jointKinds };
}

/** A failure found in a fuzz scene. */
export interface FuzzFailure {
  seed: number;
  step: number;
  kind: 'exception' | 'non-finite' | 'runaway' | 'below-ground' | 'energy';
  detail: string;
}

/** Options of a fuzz run. */
export interface FuzzRunOptions extends FuzzSceneOptions {
  /** Steps (default 600). */
  steps?: number;
  /** Step (unit: s, default 1/60). */
  dt?: number;
  /** Check that no dynamic centre is below the ground (default true when the bodies collide). */
  belowGround?: boolean;
  /** Check the energy of joint-free scenes step by step (default true). */
  energy?: boolean;
  /** Largest allowed speed (unit: m/s, default 1e4; energy bounds the scene, this catches a runaway body early). */
  maxSpeed?: number;
}

/** Total mechanical energy (J): ½ m v² + ½ ωᵀ I ω + m g (−y) over dynamic bodies, gravity along −y. */
export function mechanicalEnergy(world: PhysicsWorld, dynamics: readonly number[]): number {
  const b = world.bodies;
  const g = -world.gravity[1];
  let e = 0;
  for (const id of dynamics) {
    const m = b.mass[id];
    const i3 = 3 * id, i4 = 4 * id;
    const vx = b.linearVelocity[i3], vy = b.linearVelocity[i3 + 1], vz = b.linearVelocity[i3 + 2];
    // ω in body axes: Rᵀ ω
    const qx = b.orientation[i4], qy = b.orientation[i4 + 1], qz = b.orientation[i4 + 2], qw = b.orientation[i4 + 3];
    const wx = b.angularVelocity[i3], wy = b.angularVelocity[i3 + 1], wz = b.angularVelocity[i3 + 2];
    // rotate by the conjugate
    const tx = 2 * (-qy * wz + qz * wy), ty = 2 * (-qz * wx + qx * wz), tz = 2 * (-qx * wy + qy * wx);
    const lx = wx + qw * tx + (-qy * tz + qz * ty);
    const ly = wy + qw * ty + (-qz * tx + qx * tz);
    const lz = wz + qw * tz + (-qx * ty + qy * tx);
    const I = b.inertiaLocal;
    e += 0.5 * m * (vx * vx + vy * vy + vz * vz)
      + 0.5 * (I[i3] * lx * lx + I[i3 + 1] * ly * ly + I[i3 + 2] * lz * lz)
      + m * g * b.position[i3 + 1];
  }
  return e;
}

/** Runs one fuzz scene and returns its first failure, or undefined. */
export function runFuzzScene(seed: number, options: FuzzRunOptions = {}): FuzzFailure | undefined {
  const scene = buildFuzzScene(seed, options);
  return checkFuzzScene(scene, options);
}

/** Steps a built fuzz scene with the checks of {@link runFuzzScene}. */
export function checkFuzzScene(scene: FuzzScene, options: FuzzRunOptions = {}): FuzzFailure | undefined {
  const { world, seed, dynamics } = scene;
  const steps = options.steps ?? 600;
  const dt = options.dt ?? 1 / 60;
  const maxSpeed = options.maxSpeed ?? 1e4;
  const energyCheck = scene.joints.length === 0 && (options.energy ?? true);
  const groundCheck = scene.collisions && (options.belowGround ?? true);
  const b = world.bodies;
  const eStart = mechanicalEnergy(world, dynamics);
  let e0 = eStart;
  for (let s = 0; s < steps; s++) {
    try {
      stepWorld(world, dt);
    } catch (err) {
      return { seed, step: s, kind: 'exception', detail: String(err) };
    }
    if (world.nonFiniteBodies.length > 0) {
      return { seed, step: s, kind: 'non-finite', detail: `bodies ${world.nonFiniteBodies.join(', ')}` };
    }
    for (const id of dynamics) {
      if (b.motionType[id] !== MotionType.dynamic) continue;
      const i3 = 3 * id;
      const vx = b.linearVelocity[i3], vy = b.linearVelocity[i3 + 1], vz = b.linearVelocity[i3 + 2];
      const v2 = vx * vx + vy * vy + vz * vz;
      const px = b.position[i3], py = b.position[i3 + 1], pz = b.position[i3 + 2];
      if (!(v2 <= maxSpeed * maxSpeed) || !(Math.abs(px) <= 1e6 && Math.abs(py) <= 1e6 && Math.abs(pz) <= 1e6)) {
        return { seed, step: s, kind: 'runaway', detail: `body ${id}: v = ${Math.sqrt(v2).toPrecision(4)} m/s, y = ${py.toPrecision(4)} m` };
      }
      if (py < 0 && groundCheck) {
        return { seed, step: s, kind: 'below-ground', detail: `body ${id}: y = ${py.toPrecision(4)} m` };
      }
    }
    const e1 = mechanicalEnergy(world, dynamics);
    if (energyCheck && e1 > e0 + 0.01 * Math.abs(e0) + 1e-6) {
      return { seed, step: s, kind: 'energy', detail: `E ${e0.toPrecision(6)} → ${e1.toPrecision(6)} J` };
    }
    if (scene.joints.length > 0 && !(e1 <= 2 * eStart + 1)) {
      return { seed, step: s, kind: 'runaway', detail: `E ${eStart.toPrecision(6)} → ${e1.toPrecision(6)} J (joints)` };
    }
    e0 = e1;
  }
  return undefined;
}
