import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOutsideReferences, readRepositoryFiles, type RepoFile } from './repository-references';

// A clone holds nothing beside itself: every path the code, the tests, the bench and the docs
// read or cite must be inside the repository (.ci/run also runs the suite in a copy that has
// nothing beside it, which catches what this text scan cannot see).

const ROOT = path.resolve('.');
// Written in pieces so that this file does not itself hold the paths it looks for.
const up = (...parts: string[]) => ['..', ...parts].join('/');
const spec = (n: number) => ['spec', 'section', String(n)].join(' ');

describe('the repository stands alone', () => {
  it('has no path, page or citation that reaches outside it', () => {
    const found = findOutsideReferences(ROOT, readRepositoryFiles(ROOT));
    expect(found.map((f) => `${f.file}:${f.line} ${f.reference} (${f.why})`)).toEqual([]);
  });

  it('keeps the OMI ranges the synthetic data and the valuation bench read', async () => {
    const { DEFAULT_OMI_CSV, readOmi } = await import('../../scripts/db-synthetic');
    expect(path.relative(ROOT, DEFAULT_OMI_CSV).startsWith('..')).toBe(false);
    const omi = readOmi(DEFAULT_OMI_CSV);
    expect(omi.size).toBeGreaterThan(7000);
    expect(omi.get(15146)).toMatchObject({ saleMin: 2200, saleMax: 2800 }); // Milano
  });
});

describe('findOutsideReferences', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rexer-refs-'));
  mkdirSync(path.join(root, 'docs'));
  mkdirSync(path.join(root, 'server/modules/shared'), { recursive: true });
  writeFileSync(path.join(root, 'docs/spec.md'), '# Spec\n\n## §1 People\n\n## §7 Calls\n');
  writeFileSync(path.join(root, 'server/modules/shared/query.ts'), '');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files = (...more: RepoFile[]): RepoFile[] => [
    { path: 'docs/spec.md', text: '# Spec\n\n## §1 People\n\n## §7 Calls\n' },
    { path: 'server/modules/shared/query.ts', text: '' },
    ...more,
  ];
  const refs = (...more: RepoFile[]) =>
    findOutsideReferences(root, files(...more)).map((f) => `${f.file}:${f.line} ${f.reference}`);

  it('finds a file read from beside the repository', () => {
    const code = `const csv = new URL('${up('..', 'shared', 'data', 'omi.csv')}', import.meta.url);`;
    expect(refs({ path: 'scripts/gen.ts', text: code })).toEqual([
      `scripts/gen.ts:1 ${up('..', 'shared', 'data', 'omi.csv')}`,
    ]);
  });

  it('finds a document cited beside the repository, in prose and in comments', () => {
    expect(refs({ path: 'docs/a.md', text: `Follows \`${up('shared', 'ARCHITECTURE.md')}\`.` })).toContain(
      `docs/a.md:1 ${up('shared', 'ARCHITECTURE.md')}`,
    );
    expect(refs({ path: 'machines/m.ts', text: `// see\n// ${['product', 'spec.md'].join('-')}, the steps` })).toEqual([
      `machines/m.ts:2 ${['product', 'spec.md'].join('-')}`,
    ]);
  });

  it('finds a section of a specification that is not docs/spec.md, and a section it lacks', () => {
    expect(refs({ path: 'src/a.ts', text: `/** The portal (${spec(7)}). */` })).toEqual([`src/a.ts:1 ${spec(7)}`]);
    expect(refs({ path: 'src/b.ts', text: '/** (docs/spec.md §7), (docs/spec.md §4) */' })).toEqual([
      'src/b.ts:1 docs/spec.md §4',
    ]);
  });

  it('finds a file of docs/ that does not exist', () => {
    expect(refs({ path: 'README.md', text: 'See docs/spec.md and docs/gone.md.' })).toEqual([
      'README.md:1 docs/gone.md',
    ]);
  });

  it('finds a source file named by a path that no longer exists', () => {
    expect(
      refs({
        path: 'src/c.ts',
        text: '// As server/modules/shared/query.ts and server/modules/account/schemas.ts do.',
      }),
    ).toEqual(['src/c.ts:1 server/modules/account/schemas.ts']);
  });

  it('accepts relative imports that stay inside, and the root itself', () => {
    expect(
      refs({
        path: 'server/modules/search/schemas.ts',
        text: "import { q } from '../shared/query';\nconst root = new URL('../../..', import.meta.url);",
      }),
    ).toEqual([]);
  });
});
