// Adds the `.js` extension to the relative imports of the emitted declarations (`dist/types/**/*.d.ts`)
// so that they resolve under TypeScript's `node16` / `nodenext` module resolution as well as under
// `bundler`: the sources import without extensions (vite resolves them), and tsc keeps the specifiers
// as written. `./world` becomes `./world.js` (next to `world.d.ts`), `./babylon` `./babylon/index.js`.
// A relative import that matches no declaration file is an error (the build fails).
// Run by `npm run build` after `tsc -p tsconfig.build.json`; takes the folder as its argument.

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist/types');
// `from '…'`, `import('…')` and `import '…'`, with a relative specifier without a .js extension
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g;

function fullSpecifier(file, spec) {
  if (spec.endsWith('.js')) return spec;
  const base = resolve(dirname(file), spec);
  if (existsSync(`${base}.d.ts`)) return `${spec}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${spec}/index.js`;
  throw new Error(`${file}: the import '${spec}' matches no declaration file`);
}

let files = 0, rewritten = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { walk(path); continue; }
    if (!name.endsWith('.d.ts')) continue;
    files++;
    const text = readFileSync(path, 'utf8');
    const out = text.replace(SPECIFIER, (_m, lead, quote, spec) => {
      const full = fullSpecifier(path, spec);
      if (full !== spec) rewritten++;
      return `${lead}${quote}${full}${quote}`;
    });
    if (out !== text) writeFileSync(path, out);
  }
}

walk(root);
console.log(`declaration-extensions: ${rewritten} relative imports completed in ${files} declaration files`);
