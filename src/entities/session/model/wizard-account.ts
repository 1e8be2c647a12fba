import type { Account } from '@domain/wizard-steps';
import type { SessionStatus } from './session-view';

/**
 * Who fills a wizard in (domain/wizard-steps `Account`), read from the session's status: the
 * listing and the valuation wizard both ask it here. A temporary user (terms pending) has no
 * session the wizard may use yet: anonymous.
 */
export function wizardAccountOf(status: SessionStatus): Account {
  return status === 'loggedIn' ? 'loggedIn' : status === 'silent' ? 'silent' : 'anonymous';
}
