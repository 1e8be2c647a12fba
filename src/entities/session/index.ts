export { readStoredSession, parseStoredSession, USER_COOKIE, type StoredSessionRecord } from './lib/stored-session';
export {
  sessionView,
  SessionViewContext,
  useSessionView,
  createSessionViewStore,
  viewOf,
  type SessionView,
  type SessionStatus,
  type SessionViewStore,
} from './model/session-view';
export { provideSessionRuntime, loadSessionRuntime, ensureSession, type SessionRuntime } from './model/session-runtime';
export { useLoginThenResume, type LoginThenResumeOptions } from './model/login-then-resume';
export { wizardAccountOf } from './model/wizard-account';
