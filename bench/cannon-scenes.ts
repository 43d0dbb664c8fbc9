/**
 * The benchmark scenes in cannon-es 0.20, built from the very same descriptions as ours
 * (`scenes/*.ts` `…Spec` functions): same shapes, sizes, masses, positions and orientations.
 *
 * cannon-es set-up: gravity (0, −9.81, 0) m/s², default contact material friction 0.5 and
 * restitution 0 (its stiffness 1e7 and relaxation 3 left at their defaults), the default GSSolver
 * with 10 iterations, SAPBroadphase (the cannon-es docs recommend it over NaiveBroadphase for many
 * bodies) on the axis of largest spread (`autoDetectAxis`), `allowSleep = false`. Body damping stays
 * at cannon's defaults (linear and angular 0.01; ours: linear 0, angular 0.05 (unit: 1/s)).
 * Cubes are `CANNON.Box` (a convex polyhedron: box–box contacts go through cannon's SAT + clipping),
 * spheres `CANNON.Sphere`.
 */

import * as CANNON from 'cannon-es';
import type { SceneSpec } from '../scenes/container';
import { SCENE_FRICTION, SCENE_RESTITUTION } from '../scenes/container';
import { localJoints, WORLD, type JointedSceneSpec } from '../scenes/jointed';

/** A cannon-es world built from a scene description. */
export interface CannonScene {
  world: CANNON.World;
  /** Dynamic bodies, in the order of `spec.dynamics`. */
  bodies: CANNON.Body[];
  /** Static bodies, in the order of `spec.statics`. */
  statics: CANNON.Body[];
}

/** Solver iterations of cannon's GSSolver in the benchmark (its default). */
export const CANNON_ITERATIONS = 10;

/** Builds `spec` in a new cannon-es world (see the file header for the settings). */
export function buildCannonScene(spec: SceneSpec): CannonScene {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.81, 0), allowSleep: false });
  const broadphase = new CANNON.SAPBroadphase(world);
  world.broadphase = broadphase;
  const solver = new CANNON.GSSolver();
  solver.iterations = CANNON_ITERATIONS;
  world.solver = solver;
  world.defaultContactMaterial.friction = SCENE_FRICTION;
  world.defaultContactMaterial.restitution = SCENE_RESTITUTION;
  const make = (s: SceneSpec['dynamics'][number]): CANNON.Body => {
    const shape = s.collider.shape === 'box'
      ? new CANNON.Box(new CANNON.Vec3(...s.collider.halfExtents))
      : new CANNON.Sphere(s.collider.radius);
    const body = new CANNON.Body({
      mass: s.type === 'static' ? 0 : s.mass,
      type: s.type === 'static' ? CANNON.Body.STATIC : CANNON.Body.DYNAMIC,
      position: new CANNON.Vec3(...s.position),
      quaternion: new CANNON.Quaternion(...s.orientation),
      shape,
    });
    world.addBody(body);
    return body;
  };
  const statics = spec.statics.map(make);
  const bodies = spec.dynamics.map(make);
  broadphase.autoDetectAxis();
  return { world, bodies, statics };
}

/** A jointed cannon-es scene: the bodies of {@link buildCannonScene} plus the joints' constraints. */
export interface CannonJointedScene extends CannonScene {
  /** One constraint per joint of `spec.joints`, same order. */
  constraints: CANNON.Constraint[];
  /** Static shapeless bodies the world-pinned joints hang from (one per such joint). */
  pins: CANNON.Body[];
}

/**
 * Builds a jointed description (`scenes/jointed.ts`) in a new cannon-es world: the bodies as in
 * {@link buildCannonScene}, then per joint a `PointToPointConstraint` (ball), a `ConeTwistConstraint`
 * (ball with a swing cone) or a `HingeConstraint` (hinge) with the same body-local anchors and axes as ours, `collideConnected = false` (ours: the
 * connected bodies never collide) and cannon's default maximum force (1e6 N). A joint to the world
 * hangs from a static, shapeless body at its anchor. cannon-es hinges have no angle limits: the
 * `limits` of a hinge are not enforced there (the benchmark reports how far they are exceeded).
 */
export function buildCannonJointedScene(spec: JointedSceneSpec): CannonJointedScene {
  const scene = buildCannonScene(spec);
  const { world, bodies } = scene;
  const v = (a: readonly number[]): CANNON.Vec3 => new CANNON.Vec3(a[0], a[1], a[2]);
  const pins: CANNON.Body[] = [];
  const constraints = localJoints(spec).map((j) => {
    let bodyB: CANNON.Body;
    let pivotB: CANNON.Vec3;
    if (j.bodyB === WORLD) {
      bodyB = new CANNON.Body({ mass: 0, type: CANNON.Body.STATIC, position: v(j.anchorB) });
      world.addBody(bodyB);
      pins.push(bodyB);
      pivotB = new CANNON.Vec3(0, 0, 0);
    } else {
      bodyB = bodies[j.bodyB];
      pivotB = v(j.anchorB);
    }
    let c: CANNON.Constraint;
    if (j.axisA !== undefined && j.axisB !== undefined) {
      c = new CANNON.HingeConstraint(bodies[j.bodyA], bodyB, {
        pivotA: v(j.anchorA), pivotB, axisA: v(j.axisA), axisB: v(j.axisB), collideConnected: false,
      });
    } else if (j.cone !== undefined) {
      // cannon-es's cone–twist: a symmetric twist range (the larger of ours' two bounds)
      const twist = j.cone.twist ? Math.max(Math.abs(j.cone.twist.lower), Math.abs(j.cone.twist.upper)) : 0;
      c = new CANNON.ConeTwistConstraint(bodies[j.bodyA], bodyB, {
        pivotA: v(j.anchorA), pivotB, axisA: v(j.cone.axisA), axisB: v(j.cone.axisB), angle: j.cone.angle,
        twistAngle: twist, collideConnected: false,
      });
    } else {
      c = new CANNON.PointToPointConstraint(bodies[j.bodyA], v(j.anchorA), bodyB, pivotB);
      c.collideConnected = false;
    }
    world.addConstraint(c);
    return c;
  });
  return { ...scene, constraints, pins };
}

/**
 * Body positions `[3 × bodies]` (unit: m, world), indexed by `body.index`. Take one just before the
 * last step and hand it to {@link cannonMaxPenetration}.
 */
export function snapshotPositions(world: CANNON.World): Float64Array {
  const out = new Float64Array(3 * world.bodies.length);
  for (const b of world.bodies) {
    out[3 * b.index] = b.position.x;
    out[3 * b.index + 1] = b.position.y;
    out[3 * b.index + 2] = b.position.z;
  }
  return out;
}

/**
 * Largest penetration over the contacts of cannon's last step (unit: m, ≥ 0), as cannon's
 * narrowphase saw it at the start of that step (like ours: `world.contacts.separation`): for each
 * contact equation, the gap g = nᵢ · ((xⱼ + rⱼ) − (xᵢ + rᵢ)) with x the positions `before` that step
 * (from {@link snapshotPositions}), penetration −g.
 */
export function cannonMaxPenetration(world: CANNON.World, before: Float64Array): number {
  let worst = 0;
  for (const c of world.contacts) {
    const i = 3 * c.bi.index, j = 3 * c.bj.index;
    const gx = before[j] + c.rj.x - before[i] - c.ri.x;
    const gy = before[j + 1] + c.rj.y - before[i + 1] - c.ri.y;
    const gz = before[j + 2] + c.rj.z - before[i + 2] - c.ri.z;
    const g = c.ni.x * gx + c.ni.y * gy + c.ni.z * gz;
    if (-g > worst) worst = -g;
  }
  return worst;
}
