/**
 * Joint component: the data layout of a joint entity, SoA columns indexed by the joint's entity id
 * (layout conventions in `components/README.md`). A joint is an entity of its own that names two
 * bodies; body B = {@link WORLD_BODY} (0, never a bitecs entity id) means the world.
 *
 * The joint frame. Each joint carries a frame on each body: an anchor point (`anchorA`, `anchorB`,
 * body-local, from the body's centre of mass) and an orientation (`frameA`, `frameB`, body-local
 * unit quaternions). The frame's x axis is the joint axis (hinge axis, slider direction, 6-DoF x);
 * y and z complete a right-handed basis. `addJoint` builds `frameB` so that both frames coincide in
 * the world at creation: the pose at creation is the joint's zero (angle 0, slide 0).
 *
 * Every kind except `distance` is a 6-DoF joint with fixed axis modes (see {@link AxisMode}), over
 * the six joint coordinates: axes 0–2 = translation of B's anchor relative to A's anchor along A's
 * joint frame x, y, z (unit: m); axes 3–5 = the XYZ Euler angles of B's joint frame relative to A's
 * (R = Rx(θx) Ry(θy) Rz(θz), unit: rad):
 *
 * | kind     | linear x y z | angular x y z |
 * |----------|--------------|---------------|
 * | ball     | L L L        | F F F         |
 * | hinge    | L L L        | x L L         |  x = free or limited (the hinge angle)
 * | slider   | x L L        | L L L         |  x = free or limited (the slide)
 * | fixed    | L L L        | L L L         |
 * | sixDof   | per axis     | per axis      |
 *
 * `distance` keeps |anchorB − anchorA| within [lower[0], upper[0]] (a rod when they are equal, a
 * rope when lower is 0) and, with a finite stiffness, pulls it towards `restLength`.
 *
 * Limits are rigid unless `limitStiffness` of their axis is finite: then each limit row is Drumwright's
 * unilateral spring-damper (Drumwright 2019 §5, eq. 68: λ = max(0, −k φ − b φ̇),
 * implicit in the step). An infinite lower (upper) limit has no row.
 *
 * Ball joints (kind `ball`) may carry a swing cone and a twist range (swing–twist decomposition of the
 * relative rotation q = F_A⁻¹ F_B = q_swing q_twist, twist about the joint axis x): `swingLimit` holds
 * the cone's half-angles about the frame's y and z axes (an elliptical cone in the swing rotation vector,
 * circular when equal; 0 = no cone), the twist range is axis 3's `lower` / `upper` (axis 3 is then
 * `limited`, and for ball joints axis 3 measures the twist angle, not the Euler angle). The swing row
 * uses slot 10 (the lower-limit slot of axis 4) and axis 4's `limitStiffness` / `limitDamping`.
 *
 * Forces per row slot (unit: N or N·m): `rowForce` is the average over the last step (what the getters
 * read and what breaking compares), `warmForce` the force of the solver's last substep, from which the
 * next step starts (force × its own substep, so a change of time step or solver keeps its meaning).
 * Slots per joint: 0–5 the locked (bilateral) rows of axes 0–5 (for the 3×3 point and rotation
 * blocks, the world x y z components), 6–11 lower limits, 12–17 upper limits, 18–23 motors (or joint friction on an axis without a motor).
 *
 * Removing a body removes its joints (`plugin/bodies.ts` → `removeJointsOfBody`, explicit rather than
 * a bitecs relation, so that the joint registry and the excluded-pair table stay in step).
 */

import { createColumns, ensureColumns, f64, i32, u32, u8, type Columns, type ColumnTable } from './column-table';
import { createPairTable, pairTableDelete, pairTableGet, pairTableSet, type PairTable } from './pair-table';

export const JointKind = { ball: 0, hinge: 1, slider: 2, fixed: 3, distance: 4, sixDof: 5 } as const;
export type JointKindName = keyof typeof JointKind;

/** Mode of one joint axis: free (no row), limited (two one-sided rows), locked (one bilateral row). */
export const AxisMode = { free: 0, limited: 1, locked: 2 } as const;
export type AxisModeName = keyof typeof AxisMode;

/** Body B of a joint attached to the world (bitecs entity ids start at 1). */
export const WORLD_BODY = 0;

/** Row slots per joint in `rowForce` (see the header). */
export const JOINT_SLOTS = 24;

/** The Joint columns, declared once: the store's column fields, creation and growth derive from this
 * table. */
export const JOINT_COLUMNS = {
  /** `[capacity]` {@link JointKind} code. */
  kind: u8(),
  /** `[capacity]` entity id of body A. */
  bodyA: u32(),
  /** `[capacity]` entity id of body B ({@link WORLD_BODY} = the world). */
  bodyB: u32(),
  /** `[3 × capacity]` anchor on A (unit: m, body-local to A, from its centre of mass). */
  anchorA: f64(3),
  /** `[3 × capacity]` anchor on B (unit: m, body-local to B, or world when B is the world). */
  anchorB: f64(3),
  /** `[4 × capacity]` joint frame on A: unit quaternion x y z w, body-local to A (x axis = joint axis). */
  frameA: f64(4),
  /** `[4 × capacity]` joint frame on B: unit quaternion, body-local to B (world when B is the world). */
  frameB: f64(4),
  /** `[6 × capacity]` {@link AxisMode} of the axes 0–5 (linear x y z, angular x y z). */
  axisMode: u8(6),
  /** `[6 × capacity]` lower limit per axis (m or rad; distance: axis 0 = minimum length). */
  lower: f64(6),
  /** `[6 × capacity]` upper limit per axis (m or rad; distance: axis 0 = maximum length). */
  upper: f64(6),
  /** `[6 × capacity]` stiffness of the limit rows per axis (N/m or N·m/rad, > 0; Infinity = rigid, the
   * default). Ball joints: axis 3 = twist limits, axis 4 = the swing cone. */
  limitStiffness: f64(6, { fill: Infinity }),
  /** `[6 × capacity]` damping of the limit rows per axis (N·s/m or N·m·s/rad, ≥ 0, default 0; used when
   * the limit stiffness is finite). */
  limitDamping: f64(6),
  /** `[2 × capacity]` ball joints: swing cone half-angles about the joint frame's y and z axes (rad, in
   * (0, π); equal = circular cone; 0 = no cone). */
  swingLimit: f64(2),
  /** `[6 × capacity]` motor target velocity per axis (m/s or rad/s). */
  motorSpeed: f64(6),
  /** `[6 × capacity]` motor maximum force or torque per axis (N or N·m; 0 = no motor). */
  motorMaxForce: f64(6),
  /** `[6 × capacity]` dry joint friction per axis (N or N·m; 0 = none): a velocity row with target 0 and
   * |force| ≤ friction, in the axis's motor slot, active when no motor drives the axis. */
  friction: f64(6),
  /** `[capacity]` distance joint: rest length of the spring (unit: m; used when stiffness is finite). */
  restLength: f64(),
  /** `[capacity]` stiffness of the locked linear rows (N/m; Infinity = rigid, the default). */
  stiffness: f64(),
  /** `[capacity]` damping of the locked linear rows (N·s/m; used when stiffness is finite). */
  damping: f64(),
  /** `[capacity]` stiffness of the locked angular rows (N·m/rad; Infinity = rigid, the default). */
  angularStiffness: f64(),
  /** `[capacity]` damping of the locked angular rows (N·m·s/rad). */
  angularDamping: f64(),
  /** `[capacity]` force above which the joint breaks (N; Infinity = unbreakable). */
  breakForce: f64(),
  /** `[capacity]` torque above which the joint breaks (N·m; Infinity = unbreakable). */
  breakTorque: f64(),
  /** `[capacity]` 1 when the two bodies may collide with each other. */
  collideConnected: u8(),
  /** `[capacity]` 1 while the joint acts; 0 once it broke. */
  enabled: u8(),
  /** `[24 × capacity]` last step's average force per row slot (N or N·m). */
  rowForce: f64(JOINT_SLOTS),
  /** `[24 × capacity]` force per row slot in the solver's last substep (N or N·m), for warm starting. */
  warmForce: f64(JOINT_SLOTS),
  /** `[3 × capacity]` last step's constraint force on body B, averaged over the step (unit: N, world;
   * A gets the opposite). */
  force: f64(3),
  /** `[3 × capacity]` last step's constraint torque on body B from the angular rows (N·m, world). */
  torque: f64(3),
  /** Live joints, dense: entity ids `list[0..count-1]` (in creation order, swap-removed). */
  list: u32(),
  /** `[capacity]` position of a joint entity in `list`, −1 when it is not a joint. */
  listIndex: i32(1, { fill: -1 }),
} satisfies ColumnTable;

export interface JointStore extends Columns<typeof JOINT_COLUMNS> {
  /** Entity ids below this fit in every column. */
  capacity: number;
  /** Number of live joints (`list[0..count-1]`). */
  count: number;
  /** Unordered body pair → number of enabled joints between them that do not collide connected. The
   * broadphase skips these pairs. */
  excludedPairs: PairTable;
}

export function createJointStore(capacity = 16): JointStore {
  return {
    capacity,
    ...createColumns(JOINT_COLUMNS, capacity),
    count: 0,
    excludedPairs: createPairTable(64),
  };
}

/** Grows every column so that entity id `eid` fits. The store object keeps its identity. */
export function ensureJointCapacity(s: JointStore, eid: number): void {
  ensureColumns(JOINT_COLUMNS, s, eid + 1);
}

/** Adds the joint entity `eid` to the dense list (its columns must be written already). */
export function registerJoint(s: JointStore, eid: number): void {
  s.listIndex[eid] = s.count;
  s.list[s.count++] = eid;
  if (s.enabled[eid] && !s.collideConnected[eid]) excludePair(s, s.bodyA[eid], s.bodyB[eid], 1);
}

/** Removes the joint entity `eid` from the dense list (swap with the last) and from the excluded pairs. */
export function unregisterJoint(s: JointStore, eid: number): void {
  const i = s.listIndex[eid];
  if (i < 0) return;
  if (s.enabled[eid] && !s.collideConnected[eid]) excludePair(s, s.bodyA[eid], s.bodyB[eid], -1);
  const last = s.list[--s.count];
  s.list[i] = last;
  s.listIndex[last] = i;
  s.listIndex[eid] = -1;
}

/** Disables a joint (it broke): it stops acting and its bodies may collide again. */
export function disableJoint(s: JointStore, eid: number): void {
  if (!s.enabled[eid]) return;
  if (!s.collideConnected[eid]) excludePair(s, s.bodyA[eid], s.bodyB[eid], -1);
  s.enabled[eid] = 0;
}

/** Counts one more (+1) or one fewer (−1) joint that keeps the pair {a, b} from colliding. */
function excludePair(s: JointStore, a: number, b: number, delta: number): void {
  if (b === WORLD_BODY) return;
  const n = pairTableGet(s.excludedPairs, a, b);
  const m = (n < 0 ? 0 : n) + delta;
  if (m > 0) pairTableSet(s.excludedPairs, a, b, m);
  else pairTableDelete(s.excludedPairs, a, b);
}
