/**
 * The citation rule of `docs/references.md`, as a checker: the repository cites its sources by
 * author, year and the paper's own section or equation, and names no file that lives outside it.
 * `findCitationProblems` reports, per file and line:
 *
 * - `working-note`: a citation of the engineering notes written while the engine was built (the
 *   word the notes were called by, in any case, as a word of its own; a method call `.x(` on a hash
 *   object is not a citation);
 * - `outside-file`: the name of a paper's text file (three digits, an underscore, sixteen hex digits),
 *   of a note file, or a path into the folders that held them, or the design document kept beside
 *   the repository (`docs/architecture.md` is the repository's own).
 *
 * The words are assembled from parts so that this file does not trip its own rule.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

export interface CitationProblem {
  rule: 'working-note' | 'outside-file';
  file: string;
  line: number;
  text: string;
}

const NOTE_WORD = ['dig', 'est'].join('');
const RULES: readonly { rule: CitationProblem['rule']; re: RegExp }[] = [
  { rule: 'working-note', re: new RegExp(`(?<![.\\w])${NOTE_WORD}s?(?!\\w)`, 'i') },
  { rule: 'outside-file', re: /\b\d{3}_[0-9a-f]{16}\b/ },
  { rule: 'outside-file', re: new RegExp(['\\bse', 'eds?[- ]?00\\d\\b'].join(''), 'i') },
  {
    rule: 'outside-file',
    re: new RegExp(
      [
        ['style', 'anchors'], ['toolchain', 'and', 'babylon', 'api'], ['babylon', 'v2', 'semantics'],
        ['state', 'of', 'the', 'art'],
      ].map((w) => w.join('-')).join('|'),
      'i',
    ),
  },
  { rule: 'outside-file', re: new RegExp(['shared/(se', 'eds|res', 'earch)|\\.\\./sh', 'ared/|\\bDES', 'IGN\\.md'].join('')) },
];

/** Folders never read: dependencies, build output, reports. */
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-sample', 'dist-examples', 'dist-docs', 'coverage', 'test-results']);
/** Text files by extension (and the CI script); the lock file is generated. */
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|html|css|ya?ml|txt)$/;
const SKIP_FILES = new Set(['package-lock.json']);

/** Repository-relative path (posix) → text of every text file the repository holds. */
export function readRepositoryTexts(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const rel = dir ? posix.join(dir, name) : name;
      const st = statSync(join(root, rel));
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(rel);
      } else if ((TEXT.test(name) || rel === '.ci/run') && !SKIP_FILES.has(name)) {
        out.set(rel, readFileSync(join(root, rel), 'utf8'));
      }
    }
  };
  walk('');
  return out;
}

/** Every line of `files` that breaks the citation rule (see the header). */
export function findCitationProblems(files: ReadonlyMap<string, string>): CitationProblem[] {
  const out: CitationProblem[] = [];
  for (const [file, text] of files) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      for (const { rule, re } of RULES) {
        if (re.test(lines[i])) out.push({ rule, file, line: i + 1, text: lines[i].trim().slice(0, 160) });
      }
    }
  }
  return out;
}
