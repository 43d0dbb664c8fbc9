/**
 * The sample game's props in an engine world (the same description the game builds through Babylon):
 * dropped on the ground and the hill, they come to rest where they stand: barrels upright on their
 * caps, rocks on the hill, the table (a compound of five boxes) level on its legs at the height its
 * centre of mass gives; nothing sinks into the hill. Both solver modes, and a rock on the hill's
 * curved slope.
 */
import { describe, expect, it } from 'vitest';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, convexHull, createPhysicsWorld, createTriangleMesh, getLinearVelocity, getOrientation, getPosition, stepWorld, type PhysicsWorld,
} from '../../../plugin/index';
import { buildGameProps, gamePropsSpec, HILL, hillHeight, type GameProps } from '../../../scenes/game-props';

describe('the sample game\'s props', () => {
  it('the hill mesh follows h(x, z) = H (1 − r²)² and meets the ground at its rim', () => {
    const { hill } = gamePropsSpec();
    for (let i = 0; i < hill.vertices.length; i += 3) {
      const [x, y, z] = hill.vertices.slice(i, i + 3);
      expect(y).toBe(hillHeight(x, z));
      const r = Math.hypot(x - HILL.x, z - HILL.z);
      if (r >= HILL.radius) expect(y).toBe(0);
    }
    expect(hillHeight(HILL.x, HILL.z)).toBe(HILL.height);
  });

  /** The props after 4 s on the ground and the hill. */
  function settle(solver: 'pgs' | 'lcp'): { w: PhysicsWorld; props: GameProps } {
    const w = createPhysicsWorld({ solver });
    addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [40, 0.5, 40], friction: 0.5 } });
    const props = buildGameProps(w);
    for (let i = 0; i < 240; i++) stepWorld(w, 1 / 60);
    return { w, props };
  }

  function expectAtRest(w: PhysicsWorld, bodies: number[], what: string): void {
    for (const b of bodies) {
      const v = getLinearVelocity(w, b);
      expect(Math.hypot(v[0], v[1], v[2]), `${what} ${b} at rest`).toBeLessThan(0.05);
    }
  }

  function expectBarrelsUpright(w: PhysicsWorld, props: GameProps): void {
    props.barrels.forEach((b, i) => {
      const p = getPosition(w, b), q = getOrientation(w, b), s = props.spec.barrels[i];
      // upright: the axis within 20° of vertical (a barrel on a slope leans with it), near where it was put
      const up = 1 - 2 * (q[0] * q[0] + q[2] * q[2]);
      expect(up, `barrel ${i} upright`).toBeGreaterThan(Math.cos(0.35));
      expect(Math.hypot(p[0] - s.position[0], p[2] - s.position[2]), `barrel ${i} stayed`).toBeLessThan(0.1);
      // its centre a half height (and at most the cap's lean, r sin θ) above the surface below it
      const h = p[1] - hillHeight(p[0], p[2]);
      expect(h, `barrel ${i} height ${h}`).toBeGreaterThan(s.halfHeight - 0.01);
      expect(h).toBeLessThan(s.halfHeight + s.radius * 0.35);
    });
  }

  function expectRocksOnTheHill(w: PhysicsWorld, props: GameProps): void {
    props.rocks.forEach((b, i) => {
      const p = getPosition(w, b), s = props.spec.rocks[i];
      expect(Math.hypot(p[0] - s.position[0], p[2] - s.position[2]), `rock ${i} stayed`).toBeLessThan(0.3);
      expect(p[1] - hillHeight(p[0], p[2]), `rock ${i} above the hill`).toBeGreaterThan(0.05);
    });
  }

  function expectTableLevel(w: PhysicsWorld, props: GameProps): void {
    const t = getPosition(w, props.table), q = getOrientation(w, props.table), spec = props.spec.table;
    expect(1 - 2 * (q[0] * q[0] + q[2] * q[2]), 'table level').toBeGreaterThan(Math.cos(0.01));
    // the body's position is the compound's centre of mass (the parallel-axis sum of its boxes): with
    // the legs' feet on the ground, it is at −(lowest foot) + ȳ in the table's frame
    let m = 0, my = 0, foot = Infinity;
    for (const part of spec.parts) {
      const [hx, hy, hz] = part.halfExtents, v = 8 * hx * hy * hz;
      m += v; my += v * part.offset[1];
      foot = Math.min(foot, part.offset[1] - hy);
    }
    expect(Math.abs(t[1] - (my / m - foot)), `table height ${t[1]}`).toBeLessThan(2e-3);
    expect(Math.hypot(t[0] - spec.position[0], t[2] - spec.position[2])).toBeLessThan(0.01);
  }

  it('come to rest: barrels upright, rocks on the hill, the table level at its height (pgs)', () => {
    const { w, props } = settle('pgs');
    expectAtRest(w, [...props.barrels, ...props.rocks, props.table], 'body');
    expectBarrelsUpright(w, props);
    expectRocksOnTheHill(w, props);
    expectTableLevel(w, props);
  });

  it('come to rest likewise (lcp)', () => {
    const { w, props } = settle('lcp');
    expectAtRest(w, [...props.barrels, ...props.rocks, props.table], 'body');
    expectBarrelsUpright(w, props);
    expectRocksOnTheHill(w, props);
    expectTableLevel(w, props);
  });

  /** Speed (m/s) after 4 s of a rock (the hull of the props' second rock) dropped on the hill's slope
   * at (2.6, −13.2), 17° steep there, with sleeping off. */
  function rockOnSlope(solver: 'pgs' | 'lcp'): number {
    const w = createPhysicsWorld({ solver, sleep: false });
    const spec = gamePropsSpec();
    addBody(w, { type: 'static', collider: { shape: 'mesh', mesh: createTriangleMesh(spec.hill), friction: 0.5 } });
    const b = addBody(w, { position: [2.6, hillHeight(2.6, -13.2) + 0.45, -13.2], density: 2500, collider: { shape: convexHull(spec.rocks[1].points), friction: 0.5 } });
    for (let i = 0; i < 240; i++) stepWorld(w, 1 / 60);
    const v = getLinearVelocity(w, b);
    return Math.hypot(v[0], v[1], v[2]);
  }

  it('a rock on the hill\'s curved slope comes to rest (pgs)', () => {
    expect(rockOnSlope('pgs')).toBeLessThan(0.01);
  });

  // On the hill's curved slope the rock rests on points of several triangles of different slopes;
  // before the mesh manifold weighted its choice of points by depth and welded the crossings two
  // triangles make on their shared edge, it kept a speculative point 8 mm off the slope instead of one
  // it rested on, and rocked (0.04 m/s after 4 s in the accurate mode, 0.009 in the fast one).
  it('a rock on the hill\'s curved slope comes to rest (lcp)', () => {
    expect(rockOnSlope('lcp')).toBeLessThan(0.01);
  });

  // Each of the props' rocks at places around the hill's slope (between 35 % and 51 % of its radius
  // from the top, 14–19° steep): before the mesh manifold kept each point's own triangle normal and
  // preferred resting points, 7 of these 16 placements were still moving faster than 1 cm/s after 4 s
  // in the fast mode and 11 in the accurate one (up to 0.09 m/s); with the preference alone, two in
  // the accurate mode (0.010 and 0.024 m/s, the deepest point and the normal alternating between two
  // triangles).
  // Known miss, accurate mode (it.fails): one placement (rock 1 at k = 5) rocks on four points of the
  // slope in a limit cycle of period 0.5 s at about 0.02 m/s (0.0196 m/s at 4 s) until 8 s. The friction
  // anchors' position terms feed it: with the anchors off the same rock is at rest (0.0000 m/s) by 3 s.
  // It appeared with the gyroscopic term (`lcp.gyroscopic`), which changes the rock's path; without the
  // term the same mechanism jolts rock 0 at k = 3 back to 0.06 m/s at 5 s, after this test's 4 s.
  // The speed is the largest over the last second (3–4 s), not the one at 4 s: with the advanced bodies'
  // inertia turned to their touch pose (`systems/solve/lcp/time-of-impact.ts`) the same rock still rocks
  // (up to 0.033 m/s in that second, 0.032 at 10 s) but passed through 0.0002 m/s at 4 s; the fast mode's
  // largest is 0.0021 m/s.
  for (const solver of ['pgs', 'lcp'] as const) {
    (solver === 'lcp' ? it.fails : it)(`every rock at places around the slope comes to rest (${solver})${solver === 'lcp' ? ' (known miss: anchor-fed rocking, up to 0.033 m/s)' : ''}`, () => {
      const spec = gamePropsSpec(), mesh = createTriangleMesh(spec.hill);
      const speeds: string[] = [];
      let worst = 0;
      for (let r = 0; r < spec.rocks.length; r++) {
        const hull = convexHull(spec.rocks[r].points);
        for (const k of [0, 3, 5, 6]) {
          const ang = (k / 8) * 2 * Math.PI, rad = HILL.radius * (0.35 + 0.08 * (k % 3));
          const x = HILL.x + rad * Math.cos(ang), z = HILL.z + rad * Math.sin(ang);
          const w = createPhysicsWorld({ solver, sleep: false });
          addBody(w, { type: 'static', collider: { shape: 'mesh', mesh, friction: 0.5 } });
          const b = addBody(w, { position: [x, hillHeight(x, z) + 0.5, z], density: 2500, collider: { shape: hull, friction: 0.5 } });
          let s = 0;
          for (let i = 0; i < 240; i++) {
            stepWorld(w, 1 / 60);
            const v = getLinearVelocity(w, b);
            if (i >= 180) s = Math.max(s, Math.hypot(v[0], v[1], v[2]));
          }
          speeds.push(s.toFixed(4));
          worst = Math.max(worst, s);
        }
      }
      expect(worst, speeds.join(' ')).toBeLessThan(0.01);
    });
  }
});
