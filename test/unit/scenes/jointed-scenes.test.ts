/**
 * The jointed scene builders (scenes/joint-grid.ts, scenes/ragdoll-pile.ts, scenes/jointed.ts): each
 * creates the documented bodies and joints, the same description for the same seed, joints whose two
 * anchors (and hinge axes) coincide at the start, parts that do not overlap, and a few steps of our
 * engine and of cannon-es (the benchmark's builder) without NaN and with the joints holding.
 */

import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, type PhysicsWorld } from '../../../plugin/world';
import { stepWorld } from '../../../plugin/step';
import { buildJointGrid, jointGridSpec, JOINT_GRID_DESCRIPTION } from '../../../scenes/joint-grid';
import {
  buildRagdollPile, RAGDOLL_BOUNDING_RADIUS, RAGDOLL_JOINTS, RAGDOLL_PARTS, RAGDOLL_PILE_DESCRIPTION, ragdollPileSpec,
} from '../../../scenes/ragdoll-pile';
import {
  localJoints, measureJoints, rotate, WORLD, type BuiltJointedScene, type JointedSceneSpec, type PoseReader,
} from '../../../scenes/jointed';
import { buildCannonJointedScene } from '../../../bench/cannon-scenes';

const DT = 1 / 60;

function ourPose(world: PhysicsWorld, scene: BuiltJointedScene): PoseReader {
  const P = world.bodies.position, Q = world.bodies.orientation;
  return (i, p, q) => {
    const e = scene.bodies[i];
    for (let k = 0; k < 3; k++) p[k] = P[3 * e + k];
    for (let k = 0; k < 4; k++) q[k] = Q[4 * e + k];
  };
}

function allFinite(world: PhysicsWorld, bodies: number[]): boolean {
  const P = world.bodies.position, Q = world.bodies.orientation;
  return bodies.every((e) => [0, 1, 2].every((k) => Number.isFinite(P[3 * e + k]))
    && [0, 1, 2, 3].every((k) => Number.isFinite(Q[4 * e + k])));
}

/** Runs `steps` steps of our engine; returns the worst anchor gap (m) and whether all stayed finite. */
function runOurs(world: PhysicsWorld, scene: BuiltJointedScene, steps: number): { gapMax: number; finite: boolean } {
  const local = localJoints(scene.spec);
  const pose = ourPose(world, scene);
  let gapMax = 0;
  for (let i = 0; i < steps; i++) {
    stepWorld(world, DT);
    gapMax = Math.max(gapMax, measureJoints(local, pose).gap);
  }
  return { gapMax, finite: allFinite(world, scene.bodies) && Number.isFinite(gapMax) };
}

/** Runs `steps` steps of cannon-es on the same description; returns the worst anchor gap (m) and
 * whether all stayed finite. */
function runCannon(spec: JointedSceneSpec, steps: number): { gapMax: number; finite: boolean; start: number; constraints: number } {
  const { world, bodies, constraints } = buildCannonJointedScene(spec);
  const local = localJoints(spec);
  const pose: PoseReader = (i, p, q) => {
    const b = bodies[i];
    p[0] = b.position.x; p[1] = b.position.y; p[2] = b.position.z;
    q[0] = b.quaternion.x; q[1] = b.quaternion.y; q[2] = b.quaternion.z; q[3] = b.quaternion.w;
  };
  const s = measureJoints(local, pose);
  const start = Math.max(s.gap, s.axisError, s.limitExcess);
  let gapMax = 0;
  for (let i = 0; i < steps; i++) {
    world.step(DT);
    gapMax = Math.max(gapMax, measureJoints(local, pose).gap);
  }
  const finite = bodies.every((b) => [b.position.x, b.position.y, b.position.z, b.quaternion.w].every(Number.isFinite));
  return { gapMax, finite: finite && Number.isFinite(gapMax), start, constraints: constraints.length };
}

describe('joint grid', () => {
  it('10 × 10 spheres, 180 neighbour joints + 10 pins; deterministic; joints closed at the start', () => {
    expect(JOINT_GRID_DESCRIPTION.length).toBeGreaterThan(0);
    const spec = jointGridSpec();
    expect(spec.dynamics).toHaveLength(100);
    expect(spec.statics).toHaveLength(0);
    expect(spec.joints).toHaveLength(190);
    expect(spec.joints.filter((j) => j.bodyB === WORLD)).toHaveLength(10);
    expect(jointGridSpec()).toEqual(spec);
    const world = createPhysicsWorld();
    const scene = buildJointGrid(world);
    expect(scene.bodies).toHaveLength(100);
    expect(scene.joints).toHaveLength(190);
    expect(world.joints.count).toBe(190);
    const m = measureJoints(localJoints(scene.spec), ourPose(world, scene));
    expect(m.gap).toBeLessThan(1e-12);
    expect(() => jointGridSpec({ radius: 0.3 })).toThrow(RangeError);
  });

  it('our engine: 30 steps without NaN, the anchors within 5 cm', () => {
    const world = createPhysicsWorld();
    const scene = buildJointGrid(world);
    const r = runOurs(world, scene, 30);
    expect(r.finite).toBe(true);
    expect(r.gapMax).toBeLessThan(0.05);
  });

  it('cannon-es (the benchmark builder): same joints, closed at the start, 30 steps without NaN', () => {
    const r = runCannon(jointGridSpec(), 30);
    expect(r.constraints).toBe(190);
    expect(r.start).toBeLessThan(1e-12);
    expect(r.finite).toBe(true);
  });
});

describe('ragdoll pile', () => {
  it('16 ragdolls of 10 parts and 9 joints; same seed → same scene, another seed → another', () => {
    expect(RAGDOLL_PILE_DESCRIPTION.length).toBeGreaterThan(0);
    const spec = ragdollPileSpec();
    expect(spec.dynamics).toHaveLength(160);
    expect(spec.joints).toHaveLength(144);
    expect(spec.joints.filter((j) => j.kind === 'hinge')).toHaveLength(64);
    expect(spec.joints.every((j) => j.bodyB !== WORLD)).toBe(true);
    expect(spec.statics).toHaveLength(1);
    expect(ragdollPileSpec()).toEqual(spec);
    expect(ragdollPileSpec({ seed: 2 })).not.toEqual(spec);
    expect(ragdollPileSpec({ count: 5 }).dynamics).toHaveLength(50);
  });

  it('the parts of a ragdoll do not overlap, every joint lies in the gap between its two parts, and all fits in the bounding radius', () => {
    // In the ragdoll frame every part is axis-aligned: compare boxes (the head by its bounding box).
    const half = (p: (typeof RAGDOLL_PARTS)[number]): number[] =>
      p.shape.shape === 'box' ? [...p.shape.halfExtents] : [p.shape.radius, p.shape.radius, p.shape.radius];
    for (let a = 0; a < RAGDOLL_PARTS.length; a++) {
      const ha = half(RAGDOLL_PARTS[a]), ca = RAGDOLL_PARTS[a].centre;
      for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
        const corner = [ca[0] + sx * ha[0], ca[1] + sy * ha[1], ca[2] + sz * ha[2]];
        expect(Math.hypot(corner[0], corner[1], corner[2])).toBeLessThanOrEqual(RAGDOLL_BOUNDING_RADIUS);
      }
      for (let b = a + 1; b < RAGDOLL_PARTS.length; b++) {
        const hb = half(RAGDOLL_PARTS[b]), cb = RAGDOLL_PARTS[b].centre;
        const separated = [0, 1, 2].some((k) => Math.abs(ca[k] - cb[k]) >= ha[k] + hb[k] + 0.01);
        expect(separated, `${RAGDOLL_PARTS[a].name} / ${RAGDOLL_PARTS[b].name}`).toBe(true);
      }
    }
    for (const j of RAGDOLL_JOINTS) {
      for (const name of [j.a, j.b]) {
        const p = RAGDOLL_PARTS.find((x) => x.name === name);
        if (p === undefined) throw new Error(name);
        const h = half(p);
        // The anchor is outside the part but within 3 cm of its surface (the gaps are 2 cm, the neck's 5 cm).
        const d = Math.hypot(...[0, 1, 2].map((k) => Math.max(0, Math.abs(j.anchor[k] - p.centre[k]) - h[k])));
        expect(d, `${name}`).toBeGreaterThan(0);
        expect(d, `${name}`).toBeLessThanOrEqual(0.03 + 1e-12);
      }
    }
    // Ragdolls placed by a rigid rotation: the torso's up axis carries the head.
    const spec = ragdollPileSpec({ count: 1 });
    const [torso, head] = spec.dynamics;
    const up = rotate(torso.orientation, [0, 0.47, 0]);
    for (let k = 0; k < 3; k++) expect(head.position[k]).toBeCloseTo(torso.position[k] + up[k], 12);
  });

  it('ragdolls start apart: torso centres at least two bounding radii apart, all above the ground', () => {
    const spec = ragdollPileSpec();
    const torsos = spec.dynamics.filter((_, i) => i % RAGDOLL_PARTS.length === 0).map((b) => b.position);
    for (let a = 0; a < torsos.length; a++) {
      expect(torsos[a][1]).toBeGreaterThan(RAGDOLL_BOUNDING_RADIUS);
      for (let b = a + 1; b < torsos.length; b++) {
        const d = Math.hypot(torsos[a][0] - torsos[b][0], torsos[a][1] - torsos[b][1], torsos[a][2] - torsos[b][2]);
        expect(d).toBeGreaterThanOrEqual(2 * RAGDOLL_BOUNDING_RADIUS);
      }
    }
  });

  it('our engine: joints closed at the start; 60 steps without NaN, the same in two worlds, anchors within 10 cm', () => {
    const runs = [0, 1].map(() => {
      const world = createPhysicsWorld();
      const scene = buildRagdollPile(world, { count: 8 });
      expect(scene.count).toBe(8);
      expect(scene.ragdolls.every((r) => r.length === 10)).toBe(true);
      expect(world.joints.count).toBe(72);
      const m = measureJoints(localJoints(scene.spec), ourPose(world, scene));
      expect(Math.max(m.gap, m.axisError, m.limitExcess)).toBeLessThan(1e-12);
      const r = runOurs(world, scene, 60);
      expect(r.finite).toBe(true);
      expect(r.gapMax).toBeLessThan(0.1);
      return Array.from(scene.bodies.flatMap((e) => Array.from(world.bodies.position.subarray(3 * e, 3 * e + 3))));
    });
    expect(runs[1]).toEqual(runs[0]);
  });

  it('cannon-es (the benchmark builder): same joints, closed at the start, 60 steps without NaN', () => {
    const r = runCannon(ragdollPileSpec({ count: 8 }), 60);
    expect(r.constraints).toBe(72);
    expect(r.start).toBeLessThan(1e-12);
    expect(r.finite).toBe(true);
  });
});
