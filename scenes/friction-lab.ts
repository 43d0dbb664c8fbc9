/**
 * The friction lab: the same throws in two worlds that differ only in the friction law, so the two
 * laws can be compared side by side. One world uses the impulsive Coulomb law and the other the
 * maximum-dissipation law (Preclik, Eibl & Rüde), both through the
 * fast solver's exact per-contact block solve (`pgs.blockSolve: 'exact'`), so nothing else differs.
 *
 * Where the laws differ: at a contact whose normal and friction impulses are coupled through the
 * body's rotation (the contact point is not below the centre of mass, e.g. the lower end of a tilted
 * rod), while it slides. Coulomb makes the friction impulse oppose the slip left after the impulse;
 * maximum dissipation takes the impulse that removes the most kinetic energy. For a sphere on the
 * ground or against another sphere the contact normal passes through the centres, the blocks are
 * uncoupled and the two laws give bit-identical impulses (PGS README, "Exact block solve").
 *
 * The setup (world frame, SI units, y up, ground top face y = 0, μ = 0.8 everywhere): four square
 * rods (0.12 × 0.12 × 1.5 m, 10 kg) in lanes along x, each released with its lower edge on (or just
 * above) the ground, its long axis tilted up in the y–z plane, sliding along −z with the lower end
 * leading (the Painlevé configuration), some spinning about the vertical; and a pair of spheres
 * (radius 0.25 m, 5 kg, damped so they stop) as the control: one rolls into the other, off centre.
 * Measured (Node 20, 300 steps of 1/60 s; checked by `test/unit/scenes/friction-lab.test.ts`):
 * every body rests after about 2 s (rods) to 4 s (spheres); the rods' resting centres are 1.52,
 * 0.90, 0.28 and 0.29 m apart between the two worlds and their headings 24, 81, 46 and 86°; the
 * spheres' poses are bit-identical. The divergence is generic, not a fluke of these numbers
 * (measured while choosing the setup, each rod thrown alone): with the tilt changed by ±0.03 rad,
 * the speed by ±0.1 m/s and the spin by ±0.2 rad/s, each rod still ended > 10 cm or > 10° apart in
 * every one of 18 variants.
 *
 * Like every scene it is first a pure description ({@link frictionLabSpec}), then added to a world
 * ({@link buildFrictionLab}); {@link createFrictionLab} makes both worlds. No Babylon imports, no printing.
 */

import { addBody } from '../plugin/bodies';
import { createPhysicsWorld, type PhysicsWorld, type PhysicsWorldOptions } from '../plugin/world';
import type { QuatTuple, Vec3Tuple } from './container';
import { detAtan2, detCos, detSin } from '../math/deterministic-math';
import '../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

/** One line describing the scene. */
export const FRICTION_LAB_DESCRIPTION =
  'Four tilted rods thrown sliding (lower end leading, some spinning) and a control pair of spheres, ' +
  'in a Coulomb world and a maximum-dissipation world.';

/** Friction coefficient of every collider of the lab (dimensionless; contacts use √(μa μb) = μ). */
export const LAB_FRICTION = 0.8;
/** Half extents of every rod (unit: m; long axis = body z). */
export const ROD_HALF_EXTENTS: Vec3Tuple = [0.06, 0.06, 0.75];
/** Mass of every rod (unit: kg). */
export const ROD_MASS = 10;
/** Radius of the control spheres (unit: m). */
export const LAB_SPHERE_RADIUS = 0.25;
/** Mass of each control sphere (unit: kg). */
export const LAB_SPHERE_MASS = 5;
/** Half size of each world's ground box along x and z (unit: m); its top face is y = 0. */
export const LAB_GROUND_HALF_SIZE = 20;
/** Length of one step of the lab (unit: s). */
export const LAB_TIME_STEP = 1 / 60;
/** Steps after which every body of the lab is at rest (unit: steps of {@link LAB_TIME_STEP}; 5 s). */
export const LAB_SETTLE_STEPS = 300;

/** The two friction laws of the lab, in display order (left, right). */
export const LAB_LAWS = ['coulomb', 'max-dissipation'] as const;
export type LabLaw = (typeof LAB_LAWS)[number];

/** One dynamic body of the lab. */
export interface LabBodySpec {
  /** Human name, e.g. "Painlevé rod". */
  name: string;
  /** Centre of mass at release (unit: m, world). */
  position: Vec3Tuple;
  /** Orientation at release (world from body), unit quaternion x y z w. */
  orientation: QuatTuple;
  /** Linear velocity at release (unit: m/s, world). */
  linearVelocity: Vec3Tuple;
  /** Angular velocity at release (unit: rad/s, world). */
  angularVelocity: Vec3Tuple;
  collider: { shape: 'box'; halfExtents: Vec3Tuple } | { shape: 'sphere'; radius: number };
  /** unit: kg */
  mass: number;
  /** unit: 1/s */
  linearDamping: number;
  /** unit: 1/s */
  angularDamping: number;
}

/** The pure description of the lab (one world's worth; both worlds get the same). */
export interface FrictionLabSpec {
  /** Rods, in lane order (−x first). */
  rods: LabBodySpec[];
  /** The control spheres: [the one at rest, the one rolled into it]. */
  spheres: LabBodySpec[];
}

/** The lab added to one world. */
export interface FrictionLabScene {
  /** Entity id of the ground (static box, top face y = 0). */
  ground: number;
  /** Entity ids of the rods, same order as `spec.rods`. */
  rods: number[];
  /** Entity ids of the spheres, same order as `spec.spheres`. */
  spheres: number[];
  /** The description the world was built from. */
  spec: FrictionLabSpec;
}

/** One of the two worlds of the lab. */
export interface FrictionLabSide {
  law: LabLaw;
  world: PhysicsWorld;
  scene: FrictionLabScene;
}

/** Both worlds of the lab, built from the same description. */
export interface FrictionLab {
  coulomb: FrictionLabSide;
  maxDissipation: FrictionLabSide;
}

/** Rotation by `angle` (unit: rad) about the unit axis `axis`, as x y z w. */
function axisAngle(axis: Vec3Tuple, angle: number): QuatTuple {
  const s = detSin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, detCos(angle / 2)];
}

/**
 * A rod in lane `x`, its long axis in the y–z plane at `tilt` (unit: rad) above the ground with the
 * +z end up, its lowest edge `lift` (unit: m) above the ground, sliding along −z at `speed` (m/s, so
 * the lower end leads), with vertical velocity `rise` (m/s) and spin `spin` (rad/s) about +y.
 */
function rod(name: string, x: number, tilt: number, speed: number, spin: number, lift = 0, rise = 0): LabBodySpec {
  const [hx, , hz] = ROD_HALF_EXTENTS;
  // Rotation about x by −tilt takes the body z axis to (0, sin tilt, cos tilt).
  const lowest = hz * detSin(tilt) + hx * detCos(tilt);
  return {
    name,
    position: [x, lowest + 0.001 + lift, 1.5],
    orientation: axisAngle([1, 0, 0], -tilt),
    linearVelocity: [0, rise, -speed],
    angularVelocity: [0, spin, 0],
    collider: { shape: 'box', halfExtents: [...ROD_HALF_EXTENTS] },
    mass: ROD_MASS,
    linearDamping: 0,
    angularDamping: 0.05,
  };
}

function sphere(name: string, position: Vec3Tuple, linearVelocity: Vec3Tuple, angularVelocity: Vec3Tuple): LabBodySpec {
  return {
    name, position, orientation: [0, 0, 0, 1], linearVelocity, angularVelocity,
    collider: { shape: 'sphere', radius: LAB_SPHERE_RADIUS },
    mass: LAB_SPHERE_MASS,
    // A sphere on a plane rolls for ever; damping stands in for rolling resistance so the pair stops.
    linearDamping: 0.8,
    angularDamping: 2,
  };
}

/**
 * Describes the lab (see the file header): rods in lanes x = −4, −2, 0, 2 m released at z = 1.5 m,
 * sliding along −z:
 * - "Painlevé rod": tilted 0.9 rad (52°), 3 m/s, no spin, lower edge on the ground;
 * - "steep spinning rod": tilted 1.2 rad (69°), 3 m/s, −5 rad/s about +y;
 * - "fast spinning rod": tilted 0.9 rad, 5 m/s, 3 rad/s;
 * - "thrown rod": tilted 1.0 rad, 5 m/s, 3 rad/s, released 0.4 m up and rising at 1 m/s (tilted 1.2 rad, it
 *   came to rest 2.5 cm from its twin once the fast mode integrates the gyroscopic term).
 * The spheres are in the lane x ≈ 4.2 m: one at rest at z = −0.3 m, one rolled into it from
 * z = 1.5 m at 4 m/s along −z, 15 cm off centre, spinning (−6, 3, 0) rad/s. The rods are far enough apart that they never touch each other
 * or the spheres (checked by the unit test: each rod ends where it ends when thrown alone).
 */
export function frictionLabSpec(): FrictionLabSpec {
  const r = LAB_SPHERE_RADIUS;
  return {
    rods: [
      rod('Painlevé rod', -4, 0.9, 3, 0),
      rod('steep spinning rod', -2, 1.2, 3, -5),
      rod('fast spinning rod', 0, 0.9, 5, 3),
      rod('thrown rod', 2, 1.0, 5, 3, 0.4, 1),
    ],
    spheres: [
      sphere('sphere at rest', [4.2, r, -0.3], [0, 0, 0], [0, 0, 0]),
      sphere('rolled sphere', [4.35, r + 0.001, 1.5], [0, 0, -4], [-6, 3, 0]),
    ],
  };
}

/** World options of one side of the lab: the same exact block solve, only the friction law differs. */
export function frictionLabWorldOptions(law: LabLaw, profile = false): PhysicsWorldOptions {
  return law === 'coulomb'
    ? { friction: 'coulomb', pgs: { blockSolve: 'exact' }, profile }
    : { friction: 'max-dissipation', profile };
}

function addLabBody(world: PhysicsWorld, s: LabBodySpec): number {
  return addBody(world, {
    position: s.position,
    orientation: s.orientation,
    linearVelocity: s.linearVelocity,
    angularVelocity: s.angularVelocity,
    mass: s.mass,
    linearDamping: s.linearDamping,
    angularDamping: s.angularDamping,
    collider: { ...s.collider, friction: LAB_FRICTION, restitution: 0 },
  });
}

/**
 * Adds the lab of {@link frictionLabSpec} to `world`: the ground box (half size 20 m, 1 m thick, top
 * face y = 0), then the rods, then the spheres.
 */
export function buildFrictionLab(world: PhysicsWorld, spec: FrictionLabSpec = frictionLabSpec()): FrictionLabScene {
  const h = LAB_GROUND_HALF_SIZE;
  const ground = addBody(world, {
    type: 'static', position: [0, -0.5, 0],
    collider: { shape: 'box', halfExtents: [h, 0.5, h], friction: LAB_FRICTION, restitution: 0 },
  });
  const rods = spec.rods.map((s) => addLabBody(world, s));
  const spheres = spec.spheres.map((s) => addLabBody(world, s));
  return { ground, rods, spheres, spec };
}

/**
 * Creates the two worlds of the lab (gravity 9.81 m/s² down), each with the lab built in it.
 * @param profile record per-stage times in both worlds (default false).
 */
export function createFrictionLab(profile = false): FrictionLab {
  const spec = frictionLabSpec();
  const side = (law: LabLaw): FrictionLabSide => {
    const world = createPhysicsWorld(frictionLabWorldOptions(law, profile));
    return { law, world, scene: buildFrictionLab(world, spec) };
  };
  return { coulomb: side('coulomb'), maxDissipation: side('max-dissipation') };
}

/**
 * Heading of a body's long (z) axis projected on the ground: the angle from +z towards +x (unit:
 * rad, in (−π, π]). Undefined (0) for an axis that points straight up.
 */
export function headingOf(world: PhysicsWorld, entity: number): number {
  const q = world.bodies.orientation;
  const x = q[4 * entity], y = q[4 * entity + 1], z = q[4 * entity + 2], w = q[4 * entity + 3];
  // Third column of the rotation matrix: the body z axis in the world frame.
  const ax = 2 * (x * z + w * y), az = 1 - 2 * (x * x + y * y);
  return detAtan2(ax, az);
}

/**
 * Angle between two rod headings, as undirected lines (a rod looks the same turned end for end):
 * in [0, π/2] (unit: rad).
 */
export function headingDifference(a: number, b: number): number {
  let d = Math.abs(a - b) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return d;
}

/** How far apart the two worlds of the lab are, body by body. */
export interface FrictionLabDifference {
  /** Per rod: distance between the two centres (unit: m). */
  rodDistance: number[];
  /** Per rod: angle between the two headings, as undirected lines (unit: rad, in [0, π/2]). */
  rodHeading: number[];
  /** Per sphere: distance between the two centres (unit: m). */
  sphereDistance: number[];
  /** Per sphere: largest difference of the orientation quaternions' components (sign-aligned). */
  sphereOrientation: number[];
}

function distance(a: PhysicsWorld, ea: number, b: PhysicsWorld, eb: number): number {
  const p = a.bodies.position, q = b.bodies.position;
  return Math.hypot(p[3 * ea] - q[3 * eb], p[3 * ea + 1] - q[3 * eb + 1], p[3 * ea + 2] - q[3 * eb + 2]);
}

/** Compares the current poses of the two worlds of the lab (see {@link FrictionLabDifference}). */
export function frictionLabDifference(lab: FrictionLab): FrictionLabDifference {
  const c = lab.coulomb, m = lab.maxDissipation;
  const rodDistance = c.scene.rods.map((e, i) => distance(c.world, e, m.world, m.scene.rods[i]));
  const rodHeading = c.scene.rods.map((e, i) =>
    headingDifference(headingOf(c.world, e), headingOf(m.world, m.scene.rods[i])));
  const sphereDistance = c.scene.spheres.map((e, i) => distance(c.world, e, m.world, m.scene.spheres[i]));
  const sphereOrientation = c.scene.spheres.map((e, i) => {
    const qa = c.world.bodies.orientation, qb = m.world.bodies.orientation, f = m.scene.spheres[i];
    let dot = 0;
    for (let k = 0; k < 4; k++) dot += qa[4 * e + k] * qb[4 * f + k];
    const s = dot < 0 ? -1 : 1;
    let worst = 0;
    for (let k = 0; k < 4; k++) worst = Math.max(worst, Math.abs(qa[4 * e + k] - s * qb[4 * f + k]));
    return worst;
  });
  return { rodDistance, rodHeading, sphereDistance, sphereOrientation };
}
