/**
 * Benchmark: a pile of 1000 mixed random convex hulls and cylinders falling into a walled bin, on ours,
 * Havok (`@babylonjs/havok`, its `HP_*` API as `HavokPlugin` drives it) and cannon-es in the same
 * process, the engines taking turns of `--turn` steps (interleaved, so load on the machine hits them
 * alike), reported as the median ms per step and its ratios to Havok and cannon-es.
 *
 * The scene (same bodies in every engine): 1000 dynamic bodies of 1 kg, half cylinders (12 distinct
 * shapes, radius 0.25–0.45 m, half height 0.2–0.5 m), half hulls (12 distinct random rocks of 12–20
 * points within ±0.4 m: shared assets in ours and Havok, one ConvexPolyhedron each in cannon-es, built
 * from our hull's polygon faces), on a 10 × 10 grid, 10 layers 1.1 m apart from y = 1, random
 * orientations (mulberry32); a static ground box and four walls (bin of inner width 12 m); friction
 * 0.5, restitution 0; dt = 1/60 s; no sleeping. cannon-es builds its cylinder as a 12-sided prism.
 *
 *   npm run bench:convex -- --steps 300 --turn 20 --engine ours,havok,cannon
 *
 * It prints one line per engine and the ratios, plus how many bodies left the bin (a sanity check).
 */

import * as CANNON from 'cannon-es';
import type { HavokPhysicsWithBindings, HP_BodyId, HP_ShapeId } from '@babylonjs/havok';
import { addBody, convexHull, createPhysicsWorld, cylinder, stepWorld, type ConvexHull, type CylinderShape } from '../plugin/index';
import { createRandom, randomQuaternion } from '../scenes/prng';
import { loadHavok } from './havok-scene';

type V3 = [number, number, number];
type Q4 = [number, number, number, number];

interface PileBody { kind: 'cylinder' | 'hull'; index: number; position: V3; orientation: Q4 }

interface Pile {
  cylinders: { radius: number; halfHeight: number }[];
  hulls: number[][][];
  bodies: PileBody[];
  statics: { position: V3; halfExtents: V3 }[];
}

const BIN = 6; // half inner width (m)

function makePile(count: number): Pile {
  const r = createRandom(2024);
  const cylinders = Array.from({ length: 12 }, () => ({ radius: 0.25 + 0.2 * r(), halfHeight: 0.2 + 0.3 * r() }));
  const hulls = Array.from({ length: 12 }, () => {
    const n = 12 + Math.floor(9 * r()), pts: number[][] = [];
    for (let i = 0; i < n; i++) pts.push([(2 * r() - 1) * 0.4, (2 * r() - 1) * 0.4, (2 * r() - 1) * 0.4]);
    return pts;
  });
  const bodies: PileBody[] = [];
  for (let i = 0; i < count; i++) {
    const layer = Math.floor(i / 100), cell = i % 100;
    const x = (cell % 10) * 1.1 - 4.95, z = Math.floor(cell / 10) * 1.1 - 4.95;
    bodies.push({
      kind: i % 2 === 0 ? 'cylinder' : 'hull', index: Math.floor(r() * 12),
      position: [x, 1 + 1.1 * layer, z], orientation: randomQuaternion(r),
    });
  }
  const statics: Pile['statics'] = [
    { position: [0, -0.5, 0], halfExtents: [BIN + 1, 0.5, BIN + 1] },
    { position: [BIN + 0.5, 8, 0], halfExtents: [0.5, 8, BIN + 1] },
    { position: [-BIN - 0.5, 8, 0], halfExtents: [0.5, 8, BIN + 1] },
    { position: [0, 8, BIN + 0.5], halfExtents: [BIN + 1, 8, 0.5] },
    { position: [0, 8, -BIN - 0.5], halfExtents: [BIN + 1, 8, 0.5] },
  ];
  return { cylinders, hulls, bodies, statics };
}

interface Runner {
  name: string;
  step(): void;
  positions(): V3[];
}

function ours(p: Pile): Runner {
  const w = createPhysicsWorld({ solver: 'pgs' });
  for (const s of p.statics) addBody(w, { type: 'static', position: s.position, collider: { shape: 'box', halfExtents: s.halfExtents } });
  const cyl: CylinderShape[] = p.cylinders.map((c) => cylinder(c.radius, c.halfHeight));
  const hul: ConvexHull[] = p.hulls.map((h) => convexHull(h));
  const ids = p.bodies.map((b) => addBody(w, {
    position: b.position, orientation: b.orientation, mass: 1,
    collider: { shape: b.kind === 'cylinder' ? cyl[b.index] : hul[b.index], friction: 0.5 },
  }));
  return {
    name: 'ours',
    step() { stepWorld(w, 1 / 60); },
    positions() { return ids.map((e) => [w.bodies.position[3 * e], w.bodies.position[3 * e + 1], w.bodies.position[3 * e + 2]] as V3); },
  };
}

function havok(hp: HavokPhysicsWithBindings, p: Pile): Runner {
  const world = hp.HP_World_Create()[1];
  hp.HP_World_SetGravity(world, [0, -9.81, 0]);
  const material = (s: HP_ShapeId): void => { hp.HP_Shape_SetMaterial(s, [0.5, 0.5, 0, hp.MaterialCombine.MINIMUM, hp.MaterialCombine.MAXIMUM]); };
  const volume = (s: HP_ShapeId): number => {
    hp.HP_Shape_SetDensity(s, 1);
    return hp.HP_Shape_BuildMassProperties(s)[1][1];
  };
  const cyl = p.cylinders.map((c) => {
    const s = hp.HP_Shape_CreateCylinder([0, -c.halfHeight, 0], [0, c.halfHeight, 0], c.radius)[1];
    material(s);
    return s;
  });
  const hul = p.hulls.map((pts) => {
    const n = pts.length, bytes = n * 3 * 4;
    const ptr = hp._malloc(bytes);
    const f = new Float32Array(hp.HEAPU8.buffer, ptr, n * 3);
    pts.forEach((q, i) => { f[3 * i] = q[0]; f[3 * i + 1] = q[1]; f[3 * i + 2] = q[2]; });
    const s = hp.HP_Shape_CreateConvexHull(ptr, n)[1];
    hp._free(ptr);
    material(s);
    return s;
  });
  // 1 kg bodies: density = 1 / volume
  for (const s of [...cyl, ...hul]) hp.HP_Shape_SetDensity(s, 1 / volume(s));
  const statics: HP_BodyId[] = [];
  for (const s of p.statics) {
    const shape = hp.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [2 * s.halfExtents[0], 2 * s.halfExtents[1], 2 * s.halfExtents[2]])[1];
    material(shape);
    const b = hp.HP_Body_Create()[1];
    hp.HP_Body_SetShape(b, shape);
    hp.HP_Body_SetMotionType(b, hp.MotionType.STATIC);
    hp.HP_Body_SetQTransform(b, [[...s.position], [0, 0, 0, 1]]);
    hp.HP_World_AddBody(world, b, false);
    statics.push(b);
  }
  const bodies = p.bodies.map((d) => {
    const shape = d.kind === 'cylinder' ? cyl[d.index] : hul[d.index];
    const b = hp.HP_Body_Create()[1];
    hp.HP_Body_SetShape(b, shape);
    hp.HP_Body_SetMotionType(b, hp.MotionType.DYNAMIC);
    hp.HP_Body_SetMassProperties(b, hp.HP_Shape_BuildMassProperties(shape)[1]);
    hp.HP_Body_SetActivationControl(b, hp.ActivationControl.ALWAYS_ACTIVE);
    hp.HP_Body_SetQTransform(b, [[...d.position], [...d.orientation]]);
    hp.HP_World_AddBody(world, b, false);
    return b;
  });
  return {
    name: 'havok',
    step() { hp.HP_World_Step(world, 1 / 60); },
    positions() { return bodies.map((b) => hp.HP_Body_GetQTransform(b)[1][0]); },
  };
}

function cannon(p: Pile): Runner {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.81, 0), allowSleep: false });
  const bp = new CANNON.SAPBroadphase(world);
  world.broadphase = bp;
  world.defaultContactMaterial.friction = 0.5;
  world.defaultContactMaterial.restitution = 0;
  const hullShape = (pts: number[][]): CANNON.ConvexPolyhedron => {
    const h = convexHull(pts);
    const vertices: CANNON.Vec3[] = [];
    for (let i = 0; i < h.vertexCount; i++) vertices.push(new CANNON.Vec3(h.vertices[3 * i], h.vertices[3 * i + 1], h.vertices[3 * i + 2]));
    const faces: number[][] = [];
    for (let f = 0; f < h.faceCount; f++) faces.push(Array.from(h.faceVertices.subarray(h.faceStart[f], h.faceStart[f + 1])));
    return new CANNON.ConvexPolyhedron({ vertices, faces });
  };
  for (const s of p.statics) {
    world.addBody(new CANNON.Body({ mass: 0, type: CANNON.Body.STATIC, position: new CANNON.Vec3(...s.position), shape: new CANNON.Box(new CANNON.Vec3(...s.halfExtents)) }));
  }
  const bodies = p.bodies.map((d) => {
    const shape = d.kind === 'cylinder'
      ? new CANNON.Cylinder(p.cylinders[d.index].radius, p.cylinders[d.index].radius, 2 * p.cylinders[d.index].halfHeight, 12)
      : hullShape(p.hulls[d.index]);
    const b = new CANNON.Body({ mass: 1, position: new CANNON.Vec3(...d.position), quaternion: new CANNON.Quaternion(...d.orientation), shape });
    world.addBody(b);
    return b;
  });
  bp.autoDetectAxis();
  return {
    name: 'cannon-es',
    step() { world.step(1 / 60); },
    positions() { return bodies.map((b) => [b.position.x, b.position.y, b.position.z] as V3); },
  };
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

async function main(): Promise<void> {
  const steps = Number(arg('steps', '300'));
  const turn = Number(arg('turn', '20'));
  const count = Number(arg('count', '1000'));
  const engines = arg('engine', 'ours,havok,cannon').split(',');
  const pile = makePile(count);
  const runners: Runner[] = [];
  if (engines.includes('ours')) runners.push(ours(pile));
  if (engines.includes('havok')) runners.push(havok(await loadHavok(), pile));
  if (engines.includes('cannon')) runners.push(cannon(pile));
  const times = runners.map(() => [] as number[]);
  for (let done = 0; done < steps; done += turn) {
    runners.forEach((r, k) => {
      for (let i = 0; i < turn && done + i < steps; i++) {
        const t0 = performance.now();
        r.step();
        times[k].push(performance.now() - t0);
      }
    });
  }
  const med = times.map(median);
  runners.forEach((r, k) => {
    const escaped = r.positions().filter((q) => Math.abs(q[0]) > BIN || Math.abs(q[2]) > BIN || q[1] < -0.5 || !Number.isFinite(q[1])).length;
    const top = Math.max(...r.positions().map((q) => q[1]));
    console.log(`${r.name.padEnd(10)} ${count} bodies, ${steps} steps: median ${med[k].toFixed(2)} ms/step; escaped ${escaped}; top ${top.toFixed(2)} m`);
  });
  const ref = (name: string): number => med[runners.findIndex((r) => r.name === name)];
  if (engines.includes('ours') && engines.includes('havok')) console.log(`ours / havok     = ${(ref('ours') / ref('havok')).toFixed(2)}`);
  if (engines.includes('ours') && engines.includes('cannon')) console.log(`ours / cannon-es = ${(ref('ours') / ref('cannon-es')).toFixed(2)}`);
}

void main();
