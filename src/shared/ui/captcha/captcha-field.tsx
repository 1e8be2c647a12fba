import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configQueryOptions } from '@/shared/api';
import { Text } from '@/shared/ui/text';
import styles from './captcha-field.module.css';

export interface CaptchaFieldProps {
  /** The answer to send as `RecaptchaToken`, or null while there is none (not solved yet, expired). */
  onChange: (token: string | null) => void;
}

/** The path the ALTCHA widget fetches its challenges from. */
export const ALTCHA_CHALLENGE_PATH = '/api/Account/Captcha';
/** The answer sent when the server has no captcha (CAPTCHA=off). */
export const CAPTCHA_OFF_TOKEN = 'off';

/**
 * The captcha of the login and registration forms, as the server is configured: ALTCHA (a
 * proof of work the browser solves by itself while the visitor types), reCAPTCHA, or none.
 * The widgets load on demand, never with the first screen.
 */
export function CaptchaField({ onChange }: CaptchaFieldProps) {
  const config = useQuery(configQueryOptions());
  const provider = config.data?.CaptchaProvider;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (provider === 'off') onChangeRef.current(CAPTCHA_OFF_TOKEN);
  }, [provider]);

  if (provider === 'altcha') return <AltchaWidget onChange={(token) => onChangeRef.current(token)} />;
  if (provider === 'recaptcha' && config.data?.RecaptchaSiteKey) return <RecaptchaWidget siteKey={config.data.RecaptchaSiteKey} onChange={(token) => onChangeRef.current(token)} />;
  return null;
}

type AltchaState = 'verifying' | 'verified' | 'expired' | 'error' | 'unverified' | 'code';

function AltchaWidget({ onChange }: { onChange: (token: string | null) => void }) {
  const { t } = useTranslation('captcha');
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [state, setState] = useState<AltchaState>('unverified');
  const [failedToLoad, setFailedToLoad] = useState(false);

  useEffect(() => {
    let alive = true;
    Promise.all([import('altcha'), import('altcha/i18n/it')])
      .then(() => alive && setLoaded(true))
      .catch(() => alive && setFailedToLoad(true));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!loaded || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: AltchaState; payload?: string }>).detail;
      setState(detail.state);
      onChange(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [loaded, onChange]);

  if (failedToLoad) return <Text tone="error">{t('loadFailed')}</Text>;
  return (
    <div className={styles.captcha} data-testid="captcha" data-state={state}>
      {loaded && <altcha-widget ref={ref} challenge={ALTCHA_CHALLENGE_PATH} auto="onload" language="it" name="altcha" />}
      <Text size="small" tone="muted">
        {state === 'verified' ? t('verified') : state === 'expired' || state === 'error' ? t('retry') : t('working')}
      </Text>
    </div>
  );
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void }): number;
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=it';

function loadRecaptcha(): Promise<Grecaptcha> {
  const existing = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (existing) return new Promise((resolve) => existing.ready(() => resolve(existing)));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (loaded) loaded.ready(() => resolve(loaded));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(script);
  });
}

function RecaptchaWidget({ siteKey, onChange }: { siteKey: string; onChange: (token: string | null) => void }) {
  const { t } = useTranslation('captcha');
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadRecaptcha()
      .then((grecaptcha) => {
        if (!alive || !ref.current) return;
        grecaptcha.render(ref.current, { sitekey: siteKey, callback: onChange, 'expired-callback': () => onChange(null), 'error-callback': () => onChange(null) });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [siteKey, onChange]);
  return failed ? <Text tone="error">{t('loadFailed')}</Text> : <div ref={ref} className={styles.captcha} data-testid="captcha" />;
}
