/**
 * No scratch or state at module level in the library (`docs/architecture.md`, "Allocation"): scratch
 * lives on the world or on the solver, so two worlds never share it and a step touches nothing outside
 * its world. The constant tables below are the reviewed exceptions (written once when the module loads,
 * only read after). The checker (`module-state.ts`) is shown to catch each kind of module state.
 */

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readSources } from './import-graph';
import { LIBRARY_LAYERS, moduleState } from './module-state';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Reviewed constants: `file: name` → why it is not state. */
const ALLOWED: Readonly<Record<string, string>> = {
  'math/deterministic-math.ts: red': 'the two-part result of the argument reduction, written and read within one call of detSin / detCos (no callback between): a return slot, not state',
  'math/deterministic-math.ts: arg': 'the argument and result of detAtan / detAtan2 / detAsin / detAcos for their array forms, written and read within one call (no callback between): a return slot, not state',
  'math/deterministic-math.ts: ATAN_HI': 'fdlibm atan table, read only',
  'math/deterministic-math.ts: ATAN_LO': 'fdlibm atan table, read only',
  'systems/solve/mdp/single-contact.ts: POW2_NEG': 'exact powers of two, read only',
  'systems/solve/mdp/single-contact.ts: SAMPLE_COS': 'cos(jπ/4), read only',
  'systems/solve/mdp/single-contact.ts: SAMPLE_SIN': 'sin(jπ/4), read only',
  'systems/assembly/joint-rows.ts: ex': 'the unit x axis, read only',
  'systems/assembly/joint-rows.ts: ez': 'the unit z axis, read only',
  'systems/assembly/joint-rows.ts: AXES': 'the unit axes, read only',
  'systems/assembly/joint-rows.ts: trig': 'the argument and result of atan2At / asinAt within one call of eulerXyz, swingTwist or swingRow (no callback between): a return slot, not state',
  'systems/solve/common/joint-solve.ts: arg': 'numbers handed to applyRowAt, applyAuxAt and rowVelocityTo and read back within one call of the routine that writes them (no callback between): a return slot, not state',
  'systems/solve/common/joint-solve.ts: UNIT': 'a unit multiplier, read only',
  'systems/solve/lcp/friction-anchors.ts: turn': 'the result of tangentTurnRate2 and rowVelocityAt, read back at once within the loop that writes it (no callback between): a return slot, not state',
  'systems/solve/lcp/island-solve.ts: u3': 'the contact rows\' velocities from rowVelocityAt, read back at once within the routine that writes them (no callback between): a return slot, not state',
  'systems/solve/lcp/projected-fallback.ts: u3': 'the contact rows\' velocities from rowVelocityAt, read back at once within the sweep that writes them (no callback between): a return slot, not state',
  'systems/solve/lcp/projected-fallback.ts: dl': 'an impulse change handed to applyContactImpulse within the sweep that writes it (no callback between): an argument slot, not state',
  'systems/solve/lcp/support-solve.ts: u3': 'the contact rows\' velocities from rowVelocityAt, read back at once within the routine that writes them (no callback between): a return slot, not state',
  'systems/narrowphase/collide-box-capsule.ts: UP': 'the unit y axis, read only',
  'systems/narrowphase/collide-capsule-capsule.ts: UP': 'the unit y axis, read only',
  'systems/narrowphase/collide-plane.ts: UP': 'the unit y axis, read only',
  'systems/narrowphase/collide-table.ts: table': 'the collide function of each shape pair, filled when the module loads',
  'plugin/solver-registry.ts: factories': 'the registry of solver kinds (filled by imports, the same for every world)',
  'plugin/solver-registry.ts: exactBlocks': 'the registered exact block sweep (filled by an import, the same for every world)',
  'systems/queries/ray-mesh.ts: MESH_ROUTINES': 'the mesh and heightfield ray routines, read only',
  'systems/shapes/convex-support.ts: BOX_UJ': 'signs of a box face\'s corners, read only',
  'systems/shapes/convex-support.ts: BOX_UK': 'signs of a box face\'s corners, read only',
  'systems/shapes/convex-support.ts: CAP_COS': 'cos(jπ/4), read only',
  'systems/shapes/convex-support.ts: CAP_SIN': 'sin(jπ/4), read only',
  'systems/shapes/cylinder.ts: CYLINDER_ROUTINES': 'the cylinder\'s shape routines, read only',
  'systems/shapes/epa.ts: COS60': 'cos(jπ/3), read only',
  'systems/shapes/epa.ts: SIN60': 'sin(jπ/3), read only',
  'systems/shapes/gjk.ts: FACES': 'the faces of a tetrahedron simplex, read only',
  'systems/shapes/hull-routines.ts: HULL_ROUTINES': 'the convex hull\'s shape routines, read only',
  'systems/shapes/shape-registry.ts: registry': 'the routines of each registered shape kind (filled by imports, the same for every world)',
  'plugin/shape-hooks.ts: hooks': 'the registered shapes\' hooks (installed by an import, the same for every world)',
  'plugin/shapes.ts: registered': 'whether the convex shapes are registered (once per app)',
  'plugin/shape-queries.ts: ZERO': 'the zero vector, read only',
  'plugin/babylon/v2-shapes.ts: ENGINE_KIND': 'Babylon shape kinds to engine kinds, read only',
  'plugin/terrain-routines.ts: registered': 'whether the terrain routines are registered (once per app)',
  'plugin/joints.ts: AXIS_NAMES': 'axis names for error messages, read only',
  'plugin/babylon/ecs-physics-plugin.ts: NO_MASS': 'the empty mass override, read only',
  'plugin/babylon/v2-constraints.ts: AXIS_NAMES': 'axis names for error messages, read only',
  'plugin/babylon/v2-constraints.ts: BABYLON_AXIS': 'Babylon axis names, read only',
  'plugin/babylon/v2-constraints.ts: TYPE_NAMES': 'Babylon constraint type names, read only',
  'plugin/babylon/v2-constraints.ts: nextConstraintId': 'ids of Babylon constraint objects, unique across the app (as Babylon numbers its objects), never read by a step',
  'plugin/babylon/v2-constraints.ts: constraintIds': 'the ids above, weakly keyed by the Babylon constraint object',
  'plugin/babylon/v2-shapes.ts: SHAPE_TYPE_NAMES': 'Babylon shape type names, read only',
  'plugin/babylon/v2-shapes.ts: COMBINE_NAMES': 'Babylon material combine names, read only',
};

describe('module state of the library', () => {
  const files = readSources(ROOT);
  const found = [...files].filter(([p]) => (LIBRARY_LAYERS as readonly string[]).includes(p.split('/')[0]))
    .flatMap(([p, src]) => moduleState(p, src));

  it('reads the library (hundreds of top-level declarations checked)', () => {
    expect(files.size).toBeGreaterThan(100);
  });

  it('has no module-level scratch or state but the reviewed constants', () => {
    const unexpected = found.filter((s) => !(`${s.file}: ${s.name}` in ALLOWED)).map((s) => `${s.file}: ${s.name} (${s.kind})`);
    expect(unexpected).toEqual([]);
  });

  it('every allow-list entry still exists (the list stays reviewed)', () => {
    const names = new Set(found.map((s) => `${s.file}: ${s.name}`));
    expect(Object.keys(ALLOWED).filter((k) => !names.has(k))).toEqual([]);
  });
});

describe('the checker catches module state', () => {
  const kinds = (src: string): string[] => moduleState('systems/x.ts', src).map((s) => `${s.name} ${s.kind}`);

  it('typed arrays, arrays, objects, collections and lets', () => {
    expect(kinds([
      'const a = new Float64Array(3);', 'const b = Int32Array.from([1, 2]);', 'const c = [1, 2];',
      'const d = { x: 0 };', 'const e = new Map<number, number>();', 'let f = 0;', 'const g = new Array(4).fill(0);',
      'export const h = new Uint8Array(new Uint16Array([1]).buffer);',
    ].join('\n'))).toEqual(['a typed array', 'b typed array', 'c array', 'd object', 'e collection', 'f let', 'g array', 'h typed array']);
  });

  it('not primitives, functions, frozen literals or column tables', () => {
    expect(kinds([
      'const A = 1e-9;', "const B = 'x';", 'function f(): void {}', 'const C = { x: 0 } as const;',
      'const D = [1, 2] as const;', 'const E = { a: f64() } satisfies ColumnTable;', 'const F = f();',
      'const G = (): number => 1;',
    ].join('\n'))).toEqual([]);
  });
});
