/**
 * The sample game's props in the scene, through Babylon's Physics V2 API only (so they run on this
 * engine and on Havok alike): the hill (a MESH shape of the hill's ground mesh), barrels (CYLINDER),
 * rocks (CONVEX_HULL of a low-poly mesh of their hull) and a table (one body with a CONTAINER of five
 * boxes). The description, masses aside, is `scenes/game-props.ts`'s: densities there, masses here
 * from the shapes' volumes.
 */

import type { Scene } from '@babylonjs/core/scene.js';
import { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer.js';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData.js';
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import { CreateCylinder } from '@babylonjs/core/Meshes/Builders/cylinderBuilder.js';
import { CreateGround } from '@babylonjs/core/Meshes/Builders/groundBuilder.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { PhysicsShapeBox, PhysicsShapeContainer } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { PhysicsMotionType, PhysicsShapeType } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { convexHull } from '../plugin/index';
import { gamePropsSpec, HILL, HILL_CELLS, hillHeight, type GamePropsSpec } from '../scenes/game-props';
import type { QuatTuple, Vec3Tuple } from '../scenes/container';
import { solidMaterial, type GameStage } from './scene-setup';

/** The props as built in the scene. */
export interface PropBodies {
  spec: GamePropsSpec;
  hill: PhysicsAggregate;
  /** The dynamic props: barrels, rocks, then the table. */
  bodies: PhysicsBody[];
  startPositions: Vec3Tuple[];
  startOrientations: QuatTuple[];
}

/** Builds the props (see the file header) with the surface material `surface`. */
export function createProps(scene: Scene, stage: GameStage, surface: { friction: number; restitution: number }): PropBodies {
  const spec = gamePropsSpec();
  // the hill: a ground mesh of the spec's grid lifted to the hill's heights
  const side = 2 * HILL.radius;
  const hillMesh = CreateGround('hill', { width: side, height: side, subdivisions: HILL_CELLS, updatable: true }, scene);
  hillMesh.position.set(HILL.x, 0, HILL.z);
  const pos = hillMesh.getVerticesData(VertexBuffer.PositionKind) as Float32Array | number[];
  for (let i = 0; i < pos.length; i += 3) pos[i + 1] = hillHeight(pos[i] + HILL.x, pos[i + 2] + HILL.z);
  hillMesh.updateVerticesData(VertexBuffer.PositionKind, pos);
  const normals: number[] = [];
  VertexData.ComputeNormals(pos, hillMesh.getIndices() ?? [], normals);
  hillMesh.updateVerticesData(VertexBuffer.NormalKind, normals);
  hillMesh.refreshBoundingInfo();
  const hillMaterial = solidMaterial(scene, 'hill-material', Color3.FromHexString('#66784a'));
  hillMaterial.specularColor = Color3.Black();
  hillMesh.material = hillMaterial;
  hillMesh.receiveShadows = true;
  const hill = new PhysicsAggregate(hillMesh, PhysicsShapeType.MESH, { mass: 0, ...surface }, scene);

  const bodies: PhysicsBody[] = [], startPositions: Vec3Tuple[] = [], startOrientations: QuatTuple[] = [];
  const place = (node: Mesh, p: Vec3Tuple, q: QuatTuple): void => {
    node.position.set(...p);
    node.rotationQuaternion = new Quaternion(...q);
    startPositions.push([...p]);
    startOrientations.push([...q]);
  };

  const barrelMaterial = solidMaterial(scene, 'barrel-material', Color3.FromHexString('#8b5a2b'));
  spec.barrels.forEach((b, i) => {
    const mesh = CreateCylinder(`barrel-${i}`, { height: 2 * b.halfHeight, diameter: 2 * b.radius, tessellation: 20 }, scene);
    mesh.material = barrelMaterial;
    stage.shadows.addShadowCaster(mesh);
    place(mesh, b.position, b.orientation);
    const mass = b.density * Math.PI * b.radius * b.radius * 2 * b.halfHeight;
    const a = new PhysicsAggregate(mesh, PhysicsShapeType.CYLINDER, {
      mass, radius: b.radius, pointA: new Vector3(0, -b.halfHeight, 0), pointB: new Vector3(0, b.halfHeight, 0), ...surface,
    }, scene);
    bodies.push(a.body);
  });

  const rockMaterial = solidMaterial(scene, 'rock-material', Color3.FromHexString('#8d8a84'));
  rockMaterial.backFaceCulling = false;
  spec.rocks.forEach((r, i) => {
    const hull = convexHull(r.points);
    // flat-shaded: each face's polygon as a fan, with the face's outward normal
    const positions: number[] = [], normalsOut: number[] = [], indices: number[] = [];
    for (let f = 0; f < hull.faceCount; f++) {
      const s = hull.faceStart[f], e = hull.faceStart[f + 1], base = positions.length / 3;
      for (let k = s; k < e; k++) {
        const v = hull.faceVertices[k];
        positions.push(hull.vertices[3 * v], hull.vertices[3 * v + 1], hull.vertices[3 * v + 2]);
        normalsOut.push(hull.facePlanes[4 * f], hull.facePlanes[4 * f + 1], hull.facePlanes[4 * f + 2]);
      }
      for (let k = 1; k + 1 < e - s; k++) indices.push(base, base + k + 1, base + k);
    }
    const mesh = new Mesh(`rock-${i}`, scene);
    const data = new VertexData();
    data.positions = positions; data.normals = normalsOut; data.indices = indices;
    data.applyToMesh(mesh);
    mesh.material = rockMaterial;
    stage.shadows.addShadowCaster(mesh);
    place(mesh, r.position, r.orientation);
    const a = new PhysicsAggregate(mesh, PhysicsShapeType.CONVEX_HULL, { mass: r.density * hull.volume, ...surface }, scene);
    bodies.push(a.body);
  });

  // the table: an invisible node carrying the body, its boxes as child meshes and container children
  const t = spec.table;
  const node = new Mesh('table', scene);
  place(node, t.position, t.orientation);
  const tableMaterial = solidMaterial(scene, 'table-material', Color3.FromHexString('#a0703c'));
  const container = new PhysicsShapeContainer(scene);
  let mass = 0;
  t.parts.forEach((p, i) => {
    const [hx, hy, hz] = p.halfExtents;
    const box = CreateBox(`table-part-${i}`, { width: 2 * hx, height: 2 * hy, depth: 2 * hz }, scene);
    box.material = tableMaterial;
    box.parent = node;
    box.position.set(...p.offset);
    stage.shadows.addShadowCaster(box);
    container.addChild(new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(2 * hx, 2 * hy, 2 * hz), scene), new Vector3(...p.offset));
    mass += t.density * 8 * hx * hy * hz;
  });
  container.material = { friction: surface.friction, restitution: surface.restitution };
  const table = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, scene);
  table.shape = container;
  table.setMassProperties({ mass });
  bodies.push(table);
  return { spec, hill, bodies, startPositions, startOrientations };
}
