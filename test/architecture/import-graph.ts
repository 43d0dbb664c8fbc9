/**
 * The import-graph checker behind `import-graph.test.ts`: reads every import (static, type-only,
 * `export … from`, dynamic `import()`) of the source folders with the TypeScript scanner
 * (`ts.preProcessFile`) and reports what the architecture forbids (`docs/architecture.md`):
 *
 * - an upward import across the layers math < components < systems < plugin < scenes <
 *   sample-game, examples, bench (the three apps do not import each other); an import of the package
 *   by its own name (`babylon-ecs-physics`, `babylon-ecs-physics/accurate`, …) is an import of the
 *   plugin file its `exports` entry builds from, so `systems/` cannot reach the plugin that way either;
 * - an import between the solver folders `systems/solve/{pgs,lcp,plus,mdp}` other than pgs → mdp (the
 *   fast solver's friction kernel), and any import from `systems/solve/common/` into a solver folder;
 * - an `@babylonjs/*` import outside `plugin/babylon/`, `sample-game/` and `examples/` (the bench may import the
 *   reference engine, `@babylonjs/havok`, and the Babylon core it runs in: it measures against them);
 * - any cycle among the source files.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** Source folders by layer rank (an import may only go to an equal or lower rank, see the header). */
export const LAYERS: Readonly<Record<string, number>> = {
  math: 0, components: 1, systems: 2, plugin: 3, scenes: 4, 'sample-game': 5, examples: 5, bench: 5,
};

/** The package's own name: importing it (or a subpath) imports the plugin file of that entry. */
export const PACKAGE_NAME = 'babylon-ecs-physics';

/** Package specifier (`babylon-ecs-physics`, `babylon-ecs-physics/accurate`, …) → source file. */
export type PackageEntries = ReadonlyMap<string, string>;

/**
 * The package's entries from `package.json` `exports`: each entry's `types` path
 * (`./dist/types/plugin/accurate.d.ts`) names the source file it is built from (`plugin/accurate.ts`).
 */
export function readPackageEntries(root: string): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string; exports: Record<string, { types: string }>;
  };
  const out = new Map<string, string>();
  for (const [sub, entry] of Object.entries(pkg.exports)) {
    const spec = sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`;
    out.set(spec, entry.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts'));
  }
  return out;
}
export const SOLVER_FOLDERS = ['pgs', 'lcp', 'plus', 'mdp'] as const;
/** The one allowed import between solver folders: the fast solver uses the friction kernel. */
const ALLOWED_SOLVER_IMPORTS = new Set(['pgs->mdp']);

export interface Violation {
  rule: 'layer' | 'solver-folders' | 'babylon' | 'cycle' | 'unresolved';
  from: string;
  to: string;
}

/** Repository-relative path (posix) → source text. */
export type SourceFiles = ReadonlyMap<string, string>;

/** Every `.ts` / `.tsx` file under the source folders of `root`. */
export function readSources(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const rel = posix.join(dir, name);
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.set(rel, readFileSync(join(root, rel), 'utf8'));
    }
  };
  for (const layer of Object.keys(LAYERS)) {
    try { statSync(join(root, layer)); } catch { continue; }
    walk(layer);
  }
  return out;
}

/** The specifiers a file imports (all kinds, type-only included). */
export function importsOf(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

function resolve(files: SourceFiles, from: string, spec: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (files.has(candidate)) return candidate;
  }
  return undefined;
}

function layerOf(path: string): string {
  return path.split('/')[0];
}

function solverFolderOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'systems' && parts[1] === 'solve' && parts.length > 3 ? parts[2] : undefined;
}

function babylonAllowed(from: string, spec: string): boolean {
  if (from.startsWith('plugin/babylon/') || from.startsWith('sample-game/') || from.startsWith('examples/')) return true;
  return from.startsWith('bench/') && (spec === '@babylonjs/havok' || spec.startsWith('@babylonjs/core'));
}

/** All violations in `files` (empty when the graph is as the architecture says). */
export function checkImportGraph(files: SourceFiles, entries: PackageEntries = new Map()): Violation[] {
  const out: Violation[] = [];
  const edges = new Map<string, string[]>();
  for (const [from, source] of files) {
    const targets: string[] = [];
    for (const spec of importsOf(source)) {
      if (spec.startsWith('@babylonjs/')) {
        if (!babylonAllowed(from, spec)) out.push({ rule: 'babylon', from, to: spec });
        continue;
      }
      const self = spec === PACKAGE_NAME || spec.startsWith(`${PACKAGE_NAME}/`);
      if (!spec.startsWith('.') && !self) continue; // another package
      const to = self ? entries.get(spec) : resolve(files, from, spec);
      if (self && (to === undefined || !files.has(to))) {
        out.push({ rule: 'unresolved', from, to: spec });
        continue;
      }
      if (to === undefined) {
        // not a source file: an asset (json, css, html, images) may be imported; anything else is a
        // relative import the checker cannot follow, reported rather than skipped
        const target = posix.normalize(posix.join(posix.dirname(from), spec));
        if (!/\.(json|css|html|png|jpg|svg|wasm)(\?.*)?$/.test(target)) out.push({ rule: 'unresolved', from, to: target });
        continue;
      }
      targets.push(to);
      const a = LAYERS[layerOf(from)], b = LAYERS[layerOf(to)];
      if (b > a || (a === b && layerOf(from) !== layerOf(to))) out.push({ rule: 'layer', from, to });
      const sf = solverFolderOf(from), st = solverFolderOf(to);
      if (sf !== undefined && st !== undefined && sf !== st) {
        const fromSolver = (SOLVER_FOLDERS as readonly string[]).includes(sf);
        const toSolver = (SOLVER_FOLDERS as readonly string[]).includes(st);
        if ((fromSolver || sf === 'common') && toSolver && !ALLOWED_SOLVER_IMPORTS.has(`${sf}->${st}`)) {
          out.push({ rule: 'solver-folders', from, to });
        }
      }
    }
    edges.set(from, targets);
  }
  for (const cycle of findCycles(edges)) out.push({ rule: 'cycle', from: cycle[0], to: cycle.join(' → ') });
  return out;
}

/** The strongly connected components of more than one file (or a file importing itself), by Tarjan. */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>(), out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter); low.set(v, counter); counter++;
    stack.push(v); onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}
