import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's "How the code is laid out" is a newcomer's map: it names every slice of the
// app's layers, every folder of the server and every page of docs/. A slice added without a
// line there fails here.

const README = readFileSync('README.md', 'utf8');

function layoutSection(readme: string): string {
  const start = readme.indexOf('## How the code is laid out');
  if (start < 0) throw new Error('README.md has no "How the code is laid out" section');
  const next = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, next < 0 ? undefined : next);
}

const dirsOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The names of `names` that the text does not mention as a word of their own. */
function unnamed(text: string, names: string[]): string[] {
  return names.filter((name) => !new RegExp(`(?<![\\w-])${name.replace(/[.]/g, '\\.')}(?![\\w-])`).test(text));
}

describe("the README's layout", () => {
  const layout = layoutSection(README);

  it.each(['processes', 'pages', 'features', 'entities'])('names every slice of src/%s', (layer) => {
    const slices = dirsOf(path.join('src', layer));
    expect(slices.length).toBeGreaterThan(0);
    expect(unnamed(layout, slices)).toEqual([]);
  });

  it('names every folder of server/ and of the repository', () => {
    expect(unnamed(layout, dirsOf('server'))).toEqual([]);
    const top = dirsOf('.').filter(
      (d) => !d.startsWith('.') && !['node_modules', 'dist', 'data', 'test-results', 'playwright-report'].includes(d),
    );
    expect(unnamed(layout, top)).toEqual([]);
  });

  it('names every page of docs/', () => {
    const pages = readdirSync('docs').filter((f) => f.endsWith('.md'));
    expect(unnamed(layout, pages)).toEqual([]);
  });

  it('fails on a slice it does not name', () => {
    expect(unnamed('pages/  landing, property', ['landing', 'property', 'search-results'])).toEqual(['search-results']);
    expect(unnamed('save-search-button', ['save-search'])).toEqual(['save-search']);
  });
});
