import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { updatePhoneAndTerms } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import { sameSitePath } from '@/shared/lib/site-url';
import { isPhone } from '@/shared/lib/validation';
import styles from './account-pages.module.css';
import { ConsentFields, type Consents } from './consent-fields';
import { PageMeta } from '@/shared/ui/page-meta';

/**
 * /registrazionetelefonosocial: the last step of a social login's first visit: the phone and
 * the consents the social network does not give. A failed update logs the user out
 * (docs/spec.md §8).
 */
export function SocialPhonePage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [consents, setConsents] = useState<Consents>({
    terms: false,
    privacy: false,
    commercial: false,
    partner: false,
  });
  const { terms, privacy, commercial, partner } = consents;
  const [errors, setErrors] = useState<{ phone?: string; terms?: string; privacy?: string }>({});
  const [state, setState] = useState<'form' | 'saving' | 'failed'>('form');
  const target = sameSitePath(redirect) ?? '/myrexer/profilo';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isPhone(phone)) found.phone = t('registration.errors.phone');
    if (!terms) found.terms = t('registration.errors.terms');
    if (!privacy) found.privacy = t('registration.errors.privacy');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState('saving');
    const saved = await updatePhoneAndTerms({
      phone: phone.trim(),
      termsAndConditions: terms,
      infoPrivacy: privacy,
      commercialPartnerConsent: commercial,
      partnerConsent: partner,
    }).catch(() => false);
    const runtime = await loadSessionRuntime();
    if (!saved) {
      runtime.send({ type: 'LOGOUT' });
      setState('failed');
      return;
    }
    runtime.adoptServerSession();
    void navigate({ href: target, replace: true });
  };

  return (
    <div className={styles.page}>
      <PageMeta title={t('social.meta')} noindex />
      <div className={styles.card}>
        <h1 className={styles.title}>{t('social.title')}</h1>
        {state === 'failed' ? (
          <Alert tone="error">{t('social.failed')}</Alert>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate data-testid="social-phone-form">
            <Stack gap={4}>
              <Text tone="muted">{t('social.intro')}</Text>
              <TextField
                label={t('fields.phone')}
                type="tel"
                name="phone"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                error={errors.phone}
                required
              />
              <ConsentFields value={consents} onChange={setConsents} errors={errors} />
              <Button type="submit" loading={state === 'saving'} fullWidth>
                {t('social.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </div>
    </div>
  );
}
