import { useBlocker, useNavigate, useRouterState } from '@tanstack/react-router';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { deviceFromUserAgent } from '@domain/listing/device';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, SessionViewContext, useSessionView, wizardAccountOf } from '@/entities/session';
import { inspectOptions } from '@/shared/lib/inspect';
import { ListingWizardPage, type ListingWizardPageState, type WizardPageActions } from '@/pages/listing-wizard';
import type { AnswerTypes, ListingFlow, StepId } from '@domain/wizard-steps';
import { firstScreenView, startsElsewhere } from '../model/listing/first-screen';
import { KIND_OF_FLOW, wizardPath } from '../model/listing/wizard-path';
import { useWizardView } from '../model/use-wizard-view';
import type { ListingWizardEffects, ListingWizardRuntime } from '../model/listing/runtime';
import type { WizardAddress } from '../model/listing/start';

export interface ListingWizardProps {
  flow: ListingFlow;
  /** The route's params: /annuncio/{kind}[/{id}[/{gotostep}[/{orderid}]]]. */
  id?: string;
  gotostep?: string;
  orderid?: string;
}

interface RunProps extends ListingWizardProps {
  /** The URL now names another draft (or a new listing) than the one running: start again. */
  restart(): void;
}

/** `first`: a new listing's first step shows, the machine not loaded yet (it loads on the seller's first interaction). */
type Phase =
  | { kind: 'first' }
  | { kind: 'loading' }
  | { kind: 'ready'; runtime: ListingWizardRuntime }
  | { kind: 'needsLogin' }
  | { kind: 'notFound' }
  | { kind: 'failed' };

const NOTHING = () => () => undefined;
const NEVER_ELSEWHERE = () => false;

/** An answer given on the first screen, handed to the machine once it is there. */
interface HeldAnswer {
  step: StepId;
  answer: AnswerTypes[StepId];
}

/** The draft a wizard URL names (/annuncio/{kind}/{id}/...), null for a new listing's URL. */
function draftOfPath(pathname: string): number | null {
  const id = /^\/annuncio\/[^/]+\/(\d+)(?:\/|$)/.exec(pathname)?.[1];
  return id === undefined ? null : Number(id);
}

/** Whether a pathname is one of the flow's wizard URLs (/annuncio/{kind} and below). */
function isFlowPath(pathname: string, flow: ListingFlow): boolean {
  const root = `/annuncio/${KIND_OF_FLOW[flow]}`;
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** A draft that is not the visitor's is rare: its page loads when needed. */
const NotFoundPage = lazy(() => import('@/pages/not-found').then((module) => ({ default: module.NotFoundPage })));

/** Step 30: the silent account's first password; a full login once it is set. */
async function setFirstPasswordOf(runtime: ListingWizardRuntime, password: string) {
  const { setFirstPassword } = await import('../model/listing/calls');
  const outcome = await setFirstPassword(password);
  if (outcome === 'ok') {
    // The server answered a full login in cookies: the session and the wizard take it.
    (await loadSessionRuntime()).adoptServerSession();
    runtime.setAccount('loggedIn');
  }
  return outcome;
}

/**
 * The listing wizard of one flow, mounted once by the flow's layout route
 * (src/app/routes/annuncio/vendocasa.tsx, affittocasa.tsx) for all its URLs: /annuncio/{kind}
 * and its /{id}, /{id}/{gotostep}, /{id}/{gotostep}/{orderid}. The running wizard follows the
 * URL changes it makes itself (a first save gives the draft its URL); a URL naming another
 * draft, or a new listing, starts the wizard again (a new run, the old one stopped).
 */
export function ListingWizard(props: ListingWizardProps) {
  const [run, setRun] = useState(0);
  const restart = useCallback(() => setRun((n) => n + 1), []);
  return <ListingWizardRun key={run} {...props} restart={restart} />;
}

/**
 * One run of the listing wizard: runs the machine with the API's calls (loaded
 * on demand, never with the first screen: a new listing shows its first step without them and
 * loads them on the seller's first interaction, handing over the answer given meanwhile), keeps the URL on the step shown (replacing it, so
 * the browser's Back leaves the wizard, asking first, as «Esci» does), and forwards the
 * session's changes to the machine.
 */
function ListingWizardRun({ flow, id, gotostep, orderid, restart }: RunProps) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const session = useSessionView();
  const sessionStore = useContext(SessionViewContext);
  const account = wizardAccountOf(session.status);
  const address = useMemo<WizardAddress>(
    () => ({
      flow,
      id: id ? Number(id) : null,
      gotostep: gotostep ? Number(gotostep) : null,
      orderId: orderid ?? null,
    }),
    [flow, id, gotostep, orderid],
  );
  const [phase, setPhase] = useState<Phase>(() => (address.id === null ? { kind: 'first' } : { kind: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  // The first screen: this tab may start elsewhere (read after hydration: the server cannot know).
  const elsewhere = useSyncExternalStore(NOTHING, () => startsElsewhere(account), NEVER_ELSEWHERE);
  const [interacted, setInteracted] = useState(false);
  const [firstState, setFirstState] = useState({ busy: false, failed: false });
  const held = useRef<HeldAnswer | null>(null);
  /** What waits for the machine (an action of the first screen): run once it is there. */
  const waiting = useRef<Array<(runtime: ListingWizardRuntime) => void>>([]);
  /** The machine being loaded for the first screen, for the router's blocker. */
  const loading = useRef<Promise<ListingWizardRuntime | null> | null>(null);
  /** «Esci» confirmed on the first screen: the navigation to the landing is not held. */
  const leaving = useRef(false);
  const firstScreen = phase.kind === 'first' && !elsewhere;
  const wanted = phase.kind === 'loading' || (phase.kind === 'first' && (interacted || elsewhere));
  const retry = () => {
    setPhase({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  const effects = useMemo<ListingWizardEffects>(
    () => ({
      async registered(email) {
        (await loadSessionRuntime()).send({ type: 'REGISTERED', email });
      },
      goToPayment(url) {
        window.location.assign(url);
      },
    }),
    [],
  );

  // Start the wizard of this URL.
  const started = phase.kind === 'ready' ? phase.runtime : null;
  useEffect(() => {
    if (started || !wanted) return;
    let alive = true;
    const first = phase.kind === 'first';
    const run = (async () => {
      const [module, inspect] = await Promise.all([import('../model/listing/start'), inspectOptions()]);
      const outcome = await module.startListingWizard(
        address,
        { account: wizardAccountOf(sessionStore.get().status), device: deviceFromUserAgent(navigator.userAgent) },
        effects,
        { inspect: inspect.inspect },
      );
      if (!alive) {
        if (outcome.kind === 'ready') outcome.runtime.stop();
        return null;
      }
      if (outcome.kind === 'otherFlow') {
        void navigate({
          to:
            wizardPath(outcome.flow, address.id, address.gotostep) +
            (address.orderId ? `/${encodeURIComponent(address.orderId)}` : ''),
          replace: true,
        });
        return null;
      }
      if (outcome.kind === 'ready') {
        // The answer given on the first screen goes to the machine before its first view shows.
        const answer = held.current;
        held.current = null;
        if (answer) outcome.runtime.answer(answer.step, answer.answer as never);
        const actions = waiting.current;
        waiting.current = [];
        actions.forEach((action) => action(outcome.runtime));
      }
      setPhase(outcome);
      return outcome.kind === 'ready' ? outcome.runtime : null;
    })().catch(() => {
      if (!alive) return null;
      if (!first) {
        setPhase({ kind: 'failed' });
        return null;
      }
      // The first screen stays; the answer given is not lost (the form keeps it), the next try loads again.
      waiting.current = [];
      setFirstState({ busy: false, failed: held.current !== null });
      held.current = null;
      setInteracted(false);
      return null;
    });
    loading.current = run;
    return () => {
      alive = false;
    };
    // A new URL of the same wizard is followed by the machine, not by a new start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, address.id === null ? null : address.id, started, wanted]);

  // The running wizard lives as long as this run: leaving the flow's pages (or a restart) ends it.
  useEffect(() => {
    if (!started) return;
    return () => started.stop();
  }, [started]);

  // A URL of this flow naming another draft than the running one (or a new listing while a
  // draft runs), reached by a link rather than by the wizard itself: a new run. Only a change
  // of the URL counts (between a first save and the URL that follows it, the draft has an id
  // the URL does not have yet).
  // The draft is read from the pathname itself: the router updates the location as a navigation
  // starts and the params once the new match resolves, so for a moment they disagree. A pathname
  // outside the flow is the wizard being left (its end, an exit): this layout unmounts, no new run.
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    if (!started || !isFlowPath(pathname, flow)) return;
    const running = started.view().listingId;
    const named = draftOfPath(pathname);
    if (named === null ? running !== null : running !== named) restart();
  }, [pathname, started, restart, flow]);

  const view = useWizardView(started);

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
    const to =
      view.end === 'exited' && !signedIn ? (flow === 'rent' ? '/affittocasa' : '/vendocasa') : '/myrexer/annunci';
    void navigate({ to });
  }, [view?.end, view?.exitBy, view?.account, view?.listingId, flow, navigate]);

  // Leaving the wizard by a link or the browser's Back asks first (the machine's exit).
  useBlocker({
    enableBeforeUnload: false,
    shouldBlockFn: async ({ next }) => {
      if (next.pathname.startsWith(`/annuncio/${KIND_OF_FLOW[flow]}`)) return false;
      // The first screen untouched has nothing to lose; touched, the machine (loading) asks.
      const runtime =
        started ?? (phase.kind === 'first' && interacted && !leaving.current ? await loading.current : null);
      if (!runtime || runtime.view().end || runtime.view().settled) return false;
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
      void loadSessionRuntime().then((runtime) =>
        runtime.openLogin({ source: LOGIN_SOURCE.newProperty, email, onLoggedIn: onLoggedIn ?? (() => undefined) }),
      ),
    [],
  );

  // The first screen's actions: its answer waits for the machine (the submit busy meanwhile, a
  // second submit ignored); «Esci» leaves for the landing (no draft yet, nothing to keep).
  const firstActions = useMemo<WizardPageActions>(() => {
    const later = (action: (runtime: ListingWizardRuntime) => void) => {
      waiting.current.push(action);
      setInteracted(true);
    };
    return {
      answer: (step, answer) => {
        if (held.current) return;
        held.current = { step, answer };
        setFirstState({ busy: true, failed: false });
        setInteracted(true);
      },
      back: () => later((runtime) => runtime.back()),
      goTo: (step) => later((runtime) => runtime.goTo(step)),
      exit: () => {
        leaving.current = true;
        void navigate({ to: flow === 'rent' ? '/affittocasa' : '/vendocasa' });
      },
      confirmExit: () => later((runtime) => runtime.confirmExit()),
      cancelExit: () => later((runtime) => runtime.cancelExit()),
      setFirstPassword: (password) =>
        new Promise((resolve) =>
          later((runtime) => void setFirstPasswordOf(runtime, password).then(resolve, () => resolve('error'))),
        ),
      openLogin: (email) => openLogin(email),
    };
  }, [flow, navigate, openLogin]);
  // Not urgent: the first screen may not have hydrated yet (its step's code still coming), and an
  // urgent update above it would replace its server HTML with the fallback under the visitor's
  // finger (the page shrank and jumped to the top between the press and the release of a tap).
  const interact = useCallback(() => startTransition(() => setInteracted(true)), []);

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
      setFirstPassword: (password) => setFirstPasswordOf(started, password),
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
          : firstScreen
            ? {
                kind: 'wizard',
                view: firstScreenView(flow, account, firstState),
                actions: firstActions,
                username: session.username,
                onInteract: interact,
              }
            : { kind: 'loading' };
  return <ListingWizardPage flow={flow} state={state} />;
}
