import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** For tests that check what a page's first screen can reach (node's fs: tests only). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The modules a file imports statically (not `import type`, not `import()`), resolved to files; packages by name. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (
      !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ||
      !statement.moduleSpecifier ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    )
      continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      if (
        clause &&
        !clause.name &&
        bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.every((element) => element.isTypeOnly)
      )
        continue;
    } else if (statement.isTypeOnly) continue;
    found.push(resolveModule(file, statement.moduleSpecifier.text));
  }
  return found;
}

function resolveModule(from: string, specifier: string): string {
  const base = specifier.startsWith('@/')
    ? resolve(PROJECT_ROOT, 'src', specifier.slice(2))
    : specifier.startsWith('@domain/')
      ? resolve(PROJECT_ROOT, 'domain', specifier.slice(8))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : null;
  if (base === null) return specifier;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      if (readFileSync(candidate) && !candidate.endsWith('/')) return candidate;
    } catch {
      // not this one
    }
  }
  return base;
}

/**
 * Every module reachable by static imports from `entry` (a path in the project), as paths in
 * the project (packages by name). Barrels are followed whole: more than the bundle keeps, so a
 * module missing here is surely not on the entry's first screen.
 */
export function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [resolve(PROJECT_ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('/') && /\.(ts|tsx)$/.test(file) && !file.endsWith('.css')) queue.push(...staticImports(file));
  }
  return [...seen].map((file) => (file.startsWith(PROJECT_ROOT) ? file.slice(PROJECT_ROOT.length + 1) : file));
}
