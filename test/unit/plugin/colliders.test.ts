/**
 * Colliders as entities: compound mass properties against the parallel-axis closed form, the body
 * frame moving to the centre of mass without anything moving in the world, contacts keyed by collider,
 * removal, bad input, and Example 1 of Uchida, Sherman & Delp 2015 (spheres welded to a brick) in both solver modes.
 */
import { describe, expect, it } from 'vitest';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, addCollider, addJoint, castRay, createPhysicsWorld, createRayHit, getBodyColliders, getColliderBody,
  getMass, getPosition, hasCollider, PhysicsInputError, removeBody, removeCollider, setCollider, stepWorld, UnknownEntityError,
  type PhysicsWorld,
} from '../../../plugin/index';
import { quatRotate, quatToMat3 } from '../../../math/quat';
import { colliderWorldPose } from '../../../systems/broadphase/collider-pose';
import { createRandom, randomQuaternion, randomRange } from '../../../scenes/prng';

type V3 = [number, number, number];

/** Box inertia tensor (row-major) of half extents h and mass m rotated by q, about its centre. */
function boxTensor(m: number, h: V3, q: number[]): number[] {
  const d = [m * (h[1] ** 2 + h[2] ** 2) / 3, m * (h[0] ** 2 + h[2] ** 2) / 3, m * (h[0] ** 2 + h[1] ** 2) / 3];
  const r = new Float64Array(9);
  quatToMat3(r, 0, q, 0);
  const t: number[] = [];
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) t.push(r[3 * a] * d[0] * r[3 * b] + r[3 * a + 1] * d[1] * r[3 * b + 1] + r[3 * a + 2] * d[2] * r[3 * b + 2]);
  return t;
}

/** World inertia tensor of a body from its principal moments and orientation: R diag(I) Rᵀ. */
function bodyTensor(w: PhysicsWorld, b: number): number[] {
  const q = Array.from(w.bodies.orientation.subarray(4 * b, 4 * b + 4));
  const i = w.bodies.inertiaLocal;
  const r = new Float64Array(9);
  quatToMat3(r, 0, q, 0);
  const t: number[] = [];
  for (let a = 0; a < 3; a++) for (let c = 0; c < 3; c++) t.push(r[3 * a] * i[3 * b] * r[3 * c] + r[3 * a + 1] * i[3 * b + 1] * r[3 * c + 1] + r[3 * a + 2] * i[3 * b + 2] * r[3 * c + 2]);
  return t;
}

function colliderPose(w: PhysicsWorld, c: number): number[] {
  const o = new Float64Array(7);
  colliderWorldPose(w.colliders, w.bodies, c, o, 0);
  return Array.from(o);
}

describe('compound mass properties (parallel-axis theorem, rotated inertia)', () => {
  it('two boxes: mass, centre of mass and inertia tensor equal the closed form (1e-12)', () => {
    const r = createRandom(5);
    for (let trial = 0; trial < 20; trial++) {
      const w = createPhysicsWorld();
      const h1: V3 = [randomRange(r, 0.1, 1), randomRange(r, 0.1, 1), randomRange(r, 0.1, 1)];
      const h2: V3 = [randomRange(r, 0.1, 1), randomRange(r, 0.1, 1), randomRange(r, 0.1, 1)];
      const p1: V3 = [randomRange(r, -1, 1), randomRange(r, -1, 1), randomRange(r, -1, 1)];
      const p2: V3 = [randomRange(r, -1, 1), randomRange(r, -1, 1), randomRange(r, -1, 1)];
      const q1 = randomQuaternion(r), q2 = randomQuaternion(r);
      const rho1 = randomRange(r, 200, 3000), rho2 = randomRange(r, 200, 3000);
      const origin: V3 = [1, 2, 3];
      const b = addBody(w, { position: origin, collider: { shape: 'box', halfExtents: h1, position: p1, orientation: q1, density: rho1 } });
      const c2 = addCollider(w, b, { shape: 'box', halfExtents: h2, position: p2, orientation: q2, density: rho2 });
      // closed form (identity body orientation at creation, so body frame = world axes at `origin`)
      const m1 = rho1 * 8 * h1[0] * h1[1] * h1[2], m2 = rho2 * 8 * h2[0] * h2[1] * h2[2], M = m1 + m2;
      const com = [0, 1, 2].map((k) => (m1 * p1[k] + m2 * p2[k]) / M);
      const t1 = boxTensor(m1, h1, q1), t2 = boxTensor(m2, h2, q2);
      const expected: number[] = [];
      for (let a = 0; a < 3; a++) {
        for (let c = 0; c < 3; c++) {
          let v = t1[3 * a + c] + t2[3 * a + c];
          for (const [m, p] of [[m1, p1], [m2, p2]] as [number, V3][]) {
            const d = [p[0] - com[0], p[1] - com[1], p[2] - com[2]];
            v += m * ((a === c ? d[0] ** 2 + d[1] ** 2 + d[2] ** 2 : 0) - d[a] * d[c]);
          }
          expected.push(v);
        }
      }
      expect(Math.abs(getMass(w, b) - M) / M).toBeLessThan(1e-14);
      const pos = getPosition(w, b);
      for (let k = 0; k < 3; k++) expect(Math.abs(pos[k] - (origin[k] + com[k]))).toBeLessThan(1e-12);
      const got = bodyTensor(w, b);
      const scale = Math.max(...expected.map(Math.abs));
      for (let k = 0; k < 9; k++) expect(Math.abs(got[k] - expected[k]) / scale).toBeLessThan(1e-12);
      // principal moments are the eigenvalues: every one positive, triangle inequality holds
      const I = w.bodies.inertiaLocal.subarray(3 * b, 3 * b + 3);
      expect(I[0] + I[1]).toBeGreaterThanOrEqual(I[2] * (1 - 1e-12));
      expect(getColliderBody(w, c2)).toBe(b);
    }
  });

  it('two equal boxes side by side: Iyy = Izz = 2 (m(h²+h²)/3 + m d²), Ixx = 2 m (h²+h²)/3', () => {
    const w = createPhysicsWorld();
    const h = 0.5, d = 2, rho = 1000;
    const b = addBody(w, { collider: { shape: 'box', halfExtents: [h, h, h], position: [-d, 0, 0] } });
    addCollider(w, b, { shape: 'box', halfExtents: [h, h, h], position: [d, 0, 0], density: rho });
    const m = rho * 8 * h ** 3;
    const I = Array.from(w.bodies.inertiaLocal.subarray(3 * b, 3 * b + 3));
    const ixx = 2 * m * (2 * h * h) / 3, iyy = 2 * (m * (2 * h * h) / 3 + m * d * d);
    const want = [ixx, iyy, iyy].sort((x, y) => x - y);
    I.sort((x, y) => x - y).forEach((v, k) => expect(Math.abs(v - want[k]) / want[k]).toBeLessThan(1e-12));
    expect(getPosition(w, b)).toEqual([0, 0, 0]);
  });

  it('adding a collider moves nothing in the world: collider poses, velocities of points, joints', () => {
    const w = createPhysicsWorld({ gravity: [0, 0, 0] });
    const b = addBody(w, {
      position: [1, 2, 3], orientation: randomQuaternion(createRandom(3)), linearVelocity: [1, 0, 0], angularVelocity: [0, 2, 1],
      collider: { shape: 'box', halfExtents: [0.5, 0.2, 0.3] },
    });
    const other = addBody(w, { position: [3, 2, 3], collider: { shape: 'sphere', radius: 0.3 } });
    addJoint(w, { kind: 'ball', bodyA: b, bodyB: other, worldAnchor: [2, 2, 3] });
    const before = colliderPose(w, b);
    const anchorWorld = (): number[] => {
      const j = w.joints, e = j.list[0], o = [0, 0, 0];
      quatRotate(o, 0, w.bodies.orientation, 4 * b, j.anchorA, 3 * e);
      return o.map((v, k) => v + w.bodies.position[3 * b + k]);
    };
    const a0 = anchorWorld();
    // velocity of the world point x0 before: v + ω × (x0 − c)
    const x0 = [2, 2.5, 3];
    const pointVel = (): number[] => {
      const v = w.bodies.linearVelocity, om = w.bodies.angularVelocity, c = w.bodies.position, i = 3 * b;
      const rr = [x0[0] - c[i], x0[1] - c[i + 1], x0[2] - c[i + 2]];
      return [v[i] + om[i + 1] * rr[2] - om[i + 2] * rr[1], v[i + 1] + om[i + 2] * rr[0] - om[i] * rr[2], v[i + 2] + om[i] * rr[1] - om[i + 1] * rr[0]];
    };
    const pv0 = pointVel();
    const c2 = addCollider(w, b, { shape: 'sphere', radius: 0.4, position: [0.8, -0.3, 0.2] });
    const after = colliderPose(w, b);
    for (let k = 0; k < 3; k++) expect(after[k]).toBeCloseTo(before[k], 12);
    const dq = Math.abs(before[3] * after[3] + before[4] * after[4] + before[5] * after[5] + before[6] * after[6]);
    expect(dq).toBeCloseTo(1, 12);
    const a1 = anchorWorld();
    for (let k = 0; k < 3; k++) expect(a1[k]).toBeCloseTo(a0[k], 12);
    const pv1 = pointVel();
    for (let k = 0; k < 3; k++) expect(pv1[k]).toBeCloseTo(pv0[k], 12);
    // the centre moved towards the sphere
    const p = getPosition(w, b);
    expect(p[0]).not.toBeCloseTo(1, 3);
    expect(getBodyColliders(w, b).sort()).toEqual([b, c2].sort());
  });
});

describe('contacts, queries and removal with several colliders', () => {
  it('a dumbbell (two spheres on a massless bar) rests on a plane on both spheres, in both modes', () => {
    for (const solver of ['pgs', 'lcp'] as const) {
      const w = createPhysicsWorld({ solver });
      addBody(w, { type: 'static', collider: { shape: 'plane' } });
      const b = addBody(w, { position: [0, 0.6, 0], collider: { shape: 'sphere', radius: 0.25, position: [-0.5, 0, 0] } });
      const c2 = addCollider(w, b, { shape: 'sphere', radius: 0.25, position: [0.5, 0, 0] });
      for (let i = 0; i < 120; i++) stepWorld(w, 1 / 60);
      const p = getPosition(w, b);
      expect(Math.abs(p[1] - 0.25)).toBeLessThan(5e-3);
      expect(Math.abs(p[0])).toBeLessThan(1e-6);
      // two manifolds, keyed by the collider pairs, both on the dumbbell's body
      const cs = w.contacts;
      const mine = [];
      for (let m = 0; m < cs.count; m++) if (cs.bodyA[m] === b || cs.bodyB[m] === b) mine.push(m);
      expect(mine.length).toBe(2);
      const colliders = mine.map((m) => (cs.bodyA[m] === b ? cs.colliderA[m] : cs.colliderB[m])).sort();
      expect(colliders).toEqual([b, c2].sort());
      // a ray down onto the right sphere reports that collider and its body
      const hit = createRayHit();
      expect(castRay(w, [0.5, 5, 0], [0, -1, 0], hit)).toBe(true);
      expect(hit.collider).toBe(c2);
      expect(hit.body).toBe(b);
      expect(hit.distance).toBeCloseTo(5 - 0.5, 2);
    }
  });

  it('static geometry of many colliders: a box drops into a U of three static boxes', () => {
    const w = createPhysicsWorld();
    const g = addBody(w, { type: 'static', collider: { shape: 'box', halfExtents: [2, 0.1, 2] } });
    addCollider(w, g, { shape: 'box', halfExtents: [0.1, 1, 2], position: [-2, 1, 0] });
    addCollider(w, g, { shape: 'box', halfExtents: [0.1, 1, 2], position: [2, 1, 0] });
    const b = addBody(w, { position: [0, 1, 0], collider: { shape: 'box', halfExtents: [0.3, 0.3, 0.3] } });
    for (let i = 0; i < 120; i++) stepWorld(w, 1 / 60);
    expect(getPosition(w, b)[1]).toBeCloseTo(0.4, 2);
    expect(getBodyColliders(w, g).length).toBe(3);
  });

  it('removeCollider ends its contacts and recomputes the mass; removeBody removes every collider', () => {
    const w = createPhysicsWorld();
    addBody(w, { type: 'static', collider: { shape: 'plane' } });
    const b = addBody(w, { position: [0, 0.25, 0], collider: { shape: 'sphere', radius: 0.25 } });
    const c2 = addCollider(w, b, { shape: 'sphere', radius: 0.25, position: [1, 0, 0] });
    const m2 = getMass(w, b);
    stepWorld(w, 1 / 60);
    removeCollider(w, c2);
    expect(hasCollider(w, c2)).toBe(false);
    expect(getMass(w, b)).toBeCloseTo(m2 / 2, 9);
    stepWorld(w, 1 / 60);
    for (let m = 0; m < w.contacts.count; m++) {
      expect(w.contacts.colliderA[m]).not.toBe(c2);
      expect(w.contacts.colliderB[m]).not.toBe(c2);
    }
    const c3 = addCollider(w, b, { shape: 'box', halfExtents: [0.1, 0.1, 0.1], position: [0, 1, 0] });
    removeBody(w, b);
    expect(hasCollider(w, c3)).toBe(false);
    expect(hasCollider(w, b)).toBe(false);
    stepWorld(w, 1 / 60);
    expect(w.contacts.count).toBe(0);
  });
});

describe('colliders: bad input names the field and changes nothing', () => {
  it('errors', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { collider: { shape: 'sphere', radius: 1 } });
    const gone = addBody(w, { collider: { shape: 'sphere', radius: 1 } });
    removeBody(w, gone);
    const mass = getMass(w, b);
    const expectErr = (f: () => unknown, cls: abstract new (...args: never[]) => PhysicsInputError, field: string): void => {
      let err: unknown;
      try { f(); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(cls);
      expect((err as PhysicsInputError).field).toBe(field);
    };
    expectErr(() => addCollider(w, gone, { shape: 'sphere', radius: 1 }), UnknownEntityError, 'body');
    expectErr(() => addCollider(w, b, { shape: 'sphere', radius: NaN }), PhysicsInputError, 'collider.radius');
    expectErr(() => addCollider(w, b, { shape: 'sphere', radius: 1, position: [0, NaN, 0] }), PhysicsInputError, 'collider.position');
    expectErr(() => addCollider(w, b, { shape: 'sphere', radius: 1, orientation: [0, 0, 0, 0] }), PhysicsInputError, 'collider.orientation');
    expectErr(() => addCollider(w, b, { shape: 'sphere', radius: 1, density: 0 }), PhysicsInputError, 'collider.density');
    expectErr(() => addCollider(w, b, { shape: 'plane' }), PhysicsInputError, 'collider.shape');
    expectErr(() => removeCollider(w, 9999), PhysicsInputError, 'collider');
    expect(getMass(w, b)).toBe(mass);
    expect(getBodyColliders(w, b)).toEqual([b]);
  });
});

describe('Uchida, Sherman & Delp 2015 Example 1: eight spheres welded to a brick (Table A1)', () => {
  // brick 0.4 × 0.6 × 0.8 m, mass 2 kg, inertia diag(0.167, 0.133, 0.0867) kg·m², spheres r = 0.1 m
  // at the 8 vertices; orientation: π/4 about x, then π/6 about y (body-fixed)
  function build(solver: 'pgs' | 'lcp'): { w: PhysicsWorld; brick: number } {
    const w = createPhysicsWorld({ solver });
    addBody(w, { type: 'static', collider: { shape: 'plane', friction: 0.325 } });
    const qx = [Math.sin(Math.PI / 8), 0, 0, Math.cos(Math.PI / 8)], qy = [0, Math.sin(Math.PI / 12), 0, Math.cos(Math.PI / 12)];
    // body-fixed x then y: q = qx ⊗ qy
    const q = [
      qx[3] * qy[0] + qx[0] * qy[3] + qx[1] * qy[2] - qx[2] * qy[1],
      qx[3] * qy[1] - qx[0] * qy[2] + qx[1] * qy[3] + qx[2] * qy[0],
      qx[3] * qy[2] + qx[0] * qy[1] - qx[1] * qy[0] + qx[2] * qy[3],
      qx[3] * qy[3] - qx[0] * qy[0] - qx[1] * qy[1] - qx[2] * qy[2],
    ];
    const sphere = { shape: 'sphere' as const, radius: 0.1, friction: 0.325, minRestitution: 0.373, captureVelocity: 0.01, plasticVelocity: 0.1 };
    const corners: V3[] = [];
    for (let k = 0; k < 8; k++) corners.push([k & 1 ? 0.2 : -0.2, k & 2 ? 0.3 : -0.3, k & 4 ? 0.4 : -0.4]);
    const brick = addBody(w, {
      position: [0, 1, 0], orientation: q, mass: 2, inertia: [0.167, 0.133, 0.0867], linearVelocity: [-5, 0, -5.74],
      collider: { ...sphere, position: corners[0] },
    });
    for (let k = 1; k < 8; k++) addCollider(w, brick, { ...sphere, position: corners[k] });
    return { w, brick };
  }

  for (const solver of ['pgs', 'lcp'] as const) {
    it(`builds with the paper's mass and inertia, falls and comes to rest on its spheres (${solver})`, () => {
      const { w, brick } = build(solver);
      expect(getMass(w, brick)).toBe(2);
      expect(Array.from(w.bodies.inertiaLocal.subarray(3 * brick, 3 * brick + 3))).toEqual([0.167, 0.133, 0.0867]);
      expect(getBodyColliders(w, brick).length).toBe(8);
      // symmetric corners: the centre of mass stays at the brick's centre
      const p0 = getPosition(w, brick);
      for (let k = 0; k < 3; k++) expect(p0[k]).toBeCloseTo([0, 1, 0][k], 14);
      for (let i = 0; i < 240; i++) stepWorld(w, 1 / 60);
      // at rest on four spheres: the lowest sphere centres 0.1 m above the ground
      let lowest = Infinity;
      for (const c of getBodyColliders(w, brick)) lowest = Math.min(lowest, colliderPose(w, c)[1]);
      expect(Math.abs(lowest - 0.1)).toBeLessThan(5e-3);
      const v = w.bodies.linearVelocity.subarray(3 * brick, 3 * brick + 3);
      expect(Math.hypot(v[0], v[1], v[2])).toBeLessThan(0.05);
    });
  }
});

describe('the collider on the body entity', () => {
  it('setCollider after its shape was cleared keeps one list entry', () => {
    const w = createPhysicsWorld();
    const b = addBody(w, { mass: 1, inertia: [1, 1, 1], collider: { shape: 'sphere', radius: 1 } });
    w.colliders.shape[b] = 0;
    setCollider(w, b, { shape: 'box', halfExtents: [1, 1, 1] });
    setCollider(w, b, { shape: 'sphere', radius: 0.5 });
    expect(getBodyColliders(w, b)).toEqual([b]);
  });
});
