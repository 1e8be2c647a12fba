import { isDeepStrictEqual } from 'node:util';
import i18next, { type InitOptions } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createStaticI18n, type I18n } from './i18n';
import type { TOptions } from './translate';

// The app's translator answers what i18next 26 answered with the app's options, for every key
// of every namespace in locales/ (docs/decisions.md, "Translations without i18next"). i18next
// stays a devDependency for this test only: it is not shipped.

const files = import.meta.glob<Record<string, unknown>>('../../../locales/it/*.json', {
  eager: true,
  import: 'default',
});
const resources = Object.fromEntries(
  Object.entries(files).map(([path, json]) => [/([^/]+)\.json$/.exec(path)![1], json]),
);
const namespaces = Object.keys(resources);

/**
 * The i18next options the app used (src/shared/i18n/i18n.ts before this translator), the
 * files given at init instead of read by the backend.
 */
const APP_I18NEXT_OPTIONS: InitOptions = {
  lng: 'it',
  supportedLngs: ['it'],
  fallbackLng: 'it',
  load: 'currentOnly',
  ns: namespaces,
  defaultNS: 'common',
  fallbackNS: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  resources: { it: withManyAsOther(structuredClone(resources)) },
};

/**
 * One departure from i18next: a count whose plural category is 'many' (exact millions in
 * Italian) takes the `_other` form when there is no `_many` one; i18next showed the bare key.
 * The reference is given those `_many` forms, so the comparison holds it to the same answer.
 */
function withManyAsOther<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Record<string, unknown>;
  for (const [name, child] of Object.entries(node)) {
    withManyAsOther(child);
    const many = name.replace(/_other$/, '_many');
    if (many !== name && !(many in node)) node[many] = child;
  }
  return value;
}

const reference = i18next.createInstance();
await reference.init(APP_I18NEXT_OPTIONS);
/** i18next's t, with the loose signature the comparison needs. */
const referenceT = reference.t as unknown as (key: string, options?: object) => unknown;

/** The reference's answer without the `_many` forms it was given (the locales have none): what the app's files hold. */
function asInFiles(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(asInFiles);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !name.endsWith('_many'))
      .map(([name, child]) => [name, asInFiles(child)]),
  );
}
const ours: I18n = createStaticI18n(structuredClone(resources));

interface Node {
  ns: string;
  key: string;
  value: unknown;
}

/** Every key of every namespace: leaves, objects and arrays, at every depth. */
function nodesOf(): Node[] {
  const nodes: Node[] = [];
  const walk = (ns: string, value: unknown, key: string) => {
    if (key) nodes.push({ ns, key, value });
    if (typeof value === 'object' && value !== null)
      for (const [name, child] of Object.entries(value)) walk(ns, child, key ? `${key}.${name}` : name);
  };
  for (const ns of namespaces) walk(ns, resources[ns], '');
  return nodes;
}
const NODES = nodesOf();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(textsOf)
      : [];
const variablesOf = (value: unknown) => [
  ...new Set(textsOf(value).flatMap((text) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1].trim()))),
];

/** The calls the app makes, and a few it might: with a count, with its variables, with returnObjects. */
function callsFor({ key, value }: Node): [string, TOptions | undefined][] {
  const keys = [...new Set([key, key.replace(PLURAL_SUFFIX, '')])];
  const variables = variablesOf(value);
  const fill = (make: (name: string) => unknown) => Object.fromEntries(variables.map((name) => [name, make(name)]));
  const optionSets: (TOptions | undefined)[] = [
    undefined,
    ...[0, 1, 2, 5, 1_000_000, 1.5].map((count) => ({ count })),
    fill((name) => `«${name}»`),
    ...[0, 1, 2, 5].map((count) => ({ ...fill((name) => `«${name}»`), count })),
    // Values are never interpolated again, nor nested.
    fill(() => '{{count}} $t(common:loader.label)'),
    { ...fill(() => 7), count: 3 },
    fill(() => undefined),
    fill(() => null),
    { returnObjects: true },
    { returnObjects: true, count: 1, ...fill((name) => `«${name}»`) },
    { returnObjects: true, count: 2, ...fill((name) => `«${name}»`) },
    { defaultValue: 'Predefinito {{count}}', count: 4 },
  ];
  return keys.flatMap((each) => optionSets.map((options): [string, TOptions | undefined] => [each, options]));
}

// Every key of every namespace, each asked many ways of both translators: seconds of work on a
// loaded 2-core machine, more than the default 5 s.
describe('translations: the same answers as i18next with the app options', { timeout: 60_000 }, () => {
  it('hold what this translator reads the way i18next does (no nesting, formats, dotted keys)', () => {
    const texts = namespaces.flatMap((ns) => textsOf(resources[ns]));
    // $t() nesting, {{x, format}}, {{- x}} and {{a.b}} are i18next features this translator leaves out.
    expect(texts.filter((text) => text.includes('$t('))).toEqual([]);
    expect(
      texts
        .flatMap((text) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]))
        .filter((name) => !/^\s*\w+\s*$/.test(name)),
    ).toEqual([]);
    // A key with a dot or a colon would be read by i18next in ways this translator does not copy.
    expect(
      NODES.filter(({ key }) => key.split('.').some((part) => part.includes(':'))).map(({ ns, key }) => `${ns}:${key}`),
    ).toEqual([]);
    const dotted: string[] = [];
    const findDotted = (ns: string, value: unknown) => {
      if (typeof value !== 'object' || value === null) return;
      for (const [name, child] of Object.entries(value)) {
        if (name.includes('.')) dotted.push(`${ns}: ${name}`);
        findDotted(ns, child);
      }
    };
    namespaces.forEach((ns) => findDotted(ns, resources[ns]));
    expect(dotted).toEqual([]);
    expect(NODES.length).toBeGreaterThan(1000);
  });

  it('for every key of every namespace, in its namespace (what useTranslation(ns) gives)', () => {
    const differences: string[] = [];
    let calls = 0;
    for (const node of NODES) {
      const theirs = reference.getFixedT('it', node.ns);
      const mine = ours.getFixedT(null, node.ns);
      for (const [key, options] of callsFor(node)) {
        calls++;
        const expected = asInFiles((theirs as (key: string, options?: object) => unknown)(key, options));
        const actual = (mine as (key: string, options?: object) => unknown)(key, options);
        if (!isDeepStrictEqual(actual, expected))
          differences.push(`${node.ns}:${key} ${JSON.stringify(options)}: ${short(actual)} ≠ ${short(expected)}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    expect(calls).toBeGreaterThan(20_000);
  });

  it('with the namespace as a prefix (ns:key), or as the ns option, from the default namespace', () => {
    const differences: string[] = [];
    for (const node of NODES) {
      for (const [key, options] of callsFor(node).slice(0, 8)) {
        const pairs: [unknown, unknown][] = [
          [ours.t(`${node.ns}:${key}`, options), asInFiles(referenceT(`${node.ns}:${key}`, options))],
          [ours.t(key, { ...options, ns: node.ns }), asInFiles(referenceT(key, { ...options, ns: node.ns }))],
        ];
        for (const [actual, expected] of pairs)
          if (!isDeepStrictEqual(actual, expected))
            differences.push(`${node.ns}:${key}: ${short(actual)} ≠ ${short(expected)}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('for keys that are not there, sentences with a colon, and exists()', () => {
    const keys = [
      ...NODES.slice(0, 400).flatMap(({ ns, key }) => [`${key}.assente`, `${ns}:${key}.assente`, `assente:${key}`]),
      'Una frase: con i due punti',
      'nessun.namespace: qui',
      'common:',
      ':loader.label',
      'a:b:c',
      '',
      'Ciao {{name}}',
    ];
    const differences: string[] = [];
    for (const key of keys) {
      for (const options of [
        undefined,
        { name: 'Maria' },
        { count: 2 },
        { defaultValue: 'Predefinito {{name}}', name: 'Maria' },
        { returnObjects: true },
      ]) {
        const actual = ours.t(key, options);
        const expected = referenceT(key, options);
        if (!isDeepStrictEqual(actual, expected))
          differences.push(`${key} ${JSON.stringify(options)}: ${short(actual)} ≠ ${short(expected)}`);
      }
    }
    for (const { ns, key } of NODES) {
      for (const options of [{ ns }, { ns, count: 1 }, { ns, count: 0 }]) {
        if (ours.exists(key, options) !== reference.exists(key, options))
          differences.push(`exists ${ns}:${key} ${JSON.stringify(options)}`);
        const base = key.replace(PLURAL_SUFFIX, '');
        if (ours.exists(base, options) !== reference.exists(base, options))
          differences.push(`exists ${ns}:${base} ${JSON.stringify(options)}`);
      }
      if (ours.exists(`${key}.assente`, { ns }) !== reference.exists(`${key}.assente`, { ns }))
        differences.push(`exists ${ns}:${key}.assente`);
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('an exact million takes the plural form a count of many takes ("1000000 annunci"), not the bare key', () => {
    const t = ours.getFixedT(null, 'landing') as (key: string, options?: object) => unknown;
    expect(new Intl.PluralRules('it').select(1_000_000)).toBe('many');
    expect(t('modes.comprocasa.cities.count', { count: 1_000_000 })).toBe('1000000 annunci in vendita');
    expect(t('modes.comprocasa.cities.count', { count: 2 })).toBe('2 annunci in vendita');
  });
});

const short = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 200);
