/**
 * The published package: what `npm pack` puts in the tarball (the built `dist/`, README, LICENSE,
 * CHANGELOG and package.json, nothing else) and the metadata a registry needs (no `private`, an MIT
 * license, repository, keywords, a changelog entry for the version). The file list comes from
 * `npm pack --dry-run --json --ignore-scripts`, so no build runs here; the real `npm pack` builds
 * `dist/` first (`prepack`). The declarations, emitted as the build emits them (tsc, then
 * `scripts/declaration-extensions.mjs`), type-check an app that imports every entry by the package
 * name under TypeScript's `nodenext` and `bundler` module resolution, with the library's own
 * declarations checked too (`skipLibCheck: false`).
 */

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

describe('published declarations', () => {
  it('type-check a consumer under moduleResolution nodenext and bundler (every entry, no lib check skipped)', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'bep-types-'));
    try {
      const pkgDir = join(tmp, 'node_modules', 'babylon-ecs-physics');
      mkdirSync(pkgDir, { recursive: true });
      copyFileSync(resolve(repo, 'package.json'), join(pkgDir, 'package.json'));
      const tsc = resolve(repo, 'node_modules/typescript/bin/tsc');
      // the declarations as `npm run build` emits them
      execFileSync(process.execPath, [tsc, '-p', resolve(repo, 'tsconfig.build.json'), '--outDir', join(pkgDir, 'dist/types')], { cwd: repo });
      execFileSync(process.execPath, [resolve(repo, 'scripts/declaration-extensions.mjs'), join(pkgDir, 'dist/types')]);
      mkdirSync(join(tmp, 'node_modules', '@babylonjs'));
      symlinkSync(resolve(repo, 'node_modules/bitecs'), join(tmp, 'node_modules', 'bitecs'), 'dir');
      symlinkSync(resolve(repo, 'node_modules/@babylonjs/core'), join(tmp, 'node_modules', '@babylonjs', 'core'), 'dir');
      writeFileSync(join(tmp, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(join(tmp, 'app.ts'), [
        "import { addBody, addJoint, createPhysicsWorld, getPosition, stepWorld, type PhysicsWorld } from 'babylon-ecs-physics';",
        "import type { LcpOptions } from 'babylon-ecs-physics/accurate';",
        "import 'babylon-ecs-physics/max-dissipation';",
        "import { attachPhysics } from 'babylon-ecs-physics/babylon';",
        "const world: PhysicsWorld = createPhysicsWorld({ solver: 'pgs' });",
        "const a = addBody(world, { position: [0, 3, 0], collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5] } });",
        "addJoint(world, { kind: 'ball', bodyA: a, worldAnchor: [0, 4, 0] });",
        'stepWorld(world, 1 / 60);',
        'const y: number = getPosition(world, a)[1];',
        'const lcp: Partial<LcpOptions> = {};',
        'export { y, lcp, attachPhysics };',
      ].join('\n'));
      for (const [module, resolution] of [['nodenext', 'nodenext'], ['esnext', 'bundler']]) {
        writeFileSync(join(tmp, 'tsconfig.json'), JSON.stringify({
          compilerOptions: { target: 'es2022', module, moduleResolution: resolution, strict: true, noEmit: true, skipLibCheck: false, lib: ['es2022', 'dom'] },
          files: ['app.ts'],
        }));
        // throws (with tsc's messages) when the consumer does not type-check
        execFileSync(process.execPath, [tsc, '-p', join(tmp, 'tsconfig.json')], { cwd: tmp, encoding: 'utf8' });
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 300_000);
});
