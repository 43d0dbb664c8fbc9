/**
 * Collider component: the shape, local pose, material and collision filter of a collider, SoA columns
 * indexed by entity id. A collider is an entity attached to one body (`body`), at a pose in that body's
 * frame (`localPosition`, `localOrientation`; the body frame is its centre-of-mass principal frame).
 * The collider that `addBody` creates lives on the body's own entity (collider id = body id, as a
 * collider on a rigid-body entity in Avian); `addCollider` creates more, each its own entity. A body's
 * colliders form a list: `firstCollider[body]`, then `nextCollider[c]` (−1 ends it).
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
  /** `[capacity]` entity id of the body the collider is attached to. */
  body: Int32Array;
  /** `[3 × capacity]` collider centre in the body frame (unit: m, from the body's centre of mass). */
  localPosition: Float64Array;
  /** `[4 × capacity]` collider orientation in the body frame (unit quaternion x y z w). */
  localOrientation: Float64Array;
  /** `[7 × capacity]` world pose of the collider (position x y z, unit: m; quaternion x y z w), the
   * body pose composed with the local pose. Written by the broadphase each step (stage 1). */
  worldPose: Float64Array;
  /** `[capacity]` density (unit: kg/m³, default 1000) from which the collider's mass is taken. */
  density: Float64Array;
  /** `[capacity]` next collider of the same body, −1 at the end of the list. */
  nextCollider: Int32Array;
  /** `[capacity]`, indexed by body id: the first collider of the body, −1 when it has none. */
  firstCollider: Int32Array;
  /** `[3 × capacity]`, indexed by body id: the body's origin frame in its centre-of-mass frame, position
   * (unit: m). The origin frame is where the body was created (`addBody`'s position and orientation);
   * it moves with the body, and the poses given to `addCollider` are in it. */
  originPosition: Float64Array;
  /** `[4 × capacity]`, indexed by body id: the origin frame's orientation in the centre-of-mass frame. */
  originOrientation: Float64Array;
  /** `[capacity]`, indexed by body id: which mass properties the user fixed ({@link MassOverride}
   * bits); the others are recomputed from the colliders whenever a collider is added or removed. */
  massOverride: Uint8Array;
}

/** Bits of `ColliderStore.massOverride`: the body's mass, or its inertia, was given explicitly. */
export const MassOverride = { mass: 1, inertia: 2 } as const;

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
    body: new Int32Array(c).fill(-1),
    localPosition: new Float64Array(3 * c),
    localOrientation: new Float64Array(4 * c),
    worldPose: new Float64Array(7 * c),
    density: new Float64Array(c),
    nextCollider: new Int32Array(c).fill(-1),
    firstCollider: new Int32Array(c).fill(-1),
    originPosition: new Float64Array(3 * c),
    originOrientation: new Float64Array(4 * c),
    massOverride: new Uint8Array(c),
  };
}

function growInt32Filled(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n).fill(-1);
  b.set(a);
  return b;
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
  s.body = growInt32Filled(s.body, c);
  s.localPosition = growFloat64(s.localPosition, 3 * c);
  s.localOrientation = growFloat64(s.localOrientation, 4 * c);
  s.worldPose = growFloat64(s.worldPose, 7 * c);
  s.density = growFloat64(s.density, c);
  s.nextCollider = growInt32Filled(s.nextCollider, c);
  s.firstCollider = growInt32Filled(s.firstCollider, c);
  s.originPosition = growFloat64(s.originPosition, 3 * c);
  s.originOrientation = growFloat64(s.originOrientation, 4 * c);
  s.massOverride = growUint8(s.massOverride, c);
  s.capacity = c;
}
