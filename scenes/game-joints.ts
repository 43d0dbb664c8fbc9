/**
 * The sample game's jointed toys, beside the level of `game-level.ts`: a wrecking ball on a chain that
 * the player swings into the red tower, and a drawbridge in front of the blue tower that the player
 * raises and lowers (a hinge with limits, driven by its motor) and that thrown balls knock back.
 * Like every scene it is first a pure description ({@link gameJointsSpec}: no engine calls), then added
 * to a world ({@link buildGameJoints}); tests and the sample game share it. No Babylon imports, no
 * printing. The functions that drive it ({@link swingWreckingBall}, {@link setDrawbridgeRaised},
 * {@link driveDrawbridge}, {@link resetGameJoints}) work in both solver modes and across a solver
 * switch: joints live in the world, not in the solver.
 *
 * Conventions as in `game-level.ts`: SI units, y up, the ground's top face is y = 0, seen from the
 * default camera on +z looking towards −z (Babylon's frame is left-handed: +x is on the screen's left,
 * so the red tower at x = −5 stands on the right).
 *
 * - Wrecking ball: a Γ-shaped gallows (a static post and a static beam along z) stands between the red
 *   tower and the middle of the level (x = −3.45, z = −2), in the free lane between the yellow wall
 *   (z ≥ 0.8) and the blue tower (z ≤ −4.4). Under the beam hangs a chain of {@link WRECKING_LINKS}
 *   capsule links (0.5 m apart, 15 kg each) joined by ball joints, the first one to the world at the
 *   pivot, and a 400 kg iron ball (radius 0.55 m) on the last one. At rest the ball hangs 0.25 m from
 *   the tower's +x face with its centre 1.5 m up (half the tower's height); a push sends it towards the
 *   middle (+x), it swings back through the bottom of its arc and hits the tower near its top speed.
 * - Drawbridge: a 2.4 × 2.5 × 0.2 m plank (360 kg) on a hinge along x, 0.15 m above the ground, 1 m in
 *   front of the blue tower's front face (z = −4.4), behind the yellow wall. Its hinge angle is 0 when
 *   it stands upright (raised: it shields the tower's lower half) and π/2 when it lies flat towards the
 *   player (lowered); the hinge limits are [−0.3, π/2] rad, so a hit from the front can knock it back
 *   0.3 rad (its top then stays 0.17 m clear of the tower). A position servo on the hinge motor
 *   ({@link driveDrawbridge}, once per step: speed ∝ the angle error, at most {@link DRAWBRIDGE_SPEED},
 *   with a torque of at most {@link DRAWBRIDGE_MAX_TORQUE}) holds it at the target angle, so after a
 *   knock it comes back up. While it turns, the bridge sweeps
 *   through the wrecking ball's lane (x within ±1.2 m, z ≥ −2.55 m): a bridge moved while the ball
 *   swings over it can hit the ball, as it would.
 */

import { addBody, setAngularVelocity, setLinearVelocity } from '../plugin/bodies';
import { addJoint, setJointMotor } from '../plugin/joints';
import type { PhysicsWorld } from '../plugin/world';
import {
  addSceneBodies, IDENTITY, resetPoses, SCENE_FRICTION, SCENE_RESTITUTION, staticBox, type QuatTuple, type SceneBodySpec, type Vec3Tuple,
} from './container';
import { detAtan2 } from '../math/deterministic-math';

/** One line describing the scene. */
export const GAME_JOINTS_DESCRIPTION =
  'A 400 kg wrecking ball on a chain of 10 ball-jointed links under a gallows, and a motorised drawbridge on a hinge.';

/** Links of the wrecking ball's chain. */
export const WRECKING_LINKS = 10;
/** Distance between the chain's joints, the length of one link (unit: m). */
export const LINK_LENGTH = 0.5;
/** Radius of a link's capsule (unit: m). */
export const LINK_RADIUS = 0.06;
/** Gap between a link capsule's end and its joint, so links never touch the beam (unit: m). */
const LINK_END_GAP = 0.03;
/** Mass of one link (unit: kg). */
export const LINK_MASS = 15;
/** Radius of the wrecking ball (unit: m). */
export const WRECKING_BALL_RADIUS = 0.55;
/** Mass of the wrecking ball (unit: kg; solid iron would weigh 5 500 kg, this one is hollow). */
export const WRECKING_BALL_MASS = 400;
/** Speed the wrecking ball gets from one push (unit: m/s): it swings out ~46° (4 m) and back. */
export const WRECKING_PUSH_SPEED = 6;

/** Half extents of the drawbridge plank (unit: m; x = width, y = height when raised, z = thickness). */
export const DRAWBRIDGE_HALF_EXTENTS: Vec3Tuple = [1.2, 1.25, 0.1];
/** Density of the drawbridge (unit: kg/m³; wood, like the blocks). */
export const DRAWBRIDGE_DENSITY = 300;
/** Hinge angle of the raised drawbridge (unit: rad; upright). */
export const DRAWBRIDGE_RAISED = 0;
/** Hinge angle of the lowered drawbridge (unit: rad; flat on its limit). */
export const DRAWBRIDGE_LOWERED = Math.PI / 2;
/** Hinge limits of the drawbridge (unit: rad): knocked back at most 0.3 rad, lowered at most flat. */
export const DRAWBRIDGE_LIMITS = { lower: -0.3, upper: Math.PI / 2 } as const;
/** Fastest the servo turns the drawbridge (unit: rad/s). */
export const DRAWBRIDGE_SPEED = 0.8;
/** Servo gain: commanded speed per radian of angle error (unit: 1/s). */
export const DRAWBRIDGE_GAIN = 4;
/** Largest torque of the drawbridge motor (unit: N·m; holding the plank flat takes m g h ≈ 4 400 N·m). */
export const DRAWBRIDGE_MAX_TORQUE = 9000;

/** Where the wrecking ball works: the red tower of the level, 1.5 m wide, 3 m high, at x = −5, z = −2;
 * its face towards +x (unit: m). */
const TOWER_FACE_X = -4.25;
const TOWER_Z = -2;
/** Height of the wrecking ball's centre at rest (unit: m). */
const BALL_REST_Y = 1.5;
/** Gap between the ball at rest and the tower's face (unit: m). */
const BALL_TOWER_GAP = 0.25;
/** The drawbridge's hinge line: centred on the blue tower (x = 0), its height and z (unit: m). */
const BRIDGE_X = 0;
const BRIDGE_HINGE_Y = 0.15;
const BRIDGE_HINGE_Z = -3.4;

/** One link of the chain: a capsule along body y (its ends {@link LINK_END_GAP} short of its joints). */
export interface LinkSpec {
  /** Centre of mass (unit: m, world). */
  position: Vec3Tuple;
  /** Orientation (world from body), x y z w. */
  orientation: QuatTuple;
  /** Capsule radius (unit: m). */
  radius: number;
  /** Half length of the capsule's core segment (unit: m). */
  halfHeight: number;
  /** unit: kg */
  mass: number;
}

/** The pure description of the jointed toys. */
export interface GameJointsSpec {
  /** Static post and beam of the gallows. */
  gallows: SceneBodySpec[];
  /** The chain's links, top first. */
  links: LinkSpec[];
  /** The wrecking ball. */
  ball: SceneBodySpec;
  /** World point the chain hangs from (the first link's joint to the world) (unit: m). */
  pivot: Vec3Tuple;
  /** Unit horizontal direction of the push (away from the tower). */
  pushDirection: Vec3Tuple;
  /** The drawbridge plank, raised. */
  drawbridge: SceneBodySpec;
  /** A point of the drawbridge's hinge line (unit: m, world). */
  hingePoint: Vec3Tuple;
  /** The hinge axis (unit vector, world): −x, so that the joint coordinate (the angle of the world's
   * frame relative to the plank's about the axis) is the plank's rotation about +x, lowering towards +z. */
  hingeAxis: Vec3Tuple;
}

/** The toys added to a world. */
export interface GameJoints {
  /** Entity ids of the gallows' static bodies (the post, then the beam). */
  gallows: number[];
  /** Entity ids of the chain's links, top first. */
  links: number[];
  /** Entity id of the wrecking ball. */
  ball: number;
  /** Joint ids of the chain: [pivot–link 0, link 0–link 1, …, last link–ball] (links + 1 joints). */
  chainJoints: number[];
  /** Entity id of the drawbridge plank. */
  drawbridge: number;
  /** Joint id of the drawbridge's hinge. */
  hinge: number;
  /** Dynamic bodies in their start order (links, ball, drawbridge) with their start poses. */
  dynamics: number[];
  startPositions: Vec3Tuple[];
  startOrientations: QuatTuple[];
  /** The drawbridge's target hinge angle, for {@link driveDrawbridge} (unit: rad). */
  drawbridgeTarget: number;
  /** The description the world was built from. */
  spec: GameJointsSpec;
}

/** Describes the toys (see the file header). */
export function gameJointsSpec(): GameJointsSpec {
  const R = WRECKING_BALL_RADIUS;
  const x = TOWER_FACE_X + BALL_TOWER_GAP + R;
  const z = TOWER_Z;
  const pivotY = BALL_REST_Y + R + WRECKING_LINKS * LINK_LENGTH;
  const pivot: Vec3Tuple = [x, pivotY, z];

  // Gallows (Γ-shaped): one post 1.45 m behind the swing plane (out of the ball's way, and not between
  // the camera and the chain), and a beam from it over the pivot, its bottom face 8 cm above the pivot.
  const beamHalf: Vec3Tuple = [0.18, 0.15, 1.0];
  const beamY = pivotY + 0.08 + beamHalf[1];
  const postHalf: Vec3Tuple = [0.15, (pivotY + 0.08) / 2, 0.15];
  const gallows = [
    staticBox([x, postHalf[1], z - 1.45], postHalf),
    staticBox([x, beamY, z - 1.6 + beamHalf[2]], beamHalf),
  ];

  const links: LinkSpec[] = [];
  const halfHeight = LINK_LENGTH / 2 - LINK_RADIUS - LINK_END_GAP;
  for (let i = 0; i < WRECKING_LINKS; i++) {
    links.push({
      position: [x, pivotY - (i + 0.5) * LINK_LENGTH, z], orientation: [...IDENTITY],
      radius: LINK_RADIUS, halfHeight, mass: LINK_MASS,
    });
  }
  const ball: SceneBodySpec = {
    type: 'dynamic', position: [x, BALL_REST_Y, z], orientation: [...IDENTITY],
    collider: { shape: 'sphere', radius: R }, mass: WRECKING_BALL_MASS,
  };

  const [hx, hy, hz] = DRAWBRIDGE_HALF_EXTENTS;
  const drawbridge: SceneBodySpec = {
    type: 'dynamic', position: [BRIDGE_X, BRIDGE_HINGE_Y + hy, BRIDGE_HINGE_Z], orientation: [...IDENTITY],
    collider: { shape: 'box', halfExtents: [hx, hy, hz] }, mass: DRAWBRIDGE_DENSITY * 8 * hx * hy * hz,
  };
  return {
    gallows, links, ball, pivot, pushDirection: [1, 0, 0],
    drawbridge, hingePoint: [BRIDGE_X, BRIDGE_HINGE_Y, BRIDGE_HINGE_Z], hingeAxis: [-1, 0, 0],
  };
}

/**
 * Adds the toys of {@link gameJointsSpec} to `world`: the gallows, the chain (ball joints at the link
 * ends: links + 1 joints) with its ball, and the raised drawbridge on its hinge with the limits and
 * the motor holding it up.
 */
export function buildGameJoints(world: PhysicsWorld): GameJoints {
  const spec = gameJointsSpec();
  const gallows = addSceneBodies(world, spec.gallows);
  // Capsules, so each link has a rod's inertia about its joints: with a point-like inertia (a 6 cm sphere,
  // 0.0216 kg·m² for 15 kg) the accurate mode's joint solve lets this chain come apart in mid-swing.
  const links = spec.links.map((l) => addBody(world, {
    position: l.position, orientation: l.orientation, mass: l.mass,
    collider: { shape: 'capsule', radius: l.radius, halfHeight: l.halfHeight, friction: SCENE_FRICTION, restitution: SCENE_RESTITUTION },
  }));
  const [ball] = addSceneBodies(world, [spec.ball]);
  const [drawbridge] = addSceneBodies(world, [spec.drawbridge]);

  const chainJoints: number[] = [];
  const [px, py, pz] = spec.pivot;
  let prev = -1;
  for (let i = 0; i <= WRECKING_LINKS; i++) {
    const body = i < WRECKING_LINKS ? links[i] : ball;
    const anchor = [px, py - i * LINK_LENGTH, pz];
    chainJoints.push(addJoint(world, prev < 0
      ? { kind: 'ball', bodyA: body, worldAnchor: anchor }
      : { kind: 'ball', bodyA: prev, bodyB: body, worldAnchor: anchor }));
    prev = body;
  }
  const hinge = addJoint(world, {
    kind: 'hinge', bodyA: drawbridge, worldAnchor: spec.hingePoint, worldAxis: spec.hingeAxis,
    limits: { ...DRAWBRIDGE_LIMITS }, motor: { speed: 0, maxForce: DRAWBRIDGE_MAX_TORQUE },
  });

  const dynamics = [...links, ball, drawbridge];
  const specs = [...spec.links, spec.ball, spec.drawbridge];
  return {
    gallows, links, ball, chainJoints, drawbridge, hinge, dynamics,
    startPositions: specs.map((s) => [...s.position]),
    startOrientations: specs.map((s) => [...s.orientation]),
    drawbridgeTarget: DRAWBRIDGE_RAISED,
    spec,
  };
}

/**
 * Pushes the wrecking ball away from the tower: the chain and the ball get the velocity of a rigid
 * rotation about the pivot (about the horizontal axis perpendicular to the swing, whatever the chain's
 * shape), scaled so the ball's centre moves at `speed` (unit: m/s, default {@link WRECKING_PUSH_SPEED})
 * along the push direction when it hangs straight down. A rigid rotation about the pivot keeps every
 * joint satisfied, so the push jolts nothing. It replaces the chain's motion: pushing twice does not
 * swing it higher.
 */
export function swingWreckingBall(world: PhysicsWorld, toys: GameJoints, speed = WRECKING_PUSH_SPEED): void {
  const { pivot, pushDirection: d } = toys.spec;
  const L = pivot[1] - toys.startPositions[WRECKING_LINKS][1];
  const s = speed / L;
  // v = ω × r with r straight down: ω × (0, −L, 0) = (ω_z L, 0, −ω_x L) = speed d ⇒ ω = s (−d_z, 0, d_x).
  const w: Vec3Tuple = [-s * d[2], 0, s * d[0]];
  const p = world.bodies.position;
  for (const e of [...toys.links, toys.ball]) {
    const rx = p[3 * e] - pivot[0], ry = p[3 * e + 1] - pivot[1], rz = p[3 * e + 2] - pivot[2];
    setLinearVelocity(world, e, [w[1] * rz - w[2] * ry, w[2] * rx - w[0] * rz, w[0] * ry - w[1] * rx]);
    setAngularVelocity(world, e, w);
  }
}

/** Sets the drawbridge's target: raised (upright) or lowered (flat). {@link driveDrawbridge} moves it. */
export function setDrawbridgeRaised(toys: GameJoints, raised: boolean): void {
  toys.drawbridgeTarget = raised ? DRAWBRIDGE_RAISED : DRAWBRIDGE_LOWERED;
}

/** True when the drawbridge's target is the raised position. */
export function isDrawbridgeRaised(toys: GameJoints): boolean {
  return toys.drawbridgeTarget === DRAWBRIDGE_RAISED;
}

/**
 * The drawbridge's hinge angle from the plank's orientation (unit: rad; 0 upright, π/2 flat towards
 * +z). The plank turns about the world x axis only (the hinge holds the rest), so its orientation is
 * (sin θ/2, 0, 0, cos θ/2) and θ = 2 atan2(q_x, q_w). No allocation.
 */
export function drawbridgeAngle(world: PhysicsWorld, toys: GameJoints): number {
  const q = world.bodies.orientation, e = toys.drawbridge;
  return 2 * detAtan2(q[4 * e], q[4 * e + 3]);
}

/**
 * The drawbridge's position servo, to call before every step: sets the hinge motor's speed to
 * {@link DRAWBRIDGE_GAIN} × (target − angle), at most {@link DRAWBRIDGE_SPEED} either way, with at most
 * {@link DRAWBRIDGE_MAX_TORQUE}.
 */
export function driveDrawbridge(world: PhysicsWorld, toys: GameJoints): void {
  const error = toys.drawbridgeTarget - drawbridgeAngle(world, toys);
  const speed = Math.max(-DRAWBRIDGE_SPEED, Math.min(DRAWBRIDGE_SPEED, DRAWBRIDGE_GAIN * error));
  setJointMotor(world, toys.hinge, { speed, maxForce: DRAWBRIDGE_MAX_TORQUE });
}

/** Puts the chain, the ball and the drawbridge back where they started, at rest, with the bridge's target raised. */
export function resetGameJoints(world: PhysicsWorld, toys: GameJoints): void {
  resetPoses(world, toys.dynamics, toys.startPositions, toys.startOrientations);
  toys.drawbridgeTarget = DRAWBRIDGE_RAISED;
  driveDrawbridge(world, toys);
}
