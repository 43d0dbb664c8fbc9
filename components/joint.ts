/**
 * Joint component: the data layout of a joint entity, SoA columns indexed by the joint's entity id.
 * A joint names two bodies through the bitecs relation {@link createJointRelation} (`JointBody(a)`,
 * `JointBody(b)` on the joint entity; removing a body removes its joints). Body B = 0 means the world.
 *
 * Joints are stored but not yet solved: the solver rows come with the joint issue (implicit joints,
 * seed `003_238cd3da0158afe1.txt`). Anchors and axes are body-local (unit: m for anchors, unit
 * vectors for axes); limits are in m (linear) or rad (angular).
 */

import { createRelation } from 'bitecs';
import { growFloat64, growUint32, growUint8, nextCapacity } from './capacity';

export const JointKind = { ball: 0, hinge: 1, slider: 2, fixed: 3, distance: 4, sixDof: 5 } as const;
export type JointKindName = keyof typeof JointKind;

export interface JointStore {
  capacity: number;
  /** `[capacity]` {@link JointKind} code. */
  kind: Uint8Array;
  /** `[capacity]` entity id of body A. */
  bodyA: Uint32Array;
  /** `[capacity]` entity id of body B (0 = the world). */
  bodyB: Uint32Array;
  /** `[3 × capacity]` anchor on A (unit: m, body-local to A). */
  anchorA: Float64Array;
  /** `[3 × capacity]` anchor on B (unit: m, body-local to B, or world when B is the world). */
  anchorB: Float64Array;
  /** `[3 × capacity]` joint axis on A (unit vector, body-local to A): hinge axis, slider direction. */
  axisA: Float64Array;
  /** `[3 × capacity]` joint axis on B (unit vector, body-local to B). */
  axisB: Float64Array;
  /** `[capacity]` lower limit (m or rad; -Infinity = none). */
  lowerLimit: Float64Array;
  /** `[capacity]` upper limit (m or rad; +Infinity = none). */
  upperLimit: Float64Array;
  /** `[capacity]` motor target velocity (m/s or rad/s). */
  motorSpeed: Float64Array;
  /** `[capacity]` motor maximum force or torque (N or N·m; 0 = no motor). */
  motorMaxForce: Float64Array;
  /** `[capacity]` constraint stiffness (N/m or N·m/rad; Infinity = rigid, the default). */
  stiffness: Float64Array;
  /** `[capacity]` constraint damping (N·s/m or N·m·s/rad). */
  damping: Float64Array;
  /** `[capacity]` force above which the joint breaks (N; Infinity = unbreakable). */
  breakForce: Float64Array;
  /** `[capacity]` 1 when the two bodies may collide with each other. */
  collideConnected: Uint8Array;
}

export function createJointStore(capacity = 16): JointStore {
  const c = capacity;
  return {
    capacity: c,
    kind: new Uint8Array(c),
    bodyA: new Uint32Array(c),
    bodyB: new Uint32Array(c),
    anchorA: new Float64Array(3 * c),
    anchorB: new Float64Array(3 * c),
    axisA: new Float64Array(3 * c),
    axisB: new Float64Array(3 * c),
    lowerLimit: new Float64Array(c),
    upperLimit: new Float64Array(c),
    motorSpeed: new Float64Array(c),
    motorMaxForce: new Float64Array(c),
    stiffness: new Float64Array(c),
    damping: new Float64Array(c),
    breakForce: new Float64Array(c),
    collideConnected: new Uint8Array(c),
  };
}

export function ensureJointCapacity(s: JointStore, eid: number): void {
  if (eid < s.capacity) return;
  const c = nextCapacity(s.capacity, eid + 1);
  s.kind = growUint8(s.kind, c);
  s.bodyA = growUint32(s.bodyA, c);
  s.bodyB = growUint32(s.bodyB, c);
  s.anchorA = growFloat64(s.anchorA, 3 * c);
  s.anchorB = growFloat64(s.anchorB, 3 * c);
  s.axisA = growFloat64(s.axisA, 3 * c);
  s.axisB = growFloat64(s.axisB, 3 * c);
  s.lowerLimit = growFloat64(s.lowerLimit, c);
  s.upperLimit = growFloat64(s.upperLimit, c);
  s.motorSpeed = growFloat64(s.motorSpeed, c);
  s.motorMaxForce = growFloat64(s.motorMaxForce, c);
  s.stiffness = growFloat64(s.stiffness, c);
  s.damping = growFloat64(s.damping, c);
  s.breakForce = growFloat64(s.breakForce, c);
  s.collideConnected = growUint8(s.collideConnected, c);
  s.capacity = c;
}

/** The relation a joint entity uses to name its bodies; removing a body removes the joints on it. */
export function createJointRelation() {
  return createRelation({ autoRemoveSubject: true });
}
