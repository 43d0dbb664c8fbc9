/**
 * Stage 1 helper: the world AABB of one collider, fattened by the contact margin.
 * Reads the collider shape, its world pose (`colliders.worldPose`) and its body's velocities; writes
 * `colliders.aabb[6 eid .. 6 eid + 5]`.
 */

import { ShapeKind, type ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';
import { getShapeRoutines } from '../shapes/shape-registry';

/** Half-size of an unbounded AABB (planes): large but finite, so sums stay finite. */
export const UNBOUNDED = 1e30;

/**
 * Writes the world AABB of collider `eid`, grown by `margin` (unit: m) on every side and swept along
 * the body's linear velocity over `dt` (unit: s), so that pairs that may meet during the step are
 * found (speculative contacts; the narrowphase widens its margin the same way). A collider away from
 * its body's centre of mass also grows by |ω| |p_local| dt, how far its centre can swing.
 * Box: |R| h (the absolute rotation matrix times the half extents). Capsule: the segment's
 * end points ± radius. Plane: unbounded.
 */
export function computeAabb(c: ColliderStore, b: RigidBodyStore, eid: number, margin: number, dt: number): void {
  const a = c.aabb, o = 6 * eid;
  const p = c.worldPose, pi = 7 * eid;
  let px = p[pi], py = p[pi + 1], pz = p[pi + 2];
  const s = c.size, si = 3 * eid;
  let ex: number, ey: number, ez: number;
  switch (c.shape[eid]) {
    case ShapeKind.sphere:
      ex = ey = ez = s[si];
      break;
    case ShapeKind.box: {
      const x = p[pi + 3], y = p[pi + 4], z = p[pi + 5], w = p[pi + 6];
      const hx = s[si], hy = s[si + 1], hz = s[si + 2];
      const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
      const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
      const r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
      ex = Math.abs(r00) * hx + Math.abs(r01) * hy + Math.abs(r02) * hz;
      ey = Math.abs(r10) * hx + Math.abs(r11) * hy + Math.abs(r12) * hz;
      ez = Math.abs(r20) * hx + Math.abs(r21) * hy + Math.abs(r22) * hz;
      break;
    }
    case ShapeKind.capsule: {
      const x = p[pi + 3], y = p[pi + 4], z = p[pi + 5], w = p[pi + 6];
      const r = s[si], hh = s[si + 1];
      // body-local y axis in world = second column of R
      const ax = 2 * (x * y - w * z), ay = 1 - 2 * (x * x + z * z), az = 2 * (y * z + w * x);
      ex = Math.abs(ax) * hh + r;
      ey = Math.abs(ay) * hh + r;
      ez = Math.abs(az) * hh + r;
      break;
    }
    default: {
      // registered shapes (cylinder, convex hull …): their tight box as centre ± extent; planes unbounded
      const r = getShapeRoutines(c.shape[eid]);
      if (r === undefined) {
        a[o] = -UNBOUNDED; a[o + 1] = -UNBOUNDED; a[o + 2] = -UNBOUNDED;
        a[o + 3] = UNBOUNDED; a[o + 4] = UNBOUNDED; a[o + 5] = UNBOUNDED;
        return;
      }
      r.aabb(s, si, c.shapeData[eid], p, pi, a, o);
      ex = 0.5 * (a[o + 3] - a[o]); ey = 0.5 * (a[o + 4] - a[o + 1]); ez = 0.5 * (a[o + 5] - a[o + 2]);
      px = 0.5 * (a[o + 3] + a[o]); py = 0.5 * (a[o + 4] + a[o + 1]); pz = 0.5 * (a[o + 5] + a[o + 2]);
    }
  }
  ex += margin; ey += margin; ez += margin;
  const bi = 3 * c.body[eid], li = 3 * eid, lp = c.localPosition;
  if (lp[li] !== 0 || lp[li + 1] !== 0 || lp[li + 2] !== 0) {
    const w = b.angularVelocity;
    const swing = Math.sqrt((w[bi] * w[bi] + w[bi + 1] * w[bi + 1] + w[bi + 2] * w[bi + 2])
      * (lp[li] * lp[li] + lp[li + 1] * lp[li + 1] + lp[li + 2] * lp[li + 2])) * dt;
    ex += swing; ey += swing; ez += swing;
  }
  const v = b.linearVelocity;
  const sx = v[bi] * dt, sy = v[bi + 1] * dt, sz = v[bi + 2] * dt;
  a[o] = px - ex + (sx < 0 ? sx : 0); a[o + 1] = py - ey + (sy < 0 ? sy : 0); a[o + 2] = pz - ez + (sz < 0 ? sz : 0);
  a[o + 3] = px + ex + (sx > 0 ? sx : 0); a[o + 4] = py + ey + (sy > 0 ? sy : 0); a[o + 5] = pz + ez + (sz > 0 ? sz : 0);
}
