/**
 * The translation of one key, as i18next 26 did it with the app's options (docs/decisions.md,
 * "Translations without i18next"): keys are paths in the namespace's JSON (`a.b.0`), `ns:key`
 * names another namespace, `count` picks `key_zero` (0 only), then `key_{Intl plural category}`,
 * then `key`; `{{name}}` takes the option of that name, unescaped; a key that is not there
 * answers `defaultValue` or the key itself. translate.parity.test.ts compares every key of
 * locales/ with i18next's answer.
 */

/** The options of `t`: its own, and the variables `{{name}}` reads. */
export interface TOptions {
  /** The namespace to read from (the `useTranslation` one by default). */
  ns?: string;
  /** Picks the plural form and fills `{{count}}`. */
  count?: number;
  /** Answered (interpolated) when the key is missing. */
  defaultValue?: string;
  /** An object or array of the JSON is answered as it is, each text in it interpolated. */
  returnObjects?: boolean;
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/** Namespace name → its JSON. */
export type Resources = Record<string, Record<string, unknown>>;

const hasOwn = (value: unknown, key: string): boolean =>
  typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key);

/** `a.b.0` in a namespace's JSON; own properties only. */
function lookup(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    if (!hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * i18next reads `ns:` in a key unless the key looks like a sentence (one of ` ,?!;` before
 * its first dot).
 */
const SENTENCE = /[ ,?!;]/;
const namesNamespace = (key: string) =>
  key.includes(':') &&
  (!SENTENCE.test(key) || (key.indexOf('.') > 0 && !SENTENCE.test(key.slice(0, key.indexOf('.')))));

const pluralRules: Record<string, Intl.PluralRules> = {};

/** `{{name}}` → the option `name`: a missing one stays as written, an undefined or null one is empty. */
function interpolate(text: string, data: TOptions): string {
  return text.replace(/\{\{(.+?)\}\}/g, (written, variable: string) => {
    const name = variable.trim();
    if (!hasOwn(data, name)) return written;
    const value = data[name];
    return value == null ? '' : String(value);
  });
}

interface Resolved {
  /** The value found, undefined when none. */
  value: unknown;
  /** The key without its namespace, and the key that was found (with its plural suffix). */
  key: string;
  exactKey: string;
  ns: string;
}

export function resolve(
  resources: Resources,
  language: string,
  fullKey: string,
  options: TOptions,
  defaultNS: string,
): Resolved {
  let ns = options.ns || defaultNS;
  let key = fullKey;
  if (namesNamespace(key)) {
    const parts = key.split(':');
    ns = parts.shift()!;
    key = parts.join('.');
  }
  const { count } = options;
  const candidates = [key];
  if (count !== undefined && typeof count !== 'string') {
    const category = (pluralRules[language] ??= new Intl.PluralRules(language)).select(count);
    // Italian says 'many' for exact millions ("1 milione di case"); without that form, the 'other' one.
    if (category === 'many') candidates.push(`${key}_other`);
    candidates.push(`${key}_${category}`);
    if (count === 0) candidates.push(`${key}_zero`);
  }
  let value: unknown;
  let exactKey = key;
  // Last candidate first, as i18next: `_zero`, the plural form, the bare key.
  while (value == null && candidates.length) value = lookup(resources[ns], (exactKey = candidates.pop()!));
  return { value, key, exactKey, ns };
}

/** `t(key, options)` over `resources`. */
export function translate(
  resources: Resources,
  language: string,
  fullKey: string,
  options: TOptions,
  defaultNS: string,
): unknown {
  const { value, key, exactKey, ns } = resolve(resources, language, fullKey, options, defaultNS);
  const hasDefault = options.defaultValue !== undefined;
  const found = !value && hasDefault ? options.defaultValue : value;
  if (found && typeof found === 'object') {
    if (!options.returnObjects) return `key '${key} (${language})' returned an object instead of string.`;
    const copy = (Array.isArray(found) ? [] : {}) as Record<string, unknown>;
    const base = Array.isArray(found) ? exactKey : key;
    for (const member of Object.keys(found)) {
      const memberKey = `${base}.${member}`;
      const memberOptions = { ...options, ns };
      if (hasDefault && !value)
        memberOptions.defaultValue = (options.defaultValue as unknown as Record<string, string> | undefined)?.[member];
      const translated = translate(resources, language, memberKey, memberOptions, defaultNS);
      copy[member] = translated === memberKey ? (found as Record<string, unknown>)[member] : translated;
    }
    return copy;
  }
  const text = value ?? options.defaultValue ?? key;
  return typeof text === 'string' ? interpolate(text, options) : text;
}
