import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, handleIndex, hasBody, removeBody, setMotionType, setPosition, type PhysicsWorld } from '../../../../plugin/index';
import { updateBroadphase } from '../../../../systems/broadphase/broadphase';
import { MotionType } from '../../../../components/rigid-body';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomQuat(r: () => number): [number, number, number, number] {
  const q: [number, number, number, number] = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
  const l = Math.hypot(...q);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

function buildRandom(seed: number, n: number): { w: PhysicsWorld; ids: number[] } {
  const r = rng(seed);
  const w = createPhysicsWorld();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const kind = r();
    const type = r() < 0.2 ? 'static' : 'dynamic';
    const group = r() < 0.2 ? 2 : 1;
    const mask = r() < 0.2 ? 1 : 0xffffffff;
    const position: [number, number, number] = [r() * 12, r() * 12, r() * 12];
    const common = { group, mask };
    const collider = kind < 0.4
      ? { shape: 'box' as const, halfExtents: [0.2 + r(), 0.2 + r(), 0.2 + r()], ...common }
      : kind < 0.8
        ? { shape: 'sphere' as const, radius: 0.2 + r(), ...common }
        : { shape: 'capsule' as const, radius: 0.2 + 0.5 * r(), halfHeight: r(), ...common };
    ids.push(addBody(w, { type, position, orientation: randomQuat(r), collider }));
  }
  return { w, ids };
}

/** Brute force: every pair whose AABBs overlap, filtered like the broadphase, as sorted "a-b" keys (store indices). */
function bruteForce(w: PhysicsWorld, ids: number[]): string[] {
  const a = w.colliders.aabb, c = w.colliders, m = w.bodies.motionType;
  const out: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const x = handleIndex(ids[i]), y = handleIndex(ids[j]); // handles → store indices
      let overlap = true;
      for (let k = 0; k < 3; k++) {
        if (a[6 * x + k] > a[6 * y + 3 + k] || a[6 * y + k] > a[6 * x + 3 + k]) overlap = false;
      }
      if (!overlap) continue;
      if (m[x] !== MotionType.dynamic && m[y] !== MotionType.dynamic) continue;
      if ((c.group[x] & c.mask[y]) === 0 || (c.group[y] & c.mask[x]) === 0) continue;
      out.push(`${Math.min(x, y)}-${Math.max(x, y)}`);
    }
  }
  return out.sort();
}

function reported(w: PhysicsWorld): string[] {
  const bp = w.broadphase, out: string[] = [];
  for (let i = 0; i < bp.pairCount; i++) out.push(`${bp.pairA[i]}-${bp.pairB[i]}`);
  return out.sort();
}

function run(w: PhysicsWorld): void {
  updateBroadphase(w.broadphase, w.bodies, w.colliders, w.contactMargin, 1 / 60);
}

describe('broadphase: sweep-and-prune and the static tree equal brute-force all-pairs', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`random scene ${seed} (300 shapes), then moved, added and removed shapes`, () => {
      const { w, ids } = buildRandom(seed, 300);
      run(w);
      const first = reported(w);
      expect(first.length).toBeGreaterThan(50);
      expect(first).toEqual(bruteForce(w, ids));
      expect(new Set(first).size).toBe(first.length); // no duplicates

      // move half of them (the insertion sort must re-sort), remove some, add some
      const r = rng(seed + 100);
      for (let i = 0; i < ids.length; i += 2) setPosition(w, ids[i], [r() * 12, r() * 12, r() * 12]);
      for (let i = 0; i < 30; i++) removeBody(w, ids[3 * i + 1]);
      const alive = ids.filter((_, i) => !(i % 3 === 1 && i < 90));
      for (let i = 0; i < 20; i++) {
        alive.push(addBody(w, { position: [r() * 12, r() * 12, r() * 12], collider: { shape: 'sphere', radius: 0.7 } }));
      }
      run(w);
      expect(reported(w)).toEqual(bruteForce(w, alive));
    });
  }

  it('churn: 20 rounds of moves, removals, additions and motion-type changes match brute force each round', () => {
    const { w, ids } = buildRandom(77, 200);
    const r = rng(177);
    let alive = [...ids];
    for (let round = 0; round < 20; round++) {
      for (const id of alive) {
        const x = r();
        if (x < 0.3) setPosition(w, id, [r() * 12, r() * 12, r() * 12]);
        else if (x < 0.6) {
          const p = w.bodies.position, i = handleIndex(id); // handle → store index
          setPosition(w, id, [p[3 * i] + 0.05 * (r() - 0.5), p[3 * i + 1] + 0.05 * (r() - 0.5), p[3 * i + 2]]);
        }
      }
      const removeCount = Math.floor(r() * 10);
      for (let i = 0; i < removeCount && alive.length > 0; i++) {
        const k = Math.floor(r() * alive.length);
        removeBody(w, alive[k]);
        alive.splice(k, 1);
      }
      const addCount = Math.floor(r() * 10);
      for (let i = 0; i < addCount; i++) {
        alive.push(addBody(w, {
          type: r() < 0.2 ? 'static' : r() < 0.1 ? 'kinematic' : 'dynamic',
          position: [r() * 12, r() * 12, r() * 12], collider: { shape: 'sphere', radius: 0.3 + r() },
        }));
      }
      if (r() < 0.5 && alive.length > 0) {
        const id = alive[Math.floor(r() * alive.length)];
        if (r() < 0.5) setMotionType(w, id, 'static'); else setMotionType(w, id, 'dynamic', { mass: 1, inertia: [1, 1, 1] });
      }
      run(w);
      const got = reported(w);
      expect(new Set(got).size).toBe(got.length);
      expect(got).toEqual(bruteForce(w, alive));
      alive = alive.filter((id) => hasBody(w, id));
    }
    // the static tree holds exactly the live static colliders
    expect(w.broadphase.staticTree.leafCount).toBe(alive.filter((id) => w.bodies.motionType[handleIndex(id)] === MotionType.static).length);
  });

  it('spread along y switches the sweep axis and still matches', () => {
    const w = createPhysicsWorld();
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push(addBody(w, { position: [0, i * 0.9, 0], collider: { shape: 'sphere', radius: 0.5 } }));
    run(w);
    run(w);
    expect(w.broadphase.axis).toBe(1);
    expect(reported(w)).toEqual(bruteForce(w, ids));
    expect(reported(w).length).toBe(99);
  });

  it('an infinite plane pairs with every dynamic body but no static one', () => {
    const w = createPhysicsWorld();
    const ground = addBody(w, { type: 'static', collider: { shape: 'plane' } });
    const wall = addBody(w, { type: 'static', position: [5, 0, 0], collider: { shape: 'box', halfExtents: [1, 1, 1] } });
    const ball = addBody(w, { position: [0, 50, 0], collider: { shape: 'sphere', radius: 0.5 } });
    run(w);
    expect(reported(w)).toEqual(bruteForce(w, [ground, wall, ball]));
    expect(reported(w)).toEqual([`${Math.min(ground, ball)}-${Math.max(ground, ball)}`]);
  });
});

/** The candidate pairs in the order the broadphase reported them (store indices). */
function inOrder(w: PhysicsWorld): string[] {
  const bp = w.broadphase, out: string[] = [];
  for (let i = 0; i < bp.pairCount; i++) out.push(`${bp.pairA[i]}-${bp.pairB[i]}`);
  return out;
}

describe('broadphase: the strip sweep (many colliders) equals the one-list sweep, pair for pair and in order', () => {
  /** Shapes over a wide, shallow region (the strips cut the second sweep axis), some of them large. */
  function buildWide(seed: number, n: number): { w: PhysicsWorld; ids: number[] } {
    const r = rng(seed);
    const w = createPhysicsWorld();
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const type = r() < 0.05 ? 'static' : r() < 0.05 ? 'kinematic' : 'dynamic';
      const position: [number, number, number] = [r() * 30, r() * 6, r() * 30];
      const big = r() < 0.01; // a few colliders that span many strips
      const collider = r() < 0.5
        ? { shape: 'box' as const, halfExtents: big ? [8, 0.5, 12] : [0.2 + 0.5 * r(), 0.2 + 0.5 * r(), 0.2 + 0.5 * r()] }
        : { shape: 'sphere' as const, radius: big ? 9 : 0.2 + 0.5 * r() };
      ids.push(addBody(w, { type, position, orientation: randomQuat(r), collider: { ...collider, group: r() < 0.1 ? 2 : 1, mask: r() < 0.1 ? 1 : 0xffffffff } }));
    }
    return { w, ids };
  }

  for (const seed of [11, 12, 13]) {
    it(`random wide scene ${seed} (1500 shapes): same pairs in the same order as one list, and as brute force`, () => {
      const { w, ids } = buildWide(seed, 1500);
      const r = rng(seed + 7);
      for (let round = 0; round < 4; round++) {
        w.broadphase.stripMinColliders = Infinity;
        run(w);
        const oneList = inOrder(w);
        w.broadphase.stripMinColliders = 256;
        run(w);
        const strips = inOrder(w);
        expect(oneList.length).toBeGreaterThan(500);
        expect(strips).toEqual(oneList);
        if (round === 0) expect([...strips].sort()).toEqual(bruteForce(w, ids));
        // move some, put some to sleep-like static and back, so the next round sorts again
        for (let i = 0; i < ids.length; i += 3) setPosition(w, ids[i], [r() * 30, r() * 6, r() * 30]);
      }
    });
  }

  it('falls back to the one-list sweep when a bound is not finite', () => {
    const { w, ids } = buildWide(21, 400);
    const e = handleIndex(ids[5]);
    expect(w.bodies.motionType[e]).toBe(MotionType.dynamic);
    w.bodies.position[3 * e] = Infinity; // as a body that blew up would have it (the AABB's width is NaN)
    w.broadphase.stripMinColliders = Infinity;
    run(w);
    const oneList = inOrder(w);
    w.broadphase.stripMinColliders = 256;
    run(w);
    expect(inOrder(w)).toEqual(oneList);
  });
});
