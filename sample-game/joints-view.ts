/**
 * Meshes of the game's jointed toys (`scenes/game-joints.ts`): the gallows (a static post and beam with
 * a brace, placed once), the chain's links (capsules the size of their colliders, each with a dark pin
 * at its upper joint), the wrecking ball, and the drawbridge (a plank with iron bands) with its hinge
 * drawn as a static axle on two brackets. The game puts a PhysicsAggregate on each moving mesh.
 */

import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh.js';
import '@babylonjs/core/Meshes/instancedMesh.js'; // Mesh.createInstance
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateCapsule } from '@babylonjs/core/Meshes/Builders/capsuleBuilder.js';
import { CreateCylinder } from '@babylonjs/core/Meshes/Builders/cylinderBuilder.js';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { DRAWBRIDGE_HALF_EXTENTS, LINK_LENGTH, type GameJointsSpec } from '../scenes/game-joints';
import { solidMaterial, type GameStage } from './scene-setup';

const IRON = Color3.FromHexString('#3a3d44');
const STEEL = Color3.FromHexString('#8a9099');
const TIMBER = Color3.FromHexString('#8a5a33');
const DARK_TIMBER = Color3.FromHexString('#5e3b20');

/** The moving meshes of the toys, placed where their bodies start. */
export interface ToyMeshes {
  /** The chain's links, top first. */
  links: AbstractMesh[];
  ball: Mesh;
  plank: Mesh;
}

/** Creates the toys' meshes in `stage`: static ones frozen, moving ones at their start poses. */
export function createJointMeshes(stage: GameStage, spec: GameJointsSpec): ToyMeshes {
  const toys = { spec };
  const { scene, shadows } = stage;
  const iron = solidMaterial(scene, 'iron-material', IRON);
  iron.specularColor = new Color3(0.5, 0.5, 0.5);
  iron.specularPower = 40;
  const steel = solidMaterial(scene, 'steel-material', STEEL);
  steel.specularColor = new Color3(0.6, 0.6, 0.6);
  const timber = solidMaterial(scene, 'timber-material', TIMBER);
  const darkTimber = solidMaterial(scene, 'dark-timber-material', DARK_TIMBER);
  const cast = (m: Mesh): Mesh => { m.receiveShadows = true; shadows.addShadowCaster(m); return m; };

  // Gallows: static boxes where the static bodies are.
  toys.spec.gallows.forEach((g, i) => {
    if (g.collider.shape !== 'box') return;
    const [hx, hy, hz] = g.collider.halfExtents;
    const box = cast(CreateBox(`gallows-${i}`, { width: 2 * hx, height: 2 * hy, depth: 2 * hz }, scene));
    box.position.set(...g.position);
    box.material = darkTimber;
    box.freezeWorldMatrix();
  });
  // A diagonal brace between the post and the beam (drawn only; the physics has the post and the beam).
  const post = toys.spec.gallows[0];
  if (post.collider.shape === 'box') {
    const top = post.position[1] + post.collider.halfExtents[1];
    const reach = 0.9; // along the post and along the beam (unit: m)
    const brace = cast(CreateBox('gallows-brace', { width: 0.12, height: Math.SQRT2 * reach, depth: 0.12 }, scene));
    brace.position.set(post.position[0], top - reach / 2, post.position[2] + reach / 2);
    brace.rotation.x = Math.PI / 4; // y axis tilted towards +z: from the post up to the beam
    brace.material = darkTimber;
    brace.freezeWorldMatrix();
  }
  const hook = CreateCylinder('chain-hook', { height: 0.1, diameter: 0.16, tessellation: 12 }, scene);
  hook.position.set(toys.spec.pivot[0], toys.spec.pivot[1] + 0.04, toys.spec.pivot[2]);
  hook.material = iron;
  hook.freezeWorldMatrix();

  // Chain: one capsule per link (as long as its collider), with a pin sphere at its upper joint; the
  // links are instances of one capsule and the pins of one sphere (two draw calls for the chain).
  const l0 = toys.spec.links[0];
  const linkSource = cast(CreateCapsule('chain-link-0', {
    height: 2 * (l0.halfHeight + l0.radius), radius: l0.radius, tessellation: 10, subdivisions: 1, capSubdivisions: 3,
  }, scene));
  linkSource.material = steel;
  const pinSource = CreateSphere('chain-pin-0', { diameter: 1.7 * l0.radius, segments: 8 }, scene);
  pinSource.material = iron;
  const links = toys.spec.links.map((l, i) => {
    const link = i === 0 ? linkSource : linkSource.createInstance(`chain-link-${i}`);
    const pin = i === 0 ? pinSource : pinSource.createInstance(`chain-pin-${i}`);
    pin.parent = link;
    pin.position.set(0, LINK_LENGTH / 2, 0);
    link.position.set(...l.position);
    return link;
  });
  const b = toys.spec.ball;
  const radius = b.collider.shape === 'sphere' ? b.collider.radius : 0.5;
  const ball = cast(CreateSphere('wrecking-ball', { diameter: 2 * radius, segments: 24 }, scene));
  ball.material = iron;
  const eye = CreateCylinder('wrecking-ball-eye', { height: 0.12, diameter: 0.18, tessellation: 12 }, scene);
  eye.material = iron;
  eye.parent = ball;
  eye.position.set(0, radius, 0);
  ball.position.set(...b.position);

  // Drawbridge: the plank with two iron bands, and its hinge (axle on two brackets, static).
  const [hx, hy, hz] = DRAWBRIDGE_HALF_EXTENTS;
  const plank = cast(CreateBox('drawbridge', { width: 2 * hx, height: 2 * hy, depth: 2 * hz }, scene));
  plank.material = timber;
  for (const y of [-0.55, 0.55]) {
    const band = CreateBox(`drawbridge-band-${y}`, { width: 2 * hx + 0.02, height: 0.14, depth: 2 * hz + 0.04 }, scene);
    band.material = iron;
    band.parent = plank;
    band.position.set(0, y * hy, 0);
  }
  plank.position.set(...toys.spec.drawbridge.position);
  const [cx, cy, cz] = toys.spec.hingePoint;
  const axle = cast(CreateCylinder('drawbridge-hinge', { height: 2 * hx + 0.5, diameter: 0.12, tessellation: 16 }, scene));
  axle.rotation.z = Math.PI / 2; // cylinder along y → along x (the hinge axis)
  axle.position.set(cx, cy, cz);
  axle.material = steel;
  axle.freezeWorldMatrix();
  for (const side of [-1, 1]) {
    const bracket = cast(CreateBox(`drawbridge-bracket-${side}`, { width: 0.12, height: cy + 0.1, depth: 0.3 }, scene));
    bracket.position.set(cx + side * (hx + 0.18), (cy + 0.1) / 2, cz);
    bracket.material = iron;
    bracket.freezeWorldMatrix();
  }
  return { links, ball, plank };
}
