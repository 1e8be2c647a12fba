import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The whole product speaks Italian: English words that slip into the translations (a
// service called "Upgrade", a button called "Submit") are caught here.

// Rexer does not know whether it writes to a man or a woman: the copy and the mails say
// "grazie per la registrazione", never "grazie per esserti registrato".
const GENDERED =
  /(^|[^\p{L}])((ti sei|esserti|sei già|sei stat[oa]|sei) (registrat|iscritt|entrat|arrivat|stat|sicur|pront|interessat|collegat)[oa]|benvenut[oa]|car[oa] (cliente|utente))([^\p{L}]|$)/iu;

/** The server's source files that write mails (the body text lives in code there). */
function mailSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return mailSources(file);
    return /mail[^/]*\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const ENGLISH = [
  'Upgrade',
  'Submit',
  'Cancel',
  'Save',
  'Upload',
  'Choose',
  'Browse',
  'Loading',
  'Settings',
  'Sign in',
  'Sign up',
  'Log in',
  'Log out',
  'Click here',
  'Learn more',
  'Read more',
  'Next',
  'Back',
  'Delete',
  'Edit',
];

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  return [];
}

describe('Italian copy', () => {
  const dir = path.resolve('locales/it');
  const all = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => strings(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file.replace(/\.json$/, '')));

  it('has no English word in any translation', () => {
    expect(all.length).toBeGreaterThan(100);
    const found = all.filter(([, text]) =>
      ENGLISH.some((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text)),
    );
    expect(found).toEqual([]);
  });

  it('addresses the reader without assuming a gender, in the translations and in the mails', () => {
    expect(GENDERED.test('grazie per esserti registrato su Rexer')).toBe(true);
    expect(GENDERED.test('Se non sei stata tu')).toBe(true);
    const inTranslations = all.filter(([, text]) => GENDERED.test(text));
    const mails = mailSources(path.resolve('server/modules'));
    expect(mails.length).toBeGreaterThan(3);
    const inMails = mails.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (GENDERED.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect([...inTranslations, ...inMails]).toEqual([]);
  });
});
