/**
 * The friction lab scene of the sample game: the two worlds of `scenes/friction-lab.ts` (Coulomb and
 * maximum-dissipation friction, same throws) rendered side by side in one Babylon scene, the Coulomb
 * world on the left (x − {@link SIDE_OFFSET}) and the maximum-dissipation world on the right
 * (x + {@link SIDE_OFFSET}), each under a floating label, with a white line on the ground between them.
 * Rods of the same lane have the same colour in both worlds; the control spheres are grey and white.
 *
 * Each world is stepped by its own `attachPhysics` (fixed step 1/60 s, up to 4 per frame); both read
 * the same frame time, so they take the same steps. The meshes of a world are children of a
 * translation-only node at the world's offset, so the poses written by the attachment (world values
 * of the physics world) are shifted sideways without touching the physics.
 */

import type { Engine } from '@babylonjs/core/Engines/engine.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder.js';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import { DynamicTexture } from '@babylonjs/core/Materials/Textures/dynamicTexture.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { attachPhysics, type PhysicsAttachment } from '../plugin/babylon/index';
import {
  createFrictionLab, frictionLabDifference, frictionLabSpec, LAB_SPHERE_RADIUS, LAB_TIME_STEP, ROD_HALF_EXTENTS,
  type FrictionLab, type FrictionLabDifference, type FrictionLabSide,
} from '../scenes/friction-lab';
import { createStage, solidMaterial, STRUCTURE_COLOURS, type GameStage } from './scene-setup';
import { addFrameProfile, addStepProfile, clearFrameProfile, createFrameProfile, type FrameProfile } from './profile-overlay';

/** Sideways offset of each world's drawing from the centre line (unit: m, along x). */
export const SIDE_OFFSET = 5.4;
/** Half size of the drawn ground (unit: m); each physics world has its own 20 m ground box. */
const GROUND_HALF_SIZE = 16;

/** Display names of the two worlds, left then right. */
export const SIDE_LABELS = ['Coulomb', 'Max-dissipation'] as const;

interface SideView {
  root: TransformNode;
  rods: Mesh[];
  spheres: Mesh[];
  physics: PhysicsAttachment | undefined;
  profile: FrameProfile;
}

export class FrictionLabView {
  readonly stage: GameStage;
  readonly scene: Scene;
  /** The two worlds now shown (replaced by {@link relaunch}). */
  lab: FrictionLab;
  /** Physics totals of the frame being rendered, both worlds together. */
  readonly frameProfile: FrameProfile = createFrameProfile();
  /** Frames rendered so far. */
  frames = 0;
  /** Launches so far (1 after construction). */
  launches = 0;
  private readonly sides: [SideView, SideView];

  constructor(readonly engine: Engine, readonly canvas: HTMLCanvasElement) {
    this.stage = createStage(engine, canvas, GROUND_HALF_SIZE);
    this.scene = this.stage.scene;
    this.scene.skipPointerMovePicking = true;
    const camera = this.stage.camera;
    // From −z looking along +z (Babylon is left-handed: +x is to the right), so the Coulomb world is
    // on the left; the rods slide towards the camera. The target is left of the centre line so that
    // the worlds sit right of the HUD panel.
    camera.target = new Vector3(-3.1, -1.2, -0.6);
    camera.alpha = -Math.PI / 2;
    camera.beta = 0.78;
    camera.radius = 21.5;

    this.sides = [this.createSide(0), this.createSide(1)];
    this.createDivider();
    SIDE_LABELS.forEach((text, i) => this.createLabel(text, (i === 0 ? -1 : 1) * SIDE_OFFSET));

    this.lab = createFrictionLab(true);
    this.attach();
    this.scene.onAfterRenderObservable.add(() => { this.frames++; });
  }

  /** Steps taken by each world since the last launch. */
  get steps(): number {
    return this.lab.coulomb.world.stepCount;
  }

  /** How far apart the two worlds are now, body by body (see `frictionLabDifference`). */
  difference(): FrictionLabDifference {
    return frictionLabDifference(this.lab);
  }

  /** Throws everything again: two fresh worlds from the same description, stepped from the next frame. */
  relaunch(): void {
    for (const side of this.sides) {
      side.physics?.dispose();
      side.physics = undefined;
    }
    this.lab = createFrictionLab(true);
    this.attach();
  }

  /**
   * Sums the frame's physics totals of both worlds into {@link frameProfile} and clears the per-world
   * totals; call once per rendered frame, before reading `frameProfile`.
   */
  collectFrameProfile(): FrameProfile {
    clearFrameProfile(this.frameProfile);
    this.frameProfile.bodies = 0;
    this.frameProfile.contacts = 0;
    for (const side of this.sides) {
      addFrameProfile(this.frameProfile, side.profile);
      clearFrameProfile(side.profile);
    }
    return this.frameProfile;
  }

  private attach(): void {
    const worlds: FrictionLabSide[] = [this.lab.coulomb, this.lab.maxDissipation];
    worlds.forEach((labSide, i) => {
      const view = this.sides[i];
      const physics = attachPhysics(this.scene, labSide.world, {
        fixedTimeStep: LAB_TIME_STEP,
        maxSubSteps: 4,
        onAfterStep: (w) => addStepProfile(view.profile, w.profiler.last),
      });
      labSide.scene.rods.forEach((e, k) => physics.link(view.rods[k], e));
      labSide.scene.spheres.forEach((e, k) => physics.link(view.spheres[k], e));
      view.physics = physics;
    });
    this.launches++;
  }

  private createSide(index: number): SideView {
    const { scene, stage } = this;
    const root = new TransformNode(`lab-side-${index}`, scene);
    root.position.x = (index === 0 ? -1 : 1) * SIDE_OFFSET;
    const [hx, hy, hz] = ROD_HALF_EXTENTS;
    const spec = frictionLabSpec();
    const rods = spec.rods.map((_, k) => {
      const box = CreateBox(`lab-rod-${index}-${k}`, { width: 2 * hx, height: 2 * hy, depth: 2 * hz }, scene);
      box.material = solidMaterial(scene, `lab-rod-material-${index}-${k}`, STRUCTURE_COLOURS[k % STRUCTURE_COLOURS.length]);
      return box;
    });
    const sphereColours = [Color3.FromHexString('#4a5060'), Color3.FromHexString('#e8e4da')];
    const spheres = spec.spheres.map((_, k) => {
      const ball = CreateSphere(`lab-sphere-${index}-${k}`, { diameter: 2 * LAB_SPHERE_RADIUS, segments: 16 }, scene);
      ball.material = solidMaterial(scene, `lab-sphere-material-${index}-${k}`, sphereColours[k % 2]);
      return ball;
    });
    for (const mesh of [...rods, ...spheres]) {
      mesh.parent = root;
      mesh.receiveShadows = true;
      mesh.isPickable = false;
      stage.shadows.addShadowCaster(mesh);
    }
    return { root, rods, spheres, physics: undefined, profile: createFrameProfile() };
  }

  /** A thin white strip on the ground along z at x = 0 between the two worlds. */
  private createDivider(): void {
    const strip = CreateBox('lab-divider', { width: 0.06, height: 0.01, depth: 12 }, this.scene);
    strip.position.set(0, 0.005, -1);
    const m = new StandardMaterial('lab-divider-material', this.scene);
    m.diffuseColor = Color3.White();
    m.emissiveColor = new Color3(0.6, 0.6, 0.6);
    m.specularColor = Color3.Black();
    strip.material = m;
    strip.isPickable = false;
  }

  /** A floating text label at (x, 2.4 m, −1 m), always facing the camera. */
  private createLabel(text: string, x: number): void {
    const { scene } = this;
    const width = 512, height = 96;
    const texture = new DynamicTexture(`lab-label-texture-${text}`, { width, height }, scene, true);
    texture.hasAlpha = true;
    const ctx = texture.getContext();
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = 'rgba(16, 20, 28, 0.72)';
    ctx.fillRect(0, 0, width, height);
    texture.drawText(text, null, 68, 'bold 54px system-ui, sans-serif', '#ffffff', null, true, true);
    const material = new StandardMaterial(`lab-label-material-${text}`, scene);
    material.diffuseTexture = texture;
    material.emissiveColor = Color3.White();
    material.disableLighting = true;
    material.useAlphaFromDiffuseTexture = true;
    material.backFaceCulling = false;
    const plane = CreatePlane(`lab-label-${text}`, { width: 4.4, height: 4.4 * (height / width) }, scene);
    plane.material = material;
    plane.position.set(x, 2.4, -1);
    plane.billboardMode = TransformNode.BILLBOARDMODE_ALL;
    plane.isPickable = false;
  }
}
