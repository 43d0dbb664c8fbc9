/**
 * babylon-ecs-physics/babylon: the Babylon.js integration. The only part of the engine that imports
 * `@babylonjs/*` (as peer dependency, deep imports).
 */

export { attachPhysics, linkNewBody, advanceClock } from './attach-physics';
export type { AttachPhysicsOptions, PhysicsAttachment, StepClock } from './attach-physics';
export { EcsPhysicsPlugin, EventMask } from './ecs-physics-plugin';
export type { EcsPhysicsPluginOptions } from './ecs-physics-plugin';
