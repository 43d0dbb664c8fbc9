import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld } from '../../../../plugin/index';
import { acquireManifold } from '../../../../components/contact';
import { assembleContacts, gatherBodies } from '../../../../systems/assembly/assembly';
import { quatRotate, quatIntegrate } from '../../../../math/quat';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

/** Position of a material point of a rigid body after moving for time t with (v, ω) (exact for tiny t). */
function advance(
  p0: number[], q0: number[], local: number[], v: number[], w: number[], t: number,
): number[] {
  const q = new Float64Array(q0);
  // many tiny substeps of the exact rotation map, enough for a finite difference
  const n = 64;
  for (let i = 0; i < n; i++) quatIntegrate(q, 0, w, 0, t / n);
  const out = [0, 0, 0];
  quatRotate(out, 0, q, 0, local, 0);
  return [p0[0] + v[0] * t + out[0], p0[1] + v[1] * t + out[1], p0[2] + v[2] * t + out[2]];
}

describe('assembly: contact rows', () => {
  it('J v equals the finite difference of the material points, and m_eff equals 1/(J M⁻¹ Jᵀ)', () => {
    const r = rng(7);
    for (let trial = 0; trial < 20; trial++) {
      const w = createPhysicsWorld({ gravity: [0, 0, 0] });
      const rq = () => {
        const q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
        const l = Math.hypot(...q);
        return q.map((x) => x / l);
      };
      const pa = [r(), r(), r()], pb = [r() + 1, r(), r()];
      const qa = rq(), qb = rq();
      const va = [r() - 0.5, r() - 0.5, r() - 0.5], vb = [r() - 0.5, r() - 0.5, r() - 0.5];
      const wa = [r() - 0.5, r() - 0.5, r() - 0.5], wb = [r() - 0.5, r() - 0.5, r() - 0.5];
      const box = (hx: number) => ({ shape: 'box' as const, halfExtents: [hx, 0.3 + r(), 0.2 + r()] });
      const a = addBody(w, { position: pa, orientation: qa, linearVelocity: va, angularVelocity: wa, collider: box(0.4 + r()) });
      const b = addBody(w, { position: pb, orientation: qb, linearVelocity: vb, angularVelocity: wb, collider: box(0.5 + r()) });
      const m = acquireManifold(w.contacts, a, b);
      const n = [r() - 0.5, r() - 0.5, r() - 0.5];
      const nl = Math.hypot(...n);
      w.contacts.normal.set(n.map((x) => x / nl), 3 * m);
      const point = [0.5 + r() * 0.2, r(), r()];
      w.contacts.point.set(point, 12 * m);
      w.contacts.pointCount[m] = 1;
      w.contacts.separation[4 * m] = -0.01;

      gatherBodies(w.bodies, w.gravity, w.solverBodies);
      expect(assembleContacts(w.contacts, w.bodies, w.solverBodies, w.problem, w.colliders)).toBe(1);
      const p = w.problem;

      // local coordinates of the contact point on each body
      const la = [0, 0, 0], lb = [0, 0, 0];
      const invQa = [-qa[0], -qa[1], -qa[2], qa[3]], invQb = [-qb[0], -qb[1], -qb[2], qb[3]];
      quatRotate(la, 0, invQa, 0, [point[0] - pa[0], point[1] - pa[1], point[2] - pa[2]], 0);
      quatRotate(lb, 0, invQb, 0, [point[0] - pb[0], point[1] - pb[1], point[2] - pb[2]], 0);
      const eps = 1e-6;
      const xa1 = advance(pa, qa, la, va, wa, eps), xa0 = advance(pa, qa, la, va, wa, -eps);
      const xb1 = advance(pb, qb, lb, vb, wb, eps), xb0 = advance(pb, qb, lb, vb, wb, -eps);
      const rel = [0, 1, 2].map((k) => ((xb1[k] - xa1[k]) - (xb0[k] - xa0[k])) / (2 * eps));

      // M⁻¹ dense (12 × 12 block diagonal)
      const sb = w.solverBodies;
      const ia = sb.indexOfEntity[a], ib = sb.indexOfEntity[b];
      for (let d = 0; d < 3; d++) {
        const dir = Array.from(p.direction.subarray(3 * d, 3 * d + 3));
        const angA = Array.from(p.angularA.subarray(3 * d, 3 * d + 3));
        const angB = Array.from(p.angularB.subarray(3 * d, 3 * d + 3));
        const J = [...dir.map((x) => -x), ...angA.map((x) => -x), ...dir, ...angB];
        const vel = [...va, ...wa, ...vb, ...wb];
        const Jv = J.reduce((s, x, i) => s + x * vel[i], 0);
        expect(Jv).toBeCloseTo(dir[0] * rel[0] + dir[1] * rel[1] + dir[2] * rel[2], 6);
        // J M⁻¹ Jᵀ
        const IA = Array.from(sb.invInertia.subarray(9 * ia, 9 * ia + 9));
        const IB = Array.from(sb.invInertia.subarray(9 * ib, 9 * ib + 9));
        const quad = (I: number[], x: number[]) =>
          x.reduce((s, xi, i) => s + xi * (I[3 * i] * x[0] + I[3 * i + 1] * x[1] + I[3 * i + 2] * x[2]), 0);
        const k = sb.invMass[ia] + sb.invMass[ib] + quad(IA, angA) + quad(IB, angB);
        expect(p.effectiveMass[d]).toBeCloseTo(1 / k, 10);
      }
      // directions orthonormal and right-handed
      const d = p.direction;
      const dot = (i: number, j: number) => d[i] * d[j] + d[i + 1] * d[j + 1] + d[i + 2] * d[j + 2];
      expect(dot(0, 3)).toBeCloseTo(0, 12);
      expect(dot(0, 6)).toBeCloseTo(0, 12);
      expect(dot(3, 6)).toBeCloseTo(0, 12);
      expect(dot(3, 3)).toBeCloseTo(1, 12);
      // relative normal velocity
      expect(p.relativeVelocity[0]).toBeCloseTo(d[0] * rel[0] + d[1] * rel[1] + d[2] * rel[2], 6);
      // base separation: current separation at zero motion equals the manifold's
      const sepCheck = p.baseSeparation[0]
        + d[0] * (p.rB[0] - p.rA[0]) + d[1] * (p.rB[1] - p.rA[1]) + d[2] * (p.rB[2] - p.rA[2]);
      expect(sepCheck).toBeCloseTo(-0.01, 12);
    }
  });
});
