import { describe, expect, it } from 'vitest';
import { parseStoredSession } from '../lib/stored-session';
import { createSessionViewStore, viewOf } from './session-view';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('the stored session mirror', () => {
  it('reads the record the server writes (UTF-8 JSON in base64url), accents included', () => {
    const value = Buffer.from(
      JSON.stringify({ username: 'niccolò@example.it', isConfirmed: true, terms_privacy: true, stamp: '2026-11-23' }),
      'utf8',
    ).toString('base64url');
    expect(parseStoredSession(value)).toEqual({
      username: 'niccolò@example.it',
      isConfirmed: true,
      termsPrivacy: true,
      silent: false,
    });
  });

  it('ignores what is not a record: nothing, garbage, an anonymous record', () => {
    expect(parseStoredSession(undefined)).toBeNull();
    expect(parseStoredSession('%%%')).toBeNull();
    expect(parseStoredSession(encode({ username: 'x@y.it' }))).toBeNull();
    expect(parseStoredSession(encode({ username: '', isConfirmed: false, terms_privacy: false }))).toBeNull();
  });

  it('tells logged in, silent and temporary apart; only the first two open MyRexer', () => {
    expect(viewOf(null)).toEqual({ status: 'anonymous', username: null, isLoggedIn: false });
    expect(viewOf({ username: 'a@b.it', isConfirmed: true, termsPrivacy: true, silent: false })).toMatchObject({
      status: 'loggedIn',
      isLoggedIn: true,
    });
    expect(viewOf({ username: 'a@b.it', isConfirmed: false, termsPrivacy: true, silent: true })).toMatchObject({
      status: 'silent',
      isLoggedIn: true,
    });
    expect(viewOf({ username: 'a@b.it', isConfirmed: true, termsPrivacy: false, silent: false })).toMatchObject({
      status: 'temporary',
      isLoggedIn: false,
    });
  });

  it('notifies its readers when a refresh finds another session, and only then', () => {
    let record: ReturnType<typeof parseStoredSession> = null;
    const store = createSessionViewStore(() => record);
    let calls = 0;
    store.subscribe(() => calls++);
    store.refresh();
    expect(calls).toBe(0);
    record = { username: 'a@b.it', isConfirmed: true, termsPrivacy: true, silent: false };
    store.refresh();
    store.refresh();
    expect(calls).toBe(1);
    expect(store.get().username).toBe('a@b.it');
  });
});
