import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, getCookie, serializeCookie, setCookie } from './cookies';

afterEach(() => {
  for (const part of document.cookie.split('; ').filter(Boolean)) deleteCookie(part.split('=')[0]);
});

describe('cookies', () => {
  it('writes max-age, path and samesite=lax, and secure when asked', () => {
    expect(serializeCookie('a', 'x y', { maxAge: 60, secure: true })).toBe(
      'a=x%20y; path=/; max-age=60; samesite=lax; secure',
    );
    expect(serializeCookie('a', '1', { secure: false })).toBe('a=1; path=/; samesite=lax');
  });

  it('reads back what it wrote, decoded', () => {
    setCookie('rexer_test', 'a;b=c', { maxAge: 100 });
    expect(getCookie('rexer_test')).toBe('a;b=c');
    expect(getCookie('missing')).toBeUndefined();
  });

  it('deletes a cookie', () => {
    setCookie('rexer_test', '1');
    deleteCookie('rexer_test');
    expect(getCookie('rexer_test')).toBeUndefined();
  });

  it('does not confuse cookies whose names share a prefix', () => {
    setCookie('rexer_home_option_old', '9');
    setCookie('rexer_home_option', '2');
    expect(getCookie('rexer_home_option')).toBe('2');
  });
});
