import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path';

describe('sameSitePath', () => {
  it('keeps a path of this site and refuses anything that leaves it', () => {
    expect(sameSitePath('/myrexer/profilo?x=1')).toBe('/myrexer/profilo?x=1');
    expect(sameSitePath('//evil.example')).toBeNull();
    expect(sameSitePath('/\\evil.example')).toBeNull();
    expect(sameSitePath('https://evil.example')).toBeNull();
    expect(sameSitePath('')).toBeNull();
    expect(sameSitePath(undefined)).toBeNull();
  });

  // Security review: browsers drop tab, CR and LF inside a URL and read a backslash as '/', so
  // the first ones are `//evil.example` to them; the rest have no business in a path either.
  const LEAVING = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\r\n/evil.example',
    '\\/evil.example',
    '/\\\\evil.example',
    '/\t\\evil.example',
  ];
  for (const to of [
    ...LEAVING,
    '/\u0000/evil.example',
    '/\u001f/evil.example',
    '/\u007f/evil.example',
    '/\u0085/evil.example',
    '/a\\b',
  ]) {
    const shown = JSON.stringify(to).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    it(`refuses ${shown} (a control character or a backslash)`, () => {
      expect(sameSitePath(to)).toBeNull();
      // Why: resolved on this site, it leaves it.
      if (LEAVING.includes(to)) expect(new URL(to, 'https://rexer.test/page').host).toBe('evil.example');
    });
  }

  it('refuses the same percent-encoded, in case the path is decoded once more', () => {
    for (const to of [
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0D%0A/evil.example',
      '/%2F/evil.example',
      '/%5cevil.example',
      '/%5C%5Cevil.example',
      '/%00',
    ])
      expect(sameSitePath(to), to).toBeNull();
  });

  it('keeps ordinary paths with escapes and a stray percent sign', () => {
    for (const to of ['/cerca?q=via%20roma%2012', '/annunci/milano?prezzo=100%25', '/sconto-50%', '/a/b%2Fc'])
      expect(sameSitePath(to), to).toBe(to);
  });
});
