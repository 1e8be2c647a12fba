import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The whole product speaks Italian: English words that slip into the translations (a
// service called "Upgrade", a button called "Submit") are caught here.

const ENGLISH = ['Upgrade', 'Submit', 'Cancel', 'Save', 'Upload', 'Choose', 'Browse', 'Loading', 'Settings', 'Sign in', 'Sign up', 'Log in', 'Log out', 'Click here', 'Learn more', 'Read more', 'Next', 'Back', 'Delete', 'Edit'];

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  return [];
}

describe('Italian copy', () => {
  const dir = path.resolve('locales/it');
  const all = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => strings(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file.replace(/\.json$/, '')));

  it('has no English word in any translation', () => {
    expect(all.length).toBeGreaterThan(100);
    const found = all.filter(([, text]) => ENGLISH.some((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text)));
    expect(found).toEqual([]);
  });
});
