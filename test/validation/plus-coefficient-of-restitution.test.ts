/**
 * The velocity-dependent Poisson COR of PLUS (`systems/solve/plus/coefficient-of-restitution.ts`;
 * Uchida, Sherman & Delp 2015 §2c, Fig. 2) and the PLUS material columns that carry it from the
 * collider to the rows: `components/collider.ts` → narrowphase pair rule (`components/contact.ts`) →
 * `systems/assembly/constraint-problem.ts`, with validation in `plugin/bodies.ts`.
 */
import { describe, expect, it } from 'vitest';
import { query } from 'bitecs';
import { coefficientOfRestitution } from '../../systems/solve/plus/coefficient-of-restitution';
import { addBody, createPhysicsWorld, setCollider } from '../../plugin/index';
import { PhysicsInputError } from '../../plugin/errors';
import { acquireManifold, releaseManifold } from '../../components/contact';
import { updateBroadphase } from '../../systems/broadphase/broadphase';
import { updateContacts } from '../../systems/narrowphase/narrowphase';
import { assembleContacts, gatherBodies } from '../../systems/assembly/assembly';

describe('COR curve (Fig. 2)', () => {
  const e = (v: number) => coefficientOfRestitution(v, 0.01, 0.1, 1, 0.373);

  it('U1: v_capture 0.01, v_plastic 0.1, e_min 0.373: 0 / 0.9373 / 0.6865 / 0.373 / 0.373', () => {
    expect(e(0.005)).toBe(0);
    expect(Math.abs(e(0.01) - 0.9373)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(e(0.05) - 0.6865)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(e(0.1) - 0.373)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(e(5.74) - 0.373)).toBeLessThanOrEqual(1e-12);
  });

  it('separating, zero and NaN approach speeds give 0', () => {
    expect(e(0)).toBe(0);
    expect(e(-1)).toBe(0);
    expect(e(NaN)).toBe(0);
    expect(coefficientOfRestitution(0, 0, 0.1, 1, 0.5)).toBe(0);
  });

  it('e_max is the value of the line at 0; e_min ≥ e_max gives a constant COR e_max', () => {
    expect(coefficientOfRestitution(0.05, 0.01, 0.1, 0.8, 0.4)).toBeCloseTo(0.8 - 0.4 * 0.5, 14);
    for (const v of [0.01, 0.05, 0.2, 10]) expect(coefficientOfRestitution(v, 0.01, 0.1, 0.6, 1)).toBe(0.6);
    expect(coefficientOfRestitution(0.3, 0.01, 0.1, 0, 1)).toBe(0);
  });

  it('monotone non-increasing above the capture speed, within [e_min, e_max]', () => {
    let prev = Infinity;
    for (let v = 0.01; v < 1; v += 0.001) {
      const x = coefficientOfRestitution(v, 0.01, 0.3, 0.9, 0.2);
      expect(x).toBeLessThanOrEqual(prev + 1e-15);
      expect(x).toBeGreaterThanOrEqual(0.2 - 1e-15);
      expect(x).toBeLessThanOrEqual(0.9);
      prev = x;
    }
  });
});

describe('PLUS material columns: collider → contact → rows', () => {
  const sphere = { shape: 'sphere' as const, radius: 0.5 };

  it('defaults: v_capture 0.2 m/s, v_plastic 0.1 m/s, e_min 1', () => {
    const w = createPhysicsWorld();
    const e = addBody(w, { collider: sphere });
    expect([w.colliders.captureVelocity[e], w.colliders.plasticVelocity[e], w.colliders.minRestitution[e]]).toEqual([0.2, 0.1, 1]);
  });

  it('rejects bad values with a PhysicsInputError naming the field, and leaves the world unchanged', () => {
    const w = createPhysicsWorld();
    const bad: [string, Record<string, unknown>][] = [
      ['collider.captureVelocity', { captureVelocity: -0.1 }],
      ['collider.captureVelocity', { captureVelocity: NaN }],
      ['collider.plasticVelocity', { plasticVelocity: 0 }],
      ['collider.plasticVelocity', { plasticVelocity: Infinity }],
      ['collider.minRestitution', { minRestitution: 1.5 }],
      ['collider.minRestitution', { minRestitution: -0.1 }],
      ['collider.minRestitution', { minRestitution: '0.5' }],
    ];
    const before = query(w.ecs, [w.bodies]).length;
    for (const [field, extra] of bad) {
      let err: unknown;
      try {
        addBody(w, { collider: { ...sphere, ...extra } as typeof sphere });
      } catch (x) { err = x; }
      expect(err).toBeInstanceOf(PhysicsInputError);
      expect((err as PhysicsInputError).field).toBe(field);
    }
    expect(query(w.ecs, [w.bodies]).length).toBe(before);
    const e = addBody(w, { collider: sphere });
    expect(() => setCollider(w, e, { ...sphere, minRestitution: 2 })).toThrow(PhysicsInputError);
    expect(w.colliders.minRestitution[e]).toBe(1);
  });

  it('pair rule: max capture velocity; (v_plastic, e_min) of the more plastic collider; into the rows', () => {
    const pair = (a: object, b: object) => {
      const w = createPhysicsWorld({ gravity: [0, 0, 0] });
      addBody(w, { position: [0, 0, 0], collider: { ...sphere, restitution: 0.9, ...a } });
      addBody(w, { position: [0.99, 0, 0], collider: { ...sphere, restitution: 0.5, ...b } });
      updateBroadphase(w.broadphase, w.bodies, w.colliders, w.contactMargin, 1 / 60);
      updateContacts(w.narrowphase, w.broadphase, w.bodies, w.colliders, w.contacts, w.contactMargin, 1 / 60);
      gatherBodies(w.bodies, w.gravity, w.solverBodies);
      const n = assembleContacts(w.contacts, w.bodies, w.solverBodies, w.problem, w.colliders);
      expect(n).toBe(1);
      const p = w.problem;
      return [p.restitution[0], p.captureVelocity[0], p.plasticVelocity[0], p.minRestitution[0]];
    };
    expect(pair({ captureVelocity: 0.3, plasticVelocity: 2, minRestitution: 0.4 },
      { captureVelocity: 0.1, plasticVelocity: 5, minRestitution: 0.6 })).toEqual([0.9, 0.3, 2, 0.4]);
    expect(pair({ captureVelocity: 0.1, plasticVelocity: 2, minRestitution: 0.7 },
      { captureVelocity: 0.3, plasticVelocity: 5, minRestitution: 0.6 })).toEqual([0.9, 0.3, 5, 0.6]);
    // tie on e_min: the larger v_plastic; a default collider (e_min 1) never overrides a set one
    expect(pair({ plasticVelocity: 2, minRestitution: 0.5 }, { plasticVelocity: 3, minRestitution: 0.5 })[2]).toBe(3);
    expect(pair({ plasticVelocity: 4, minRestitution: 0.3 }, {})).toEqual([0.9, 0.2, 4, 0.3]);
  });

  it('manifold slots keep their PLUS columns when the store compacts', () => {
    const w = createPhysicsWorld();
    const cs = w.contacts;
    for (let k = 0; k < 3; k++) {
      const m = acquireManifold(cs, 10 + k, 20 + k);
      cs.captureVelocity[m] = k + 0.5; cs.plasticVelocity[m] = k + 1.5; cs.minRestitution[m] = k / 10;
    }
    releaseManifold(cs, 0);
    expect([cs.captureVelocity[0], cs.plasticVelocity[0], cs.minRestitution[0]]).toEqual([2.5, 3.5, 0.2]);
  });
});
