/**
 * The joint-grid scene: a horizontal net of small spheres, each tied to its four neighbours by ball
 * joints at the midpoints between them, with one edge pinned to the world by ball joints. Released
 * under gravity, the free part of the net swings down about the pinned edge like a curtain and keeps
 * swinging. No ground: the net only ever touches itself. The scene is about joints (rows, islands,
 * the anchors holding together under a swing), not contacts.
 *
 * Deterministic: no randomness at all.
 */

import type { PhysicsWorld } from '../plugin/world';
import { BODY_MASS, IDENTITY, type QuatTuple, type Vec3Tuple } from './container';
import { buildJointedSpec, WORLD, type BuiltJointedScene, type JointedSceneSpec, type SceneJointSpec } from './jointed';

/** One line describing the scene. */
export const JOINT_GRID_DESCRIPTION =
  'A 10 × 10 net of spheres (r 0.1 m, 1 kg, 0.5 m apart) tied by 180 ball joints, one edge pinned by 10 more, swinging down from horizontal.';

/** Options of {@link jointGridSpec} / {@link buildJointGrid}. */
export interface JointGridOptions {
  /** Spheres along x (the pinned edge) (default 10). */
  columns?: number;
  /** Spheres along z (away from the pinned edge) (default 10). */
  rows?: number;
  /** Distance between neighbouring sphere centres (unit: m, default 0.5). */
  spacing?: number;
  /** Sphere radius (unit: m, default 0.1; less than spacing / 2). */
  radius?: number;
  /** Height of the net at the start (unit: m, default 6). */
  height?: number;
}

/** The net described by {@link jointGridSpec}, added to a world. */
export interface JointGridScene extends BuiltJointedScene {
  /** Spheres along x and along z. */
  columns: number;
  rows: number;
}

/**
 * Describes the net: `columns × rows` spheres (1 kg) in the plane y = `height`, sphere (i, k) at
 * x = (i − (columns − 1)/2)·spacing, z = k·spacing, in the order k-major (i fastest). Joints, in this
 * order: for each sphere, a ball joint to its +x neighbour, then to its +z neighbour (anchor at the
 * midpoint), then one ball joint to the world at the centre of each sphere of the row k = 0 (the
 * pinned edge along x). No statics.
 * @throws RangeError for fewer than 2 × 1 spheres or spheres that would touch.
 */
export function jointGridSpec(options: JointGridOptions = {}): JointedSceneSpec {
  const nx = options.columns ?? 10, nz = options.rows ?? 10;
  const s = options.spacing ?? 0.5, r = options.radius ?? 0.1, h = options.height ?? 6;
  if (!(Number.isInteger(nx) && Number.isInteger(nz) && nx >= 2 && nz >= 1)) {
    throw new RangeError(`jointGridSpec: need at least 2 × 1 spheres, got ${nx} × ${nz}`);
  }
  if (!(r > 0 && 2 * r < s)) throw new RangeError(`jointGridSpec: radius ${r} m must be in (0, spacing / 2 = ${s / 2} m)`);
  const at = (i: number, k: number): Vec3Tuple => [(i - (nx - 1) / 2) * s, h, k * s];
  const dynamics: JointedSceneSpec['dynamics'] = [];
  for (let k = 0; k < nz; k++) {
    for (let i = 0; i < nx; i++) {
      dynamics.push({
        type: 'dynamic', position: at(i, k), orientation: [...IDENTITY] as QuatTuple,
        collider: { shape: 'sphere', radius: r }, mass: BODY_MASS,
      });
    }
  }
  const joints: SceneJointSpec[] = [];
  const index = (i: number, k: number): number => k * nx + i;
  const mid = (a: Vec3Tuple, b: Vec3Tuple): Vec3Tuple => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
  for (let k = 0; k < nz; k++) {
    for (let i = 0; i < nx; i++) {
      if (i + 1 < nx) joints.push({ kind: 'ball', bodyA: index(i, k), bodyB: index(i + 1, k), anchor: mid(at(i, k), at(i + 1, k)) });
      if (k + 1 < nz) joints.push({ kind: 'ball', bodyA: index(i, k), bodyB: index(i, k + 1), anchor: mid(at(i, k), at(i, k + 1)) });
    }
  }
  for (let i = 0; i < nx; i++) joints.push({ kind: 'ball', bodyA: index(i, 0), bodyB: WORLD, anchor: at(i, 0) });
  return { statics: [], dynamics, joints };
}

/** Builds the net of {@link jointGridSpec} in `world` (default 10 × 10 spheres, 190 joints). */
export function buildJointGrid(world: PhysicsWorld, options: JointGridOptions = {}): JointGridScene {
  const spec = jointGridSpec(options);
  return { ...buildJointedSpec(world, spec), columns: options.columns ?? 10, rows: options.rows ?? 10 };
}
