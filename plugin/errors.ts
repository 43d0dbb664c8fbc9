/**
 * Typed errors thrown at the public boundary. Every check runs before any state changes, so a
 * rejected call leaves the world exactly as it was.
 */

/** Bad input to a public function: names the entity (or -1 when there is none yet: a new body or joint),
 * the field and the value. */
export class PhysicsInputError extends Error {
  readonly entity: number;
  readonly field: string;
  readonly value: unknown;
  /** @param who overrides the subject of the message (default: `entity N`, or `new entity` for −1). */
  constructor(entity: number, field: string, value: unknown, reason: string, who?: string) {
    const subject = who ?? (entity >= 0 ? `entity ${entity}` : 'new entity');
    super(`${subject}: ${field} = ${formatValue(value)}: ${reason}`);
    this.name = 'PhysicsInputError';
    this.entity = entity;
    this.field = field;
    this.value = value;
  }
}

/** A handle that is not a live body (or collider, or joint) of this world: never one, removed, or stale
 * (its generation is older than the entity now at its index; see `components/entity-handle.ts`).
 * `kind` says what was expected. */
export class UnknownEntityError extends PhysicsInputError {
  constructor(entity: unknown, kind: 'body' | 'collider' | 'joint' = 'body') {
    super(typeof entity === 'number' ? entity : -1, kind, entity, `not a live ${kind} of this world`);
    this.message = `entity ${formatValue(entity)}: not a live ${kind} of this world (never added, removed, or a stale handle)`;
    this.name = 'UnknownEntityError';
  }
}

/** Bad value in a writable field of the world itself (gravity, contactMargin, ...), found at the start of
 * a step before anything changed. */
export class WorldInputError extends PhysicsInputError {
  constructor(field: string, value: unknown, reason: string) {
    super(-1, field, value, reason, 'world');
    this.name = 'WorldInputError';
  }
}

/** Bodies whose state became non-finite in a step, thrown after the step when the world was created with
 * `throwOnNonFinite: true` (by default they are only reported in `world.nonFiniteBodies`). The world is
 * consistent when it is thrown: each body was already put back at its last finite pose, at rest, and the
 * warm-start caches of its contacts and joints were cleared. */
export class NonFiniteStateError extends Error {
  /** The first body. */
  readonly entity: number;
  /** Every body contained in the step. */
  readonly entities: readonly number[];
  constructor(entity: number, entities: readonly number[] = [entity]) {
    super(`entity ${entity}${entities.length > 1 ? ` (and ${entities.length - 1} more)` : ''}: the state became `
      + 'non-finite in the step; restored to its last finite pose at rest, its contact and joint caches cleared');
    this.name = 'NonFiniteStateError';
    this.entity = entity;
    this.entities = entities;
  }
}

/** Formats a value for a message: strings quoted, arrays and typed arrays listed, objects by their type. */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    return `[${Array.from(v as ArrayLike<unknown>, (x) => (typeof x === 'string' ? JSON.stringify(x) : String(x))).join(', ')}]`;
  }
  if (typeof v === 'object' && v !== null) {
    const ctor = (v).constructor;
    if (ctor === Object || ctor === undefined) {
      try { return JSON.stringify(v); } catch { /* a cycle: fall through */ }
    }
    return `(${ctor?.name ?? 'object'})`;
  }
  return String(v);
}

/**
 * A solver kind that this world cannot build: either unknown, or the accurate solver `'lcp'` whose
 * opt-in entry was never imported. The message says what to import.
 */
export class SolverNotRegisteredError extends PhysicsInputError {
  readonly kind: unknown;
  constructor(kind: unknown, available: readonly string[]) {
    const list = available.map((k) => `'${k}'`).join(', ');
    super(-1, 'solver', kind, kind === 'lcp'
      ? `the accurate solver is an opt-in entry: add \`import 'babylon-ecs-physics/accurate';\` once, before creating the world or calling setSolver('lcp') (registered: ${list})`
      : `unknown solver (registered: ${list}; 'lcp' comes with \`import 'babylon-ecs-physics/accurate';\`)`, 'world');
    this.name = 'SolverNotRegisteredError';
    this.kind = kind;
  }
}

/**
 * Thrown by `createPhysicsWorld` and `setSolver` when the fast solver is asked for the exact block
 * solve (`friction: 'max-dissipation'` or `pgs.blockSolve: 'exact'`) and the opt-in entry
 * `babylon-ecs-physics/max-dissipation` was not imported. Nothing is created or changed.
 */
export class FrictionLawNotRegisteredError extends PhysicsInputError {
  constructor(field: string, value: unknown) {
    super(-1, field, value, "the exact friction solve is an opt-in entry: add `import 'babylon-ecs-physics/max-dissipation';` " +
      'once, before creating the world or calling setSolver', 'world');
    this.name = 'FrictionLawNotRegisteredError';
  }
}
