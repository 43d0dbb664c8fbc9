/**
 * Stage 3, assembly (joints): the joint rows of one step, solver-agnostic, in a structure of arrays
 * (`JointProblem`). `assembleJoints` gathers the enabled joints of the world (entity ids → dense
 * solver indices through `solverBodies.indexOfEntity`) and decides each joint's rows; `updateJointRows`
 * evaluates the rows (Jacobians, effective masses, position errors) at the current pose, which the
 * solvers call at the start of the step (accurate mode) or of every substep (fast mode: the pose is
 * the start-of-step pose moved by the solver bodies' deltas dp, dq, as Box2D v3 re-evaluates its joints).
 * `storeJointResults` writes the forces back to the joint store (warm start, reaction, breaking).
 *
 * Row model (Drumwright 2019, eqs. 20–23: every constraint is a
 * spring-damper φ with stiffness k and damping b; rigid = k → ∞):
 *
 *   J v = linear·(v_B − v_A) + angularA·ω_A + angularB·ω_B         (J = [−linᵀ, angAᵀ, linᵀ, angBᵀ])
 *   W = J M⁻¹ Jᵀ = (1/m_A + 1/m_B)|lin|² + angAᵀ I_A⁻¹ angA + angBᵀ I_B⁻¹ angB,  effectiveMass = 1/W
 *   error C = φ(q) (m or rad): 0 = satisfied; for limits C ≥ 0 is feasible (upper limits flip J)
 *
 * Note the sign convention: `angularA` is the full coefficient of ω_A (the contact rows of
 * `constraint-problem.ts` store r × d and negate in the kernel; joint rows store the sign).
 *
 * Row types: `rigid` (bilateral, k = ∞: the solver's rigid soft step), `spring` (bilateral with finite
 * k, b: ERP/CFM from k and b, Drumwright 2019 eqs. 59–62 in soft-step form), `limit` (one-sided, impulse ≥ 0), `motor` (J v → target,
 * |force| ≤ max; also joint friction: target 0, max = the friction). Per joint the rows are ordered motors, limits, angular, linear (the last solved
 * wins ties in Gauss–Seidel, so the anchor rows come last, as in Box2D's revolute joint).
 *
 * Joint coordinates (`components/joint.ts`): with F_A, F_B the world joint frames (quaternions) and
 * d = (p_B + r_B) − (p_A + r_A) the anchor gap (world):
 *   linear axis i (in a 3×3 point block: world axis e_i)       C = e_i·d,  lin = e_i,
 *                                                              angA = −(r_A × e_i), angB = r_B × e_i
 *   linear axis i (scalar row, e_i = F_A's axis i, moving with A) C = e_i·d, lin = e_i,
 *                                                              angA = −((r_A + d) × e_i), angB = r_B × e_i
 *   angular block (all three locked): θ = 2 sign(w) vec(F_B F_A⁻¹) (world rotation vector, first order),
 *                                     rows angA = −e_k, angB = e_k
 *   angular axis i (scalar row): the XYZ Euler angles of R = F_Aᵀ F_B = Rx(a) Ry(b) Rz(c):
 *     b = asin(R02), a = atan2(−R12, R22), c = atan2(−R01, R00); with X = F_A x, Z = F_B z,
 *     Y = (Z × X)/|Z × X|, D = X·(Y × Z) = cos b, the exact rates are
 *     ȧ = (Y × Z)/D · ω, ḃ = Y · ω, ċ = (X × Y)/D · ω   with ω = ω_B − ω_A   (gimbal at |b| = 90°)
 *   distance: n = d/|d|, C = |d|, lin = n, angA = −(r_A × n), angB = r_B × n
 *   ball swing / twist (swing–twist decomposition q = F_A⁻¹ F_B = q_swing q_twist, twist about x; see
 *     {@link swingTwist}): with X_A = F_A x, X_B = F_B x (world), the twist rate is
 *     τ̇ = (X_A + X_B)/(1 + X_A·X_B) · ω; the swing row's error C is the signed distance of the swing
 *     rotation vector φ a to the cone's ellipse (θ − φ for a circular cone) and, since C depends on
 *     X = X_B (A's frame) only and Ẋ = Ω × X, its Jacobian is Ċ = (X × ∇C) · Ω (`swingRow`; circular
 *     cone: u = −(X_A × X_B)/|X_A × X_B|)
 *
 * Limit rows carry the axis's limit stiffness k and damping b: Infinity = rigid, finite = Drumwright's
 * unilateral spring-damper (the solvers give them γ = 1/(h(hk + b)), β = k/(hk + b); Drumwright 2019 §5, eqs. 68 and 83–85).
 *
 * Layout: per joint scalars `[jointCapacity]`, vectors `[3 ×]`, quaternions `[4 ×]`, per-axis `[6 ×]`;
 * per row scalars `[rowCapacity]`, vectors `[3 ×]`, 3×3 blocks `[9 ×]` at the block's first row.
 * World frame, SI units. No allocation once the arrays have grown to the scene.
 */

import { mat3MulVec } from '../../math/mat3';
import { quatMultiply, quatRotate } from '../../math/quat';
import { dot3 } from '../../math/vec3';
import { nextCapacity } from '../../components/capacity';
import { createColumns, f64, growColumns, i32, u32, u8, type Columns, type ColumnTable } from '../../components/column-table';
import {
  AxisMode, disableJoint, JOINT_SLOTS, JointKind, WORLD_BODY, type JointStore,
} from '../../components/joint';
import type { RigidBodyStore } from '../../components/rigid-body';
import { ensureSolverBodiesCapacity, type SolverBodies } from './solver-bodies';
import { asinAt, atan2At } from '../../math/deterministic-math';

/** Row types (see the header). */
export const RowType = { rigid: 0, spring: 1, limit: 2, motor: 3 } as const;

/** Row block flags: scalar row, first row of a 3×3 block, second or third row of a block. */
export const RowBlock = { scalar: 0, head: 1, tail: 2 } as const;

/** Axis value of a distance joint's rows (not one of the six joint axes). */
export const DISTANCE_AXIS = 6;
/** Axis value of a ball joint's swing-cone row (slot 10). */
export const SWING_AXIS = 7;
/** Axis value of a ball joint's twist-limit rows (slots 9 and 15). */
export const TWIST_AXIS = 8;

// module-local copies of the enum codes (plain constants in the hot loops)
const MODE_LIMITED = AxisMode.limited;
const MODE_LOCKED = AxisMode.locked;
const KIND_DISTANCE = JointKind.distance;
const KIND_BALL = JointKind.ball;
const BLOCK_HEAD = RowBlock.head;
const BLOCK_SCALAR = RowBlock.scalar;
const BLOCK_TAIL = RowBlock.tail;
const ROW_LIMIT = RowType.limit;
const ROW_MOTOR = RowType.motor;
const ROW_RIGID = RowType.rigid;
const ROW_SPRING = RowType.spring;

/** The per-joint columns of the problem, declared once (creation and growth derive from this table).
 * Entry j is dense joint j of the step. */
export const JOINT_PROBLEM_COLUMNS = {
  /** `[jointCapacity]` joint entity id. */
  entity: u32(),
  /** `[jointCapacity]` JointKind code. */
  kind: u8(),
  /** `[jointCapacity]` solver index of body A / body B (the world = `worldIndex`). */
  bodyA: i32(),
  bodyB: i32(),
  /** `[jointCapacity + 1]` first row of joint j is `rowStart[j]`, its last is `rowStart[j + 1] − 1`. */
  rowStart: i32(1, { extra: 1 }),
  /** `[3 × jointCapacity]` anchor levers at the start of the step: R_A anchorA, R_B anchorB (m, world). */
  rA0: f64(3),
  rB0: f64(3),
  /** `[3 × jointCapacity]` p_B − p_A at the start of the step (m, world; p = 0 for the world). */
  center0: f64(3),
  /** `[4 × jointCapacity]` world joint frames at the start of the step: q_A ⊗ frameA, q_B ⊗ frameB. */
  frameA0: f64(4),
  frameB0: f64(4),
  /** `[6 × jointCapacity]` coordinate limits per axis (m or rad; distance: axis 0 = min / max length). */
  lower: f64(6),
  upper: f64(6),
  /** `[6 × jointCapacity]` motor target velocity per axis (m/s or rad/s). */
  motorSpeed: f64(6),
  /** `[jointCapacity]` distance joint spring rest length (m). */
  restLength: f64(),
  /** `[2 × jointCapacity]` ball joints: swing cone half-angles about the joint frame's y and z (rad; 0 = none). */
  swingLimit: f64(2),
  /** `[6 × jointCapacity]` current joint coordinates (m, rad; distance: axis 0 = length), written by
   * `updateJointRows`. */
  coordinate: f64(6),
} satisfies ColumnTable;

/** The per-row columns of the problem, declared once (creation and growth derive from this table).
 * Entry r is row r of the step. */
export const JOINT_ROW_COLUMNS = {
  /** `[rowCapacity]` dense joint index of the row. */
  rowJoint: i32(),
  /** `[rowCapacity]` warm-start slot of the row in the joint (0–23, `components/joint.ts`). */
  rowSlot: u8(),
  /** `[rowCapacity]` {@link RowType}. */
  rowType: u8(),
  /** `[rowCapacity]` joint axis 0–5, or {@link DISTANCE_AXIS}. */
  rowAxis: u8(),
  /** `[rowCapacity]` {@link RowBlock}. */
  rowBlock: u8(),
  /** `[rowCapacity]` solver index of body A / B. */
  rowA: i32(),
  rowB: i32(),
  /** `[3 × rowCapacity]` linear Jacobian of B (A's is its negative). */
  linear: f64(3),
  /** `[3 × rowCapacity]` angular Jacobian of A / of B (full coefficients of ω_A, ω_B). */
  angularA: f64(3),
  angularB: f64(3),
  /** `[3 × rowCapacity]` I_A⁻¹ angularA, I_B⁻¹ angularB (angular velocity change per unit impulse). */
  invInertiaAngularA: f64(3),
  invInertiaAngularB: f64(3),
  /** `[rowCapacity]` 1 / (J M⁻¹ Jᵀ) (kg or kg·m²); 0 when the row cannot act. */
  effectiveMass: f64(),
  /** `[9 × rowCapacity]` at a block's first row: the 3×3 block K = J M⁻¹ Jᵀ of its three rows (row-major). */
  blockMatrix: f64(9),
  /** `[rowCapacity]` position error C of the row (m or rad; ≥ 0 feasible for limits). */
  error: f64(),
  /** `[rowCapacity]` target of J v (motor speed; 0 otherwise). */
  target: f64(),
  /** `[rowCapacity]` stiffness k (N/m, N·m/rad; Infinity for rigid rows and rigid limits). */
  stiffness: f64(),
  /** `[rowCapacity]` damping b (N·s/m, N·m·s/rad). */
  damping: f64(),
  /** `[rowCapacity]` force bounds (N or N·m): bilateral ±∞, limits [0, ∞), motors ±max. */
  forceLower: f64(),
  forceUpper: f64(),
  /** `[rowCapacity]` warm-start force of the row's slot from the last step (N or N·m). */
  warmForce: f64(),
  /** `[rowCapacity]` accumulated impulse (N·s or N·m·s) over `impulseTime`: the solvers' result. */
  impulse: f64(),
  /** `[rowCapacity]` impulses of the step's earlier substeps (the last one is in `impulse`): the step's
   * total is `stepImpulse + impulse`. */
  stepImpulse: f64(),

  // Solver scratch, per row, written by the solver for its own step length (`pgs/joint-solve.ts`).
  /** `[rowCapacity]` impulse bounds over one solver step (N·s or N·m·s). */
  impulseLower: f64(),
  impulseUpper: f64(),
  /** `[rowCapacity]` bias per unit error (1/s): the joint softness for rigid rows and limits,
   * k/(hk + b) for springs (ERP/h; Drumwright 2019 eqs. 59–62). */
  biasRate: f64(),
  /** `[rowCapacity]` soft-step mass and impulse scales of rigid rows (Box2D `b2Softness`); 1 and 0 otherwise. */
  massScale: f64(),
  impulseScale: f64(),
  /** `[rowCapacity]` impulse compliance γ = 1/(h(hk + b)) of springs (CFM/h, unit: 1/kg or 1/(kg·m²)); 0 otherwise. */
  gamma: f64(),
  /** `[rowCapacity]` 1/(W + γ): the mass the solver divides by. */
  softMass: f64(),
  /** `[9 × rowCapacity]` at a block's first row: (K + γI)⁻¹. */
  blockInverse: f64(9),
} satisfies ColumnTable;

export interface JointProblem extends Columns<typeof JOINT_PROBLEM_COLUMNS>, Columns<typeof JOINT_ROW_COLUMNS> {
  /** Number of joints with rows this step. */
  jointCount: number;
  jointCapacity: number;
  /** Solver index of the static "world" slot (= the solver body count; zero velocity, infinite mass). */
  worldIndex: number;

  /** Number of rows. */
  rowCount: number;
  rowCapacity: number;
  /** Time over which `impulse` acts (s): the substep (fast mode) or the step (accurate mode). */
  impulseTime: number;
  /** Length of the step (s). */
  stepTime: number;
  /** Scratch of {@link updateJointRows}. */
  readonly scratch: JointRowScratch;
}

export function createJointProblem(jointCapacity = 16, rowCapacity = 64): JointProblem {
  return {
    jointCount: 0,
    jointCapacity,
    ...createColumns(JOINT_PROBLEM_COLUMNS, jointCapacity),
    worldIndex: 0,
    rowCount: 0,
    rowCapacity,
    ...createColumns(JOINT_ROW_COLUMNS, rowCapacity),
    impulseTime: 0,
    stepTime: 0,
    scratch: createJointRowScratch(),
  };
}

function ensureJoints(p: JointProblem, n: number): void {
  if (n <= p.jointCapacity) return;
  const c = nextCapacity(p.jointCapacity, n);
  growColumns(JOINT_PROBLEM_COLUMNS, p, c);
  p.jointCapacity = c;
}

function ensureRows(p: JointProblem, n: number): void {
  if (n <= p.rowCapacity) return;
  const c = nextCapacity(p.rowCapacity, n);
  growColumns(JOINT_ROW_COLUMNS, p, c);
  p.rowCapacity = c;
}

// ---------------------------------------------------------------------------------------------
// Assembly



/**
 * Appends one row to joint j, with its warm-start force `warm[w0 + slot]` and a rigid bilateral law (stiffness
 * Infinity, damping 0, force bounds ±Infinity, target 0) that the caller then changes where the row differs: the
 * numbers are written by the caller, not passed (a number passed to a call that V8 does not inline is a new heap
 * number). Returns the row.
 */
function pushRow(
  p: JointProblem, j: number, slot: number, type: number, axis: number, block: number, warm: Float64Array, w0: number,
): number {
  const r = p.rowCount++;
  p.rowJoint[r] = j;
  p.rowSlot[r] = slot;
  p.rowType[r] = type;
  p.rowAxis[r] = axis;
  p.rowBlock[r] = block;
  p.rowA[r] = p.bodyA[j];
  p.rowB[r] = p.bodyB[j];
  p.stiffness[r] = Infinity;
  p.damping[r] = 0;
  p.forceLower[r] = -Infinity;
  p.forceUpper[r] = Infinity;
  p.target[r] = 0;
  p.warmForce[r] = warm[w0 + slot];
  p.impulse[r] = 0;
  return r;
}

/** Row r as a one-sided limit (force ≥ 0) of stiffness `ks[o]` and damping `bs[o]`. */
function setLimitLaw(p: JointProblem, r: number, ks: Float64Array, bs: Float64Array, o: number): void {
  p.stiffness[r] = ks[o];
  p.damping[r] = bs[o];
  p.forceLower[r] = 0;
}

/** Rows one joint needs at most (motors 6, limits 12, locked 6). */
const MAX_ROWS_PER_JOINT = 24;

/**
 * Gathers the enabled joints into `p` and decides their rows, then evaluates them at the start-of-step
 * pose. Call after `gatherBodies` (it appends the static world slot at index `sb.count`).
 * Joints whose two bodies both have infinite mass (static / kinematic) get no rows.
 * @returns the number of rows.
 */
export function assembleJoints(js: JointStore, bodies: RigidBodyStore, sb: SolverBodies, p: JointProblem): number {
  // The world slot: a static body at the origin (zero velocity, zero inverse mass, identity deltas).
  const wi = sb.count;
  ensureSolverBodiesCapacity(sb, wi + 1, bodies.capacity);
  p.worldIndex = wi;
  sb.motionType[wi] = 2;
  sb.invMass[wi] = 0;
  sb.invInertia.fill(0, 9 * wi, 9 * wi + 9);
  sb.v.fill(0, 3 * wi, 3 * wi + 3);
  sb.w.fill(0, 3 * wi, 3 * wi + 3);
  sb.dp.fill(0, 3 * wi, 3 * wi + 3);
  sb.dtheta.fill(0, 3 * wi, 3 * wi + 3);
  sb.dq[4 * wi] = 0; sb.dq[4 * wi + 1] = 0; sb.dq[4 * wi + 2] = 0; sb.dq[4 * wi + 3] = 1;

  const n = js.count;
  ensureJoints(p, n);
  ensureRows(p, MAX_ROWS_PER_JOINT * n);
  p.rowCount = 0;
  let j = 0;
  const pos = bodies.position, q = bodies.orientation;
  // its first pass does nothing (`systems/solve/pgs/README.md`, "Loops compiled on the stack")
  for (let li = -1; li < n; li++) {
    if (li < 0) continue;
    const e = js.list[li];
    if (!js.enabled[e]) continue;
    const ea = js.bodyA[e], eb = js.bodyB[e];
    const a = sb.indexOfEntity[ea];
    const b = eb === WORLD_BODY ? wi : sb.indexOfEntity[eb];
    if (a < 0 || b < 0) continue;
    if (sb.invMass[a] === 0 && sb.invMass[b] === 0 && isZero9(sb.invInertia, 9 * a) && isZero9(sb.invInertia, 9 * b)) continue;
    p.entity[j] = e;
    p.kind[j] = js.kind[e];
    p.bodyA[j] = a;
    p.bodyB[j] = b;
    const j3 = 3 * j, j4 = 4 * j, j6 = 6 * j, e3 = 3 * e, e4 = 4 * e, e6 = 6 * e;
    quatRotate(p.rA0, j3, q, 4 * ea, js.anchorA, e3);
    quatMultiply(p.frameA0, j4, q, 4 * ea, js.frameA, e4);
    if (eb === WORLD_BODY) {
      p.rB0[j3] = js.anchorB[e3]; p.rB0[j3 + 1] = js.anchorB[e3 + 1]; p.rB0[j3 + 2] = js.anchorB[e3 + 2];
      for (let k = 0; k < 4; k++) p.frameB0[j4 + k] = js.frameB[e4 + k];
      p.center0[j3] = -pos[3 * ea]; p.center0[j3 + 1] = -pos[3 * ea + 1]; p.center0[j3 + 2] = -pos[3 * ea + 2];
    } else {
      quatRotate(p.rB0, j3, q, 4 * eb, js.anchorB, e3);
      quatMultiply(p.frameB0, j4, q, 4 * eb, js.frameB, e4);
      p.center0[j3] = pos[3 * eb] - pos[3 * ea];
      p.center0[j3 + 1] = pos[3 * eb + 1] - pos[3 * ea + 1];
      p.center0[j3 + 2] = pos[3 * eb + 2] - pos[3 * ea + 2];
    }
    for (let k = 0; k < 6; k++) {
      p.lower[j6 + k] = js.lower[e6 + k];
      p.upper[j6 + k] = js.upper[e6 + k];
      p.motorSpeed[j6 + k] = js.motorSpeed[e6 + k];
    }
    p.restLength[j] = js.restLength[e];
    p.swingLimit[2 * j] = js.swingLimit[2 * e];
    p.swingLimit[2 * j + 1] = js.swingLimit[2 * e + 1];
    p.rowStart[j] = p.rowCount;
    const warm = js.warmForce, w0 = JOINT_SLOTS * e;
    const kLin = js.stiffness[e], bLin = js.damping[e], kAng = js.angularStiffness[e], bAng = js.angularDamping[e];
    if (js.kind[e] === KIND_DISTANCE) {
      const lo = js.lower[e6], hi = js.upper[e6];
      if (lo === hi) {
        if (kLin === Infinity) pushRow(p, j, 0, ROW_RIGID, DISTANCE_AXIS, BLOCK_SCALAR, warm, w0);
        else if (kLin > 0 || bLin > 0) {
          const r = pushRow(p, j, 0, ROW_SPRING, DISTANCE_AXIS, BLOCK_SCALAR, warm, w0);
          p.stiffness[r] = kLin; p.damping[r] = bLin;
        }
      } else {
        if (kLin !== Infinity && (kLin > 0 || bLin > 0)) {
          const r = pushRow(p, j, 0, ROW_SPRING, DISTANCE_AXIS, BLOCK_SCALAR, warm, w0);
          p.stiffness[r] = kLin; p.damping[r] = bLin;
        }
        if (lo > 0) setLimitLaw(p, pushRow(p, j, 6, ROW_LIMIT, DISTANCE_AXIS, BLOCK_SCALAR, warm, w0), js.limitStiffness, js.limitDamping, e6);
        if (hi < Infinity) setLimitLaw(p, pushRow(p, j, 12, ROW_LIMIT, DISTANCE_AXIS, BLOCK_SCALAR, warm, w0), js.limitStiffness, js.limitDamping, e6);
      }
    } else {
      const m = js.axisMode;
      // motors; joint friction (a motor with target 0 and bound = the friction) on axes no motor drives
      for (let i = 0; i < 6; i++) {
        const motor = js.motorMaxForce[e6 + i];
        const f = motor > 0 ? motor : js.friction[e6 + i];
        if (f > 0 && m[e6 + i] !== MODE_LOCKED) {
          const r = pushRow(p, j, 18 + i, ROW_MOTOR, i, BLOCK_SCALAR, warm, w0);
          p.forceLower[r] = -f; p.forceUpper[r] = f;
          p.target[r] = motor > 0 ? js.motorSpeed[e6 + i] : 0;
        }
      }
      // limits (ball joints: axis 3 is the twist; the swing cone in slot 10)
      const ball = js.kind[e] === KIND_BALL;
      for (let i = 0; i < 6; i++) {
        if (m[e6 + i] !== MODE_LIMITED) continue;
        const axis = ball && i === 3 ? TWIST_AXIS : i;
        const kL = js.limitStiffness, bL = js.limitDamping;
        if (js.lower[e6 + i] > -Infinity) setLimitLaw(p, pushRow(p, j, 6 + i, ROW_LIMIT, axis, BLOCK_SCALAR, warm, w0), kL, bL, e6 + i);
        if (js.upper[e6 + i] < Infinity) setLimitLaw(p, pushRow(p, j, 12 + i, ROW_LIMIT, axis, BLOCK_SCALAR, warm, w0), kL, bL, e6 + i);
      }
      if (ball && js.swingLimit[2 * e] > 0) {
        setLimitLaw(p, pushRow(p, j, 10, ROW_LIMIT, SWING_AXIS, BLOCK_SCALAR, warm, w0), js.limitStiffness, js.limitDamping, e6 + 4);
      }
      // locked angular, then locked linear
      for (let g = 1; g >= 0; g--) {
        const k = g === 1 ? kAng : kLin, bb = g === 1 ? bAng : bLin;
        if (k !== Infinity && !(k > 0 || bb > 0)) continue; // a spring of zero stiffness and damping: free
        const type = k === Infinity ? ROW_RIGID : ROW_SPRING;
        const o = e6 + 3 * g;
        const all = m[o] === MODE_LOCKED && m[o + 1] === MODE_LOCKED && m[o + 2] === MODE_LOCKED;
        for (let i = 0; i < 3; i++) {
          if (m[o + i] !== MODE_LOCKED) continue;
          const block = all ? (i === 0 ? BLOCK_HEAD : BLOCK_TAIL) : BLOCK_SCALAR;
          const r = pushRow(p, j, 3 * g + i, type, 3 * g + i, block, warm, w0);
          p.stiffness[r] = k; p.damping[r] = bb;
        }
      }
    }
    if (p.rowCount === p.rowStart[j]) continue; // nothing to solve (e.g. a ball joint made free)
    j++;
  }
  p.jointCount = j;
  p.rowStart[j] = p.rowCount;
  updateJointRows(p, sb);
  return p.rowCount;
}

function isZero9(m: Float64Array, o: number): boolean {
  for (let k = 0; k < 9; k++) if (m[o + k] !== 0) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Row evaluation at the current pose

/** The unit x and z axes (constants, read only). */
const ex = new Float64Array([1, 0, 0]);
const ez = new Float64Array([0, 0, 1]);

/** Scratch of the angle routines' arguments and results (`atan2At`, `asinAt`: see `deterministic-math.ts`
 * on why not numbers); no state between calls. */
const trig = new Float64Array(2);

/** Scratch of {@link updateJointRows} (on the joint problem). */
export interface JointRowScratch {
  /** `[4]` F_A, F_B (world), rel = F_A⁻¹ F_B, and F_A⁻¹. */
  readonly fa: Float64Array;
  readonly fb: Float64Array;
  readonly rel: Float64Array;
  readonly inv: Float64Array;
  /** `[9]` F_A axes x, y, z (world) at 0, 3, 6. */
  readonly ax: Float64Array;
  /** `[3]` F_B z axis. */
  readonly bz: Float64Array;
  /** `[9]` Euler rate axes for a, b, c at 0, 3, 6. */
  readonly euler: Float64Array;
  /** `[3]` the anchors' lever arms r_A, r_B, the anchor gap, the rotation error. */
  readonly ra: Float64Array;
  readonly rb: Float64Array;
  readonly gap: Float64Array;
  readonly theta: Float64Array;
  /** `[4]` swing φ, twist τ, swing rotation vector (y, z) in A's joint frame. */
  readonly st: Float64Array;
  /** `[3]` F_B x axis (world); the swing row direction (A's joint frame). */
  readonly xb: Float64Array;
  readonly sw: Float64Array;
  /** `[3]` a row's direction (the distance and twist rows) and lever arm on A (the scalar linear rows). */
  readonly u: Float64Array;
  readonly lever: Float64Array;
  /** `[4]` {@link ellipseDistance}'s point and half-axes (p_y, p_z, t_y, t_z) in; the outward unit normal
   * (r_y, r_z) at the closest point and the signed distance out (at 0, 1, 2). */
  readonly ellipse: Float64Array;
}

export function createJointRowScratch(): JointRowScratch {
  return {
    fa: new Float64Array(4), fb: new Float64Array(4), rel: new Float64Array(4), inv: new Float64Array(4),
    ax: new Float64Array(9), bz: new Float64Array(3), euler: new Float64Array(9), ra: new Float64Array(3),
    rb: new Float64Array(3), gap: new Float64Array(3), theta: new Float64Array(3), st: new Float64Array(4),
    xb: new Float64Array(3), sw: new Float64Array(3), u: new Float64Array(3), lever: new Float64Array(3),
    ellipse: new Float64Array(4),
  };
}

/** Current world inverse inertias of the bodies that turned within the step (the fast solver's
 * `InertiaRefresh`, `systems/solve/pgs/inertia-refresh.ts`): body i's is `inertia[9i..9i+9]` (row-major,
 * unit: 1/(kg·m²)) when `turned[i]` is 1. */
export interface TurnedInertia {
  readonly turned: Uint8Array;
  readonly inertia: Float64Array;
}

/**
 * Evaluates every row at the current pose: start-of-step pose moved by the solver bodies' deltas
 * (dp, dq; identity at the start of the step). Writes Jacobians, I⁻¹Jᵀ, effective masses, 3×3 blocks,
 * errors and the joint coordinates. World inverse inertias are those of the start of the step, or for
 * the bodies marked in `turned` their current ones (the fast mode: the same matrices its contact rows
 * act through, so that every row of a body projects in one metric).
 */
export function updateJointRows(p: JointProblem, sb: SolverBodies, turned?: TurnedInertia): void {
  const dq = sb.dq, dp = sb.dp, S = p.scratch;
  const { fa, fb, rel, inv, ax, bz, euler, ra, rb, gap, theta, st, xb, sw, u, lever } = S;
  // its first pass does nothing (`systems/solve/pgs/README.md`, "Loops compiled on the stack")
  for (let j = -1; j < p.jointCount; j++) {
    if (j < 0) continue;
    const a = p.bodyA[j], b = p.bodyB[j];
    const j3 = 3 * j, j4 = 4 * j, j6 = 6 * j, a3 = 3 * a, b3 = 3 * b;
    quatRotate(ra, 0, dq, 4 * a, p.rA0, j3);
    quatRotate(rb, 0, dq, 4 * b, p.rB0, j3);
    gap[0] = p.center0[j3] + dp[b3] - dp[a3] + rb[0] - ra[0];
    gap[1] = p.center0[j3 + 1] + dp[b3 + 1] - dp[a3 + 1] + rb[1] - ra[1];
    gap[2] = p.center0[j3 + 2] + dp[b3 + 2] - dp[a3 + 2] + rb[2] - ra[2];
    const rs = p.rowStart[j], re = p.rowStart[j + 1];
    if (p.kind[j] === KIND_DISTANCE) {
      let len = Math.sqrt(gap[0] * gap[0] + gap[1] * gap[1] + gap[2] * gap[2]);
      if (len > 1e-12) { u[0] = gap[0] / len; u[1] = gap[1] / len; u[2] = gap[2] / len; } else { len = 0; u[0] = 1; u[1] = 0; u[2] = 0; }
      p.coordinate[j6] = len;
      for (let r = rs; r < re; r++) {
        const slot = p.rowSlot[r];
        const s = slot === 12 ? -1 : 1;
        setLinearRow(p, r, u, 0, s, ra);
        p.error[r] = slot === 6 ? len - p.lower[j6] : slot === 12 ? p.upper[j6] - len
          : p.rowType[r] === ROW_SPRING ? len - p.restLength[j] : len - p.lower[j6];
      }
      finishRows(p, sb, rs, re, turned);
      continue;
    }
    quatMultiply(fa, 0, dq, 4 * a, p.frameA0, j4);
    quatMultiply(fb, 0, dq, 4 * b, p.frameB0, j4);
    // F_A axes in the world
    quatRotate(ax, 0, fa, 0, ex, 0);
    ax[3] = 0; ax[4] = 1; ax[5] = 0;
    quatRotate(ax, 3, fa, 0, ax, 3);
    quatRotate(ax, 6, fa, 0, ez, 0);
    // linear coordinates along F_A's axes
    for (let i = 0; i < 3; i++) p.coordinate[j6 + i] = ax[3 * i] * gap[0] + ax[3 * i + 1] * gap[1] + ax[3 * i + 2] * gap[2];
    // relative rotation in A's joint frame: rel = F_A⁻¹ F_B; Euler XYZ angles
    inv[0] = -fa[0]; inv[1] = -fa[1]; inv[2] = -fa[2]; inv[3] = fa[3];
    quatMultiply(rel, 0, inv, 0, fb, 0);
    eulerXyz(p.coordinate, j6 + 3, rel);
    let eulerReady = false;
    let blockAngReady = false;
    let swingReady = false;
    for (let r = rs; r < re; r++) {
      const axis = p.rowAxis[r], slot = p.rowSlot[r], type = p.rowType[r];
      const s = slot >= 12 && slot < 18 ? -1 : 1; // upper limits: flipped so that C ≥ 0 is feasible
      if (axis >= SWING_AXIS) {
        if (!swingReady) { swingTwist(st, 0, rel); quatRotate(xb, 0, fb, 0, ex, 0); swingReady = true; }
        if (axis === TWIST_AXIS) {
          // τ̇ = (X_A + X_B)/(1 + X_A·X_B) · (ω_B − ω_A)
          let den = 1 + ax[0] * xb[0] + ax[1] * xb[1] + ax[2] * xb[2];
          if (den < 1e-9) den = 1e-9;
          const f = s / den;
          u[0] = f * (ax[0] + xb[0]); u[1] = f * (ax[1] + xb[1]); u[2] = f * (ax[2] + xb[2]);
          setAngularRow(p, r, u, 0, 1);
          p.error[r] = slot < 12 ? st[1] - p.lower[j6 + 3] : p.upper[j6 + 3] - st[1];
        } else {
          swingRow(S, sw, rel, p.swingLimit, 2 * j, p.error, r);
          quatRotate(sw, 0, fa, 0, sw, 0);
          setAngularRow(p, r, sw, 0, 1);
        }
      } else if (axis < 3) {
        if (p.rowBlock[r] !== BLOCK_SCALAR) {
          // point block: world axis e_axis, lever r_A
          const i = axis;
          setLinearRow(p, r, AXES, 3 * i, 1, ra);
          p.error[r] = gap[i];
        } else {
          const o = 3 * axis;
          lever[0] = ra[0] + gap[0]; lever[1] = ra[1] + gap[1]; lever[2] = ra[2] + gap[2];
          setLinearRow(p, r, ax, o, s, lever);
          setRowError(p, r, j6, axis, slot, type);
        }
      } else if (p.rowBlock[r] !== BLOCK_SCALAR) {
        if (!blockAngReady) { rotationError(theta, fa, fb); blockAngReady = true; }
        const i = axis - 3;
        setAngularRow(p, r, AXES, 3 * i, 1);
        p.error[r] = theta[i];
      } else {
        if (!eulerReady) {
          quatRotate(bz, 0, fb, 0, ez, 0);
          eulerRateAxes(euler, ax, bz);
          eulerReady = true;
        }
        const o = 3 * (axis - 3);
        setAngularRow(p, r, euler, o, s);
        setRowError(p, r, j6, axis, slot, type);
      }
    }
    finishRows(p, sb, rs, re, turned);
  }
}

/** Error of scalar row r of axis `axis` from the joint coordinate x (`coordinate[j6 + axis]`), into `error[r]`. */
function setRowError(p: JointProblem, r: number, j6: number, axis: number, slot: number, type: number): void {
  const x = p.coordinate[j6 + axis];
  p.error[r] = type === ROW_MOTOR ? 0 : slot >= 6 && slot < 12 ? x - p.lower[j6 + axis] : slot >= 12 && slot < 18 ? p.upper[j6 + axis] - x : x;
}

/** The unit axes x, y, z at 0, 3, 6 (constants, read only). */
const AXES = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);

// The row writers below take their vectors from arrays: a number passed to a call that V8 does not inline is
// a new heap number each call (the row assembly runs about 10⁴ rows per step on a jointed pile).

/** Linear row along n = s · `nv[no..no+2]` (s = ±1) with lever arm L = `L[0..2]` on A (r_A, or r_A + d for
 * axes that move with A) and r_B on B. */
function setLinearRow(p: JointProblem, r: number, nv: Float64Array, no: number, s: number, L: Float64Array): void {
  const nx = s * nv[no], ny = s * nv[no + 1], nz = s * nv[no + 2], lx = L[0], ly = L[1], lz = L[2];
  const o = 3 * r, rb = p.scratch.rb;
  p.linear[o] = nx; p.linear[o + 1] = ny; p.linear[o + 2] = nz;
  // angA = −(L × n), angB = r_B × n
  p.angularA[o] = -(ly * nz - lz * ny);
  p.angularA[o + 1] = -(lz * nx - lx * nz);
  p.angularA[o + 2] = -(lx * ny - ly * nx);
  p.angularB[o] = rb[1] * nz - rb[2] * ny;
  p.angularB[o + 1] = rb[2] * nx - rb[0] * nz;
  p.angularB[o + 2] = rb[0] * ny - rb[1] * nx;
}

/** Angular row: J v = u · (ω_B − ω_A), u = s · `uv[uo..uo+2]` (s = ±1). */
function setAngularRow(p: JointProblem, r: number, uv: Float64Array, uo: number, s: number): void {
  const ux = s * uv[uo], uy = s * uv[uo + 1], uz = s * uv[uo + 2];
  const o = 3 * r;
  p.linear[o] = 0; p.linear[o + 1] = 0; p.linear[o + 2] = 0;
  p.angularA[o] = -ux; p.angularA[o + 1] = -uy; p.angularA[o + 2] = -uz;
  p.angularB[o] = ux; p.angularB[o + 1] = uy; p.angularB[o + 2] = uz;
}

/** I⁻¹Jᵀ, effective masses and the 3×3 blocks of rows rs..re−1 (all of one joint). */
function finishRows(p: JointProblem, sb: SolverBodies, rs: number, re: number, turned?: TurnedInertia): void {
  finishRowMasses(p, sb, rs, re, turned);
  finishBlocks(p, sb, rs, re);
}

/** I⁻¹Jᵀ and the effective masses of rows rs..re−1. */
function finishRowMasses(p: JointProblem, sb: SolverBodies, rs: number, re: number, turned?: TurnedInertia): void {
  const I = sb.invInertia, t = turned?.turned, T = turned?.inertia as Float64Array;
  for (let r = rs - 1; r < re; r++) {
    if (r < rs) continue;
    const a = p.rowA[r], b = p.rowB[r], o = 3 * r;
    mat3MulVec(p.invInertiaAngularA, o, t?.[a] === 1 ? T : I, 9 * a, p.angularA, o);
    mat3MulVec(p.invInertiaAngularB, o, t?.[b] === 1 ? T : I, 9 * b, p.angularB, o);
    const l = p.linear;
    const w = (sb.invMass[a] + sb.invMass[b]) * (l[o] * l[o] + l[o + 1] * l[o + 1] + l[o + 2] * l[o + 2])
      + dot3(p.angularA, o, p.invInertiaAngularA, o) + dot3(p.angularB, o, p.invInertiaAngularB, o);
    p.effectiveMass[r] = w > 1e-300 ? 1 / w : 0;
  }
}

/** The 3×3 blocks K of the blocks among rows rs..re−1. */
function finishBlocks(p: JointProblem, sb: SolverBodies, rs: number, re: number): void {
  for (let r = rs - 1; r < re; r++) {
    if (r < rs || p.rowBlock[r] !== BLOCK_HEAD) continue;
    const a = p.rowA[r], b = p.rowB[r], ms = sb.invMass[a] + sb.invMass[b], k9 = 9 * r;
    for (let u = 0; u < 3; u++) {
      const ou = 3 * (r + u);
      for (let v = u; v < 3; v++) {
        const ov = 3 * (r + v);
        const kv = ms * dot3(p.linear, ou, p.linear, ov)
          + dot3(p.angularA, ou, p.invInertiaAngularA, ov) + dot3(p.angularB, ou, p.invInertiaAngularB, ov);
        p.blockMatrix[k9 + 3 * u + v] = kv;
        p.blockMatrix[k9 + 3 * v + u] = kv;
      }
    }
  }
}



/**
 * XYZ Euler angles (a, b, c) of the unit quaternion q (R = Rx(a) Ry(b) Rz(c)), written to out[o..o+2].
 * b = asin(R02) ∈ [−π/2, π/2], a = atan2(−R12, R22), c = atan2(−R01, R00).
 */
export function eulerXyz(out: Float64Array, o: number, q: ArrayLike<number>): void {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const r02 = 2 * (x * z + w * y);
  const r12 = 2 * (y * z - w * x);
  const r22 = 1 - 2 * (x * x + y * y);
  const r01 = 2 * (x * y - w * z);
  const r00 = 1 - 2 * (y * y + z * z);
  const t = trig;
  t[0] = -r12; t[1] = r22; atan2At(t, 0); out[o] = t[0];
  t[0] = r02 > 1 ? 1 : r02 < -1 ? -1 : r02; asinAt(t, 0); out[o + 1] = t[0];
  t[0] = -r01; t[1] = r00; atan2At(t, 0); out[o + 2] = t[0];
}

/**
 * Swing–twist decomposition of the unit quaternion q = q_swing q_twist (twist about x, swing about an axis
 * a ⊥ x), written to out[o..o+3]: the swing angle φ = ∠(x, q x) ∈ [0, π], the twist angle
 * τ = 2 atan2(q_x, q_w) ∈ [−π, π] (q taken with q_w ≥ 0), and the swing rotation vector φ a = (φ a_y, φ a_z)
 * (a = x × X/|x × X|, X = q x). Undefined twist at φ = π (returns 2 atan2(q_x, q_w) of that q).
 */
export function swingTwist(out: Float64Array, o: number, q: ArrayLike<number>): void {
  let x = q[0], y = q[1], z = q[2], w = q[3];
  if (w < 0) { x = -x; y = -y; z = -z; w = -w; }
  const Xx = 1 - 2 * (y * y + z * z), Xy = 2 * (x * y + w * z), Xz = 2 * (x * z - w * y);
  const rho = Math.sqrt(Xy * Xy + Xz * Xz);
  const t = trig;
  t[0] = rho; t[1] = Xx; atan2At(t, 0);
  const phi = t[0];
  out[o] = phi;
  t[0] = x; t[1] = w; atan2At(t, 0);
  out[o + 1] = 2 * t[0];
  if (rho > 0) { out[o + 2] = -phi * Xz / rho; out[o + 3] = phi * Xy / rho; } else { out[o + 2] = 0; out[o + 3] = 0; }
}

/**
 * The swing-cone row of the relative rotation q = F_A⁻¹ F_B with half-angles θy, θz (rad) at
 * `limit[k]`, `limit[k + 1]`: writes C (rad, ≥ 0 inside the cone) to `error[r]` and u (A's joint frame)
 * with Ċ = u · Ω, Ω the relative angular velocity ω_B − ω_A in A's joint frame.
 *
 * The swing is the rotation vector r = φ a (a ⊥ x) of q's swing part; with X = q x =
 * (cos φ, sin φ cos β, sin φ sin β), a = (−sin β, cos β). The cone is the ellipse (r_y/θy)² + (r_z/θz)² ≤ 1
 * and C is the signed distance from r to it (positive inside; the closest point by Eberly's method,
 * "Distance from a point to an ellipse", 2013, with a monotone Newton iteration on his root function),
 * so C = θ − φ exactly for a circular cone and |∇_r C| = 1: C is smooth near the rim and its gradient is
 * bounded near the pole (φ = 0, where β spins fast), so a swing through the neutral pose never sees a
 * spurious limit. Since C depends on X only and Ẋ = Ω × X, Ċ = (X × ∇_X C) · Ω, with ∇_r C = −n (n the
 * outward unit normal at the closest point):
 *   ∂C/∂φ = −n · a,   ∂C/∂β = −n · ∂r/∂β = φ (n_y cos β + n_z sin β),
 *   u = X × ∇_X C = (∂C/∂φ) e_β − (∂C/∂β / sin φ) e_φ,
 *   e_φ = (−sin φ, cos φ cos β, cos φ sin β),  e_β = (0, −sin β, cos β).
 * At sin φ < 1e-9 (axes aligned or opposed) β is taken as 0.
 */
function swingRow(
  S: JointRowScratch, u: Float64Array, q: ArrayLike<number>, limit: Float64Array, k: number, error: Float64Array, r: number,
): void {
  let x = q[0], y = q[1], z = q[2], w = q[3];
  if (w < 0) { x = -x; y = -y; z = -z; w = -w; }
  const Xx = 1 - 2 * (y * y + z * z), Xy = 2 * (x * y + w * z), Xz = 2 * (x * z - w * y);
  const rho = Math.sqrt(Xy * Xy + Xz * Xz);
  const t = trig;
  t[0] = rho; t[1] = Xx; atan2At(t, 0);
  const phi = t[0];
  const ty = limit[k], tz = limit[k + 1];
  let sb = 0, cb = 1;
  if (rho > 1e-9) { sb = Xz / rho; cb = Xy / rho; }
  let ny: number, nz: number;
  if (ty === tz) {
    error[r] = ty - phi; ny = -sb; nz = cb; // n = a
  } else {
    const e = S.ellipse;
    e[0] = -phi * sb; e[1] = phi * cb; e[2] = ty; e[3] = tz;
    ellipseDistance(e);
    error[r] = e[2]; ny = e[0]; nz = e[1];
  }
  const dPhi = ny * sb - nz * cb;
  const gBeta = (phi / (rho > 1e-9 ? rho : 1)) * (ny * cb + nz * sb);
  // u = dPhi e_β − gBeta e_φ
  u[0] = gBeta * rho;
  u[1] = -dPhi * sb - gBeta * Xx * cb;
  u[2] = dPhi * cb - gBeta * Xx * sb;
}

/**
 * Signed distance from the point (py, pz) to the ellipse (y/ty)² + (z/tz)² = 1, positive inside, and the
 * outward unit normal at the closest point: `e` = (py, pz, ty, tz) in, (normal y, normal z, distance) out. Eberly's reduction to the first
 * quadrant with the major semi-axis e0 first: the closest point is x_i = r_i y_i / (s + r_i) with s the
 * root of F(s) = (r0 z0/(s + r0))² + (z1/(s + 1))² − 1, r0 = (e0/e1)², z_i = y_i/e_i; F is convex and
 * decreasing on (−1, ∞), so Newton from s = z1 − 1 (where F ≥ 0) climbs to the root monotonically;
 * bisection of Eberly's bracket takes over while Newton is slow.
 */
function ellipseDistance(e: Float64Array): void {
  const py = e[0], pz = e[1], ty = e[2], tz = e[3];
  const swap = ty < tz;
  const e0 = swap ? tz : ty, e1 = swap ? ty : tz;
  const s0 = swap ? pz : py, s1 = swap ? py : pz;
  const y0 = s0 < 0 ? -s0 : s0, y1 = s1 < 0 ? -s1 : s1;
  let x0: number, x1: number;
  const z0 = y0 / e0, z1 = y1 / e1;
  const g = z0 * z0 + z1 * z1 - 1;
  if (y1 > 0) {
    if (y0 > 0 && g !== 0) {
      const r0 = (e0 / e1) * (e0 / e1), n0 = r0 * z0;
      // s stays left of the root (F(s) ≥ 0), hi right of it (Eberly's bracket)
      let s = z1 - 1, hi = g < 0 ? 0 : Math.sqrt(n0 * n0 + z1 * z1) - 1;
      for (let i = 0; i < 100; i++) {
        const a = n0 / (s + r0), b = z1 / (s + 1);
        const f = a * a + b * b - 1;
        if (!(f > 0)) break;
        let next = s + f / (2 * (a * a / (s + r0) + b * b / (s + 1))); // Newton: never past the root
        if (next > hi) next = hi;
        if (next - s < 0.25 * (hi - s)) {
          // slow progress (near the pole of the z1 term): bisect the bracket as well
          const m = 0.5 * (s + hi), am = n0 / (m + r0), bm = z1 / (m + 1);
          if (am * am + bm * bm - 1 > 0) { if (m > next) next = m; } else hi = m;
        }
        const step = next - s;
        s = next;
        if (!(step > 1e-16 * (1 + (s < 0 ? -s : s)))) break;
      }
      x0 = r0 * y0 / (s + r0);
      x1 = y1 / (s + 1);
    } else if (y0 > 0) {
      x0 = y0; x1 = y1; // on the ellipse
    } else {
      x0 = 0; x1 = e1;
    }
  } else {
    const numer = e0 * y0, denom = e0 * e0 - e1 * e1;
    if (numer < denom) {
      const t = numer / denom;
      x0 = e0 * t; x1 = e1 * Math.sqrt(1 - t * t);
    } else {
      x0 = e0; x1 = 0;
    }
  }
  const dist = Math.sqrt((x0 - y0) * (x0 - y0) + (x1 - y1) * (x1 - y1));
  let n0 = x0 / (e0 * e0), n1 = x1 / (e1 * e1);
  const l = Math.sqrt(n0 * n0 + n1 * n1);
  n0 /= l; n1 /= l;
  if (s0 < 0) n0 = -n0;
  if (s1 < 0) n1 = -n1;
  e[0] = swap ? n1 : n0;
  e[1] = swap ? n0 : n1;
  e[2] = g <= 0 ? dist : -dist;
}

/**
 * The Euler rate axes: with X = F_A x (ax[0..2]), Z = F_B z, Y = (Z × X)/|Z × X|, D = X·(Y × Z):
 * J_a = (Y × Z)/D, J_b = Y, J_c = (X × Y)/D, so that ȧ = J_a·ω, ḃ = J_b·ω, ċ = J_c·ω (ω = ω_B − ω_A).
 * D = cos b is clamped at 1e-6 (gimbal lock at |b| = 90°).
 */
function eulerRateAxes(out: Float64Array, axes: Float64Array, z: Float64Array): void {
  const xx = axes[0], xy = axes[1], xz = axes[2];
  let yx = z[1] * xz - z[2] * xy, yy = z[2] * xx - z[0] * xz, yz = z[0] * xy - z[1] * xx;
  const yl = Math.sqrt(yx * yx + yy * yy + yz * yz);
  if (yl > 1e-12) { yx /= yl; yy /= yl; yz /= yl; } else { yx = axes[3]; yy = axes[4]; yz = axes[5]; }
  const yzx = yy * z[2] - yz * z[1], yzy = yz * z[0] - yx * z[2], yzz = yx * z[1] - yy * z[0];
  let d = xx * yzx + xy * yzy + xz * yzz;
  if (d < 1e-6 && d > -1e-6) d = d < 0 ? -1e-6 : 1e-6;
  out[0] = yzx / d; out[1] = yzy / d; out[2] = yzz / d;
  out[3] = yx; out[4] = yy; out[5] = yz;
  out[6] = (xy * yz - xz * yy) / d; out[7] = (xz * yx - xx * yz) / d; out[8] = (xx * yy - xy * yx) / d;
}

/** θ (world) with F_B ≈ exp(θ) F_A: 2 sign(w) vec(F_B F_A⁻¹) (first order in the angle). */
function rotationError(out: Float64Array, a: Float64Array, b: Float64Array): void {
  // F_B ⊗ F_A⁻¹
  const ax_ = -a[0], ay = -a[1], az = -a[2], aw = a[3];
  const bx = b[0], by = b[1], bz_ = b[2], bw = b[3];
  const x = bw * ax_ + bx * aw + by * az - bz_ * ay;
  const y = bw * ay - bx * az + by * aw + bz_ * ax_;
  const z = bw * az + bx * ay - by * ax_ + bz_ * aw;
  const w = bw * aw - bx * ax_ - by * ay - bz_ * az;
  const s = w < 0 ? -2 : 2;
  out[0] = s * x; out[1] = s * y; out[2] = s * z;
}

// ---------------------------------------------------------------------------------------------
// Results back to the store

/**
 * Writes the rows' forces back to the joint store: the last substep's force (impulse / impulseTime) for
 * the next warm start, the step's average force per row ((stepImpulse + impulse) / stepTime), the
 * reaction force and torque on body B from those averages, and breaks the joints whose force or torque
 * exceeds its threshold (appending their entity ids to `broken`).
 */
export function storeJointResults(js: JointStore, p: JointProblem, broken: number[]): void {
  const t = p.impulseTime, T = p.stepTime;
  const inv = t > 0 ? 1 / t : 0, invT = T > 0 ? 1 / T : 0;
  for (let j = 0; j < p.jointCount; j++) {
    const e = p.entity[j], w0 = JOINT_SLOTS * e, e3 = 3 * e;
    let fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
    for (let r = p.rowStart[j]; r < p.rowStart[j + 1]; r++) {
      js.warmForce[w0 + p.rowSlot[r]] = p.impulse[r] * inv;
      const f = (p.stepImpulse[r] + p.impulse[r]) * invT;
      js.rowForce[w0 + p.rowSlot[r]] = f;
      const o = 3 * r;
      if (p.rowAxis[r] >= 3 && p.rowAxis[r] !== DISTANCE_AXIS) {
        tx += f * p.angularB[o]; ty += f * p.angularB[o + 1]; tz += f * p.angularB[o + 2];
      } else {
        fx += f * p.linear[o]; fy += f * p.linear[o + 1]; fz += f * p.linear[o + 2];
      }
    }
    js.force[e3] = fx; js.force[e3 + 1] = fy; js.force[e3 + 2] = fz;
    js.torque[e3] = tx; js.torque[e3 + 1] = ty; js.torque[e3 + 2] = tz;
    if (fx * fx + fy * fy + fz * fz > js.breakForce[e] * js.breakForce[e]
      || tx * tx + ty * ty + tz * tz > js.breakTorque[e] * js.breakTorque[e]) {
      disableJoint(js, e);
      broken.push(e);
    }
  }
}
