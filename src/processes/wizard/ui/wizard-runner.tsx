import { useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadSessionRuntime, sessionView, ensureSession, useSessionView, wizardAccountOf } from '@/entities/session';
import { InsertExitModal, valuationDetailsKey, type StepViewProps } from '@/features/wizard-step-views';
import { ValuationWizardPage } from '@/pages/valuation-wizard';
import { useTranslation } from '@/shared/i18n';
import type { InspectOptions } from '@/shared/lib/inspect';
import { leaveListingCarry } from '@/shared/lib/listing-carry';
import { Button } from '@/shared/ui/button';
import { useRuntime } from '../model/use-runtime';
import { useWizardView } from '../model/use-wizard-view';
import { createValuationWizardRuntime } from '../model/valuation/runtime';
import {
  clearStoredValuation,
  readStoredValuation,
  writeStoredValuation,
  type StoredValuation,
} from '../model/valuation/stored-valuation';

/** "Esci" or a navigation away: the answers stay in the tab; the landing offers to resume them. */
function keepForLater() {
  const stored = readStoredValuation();
  if (stored) writeStoredValuation({ ...stored, active: false });
}

/**
 * The valuation wizard on screen: its runtime (model/valuation/runtime.ts) read with
 * useWizardView, its step in ValuationWizardPage, the session's changes told to it, the end
 * handled (the thank-you, or the sale or rent listing with the answers carried over), leaving
 * midway asked first.
 */
export default function ValuationWizardRunner({
  initial,
  openedHere,
  inspect,
}: {
  initial: StoredValuation;
  openedHere: boolean;
  inspect?: InspectOptions['inspect'];
}) {
  const { t } = useTranslation('valuation-wizard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSessionView();
  const account = wizardAccountOf(session.status);
  const leaving = useRef(false);

  // The valuation and the account it starts with: the runtime's, once.
  const [start] = useState(() => ({ initial, account }));
  // Created (and stopped) with the component, so a remount starts exactly one actor; with the
  // inspector's options, as every actor of the app (`?inspect`).
  const create = useCallback(
    () =>
      createValuationWizardRuntime(
        start.initial,
        start.account,
        {
          registered: async (email) => {
            (await loadSessionRuntime()).send({ type: 'REGISTERED', email });
          },
          ensureSession: () => ensureSession(sessionView.get().isLoggedIn),
          valued: (valuation) => queryClient.setQueryData(valuationDetailsKey(valuation.Id), valuation),
        },
        { inspect },
      ),
    [start, queryClient, inspect],
  );
  const runtime = useRuntime(create);
  const view = useWizardView(runtime);

  // Who fills the wizard in: the silent account after step 1, a login from its notice.
  useEffect(() => runtime?.setAccount(account), [runtime, account]);

  const done = view?.done ?? false;
  const output = view?.output ?? null;
  const step = view?.step;
  useEffect(() => {
    if (!done) return;
    leaving.current = true;
    if (output?.continueAs) {
      const stored = readStoredValuation();
      leaveListingCarry({ flow: output.continueAs, answers: output.answers, valuationId: stored?.valuationId ?? null });
      clearStoredValuation();
      void navigate({ to: output.continueAs === 'sale' ? '/annuncio/vendocasa' : '/annuncio/affittocasa' });
    } else if (step === 'thankYou') {
      clearStoredValuation();
    } else {
      keepForLater();
      void navigate({ to: '/' });
    }
  }, [done, output, step, navigate]);

  // Leaving by a link or the browser's Back asks first, as Esci does.
  const blocker = useBlocker({
    shouldBlockFn: () => !leaving.current && runtime?.view().done !== true,
    enableBeforeUnload: false,
    withResolver: true,
  });

  // Nothing shows until a reload is back at its step (the focus stays where the page load put it).
  if (!runtime || !view?.ready) return null;
  const stepView: StepViewProps = {
    step: view.step,
    flow: 'valuation',
    answer: view.answer,
    answers: view.answers,
    listingId: null,
    busy: view.busy,
    error: view.errorKey ? t(view.errorKey) : null,
    valuationId: view.valuationId,
    onAnswer: (answer) => void runtime.answer(answer),
  };
  const { login } = view;
  return (
    <>
      <ValuationWizardPage
        view={stepView}
        progress={view.progress}
        focusFirstStep={openedHere}
        agencyName={start.initial.agency?.name ?? null}
        canGoBack={view.canGoBack}
        onBack={() => void runtime.back()}
        onExit={view.finished ? undefined : () => void runtime.exit()}
        notice={
          login ? (
            <Button
              variant="secondary"
              onClick={() =>
                void loadSessionRuntime().then((session) =>
                  session.openLogin({ email: login.email, socialEmail: login.social }),
                )
              }
            >
              {t('errors.login')}
            </Button>
          ) : null
        }
      />
      <InsertExitModal
        open={blocker.status === 'blocked'}
        message={t('frame.exitMessage')}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => {
          leaving.current = true;
          keepForLater();
          blocker.proceed?.();
        }}
      />
    </>
  );
}
