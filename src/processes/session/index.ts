import { lazy } from 'react';
import { setSessionHooks } from '@/shared/api';
import { provideSessionRuntime } from '@/entities/session';
import { inspectOptions } from '@/shared/lib/inspect';
import type { LoadedSessionRuntime, SessionEffects } from './model/runtime';

export type { SessionEffects };

/**
 * Installs the session process: the machine loads on first need (a login, a registration,
 * an expired token), never with the first screen, and answers the transport's expired tokens.
 */
export function installSession(effects: SessionEffects): void {
  let runtime: Promise<LoadedSessionRuntime> | undefined;
  // `?inspect` (development, or a build with VITE_INSPECT=true) connects the actor to the Stately inspector.
  const load = () =>
    (runtime ??= Promise.all([import('./model/runtime'), inspectOptions()]).then(([module, options]) =>
      module.createSessionRuntime(effects, options),
    ));
  provideSessionRuntime(load);
  setSessionHooks({
    renew: async (requestId) => (await load()).renew(requestId),
    end: (reason) => void load().then((loaded) => loaded.end(reason)),
  });
}

// The session's modals, loaded when first opened.
export const LoginModal = lazy(() => import('./ui/login-modal').then((module) => ({ default: module.LoginModal })));
export const TermsModal = lazy(() => import('./ui/terms-modal').then((module) => ({ default: module.TermsModal })));
export const WebAccountErrorModal = lazy(() =>
  import('./ui/notice-modals').then((module) => ({ default: module.WebAccountErrorModal })),
);
export const UserBannedModal = lazy(() =>
  import('./ui/notice-modals').then((module) => ({ default: module.UserBannedModal })),
);
