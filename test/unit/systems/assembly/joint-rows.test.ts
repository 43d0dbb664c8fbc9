/**
 * Joint rows (systems/assembly/joint-rows.ts) against finite differences and brute force:
 * J v equals the time derivative of the row's error (central difference of the error along the exact
 * rigid motion), the effective mass equals 1/(J M⁻¹ Jᵀ) with a dense M⁻¹, the 3×3 blocks equal
 * J M⁻¹ Jᵀ of their rows, and the direct LDLᵀ solve (systems/solve/joint-direct.ts) equals a dense solve.
 */
import { describe, expect, it } from 'vitest';
import { Matrix, solve as mlSolve } from 'ml-matrix';
import { addBody, addJoint, createPhysicsWorld, getJointSwingTwist, type JointDef, type PhysicsWorld } from '../../../../plugin/index';
import { gatherBodies } from '../../../../systems/assembly/assembly';
import { assembleJoints, RowBlock, RowType, type JointProblem } from '../../../../systems/assembly/joint-rows';
import { buildJointIslands, createJointDirect, factorJointIslands, solveFactored } from '../../../../systems/solve/common/joint-direct';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

type V = number[];

/** q(t) = exp(ω t) ⊗ q0 (world-frame angular velocity ω, exact for any t). */
function rotateBy(q0: V, w: V, t: number): V {
  const n = Math.hypot(w[0], w[1], w[2]);
  if (n === 0 || t === 0) return q0.slice();
  const half = 0.5 * n * t, s = Math.sin(half) / n;
  const ex = w[0] * s, ey = w[1] * s, ez = w[2] * s, ew = Math.cos(half);
  const [bx, by, bz, bw] = q0;
  return [ew * bx + ex * bw + ey * bz - ez * by, ew * by - ex * bz + ey * bw + ez * bx,
    ew * bz + ex * by - ey * bx + ez * bw, ew * bw - ex * bx - ey * by - ez * bz];
}

function randomQuat(r: () => number): V {
  const q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
  const l = Math.hypot(...q);
  return q.map((x) => x / l);
}

interface Pose { p: V; q: V; v: V; w: V }

function setPose(world: PhysicsWorld, e: number, pose: Pose, t: number): void {
  const B = world.bodies;
  for (let k = 0; k < 3; k++) B.position[3 * e + k] = pose.p[k] + pose.v[k] * t;
  const q = rotateBy(pose.q, pose.w, t);
  for (let k = 0; k < 4; k++) B.orientation[4 * e + k] = q[k];
  for (let k = 0; k < 3; k++) { B.linearVelocity[3 * e + k] = pose.v[k]; B.angularVelocity[3 * e + k] = pose.w[k]; }
}

function assemble(world: PhysicsWorld): JointProblem {
  gatherBodies(world.bodies, world.gravity, world.solverBodies);
  const p = world.solverProblem.joints!; // made by the first addJoint
  assembleJoints(world.joints, world.bodies, world.solverBodies, p);
  return p;
}

function rowJv(p: JointProblem, r: number, vA: V, wA: V, vB: V, wB: V): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    s += p.linear[3 * r + k] * (vB[k] - vA[k]) + p.angularA[3 * r + k] * wA[k] + p.angularB[3 * r + k] * wB[k];
  }
  return s;
}

const defs: ((a: number, b: number | undefined) => JointDef)[] = [
  (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, worldAnchor: [0.7, 0.2, -0.1] }),
  (a, b) => ({ kind: 'hinge', bodyA: a, bodyB: b, worldAnchor: [0.6, 0.1, 0.3], worldAxis: [0.3, 1, -0.2],
    limits: { lower: -0.4, upper: 0.9 }, motor: { speed: 1, maxForce: 5 } }),
  (a, b) => ({ kind: 'slider', bodyA: a, bodyB: b, worldAnchor: [0.5, -0.2, 0.1], worldAxis: [1, 0.2, 0.4],
    limits: { lower: -0.3, upper: 0.5 }, motor: { speed: -0.5, maxForce: 3 } }),
  (a, b) => ({ kind: 'distance', bodyA: a, bodyB: b, anchorA: [0.1, 0.2, 0], anchorB: [0.3, -0.1, 0.2] }),
  (a, b) => ({ kind: 'distance', bodyA: a, bodyB: b, anchorA: [0.1, 0.2, 0], anchorB: [0.3, -0.1, 0.2],
    minLength: 0.2, maxLength: 2, length: 1, stiffness: 50, damping: 1 }),
  (a, b) => ({ kind: 'sixDof', bodyA: a, bodyB: b, worldAnchor: [0.4, 0.3, 0.2], worldAxis: [0, 0.3, 1],
    worldNormal: [1, 0, 0], linear: [{ lower: -0.2, upper: 0.3 }, 'free', 'locked'],
    angular: ['free', { lower: -0.5, upper: 0.6 }, 'locked'], stiffness: 100, damping: 2 }),
  // ball joints with a swing cone (elliptical, circular) and twist limits (soft, rigid, one-sided)
  (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, worldAnchor: [0.5, 0.1, -0.2], worldAxis: [0.2, -1, 0.3],
    swingLimit: { halfAngle: [0.15, 0.45], stiffness: 500, damping: 3 }, twistLimit: { lower: -0.2, upper: 0.25, stiffness: 80 } }),
  (a, b) => ({ kind: 'ball', bodyA: a, bodyB: b, worldAnchor: [0.3, 0.4, 0.1], worldAxis: [1, 0.1, 0],
    swingLimit: 0.2, twistLimit: { lower: -Infinity, upper: 0.1 } }),
];

describe('joint rows: Jacobians against finite differences', () => {
  for (const withWorld of [false, true]) {
    it(`J v = dC/dt, m_eff = 1/(J M⁻¹ Jᵀ), blocks = J M⁻¹ Jᵀ for every kind (body B ${withWorld ? 'the world' : 'a body'})`, () => {
      const r = rng(withWorld ? 11 : 5);
      let rowsChecked = 0;
      for (let trial = 0; trial < 8; trial++) {
        for (const make of defs) {
          const world = createPhysicsWorld({ gravity: [0, 0, 0] });
          const pa = { p: [r(), r(), r()], q: randomQuat(r), v: [r() - 0.5, r() - 0.5, r() - 0.5], w: [r() - 0.5, r() - 0.5, r() - 0.5] };
          const pb = { p: [r() + 1, r(), r()], q: randomQuat(r), v: [r() - 0.5, r() - 0.5, r() - 0.5], w: [r() - 0.5, r() - 0.5, r() - 0.5] };
          const a = addBody(world, { position: pa.p, orientation: pa.q, mass: 1 + r(), inertia: [0.1 + r(), 0.2 + r(), 0.3 + r()] });
          const b = withWorld ? undefined : addBody(world, { position: pb.p, orientation: pb.q, mass: 1 + r(), inertia: [0.2 + r(), 0.1 + r(), 0.3 + r()] });
          addJoint(world, make(a, b));
          // move away from the rest pose so that every error is non-zero: turn A by up to ~0.3 rad
          pa.q = rotateBy(pa.q, [r() - 0.5, r() - 0.5, r() - 0.5], 0.6);
          pa.p = [pa.p[0] + 0.1 * (r() - 0.5), pa.p[1] + 0.1 * (r() - 0.5), pa.p[2] + 0.1 * (r() - 0.5)];
          const still = { p: [0, 0, 0], q: [0, 0, 0, 1], v: [0, 0, 0], w: [0, 0, 0] };
          const poseB = withWorld ? still : pb;
          const at = (t: number): JointProblem => {
            setPose(world, a, pa, t);
            if (b !== undefined) setPose(world, b, pb, t);
            return assemble(world);
          };
          const eps = 1e-6;
          const p1 = at(eps);
          const e1 = Array.from(p1.error.subarray(0, p1.rowCount));
          const c1 = Array.from(p1.coordinate.subarray(0, 6));
          const p0 = at(-eps);
          const e0 = Array.from(p0.error.subarray(0, p0.rowCount));
          const c0 = Array.from(p0.coordinate.subarray(0, 6));
          const p = at(0);
          const sb = world.solverBodies;
          const ia = sb.indexOfEntity[a], ib = b === undefined ? p.worldIndex : sb.indexOfEntity[b];
          for (let row = 0; row < p.rowCount; row++) {
            const jv = rowJv(p, row, pa.v, pa.w, poseB.v, poseB.w);
            const axis = p.rowAxis[row];
            const sign = p.rowSlot[row] >= 12 && p.rowSlot[row] < 18 ? -1 : 1;
            const fd = p.rowType[row] === RowType.motor
              ? sign * (c1[axis] - c0[axis]) / (2 * eps)
              : (e1[row] - e0[row]) / (2 * eps);
            // angular blocks (slider, fixed) measure 2 vec(q_err), first order only: tested below
            if (p.rowBlock[row] === RowBlock.scalar || axis < 3) {
              expect(Math.abs(jv - fd)).toBeLessThan(1e-6 * (1 + Math.abs(fd)));
            }
            // effective mass against a dense M⁻¹
            const quad = (i: number, x: Float64Array, o: number) => {
              const I = sb.invInertia;
              let s = 0;
              for (let u = 0; u < 3; u++) for (let v = 0; v < 3; v++) s += x[o + u] * I[9 * i + 3 * u + v] * x[o + v];
              return s;
            };
            const l2 = p.linear[3 * row] ** 2 + p.linear[3 * row + 1] ** 2 + p.linear[3 * row + 2] ** 2;
            const W = (sb.invMass[ia] + sb.invMass[ib]) * l2 + quad(ia, p.angularA, 3 * row) + quad(ib, p.angularB, 3 * row);
            expect(p.effectiveMass[row] * W).toBeCloseTo(1, 10);
            rowsChecked++;
          }
          // 3×3 blocks: K_uv = J_u M⁻¹ J_vᵀ
          for (let row = 0; row < p.rowCount; row++) {
            if (p.rowBlock[row] !== RowBlock.head) continue;
            for (let u = 0; u < 3; u++) {
              for (let v = 0; v < 3; v++) {
                const ru = row + u, rv = row + v;
                let k = 0;
                for (let c = 0; c < 3; c++) {
                  k += (sb.invMass[ia] + sb.invMass[ib]) * p.linear[3 * ru + c] * p.linear[3 * rv + c];
                  for (let d = 0; d < 3; d++) {
                    k += p.angularA[3 * ru + c] * sb.invInertia[9 * ia + 3 * c + d] * p.angularA[3 * rv + d];
                    k += p.angularB[3 * ru + c] * sb.invInertia[9 * ib + 3 * c + d] * p.angularB[3 * rv + d];
                  }
                }
                expect(p.blockMatrix[9 * row + 3 * u + v]).toBeCloseTo(k, 10);
              }
            }
          }
        }
      }
      expect(rowsChecked).toBeGreaterThan(100);
    });
  }

  it('the rotation block of fixed and slider joints: J v = dθ/dt at small errors (θ = 2 vec(q_err) is first order)', () => {
    const r = rng(3);
    for (let trial = 0; trial < 10; trial++) {
      const kind = trial % 2 === 0 ? 'fixed' : 'slider';
      const world = createPhysicsWorld({ gravity: [0, 0, 0] });
      const pa = { p: [0, 0, 0], q: randomQuat(r), v: [r() - 0.5, r() - 0.5, r() - 0.5], w: [r() - 0.5, r() - 0.5, r() - 0.5] };
      const pb = { p: [1, 0, 0], q: randomQuat(r), v: [r() - 0.5, r() - 0.5, r() - 0.5], w: [r() - 0.5, r() - 0.5, r() - 0.5] };
      const a = addBody(world, { position: pa.p, orientation: pa.q, mass: 1, inertia: [1, 2, 3] });
      const b = addBody(world, { position: pb.p, orientation: pb.q, mass: 2, inertia: [2, 1, 3] });
      addJoint(world, { kind, bodyA: a, bodyB: b, worldAnchor: [0.5, 0, 0] });
      const alpha = 1e-3; // misalignment (rad): the first-order error of dθ/dt is O(α)
      pa.q = rotateBy(pa.q, [r() - 0.5, r() - 0.5, r() - 0.5], alpha);
      const at = (t: number) => { setPose(world, a, pa, t); setPose(world, b, pb, t); return assemble(world); };
      const eps = 1e-7;
      const e1 = Array.from(at(eps).error.subarray(0, 8));
      const e0 = Array.from(at(-eps).error.subarray(0, 8));
      const p = at(0);
      let angularRows = 0;
      for (let row = 0; row < p.rowCount; row++) {
        if (p.rowAxis[row] < 3) continue;
        angularRows++;
        const fd = (e1[row] - e0[row]) / (2 * eps);
        const jv = rowJv(p, row, pa.v, pa.w, pb.v, pb.w);
        expect(Math.abs(jv - fd)).toBeLessThan(2 * alpha);
      }
      expect(angularRows).toBe(3);
    }
  });
});

describe('direct solve of the bilateral rows (joint-direct.ts)', () => {
  it('the envelope LDLᵀ solve equals a dense solve of (W + Γ) x = b (chain, tree and loop islands)', () => {
    const r = rng(17);
    for (const shape of ['chain', 'tree', 'loop'] as const) {
      const world = createPhysicsWorld({ gravity: [0, 0, 0] });
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        ids.push(addBody(world, { position: [i, r(), r()], orientation: randomQuat(r), mass: 0.5 + r(), inertia: [0.1 + r(), 0.1 + r(), 0.1 + r()] }));
      }
      const kinds = ['ball', 'hinge', 'fixed', 'slider'] as const;
      const link = (a: number, b: number | undefined, k: number) => addJoint(world, {
        kind: kinds[k % 4], bodyA: a, bodyB: b, worldAnchor: [r() * 8, r(), r()], worldAxis: [r(), r(), r() + 0.1],
        stiffness: k % 3 === 0 ? 1000 : undefined, damping: k % 3 === 0 ? 5 : undefined,
      });
      link(ids[0], undefined, 0);
      for (let i = 1; i < 8; i++) link(ids[shape === 'tree' ? Math.floor((i - 1) / 2) : i - 1], ids[i], i);
      if (shape === 'loop') link(ids[7], ids[0], 9);
      const p = assemble(world);
      const sb = world.solverBodies;
      const gamma = new Float64Array(p.rowCount);
      for (let row = 0; row < p.rowCount; row++) {
        gamma[row] = p.rowType[row] === RowType.spring ? 1 / (0.01 * (0.01 * p.stiffness[row] + p.damping[row])) : 0;
      }
      const d = createJointDirect();
      buildJointIslands(d, p, sb);
      expect(d.n).toBe(Array.from(p.rowType.subarray(0, p.rowCount)).filter((t) => t <= 1).length);
      factorJointIslands(d, p, sb, gamma);
      // dense W + Γ over the direct rows, with a small regularisation for the loop's redundant rows
      const n = d.n;
      const dense = Matrix.zeros(n, n);
      const bodyOf = (row: number, s: 0 | 1) => (s === 0 ? p.rowA[row] : p.rowB[row]);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const ri = d.row[i], rj = d.row[j];
          let v = 0;
          for (const si of [0, 1] as const) {
            for (const sj of [0, 1] as const) {
              const x = bodyOf(ri, si);
              if (x !== bodyOf(rj, sj)) continue;
              const li = si === 0 ? -1 : 1, lj = sj === 0 ? -1 : 1;
              const ai = si === 0 ? p.angularA : p.angularB, aj = sj === 0 ? p.angularA : p.angularB;
              for (let c = 0; c < 3; c++) {
                v += li * lj * sb.invMass[x] * p.linear[3 * ri + c] * p.linear[3 * rj + c];
                for (let e = 0; e < 3; e++) v += ai[3 * ri + c] * sb.invInertia[9 * x + 3 * c + e] * aj[3 * rj + e];
              }
            }
          }
          dense.set(i, j, v + (i === j ? gamma[ri] : 0));
        }
      }
      const rhs = Array.from({ length: n }, () => r() - 0.5);
      // a consistent right-hand side: b = (W + Γ) y for a random y (the loop's W is singular)
      const y = Matrix.columnVector(Array.from({ length: n }, () => r() - 0.5));
      const b = shape === 'loop' ? dense.mmul(y).to1DArray() : rhs;
      for (let i = 0; i < n; i++) d.x[i] = b[i];
      solveFactored(d);
      const x = Matrix.columnVector(Array.from(d.x.subarray(0, n)));
      // residual of our solution, relative
      const res = dense.mmul(x).to1DArray().map((v, i) => v - b[i]);
      const norm = (a: number[]) => Math.sqrt(a.reduce((s, v) => s + v * v, 0));
      expect(norm(res) / norm(b)).toBeLessThan(1e-9);
      if (shape !== 'loop') {
        const ref = mlSolve(dense, Matrix.columnVector(b)).to1DArray();
        const diff = ref.map((v, i) => v - d.x[i]);
        expect(norm(diff) / norm(ref)).toBeLessThan(1e-9);
      }
    }
  });
});

describe('ball joint swing cone and twist rows (swing–twist decomposition)', () => {
  const qmul = (a: V, b: V): V => [a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]];
  const axisAngle = (u: V, t: number): V => [u[0] * Math.sin(t / 2), u[1] * Math.sin(t / 2), u[2] * Math.sin(t / 2), Math.cos(t / 2)];

  /** Body A (the joint frame = A's axes) against the world (B's frame = world axes): q = F_A⁻¹ F_B = q_A⁻¹. */
  function world(ty: number, tz: number, twist: [number, number]) {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const a = addBody(w, { position: [0, 0, 0], mass: 1, inertia: [1, 2, 3] });
    const j = addJoint(w, { kind: 'ball', bodyA: a, worldAnchor: [0, 0, 0], worldAxis: [1, 0, 0], worldNormal: [0, 1, 0],
      swingLimit: { halfAngle: [ty, tz] }, twistLimit: { lower: twist[0], upper: twist[1] } });
    const setRelative = (q: V) => { const c = [-q[0], -q[1], -q[2], q[3]]; for (let k = 0; k < 4; k++) w.bodies.orientation[4 * a + k] = c[k]; };
    const rows = () => {
      const p = assemble(w);
      const out: Record<string, number> = {};
      for (let r = 0; r < p.rowCount; r++) out[p.rowSlot[r]] = p.error[r];
      return out;
    };
    return { w, a, j, setRelative, rows };
  }

  /** Distance from (py, pz) to the ellipse (y/ty)² + (z/tz)² = 1 by brute force: dense sampling of the
   * angle parameter, then golden-section refinement around the best sample. */
  function bruteDistance(py: number, pz: number, ty: number, tz: number): number {
    const d = (t: number) => Math.hypot(py - ty * Math.cos(t), pz - tz * Math.sin(t));
    const N = 3600;
    let best = 0;
    for (let i = 1; i < N; i++) if (d(2 * Math.PI * i / N) < d(2 * Math.PI * best / N)) best = i;
    let lo = 2 * Math.PI * (best - 1) / N, hi = 2 * Math.PI * (best + 1) / N;
    const gr = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 200; i++) {
      const a = hi - gr * (hi - lo), b = lo + gr * (hi - lo);
      if (d(a) < d(b)) hi = b; else lo = a;
    }
    return d(0.5 * (lo + hi));
  }

  it('swing C = the signed distance of φ a to the elliptical cone (φ a_y/θy)² + (φ a_z/θz)² = 1 (0 on it, > 0 inside); twist C = τ − lower, upper − τ', () => {
    const r = rng(23);
    const ty = 0.3, tz = 1.1;
    const { setRelative, rows, w, j } = world(ty, tz, [-0.7, 0.4]);
    for (let trial = 0; trial < 100; trial++) {
      const beta = 2 * Math.PI * r(), tau = -0.9 + 1.8 * r();
      const ay = -Math.sin(beta), az = Math.cos(beta); // swing axis a ⊥ x
      const phiMax = 1 / Math.sqrt((ay / ty) ** 2 + (az / tz) ** 2);
      for (const f of [0.5, 1, 1.3]) {
        const q = qmul(axisAngle([0, ay, az], f * phiMax), axisAngle([1, 0, 0], tau));
        setRelative(q);
        const e = rows();
        const swingC = e[10];
        if (f === 1) expect(Math.abs(swingC)).toBeLessThan(1e-12);
        else {
          expect(Math.sign(swingC)).toBe(f < 1 ? 1 : -1);
          expect(Math.abs(Math.abs(swingC) - bruteDistance(f * phiMax * ay, f * phiMax * az, ty, tz))).toBeLessThan(1e-10);
        }
        expect(e[9]).toBeCloseTo(tau + 0.7, 12);
        expect(e[15]).toBeCloseTo(0.4 - tau, 12);
        const st = getJointSwingTwist(w, j);
        expect(st[0]).toBeCloseTo(f * phiMax, 12);
        expect(st[1]).toBeCloseTo(tau, 12);
        expect(st[2]).toBeCloseTo(f * phiMax * ay, 12);
        expect(st[3]).toBeCloseTo(f * phiMax * az, 12);
      }
    }
  });

  it('J v = dC/dt at large swings (up to 2.8 rad) and any twist, elliptical and circular cones (central differences)', () => {
    const r = rng(29);
    let checked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const circular = trial % 3 === 0;
      const ty = 0.2 + 2.5 * r(), tz = circular ? ty : 0.2 + 2.5 * r();
      const { setRelative, w, a } = world(ty, tz, [-Math.PI, Math.PI]);
      const beta = 2 * Math.PI * r(), phi = 0.05 + 2.75 * r(), tau = -2.5 + 5 * r();
      const q0 = qmul(axisAngle([0, -Math.sin(beta), Math.cos(beta)], phi), axisAngle([1, 0, 0], tau));
      const om = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
      // A turns at ω (world); B is the world: q(t) = (exp(ω t) q_A0)⁻¹
      const qA0 = [-q0[0], -q0[1], -q0[2], q0[3]];
      const at = (t: number) => { const qa = rotateBy(qA0, om, t); setRelative([-qa[0], -qa[1], -qa[2], qa[3]]); return assemble(w); };
      const eps = 1e-6;
      const e1 = Array.from(at(eps).error.subarray(0, 3));
      const e0 = Array.from(at(-eps).error.subarray(0, 3));
      const p = at(0);
      expect(p.rowCount).toBe(6); // limits first: twist lower, twist upper, swing; then the anchor block
      expect(Array.from(p.rowSlot.subarray(0, 3))).toEqual([9, 15, 10]);
      const sb = w.solverBodies, ia = sb.indexOfEntity[a];
      for (let row = 0; row < 3; row++) {
        const fd = (e1[row] - e0[row]) / (2 * eps);
        const jv = rowJv(p, row, [0, 0, 0], om, [0, 0, 0], [0, 0, 0]);
        expect(Math.abs(jv - fd)).toBeLessThan(1e-6 * (1 + Math.abs(fd)));
        // effective mass of the angular row against a dense I⁻¹
        let W = 0;
        for (let u = 0; u < 3; u++) for (let v = 0; v < 3; v++) W += p.angularA[3 * row + u] * sb.invInertia[9 * ia + 3 * u + v] * p.angularA[3 * row + v];
        expect(p.effectiveMass[row] * W).toBeCloseTo(1, 10);
        checked++;
      }
    }
    expect(checked).toBe(900);
  });
});
