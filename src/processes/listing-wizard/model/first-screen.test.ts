import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api';
import { LISTING_CARRY_KEY, leaveListingCarry } from '@/shared/lib/listing-carry';
import { firstScreenView, LISTING_CARRY_STORAGE_KEY, startsElsewhere } from './first-screen';
import { createListingWizardRuntime } from './runtime';
import { createWizardStore } from './wizard-store';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

beforeEach(() => sessionStorage.clear());

describe('the first screen of a new listing', () => {
  it.each([
    ['sale', 'anonymous'],
    ['sale', 'silent'],
    ['sale', 'loggedIn'],
    ['rent', 'anonymous'],
    ['rent', 'silent'],
    ['rent', 'loggedIn'],
  ] as const)('shows what the machine shows first (%s, %s)', (flow, account) => {
    const client = createApiClient({ fetch: vi.fn(() => Promise.reject(new Error('no call expected'))) as unknown as typeof fetch });
    const runtime = createListingWizardRuntime({ flow, account, device: 'mobile' }, { registered: vi.fn(), goToPayment: vi.fn() }, { client, store: createWizardStore(null) });
    const first = firstScreenView(flow, account);
    const machine = runtime.view();
    expect(Object.fromEntries(Object.keys(first).map((key) => [key, machine[key as keyof typeof machine]]))).toEqual(first);
    runtime.stop();
  });

  it('is busy while an answer waits for the machine, and says so when the machine could not load', () => {
    expect(firstScreenView('sale', 'anonymous', { busy: true, failed: false })).toMatchObject({ busy: true, stage: 'saving', error: null });
    expect(firstScreenView('sale', 'anonymous', { busy: false, failed: true })).toMatchObject({ busy: false, error: { kind: 'save', failure: 'offline' } });
  });

  it('leaves to the machine a tab that starts elsewhere: personal data kept for step 1, a valuation carried', () => {
    expect(LISTING_CARRY_STORAGE_KEY).toBe(LISTING_CARRY_KEY);
    expect(startsElsewhere('anonymous')).toBe(false);
    expect(startsElsewhere('silent')).toBe(false);
    createWizardStore().savePersonalData({ name: 'Giulia', surname: 'Rossi', phonePrefix: '+39', phone: '333 1234567', termsAndConditions: true, privacy: true, commercialConsent: false, partnerConsent: false });
    expect(startsElsewhere('anonymous')).toBe(true);
    leaveListingCarry({ flow: 'sale', answers: {}, valuationId: null });
    expect(startsElsewhere('loggedIn')).toBe(true);
  });
});

/** The modules a file imports statically (not `import type`, not `import()`), resolved to files; packages by name. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      if (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly)) continue;
    } else if (statement.isTypeOnly) continue;
    found.push(resolveModule(file, statement.moduleSpecifier.text));
  }
  return found;
}

function resolveModule(from: string, specifier: string): string {
  const base = specifier.startsWith('@/') ? resolve(ROOT, 'src', specifier.slice(2)) : specifier.startsWith('@domain/') ? resolve(ROOT, 'domain', specifier.slice(8)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
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

/** Every module reachable by static imports (barrels followed whole: more than the bundle keeps). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('/') && /\.(ts|tsx)$/.test(file) && !file.endsWith('.css')) queue.push(...staticImports(file));
  }
  return seen;
}

describe('the first screen loads no machine', () => {
  it('reaches xstate, the machines, the calls and the runtime only through dynamic imports', () => {
    const graph = [...staticGraph(resolve(ROOT, 'src/app/routes/annuncio/vendocasa/index.tsx'))];
    const relative = graph.map((file) => (file.startsWith(ROOT) ? file.slice(ROOT.length + 1) : file));
    expect(relative).toContain('src/processes/listing-wizard/model/first-screen.ts');
    expect(relative.filter((file) => /^xstate|^machines\/.*\.machine|^machines\/wizard-context|listing-wizard\/model\/(start|runtime|calls|view|wizard-store)\.ts$/.test(file))).toEqual([]);
  });
});
