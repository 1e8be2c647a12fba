import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { CaptchaField } from '@/shared/ui/captcha';
import { loadSessionRuntime } from '@/entities/session';
import { PASSWORD_REFUSAL_KEY, register, type RegisterOutcome } from '@/entities/account';
import { modalStore } from '@/shared/lib/modal-store';
import { passwordRuleProblem } from '@/shared/lib/password-rule';
import { userWords } from '@/shared/lib/password-strength';
import { PasswordStrengthMeter } from '@/shared/ui/password-strength';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import { LinkButton } from '@/shared/ui/link-button';
import { isEmail, isPersonName, isPhone } from '@/shared/lib/validation';
import styles from './account-pages.module.css';
import { ConsentFields } from './consent-fields';
import { PageMeta } from '@/shared/ui/page-meta';

type Field = 'name' | 'surname' | 'email' | 'phone' | 'password' | 'terms' | 'privacy' | 'captcha';

export interface RegistrationForm {
  name: string;
  surname: string;
  email: string;
  phone: string;
  password: string;
  terms: boolean;
  privacy: boolean;
  commercial: boolean;
  partner: boolean;
}

/** The field errors of a registration form, as translation keys (empty when it may be sent). */
export function registrationErrors(form: RegistrationForm, captcha: string | null): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.name.trim()) errors.name = 'registration.errors.name';
  else if (!isPersonName(form.name.trim())) errors.name = 'registration.errors.nameCharacters';
  if (!form.surname.trim()) errors.surname = 'registration.errors.surname';
  else if (!isPersonName(form.surname.trim())) errors.surname = 'registration.errors.surnameCharacters';
  if (!isEmail(form.email)) errors.email = 'registration.errors.email';
  if (form.phone.trim() && !isPhone(form.phone)) errors.phone = 'registration.errors.phone';
  if (form.password && passwordRuleProblem(form.password)) errors.password = 'passwordRule';
  if (!form.terms) errors.terms = 'registration.errors.terms';
  if (!form.privacy) errors.privacy = 'registration.errors.privacy';
  if (!captcha) errors.captcha = 'registration.errors.captcha';
  return errors;
}

const EMPTY: RegistrationForm = {
  name: '',
  surname: '',
  email: '',
  phone: '',
  password: '',
  terms: false,
  privacy: false,
  commercial: false,
  partner: false,
};

/** /registrazione: a new account; the silent login follows, and the mail to confirm. */
export function RegistrationPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Extract<RegisterOutcome, { kind: 'captcha' | 'error' }> | null>(null);
  const set = <K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = registrationErrors(form, captcha);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !captcha) return;
    setSending(true);
    const outcome = await register({
      name: form.name.trim(),
      surname: form.surname.trim(),
      email: form.email.trim(),
      phone: form.phone.trim() || undefined,
      password: form.password || undefined,
      TermsAndConditions: form.terms,
      InfoPrivacy: form.privacy,
      commercialPartnerConsent: form.commercial,
      PartnerConsent: form.partner,
      RecaptchaToken: captcha,
    }).catch((): RegisterOutcome => ({ kind: 'error' }));
    setSending(false);
    switch (outcome.kind) {
      case 'registered': {
        const runtime = await loadSessionRuntime();
        runtime.send({ type: 'REGISTERED', email: outcome.email });
        void navigate({
          to: '/mailnonconfermata/$email',
          params: { email: outcome.email },
          search: { registered: 1, redirect },
        });
        return;
      }
      case 'alreadyRegistered':
        // docs/spec.md §8: a known address goes to the login, flagged when it is a social login's.
        (await loadSessionRuntime()).openLogin({
          email: form.email.trim(),
          socialEmail: outcome.social,
          redirectTo: redirect,
        });
        return;
      case 'webAccountError':
        modalStore.open({ kind: 'webAccountError', code: outcome.code });
        return;
      case 'passwordRefused':
        setErrors({ password: PASSWORD_REFUSAL_KEY[outcome.refusal] });
        return;
      default:
        setFailure(outcome);
    }
  };

  const errorOf = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <div className={styles.page}>
      <PageMeta title={t('registration.meta')} noindex />
      <div className={styles.card}>
        <h1 className={styles.title}>{t('registration.title')}</h1>
        <Text tone="muted">{t('registration.intro')}</Text>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="registration-form">
          <Stack gap={4}>
            <div className={styles.row}>
              <TextField
                label={t('fields.name')}
                name="name"
                autoComplete="given-name"
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                error={errorOf('name')}
                required
              />
              <TextField
                label={t('fields.surname')}
                name="surname"
                autoComplete="family-name"
                value={form.surname}
                onChange={(e) => set('surname', e.target.value)}
                error={errorOf('surname')}
                required
              />
            </div>
            <TextField
              label={t('fields.email')}
              type="email"
              name="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              error={errorOf('email')}
              required
            />
            <TextField
              label={t('fields.phone')}
              type="tel"
              name="phone"
              autoComplete="tel"
              value={form.phone}
              onChange={(e) => set('phone', e.target.value)}
              error={errorOf('phone')}
              help={t('registration.phoneHelp')}
            />
            <TextField
              label={t('fields.password')}
              type="password"
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
              error={errorOf('password')}
              help={
                <>
                  {t('registration.passwordHelp')} {t('passwordRule')}
                </>
              }
            />
            <PasswordStrengthMeter
              password={form.password}
              userInputs={userWords([form.email, form.name, form.surname])}
            />
            <ConsentFields
              value={{ terms: form.terms, privacy: form.privacy, commercial: form.commercial, partner: form.partner }}
              onChange={(consents) => setForm((current) => ({ ...current, ...consents }))}
              errors={{ terms: errorOf('terms'), privacy: errorOf('privacy') }}
            />
            <CaptchaField onChange={setCaptcha} />
            {errors.captcha && <Text tone="error">{t(errors.captcha)}</Text>}
            {failure && (
              <Alert tone="error" live>
                {t(`registration.failure.${failure.kind}`)}
              </Alert>
            )}
            <Button type="submit" loading={sending} fullWidth>
              {sending ? t('registration.submitting') : t('registration.submit')}
            </Button>
            <Text tone="muted">
              {t('registration.haveAccount')}{' '}
              <LinkButton
                onClick={() => void loadSessionRuntime().then((runtime) => runtime.openLogin({ redirectTo: redirect }))}
              >
                {t('registration.login')}
              </LinkButton>
            </Text>
          </Stack>
        </form>
      </div>
    </div>
  );
}
