/**
 * The published package: what `npm pack` puts in the tarball (the built `dist/`, README, LICENSE,
 * CHANGELOG and package.json, nothing else) and the metadata a registry needs (no `private`, an MIT
 * license, repository, keywords, a changelog entry for the version). The file list comes from
 * `npm pack --dry-run --json --ignore-scripts`, so no build runs here; the real `npm pack` builds
 * `dist/` first (`prepack`).
 */

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8')) as {
  name: string; version: string; private?: boolean; license?: string; keywords?: string[];
  repository?: { url?: string }; files?: string[]; sideEffects?: unknown;
  exports: Record<string, { types: string; import: string }>;
};

describe('npm package', () => {
  it('is publishable: not private, MIT licensed, with repository, keywords and a 0.x version', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\//);
    expect(pkg.keywords).toEqual(expect.arrayContaining(['physics', 'babylonjs', 'ecs']));
    expect(pkg.version).toMatch(/^0\.\d+\.\d+$/);
    const license = readFileSync(resolve(repo, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License/);
    expect(license).toContain('babylon-ecs-physics contributors');
  });

  it('CHANGELOG.md has an entry for the package version', () => {
    const changelog = readFileSync(resolve(repo, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## [${pkg.version}]`);
  });

  it('every export points into dist/, which the tarball ships', () => {
    for (const [entry, target] of Object.entries(pkg.exports)) {
      expect(target.import, entry).toMatch(/^\.\/dist\/.*\.js$/);
      expect(target.types, entry).toMatch(/^\.\/dist\/types\/.*\.d\.ts$/);
    }
    expect(pkg.files).toContain('dist');
  });

  it('npm pack ships dist/, README, LICENSE, CHANGELOG and package.json, and nothing else', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo, encoding: 'utf8' });
    const [report] = JSON.parse(out) as { files: { path: string }[] }[];
    const paths = report.files.map((f) => f.path);
    for (const top of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) expect(paths).toContain(top);
    const others = paths.filter((p) => !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(p));
    // dist/ holds only the library's modules and their declarations: no source maps, no tests, no scenes.
    for (const p of others) expect(p, p).toMatch(/^dist\/(?!types\/(scenes|test|bench|sample-game)\/)[\w./-]+\.(js|d\.ts)$/);
  });
});
