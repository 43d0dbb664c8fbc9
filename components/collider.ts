/**
 * Collider component: the shape, material and collision filter of a body, SoA columns indexed by
 * entity id (one collider per body, centred on the body's centre of mass, axes along the body axes).
 *
 * Shape dimensions live in `size` `[3 × capacity]`:
 * - sphere: (radius, 0, 0)
 * - box: (half extent x, y, z)
 * - capsule: (radius, half height of the core segment, 0); the segment lies on the body-local y axis
 * - plane: unused; the plane passes through the body origin with body-local normal +y. Static only.
 * All lengths in m.
 */

import { growFloat64, growUint32, growUint8, nextCapacity } from './capacity';

export const ShapeKind = { none: 0, sphere: 1, box: 2, capsule: 3, plane: 4 } as const;
export type ShapeKindName = Exclude<keyof typeof ShapeKind, 'none'>;

/**
 * How a pair's friction or restitution is combined from the two colliders' values. `engine` (0) is the
 * engine's own rule (friction: geometric mean √(μa μb); restitution: maximum). When the two colliders of
 * a pair carry different rules, the higher code wins (engine < geometricMean < minimum < maximum <
 * arithmeticMean < multiply): the precedence Havok applies, measured through Babylon's Physics V2.
 */
export const CombineRule = { engine: 0, geometricMean: 1, minimum: 2, maximum: 3, arithmeticMean: 4, multiply: 5 } as const;
export type CombineRuleName = keyof typeof CombineRule;

export interface ColliderStore {
  capacity: number;
  /** `[capacity]` {@link ShapeKind} code (0 = no collider). */
  shape: Uint8Array;
  /** `[3 × capacity]` shape dimensions (unit: m), see the file header. */
  size: Float64Array;
  /** `[capacity]` Coulomb friction coefficient μ ≥ 0 (dimensionless, default 0.5). */
  friction: Float64Array;
  /** `[capacity]` Newton restitution coefficient e ∈ [0, 1] (dimensionless, default 0). In the accurate
   * mode it is the PLUS COR e_max, the value of the COR line at zero approach speed. */
  restitution: Float64Array;
  /** `[capacity]` PLUS capture velocity v_capture ≥ 0 (unit: m/s, default 0.2): impacts slower than
   * this do not rebound (COR 0). Default from the seed-004 digest §6.3 (≈ g·h … 2g·h at 60 Hz); the
   * paper's 0.01 m/s (Table A1) suits event-driven integration. */
  captureVelocity: Float64Array;
  /** `[capacity]` PLUS plastic deformation velocity v_plastic > 0 (unit: m/s, default 0.1 = paper
   * Table A1): at and above this approach speed the COR is `minRestitution`. */
  plasticVelocity: Float64Array;
  /** `[capacity]` PLUS minimum COR e_min ∈ [0, 1] (dimensionless, default 1, used as
   * min(e_min, restitution), so the default is a constant COR = restitution above v_capture). */
  minRestitution: Float64Array;
  /** `[capacity]` collision group bits: what this collider is (default 0x0001). */
  group: Uint32Array;
  /** `[capacity]` collision mask bits: what it collides with (default 0xFFFFFFFF). Two colliders
   * collide when `(groupA & maskB) !== 0 && (groupB & maskA) !== 0`. */
  mask: Uint32Array;
  /** `[capacity]` 1 for a sensor: reports begin / end events, produces no contact forces. */
  isSensor: Uint8Array;
  /** `[capacity]` {@link CombineRule} code for the pair's friction (default 0 = the engine's rule). */
  frictionCombine: Uint8Array;
  /** `[capacity]` {@link CombineRule} code for the pair's restitution (default 0 = the engine's rule). */
  restitutionCombine: Uint8Array;
  /** `[6 × capacity]` world AABB (min x y z, max x y z), fattened by the contact margin (unit: m).
   * Written by the broadphase each step. */
  aabb: Float64Array;
}

export function createColliderStore(capacity = 64): ColliderStore {
  const c = capacity;
  return {
    capacity: c,
    shape: new Uint8Array(c),
    size: new Float64Array(3 * c),
    friction: new Float64Array(c),
    restitution: new Float64Array(c),
    captureVelocity: new Float64Array(c),
    plasticVelocity: new Float64Array(c),
    minRestitution: new Float64Array(c),
    group: new Uint32Array(c),
    mask: new Uint32Array(c),
    isSensor: new Uint8Array(c),
    frictionCombine: new Uint8Array(c),
    restitutionCombine: new Uint8Array(c),
    aabb: new Float64Array(6 * c),
  };
}

export function ensureColliderCapacity(s: ColliderStore, eid: number): void {
  if (eid < s.capacity) return;
  const c = nextCapacity(s.capacity, eid + 1);
  s.shape = growUint8(s.shape, c);
  s.size = growFloat64(s.size, 3 * c);
  s.friction = growFloat64(s.friction, c);
  s.restitution = growFloat64(s.restitution, c);
  s.captureVelocity = growFloat64(s.captureVelocity, c);
  s.plasticVelocity = growFloat64(s.plasticVelocity, c);
  s.minRestitution = growFloat64(s.minRestitution, c);
  s.group = growUint32(s.group, c);
  s.mask = growUint32(s.mask, c);
  s.isSensor = growUint8(s.isSensor, c);
  s.frictionCombine = growUint8(s.frictionCombine, c);
  s.restitutionCombine = growUint8(s.restitutionCombine, c);
  s.aabb = growFloat64(s.aabb, 6 * c);
  s.capacity = c;
}
