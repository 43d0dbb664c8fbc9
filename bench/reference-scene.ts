/** A scene built in a reference engine (Havok, Rapier) for the benchmark. */
export interface ReferenceScene {
  /** Dynamic bodies, in the description's order. */
  readonly bodies: number;
  /** Advances the world by `dt` (unit: s). */
  step(dt: number): void;
  /** Writes the dynamic bodies' centres into `out` `[3 × bodies]` (unit: m, world). */
  readPositions(out: Float64Array): void;
  /** Frees the engine's objects. */
  dispose(): void;
}
