/**
 * Unit tests of the 'lcp' solver's helpers: contact islands against a brute-force flood fill, and the
 * polyhedral friction cone (Stewart & Trinkle 1996 eq. 12) table and edge split.
 */
import { describe, expect, it } from 'vitest';
import { MotionType } from '../../../../../components/rigid-body';
import { createConstraintProblem, ensureConstraintCapacity } from '../../../../../systems/assembly/constraint-problem';
import { createSolverBodies, ensureSolverBodiesCapacity } from '../../../../../systems/assembly/solver-bodies';
import { buildIslands, createIslands } from '../../../../../systems/solve/lcp/islands';
import { createFrictionCone, splitOnEdges } from '../../../../../systems/solve/lcp/friction-cone';
import { createRandom } from '../../../../../scenes/prng';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

describe('islands (union–find over dynamic bodies; static and kinematic bodies do not join)', () => {
  it('matches a brute-force flood fill on random contact graphs, grouping and ordering deterministically', () => {
    const random = createRandom(7);
    const isl = createIslands();
    for (let trial = 0; trial < 200; trial++) {
      const nb = 1 + Math.floor(random() * 40), nc = Math.floor(random() * 60);
      const sb = createSolverBodies(4);
      ensureSolverBodiesCapacity(sb, nb, nb);
      sb.count = nb;
      for (let i = 0; i < nb; i++) {
        const r = random();
        sb.motionType[i] = r < 0.7 ? MotionType.dynamic : r < 0.85 ? MotionType.static : MotionType.kinematic;
      }
      const p = createConstraintProblem(4);
      ensureConstraintCapacity(p, nc);
      p.contactCount = nc;
      for (let c = 0; c < nc; c++) {
        p.bodyA[c] = Math.floor(random() * nb);
        p.bodyB[c] = Math.floor(random() * nb);
      }
      buildIslands(isl, p, sb);
      // Brute force: label dynamic bodies by flood fill over dynamic–dynamic contacts.
      const dyn = (b: number) => sb.motionType[b] === MotionType.dynamic;
      const label = new Array<number>(nb).fill(-1);
      let next = 0;
      for (let b = 0; b < nb; b++) {
        if (!dyn(b) || label[b] >= 0) continue;
        const stack = [b];
        label[b] = next;
        while (stack.length > 0) {
          const x = stack.pop()!;
          for (let c = 0; c < nc; c++) {
            const a = p.bodyA[c], d = p.bodyB[c];
            if (!dyn(a) || !dyn(d)) continue;
            const y = a === x ? d : d === x ? a : -1;
            if (y >= 0 && label[y] < 0) { label[y] = next; stack.push(y); }
          }
        }
        next++;
      }
      const contactLabel = (c: number) => (dyn(p.bodyA[c]) ? label[p.bodyA[c]] : dyn(p.bodyB[c]) ? label[p.bodyB[c]] : -1);
      // Same partition: relabel both by order of first appearance over the contacts.
      const canonical = (lab: (c: number) => number) => {
        const map = new Map<number, number>();
        return Array.from({ length: nc }, (_, c) => {
          const l = lab(c);
          if (l < 0) return -1;
          if (!map.has(l)) map.set(l, map.size);
          return map.get(l)!;
        });
      };
      expect(canonical((c) => isl.islandOfContact[c])).toEqual(canonical(contactLabel));
      // Runs: contacts in increasing order, islands numbered by their first contact, bodies listed once.
      let seen = 0, firstPrev = -1;
      for (let i = 0; i < isl.count; i++) {
        const s = isl.contactStart[i], e = isl.contactStart[i + 1];
        expect(e).toBeGreaterThan(s);
        expect(isl.contacts[s]).toBeGreaterThan(firstPrev);
        firstPrev = isl.contacts[s];
        for (let j = s; j < e; j++) {
          expect(isl.islandOfContact[isl.contacts[j]]).toBe(i);
          if (j > s) expect(isl.contacts[j]).toBeGreaterThan(isl.contacts[j - 1]);
        }
        seen += e - s;
        for (let j = isl.bodyStart[i]; j < isl.bodyStart[i + 1]; j++) {
          const b = isl.bodies[j];
          expect(dyn(b)).toBe(true);
          expect(isl.islandOfBody[b]).toBe(i);
        }
      }
      expect(seen).toBe(Array.from({ length: nc }, (_, c) => contactLabel(c)).filter((l) => l >= 0).length);
    }
  });
});

describe('polyhedral friction cone (Stewart & Trinkle 1996 eqs. 12–13)', () => {
  it('has k symmetric unit directions (d_{j+k/2} = −d_j)', () => {
    for (const k of [4, 6, 8, 16]) {
      const cone = createFrictionCone(k);
      for (let j = 0; j < k; j++) {
        expect(Math.hypot(cone.cos[j], cone.sin[j])).toBeCloseTo(1, 15);
        const o = (j + k / 2) % k;
        expect(cone.cos[o]).toBeCloseTo(-cone.cos[j], 15);
        expect(cone.sin[o]).toBeCloseTo(-cone.sin[j], 15);
      }
    }
  });

  it('splits a tangential impulse onto the one edge it lies on, or the two adjacent edges bracketing it (β ≥ 0, f = Σ β_j d_j)', () => {
    const random = createRandom(3);
    const out = new Float64Array(4);
    for (const k of [4, 8, 12]) {
      const cone = createFrictionCone(k);
      for (let j = 0; j < k; j++) {
        expect(splitOnEdges(cone, [2 * cone.cos[j], 2 * cone.sin[j]], 0, out)).toBe(1);
        expect(out[0]).toBe(j);
        expect(out[1]).toBeCloseTo(2, 12);
      }
      expect(splitOnEdges(cone, [0, 0], 0, out)).toBe(0);
      for (let t = 0; t < 500; t++) {
        const f1 = random() * 2 - 1, f2 = random() * 2 - 1;
        const edges = splitOnEdges(cone, [f1, f2], 0, out);
        expect(edges).toBe(2);
        expect((out[2] - out[0] + k) % k).toBe(1);
        expect(out[1]).toBeGreaterThanOrEqual(0);
        expect(out[3]).toBeGreaterThanOrEqual(0);
        expect(out[1] * cone.cos[out[0]] + out[3] * cone.cos[out[2]]).toBeCloseTo(f1, 12);
        expect(out[1] * cone.sin[out[0]] + out[3] * cone.sin[out[2]]).toBeCloseTo(f2, 12);
        // The polyhedral cone under-approximates the disk: eᵀβ ≤ |f| / cos(π/k).
        expect(out[1] + out[3]).toBeLessThanOrEqual(Math.hypot(f1, f2) / Math.cos(Math.PI / k) + 1e-12);
      }
    }
  });
});
