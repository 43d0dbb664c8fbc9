/**
 * The sample game's look: scene, orbit camera, lights, shadows, ground mesh and the material palette.
 * Nothing here knows about physics.
 */

import type { Engine } from '@babylonjs/core/Engines/engine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera.js';
import { Camera } from '@babylonjs/core/Cameras/camera.js';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight.js';
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight.js';
import { ShadowGenerator } from '@babylonjs/core/Lights/Shadows/shadowGenerator.js';
import '@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { CreateGround } from '@babylonjs/core/Meshes/Builders/groundBuilder.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';

export interface GameStage {
  scene: Scene;
  camera: ArcRotateCamera;
  shadows: ShadowGenerator;
  ground: Mesh;
}

/** Base colours of the structures, in the order of the level's structures (red, blue, green, yellow). */
export const STRUCTURE_COLOURS: readonly Color3[] = [
  Color3.FromHexString('#d64545'),
  Color3.FromHexString('#3f7fd9'),
  Color3.FromHexString('#3fae5a'),
  Color3.FromHexString('#e8b931'),
];

/**
 * Creates the scene with its camera (orbiting the level, attached to the canvas), a sky light, a sun
 * with a 1024² shadow map, and the ground mesh (top face y = 0, `groundHalfSize` m each way).
 */
export function createStage(engine: Engine, canvas: HTMLCanvasElement, groundHalfSize: number): GameStage {
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.56, 0.72, 0.87, 1);
  scene.ambientColor = new Color3(0.25, 0.25, 0.28);

  const camera = new ArcRotateCamera('camera', Math.PI / 2 + 0.22, 1.16, 19, new Vector3(0, 1.0, -2.5), scene);
  camera.lowerBetaLimit = 0.2;
  camera.upperBetaLimit = Math.PI / 2 - 0.06; // stay above the ground
  camera.lowerRadiusLimit = 6;
  camera.upperRadiusLimit = 45;
  camera.wheelDeltaPercentage = 0.01;
  camera.panningSensibility = 0; // right-drag orbits too; no panning away from the level
  camera.minZ = 0.1;
  camera.maxZ = 300;
  camera.attachControl(canvas, true);
  // Portrait screens (phones): fix the horizontal field of view instead, so the level stays in view.
  const fitFov = (): void => {
    camera.fovMode = engine.getAspectRatio(camera) < 1 ? Camera.FOVMODE_HORIZONTAL_FIXED : Camera.FOVMODE_VERTICAL_FIXED;
  };
  fitFov();
  engine.onResizeObservable.add(fitFov);

  const sky = new HemisphericLight('sky', new Vector3(0.2, 1, 0.1), scene);
  sky.intensity = 0.55;
  sky.groundColor = new Color3(0.35, 0.33, 0.3);

  const sun = new DirectionalLight('sun', new Vector3(-0.45, -1, -0.35), scene);
  sun.position = new Vector3(18, 30, 16);
  sun.intensity = 0.85;
  const shadows = new ShadowGenerator(1024, sun);
  shadows.bias = 0.0015;
  shadows.normalBias = 0.01;
  shadows.usePoissonSampling = true;

  const ground = CreateGround('ground', { width: 2 * groundHalfSize, height: 2 * groundHalfSize }, scene);
  const groundMaterial = new StandardMaterial('ground-material', scene);
  groundMaterial.diffuseColor = Color3.FromHexString('#7d8f69');
  groundMaterial.specularColor = Color3.Black();
  ground.material = groundMaterial;
  ground.receiveShadows = true;
  ground.isPickable = true;

  return { scene, camera, shadows, ground };
}

/** A diffuse material of `colour` with a weak highlight (shared by all meshes of one colour). */
export function solidMaterial(scene: Scene, name: string, colour: Color3): StandardMaterial {
  const m = new StandardMaterial(name, scene);
  m.diffuseColor = colour;
  m.specularColor = new Color3(0.12, 0.12, 0.12);
  m.ambientColor = colour.scale(0.6);
  return m;
}
