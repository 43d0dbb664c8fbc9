/**
 * Narrowphase stage: sphere–sphere contact (A = sphere, B = sphere).
 *
 * Algorithm: the closed form (Ericson, "Real-Time Collision Detection" §4.3.1, sphere–sphere test,
 * extended to a contact). With centres cA, cB and radii rA, rB: normal n = (cB − cA) / |cB − cA|,
 * separation |cB − cA| − rA − rB, and one point midway between the surface points cA + rA n and
 * cB − rB n. Concentric spheres have no defined normal; +y is used so the result is deterministic.
 */

import { reservePoint, type ManifoldOut, type PosedShape } from './manifold';

/** Below this centre distance (unit: m) the normal is undefined and +y is used. */
const MIN_DISTANCE = 1e-12;

/**
 * Sphere A vs sphere B (sizes: radius at index 7). Writes at most one point, feature id 0, with
 * separation (unit: m) below `margin` (unit: m). Normal (world frame) from A to B.
 */
export function collideSphereSphere(out: ManifoldOut, a: PosedShape, b: PosedShape): void {
  const margin = out.margin;
  out.pointCount = 0;
  const rA = a[7], rB = b[7];
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const separation = dist - rA - rB;
  if (!(separation < margin)) return;
  let nx = 0, ny = 1, nz = 0;
  if (dist > MIN_DISTANCE) {
    const inv = 1 / dist;
    nx = dx * inv; ny = dy * inv; nz = dz * inv;
  }
  out.normal[0] = nx; out.normal[1] = ny; out.normal[2] = nz;
  // midpoint of (cA + rA n) and (cB − rB n)
  const d = rA - rB;
  const k = reservePoint(out); // (written here: addPoint would take its numbers boxed when not inlined)
  if (k < 0) return;
  out.point[3 * k] = 0.5 * (a[0] + b[0] + d * nx);
  out.point[3 * k + 1] = 0.5 * (a[1] + b[1] + d * ny);
  out.point[3 * k + 2] = 0.5 * (a[2] + b[2] + d * nz);
  out.separation[k] = separation;
  out.featureId[k] = 0;
}
