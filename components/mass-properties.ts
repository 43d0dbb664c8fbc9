/**
 * Mass and principal inertia of the collider shapes from a uniform density, about the centre of mass,
 * in the body frame (principal axes = body axes for every shape here).
 * Sources: standard solid-body formulas (e.g. Ericson, "Real-Time Collision Detection", and for the
 * capsule a cylinder plus two hemispheres with the parallel-axis theorem).
 */

import { ShapeKind } from './collider';

export interface MassProperties {
  /** unit: kg */
  mass: number;
  /** Principal moments (unit: kg·m²) about the body x, y, z axes. */
  inertia: [number, number, number];
}

/** Volume of a shape (unit: m³). Planes have no volume (Infinity). */
export function shapeVolume(kind: number, size: ArrayLike<number>): number {
  switch (kind) {
    case ShapeKind.sphere: return (4 / 3) * Math.PI * (size[0] * size[0] * size[0]);
    case ShapeKind.box: return 8 * size[0] * size[1] * size[2];
    case ShapeKind.capsule: {
      const r = size[0], hh = size[1];
      return Math.PI * r * r * (2 * hh) + (4 / 3) * Math.PI * (r * r * r);
    }
    default: return Infinity;
  }
}

/** Mass properties of a shape of uniform density `density` (unit: kg/m³). */
export function shapeMassProperties(kind: number, size: ArrayLike<number>, density: number): MassProperties {
  switch (kind) {
    case ShapeKind.sphere: {
      const r = size[0];
      const m = density * (4 / 3) * Math.PI * (r * r * r);
      const i = 0.4 * m * r * r;
      return { mass: m, inertia: [i, i, i] };
    }
    case ShapeKind.box: {
      const x = size[0], y = size[1], z = size[2];
      const m = density * 8 * x * y * z;
      return { mass: m, inertia: [(m * (y * y + z * z)) / 3, (m * (x * x + z * z)) / 3, (m * (x * x + y * y)) / 3] };
    }
    case ShapeKind.capsule: {
      // Cylinder of height H = 2 hh along y plus two hemispheres; hemisphere centroid at 3r/8 from its flat face.
      const r = size[0], hh = size[1], H = 2 * hh;
      const mc = density * Math.PI * r * r * H;
      const ms = density * (4 / 3) * Math.PI * (r * r * r); // both hemispheres together
      const iy = 0.5 * mc * r * r + 0.4 * ms * r * r;
      const ix = mc * (H * H / 12 + r * r / 4) + ms * (0.4 * r * r + hh * hh + 0.75 * hh * r);
      return { mass: mc + ms, inertia: [ix, iy, ix] };
    }
    default:
      return { mass: Infinity, inertia: [Infinity, Infinity, Infinity] };
  }
}
