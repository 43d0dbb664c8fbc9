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
  constructor(entity: number, field: string, value: unknown, reason: string) {
    const who = entity >= 0 ? `entity ${entity}` : 'new entity';
    super(`${who}: ${field} = ${formatValue(value)}: ${reason}`);
    this.name = 'PhysicsInputError';
    this.entity = entity;
    this.field = field;
    this.value = value;
  }
}

/** An entity id that is not a live body of this world. */
export class UnknownEntityError extends PhysicsInputError {
  constructor(entity: number) {
    super(entity, 'entity', entity, 'not a body of this world');
    this.name = 'UnknownEntityError';
  }
}

/** A non-finite value appeared in a body's state during a step (it was reset to rest and reported). */
export class NonFiniteStateError extends Error {
  readonly entity: number;
  constructor(entity: number, field: string) {
    super(`entity ${entity}: ${field} became non-finite during the step; the body was stopped`);
    this.name = 'NonFiniteStateError';
    this.entity = entity;
  }
}

function formatValue(v: unknown): string {
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return `[${Array.from(v as ArrayLike<number>).join(', ')}]`;
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
      : `unknown solver (registered: ${list}; 'lcp' comes with \`import 'babylon-ecs-physics/accurate';\`)`);
    this.name = 'SolverNotRegisteredError';
    this.kind = kind;
  }
}
