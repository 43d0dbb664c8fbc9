/**
 * Stage 1 helper: the world AABB of one collider, fattened by the contact margin.
 * Reads the collider shape and the body pose; writes `colliders.aabb[6 eid .. 6 eid + 5]`.
 */

import { ShapeKind, type ColliderStore } from '../../components/collider';
import type { RigidBodyStore } from '../../components/rigid-body';

/** Half-size of an unbounded AABB (planes): large but finite, so sums stay finite. */
export const UNBOUNDED = 1e30;

/**
 * Writes the world AABB of entity `eid`'s collider, grown by `margin` (unit: m) on every side and
 * swept along the body's linear velocity over `dt` (unit: s), so that pairs that may meet during the
 * step are found (speculative contacts; the narrowphase widens its margin the same way).
 * Box: |R| h (the absolute rotation matrix times the half extents). Capsule: the segment's
 * end points ± radius. Plane: unbounded.
 */
export function computeAabb(c: ColliderStore, b: RigidBodyStore, eid: number, margin: number, dt: number): void {
  const a = c.aabb, o = 6 * eid;
  const p = b.position, pi = 3 * eid;
  const px = p[pi], py = p[pi + 1], pz = p[pi + 2];
  const s = c.size, si = 3 * eid;
  let ex: number, ey: number, ez: number;
  switch (c.shape[eid]) {
    case ShapeKind.sphere:
      ex = ey = ez = s[si];
      break;
    case ShapeKind.box: {
      const q = b.orientation, qi = 4 * eid;
      const x = q[qi], y = q[qi + 1], z = q[qi + 2], w = q[qi + 3];
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
      const q = b.orientation, qi = 4 * eid;
      const x = q[qi], y = q[qi + 1], z = q[qi + 2], w = q[qi + 3];
      const r = s[si], hh = s[si + 1];
      // body-local y axis in world = second column of R
      const ax = 2 * (x * y - w * z), ay = 1 - 2 * (x * x + z * z), az = 2 * (y * z + w * x);
      ex = Math.abs(ax) * hh + r;
      ey = Math.abs(ay) * hh + r;
      ez = Math.abs(az) * hh + r;
      break;
    }
    default:
      a[o] = -UNBOUNDED; a[o + 1] = -UNBOUNDED; a[o + 2] = -UNBOUNDED;
      a[o + 3] = UNBOUNDED; a[o + 4] = UNBOUNDED; a[o + 5] = UNBOUNDED;
      return;
  }
  ex += margin; ey += margin; ez += margin;
  const v = b.linearVelocity;
  const sx = v[pi] * dt, sy = v[pi + 1] * dt, sz = v[pi + 2] * dt;
  a[o] = px - ex + (sx < 0 ? sx : 0); a[o + 1] = py - ey + (sy < 0 ? sy : 0); a[o + 2] = pz - ez + (sz < 0 ? sz : 0);
  a[o + 3] = px + ex + (sx > 0 ? sx : 0); a[o + 4] = py + ey + (sy > 0 ? sy : 0); a[o + 5] = pz + ez + (sz > 0 ? sz : 0);
}
