// Runs a benchmark entry (`bench/*.ts`) as the engine ships: bundled into one ES module by esbuild
// (as an application's bundler does), not through a TypeScript loader. Under `tsx` every module is
// transformed on its own and each imported binding is read through a getter (`__export`), which V8
// does not always inline in the hot loops: the 1000-cube pile measured 13.4 ms CPU per step through
// `tsx` against 10.6–10.8 ms bundled (same bits). Only the engine's own sources are bundled; packages
// (Havok, Rapier, cannon-es, Babylon, bitecs) stay imports from node_modules.
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
