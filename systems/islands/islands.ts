/**
 * Stage 3, islands: the constraint graph's connected components, sleeping and waking.
 * Reads: the contact store (manifolds with points), the joints, body velocities and sleep timers.
 * Writes: `bodies.sleeping`, `bodies.sleepTime`, the sleeping islands' body lists.
 *
 * An island is a set of dynamic bodies connected by contacts (non-sensor manifolds with at least one
 * point, speculative points included) and enabled joints; static and kinematic bodies do not join
 * islands (a floor does not merge everything standing on it). Islands are found per step by
 * union–find over the awake dynamic bodies (`union-find.ts`), which measures as cheap as keeping
 * them persistent (Box2D v3 keeps a persistent graph and splits islands lazily; here the whole
 * union–find is O(bodies + manifolds) and ~1 % of a pile's step).
 *
 * Sleeping (Box2D v3's rules, `b2FinalizeBodies` / `b2TrySleepIsland`):
 * - after the step, each awake dynamic body's sleep timer grows by h while |v| < `linearThreshold` and
 *   |ω| < `angularThreshold` (and `allowSleep`), and is reset to 0 otherwise;
 * - an island whose smallest timer reaches `timeToSleep` (0.5 s) and that touches no moving kinematic
 *   body goes to sleep as a whole: its bodies get `sleeping = 1` and zero velocities, and are linked in
 *   a list (`next`, headed by the island's smallest entity id, `head[e]`) so it wakes as a whole;
 * - a sleeping body costs nothing: the broadphase keeps its AABB and pairs it only with awake dynamic
 *   and kinematic bodies, the narrowphase keeps (does not recompute or drop) its manifolds with other
 *   sleeping and static bodies, assembly gives it zero inverse mass and velocity and builds no rows
 *   between two bodies that cannot move;
 * - an island wakes (timers reset) on: a manifold with points between one of its bodies and an awake
 *   dynamic body or a moving kinematic body ({@link wakeTouchedIslands}, before assembly, so the woken
 *   bodies take part in this step's solve); a joint between one of its bodies and an awake body; and
 *   every public call that moves, pushes or removes a body ({@link wakeBody},
 *   {@link wakeBodyAndTouching}: `plugin/bodies.ts`, `plugin/joints.ts`).
 * - a body put to sleep by {@link sleepBody} (created asleep, or `sleepNow`) was never paired with the
 *   static and sleeping bodies around it, so it has no manifolds with them; when the step wakes its island
 *   ({@link wakeTouchedIslands} sets `unpaired`), the step runs the broadphase and the narrowphase again
 *   before assembly, so the woken bodies are solved with their supports in the step they wake (without it,
 *   a stack created asleep and hit by a ball lost one layer's support per step: its bottom box sank 1 cm
 *   into the ground in the second step, `test/unit/systems/islands/sleeping.test.ts`).
 *
 * Allocation: none in the step once the arrays have grown to the entity capacity.
 */

import { commitEntityList } from '../../components/entity-list';
import { MotionType, type RigidBodyStore } from '../../components/rigid-body';
import type { ContactStore } from '../../components/contact';
import { WORLD_BODY, type JointStore } from '../../components/joint';
import { nextCapacity } from '../../components/capacity';
import { findRoot, unite } from './union-find';

/** Sleep settings of a world (see the file header). */
export interface SleepOptions {
  /** Whether islands may sleep at all (default true; benchmarks turn it off). */
  enabled: boolean;
  /** A body counts as resting while |v| is below this (unit: m/s, default 0.05). */
  linearThreshold: number;
  /** … and |ω| below this (unit: rad/s, default 0.05). */
  angularThreshold: number;
  /** An island sleeps when all its bodies have rested this long (unit: s, default 0.5). */
  timeToSleep: number;
}

/** The default {@link SleepOptions} (Box2D v3's threshold and time). */
export function defaultSleepOptions(): SleepOptions {
  return { enabled: true, linearThreshold: 0.05, angularThreshold: 0.05, timeToSleep: 0.5 };
}

/** The islands stage's state: options, union–find scratch and the sleeping islands' lists. */
export interface IslandState {
  options: SleepOptions;
  /** `[entity capacity]` union–find parents over entity ids (scratch, valid for awake dynamic bodies
   * from {@link buildIslands} until the end of the step). @internal */
  parent: Int32Array;
  /** `[entity capacity]` per island root: the smallest sleep timer of its bodies (unit: s; scratch). @internal */
  minSleepTime: Float64Array;
  /** `[entity capacity]` per island root: 1 when it touches a moving kinematic body (scratch). @internal */
  keepAwake: Uint8Array;
  /** `[entity capacity]` next body in the list of a sleeping island, −1 at the end. @internal */
  next: Int32Array;
  /** `[entity capacity]` first body of the sleeping island a sleeping body belongs to, −1 when awake. @internal */
  head: Int32Array;
  /** `[entity capacity]` 1 for a body put to sleep by {@link sleepBody} that has not been awake in a step
   * since (it has no manifolds with the static and sleeping bodies it touches). @internal */
  fresh: Uint8Array;
  /** Whether {@link wakeTouchedIslands} woke a body marked `fresh` in this step: the step then collides
   * again before assembly (see the file header). @internal */
  unpaired: boolean;
  /** Islands put to sleep in the last step, and woken since the start of the last step (stats). */
  slept: number;
  woken: number;
  /** The stage's functions, carried by the state so that a world without sleeping does not ship them
   * (the step and the public calls reach them only through a world's `islands`). @internal */
  readonly stage: IslandStage;
}

/** The functions of the islands stage (this module's, bound to nothing: they take the state). */
export interface IslandStage {
  sleepBody: typeof sleepBody;
  wakeIsland: typeof wakeIsland;
  wakeBodyAndTouching: typeof wakeBodyAndTouching;
  wakeAll: typeof wakeAll;
  wakeTouchedIslands: typeof wakeTouchedIslands;
  buildIslands: typeof buildIslands;
  sleepIslands: typeof sleepIslands;
}

export function createIslandState(options: Partial<SleepOptions> = {}): IslandState {
  return {
    stage: { sleepBody, wakeIsland, wakeBodyAndTouching, wakeAll, wakeTouchedIslands, buildIslands, sleepIslands },
    options: { ...defaultSleepOptions(), ...options },
    parent: new Int32Array(64),
    minSleepTime: new Float64Array(64),
    keepAwake: new Uint8Array(64),
    next: new Int32Array(64).fill(-1),
    head: new Int32Array(64).fill(-1),
    fresh: new Uint8Array(64),
    unpaired: false,
    slept: 0,
    woken: 0,
  };
}

function ensureCapacity(s: IslandState, n: number): void {
  if (s.parent.length >= n) return;
  const c = nextCapacity(s.parent.length, n);
  s.parent = new Int32Array(c);
  s.minSleepTime = new Float64Array(c);
  s.keepAwake = new Uint8Array(c);
  const next = new Int32Array(c).fill(-1), head = new Int32Array(c).fill(-1), fresh = new Uint8Array(c);
  next.set(s.next);
  head.set(s.head);
  fresh.set(s.fresh);
  s.next = next;
  s.head = head;
  s.fresh = fresh;
}

/** Wakes the sleeping island of body `e` (no-op when `e` is awake): every body of its list gets
 * `sleeping = 0` and a zero timer; `s.unpaired` is set when one of them is `fresh`. */
export function wakeIsland(s: IslandState, bodies: RigidBodyStore, e: number): void {
  if (bodies.sleeping[e] === 0 || e >= s.head.length) return;
  let b = s.head[e];
  while (b >= 0) {
    bodies.sleeping[b] = 0;
    bodies.sleepTime[b] = 0;
    if (s.fresh[b] === 1) { s.fresh[b] = 0; s.unpaired = true; }
    s.head[b] = -1;
    const n = s.next[b];
    s.next[b] = -1;
    b = n;
  }
  s.woken++;
}

/** Whether body `e` moves the bodies it touches: an awake dynamic body, or a kinematic body with a
 * non-zero velocity. */
function isActive(bodies: RigidBodyStore, e: number): boolean {
  const mt = bodies.motionType[e];
  if (mt === MotionType.dynamic) return bodies.sleeping[e] === 0;
  if (mt !== MotionType.kinematic) return false;
  const v = bodies.linearVelocity, w = bodies.angularVelocity, o = 3 * e;
  return v[o] !== 0 || v[o + 1] !== 0 || v[o + 2] !== 0 || w[o] !== 0 || w[o + 1] !== 0 || w[o + 2] !== 0;
}

/**
 * Puts dynamic body `e` to sleep now, alone as its own island (a body created asleep): its velocities
 * are zeroed and it wakes as any sleeping body does (an active body touching it, a joint to an awake
 * body, a public call). No-op for a body that is not dynamic or already sleeps.
 */
export function sleepBody(s: IslandState, bodies: RigidBodyStore, e: number): void {
  if (bodies.motionType[e] !== MotionType.dynamic || bodies.sleeping[e] === 1) return;
  ensureCapacity(s, bodies.capacity);
  bodies.sleeping[e] = 1;
  bodies.sleepTime[e] = 0;
  s.head[e] = e;
  s.next[e] = -1;
  s.fresh[e] = 1;
  const v = bodies.linearVelocity, w = bodies.angularVelocity, o = 3 * e;
  v[o] = 0; v[o + 1] = 0; v[o + 2] = 0;
  w[o] = 0; w[o + 1] = 0; w[o + 2] = 0;
}

/** `allowSleep` value of a body that contacts do not wake once it sleeps (it acts as fixed for the bodies
 * touching it); public calls still wake it (Havok's ALWAYS_INACTIVE activation control). */
export const KEEP_ASLEEP = 2;

/** A body that public calls moved, pushed or reshaped: wakes its island. */
export function wakeBody(s: IslandState, bodies: RigidBodyStore, e: number): void {
  wakeIsland(s, bodies, e);
}

/** A body that is removed, teleported or changed in a way its neighbours feel (a static or kinematic
 * body moved, a shape changed): wakes its island and the island of every body it has a manifold with. */
export function wakeBodyAndTouching(s: IslandState, bodies: RigidBodyStore, contacts: ContactStore, e: number): void {
  wakeIsland(s, bodies, e);
  for (let m = 0; m < contacts.count; m++) {
    const a = contacts.bodyA[m], b = contacts.bodyB[m];
    if (a === e) wakeIsland(s, bodies, b);
    else if (b === e) wakeIsland(s, bodies, a);
  }
}

/** Wakes every sleeping island (sleeping turned off, or a solver that needs every body). */
export function wakeAll(s: IslandState, bodies: RigidBodyStore): void {
  const members = commitEntityList(bodies.members), list = members.dense;
  for (let i = 0; i < members.count; i++) wakeIsland(s, bodies, list[i]);
}

/**
 * Wakes the sleeping islands that an active body touches through a manifold with points, or that a
 * joint ties to an awake body; repeated until nothing more wakes (a woken island may touch another).
 * Returns whether it woke a body put to sleep by {@link sleepBody} that has no manifolds yet (the step
 * then collides again and calls it once more: see the file header).
 */
export function wakeTouchedIslands(s: IslandState, bodies: RigidBodyStore, contacts: ContactStore, joints: JointStore): boolean {
  const sleeping = bodies.sleeping;
  s.unpaired = false;
  for (let changed = true; changed;) {
    changed = false;
    for (let m = 0; m < contacts.count; m++) {
      if (contacts.pointCount[m] === 0 || contacts.sensor[m]) continue;
      const a = contacts.bodyA[m], b = contacts.bodyB[m];
      if (sleeping[a] === sleeping[b]) continue;
      const asleep = sleeping[a] === 1 ? a : b, other = asleep === a ? b : a;
      if (bodies.allowSleep[asleep] === KEEP_ASLEEP) continue;
      if (isActive(bodies, other)) { wakeIsland(s, bodies, asleep); changed = true; }
    }
    for (let i = 0; i < joints.count; i++) {
      const j = joints.list[i];
      if (!joints.enabled[j]) continue;
      const a = joints.bodyA[j], b = joints.bodyB[j];
      if (b === WORLD_BODY) continue;
      if (sleeping[a] === sleeping[b]) continue;
      const asleep = sleeping[a] === 1 ? a : b, other = asleep === a ? b : a;
      if (isActive(bodies, other)) { wakeIsland(s, bodies, asleep); changed = true; }
    }
  }
  return s.unpaired;
}

/**
 * The awake islands of this step: union–find over the awake dynamic bodies, joined by every manifold
 * with points and every enabled joint between two of them; marks the islands that touch a moving
 * kinematic body. Call after {@link wakeTouchedIslands}.
 */
export function buildIslands(s: IslandState, bodies: RigidBodyStore, contacts: ContactStore, joints: JointStore): void {
  ensureCapacity(s, bodies.capacity);
  const members = commitEntityList(bodies.members), list = members.dense, n = members.count;
  const parent = s.parent, mt = bodies.motionType, sleeping = bodies.sleeping;
  const dyn = MotionType.dynamic;
  for (let i = 0; i < n; i++) {
    const e = list[i];
    parent[e] = e;
    s.minSleepTime[e] = Infinity;
    s.keepAwake[e] = 0;
  }
  for (let m = 0; m < contacts.count; m++) {
    if (contacts.pointCount[m] === 0 || contacts.sensor[m]) continue;
    const a = contacts.bodyA[m], b = contacts.bodyB[m];
    if (mt[a] === dyn && mt[b] === dyn && sleeping[a] === 0 && sleeping[b] === 0) unite(parent, a, b);
  }
  for (let i = 0; i < joints.count; i++) {
    const j = joints.list[i];
    if (!joints.enabled[j]) continue;
    const a = joints.bodyA[j], b = joints.bodyB[j];
    if (b === WORLD_BODY) continue;
    if (mt[a] === dyn && mt[b] === dyn && sleeping[a] === 0 && sleeping[b] === 0) unite(parent, a, b);
  }
  for (let m = 0; m < contacts.count; m++) {
    if (contacts.pointCount[m] === 0 || contacts.sensor[m]) continue;
    const a = contacts.bodyA[m], b = contacts.bodyB[m];
    if (mt[a] === MotionType.kinematic && mt[b] === dyn && isActive(bodies, a)) s.keepAwake[findRoot(parent, b)] = 1;
    else if (mt[b] === MotionType.kinematic && mt[a] === dyn && isActive(bodies, b)) s.keepAwake[findRoot(parent, a)] = 1;
  }
}

/**
 * After integration: advances the awake dynamic bodies' sleep timers by `h` (unit: s) and puts to
 * sleep every island of {@link buildIslands} whose bodies have all rested for `timeToSleep`.
 */
export function sleepIslands(s: IslandState, bodies: RigidBodyStore, h: number): void {
  s.slept = 0;
  const members = commitEntityList(bodies.members), list = members.dense, n = members.count;
  // one loop per function, each with nothing computed before it and a first pass that does nothing: a call
  // that V8 runs in the interpreter up to a loop's first back edge, then in the loop's kept on-stack compiled
  // code, computes no number there, which would be boxed (the step would allocate;
  // systems/solve/pgs/README.md, "Loops compiled on the stack")
  if (advanceSleepTimers(s, bodies, list, n, h) === 0) return;
  linkReadyIslands(s, bodies, list, n);
  putReadyIslandsToSleep(s, bodies, list, n);
}

/** Advances the awake dynamic bodies' sleep timers by `h` (s), notes each island's least timer; returns
 * how many bodies have rested for `timeToSleep`. */
function advanceSleepTimers(s: IslandState, bodies: RigidBodyStore, list: Int32Array, n: number, h: number): number {
  const o = s.options, timer = bodies.sleepTime, v = bodies.linearVelocity, w = bodies.angularVelocity;
  let candidates = 0;
  for (let i = -1; i < n; i++) {
    if (i < 0 || !awakeDynamic(bodies, list[i])) continue;
    const e = list[i], e3 = 3 * e;
    const v2 = v[e3] * v[e3] + v[e3 + 1] * v[e3 + 1] + v[e3 + 2] * v[e3 + 2];
    const w2 = w[e3] * w[e3] + w[e3 + 1] * w[e3 + 1] + w[e3 + 2] * w[e3 + 2];
    if (bodies.allowSleep[e] === 0 || !(v2 < o.linearThreshold * o.linearThreshold)
      || !(w2 < o.angularThreshold * o.angularThreshold)) timer[e] = 0;
    else timer[e] += h;
    const r = findRoot(s.parent, e);
    if (!(timer[e] >= s.minSleepTime[r])) s.minSleepTime[r] = timer[e];
    s.next[e] = -1;
    if (timer[e] >= o.timeToSleep) candidates++;
  }
  return candidates;
}

function awakeDynamic(bodies: RigidBodyStore, e: number): boolean {
  return bodies.motionType[e] === MotionType.dynamic && bodies.sleeping[e] !== 1;
}

/** Whether the island of root `r` is ready to sleep. */
function ready(s: IslandState, r: number): boolean {
  return s.minSleepTime[r] >= s.options.timeToSleep && s.keepAwake[r] === 0;
}

/** Links each ready island's bodies after its root (the root is its smallest entity id). */
function linkReadyIslands(s: IslandState, bodies: RigidBodyStore, list: Int32Array, n: number): void {
  for (let i = -1; i < n; i++) {
    if (i < 0 || !awakeDynamic(bodies, list[i])) continue;
    const e = list[i], r = findRoot(s.parent, e);
    if (r === e || !ready(s, r)) continue;
    s.next[e] = s.next[r];
    s.next[r] = e;
  }
}

/** Puts every ready island to sleep: its bodies at rest, listed after its root. */
function putReadyIslandsToSleep(s: IslandState, bodies: RigidBodyStore, list: Int32Array, n: number): void {
  const v = bodies.linearVelocity, w = bodies.angularVelocity;
  for (let i = -1; i < n; i++) {
    if (i < 0 || !awakeDynamic(bodies, list[i])) continue;
    const r = list[i];
    if (s.parent[r] !== r || !ready(s, r)) continue;
    for (let b = r; b >= 0; b = s.next[b]) {
      bodies.sleeping[b] = 1;
      s.head[b] = r;
      s.fresh[b] = 0;
      const b3 = 3 * b;
      v[b3] = 0; v[b3 + 1] = 0; v[b3 + 2] = 0;
      w[b3] = 0; w[b3 + 1] = 0; w[b3 + 2] = 0;
    }
    s.slept++;
  }
}
