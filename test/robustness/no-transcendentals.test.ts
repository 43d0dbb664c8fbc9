/**
 * The step and body creation use no `Math` transcendental function and no `**` (whose result V8 builds,
 * SpiderMonkey and JavaScriptCore may round differently): a scan of the source of components/, systems/,
 * math/ and plugin/ (plugin/babylon/ excepted: rendering, not simulation) with comments removed. Only
 * `math/deterministic-math.ts` implements them (with + − × ÷ and `Math.sqrt`). `Math.sqrt`, `abs`,
 * `floor`, `min`, `max`, `hypot`, `imul`, `fround`, `round`, `sign`, `trunc`, `ceil` and constants are
 * allowed (`sqrt` is correctly rounded by IEEE 754; `hypot` agrees in every engine tested).
 */

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
const ROOTS = ['components', 'systems', 'math', 'plugin'];
const BANNED = /Math\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|expm1|log|log1p|log2|log10|pow|cbrt)\b/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'babylon') out.push(...files(p)); } else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** The source without comments and string literals (so that docs may name the functions). */
function code(src: string): string {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

describe('no Math transcendental and no ** in the simulation path', () => {
  const all = ROOTS.flatMap((r) => files(join(repo, r))).filter((p) => !p.endsWith('deterministic-math.ts'));
  it(`scans ${ROOTS.join(', ')} (${all.length} files)`, () => {
    const hits: string[] = [];
    for (const p of all) {
      const lines = code(readFileSync(p, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (BANNED.test(line) || /\*\*/.test(line)) hits.push(`${relative(repo, p)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it('the scan finds a planted call (it can fail)', () => {
    expect(BANNED.test(code('const a = Math.sin(x); // fine: Math.cos in a comment'))).toBe(true);
    expect(BANNED.test(code('const a = 1; // Math.cos only in a comment'))).toBe(false);
  });
});
