import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { SESSION_TAGS, type sessionMachine } from '../session.machine';

// What must hold in every state of the session machine, checked by the transition tests,
// the random walk and the graph-generated tests alike.

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export function checkSessionInvariants(s: Snapshot): void {
  const c = s.context;
  if (s.matches({ authenticated: 'loggedIn' })) {
    expect(c.sessionHeld).toBe(true);
    expect(c.userTokenHeld).toBe(true);
    expect(c.termsPrivacy).toBe(true);
    expect(c.silent).toBe(false);
  }
  if (s.matches({ authenticated: 'silent' })) {
    expect(c.silent).toBe(true);
    expect(c.sessionHeld).toBe(true);
  }
  if (s.matches('temporary')) expect(c.termsPrivacy).toBe(false);
  if (s.matches({ anonymous: 'idle' })) {
    expect(c.sessionHeld).toBe(false);
    expect(c.silent).toBe(false);
  }
  if (s.matches({ anonymous: 'ready' })) expect(c.sessionHeld).toBe(true);
  // Who is signed in is asked by tag: it holds exactly in the states of a person's session.
  expect(s.hasTag(SESSION_TAGS.signedIn)).toBe(
    s.matches('authenticated') || s.matches('temporary') || s.matches('acceptingTerms') || s.matches('renewing'),
  );
  // A busy state waits on exactly one call.
  expect(Object.keys(s.children).length).toBe(s.hasTag(SESSION_TAGS.busy) ? 1 : 0);
}
