/**
 * The ragdoll-pile scene: ragdolls of ten parts each (nine boxes and a sphere head), in T-pose,
 * dropped with random orientations from a narrow jittered grid (2 × 2 per layer) onto the ground,
 * where they land on each other and settle in a heap.
 *
 * One ragdoll (body frame: y up the spine, x to its left hand side in T-pose, z forward; unit: m, kg):
 *
 * | part | shape | centre | mass |
 * |---|---|---|---|
 * | torso | box, half extents (0.18, 0.3, 0.1) | (0, 0, 0) | 15 |
 * | head | sphere, r 0.12 | (0, 0.47, 0) | 4 |
 * | upper arm ×2 | box (0.14, 0.05, 0.05) | (±0.34, 0.24, 0) | 2 |
 * | lower arm ×2 | box (0.13, 0.045, 0.045) | (±0.63, 0.24, 0) | 1.5 |
 * | upper leg ×2 | box (0.07, 0.2, 0.07) | (±0.1, −0.52, 0) | 6 |
 * | lower leg ×2 | box (0.06, 0.2, 0.06) | (±0.1, −0.94, 0) | 3.5 |
 *
 * Joints (9 per ragdoll, in the gaps between the parts: 2 cm, the neck 5 cm): ball joints at the neck (0, 0.32, 0),
 * the shoulders (±0.19, 0.24, 0) and the hips (±0.1, −0.31, 0); hinges with limits at the elbows
 * (±0.49, 0.24, 0), axis ±y, and the knees (±0.1, −0.73, 0), axis x, both bending 0 … 2.5 rad (the
 * forearm forwards, the shin backwards). The ball joints have swing cones and twist ranges (see
 * {@link ballJoint}).
 *
 * Deterministic for a given seed (scenes/prng.ts).
 */

import type { PhysicsWorld } from '../plugin/world';
import {
  groundSpec, type QuatTuple, type SceneBodySpec, type SceneShape, type Vec3Tuple,
} from './container';
import { dropGrid } from './pile';
import { createRandom, randomQuaternion } from './prng';
import {
  buildJointedSpec, rotate, type BuiltJointedScene, type JointedSceneSpec, type SceneJointSpec,
} from './jointed';

/** One line describing the scene. */
export const RAGDOLL_PILE_DESCRIPTION =
  '16 ragdolls (10 parts, 45 kg; ball joints at neck, shoulders, hips, limited hinges at elbows, knees) dropped in a heap on the ground.';

/** Bending range of the elbows and knees (unit: rad), from the straight T-pose. */
export const ELBOW_KNEE_LIMITS = { lower: 0, upper: 2.5 } as const;

/** A part of the ragdoll in its body frame. */
interface PartSpec {
  name: string;
  shape: SceneShape;
  /** Centre (unit: m, ragdoll frame). */
  centre: Vec3Tuple;
  /** Mass (unit: kg). */
  mass: number;
}

const box = (hx: number, hy: number, hz: number): SceneShape => ({ shape: 'box', halfExtents: [hx, hy, hz] });

/** The parts of one ragdoll, in the order they are added (see the table in the file header). */
export const RAGDOLL_PARTS: readonly PartSpec[] = [
  { name: 'torso', shape: box(0.18, 0.3, 0.1), centre: [0, 0, 0], mass: 15 },
  { name: 'head', shape: { shape: 'sphere', radius: 0.12 }, centre: [0, 0.47, 0], mass: 4 },
  { name: 'upperArmL', shape: box(0.14, 0.05, 0.05), centre: [0.34, 0.24, 0], mass: 2 },
  { name: 'lowerArmL', shape: box(0.13, 0.045, 0.045), centre: [0.63, 0.24, 0], mass: 1.5 },
  { name: 'upperArmR', shape: box(0.14, 0.05, 0.05), centre: [-0.34, 0.24, 0], mass: 2 },
  { name: 'lowerArmR', shape: box(0.13, 0.045, 0.045), centre: [-0.63, 0.24, 0], mass: 1.5 },
  { name: 'upperLegL', shape: box(0.07, 0.2, 0.07), centre: [0.1, -0.52, 0], mass: 6 },
  { name: 'lowerLegL', shape: box(0.06, 0.2, 0.06), centre: [0.1, -0.94, 0], mass: 3.5 },
  { name: 'upperLegR', shape: box(0.07, 0.2, 0.07), centre: [-0.1, -0.52, 0], mass: 6 },
  { name: 'lowerLegR', shape: box(0.06, 0.2, 0.06), centre: [-0.1, -0.94, 0], mass: 3.5 },
];
const PART = Object.fromEntries(RAGDOLL_PARTS.map((p, i) => [p.name, i])) as Record<string, number>;

/** Radius about the torso centre that holds a whole ragdoll in T-pose (unit: m). */
export const RAGDOLL_BOUNDING_RADIUS = 1.16;

/**
 * A ball joint of the ragdoll (ragdoll frame): the neck, shoulders and hips, with a swing cone of
 * half-angle `swing` about `axis` (the bone's direction) and a twist range about it (rad).
 */
function ballJoint(a: string, b: string, anchor: Vec3Tuple, axis: Vec3Tuple, swing: number, twist: number): RagdollJoint {
  return { kind: 'ball', a, b, anchor, axis, swing, twist: { lower: -twist, upper: twist } };
}

/** An elbow or knee: a hinge about `axis` (ragdoll frame) bending within {@link ELBOW_KNEE_LIMITS}. */
function hingeJoint(a: string, b: string, anchor: Vec3Tuple, axis: Vec3Tuple): RagdollJoint {
  return { kind: 'hinge', a, b, anchor, axis, limits: { ...ELBOW_KNEE_LIMITS } };
}

interface RagdollJoint {
  kind: 'ball' | 'hinge';
  /** Part names of body A and body B. */
  a: string;
  b: string;
  /** Joint point (unit: m, ragdoll frame). */
  anchor: Vec3Tuple;
  /** Hinge axis, or a ball joint's cone axis (ragdoll frame, unit vector). */
  axis?: Vec3Tuple;
  limits?: { lower: number; upper: number };
  /** Ball joints: swing-cone half-angle and twist range (rad). */
  swing?: number;
  twist?: { lower: number; upper: number };
}

/** The joints of one ragdoll, in the order they are added (see the file header). Positive hinge
 * angles bend the forearms towards +z and the shins towards −z. */
export const RAGDOLL_JOINTS: readonly RagdollJoint[] = [
  ballJoint('torso', 'head', [0, 0.32, 0], [0, 1, 0], 0.6, 0.8),
  ballJoint('torso', 'upperArmL', [0.19, 0.24, 0], [1, 0, 0], 1.4, 0.8),
  hingeJoint('upperArmL', 'lowerArmL', [0.49, 0.24, 0], [0, -1, 0]),
  ballJoint('torso', 'upperArmR', [-0.19, 0.24, 0], [-1, 0, 0], 1.4, 0.8),
  hingeJoint('upperArmR', 'lowerArmR', [-0.49, 0.24, 0], [0, 1, 0]),
  ballJoint('torso', 'upperLegL', [0.1, -0.31, 0], [0, -1, 0], 1.0, 0.5),
  hingeJoint('upperLegL', 'lowerLegL', [0.1, -0.73, 0], [1, 0, 0]),
  ballJoint('torso', 'upperLegR', [-0.1, -0.31, 0], [0, -1, 0], 1.0, 0.5),
  hingeJoint('upperLegR', 'lowerLegR', [-0.1, -0.73, 0], [1, 0, 0]),
];

/** Options of {@link ragdollPileSpec} / {@link buildRagdollPile}. */
export interface RagdollPileOptions {
  /** Number of ragdolls (default 16). */
  count?: number;
  /** PRNG seed for the jitter and orientations (default 1). Same seed → same scene. */
  seed?: number;
  /** Grid spacing between ragdoll centres, horizontally and between layers (unit: m, default 2.6;
   * at least 2·(1.16 + jitter)). */
  spacing?: number;
  /** Jitter of the ragdoll centres on each axis, ± (unit: m, default 0.1). */
  jitter?: number;
  /** Ragdolls per layer along x and along z (default 2: 4 per layer). */
  perSide?: number;
}

/** The pile described by {@link ragdollPileSpec}, added to a world. */
export interface RagdollPileScene extends BuiltJointedScene {
  /** Number of ragdolls. */
  count: number;
  /** Entity ids of each ragdoll's parts, in the order of {@link RAGDOLL_PARTS}. */
  ragdolls: number[][];
}

/**
 * Describes the pile: the ground (top face y = 0), then `count` ragdolls, each rigidly turned by a
 * random orientation about its torso centre, the centres on a jittered grid of `perSide × perSide`
 * per layer (spacing 2.6 m, jitter ±0.1 m: the bounding spheres of radius 1.16 m never overlap, the
 * lowest 0.2 m above the floor; with the defaults 4 layers, the top torso at about 9.3 m). Dynamic bodies: ragdoll after ragdoll, parts in
 * the order of {@link RAGDOLL_PARTS}; joints likewise, in the order of {@link RAGDOLL_JOINTS}.
 */
export function ragdollPileSpec(options: RagdollPileOptions = {}): JointedSceneSpec {
  const count = options.count ?? 16;
  const spacing = options.spacing ?? 2.6;
  const jitter = options.jitter ?? 0.1;
  const perSide = options.perSide ?? 2;
  const random = createRandom(options.seed ?? 1);
  const reach = RAGDOLL_BOUNDING_RADIUS + jitter;
  // A "container" exactly wide enough for perSide grid points (dropGrid's rule), centred on the origin.
  const width = 2 * reach + (perSide - 1) * spacing + 1e-9;
  const centres = dropGrid({
    count, width, depth: width, spacing, jitter, boundingRadius: RAGDOLL_BOUNDING_RADIUS, clearance: 0.2, random,
  });
  const dynamics: SceneBodySpec[] = [];
  const joints: SceneJointSpec[] = [];
  const n = RAGDOLL_PARTS.length;
  for (let r = 0; r < count; r++) {
    const c = centres[r];
    const q: QuatTuple = randomQuaternion(random);
    const place = (p: Vec3Tuple): Vec3Tuple => {
      const w = rotate(q, p);
      return [c[0] + w[0], c[1] + w[1], c[2] + w[2]];
    };
    for (const part of RAGDOLL_PARTS) {
      dynamics.push({
        type: 'dynamic', position: place(part.centre), orientation: [...q] as QuatTuple,
        collider: part.shape.shape === 'box'
          ? { shape: 'box', halfExtents: [...part.shape.halfExtents] }
          : { shape: 'sphere', radius: part.shape.radius },
        mass: part.mass,
      });
    }
    for (const j of RAGDOLL_JOINTS) {
      joints.push({
        kind: j.kind, bodyA: r * n + PART[j.a], bodyB: r * n + PART[j.b], anchor: place(j.anchor),
        ...(j.axis ? { axis: rotate(q, j.axis) } : {}),
        ...(j.limits ? { limits: { ...j.limits } } : {}),
        ...(j.swing !== undefined ? { swing: j.swing } : {}),
        ...(j.twist ? { twist: { ...j.twist } } : {}),
      });
    }
  }
  return { statics: [groundSpec()], dynamics, joints };
}

/**
 * Builds the pile of {@link ragdollPileSpec} in `world`: `count` (default 16) ragdolls of 10 bodies
 * and 9 joints each dropped onto the ground, deterministic for a given `seed` (default 1).
 */
export function buildRagdollPile(world: PhysicsWorld, options: RagdollPileOptions = {}): RagdollPileScene {
  const spec = ragdollPileSpec(options);
  const built: BuiltJointedScene = buildJointedSpec(world, spec);
  const n = RAGDOLL_PARTS.length;
  const ragdolls: number[][] = [];
  for (let r = 0; r * n < built.bodies.length; r++) ragdolls.push(built.bodies.slice(r * n, (r + 1) * n));
  return { ...built, count: ragdolls.length, ragdolls };
}
