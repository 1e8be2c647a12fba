import { Link } from '@tanstack/react-router';
import { use, useState, useSyncExternalStore } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Checkbox } from '@/shared/ui/checkbox';
import { Modal } from '@/shared/ui/modal';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';

/**
 * The partner terms-acceptance step (docs/spec.md §4): a login whose user has not accepted
 * the current terms and privacy stays temporary until both are accepted here; declining
 * logs out.
 */
export function TermsModal() {
  const { t } = useTranslation('session');
  const runtime = use(loadSessionRuntime());
  const activity = useSyncExternalStore(runtime.subscribe, runtime.activity);
  const accepting = activity.signingIn;
  const pending = activity.termsPending || activity.signingIn;
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [error, setError] = useState(false);
  const decline = () => runtime.send({ type: 'DECLINE_TERMS' });

  const accept = () => {
    if (!terms || !privacy) {
      setError(true);
      return;
    }
    runtime.send({ type: 'ACCEPT_TERMS' });
  };

  return (
    <Modal
      open
      onClose={decline}
      closeOnBackdrop={false}
      title={t('terms.title')}
      closeLabel={t('close')}
      size="small"
      footer={
        <>
          <Button variant="ghost" onClick={decline} disabled={accepting}>
            {t('terms.decline')}
          </Button>
          <Button onClick={accept} loading={accepting} disabled={!pending}>
            {t('terms.accept')}
          </Button>
        </>
      }
    >
      <Stack gap={4} data-testid="terms-modal">
        <Text>{t('terms.intro')}</Text>
        <Checkbox
          label={
            <>
              {t('terms.termsLabel')} (
              <Link to="/terminiecondizioni" target="_blank">
                {t('terms.read')}
              </Link>
              )
            </>
          }
          checked={terms}
          onChange={(event) => setTerms(event.target.checked)}
          error={error && !terms ? t('terms.required') : undefined}
        />
        <Checkbox
          label={
            <>
              {t('terms.privacyLabel')} (
              <Link to="/privacy" target="_blank">
                {t('terms.read')}
              </Link>
              )
            </>
          }
          checked={privacy}
          onChange={(event) => setPrivacy(event.target.checked)}
          error={error && !privacy ? t('terms.required') : undefined}
        />
        {!pending && !accepting && <Alert tone="error">{t('terms.failed')}</Alert>}
      </Stack>
    </Modal>
  );
}
