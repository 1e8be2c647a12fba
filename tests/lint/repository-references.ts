import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository stands alone: a clone holds everything its code, tests, bench and docs read
 * or cite. This finds what points past it: a relative path that climbs out of the repository,
 * a Markdown page, a `docs/` file or a source file named by its path that is not in it, and
 * citations of a specification that is not `docs/spec.md` or of a section it does not have.
 */

export interface RepoFile {
  /** Path from the repository's root, with `/`. */
  path: string;
  text: string;
}

export interface OutsideReference {
  file: string;
  line: number;
  reference: string;
  why: string;
}

/** Folders made by installs, builds and runs, not part of the repository. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', '.tmp', 'test-results', 'playwright-report', 'coverage']);
/** `/data/` at the root is the embedded database's folder (DATA_DIR), ignored by git. */
const SKIPPED_ROOT_DIRS = new Set(['data']);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.md',
  '.css',
  '.html',
  '.sql',
  '.yml',
  '.yaml',
  '.txt',
  '.svg',
  '',
]);
/** The lockfile is npm's, not the project's words. */
const SKIPPED_FILES = new Set(['package-lock.json']);
/** This check and its test: they hold the references they look for, as examples. */
const SELF = new Set(['tests/lint/repository-references.ts', 'tests/lint/self-contained.test.ts']);

/**
 * Places where a climbing path is meant relative to another file than the one it is written
 * in, each with its reason. Nothing else may climb out.
 */
export const ALLOWED_CLIMBS: ReadonlyArray<{ file: string; reference: string; why: string }> = [
  {
    file: 'eslint.config.js',
    reference: '../../server',
    why: 'an import pattern, matched against the imports of files under src/',
  },
];

/** Files whose paths name sample files that exist only in memory, with their reason. */
export const IN_MEMORY_SAMPLES: ReadonlyMap<string, string> = new Map([
  [
    'tests/lint/import-rules.test.ts',
    'lints sample files placed in src/ and machines/ in memory, with the imports they would write',
  ],
]);

export function readRepositoryFiles(root: string): RepoFile[] {
  const out: RepoFile[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || (rel === '' && SKIPPED_ROOT_DIRS.has(entry.name))) continue;
        walk(path.join(dir, entry.name), relPath);
      } else if (
        entry.isFile() &&
        !SKIPPED_FILES.has(entry.name) &&
        !SELF.has(relPath) &&
        TEXT_EXTENSIONS.has(path.extname(entry.name))
      ) {
        out.push({ path: relPath, text: readFileSync(path.join(dir, entry.name), 'utf8') });
      }
    }
  };
  walk(root, '');
  return out;
}

const CLIMB = /(?:\.\.\/)+[\w@.$[\]{}-]*(?:\/[\w@.$[\]{}-]+)*/g;
/** A Markdown page named anywhere: `docs/search.md`, `README.md`, `wizard-flow.md`. */
const MARKDOWN_PAGE = /[\w./-]*[\w-]\.md\b/g;
/** A file under docs/ named from anywhere. */
const DOCS_FILE = /(?<![\w./-])docs\/[\w./-]*\w/g;
/** A source or data file named by its path from the root: `server/auth/tokens.ts`. */
const REPO_FILE =
  /(?<![\w./@-])(?:src|server|machines|domain|tests|scripts|locales|public)\/[\w./$[\]-]*\.(?:tsx?|js|json|md|css|csv|sql)\b/g;
/** A specification cited by section without saying which file holds it. */
const BARE_SPEC_SECTION = /\bspec(?:ification)?(?:'s)?\s+(?:sections?\s+\d|§\s*\d|\(section)/gi;
const SPEC_SECTION = /docs\/spec\.md\s+§(\d+)/g;

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Finds every reference of `files` that points outside the repository at `root`. */
export function findOutsideReferences(root: string, files: readonly RepoFile[]): OutsideReference[] {
  const found: OutsideReference[] = [];
  const exists = (rel: string) => existsSync(path.join(root, rel));
  const markdownNames = new Set(files.filter((f) => f.path.endsWith('.md')).map((f) => path.posix.basename(f.path)));
  const specSections = new Set(
    [...(files.find((f) => f.path === 'docs/spec.md')?.text ?? '').matchAll(/^#{1,3}\s+§(\d+)\b/gm)].map((m) => m[1]),
  );
  for (const file of files) {
    if (IN_MEMORY_SAMPLES.has(file.path)) continue;
    const dir = path.posix.dirname(file.path);
    const report = (index: number, reference: string, why: string) =>
      found.push({ file: file.path, line: lineOf(file.text, index), reference, why });

    for (const m of file.text.matchAll(CLIMB)) {
      const target = path.posix.normalize(path.posix.join(dir, m[0]));
      if (target !== '..' && !target.startsWith('../')) continue;
      if (ALLOWED_CLIMBS.some((a) => a.file === file.path && a.reference === m[0])) continue;
      report(m.index, m[0], 'climbs out of the repository');
    }
    for (const m of file.text.matchAll(MARKDOWN_PAGE)) {
      const name = m[0].replace(/^\.?\//, '');
      const known = name.includes('/') ? exists(name) || exists(path.posix.join(dir, name)) : markdownNames.has(name);
      if (!known) report(m.index, m[0], 'names a Markdown page the repository does not have');
    }
    for (const m of file.text.matchAll(DOCS_FILE)) {
      if (m[0].endsWith('.md')) continue; // a page: checked above
      if (!exists(m[0]) && !exists(path.posix.join(dir, m[0])))
        report(m.index, m[0], 'names a file of docs/ that does not exist');
    }
    for (const m of file.text.matchAll(REPO_FILE)) {
      if (!m[0].endsWith('.md') && !exists(m[0])) report(m.index, m[0], 'names a file that is not in the repository');
    }
    for (const m of file.text.matchAll(BARE_SPEC_SECTION)) {
      report(m.index, m[0], 'cites a specification section without docs/spec.md');
    }
    for (const m of file.text.matchAll(SPEC_SECTION)) {
      if (!specSections.has(m[1])) report(m.index, m[0], 'cites a section docs/spec.md does not have');
    }
  }
  return found;
}
