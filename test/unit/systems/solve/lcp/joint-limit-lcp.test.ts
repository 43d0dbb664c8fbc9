/**
 * The accurate mode's limit LCP (`systems/solve/lcp/joint-limit-lcp.ts`) against brute force: the
 * joint step's velocity v1 solves, with the rows evaluated at q0 and v* = v0 + h M⁻¹ f,
 *
 *   bilateral rows:  G v1 + φ/h = 0                  (rigid, free-sign impulses)
 *   limit rows:      w = J v1 + C/h ≥ 0,  z ≥ 0,  zᵀ w = 0
 *   v1 = v* + M⁻¹ (Gᵀ μ + Jᵀ z)
 *
 * which the test solves by enumerating every active set of limit rows with ml-matrix (KKT system) and
 * keeping the one that satisfies all signs. The Gauss–Seidel budget is cut to one sweep and the LCP
 * forced, so that the LCP does the work, and the KKT certificate is checked.
 */
import { describe, expect, it } from 'vitest';
import { Matrix, pseudoInverse } from 'ml-matrix';
import {
  addBody, addJoint, createPhysicsWorld, getAngularVelocity, getLinearVelocity, stepWorld, type PhysicsWorld,
} from '../../../../../plugin/index';
import type { LcpSolver } from '../../../../../systems/solve/lcp/stewart-trinkle';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

const h = 0.01;

/** Brute-force joint step for one dynamic body (solver index 0) against the world; returns v1 (6). */
function bruteForce(w: PhysicsWorld, v0: number[], force: number[]): number[] {
  const p = w.solverProblem.joints!, sb = w.solverBodies;
  const Minv = Matrix.zeros(6, 6);
  for (let q = 0; q < 3; q++) {
    Minv.set(q, q, sb.invMass[0]);
    for (let s = 0; s < 3; s++) Minv.set(3 + q, 3 + s, sb.invInertia[3 * q + s]);
  }
  const row = (r: number): number[] => {
    const j = new Array<number>(6).fill(0);
    const sign = p.rowA[r] === 0 ? -1 : 1; // body A gets −linear, body B +linear
    for (let q = 0; q < 3; q++) {
      j[q] = sign * p.linear[3 * r + q];
      j[3 + q] = p.rowA[r] === 0 ? p.angularA[3 * r + q] : p.angularB[3 * r + q];
    }
    return j;
  };
  const vstar = Matrix.columnVector(v0).add(Minv.mmul(Matrix.columnVector(force)).mul(h));
  const bil: number[] = [], lim: number[] = [];
  for (let r = 0; r < p.rowCount; r++) (p.rowType[r] === 2 ? lim : bil).push(r);
  let best: number[] | undefined;
  for (let mask = 0; mask < 1 << lim.length; mask++) {
    const act = [...bil, ...lim.filter((_, i) => mask & (1 << i))];
    if (act.length === 0) {
      // no row active: v1 = v*, if every limit holds there
      if (lim.every((r) => row(r).reduce((s, x, q) => s + x * vstar.get(q, 0), 0) + p.error[r] / h >= -1e-9)) {
        best = vstar.to1DArray();
        break;
      }
      continue;
    }
    const A = new Matrix(act.map(row));
    const rhs = Matrix.columnVector(act.map((r) => -p.error[r] / h)).sub(A.mmul(vstar));
    const W = A.mmul(Minv).mmul(A.transpose());
    const lam = pseudoInverse(W).mmul(rhs);
    const v1 = vstar.clone().add(Minv.mmul(A.transpose()).mmul(lam));
    // residual of the equations (consistency) and signs
    if (A.mmul(v1).sub(rhs.clone().add(A.mmul(vstar))).norm() > 1e-9 * (1 + rhs.norm())) continue;
    let ok = true;
    act.forEach((r, i) => { if (p.rowType[r] === 2 && lam.get(i, 0) < -1e-9) ok = false; });
    for (const r of lim) {
      const wv = row(r).reduce((s, x, q) => s + x * v1.get(q, 0), 0) + p.error[r] / h;
      if (wv < -1e-9) ok = false;
    }
    if (ok) { best = v1.to1DArray(); break; }
  }
  if (best === undefined) throw new Error('no active set solves the LCP');
  return best;
}

function world(): { w: PhysicsWorld; solver: LcpSolver } {
  // no position projection: the rows must stay as the step evaluated them at q0; no gyroscopic term:
  // the enumerated solution is formed from v_free = v + h M⁻¹ k
  const w = createPhysicsWorld({ solver: 'lcp', gravity: [0, -9.81, 0], lcp: { jointProjection: 0, gyroscopic: false } });
  const solver = w.solver as LcpSolver;
  solver.joints.maxSweeps = 1; // one sweep, and the limit LCP always runs (no KKT early exit)
  solver.joints.kktTolerance = -1;
  return { w, solver };
}

describe('limit LCP of the accurate-mode joint step', () => {
  it('six limited axes, body pushed through several limits: v1 equals the enumerated LCP solution to 1e-9', () => {
    let seed = 5;
    const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 - 0.5; };
    for (let trial = 0; trial < 8; trial++) {
      const { w, solver } = world();
      const v0 = [4 * rnd(), 4 * rnd(), 4 * rnd(), 6 * rnd(), 6 * rnd(), 6 * rnd()];
      const b = addBody(w, { position: [0, 0, 0], mass: 1 + rnd(), inertia: [0.3 + rnd() * 0.2, 0.4, 0.5 + rnd() * 0.2],
        linearVelocity: v0.slice(0, 3), angularVelocity: v0.slice(3), linearDamping: 0, angularDamping: 0 });
      const lim = (a: number) => ({ lower: -0.01 * a, upper: 0.01 * a });
      addJoint(w, { kind: 'sixDof', bodyA: b, worldAnchor: [0.2, 0.1, -0.1],
        linear: [lim(1), lim(0.5), lim(2)], angular: [lim(3), lim(1), lim(2)] });
      // the joint's zero is the creation pose: move the body off it so that some limits start violated
      w.bodies.position[3 * b] += 0.02 * rnd();
      w.bodies.position[3 * b + 1] += 0.02 * rnd();
      const m = w.bodies.mass[b];
      stepWorld(w, h);
      const expected = bruteForce(w, v0, [0, -9.81 * m, 0, 0, 0, 0]);
      const got = [...getLinearVelocity(w, b), ...getAngularVelocity(w, b)];
      for (let i = 0; i < 6; i++) expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-9 * (1 + Math.abs(expected[i])));
      expect(solver.stats.jointLimitSolves).toBeGreaterThan(0);
      expect(solver.stats.jointPrimal).toBeLessThan(1e-8);
      expect(solver.stats.jointComplementarity).toBeLessThan(1e-8);
    }
  });

  it('hinge with angle limits (5 bilateral rows eliminated by their response): v1 equals the enumerated solution', () => {
    for (const [om, angle] of [[8, 0.6], [-8, -0.6], [3, 0.1], [-2, 0.55]] as const) {
      const { w, solver } = world();
      const b = addBody(w, { position: [0, -1, 0], mass: 2, inertia: [0.05, 0.05, 0.05], linearDamping: 0, angularDamping: 0 });
      addJoint(w, { kind: 'hinge', bodyA: b, worldAnchor: [0, 0, 0], worldAxis: [0, 0, 1], limits: { lower: -0.5, upper: 0.5 } });
      // rotate the pendulum about the pivot by `angle` and give it angular speed om about z
      const c = Math.cos(angle), s = Math.sin(angle);
      w.bodies.position[3 * b] = s; w.bodies.position[3 * b + 1] = -c;
      w.bodies.orientation.set([0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], 4 * b);
      const v0 = [om * c, om * s, 0, 0, 0, om];
      w.bodies.linearVelocity.set(v0.slice(0, 3), 3 * b);
      w.bodies.angularVelocity.set(v0.slice(3), 3 * b);
      stepWorld(w, h);
      const expected = bruteForce(w, v0, [0, -9.81 * 2, 0, 0, 0, 0]);
      const got = [...getLinearVelocity(w, b), ...getAngularVelocity(w, b)];
      for (let i = 0; i < 6; i++) expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-9 * (1 + Math.abs(expected[i])));
      expect(solver.stats.jointPrimal).toBeLessThan(1e-8);
    }
  });
});
