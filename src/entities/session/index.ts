export { readStoredSession, parseStoredSession, USER_COOKIE, type StoredSessionRecord } from './lib/stored-session';
export { sessionView, useSessionView, createSessionViewStore, viewOf, type SessionView, type SessionStatus, type SessionViewStore } from './model/session-view';
export { provideSessionRuntime, loadSessionRuntime, type SessionRuntime } from './model/session-runtime';
export {
  COOKIE_HELD_TOKEN,
  meQueryOptions,
  anonymousLogin,
  exchangeSession,
  login,
  acceptTerms,
  logout,
  register,
  confirmMail,
  requestNewConfirmationMail,
  requestPasswordRecovery,
  checkPasswordLink,
  setNewPassword,
  autoLogin,
  decryptAnalyticsToken,
  updatePhoneAndTerms,
  type MeProfile,
  type RegisterPayload,
  type PhoneAndTermsPayload,
  type RegisterOutcome,
  type ConfirmOutcome,
  type RecoveryOutcome,
} from './api/account-api';
