/**
 * The sample game's jointed toys (scenes/game-joints.ts), headless, at dt 1/60 s:
 * - nothing overlaps at the start, with each other or with the level;
 * - fast mode (pgs): with the whole level, the pushed wrecking ball swings out and back into the red
 *   tower and moves its blocks; every position stays finite; every chain joint's anchor gap stays below
 *   1 cm. On the ground alone, the drawbridge lowers flat, rises again, and a ball thrown at it knocks it back before its
 *   servo stands it up again;
 * - accurate mode (lcp): the full level costs about 0.1 s per step and a hit on the red tower tens of
 *   seconds per step (README), so the target is one post standing where the tower's left face is; the
 *   ball knocks it over with every chain gap below 1 mm;
 * - a solver switch in mid-swing (pgs → lcp → pgs) keeps the chain together (gaps below 1 cm in pgs,
 *   1 mm in lcp) and the drawbridge following its target (lowering through the accurate phase, rising
 *   after the switch back).
 */

import { describe, expect, it } from 'vitest';
import { addBody, getJointCoordinate } from '../../../plugin/index';
import { createPhysicsWorld, type PhysicsWorld } from '../../../plugin/world';
import { stepWorld } from '../../../plugin/step';
import { addSceneBodies, staticBox, type SceneBodySpec } from '../../../scenes/container';
import { buildGameLevel, gameLevelSpec } from '../../../scenes/game-level';
import {
  buildGameJoints, DRAWBRIDGE_LIMITS, DRAWBRIDGE_LOWERED, drawbridgeAngle, driveDrawbridge, gameJointsSpec,
  resetGameJoints, setDrawbridgeRaised, swingWreckingBall, WRECKING_BALL_RADIUS, WRECKING_LINKS, type GameJoints,
} from '../../../scenes/game-joints';
import '../../../plugin/accurate'; // registers the accurate solver 'lcp'

const DT = 1 / 60;
/** The red tower's face towards +x (unit: m, x) and its centre z (unit: m), from `game-level.ts`. */
const TOWER_FACE_X = -4.25;
const TOWER_Z = -2;

/** Largest anchor gap of the chain's joints now (unit: m), from the joints' linear coordinates. */
function chainGap(w: PhysicsWorld, toys: GameJoints): number {
  let worst = 0;
  for (const j of toys.chainJoints) {
    worst = Math.max(worst, Math.hypot(
      getJointCoordinate(w, j, 'linearX'), getJointCoordinate(w, j, 'linearY'), getJointCoordinate(w, j, 'linearZ'),
    ));
  }
  return worst;
}

/** True when every body's position and velocity is finite. */
function allFinite(w: PhysicsWorld): boolean {
  const { position, linearVelocity, angularVelocity } = w.bodies;
  for (const a of [position, linearVelocity, angularVelocity]) for (const x of a) if (!Number.isFinite(x)) return false;
  return true;
}

/** Steps `seconds` at DT with the drawbridge servo before every step, as the game does; calls `each` after each step. */
function run(w: PhysicsWorld, toys: GameJoints, seconds: number, each?: () => void): void {
  const n = Math.round(seconds / DT);
  for (let i = 0; i < n; i++) {
    driveDrawbridge(w, toys);
    stepWorld(w, DT);
    each?.();
  }
}

/** Axis-aligned box [min x, min y, min z, max x, max y, max z] of a start pose (every start pose is unrotated). */
function aabb(position: readonly number[], half: readonly number[]): number[] {
  return [0, 1, 2, 3, 4, 5].map((k) => (k < 3 ? position[k] - half[k] : position[k - 3] + half[k - 3]));
}
function halfOf(s: SceneBodySpec): number[] {
  return s.collider.shape === 'box' ? s.collider.halfExtents : [s.collider.radius, s.collider.radius, s.collider.radius];
}
/** Overlap depth of two boxes (unit: m; ≤ 0 when apart or touching). */
function overlap(a: number[], b: number[]): number {
  return Math.min(a[3] - b[0], b[3] - a[0], a[4] - b[1], b[4] - a[1], a[5] - b[2], b[5] - a[2]);
}

describe('game joints: the description', () => {
  it('nothing overlaps at the start: toys with each other, with the blocks and with the ground', () => {
    const level = gameLevelSpec();
    const toys = gameJointsSpec();
    const links = toys.links.map((l) => aabb(l.position, [l.radius, l.halfHeight + l.radius, l.radius]));
    const others = [...toys.gallows, toys.ball, toys.drawbridge].map((s) => aabb(s.position, halfOf(s)));
    const toyBoxes = [...links, ...others];
    const levelBoxes = [level.ground, ...level.blocks].map((s) => aabb(s.position, halfOf(s)));
    for (let i = 0; i < toyBoxes.length; i++) {
      for (let j = i + 1; j < toyBoxes.length; j++) expect(overlap(toyBoxes[i], toyBoxes[j]), `toys ${i}, ${j}`).toBeLessThanOrEqual(1e-12);
      levelBoxes.forEach((b, j) => expect(overlap(toyBoxes[i], b), `toy ${i}, level body ${j}`).toBeLessThanOrEqual(1e-12));
    }
    // The ball hangs beside the red tower, 0.25 m from its face, at half its height.
    expect(toys.ball.position[0] - WRECKING_BALL_RADIUS).toBeCloseTo(TOWER_FACE_X + 0.25, 12);
    expect(toys.ball.position[1]).toBeCloseTo(1.5, 12);
    expect(toys.links).toHaveLength(WRECKING_LINKS);
  });
});

describe('game joints in the fast mode (pgs)', () => {
  it('the pushed wrecking ball swings back into the red tower (blocks move), chain gaps < 1 cm, nothing NaN (5 s)', () => {
    const w = createPhysicsWorld({ solver: 'pgs' });
    const level = buildGameLevel(w);
    const toys = buildGameJoints(w);
    const red = level.structures[0].blocks;
    const p = w.bodies.position;
    const movedBlocks = (d: number): number => red.filter((b) => {
      const e = level.blocks[b], s = level.startPositions[b];
      return Math.hypot(p[3 * e] - s[0], p[3 * e + 1] - s[1], p[3 * e + 2] - s[2]) > d;
    }).length;

    run(w, toys, 0.5); // the level settles a little; the ball hangs still
    expect(movedBlocks(0.01)).toBe(0);
    swingWreckingBall(w, toys);
    let gap = 0, reach = Infinity, outmost = -Infinity, finite = true;
    run(w, toys, 4.5, () => {
      gap = Math.max(gap, chainGap(w, toys));
      reach = Math.min(reach, p[3 * toys.ball] - WRECKING_BALL_RADIUS);
      outmost = Math.max(outmost, p[3 * toys.ball]);
      finite &&= allFinite(w);
    });
    expect(finite).toBe(true);
    expect(gap).toBeLessThan(0.01); // measured 6e-4 m
    expect(outmost).toBeGreaterThan(0.2); // it swung out ~46° (4 m) towards the middle
    expect(reach).toBeLessThan(TOWER_FACE_X); // and back into the tower
    expect(movedBlocks(0.1)).toBeGreaterThanOrEqual(1);
  });

  it('the drawbridge lowers flat and rises again; a ball knocks the raised bridge back, its servo stands it up', () => {
    const w = createPhysicsWorld({ solver: 'pgs' });
    addSceneBodies(w, [gameLevelSpec().ground]);
    const toys = buildGameJoints(w);
    run(w, toys, 0.5);
    expect(Math.abs(drawbridgeAngle(w, toys))).toBeLessThan(0.01);
    // The allocation-free angle is the hinge's joint coordinate.
    expect(drawbridgeAngle(w, toys)).toBeCloseTo(getJointCoordinate(w, toys.hinge), 9);

    setDrawbridgeRaised(toys, false);
    run(w, toys, 3); // π/2 at ≤ 0.8 rad/s: about 2 s, then the last few degrees at the servo's gain
    expect(drawbridgeAngle(w, toys)).toBeGreaterThan(DRAWBRIDGE_LOWERED - 0.02);
    expect(drawbridgeAngle(w, toys)).toBeLessThan(DRAWBRIDGE_LIMITS.upper + 0.02);
    setDrawbridgeRaised(toys, true);
    run(w, toys, 3);
    expect(Math.abs(drawbridgeAngle(w, toys))).toBeLessThan(0.02);

    // A 100 kg ball (the game's) at 20 m/s, level, at the raised bridge's upper half from the front.
    const [hx, hy, hz] = toys.spec.hingePoint;
    addBody(w, {
      position: [hx, hy + 1.8, hz + 2], linearVelocity: [0, 0, -20], mass: 100,
      collider: { shape: 'sphere', radius: 0.3, friction: 0.5, restitution: 0.15 },
    });
    let least = 0;
    run(w, toys, 0.5, () => { least = Math.min(least, drawbridgeAngle(w, toys)); });
    expect(least).toBeLessThan(-0.05); // knocked back towards the tower…
    expect(least).toBeGreaterThan(DRAWBRIDGE_LIMITS.lower - 0.02); // …no further than its limit
    run(w, toys, 2.5);
    expect(Math.abs(drawbridgeAngle(w, toys))).toBeLessThan(0.02); // …and up again
    expect(allFinite(w)).toBe(true);
  });
});

describe('game joints in the accurate mode (lcp)', () => {
  it('the wrecking ball knocks over a post standing at the red tower\'s face, chain gaps < 1 mm (4 s)', () => {
    const w = createPhysicsWorld({ solver: 'lcp' });
    addSceneBodies(w, [gameLevelSpec().ground]);
    const toys = buildGameJoints(w);
    // A 0.4 × 2.4 × 1.5 m wooden post (300 kg/m³), its +x face where the tower's is.
    const post = addSceneBodies(w, [{ ...staticBox([TOWER_FACE_X - 0.2, 1.2, TOWER_Z], [0.2, 1.2, 0.75]), type: 'dynamic', mass: 432 }])[0];
    const p = w.bodies.position;
    swingWreckingBall(w, toys);
    let gap = 0, finite = true;
    run(w, toys, 4, () => { gap = Math.max(gap, chainGap(w, toys)); finite &&= allFinite(w); });
    expect(finite).toBe(true);
    expect(gap).toBeLessThan(1e-3);
    expect(p[3 * post]).toBeLessThan(TOWER_FACE_X - 0.2 - 0.3); // pushed or tipped towards −x
  });

  it('a solver switch in mid-swing (pgs → lcp → pgs) keeps the chain together and the drawbridge moving', () => {
    const w = createPhysicsWorld({ solver: 'pgs' });
    addSceneBodies(w, [gameLevelSpec().ground]);
    const toys = buildGameJoints(w);
    swingWreckingBall(w, toys);
    setDrawbridgeRaised(toys, false);
    const gaps: number[] = [];
    let finite = true;
    const phase = (seconds: number, skip = 0): void => {
      let worst = 0, i = 0;
      run(w, toys, seconds, () => {
        if (i++ >= skip) worst = Math.max(worst, chainGap(w, toys));
        finite &&= allFinite(w);
      });
      gaps.push(worst);
    };
    phase(1);
    const angle0 = drawbridgeAngle(w, toys);
    w.setSolver('lcp');
    phase(1, 1); // the first accurate step projects the fast mode's gap (≤ 1 cm) away
    const angle1 = drawbridgeAngle(w, toys);
    w.setSolver('pgs');
    setDrawbridgeRaised(toys, true);
    phase(1);
    expect(finite).toBe(true);
    expect(gaps[0]).toBeLessThan(0.01);
    expect(gaps[1]).toBeLessThan(1e-3);
    expect(gaps[2]).toBeLessThan(0.01);
    expect(angle1).toBeGreaterThan(angle0 + 0.5); // lowered at ≈ 0.8 rad/s through the accurate phase
    expect(drawbridgeAngle(w, toys)).toBeLessThan(angle1 - 0.5); // and raised again after the switch back

    resetGameJoints(w, toys);
    expect(chainGap(w, toys)).toBeLessThan(1e-12);
    expect(drawbridgeAngle(w, toys)).toBe(0);
  });
});
