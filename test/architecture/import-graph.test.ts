/**
 * The layering of `docs/architecture.md`, checked on every import of the source folders
 * (`import-graph.ts`), and the checker itself shown to catch each kind of violation.
 */

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { checkImportGraph, importsOf, readPackageEntries, readSources } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('import graph of the repository', () => {
  const files = readSources(ROOT);
  const entries = readPackageEntries(ROOT);

  it('reads the source folders (every layer present, hundreds of files)', () => {
    const layers = new Set([...files.keys()].map((p) => p.split('/')[0]));
    for (const l of ['math', 'components', 'systems', 'plugin', 'scenes', 'sample-game', 'examples', 'bench']) expect(layers).toContain(l);
    expect(files.size).toBeGreaterThan(100);
    let relative = 0;
    for (const src of files.values()) relative += importsOf(src).filter((s) => s.startsWith('.')).length;
    expect(relative).toBeGreaterThan(300);
  });

  it('reads the package entries from package.json (each names a plugin file that exists)', () => {
    expect(entries.get('babylon-ecs-physics')).toBe('plugin/index.ts');
    expect(entries.get('babylon-ecs-physics/accurate')).toBe('plugin/accurate.ts');
    for (const file of entries.values()) expect(files.has(file), file).toBe(true);
  });

  it('has no upward import, no import between solver folders (but pgs → mdp), no stray @babylonjs import, no cycle', () => {
    expect(checkImportGraph(files, entries)).toEqual([]);
  });
});

describe('the checker catches planted violations', () => {
  const base: [string, string][] = [
    ['math/vec3.ts', 'export const x = 1;'],
    ['components/rigid-body.ts', "import { x } from '../math/vec3';"],
    ['systems/solve/common/lemke.ts', "import type { A } from '../../../components/rigid-body';"],
    ['systems/solve/pgs/pgs-solver.ts', "import { s } from '../mdp/single-contact';\nimport { l } from '../common/lemke';"],
    ['systems/solve/mdp/single-contact.ts', 'export const s = 1;'],
    ['systems/solve/lcp/stewart-trinkle.ts', "import { l } from '../common/lemke';"],
    ['systems/solve/plus/plus-impact.ts', 'export const p = 1;'],
    ['plugin/world.ts', "import { w } from '../systems/solve/lcp/stewart-trinkle';"],
    ['plugin/babylon/attach.ts', "import { Scene } from '@babylonjs/core/scene';\nimport { w } from '../world';"],
    ['scenes/pile.ts', "import { w } from '../plugin/world';"],
    ['bench/run.ts', "import { p } from '../scenes/pile';\nimport H from '@babylonjs/havok';"],
    ['sample-game/main.ts', "import { Engine } from '@babylonjs/core';\nimport { p } from '../scenes/pile';"],
  ];
  const plant = (path: string, source: string): Map<string, string> => new Map([...base, [path, source]]);

  it('the clean graph passes', () => {
    expect(checkImportGraph(new Map(base))).toEqual([]);
  });

  it('reads every kind of import', () => {
    expect(importsOf("import a from './a';\nimport type { B } from './b';\nexport { c } from './c';\nconst d = import('./d');"))
      .toEqual(['./a', './b', './c', './d']);
  });

  it('an upward import (systems → plugin, type-only too)', () => {
    const v = checkImportGraph(plant('systems/solve/lcp/clock.ts', "import type { P } from '../../../plugin/world';"));
    expect(v).toContainEqual({ rule: 'layer', from: 'systems/solve/lcp/clock.ts', to: 'plugin/world.ts' });
  });

  it('bench ↔ sample-game', () => {
    const v = checkImportGraph(plant('bench/game.ts', "import { e } from '../sample-game/main';"));
    expect(v.map((x) => x.rule)).toContain('layer');
  });

  it('lcp → pgs, lcp ↔ plus, common → lcp; but not pgs → mdp', () => {
    const a = checkImportGraph(plant('systems/solve/lcp/joints.ts', "import { s } from '../pgs/pgs-solver';"));
    expect(a).toContainEqual({ rule: 'solver-folders', from: 'systems/solve/lcp/joints.ts', to: 'systems/solve/pgs/pgs-solver.ts' });
    const b = checkImportGraph(plant('systems/solve/plus/impact.ts', "import { l } from '../lcp/stewart-trinkle';"));
    expect(b.map((x) => x.rule)).toEqual(['solver-folders']);
    const c = checkImportGraph(plant('systems/solve/common/shared.ts', "import { p } from '../plus/plus-impact';"));
    expect(c.map((x) => x.rule)).toEqual(['solver-folders']);
    const d = checkImportGraph(plant('systems/solve/pgs/block.ts', "import { s } from '../mdp/single-contact';"));
    expect(d).toEqual([]);
  });

  it('the package imported by its own name below the plugin layer, or through an entry it does not have', () => {
    const entries = new Map([['babylon-ecs-physics', 'plugin/world.ts']]);
    const v = checkImportGraph(plant('systems/solve/pgs/x.ts', "import { w } from 'babylon-ecs-physics';"), entries);
    expect(v).toEqual([{ rule: 'layer', from: 'systems/solve/pgs/x.ts', to: 'plugin/world.ts' }]);
    expect(checkImportGraph(plant('examples/demo/main.ts', "import { w } from 'babylon-ecs-physics';\nimport '@babylonjs/core';"), entries))
      .toEqual([]);
    const u = checkImportGraph(plant('examples/demo/main.ts', "import { w } from 'babylon-ecs-physics/nope';"), entries);
    expect(u).toEqual([{ rule: 'unresolved', from: 'examples/demo/main.ts', to: 'babylon-ecs-physics/nope' }]);
  });

  it('an example importing the sample game', () => {
    const v = checkImportGraph(plant('examples/demo/main.ts', "import { e } from '../../sample-game/main';"));
    expect(v).toEqual([{ rule: 'layer', from: 'examples/demo/main.ts', to: 'sample-game/main.ts' }]);
  });

  it('@babylonjs outside plugin/babylon and sample-game', () => {
    const v = checkImportGraph(plant('plugin/step.ts', "import { Vector3 } from '@babylonjs/core';"));
    expect(v).toEqual([{ rule: 'babylon', from: 'plugin/step.ts', to: '@babylonjs/core' }]);
    const w = checkImportGraph(plant('systems/queries/ray.ts', "import type { Ray } from '@babylonjs/core/Culling/ray';"));
    expect(w.map((x) => x.rule)).toEqual(['babylon']);
  });

  it('a cycle, even within one layer', () => {
    const files = new Map([...base,
      ['plugin/a.ts', "import { b } from './b';"], ['plugin/b.ts', "import { c } from './c';"], ['plugin/c.ts', "import type { a } from './a';"]]);
    const v = checkImportGraph(files);
    expect(v).toEqual([{ rule: 'cycle', from: 'plugin/a.ts', to: 'plugin/a.ts → plugin/b.ts → plugin/c.ts' }]);
  });
});
