import { useMemo, useState } from 'react';
import type { StepId } from '@domain/wizard-steps';
import { useTranslation, type TFunction } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { LinkButton } from '@/shared/ui/link-button';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { StepHeading } from '@/shared/ui/step-form';
import { LazyInsertExitModal, StepViewHost, WizardFrame, type WizardProgress } from '@/features/wizard-step-views';
import type { ListingWizardPageProps, WizardPageActions, WizardPageView } from '../model/page-types';
import { ListingWizardExtrasContext, type ListingWizardExtras } from '../model/wizard-extras';
import { LISTING_WIZARD_VIEWS } from './step-views';
import styles from './listing-wizard-page.module.css';

/** The step's failure in the seller's words: why the call failed when known, else what failed. */
export function errorText(t: TFunction, error: WizardPageView['error']): string | null {
  if (!error) return null;
  if (error.failure && t(`errors.${error.failure}`, { defaultValue: '' }) !== '') return t(`errors.${error.failure}`);
  return t(`errors.${error.kind}`);
}

/** Steps before the account exists: a visitor who has one may log in instead. */
const ACCOUNT_STEPS: readonly StepId[] = ['personalData', 'email'];

/**
 * /annuncio/vendocasa and /annuncio/affittocasa (with /{id}, /{id}/{gotostep},
 * /{id}/{gotostep}/{orderid}): the listing wizard, one step at a time inside the shared frame.
 * The process (src/processes/wizard) runs the machine and says what to show; the page
 * renders the current step's view (loaded on demand) and hands the answers back.
 */
export function ListingWizardPage({ flow, state }: ListingWizardPageProps) {
  const { t } = useTranslation('listing-wizard');
  return (
    <div
      className={styles.page}
      data-testid="listing-wizard"
      data-flow={flow}
      // The first interaction with the first screen (a field focused, a button pressed) tells the process.
      onFocus={state.kind === 'wizard' ? state.onInteract : undefined}
      onPointerDown={state.kind === 'wizard' ? state.onInteract : undefined}
    >
      <PageMeta title={t(`meta.${flow}`)} noindex />
      {state.kind === 'loading' ? (
        <div className={styles.center}>
          <Spinner label={t('loading')} size="large" />
        </div>
      ) : state.kind === 'needsLogin' ? (
        <Panel
          title={t('needsLogin.title')}
          text={t('needsLogin.text')}
          action={t('needsLogin.login')}
          onAction={state.onLogin}
        />
      ) : state.kind === 'failed' ? (
        <Panel title={t('failed.title')} text={t('failed.text')} action={t('failed.retry')} onAction={state.onRetry} />
      ) : (
        <WizardScreen flow={flow} view={state.view} actions={state.actions} username={state.username} />
      )}
    </div>
  );
}

function Panel({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className={styles.panel}>
      <StepHeading>{title}</StepHeading>
      <p className={styles.text}>{text}</p>
      <Button size="large" fullWidth onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

function WizardScreen({
  flow,
  view,
  actions,
  username,
}: {
  flow: ListingWizardPageProps['flow'];
  view: WizardPageView;
  actions: WizardPageActions;
  username: string | null;
}) {
  const { t } = useTranslation('listing-wizard');
  // Between steps (an order, a payment, the publication) the frame keeps the last step: its
  // progress stays, and the next step's heading takes the focus when it shows.
  const [last, setLast] = useState<{ step: StepId; progress: WizardProgress } | null>(
    view.step === null || view.progress === null ? null : { step: view.step, progress: view.progress },
  );
  if (view.step !== null && view.progress !== null && view.step !== last?.step)
    setLast({ step: view.step, progress: view.progress });
  const frameStep = view.step ?? last?.step ?? null;
  const progress = (view.step !== null ? view.progress : null) ?? last?.progress ?? { current: 1, total: 1 };

  const extras = useMemo<ListingWizardExtras>(
    () => ({
      goTo: actions.goTo,
      draft: view.draft,
      username,
      account: view.account,
      setFirstPassword: actions.setFirstPassword,
      openLogin: actions.openLogin,
    }),
    [actions, view.draft, username, view.account],
  );

  const exitModal = (
    <LazyInsertExitModal
      open={view.confirmingExit}
      message={exitMessage(t, view)}
      onConfirm={actions.confirmExit}
      onCancel={actions.cancelExit}
    />
  );
  if (frameStep === null) {
    return (
      <>
        <BetweenSteps view={view} actions={actions} />
        {exitModal}
      </>
    );
  }

  return (
    <ListingWizardExtrasContext.Provider value={extras}>
      <WizardFrame
        step={frameStep}
        progress={progress}
        title={t(`title.${flow}`)}
        canGoBack={view.canGoBack}
        onBack={actions.back}
        busy={view.busy}
        onExit={view.canExit && !view.settled ? actions.exit : undefined}
        exitMessage={exitMessage(t, view)}
      >
        {view.step === null ? (
          <BetweenSteps view={view} actions={actions} />
        ) : (
          <>
            <StepViewHost
              views={LISTING_WIZARD_VIEWS}
              step={view.step}
              flow={flow}
              answer={(view.answers as Record<string, never>)[view.step]}
              answers={view.answers}
              listingId={view.listingId}
              busy={view.busy}
              error={errorText(t, view.error)}
              order={view.order}
              onAnswer={(answer) => actions.answer(view.step as StepId, answer as never)}
            />
            {view.account === 'anonymous' && ACCOUNT_STEPS.includes(view.step) ? (
              <p className={styles.login}>
                {t('loginHint')} <LinkButton onClick={() => actions.openLogin()}>{t('loginLink')}</LinkButton>
              </p>
            ) : null}
          </>
        )}
      </WizardFrame>
      {exitModal}
    </ListingWizardExtrasContext.Provider>
  );
}

function exitMessage(t: TFunction, view: WizardPageView): string {
  return view.listingId !== null ? t('exit.withDraft') : t('exit.withoutDraft');
}

/** What shows while no step does: a call under way, or a payment still waiting. */
function BetweenSteps({ view, actions }: { view: WizardPageView; actions: WizardPageActions }) {
  const { t } = useTranslation('listing-wizard');
  if (view.stage === 'paying' && !view.redirecting) {
    return (
      <div className={styles.panel} data-testid="payment-pending">
        <StepHeading>{t('paymentPending.title')}</StepHeading>
        <p className={styles.text}>{t('paymentPending.text')}</p>
        {view.paymentUrl ? (
          <Button href={view.paymentUrl} size="large" fullWidth>
            {t('paymentPending.resume')}
          </Button>
        ) : null}
        <Button variant="secondary" size="large" fullWidth onClick={() => actions.goTo(28)}>
          {t('paymentPending.change')}
        </Button>
      </div>
    );
  }
  const key =
    view.stage === 'publishing' || view.stage === 'checking' || view.stage === 'paying' ? view.stage : 'ordering';
  return (
    <div className={styles.center} data-testid="wizard-busy">
      <Spinner label={t(`busy.${key}`)} size="large" />
      <p className={styles.text} aria-hidden="true">
        {t(`busy.${key}`)}
      </p>
    </div>
  );
}
