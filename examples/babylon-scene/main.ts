import { Engine } from '@babylonjs/core/Engines/engine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera.js';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import '@babylonjs/core/Materials/standardMaterial.js'; // side effect: the default material meshes draw with
import { createPhysicsWorld, addBody, applyImpulse } from 'babylon-ecs-physics';
import { attachPhysics } from 'babylon-ecs-physics/babylon';

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const engine = new Engine(canvas, true);
const scene = new Scene(engine);
const camera = new ArcRotateCamera('camera', -Math.PI / 2.5, 1.1, 9, new Vector3(0, 0.5, 1), scene);
camera.attachControl(canvas, true);
new HemisphericLight('sky', new Vector3(0.3, 1, -0.4), scene).intensity = 0.8;

const world = createPhysicsWorld({ gravity: [0, -9.81, 0], solver: 'pgs', profile: true });
const physics = attachPhysics(scene, world, { fixedTimeStep: 1 / 60, maxSubSteps: 4 });

MeshBuilder.CreateGround('ground', { width: 20, height: 20 }, scene);
addBody(world, { type: 'static', collider: { shape: 'plane' } });               // the ground, y = 0
const crate = MeshBuilder.CreateBox('crate', { size: 1 }, scene);
const body = addBody(world, {
  position: [0, 3, 0],
  collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: 0.5 },   // mass from density 1000 kg/m³
});
physics.link(crate, body);                 // the mesh follows the body, interpolated between steps

applyImpulse(world, body, [0, 0, 500]);    // N·s, world frame
engine.runRenderLoop(() => scene.render());
window.addEventListener('resize', () => engine.resize());
// world.profiler.last.stages → ms per stage of the last step; world.contacts → begin / end events
// physics.dispose() removes everything attachPhysics added
