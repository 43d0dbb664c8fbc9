// Runs a benchmark entry (`bench/*.ts`) as the engine ships: bundled into one ES module by esbuild
// (as an application's bundler does) instead of through the `tsx` loader (`npm run bench:bundled`).
// Measured on the 1000-cube pile (600 steps, CPU per step, load ~7), the two agree within the noise:
// separate processes, tsx 10.5 / 11.0 / 11.4 ms against bundled 11.0 / 11.7 / 12.2 ms; in one process,
// taking turns of 30 steps, bundled 1.08x tsx (Pyramid(20) 1.17x). So `npm run bench` stays on tsx.
// (A script outside the package that imports the engine's sources through tsx gets them compiled to
// CommonJS, each imported binding read through a getter: about 20 % slower. Keep profiling scripts
// inside the package, or bundle them.) Only the engine's own sources are bundled; packages (Havok,
// Rapier, cannon-es, Babylon, bitecs) stay imports from node_modules.
//
// Usage: node scripts/run-bundled.mjs bench/run.ts [arguments of the entry…]
// The bundle is written to dist-bench/<entry name>.mjs (ignored by git) and run in a child process
// with the same arguments, its output and exit code passed through.

import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { basename, resolve } from 'node:path';

const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  process.stderr.write('usage: node scripts/run-bundled.mjs bench/<entry>.ts [arguments…]\n');
  process.exit(2);
}
const outfile = resolve('dist-bench', `${basename(entry).replace(/\.ts$/, '')}.mjs`);
await build({
  entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20',
  packages: 'external', logLevel: 'warning', legalComments: 'none',
});
const run = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
