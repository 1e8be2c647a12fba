import { useBlocker, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { deviceFromUserAgent } from '@domain/listing/device';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, SessionViewContext, useSessionView, type SessionStatus } from '@/entities/session';
import { inspectOptions } from '@/shared/lib/inspect';
import { ListingWizardPage, type ListingWizardPageState, type WizardPageActions } from '@/pages/listing-wizard';
import type { Account, ListingFlow } from '../../../../machines/wizard-steps';
import { KIND_OF_FLOW, wizardPath } from '../model/wizard-path';
import type { ListingWizardEffects, ListingWizardRuntime } from '../model/runtime';
import type { WizardAddress } from '../model/start';
import { adoptLive, keepLive, releaseLive } from '../model/live-wizard';

export interface ListingWizardProps {
  flow: ListingFlow;
  /** The route's params: /annuncio/{kind}[/{id}[/{gotostep}[/{orderid}]]]. */
  id?: string;
  gotostep?: string;
  orderid?: string;
}

function accountOf(status: SessionStatus): Account {
  return status === 'loggedIn' ? 'loggedIn' : status === 'silent' ? 'silent' : 'anonymous';
}

type Phase = { kind: 'loading' } | { kind: 'ready'; runtime: ListingWizardRuntime } | { kind: 'needsLogin' } | { kind: 'notFound' } | { kind: 'failed' };

const NOTHING = () => () => undefined;

/** A draft that is not the visitor's is rare: its page loads when needed. */
const NotFoundPage = lazy(() => import('@/pages/not-found').then((module) => ({ default: module.NotFoundPage })));

/**
 * The listing wizard's pages (/annuncio/vendocasa, /annuncio/affittocasa and their /{id},
 * /{id}/{gotostep}, /{id}/{gotostep}/{orderid}): runs the machine with the API's calls (loaded
 * on demand, never with the first screen), keeps the URL on the step shown (replacing it, so
 * the browser's Back leaves the wizard, asking first, as «Esci» does), and forwards the
 * session's changes to the machine.
 */
export function ListingWizard({ flow, id, gotostep, orderid }: ListingWizardProps) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const session = useSessionView();
  const sessionStore = useContext(SessionViewContext);
  const account = accountOf(session.status);
  const address = useMemo<WizardAddress>(() => ({ flow, id: id ? Number(id) : null, gotostep: gotostep ? Number(gotostep) : null, orderId: orderid ?? null }), [flow, id, gotostep, orderid]);
  // The wizard that was running before the URL changed under it (a first save gives the draft its URL).
  const [phase, setPhase] = useState<Phase>(() => {
    const live = adoptLive(address);
    return live ? { kind: 'ready', runtime: live } : { kind: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setPhase({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  const effects = useMemo<ListingWizardEffects>(
    () => ({
      async registered(email) {
        const [session, { COOKIE_HELD_TOKEN }] = await Promise.all([loadSessionRuntime(), import('@/entities/account')]);
        session.send({ type: 'REGISTERED', email, token: COOKIE_HELD_TOKEN });
      },
      goToPayment(url) {
        window.location.assign(url);
      },
    }),
    [],
  );

  // Start (or adopt) the wizard of this URL.
  const started = phase.kind === 'ready' ? phase.runtime : null;
  useEffect(() => {
    if (started) return;
    let alive = true;
    void (async () => {
      const [module, inspect] = await Promise.all([import('../model/start'), inspectOptions()]);
      const outcome = await module.startListingWizard(address, { account: accountOf(sessionStore.get().status), device: deviceFromUserAgent(navigator.userAgent) }, effects, { inspect: inspect.inspect });
      if (!alive) return outcome.kind === 'ready' ? outcome.runtime.stop() : undefined;
      if (outcome.kind === 'otherFlow') {
        void navigate({ to: wizardPath(outcome.flow, address.id, address.gotostep) + (address.orderId ? `/${encodeURIComponent(address.orderId)}` : ''), replace: true });
        return;
      }
      setPhase(outcome);
    })().catch(() => alive && setPhase({ kind: 'failed' }));
    return () => {
      alive = false;
    };
    // A new URL of the same wizard is followed by the machine, not by a new start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, address.id === null ? null : address.id, started]);

  // The running wizard survives the URL changes it makes itself; leaving the pages ends it.
  useEffect(() => {
    if (!started) return;
    keepLive(flow, started);
    return () => releaseLive(started);
  }, [flow, started]);

  const view = useSyncExternalStore(started?.subscribe ?? NOTHING, () => started?.view() ?? null, () => null);

  // The session changed (a registration, a login from the header, a logout, the password of
  // step 30): the machine is told. Only a change: a draft's own account (the server's) stands
  // until then.
  const lastAccount = useRef(account);
  useEffect(() => {
    if (lastAccount.current === account) return;
    lastAccount.current = account;
    started?.setAccount(account);
  }, [started, account]);

  // The URL follows the step shown, once the draft exists. A payment return's order stays in it
  // while its step shows (/28/{orderid}, /33/{orderid}): a reload asks the order again.
  useEffect(() => {
    if (!view || view.listingId === null || view.stepNumber === null || view.end) return;
    const target = wizardPath(flow, view.listingId, view.stepNumber);
    if (pathname !== target && !pathname.startsWith(`${target}/`)) void navigate({ to: target, replace: true });
  }, [view, flow, pathname, navigate]);

  // The wizard ended: published or an exclusive lead go to My listings; an exit goes where it was asked to.
  useEffect(() => {
    if (!view?.end) return;
    // A navigation held by the blocker goes on by itself once the exit is confirmed.
    if (view.end === 'exited' && view.exitBy === 'navigation') return;
    const signedIn = view.account !== 'anonymous' && view.listingId !== null;
    const to = view.end === 'exited' && !signedIn ? (flow === 'rent' ? '/affittocasa' : '/vendocasa') : '/myrexer/annunci';
    void navigate({ to });
  }, [view?.end, view?.exitBy, view?.account, view?.listingId, flow, navigate]);

  // Leaving the wizard by a link or the browser's Back asks first (the machine's exit).
  useBlocker({
    enableBeforeUnload: false,
    shouldBlockFn: ({ next }) => {
      const runtime = started;
      if (!runtime || runtime.view().end || runtime.view().settled) return false;
      if (next.pathname.startsWith(`/annuncio/${KIND_OF_FLOW[flow]}`)) return false;
      if (!runtime.requestExit('navigation')) return false;
      return new Promise<boolean>((resolve) => {
        const unsubscribe = runtime.subscribe(() => {
          const current = runtime.view();
          if (current.confirmingExit) return;
          unsubscribe();
          // Confirmed: the machine exited and the navigation goes on; cancelled: the step is back.
          resolve(current.end !== 'exited');
        });
      });
    },
  });

  const openLogin = useCallback(
    (email?: string, onLoggedIn?: () => void) =>
      void loadSessionRuntime().then((runtime) => runtime.openLogin({ source: LOGIN_SOURCE.newProperty, email, onLoggedIn: onLoggedIn ?? (() => undefined) })),
    [],
  );

  const actions = useMemo<WizardPageActions | null>(() => {
    if (!started) return null;
    return {
      answer: (step, answer) => void started.answer(step, answer),
      back: () => void started.back(),
      goTo: (step) => void started.goTo(step),
      exit: () => {
        if (started.requestExit('button')) started.confirmExit();
      },
      confirmExit: () => void started.confirmExit(),
      cancelExit: () => void started.cancelExit(),
      async setFirstPassword(password) {
        const { setFirstPassword } = await import('../model/calls');
        const outcome = await setFirstPassword(password);
        if (outcome === 'ok') {
          // The server answered a full login in cookies: the session and the wizard take it.
          (await loadSessionRuntime()).adoptServerSession();
          started.setAccount('loggedIn');
        }
        return outcome;
      },
      openLogin: (email) => openLogin(email),
    };
  }, [started, openLogin]);

  if (phase.kind === 'notFound') {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const state: ListingWizardPageState =
    phase.kind === 'needsLogin'
      ? { kind: 'needsLogin', onLogin: () => openLogin(undefined, retry) }
      : phase.kind === 'failed'
        ? { kind: 'failed', onRetry: retry }
        : view && actions
          ? { kind: 'wizard', view, actions, username: session.username }
          : { kind: 'loading' };
  return <ListingWizardPage flow={flow} state={state} />;
}
