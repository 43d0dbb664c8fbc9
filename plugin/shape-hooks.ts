/**
 * How `addBody` / `addCollider` reach the code of registered shapes (cylinder, convex hull …) without
 * importing it: reading a shape object into a collider, its mass for `addBody`'s checks, and the
 * compound mass path (`plugin/body-mass.ts`: centre of mass off the collider origin, Jacobi to
 * principal axes) that an app using only spheres, boxes and capsules never ships. The shape functions
 * (`plugin/shapes.ts`) install the hooks when they register their routines; before that no shape
 * object can exist, and one passed anyway is rejected.
 */

import type { ShapeAsset } from '../components/collider';
import type { PhysicsWorld } from './world';

/** A shape object read into collider columns. */
export interface ResolvedShape {
  kind: number;
  size: [number, number, number];
  data: ShapeAsset | undefined;
}

export interface ShapeHooks {
  /** Reads a shape object (throws PhysicsInputError, field `collider.shape`, for a foreign object). */
  resolve(entity: number, shape: object): ResolvedShape;
  /** Mass (unit: kg) and the diagonal of the inertia tensor (unit: kg·m², collider axes) at `density`. */
  mass(shape: ResolvedShape, density: number): { mass: number; inertia: [number, number, number] };
  /** Recomputes a body's mass properties from its colliders and moves its frame there. */
  updateBodyMass(world: PhysicsWorld, body: number): void;
}

let hooks: ShapeHooks | undefined;

/** Installs the hooks (idempotent). */
export function setShapeHooks(h: ShapeHooks): void {
  hooks = h;
}

/** The installed hooks, or undefined while no registered shape was ever made. */
export function getShapeHooks(): ShapeHooks | undefined {
  return hooks;
}
