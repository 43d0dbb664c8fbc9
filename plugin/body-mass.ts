/**
 * A body's mass properties from its colliders, and the move of its body frame to their centre of mass
 * and principal axes.
 *
 * Each collider i contributes its mass m_i = ρ_i V_i and its inertia about its own centre, I_i = R_i
 * diag(D_i) R_iᵀ (D_i the shape's principal moments, R_i its local orientation), moved to the compound
 * centre of mass c = Σ m_i p_i / M by the parallel-axis theorem, I = Σ I_i + m_i (|d_i|² E − d_i d_iᵀ),
 * d_i = p_i − c (Goldstein, "Classical Mechanics", 3rd ed., §5.3, eq. 5.17). The tensor is diagonalised
 * (cyclic Jacobi, `math/sym-eigen3.ts`): I = P diag(λ) Pᵀ.
 *
 * Design choice: the body frame is the principal frame. The body's pose is moved to the centre of mass
 * with its axes along P, and every collider's local pose and every joint anchor / frame on the body is
 * re-expressed in the new frame, so nothing moves in the world. The solvers keep their diagonal
 * body-frame inverse inertia (R diag(1/λ) Rᵀ in the world); the alternative, a full 3×3 inverse
 * inertia tensor per body in every solver, was rejected: it touches every solver's inner loops for no
 * gain in accuracy, and Jolt, PhysX and Bullet's compound shapes diagonalise the same way.
 *
 * A mass given by the user (`BodyDef.mass`) scales the colliders' distribution to that mass; an inertia
 * given by the user is kept as is, about body axes that then do not turn (only the centre moves).
 */

import { MotionType } from '../components/rigid-body';
import { MassOverride, ShapeKind } from '../components/collider';
import { shapeMassProperties } from '../components/mass-properties';
import { getShapeRoutines } from '../systems/shapes/shape-registry';
import { quatMultiply, quatRotate, quatToMat3 } from '../math/quat';
import { mat3ToQuat, symmetricEigen3 } from '../math/sym-eigen3';
import type { PhysicsWorld } from './world';

/** Mass, centre of mass (body frame), principal moments and the rotation to principal axes of a body's
 * colliders; `mass` is 0 when no collider has a finite volume. */
export interface CompoundMass {
  mass: number;
  center: [number, number, number];
  inertia: [number, number, number];
  /** Unit quaternion x y z w: principal axes in the current body frame. */
  axes: [number, number, number, number];
  /** Row-major `[9]` inertia tensor about the centre of mass, current body frame (unit: kg·m²). */
  tensor: number[];
}

/** The mass properties of body `body`'s colliders (current body frame). Allocates (not in the step). */
export function colliderMass(world: PhysicsWorld, body: number): CompoundMass {
  const s = world.colliders;
  let mass = 0, cx = 0, cy = 0, cz = 0;
  const parts: { m: number; p: number[]; i: number[] }[] = [];
  const r = new Float64Array(9);
  for (let c = s.firstCollider[body]; c >= 0; c = s.nextCollider[c]) {
    if (s.shape[c] === ShapeKind.none || s.shape[c] === ShapeKind.plane) continue;
    const kind = s.shape[c];
    let m: number;
    // the shape's own centre of mass and inertia tensor, in the collider frame
    let lc = [0, 0, 0], lt: number[];
    if (kind === ShapeKind.sphere || kind === ShapeKind.box || kind === ShapeKind.capsule) {
      const mp = shapeMassProperties(kind, s.size.subarray(3 * c, 3 * c + 3), s.density[c]);
      m = mp.mass;
      lt = [mp.inertia[0], 0, 0, 0, mp.inertia[1], 0, 0, 0, mp.inertia[2]];
    } else {
      const routines = getShapeRoutines(kind);
      if (routines === undefined) continue;
      const sm = routines.mass(s.size, 3 * c, s.shapeData[c], s.density[c]);
      m = sm.mass; lc = sm.center; lt = sm.tensor;
    }
    if (!(m > 0) || !Number.isFinite(m)) continue;
    quatToMat3(r, 0, s.localOrientation, 4 * c);
    const p = [s.localPosition[3 * c], s.localPosition[3 * c + 1], s.localPosition[3 * c + 2]];
    for (let a = 0; a < 3; a++) p[a] += r[3 * a] * lc[0] + r[3 * a + 1] * lc[1] + r[3 * a + 2] * lc[2];
    // I_i = R T Rᵀ
    const it: number[] = [];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        let x = 0;
        for (let u = 0; u < 3; u++) for (let v = 0; v < 3; v++) x += r[3 * a + u] * lt[3 * u + v] * r[3 * b + v];
        it.push(x);
      }
    }
    parts.push({ m, p, i: it });
    mass += m;
    cx += m * p[0]; cy += m * p[1]; cz += m * p[2];
  }
  const tensor = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  if (mass === 0) return { mass: 0, center: [0, 0, 0], inertia: [0, 0, 0], axes: [0, 0, 0, 1], tensor };
  cx /= mass; cy /= mass; cz /= mass;
  for (const q of parts) {
    const d = [q.p[0] - cx, q.p[1] - cy, q.p[2] - cz];
    const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) tensor[3 * a + b] += q.i[3 * a + b] + q.m * ((a === b ? dd : 0) - d[a] * d[b]);
    }
  }
  // exact symmetry for the eigen solver
  tensor[3] = tensor[1]; tensor[6] = tensor[2]; tensor[7] = tensor[5];
  const values = [0, 0, 0], vectors = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  symmetricEigen3(tensor, values, vectors);
  const axes: [number, number, number, number] = [0, 0, 0, 1];
  if (!(vectors[0] === 1 && vectors[4] === 1 && vectors[8] === 1)) mat3ToQuat(axes, 0, vectors);
  return { mass, center: [cx, cy, cz], inertia: [values[0], values[1], values[2]], axes, tensor };
}

/**
 * Recomputes a dynamic body's mass, centre of mass and principal inertia from its colliders (keeping
 * what the user fixed, `colliders.massOverride`) and moves its body frame there (see the file header).
 * Static and kinematic bodies and bodies without a collider of finite volume are left as they are.
 */
export function updateBodyMass(world: PhysicsWorld, body: number): void {
  const b = world.bodies;
  if (b.motionType[body] !== MotionType.dynamic) return;
  const cm = colliderMass(world, body);
  if (cm.mass === 0) return;
  const flags = world.colliders.massOverride[body];
  const keepInertia = (flags & MassOverride.inertia) !== 0;
  const mass = (flags & MassOverride.mass) !== 0 ? b.mass[body] : cm.mass;
  const scale = mass / cm.mass;
  const axes = keepInertia ? [0, 0, 0, 1] : cm.axes;
  rebaseBodyFrame(world, body, cm.center, axes);
  b.mass[body] = mass;
  b.invMass[body] = 1 / mass;
  if (!keepInertia) {
    for (let k = 0; k < 3; k++) {
      const i = cm.inertia[k] * scale;
      b.inertiaLocal[3 * body + k] = i;
      b.invInertiaLocal[3 * body + k] = i > 0 ? 1 / i : 0;
    }
  }
}

/**
 * Moves body `body`'s frame to origin `c` and axes `axes` (both given in the current body frame)
 * without moving anything in the world: the body pose (current and previous), the centre-of-mass
 * velocity (v' = v + ω × R c), the origin frame, every collider's local pose and every joint anchor /
 * frame on the body.
 */
export function rebaseBodyFrame(world: PhysicsWorld, body: number, c: ArrayLike<number>, axes: ArrayLike<number>): void {
  const moved = c[0] !== 0 || c[1] !== 0 || c[2] !== 0;
  const turned = !(axes[0] === 0 && axes[1] === 0 && axes[2] === 0 && axes[3] === 1);
  if (!moved && !turned) return;
  const b = world.bodies;
  const rc = [0, 0, 0];
  const inv = [-axes[0], -axes[1], -axes[2], axes[3]];
  // world pose, previous pose, velocity
  quatRotate(rc, 0, b.orientation, 4 * body, c, 0);
  const w = b.angularVelocity, v = b.linearVelocity, i = 3 * body;
  v[i] += w[i + 1] * rc[2] - w[i + 2] * rc[1];
  v[i + 1] += w[i + 2] * rc[0] - w[i] * rc[2];
  v[i + 2] += w[i] * rc[1] - w[i + 1] * rc[0];
  for (let k = 0; k < 3; k++) b.position[i + k] += rc[k];
  quatRotate(rc, 0, b.prevOrientation, 4 * body, c, 0);
  for (let k = 0; k < 3; k++) b.prevPosition[i + k] += rc[k];
  quatMultiply(b.orientation, 4 * body, b.orientation, 4 * body, axes, 0);
  quatMultiply(b.prevOrientation, 4 * body, b.prevOrientation, 4 * body, axes, 0);
  // local poses: p' = Pᵀ (p − c), q' = P⁻¹ ⊗ q
  const s = world.colliders, d = [0, 0, 0];
  const toLocal = (pos: Float64Array, po: number): void => {
    d[0] = pos[po] - c[0]; d[1] = pos[po + 1] - c[1]; d[2] = pos[po + 2] - c[2];
    quatRotate(pos, po, inv, 0, d, 0);
  };
  for (let k = s.firstCollider[body]; k >= 0; k = s.nextCollider[k]) {
    toLocal(s.localPosition, 3 * k);
    quatMultiply(s.localOrientation, 4 * k, inv, 0, s.localOrientation, 4 * k);
  }
  toLocal(s.originPosition, 3 * body);
  quatMultiply(s.originOrientation, 4 * body, inv, 0, s.originOrientation, 4 * body);
  const j = world.joints;
  for (let n = 0; n < j.count; n++) {
    const e = j.list[n];
    if (j.bodyA[e] === body) {
      toLocal(j.anchorA, 3 * e);
      quatMultiply(j.frameA, 4 * e, inv, 0, j.frameA, 4 * e);
    }
    if (j.bodyB[e] === body) {
      toLocal(j.anchorB, 3 * e);
      quatMultiply(j.frameB, 4 * e, inv, 0, j.frameB, 4 * e);
    }
  }
}
