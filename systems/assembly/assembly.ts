/**
 * Stage 3, assembly: gathers the bodies into the dense solver arrays and builds the contact rows.
 * Reads: RigidBody (all bodies of the step), the contact store, the colliders' shapes. Writes: SolverBodies and the
 * ConstraintProblem (Jacobians, effective masses, separations, warm-start impulses).
 * This stage and integrate are the only ones that translate between entity ids and solver indices.
 *
 * Rows per contact point (normal n from A to B: the manifold's, or the point's own where the manifold
 * has `pointNormals`; tangents t1, t2 from `tangentBasis(n)`):
 *   J_d = [ −dᵀ, −(rA × d)ᵀ, dᵀ, (rB × d)ᵀ ],   effective mass m_d = 1 / (J_d M⁻¹ J_dᵀ)
 *       = 1 / (1/mA + 1/mB + (rA × d)ᵀ I_A⁻¹ (rA × d) + (rB × d)ᵀ I_B⁻¹ (rB × d)).
 * World inverse inertia I⁻¹ = R diag(I_body⁻¹) Rᵀ at the start of the step.
 */

import { commitEntityList } from '../../components/entity-list';
import { MotionType, type RigidBodyStore } from '../../components/rigid-body';
import { STICK_SPEED, type ContactStore } from '../../components/contact';
import { ShapeKind, type ColliderStore } from '../../components/collider';
import { quatRotate, quatRotateInverse, quatToMat3 } from '../../math/quat';
import { rotateDiagonalInertia, mat3MulVec } from '../../math/mat3';
import { tangentBasis } from '../../math/vec3';
import { ensureSolverBodiesCapacity, type SolverBodies } from './solver-bodies';
import { ANCHOR_DROP, ANCHOR_SET, ensureConstraintCapacity, type ConstraintProblem } from './constraint-problem';

/** Copies every body of the world into `sb` (dense), with accelerations from gravity and applied loads.
 * A sleeping body is copied as a static one (zero inverse mass and velocity): it does not move. */
export function gatherBodies(bodies: RigidBodyStore, gravity: Float64Array, sb: SolverBodies): void {
  const members = commitEntityList(bodies.members), list = members.dense;
  const n = members.count;
  ensureSolverBodiesCapacity(sb, n, bodies.capacity);
  sb.count = n;
  const rot = sb.rotation;
  // the first pass does nothing and no number is read before the loop (gravity is read where it is used): a call
  // that V8 runs in the interpreter up to the loop's first back edge, then into the loop's kept on-stack compiled
  // code, computes no number there, which would be boxed (about 180 B per step on Box3D's pile of 400;
  // systems/solve/pgs/README.md "Loops compiled on the stack")
  for (let i = -1; i < n; i++) {
    if (i < 0) continue;
    const e = list[i];
    sb.entity[i] = e;
    sb.indexOfEntity[e] = i;
    const asleep = bodies.sleeping[e] === 1;
    const mt = asleep ? MotionType.static : bodies.motionType[e];
    sb.motionType[i] = mt;
    const i3 = 3 * i, e3 = 3 * e;
    if (mt === MotionType.dynamic) {
      const im = bodies.invMass[e];
      sb.invMass[i] = im;
      quatToMat3(rot, 0, bodies.orientation, 4 * e);
      rotateDiagonalInertia(sb.invInertia, 9 * i, rot, 0, bodies.invInertiaLocal, e3);
      const gs = bodies.gravityScale[e];
      sb.linearAcceleration[i3] = gravity[0] * gs + bodies.force[e3] * im;
      sb.linearAcceleration[i3 + 1] = gravity[1] * gs + bodies.force[e3 + 1] * im;
      sb.linearAcceleration[i3 + 2] = gravity[2] * gs + bodies.force[e3 + 2] * im;
      mat3MulVec(sb.angularAcceleration, i3, sb.invInertia, 9 * i, bodies.torque, e3);
    } else {
      sb.invMass[i] = 0;
      sb.invInertia.fill(0, 9 * i, 9 * i + 9);
      sb.linearAcceleration[i3] = 0; sb.linearAcceleration[i3 + 1] = 0; sb.linearAcceleration[i3 + 2] = 0;
      sb.angularAcceleration[i3] = 0; sb.angularAcceleration[i3 + 1] = 0; sb.angularAcceleration[i3 + 2] = 0;
    }
    // a sleeping body's velocities are zero (set when its island went to sleep)
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

/** Radius of collider `e` where it is rounded (sphere, capsule; unit: m), else 0. */
function rounding(colliders: ColliderStore, e: number): number {
  const k = colliders.shape[e];
  return k === ShapeKind.sphere || k === ShapeKind.capsule ? colliders.size[3 * e] : 0;
}

/** Builds one 3-row block per contact point of every non-sensor manifold between two bodies of which
 * at least one can move (none between sleeping and static bodies). Returns the point count. With
 * `normalOnly` (the step passes it for the fast solver's cone projection, which builds the friction rows
 * itself from the points' tangents and levers, at a manifold's centre: `solve/pgs/contact-solve.ts`) the
 * tangent rows get their directions only, their angular Jacobians, I⁻¹ (r × t) and effective masses are left
 * as they were, and so are the columns only the exact block solve and the accurate solver read (base
 * separation, rounding, the PLUS velocities, the friction anchors and their drift; 1000-cube pile: the
 * assembly 7.0 → 4.6 M instructions per step). */
export function assembleContacts(
  contacts: ContactStore, bodies: RigidBodyStore, sb: SolverBodies, p: ConstraintProblem, colliders: ColliderStore,
  normalOnly = false,
): number {
  let total = 0;
  for (let m = 0; m < contacts.count; m++) if (!contacts.sensor[m]) total += contacts.pointCount[m];
  ensureConstraintCapacity(p, total);
  let c = 0;
  const dir = p.direction, ra = p.rA, rb = p.rB, jA = p.angularA, jB = p.angularB;
  const iA = p.invInertiaAngularA, iB = p.invInertiaAngularB, em = p.effectiveMass;
  const pos = bodies.position, inv = sb.invInertia, v = sb.v, w = sb.w, basis = p.basis, rows = normalOnly ? 1 : 3;
  // its first pass does nothing (see gatherBodies)
  // Indices are masked to 24 bits (fewer than 2^24 manifolds, points, entities and bodies): with their ranges known
  // the compiler drops the overflow checks of the index arithmetic.
  for (let mi = -1; mi < contacts.count; mi++) {
    if (mi < 0) continue;
    const m = mi & 0xffffff, count = contacts.pointCount[m];
    if (count === 0 || contacts.sensor[m]) continue;
    const ea = contacts.bodyA[m] & 0xffffff, eb = contacts.bodyB[m] & 0xffffff;
    const ia = sb.indexOfEntity[ea] & 0xffffff, ib = sb.indexOfEntity[eb] & 0xffffff;
    const imA = sb.invMass[ia], imB = sb.invMass[ib];
    if (imA === 0 && imB === 0) continue; // sleeping with sleeping or static: nothing can move
    // The directions n, t1, t2 and the bodies are those of the manifold: computed and loaded once
    // (the arithmetic per point is that of cross3 / mat3MulVec, term for term).
    basis[0] = contacts.normal[3 * m]; basis[1] = contacts.normal[3 * m + 1]; basis[2] = contacts.normal[3 * m + 2];
    tangentBasis(basis, 0, basis, 3, basis, 6);
    const xA = pos[3 * ea], yA = pos[3 * ea + 1], zA = pos[3 * ea + 2];
    const xB = pos[3 * eb], yB = pos[3 * eb + 1], zB = pos[3 * eb + 2];
    const IA = 9 * ia, IB = 9 * ib;
    const a00 = inv[IA], a01 = inv[IA + 1], a02 = inv[IA + 2], a10 = inv[IA + 3], a11 = inv[IA + 4];
    const a12 = inv[IA + 5], a20 = inv[IA + 6], a21 = inv[IA + 7], a22 = inv[IA + 8];
    const b00 = inv[IB], b01 = inv[IB + 1], b02 = inv[IB + 2], b10 = inv[IB + 3], b11 = inv[IB + 4];
    const b12 = inv[IB + 5], b20 = inv[IB + 6], b21 = inv[IB + 7], b22 = inv[IB + 8];
    const friction = contacts.friction[m], staticFriction = contacts.staticFriction[m], restitution = contacts.restitution[m];
    const capture = contacts.captureVelocity[m], plastic = contacts.plasticVelocity[m];
    const minRestitution = contacts.minRestitution[m];
    const calm = contacts.calmSteps[m];
    const restLoad = contacts.restLoad[m];
    const roundA = rounding(colliders, contacts.colliderA[m]), roundB = rounding(colliders, contacts.colliderB[m]);
    let nx = basis[0], ny = basis[1], nz = basis[2];
    let t1x = basis[3], t1y = basis[4], t1z = basis[5], t2x = basis[6], t2y = basis[7], t2z = basis[8];
    const own = contacts.pointNormals[m] === 1;
    for (let k = 0; k < count; k++) {
      const s = 4 /* MAX_MANIFOLD_POINTS */ * m + k;
      if (own) {
        // a point with a normal of its own (a curved mesh's triangle): its own directions
        const pn = contacts.pointNormal;
        basis[0] = pn[3 * s]; basis[1] = pn[3 * s + 1]; basis[2] = pn[3 * s + 2];
        tangentBasis(basis, 0, basis, 3, basis, 6);
        nx = basis[0]; ny = basis[1]; nz = basis[2];
        t1x = basis[3]; t1y = basis[4]; t1z = basis[5]; t2x = basis[6]; t2y = basis[7]; t2z = basis[8];
      }
      p.bodyA[c] = ia;
      p.bodyB[c] = ib;
      p.storeIndex[c] = s;
      const cm = c & 0xffffff, d9 = 9 * cm, c3 = 3 * cm;
      dir[d9] = nx; dir[d9 + 1] = ny; dir[d9 + 2] = nz;
      dir[d9 + 3] = t1x; dir[d9 + 4] = t1y; dir[d9 + 5] = t1z;
      dir[d9 + 6] = t2x; dir[d9 + 7] = t2y; dir[d9 + 8] = t2z;
      const px = contacts.point[3 * s], py = contacts.point[3 * s + 1], pz = contacts.point[3 * s + 2];
      const rAx = px - xA, rAy = py - yA, rAz = pz - zA;
      const rBx = px - xB, rBy = py - yB, rBz = pz - zB;
      ra[c3] = rAx; ra[c3 + 1] = rAy; ra[c3 + 2] = rAz;
      rb[c3] = rBx; rb[c3 + 1] = rBy; rb[c3 + 2] = rBz;
      for (let d = 0; d < rows; d++) {
        const o = d9 + 3 * d;
        const dx = basis[3 * d], dy = basis[3 * d + 1], dz = basis[3 * d + 2];
        // angular Jacobians rA × d, rB × d
        const uAx = rAy * dz - rAz * dy, uAy = rAz * dx - rAx * dz, uAz = rAx * dy - rAy * dx;
        const uBx = rBy * dz - rBz * dy, uBy = rBz * dx - rBx * dz, uBz = rBx * dy - rBy * dx;
        // I⁻¹ (r × d)
        const gAx = a00 * uAx + a01 * uAy + a02 * uAz, gAy = a10 * uAx + a11 * uAy + a12 * uAz;
        const gAz = a20 * uAx + a21 * uAy + a22 * uAz;
        const gBx = b00 * uBx + b01 * uBy + b02 * uBz, gBy = b10 * uBx + b11 * uBy + b12 * uBz;
        const gBz = b20 * uBx + b21 * uBy + b22 * uBz;
        jA[o] = uAx; jA[o + 1] = uAy; jA[o + 2] = uAz;
        jB[o] = uBx; jB[o + 1] = uBy; jB[o + 2] = uBz;
        iA[o] = gAx; iA[o + 1] = gAy; iA[o + 2] = gAz;
        iB[o] = gBx; iB[o + 1] = gBy; iB[o + 2] = gBz;
        const k0 = imA + imB + uAx * gAx + uAy * gAy + uAz * gAz + uBx * gBx + uBy * gBy + uBz * gBz;
        em[c3 + d] = k0 > 0 ? 1 / k0 : 0;
      }
      const sep = contacts.separation[s];
      p.separation[c] = sep;
      p.restitution[c] = restitution;
      p.calmSteps[c] = calm;
      p.restLoad[c] = restLoad;
      // relative normal velocity vB + wB × rB − vA − wA × rA, along n
      const va = 3 * ia, vb = 3 * ib;
      const dvx = v[vb] + w[vb + 1] * rBz - w[vb + 2] * rBy - v[va] - (w[va + 1] * rAz - w[va + 2] * rAy);
      const dvy = v[vb + 1] + w[vb + 2] * rBx - w[vb] * rBz - v[va + 1] - (w[va + 2] * rAx - w[va] * rAz);
      const dvz = v[vb + 2] + w[vb] * rBy - w[vb + 1] * rBx - v[va + 2] - (w[va] * rAy - w[va + 1] * rAx);
      const vn = nx * dvx + ny * dvy + nz * dvz;
      p.relativeVelocity[c] = vn;
      // static friction while the point does not slip (tangential speed² = |Δv|² − vn²), kinetic otherwise
      p.friction[c] = dvx * dvx + dvy * dvy + dvz * dvz - vn * vn < STICK_SPEED * STICK_SPEED ? staticFriction : friction;
      p.impulse[c3] = contacts.normalImpulse[s];
      p.impulse[c3 + 1] = contacts.tangentImpulse[2 * s];
      p.impulse[c3 + 2] = contacts.tangentImpulse[2 * s + 1];
      p.maxNormalImpulse[c] = 0;
      p.anchorAction[c] = ANCHOR_DROP;
      // the rest is read by the exact block solve and the accurate solver only
      if (normalOnly) { c++; continue; }
      p.baseSeparation[c] = sep - (nx * (rBx - rAx) + ny * (rBy - rAy) + nz * (rBz - rAz));
      p.rounding[2 * c] = roundA;
      p.rounding[2 * c + 1] = roundB;
      p.captureVelocity[c] = capture;
      p.plasticVelocity[c] = plastic;
      p.minRestitution[c] = minRestitution;
      const anchored = contacts.anchored[s];
      p.anchored[c] = anchored;
      if (anchored === 1) {
        // drift = (x_B + R_B a_B) − (x_A + R_A a_A) along t1, t2 (anchors in the body frames)
        quatRotate(basis, 9, bodies.orientation, 4 * ea, contacts.anchorA, 3 * s);
        quatRotate(basis, 12, bodies.orientation, 4 * eb, contacts.anchorB, 3 * s);
        const ex = xB + basis[12] - xA - basis[9], ey = yB + basis[13] - yA - basis[10];
        const ez = zB + basis[14] - zA - basis[11];
        p.drift[2 * cm] = t1x * ex + t1y * ey + t1z * ez;
        p.drift[2 * cm + 1] = t2x * ex + t2y * ey + t2z * ez;
      } else {
        p.drift[2 * cm] = 0;
        p.drift[2 * cm + 1] = 0;
      }
      c++;
    }
  }
  p.contactCount = c;
  return c;
}

/** Writes the solver's accumulated impulses back to the contact store (for the next step's warm start),
 * and each point's friction anchor as the solver asked (`anchorAction`): kept, cleared, or set anew at
 * the point's contact point in both bodies' frames at the start of the step (`bodies` still holds the
 * start-of-step poses: integrate runs after this). */
export function storeImpulses(p: ConstraintProblem, contacts: ContactStore, bodies: RigidBodyStore): void {
  const anchorA = contacts.anchorA, anchorB = contacts.anchorB, point = contacts.point;
  for (let c = 0; c < p.contactCount; c++) {
    const s = p.storeIndex[c], m = s >> 2; // the manifold (MAX_MANIFOLD_POINTS = 4 slots each)
    const action = p.anchorAction[c];
    if (action === ANCHOR_SET) {
      bodyFramePoint(anchorA, 3 * s, bodies, contacts.bodyA[m], point, 3 * s);
      bodyFramePoint(anchorB, 3 * s, bodies, contacts.bodyB[m], point, 3 * s);
    }
    contacts.anchored[s] = action === ANCHOR_DROP ? 0 : 1;
    contacts.normalImpulse[s] = p.impulse[3 * c];
    contacts.calmSteps[m] = p.calmSteps[c];
    contacts.restLoad[m] = p.restLoad[c];
    contacts.tangentImpulse[2 * s] = p.impulse[3 * c + 1];
    contacts.tangentImpulse[2 * s + 1] = p.impulse[3 * c + 2];
  }
}

/** out[oo..oo+3) = R_eᵀ (point − x_e): a world point in body e's frame, from its centre of mass. */
function bodyFramePoint(
  out: Float64Array, oo: number, bodies: RigidBodyStore, e: number, point: Float64Array, po: number,
): void {
  const x = bodies.position;
  out[oo] = point[po] - x[3 * e];
  out[oo + 1] = point[po + 1] - x[3 * e + 1];
  out[oo + 2] = point[po + 2] - x[3 * e + 2];
  quatRotateInverse(out, oo, bodies.orientation, 4 * e, out, oo); // reads v before writing: may alias
}
