/**
 * The accurate mode next to the fast one: the same Newton's cradle (five touching balls, restitution
 * 1, no friction, no gravity; the first arrives at 1 m/s) in two worlds. The accurate solver's PLUS
 * impact phase passes the whole momentum down the row, (0, 0, 0, 0, 1) m/s; the fast solver spreads it
 * over the last four balls. The panel prints each ball's speed; the scene replays every 4 s of
 * simulated time.
 */

import { Engine } from '@babylonjs/core/Engines/engine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera.js';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import 'babylon-ecs-physics/accurate'; // registers the accurate solver 'lcp'
import {
  addBody, createPhysicsWorld, getLinearVelocity, setAngularVelocity, setLinearVelocity, setOrientation, setPosition,
  type PhysicsWorld, type SolverKind,
} from 'babylon-ecs-physics';
import { attachPhysics } from 'babylon-ecs-physics/babylon';

const BALLS = 5;
const RADIUS = 0.5;

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const engine = new Engine(canvas, true);
const scene = new Scene(engine);
const camera = new ArcRotateCamera('camera', -Math.PI / 2, Math.PI / 2.2, 10, new Vector3(2.2, -0.4, 0), scene);
camera.attachControl(canvas, true);
new HemisphericLight('sky', new Vector3(0.3, 1, -0.5), scene);

interface Row { solver: SolverKind; world: PhysicsWorld; bodies: number[]; cell: HTMLElement }

function makeRow(solver: SolverKind, y: number, colour: Color3, cell: HTMLElement): Row {
  const world = createPhysicsWorld({ solver, gravity: [0, 0, 0] });
  const physics = attachPhysics(scene, world, { fixedTimeStep: 1 / 60, maxSubSteps: 4 });
  const material = new StandardMaterial(`${solver}-material`, scene);
  material.diffuseColor = colour;
  const ball = { shape: 'sphere' as const, radius: RADIUS, restitution: 1, friction: 0 };
  const row: Row = { solver, world, bodies: [], cell };
  for (let i = 0; i < BALLS; i++) {
    const mesh = MeshBuilder.CreateSphere(`${solver}-ball-${i}`, { diameter: 2 * RADIUS }, scene);
    mesh.material = material;
    const body = addBody(world, { position: [0, y, 0], mass: 1, collider: ball, angularDamping: 0 });
    physics.link(mesh, body);
    row.bodies.push(body);
  }
  launch(row, y);
  return row;
}

/** Puts the row's balls back (at height `y`): touching in a line, the first one 0.2 m before them at 1 m/s. */
function launch(row: Row, y: number): void {
  row.bodies.forEach((body, i) => {
    setPosition(row.world, body, [i === 0 ? -0.2 : 2 * RADIUS * i, y, 0]);
    setOrientation(row.world, body, [0, 0, 0, 1]);
    setLinearVelocity(row.world, body, i === 0 ? [1, 0, 0] : [0, 0, 0]);
    setAngularVelocity(row.world, body, [0, 0, 0]);
  });
}

const rows = [
  makeRow('pgs', 0.8, Color3.FromHexString('#3f7fd9'), document.getElementById('fast-speeds') as HTMLElement),
  makeRow('lcp', -1.6, Color3.FromHexString('#d64545'), document.getElementById('accurate-speeds') as HTMLElement),
];

/** A speed for the panel: two decimals, and no "-0.00" for a ball at rest. */
const speed = (v: number): string => (Math.abs(v) < 0.005 ? 0 : v).toFixed(2);

let launchedAt = 0;
engine.runRenderLoop(() => {
  if (rows[0].world.time - launchedAt > 4) { // replay every 4 s of simulated time
    launchedAt = rows[0].world.time;
    rows.forEach((row, r) => launch(row, r === 0 ? 0.8 : -1.6));
  }
  scene.render();
  for (const row of rows) {
    row.cell.textContent = row.bodies.map((b) => speed(getLinearVelocity(row.world, b)[0])).join('  ');
  }
});
window.addEventListener('resize', () => engine.resize());
