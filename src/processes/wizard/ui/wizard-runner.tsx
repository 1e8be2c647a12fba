import { useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { loadSessionRuntime, sessionView, ensureSession, useSessionView, wizardAccountOf } from '@/entities/session';
import { InsertExitModal, progressOf, valuationDetailsKey, type StepViewProps } from '@/features/wizard-step-views';
import { ValuationWizardPage } from '@/pages/valuation-wizard';
import { useTranslation } from '@/shared/i18n';
import type { InspectOptions } from '@/shared/lib/inspect';
import { leaveListingCarry } from '@/shared/lib/listing-carry';
import { Button } from '@/shared/ui/button';
import { valuationWizardMachine } from '../../../../machines/valuation-wizard.machine';
import { currentStepId, stepShown, WIZARD_TAGS } from '../../../../machines/wizard-context';
import { stepIdOf, stepNumberOf, type AnswerTypes, type StepId } from '@domain/wizard-steps';
import {
  clearStoredValuation,
  readStoredValuation,
  writeStoredValuation,
  type StoredValuation,
} from '../model/valuation/stored-valuation';
import { errorKeyOf, startOf, type Failure } from '../model/valuation/runner-selectors';
import { valuationCalls, RegistrationFailed } from '../model/valuation/valuation-calls';

/**
 * The valuation machine at work: its calls provided (valuation-calls.ts), its step on screen in
 * ValuationWizardPage, the session's changes sent to it, the end handled (the thank-you, or the
 * sale or rent listing with the answers carried over), leaving midway asked first.
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
  const [valuationId, setValuationId] = useState(initial.valuationId);
  const [failure, setFailure] = useState<Failure | null>(null);
  const leaving = useRef(false);

  const [machine] = useState(() => {
    const calls = valuationCalls({
      read: () => readStoredValuation() ?? initial,
      write: writeStoredValuation,
      registered: async (email) => {
        (await loadSessionRuntime()).send({ type: 'REGISTERED', email });
      },
      ensureSession: () => ensureSession(sessionView.get().isLoggedIn),
      valued: (valuation) => {
        queryClient.setQueryData(valuationDetailsKey(valuation.Id), valuation);
        setValuationId(valuation.Id);
      },
    });
    return valuationWizardMachine.provide({
      actors: {
        saveDraft: fromPromise(({ input }) =>
          calls.saveDraft(input).catch((error: unknown) => {
            const email = input.answered.step === 'email' ? (input.answered.answer?.email ?? '') : '';
            setFailure(error instanceof RegistrationFailed ? { outcome: error.outcome, email } : null);
            throw error;
          }),
        ),
        findComparables: fromPromise(({ input }) => calls.findComparables(input)),
      },
    });
  });
  const [start] = useState(() => startOf(initial, wizardAccountOf(session.status)));
  // Created with the inspector's options, as every actor of the app (`?inspect`).
  const actor = useActorRef(machine, {
    inspect,
    input: {
      account: start.account,
      locality: initial.answers.locality!,
      draft: { id: initial.draftId, answers: initial.answers, history: start.history, published: false, order: null },
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;

  // Back where the visitor was before a reload (startOf); nothing shows until then, so the
  // step seen first is that one (and the focus stays where the page load put it).
  const [ready, setReady] = useState(start.goto === null);
  useEffect(() => {
    if (start.goto !== null) actor.send({ type: 'GOTO', step: start.goto });
  }, [actor, start.goto]);

  // Who fills the wizard in: the silent account after step 1, a login from its notice.
  useEffect(() => {
    actor.send({ type: 'SESSION', account: wizardAccountOf(session.status) });
  }, [actor, session.status]);

  const done = snapshot.status === 'done';
  const shownNumber = stepShown(snapshot);
  const step: StepId = shownNumber !== null ? (stepIdOf(shownNumber) as StepId) : currentStepId(context);
  const finished = done && step === 'thankYou';

  useEffect(() => {
    if (!done) return;
    const output = snapshot.output;
    leaving.current = true;
    if (output?.continueAs) {
      const stored = readStoredValuation();
      leaveListingCarry({ flow: output.continueAs, answers: output.answers, valuationId: stored?.valuationId ?? null });
      clearStoredValuation();
      void navigate({ to: output.continueAs === 'sale' ? '/annuncio/vendocasa' : '/annuncio/affittocasa' });
    } else if (step === 'thankYou') {
      clearStoredValuation();
    } else {
      // "Esci": the answers stay in the tab; the landing offers to resume them.
      const stored = readStoredValuation();
      if (stored) writeStoredValuation({ ...stored, active: false });
      void navigate({ to: '/' });
    }
  }, [done, snapshot.output, step, navigate]);

  // Leaving by a link or the browser's Back asks first, as Esci does.
  const blocker = useBlocker({
    shouldBlockFn: () => !leaving.current && !done,
    enableBeforeUnload: false,
    withResolver: true,
  });

  const busy = snapshot.hasTag(WIZARD_TAGS.busy);
  const errorKey = errorKeyOf(context, step, failure);
  const view: StepViewProps = {
    step,
    flow: 'valuation',
    answer: (context.answers as Record<string, unknown>)[step] as AnswerTypes[StepId] | undefined,
    answers: context.answers,
    listingId: null,
    busy,
    error: errorKey ? t(errorKey) : null,
    valuationId,
    onAnswer: (answer) => {
      setFailure(null);
      actor.send({ type: 'ANSWER', step, answer } as Parameters<typeof actor.send>[0]);
    },
  };
  const offerLogin = step === 'email' && failure?.outcome.kind === 'alreadyRegistered' && errorKey !== null;

  if (!ready) {
    if (stepNumberOf(step) === start.goto) setReady(true);
    return null;
  }
  return (
    <>
      <ValuationWizardPage
        view={view}
        progress={progressOf('valuation', step, context.account, context.history)}
        focusFirstStep={openedHere}
        canGoBack={!done && snapshot.can({ type: 'BACK' })}
        onBack={() => actor.send({ type: 'BACK' })}
        onExit={
          finished
            ? undefined
            : () => {
                actor.send({ type: 'EXIT_REQUEST' });
                actor.send({ type: 'EXIT_CONFIRM' });
              }
        }
        notice={
          offerLogin && failure ? (
            <Button
              variant="secondary"
              onClick={() =>
                void loadSessionRuntime().then((runtime) =>
                  runtime.openLogin({
                    email: failure.email,
                    socialEmail: failure.outcome.kind === 'alreadyRegistered' && failure.outcome.social,
                  }),
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
          const stored = readStoredValuation();
          if (stored) writeStoredValuation({ ...stored, active: false });
          blocker.proceed?.();
        }}
      />
    </>
  );
}
