/**
 * Column tables (`components/column-table.ts`): creation, growth and entry copies derived from one
 * declaration, and every store of the engine declared that way (each column sized to its table entry
 * after growth, so no write past a column's end is dropped).
 */

import { describe, expect, it } from 'vitest';
import {
  columnLength, copyEntry, createColumns, ensureColumns, f64, growColumns, i32, u8, type ColumnTable,
} from '../../../components/column-table';
import { RIGID_BODY_COLUMNS, createRigidBodyStore, ensureRigidBodyCapacity } from '../../../components/rigid-body';
import { COLLIDER_COLUMNS, createColliderStore, ensureColliderCapacity } from '../../../components/collider';
import { JOINT_COLUMNS, createJointStore, ensureJointCapacity } from '../../../components/joint';
import { CONTACT_COLUMNS, acquireManifold, createContactStore } from '../../../components/contact';
import { SOLVER_BODY_COLUMNS, createSolverBodies, ensureSolverBodiesCapacity } from '../../../systems/assembly/solver-bodies';
import { CONTACT_ROW_COLUMNS, createConstraintProblem, ensureConstraintCapacity } from '../../../systems/assembly/constraint-problem';
import { JOINT_PROBLEM_COLUMNS, JOINT_ROW_COLUMNS } from '../../../systems/assembly/joint-rows';
import { PAIR_COLUMNS, SWEEP_COLUMNS } from '../../../systems/broadphase/broadphase';

const TABLE = {
  mass: f64(),
  position: f64(3),
  index: i32(1, { fill: -1 }),
  offsets: i32(1, { extra: 1 }),
  flag: u8(2),
} satisfies ColumnTable;

function expectSized(table: ColumnTable, store: object, capacity: number): void {
  const cols = store as Record<string, ArrayLike<number>>;
  for (const name of Object.keys(table)) {
    expect(cols[name], name).toBeDefined();
    expect(cols[name].length, name).toBe(columnLength(table[name], capacity));
  }
}

describe('column table', () => {
  it('creates every column with its element type, stride, extra and fill value', () => {
    const s = createColumns(TABLE, 5);
    expect(s.mass).toBeInstanceOf(Float64Array);
    expect(s.index).toBeInstanceOf(Int32Array);
    expect(s.flag).toBeInstanceOf(Uint8Array);
    expectSized(TABLE, s, 5);
    expect(s.offsets.length).toBe(6);
    expect([...s.index]).toEqual([-1, -1, -1, -1, -1]);
  });

  it('grows every column, keeps the values and the store object, fills new elements', () => {
    const s = { capacity: 2, ...createColumns(TABLE, 2) };
    s.mass[1] = 7; s.position[5] = 3; s.index[0] = 4; s.offsets[2] = 9; s.flag[3] = 1;
    const same = s;
    expect(ensureColumns(TABLE, s, 2)).toBe(false);
    expect(ensureColumns(TABLE, s, 3)).toBe(true);
    expect(s).toBe(same);
    expect(s.capacity).toBeGreaterThanOrEqual(3);
    expectSized(TABLE, s, s.capacity);
    expect([s.mass[1], s.position[5], s.index[0], s.offsets[2], s.flag[3]]).toEqual([7, 3, 4, 9, 1]);
    expect(s.index[1]).toBe(-1);
    expect(s.index[s.capacity - 1]).toBe(-1);
    // a write at the last entry of the grown store lands (it would be dropped past a column's end)
    s.position[3 * s.capacity - 1] = 5;
    expect(s.position[3 * s.capacity - 1]).toBe(5);
  });

  it('copies one entry across every column', () => {
    const s = createColumns(TABLE, 4);
    s.mass[3] = 2; s.position.set([1, 2, 3], 9); s.index[3] = 8; s.flag.set([1, 1], 6);
    copyEntry(TABLE, s, 3, 0);
    expect([s.mass[0], ...s.position.subarray(0, 3), s.index[0], s.flag[0], s.flag[1]]).toEqual([2, 1, 2, 3, 8, 1, 1]);
  });

  it('growColumns alone keeps a store whose capacity lives elsewhere', () => {
    const s = createColumns(TABLE, 1);
    growColumns(TABLE, s, 16);
    expectSized(TABLE, s, 16);
  });
});

describe('every store is declared by a column table and grows all its columns', () => {
  it('rigid body, collider and joint stores (entity ids)', () => {
    const b = createRigidBodyStore(2);
    ensureRigidBodyCapacity(b, 100);
    expectSized(RIGID_BODY_COLUMNS, b, b.capacity);
    expect(b.capacity).toBeGreaterThan(100);
    const c = createColliderStore(2);
    ensureColliderCapacity(c, 100);
    expectSized(COLLIDER_COLUMNS, c, c.capacity);
    const j = createJointStore(2);
    ensureJointCapacity(j, 100);
    expectSized(JOINT_COLUMNS, j, j.capacity);
    expect(j.limitStiffness[6 * 100]).toBe(Infinity);
    expect(j.listIndex[100]).toBe(-1);
  });

  it('contact store, solver bodies, contact rows (dense slots)', () => {
    const s = createContactStore(2);
    for (let i = 0; i < 40; i++) acquireManifold(s, i, i + 1000);
    expectSized(CONTACT_COLUMNS, s, s.capacity);
    expect(s.bodyB[39]).toBe(1039);
    const sb = createSolverBodies(2);
    ensureSolverBodiesCapacity(sb, 50, 80);
    expectSized(SOLVER_BODY_COLUMNS, sb, sb.capacity);
    expect(sb.indexOfEntity.length).toBeGreaterThanOrEqual(80);
    const p = createConstraintProblem(2);
    ensureConstraintCapacity(p, 50);
    expectSized(CONTACT_ROW_COLUMNS, p, p.capacity);
  });

  it('joint problem and broadphase tables hold distinct column names', () => {
    const names = [JOINT_PROBLEM_COLUMNS, JOINT_ROW_COLUMNS].flatMap((t) => Object.keys(t));
    expect(new Set(names).size).toBe(names.length);
    const bp = [SWEEP_COLUMNS, PAIR_COLUMNS].flatMap((t) => Object.keys(t));
    expect(new Set(bp).size).toBe(bp.length);
  });
});
