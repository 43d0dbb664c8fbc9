/**
 * Friction anchors of the accurate step (systems/solve/lcp/friction-anchors.ts): which contact points
 * carry an anchor, checked on the contact store after each step.
 * - a box resting on the ground: every point anchored, and the anchors are where the box touches;
 * - a box sliding (2 m/s, μ 0.3): no point anchored while it slides (closed form: it stops after
 *   v² / (2 μ g) = 0.68 m, at t = v / (μ g) = 0.68 s), all anchored once it rests;
 * - a sphere rolling without slipping at 2 m/s: never anchored (its bodies turn 0.33 rad per step
 *   about a tangent axis);
 * - the fast solver never sets an anchor.
 */
import { describe, expect, it } from 'vitest';
import { addBody, createPhysicsWorld, getPosition, stepWorld, type PhysicsWorld } from '../../../../../plugin/index';
import { MAX_MANIFOLD_POINTS } from '../../../../../components/contact';
import '../../../../../plugin/accurate'; // registers the accurate solver 'lcp'

const H = 1 / 60;

/** Anchored and total points over the world's manifolds. */
function anchors(w: PhysicsWorld): { anchored: number; points: number } {
  const cs = w.contacts;
  let anchored = 0, points = 0;
  for (let m = 0; m < cs.count; m++) {
    for (let k = 0; k < cs.pointCount[m]; k++) {
      points++;
      anchored += cs.anchored[MAX_MANIFOLD_POINTS * m + k];
    }
  }
  return { anchored, points };
}

function ground(w: PhysicsWorld, friction = 0.5): void {
  addBody(w, { type: 'static', collider: { shape: 'plane', friction } });
}

describe('friction anchors (accurate mode)', () => {
  it('a resting box: its four points are anchored at its bottom corners', () => {
    const w = createPhysicsWorld({ solver: 'lcp', sleep: false });
    ground(w);
    const box = addBody(w, { position: [0.3, 0.25, -0.2], collider: { shape: 'box', halfExtents: [0.5, 0.25, 0.5] } });
    for (let i = 0; i < 30; i++) stepWorld(w, H);
    expect(anchors(w)).toEqual({ anchored: 4, points: 4 });
    // the box's anchor, in its body frame, is one of its bottom corners
    const cs = w.contacts, m = 0;
    for (let k = 0; k < 4; k++) {
      const o = 3 * (MAX_MANIFOLD_POINTS * m + k);
      const a = [cs.anchorA[o], cs.anchorA[o + 1], cs.anchorA[o + 2]], b = [cs.anchorB[o], cs.anchorB[o + 1], cs.anchorB[o + 2]];
      // one of the two is the box's corner (±0.5, −0.25, ±0.5) in its frame
      const corner = [a, b].find((p) => Math.abs(Math.abs(p[0]) - 0.5) < 1e-6 && Math.abs(p[1] + 0.25) < 1e-6 && Math.abs(Math.abs(p[2]) - 0.5) < 1e-6);
      expect(corner).toBeDefined();
    }
    const p = getPosition(w, box);
    expect(Math.hypot(p[0] - 0.3, p[2] + 0.2)).toBeLessThan(1e-9);
  });

  it('a sliding box has no anchor while it slides, and four once it rests', () => {
    const w = createPhysicsWorld({ solver: 'lcp', sleep: false, gravity: [0, -9.81, 0] });
    ground(w, 0.3);
    const box = addBody(w, {
      position: [0, 0.25, 0], linearVelocity: [2, 0, 0],
      collider: { shape: 'box', halfExtents: [0.5, 0.25, 0.5], friction: 0.3 },
    });
    let anchoredWhileSliding = 0;
    for (let i = 0; i < 36; i++) { // 0.6 s < 0.68 s: still sliding
      stepWorld(w, H);
      anchoredWhileSliding += anchors(w).anchored;
    }
    expect(anchoredWhileSliding).toBe(0);
    for (let i = 0; i < 30; i++) stepWorld(w, H);
    expect(anchors(w)).toEqual({ anchored: 4, points: 4 });
    expect(getPosition(w, box)[0]).toBeCloseTo((2 * 2) / (2 * 0.3 * 9.81), 1);
  });

  it('a rolling sphere is never anchored', () => {
    const w = createPhysicsWorld({ solver: 'lcp', sleep: false });
    ground(w);
    addBody(w, {
      position: [0, 0.1, 0], linearVelocity: [2, 0, 0], angularVelocity: [0, 0, -20], angularDamping: 0,
      collider: { shape: 'sphere', radius: 0.1 },
    });
    let anchored = 0, points = 0;
    for (let i = 0; i < 60; i++) {
      stepWorld(w, H);
      const a = anchors(w);
      anchored += a.anchored;
      points += a.points;
    }
    expect(points).toBeGreaterThan(50);
    expect(anchored).toBe(0);
  });

  it('the fast solver never anchors', () => {
    const w = createPhysicsWorld({ sleep: false });
    ground(w);
    addBody(w, { position: [0, 0.25, 0], collider: { shape: 'box', halfExtents: [0.5, 0.25, 0.5] } });
    for (let i = 0; i < 30; i++) stepWorld(w, H);
    expect(anchors(w)).toEqual({ anchored: 0, points: 4 });
  });
});
