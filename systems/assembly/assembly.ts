/**
 * Stage 3, assembly: gathers the bodies into the dense solver arrays and builds the contact rows.
 * Reads: RigidBody (all bodies of the step), the contact store. Writes: SolverBodies and the
 * ConstraintProblem (Jacobians, effective masses, separations, warm-start impulses).
 * This stage and integrate are the only ones that translate between entity ids and solver indices.
 *
 * Rows per contact point (normal n from A to B, tangents t1, t2 from `tangentBasis(n)`):
 *   J_d = [ −dᵀ, −(rA × d)ᵀ, dᵀ, (rB × d)ᵀ ],   effective mass m_d = 1 / (J_d M⁻¹ J_dᵀ)
 *       = 1 / (1/mA + 1/mB + (rA × d)ᵀ I_A⁻¹ (rA × d) + (rB × d)ᵀ I_B⁻¹ (rB × d)).
 * World inverse inertia I⁻¹ = R diag(I_body⁻¹) Rᵀ at the start of the step.
 */

import { query, type World } from 'bitecs';
import { MotionType, type RigidBodyStore } from '../../components/rigid-body';
import { MAX_MANIFOLD_POINTS, type ContactStore } from '../../components/contact';
import { quatToMat3 } from '../../math/quat';
import { rotateDiagonalInertia, mat3MulVec } from '../../math/mat3';
import { cross3, tangentBasis } from '../../math/vec3';
import { ensureSolverBodiesCapacity, type SolverBodies } from './solver-bodies';
import { ensureConstraintCapacity, type ConstraintProblem } from './constraint-problem';

const rot = new Float64Array(9);

/** Copies every body of the world into `sb` (dense), with accelerations from gravity and applied loads. */
export function gatherBodies(ecs: World, bodies: RigidBodyStore, gravity: Float64Array, sb: SolverBodies): void {
  const list = query(ecs, [bodies]);
  const n = list.length;
  ensureSolverBodiesCapacity(sb, n, bodies.capacity);
  sb.count = n;
  const gx = gravity[0], gy = gravity[1], gz = gravity[2];
  for (let i = 0; i < n; i++) {
    const e = list[i];
    sb.entity[i] = e;
    sb.indexOfEntity[e] = i;
    const mt = bodies.motionType[e];
    sb.motionType[i] = mt;
    const i3 = 3 * i, e3 = 3 * e;
    if (mt === MotionType.dynamic) {
      const im = bodies.invMass[e];
      sb.invMass[i] = im;
      quatToMat3(rot, 0, bodies.orientation, 4 * e);
      rotateDiagonalInertia(sb.invInertia, 9 * i, rot, 0, bodies.invInertiaLocal, e3);
      const gs = bodies.gravityScale[e];
      sb.linearAcceleration[i3] = gx * gs + bodies.force[e3] * im;
      sb.linearAcceleration[i3 + 1] = gy * gs + bodies.force[e3 + 1] * im;
      sb.linearAcceleration[i3 + 2] = gz * gs + bodies.force[e3 + 2] * im;
      mat3MulVec(sb.angularAcceleration, i3, sb.invInertia, 9 * i, bodies.torque, e3);
    } else {
      sb.invMass[i] = 0;
      sb.invInertia.fill(0, 9 * i, 9 * i + 9);
      sb.linearAcceleration[i3] = 0; sb.linearAcceleration[i3 + 1] = 0; sb.linearAcceleration[i3 + 2] = 0;
      sb.angularAcceleration[i3] = 0; sb.angularAcceleration[i3 + 1] = 0; sb.angularAcceleration[i3 + 2] = 0;
    }
    sb.v[i3] = bodies.linearVelocity[e3];
    sb.v[i3 + 1] = bodies.linearVelocity[e3 + 1];
    sb.v[i3 + 2] = bodies.linearVelocity[e3 + 2];
    sb.w[i3] = bodies.angularVelocity[e3];
    sb.w[i3 + 1] = bodies.angularVelocity[e3 + 1];
    sb.w[i3 + 2] = bodies.angularVelocity[e3 + 2];
    sb.linearDamping[i] = bodies.linearDamping[e];
    sb.angularDamping[i] = bodies.angularDamping[e];
    sb.dp[i3] = 0; sb.dp[i3 + 1] = 0; sb.dp[i3 + 2] = 0;
    sb.dtheta[i3] = 0; sb.dtheta[i3 + 1] = 0; sb.dtheta[i3 + 2] = 0;
    const i4 = 4 * i;
    sb.dq[i4] = 0; sb.dq[i4 + 1] = 0; sb.dq[i4 + 2] = 0; sb.dq[i4 + 3] = 1;
  }
}

/** Builds one 3-row block per contact point of every non-sensor manifold. Returns the point count. */
export function assembleContacts(
  contacts: ContactStore, bodies: RigidBodyStore, sb: SolverBodies, p: ConstraintProblem,
): number {
  let total = 0;
  for (let m = 0; m < contacts.count; m++) if (!contacts.sensor[m]) total += contacts.pointCount[m];
  ensureConstraintCapacity(p, total);
  const P = MAX_MANIFOLD_POINTS;
  let c = 0;
  const dir = p.direction;
  for (let m = 0; m < contacts.count; m++) {
    const count = contacts.pointCount[m];
    if (count === 0 || contacts.sensor[m]) continue;
    const ea = contacts.bodyA[m], eb = contacts.bodyB[m];
    const ia = sb.indexOfEntity[ea], ib = sb.indexOfEntity[eb];
    const imA = sb.invMass[ia], imB = sb.invMass[ib];
    for (let k = 0; k < count; k++) {
      const s = P * m + k;
      p.bodyA[c] = ia;
      p.bodyB[c] = ib;
      p.storeIndex[c] = s;
      const d9 = 9 * c, c3 = 3 * c;
      dir[d9] = contacts.normal[3 * m];
      dir[d9 + 1] = contacts.normal[3 * m + 1];
      dir[d9 + 2] = contacts.normal[3 * m + 2];
      tangentBasis(dir, d9, dir, d9 + 3, dir, d9 + 6);
      const px = contacts.point[3 * s], py = contacts.point[3 * s + 1], pz = contacts.point[3 * s + 2];
      const ra = p.rA, rb = p.rB;
      ra[c3] = px - bodies.position[3 * ea];
      ra[c3 + 1] = py - bodies.position[3 * ea + 1];
      ra[c3 + 2] = pz - bodies.position[3 * ea + 2];
      rb[c3] = px - bodies.position[3 * eb];
      rb[c3 + 1] = py - bodies.position[3 * eb + 1];
      rb[c3 + 2] = pz - bodies.position[3 * eb + 2];
      for (let d = 0; d < 3; d++) {
        const o = d9 + 3 * d;
        cross3(p.angularA, o, ra, c3, dir, o);
        cross3(p.angularB, o, rb, c3, dir, o);
        mat3MulVec(p.invInertiaAngularA, o, sb.invInertia, 9 * ia, p.angularA, o);
        mat3MulVec(p.invInertiaAngularB, o, sb.invInertia, 9 * ib, p.angularB, o);
        const k0 = imA + imB
          + p.angularA[o] * p.invInertiaAngularA[o] + p.angularA[o + 1] * p.invInertiaAngularA[o + 1]
          + p.angularA[o + 2] * p.invInertiaAngularA[o + 2]
          + p.angularB[o] * p.invInertiaAngularB[o] + p.angularB[o + 1] * p.invInertiaAngularB[o + 1]
          + p.angularB[o + 2] * p.invInertiaAngularB[o + 2];
        p.effectiveMass[c3 + d] = k0 > 0 ? 1 / k0 : 0;
      }
      const nx = dir[d9], ny = dir[d9 + 1], nz = dir[d9 + 2];
      p.separation[c] = contacts.separation[s];
      p.baseSeparation[c] = contacts.separation[s]
        - (nx * (rb[c3] - ra[c3]) + ny * (rb[c3 + 1] - ra[c3 + 1]) + nz * (rb[c3 + 2] - ra[c3 + 2]));
      p.friction[c] = contacts.friction[m];
      p.restitution[c] = contacts.restitution[m];
      p.captureVelocity[c] = contacts.captureVelocity[m];
      p.plasticVelocity[c] = contacts.plasticVelocity[m];
      p.minRestitution[c] = contacts.minRestitution[m];
      // relative normal velocity vB + wB × rB − vA − wA × rA, along n
      const va = 3 * ia, vb = 3 * ib;
      const dvx = sb.v[vb] + sb.w[vb + 1] * rb[c3 + 2] - sb.w[vb + 2] * rb[c3 + 1]
        - sb.v[va] - (sb.w[va + 1] * ra[c3 + 2] - sb.w[va + 2] * ra[c3 + 1]);
      const dvy = sb.v[vb + 1] + sb.w[vb + 2] * rb[c3] - sb.w[vb] * rb[c3 + 2]
        - sb.v[va + 1] - (sb.w[va + 2] * ra[c3] - sb.w[va] * ra[c3 + 2]);
      const dvz = sb.v[vb + 2] + sb.w[vb] * rb[c3 + 1] - sb.w[vb + 1] * rb[c3]
        - sb.v[va + 2] - (sb.w[va] * ra[c3 + 1] - sb.w[va + 1] * ra[c3]);
      p.relativeVelocity[c] = nx * dvx + ny * dvy + nz * dvz;
      p.impulse[c3] = contacts.normalImpulse[s];
      p.impulse[c3 + 1] = contacts.tangentImpulse[2 * s];
      p.impulse[c3 + 2] = contacts.tangentImpulse[2 * s + 1];
      p.maxNormalImpulse[c] = 0;
      c++;
    }
  }
  p.contactCount = c;
  return c;
}

/** Writes the solver's accumulated impulses back to the contact store (for the next step's warm start). */
export function storeImpulses(p: ConstraintProblem, contacts: ContactStore): void {
  for (let c = 0; c < p.contactCount; c++) {
    const s = p.storeIndex[c];
    contacts.normalImpulse[s] = p.impulse[3 * c];
    contacts.tangentImpulse[2 * s] = p.impulse[3 * c + 1];
    contacts.tangentImpulse[2 * s + 1] = p.impulse[3 * c + 2];
  }
}
