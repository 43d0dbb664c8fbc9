/**
 * A small seeded pseudo-random number generator for the scene builders: mulberry32 (Tommy Ettinger,
 * public domain). 32-bit state, period 2³², good enough for scattering bodies; not for statistics.
 * The same seed gives the same sequence on every platform (integer arithmetic via `Math.imul`).
 */

import { detCos, detSin } from '../math/deterministic-math';

/** A generator of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * Creates a mulberry32 generator.
 * @param seed any number; it is truncated to an unsigned 32-bit integer (default 1).
 */
export function createRandom(seed = 1): Random {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [lo, hi). */
export function randomRange(random: Random, lo: number, hi: number): number {
  return lo + (hi - lo) * random();
}

/**
 * A uniformly distributed random unit quaternion x y z w (Shoemake, "Uniform random rotations",
 * Graphics Gems III, 1992).
 */
export function randomQuaternion(random: Random): [number, number, number, number] {
  const u1 = random(), u2 = 2 * Math.PI * random(), u3 = 2 * Math.PI * random();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * detSin(u2), a * detCos(u2), b * detSin(u3), b * detCos(u3)];
}
