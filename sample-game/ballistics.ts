/**
 * Aiming a throw: the launch velocity that carries a ball from a start point to a target point under
 * gravity, at a given speed, on the flatter of the two possible arcs. No Babylon, no allocation
 * beyond the output array.
 */

/**
 * Writes into `out` the launch velocity (unit: m/s, world, y up) of speed `speed` (m/s) from `from`
 * to `to` (unit: m) under gravity `g` (m/s², downwards, > 0), on the low arc. When the target is out
 * of reach at that speed, it falls back to the 45° elevation (the longest throw) towards the target.
 * @returns `out`.
 */
export function aimVelocity(
  out: number[], from: readonly number[], to: readonly number[], speed: number, g: number,
): number[] {
  const dx = to[0] - from[0], dy = to[1] - from[1], dz = to[2] - from[2];
  const d = Math.hypot(dx, dz);
  if (d < 1e-9) { // straight up or down
    out[0] = 0; out[1] = Math.sign(dy || 1) * speed; out[2] = 0;
    return out;
  }
  const v2 = speed * speed;
  const disc = v2 * v2 - g * (g * d * d + 2 * dy * v2);
  const angle = disc >= 0 ? Math.atan((v2 - Math.sqrt(disc)) / (g * d)) : Math.PI / 4;
  const horizontal = speed * Math.cos(angle);
  out[0] = (dx / d) * horizontal;
  out[1] = speed * Math.sin(angle);
  out[2] = (dz / d) * horizontal;
  return out;
}
