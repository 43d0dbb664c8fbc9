/**
 * Rapier (`@dimforge/rapier3d-simd-compat`: the WASM SIMD build with the binary inlined) in Node, for
 * the benchmark: {@link loadRapier} initialises it once; {@link buildRapierScene} builds a scene
 * description (`scenes/container.ts`) with Rapier's defaults (integration parameters, damping 0,
 * friction combine: average, restitution combine: average), colliders' densities set so every body
 * gets the description's mass, and sleeping off (`setCanSleep(false)`).
 */

import RAPIER from '@dimforge/rapier3d-simd-compat';
import { SCENE_FRICTION, SCENE_RESTITUTION, type SceneBodySpec, type SceneSpec } from '../scenes/container';
import { colliderVolume } from './havok-scene';
import type { ReferenceScene } from './reference-scene';

let ready: Promise<typeof RAPIER> | undefined;

/** The Rapier module, initialised once per process. */
export function loadRapier(): Promise<typeof RAPIER> {
  ready ??= RAPIER.init().then(() => RAPIER);
  return ready;
}

/** Builds `spec` in a new Rapier world (see the file header), time step `dt` (unit: s). */
export function buildRapierScene(
  R: typeof RAPIER, spec: SceneSpec, dt: number, gravity: readonly [number, number, number] = [0, -9.81, 0],
): ReferenceScene {
  const world = new R.World({ x: gravity[0], y: gravity[1], z: gravity[2] });
  world.timestep = dt;
  const friction = spec.material?.friction ?? SCENE_FRICTION;
  const restitution = spec.material?.restitution ?? SCENE_RESTITUTION;
  const make = (s: SceneBodySpec): RAPIER.RigidBody => {
    const [x, y, z] = s.position, [qx, qy, qz, qw] = s.orientation;
    const desc = (s.type === 'dynamic' ? R.RigidBodyDesc.dynamic().setCanSleep(false) : R.RigidBodyDesc.fixed())
      .setTranslation(x, y, z).setRotation({ x: qx, y: qy, z: qz, w: qw });
    const body = world.createRigidBody(desc);
    const c = s.collider;
    const cd = (c.shape === 'box' ? R.ColliderDesc.cuboid(c.halfExtents[0], c.halfExtents[1], c.halfExtents[2]) : R.ColliderDesc.ball(c.radius))
      .setFriction(friction).setRestitution(restitution);
    if (s.type === 'dynamic') cd.setDensity(s.mass / colliderVolume(c));
    world.createCollider(cd, body);
    return body;
  };
  for (const s of spec.statics) make(s);
  const bodies = spec.dynamics.map(make);
  return {
    bodies: bodies.length,
    step() {
      world.step();
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].translation();
        out[3 * i] = p.x; out[3 * i + 1] = p.y; out[3 * i + 2] = p.z;
      }
    },
    dispose() {
      world.free();
    },
  };
}
