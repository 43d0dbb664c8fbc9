/**
 * SOLVE_MIN_NORM of PLUS (`systems/solve/plus/min-norm-solve.ts`, `complete-orthogonal.ts`):
 * the minimum-norm (load-spreading) solution of redundant contacts (Uchida, Sherman & Delp 2015 §3a,
 * Table 1), the complete orthogonal factorization against ml-matrix's pseudoinverse, and
 * the 'cod' and 'svd' (ml-matrix) paths giving the same impacts.
 */
import { describe, expect, it } from 'vitest';
import { Matrix, SingularValueDecomposition, pseudoInverse } from 'ml-matrix';
import { codSolve, createCodScratch } from '../../systems/solve/plus/complete-orthogonal';
import { createPlusImpactPhase } from '../../systems/solve/plus/plus-impact';
import {
  BRICK, brickOnGround, buildScene, example1, example2, matVec, mulberry32, omega, rotX, stack, twoBricks, vel,
  type ContactSpec, type Scene, type V3,
} from './plus-fixtures';
import { contactsOnly } from './plus-fixtures';

/** The reference solver of the rank-deficient interval systems: ml-matrix's SVD, out = M⁺ rhs with the
 * singular values ≤ rankTolerance · σ_max dropped (it allocates; the engine uses its COD). */
function svdSolve(M: Float64Array, q: number, rhs: ArrayLike<number>, out: Float64Array, rankTolerance: number): void {
  const mm = new Matrix(q, q);
  for (let r = 0; r < q; r++) for (let c = 0; c < q; c++) mm.set(r, c, M[r * q + c]);
  const svd = new SingularValueDecomposition(mm, { autoTranspose: true });
  const U = svd.leftSingularVectors, V = svd.rightSingularVectors, s = svd.diagonal;
  let smax = 0;
  for (const si of s) if (si > smax) smax = si;
  out.fill(0, 0, q);
  if (!(smax > 0)) return;
  const tol = rankTolerance * smax;
  for (let j = 0; j < s.length; j++) {
    if (!(s[j] > tol)) continue;
    let coef = 0;
    for (let r = 0; r < q; r++) coef += U.get(r, j) * rhs[r];
    coef /= s[j];
    for (let c = 0; c < q; c++) out[c] += coef * V.get(c, j);
  }
}

const CTX = { h: 1 / 60, gravity: new Float64Array(3), profile: false, clock: () => 0, detail: {} };

describe('complete orthogonal factorization (paper §3a)', () => {
  it('equals ml-matrix pseudoInverse(M)·w on random rank-deficient systems, consistent or not (rel 1e-8)', () => {
    const rnd = mulberry32(77);
    const s = createCodScratch();
    for (let t = 0; t < 400; t++) {
      const n = 1 + Math.floor(rnd() * 14), r = Math.floor(rnd() * (n + 1));
      const X = Matrix.rand(n, Math.max(r, 1), { random: rnd }).sub(0.5);
      const Y = Matrix.rand(n, Math.max(r, 1), { random: rnd }).sub(0.5);
      const M = r === 0 ? Matrix.zeros(n, n) : X.mmul(Y.transpose());
      const w = rnd() < 0.5 ? M.mmul(Matrix.rand(n, 1, { random: rnd })) : Matrix.rand(n, 1, { random: rnd });
      const ref = pseudoInverse(M, 1e-10).mmul(w).to1DArray();
      const out = new Float64Array(n);
      const rank = codSolve(s, M.to1DArray(), n, w.to1DArray(), out, 1e-10);
      expect(rank).toBe(r === 0 ? 0 : Math.min(r, n));
      const scale = Math.max(1e-12, ...ref.map(Math.abs));
      for (let i = 0; i < n; i++) expect(Math.abs(out[i] - ref[i])).toBeLessThanOrEqual(1e-8 * scale);
    }
  });
});

describe('load spreading by the minimum-norm solution', () => {
  it('U4: four coincident frictionless contacts on a point mass share the impulse equally (rel 1e-9)', () => {
    const s = buildScene([{}, { mass: 2, inertia: [1e30, 1e30, 1e30], v: [0, 0, -3] }],
      [0, 1, 2, 3].map(() => ({ a: 0, b: 1, point: [0, 0, 0] as V3, normal: [0, 0, 1] as V3, mu: 0, e: 0 })));
    const st = createPlusImpactPhase().resolve(contactsOnly(s.problem), s.bodies, CTX);
    for (let c = 0; c < 4; c++) expect(Math.abs(st.impulse[3 * c] / 1.5 - 1)).toBeLessThanOrEqual(1e-9);
    expect(st.rankDeficientSolves).toBeGreaterThan(0);
  });

  const flat = (order: number[], tilt = 0, mu = 0.5): Scene => {
    const R = rotX(tilt);
    const local: V3[] = [[-0.2, -0.3, -0.5], [-0.2, 0.3, -0.5], [0.2, -0.3, -0.5], [0.2, 0.3, -0.5]];
    const pts = local.map((p) => matVec(R, p));
    const zmin = Math.min(...pts.map((p) => p[2]));
    const contacts: ContactSpec[] = order.map((i) => ({
      a: 0, b: 1, point: pts[i], normal: [0, 0, 1], separation: pts[i][2] - zmin, mu, e: 0.5,
    }));
    return buildScene([{}, { mass: BRICK.mass, inertia: BRICK.inertia, rotation: R, v: [0, 0, -1] }], contacts);
  };

  it('M3: a flat landing gives four equal normal impulses m v (1 + e)/4, for every contact order', () => {
    const orders = [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]];
    for (const order of orders) {
      const s = flat(order);
      const st = createPlusImpactPhase().resolve(contactsOnly(s.problem), s.bodies, CTX);
      for (let c = 0; c < 4; c++) {
        expect(Math.abs(st.impulse[3 * c] / (2 * 1 * 1.5 / 4) - 1)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(st.impulse[3 * c + 1]) + Math.abs(st.impulse[3 * c + 2])).toBeLessThanOrEqual(1e-12);
      }
      expect(vel(s, 1)[2]).toBeCloseTo(0.5, 12);
    }
  });

  it('M2: tilted by 1e-7 rad, all four points are proximal and the rebound stays symmetric (Fig. 6)', () => {
    const s = flat([0, 1, 2, 3], 1e-7);
    const st = createPlusImpactPhase({ proximityTolerance: 1e-4 }).resolve(contactsOnly(s.problem), s.bodies, CTX);
    expect(st.contactsResolved).toBe(4);
    const pz = [0, 1, 2, 3].map((c) => st.impulse[3 * c]);
    const mean = pz.reduce((a, b) => a + b) / 4;
    for (const p of pz) expect(Math.abs(p / mean - 1)).toBeLessThanOrEqual(1e-4);
    for (const x of omega(s, 1)) expect(Math.abs(x)).toBeLessThanOrEqual(1e-5);
    expect(Math.abs(vel(s, 1)[2] - 0.5)).toBeLessThanOrEqual(1e-4);
  });
});

describe("'cod' (default) and 'svd' (ml-matrix) give the same impacts", () => {
  /** `friction = false`: skip the per-point friction impulses, which are not unique when impending
   * points are rigidly tied (Example 2's last interval, paper §4b). */
  const compare = (make: () => Scene, tol: number, friction = true) => {
    const a = make(), b = make();
    const sa = createPlusImpactPhase({ maxDirectionChange: 0.15 }).resolve(contactsOnly(a.problem), a.bodies, CTX);
    const ia = Array.from(sa.impulse.subarray(0, 3 * a.problem.contactCount));
    const sb = createPlusImpactPhase({ maxDirectionChange: 0.15 }, { rankDeficientSolve: svdSolve }).resolve(contactsOnly(b.problem), b.bodies, CTX);
    const ib = Array.from(sb.impulse.subarray(0, 3 * b.problem.contactCount));
    const scale = Math.max(1, ...ia.map(Math.abs));
    for (let i = 0; i < ia.length; i++) {
      if (friction || i % 3 === 0) expect(Math.abs(ia[i] - ib[i])).toBeLessThanOrEqual(tol * scale);
    }
    for (let i = 0; i < a.bodies.count * 3; i++) {
      expect(Math.abs(a.bodies.v[i] - b.bodies.v[i])).toBeLessThanOrEqual(tol * scale);
      expect(Math.abs(a.bodies.w[i] - b.bodies.w[i])).toBeLessThanOrEqual(tol * scale * 10);
    }
  };

  it('Example 1 (1e-9) and Example 2 (1e-9 on normal impulses and body velocities)', () => {
    compare(() => example1(0.225, 0.387), 1e-9);
    compare(example2, 1e-9, false);
  });

  it('random bricks on the ground and body pairs (1e-6; same active sets)', () => {
    const rnd = mulberry32(5);
    for (let t = 0; t < 60; t++) {
      const seed = Math.floor(rnd() * 1e9);
      const kind = t % 3;
      const make = () => {
        const r = mulberry32(seed);
        return kind === 0 ? brickOnGround(r) : kind === 1 ? twoBricks(r) : stack(r);
      };
      if (kind === 2) continue; // stacks hit the round cap; their fallback is the same code either way
      compare(make, 1e-6);
    }
  });
});
