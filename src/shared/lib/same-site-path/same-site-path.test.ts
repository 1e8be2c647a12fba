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
});
