/**
 * Sources are cited by author, year and equation (`docs/references.md`), and no file names what is
 * kept outside the repository: checked on every text file of the repository (`citations.ts`), and
 * the checker shown to catch each kind of problem.
 */

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { findCitationProblems, readRepositoryTexts } from './citations';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOTE = ['Dig', 'est'].join('');

describe('citations in the repository', () => {
  const files = readRepositoryTexts(ROOT);

  it('reads every layer, the docs, the tests and the READMEs', () => {
    const paths = [...files.keys()];
    for (const p of ['README.md', 'docs/references.md', 'docs/architecture.md', 'systems/solve/lcp/README.md',
      'systems/solve/common/lemke.ts', 'plugin/world.ts', 'scenes/stewart-trinkle.ts', 'test/architecture/citations.ts']) {
      expect(paths).toContain(p);
    }
    expect(paths.filter((p) => p.startsWith('test/')).length).toBeGreaterThan(100);
    expect(paths.some((p) => p.startsWith('node_modules/'))).toBe(false);
  });

  it('cites papers, never the working notes, and names no file kept outside the repository', () => {
    expect(findCitationProblems(files)).toEqual([]);
  });
});

describe('the checker catches each kind of problem', () => {
  const check = (text: string): string[] => findCitationProblems(new Map([['x.ts', text]])).map((p) => p.rule);

  it('a clean citation passes', () => {
    expect(check(' * Drumwright 2019 §4.2, eqs. 59–62; Stewart & Trinkle 1996, Table I.')).toEqual([]);
    expect(check("const h = createHash('sha256').update(s)." + NOTE.toLowerCase() + "('hex');")).toEqual([]);
  });

  it('a working-note citation, in any case', () => {
    expect(check(` * (${NOTE.toLowerCase()} §1.7, T7)`)).toEqual(['working-note']);
    expect(check(`/** ${NOTE} tolerances. */`)).toEqual(['working-note']);
    expect(check(`const ${NOTE.toUpperCase()} = 1; // the ${NOTE.toLowerCase()}s`)).toEqual(['working-note']);
  });

  it('a paper text file, a note file, a path to them, the design document beside the repository', () => {
    expect(check(' * (PLUS, ' + '004' + '_27129fe6ccc0a1bc.txt)')).toEqual(['outside-file']);
    expect(check(' * see ' + 'seed' + '-003-drumwright.md')).toEqual(['outside-file']);
    expect(check(" * " + 'Seed' + " 004's Example 1")).toEqual(['outside-file']);
    expect(check(' * see the ' + 'style' + '-anchors notes')).toEqual(['outside-file']);
    expect(check(' * ../' + 'shared/' + 'research/x')).toEqual(['outside-file']);
    expect(check(' * (' + 'DESIGN' + '.md, "Solvers")')).toEqual(['outside-file']);
    expect(check(' * [design](../' + 'shared/x.md)')).toEqual(['outside-file']);
    expect(check(' * (docs/architecture.md, "Solvers"); seeded 12 times; the seed of the hull')).toEqual([]);
  });
});
